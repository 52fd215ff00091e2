"""The puzzle check of a reading (vision/read_check.py): statuses, the cells it points at, the fixes it offers."""

from __future__ import annotations

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.brute_force import count_solutions
from sudoku_tk.vision.read_check import CheckStatus, check_reading
from sudoku_tk.vision.reading import CellReading, GridReading

# Wikipedia's example puzzle (public domain): unique.
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
NINE = Geometry.of(3)


def values_of(text: str) -> list[int]:
    return [int(c) if c != "." else 0 for c in text]


def test_a_proper_puzzle_is_unique_with_its_solution() -> None:
    check = check_reading(values_of(PUZZLE), [1.0] * 81)
    assert check.status is CheckStatus.UNIQUE and check.is_proper
    assert check.solution is not None and check.solution[:9] == (5, 3, 4, 6, 7, 8, 9, 1, 2)
    assert check.fixes == () and check.conflicts == ()


def test_a_misread_digit_that_makes_a_conflict_is_found_and_fixed() -> None:
    values = values_of(PUZZLE)
    values[4] = 3  # r1c5's 7 read as 3: two 3s in row 1
    confidences = [1.0] * 81
    confidences[4] = 0.55
    check = check_reading(values, confidences, alternatives=[()] * 4 + [(7, 1)] + [()] * 76)
    assert check.status is CheckStatus.CONFLICT
    assert set(check.conflicts) == {1, 4}
    assert check.suspects[0] == 4, "the less confident of the two conflicting cells comes first"
    assert check.fixes[0].cell == 4 and check.fixes[0].value == 7
    assert "3 stands twice in row 1" in check.message and "r1c5: 3 → 7" in check.message
    fixed = values.copy()
    fixed[4] = 7
    assert count_solutions(Grid.from_values(fixed), 2) == 1


def test_no_solution_points_at_the_least_confident_cells_and_offers_the_fix() -> None:
    values = values_of(PUZZLE)
    values[0] = 1  # r1c1's 5 read as 1: no duplicate, but no solution either
    assert not Grid.from_values(values).duplicate_problems()
    confidences = [1.0] * 81
    confidences[0] = 0.7
    check = check_reading(values, confidences)
    assert check.status is CheckStatus.NONE
    assert check.suspects[0] == 0
    assert [(f.cell, f.value) for f in check.fixes][:1] == [(0, 5)]


def test_several_solutions_only_suggest_changes_to_unsure_cells() -> None:
    values = values_of(PUZZLE)
    values[1] = 0  # r1c2's 3 missed (read empty) ...
    values[4] = 0  # ... and r1c5's 7
    grid = Grid.from_values(values)
    if count_solutions(grid, 2) < 2:  # still unique without them: remove more until it is not
        values[10] = values[13] = 0
    confidences = [1.0] * 81
    confidences[4] = 0.6  # the reader saw some ink in r1c5
    check = check_reading(values, confidences)
    assert check.status is CheckStatus.SEVERAL
    assert set(check.suspects) <= {4}
    assert all(f.cell == 4 for f in check.fixes)


def test_nothing_read_is_empty() -> None:
    assert check_reading([0] * 81, [0.99] * 81).status is CheckStatus.EMPTY


def test_a_fix_says_what_changes() -> None:
    check = check_reading(values_of(PUZZLE[:1] + "5" + PUZZLE[2:]), [1.0, 0.4] + [1.0] * 79)
    assert check.fixes and check.fixes[0].describe(NINE).startswith("r1c2: 5 → ")


def test_the_line_and_json_of_a_reading() -> None:
    cells = tuple(CellReading(v, 0.5 if i == 3 else 0.99) for i, v in enumerate(values_of(PUZZLE)))
    reading = GridReading(9, cells, ((1.0, 2.0), (3.0, 2.0), (3.0, 4.0), (1.0, 4.0)), (10, 10))
    assert reading.to_line() == PUZZLE
    data = reading.to_json()
    assert data["puzzle"] == PUZZLE and data["unsure"] == [3] and len(data["confidence"]) == 81
    assert data["corners"] == [[1.0, 2.0], [3.0, 2.0], [3.0, 4.0], [1.0, 4.0]]


def test_many_conflicts_without_a_fix_say_the_grid_may_be_misread() -> None:
    values = [0] * 81
    for row in range(4):  # four rows with two 1s each: no one change mends them all
        values[row * 9] = values[row * 9 + 8] = 1
    check = check_reading(values, [0.99] * 81)
    assert check.status is CheckStatus.CONFLICT and check.fixes == ()
    assert "the grid itself may have been misread" in check.message


def test_a_misread_that_no_one_change_mends_points_at_the_whole_grid() -> None:
    # A row read a cell to the left (a bent page): its digits missed, a grid line read as a 1.
    values = values_of(PUZZLE)
    shifted = values.copy()
    shifted[27:36] = values[28:36] + [1]
    check = check_reading(shifted, [0.99] * 81)
    assert not check.is_proper and check.fixes == ()
    assert check.whole_grid, "no one-cell fix: the misreads may be anywhere"
    assert "compare every cell with the picture" in check.message or "the grid itself" in check.message


def test_a_misread_with_a_one_cell_fix_points_at_that_cell_not_the_whole_grid() -> None:
    values = values_of(PUZZLE)
    values[4] = 3
    check = check_reading(values, [1.0] * 4 + [0.55] + [1.0] * 76)
    assert check.fixes and not check.whole_grid
    assert check_reading(values_of(PUZZLE), [1.0] * 81).whole_grid is False


def test_several_solutions_with_no_unsure_cell_to_change_point_at_the_whole_grid() -> None:
    values = values_of(PUZZLE)
    for cell in (1, 4, 10, 12):  # four givens missed, each read as a sure empty cell
        values[cell] = 0
    if count_solutions(Grid.from_values(values), 2) < 2:
        values[13] = values[14] = 0
    check = check_reading(values, [0.99] * 81)
    assert check.status is CheckStatus.SEVERAL and check.fixes == () and check.whole_grid
