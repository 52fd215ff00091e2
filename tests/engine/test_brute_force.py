"""Brute-force solver: known puzzle sets solved and checked by an independent oracle, counts, all three sizes.

The oracle below does not use the engine's geometry tables: it rebuilds rows,
columns and boxes from arithmetic, so a wrong table cannot hide a wrong answer.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid, ProblemKind
from sudoku_tk.engine.generating.generator import random_solution
from sudoku_tk.engine.solving.brute_force import (
    count_solutions,
    iter_solutions,
    puzzle_problems,
    solve,
    solve_values,
    unique_solution,
)

DIGITS = "123456789ABCDEFG"


# -- the oracle ----------------------------------------------------------------
def oracle_units(box: int) -> list[list[int]]:
    """Rows, columns and boxes of a board with ``box``×``box`` boxes, from arithmetic alone."""
    n = box * box
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br + r) * n + bc + c for r in range(box) for c in range(box)]
        for br in range(0, n, box)
        for bc in range(0, n, box)
    ]
    return rows + cols + boxes


def assert_solves(givens: Sequence[int], solution: Sequence[int] | None) -> None:
    """``solution`` is a full grid where every unit holds each digit once, and it keeps every given."""
    assert solution is not None, "no solution returned"
    box = {16: 2, 81: 3, 256: 4}[len(givens)]
    n = box * box
    assert len(solution) == len(givens)
    for unit in oracle_units(box):
        assert sorted(solution[c] for c in unit) == list(range(1, n + 1)), f"bad unit {unit}"
    for cell, g in enumerate(givens):
        if g:
            assert solution[cell] == g, f"given changed at cell {cell}"


def digits_of_line(line: str) -> list[int]:
    return [0 if ch in ".0" else DIGITS.index(ch.upper()) + 1 for ch in line]


def grid_of(line: str) -> Grid:
    return Grid.from_values(digits_of_line(line))


def pattern_solution(box: int) -> list[int]:
    """A valid solved grid from the classic shifting pattern (row r starts box*(r%box) + r//box along)."""
    n = box * box
    return [(box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n)]


def shuffled_solution(box: int, rng: random.Random) -> list[int]:
    """A random valid solved grid (the generator's; each one is also checked by assert_solves where used)."""
    return list(random_solution(rng, box))


def test_oracle_rejects_wrong_grids() -> None:
    good = pattern_solution(3)
    assert_solves([0] * 81, good)
    swapped = good[:]
    swapped[0], swapped[1] = swapped[1], swapped[0]  # keeps the row, breaks two columns
    with pytest.raises(AssertionError):
        assert_solves([0] * 81, swapped)
    givens = [0] * 81
    givens[0] = good[0] % 9 + 1
    with pytest.raises(AssertionError):
        assert_solves(givens, good)


# -- public puzzle sets ---------------------------------------------------------
@pytest.mark.parametrize("name", ["top95.txt", "hardest.txt"])
def test_every_puzzle_of_the_hard_sets_is_solved_uniquely(name: str) -> None:
    lines = read_puzzles(name)
    assert len(lines) == {"top95.txt": 95, "hardest.txt": 11}[name]
    for line in lines:
        grid = grid_of(line)
        assert_solves(grid.givens, solve(grid))
        assert count_solutions(grid, 2) == 1, line
        assert unique_solution(grid) == solve(grid)


def test_17_clue_sample_solved_uniquely() -> None:
    # Every 6th puzzle of the file: a deterministic 2,000-puzzle sample spread over the whole set.
    lines = read_puzzles("17clue_every4th.txt")[::6][:2000]
    assert len(lines) == 2000
    for line in lines:
        grid = grid_of(line)
        assert grid.given_count() == 17
        sol = unique_solution(grid)
        assert_solves(grid.givens, sol)


def test_every_multi_solution_puzzle_is_reported() -> None:
    lines = read_puzzles("serg_benchmark_multi_solution.txt")
    assert len(lines) == 10_000
    for i, line in enumerate(lines):
        grid = grid_of(line)
        assert count_solutions(grid, 2) == 2, line
        if i % 10 == 0:
            assert unique_solution(grid) is None


def test_multi_solution_solutions_are_distinct_and_valid() -> None:
    for line in read_puzzles("serg_benchmark_multi_solution.txt", 50):
        grid = grid_of(line)
        sols = []
        for sol in iter_solutions(grid):
            sols.append(sol)
            if len(sols) == 3:
                break
        assert len(sols) >= 2
        assert len(set(sols)) == len(sols)
        for sol in sols:
            assert_solves(grid.givens, sol)


def test_count_respects_the_limit() -> None:
    empty = Grid.from_values([0] * 81)
    assert count_solutions(empty, 1) == 1
    assert count_solutions(empty, 5) == 5
    assert count_solutions(empty) == 2
    assert count_solutions(empty, 0) == 0


# -- no solution ----------------------------------------------------------------
def _wrong_given_puzzles(count: int) -> list[tuple[list[int], int, int]]:
    """Unique puzzles with one extra given that is a candidate of its cell but not the solution digit.

    Any solution of such a grid would also solve the original, whose only solution
    has another digit there: so it has none, though no unit holds a digit twice.
    """
    out = []
    rng = random.Random(2)
    for line in read_puzzles("top95.txt", count):
        grid = grid_of(line)
        sol = solve(grid)
        assert sol is not None
        empties = [c for c in range(81) if not grid.values[c]]
        rng.shuffle(empties)
        for cell in empties:
            wrong = [d for d in range(1, 10) if grid.candidates[cell] >> (d - 1) & 1 and d != sol[cell]]
            if wrong:
                vals = list(grid.givens)
                vals[cell] = wrong[0]
                out.append((vals, cell, wrong[0]))
                break
    return out


def test_a_hidden_contradiction_has_no_solution() -> None:
    cases = _wrong_given_puzzles(30)
    assert len(cases) == 30
    for vals, _cell, _digit in cases:
        grid = Grid.from_values(vals)
        assert not grid.duplicate_problems()
        assert solve(grid) is None
        assert count_solutions(grid, 2) == 0
        assert unique_solution(grid) is None
        assert list(iter_solutions(grid)) == []
        kinds = [p.kind for p in puzzle_problems(grid)]
        assert ProblemKind.NO_SOLUTION in kinds
        assert ProblemKind.DUPLICATE not in kinds


def test_duplicates_and_dead_cells_have_no_solution() -> None:
    vals = [0] * 81
    vals[0] = vals[1] = 5
    assert solve(Grid.from_values(vals)) is None
    # Row 1 holds 1..8 and column 9 holds 9: r1c9 can take nothing.
    vals = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 72
    vals[9 * 4 + 8] = 9
    grid = Grid.from_values(vals)
    assert grid.candidates[8] == 0
    assert count_solutions(grid) == 0


def test_candidate_grid_limits_the_search() -> None:
    line = read_puzzles("top95.txt", 1)[0]
    grid = grid_of(line)
    sol = solve(grid)
    assert sol is not None
    cell = next(c for c in range(81) if not grid.values[c])
    cands = list(grid.candidates)
    cands[cell] &= ~(1 << (sol[cell] - 1))
    assert solve(Grid.from_values(grid.givens, candidates=cands)) is None
    # Candidates that still hold the solution keep it solvable.
    cands = list(grid.candidates)
    cands[cell] = 1 << (sol[cell] - 1)
    assert solve(Grid.from_values(grid.givens, candidates=cands)) == sol


def test_placed_digits_count_as_filled() -> None:
    line = read_puzzles("top95.txt", 1)[0]
    grid = grid_of(line)
    sol = solve(grid)
    assert sol is not None
    cell = next(c for c in range(81) if not grid.values[c])
    placed = [0] * 81
    placed[cell] = sol[cell]
    assert solve(Grid.from_values(grid.givens, placed)) == sol
    placed[cell] = sol[cell] % 9 + 1
    assert solve(Grid.from_values(grid.givens, placed)) is None
    assert solve_values(grid.givens) == sol


# -- 4×4 and 16×16 ---------------------------------------------------------------
def oracle_4x4_grids() -> list[tuple[int, ...]]:
    """Every completed 4×4 grid, by stacking row permutations that keep columns and boxes distinct."""
    from itertools import permutations

    rows = list(permutations(range(1, 5)))
    out = []

    def extend(stack: list[tuple[int, ...]]) -> None:
        if len(stack) == 4:
            out.append(tuple(d for row in stack for d in row))
            return
        for row in rows:
            if any(row[c] == prev[c] for prev in stack for c in range(4)):
                continue
            if len(stack) % 2 == 1 and any({row[c], row[c + 1]} & {stack[-1][c], stack[-1][c + 1]} for c in (0, 2)):
                continue
            extend(stack + [row])

    extend([])
    return out


def test_4x4_counts_match_the_known_total() -> None:
    # There are 288 completed 4×4 grids; fixing r1c1 leaves a quarter of them by relabelling digits.
    oracle = oracle_4x4_grids()
    assert len(oracle) == 288
    assert count_solutions(Grid.from_values([0] * 16), 1000) == 288
    assert count_solutions(Grid.from_values([1] + [0] * 15), 1000) == 72
    sols = list(iter_solutions(Grid.from_values([0] * 16)))
    assert sorted(sols) == sorted(oracle)


def test_4x4_counts_agree_with_enumeration() -> None:
    oracle = oracle_4x4_grids()
    rng = random.Random(4)
    seen_counts = set()
    for _ in range(300):
        full = rng.choice(oracle)
        vals = [v if rng.random() < rng.choice((0.2, 0.3, 0.4)) else 0 for v in full]
        expected = sum(all(g in (0, s) for g, s in zip(vals, sol)) for sol in oracle)
        grid = Grid.from_values(vals)
        assert count_solutions(grid, 1000) == expected, vals
        assert (unique_solution(grid) is not None) == (expected == 1)
        seen_counts.add(min(expected, 2))
    assert seen_counts == {1, 2}  # both unique and several-solution puzzles were tried


@pytest.mark.parametrize("seed", range(4))
def test_4x4_random_holes(seed: int) -> None:
    rng = random.Random(seed)
    full = shuffled_solution(2, rng)
    vals = [v if rng.random() < 0.4 else 0 for v in full]
    grid = Grid.from_values(vals)
    assert_solves(vals, solve(grid))
    assert full in [list(s) for s in iter_solutions(grid)]


@pytest.mark.parametrize("seed,holes", [(0, 120), (1, 150), (2, 170), (3, 190)])
def test_16x16_solved(seed: int, holes: int) -> None:
    rng = random.Random(seed)
    full = shuffled_solution(4, rng)
    assert_solves([0] * 256, full)
    vals = full[:]
    for cell in rng.sample(range(256), holes):
        vals[cell] = 0
    grid = Grid.from_values(vals)
    sol = solve(grid)
    assert_solves(vals, sol)


def test_16x16_single_hole_is_unique() -> None:
    full = shuffled_solution(4, random.Random(7))
    vals = full[:]
    vals[100] = 0
    assert unique_solution(Grid.from_values(vals)) == tuple(full)
    # Two holes forming a rectangle-free pair in one row still have one solution.
    vals[101] = 0
    assert count_solutions(Grid.from_values(vals), 5) == 1


def test_16x16_empty_grid_is_filled() -> None:
    sol = solve(Grid.from_values([0] * 256))
    assert_solves([0] * 256, sol)
