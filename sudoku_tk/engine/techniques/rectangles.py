"""What the uniqueness techniques share: the two-box rectangles of a board, the possible unique rectangles of one
grid, and the opening and shape of their Steps.

The deadly pattern. Four cells in two rows, two columns and exactly two boxes, none of
them a given, can never end up holding just two digits a and b (a and b on one
diagonal, the other digit on the other): swapping a and b in those four cells would
give a second solution that keeps every given. Every uniqueness step shows that some
candidate, if true, would force such a pattern.

A unique rectangle (UR, HoDoKu's definition) has four empty cells, one of them with
exactly the two candidates a and b; in the other three, a and b must still be allowed
(no placed a or b among their peers) but may be missing from the candidates ("missing
candidates", HoDoKu's default). A cell is a *floor* cell when it holds nothing but a
and/or b, a *roof* cell when it holds other candidates too.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

from ..board.geometry import Cell, Digit, Geometry, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, digits_text, eliminations_text, sentence, units_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import CandidateIndex, Once, candidate_highlights, eliminations, index_of

Candidate = tuple[Cell, Digit]

# -- fixed tables --------------------------------------------------------------


@cache
def rectangles_of(geometry: Geometry) -> tuple[tuple[tuple[Cell, Cell, Cell], ...], ...]:
    """For every cell: (row mate, column mate, opposite corner) of each rectangle spanning exactly two boxes."""
    n, b = geometry.side, geometry.box
    out = []
    for cell in range(geometry.ncells):
        r, c = divmod(cell, n)
        rects = []
        for r2 in range(n):
            for c2 in range(n):
                if r2 == r or c2 == c:
                    continue
                same_band = r2 // b == r // b
                same_stack = c2 // b == c // b
                if same_band != same_stack:  # both: one box; neither: four boxes
                    rects.append((r * n + c2, r2 * n + c, r2 * n + c2))
        out.append(tuple(rects))
    return tuple(out)


@cache
def all_rectangles(geometry: Geometry) -> tuple[tuple[Cell, Cell, Cell, Cell], ...]:
    """Every two-box rectangle once, corners sorted: (top left, top right, bottom left, bottom right)."""
    found = set()
    for cell, rects in enumerate(rectangles_of(geometry)):
        for mates in rects:
            found.add(tuple(sorted((cell,) + mates)))
    return tuple(sorted(found))  # type: ignore[arg-type]


def diagonal(i: int) -> int:
    """Index of the opposite corner in a sorted corner tuple."""
    return 3 - i


# -- per-grid context ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rect:
    """A possible unique rectangle: sorted corners, the digit pair, floor and roof cells."""

    cells: tuple[Cell, Cell, Cell, Cell]
    a: Digit
    b: Digit
    floor: tuple[Cell, ...]
    """Corners holding nothing but a and/or b."""
    roof: tuple[Cell, ...]
    """Corners holding other candidates too."""

    @property
    def pair(self) -> int:
        return (1 << (self.a - 1)) | (1 << (self.b - 1))

    @property
    def mask(self) -> int:
        m = 0
        for c in self.cells:
            m |= 1 << c
        return m

    def opposite(self, cell: Cell) -> Cell:
        return self.cells[diagonal(self.cells.index(cell))]


class RectContext:
    """What every uniqueness finder asks of one grid, computed once (see ``context_of``)."""

    __slots__ = ("grid", "geometry", "idx", "banned", "_urs")

    def __init__(self, grid: Grid) -> None:
        geo = grid.geometry
        self.grid = grid
        self.geometry = geo
        self.idx: CandidateIndex = index_of(grid)
        placed_in_unit = []
        values = grid.values
        for unit in geo.units:
            m = 0
            for cell in unit:
                if values[cell]:
                    m |= 1 << (values[cell] - 1)
            placed_in_unit.append(m)
        self.banned: tuple[int, ...] = tuple(
            placed_in_unit[r] | placed_in_unit[c] | placed_in_unit[bx] for r, c, bx in geo.cell_units
        )
        """Digit mask per cell: digits placed among its peers (a UR digit must not be one of them)."""
        self._urs: list[Rect] | None = None

    def unique_rectangles(self) -> list[Rect]:
        """Every possible UR in board order of its bivalue corner, each (corners, pair) once."""
        if self._urs is None:
            self._urs = list(self._iter_unique_rectangles())
        return self._urs

    def _iter_unique_rectangles(self) -> Iterator[Rect]:
        cands = self.grid.candidates
        values = self.grid.values
        banned = self.banned
        once = Once()
        table = rectangles_of(self.geometry)
        for start in bits(self.idx.bivalue):
            pair = cands[start]
            if banned[start] & pair:
                continue
            for mates in table[start]:
                if any(values[m] or not cands[m] or banned[m] & pair for m in mates):
                    continue
                corners = tuple(sorted((start,) + mates))
                key = (corners, pair)
                if not once.first(key):
                    continue
                floor = tuple(c for c in corners if not cands[c] & ~pair)
                roof = tuple(c for c in corners if cands[c] & ~pair)
                a, b = (d for d in range(1, 10) if pair >> (d - 1) & 1)
                yield Rect(corners, a, b, floor, roof)  # type: ignore[arg-type]


_last: list[RectContext] = []


def context_of(grid: Grid) -> RectContext:
    """The context of ``grid``, reused while the same grid object is asked again (identity check)."""
    if _last and _last[0].grid is grid:
        return _last[0]
    ctx = RectContext(grid)
    _last[:] = [ctx]
    return ctx


# -- small helpers -------------------------------------------------------------


def deadly_text(geo: Geometry, cells: Sequence[Cell], a: Digit, b: Digit) -> str:
    """The shared opening of every rectangle explanation."""
    return (
        f"because the puzzle has a unique solution, {cells_text(geo, cells)} must not end up holding "
        f"only {a} and {b}, which could then be swapped"
    )


def floor_text(geo: Geometry, rect: Rect, cells: Sequence[Cell]) -> str:
    verb = "holds" if len(cells) == 1 else "hold"
    return f"{cells_text(geo, cells)} {verb} nothing but {digits_text(geo, (rect.a, rect.b))}"


def rect_focus(geo: Geometry, cells: Sequence[Cell], a: Digit, b: Digit) -> str:
    boxes = sorted({geo.cell_units[c][2] for c in cells})
    return f"{a} and {b} in {units_text(geo, boxes)}"


def uniqueness_step(
    geo: Geometry,
    technique: Technique,
    reason: str,
    elims: Sequence[Candidate],
    highlights: Sequence[Highlight],
    focus: str,
) -> Step:
    effects = eliminations(elims)
    pairs = [(e.cell, e.digit) for e in effects]
    return Step(
        technique=technique,
        eliminations=effects,
        explanation=sentence(technique.display_name, reason, eliminations_text(geo, pairs)),
        highlights=tuple(highlights) + candidate_highlights(HighlightRole.ELIMINATION, pairs),
        focus=focus,
    )


def rect_highlights(rect: Rect, *extra: Highlight) -> list[Highlight]:
    return [Highlight(HighlightRole.PATTERN, rect.cells, (rect.a, rect.b))] + list(extra)


def dedupe(steps: Iterable[Step]) -> Iterator[Step]:
    """Drop steps whose technique and effects repeat an earlier one (one rectangle may show up twice)."""
    once = Once()
    for s in steps:
        k = s.key()
        if once.first(k):
            yield s


def on_9x9(grid: Grid) -> bool:
    return grid.geometry.side == 9


def same_line(geo: Geometry, c1: Cell, c2: Cell) -> bool:
    return geo.row(c1) == geo.row(c2) or geo.col(c1) == geo.col(c2)
