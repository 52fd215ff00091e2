"""The fish core's two forms find the same fish: the general search over units (``unit_fish``), asked for rows
against columns, and its row/column form on bitmasks (``Lines``, ``base_sets``, ``cover_sets``).

The row/column form is the general search specialised (every base candidate has one allowed cover unit, its
column, so a cover set is a mask of positions). On real positions (the position before every step that is not a
single on the logic paths of puzzles kept in this repository), per digit, direction and size, both forms list
the same fish: the same base units, cover units, fins and eliminations, basic and finned (fins in one box, as
X-Wing to Sashimi Jellyfish take them). The general search also stands up on the variants' geometry.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from sudoku_tk.engine.board.geometry import bits
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Family
from sudoku_tk.engine.techniques.common import index_of
from sudoku_tk.engine.techniques.fish_core import (
    FISH_BASIC,
    KIND_COL,
    KIND_ROW,
    DigitUnits,
    Fish,
    FishShape,
    Lines,
    base_sets,
    cover_sets,
    kind_units,
    unit_fish,
)

PUZZLES = Path(__file__).resolve().parents[2] / "data" / "puzzles" / "sudoku_exchange_se_rated.txt"
FishKey = tuple[int, tuple[int, ...], tuple[int, ...], int, int]
"""(digit, base units, cover units, fins mask, eliminations mask)."""


@cache
def positions() -> tuple[Grid, ...]:
    """The position before every step that is not a single, on the logic paths of 24 of the harder puzzles."""
    lines = [s.strip() for s in PUZZLES.read_text(encoding="utf-8").splitlines() if s.strip()]
    out: list[Grid] = []
    for puzzle in lines[1200::40][:24]:
        path = solve_logically(parse_grid(puzzle), unique=True)
        out.extend(g for s, g in zip(path.steps, path.iter_grids()) if s.technique.family is not Family.SINGLES)
    return tuple(out)


def digit_units(grid: Grid, digit: int) -> DigitUnits:
    """The digit's units, every unit with two candidates or more usable, every candidate a possible target."""
    bit = 1 << (digit - 1)
    cands = sum(1 << c for c, m in enumerate(grid.candidates) if m & bit)
    unit_cells = tuple(cands & m for m in grid.geometry.unit_masks)
    usable = sum(1 << u for u, m in enumerate(unit_cells) if m.bit_count() >= 2)
    return DigitUnits(unit_cells, usable, cands)


def general(grid: Grid, size: int, finned: bool) -> set[FishKey]:
    """Every row/column fish the general search finds (fins: up to every base candidate, no endo fins)."""
    geo = grid.geometry
    rows, cols = kind_units(geo, KIND_ROW), kind_units(geo, KIND_COL)
    found: list[Fish] = []
    for digit in range(1, geo.side + 1):
        units = digit_units(grid, digit)
        for base, cover in ((rows, cols), (cols, rows)):
            shape = FishShape(size, base, cover, finned, geo.ncells if finned else 0, 0, FISH_BASIC)
            unit_fish(geo, digit, units, shape, lambda _b, _c, _f: True, found)
    return {(f.digit, f.bases, tuple(sorted(f.covers)), f.fins, f.elims) for f in found}


def line_form(grid: Grid, size: int, finned: bool) -> set[FishKey]:
    """Every row/column fish on bitmasks: no fins, or fins in one box with something removed in that box."""
    idx = index_of(grid)
    b = idx.geometry.box
    groups = tuple(((1 << b) - 1) << (g * b) for g in range(b)) if finned else (0,)
    out: set[FishKey] = set()
    for digit in range(1, idx.side + 1):
        for by_rows in (True, False):
            o = Lines(idx, digit, by_rows)
            for base, union in base_sets(o.positions, size, size + b if finned else size):
                for _group, cover in cover_sets(union, size, groups):
                    if any(not o.positions[line] & cover for line in base):
                        continue  # a base line of fins only
                    fins = o.fins(base, cover)
                    if bool(fins) != finned or len({line // b for line in base if o.positions[line] & ~cover}) > 1:
                        continue  # fins in two bands see no common cell inside a cover line
                    fin_mask = sum(1 << c for c in fins)
                    elims = 0
                    for line, m in enumerate(o.positions):
                        if line in base:
                            continue
                        for pos in bits(m & cover):
                            cell = o.cell(line, pos)
                            if all(idx.geometry.sees(cell, f) for f in fins):
                                elims |= 1 << cell
                    if elims:
                        bases = tuple(sorted(o.base_unit(line) for line in base))
                        covers = tuple(sorted(o.cover_unit(p) for p in bits(cover)))
                        out.add((digit, bases, covers, fin_mask, elims))
    return out


@pytest.mark.parametrize("finned", [False, True], ids=["basic", "finned"])
@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_general_search_on_rows_and_columns_is_the_row_column_form(size: int, finned: bool) -> None:
    grids = positions()
    assert len(grids) > 300
    found = 0
    for grid in grids:
        want = line_form(grid, size, finned)
        assert general(grid, size, finned) == want
        found += len(want)
    assert found >= 10  # both forms find real fish, not only nothing
