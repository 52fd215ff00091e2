"""Brute force on bitboards: known answers, whole public sets, no-solution and several-solution puzzles, 4×4 and
16×16, and the callers' ``propagate_singles``.

Every answer is judged by sudoku_oracle.py (rows, columns and boxes rebuilt from arithmetic), never by the
engine's own tables.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from shared_data import read_puzzles
from sudoku_oracle import assert_solves, digits_of_line, pattern_solution, units

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.generator import random_solution
from sudoku_tk.engine.solving.brute_force import (
    count_solutions,
    iter_solutions,
    propagate_singles,
    solve,
    solve_values,
    unique_solution,
)

# The example puzzle of Wikipedia's "Sudoku" article and its published solution.
WIKIPEDIA_PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
WIKIPEDIA_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def grid_of(line: str) -> Grid:
    return Grid.from_values(digits_of_line(line))


def test_a_published_solution() -> None:
    grid = grid_of(WIKIPEDIA_PUZZLE)
    expected = tuple(digits_of_line(WIKIPEDIA_SOLUTION))
    assert solve(grid) == expected
    assert unique_solution(grid) == expected
    assert count_solutions(grid, 2) == 1
    assert list(iter_solutions(grid)) == [expected]
    assert solve_values(grid.givens) == expected


def test_every_puzzle_kept_with_the_repository_is_unique() -> None:
    # 2,294 Sudoku Exchange puzzles (tests/data/puzzles): always here, even on a plain clone.
    lines = read_puzzles("sudoku_exchange_se_rated.txt")
    assert len(lines) == 2294
    for line in lines:
        grid = grid_of(line)
        sols = list(itertools.islice(iter_solutions(grid), 3))
        assert len(sols) == 1, line
        assert_solves(grid.givens, sols[0])
        assert count_solutions(grid, 2) == 1


@pytest.mark.parametrize("name,count", [("forum_hardest_1106.txt", 375), ("easy50.txt", 50)])
def test_shared_sets_are_unique(name: str, count: int) -> None:
    lines = read_puzzles(name)
    assert len(lines) == count
    for line in lines:
        grid = grid_of(line)
        sol = unique_solution(grid)
        assert_solves(grid.givens, sol)
        assert count_solutions(grid, 3) == 1


def test_several_solutions_are_two_distinct_valid_grids() -> None:
    lines = read_puzzles("serg_benchmark_multi_solution.txt")[::50]
    assert len(lines) == 200
    for line in lines:
        grid = grid_of(line)
        assert count_solutions(grid, 2) == 2, line
        assert unique_solution(grid) is None
        first, second = itertools.islice(iter_solutions(grid), 2)
        assert first != second
        assert_solves(grid.givens, first)
        assert_solves(grid.givens, second)
        assert solve(grid) == first


# -- no solution -------------------------------------------------------------------------------------------------


def test_the_solution_with_one_digit_changed_has_none() -> None:
    # Every one of 81 ways: the full grid with one cell's digit swapped for its neighbour's clashes in a unit.
    full = pattern_solution(3)
    for cell in range(81):
        vals = full[:]
        vals[cell] = full[cell] % 9 + 1
        grid = Grid.from_values(vals)
        assert count_solutions(grid, 2) == 0
        assert solve(grid) is None


def test_a_digit_with_no_place_in_a_unit_has_none() -> None:
    # Candidates that leave no cell of row 1 a 5 (every cell empty, so nothing clashes and no cell is dead).
    cands = [0b111111111] * 81
    for c in range(9):
        cands[c] &= ~(1 << 4)
    grid = Grid.from_values([0] * 81, candidates=cands)
    assert count_solutions(grid, 2) == 0
    assert list(iter_solutions(grid)) == []
    # The same in a box and in a column.
    for unit in (units(3)[9 + 4], units(3)[18 + 8]):
        cands = [0b111111111] * 81
        for c in unit:
            cands[c] &= ~(1 << 8)
        assert count_solutions(Grid.from_values([0] * 81, candidates=cands), 2) == 0


def test_givens_that_leave_a_cell_nothing_have_none() -> None:
    # r1c1 sees 1..4 in its row, 5..8 in its column and 9 in its box: no digit is left for it.
    vals = [0] * 81
    vals[1:5] = [1, 2, 3, 4]
    for i, d in enumerate([5, 6, 7, 8]):
        vals[(i + 3) * 9] = d
    vals[10] = 9
    grid = Grid.from_values(vals)
    assert grid.candidates[0] == 0
    assert count_solutions(grid, 2) == 0
    assert solve(grid) is None


# -- 4×4 and 16×16 ------------------------------------------------------------------------------------------------


def _swappable_rectangle(full: Sequence[int], box: int) -> list[int] | None:
    """Four cells in two rows of one band and two columns of different stacks whose digits are a, b / b, a.

    Blanking them leaves exactly two solutions (the digits swapped or not), whatever else is given.
    """
    n = box * box
    for r1 in range(n):
        for r2 in range(r1 + 1, (r1 // box + 1) * box):
            for c1 in range(n):
                for c2 in range((c1 // box + 1) * box, n):
                    a, b = full[r1 * n + c1], full[r1 * n + c2]
                    if full[r2 * n + c1] == b and full[r2 * n + c2] == a:
                        return [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2]
    return None


@pytest.mark.parametrize("box", [2, 3, 4])
def test_a_swappable_rectangle_has_exactly_two_solutions(box: int) -> None:
    # The generator's grids have no such rectangle on 9×9; the published Wikipedia solution has one.
    full = digits_of_line(WIKIPEDIA_SOLUTION) if box == 3 else list(random_solution(random.Random(0), box))
    assert_solves([0] * len(full), full)
    cells = _swappable_rectangle(full, box)
    assert cells is not None
    vals = full[:]
    for c in cells:
        vals[c] = 0
    grid = Grid.from_values(vals)
    sols = list(itertools.islice(iter_solutions(grid), 5))
    assert len(sols) == 2
    assert tuple(full) in sols
    for sol in sols:
        assert_solves(vals, sol)
    assert count_solutions(grid, 5) == 2
    assert unique_solution(grid) is None


@pytest.mark.parametrize("seed", range(3))
def test_16x16_puzzles_keep_their_solution(seed: int) -> None:
    rng = random.Random(seed)
    full = list(random_solution(rng, 4))
    assert_solves([0] * 256, full)
    vals = [v if rng.random() < 0.5 else 0 for v in full]
    grid = Grid.from_values(vals)
    sols = list(itertools.islice(iter_solutions(grid), 2))
    for sol in sols:
        assert_solves(vals, sol)
    assert count_solutions(grid, 2) == len(sols)
    if len(sols) == 1:
        assert sols[0] == tuple(full)


def test_16x16_candidate_grid_and_a_wrong_given() -> None:
    full = list(random_solution(random.Random(5), 4))
    vals = full[:]
    for cell in range(0, 256, 4):
        vals[cell] = 0
    grid = Grid.from_values(vals)
    assert unique_solution(grid) == tuple(full)
    # Removing the solution's digit from one empty cell's candidates leaves no solution.
    cands = list(grid.candidates)
    cands[0] &= ~(1 << (full[0] - 1))
    assert count_solutions(Grid.from_values(vals, candidates=cands), 2) == 0
    # A given that is a candidate of its cell but not the solution's digit: none either.
    wrong = next(d for d in range(1, 17) if d != full[0] and grid.candidates[0] >> (d - 1) & 1)
    vals[0] = wrong
    assert count_solutions(Grid.from_values(vals), 2) == 0


def test_4x4_every_grid_once() -> None:
    sols = list(iter_solutions(Grid.from_values([0] * 16)))
    assert len(sols) == len(set(sols)) == 288
    for sol in sols:
        assert_solves([0] * 16, sol)


# -- propagate_singles (the callers' cell masks) --------------------------------------------------------------------


def test_propagate_singles_finishes_a_singles_puzzle() -> None:
    geo = Geometry.of(3)
    grid = grid_of(WIKIPEDIA_PUZZLE)
    masks = [(1 << (v - 1)) if v else m for v, m in zip(grid.values, grid.candidates)]
    assert propagate_singles(masks, geo) is True
    assert [m.bit_length() for m in masks] == digits_of_line(WIKIPEDIA_SOLUTION)


def test_propagate_singles_reports_a_contradiction() -> None:
    geo = Geometry.of(3)
    grid = grid_of(WIKIPEDIA_PUZZLE)
    masks = [(1 << (v - 1)) if v else m for v, m in zip(grid.values, grid.candidates)]
    masks[2] = 1 << 4  # a second 5 in row 1 (r1c1 holds the given 5): the two decided cells clash
    assert propagate_singles(masks, geo) is False
