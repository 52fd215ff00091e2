"""The file choosers: Open, Save game and Export text, with the file types and the name suggested for a game.

Each ``ask_*`` function shows the platform's chooser (``chooser`` is replaceable, so tests
run without one) and returns a ``Path`` or None when the player cancels. A chooser opens in
the folder used last (``Settings.last_directory``) or, the first time, in the player's
documents folder (``starting_folder``), never in the folder the app was started from.
"""

from __future__ import annotations

import os
import tkinter as tk
from collections.abc import Callable, Mapping
from pathlib import Path
from tkinter import filedialog
from typing import Any

from sudoku_tk.app.storage.game_io import TextKind

from ..window.modal_clock import modal

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


def documents_folder(home: Path | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The player's documents folder: XDG's ``XDG_DOCUMENTS_DIR`` (``user-dirs.dirs``) where it is set and exists,
    else ``Documents`` in the home folder, else the home folder itself."""
    home = Path.home() if home is None else home
    env = os.environ if environ is None else environ
    config = Path(env.get("XDG_CONFIG_HOME") or home / ".config")
    try:
        for line in (config / "user-dirs.dirs").read_text(encoding="utf-8").splitlines():
            name, _, value = line.partition("=")
            if name.strip() == "XDG_DOCUMENTS_DIR":
                folder = Path(value.strip().strip('"').replace("$HOME", str(home)))
                if folder.is_absolute() and folder.is_dir() and folder != home:
                    return folder
    except (OSError, UnicodeDecodeError, ValueError):
        pass  # no such file, or one that can't be read: the usual place below
    documents = home / "Documents"
    return documents if documents.is_dir() else home


def starting_folder(last: str, home: Path | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Where a file chooser opens: the folder used last (kept in the settings) while it exists, else the player's
    documents folder, never the folder the app was started from (its working directory)."""
    try:
        if last and Path(last).is_dir():
            return last
    except (OSError, ValueError):
        pass
    return str(documents_folder(home, environ))


def _ask(parent: tk.Misc, chooser: Chooser, **options: Any) -> Any:
    """Show a chooser, in the folder used last or the player's documents; the game clock stands still meanwhile."""
    options["initialdir"] = starting_folder(options.get("initialdir") or "")
    with modal(parent):
        return chooser(parent=parent, **options)


def _as_path(answer: Any) -> Path | None:
    # Tk returns "" (or an empty tuple on some platforms) when the player cancels.
    return Path(answer) if isinstance(answer, str) and answer else None


def ask_open_path(
    parent: tk.Misc, initialdir: str = "", *, chooser: Chooser = filedialog.askopenfilename
) -> Path | None:
    """Ask for a game or puzzle file to open; None when cancelled."""
    return _as_path(
        _ask(parent, chooser, title="Open game or puzzle", initialdir=initialdir or None, filetypes=OPEN_FILETYPES)
    )


def ask_picture_path(
    parent: tk.Misc, initialdir: str = "", *, chooser: Chooser = filedialog.askopenfilename
) -> Path | None:
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
) -> Path | None:
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
) -> Path | None:
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
