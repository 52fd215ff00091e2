"""The sash between the board and the side panel: the player gives the hint's words more room, and it is kept.

The window's body is a horizontal ``ttk.Panedwindow``. Until the player drags the
sash, the panel takes every pixel of width the board (a square, as high as the body)
cannot use, and at least what it asks for: on a wide screen the hint's words get
the room instead of an empty strip beside the board. Dragging the sash sets the
panel's width, which is saved in Settings (``panel_width``) and kept from then on
(0 goes back to the automatic width). The panel never gets narrower than
``MIN_PANEL_INCHES`` nor the board smaller than ``MIN_BOARD_SHARE`` of the body.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

MIN_PANEL_INCHES = 2.2
MIN_BOARD_SHARE = 0.4
SPARE_MIN = 40
"""Pixels of width beside the square board below which the panel keeps the width it asks for."""


class PanelSash:
    """Keeps the side panel's width as the player drags it (see the module docstring)."""

    def __init__(self, body: ttk.Panedwindow, width: Callable[[], int], save: Callable[[int], None]) -> None:
        self._body = body
        self._width = width
        self._save = save
        self._size = (0, 0)
        self.fitting = False
        """True while the window is being fitted to a board size: the sash waits (moving it would change what the
        panes ask for, which the fit reads)."""
        body.bind("<ButtonRelease-1>", self._released, add="+")
        body.bind("<Configure>", self._resized, add="+")

    def restore(self) -> None:
        """Give the panel the width the player left it at, or the automatic width (call once the window is laid
        out)."""
        if self.fitting:
            return  # the fit is still reading what the panes ask for: the window calls this again after it
        # A resize still pending (a window manager's, or the player's) is applied first, with its own call of this
        # inside: the width is worked out from the body's size after it, never from the size before. (Read before
        # it, a stale width was set after the inner call had set the right one.)
        self._body.update_idletasks()
        if self.fitting:
            return
        want = self._width() or self.auto_width()
        if want > 0:
            self.set_panel_width(want)

    def forget_sizes(self) -> None:
        """Let the panes ask for their content's widths again: a ttk paned window remembers the widths its sash
        gave them as what they ask for, which would make the window's next fitted size wrong."""
        body = self._body
        body.update_idletasks()  # the panes' own requests first (new fonts, a new board), then forget the old sizes
        for pane in body.panes():
            widget = body.nametowidget(str(pane))
            weight = body.pane(pane, "weight")
            body.forget(pane)
            body.add(widget, weight=weight)

    def auto_width(self) -> int:
        """The panel's width before the player chooses one: what the square board leaves, at least its request."""
        body = self._body
        panes = body.panes()
        if len(panes) < 2:
            return 0
        asked = int(body.nametowidget(str(panes[1])).winfo_reqwidth())
        spare = int(body.winfo_width()) - int(body.winfo_height()) - 16 - asked
        # A few pixels are the board's margins, not room to spare: only a real strip beside the board goes over.
        return asked + spare if spare > SPARE_MIN else asked

    def _resized(self, event: tk.Event) -> None:
        size = (event.width, event.height)
        if size != self._size:
            self._size = size
            # While fitting, the window's new size is applied in an idle call: look again once it has it.
            self._body.after_idle(self.restore)

    def set_panel_width(self, width: int) -> int:
        """Move the sash so the panel is ``width`` pixels wide (clamped); return the width it got."""
        body = self._body
        body.update_idletasks()
        total = body.winfo_width()
        if total <= 1 or len(body.panes()) < 2:
            return 0
        low = int(MIN_PANEL_INCHES * body.winfo_fpixels("1i"))
        low = min(low, int(total * (1 - MIN_BOARD_SHARE)))
        high = int(total * (1 - MIN_BOARD_SHARE))
        width = max(low, min(width, high))
        body.sashpos(0, total - width)
        body.update_idletasks()  # a layout still pending from the last resize may move it back: set it again after
        if abs(int(body.sashpos(0)) - (total - width)) > 1:
            body.sashpos(0, total - width)
        return width

    @property
    def panel_width(self) -> int:
        """The side panel's width now, in pixels."""
        return int(self._body.winfo_width()) - int(self._body.sashpos(0))

    def _released(self, event: tk.Event) -> None:
        # A release anywhere on the body but the sash changes nothing; a drag of the sash moves it: keep it.
        width = self.set_panel_width(self.panel_width)
        if width and width != self._width():
            self._save(width)
