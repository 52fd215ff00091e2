"""The Session's requests for hand-made colours: colour a cell or a candidate, clear them all.

A mixin of ``Session``: colours are notes, not moves, so they never enter the move
list, the undo history or the recomputed board; the session tells its listeners with
a COLOURS change (the window redraws them, autosave keeps them).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry

from .colouring import Colouring, colour_name


class ColourRequests:
    """Colour requests; the class using it provides ``_colouring``, ``geometry`` and the two report hooks."""

    _colouring: Colouring
    geometry: Geometry

    # Provided by Session (declared here so the requests below type-check; no default, no stub).
    _colours_changed: Callable[[str], Any]
    _colours_refused: Callable[[str], Any]

    def colour_cell(self, cell: Cell, colour: int) -> Any:
        """Give ``cell`` the colour (0..3), or take it off when the cell has it already."""
        self._colouring = self._colouring.toggle_cell(cell, colour)
        on = self._colouring.cell_colour(cell) == colour
        return self._colours_changed(f"{self.geometry.cell_name(cell)}: {colour_name(colour)} {'on' if on else 'off'}")

    def colour_candidate(self, cell: Cell, digit: Digit, colour: int) -> Any:
        """Give candidate ``digit`` of ``cell`` the colour (0..3), or take it off when it has it already."""
        geo = self.geometry
        self._colouring = self._colouring.toggle_candidate(cell, digit, colour)
        on = self._colouring.candidate_colour(cell, digit) == colour
        where = f"{geo.digit_char(digit)} in {geo.cell_name(cell)}"
        return self._colours_changed(f"{where}: {colour_name(colour)} {'on' if on else 'off'}")

    def clear_colours(self) -> Any:
        """Take every colour off the board."""
        if not self._colouring:
            return self._colours_refused("No colours to clear")
        count = len(self._colouring.cells) + len(self._colouring.candidates)
        self._colouring = Colouring()
        return self._colours_changed(f"Cleared {count} colour{'s' * (count != 1)}")
