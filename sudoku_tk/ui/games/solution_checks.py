"""Background counts of a puzzle's solutions (app/puzzles/solution_check.py) in the window.

``WindowCheck``: the count runs on its own thread; this only looks every ``POLL_MS`` whether it is done and then
calls ``done`` on the window's thread. ``cancel()`` stops the count and the polling (a new game, the player's
Cancel, closing). ``IncomingChecks``: an incoming puzzle (opened, pasted, typed, entered) counted that way while
the notice bar says so and offers Cancel; GameFiles goes on with the puzzle once it is counted.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from sudoku_tk.app.puzzles.solution_check import SolutionCheck, SolutionCount
from sudoku_tk.app.storage.game_io import IncomingPuzzle, counted
from sudoku_tk.engine.board.grid import Grid

from ..window.ports import FilesHost

POLL_MS = 100

CHECKING = "Checking how many solutions this puzzle has… This one takes a while."
"""What the window says while a count runs in the background."""


class WindowCheck:
    """Count ``grid``'s solutions in the background; ``done(count)`` on the window's thread when finished."""

    def __init__(self, widget: tk.Misc, grid: Grid, done: Callable[[SolutionCount], None]) -> None:
        self._widget = widget
        self._done = done
        self.check = SolutionCheck(grid)
        self._job: str | None = widget.after(POLL_MS, self._poll)

    @property
    def running(self) -> bool:
        return self._job is not None

    def _poll(self) -> None:
        self._job = None
        if self.check.cancelled:
            return
        if not self.check.done:
            self._job = self._widget.after(POLL_MS, self._poll)
            return
        result = self.check.result
        if result is not None:
            self._done(result)

    def cancel(self) -> None:
        """Stop counting; ``done`` is not called."""
        self.check.cancel()
        if self._job is not None:
            try:
                self._widget.after_cancel(self._job)
            except tk.TclError:
                pass  # the window is already gone
            self._job = None


class IncomingChecks:
    """One background count of an incoming puzzle at a time, with its notice and Cancel."""

    def __init__(self, host: FilesHost) -> None:
        self._host = host
        self._check: WindowCheck | None = None

    @property
    def running(self) -> bool:
        return self._check is not None

    def when_counted(
        self,
        incoming: IncomingPuzzle,
        then: Callable[[IncomingPuzzle], object],
        cancelled: Callable[[], object] = lambda: None,
    ) -> None:
        """Count ``incoming``'s solutions in the background, then ``then(incoming counted)``; Cancel in the notice
        stops the count, says the game is unchanged and calls ``cancelled``. A count already running stops."""
        grid = incoming.grid
        assert grid is not None
        self.cancel()

        def done(count: SolutionCount) -> None:
            self._check = None
            if self._host.notice_kind() == "checking":
                self._host.hide_notice()
            then(counted(grid, count))

        def cancel() -> None:
            self.cancel()
            self._host.say("Stopped checking the puzzle; your game is unchanged")
            cancelled()

        self._check = WindowCheck(self._host.root, grid, done)
        self._host.show_notice(CHECKING, [("Cancel", cancel)], kind="checking")

    def cancel(self) -> None:
        """Stop the count running, if any (nothing is offered then)."""
        if self._check is not None:
            self._check.cancel()
            self._check = None


__all__ = ["CHECKING", "POLL_MS", "IncomingChecks", "WindowCheck"]
