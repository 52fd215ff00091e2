"""PencilRequests: the Session's requests about the player's own pencil marks (a mixin of ``Session``).

Toggling a mark, filling in every candidate and rubbing out every mark are each one
``Pencil`` move, so Undo takes each back at once; a request that can't be made is
refused with its sentence. The moves and the sentences are worked out in pencil_mode.py;
switching the mode itself is ``Session.set_candidate_mode``, which tells the listeners.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sudoku_tk.app.game.game import Game
from sudoku_tk.app.game.pencil_mode import PencilOrRefusal, clear_move, fill_move, toggle_move
from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.play.moves import Move

if TYPE_CHECKING:
    from sudoku_tk.app.game.session import Outcome


class PencilRequests(Game):
    """Requests on the player's own marks; the Session provides ``_push``, ``toggle_candidate`` and ``_pencil_refused``."""

    # Provided by Session (declared here so the requests below type-check; no default, no stub).
    _push: Callable[[Move], Outcome]
    _pencil_refused: Callable[[str], Outcome]
    toggle_candidate: Callable[[Cell, Digit], Outcome]

    def toggle_pencil(self, cell: Cell, digit: Digit) -> Outcome:
        """Right-click, Shift/Alt+digit, the pad: toggle the player's own mark in own-marks mode, else the candidate."""
        if not self.own_marks:
            return self.toggle_candidate(cell, digit)
        return self._pencil(toggle_move(self._position, cell, digit))

    def fill_marks(self) -> Outcome:
        """Pencil in every current candidate of every empty cell that is not marked yet, as one move."""
        return self._pencil(fill_move(self._position))

    def clear_marks(self) -> Outcome:
        """Rub out every pencil mark, as one move."""
        return self._pencil(clear_move(self._position))

    def _pencil(self, made: PencilOrRefusal) -> Outcome:
        return self._pencil_refused(made) if isinstance(made, str) else self._push(made)
