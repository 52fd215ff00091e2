"""The file choosers: Open, Save game and Export text, with the file types and the name suggested for a game.

Each ``ask_*`` function shows the platform's chooser (``chooser`` is replaceable, so tests
run without one) and returns a ``Path`` or None when the player cancels.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from tkinter import filedialog
from typing import Any, Callable, Optional

from sudoku_tk.app.game_io import TextKind

from .modal_clock import modal

GAME_EXTENSION = ".sudoku.json"
GAME_FILETYPES = [("Sudoku Tk games", "*.json"), ("All files", "*")]
OPEN_FILETYPES = [
    ("Games and puzzles", "*.json *.txt *.sdk *.ss *.opensudoku *.xml"),
    ("Sudoku Tk games", "*.json"),
    ("Puzzle text", "*.txt *.sdk *.ss"),
    ("OpenSudoku", "*.opensudoku *.xml"),
    ("All files", "*"),
]
TEXT_FILETYPES = [("Text", "*.txt"), ("All files", "*")]
PICTURE_FILETYPES = [
    ("Pictures", "*.png *.jpg *.jpeg *.gif *.bmp *.webp *.tif *.tiff *.heic *.heif *.PNG *.JPG *.JPEG"),
    ("All files", "*"),
]

Chooser = Callable[..., Any]


def _ask(parent: tk.Misc, chooser: Chooser, **options: Any) -> Any:
    """Show a chooser; the game clock stands still while it is open."""
    with modal(parent):
        return chooser(parent=parent, **options)


def _as_path(answer: Any) -> Optional[Path]:
    # Tk returns "" (or an empty tuple on some platforms) when the player cancels.
    return Path(answer) if isinstance(answer, str) and answer else None


def ask_open_path(
    parent: tk.Misc, initialdir: str = "", *, chooser: Chooser = filedialog.askopenfilename
) -> Optional[Path]:
    """Ask for a game or puzzle file to open; None when cancelled."""
    return _as_path(
        _ask(parent, chooser, title="Open game or puzzle", initialdir=initialdir or None, filetypes=OPEN_FILETYPES)
    )


def ask_picture_path(
    parent: tk.Misc, initialdir: str = "", *, chooser: Chooser = filedialog.askopenfilename
) -> Optional[Path]:
    """Ask for a screenshot, scan or photo of a puzzle; None when cancelled."""
    return _as_path(
        _ask(
            parent,
            chooser,
            title="Open a picture of a puzzle",
            initialdir=initialdir or None,
            filetypes=PICTURE_FILETYPES,
        )
    )


def ask_save_game_path(
    parent: tk.Misc, initialdir: str = "", initialfile: str = "", *, chooser: Chooser = filedialog.asksaveasfilename
) -> Optional[Path]:
    """Ask where to save the game (``.sudoku.json`` added when no extension is given); None when cancelled."""
    path = _as_path(
        _ask(
            parent,
            chooser,
            title="Save game",
            initialdir=initialdir or None,
            initialfile=initialfile or None,
            defaultextension=".json",
            filetypes=GAME_FILETYPES,
        )
    )
    if path is not None and not path.suffix:
        path = path.with_name(path.name + GAME_EXTENSION)
    return path


def ask_export_path(
    parent: tk.Misc,
    kind: TextKind,
    initialdir: str = "",
    initialfile: str = "",
    *,
    chooser: Chooser = filedialog.asksaveasfilename,
) -> Optional[Path]:
    """Ask where to export a text (puzzle, position or candidate grid); None when cancelled."""
    return _as_path(
        _ask(
            parent,
            chooser,
            title=f"Export {kind.label.lower()}",
            initialdir=initialdir or None,
            initialfile=initialfile or None,
            defaultextension=".txt",
            filetypes=TEXT_FILETYPES,
        )
    )


def game_file_name(puzzle_name: str) -> str:
    """A file name to suggest for Save As: ``The classic`` -> ``The classic.sudoku.json``."""
    safe = "".join(ch for ch in puzzle_name if ch.isalnum() or ch in " -_()").strip()[:60]
    return (safe or "game") + GAME_EXTENSION
