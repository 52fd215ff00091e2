"""SudokuWiki's 162-character board string, checked against the example on its "Sudoku String Definitions" page."""

from __future__ import annotations

import pytest

from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats.sudokuwiki import format_sudokuwiki, sudokuwiki_url

# The example link on https://www.sudokuwiki.org/Sudoku_String_Definitions (a board with candidates).
EXAMPLE = (
    "vu4804032o1508g080030k10o888882647046888g06828060k10029k260b90478go003g0g95090b0b6a2c00g0bcg038g"
    "a8g9ao1506601oh847063a2ag288gg8g0626c082c2k20b159818920k9ag9462044"
)


def cells(board: str) -> list:  # type: ignore[type-arg]
    """(digit mask, flag bit) of each cell, as the page defines the string."""
    return [(int(board[i : i + 2], 32) >> 1, int(board[i : i + 2], 32) & 1) for i in range(0, 162, 2)]


def test_the_example_reads_back() -> None:
    read = cells(EXAMPLE)
    # The example's r1c3 is a placed 2 ("04"), r1c4 a given 1 ("03"); the others in row 1 hold candidates.
    assert read[2] == (2, 0) and read[3] == (1, 1) and read[0] == (511, 0)
    givens = [m.bit_length() if f and not m & (m - 1) else 0 for m, f in read]
    values = [m.bit_length() if not m & (m - 1) else 0 for m, f in read]
    cands = [0 if v else m for v, (m, f) in zip(values, read)]
    grid = Grid(Geometry.of(3), tuple(givens), tuple(values), tuple(cands), True)
    ours = cells(format_sudokuwiki(grid))
    # Every cell's digits come back; the flag too wherever the cell holds one digit (a given or a placed digit).
    assert [m for m, f in ours] == [m for m, f in read]
    assert [f for (m, f) in ours if not m & (m - 1)] == [f for (m, f) in read if not m & (m - 1)]
    assert sudokuwiki_url(grid) == "https://www.sudokuwiki.org/sudoku.htm?bd=" + format_sudokuwiki(grid)


def test_only_nine_by_nine() -> None:
    with pytest.raises(PuzzleFormatError, match="9×9 boards only"):
        format_sudokuwiki(Grid.from_values([0] * 16))
