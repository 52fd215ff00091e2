"""Avoidable Rectangles: the deadly pattern where some corners were solved by the player (placed, never givens).

- Type 1: three solved corners a, b, b; the fourth is not a.
- Type 2: two solved corners a and b in one row or column; the other two hold only b or
  x and a or x (the same x): one of them is x, so cells seeing both lose x.

Sound generalisations of HoDoKu: Type 1 accepts any fourth cell (HoDoKu needs it
bivalue); Type 2 also accepts solved corners in one line across two boxes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Cell, Digit, Geometry, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, digits_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import seen_by_all
from .rectangles import (
    RectContext,
    all_rectangles,
    context_of,
    diagonal,
    on_9x9,
    rect_focus,
    same_line,
    uniqueness_step,
)


def _avoidable_candidates(ctx: RectContext) -> Iterator[tuple[tuple[Cell, Cell, Cell, Cell], list[Cell]]]:
    """Two-box rectangles without givens that have at least two corners placed by the player."""
    grid = ctx.grid
    givens, values = grid.givens, grid.values
    for corners in all_rectangles(ctx.geometry):
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
    if not on_9x9(grid):
        return
    ctx = context_of(grid)
    geo = ctx.geometry
    values, cands = grid.values, grid.candidates
    for corners, solved in _avoidable_candidates(ctx):
        if len(solved) != 3:
            continue
        (free,) = [c for c in corners if not values[c]]
        far = corners[diagonal(corners.index(free))]
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
        yield uniqueness_step(
            geo,
            Technique.AVOIDABLE_RECTANGLE_1,
            reason,
            [(free, a)],
            hl,
            rect_focus(geo, corners, min(a, b), max(a, b)),
        )


def find_avoidable_rectangle_2(grid: Grid) -> Iterator[Step]:
    """Two player-solved corners a and b in one line; the others hold only b/x and a/x: cells seeing both lose x."""
    if not on_9x9(grid):
        return
    ctx = context_of(grid)
    geo = ctx.geometry
    values, cands = grid.values, grid.candidates
    digit_cells = ctx.idx.digit_cells
    for corners, solved in _avoidable_candidates(ctx):
        if len(solved) != 2 or not same_line(geo, *solved):
            continue
        free = [c for c in corners if not values[c]]
        # Each free corner would have to take the digit of the solved corner diagonal to it.
        need = [values[corners[diagonal(corners.index(c))]] for c in free]
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
            yield uniqueness_step(
                geo,
                Technique.AVOIDABLE_RECTANGLE_2,
                reason,
                [(c, x) for c in bits(targets)],
                hl,
                rect_focus(geo, corners, min(a, b), max(a, b)),
            )
