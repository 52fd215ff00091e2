"""Dialogs: Paste / enter a puzzle, Preferences, and the modal ``_Dialog`` base; validation in pure ``*_ok()`` functions.

The file choosers are in ``file_choosers.py``, the New game dialog in ``ui/dialogs/new_game.py``.

Each ``*_ok()`` function takes what the player typed or chose and returns
``(value, message)``: the value when the input is good (``message`` then "" or a
remark), else None and a sentence saying what is wrong. Dialog classes only move
widget state into those functions and show the message; they hold no rule.

Dialogs are modal: building one shows it and waits until it closes, then
``dialog.result`` holds the value (None after Cancel). Tests pass ``show=False``
to drive a dialog without waiting.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterable
from dataclasses import replace
from tkinter import ttk
from typing import Any

from sudoku_tk.app.game.session import ASSIST_LABELS
from sudoku_tk.app.storage.game_io import IncomingPuzzle, read_puzzle_text
from sudoku_tk.app.storage.settings import ZOOM_MAX, ZOOM_MIN, Settings, Theme
from sudoku_tk.engine.play.propagation import Assist

from ..window.modal_clock import modal

THEME_LABELS = {Theme.SYSTEM: "Follow the system", Theme.LIGHT: "Light", Theme.DARK: "Dark"}

# -- pure validation ----------------------------------------------------------------


def puzzle_text_ok(text: str, play_anyway: bool = False) -> tuple[IncomingPuzzle | None, str]:
    """Check pasted or typed puzzle text: the checked puzzle when it can be played, else None and why.

    A puzzle with several solutions is returned only with ``play_anyway``; without
    it the message asks the player to confirm. A puzzle whose solutions take a while
    to count is returned as it is (``is_pending``): the window counts them after.
    """
    incoming = read_puzzle_text(text)
    if incoming.is_proper or incoming.is_pending:
        return incoming, ""
    if incoming.has_several_solutions:
        if play_anyway:
            return incoming, incoming.message
        return None, incoming.message + " Tick “Play it anyway” to go on."
    return None, incoming.message


def zoom_ok(text: str | int) -> tuple[int | None, str]:
    """Read the board size on screen, in percent (ZOOM_MIN to ZOOM_MAX)."""
    try:
        value = int(str(text).strip().rstrip("%"))
    except ValueError:
        return None, f"The board size must be a whole number of percent, not {str(text)!r}."
    if not ZOOM_MIN <= value <= ZOOM_MAX:
        return None, f"The board size must be from {ZOOM_MIN} to {ZOOM_MAX} percent, not {value}."
    return value, ""


def preferences_ok(
    base: Settings,
    assists: Iterable[Assist],
    check_mistakes: bool,
    show_mistake_count: bool,
    theme: Theme | str,
    zoom_text: str | int,
) -> tuple[Settings | None, str]:
    """Build the new Settings from the Preferences widgets (other settings kept from ``base``)."""
    zoom, message = zoom_ok(zoom_text)
    if zoom is None:
        return None, message
    try:
        chosen_theme = theme if isinstance(theme, Theme) else Theme(theme)
    except ValueError:
        return None, f"Unknown theme {theme!r}."
    return replace(
        base,
        assists=frozenset(assists),
        check_mistakes=bool(check_mistakes),
        show_mistake_count=bool(show_mistake_count),
        theme=chosen_theme,
        board_zoom=zoom,
    ), ""


# -- dialog classes ----------------------------------------------------------------


class _Dialog(tk.Toplevel):
    """A modal dialog with a body, a message line and OK / Cancel; subclasses fill ``_build`` and ``_validate``."""

    ok_label = "OK"
    cancel_label = "Cancel"

    def __init__(self, parent: tk.Misc, title: str, *, show: bool = True) -> None:
        super().__init__(parent)
        self.withdraw()
        self.title(title)
        # A Toplevel keeps Tk's classic grey; the ttk frames inside use the style's colour.
        self.configure(background=ttk.Style(self).lookup("TFrame", "background") or self.cget("background"))
        if parent.winfo_toplevel().winfo_viewable():
            # Tk hides a transient whose master is hidden: a dialog over a withdrawn window would never show.
            self.transient(parent.winfo_toplevel())
        self.resizable(True, False)
        self.result: Any = None
        self.message = tk.StringVar(self, "")
        body = ttk.Frame(self, padding=12)
        body.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.first_focus: tk.Widget | None = None
        self._build(body)
        self.message_label = ttk.Label(
            self, textvariable=self.message, foreground="#b00020", wraplength=420, padding=(12, 0)
        )
        self.message_label.grid(row=1, column=0, sticky="we")
        self.message_label.grid_remove()  # shown only while there is something to say
        buttons = ttk.Frame(self, padding=12)
        buttons.grid(row=2, column=0, sticky="e")
        self.ok_button = ttk.Button(buttons, text=self.ok_label, command=self.ok, default="active")
        self.cancel_button = ttk.Button(buttons, text=self.cancel_label, command=self.cancel)
        self.ok_button.grid(row=0, column=0, padx=(0, 6))
        self.cancel_button.grid(row=0, column=1)
        self.bind("<Return>", self._on_return)
        self.bind("<KP_Enter>", self._on_return)
        self.bind("<Escape>", lambda _e: self.cancel())
        self.protocol("WM_DELETE_WINDOW", self.cancel)
        if show:
            self.show_modal()

    # subclass hooks
    def _build(self, body: ttk.Frame) -> None:
        raise NotImplementedError

    def _validate(self) -> tuple[Any, str]:
        raise NotImplementedError

    def _on_return(self, event: tk.Event) -> str | None:
        self.ok()
        return "break"

    def show_modal(self) -> None:
        """Show the dialog over its parent, take the input grab and wait until it closes (the game clock waits too)."""
        with modal(self.master or self):
            self.deiconify()
            self.update_idletasks()
            self._place_over_parent()
            self.wait_visibility()
            try:
                self.grab_set()
            except tk.TclError:
                pass  # another application holds a grab (a test run on a shared screen): stay usable without one
            # Force: a dialog that opens without the keyboard focus (no window manager gives it) would ignore
            # Enter and Esc, and the grab keeps the keys from the main window too.
            (self.first_focus or self).focus_force()
            self.wait_window()

    def _place_over_parent(self) -> None:
        parent = self.master.winfo_toplevel() if self.master else None
        if parent is None or not parent.winfo_viewable():
            return
        x = parent.winfo_rootx() + max(0, (parent.winfo_width() - self.winfo_reqwidth()) // 2)
        y = parent.winfo_rooty() + max(0, (parent.winfo_height() - self.winfo_reqheight()) // 3)
        self.geometry(f"+{x}+{y}")

    def ok(self) -> None:
        """Validate; close with the result when good, else show why and stay open."""
        value, message = self._validate()
        self.message.set(message)
        if message:
            self.message_label.grid()
        else:
            self.message_label.grid_remove()
        if value is None:
            self.bell()
            return
        self.result = value
        self.destroy()

    def cancel(self) -> None:
        """Close without a result."""
        self.result = None
        self.destroy()


class PuzzleTextDialog(_Dialog):
    """Paste or type a puzzle in any format the app reads. ``result``: the checked IncomingPuzzle."""

    ok_label = "Play"

    def __init__(self, parent: tk.Misc, text: str = "", *, title: str = "Enter a puzzle", show: bool = True) -> None:
        self._initial_text = text
        super().__init__(parent, title, show=show)

    def _build(self, body: ttk.Frame) -> None:
        ttk.Label(
            body,
            text="Paste or type a puzzle: one line of 81 digits (. or 0 for empty), a grid, "
            "a candidate grid, .sdk, .ss, HoDoKu or OpenSudoku text.",
            wraplength=420,
        ).grid(row=0, column=0, sticky="w")
        self.text = tk.Text(body, width=56, height=14, font="TkFixedFont", undo=True, wrap="none")
        self.text.grid(row=1, column=0, sticky="nsew", pady=6)
        self.text.insert("1.0", self._initial_text)
        body.columnconfigure(0, weight=1)
        self.anyway_var = tk.BooleanVar(self, False)
        self.anyway_button = ttk.Checkbutton(
            body, text="Play it anyway (several solutions)", variable=self.anyway_var, state="disabled"
        )
        self.anyway_button.grid(row=2, column=0, sticky="w")
        self.first_focus = self.text
        self.problem_cells: tuple[int, ...] = ()

    def _on_return(self, event: tk.Event) -> str | None:
        # Return types a new line in the text box; Ctrl+Return plays.
        if event.widget is self.text and not int(event.state) & 0x4:
            return None
        return super()._on_return(event)

    def set_text(self, text: str) -> None:
        """Replace the text in the box (what pasting does)."""
        self.text.delete("1.0", "end")
        self.text.insert("1.0", text)

    def _validate(self) -> tuple[IncomingPuzzle | None, str]:
        text = self.text.get("1.0", "end-1c")
        value, message = puzzle_text_ok(text, self.anyway_var.get())
        incoming = read_puzzle_text(text) if value is None else value
        self.problem_cells = incoming.cells
        if incoming.has_several_solutions:
            self.anyway_button.configure(state="normal")
        return value, message


class PreferencesDialog(_Dialog):
    """Assists, mistake checking, theme and board size. ``result``: the new Settings."""

    def __init__(self, parent: tk.Misc, settings: Settings, *, show: bool = True) -> None:
        self._base = settings
        super().__init__(parent, "Preferences", show=show)

    def _build(self, body: ttk.Frame) -> None:
        s = self._base
        row = 0
        ttk.Label(body, text="Assists", font="TkHeadingFont").grid(row=row, column=0, sticky="w")
        self.assist_vars = {}
        for assist in Assist:
            row += 1
            var = tk.BooleanVar(self, assist in s.assists)
            self.assist_vars[assist] = var
            ttk.Checkbutton(body, text=ASSIST_LABELS[assist], variable=var).grid(row=row, column=0, sticky="w")
        row += 1
        ttk.Label(body, text="Mistakes", font="TkHeadingFont").grid(row=row, column=0, sticky="w", pady=(8, 0))
        self.check_var = tk.BooleanVar(self, s.check_mistakes)
        self.count_var = tk.BooleanVar(self, s.show_mistake_count)
        row += 1
        ttk.Checkbutton(body, text="Mark digits that differ from the solution", variable=self.check_var).grid(
            row=row, column=0, sticky="w"
        )
        row += 1
        ttk.Checkbutton(body, text="Count mistakes in the status bar", variable=self.count_var).grid(
            row=row, column=0, sticky="w"
        )
        row += 1
        ttk.Label(body, text="Appearance", font="TkHeadingFont").grid(row=row, column=0, sticky="w", pady=(8, 0))
        self.theme_var = tk.StringVar(self, s.theme.value)
        themes = ttk.Frame(body)
        row += 1
        themes.grid(row=row, column=0, sticky="w")
        for i, theme in enumerate(Theme):
            ttk.Radiobutton(themes, text=THEME_LABELS[theme], value=theme.value, variable=self.theme_var).grid(
                row=0, column=i, padx=(0, 8)
            )
        row += 1
        zoom_row = ttk.Frame(body)
        zoom_row.grid(row=row, column=0, sticky="w", pady=(4, 0))
        ttk.Label(zoom_row, text="Zoom (%, 100 = the board fits the window)").grid(row=0, column=0, padx=(0, 6))
        self.zoom_var = tk.StringVar(self, str(s.board_zoom))
        self.zoom_box = ttk.Spinbox(
            zoom_row, from_=ZOOM_MIN, to=ZOOM_MAX, increment=10, width=6, textvariable=self.zoom_var
        )
        self.zoom_box.grid(row=0, column=1)
        self.first_focus = self.zoom_box

    def _validate(self) -> tuple[Settings | None, str]:
        chosen = [a for a, var in self.assist_vars.items() if var.get()]
        return preferences_ok(
            self._base, chosen, self.check_var.get(), self.count_var.get(), self.theme_var.get(), self.zoom_var.get()
        )


__all__ = [
    "puzzle_text_ok",
    "zoom_ok",
    "preferences_ok",
    "PuzzleTextDialog",
    "PreferencesDialog",
]
