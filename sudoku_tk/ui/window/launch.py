"""Start-up of the window from the command line: arguments, the PUZZLE argument, the main loop, start-up problems.

``run_gui(argv)`` parses the command line, opens the App on the user's data folder
and runs the main loop; ``make_root`` makes the Tk root (ui/window/setup.py). A problem
before the window opens is told on stderr, or kept in the log when there is none (a
windowed build).
"""

from __future__ import annotations

import argparse
import os
import sys
import tkinter as tk
from collections.abc import Sequence
from pathlib import Path

from sudoku_tk.app.puzzles.background_worker import process_pool
from sudoku_tk.app.puzzles.choice import PuzzleChoice, choose_puzzle
from sudoku_tk.app.puzzles.solution_check import count_now
from sudoku_tk.app.storage.file_reading import FileTooLargeError, SaveFileError, decode, read_file
from sudoku_tk.app.storage.game_io import PuzzleCollection, read_incoming
from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.grid import ProblemKind, solution_count_problems
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle, puzzle_text
from sudoku_tk.system import LOG_NAME, ErrorLog, user_data_dir

from ..pictures.input import PICTURE_SUFFIXES
from .app import App
from .autosave import failure_reason
from .setup import make_root

__all__ = ["make_root", "picture_argument", "puzzle_from_argument", "run_gui", "saved_game_argument"]

MAX_PATH_CHARS = 4096
"""A PUZZLE argument longer than this is never a file name (the longest path Linux allows)."""


def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="sudoku-tk", description="Play Sudoku with candidates and explained moves.")
    parser.add_argument(
        "puzzle", nargs="?", help="a puzzle as one line of givens, a file holding one, a saved game or a picture"
    )
    parser.add_argument("--size", type=int, choices=(4, 9, 16), help="start a built-in puzzle of this size")
    parser.add_argument(
        "--theme", choices=("light", "dark", "system"), help="colours for this run (default: the Preferences setting)"
    )
    return parser.parse_args(list(argv))


def puzzle_from_argument(text: str) -> PuzzleChoice:
    """Read a PUZZLE argument: a file path or the givens themselves.

    A path that names anything on disk is read as a file, by the app's one reader
    (app/storage/file_reading.py): bounded by its limit, regular files only, never blocking on a
    pipe; the path itself is never parsed as a puzzle.

    Raises:
        PuzzleFormatError: the text (or file) is not a puzzle.
        ValueError: the file can't be read (too large, a device, a pipe), holds several puzzles, or the puzzle has
            clashing givens or no solution (the message names them).
    """
    name = "Puzzle"
    if len(text) < MAX_PATH_CHARS and "\n" not in text and os.path.lexists(text):
        path = Path(text)
        try:
            text = decode(read_file(path, "a puzzle"))
        except FileTooLargeError as exc:
            raise ValueError(str(exc)) from None
        except (OSError, SaveFileError) as exc:
            raise ValueError(f"can't open {str(path)!r}: {failure_reason(exc)}") from None
        name = path.stem
        incoming = read_incoming(text)
        if isinstance(incoming, PuzzleCollection):
            count = f"{len(incoming.puzzles):,}" + ("+" if incoming.more else "")
            raise ValueError(f"{path.name} holds {count} puzzles: open it with Game > Open… to choose one")
    grid = parse_puzzle(text)
    fatal = grid.rule_problems()
    found = None if fatal else count_now(grid)  # a puzzle that takes longer is counted in the window
    if found is not None:
        fatal = [p for p in solution_count_problems(found.count) if p.kind is not ProblemKind.MULTIPLE_SOLUTIONS]
    if fatal:
        raise ValueError("; ".join(p.message for p in fatal))
    return PuzzleChoice("", name, puzzle_text(grid))


def saved_game_argument(text: str) -> Path | None:
    """The path of a saved game (a ``.json`` file) given on the command line, as a file manager passes it; else None.

    A saved game is opened by the window, as Game > Open opens it: a bad one is told there and changes nothing.
    """
    path = Path(text)
    return path if len(text) < 1024 and path.suffix.lower() == ".json" and path.is_file() else None


def picture_argument(text: str) -> Path | None:
    """The path of a picture given on the command line, as a file manager passes one dropped on the app's icon or
    opened with the app; else None.

    The window reads it as Game > Open picture does: the check screen first, nothing replaced before the player
    accepts, and a file that is no picture after all is told there and changes nothing.
    """
    path = Path(text)
    try:
        return (
            path if len(text) < MAX_PATH_CHARS and path.suffix.lower() in PICTURE_SUFFIXES and path.is_file() else None
        )
    except (OSError, ValueError):  # a name the system refuses (too long, a NUL byte): not a picture file
        return None


def run_gui(argv: Sequence[str] = ()) -> int:
    """Open the window and run until it is closed; 2 on a bad command line or puzzle.

    Without a PUZZLE or ``--size`` the last game is resumed from the user's data folder; a saved game file
    (the installers' file association passes one) is opened over it, and a picture is read and checked there.
    """
    args = _parse_args(argv)
    choice: PuzzleChoice | None = None
    document = (saved_game_argument(args.puzzle) or picture_argument(args.puzzle)) if args.puzzle else None
    try:
        if args.puzzle and document is None:
            choice = puzzle_from_argument(args.puzzle)
        elif args.size:
            choice = choose_puzzle(args.size, first=args.size == 9)
    except (PuzzleFormatError, ValueError) as exc:
        _tell(f"sudoku-tk: {exc}")
        return 2
    theme = None if args.theme in (None, "system") else args.theme
    data_dir = user_data_dir()
    try:
        app = App(puzzle=choice, theme=theme, data_dir=data_dir, background=process_pool)
    except tk.TclError as exc:
        _tell(f"sudoku-tk: the window can't open: {exc}")
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug at start-up: kept in the log for a windowed build
        ErrorLog(data_dir).internal(exc, where="starting the window")
        _tell(
            f"sudoku-tk: the window can't open because of an internal error ({type(exc).__name__}: {exc}); "
            f"details are in {data_dir / LOG_NAME}"
        )
        return 1
    if document is not None:
        app.after_idle(app.open_document, document)
    app.mainloop()
    return 0


def _tell(message: str) -> None:
    """A start-up problem: on stderr, or in the log when there is none (a windowed build)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    else:
        ErrorLog(user_data_dir()).user(message)
