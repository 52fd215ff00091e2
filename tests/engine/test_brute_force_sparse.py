"""Sparse 16×16 puzzles: the search answers them within a small amount of work, and ``stop`` ends any search.

Work is counted, not timed: ``stop`` is asked once every ``STOP_EVERY`` nodes, so a ``stop`` that says True after
``n`` calls ends a search of more than ``n × STOP_EVERY`` nodes with ``SearchStopped``. The budgets below are ten
times or more what the search needs; before it branched on a digit's places, issue 22's puzzle ran for hours.

The no-solution puzzles are built as pigeonholes, so the test knows the answer from the construction alone: k+1
digits each given once in every column but k, never in one row, so in that row they all need the same k cells.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from sudoku_oracle import assert_solves, digits_of_line

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.generator import random_solution
from sudoku_tk.engine.solving.brute_force import (
    STOP_EVERY,
    SearchStopped,
    count_solutions,
    deadline,
    first_solutions,
    iter_solutions,
    solve,
    unique_solution,
)

SIDE = 16
ISSUE_22 = (
    "....................F.....D.G.E.......DGE......F......E...FG...D........G..D..F......E........G.....G.FD.E......."
    ".......F...E.D....FD..E.......G.....G.F....DE.....G....DFE........D.....G...F.....E.FG......D......E....D...G..."
    ".........GF...E.....D.....EF..."
)
"""Issue 22: D, E, F and G (13 to 16) each given in columns 4 to 16, never in row 1: four digits for r1c1…r1c3."""


def budget(calls: int) -> Callable[[], bool]:
    """A ``stop`` that lets a search visit about ``calls × STOP_EVERY`` nodes, then ends it."""
    asked = [0]

    def stop() -> bool:
        asked[0] += 1
        return asked[0] > calls

    return stop


def peers(cell: int) -> set[int]:
    r, c = divmod(cell, SIDE)
    out = {r * SIDE + k for k in range(SIDE)} | {k * SIDE + c for k in range(SIDE)}
    out |= {(r - r % 4 + i) * SIDE + c - c % 4 + j for i in range(4) for j in range(4)}
    return out - {cell}


def pigeonhole(seed: int) -> tuple[list[int], int, set[int], list[int]]:
    """(givens, row, spared columns, digits) of a pigeonhole puzzle (see the module docstring)."""
    rng = random.Random(seed)
    k = rng.randint(2, 4)
    row = rng.randrange(SIDE)
    spared = set(rng.sample(range(SIDE), k))
    digits = rng.sample(range(1, SIDE + 1), k + 1)
    while True:
        values = [0] * (SIDE * SIDE)
        stuck = False
        for d in digits:
            for c in rng.sample([c for c in range(SIDE) if c not in spared], SIDE - k):
                rows = [
                    r
                    for r in range(SIDE)
                    if r != row and not values[r * SIDE + c] and all(values[p] != d for p in peers(r * SIDE + c))
                ]
                if not rows:
                    stuck = True
                    break
                values[rng.choice(rows) * SIDE + c] = d
            if stuck:
                break
        if not stuck:
            return values, row, spared, digits


def assert_is_pigeonhole(values: Sequence[int], row: int, spared: set[int], digits: Sequence[int]) -> None:
    """Every digit is in every column but the spared ones and nowhere in ``row``; no given clashes."""
    for d in digits:
        assert all(values[row * SIDE + c] != d for c in range(SIDE))
        for c in range(SIDE):
            if c not in spared:
                assert any(values[r * SIDE + c] == d for r in range(SIDE)), (d, c)
    assert len(digits) == len(spared) + 1
    for cell, v in enumerate(values):
        assert not v or all(values[p] != v for p in peers(cell))


def test_issue_22s_puzzle_has_no_solution_after_little_work() -> None:
    grid = Grid.from_values(digits_of_line(ISSUE_22))
    values = list(grid.givens)
    assert_is_pigeonhole(values, 0, {0, 1, 2}, [13, 14, 15, 16])
    assert count_solutions(grid, 2, stop=budget(10)) == 0
    assert first_solutions(grid, 2, stop=budget(10)) == []
    assert unique_solution(grid, stop=budget(10)) is None
    assert solve(grid, stop=budget(10)) is None


@pytest.mark.parametrize("seed", range(12))
def test_pigeonholes_have_no_solution_after_little_work(seed: int) -> None:
    values, row, spared, digits = pigeonhole(seed)
    assert_is_pigeonhole(values, row, spared, digits)
    assert count_solutions(Grid.from_values(values), 2, stop=budget(20)) == 0
    # The same with the row as a column.
    turned = [values[(c % SIDE) * SIDE + c // SIDE] for c in range(SIDE * SIDE)]
    assert count_solutions(Grid.from_values(turned), 2, stop=budget(20)) == 0


@pytest.mark.parametrize("seed", range(8))
def test_a_few_digits_given_has_several_solutions_found_after_little_work(seed: int) -> None:
    rng = random.Random(seed)
    full = random_solution(rng, 4)
    chosen = set(rng.sample(range(1, SIDE + 1), rng.randint(3, 6)))
    givens = [v if v in chosen and rng.random() < 0.8 else 0 for v in full]
    first, second = first_solutions(Grid.from_values(givens), 2, stop=budget(40))
    assert first != second
    assert_solves(givens, first)
    assert_solves(givens, second)


def test_the_built_in_16x16_puzzles_are_unique_after_little_work() -> None:
    folder = Path(__file__).resolve().parents[2] / "sudoku_tk" / "data" / "puzzles"
    lines = [ln for f in sorted(folder.glob("16x16-*.txt")) for ln in f.read_text().splitlines()]
    puzzles = [ln.split("\t")[3] for ln in lines if ln.strip() and not ln.startswith("#")]
    assert puzzles
    for line in puzzles:
        givens = digits_of_line(line)
        found = first_solutions(Grid.from_values(givens), 2, stop=budget(20))
        assert len(found) == 1, line
        assert_solves(givens, found[0])


# -- stop ------------------------------------------------------------------------------------------------------


def test_stop_ends_a_search_with_search_stopped() -> None:
    empty = Grid.from_values([0] * 81)
    with pytest.raises(SearchStopped):
        count_solutions(empty, 10_000, stop=lambda: True)
    with pytest.raises(SearchStopped):
        list(iter_solutions(empty, stop=deadline(0)))


def test_stop_is_asked_every_few_nodes_and_leaves_the_answer_alone() -> None:
    asked = [0]

    def never() -> bool:
        asked[0] += 1
        return False

    empty = Grid.from_values([0] * 81)
    assert count_solutions(empty, 300, stop=never) == 300
    # 300 solutions need at least 300 nodes; a node is counted once, so stop was asked at most nodes / STOP_EVERY.
    assert 300 // STOP_EVERY <= asked[0] < 300
    assert count_solutions(empty, 300) == 300


def test_a_deadline_not_reached_changes_nothing() -> None:
    grid = Grid.from_values(digits_of_line(ISSUE_22))
    assert count_solutions(grid, 2, stop=deadline(3600)) == 0
