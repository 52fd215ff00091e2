"""Tooltip: a small window of text that appears when the pointer rests on a widget, and its colours.

A ``Tooltip`` is attached to one widget: the pointer entering it starts a short
delay, after which the text is shown just under the pointer; leaving the widget, a
press of a mouse button or a key hides it. The text may be a callable asked each time
(the status bar's tip says the whole message only while the bar has to cut it; an
empty text shows no tip). ``style_tooltips`` colours every tip from the theme.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from ..window.theme import Theme

TOOLTIP_DELAY_MS = 600
"""How long the pointer rests on a widget before its tip shows."""

TIP_STYLE = "Tooltip.TLabel"

TipText = str | Callable[[], str]
"""A tip's text, or a function that says it when the tip is about to show ("" shows none)."""


def style_tooltips(root: tk.Misc, theme: Theme) -> None:
    """Give every tip the theme's notice colours (light yellow in the light theme, as tips usually are)."""
    style = ttk.Style(root)
    style.configure(TIP_STYLE, background=theme.banner_bg, foreground=theme.banner_fg, padding=(6, 3))


class Tooltip:
    """The tip of ``widget``: ``text`` shown ``delay_ms`` after the pointer comes to rest on it."""

    def __init__(self, widget: tk.Widget, text: TipText, delay_ms: int = TOOLTIP_DELAY_MS) -> None:
        self.widget = widget
        self._text = text
        self.delay_ms = delay_ms
        self._job: str | None = None
        self._tip: tk.Toplevel | None = None
        self._label: ttk.Label | None = None
        self._x = 0
        self._y = 0
        widget.bind("<Enter>", self._on_enter, add="+")
        widget.bind("<Motion>", self._on_motion, add="+")
        for sequence in ("<Leave>", "<ButtonPress>", "<KeyPress>", "<Destroy>"):
            widget.bind(sequence, self._on_leave, add="+")

    def set_text(self, text: TipText) -> None:
        """Say ``text`` from now on (a tip on screen is updated)."""
        self._text = text
        if self._label is not None:
            self._label.configure(text=self.text())

    def text(self) -> str:
        """What the tip says now ("" when it would show none)."""
        return self._text() if callable(self._text) else self._text

    def shown_text(self) -> str:
        """The text of the tip on screen, "" when none is shown."""
        return "" if self._label is None else str(self._label.cget("text"))

    def show(self) -> None:
        """Show the tip now, under the pointer's last place on the widget (nothing when its text is empty)."""
        self._cancel()
        text = self.text()
        if not text or not self.widget.winfo_exists():
            self.hide()
            return
        if self._tip is None:
            tip = tk.Toplevel(self.widget)
            tip.withdraw()
            tip.wm_overrideredirect(True)
            self._label = ttk.Label(tip, style=TIP_STYLE, justify="left", wraplength=self._wrap_length())
            self._label.pack()
            self._tip = tip
        assert self._label is not None
        self._label.configure(text=text)
        tip = self._tip
        tip.update_idletasks()
        x = self.widget.winfo_rootx() + self._x + 12
        y = self.widget.winfo_rooty() + self._y + 18
        # Keep the tip on the screen (a toolbar button at the right edge, the status bar at the bottom).
        x = max(0, min(x, tip.winfo_screenwidth() - tip.winfo_reqwidth() - 4))
        if y + tip.winfo_reqheight() > tip.winfo_screenheight():
            y = self.widget.winfo_rooty() - tip.winfo_reqheight() - 4
        tip.geometry(f"+{x}+{y}")
        tip.deiconify()
        tip.lift()

    def hide(self) -> None:
        """Take the tip away and forget a pending one."""
        self._cancel()
        if self._tip is not None:
            try:
                self._tip.destroy()
            except tk.TclError:
                pass  # the widget (and so the tip) is gone already
        self._tip = None
        self._label = None

    def _wrap_length(self) -> int:
        return int(self.widget.winfo_fpixels("4i"))

    def _on_enter(self, event: tk.Event) -> None:
        self._x, self._y = event.x, event.y
        self._cancel()
        self._job = self.widget.after(self.delay_ms, self.show)

    def _on_motion(self, event: tk.Event) -> None:
        self._x, self._y = event.x, event.y

    def _on_leave(self, event: tk.Event) -> None:
        self.hide()

    def _cancel(self) -> None:
        if self._job is not None:
            try:
                self.widget.after_cancel(self._job)
            except tk.TclError:
                pass
        self._job = None
