"""Pictures, paper and sharing from the window: Export picture…, Export PDF…, Print…, Copy picture, Open in
SudokuWiki, Copy as HoDoKu / Simple Sudoku text.

``ExportCommands.commands(group)`` gives the commands of a menu group (``export``: the Game
menu's picture, PDF and print entries; ``clipboard``: the Edit menu's sharing entries). What
is drawn comes from the session and the hint ladder's view (render/game_pictures.py), never
from the canvas. Printing and clipboard pictures go through system/desktop.py, which says what
happened in one sentence; a booklet is generated off the Tk thread and polled.

Tests replace ``ask_picture``, ``ask_pdf``, ``ask_path`` (the dialogs and the file chooser),
``desktop`` (printing and clipboard programs) and ``open_url`` (the web browser).
"""

from __future__ import annotations

import io
import os
import re
import tempfile
import threading
import tkinter as tk
import webbrowser
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from tkinter import filedialog
from typing import Protocol

from PIL import Image

from sudoku_tk.app.game.commands import Command
from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.hints.views import HintView
from sudoku_tk.app.storage.atomic_files import atomic_write_bytes
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.settings import Settings
from sudoku_tk.app.storage.share_texts import ShareKind, share_problem, share_text
from sudoku_tk.render.board_picture import picture, save_png
from sudoku_tk.render.booklet import BookletError, booklet_puzzles
from sudoku_tk.render.content import NoSolutionError, PictureKind
from sudoku_tk.render.game_pictures import game_overlay, game_sheet
from sudoku_tk.render.overlays import NO_OVERLAY
from sudoku_tk.render.pdf import PdfDocument
from sudoku_tk.render.sheets import SheetPuzzle, puzzle_sheets
from sudoku_tk.system import Desktop, copy_image, print_pdf

from ..board.canvas import BoardCanvas
from ..dialogs.export import PdfChoice, PdfDialog, PictureChoice, PictureDialog
from ..messages.notice_bar import NoticeAction
from ..window.modal_clock import modal
from ..window.ports import WindowParts
from .file_choosers import starting_folder

FILETYPES = {
    ".png": [("PNG pictures", "*.png"), ("All files", "*")],
    ".pdf": [("PDF documents", "*.pdf"), ("All files", "*")],
}
POLL_MS = 100


class ExportHost(WindowParts, Protocol):
    """What the export commands may use of the window."""

    @property
    def board(self) -> BoardCanvas: ...

    def update_settings(self, settings: Settings) -> None: ...

    def say(self, text: str, error: bool = False) -> None: ...

    def show_notice(
        self, text: str, buttons: tuple[NoticeAction, ...] = (), *, error: bool = False, kind: str = "notice"
    ) -> None: ...


def ask_save_path(parent: tk.Misc, title: str, suffix: str, initialdir: str, initialfile: str) -> Path | None:
    """The platform's Save chooser for a ``suffix`` file (added when the name has none); None when cancelled."""
    with modal(parent):
        answer = filedialog.asksaveasfilename(
            parent=parent,
            title=title,
            initialdir=starting_folder(initialdir),
            initialfile=initialfile,
            defaultextension=suffix,
            filetypes=FILETYPES[suffix],
        )
    if not isinstance(answer, str) or not answer:
        return None
    path = Path(answer)
    return path if path.suffix else path.with_name(path.name + suffix)


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically (see ``atomic_files.atomic_write_bytes``): a failed write leaves no half
    file, a new file gets the umask's mode, and a link, pipe or device at ``path`` is refused (NotAFileError)."""
    atomic_write_bytes(path, data, backup=False)


def _why(exc: BaseException) -> str:
    """Why a write failed, for "Can't export to …: " (the system's words without its error number)."""
    return (exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)).rstrip(".")


class ExportCommands:
    """The picture, paper and sharing commands of one window."""

    def __init__(self, host: ExportHost, hint_view: Callable[[], HintView | None]) -> None:
        self._host = host
        self._hint_view = hint_view
        self.ask_picture: Callable[[], PictureChoice | None] = lambda: (
            PictureDialog(
                host.root,
                has_hint=self._hint_view() is not None,
                has_colours=bool(host.session.colouring),
                own_marks=self._own_marks(),
            ).result
        )
        self.ask_pdf: Callable[[str, str], PdfChoice | None] = lambda title, ok: (
            PdfDialog(host.root, title, ok, own_marks=self._own_marks()).result
        )
        self.ask_path: Callable[[str, str, str], Path | None] = lambda title, suffix, name: ask_save_path(
            host.root, title, suffix, host.settings.last_directory, name
        )
        self.desktop = Desktop()
        self.open_url: Callable[[str], bool] = webbrowser.open
        self._job: str | None = None
        self.busy = False
        """A booklet is being generated (the commands that make one wait)."""

    def _own_marks(self) -> bool:
        """Does the board show the player's own pencil marks (so pictures and sheets draw those)?"""
        return self._host.session.candidate_mode is CandidateMode.OWN

    # -- commands ---------------------------------------------------------------------------------------
    def commands(self, group: str) -> list[Command]:
        """The commands this part adds to a menu group of GameFiles (``export``, ``clipboard``); [] for others."""
        ready = self._ready
        if group == "export":
            return [
                Command(
                    "export-picture",
                    "Export picture…",
                    self.export_picture,
                    ready,
                    menu="Game",
                    group="picture",
                    help="Save the board as a PNG picture: the puzzle, the solution or this position",
                ),
                Command(
                    "export-pdf",
                    "Export PDF…",
                    self.export_pdf,
                    ready,
                    menu="Game",
                    group="picture",
                    help="Save the puzzle, this position or a booklet of new puzzles as a PDF to print",
                ),
                Command(
                    "print",
                    "Print…",
                    self.print_sheet,
                    ready,
                    menu="Game",
                    group="picture",
                    help="Print the puzzle, this position or a booklet of new puzzles",
                ),
            ]
        if group == "clipboard":
            return [
                Command(
                    "copy-picture",
                    "Copy picture",
                    self.copy_picture,
                    ready,
                    menu="Edit",
                    group="share",
                    help="Put a picture of the board, with the hint on show, on the clipboard",
                ),
                Command(
                    "open-sudokuwiki",
                    "Open in SudokuWiki",
                    self.open_in_sudokuwiki,
                    ready,
                    menu="Edit",
                    group="share",
                    help="Open this position, with its candidates, in SudokuWiki's solver",
                ),
            ] + [
                Command(
                    f"copy-{kind.value}",
                    f"Copy as {kind.label} text",
                    partial(self.copy_share_text, kind),
                    ready,
                    menu="Edit",
                    group="share",
                )
                for kind in (ShareKind.HODOKU, ShareKind.SIMPLE_SUDOKU)
            ]
        return []

    def _ready(self) -> bool:
        """Not while givens are typed in (no puzzle yet), nor while the pause hides the board, nor during a booklet."""
        return not self._host.session.is_entering and not self._host.board.paused and not self.busy

    # -- pictures -----------------------------------------------------------------------------------------
    def board_picture(self, choice: PictureChoice) -> Image.Image:
        """The picture ``choice`` asks for of the game now (the hint from the hint ladder, marks from the session)."""
        host = self._host
        session = host.session
        overlay = NO_OVERLAY
        if choice.kind is PictureKind.POSITION:
            overlay = game_overlay(
                session,
                self._hint_view() if choice.hint else None,
                mistakes=host.settings.check_mistakes,
                colours=choice.colours,
            )
        return picture(
            session.position,
            choice.kind,
            overlay,
            scale=choice.scale,
            candidates=choice.candidates,
            solution=session.solution,
            own_marks=self._own_marks(),
        )

    def export_picture(self) -> bool:
        choice = self.ask_picture()
        if choice is None:
            return False
        name = export_filename_for(self._host.session.name, choice.kind.value, ".png")
        path = self.ask_path("Export picture", ".png", name)
        if path is None:
            return False
        try:
            image = self.board_picture(choice)
            write_file(path, _png_bytes(image))
        except NoSolutionError:
            self._host.show_notice("There is no single solution to draw: the puzzle has none or several.", error=True)
            return False
        except (OSError, SaveFileError) as exc:
            self._host.show_notice(f"Can't export to {path}: {_why(exc)}.", error=True)
            return False
        self._remember(path)
        self._host.say(f"Exported the picture to {path.name} ({image.width}×{image.height} pixels)")
        return True

    def copy_picture(self) -> bool:
        """Copy the position as shown (candidates, the hint on show, the player's colours) as a picture."""
        image = self.board_picture(PictureChoice())
        folder = Path(tempfile.gettempdir())
        path = folder / f"sudoku-tk-board-{os.getpid()}.png"
        try:
            save_png(image, path)
        except OSError as exc:
            self._host.show_notice(f"Can't make the picture: {exc.strerror or exc}.", error=True)
            return False
        result = copy_image(path, self.desktop)
        self._tell(result.done, result.message)
        return result.done

    # -- paper ----------------------------------------------------------------------------------------
    def export_pdf(self) -> None:
        choice = self.ask_pdf("Export PDF", "Export…")
        if choice is None:
            return
        name = export_filename_for(self._host.session.name, choice.contents, ".pdf")
        path = self.ask_path("Export PDF", ".pdf", name)
        if path is not None:
            self._with_sheet(choice, partial(self._save_pdf, path))

    def print_sheet(self) -> None:
        choice = self.ask_pdf("Print", "Print")
        if choice is not None:
            self._with_sheet(choice, self._print)

    def _with_sheet(self, choice: PdfChoice, then: Callable[[PdfDocument], None]) -> None:
        """Build the PDF ``choice`` asks for and hand it to ``then``: at once, or after a booklet is generated."""
        if choice.contents != "booklet":
            try:
                sheet = game_sheet(self._host.session, position=choice.contents == "position")
                doc = puzzle_sheets([sheet], per_page=1, with_solutions=choice.with_solutions, title=sheet.title)
            except ValueError as exc:
                self._host.show_notice(f"Can't make the PDF: {exc}.", error=True)
                return
            then(doc)
            return
        self._generate(choice, then)

    def _generate(self, choice: PdfChoice, then: Callable[[PdfDocument], None]) -> None:
        """Generate a booklet on a worker thread (no Tk there) and poll for it from the Tk thread."""
        outcome: dict[str, object] = {}

        def work() -> None:
            try:
                outcome["puzzles"] = booklet_puzzles(choice.level, choice.count)
            except BookletError as exc:
                outcome["error"] = exc

        self.busy = True
        self._host.say(f"Making {choice.count} new {choice.level} puzzles…")
        worker = threading.Thread(target=work, name="sudoku-tk-booklet", daemon=True)
        worker.start()

        def poll() -> None:
            if worker.is_alive():
                self._job = self._host.root.after(POLL_MS, poll)
                return
            self._job = None
            self.busy = False
            if "error" in outcome:
                self._host.show_notice(f"No booklet: {outcome['error']}.", error=True)
                return
            puzzles: list[SheetPuzzle] = outcome["puzzles"]  # type: ignore[assignment]
            title = f"Sudoku: {len(puzzles)} {choice.level} puzzles" if choice.level != "any" else "Sudoku"
            then(puzzle_sheets(puzzles, per_page=choice.per_page, with_solutions=choice.with_solutions, title=title))

        poll()

    def _save_pdf(self, path: Path, doc: PdfDocument) -> None:
        try:
            write_file(path, doc.to_bytes(compress=True))
        except (OSError, SaveFileError) as exc:
            self._host.show_notice(f"Can't export to {path}: {_why(exc)}.", error=True)
            return
        self._remember(path)
        pages = len(doc.pages)
        self._host.say(f"Exported {pages} page{'s' if pages != 1 else ''} to {path.name}")

    def _print(self, doc: PdfDocument) -> None:
        fd, temp = tempfile.mkstemp(prefix="sudoku-tk-print-", suffix=".pdf")
        with os.fdopen(fd, "wb") as out:
            out.write(doc.to_bytes(compress=True))
        result = print_pdf(Path(temp), self.desktop)
        self._tell(result.done, result.message)

    # -- sharing ------------------------------------------------------------------------------------------
    def open_in_sudokuwiki(self) -> bool:
        position = self._host.session.position
        problem = share_problem(ShareKind.SUDOKUWIKI, position)
        if problem:
            self._host.show_notice(problem, error=True)
            return False
        if not self.open_url(share_text(ShareKind.SUDOKUWIKI, position)):
            self._host.show_notice("No web browser could be opened for SudokuWiki.", error=True)
            return False
        self._host.say("Opened this position in SudokuWiki's solver (in your web browser)")
        return True

    def copy_share_text(self, kind: ShareKind) -> bool:
        position = self._host.session.position
        problem = share_problem(kind, position)
        if problem:
            self._host.show_notice(problem, error=True)
            return False
        root = self._host.root
        root.clipboard_clear()
        root.clipboard_append(share_text(kind, position))
        self._host.say(f"Copied the position as {kind.label} text")
        return True

    # -- helpers --------------------------------------------------------------------------------------------
    def _tell(self, done: bool, message: str) -> None:
        if done:
            self._host.say(message.rstrip("."))
        else:
            self._host.show_notice(message, error=True)

    def _remember(self, path: Path) -> None:
        folder = str(path.parent)
        settings = self._host.settings
        if folder != settings.last_directory:
            self._host.update_settings(replace(settings, last_directory=folder))

    def cancel(self) -> None:
        """Stop polling for a booklet (the window is closing); the worker thread ends by itself."""
        if self._job is not None:
            self._host.root.after_cancel(self._job)
            self._job = None


def export_filename_for(name: str, what: str, suffix: str) -> str:
    """A file name to suggest: ``the-classic-position.png``.

    >>> export_filename_for("The classic!", "position", ".png")
    'the-classic-position.png'
    """
    stem = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:60] or "sudoku"
    return f"{stem}-{what}{suffix}"


def _png_bytes(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
