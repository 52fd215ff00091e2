"""NoticeBar: the strip above the board that shows the notices, one row each, problems first, with their buttons.

It owns the notices' widgets, their colours and what kind of notice is up; it does not
decide when a notice appears or what its buttons do (the App and GameFiles do).
The owner places the bar in its grid once and hides it; ``show`` brings it back in
that same place (Tk's ``grid_remove`` remembers it) and ``hide`` takes it away.

A new notice replaces the one shown, except a *lasting* kind (``lasting``, e.g. the
autosave warning): such a notice stays until its own kind is hidden or one of its
buttons is pressed, and the other notices stack beside it. Problems (``error``)
come first, so a failure is seen at once even over a start-up note.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from tkinter import ttk

from ..window.theme import Theme

NoticeAction = tuple[str, Callable[[], None] | None]
"""A notice button: its label and what it does (None: just close the notice)."""


@dataclass(frozen=True)
class _Notice:
    text: str
    actions: tuple[NoticeAction, ...]
    error: bool
    kind: str


class _Row(tk.Frame):
    """One notice: its sentence (wrapping at the width it is given) and its buttons."""

    def __init__(self, master: tk.Misc) -> None:
        super().__init__(master, padx=8, pady=6)
        # width=1: a long notice (every clash of a pasted puzzle) must not widen the window; it wraps
        # at the width it is given instead.
        self.label = tk.Label(self, anchor="w", justify="left", width=1)
        self.label.pack(side="left", fill="x", expand=True)
        self.label.bind("<Configure>", lambda e: e.widget.configure(wraplength=max(e.width - 4, 1)))
        self.buttons = ttk.Frame(self)
        self.buttons.pack(side="right")


class NoticeBar(tk.Frame):
    """The notices and their buttons, in the theme's notice colours (or error colours for problems)."""

    def __init__(self, master: tk.Misc, theme: Theme, lasting: Collection[str] = ()) -> None:
        """``lasting``: the kinds of notice that a new notice does not replace (see the module)."""
        super().__init__(master, background=theme.banner_bg)
        self._theme = theme
        self._lasting = frozenset(lasting)
        self._notices: list[_Notice] = []
        self._rows: list[_Row] = [_Row(self)]
        # The first row's sentence, public for reading its wrapping and size; set it via show().
        self.label = self._rows[0].label
        self._draw()

    @property
    def kind(self) -> str:
        """What the first notice is about ("" when none): ``notice``, ``confirm``, ``entering``, ``error`` (a crash)."""
        return self._notices[0].kind if self._notices else ""

    def kinds(self) -> list[str]:
        """The kinds of every notice shown, first to last."""
        return [n.kind for n in self._notices]

    def show(
        self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False, kind: str = "notice"
    ) -> None:
        """Show ``text`` with buttons (each closes its notice, then acts); it replaces the notice shown (a lasting
        kind only its own kind, and a lasting notice is never replaced by another kind).

        Without buttons the notice gets a Dismiss button. Problems use ``error`` colours and come first.
        """
        notice = _Notice(text, tuple(buttons) or (("Dismiss", None),), error, kind)
        if kind in self._lasting:  # joins the notices shown, replacing only its own kind
            kept = [n for n in self._notices if n.kind != kind]
        else:
            kept = [n for n in self._notices if n.kind in self._lasting and n.kind != kind]
        self._notices = sorted([notice, *kept], key=lambda n: not n.error)  # stable: problems first, newest first
        self._draw()

    def hide(self, kind: str = "") -> None:
        """Take away the notices of ``kind``; without a kind, every notice but the lasting ones."""
        if kind:
            self._notices = [n for n in self._notices if n.kind != kind]
        else:
            self._notices = [n for n in self._notices if n.kind in self._lasting]
        self._draw()

    def _draw(self) -> None:
        while len(self._rows) < len(self._notices):
            self._rows.append(_Row(self))
        for i, row in enumerate(self._rows):
            if i >= len(self._notices):
                row.pack_forget()
                if i == 0:
                    row.label.configure(text="")
                continue
            notice = self._notices[i]
            colour = self._theme.error_bg if notice.error else self._theme.banner_bg
            row.configure(background=colour)
            row.label.configure(text=notice.text, background=colour, foreground=self._theme.banner_fg)
            for child in row.buttons.winfo_children():
                child.destroy()
            for label, action in notice.actions:
                ttk.Button(row.buttons, text=label, command=self._closing(notice, action), takefocus=0).pack(
                    side="left", padx=2
                )
            row.pack(side="top", fill="x", pady=(0, 1) if i + 1 < len(self._notices) else 0)  # a hairline between
        if self._notices:
            self.configure(background=self._theme.banner_fg)  # the hairline between two notices
            self.grid()
        else:
            self.grid_remove()

    def _closing(self, notice: _Notice, action: Callable[[], None] | None) -> Callable[[], None]:
        """A button's command: close its notice first, so the action may show another one."""

        def run() -> None:
            if notice in self._notices:
                self._notices.remove(notice)
                self._draw()
            if action is not None:
                action()

        return run

    def text(self) -> str:
        """The first notice's sentence, "" when none is shown."""
        return self._notices[0].text if self._notices else ""

    def texts(self) -> list[str]:
        """Every notice's sentence, first to last."""
        return [n.text for n in self._notices]

    def button_labels(self) -> list[str]:
        """The labels of the notices' buttons, first notice first (none when no notice is shown)."""
        return [label for row in self._rows[: len(self._notices)] for label in _labels(row)]

    def press(self, label: str) -> None:
        """Press a button of a notice (what a click does), looking in the first notice first.

        Raises:
            KeyError: no such button.
        """
        for row in self._rows[: len(self._notices)]:
            for button in row.buttons.winfo_children():
                if isinstance(button, ttk.Button) and str(button.cget("text")) == label:
                    button.invoke()
                    return
        raise KeyError(f"no notice button {label!r}; shown: {self.button_labels()}")

    def set_theme(self, theme: Theme) -> None:
        """Use ``theme``'s colours for the bar now and for the next notice."""
        self._theme = theme
        self.configure(background=theme.banner_bg)
        self._draw()


def _labels(row: _Row) -> list[str]:
    return [str(b.cget("text")) for b in row.buttons.winfo_children()]
