"""Where a grid's lines cross one strip of the picture: all side+1 of them at once, in order.

Straightened by the corners' perspective, a bent page's lines run near but not on their nominal rows: in the
middle of a curled page a line may sit most of a cell away, nearer its neighbour's row than its own, and a
perspective fitted to a curved grid may leave one of its rows outside. Looking for each line alone near its
row then takes the neighbour for it. Here a strip's lines are placed together: the dark rows of the strip
(the peaks of its darkness profile) are the candidates, and the side+1 lines take side+1 of them in order
(dynamic programming) so that

- they sit on dark peaks (a box line on one of the thicker ones),
- each gap between them is about the gap expected there (a page bends smoothly),
- each is near its expected row, and no dark peak lies a gap beyond the first or the last (a grid line
  left outside: the lines taken are one off),

and a line too faint to show a peak may be skipped (placed between its neighbours, at a cost).
"""

from __future__ import annotations

import numpy as np

MIN_PEAK = 0.15
"""The least darkness (a share of the strong ink) of a peak that may be a line."""
STRENGTH = 1.0
"""Weight of a peak's darkness."""
BOX_BONUS = 0.3
"""Weight of a box line's thickness beside the other peaks'."""
GAP = 6.0
"""Weight of a gap's (log) difference from the gap expected there."""
BEYOND = 1.0
"""Weight of a dark peak a gap beyond the first or last line (the grid goes on: the window is a line off)."""
SKIP = 0.8
"""The cost of a line that shows no peak of its own."""
MAX_SKIP = 3
"""The most lines in a row that may show no peak (faded thin lines)."""
GAP_RANGE = (0.65, 1.5)
"""Gaps (as shares of the expected gap) outside this range are not taken."""


def peaks(profile: np.ndarray, cell: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The dark rows of a strip's profile: (places, darkness, widths), at least 0.3 cell apart.

    >>> p = np.zeros(60); p[10:13] = 1.0; p[40] = 0.5
    >>> [round(float(v), 1) for v in peaks(p, 24)[0]]
    [11.0, 40.0]
    """
    smooth = np.convolve(profile, np.array([0.25, 0.5, 0.25]), mode="same")
    n = len(smooth)
    higher_left = np.r_[False, smooth[1:] > smooth[:-1]]
    not_lower_right = np.r_[smooth[:-1] >= smooth[1:], True]
    tops = np.nonzero(higher_left & not_lower_right & (smooth >= MIN_PEAK))[0]
    # The strongest tops first; each line's place is the middle of its width at half its darkness.
    kept: list[int] = []
    for t in sorted(tops.tolist(), key=lambda i: -smooth[i]):
        if all(abs(t - k) >= 0.3 * cell for k in kept):
            kept.append(int(t))
    kept.sort()
    places, strengths, widths = [], [], []
    for t in kept:
        half = smooth[t] / 2
        lo = t
        while lo > 0 and smooth[lo - 1] >= half:
            lo -= 1
        hi = t
        while hi < n - 1 and smooth[hi + 1] >= half:
            hi += 1
        places.append((lo + hi) / 2)
        strengths.append(float(smooth[t]))
        widths.append(float(hi - lo + 1))
    return np.array(places), np.array(strengths), np.array(widths)


def place_lines(
    profile: np.ndarray, prior: np.ndarray, box: int, cell: float, prior_weight: float
) -> np.ndarray | None:
    """The rows of the side+1 lines (``len(prior)``) in one strip's darkness ``profile``; None when they don't show.

    ``prior``: where each line is expected (its row in the strip beside, or its nominal row); ``prior_weight``:
    how much a line one cell from there costs.
    """
    places, strengths, widths = peaks(profile, cell)
    lines = len(prior)
    m = len(places)
    if m < (lines + 1) // 2:
        return None
    thick = widths / max(float(np.median(widths)), 1.0) - 1.0
    node = -STRENGTH * np.minimum(strengths, 1.0)
    big = 1e9
    cost = np.full((lines, m), big)
    back = np.full((lines, m), -1, np.int64)
    skipped = np.ones((lines, m), np.int64)

    def node_cost(k: int) -> np.ndarray:
        off = (places - prior[k]) / cell
        c = node + prior_weight * off**2
        if k % box == 0:
            c = c - BOX_BONUS * np.clip(thick, -1.0, 1.0)
        return c

    def gap_cost(span: float) -> np.ndarray:
        ratio = (places[None, :] - places[:, None]) / max(span, 1.0)  # [from, to]
        out = GAP * np.log(np.clip(ratio, 1e-3, None)) ** 2
        out[(ratio < GAP_RANGE[0]) | (ratio > GAP_RANGE[1])] = big
        return out

    def beyond(k: int, direction: int) -> np.ndarray:
        """The darkest peak about a gap beyond each place (a grid line left out of the window)."""
        gap = abs(float(prior[k] - prior[k - direction]))
        ahead = (places[None, :] - places[:, None]) * direction  # [from, other]
        near = (ahead >= 0.6 * gap) & (ahead <= 1.4 * gap)
        return np.where(near, np.minimum(strengths, 1.0)[None, :], 0.0).max(axis=1)

    cost[0] = node_cost(0) + BEYOND * beyond(0, -1)
    for k in range(1, lines):
        best = np.full(m, big)
        best_from = np.full(m, -1, np.int64)
        best_skip = np.zeros(m, np.int64)
        for s in range(1, min(MAX_SKIP + 1, k) + 1):
            step = cost[k - s][:, None] + gap_cost(float(prior[k] - prior[k - s])) + SKIP * (s - 1)
            came = np.argmin(step, axis=0)
            value = step[came, np.arange(m)]
            use = value < best
            best = np.where(use, value, best)
            best_from = np.where(use, came, best_from)
            best_skip = np.where(use, s, best_skip)
        cost[k] = best + node_cost(k)
        back[k] = best_from
        skipped[k] = best_skip
    cost[-1] += BEYOND * beyond(lines - 1, 1)
    end = int(np.argmin(cost[-1]))
    if cost[-1, end] >= big / 2:
        return None
    out = np.full(lines, np.nan)
    k, p = lines - 1, end
    while k >= 0:
        out[k] = places[p]
        if k == 0:
            break
        s, p = int(skipped[k, p]), int(back[k, p])
        k -= s
    missing = np.isnan(out)
    if missing.any():
        index = np.arange(lines)
        out[missing] = np.interp(index[missing], index[~missing], out[~missing])
    return out
