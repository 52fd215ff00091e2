"""Unique Rectangles: Uniqueness Test 1–6 and Hidden Rectangle (see ``rectangles`` for URs, floor and roof cells).

Definitions follow HoDoKu:

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

One sound generalisation of HoDoKu: Uniqueness Test 4 accepts a digit confined to either
shared unit of the roof cells (HoDoKu needs it absent from both).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Cell, Geometry, bits, digits_of
from ..board.grid import Grid
from ..steps.explain import cells_text, digits_text, units_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import candidate_highlights, cell_mask, eliminations_from_mask, seen_by_all, units_containing
from .rectangles import (
    Rect,
    RectContext,
    context_of,
    deadly_text,
    dedupe,
    floor_text,
    on_9x9,
    rect_focus,
    rect_highlights,
    same_line,
    uniqueness_step,
)

# -- Uniqueness Test 1 ---------------------------------------------------------


def find_uniqueness_1(grid: Grid) -> Iterator[Step]:
    """Three corners hold nothing but a and b: the fourth cannot be a or b."""
    if not on_9x9(grid):
        return
    ctx = context_of(grid)
    geo = ctx.geometry
    for rect in ctx.unique_rectangles():
        if len(rect.floor) != 3:
            continue
        roof = rect.roof[0]
        elims = eliminations_from_mask(ctx.idx, 1 << roof, rect.pair)
        if not elims:
            continue
        reason = (
            f"{deadly_text(geo, rect.cells, rect.a, rect.b)}; {floor_text(geo, rect, rect.floor)}, "
            f"so {geo.cell_name(roof)} must take one of its other candidates"
        )
        yield uniqueness_step(
            geo,
            Technique.UNIQUENESS_1,
            reason,
            elims,
            rect_highlights(rect),
            rect_focus(geo, rect.cells, rect.a, rect.b),
        )


# -- Uniqueness Test 2 and 5 ---------------------------------------------------


def _iter_type_2_or_5(grid: Grid, want: Technique) -> Iterator[Step]:
    if not on_9x9(grid):
        return
    ctx = context_of(grid)
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
        if len(rect.roof) == 2 and same_line(geo, *rect.roof):
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
            f"{deadly_text(geo, rect.cells, rect.a, rect.b)}; {floor_text(geo, rect, rect.floor)} and "
            f"{cells_text(geo, rect.roof)} add only {x}, so one of {cells_text(geo, rect.roof)} must be {x}, "
            f"which no cell seeing {'both' if len(rect.roof) == 2 else 'all'} of them can then be"
        )
        hl = rect_highlights(rect, *candidate_highlights(HighlightRole.FIN, [(c, x) for c in rect.roof]))
        yield uniqueness_step(geo, technique, reason, elims, hl, rect_focus(geo, rect.cells, rect.a, rect.b))


def find_uniqueness_2(grid: Grid) -> Iterator[Step]:
    """Two roof cells in one row or column share one extra digit x: cells seeing both lose x."""
    return _iter_type_2_or_5(grid, Technique.UNIQUENESS_2)


def find_uniqueness_5(grid: Grid) -> Iterator[Step]:
    """Diagonal or three roof cells share one extra digit x: cells seeing all of them lose x."""
    return _iter_type_2_or_5(grid, Technique.UNIQUENESS_5)


# -- Uniqueness Test 3 ---------------------------------------------------------


def _subset_steps(ctx: RectContext, rect: Rect, unit: int) -> Iterator[Step]:
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

    def grow(start: int, chosen: list[Cell], digits: int) -> Iterator[Step]:
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


def _subset_step(ctx: RectContext, rect: Rect, unit: int, group: list[Cell], digits: int) -> Step | None:
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
        f"{deadly_text(geo, rect.cells, rect.a, rect.b)}; {floor_text(geo, rect, floor)}, so "
        f"{cells_text(geo, rect.roof, 'or')} must hold {digits_text(geo, digits_of(extra))}, and with "
        f"{cells_text(geo, group)} that makes a naked {kind} of {digits_text(geo, digits_of(digits), 'and')} in "
        f"{units_text(geo, units)}"
    )
    fins = [(c, d) for c in members for d in digits_of(cands[c] & digits)]
    hl = rect_highlights(
        rect,
        Highlight(HighlightRole.DEFINING_UNIT, units=tuple(units)),
        *candidate_highlights(HighlightRole.FIN, fins),
    )
    return uniqueness_step(geo, Technique.UNIQUENESS_3, reason, elims, hl, rect_focus(geo, rect.cells, rect.a, rect.b))


def find_uniqueness_3(grid: Grid) -> Iterator[Step]:
    """Two roof cells in one unit plus k cells there make a naked subset of k + 1 digits."""
    if not on_9x9(grid):
        return

    def gen() -> Iterator[Step]:
        ctx = context_of(grid)
        for rect in ctx.unique_rectangles():
            if len(rect.floor) != 2 or not same_line(ctx.geometry, *rect.roof):
                continue
            for unit in units_containing(ctx.geometry, cell_mask(rect.roof)):
                yield from _subset_steps(ctx, rect, unit)

    yield from dedupe(gen())


# -- Uniqueness Test 4 ---------------------------------------------------------


def find_uniqueness_4(grid: Grid) -> Iterator[Step]:
    """Two roof cells in one unit where a can go nowhere else in it: neither roof cell is b."""
    if not on_9x9(grid):
        return

    def gen() -> Iterator[Step]:
        ctx = context_of(grid)
        geo = ctx.geometry
        digit_cells = ctx.idx.digit_cells
        for rect in ctx.unique_rectangles():
            if len(rect.floor) != 2 or not same_line(geo, *rect.roof):
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
                        f"{deadly_text(geo, rect.cells, rect.a, rect.b)}; {floor_text(geo, rect, rect.floor)}, and in "
                        f"{geo.unit_name(unit)}, digit {u} can only go in {cells_text(geo, rect.roof, 'or')}, so one of them "
                        f"is {u} and neither can be {v}"
                    )
                    hl = rect_highlights(
                        rect,
                        Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),
                        Highlight(HighlightRole.FIN, rect.roof, (u,)),
                    )
                    yield uniqueness_step(
                        geo,
                        Technique.UNIQUENESS_4,
                        reason,
                        elims,
                        hl,
                        rect_focus(geo, rect.cells, rect.a, rect.b),
                    )

    yield from dedupe(gen())


# -- Uniqueness Test 6 ---------------------------------------------------------


def _lines_through(geo: Geometry, cells: Sequence[Cell]) -> tuple[list[int], int]:
    """The rows and columns through ``cells`` (as units) and the mask of their cells."""
    units = sorted({geo.cell_units[c][k] for c in cells for k in (0, 1)})
    m = 0
    for u in units:
        m |= geo.unit_masks[u]
    return units, m


def find_uniqueness_6(grid: Grid) -> Iterator[Step]:
    """Floor cells on a diagonal and a confined to the rectangle in its rows and columns: the roof cells lose a."""
    if not on_9x9(grid):
        return
    ctx = context_of(grid)
    geo = ctx.geometry
    digit_cells = ctx.idx.digit_cells
    for rect in ctx.unique_rectangles():
        if len(rect.floor) != 2 or same_line(geo, *rect.roof):
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
                f"{deadly_text(geo, rect.cells, rect.a, rect.b)}; {floor_text(geo, rect, rect.floor)}, and in "
                f"{units_text(geo, units)}, digit {u} can only go in these four cells, so if {cells_text(geo, rect.roof)} "
                f"held {u}, {cells_text(geo, rect.floor)} would both be {v}: {u} belongs in "
                f"{cells_text(geo, rect.floor)}"
            )
            hl = rect_highlights(
                rect,
                Highlight(HighlightRole.DEFINING_UNIT, units=tuple(units)),
                Highlight(HighlightRole.FIN, rect.floor, (u,)),
            )
            yield uniqueness_step(
                geo, Technique.UNIQUENESS_6, reason, elims, hl, rect_focus(geo, rect.cells, rect.a, rect.b)
            )
            break  # HoDoKu reports one digit per rectangle; the other would contradict it


# -- Hidden Rectangle ----------------------------------------------------------


def find_hidden_rectangle(grid: Grid) -> Iterator[Step]:
    """One floor corner (or two diagonal ones): a confined to the rectangle in the far row and column removes b there."""
    if not on_9x9(grid):
        return

    def gen() -> Iterator[Step]:
        ctx = context_of(grid)
        geo = ctx.geometry
        digit_cells = ctx.idx.digit_cells
        for rect in ctx.unique_rectangles():
            if len(rect.floor) == 2 and same_line(geo, *rect.floor):
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
                        f"{deadly_text(geo, rect.cells, rect.a, rect.b)}; {floor_text(geo, rect, [corner])}, and in "
                        f"{units_text(geo, [row, col])}, digit {u} can only go in cells of the rectangle, so if "
                        f"{geo.cell_name(far)} were {v}, {cells_text(geo, mates)} would be {u} and "
                        f"{geo.cell_name(corner)} {v}"
                    )
                    hl = rect_highlights(
                        rect,
                        Highlight(HighlightRole.DEFINING_UNIT, units=(row, col)),
                        Highlight(HighlightRole.PIVOT, (corner,)),
                    )
                    yield uniqueness_step(
                        geo,
                        Technique.HIDDEN_RECTANGLE,
                        reason,
                        elims,
                        hl,
                        rect_focus(geo, rect.cells, rect.a, rect.b),
                    )

    yield from dedupe(gen())
