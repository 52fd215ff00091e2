"""Fitting an N×N lattice of lines to the ink around a rough quadrilateral, to find a grid's true corners.

The first corners come from a blob's extreme points, which text or a shadow touching the grid pull astray.
Straightened with a margin around it, the grid's lines run nearly level and upright; only ink in long
straight runs counts (digits and letters make short ones), summed per row and per column. The lattice of
N+1 equally spaced lines that sits on the most ink, with the least ink halfway between its lines, gives the
grid's edges; mapped back through the perspective, they are the new corners. ``side`` 3 fits the box lines
of a 9×9 grid alone, which survive in photos whose thin lines have faded.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

from .homography import Homography

WORK = 320
"""The side, in pixels, of the straightened square the lattice is fitted in."""


@dataclass(frozen=True)
class LatticeFit:
    """A lattice fitted to a grid: its corners in the picture, and how clearly the ink shows it (0 … 1)."""

    corners: np.ndarray
    contrast: float


def long_runs_profile(mask: np.ndarray, min_length: float) -> np.ndarray:
    """Per row: the pixels in horizontal runs of at least ``min_length``, as a fraction of the row.

    >>> m = np.zeros((3, 10), bool); m[1, 1:9] = True; m[2, 0:2] = True
    >>> long_runs_profile(m, 4).tolist()
    [0.0, 0.8, 0.0]
    """
    h, w = mask.shape
    padded = np.zeros((h, w + 2), np.int8)
    padded[:, 1:-1] = mask
    step = np.diff(padded, axis=1)
    rows, starts = np.nonzero(step == 1)
    _, ends = np.nonzero(step == -1)
    length = ends - starts
    keep = length >= min_length
    return np.bincount(rows[keep], weights=length[keep], minlength=h) / w


def best_lattice(
    profile: np.ndarray, side: int, nominal: float, spread: float, first_range: tuple[float, float]
) -> tuple[float, float, float]:
    """The lattice of side+1 lines on ``profile`` with the clearest contrast: (contrast, first line, step).

    ``nominal`` is the expected span of the whole lattice; steps within ``spread`` of nominal/side are tried,
    the first line anywhere in ``first_range``. Lines may fall off the profile's ends (a grid cut by the
    picture's edge): there the profile counts as 0.
    """
    n = len(profile)
    widened = np.maximum(profile, np.maximum(np.r_[0.0, profile[:-1]], np.r_[profile[1:], 0.0]))
    padded = np.r_[np.zeros(2 * n), widened, np.zeros(2 * n)]
    k = np.arange(side + 1)
    best = (-1.0, 0.0, nominal / side)
    for step in np.linspace(1 - spread, 1 + spread, 2 * int(spread * 100) + 1) * nominal / side:
        first = np.arange(first_range[0], first_range[1] + 0.25, 0.5)
        if len(first) == 0:
            continue
        lines = np.rint(first[:, None] + k[None, :] * step).astype(np.int64) + 2 * n
        mids = np.rint(first[:, None] + (k[None, :-1] + 0.5) * step).astype(np.int64) + 2 * n
        # A line one step beyond either end means this is part of a bigger lattice (3 cells of a 4×4 grid).
        beyond = np.maximum(padded[lines[:, 0] - int(round(step))], padded[lines[:, -1] + int(round(step))])
        score = padded[lines].mean(axis=1) - padded[mids].mean(axis=1) - 0.5 * beyond
        i = int(np.argmax(score))
        if score[i] > best[0]:
            best = (float(score[i]), float(first[i]), float(step))
    return best


def fit_lattice(
    ink: np.ndarray, corners: np.ndarray, side: int, margin: float, spread: float, shift: float
) -> LatticeFit:
    """Fit a side×side lattice to the ink around ``corners`` (top-left, top-right, bottom-right, bottom-left).

    The grid's first line is looked for within ``shift`` (a fraction of the grid's width) of the corners'. The
    margin is at least a step of the lattice, so a line one step beyond either end can be seen.
    """
    margin = max(margin, 1.15 / side)
    grid = WORK / (1 + 2 * margin)
    m = margin * grid
    square = [(m, m), (m + grid, m), (m + grid, m + grid), (m, m + grid)]
    to_picture = Homography.from_points(square, [tuple(p) for p in corners])
    picture = Image.fromarray(ink.astype(np.uint8) * 255)
    warped = picture.transform(
        (WORK, WORK), Image.Transform.PERSPECTIVE, to_picture.pillow_coefficients(), Image.Resampling.BILINEAR
    )
    straight = np.asarray(warped) > 40  # a thin line shrunk below a pixel still counts
    min_length = grid / side / 3
    first_range = (m - shift * grid, m + shift * grid)
    contrast_y, y0, dy = best_lattice(long_runs_profile(straight, min_length), side, grid, spread, first_range)
    contrast_x, x0, dx = best_lattice(long_runs_profile(straight.T, min_length), side, grid, spread, first_range)
    x1, y1 = x0 + side * dx, y0 + side * dy
    fitted = to_picture.apply(np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)]))
    return LatticeFit(fitted, min(contrast_x, contrast_y))


def refine_corners(ink: np.ndarray, corners: np.ndarray, side: int) -> LatticeFit:
    """The corners of the side×side lattice nearest rough ``corners``: a wide search, then a close one."""
    rough = fit_lattice(ink, corners, side, margin=0.15, spread=0.2, shift=0.2)
    return polish_corners(ink, rough.corners, side)


def polish_corners(ink: np.ndarray, corners: np.ndarray, side: int) -> LatticeFit:
    """The corners of the side×side lattice within a third of a cell of ``corners``."""
    return fit_lattice(ink, corners, side, margin=0.06, spread=0.05, shift=0.3 / side)
