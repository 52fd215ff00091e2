"""SudokuWiki's board string: 81 cells as 162 characters, carrying givens, placed digits and candidates.

As SudokuWiki's "Sudoku String Definitions" page describes it: each cell, row by row,
is a digit mask (bit d-1 for digit d: the one digit of a filled cell, or the cell's
candidates), shifted left by one with the low bit set for a given, written as two
base-32 digits (``0``–``9``, ``a``–``v``, zero-padded). The solver opens it from
``https://www.sudokuwiki.org/sudoku.htm?bd=<string>``.
"""

from __future__ import annotations

from ..board.grid import Grid
from .common import _require_nine

SUDOKUWIKI_SOLVER = "https://www.sudokuwiki.org/sudoku.htm?bd="
_BASE32 = "0123456789abcdefghijklmnopqrstuv"


def format_sudokuwiki(grid: Grid) -> str:
    """The 162-character board string of a 9×9 grid (its values and candidates).

    >>> from sudoku_tk.engine.formats import parse_grid
    >>> format_sudokuwiki(parse_grid("1" + "." * 80))[:4]
    '03vs'

    Raises:
        PuzzleFormatError: the grid is not 9×9.
    """
    _require_nine(grid, "SudokuWiki's board string")
    out = []
    for given, value, mask in zip(grid.givens, grid.values, grid.candidates):
        n = (1 << (value - 1)) if value else mask
        n = (n << 1) | (1 if given else 0)
        out.append(_BASE32[n >> 5] + _BASE32[n & 31])
    return "".join(out)


def sudokuwiki_url(grid: Grid) -> str:
    """The address that opens ``grid`` (values and candidates) in SudokuWiki's solver."""
    return SUDOKUWIKI_SOLVER + format_sudokuwiki(grid)
