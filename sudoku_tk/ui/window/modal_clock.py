"""ModalClock: the game clock stands still while a modal window (a dialog, a file chooser) is open.

The window installs one ``ModalClock`` on its Tk root (``install``); every modal window
runs inside ``modal(widget)``, which counts it open and closed, so nested dialogs work:
the clock stops when the first opens and runs again when the last closes (unless the
game is paused). Without an installed clock (a dialog in a test of its own) nothing happens.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterator
from contextlib import contextmanager

_ATTRIBUTE = "_sudoku_modal_clock"


class ModalClock:
    """Counts the modal windows open; calls ``pause`` when the first opens and ``resume`` when the last closes."""

    def __init__(self, pause: Callable[[], None], resume: Callable[[], None]) -> None:
        self._pause = pause
        self._resume = resume
        self._open = 0

    @property
    def is_open(self) -> bool:
        """Is a modal window open now?"""
        return self._open > 0

    def opened(self) -> None:
        self._open += 1
        if self._open == 1:
            self._pause()

    def closed(self) -> None:
        if self._open == 0:
            return
        self._open -= 1
        if self._open == 0:
            self._resume()


def install(root: tk.Misc, clock: ModalClock) -> None:
    """Let the modal windows of ``root``'s application stop ``clock``."""
    setattr(root.nametowidget("."), _ATTRIBUTE, clock)


def installed(widget: tk.Misc | None) -> ModalClock | None:
    """The clock installed for ``widget``'s application, or None (no widget: none)."""
    if widget is None:
        return None
    try:
        return getattr(widget.nametowidget("."), _ATTRIBUTE, None)
    except tk.TclError:
        return None


@contextmanager
def modal(widget: tk.Misc | None) -> Iterator[None]:
    """Run a modal window over ``widget``'s application: the game clock stands still meanwhile."""
    clock = installed(widget)
    if clock is not None:
        clock.opened()
    try:
        yield
    finally:
        if clock is not None:
            clock.closed()
