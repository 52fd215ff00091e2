"""Perspective maps between a grid's corners in a picture and a straight square.

``Homography`` maps points of the square (x right, y down) to the picture; ``pillow_coefficients`` gives
Pillow's ``Image.transform(..., PERSPECTIVE, data)`` the eight numbers it wants (which map each output
pixel back to the picture).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

Point = tuple[float, float]


@dataclass(frozen=True)
class Homography:
    """A 3×3 projective map from one plane to another."""

    matrix: np.ndarray

    @classmethod
    def from_points(cls, source: Sequence[Point], target: Sequence[Point]) -> Homography:
        """The map taking each of four ``source`` points to its ``target`` point.

        >>> h = Homography.from_points([(0, 0), (1, 0), (1, 1), (0, 1)], [(10, 10), (30, 10), (30, 30), (10, 30)])
        >>> [round(float(v), 6) for v in h.apply(np.array([[0.5, 0.5]]))[0]]
        [20.0, 20.0]
        """
        rows = []
        rhs = []
        for (x, y), (u, v) in zip(source, target):
            rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
            rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
            rhs += [u, v]
        a = np.linalg.solve(np.array(rows, np.float64), np.array(rhs, np.float64))
        return cls(np.append(a, 1.0).reshape(3, 3))

    def apply(self, points: np.ndarray) -> np.ndarray:
        """Map an (n, 2) array of points."""
        pts = np.asarray(points, np.float64).reshape(-1, 2)
        homog = np.hstack([pts, np.ones((len(pts), 1))]) @ self.matrix.T
        return homog[:, :2] / homog[:, 2:3]

    def inverse(self) -> Homography:
        return Homography(np.linalg.inv(self.matrix))

    def pillow_coefficients(self) -> tuple[float, ...]:
        """The eight numbers of Pillow's PERSPECTIVE transform (output pixel -> picture), for this map."""
        m = self.matrix / self.matrix[2, 2]
        return tuple(float(v) for v in m.flatten()[:8])
