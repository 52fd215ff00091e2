"""Grid: construction, questions, candidates and validity as a value (problems())."""

from __future__ import annotations

import pytest
from shared_data import read_puzzles

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid, ProblemKind, basic_candidates, values_line
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import puzzle_problems, solve

DIGITS = "123456789ABCDEFG"


def digits_of_line(line: str) -> list[int]:
    return [0 if ch in ".0" else DIGITS.index(ch.upper()) + 1 for ch in line]


def naive_candidates(box: int, values: list[int]) -> list[int]:
    """Candidate masks by scanning every other cell's row, column and box (independent of the tables)."""
    n = box * box
    out = []
    for cell, v in enumerate(values):
        if v:
            out.append(0)
            continue
        r, c = divmod(cell, n)
        mask = (1 << n) - 1
        for other, w in enumerate(values):
            r2, c2 = divmod(other, n)
            if w and (r2 == r or c2 == c or (r2 // box, c2 // box) == (r // box, c // box)):
                mask &= ~(1 << (w - 1))
        out.append(mask)
    return out


# -- construction ------------------------------------------------------------------
def test_from_values_builds_basic_candidates() -> None:
    for line in read_puzzles("top95.txt", 10):
        vals = digits_of_line(line)
        grid = Grid.from_values(vals)
        assert grid.geometry is Geometry.of(3)
        assert grid.givens == grid.values == tuple(vals)
        assert list(grid.candidates) == naive_candidates(3, vals)
        assert grid.candidates == basic_candidates(grid.geometry, vals)
        assert not grid.has_pencilmarks
        assert grid.given_count() == sum(1 for v in vals if v)
        assert grid.empty_count() == 81 - grid.given_count()
        assert grid.to_string() == line.replace("0", ".")


@pytest.mark.parametrize("box", [2, 3, 4])
def test_sizes_follow_the_cell_count(box: int) -> None:
    n = box * box
    vals = [0] * (n * n)
    vals[0] = n
    grid = Grid.from_values(vals)
    assert grid.geometry.side == n
    assert grid.to_string() == DIGITS[n - 1] + "." * (n * n - 1)
    assert list(grid.candidates) == naive_candidates(box, vals)


def test_placed_digits_sit_on_top_of_givens() -> None:
    givens = [0] * 81
    givens[0] = 5
    placed = [0] * 81
    placed[0] = 7  # under a given: the given wins
    placed[40] = 3
    grid = Grid.from_values(givens, placed)
    assert grid.values[0] == 5 and grid.values[40] == 3
    assert grid.is_given(0) and not grid.is_given(40)
    assert grid.placed()[40] == 3 and grid.placed()[0] == 0
    assert grid.candidates[40] == 0
    assert 3 not in grid.candidate_set(41)  # a placed digit removes itself from its peers
    assert grid.to_string()[40] == "."  # the one-line form holds the givens only
    assert grid.givens_only().values[40] == 0
    assert grid.with_values(grid.values) == grid


def test_candidates_given_as_pencilmarks() -> None:
    givens = [0] * 81
    givens[0] = 1
    cands = [0b111111111] * 81
    cands[1] = 0b110  # 2 or 3
    cands[2] = 1 << 12  # beyond digit 9: dropped
    grid = Grid.from_values(givens, candidates=cands)
    assert grid.has_pencilmarks
    assert grid.candidate_set(1) == DigitSet.of(2, 3)
    assert grid.candidates[0] == 0  # a filled cell has no candidates
    assert grid.candidates[2] == 0
    assert grid.candidates[3] == 0b111111111  # pencilmarks are taken as written, not reduced by peers


@pytest.mark.parametrize(
    "givens,placed,cands",
    [
        ([0] * 80, None, None),
        ([0] * 81 + [0], None, None),
        ([10] + [0] * 80, None, None),
        ([-1] + [0] * 80, None, None),
        ([0] * 81, [0] * 80, None),
        ([0] * 81, [12] + [0] * 80, None),
        ([0] * 81, None, [0] * 16),
    ],
)
def test_bad_shapes_raise_value_error(givens: list[int], placed: list[int] | None, cands: list[int] | None) -> None:
    with pytest.raises(ValueError):
        Grid.from_values(givens, placed, cands)


def test_questions_on_a_complete_grid() -> None:
    line = read_puzzles("top95.txt", 1)[0]
    grid = Grid.from_values(digits_of_line(line))
    sol = solve(grid)
    assert sol is not None
    done = grid.with_values(sol)
    assert done.is_complete() and not grid.is_complete()
    assert done.empty_count() == 0
    assert done.candidates == (0,) * 81
    assert done.givens == grid.givens
    assert puzzle_problems(done) == []


def test_values_line_and_repr() -> None:
    geo = Geometry.of(4)
    vals = [0] * 256
    vals[0], vals[1], vals[255] = 10, 16, 9
    assert values_line(geo, vals) == "AG" + "." * 253 + "9"
    grid = Grid.from_values(digits_of_line(read_puzzles("top95.txt", 1)[0]))
    assert repr(grid) == f"parse_grid({grid.to_string()!r})"
    assert eval(repr(grid), {"parse_grid": parse_grid}).givens == grid.givens


def test_grids_are_frozen_values() -> None:
    grid = Grid.from_values([0] * 16)
    with pytest.raises(AttributeError):
        grid.values = (1,) * 16  # type: ignore[misc]
    assert grid == Grid.from_values([0] * 16)
    assert hash(grid) == hash(Grid.from_values([0] * 16))


# -- problems() ----------------------------------------------------------------------
def test_a_duplicate_in_a_row_names_the_cells() -> None:
    vals = [0] * 81
    vals[0] = vals[4] = 5
    probs = puzzle_problems(Grid.from_values(vals))
    assert len(probs) == 1
    p = probs[0]
    assert p.kind is ProblemKind.DUPLICATE
    assert p.cells == (0, 4) and p.digit == 5
    assert p.message == "5 stands twice in row 1: r1c1 and r1c5"


def test_a_duplicate_in_row_and_box_is_reported_per_unit() -> None:
    vals = [0] * 81
    vals[0] = vals[1] = 7
    vals[30] = vals[50] = 2  # r4c4 and r6c6: box 5 only
    probs = puzzle_problems(Grid.from_values(vals))
    # Units in board order: rows, then columns, then boxes.
    assert [(p.kind, p.cells, p.digit) for p in probs] == [
        (ProblemKind.DUPLICATE, (0, 1), 7),
        (ProblemKind.DUPLICATE, (0, 1), 7),
        (ProblemKind.DUPLICATE, (30, 50), 2),
    ]
    assert [p.message.split(":")[0] for p in probs] == [
        "7 stands twice in row 1",
        "7 stands twice in box 1",
        "2 stands twice in box 5",
    ]


def test_three_of_a_digit_in_one_unit() -> None:
    vals = [0] * 81
    vals[0] = vals[40] = vals[80] = 9  # the main diagonal: r1c1, r5c5, r9c9 share no unit
    vals[3] = vals[5] = vals[7] = 9  # r1c4, r1c6, r1c8 with r1c1: four 9s in row 1
    probs = [p for p in puzzle_problems(Grid.from_values(vals)) if "row 1" in p.message]
    assert len(probs) == 1
    assert probs[0].cells == (0, 3, 5, 7)
    assert probs[0].message == "9 stands 4 times in row 1: r1c1, r1c4, r1c6 and r1c8"


def test_16x16_duplicates_use_letters() -> None:
    vals = [0] * 256
    vals[0] = vals[16] = 16
    probs = puzzle_problems(Grid.from_values(vals))
    assert [p.message for p in probs] == [
        "G stands twice in column 1: r1c1 and r2c1",
        "G stands twice in box 1: r1c1 and r2c1",
    ]


def test_a_cell_with_no_candidates_is_reported() -> None:
    vals = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 72
    vals[9 * 4 + 8] = 9  # r5c9
    probs = puzzle_problems(Grid.from_values(vals))
    assert [(p.kind, p.cells, p.message) for p in probs] == [
        (ProblemKind.NO_CANDIDATES, (8,), "r1c9 has no candidate left")
    ]


def test_pencilmarks_can_leave_a_cell_dead() -> None:
    cands = [0b111111111] * 81
    cands[80] = 0
    probs = puzzle_problems(Grid.from_values([0] * 81, candidates=cands))
    assert [(p.kind, p.cells) for p in probs] == [(ProblemKind.NO_CANDIDATES, (80,))]


def test_duplicates_and_dead_cells_together_skip_the_solver() -> None:
    vals = [1, 2, 3, 4, 5, 6, 7, 8, 0] + [0] * 72
    vals[9 * 4 + 8] = 9
    vals[9 * 8] = 1  # r9c1 repeats r1c1's 1 in column 1
    kinds = [p.kind for p in puzzle_problems(Grid.from_values(vals))]
    assert kinds == [ProblemKind.DUPLICATE, ProblemKind.NO_CANDIDATES]


def test_no_solution_without_an_obvious_clash() -> None:
    line = read_puzzles("top95.txt", 1)[0]
    grid = Grid.from_values(digits_of_line(line))
    sol = solve(grid)
    assert sol is not None
    cell = next(c for c in range(81) if not grid.values[c] and grid.candidates[c] & ~(1 << (sol[c] - 1)))
    wrong = next(d for d in range(1, 10) if grid.candidates[cell] >> (d - 1) & 1 and d != sol[cell])
    vals = list(grid.givens)
    vals[cell] = wrong
    probs = puzzle_problems(Grid.from_values(vals))
    assert [(p.kind, p.message) for p in probs] == [(ProblemKind.NO_SOLUTION, "the puzzle has no solution")]


def test_multiple_solutions() -> None:
    for grid in (Grid.from_values([0] * 81), Grid.from_values([0] * 16)):
        probs = puzzle_problems(grid)
        assert [(p.kind, p.message) for p in probs] == [
            (ProblemKind.MULTIPLE_SOLUTIONS, "the puzzle has more than one solution")
        ]
        assert grid.rule_problems() == []
    for line in read_puzzles("serg_benchmark_multi_solution.txt", 20):
        assert [p.kind for p in puzzle_problems(Grid.from_values(digits_of_line(line)))] == [
            ProblemKind.MULTIPLE_SOLUTIONS
        ]


def test_proper_puzzles_have_no_problems() -> None:
    for line in read_puzzles("top95.txt", 20) + read_puzzles("hardest.txt"):
        assert puzzle_problems(Grid.from_values(digits_of_line(line))) == []


def test_from_string_reads_a_one_line_puzzle() -> None:
    line = read_puzzles("top95.txt", 1)[0]
    assert parse_grid(line) == Grid.from_values(digits_of_line(line))
