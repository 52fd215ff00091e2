"""Sharing the current position as text: a SudokuWiki link, a HoDoKu line, a Simple Sudoku text.

Each keeps the givens, the digits placed since and the candidates as they are now, so
another program (or SudokuWiki's solver) continues from exactly this position. All three
hold 9×9 boards only: ``share_problem`` says so in one sentence before anything is tried.
"""

from __future__ import annotations

from enum import Enum

from sudoku_tk.engine.formats import format_hodoku_line, format_ss
from sudoku_tk.engine.formats.sudokuwiki import sudokuwiki_url
from sudoku_tk.engine.play.propagation import Position


class ShareKind(Enum):
    """A way to hand the position to another program."""

    SUDOKUWIKI = "sudokuwiki"
    """A link that opens the position in SudokuWiki's solver."""
    HODOKU = "hodoku"
    """A HoDoKu library line: givens, ``+`` before placed digits, the deleted candidates."""
    SIMPLE_SUDOKU = "simple-sudoku"
    """Simple Sudoku's three framed blocks: givens, digits, candidate grid."""

    @property
    def label(self) -> str:
        return {"sudokuwiki": "SudokuWiki", "hodoku": "HoDoKu", "simple-sudoku": "Simple Sudoku"}[self.value]


def share_problem(kind: ShareKind, position: Position) -> str | None:
    """Why ``position`` can't be shared as ``kind`` (one sentence), or None when it can."""
    side = position.geometry.side
    if side != 9:
        return f"{kind.label} takes 9×9 boards only; this one is {side}×{side}."
    return None


def share_text(kind: ShareKind, position: Position) -> str:
    """The link or text of ``position`` for ``kind`` (check ``share_problem`` first).

    Raises:
        PuzzleFormatError: the board is not 9×9.
    """
    grid = position.to_grid()
    if kind is ShareKind.SUDOKUWIKI:
        return sudokuwiki_url(grid)
    if kind is ShareKind.HODOKU:
        return format_hodoku_line(grid)
    return format_ss(grid) + "\n"
