"""The player's colours on the board: a tinted cell, a tinted square behind a candidate.

Drawn as their own layer (tag ``paint``): a cell's colour lies on its background,
under the grid lines and the digit; a candidate's colour lies under the candidate's
text. A pair's second colour (1b, 2b) also gets an outline in the pair's hue, so the
two colours of a pair differ by shape as well as by shade. A candidate's colour is
shown only while the candidate is shown; it comes back with the candidate.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from sudoku_tk.app.game.colouring import Colouring
from sudoku_tk.engine.board.geometry import Cell, Digit

from ..window.theme import Theme
from .layout import BoardLayout


class BoardPaint:
    """Draws one canvas's colours; ``set`` a new colouring, ``draw`` after a layout or a change of candidates."""

    def __init__(self, canvas: tk.Canvas) -> None:
        self._canvas = canvas
        self.colouring = Colouring()

    def set(self, colouring: Colouring) -> bool:
        """Keep ``colouring``; True when it differs from what was drawn (the caller redraws)."""
        if colouring == self.colouring:
            return False
        self.colouring = colouring
        return True

    def draw(
        self,
        layout: BoardLayout,
        theme: Theme,
        cell_z: int | None,
        cand_z: int | None,
        shows_candidate: Callable[[Cell, Digit], bool],
    ) -> None:
        """Draw every colour: cells just under ``cell_z``, candidates just under ``cand_z`` (stacking markers)."""
        canvas = self._canvas
        canvas.delete("paint")
        if cell_z is None or cand_z is None:
            return
        for cell, colour in self.colouring.cells:
            item = canvas.create_rectangle(
                *layout.cell_rect(cell).inset(1).coords(),
                fill=theme.paint[colour],
                **_edge(theme, colour, layout.thin_width + 1),
                tags=("paint", "paint-cell", f"paint-cell-{cell}", f"paint-{colour}"),
            )
            canvas.tag_lower(item, cell_z)
        for cell, digit, colour in self.colouring.candidates:
            if not shows_candidate(cell, digit):
                continue
            item = canvas.create_rectangle(
                *layout.candidate_rect(cell, digit).inset(0.5).coords(),
                fill=theme.paint[colour],
                **_edge(theme, colour, 1.5),
                tags=("paint", "paint-cand", f"paint-cand-{cell}-{digit}", f"paint-{colour}"),
            )
            canvas.tag_lower(item, cand_z)


def _edge(theme: Theme, colour: int, width: float) -> dict:  # type: ignore[type-arg]
    """The outline of a colour: none for a pair's first, the pair's hue for its second."""
    if colour % 2 == 0:
        return {"width": 0}
    return {"outline": theme.paint_edge[colour // 2], "width": width}
