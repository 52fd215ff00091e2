"""ColourRequests: the requests for hand-made colours, held by the Session as ``session.colours``.

Colour a cell or a candidate, clear them all. Colours are notes, not moves: they never
enter the move list, the undo history or the recomputed board. The game keeps the
``Colouring`` (it is saved with it); each change is told through ``told`` (the session
tells its listeners a COLOURS change: the window redraws them, autosave keeps them).
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_tk.engine.board.geometry import Cell, Digit

from .colouring import Colouring, colour_name
from .game import Game
from .outcome import Outcome


class ColourRequests:
    """The player's colours on ``game``'s board; ``told(message)`` hears of every change made."""

    def __init__(self, game: Game, told: Callable[[str], None]) -> None:
        self._game = game
        self._told = told

    def toggle_cell(self, cell: Cell, colour: int) -> Outcome:
        """Give ``cell`` the colour (0..3), or take it off when the cell has it already."""
        colouring = self._game.colouring.toggle_cell(cell, colour)
        on = colouring.cell_colour(cell) == colour
        where = self._game.geometry.cell_name(cell)
        return self._change(colouring, f"{where}: {colour_name(colour)} {'on' if on else 'off'}")

    def toggle_candidate(self, cell: Cell, digit: Digit, colour: int) -> Outcome:
        """Give candidate ``digit`` of ``cell`` the colour (0..3), or take it off when it has it already."""
        geo = self._game.geometry
        colouring = self._game.colouring.toggle_candidate(cell, digit, colour)
        on = colouring.candidate_colour(cell, digit) == colour
        where = f"{geo.digit_char(digit)} in {geo.cell_name(cell)}"
        return self._change(colouring, f"{where}: {colour_name(colour)} {'on' if on else 'off'}")

    def clear(self) -> Outcome:
        """Take every colour off the board."""
        colouring = self._game.colouring
        if not colouring:
            return Outcome(False, "No colours to clear")
        count = len(colouring.cells) + len(colouring.candidates)
        return self._change(Colouring(), f"Cleared {count} colour{'s' * (count != 1)}")

    def _change(self, colouring: Colouring, message: str) -> Outcome:
        self._game.set_colouring(colouring)
        self._told(message)
        return Outcome(True, message)
