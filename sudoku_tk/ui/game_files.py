"""GameFiles: puzzles and games in and out of the window: open, save, paste, enter, copy, export, autosave.

The App owns one GameFiles (``App.files``). It adds its commands to the App's
registry (see ``commands()``), turns each into one call of ``app/game_io.py`` or
``app/storage.py``, and shows every problem in the App's notice bar, leaving
the game exactly as it was. Incoming puzzles (pasted, typed, opened, entered on
the board) are checked first; a puzzle with several solutions is played only
after the player confirms.

With a data folder, the game is autosaved after every change: the save is
scheduled with ``after(1, ...)`` so it runs after the click has been drawn, is
written without fsync (still atomic, see ``storage.atomic_write_text``) except
every 10th save, and once more durably when the window closes. Each window locks
its autosave slot (``app/instance_lock.py``): a second window open at the same
time keeps its game in slot 2 (``autosave-2``) and never touches the first one's.
A failing autosave is shown as a warning that stays until a save works again.
Without a data folder (tests, the self-test, benchmarks) nothing is read or
written on its own.

Tests replace ``ask_open``, ``ask_save`` and ``ask_export`` (the file choosers).
When the environment variable ``SUDOKU_TK_TEST_REPORT`` is set, each autosave
prints one JSON line (``{"saved": <moves>}``) on standard output, for the test
that kills a real app process mid-game.
"""

from __future__ import annotations

import json
import os
import tkinter as tk
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Callable, List, Optional, Tuple

from sudoku_tk.app.commands import Command, Shortcut
from sudoku_tk.app.game_io import (
    IncomingPuzzle,
    PuzzleCollection,
    TextKind,
    check_grid,
    copy_text,
    export_filename,
    export_text,
    open_file,
    read_incoming,
)
from sudoku_tk.app.instance_lock import InstanceLock
from sudoku_tk.app.paths import MAX_SLOTS, autosave_dir
from sudoku_tk.app.session import Change, ChangeKind
from sudoku_tk.app.autosave import set_aside
from sudoku_tk.app.storage import Autosaver, GameRecord, atomic_write_text, save_game
from sudoku_tk.engine.errors import SaveFileError
from sudoku_tk.engine.grid import Grid

from .collection_dialog import CollectionDialog
from .dialogs import PuzzleTextDialog, ask_export_path, ask_open_path, ask_save_game_path, game_file_name

if TYPE_CHECKING:
    from .app import App

TEST_REPORT_ENV = "SUDOKU_TK_TEST_REPORT"
MAX_PASTE_CHARS = 4_000_000
"""Pasted text above this is refused unread (a collection of 10,000 one-line puzzles is under 1 MB)."""
AUTOSAVE_NOTICE = "autosave"
"""The notice kind of the autosave-failed warning (it stays until an autosave succeeds)."""
_TEXT_WIDGETS = ("Entry", "TEntry", "Text", "Spinbox", "TSpinbox", "TCombobox")
ENTER_PROMPT = ("Type the givens: click a candidate, or choose a cell and press its digit. "
                "Then press Start to lock them.")


def report_for_tests(**data: object) -> None:
    """Print one JSON line for a test driving a real app process (only when SUDOKU_TK_TEST_REPORT is set)."""
    if os.environ.get(TEST_REPORT_ENV):
        print(json.dumps(data), flush=True)


class GameFiles:
    """Open / Save / Paste / Enter / Copy / Export and the autosave, for one App."""

    def __init__(self, app: "App", data_dir: Optional[Path] = None) -> None:
        self.app = app
        self.path: Optional[Path] = None
        """The file the game was opened from or last saved to (Save writes there)."""
        self.lock: Optional[InstanceLock] = None
        """This window's hold on its autosave slot (None without a data folder, or when every slot is taken)."""
        self.slot = 0
        """The autosave slot this window keeps its game in: 1 usually, 2… when other windows are open; 0: none."""
        self.slot_note = ""
        """What the player is told at start when this window is not on the usual slot ("" when it is)."""
        self.autosaver = self._take_slot(data_dir) if data_dir is not None else None
        self._save_job: Optional[str] = None
        self._autosave_failed = False
        self._before_entering: Optional[GameRecord] = None
        self.ask_open: Callable[[], Optional[Path]] = lambda: ask_open_path(app.root, app.settings.last_directory)
        self.ask_save: Callable[[], Optional[Path]] = lambda: ask_save_game_path(
            app.root, app.settings.last_directory, game_file_name(app.session.name or "game"))
        self.ask_collection: Callable[[PuzzleCollection, str], Optional[int]] = (
            lambda collection, name: CollectionDialog(app.root, collection, name).result)
        """Which puzzle of a collection to play (an index), or None: the dialog; tests replace it."""
        self.ask_export: Callable[[TextKind], Optional[Path]] = lambda kind: ask_export_path(
            app.root, kind, app.settings.last_directory, export_filename(kind, app.session.name))

    def _take_slot(self, data_dir: Path) -> Optional[Autosaver]:
        """Lock the first free autosave slot, so two windows never write over each other's game."""
        for slot in range(1, MAX_SLOTS + 1):
            folder = autosave_dir(data_dir, slot)
            lock = InstanceLock(folder)
            try:
                taken = lock.acquire()
            except OSError:
                taken = False  # an unwritable folder: the autosave warning tells the player later
                if slot == 1:
                    self.slot = 1
                    return Autosaver(folder, durable=False, durable_every=10)
            if taken:
                self.lock, self.slot = lock, slot
                if slot > 1:
                    self.slot_note = ("Sudoku Tk is already open in another window with your saved game, "
                                      f"so this window keeps its own game separately (slot {slot}); "
                                      "the other window's game is not touched.")
                return Autosaver(folder, durable=False, durable_every=10)
        self.slot_note = (f"Sudoku Tk is open in {MAX_SLOTS} other windows, so this one does not autosave; "
                          "use Save As to keep its game.")
        return None

    def set_aside_unplayable(self) -> str:
        """The autosave was read but could not be continued: keep it (and its backup) out of the new game's way.

        Returns a sentence saying where they were kept ("" when there was nothing to keep).
        """
        if self.autosaver is None:
            return ""
        kept = [p for p in (set_aside(path) for path in (self.autosaver.path, self.autosaver.backup_path)
                            if path.exists()) if p is not None]
        if not kept:
            return ""
        return "It was kept as " + " and ".join(p.name for p in kept) + f" in {kept[0].parent}."

    def resume(self) -> Tuple[Optional[GameRecord], Optional[str]]:
        """The autosaved game to continue and a message for the player (see ``Autosaver.load_latest``)."""
        if self.autosaver is None:
            return None, None
        return self.autosaver.load_latest()

    def start(self) -> None:
        """Listen to the session (autosave, forget the file of a replaced game)."""
        self.app.session.subscribe(self._on_change)

    # -- commands ----------------------------------------------------------------
    def commands(self, group: str) -> List[Command]:
        """The commands of one menu group, in menu order: ``file``, ``puzzle-in``, ``export`` or ``clipboard``."""
        sc = Shortcut.parse
        playing = self._playing
        if group == "file":
            return [
                Command("open", "Open…", self.open, shortcuts=(sc("Mod+O"),), menu="Game", group=group,
                        help="Open a saved game or a puzzle file"),
                Command("save", "Save", self.save, playing, (sc("Mod+S"),), menu="Game", group=group),
                Command("save-as", "Save As…", self.save_as, playing, (sc("Mod+Shift+S"),), menu="Game",
                        group=group),
            ]
        if group == "puzzle-in":
            return [
                Command("enter-puzzle", "Enter a puzzle on the board", self.enter_puzzle, playing, menu="Game",
                        group=group, help="Type the givens onto an empty board, then Start"),
                Command("puzzle-text", "Type or paste puzzle text…", self.puzzle_text_dialog, menu="Game",
                        group=group),
            ]
        if group == "export":
            return [Command(f"export-{kind.value}", f"Export {kind.label.lower()}…",
                            lambda k=kind: self.export(k), playing, menu="Game", group=group) for kind in TextKind]
        if group == "clipboard":
            copies = [Command(f"copy-{kind.value}", f"Copy {kind.label.lower()}", lambda k=kind: self.copy(k),
                              playing, (sc("Mod+C"),) if kind is TextKind.PUZZLE else (), menu="Edit", group=group)
                      for kind in TextKind]
            return copies + [Command("paste", "Paste puzzle", self.paste, shortcuts=(sc("Mod+V"),), menu="Edit",
                                     group=group, help="Play the puzzle on the clipboard")]
        raise KeyError(group)

    def _playing(self) -> bool:
        return not self.app.session.is_entering

    # -- incoming puzzles ------------------------------------------------------------
    def paste(self) -> None:
        """Play the puzzle on the clipboard (any format the engine reads), after checking it."""
        if self._typing_in_a_field():
            return
        try:
            text = self.app.root.clipboard_get()
        except tk.TclError:
            self.app.show_notice("The clipboard holds no text to read a puzzle from.", error=True)
            return
        if len(text) > MAX_PASTE_CHARS:
            self.app.show_notice(f"The clipboard holds {len(text):,} characters of text, too much for puzzles "
                                 f"(the limit is {MAX_PASTE_CHARS:,}). Your game is unchanged.", error=True)
            return
        incoming = read_incoming(text)
        if isinstance(incoming, PuzzleCollection):
            self.offer_collection(incoming, "", "Pasted puzzle", "pasted")
            return
        self.offer(incoming, "Pasted puzzle", "pasted")

    def puzzle_text_dialog(self) -> None:
        """Ask for puzzle text in a dialog (it checks the text and asks about several solutions itself)."""
        dialog = PuzzleTextDialog(self.app.root, title="Type or paste a puzzle")
        if dialog.result is not None:
            self._play(dialog.result, "Typed puzzle", "typed in")

    def offer(self, incoming: IncomingPuzzle, name: str, source: str) -> bool:
        """Play a checked puzzle; refuse one that can't be played; ask first when it has several solutions.

        Returns whether the puzzle was started now. A refused puzzle leaves the game as it was.
        """
        if incoming.is_proper:
            self._play(incoming, name, source)
            return True
        if incoming.has_several_solutions:
            self.app.show_notice(incoming.message + " Play it anyway?",
                                 [("Play anyway", lambda: self._play(incoming, name, source)), ("Cancel", None)])
            return False
        self.app.show_notice(incoming.message + " Your game is unchanged.", error=True)
        return False

    def _play(self, incoming: IncomingPuzzle, name: str, source: str) -> None:
        assert incoming.grid is not None
        self.app.start_grid(incoming.grid, name, source)

    def open(self) -> None:
        """Ask for a file; open a saved game, or check and play a puzzle file. A bad file changes nothing."""
        path = self.ask_open()
        if path is None:
            return
        self.open_path(path)

    def open_path(self, path: Path) -> bool:
        """Open a saved game or a puzzle file; returns whether a game was started."""
        try:
            opened = open_file(path)
        except (SaveFileError, OSError) as exc:
            self.app.show_notice(f"Can't open {path.name}: {_reason(exc)}. Your game is unchanged.", error=True)
            return False
        self.app.remember_directory(path)
        if isinstance(opened, GameRecord):
            self.app.session.load_record(opened)
            self.path = path  # after the load: the change listener forgets the previous file
            self.app.say(f"Opened {path.name}")
            return True
        if isinstance(opened, PuzzleCollection):
            return self.offer_collection(opened, path.name, path.stem, f"file {path.name}")
        return self.offer(opened, path.stem, f"file {path.name}")

    def offer_collection(self, collection: PuzzleCollection, shown_name: str, name: str, source: str) -> bool:
        """Let the player pick one puzzle of several; it is then checked and played like a single one."""
        index = self.ask_collection(collection, shown_name)
        if index is None:
            self.app.say("No puzzle chosen; your game is unchanged")
            return False
        line, grid = collection.puzzles[index]
        return self.offer(check_grid(grid), f"{name} #{index + 1}", f"{source}, line {line}")

    # -- entering a puzzle on the board ------------------------------------------------
    def enter_puzzle(self) -> None:
        """Clear the board for typing givens; Start checks and locks them, Cancel brings the game back."""
        session = self.app.session
        if session.is_entering:
            return
        self._flush()
        self._before_entering = session.to_record()
        session.new_game(Grid.from_values([0] * session.geometry.ncells), "New puzzle", entering=True)
        self._enter_prompt(ENTER_PROMPT)

    def _enter_prompt(self, text: str, error: bool = False) -> None:
        self.app.show_notice(text, [("Start", self.finish_entering), ("Cancel", self.cancel_entering)],
                             error=error, kind="entering")

    def finish_entering(self) -> None:
        """Check the typed givens: play them, ask about several solutions, or say what is wrong."""
        session = self.app.session
        if not session.is_entering:
            return
        grid = session.entered_grid()
        if not any(grid.givens):
            self._enter_prompt("Type some givens first. " + ENTER_PROMPT, error=True)
            return
        incoming = check_grid(grid)
        if incoming.is_proper:
            self._start_entered(grid)
        elif incoming.has_several_solutions:
            self.app.show_notice(incoming.message + " Play it anyway?",
                                 [("Play anyway", lambda: self._start_entered(grid)),
                                  ("Keep editing", lambda: self._enter_prompt(ENTER_PROMPT))], kind="entering")
        else:
            self._enter_prompt(incoming.message + " Fix the givens, then press Start.", error=True)

    def _start_entered(self, grid: Grid) -> None:
        self._before_entering = None
        self.app.start_grid(grid, "Entered puzzle", "entered by hand")

    def cancel_entering(self) -> None:
        """Leave the typed givens and go back to the game as it was."""
        record, self._before_entering = self._before_entering, None
        self.app.hide_notice()
        if record is not None and self.app.session.is_entering:
            self.app.session.load_record(record)
            self.app.say("Back to your game")

    # -- saving ----------------------------------------------------------------------
    def save(self) -> bool:
        """Save to the game's file (Save As when it has none); returns whether it was written."""
        if self.path is None:
            return self.save_as()
        return self.save_to(self.path)

    def save_as(self) -> bool:
        path = self.ask_save()
        if path is None:
            return False
        return self.save_to(path)

    def save_to(self, path: Path) -> bool:
        """Write the game to ``path`` (atomically, the old file kept as a backup)."""
        try:
            save_game(path, self.app.session.to_record(_now()))
        except (OSError, SaveFileError) as exc:
            self.app.show_notice(f"Can't save to {path}: {_reason(exc)}.", error=True)
            return False
        self.path = path
        self.app.remember_directory(path)
        self.app.say(f"Saved {path.name}")
        return True

    # -- copy and export ----------------------------------------------------------------
    def copy(self, kind: TextKind) -> None:
        """Put the puzzle, the position or the candidate grid on the clipboard as text."""
        if self._typing_in_a_field():
            return
        text = copy_text(kind, self.app.session.position)
        root = self.app.root
        root.clipboard_clear()
        root.clipboard_append(text)
        self.app.say(f"Copied the {kind.label.lower()} to the clipboard")

    def export(self, kind: TextKind) -> bool:
        """Write the puzzle, the position or the candidate grid to a text file the player chooses."""
        path = self.ask_export(kind)
        if path is None:
            return False
        session = self.app.session
        try:
            atomic_write_text(path, export_text(kind, session.position, session.name), backup=False)
        except OSError as exc:
            self.app.show_notice(f"Can't export to {path}: {_reason(exc)}.", error=True)
            return False
        self.app.remember_directory(path)
        self.app.say(f"Exported the {kind.label.lower()} to {path.name}")
        return True

    # -- autosave -----------------------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.NEW_GAME:
            self.path = None
        self.schedule_autosave()

    def schedule_autosave(self) -> None:
        """Save soon (after the current event has been drawn); several changes in a row make one save."""
        if self.autosaver is None or self._save_job is not None:
            return
        self._save_job = self.app.after(1, self.autosave)

    def autosave(self, durable: bool = False) -> None:
        """Write the game as the autosave now (nothing while givens are being entered)."""
        if self._save_job is not None:
            self.app.after_cancel(self._save_job)
            self._save_job = None
        saver = self.autosaver
        session = self.app.session
        if saver is None or session.is_entering:
            return
        record = session.to_record(_now())
        try:
            saver.save(record, durable=durable)
        except (OSError, SaveFileError) as exc:
            self._autosave_failed = True
            self._warn_autosave_failed(exc)
            return
        if self._autosave_failed:
            self._autosave_failed = False
            if self.app.notice_kind() == AUTOSAVE_NOTICE:
                self.app.hide_notice()
            self.app.say("Autosave works again: your moves are kept")
        report_for_tests(saved=len(record.moves))

    @property
    def autosave_failing(self) -> bool:
        """Did the last autosave fail (its warning stays up until one succeeds)?"""
        return self._autosave_failed

    def _warn_autosave_failed(self, exc: BaseException) -> None:
        """Tell the player, and keep telling: shown again after every failed save unless another notice is up."""
        if self.app.notice_kind() not in ("", AUTOSAVE_NOTICE):
            return  # a question or a problem is on screen; the warning comes back with the next failed save
        assert self.autosaver is not None
        self.app.show_notice(
            f"Autosave failed ({_reason(exc)}): your moves are not being kept in {self.autosaver.folder}. "
            "Use Save As to keep this game somewhere else; this warning stays until saving works again.",
            [("Save As…", self._save_as_from_warning), ("Try again", self.autosave)],
            error=True, kind=AUTOSAVE_NOTICE)
        self.app.say("Autosave failed: use Save As to keep your game", error=True)

    def _save_as_from_warning(self) -> None:
        saved = self.save_as()
        if self._autosave_failed:
            # The game is safe in its own file now, but later moves still need saving by hand.
            self.autosave()
            if self._autosave_failed and saved and self.app.notice_kind() == AUTOSAVE_NOTICE:
                self.app.say(f"Saved {self.path.name if self.path else 'the game'}; autosave still fails, "
                             "so use Save again to keep later moves", error=True)

    def _flush(self) -> None:
        if self._save_job is not None:
            self.autosave()

    def close(self) -> None:
        """Write the last autosave to disk durably (the window is closing)."""
        if self._save_job is not None:
            self.app.after_cancel(self._save_job)
            self._save_job = None
        if self.autosaver is not None and not self.app.session.is_entering:
            self.autosave(durable=True)
        if self.lock is not None:
            self.lock.release()

    # -- helpers ------------------------------------------------------------------------
    def _typing_in_a_field(self) -> bool:
        """Is the keyboard focus in a text field of the window (where Ctrl+C/V belong to the field)?"""
        try:
            focus = self.app.root.focus_get()
        except (KeyError, tk.TclError):
            return False
        return focus is not None and focus.winfo_class() in _TEXT_WIDGETS


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower() if exc.strerror[:1].isupper() and exc.strerror[1:2].islower() else exc.strerror
    return str(exc).rstrip(".")


__all__ = ["GameFiles", "TEST_REPORT_ENV", "report_for_tests", "ENTER_PROMPT"]
