"""Completeness and exactness: intersection, subset and fish finders against plain re-statements of the definitions.

Positions are taken along the logic solver's path on SE-rated puzzles (start, middle and where the
solver ends), so they hold the candidate patterns real play produces.
"""

from __future__ import annotations

import pytest
from reference import REFERENCE
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.techniques import finder_for


def _positions(count: int) -> list[Grid]:
    lines = read_puzzles("sudoku_exchange_se_rated.txt")
    picked = lines[620 :: (len(lines) - 620) // count][:count]  # SE 3.x and up: patterns beyond singles
    out: list[Grid] = []
    for line in picked:
        grids = list(solve_logically(parse_grid(line), unique=True).iter_grids())
        out += [grids[0], grids[len(grids) // 2], grids[-1]]
    return out


POSITIONS = _positions(12)


@pytest.mark.parametrize("technique", list(REFERENCE), ids=lambda t: t.name)
def test_finder_finds_exactly_the_reference_instances(technique) -> None:  # type: ignore[no-untyped-def]
    finder = finder_for(technique)
    assert finder is not None
    reference = REFERENCE[technique]
    seen = 0
    for grid in POSITIONS:
        found = {frozenset((e.cell, e.digit) for e in s.eliminations) for s in finder(grid)}
        want = reference(grid)
        assert found == want, f"{technique}: finder-only {found - want}, reference-only {want - found}"
        seen += len(want)
    # Not an assertion on a count we chose: just make sure the sweep looked at something for common patterns.
    if technique.name in ("LOCKED_CANDIDATES_1", "NAKED_PAIR", "HIDDEN_PAIR", "X_WING"):
        assert seen > 0
