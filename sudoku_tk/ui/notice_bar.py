"""NoticeBar: the strip above the board that shows one notice at a time, with its buttons.

It owns the notice's widgets, its colours and what kind of notice is up; it does not
decide when a notice appears or what its buttons do (the App and GameFiles do).
The owner places the bar in its grid once and hides it; ``show`` brings it back in
that same place (Tk's ``grid_remove`` remembers it) and ``hide`` takes it away.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Sequence, Tuple

from .theme import Theme

NoticeAction = Tuple[str, Optional[Callable[[], None]]]
"""A notice button: its label and what it does (None: just close the notice)."""


class NoticeBar(tk.Frame):
    """One sentence and its buttons, in the theme's notice colours (or error colours for problems)."""

    def __init__(self, master: tk.Misc, theme: Theme) -> None:
        super().__init__(master, background=theme.banner_bg, padx=8, pady=6)
        self._theme = theme
        self._kind = ""
        # width=1: a long notice (every clash of a pasted puzzle) must not widen the window; it wraps
        # at the width it is given instead. Public for reading its wrapping and size; set it via show().
        self.label = tk.Label(
            self, background=theme.banner_bg, foreground=theme.banner_fg, anchor="w", justify="left", width=1
        )
        self.label.pack(side="left", fill="x", expand=True)
        self.label.bind("<Configure>", lambda e: e.widget.configure(wraplength=max(e.width - 4, 1)))
        self._buttons = ttk.Frame(self)
        self._buttons.pack(side="right")

    @property
    def kind(self) -> str:
        """What the notice is about ("" when none): ``notice``, ``confirm``, ``entering``, ``error`` (a crash)."""
        return self._kind

    def show(
        self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False, kind: str = "notice"
    ) -> None:
        """Show ``text`` with buttons (each closes the notice, then acts); replaces any notice.

        Without buttons the notice gets a Dismiss button. Problems use ``error`` colours.
        """
        actions = list(buttons) or [("Dismiss", None)]
        colour = self._theme.error_bg if error else self._theme.banner_bg
        self._kind = kind
        self.configure(background=colour)
        self.label.configure(text=text, background=colour, foreground=self._theme.banner_fg)
        for child in self._buttons.winfo_children():
            child.destroy()
        for label, action in actions:
            ttk.Button(self._buttons, text=label, command=self._closing(action), takefocus=0).pack(side="left", padx=2)
        self.grid()

    def _closing(self, action: Optional[Callable[[], None]]) -> Callable[[], None]:
        """A button's command: close the notice first, so the action may show another one."""

        def run() -> None:
            self.hide()
            if action is not None:
                action()

        return run

    def hide(self) -> None:
        """Take the notice away (nothing happens when none is shown)."""
        self._kind = ""
        self.label.configure(text="")
        self.grid_remove()

    def text(self) -> str:
        """The notice's sentence, "" when none is shown."""
        return str(self.label.cget("text")) if self._kind else ""

    def button_labels(self) -> List[str]:
        """The labels of the notice's buttons (none when no notice is shown)."""
        if not self._kind:
            return []
        return [str(b.cget("text")) for b in self._buttons.winfo_children()]

    def press(self, label: str) -> None:
        """Press a button of the notice (what a click does).

        Raises:
            KeyError: no such button.
        """
        for button in self._buttons.winfo_children():
            if isinstance(button, ttk.Button) and str(button.cget("text")) == label:
                button.invoke()
                return
        raise KeyError(f"no notice button {label!r}; shown: {self.button_labels()}")

    def set_theme(self, theme: Theme) -> None:
        """Use ``theme``'s colours for the bar now and for the next notice."""
        self._theme = theme
        self.configure(background=theme.banner_bg)
