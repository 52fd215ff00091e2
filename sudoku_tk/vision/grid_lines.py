"""Every crossing of a grid's lines, followed cell by cell, so a bent page reads as well as a flat one.

The corners fix a perspective, but a newspaper bends and a phone's lens bows straight lines. Straightened by
the corners' perspective (with two cells of margin around the grid), each line is looked for in every
cell-wide strip near where it should be: the row of the strip that is dark all along (a line crosses the
whole strip; a digit's stroke does not, so a low percentile of each row's darkness ignores digits). The
offsets found are smoothed over neighbouring crossings (a median, so one stray finding does not bend the
grid) and mapped back to the picture.

A strongly bent page defeats that: a perspective fitted to a curved grid may take a row too few and stretch
the rest, and in the middle of a curl a line may sit nearer its neighbour's row than its own. So in the
middle strip the grid's lines are also placed all together (line_paths.py: side+1 dark rows in order,
evenly spaced, none of the grid's lines left just outside), and every line is followed again from there.
Those lines are taken when they sit clearly better on the ink than the ones followed from the nominal rows
(box lines weigh more: a grid placed a line off puts them on thin lines).
"""

from __future__ import annotations

import numpy as np
from PIL import Image

from .homography import Homography
from .ink import box_mean
from .line_paths import place_lines

CELL = 24
"""Pixels per cell in the straightened picture the lines are followed in."""
REACH = 0.3
"""How far from where it was in the strip before (in cells) a line is looked for."""
ALONG = 20
"""A line is dark in all but this percentage of a strip's pixels."""
LIMIT = 0.9
"""The largest offset (in cells) a crossing may keep."""
FAR = 2.0
"""The largest offset (in cells) a crossing may keep when the lines were first placed all together."""
FIRST_PRIOR = 0.3
"""What a line placed a cell from its nominal row costs in the middle strip (line_paths.place_lines)."""
BETTER = 0.05
UNEVEN = 0.5
"""Weight of the mean change (in cells) from one gap between lines to the next, against their darkness."""
"""How much better (mean darkness along the lines) lines followed from the placed ones must sit to be taken."""


def _peak(profile: np.ndarray, expected: float) -> float | None:
    """The darkest place of ``profile`` within REACH cells of ``expected`` (a fractional row), or None."""
    reach = REACH * CELL
    lo, hi = max(0, int(round(expected - reach))), min(len(profile), int(round(expected + reach)) + 1)
    window = profile[lo:hi]
    if len(window) == 0 or window.max() < 0.2:
        return None
    top = window >= window.max() * 0.8
    return float(np.average(np.arange(lo, hi)[top], weights=window[top]))


def _strip_profiles(dark: np.ndarray, side: int, margin: int) -> list[np.ndarray]:
    """Each cell-wide strip's darkness per row: dark along four fifths of the strip is a line (a digit's
    stroke covers two thirds of it at most)."""
    return [np.percentile(dark[:, margin + j * CELL : margin + (j + 1) * CELL], ALONG, axis=1) for j in range(side)]


def _line_offsets(profiles: list[np.ndarray], margin: int, start: np.ndarray | None = None) -> np.ndarray:
    """For each level line and each crossing, its offset (pixels) from the nominal row.

    Each line is followed strip by strip (cell-wide strips) from the middle outward, each strip searched near
    where the line was in the strip before, so a line that bends far from its nominal row is still followed.
    ``start``: where each line is first looked for in the middle strip (an offset; None: its nominal row).
    """
    side = len(profiles)
    middle = side // 2
    order = [middle] + [j for k in range(1, side) for j in (middle + k, middle - k) if 0 <= j < side]
    out = np.zeros((side + 1, side + 1))
    for i in range(side + 1):
        nominal = margin + i * CELL
        found = np.full(side, np.nan)
        for j in order:
            step = 1 if j > middle else -1
            known = [found[k] for k in range(j - step, middle - step, -step) if not np.isnan(found[k])]
            expected = known[0] if known else (0.0 if start is None else float(start[i]))
            peak = _peak(profiles[j], nominal + expected)
            found[j] = np.nan if peak is None else peak - nominal
        out[i] = _at_crossings(_mend(found), LIMIT * CELL if start is None else FAR * CELL)
    return out


def _middle_placement(profiles: list[np.ndarray], margin: int) -> np.ndarray | None:
    """Each level line's offset (pixels) from its nominal row in the middle strip, the strip's lines placed all
    together (line_paths.py); None when they don't show there."""
    side = len(profiles)
    profile = profiles[side // 2]
    nominal = margin + np.arange(side + 1, dtype=np.float64) * CELL
    placed = place_lines(profile, nominal, int(round(side**0.5)), CELL, FIRST_PRIOR)
    return None if placed is None else placed - nominal


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


def _at_crossings(offsets: np.ndarray, limit: float = LIMIT * CELL) -> np.ndarray:
    """Offsets at the middles of the strips carried to the crossings between them (and beyond the ends)."""
    if len(offsets) == 1:
        return np.repeat(offsets, 2)
    inner = (offsets[:-1] + offsets[1:]) / 2
    first = offsets[0] - (offsets[1] - offsets[0]) / 2
    last = offsets[-1] + (offsets[-1] - offsets[-2]) / 2
    return np.clip(np.r_[first, inner, last], -limit, limit)


def _support(dark: np.ndarray, dy: np.ndarray, dx: np.ndarray, side: int, margin: int) -> float:
    """How well lines through these crossings sit on the grid's ink: the mean darkness along every line from
    crossing to crossing, plus along the box lines a pixel or two to each side (box lines are the thicker ones:
    a grid placed a line off puts them on thin lines), less how unevenly the gaps between lines change."""
    box = int(round(side**0.5))
    k = margin + np.arange(side + 1) * CELL
    xs = k[None, :] + dx
    ys = k[:, None] + dy
    t = (np.arange(CELL) / CELL)[None, :]
    h, w = dark.shape
    total = 0.0
    for lx, ly, across in ((xs, ys, (0, 1)), (xs.T, ys.T, (1, 0))):  # level lines, then upright ones
        for i in range(side + 1):
            px = (lx[i, :-1, None] * (1 - t) + lx[i, 1:, None] * t).ravel()
            py = (ly[i, :-1, None] * (1 - t) + ly[i, 1:, None] * t).ravel()
            for extra in [0] + ([-2, 2] if i % box == 0 else []):
                r = np.clip(np.rint(py + extra * across[1]).astype(np.int64), 0, h - 1)
                c = np.clip(np.rint(px + extra * across[0]).astype(np.int64), 0, w - 1)
                total += float(dark[r, c].mean()) * (1.0 if extra == 0 else 0.5)
    # A page bends smoothly: the gaps between neighbouring lines change little from one gap to the next.
    uneven = (np.abs(np.diff(dy, 2, axis=0)).mean() + np.abs(np.diff(dx, 2, axis=1)).mean()) / (2 * CELL)
    return total / (2 * (side + 1)) - UNEVEN * float(uneven)


def crossings(grey: np.ndarray, corners: np.ndarray, side: int) -> np.ndarray:
    """The picture coordinates of every line crossing of the grid: an array (side+1, side+1, 2) of (x, y).

    ``grey`` is the picture (dark ink on light paper); ``corners`` the grid's, top-left first, clockwise.
    """
    margin = 2 * CELL
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
    level, upright = _strip_profiles(dark, side, margin), _strip_profiles(dark.T, side, margin)
    dy, dx = _line_offsets(level, margin), _line_offsets(upright, margin).T
    candidates = []
    start_y, start_x = _middle_placement(level, margin), _middle_placement(upright, margin)
    if start_y is not None and start_x is not None:
        candidates.append((_line_offsets(level, margin, start_y), _line_offsets(upright, margin, start_x).T))
    best = _support(dark, dy, dx, side, margin) + BETTER
    for cy, cx in candidates:
        score = _support(dark, cy, cx, side, margin)
        if score > best:
            dy, dx, best = cy, cx, score
    k = margin + np.arange(side + 1) * CELL
    points = np.stack([k[None, :] + dx, k[:, None] + dy], axis=-1)
    return to_picture.apply(points.reshape(-1, 2)).reshape(side + 1, side + 1, 2)
