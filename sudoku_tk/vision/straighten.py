"""The grid cut out of the picture and laid flat: every cell a square of the same size.

Each cell's four crossings (found in the picture, bent page and all) are mapped onto a square with one
Pillow MESH transform, so the straightened grid has perfectly regular lines whatever the photo's perspective
and curl.
"""

from __future__ import annotations

import numpy as np
from PIL import Image


def straighten(picture: Image.Image, points: np.ndarray, cell: int) -> Image.Image:
    """The grid whose line crossings are ``points`` (side+1, side+1, 2), with ``cell`` pixels per cell."""
    side = points.shape[0] - 1
    mesh = []
    for i in range(side):
        for j in range(side):
            box = (j * cell, i * cell, (j + 1) * cell, (i + 1) * cell)
            # Pillow's quad order: upper left, lower left, lower right, upper right.
            quad = (*points[i, j], *points[i + 1, j], *points[i + 1, j + 1], *points[i, j + 1])
            mesh.append((box, tuple(float(v) for v in quad)))
    return picture.transform((side * cell, side * cell), Image.Transform.MESH, mesh, Image.Resampling.BILINEAR)
