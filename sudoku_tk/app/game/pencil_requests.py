"""PencilRequests: the requests about the player's own pencil marks, held by the Session as ``session.pencil``.

Toggling a mark, filling in every candidate and rubbing out every mark are each one
``Pencil`` move, so Undo takes each back at once; a request that can't be made is
refused with its sentence. The moves and the sentences are worked out in pencil_mode.py;
switching the mode itself is ``Session.set_candidate_mode``, which tells the listeners.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.play.moves import Move

from .game import Game
from .outcome import Outcome
from .pencil_mode import PencilOrRefusal, clear_move, fill_move, toggle_move


class PencilRequests:
    """The player's own marks on ``game``: each request is one move made by ``push`` (the session's), or refused.

    Outside own-marks mode a toggle is the candidate's toggle (``toggle_candidate``, the session's), so the
    right-click, Shift/Alt+digit and the pad do one thing in either mode.
    """

    def __init__(
        self,
        game: Game,
        push: Callable[[Move], Outcome],
        toggle_candidate: Callable[[Cell, Digit], Outcome],
    ) -> None:
        self._game = game
        self._push = push
        self._toggle_candidate = toggle_candidate

    def toggle(self, cell: Cell, digit: Digit) -> Outcome:
        """Toggle the player's own mark ``digit`` in ``cell`` in own-marks mode, else the candidate."""
        if not self._game.own_marks:
            return self._toggle_candidate(cell, digit)
        return self._make(toggle_move(self._game.position, cell, digit))

    def fill(self) -> Outcome:
        """Pencil in every current candidate of every empty cell that is not marked yet, as one move."""
        return self._make(fill_move(self._game.position))

    def clear(self) -> Outcome:
        """Rub out every pencil mark, as one move."""
        return self._make(clear_move(self._game.position))

    def _make(self, made: PencilOrRefusal) -> Outcome:
        return Outcome(False, made) if isinstance(made, str) else self._push(made)
