"""Dialogs: New game, Paste / enter a puzzle, Preferences; validation lives in pure ``*_ok()`` functions.

The file choosers are in ``file_choosers.py``.

Each ``*_ok()`` function takes what the player typed or chose and returns
``(value, message)``: the value when the input is good (``message`` then "" or a
remark), else None and a sentence saying what is wrong. Dialog classes only move
widget state into those functions and show the message; they hold no rule.

Dialogs are modal: building one shows it and waits until it closes, then
``dialog.result`` holds the value (None after Cancel). Tests pass ``show=False``
to drive a dialog without waiting.
"""

from __future__ import annotations

import random
import tkinter as tk
from dataclasses import replace
from tkinter import ttk
from typing import Any, Iterable, List, Optional, Sequence, Tuple

from sudoku_tk.app import puzzles
from sudoku_tk.app.game_io import IncomingPuzzle, read_puzzle_text
from sudoku_tk.app.puzzles import Level, PuzzleEntry
from sudoku_tk.app.session import ASSIST_LABELS
from sudoku_tk.app.settings import ANY_LEVEL, ZOOM_MAX, ZOOM_MIN, Settings, Theme
from sudoku_tk.engine.propagation import Assist

from .modal_clock import modal

ANY_LEVEL_LABEL = "Any level"
THEME_LABELS = {Theme.SYSTEM: "Follow the system", Theme.LIGHT: "Light", Theme.DARK: "Dark"}

# -- pure validation ----------------------------------------------------------------


def level_ok(text: str) -> Tuple[Optional[Level | str], str]:
    """Read a level choice: a level's name or "Any level" / "any" (returned as ``ANY_LEVEL``)."""
    if text.strip().lower() in (ANY_LEVEL, ANY_LEVEL_LABEL.lower(), ""):
        return ANY_LEVEL, ""
    try:
        return Level.parse(text), ""
    except ValueError:
        names = ", ".join(lvl.display_name for lvl in Level)
        return None, f"Choose a level ({names}) or {ANY_LEVEL_LABEL!r}, not {text!r}."


def new_game_ok(
    size: int | str,
    level_text: str = ANY_LEVEL,
    puzzle_id: str = "",
    recent_ids: Sequence[str] = (),
    rng: Optional[random.Random] = None,
) -> Tuple[Optional[PuzzleEntry], str]:
    """Turn the New game choices into a puzzle: the one named by ``puzzle_id``, else a random
    one of that size and level that was not played recently."""
    try:
        side = int(size)
    except (TypeError, ValueError):
        side = 0
    if side not in puzzles.sizes():
        return None, f"Choose a board size: {', '.join(f'{s}×{s}' for s in puzzles.sizes())}."
    if puzzle_id:
        entry = puzzles.by_id(puzzle_id)
        if entry is None:
            return None, f"There is no built-in puzzle {puzzle_id!r}."
        if entry.size != side:
            return None, f"{entry.name} is a {entry.size}×{entry.size} puzzle, not {side}×{side}."
        return entry, ""
    level, message = level_ok(level_text)
    if level is None:
        return None, message
    try:
        entry = puzzles.pick(side, None if level == ANY_LEVEL else level, recent_ids, rng)
    except LookupError:
        shown = level.display_name if isinstance(level, Level) else "any level"
        return None, f"There is no built-in {side}×{side} puzzle at level {shown}."
    return entry, ""


def puzzle_text_ok(text: str, play_anyway: bool = False) -> Tuple[Optional[IncomingPuzzle], str]:
    """Check pasted or typed puzzle text: the checked puzzle when it can be played, else None and why.

    A puzzle with several solutions is returned only with ``play_anyway``; without
    it the message asks the player to confirm.
    """
    incoming = read_puzzle_text(text)
    if incoming.is_proper:
        return incoming, ""
    if incoming.has_several_solutions:
        if play_anyway:
            return incoming, incoming.message
        return None, incoming.message + " Tick “Play it anyway” to go on."
    return None, incoming.message


def zoom_ok(text: str | int) -> Tuple[Optional[int], str]:
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
) -> Tuple[Optional[Settings], str]:
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
        self.first_focus: Optional[tk.Widget] = None
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

    def _validate(self) -> Tuple[Any, str]:
        raise NotImplementedError

    def _on_return(self, event: tk.Event) -> Optional[str]:
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
            (self.first_focus or self).focus_set()
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


class NewGameDialog(_Dialog):
    """Choose a size and a level (or any), or a specific built-in puzzle. ``result``: a PuzzleEntry."""

    ok_label = "Play"

    def __init__(
        self,
        parent: tk.Misc,
        *,
        size: int = 9,
        level: str = ANY_LEVEL,
        recent_ids: Sequence[str] = (),
        rng: Optional[random.Random] = None,
        show: bool = True,
    ) -> None:
        self._recent = tuple(recent_ids)
        self._rng = rng
        self._initial = (size if size in puzzles.sizes() else 9, level)
        self.chosen_size = self._initial[0]
        """The size and level last chosen (what the next New game offers first)."""
        self.chosen_level = level
        super().__init__(parent, "New game", show=show)

    def _build(self, body: ttk.Frame) -> None:
        size, level = self._initial
        self.size_var = tk.IntVar(self, size)
        self.level_var = tk.StringVar(self, self._level_label(level))
        self.mode_var = tk.StringVar(self, "random")
        ttk.Label(body, text="Board size").grid(row=0, column=0, sticky="w")
        sizes = ttk.Frame(body)
        sizes.grid(row=0, column=1, sticky="w", pady=2)
        self.size_buttons = {}
        for i, s in enumerate(puzzles.sizes()):
            b = ttk.Radiobutton(sizes, text=f"{s}×{s}", value=s, variable=self.size_var, command=self._refresh)
            b.grid(row=0, column=i, padx=(0, 8))
            self.size_buttons[s] = b
        ttk.Label(body, text="Level").grid(row=1, column=0, sticky="w")
        self.level_box = ttk.Combobox(body, textvariable=self.level_var, state="readonly", width=16)
        self.level_box.grid(row=1, column=1, sticky="w", pady=2)
        self.level_box.bind("<<ComboboxSelected>>", lambda _e: self._refresh())
        self.random_button = ttk.Radiobutton(
            body,
            text="A random puzzle I haven't played recently",
            value="random",
            variable=self.mode_var,
            command=self._refresh,
        )
        self.random_button.grid(row=2, column=0, columnspan=2, sticky="w", pady=(8, 0))
        self.pick_button = ttk.Radiobutton(
            body, text="This puzzle:", value="list", variable=self.mode_var, command=self._refresh
        )
        self.pick_button.grid(row=3, column=0, columnspan=2, sticky="w")
        frame = ttk.Frame(body)
        frame.grid(row=4, column=0, columnspan=2, sticky="nsew")
        body.columnconfigure(1, weight=1)
        self.puzzle_list = tk.Listbox(frame, height=8, width=36, exportselection=False)
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.puzzle_list.yview)
        self.puzzle_list.configure(yscrollcommand=scroll.set)
        self.puzzle_list.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        frame.columnconfigure(0, weight=1)
        self.puzzle_list.bind("<<ListboxSelect>>", lambda _e: self.mode_var.set("list"))
        self.puzzle_list.bind("<Double-Button-1>", lambda _e: self.ok())
        self.shown: List[PuzzleEntry] = []
        self.first_focus = self.level_box
        self._refresh()

    @staticmethod
    def _level_label(level: str) -> str:
        value, _ = level_ok(level)
        return value.display_name if isinstance(value, Level) else ANY_LEVEL_LABEL

    def _refresh(self) -> None:
        """Offer the levels of the chosen size and list its puzzles (filtered by level)."""
        size = self.size_var.get()
        labels = [ANY_LEVEL_LABEL] + [lvl.display_name for lvl in puzzles.levels(size)]
        self.level_box.configure(values=labels)
        if self.level_var.get() not in labels:
            self.level_var.set(ANY_LEVEL_LABEL)
        level, _ = level_ok(self.level_var.get())
        self.shown = puzzles.puzzles_for(size, None if level == ANY_LEVEL else level)
        self.puzzle_list.delete(0, "end")
        for e in self.shown:
            self.puzzle_list.insert("end", e.name)

    def select_puzzle(self, puzzle_id: str) -> None:
        """Select a listed puzzle by id (what a click on the list does)."""
        for i, e in enumerate(self.shown):
            if e.id == puzzle_id:
                self.puzzle_list.selection_clear(0, "end")
                self.puzzle_list.selection_set(i)
                self.puzzle_list.see(i)
                self.mode_var.set("list")
                return
        raise KeyError(puzzle_id)

    def _validate(self) -> Tuple[Optional[PuzzleEntry], str]:
        puzzle_id = ""
        self.chosen_size = self.size_var.get()
        level, _ = level_ok(self.level_var.get())
        self.chosen_level = level.value if isinstance(level, Level) else ANY_LEVEL
        if self.mode_var.get() == "list":
            sel = self.puzzle_list.curselection()  # type: ignore[no-untyped-call]
            if not sel:
                return None, "Choose a puzzle from the list, or pick a random one."
            puzzle_id = self.shown[sel[0]].id
        return new_game_ok(self.size_var.get(), self.level_var.get(), puzzle_id, self._recent, self._rng)


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
        self.problem_cells: Tuple[int, ...] = ()

    def _on_return(self, event: tk.Event) -> Optional[str]:
        # Return types a new line in the text box; Ctrl+Return plays.
        if event.widget is self.text and not int(event.state) & 0x4:
            return None
        return super()._on_return(event)

    def set_text(self, text: str) -> None:
        """Replace the text in the box (what pasting does)."""
        self.text.delete("1.0", "end")
        self.text.insert("1.0", text)

    def _validate(self) -> Tuple[Optional[IncomingPuzzle], str]:
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
        ttk.Label(zoom_row, text="Board size on screen (%)").grid(row=0, column=0, padx=(0, 6))
        self.zoom_var = tk.StringVar(self, str(s.board_zoom))
        self.zoom_box = ttk.Spinbox(
            zoom_row, from_=ZOOM_MIN, to=ZOOM_MAX, increment=10, width=6, textvariable=self.zoom_var
        )
        self.zoom_box.grid(row=0, column=1)
        self.first_focus = self.zoom_box

    def _validate(self) -> Tuple[Optional[Settings], str]:
        chosen = [a for a, var in self.assist_vars.items() if var.get()]
        return preferences_ok(
            self._base, chosen, self.check_var.get(), self.count_var.get(), self.theme_var.get(), self.zoom_var.get()
        )


__all__ = [
    "level_ok",
    "new_game_ok",
    "puzzle_text_ok",
    "zoom_ok",
    "preferences_ok",
    "NewGameDialog",
    "PuzzleTextDialog",
    "PreferencesDialog",
]
