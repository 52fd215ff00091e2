"""Where the grid is: the biggest blob of ink whose straightened picture shows an N×N lattice of lines.

The grid's lines are one connected blob of ink (thin lines that break into dots in a photo hang on the thick
box lines). Each big blob is a candidate: its four corners are the blob's extreme points along the two
diagonals (good for turns of up to about 30° and any perspective a hand-held phone gives), the ink inside them
is straightened to a square, and the rows and columns of that square are summed. A grid of side N shows
N+1 peaks at equal steps, with little ink halfway between; the candidate and side with the clearest such
pattern win, the bigger grid first (a newspaper page may also show the previous day's solution, small).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import numpy as np

from .components import Blobs, find_blobs
from .lattice_fit import polish_corners, refine_corners

MIN_LATTICE = 0.2
"""The least lattice contrast a grid must show (ink on its lines minus ink between them, as fractions)."""
CLEAR_LATTICE = 0.35
"""A lattice this clear ends the search: the biggest blob showing it is the grid."""
MIN_SIDE_FRACTION = 0.12
"""A candidate blob spans at least this fraction of the picture's shorter side, both ways."""
MIN_SIDE_PIXELS = 40


@dataclass(frozen=True)
class GridCandidate:
    """A grid found in a picture: corners (top-left, top-right, bottom-right, bottom-left), side, how clear."""

    corners: np.ndarray
    side: int
    lattice: float
    """Contrast of the lattice (0 … 1): the fraction of ink on its lines minus between them."""
    area: float
    """The area of the corners' quadrilateral, in square pixels."""


def blob_corners(blobs: Blobs, blob: int) -> np.ndarray:
    """The blob's extreme points along the diagonals: top-left, top-right, bottom-right, bottom-left."""
    runs = blobs.labels == blob
    ys = np.concatenate([blobs.rows[runs], blobs.rows[runs]]).astype(np.float64)
    xs = np.concatenate([blobs.starts[runs], blobs.ends[runs] - 1]).astype(np.float64)
    s, d = xs + ys, xs - ys
    picks = [np.argmin(s), np.argmax(d), np.argmax(s), np.argmin(d)]
    return np.array([[xs[i], ys[i]] for i in picks])


def quad_area(corners: np.ndarray) -> float:
    """The area of a quadrilateral (shoelace formula)."""
    x, y = corners[:, 0], corners[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def judge(ink: np.ndarray, corners: np.ndarray) -> Optional[GridCandidate]:
    """The grid around rough ``corners``: its side, true corners and clarity; None when no lattice shows.

    A 9×9 grid shows its cell lines (side 9) or at least its box lines (side 3); a 16×16 grid its cell lines;
    a 4×4 grid four cells a side and nothing finer (where a 16×16 grid's box lines would also make four).
    """
    fits = {side: refine_corners(ink, corners, side) for side in (3, 4, 16)}
    fits[9] = polish_corners(ink, fits[3].corners, 9)  # the box lines place a 9×9 grid; its cell lines polish it
    nine = max(fits[9].contrast, fits[3].contrast)
    if fits[16].contrast >= MIN_LATTICE and fits[16].contrast > nine:
        side, fit = 16, fits[16]
    elif fits[4].contrast >= MIN_LATTICE and fits[4].contrast > nine and fits[16].contrast < MIN_LATTICE:
        side, fit = 4, fits[4]
    elif nine >= MIN_LATTICE:
        side, fit = 9, fits[9] if fits[9].contrast >= MIN_LATTICE else fits[3]
    else:
        return None
    return GridCandidate(fit.corners, side, max(fit.contrast, nine if side == 9 else 0.0), quad_area(fit.corners))


def find_grids(ink: np.ndarray, limit: int = 5) -> List[GridCandidate]:
    """The grids in a picture's ink mask, the best first (the biggest clear lattice); empty when there is none."""
    blobs = find_blobs(_thicken(ink))
    if blobs.count == 0:
        return []
    h, w = ink.shape
    least = max(MIN_SIDE_PIXELS, MIN_SIDE_FRACTION * min(h, w))
    big = np.nonzero((blobs.width() >= least) & (blobs.height() >= least))[0]
    big = big[np.argsort(-(blobs.width()[big] * blobs.height()[big]))][:limit]
    found: List[GridCandidate] = []
    for blob in big:
        corners = blob_corners(blobs, int(blob))
        if quad_area(corners) < least * least:
            continue
        grid = judge(ink, corners)
        if grid is None:
            continue
        found.append(grid)
        if grid.lattice >= CLEAR_LATTICE:
            break
    found.sort(key=lambda g: -g.area * min(1.0, g.lattice / CLEAR_LATTICE))
    return found


def _thicken(ink: np.ndarray) -> np.ndarray:
    """Ink grown by one pixel each way, so a thin line broken into dots holds together."""
    grown = ink.copy()
    grown[1:, :] |= ink[:-1, :]
    grown[:-1, :] |= ink[1:, :]
    grown[:, 1:] |= grown[:, :-1].copy()
    grown[:, :-1] |= grown[:, 1:].copy()
    return grown


def order_corners(points: Sequence[Tuple[float, float]]) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left."""
    pts = np.asarray(points, np.float64)
    s, d = pts.sum(axis=1), pts[:, 0] - pts[:, 1]
    return pts[[np.argmin(s), np.argmax(d), np.argmax(s), np.argmin(d)]]
