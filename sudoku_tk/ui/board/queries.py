"""BoardQueries: what the board shows, read back from its canvas items (for tests, tools and the hit tests).

A mixin of ``BoardCanvas``; it reads items and the layout, never changes them
(except that asking for a candidate's item makes it, hidden, when it was never shown).
"""

from __future__ import annotations

import tkinter as tk

from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry

from .cells import ORIGIN_TAGS, CellItems
from .layout import BoardLayout


class BoardQueries(tk.Canvas):
    """Read-only questions about the drawn board; the canvas provides ``_cells``, ``layout`` and ``geometry``."""

    _cells: CellItems
    layout: BoardLayout
    geometry: Geometry

    def digit_item(self, cell: Cell) -> int:
        return self._cells.digits[cell]

    def candidate_item(self, cell: Cell, digit: Digit) -> int:
        """The candidate's text item (made, hidden, if it never was shown)."""
        index = cell * self.geometry.side + digit - 1
        item = self._cells.candidates[index]
        if not item:
            item = self._cells.make_candidate(cell, digit, False)
        return item

    def cell_item(self, cell: Cell) -> int:
        return self._cells.backgrounds[cell]

    def candidate_visible(self, cell: Cell, digit: Digit) -> bool:
        item = self._cells.candidates[cell * self.geometry.side + digit - 1]
        return bool(item) and self.itemcget(item, "state") != "hidden" and bool(self.itemcget(item, "text"))

    def digit_text(self, cell: Cell) -> str:
        return str(self.itemcget(self.digit_item(cell), "text"))

    def digit_role(self, cell: Cell) -> str:
        """ "given", "player", "auto" or "empty", read from the digit item's tags."""
        tags = self.gettags(self.digit_item(cell))
        return next(t for t in tags if t in ORIGIN_TAGS.values())

    def background_kind(self, cell: Cell) -> str:
        tags = self.gettags(self.cell_item(cell))
        return next(t[3:] for t in tags if t.startswith("bg-"))

    def candidate_center(self, cell: Cell, digit: Digit) -> tuple[float, float]:
        """Widget coordinates of a candidate slot's centre (where a click places it)."""
        return self.layout.candidate_rect(cell, digit).center

    def cell_center(self, cell: Cell) -> tuple[float, float]:
        return self.layout.cell_rect(cell).center
