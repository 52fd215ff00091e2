"""Puzzles from pictures: Game > Open a picture of a puzzle…, and a picture pasted with Edit > Paste.

Each way in ends in ``read``: the picture is read (vision/; loaded on first use, so numpy costs nothing at
start-up), the check screen shows it beside the board read (ui/pictures/check.py), and only a puzzle the player
accepts is played, through the keeper's "Replace your game?" (ui/games/keeper.py). A file that is too big or not
a picture, a picture without a grid, or a clipboard without a picture: one sentence in the notice bar, and the
game stays as it was.

Edit > Paste reads text first (ui/games/files.py); it hands over to ``paste`` when the clipboard holds no text, or
text that names a picture file (what a file manager's Copy gives). The clipboard's picture comes through the
desktop layer (system/desktop.py: wl-paste, xclip, osascript, PowerShell). A picture the system hands over (Finder,
"Open With", a file dropped on the app's icon: ``App.open_document``) comes to ``open_path`` as Game > Open picture
does. Dropping a file on the open window is not offered: Tk has no drop target of its own (it needs the tkdnd
extension, which Python's Tk does not bundle).

Tests replace ``ask_open`` (the file chooser), ``ask_check`` (the check screen) and ``paste_image``.
"""

from __future__ import annotations

import tempfile
import tkinter as tk
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlparse

from sudoku_tk.app.game.commands import Command
from sudoku_tk.app.storage.file_reading import FileTooLargeError, SaveFileError, read_file
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.system import ClipboardPicture, Desktop, paste_image
from sudoku_tk.vision.reading import GridReading

from ..games.file_choosers import ask_picture_path
from ..window.autosave import failure_reason
from ..window.ports import PictureHost
from .check import PictureCheck

if TYPE_CHECKING:
    from PIL import Image

PICTURE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp", ".tif", ".tiff", ".heic", ".heif"})


def picture_path_in(text: str) -> Path | None:
    """The picture file a pasted text names (a path or a file:// address on one line), if it exists.

    >>> picture_path_in("4.....8.5.3") is None
    True
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip() and not line.startswith("#")]
    if len(lines) != 1 or len(lines[0]) > 4096:
        return None
    candidate = lines[0]
    if candidate.startswith("file://"):
        candidate = unquote(urlparse(candidate).path)
    path = Path(candidate.strip("'\""))
    try:
        return path if path.suffix.lower() in PICTURE_SUFFIXES and path.is_file() else None
    except OSError:
        return None


class PictureInput:
    """The window's ways from a picture to a game."""

    def __init__(self, host: PictureHost, desktop: Desktop | None = None) -> None:
        self._host = host
        self.desktop = desktop or Desktop()
        """How the clipboard is read (tests give a Desktop with fake programs)."""
        self.ask_open: Callable[[], Path | None] = lambda: ask_picture_path(host.root, host.settings.last_directory)
        self.ask_check: Callable[[GridReading, Image.Image, str], Grid | None] = lambda reading, picture, name: (
            PictureCheck(host.root, reading, picture, host.theme, name).result
        )
        """Show the check screen; the accepted puzzle or None (tests replace it)."""
        self.paste_image: Callable[[], ClipboardPicture] = self._clipboard_picture

    def commands(self, group: str) -> list[Command]:
        """The commands of one menu group (``puzzle-in``: Game > Open a picture of a puzzle…)."""
        if group != "puzzle-in":
            return []
        return [
            Command(
                "open-picture",
                "Open a picture of a puzzle…",
                self.open,
                menu="Game",
                group=group,
                help="Read a puzzle from a screenshot, a scan or a photo (PNG, JPEG, GIF, BMP, WebP)",
            )
        ]

    # -- ways in ---------------------------------------------------------------------------------------------
    def open(self) -> None:
        """Ask for a picture file, read it, check it, play it."""
        path = self.ask_open()
        if path is not None:
            self.open_path(path)

    def _reader_missing(self, exc: ImportError) -> bool:
        """Say that pictures can't be read in this installation (numpy missing or broken); always False."""
        reason = [line.strip() for line in str(exc).splitlines() if line.strip()][-1:] or ["numpy is missing"]
        self._host.show_notice(
            f"Pictures can't be read in this installation: numpy can't be loaded ({reason[0]}). "
            "Your game is unchanged.",
            error=True,
        )
        return False

    def open_path(self, path: Path) -> bool:
        """Read the picture at ``path``; returns whether a game from it was started.

        The file is read by the app's one reader, as Game > Open reads a puzzle: a named pipe, a device or a folder
        is refused in words at once (the window never waits on one), and nothing over the picture limit is read.
        """
        try:
            from sudoku_tk.vision.image_input import MAX_BYTES, PictureError, picture_from_bytes, too_large
        except ImportError as exc:
            return self._reader_missing(exc)
        try:
            picture = picture_from_bytes(read_file(path, "a picture", limit=MAX_BYTES), path.name)
        except FileTooLargeError:
            return self._unread(path, str(too_large(path.name)))
        except (SaveFileError, OSError) as exc:
            return self._unread(path, failure_reason(exc))
        except PictureError as exc:
            return self._unread(path, str(exc))
        folder = str(Path(path).parent)
        if folder != self._host.settings.last_directory:
            self._host.update_settings(replace(self._host.settings, last_directory=folder))
        return self.read(picture, path.name, f"picture {path.name}")

    def _unread(self, path: Path, reason: str) -> bool:
        """Say why the picture at ``path`` was not read; always False (no game started)."""
        self._host.show_notice(f"Can't read {path.name}: {reason}. Your game is unchanged.", error=True)
        return False

    def paste(self, text: str | None) -> bool:
        """Edit > Paste's turn for pictures: ``text`` is the clipboard's text (None: it holds none).

        Returns whether it was a picture's turn (its outcome, good or bad, was shown); False leaves the text
        to be read as a puzzle.
        """
        if text is not None:
            path = picture_path_in(text)
            if path is None:
                return False
            self.open_path(path)
            return True
        got = self.paste_image()
        if got.data is None:
            self._host.show_notice(
                f"The clipboard holds no text to read a puzzle from. {got.message} Your game is unchanged.", error=True
            )
            return True
        from sudoku_tk.vision.image_input import PictureError, picture_from_bytes

        try:
            picture = picture_from_bytes(got.data, "the pasted picture")
        except PictureError as exc:
            self._host.show_notice(f"Can't read the pasted picture: {exc}. Your game is unchanged.", error=True)
            return True
        self.read(picture, "the pasted picture", "pasted picture")
        return True

    def _clipboard_picture(self) -> ClipboardPicture:
        from sudoku_tk.vision.image_input import MAX_BYTES

        scratch = Path(tempfile.gettempdir()) / f"sudoku-tk-paste-{id(self)}.png"
        return paste_image(self.desktop, scratch, MAX_BYTES)

    # -- reading ------------------------------------------------------------------------------------------
    def read(self, picture: Image.Image, name: str, source: str) -> bool:
        """Read ``picture``, show the check screen, and play what the player accepts; returns whether it started."""
        host = self._host
        host.say(f"Reading the puzzle in {name}…")
        root = host.root
        try:
            root.configure(cursor="watch")
            root.update_idletasks()
        except tk.TclError:
            pass
        try:
            try:
                from sudoku_tk.vision.locate import NoGridFound
                from sudoku_tk.vision.reader import read_with_picture
            except ImportError as exc:
                return self._reader_missing(exc)
            try:
                reading, flat = read_with_picture(picture)
            except NoGridFound:
                host.show_notice(
                    f"No Sudoku grid found in {name}: the grid should be whole, and not too small in the picture. "
                    "Your game is unchanged.",
                    error=True,
                )
                host.say("No grid found in the picture")
                return False
            except MemoryError:
                host.show_notice(f"Not enough memory to read {name}. Your game is unchanged.", error=True)
                return False
        finally:
            try:
                root.configure(cursor="")
            except tk.TclError:
                pass
        host.say(f"Read {name}: check the puzzle, then play it")
        grid = self.ask_check(reading, flat, name)
        if grid is None:
            host.say("Nothing taken from the picture; your game is unchanged")
            return False
        title = f"Puzzle from {name}" if not name.startswith("the ") else "Puzzle from a picture"
        return host.files.replace_game(f"the puzzle read from {name}", lambda: host.start_grid(grid, title, source))


__all__ = ["PictureInput", "picture_path_in"]
