"""A grid's lines followed as smooth curves, from the outside in: a curled or squeezed page reads as a flat one.

A perspective fitted to the corners of a strongly bent grid puts its middle lines half a cell or more from
where they are; looking for each line near that guess then takes its neighbour for it. Here the lattice is
built the way the eye reads a bent grid, from what is surest to what is least sure:

1. the frame (the outer lines), from the corners' perspective: nothing lies outside it to be confused with
   (where part of it does not show, as at the edge of a page rolled away, where the frame turns across each
   segment, the lattice is also traced from a frame followed with turned segments and the clearer one taken);
2. the box lines, guessed between the traced frame lines (a Coons patch: the interior blended from the four
   traced sides, so a bow or a squeeze of the frame carries into the guess), then traced;
3. every other line, guessed inside its box between the traced box lines (the crossings along each box line
   first spread evenly between the box lines across it: a page stretched unevenly along its lines carries
   them half a cell or more from the frame's guess), then traced;
4. every line once more from where the others put it, to settle the crossings;
5. a frame line out of step with the lines inside it (a strong straight edge within reach of the frame, such as
   the page's edge against a darker table, took it in stage 1) traced again where those lines foretell it.

A box line guessed a cell off is traced on its neighbour; the lines between it and the next box line then
find a line too few, and some of them show no line. So where half a line's worth or more of one direction's
segments show none (but no more than two lines' worth: then the thin lines are faint, not misplaced), stages
2 and 3 are run again with box lines guessed a cell to either side (one or all of them), and a guess under
which clearly more of the lines show is taken. Before that, where the frame is drawn clearly darker than the
cells' lines (bold box lines, as most printed grids have), the box lines are looked for further across their
guess (a page bent differently inside a box puts them a cell off) and a little turned across each segment,
taking only ink about as dark as the frame: a thin line beside the guess is then not taken for the box line.

Tracing a line: between each two of its crossings the picture is sampled across the guessed curve; a line is
dark along most of the segment (a digit's stroke is not), so a low percentile along the segment finds it.
The offsets of all the line's segments are chosen together (dynamic programming): dark, near the guess, and
changing little from one segment to the next, so a line whose guess is far off in the middle of a bend is
followed there from where the guess was good. Ink darker than the line usually is counts no more than the
line: a column of bold digits beside a faint thin line does not draw the line onto the digits. Lines already
traced on either side fence a line in (it keeps half a gap per line between them away from each), so a faint
thin line is not placed on a box line beside it.
Where a line does not show (faded, or out of the picture) it runs on from where it does; a frame line that
does not show continues the two lines inside it.

``trace_lattice`` takes a darkness picture (0 paper … 1 ink) and rough corners and gives every crossing;
``lattice_clarity`` says how clearly a lattice of crossings sits on the ink (lines dark, cells light, no line
just outside), which the grid finder uses to choose between corner guesses.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from .homography import Homography
from .ink import box_mean

ALONG = 30
"""A line is dark along all but this percentage of a segment."""
SAMPLES = 12
"""Points sampled along each segment between two crossings."""
MIN_DARK = 0.2
"""The least darkness (after the percentile) of a segment where a line shows."""
USUAL = 30
"""How dark a line usually is: this percentile, over the segments where it shows, of the darkest place across
each (some segments hold digits beside the line as well)."""
REACH = {"frame": 0.6, "box": 0.7, "bold": 1.2, "cell": 0.6, "settle": 0.25}
"""How far across its guess (in cells) a line is looked for at each stage."""
PRIOR = 0.3
"""What an offset of one cell from the guess costs, against a line's darkness (0 … 1)."""
PINNED = 1.5
"""What an offset of one cell costs at the frame's corners."""
SMOOTH = 6.0
"""What a change of one cell in offset between neighbouring segments costs (squared)."""
HALF_GAP = 0.5
"""How near (in cells) a line may come to a line already traced beside it."""
MAX_JUMP = 0.3
"""The largest change of offset (in cells) from one segment to the next."""
UNEVEN = 1.5
"""Neighbouring gaps between a lattice's lines further apart than this ratio make it less clear."""
MISSING = 0.5
"""Box lines are guessed again when this many lines' worth of segments (of one direction) show no line, and
a guess is taken when it shows this many more."""
FAINT_LINES = 2.0
"""When more than this many lines' worth of one direction's segments show no line, the lines are faint (thin
lines drawn light), and the box lines are not guessed again."""
TURNS = 2
"""A bold box line is also looked for this many ways turned each way from its guess (it may cross the guessed
segment: the page bends differently inside the box) …"""
TURN = 0.3
"""… by up to this share of the segment's length from one end to the other."""
BOLD = 0.75
"""The cells' lines are drawn lighter than the frame (and the box lines) when at most this share as dark."""
STRAY = 0.18
"""A crossing further than this (in cells) from the middle of its neighbours, when they agree, is a stray."""
IN_TREND = (0.85, 1.18)
"""The two rows (or columns) inside foretell the frame's only when they differ by no more than these ratios."""
IN_STEP = (0.75, 1.3)
"""A frame line's row (or column) narrower or wider than this share of what the two inside it foretell is out
of step with them …"""
IN_STEP_SHOWN = 0.6
"""… and is traced again where they foretell it; a line showing there at least this share as dark as the line
inside it is taken for it, …"""
IN_STEP_LOSS = 0.02
"""… unless the lattice then sits less clearly on the ink by more than this."""


def _sample(padded: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Bilinear samples at points (any shape) of a picture given with a border of two 0 pixels (``_padded``);
    0 outside the picture."""
    h, w = padded.shape
    x = np.clip(xs + 2.0, 0.0, w - 1.001)
    y = np.clip(ys + 2.0, 0.0, h - 1.001)
    x0 = x.astype(np.int64)
    y0 = y.astype(np.int64)
    fx, fy = x - x0, y - y0
    flat = padded.ravel()
    i = y0 * w + x0
    top = flat[i] * (1 - fx) + flat[i + 1] * fx
    bottom = flat[i + w] * (1 - fx) + flat[i + w + 1] * fx
    return top * (1 - fy) + bottom * fy


def _padded(dark: np.ndarray) -> np.ndarray:
    return np.pad(dark.astype(np.float32), 2)


def _segment_profiles(
    dark: np.ndarray, line: np.ndarray, reach: float, step: float, floor: float = 0.0, turned: bool = False
) -> tuple[np.ndarray, np.ndarray]:
    """For each segment of a polyline (n+1, 2): how dark a line would be at each offset across it (pixels, along
    its normal): (offsets, profiles segments × offsets). Darkness under ``floor`` counts as none."""
    a, b = line[:-1], line[1:]
    d = b - a
    length = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)
    normal = np.stack([-d[:, 1], d[:, 0]], axis=1) / length[:, None]
    offsets = np.arange(-reach, reach + step / 2, step)
    t = (np.arange(SAMPLES) + 0.5) / SAMPLES
    base = a[:, None, :] + d[:, None, :] * t[None, :, None]  # segments × along
    rank = int(ALONG * SAMPLES / 100)
    profiles = np.zeros((len(a), len(offsets)))
    for turn in np.linspace(-1.0, 1.0, 2 * TURNS + 1) if floor or turned else [0.0]:  # turned a little, too
        across = offsets[None, None, :] + (turn * TURN * length)[:, None, None] * (t[None, :, None] - 0.5)
        pts = base[:, :, None, :] + normal[:, None, None, :] * across[..., None]
        values = _sample(dark, pts[..., 0], pts[..., 1])
        profiles = np.maximum(profiles, np.partition(values, rank, axis=1)[:, rank])
    return offsets, np.where(profiles >= floor, profiles, 0.0)


def _segment_offsets(
    dark: np.ndarray,
    line: np.ndarray,
    reach: float,
    cell: float,
    fences: Sequence[tuple[np.ndarray, int]] = (),
    pinned: bool = False,
    floor: float = 0.0,
    turned: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """For each segment of a polyline (n+1, 2): where across it (pixels, along its normal) the line's ink runs,
    and whether a line shows there at all.

    The offsets of all segments are chosen together (dynamic programming): dark, near the guess, and changing
    little from one segment to the next (a line is continuous and a page bends smoothly), so where the guess
    is far off in the middle of a bent line, the line is still followed there from where the guess was good.
    Where no line shows the offsets run on smoothly between the segments where it does.
    """
    # About 50 places across for a wide search, a pixel or finer for a close one.
    step = max(0.5, cell / 80) if reach < 0.3 * cell else max(1.0, reach / 25)
    offsets, profiles = _segment_profiles(dark, line, reach, step, floor, turned)
    n, m = profiles.shape
    prior = np.full(n, PRIOR)
    if pinned:  # the line's ends are the grid's corners, which the grid finder placed
        prior[[0, -1]] = PINNED
    # A line is drawn alike all along: ink darker than the line usually is across the segments (a digit's
    # stroke beside a faint thin line) counts no more than the line does, so the nearer of the two is taken.
    darkest = profiles.max(axis=1)
    shows = darkest[darkest >= MIN_DARK]
    usual = float(np.clip(np.percentile(shows, USUAL), MIN_DARK, 1.0)) if len(shows) else 1.0
    gain = np.minimum(profiles, usual) - prior[:, None] * (offsets / cell)[None, :] ** 2
    if fences:
        # Lines already traced on either side fence this one in: it keeps half a gap per line between them
        # away from each (the gap measured between the two fences, so a squeezed page squeezes the fences too).
        a, b = line[:-1], line[1:]
        d = b - a
        normal = np.stack([-d[:, 1], d[:, 0]], axis=1) / np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)[:, None]
        middle = (a + b) / 2
        across = [np.sum(((f[:-1] + f[1:]) / 2 - middle) * normal, axis=1) for f, _ in fences]
        steps = [k for _, k in fences]
        if len(fences) == 2:
            gap = np.abs(across[1] - across[0]) / max(abs(steps[1] - steps[0]), 1)
        else:
            gap = np.full(n, cell)
        for place, k in zip(across, steps):
            near = np.abs(offsets[None, :] - place[:, None]) < HALF_GAP * abs(k) * gap[:, None]
            toward = -np.sign(np.median(place))  # from the fence towards this line's guess
            wrong_side = (offsets[None, :] - place[:, None]) * toward < 0
            gain = np.where(near | wrong_side, -np.inf, gain)
        gain = np.where(np.isinf(gain).all(axis=1, keepdims=True), 0.0, gain)
    jump = (offsets[:, None] - offsets[None, :]) / cell  # [from, to]
    move = SMOOTH * jump**2
    move[np.abs(jump) > MAX_JUMP] = np.inf
    score = gain[0].copy()
    back = np.zeros((n, m), np.int64)
    for k in range(1, n):
        total = score[:, None] - move
        back[k] = np.argmax(total, axis=0)
        score = total[back[k], np.arange(m)] + gain[k]
    path = np.zeros(n, np.int64)
    path[-1] = int(np.argmax(score))
    for k in range(n - 1, 0, -1):
        path[k - 1] = back[k, path[k]]
    shown = profiles[np.arange(n), path] >= MIN_DARK
    return np.array([_middle(offsets, profiles[k], int(path[k])) for k in range(n)]), shown


def _middle(offsets: np.ndarray, profile: np.ndarray, chosen: int) -> float:
    """The middle of the dark run of ``profile`` around ``chosen`` (a thick line's middle, not its near edge)."""
    level = 0.8 * profile[chosen]
    if level <= 0:
        return float(offsets[chosen])
    values = profile.tolist()
    lo = hi = chosen
    while lo > 0 and values[lo - 1] >= level:
        lo -= 1
    while hi < len(values) - 1 and values[hi + 1] >= level:
        hi += 1
    weights = profile[lo : hi + 1]
    return float((offsets[lo : hi + 1] * weights).sum() / weights.sum())


def _to_crossings(offsets: np.ndarray, cell: float) -> np.ndarray:
    """Segment offsets (n) carried to the n+1 crossings, gaps filled, strays replaced, smoothed."""
    n = len(offsets)
    seen = ~np.isnan(offsets)
    if not seen.any():
        return np.zeros(n + 1)
    index = np.arange(n, dtype=np.float64)
    filled = np.interp(index, index[seen], offsets[seen])
    for j in range(1, n - 1):
        between = (filled[j - 1] + filled[j + 1]) / 2
        if abs(filled[j] - between) > STRAY * cell and abs(filled[j - 1] - filled[j + 1]) < 0.1 * cell:
            filled[j] = between
    if n == 1:
        return np.repeat(filled, 2)
    inner = (filled[:-1] + filled[1:]) / 2
    first = filled[0] - (filled[1] - filled[0]) / 2
    last = filled[-1] + (filled[-1] - filled[-2]) / 2
    return np.r_[first, inner, last]


def _trace(
    dark: np.ndarray,
    points: np.ndarray,
    index: int,
    level: bool,
    reach: float,
    cell: float,
    traced: frozenset[int] = frozenset(),
    pinned: bool = False,
    floor: float = 0.0,
    turned: bool = False,
) -> np.ndarray:
    """Move the crossings of one line (a row of ``points`` when ``level``, else a column) onto its ink, between
    the nearest lines of ``traced`` (lines of the same direction already on their ink) on either side."""
    line = points[index] if level else points[:, index]
    before = [k for k in traced if k < index]
    after = [k for k in traced if k > index]
    near = ([max(before)] if before else []) + ([min(after)] if after else [])
    fences = [(points[k] if level else points[:, k], index - k) for k in near]
    found, shown = _segment_offsets(dark, line, reach * cell, cell, fences, pinned, floor, turned)
    # Where the line does not show (out of the picture, faded), it runs on from where it does.
    offsets = _to_crossings(np.where(shown, found, np.nan), cell)
    d = np.gradient(line, axis=0)
    normal = np.stack([-d[:, 1], d[:, 0]], axis=1) / np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)[:, None]
    moved = line + normal * np.clip(offsets, -reach * cell, reach * cell)[:, None]
    if level:
        points[index] = moved
    else:
        points[:, index] = moved
    return shown


def _spread(points: np.ndarray, rows: list[int], cols: list[int]) -> None:
    """Along each traced line of ``rows`` and ``cols``, place the crossings between two traced lines across it
    evenly (by length along the line): those crossings were only guessed from the frame, and the lines across
    were traced since, so a bend inside the frame does not carry a crossing half a cell along its line."""
    for lines, across, level in ((rows, cols, True), (cols, rows, False)):
        for index in lines:
            line = points[index] if level else points[:, index]
            for a, b in zip(across[:-1], across[1:]):
                if b - a < 2:
                    continue
                part = line[a : b + 1]
                length = np.r_[0.0, np.cumsum(np.hypot(*np.diff(part, axis=0).T))]
                wanted = np.arange(b - a + 1) / (b - a) * length[-1]
                line[a : b + 1] = np.stack([np.interp(wanted, length, part[:, k]) for k in range(2)], axis=1)


def _coons(points: np.ndarray, rows: list[int], cols: list[int]) -> None:
    """Fill the crossings inside each patch between consecutive ``rows`` and ``cols`` (whose lines are known)
    by blending the patch's four sides."""
    for r0, r1 in zip(rows[:-1], rows[1:]):
        for c0, c1 in zip(cols[:-1], cols[1:]):
            for i in range(r0 + 1, r1):
                v = (i - r0) / (r1 - r0)
                for j in range(c0 + 1, c1):
                    u = (j - c0) / (c1 - c0)
                    top, bottom = points[r0, j], points[r1, j]
                    left, right = points[i, c0], points[i, c1]
                    corners = (
                        (1 - u) * (1 - v) * points[r0, c0]
                        + u * (1 - v) * points[r0, c1]
                        + (1 - u) * v * points[r1, c0]
                        + u * v * points[r1, c1]
                    )
                    points[i, j] = (1 - v) * top + v * bottom + (1 - u) * left + u * right - corners


def line_darkness(grey: np.ndarray, corners: np.ndarray, side: int) -> np.ndarray:
    """How much darker than the paper around it each pixel of ``grey`` (dark ink on light paper) is, as a share of
    the picture's strong ink (0 … about 1), the paper judged over half a cell of the grid with these corners."""
    cell = float(np.mean([np.hypot(*(corners[(i + 1) % 4] - corners[i])) for i in range(4)])) / side
    dark = np.maximum(box_mean(grey, max(2, int(cell / 2))) - grey, 0.0)
    return dark / max(float(np.percentile(dark, 99)), 1.0)


def _widened(dark: np.ndarray) -> np.ndarray:
    """Each pixel the darkest of its 3×3 square: a thin line a little off the guessed direction still shows along
    the whole of a segment."""
    out = dark.copy()
    out[1:] = np.maximum(out[1:], dark[:-1])
    out[:-1] = np.maximum(out[:-1], dark[1:])
    wide = out.copy()
    wide[:, 1:] = np.maximum(wide[:, 1:], out[:, :-1])
    wide[:, :-1] = np.maximum(wide[:, :-1], out[:, 1:])
    return wide


def _inside(
    dark: np.ndarray,
    start: np.ndarray,
    side: int,
    cell: float,
    shifts: dict[tuple[int, bool], float],
    floors: dict[bool, float] | None = None,
) -> tuple[np.ndarray, dict[bool, int]]:
    """Stages 2 and 3 from the frame's crossings ``start``: the box lines (each guessed ``shifts`` cells across
    from the Coons patch's guess, by (index, level)), then every other line. Returns the crossings and, per
    direction (level or not), how many segments of the lines traced show a line."""
    points = start.copy()
    box = int(round(side**0.5))
    frame = [0, side]
    boxes = list(range(0, side + 1, box)) if box > 1 and side > box else frame
    shown = {True: 0, False: 0}
    for (index, level), shift in shifts.items():
        if level:
            points[index] += shift * (points[index + 1] - points[index - 1]) / 2
        else:
            points[:, index] += shift * (points[:, index + 1] - points[:, index - 1]) / 2
    if len(boxes) > 2:
        rows, cols = set(frame), set(frame)
        for index in boxes[1:-1]:
            for level, traced in ((True, rows), (False, cols)):
                floor = (floors or {}).get(level, 0.0)
                reach = REACH["bold"] if floor else REACH["box"]
                found = _trace(dark, points, index, level, reach, cell, frozenset(traced), floor=floor)
                shown[level] += int(found.sum())
            rows.add(index)
            cols.add(index)
        _spread(points, boxes, boxes)
        _coons(points, boxes, boxes)
    rest = [i for i in range(side + 1) if i not in boxes]
    rows, cols = set(boxes), set(boxes)
    for index in rest:
        shown[True] += int(_trace(dark, points, index, True, REACH["cell"], cell, frozenset(rows)).sum())
        shown[False] += int(_trace(dark, points, index, False, REACH["cell"], cell, frozenset(cols)).sum())
        rows.add(index)
        cols.add(index)
    return points, shown


def _inside_best(dark: np.ndarray, start: np.ndarray, side: int, cell: float, bold: bool) -> np.ndarray:
    """The lines inside the frame (``_inside``), and where some of them do not show (a box line traced on its
    neighbour leaves a gap with no line to find), again with the box lines guessed a cell to either side, one
    or all of them, each direction in turn: the guess under which clearly more of the lines show is taken.
    ``bold``: first, bold box lines looked for further from their guess (``_bold_floor``)."""
    box = int(round(side**0.5))
    inner = list(range(box, side, box)) if box > 1 and side > box else []
    points, shown = _inside(dark, start, side, cell, {})
    full = (side - 1) * side
    chosen: dict[tuple[int, bool], float] = {}
    floors: dict[bool, float] = {}
    missing = [level for level in (True, False) if inner and full - shown[level] >= MISSING * side]
    floor = _bold_floor(dark, start, points, side, cell) if missing and bold else 0.0
    for level in missing if floor else []:
        bolder = floors | {level: floor}
        tried, counts = _inside(dark, start, side, cell, {}, bolder)
        if counts[level] >= shown[level] + MISSING * side:
            points, shown, floors = tried, counts, bolder
    for level in (True, False):
        if not inner or not MISSING * side <= full - shown[level] <= FAINT_LINES * side:
            continue  # every line shows, or so many do not that the lines are faint rather than misplaced
        trials = [{i: s} for i in inner for s in (-1.0, 1.0)] + [dict.fromkeys(inner, s) for s in (-1.0, 1.0)]
        for trial in trials:
            shifts = chosen | {(i, level): s for i, s in trial.items()}
            tried, counts = _inside(dark, start, side, cell, shifts, floors)
            if counts[level] >= shown[level] + MISSING * side:
                points, shown, chosen = tried, counts, shifts
    return points


def _peaks(dark: np.ndarray, lines: Sequence[np.ndarray], cell: float) -> float:
    """How dark traced lines are: the median over their segments of the darkest place close across them."""
    return float(np.median([_segment_profiles(dark, line, 0.1 * cell, 0.5)[1].max(axis=1) for line in lines]))


def _bold_floor(dark: np.ndarray, start: np.ndarray, points: np.ndarray, side: int, cell: float) -> float:
    """Where the frame is drawn clearly darker than the cells' lines (bold box lines, as in most printed grids): a
    darkness between the two, under which a box line is not looked for (0 where they are drawn alike)."""
    box = int(round(side**0.5))
    frame = _peaks(dark, [start[0], start[side], start[:, 0], start[:, side]], cell)
    thin = [i for i in range(1, side) if i % box]
    cells = _peaks(dark, [points[i] for i in thin] + [points[:, i] for i in thin], cell)
    return (frame + cells) / 2 if cells < BOLD * frame else 0.0


def trace_lattice(dark: np.ndarray, corners: np.ndarray, side: int, settle: bool = True) -> np.ndarray:
    """Every crossing of a side×side grid whose rough corners are ``corners`` (top-left first, clockwise), in
    the picture ``dark`` (0 paper … 1 ink): an array (side+1, side+1, 2) of (x, y).

    Where some of the frame does not show along its guess (a page rolled away at an edge bends the frame faster
    than a segment's straight samples follow) and more of it shows followed with turned segments, the lattice
    is traced from both frames, and the one that sits more clearly on the ink is taken.

    ``settle``: follow every line once more, close, to place the crossings to a pixel, and where lines go
    missing look for bold box lines further from their guess (neither is needed to judge whether a grid shows)."""
    padded = _padded(dark)
    wide = _padded(_widened(dark))
    to_picture = Homography.from_points([(0, 0), (side, 0), (side, side), (0, side)], [tuple(p) for p in corners])
    k = np.arange(side + 1, dtype=np.float64)
    grid = np.stack(np.meshgrid(k, k), axis=-1).reshape(-1, 2)
    start = to_picture.apply(grid).reshape(side + 1, side + 1, 2)
    cell = float(np.mean([np.hypot(*(corners[(i + 1) % 4] - corners[i])) for i in range(4)])) / side
    points, shown = _frame(wide, start, side, cell, turned=False)
    chosen = None
    if shown < 4 * side:  # some of the frame does not show along its guess
        bent, more = _frame(wide, start, side, cell, turned=True)
        if more > shown:
            straight = _inside_out(padded, wide, points, side, cell, settle)
            turned = _inside_out(padded, wide, bent, side, cell, settle)
            chosen = turned if lattice_clarity(dark, turned) > lattice_clarity(dark, straight) else straight
    if chosen is None:
        chosen = _inside_out(padded, wide, points, side, cell, settle)
    return _frame_in_step(dark, padded, chosen, side, cell) if settle and side > 2 else chosen


def _frame_in_step(dark: np.ndarray, sharp: np.ndarray, points: np.ndarray, side: int, cell: float) -> np.ndarray:
    """The lattice with each frame line that is out of step with the lines inside it (its row or column part of
    a cell narrower or wider than the two inside foretell) traced again where they foretell it, and taken there
    where a line shows about as dark as the line inside it (and the lattice sits no less clearly on the ink).

    A frame line is traced first, from the grid finder's corners, and a strong straight edge within reach of it
    (the page's edge against a darker table, a bar printed above the grid) can take it; the lines inside are
    traced between their neighbours and keep their places, so they show where the frame really runs."""
    for index, level in ((0, True), (side, True), (0, False), (side, False)):
        inward = 1 if index == 0 else -1
        lines = points if level else points.transpose(1, 0, 2)
        outer, first, second = lines[index], lines[index + inward], lines[index + 2 * inward]
        gaps = [float(np.median(np.hypot(*(a - b).T))) for a, b in ((outer, first), (first, second))]
        third = float(np.median(np.hypot(*(second - lines[index + 3 * inward]).T)))
        trend = gaps[1] / max(third, 1e-6)
        foretold = gaps[1] * trend
        if not IN_TREND[0] <= trend <= IN_TREND[1] or IN_STEP[0] * foretold <= gaps[0] <= IN_STEP[1] * foretold:
            continue  # the lines inside do not agree (they foretell nothing), or the frame line is in step
        moved = lines.copy()
        moved[index] = first + (first - second) * (foretold / max(gaps[1], 1e-6))
        tried = moved if level else moved.transpose(1, 0, 2)
        tried = np.ascontiguousarray(tried)
        _trace(sharp, tried, index, level, REACH["settle"], cell)
        line = tried[index] if level else tried[:, index]
        shows = _peaks(sharp, [line], cell) >= IN_STEP_SHOWN * _peaks(sharp, [first], cell)
        if shows and lattice_clarity(dark, tried) >= lattice_clarity(dark, points) - IN_STEP_LOSS:
            points = tried
    return points


def _frame(dark: np.ndarray, start: np.ndarray, side: int, cell: float, turned: bool) -> tuple[np.ndarray, int]:
    """Stage 1 from the corners' guess ``start``: the frame traced (its segments also ``turned`` a little, or
    not), the crossings between its corners following it, the inside blended from it. Also how many of the
    frame's segments show a line."""
    points = start.copy()
    frame = [0, side]
    shown = 0
    for _ in range(2):
        shown = 0
        for index in frame:
            for level in (True, False):
                found = _trace(dark, points, index, level, REACH["frame"], cell, pinned=True, turned=turned)
                shown += int(found.sum())
    _coons(points, frame, frame)
    return points, shown


def _inside_out(
    sharp: np.ndarray, dark: np.ndarray, points: np.ndarray, side: int, cell: float, settle: bool
) -> np.ndarray:
    """Stages 2 to 4 from the traced frame's crossings ``points`` (see ``trace_lattice``)."""
    frame = [0, side]
    # 2 and 3: the box lines, then every other line; again with box lines guessed a cell off where lines go missing.
    points = _inside_best(dark, points, side, cell, bold=settle)
    if not settle:
        return points
    unseen = {}
    for index in range(side + 1):
        for level in (True, False):
            shown = _trace(sharp, points, index, level, REACH["settle"], cell)
            if index in frame:
                unseen[index, level] = ~(np.r_[shown, False] | np.r_[False, shown])  # per crossing
    # Where a frame line does not show (cut off by the picture's edge, or faded), its crossings continue the
    # two lines inside it.
    for (index, level), lost in unseen.items():
        inward = 1 if index == 0 else -1
        one, two = index + inward, index + 2 * inward
        if level:
            points[index, lost] = 2 * points[one, lost] - points[two, lost]
        else:
            points[lost, index] = 2 * points[lost, one] - points[lost, two]
    return points


def extended(points: np.ndarray) -> np.ndarray:
    """The crossings with one more line on every side, continued straight (for looking just outside a grid)."""
    p = np.concatenate([2 * points[:1] - points[1:2], points, 2 * points[-1:] - points[-2:-1]], axis=0)
    return np.concatenate([2 * p[:, :1] - p[:, 1:2], p, 2 * p[:, -1:] - p[:, -2:-1]], axis=1)


def lattice_clarity(dark: np.ndarray, points: np.ndarray, uneven_ratio: float = UNEVEN) -> float:
    """How clearly the lattice of ``points`` sits on the ink of ``dark`` (0 … 1): the share of each line that is
    dark, less the share of the cells' middle lines that is, less half the darkness of a line one cell outside
    (the grid goes on: these lines are one off), less half the share of neighbouring gaps further apart than
    ``uneven_ratio``. The worse of the two directions."""
    ext = extended(points)
    n = ext.shape[0]
    dark = _padded(dark)
    t = (np.arange(SAMPLES) + 0.5) / SAMPLES
    scores = []
    for p in (ext, ext.transpose(1, 0, 2)):  # level lines, then upright ones
        a, b = p[:, :-1], p[:, 1:]
        along = a[..., None, :] + (b - a)[..., None, :] * t[None, None, :, None]  # line × segment × sample
        on = _sample(dark, along[..., 0], along[..., 1]) > 0.5
        mid = (along[:-1] + along[1:]) / 2
        between = _sample(dark, mid[..., 0], mid[..., 1]) > 0.5
        inner = slice(1, n - 2)  # the grid's own segments
        lines = on[1 : n - 1, inner].mean()
        cells = between[1 : n - 2, inner].mean()
        beyond = max(on[0, inner].mean(), on[n - 1, inner].mean())
        # A page bends smoothly: neighbouring gaps between lines differ little (lines bunched onto a grid of
        # another size do not).
        middles = (p[1 : n - 1, 1:-2] + p[1 : n - 1, 2:-1]) / 2  # each grid line's segment middles
        gaps = np.hypot(*np.diff(middles, axis=0).transpose(2, 0, 1))
        ratio = np.abs(np.log(np.maximum(gaps[1:], 1e-6) / np.maximum(gaps[:-1], 1e-6)))
        uneven = float((ratio > np.log(uneven_ratio)).mean())
        scores.append(float(lines - cells - 0.5 * beyond - 0.5 * uneven))
    return min(scores)
