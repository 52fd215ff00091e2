"""The two questions about keeping games: "Replace your game?" and "Continue a recent game".

Both are modal dialogs (see ``dialogs._Dialog``) that work from the keyboard: Enter
answers with the default button (Replace, Continue), Esc with the other (Keep
playing, Cancel). The words and the list come from ``app/progress/recent_games.py``; what
happens next is ``ui/games/keeper.py``'s job.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence
from datetime import datetime
from tkinter import ttk

from sudoku_tk.app.progress.recent_games import RecentGame

from .puzzle_and_preferences import _Dialog

MIN_WIDTH, MAX_WIDTH = 60, 130
"""The list's width in characters: at least this, at most that."""


class ReplaceGameDialog(_Dialog):
    """Ask before a game in progress is replaced. ``result``: True for Replace, None to keep playing."""

    ok_label = "Replace"
    cancel_label = "Keep playing"

    def __init__(self, parent: tk.Misc, question: str, *, show: bool = True) -> None:
        self.question = question
        super().__init__(parent, "Replace your game?", show=show)

    def _build(self, body: ttk.Frame) -> None:
        self.question_label = ttk.Label(body, text=self.question, wraplength=420, justify="left")
        self.question_label.grid(row=0, column=0, sticky="w")
        # No first_focus: the dialog itself takes the keys, so Enter replaces and Esc keeps playing.

    def _validate(self) -> tuple[bool | None, str]:
        return True, ""


class RecentGamesDialog(_Dialog):
    """The recent unfinished games, newest first; Continue (Enter, or a double-click) picks one.

    ``result``: the index of the chosen game in ``entries``, or None.
    """

    ok_label = "Continue"

    def __init__(self, parent: tk.Misc, entries: Sequence[RecentGame], now: datetime, *, show: bool = True) -> None:
        self.entries = tuple(entries)
        self._now = now
        super().__init__(parent, "Continue a recent game", show=show)

    def _build(self, body: ttk.Frame) -> None:
        ttk.Label(body, text="Unfinished games, the most recent first. Choose one to play on.", wraplength=560).grid(
            row=0, column=0, sticky="w", pady=(0, 6)
        )
        lines = [entry.describe(self._now) for entry in self.entries]
        # As wide as the longest line (within reason), so each game's progress and time show whole.
        width = min(MAX_WIDTH, max([MIN_WIDTH] + [len(line) + 2 for line in lines]))
        self.game_list = tk.Listbox(body, height=max(3, len(self.entries)), width=width, exportselection=False)
        self.game_list.grid(row=1, column=0, sticky="nsew")
        body.columnconfigure(0, weight=1)
        for line in lines:
            self.game_list.insert("end", line)
        if self.entries:
            self.game_list.selection_set(0)
            self.game_list.activate(0)
        self.game_list.bind("<Double-Button-1>", lambda _e: self.ok())
        self.first_focus = self.game_list

    def lines(self) -> tuple[str, ...]:
        """What the list shows, one line per game."""
        return tuple(str(line) for line in self.game_list.get(0, "end"))

    def select(self, index: int) -> None:
        """Select the game at ``index`` (what a click on it does)."""
        self.game_list.selection_clear(0, "end")
        self.game_list.selection_set(index)
        self.game_list.activate(index)
        self.game_list.see(index)

    def _validate(self) -> tuple[int | None, str]:
        sel = self.game_list.curselection()
        if not sel:
            return None, "Choose a game to continue."
        return int(sel[0]), ""


__all__ = ["ReplaceGameDialog", "RecentGamesDialog"]
