"""Uniqueness techniques: Unique Rectangles (Uniqueness Test 1–6, Hidden Rectangle), Avoidable Rectangles and BUG+1.

All of them rest on one fact: the puzzle has exactly one solution. The registry runs
these finders only when the caller says so; each explanation says it too.

The deadly pattern. Four cells in two rows, two columns and exactly two boxes, none of
them a given, can never end up holding just two digits a and b (a and b on one
diagonal, the other digit on the other): swapping a and b in those four cells would
give a second solution that keeps every given. Every step here shows that some
candidate, if true, would force such a pattern.

Definitions follow HoDoKu:

- A unique rectangle (UR) has four empty cells, one of them with exactly the two
  candidates a and b; in the other three, a and b must still be allowed (no placed a
  or b among their peers) but may be missing from the candidates ("missing
  candidates", HoDoKu's default). A cell is a *floor* cell when it holds nothing but a
  and/or b, a *roof* cell when it holds other candidates too.
- Uniqueness Test 1: three floor cells: the roof cell loses a and b.
- Uniqueness Test 2 / 5: one or two floor cells and the roof cells add exactly one
  extra digit x between them: one roof cell is x, so every cell seeing all roof cells
  loses x. Two roof cells in one row or column: Test 2; diagonal roof cells or three
  roof cells: Test 5.
- Uniqueness Test 3: two roof cells in one unit act as one virtual cell holding their
  extra digits; with k other cells of that unit (without a or b) it forms a naked
  subset of k + 1 digits, which leave the rest of the unit (and of the box, when the
  whole subset shares one).
- Uniqueness Test 4: two roof cells in one unit where a (or b) can go nowhere else:
  one of them is a, so neither is b.
- Uniqueness Test 6: floor cells on one diagonal, and a confined to the rectangle in
  both rows and both columns: a goes in the floor cells, not in the roof cells.
- Hidden Rectangle: one floor cell (or two diagonal ones): if in the row and the column
  of the opposite corner a appears only in rectangle cells, the opposite corner is
  not b.
- Avoidable Rectangle: the same four-cell pattern where some corners were solved by the
  player (placed, never givens). Type 1: three solved corners a, b, b; the fourth is
  not a. Type 2: two solved corners a and b in one row or column; the other two hold
  only b or x and a or x (the same x): one of them is x, so cells seeing both lose x.
- Bivalue Universal Grave + 1: every empty cell has two candidates except one with
  three, and every digit appears exactly twice in each unit where it is open except
  the one extra digit of that cell, three times in its row, column and box: without
  it the board would have no or several solutions, so the cell takes that digit
  (HoDoKu's form: the cell's other two candidates are removed).

Soundness rests on the player's candidates containing the solution (the hint layer
checks that first) and on placed digits being right. Differences from HoDoKu, each
one a sound generalisation: Uniqueness Test 4 accepts a digit confined to either
shared unit of the roof cells (HoDoKu needs it absent from both); Avoidable
Rectangle Type 1 accepts any fourth cell (HoDoKu needs it bivalue); Type 2 also
accepts solved corners in one line across two boxes; BUG+1 insists on every other
digit count being 0 or 2 (HoDoKu accepts 1, which is not a BUG).

Finders work on 9×9 boards and yield nothing on other sizes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable, Iterator, List, Sequence, Set, Tuple

from ..explain import cells_text, digits_text, eliminations_text, sentence, units_text
from ..geometry import Cell, Digit, Geometry, bits, digits_of
from ..grid import Grid
from ..step import Highlight, HighlightRole, Step, Technique
from .common import (
    CandidateIndex,
    candidate_highlights,
    cell_mask,
    eliminations,
    eliminations_from_mask,
    index_of,
    seen_by_all,
    units_containing,
)

Candidate = Tuple[Cell, Digit]

# -- fixed tables --------------------------------------------------------------


@lru_cache(maxsize=None)
def _rectangles_of(geometry: Geometry) -> Tuple[Tuple[Tuple[Cell, Cell, Cell], ...], ...]:
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


@lru_cache(maxsize=None)
def _all_rectangles(geometry: Geometry) -> Tuple[Tuple[Cell, Cell, Cell, Cell], ...]:
    """Every two-box rectangle once, corners sorted: (top left, top right, bottom left, bottom right)."""
    found = set()
    for cell, rects in enumerate(_rectangles_of(geometry)):
        for mates in rects:
            found.add(tuple(sorted((cell,) + mates)))
    return tuple(sorted(found))  # type: ignore[arg-type]


def _diagonal(i: int) -> int:
    """Index of the opposite corner in a sorted corner tuple."""
    return 3 - i


# -- per-grid context ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Rect:
    """A possible unique rectangle: sorted corners, the digit pair, floor and roof cells."""

    cells: Tuple[Cell, Cell, Cell, Cell]
    a: Digit
    b: Digit
    floor: Tuple[Cell, ...]
    """Corners holding nothing but a and/or b."""
    roof: Tuple[Cell, ...]
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
        return self.cells[_diagonal(self.cells.index(cell))]


class _Context:
    """What every uniqueness finder asks of one grid, computed once (see ``_context``)."""

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
        self.banned: Tuple[int, ...] = tuple(
            placed_in_unit[r] | placed_in_unit[c] | placed_in_unit[bx] for r, c, bx in geo.cell_units
        )
        """Digit mask per cell: digits placed among its peers (a UR digit must not be one of them)."""
        self._urs: List[_Rect] | None = None

    def unique_rectangles(self) -> List[_Rect]:
        """Every possible UR in board order of its bivalue corner, each (corners, pair) once."""
        if self._urs is None:
            self._urs = list(self._iter_unique_rectangles())
        return self._urs

    def _iter_unique_rectangles(self) -> Iterator[_Rect]:
        cands = self.grid.candidates
        values = self.grid.values
        banned = self.banned
        seen: Set[Tuple[Tuple[Cell, ...], int]] = set()
        table = _rectangles_of(self.geometry)
        for start in bits(self.idx.bivalue):
            pair = cands[start]
            if banned[start] & pair:
                continue
            for mates in table[start]:
                if any(values[m] or not cands[m] or banned[m] & pair for m in mates):
                    continue
                corners = tuple(sorted((start,) + mates))
                key = (corners, pair)
                if key in seen:
                    continue
                seen.add(key)
                floor = tuple(c for c in corners if not cands[c] & ~pair)
                roof = tuple(c for c in corners if cands[c] & ~pair)
                a, b = (d for d in range(1, 10) if pair >> (d - 1) & 1)
                yield _Rect(corners, a, b, floor, roof)  # type: ignore[arg-type]


_last: List[_Context] = []


def _context(grid: Grid) -> _Context:
    """The context of ``grid``, reused while the same grid object is asked again (identity check)."""
    if _last and _last[0].grid is grid:
        return _last[0]
    ctx = _Context(grid)
    _last[:] = [ctx]
    return ctx


# -- small helpers -------------------------------------------------------------


def _deadly(geo: Geometry, cells: Sequence[Cell], a: Digit, b: Digit) -> str:
    """The shared opening of every rectangle explanation."""
    return (
        f"because the puzzle has a unique solution, {cells_text(geo, cells)} must not end up holding "
        f"only {a} and {b}, which could then be swapped"
    )


def _floor_text(geo: Geometry, rect: _Rect, cells: Sequence[Cell]) -> str:
    verb = "holds" if len(cells) == 1 else "hold"
    return f"{cells_text(geo, cells)} {verb} nothing but {digits_text(geo, (rect.a, rect.b))}"


def _rect_focus(geo: Geometry, cells: Sequence[Cell], a: Digit, b: Digit) -> str:
    boxes = sorted({geo.cell_units[c][2] for c in cells})
    return f"{a} and {b} in {units_text(geo, boxes)}"


def _step(
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


def _rect_highlights(rect: _Rect, *extra: Highlight) -> List[Highlight]:
    return [Highlight(HighlightRole.PATTERN, rect.cells, (rect.a, rect.b))] + list(extra)


def _dedupe(steps: Iterable[Step]) -> Iterator[Step]:
    """Drop steps whose technique and effects repeat an earlier one (one rectangle may show up twice)."""
    seen = set()
    for s in steps:
        k = s.key()
        if k not in seen:
            seen.add(k)
            yield s


def _on_9x9(grid: Grid) -> bool:
    return grid.geometry.side == 9


def _same_line(geo: Geometry, c1: Cell, c2: Cell) -> bool:
    return geo.row(c1) == geo.row(c2) or geo.col(c1) == geo.col(c2)


# -- Uniqueness Test 1 ---------------------------------------------------------


def find_uniqueness_1(grid: Grid) -> Iterator[Step]:
    """Three corners hold nothing but a and b: the fourth cannot be a or b."""
    if not _on_9x9(grid):
        return
    ctx = _context(grid)
    geo = ctx.geometry
    for rect in ctx.unique_rectangles():
        if len(rect.floor) != 3:
            continue
        roof = rect.roof[0]
        elims = eliminations_from_mask(ctx.idx, 1 << roof, rect.pair)
        if not elims:
            continue
        reason = (
            f"{_deadly(geo, rect.cells, rect.a, rect.b)}; {_floor_text(geo, rect, rect.floor)}, "
            f"so {geo.cell_name(roof)} must take one of its other candidates"
        )
        yield _step(
            geo,
            Technique.UNIQUENESS_1,
            reason,
            elims,
            _rect_highlights(rect),
            _rect_focus(geo, rect.cells, rect.a, rect.b),
        )


# -- Uniqueness Test 2 and 5 ---------------------------------------------------


def _iter_type_2_or_5(grid: Grid, want: Technique) -> Iterator[Step]:
    if not _on_9x9(grid):
        return
    ctx = _context(grid)
    geo = ctx.geometry
    cands = grid.candidates
    for rect in ctx.unique_rectangles():
        if len(rect.floor) not in (1, 2):
            continue
        extra = 0
        for c in rect.roof:
            extra |= cands[c] & ~rect.pair
        if extra.bit_count() != 1:
            continue
        x = extra.bit_length()
        if len(rect.roof) == 2 and _same_line(geo, *rect.roof):
            technique = Technique.UNIQUENESS_2
        else:
            technique = Technique.UNIQUENESS_5
        if technique is not want:
            continue
        targets = seen_by_all(geo, rect.roof) & ctx.idx.digit_cells[x]
        if not targets:
            continue
        elims = [(c, x) for c in bits(targets)]
        reason = (
            f"{_deadly(geo, rect.cells, rect.a, rect.b)}; {_floor_text(geo, rect, rect.floor)} and "
            f"{cells_text(geo, rect.roof)} add only {x}, so one of {cells_text(geo, rect.roof)} must be {x}, "
            f"which no cell seeing {'both' if len(rect.roof) == 2 else 'all'} of them can then be"
        )
        hl = _rect_highlights(rect, *candidate_highlights(HighlightRole.FIN, [(c, x) for c in rect.roof]))
        yield _step(geo, technique, reason, elims, hl, _rect_focus(geo, rect.cells, rect.a, rect.b))


def find_uniqueness_2(grid: Grid) -> Iterator[Step]:
    """Two roof cells in one row or column share one extra digit x: cells seeing both lose x."""
    return _iter_type_2_or_5(grid, Technique.UNIQUENESS_2)


def find_uniqueness_5(grid: Grid) -> Iterator[Step]:
    """Diagonal or three roof cells share one extra digit x: cells seeing all of them lose x."""
    return _iter_type_2_or_5(grid, Technique.UNIQUENESS_5)


# -- Uniqueness Test 3 ---------------------------------------------------------


def _subset_steps(ctx: _Context, rect: _Rect, unit: int) -> Iterator[Step]:
    """Naked subsets of ``unit`` formed by the two roof cells (as one virtual cell) and k other cells."""
    geo = ctx.geometry
    cands = ctx.grid.candidates
    roof = rect.roof
    rect_mask = rect.mask
    virtual = 0
    for c in roof:
        virtual |= cands[c] & ~rect.pair
    pool = [c for c in geo.units[unit] if cands[c] and not cands[c] & rect.pair and not rect_mask >> c & 1]
    is_box = geo.unit_kind(unit) == 2

    def grow(start: int, chosen: List[Cell], digits: int) -> Iterator[Step]:
        for i in range(start, len(pool)):
            cell = pool[i]
            now = digits | cands[cell]
            group = chosen + [cell]
            if now.bit_count() == len(group) + 1:
                members = list(roof) + group
                # A box subset lying in one line was already reported from that line.
                if not (is_box and len(units_containing(geo, cell_mask(members))) > 1):
                    step = _subset_step(ctx, rect, unit, group, now)
                    if step is not None:
                        yield step
            if now.bit_count() <= len(pool) + 1:
                yield from grow(i + 1, group, now)

    yield from grow(0, [], virtual)


def _subset_step(ctx: _Context, rect: _Rect, unit: int, group: List[Cell], digits: int) -> Step | None:
    geo = ctx.geometry
    members = list(rect.roof) + group
    member_mask = cell_mask(members)
    units = [unit]
    if geo.unit_kind(unit) != 2:
        box = geo.cell_units[members[0]][2]
        if all(geo.cell_units[c][2] == box for c in members):
            units.append(box)
    area = 0
    for u in units:
        area |= geo.unit_masks[u]
    elims = eliminations_from_mask(ctx.idx, area & ~member_mask, digits)
    if not elims:
        return None
    cands = ctx.grid.candidates
    extra = 0
    for c in rect.roof:
        extra |= cands[c] & ~rect.pair
    floor = rect.floor
    size = len(group) + 1
    kind = {2: "pair", 3: "triple", 4: "quadruple"}.get(size, f"set of {size}")
    reason = (
        f"{_deadly(geo, rect.cells, rect.a, rect.b)}; {_floor_text(geo, rect, floor)}, so "
        f"{cells_text(geo, rect.roof, 'or')} must hold {digits_text(geo, digits_of(extra))}, and with "
        f"{cells_text(geo, group)} that makes a naked {kind} of {digits_text(geo, digits_of(digits), 'and')} in "
        f"{units_text(geo, units)}"
    )
    fins = [(c, d) for c in members for d in digits_of(cands[c] & digits)]
    hl = _rect_highlights(
        rect,
        Highlight(HighlightRole.DEFINING_UNIT, units=tuple(units)),
        *candidate_highlights(HighlightRole.FIN, fins),
    )
    return _step(geo, Technique.UNIQUENESS_3, reason, elims, hl, _rect_focus(geo, rect.cells, rect.a, rect.b))


def find_uniqueness_3(grid: Grid) -> Iterator[Step]:
    """Two roof cells in one unit plus k cells there make a naked subset of k + 1 digits."""
    if not _on_9x9(grid):
        return

    def gen() -> Iterator[Step]:
        ctx = _context(grid)
        for rect in ctx.unique_rectangles():
            if len(rect.floor) != 2 or not _same_line(ctx.geometry, *rect.roof):
                continue
            for unit in units_containing(ctx.geometry, cell_mask(rect.roof)):
                yield from _subset_steps(ctx, rect, unit)

    yield from _dedupe(gen())


# -- Uniqueness Test 4 ---------------------------------------------------------


def find_uniqueness_4(grid: Grid) -> Iterator[Step]:
    """Two roof cells in one unit where a can go nowhere else in it: neither roof cell is b."""
    if not _on_9x9(grid):
        return

    def gen() -> Iterator[Step]:
        ctx = _context(grid)
        geo = ctx.geometry
        digit_cells = ctx.idx.digit_cells
        for rect in ctx.unique_rectangles():
            if len(rect.floor) != 2 or not _same_line(geo, *rect.roof):
                continue
            roof_mask = cell_mask(rect.roof)
            for unit in units_containing(geo, cell_mask(rect.roof)):
                rest = geo.unit_masks[unit] & ~roof_mask
                for u, v in ((rect.a, rect.b), (rect.b, rect.a)):
                    if digit_cells[u] & rest:
                        continue
                    elims = eliminations_from_mask(ctx.idx, roof_mask, 1 << (v - 1))
                    if not elims:
                        continue
                    reason = (
                        f"{_deadly(geo, rect.cells, rect.a, rect.b)}; {_floor_text(geo, rect, rect.floor)}, and in "
                        f"{geo.unit_name(unit)}, digit {u} can only go in {cells_text(geo, rect.roof, 'or')}, so one of them "
                        f"is {u} and neither can be {v}"
                    )
                    hl = _rect_highlights(
                        rect,
                        Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),
                        Highlight(HighlightRole.FIN, rect.roof, (u,)),
                    )
                    yield _step(
                        geo,
                        Technique.UNIQUENESS_4,
                        reason,
                        elims,
                        hl,
                        _rect_focus(geo, rect.cells, rect.a, rect.b),
                    )

    yield from _dedupe(gen())


# -- Uniqueness Test 6 ---------------------------------------------------------


def _lines_through(geo: Geometry, cells: Sequence[Cell]) -> Tuple[List[int], int]:
    """The rows and columns through ``cells`` (as units) and the mask of their cells."""
    units = sorted({geo.cell_units[c][k] for c in cells for k in (0, 1)})
    m = 0
    for u in units:
        m |= geo.unit_masks[u]
    return units, m


def find_uniqueness_6(grid: Grid) -> Iterator[Step]:
    """Floor cells on a diagonal and a confined to the rectangle in its rows and columns: the roof cells lose a."""
    if not _on_9x9(grid):
        return
    ctx = _context(grid)
    geo = ctx.geometry
    digit_cells = ctx.idx.digit_cells
    for rect in ctx.unique_rectangles():
        if len(rect.floor) != 2 or _same_line(geo, *rect.roof):
            continue
        units, lines = _lines_through(geo, rect.cells)
        outside = lines & ~rect.mask
        for u, v in ((rect.a, rect.b), (rect.b, rect.a)):
            if digit_cells[u] & outside:
                continue
            elims = eliminations_from_mask(ctx.idx, cell_mask(rect.roof), 1 << (u - 1))
            if not elims:
                break
            reason = (
                f"{_deadly(geo, rect.cells, rect.a, rect.b)}; {_floor_text(geo, rect, rect.floor)}, and in "
                f"{units_text(geo, units)}, digit {u} can only go in these four cells, so if {cells_text(geo, rect.roof)} "
                f"held {u}, {cells_text(geo, rect.floor)} would both be {v}: {u} belongs in "
                f"{cells_text(geo, rect.floor)}"
            )
            hl = _rect_highlights(
                rect,
                Highlight(HighlightRole.DEFINING_UNIT, units=tuple(units)),
                Highlight(HighlightRole.FIN, rect.floor, (u,)),
            )
            yield _step(
                geo, Technique.UNIQUENESS_6, reason, elims, hl, _rect_focus(geo, rect.cells, rect.a, rect.b)
            )
            break  # HoDoKu reports one digit per rectangle; the other would contradict it


# -- Hidden Rectangle ----------------------------------------------------------


def find_hidden_rectangle(grid: Grid) -> Iterator[Step]:
    """One floor corner (or two diagonal ones): a confined to the rectangle in the far row and column removes b there."""
    if not _on_9x9(grid):
        return

    def gen() -> Iterator[Step]:
        ctx = _context(grid)
        geo = ctx.geometry
        digit_cells = ctx.idx.digit_cells
        for rect in ctx.unique_rectangles():
            if len(rect.floor) == 2 and _same_line(geo, *rect.floor):
                continue
            if len(rect.floor) not in (1, 2):
                continue
            for corner in rect.floor:
                far = rect.opposite(corner)
                row, col = geo.cell_units[far][0], geo.cell_units[far][1]
                outside = (geo.unit_masks[row] | geo.unit_masks[col]) & ~rect.mask
                for u, v in ((rect.a, rect.b), (rect.b, rect.a)):
                    if digit_cells[u] & outside:
                        continue
                    elims = eliminations_from_mask(ctx.idx, 1 << far, 1 << (v - 1))
                    if not elims:
                        continue
                    mates = [c for c in rect.cells if c not in (corner, far)]
                    reason = (
                        f"{_deadly(geo, rect.cells, rect.a, rect.b)}; {_floor_text(geo, rect, [corner])}, and in "
                        f"{units_text(geo, [row, col])}, digit {u} can only go in cells of the rectangle, so if "
                        f"{geo.cell_name(far)} were {v}, {cells_text(geo, mates)} would be {u} and "
                        f"{geo.cell_name(corner)} {v}"
                    )
                    hl = _rect_highlights(
                        rect,
                        Highlight(HighlightRole.DEFINING_UNIT, units=(row, col)),
                        Highlight(HighlightRole.PIVOT, (corner,)),
                    )
                    yield _step(
                        geo,
                        Technique.HIDDEN_RECTANGLE,
                        reason,
                        elims,
                        hl,
                        _rect_focus(geo, rect.cells, rect.a, rect.b),
                    )

    yield from _dedupe(gen())


# -- Avoidable Rectangles ------------------------------------------------------


def _avoidable_candidates(ctx: _Context) -> Iterator[Tuple[Tuple[Cell, Cell, Cell, Cell], List[Cell]]]:
    """Two-box rectangles without givens that have at least two corners placed by the player."""
    grid = ctx.grid
    givens, values = grid.givens, grid.values
    for corners in _all_rectangles(ctx.geometry):
        if any(givens[c] for c in corners):
            continue
        solved = [c for c in corners if values[c]]
        if len(solved) >= 2:
            yield corners, solved


def _ar_reason(geo: Geometry, corners: Sequence[Cell], a: Digit, b: Digit) -> str:
    return (
        f"because the puzzle has a unique solution, {cells_text(geo, corners)}, none of them a given, must not "
        f"end up holding only {a} and {b}, which could then be swapped"
    )


def _solved_text(geo: Geometry, values: Sequence[int], cells: Sequence[Cell]) -> str:
    """'r1c1 is 3 and r1c5 is 7' (cells in board order)."""
    parts = [f"{geo.cell_name(c)} is {values[c]}" for c in sorted(cells)]
    return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


def find_avoidable_rectangle_1(grid: Grid) -> Iterator[Step]:
    """Three player-solved corners a, b, b: the fourth corner, diagonal to a, cannot be a."""
    if not _on_9x9(grid):
        return
    ctx = _context(grid)
    geo = ctx.geometry
    values, cands = grid.values, grid.candidates
    for corners, solved in _avoidable_candidates(ctx):
        if len(solved) != 3:
            continue
        (free,) = [c for c in corners if not values[c]]
        far = corners[_diagonal(corners.index(free))]
        mates = [c for c in solved if c != far]
        a = values[far]
        b = values[mates[0]]
        if values[mates[1]] != b or a == b:
            continue
        if not cands[free] >> (a - 1) & 1:
            continue
        reason = (
            f"{_ar_reason(geo, corners, min(a, b), max(a, b))}; {_solved_text(geo, values, solved)}, so {geo.cell_name(free)} "
            f"cannot be {a}"
        )
        hl = [
            Highlight(HighlightRole.CAUSE, tuple(sorted(solved))),
            Highlight(HighlightRole.PATTERN, (free,), (a,)),
        ]
        yield _step(
            geo,
            Technique.AVOIDABLE_RECTANGLE_1,
            reason,
            [(free, a)],
            hl,
            _rect_focus(geo, corners, min(a, b), max(a, b)),
        )


def find_avoidable_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Two player-solved corners a and b in one line; the others hold only b/x and a/x: cells seeing both lose x."""
    if not _on_9x9(grid):
        return
    ctx = _context(grid)
    geo = ctx.geometry
    values, cands = grid.values, grid.candidates
    digit_cells = ctx.idx.digit_cells
    for corners, solved in _avoidable_candidates(ctx):
        if len(solved) != 2 or not _same_line(geo, *solved):
            continue
        free = [c for c in corners if not values[c]]
        # Each free corner would have to take the digit of the solved corner diagonal to it.
        need = [values[corners[_diagonal(corners.index(c))]] for c in free]
        extras = []
        for cell, d in zip(free, need):
            m = cands[cell]
            if m.bit_count() != 2 or not m >> (d - 1) & 1:
                break
            extras.append(m & ~(1 << (d - 1)))
        else:
            if extras[0] != extras[1]:
                continue
            x = extras[0].bit_length()
            targets = seen_by_all(geo, free) & digit_cells[x]
            if not targets:
                continue
            a, b = values[solved[0]], values[solved[1]]
            (c1, d1), (c2, d2) = zip(free, need)
            holds = (
                f"{geo.cell_name(c1)} can only hold {digits_text(geo, (d1, x))} and "
                f"{geo.cell_name(c2)} only {digits_text(geo, (d2, x))}"
            )
            reason = (
                f"{_ar_reason(geo, corners, min(a, b), max(a, b))}; {_solved_text(geo, values, solved)}, and "
                f"{holds}, so one of {cells_text(geo, free)} must be {x}"
            )
            hl = [
                Highlight(HighlightRole.CAUSE, tuple(sorted(solved))),
                *(Highlight(HighlightRole.PATTERN, (c,), (d,)) for c, d in zip(free, need)),
                Highlight(HighlightRole.FIN, tuple(free), (x,)),
            ]
            yield _step(
                geo,
                Technique.AVOIDABLE_RECTANGLE_2,
                reason,
                [(c, x) for c in bits(targets)],
                hl,
                _rect_focus(geo, corners, min(a, b), max(a, b)),
            )


# -- Bivalue Universal Grave + 1 -----------------------------------------------


def find_bug_plus_1(grid: Grid) -> Iterator[Step]:
    """All empty cells bivalue but one trivalue cell whose extra digit shows three times in its units."""
    if not _on_9x9(grid):
        return
    geo = grid.geometry
    cands = grid.candidates
    triple = -1
    for cell, m in enumerate(cands):
        if not m:
            continue
        k = m.bit_count()
        if k == 2:
            continue
        if k != 3 or triple >= 0:
            return
        triple = cell
    if triple < 0:
        return
    idx = index_of(grid)
    own_units = geo.cell_units[triple]
    extra = 0
    for unit, umask in enumerate(geo.unit_masks):
        for d in range(1, 10):
            count = (idx.digit_cells[d] & umask).bit_count()
            if count in (0, 2):
                continue
            if count == 3 and unit in own_units:
                bit = 1 << (d - 1)
                if extra and extra != bit:
                    return
                extra = bit
                continue
            return
    if not extra or not cands[triple] & extra:
        return
    d = extra.bit_length()
    # The extra digit must show three times in each of the cell's row, column and box.
    if any((idx.digit_cells[d] & geo.unit_masks[u]).bit_count() != 3 for u in own_units):
        return
    others = cands[triple] & ~extra
    elims = [(triple, e) for e in digits_of(others)]
    name = geo.cell_name(triple)
    reason = (
        f"every empty cell except {name} has exactly two candidates, and every digit appears exactly twice in "
        f"each row, column and box except {d}, which appears three times in {name}'s row, column and box; "
        f"without that extra {d} the board would have no solution or several, so because the puzzle has a "
        f"unique solution {name} must be {d}"
    )
    hl = [
        Highlight(HighlightRole.PATTERN, (triple,), (d,)),
        Highlight(HighlightRole.DEFINING_UNIT, units=tuple(own_units)),
    ]
    yield _step(geo, Technique.BUG_PLUS_1, reason, elims, hl, geo.unit_name(own_units[2]))


FINDERS: Tuple[Tuple[Technique, Callable[[Grid], Iterator[Step]]], ...] = (
    (Technique.BUG_PLUS_1, find_bug_plus_1),
    (Technique.UNIQUENESS_1, find_uniqueness_1),
    (Technique.UNIQUENESS_2, find_uniqueness_2),
    (Technique.UNIQUENESS_3, find_uniqueness_3),
    (Technique.UNIQUENESS_4, find_uniqueness_4),
    (Technique.UNIQUENESS_5, find_uniqueness_5),
    (Technique.UNIQUENESS_6, find_uniqueness_6),
    (Technique.HIDDEN_RECTANGLE, find_hidden_rectangle),
    (Technique.AVOIDABLE_RECTANGLE_1, find_avoidable_rectangle_1),
    (Technique.AVOIDABLE_RECTANGLE_2, find_avoidable_rectangle_2),
)
"""One finder per uniqueness technique (the registry orders them)."""
