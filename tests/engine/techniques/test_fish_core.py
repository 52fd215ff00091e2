"""The fish core's two routes find the same fish: the general search over units (``unit_fish``), asked for rows
against columns, and its row/column form on bitmasks (``line_fish``), which ``find_fish`` takes for such shapes.

The row/column form is the general search specialised (every base candidate has one allowed cover unit, its
column, so a cover set is a mask of positions). On real positions (the position before every step that is not a
single on the logic paths of puzzles kept in this repository), per digit, direction and size, both forms list
the same fish: the same base units, cover units, fins and eliminations, basic and finned (fins in one box, as
X-Wing to Sashimi Jellyfish take them) and fins anywhere (as Kraken fish take them). The general search also stands up on the variants' geometry.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Family
from sudoku_tk.engine.techniques.common import index_of
from sudoku_tk.engine.techniques.fish_core import (
    FISH_BASIC,
    KIND_BOX,
    KIND_COL,
    KIND_ROW,
    DigitUnits,
    Fish,
    FishShape,
    find_fish,
    kind_units,
    line_fish,
    line_shape,
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


def general(grid: Grid, size: int, finned: bool, max_fins: int) -> set[FishKey]:
    """Every row/column fish the general search finds (no endo fins)."""
    geo = grid.geometry
    rows, cols = kind_units(geo, KIND_ROW), kind_units(geo, KIND_COL)
    found: list[Fish] = []
    for digit in range(1, geo.side + 1):
        units = digit_units(grid, digit)
        for base, cover in ((rows, cols), (cols, rows)):
            shape = FishShape(size, base, cover, finned, max_fins if finned else 0, 0, FISH_BASIC)
            unit_fish(geo, digit, units, shape, lambda _b, _c, _f: True, found)
    return {key(f) for f in found}


def key(fish: Fish) -> FishKey:
    return (fish.digit, tuple(sorted(fish.bases)), tuple(sorted(fish.covers)), fish.fins, fish.elims)


def line_form(grid: Grid, size: int, finned: bool, max_fins: int, in_box: bool) -> set[FishKey]:
    """Every row/column fish on bitmasks, as the row/column finders ask for them."""
    idx = index_of(grid)
    out: set[FishKey] = set()
    for digit in range(1, idx.side + 1):
        for by_rows in (True, False):
            shape = line_shape(idx.side, size, by_rows, finned=finned, max_fins=max_fins, fins_in_box=in_box)
            found = list(find_fish(idx, digit, shape))
            assert found == list(line_fish(idx, digit, shape, by_rows))  # find_fish takes the bitmask route
            out.update(key(f) for f in found)
    return out


@pytest.mark.parametrize("finned", [False, True], ids=["basic", "finned"])
@pytest.mark.parametrize("size", [2, 3, 4])
def test_the_general_search_on_rows_and_columns_is_the_row_column_form(size: int, finned: bool) -> None:
    """Fins in one box (X-Wing to Sashimi Jellyfish) on bitmasks against any number of fins in the general search:
    on a classic board no cell outside a fin's box sees every fin inside a cover line, so both find the same."""
    grids = positions()
    assert len(grids) > 300
    found = 0
    for grid in grids:
        want = line_form(grid, size, finned, 81, True)
        assert general(grid, size, finned, 81) == want
        found += len(want)
    assert found >= 10  # both forms find real fish, not only nothing


@pytest.mark.parametrize("size", [2, 3, 4])
def test_fins_anywhere_on_bitmasks_is_the_general_search_with_as_many_fins(size: int) -> None:
    """The Kraken fish's shape (at most two fins, anywhere), asked for fish that remove something."""
    grids = positions()[::3]
    found = 0
    for grid in grids:
        want = line_form(grid, size, True, 2, False)
        assert general(grid, size, True, 2) == want
        found += len(want)
    assert found >= 10


def test_fish_that_remove_nothing_are_found_only_on_bitmasks() -> None:
    grid = positions()[0]
    idx = index_of(grid)
    bare = line_shape(9, 2, True, finned=True, max_fins=2, bare=True)
    removing = line_shape(9, 2, True, finned=True, max_fins=2)
    for digit in range(1, 10):
        every = list(find_fish(idx, digit, bare))
        assert [f for f in every if f.elims] == list(find_fish(idx, digit, removing))
    assert any(not f.elims for d in range(1, 10) for f in find_fish(idx, d, bare))
    geo = grid.geometry
    franken = FishShape(2, kind_units(geo, KIND_ROW | KIND_BOX), kind_units(geo, KIND_COL), True, 2, 0, FISH_BASIC)
    with pytest.raises(ValueError):
        find_fish(idx, 1, franken._replace(bare=True))
    with pytest.raises(ValueError):
        find_fish(idx, 1, franken._replace(fins_in_box=True))
