"""CollectionDialog: pick one puzzle from a file (or pasted text) that holds several.

A file of one-line puzzles or an OpenSudoku document with several games is not
refused: Open and Paste list its puzzles here (number, line, givens, the start
of the line) and the chosen one is checked and played like any single puzzle.
``result`` is the index of the chosen puzzle in the collection, or None.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

from sudoku_tk.app.storage.game_io import MAX_COLLECTION, PuzzleCollection

from .puzzle_and_preferences import _Dialog


class CollectionDialog(_Dialog):
    """A list of the collection's puzzles; Play (or Enter, or a double-click) plays the selected one."""

    ok_label = "Play"

    def __init__(self, parent: tk.Misc, collection: PuzzleCollection, name: str, *, show: bool = True) -> None:
        self.collection = collection
        self._shown_name = name  # not _name: Tk keeps each widget's path name there
        super().__init__(parent, f"Puzzles in {name}", show=show)

    def _build(self, body: ttk.Frame) -> None:
        count = len(self.collection.puzzles)
        head = (
            f"{name_text(self._shown_name)} holds {count} puzzles"
            if not self.collection.more
            else (
                f"{name_text(self._shown_name)} holds more than {MAX_COLLECTION} puzzles; the first {count} are listed"
            )
        )
        self.heading = ttk.Label(body, text=head + ". Choose one to play.", wraplength=460)
        self.heading.grid(row=0, column=0, sticky="w", pady=(0, 6))
        frame = ttk.Frame(body)
        frame.grid(row=1, column=0, sticky="nsew")
        body.columnconfigure(0, weight=1)
        self.puzzle_list = tk.Listbox(frame, height=12, width=64, exportselection=False, font="TkFixedFont")
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.puzzle_list.yview)
        self.puzzle_list.configure(yscrollcommand=scroll.set)
        self.puzzle_list.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        frame.columnconfigure(0, weight=1)
        for i in range(count):
            self.puzzle_list.insert("end", self.collection.label(i))
        self.puzzle_list.selection_set(0)
        self.puzzle_list.activate(0)
        self.puzzle_list.bind("<Double-Button-1>", lambda _e: self.ok())
        self.first_focus = self.puzzle_list

    def _validate(self) -> tuple[int | None, str]:
        sel = self.puzzle_list.curselection()
        if not sel:
            return None, "Choose a puzzle from the list."
        return int(sel[0]), ""


def name_text(name: str) -> str:
    """The collection's name as the dialog's sentence starts it."""
    return name if name else "The text"
