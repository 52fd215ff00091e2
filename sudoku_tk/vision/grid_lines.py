"""Every crossing of a grid's lines, followed cell by cell, so a bent page reads as well as a flat one.

The corners fix a perspective, but a newspaper bends and a phone's lens bows straight lines. Straightened by
the corners' perspective, each line is looked for in every cell-wide strip near where it should be: the row
of the strip that is dark all along (a line crosses the whole strip; a digit's stroke does not, so a low
percentile of each row's darkness ignores digits). The offsets found are smoothed over neighbouring
crossings (a median, so one stray finding does not bend the grid) and mapped back to the picture.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from .homography import Homography
from .ink import box_mean

CELL = 24
"""Pixels per cell in the straightened picture the lines are followed in."""
REACH = 0.3
"""How far from where it was in the strip before (in cells) a line is looked for."""
ALONG = 20
"""A line is dark in all but this percentage of a strip's pixels."""
LIMIT = 0.9
"""The largest offset (in cells) a crossing may keep."""


def _peak(profile: np.ndarray, expected: float) -> float | None:
    """The darkest place of ``profile`` within REACH cells of ``expected`` (a fractional row), or None."""
    reach = REACH * CELL
    lo, hi = max(0, int(round(expected - reach))), min(len(profile), int(round(expected + reach)) + 1)
    window = profile[lo:hi]
    if len(window) == 0 or window.max() < 0.2:
        return None
    top = window >= window.max() * 0.8
    return float(np.average(np.arange(lo, hi)[top], weights=window[top]))


def _line_offsets(dark: np.ndarray, side: int, margin: int) -> np.ndarray:
    """For each level line and each crossing, its offset (pixels) from the nominal row.

    Each line is followed strip by strip (cell-wide strips) from the middle outward, each strip searched near
    where the line was in the strip before, so a line that bends far from its nominal row is still followed.
    """
    # Dark along four fifths of a cell-long strip: a line; a digit's stroke covers two thirds of it at most.
    profiles = [np.percentile(dark[:, margin + j * CELL : margin + (j + 1) * CELL], ALONG, axis=1) for j in range(side)]
    middle = side // 2
    order = [middle] + [j for k in range(1, side) for j in (middle + k, middle - k) if 0 <= j < side]
    out = np.zeros((side + 1, side + 1))
    for i in range(side + 1):
        nominal = margin + i * CELL
        found = np.full(side, np.nan)
        for j in order:
            step = 1 if j > middle else -1
            known = [found[k] for k in range(j - step, middle - step, -step) if not np.isnan(found[k])]
            expected = known[0] if known else 0.0
            peak = _peak(profiles[j], nominal + expected)
            found[j] = np.nan if peak is None else peak - nominal
        out[i] = _at_crossings(_mend(found))
    return out


def _mend(offsets: np.ndarray) -> np.ndarray:
    """Offsets along one line with the gaps filled in (straight between found ones) and lone strays replaced."""
    seen = ~np.isnan(offsets)
    if not seen.any():
        return np.zeros_like(offsets)
    index = np.arange(len(offsets))
    filled = np.interp(index, index[seen], offsets[seen])
    for j in range(1, len(filled) - 1):
        between = (filled[j - 1] + filled[j + 1]) / 2
        if abs(filled[j] - between) > 0.15 * CELL and abs(filled[j - 1] - filled[j + 1]) < 0.1 * CELL:
            filled[j] = between
    return filled


def _at_crossings(offsets: np.ndarray) -> np.ndarray:
    """Offsets at the middles of the strips carried to the crossings between them (and beyond the ends)."""
    if len(offsets) == 1:
        return np.repeat(offsets, 2)
    inner = (offsets[:-1] + offsets[1:]) / 2
    first = offsets[0] - (offsets[1] - offsets[0]) / 2
    last = offsets[-1] + (offsets[-1] - offsets[-2]) / 2
    return np.clip(np.r_[first, inner, last], -LIMIT * CELL, LIMIT * CELL)


def crossings(grey: np.ndarray, corners: np.ndarray, side: int) -> np.ndarray:
    """The picture coordinates of every line crossing of the grid: an array (side+1, side+1, 2) of (x, y).

    ``grey`` is the picture (dark ink on light paper); ``corners`` the grid's, top-left first, clockwise.
    """
    margin = CELL
    size = side * CELL + 2 * margin
    square = [(margin, margin), (size - margin, margin), (size - margin, size - margin), (margin, size - margin)]
    to_picture = Homography.from_points(square, [tuple(p) for p in corners])
    picture = Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8))
    warped = picture.transform(
        (size, size),
        Image.Transform.PERSPECTIVE,
        to_picture.pillow_coefficients(),
        Image.Resampling.BILINEAR,
        fillcolor=int(np.median(grey)),
    )  # outside the picture: plain paper, so the picture's edge does not look like a line
    straight = np.asarray(warped, np.float32)
    dark = np.maximum(box_mean(straight, CELL // 2) - straight, 0.0)
    dark /= max(float(np.percentile(dark, 99)), 1.0)
    dy = _line_offsets(dark, side, margin)
    dx = _line_offsets(dark.T, side, margin).T
    k = margin + np.arange(side + 1) * CELL
    points = np.stack([k[None, :] + dx, k[:, None] + dy], axis=-1)
    return to_picture.apply(points.reshape(-1, 2)).reshape(side + 1, side + 1, 2)
