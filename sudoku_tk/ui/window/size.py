"""The window's size per board size: the one the player chose for each, else what that board asks for.

The window keeps its size while a game is played (the board scales inside it), but a
4×4 board asks for a smaller window than a 9×9 one, and a 16×16 one for more: so on
every size switch (and at start) ``fit(side)`` gives the window the size the player
last chose for that board size, or, when there is none, the size the window asks for
with that board at its preferred width (``window_setup.board_size``), within the
screen. A size the player makes by hand (a drag, a maximise) is noticed once it
settles and kept in the settings for the board size on show (``Settings.window_sizes``).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable

from sudoku_tk.app.storage.settings import Settings

from ..board.view import BoardView
from .setup import board_size, keep_window_size

SETTLE_MS = 400
"""How long the window's size must stay put before it counts as the player's choice (a drag sends many sizes)."""


class WindowSizes:
    """Sizes ``root`` for each board size, and remembers the size the player chooses for it."""

    def __init__(
        self,
        root: tk.Tk,
        board_view: BoardView,
        settings: Callable[[], Settings],
        update_settings: Callable[[Settings], None],
    ) -> None:
        self._root = root
        self._board_view = board_view
        self._settings = settings
        self._update_settings = update_settings
        self._side = 0
        self._set: tuple[int, int] = (0, 0)
        """The size this class gave the window last (a different size is the player's)."""
        self._job: str | None = None
        self.settle_ms = SETTLE_MS
        root.bind("<Configure>", self._on_configure, add="+")

    @property
    def side(self) -> int:
        """The board size the window is fitted to now (0 before the first ``fit``)."""
        return self._side

    def fit(self, side: int) -> tuple[int, int]:
        """Give the window the size chosen for ``side``×``side`` boards (or the one it asks for); return it."""
        self._cancel()
        self._board_view.request(board_size(self._root, side))
        self._side = side
        self._set = keep_window_size(self._root, self._settings().window_size(side))
        return self._set

    def settle(self) -> None:
        """Take the window's size now as the player's choice for the board on show, if it differs from ours."""
        self._cancel()
        root = self._root
        if not self._side or not root.winfo_ismapped():
            return
        size = (root.winfo_width(), root.winfo_height())
        if size == self._set or min(size) < 2:
            return
        self._set = size
        settings = self._settings()
        if settings.window_size(self._side) != size:
            self._update_settings(settings.with_window_size(self._side, *size))

    def cancel(self) -> None:
        """Stop waiting for the size to settle (the window is closing)."""
        self._cancel()

    def _on_configure(self, event: tk.Event) -> None:
        if event.widget is not self._root:
            return  # the root's binding tag is on every widget of the window: only the window's own size counts
        self._cancel()
        self._job = self._root.after(self.settle_ms, self.settle)

    def _cancel(self) -> None:
        if self._job is not None:
            try:
                self._root.after_cancel(self._job)
            except tk.TclError:
                pass  # the root is gone
            self._job = None
