"""Where the grid is: the biggest blob of ink around which an N×N lattice of lines shows clearly.

The grid's lines are one connected blob of ink (thin lines that break into dots in a photo hang on the thick
box lines; the ink is grown by a pixel first). Each big blob is a candidate: its rough corners are the blob's
extreme points along the two diagonals (good for turns of up to about 30° and any perspective a hand-held
phone gives), and lattice_fit.py fits the lattice of each grid size to the ink around them, which also
corrects the corners where text or a shadow touches the grid. The side whose lattice shows most clearly over
the largest area wins (9×9 unless a 4×4 or 16×16 lattice is clearly better); the bigger grid first (a page may
also show the previous day's solution, small). A blob that is only an outline round another, with no ink across
its middle, is not a grid (the edge of a page lying on a darker table, round the grid inside it). A blob that
shows no grid may be the top of one whose upright lines faded in a shadow: the long level lines just below or
above it, as wide as it, are tried with it. Where no blob shows a grid, a blob's corner may have been pulled out
of place by a line joined to the grid (a page's edge running on beyond it): each corner is tried again where
the other three put it. Where still no blob shows a grid, each is looked at once more for a strongly bent 9×9
grid (a page bent 8 % or more, which no straight lattice fits): its lines followed to the pixel from the blob's
corners must sit clearly on the ink.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from .components import Blobs, find_blobs
from .curved_lattice import lattice_clarity, trace_lattice
from .lattice_fit import polish_corners, refine_corners

MIN_LATTICE = 0.2
"""The least lattice contrast a grid must show (ink on its lines minus ink between them, as fractions)."""
CLEAR_LATTICE = 0.35
"""A lattice this clear ends the search: the biggest blob showing it is the grid."""
SURELY_NINE = 0.6
"""A 9×9 lattice this clear needs no comparison with the other sizes."""
OTHER_SIZES_MARGIN = 0.15
"""How much more clearly a 4×4 or 16×16 lattice must show than a 9×9 one to be taken."""
MIN_SIDE_FRACTION = 0.12
"""A candidate blob spans at least this fraction of the picture's shorter side, both ways."""
MIN_SIDE_PIXELS = 40
BENT_DISCOUNT = 0.25
"""How much less a lattice of curved lines counts than a straight one as clear (curves fit ink more easily)."""
BENT_CLEAR = 0.4
"""How clearly a bent 9×9 lattice followed to the pixel must show (gaps up to SQUEEZED_UNEVEN counted as even)
to be taken as a grid where no straight or quickly traced lattice shows."""
BENT_MARGIN = 0.1
"""How much more clearly the blob's own corners must show a bent lattice than the fitted corners to be taken."""
BEYOND = 0.5
"""A blob reaching this far (in cells) beyond the fitted lattice's corners may hold a row the lattice left out."""
SQUEEZED_MARGIN = 0.05
"""How much less clearly the blob's corners may show a bent lattice, when the blob reaches beyond the fitted
one, and still be taken (they hold a squeezed row the fitted lattice left out)."""
SQUEEZED_UNEVEN = 2.5
"""How unevenly spaced neighbouring lines may be, when the lattices traced from the fitted corners and from the
blob's are compared, before the lattice counts as less clear: a row of a squeezed or strongly bent page may be
half as wide as the one beside it, and the lattice that leaves it out is then the evener one."""


@dataclass(frozen=True)
class GridCandidate:
    """A grid found in a picture: corners (top-left, top-right, bottom-right, bottom-left), side, how clear."""

    corners: np.ndarray
    side: int
    lattice: float
    """Contrast of the lattice (0 … 1): the fraction of ink on its lines minus between them."""
    area: float
    """The area of the corners' quadrilateral, in square pixels."""


def blob_corners(blobs: Blobs, blob: int, also: Sequence[int] = ()) -> np.ndarray:
    """The blob's extreme points along the diagonals: top-left, top-right, bottom-right, bottom-left.

    ``also``: other blobs taken as part of it (a grid's lines that faded apart).
    """
    runs = np.isin(blobs.labels, [blob, *also])
    ys = np.concatenate([blobs.rows[runs], blobs.rows[runs]]).astype(np.float64)
    xs = np.concatenate([blobs.starts[runs], blobs.ends[runs] - 1]).astype(np.float64)
    s, d = xs + ys, xs - ys
    picks = [np.argmin(s), np.argmax(d), np.argmax(s), np.argmin(d)]
    return np.array([[xs[i], ys[i]] for i in picks])


def quad_area(corners: np.ndarray) -> float:
    """The area of a quadrilateral (shoelace formula)."""
    x, y = corners[:, 0], corners[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def judge(
    ink: np.ndarray, corners: np.ndarray, bent_starts: list[tuple[np.ndarray, np.ndarray]] | None = None
) -> GridCandidate | None:
    """The grid around rough ``corners``: its side, true corners and clarity; None when no lattice shows.

    A 9×9 grid shows its cell lines (side 9) or at least its box lines (side 3); a 16×16 grid its cell lines;
    a 4×4 grid four cells a side. A lattice may also fit part of a bigger one (three cells of a 4×4 grid
    look like a 9×9 grid's boxes), so each side's clarity counts in proportion to the area its lattice covers.

    ``bent_starts``: where no lattice shows clearly enough and a 9×9 grid fits best, the corners a strongly bent
    9×9 grid would be looked for from (``_strongly_bent``: slower, for when no blob of the picture shows a grid
    otherwise) are added to this list.
    """
    fits = {3: refine_corners(ink, corners, 3)}
    fits[9] = polish_corners(ink, fits[3].corners, 9)  # the box lines place a 9×9 grid; its cell lines polish it
    nine = fits[9] if fits[9].contrast >= MIN_LATTICE else fits[3]
    clarity = max(fits[9].contrast, fits[3].contrast)
    cell = np.sqrt(quad_area(nine.corners)) / 9
    # The blob reaching well beyond the lattice's corners: text touching the grid, or a squeezed row the lattice
    # left out (its gaps evenly spaced).
    beyond = float(np.hypot(*(corners - nine.corners).T).max()) > BEYOND * cell
    if fits[9].contrast >= SURELY_NINE and not beyond:  # no 4×4 or 16×16 grid shows a 9×9 lattice this clearly
        return GridCandidate(nine.corners, 9, clarity, quad_area(nine.corners))
    nine_corners, clarity = _bent_nine(ink, nine.corners, corners, clarity, -SQUEEZED_MARGIN if beyond else BENT_MARGIN)
    if fits[9].contrast >= SURELY_NINE:
        return GridCandidate(nine_corners, 9, clarity, quad_area(nine_corners))
    fits.update({side: refine_corners(ink, corners, side) for side in (4, 16)})
    options = {
        9: (nine_corners, clarity),
        4: (fits[4].corners, fits[4].contrast),
        16: (fits[16].corners, fits[16].contrast),
    }
    largest = max(quad_area(c) for c, _ in options.values())
    # 4×4 and 16×16 grids are read where they are clean: they must show clearly and beat 9×9 well.
    weighted = {
        side: contrast * quad_area(c) / largest + (OTHER_SIZES_MARGIN if side == 9 else 0.0)
        for side, (c, contrast) in options.items()
        if side == 9 or contrast >= CLEAR_LATTICE
    }
    side = max(weighted, key=weighted.__getitem__)
    chosen, contrast = options[side]
    if contrast < MIN_LATTICE:
        if bent_starts is not None and side == 9:
            bent_starts.append((nine_corners, corners))
        return None
    return GridCandidate(chosen, side, contrast, quad_area(chosen))


def _strongly_bent(ink: np.ndarray, starts: Sequence[np.ndarray]) -> GridCandidate | None:
    """A 9×9 grid on a strongly bent page, which no straight lattice fits and whose quickly traced lattice shows
    too faintly once discounted: its lines followed to the pixel (settled) from each of ``starts`` sit clearly on
    the ink, their gaps no more uneven than a bent page makes them. Taken as just clear enough (MIN_LATTICE), so
    a clear grid elsewhere in the picture still wins."""
    weight = ink.astype(np.float32)
    best: tuple[float, np.ndarray] | None = None
    for corners in starts:
        points = trace_lattice(weight, corners, 9)
        clarity = lattice_clarity(weight, points, SQUEEZED_UNEVEN)
        if best is None or clarity > best[0]:
            best = (clarity, points[[0, 0, -1, -1], [0, -1, -1, 0]])
    if best is None or best[0] < BENT_CLEAR:
        return None
    return GridCandidate(best[1], 9, MIN_LATTICE, quad_area(best[1]))


def _bent_nine(
    ink: np.ndarray, fitted: np.ndarray, rough: np.ndarray, clarity: float, margin: float
) -> tuple[np.ndarray, float]:
    """A 9×9 grid's corners and clarity when its lines may be bent: (corners, clarity).

    A straight lattice fits a curled or squeezed grid badly: it shows faintly, and its best fit may be a row
    off. So the lines are also followed as curves (curved_lattice.py) from the fitted corners and from the
    blob's own extreme points, and the lattice that sits more clearly on the ink is taken; the blob's corners
    only when ``margin`` better (on a flat grid the fitted corners are the surer; where the blob reaches a row
    beyond them, the blob's are as sure). The two are compared with lines up to SQUEEZED_UNEVEN times as far
    apart as their neighbours counted as even (the fitted corners of a strongly squeezed or bent page leave its
    narrowest row out, and so trace the evener lattice). A clear bent lattice counts as clear as a straight one
    BENT_DISCOUNT less clear.
    """
    weight = ink.astype(np.float32)
    options: list[tuple[np.ndarray, float, float]] = []
    cell = np.sqrt(quad_area(fitted)) / 9
    for corners in (fitted, rough):
        if options and np.abs(corners - fitted).max() < 0.2 * cell:
            options.append(options[0])  # the same grid
            continue
        points = trace_lattice(weight, corners, 9, settle=False)
        options.append(
            (
                points[[0, 0, -1, -1], [0, -1, -1, 0]],
                lattice_clarity(weight, points),
                lattice_clarity(weight, points, SQUEEZED_UNEVEN),
            )
        )
    (_, fit_clarity, fit_judged), (rough_corners, rough_clarity, rough_judged) = options
    if rough_judged > fit_judged + margin:
        return rough_corners, max(clarity, rough_clarity - BENT_DISCOUNT)
    return fitted, max(clarity, fit_clarity - BENT_DISCOUNT)


def find_grids(ink: np.ndarray, limit: int = 5) -> list[GridCandidate]:
    """The grids in a picture's ink mask, the best first (the biggest clear lattice); empty when there is none."""
    blobs = find_blobs(_thicken(ink))
    if blobs.count == 0:
        return []
    h, w = ink.shape
    least = max(MIN_SIDE_PIXELS, MIN_SIDE_FRACTION * min(h, w))
    big = np.nonzero((blobs.width() >= least) & (blobs.height() >= least))[0]
    big = big[np.argsort(-(blobs.width()[big] * blobs.height()[big]))][:limit]
    found: list[GridCandidate] = []
    bent_starts: list[list[tuple[np.ndarray, np.ndarray]]] = []  # per blob, for each way it was judged
    unshown: list[np.ndarray] = []  # the corners of blobs that showed no grid
    for blob in big:
        bent_starts.append([])
        for parts in ([], _lines_beside(blobs, int(blob))):
            if parts is None:
                continue
            corners = blob_corners(blobs, int(blob), parts)
            if quad_area(corners) < least * least or _outline_round_another(blobs, big, [int(blob), *parts], corners):
                continue
            grid = judge(ink, corners, bent_starts[-1])
            if grid is None:
                unshown.append(corners)
                continue
            found.append(grid)
            break  # the blob shows a grid by itself: lines beside it belong to something else
        if found and max(g.lattice for g in found) >= CLEAR_LATTICE:
            break
    if not found:
        # A corner pulled out of place by a line joined to the grid is placed again only where no blob shows a grid
        # by its own corners (the other three corners are taken as sure, which they may not be).
        found = [grid for grid in (_corner_pulled_out(ink, corners) for corners in unshown) if grid is not None]
    if not found:
        # A strongly bent grid is looked for only where no blob shows a grid otherwise (its lattice is the less
        # sure), from the corners the blobs were judged from.
        for starts in bent_starts:
            for start in starts:
                grid = _strongly_bent(ink, start)
                if grid is not None:
                    found.append(grid)
                    break
    found.sort(key=lambda g: -g.area * min(1.0, g.lattice / CLEAR_LATTICE))
    return found


def _outline_round_another(blobs: Blobs, big: np.ndarray, parts: Sequence[int], corners: np.ndarray) -> bool:
    """Is the blob only an outline (no ink in the middle half of its quadrilateral, each way) round another big
    blob?

    A grid's lines cross its middle (the box lines at a third and two thirds); the outline of a page lying on
    a darker table, or a box drawn round the puzzle, does not, and its lattice fit would take the grid inside it
    (the other blob, judged by itself) for its own lines, the outline for the frame. (An outline round nothing
    big is still judged: a grid whose inner lines faded apart from its frame.)
    """
    boxes = blobs.width() * blobs.height()
    inside = [
        b
        for b in big
        if b not in parts
        and boxes[b] < boxes[parts[0]]
        and _inside(corners, np.array([blobs.left[b] + blobs.right[b], blobs.top[b] + blobs.bottom[b]]) / 2)
    ]
    return bool(inside) and _hollow(blobs, parts, corners)


def _hollow(blobs: Blobs, parts: Sequence[int], corners: np.ndarray) -> bool:
    """Has the blob no ink in the middle half of its quadrilateral (each way)?"""
    centre = corners.mean(axis=0)
    inner = centre + 0.5 * (corners - centre)
    runs = np.isin(blobs.labels, parts)
    ys = blobs.rows[runs].astype(np.float64)
    lows = np.full(ys.shape, np.inf)
    highs = np.full(ys.shape, -np.inf)
    for (px, py), (qx, qy) in zip(inner, np.roll(inner, -1, axis=0), strict=True):
        if py == qy:
            continue
        t = (ys - py) / (qy - py)
        x = np.where((t >= 0) & (t <= 1), px + t * (qx - px), np.nan)
        lows = np.fmin(lows, x)
        highs = np.fmax(highs, x)
    crossing = (blobs.starts[runs] <= highs) & (blobs.ends[runs] - 1 >= lows)
    return not bool(crossing.any())


def _corner_pulled_out(ink: np.ndarray, corners: np.ndarray) -> GridCandidate | None:
    """The grid whose corner a line joined to it pulled out of place (None when none shows).

    A long line the grid's ink touches (the edge of a page on a darker table, of a printed photo, a rule under
    the puzzle) becomes part of the grid's blob, and the blob's extreme point at one corner is then on that
    line, too far off for the lattice fit to come back. The other three corners still place the grid: each
    corner is tried where they put it (the fourth corner of their parallelogram), when that lies inside the
    blob's quadrilateral (or on its edge) more than a cell from the corner (a joined line only pulls a corner
    outwards). The grid so found must keep the other three corners (within BEYOND cells: they were the ones
    taken as sure); the clearest is taken.
    """
    cell = np.sqrt(quad_area(corners)) / 9
    best: GridCandidate | None = None
    for i in range(4):
        moved = corners.copy()
        moved[i] = corners[i - 1] + corners[(i + 1) % 4] - corners[(i + 2) % 4]
        if np.hypot(*(moved[i] - corners[i])) <= cell or not _inside(corners, moved[i]):
            continue
        grid = judge(ink, moved)
        if grid is None:
            continue
        kept = np.delete(np.hypot(*(grid.corners - corners).T), i)
        if kept.max() <= BEYOND * np.sqrt(grid.area) / 9 and (best is None or grid.lattice > best.lattice):
            best = grid
    return best


def _inside(corners: np.ndarray, point: np.ndarray) -> bool:
    """Does ``point`` lie inside the convex quadrilateral ``corners`` (given in order round it), or on its edge
    (within a pixel)?"""
    edges = np.roll(corners, -1, axis=0) - corners
    to_point = point - corners
    # How far the point lies to the left of each edge, in pixels.
    left = (edges[:, 0] * to_point[:, 1] - edges[:, 1] * to_point[:, 0]) / np.maximum(np.hypot(*edges.T), 1e-9)
    return bool((left >= -1.0).all() or (left <= 1.0).all())


def _lines_beside(blobs: Blobs, blob: int) -> list[int] | None:
    """Long lines just above or below a blob, as wide as it: the rest of a grid whose upright lines faded in the
    shadow (or None when there are none, so the blob alone is judged)."""
    width, height = blobs.width(), blobs.height()
    overlap = np.minimum(blobs.right, blobs.right[blob]) - np.maximum(blobs.left, blobs.left[blob])
    below = blobs.top - blobs.bottom[blob]
    above = blobs.top[blob] - blobs.bottom
    near = (np.maximum(below, above) < 0.6 * height[blob]) & (np.maximum(below, above) > 0)
    lines = (overlap > 0.85 * width[blob]) & (width > 0.85 * width[blob]) & (height < 0.5 * height[blob]) & near
    lines[blob] = False
    picked = [int(b) for b in np.nonzero(lines)[0]]
    return picked or None


def _thicken(ink: np.ndarray) -> np.ndarray:
    """Ink grown by one pixel each way, so a thin line broken into dots holds together."""
    grown = ink.copy()
    grown[1:, :] |= ink[:-1, :]
    grown[:-1, :] |= ink[1:, :]
    grown[:, 1:] |= grown[:, :-1].copy()
    grown[:, :-1] |= grown[:, 1:].copy()
    return grown


def order_corners(points: Sequence[tuple[float, float]]) -> np.ndarray:
    """Four points as top-left, top-right, bottom-right, bottom-left."""
    pts = np.asarray(points, np.float64)
    s, d = pts.sum(axis=1), pts[:, 0] - pts[:, 1]
    return pts[[np.argmin(s), np.argmax(d), np.argmax(s), np.argmin(d)]]
