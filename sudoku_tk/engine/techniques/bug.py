"""Bivalue Universal Grave + 1 (BUG+1).

Every empty cell has two candidates except one with three, and every digit appears
exactly twice in each unit where it is open except the one extra digit of that cell,
three times in its row, column and box: without it the board would have no or several
solutions, so the cell takes that digit (HoDoKu's form: the cell's other two candidates
are removed). Unlike HoDoKu, every other digit count must be 0 or 2 (HoDoKu accepts 1,
which is not a BUG).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import digits_of
from ..board.grid import Grid
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import index_of
from .rectangles import on_9x9, uniqueness_step


def find_bug_plus_1(grid: Grid) -> Iterator[Step]:
    """All empty cells bivalue but one trivalue cell whose extra digit shows three times in its units."""
    if not on_9x9(grid):
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
    yield uniqueness_step(geo, Technique.BUG_PLUS_1, reason, elims, hl, geo.unit_name(own_units[2]))
