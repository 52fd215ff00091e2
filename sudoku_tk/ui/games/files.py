"""GameFiles: puzzles and games in and out of the window: open, save, paste, enter, copy, export, and the autosave.

The window owns one GameFiles (``App.files``) and hands it only its ``FilesHost``
port (ports.py). GameFiles offers its commands for the window's registry (see
``commands()``), turns each into one call of ``app/storage/game_io.py`` or
``app/storage/save_format.py`` and ``app/storage/autosave.py``, and shows every problem in the window's notice bar, leaving
the game exactly as it was. Incoming puzzles (pasted, typed, opened, entered on
the board) are checked first; a puzzle with several solutions is played only
after the player confirms. A puzzle whose solutions can't be counted at once is
counted in the background (solution_checks.py) while the notice says so and offers
Cancel; the window stays usable meanwhile.

The autosave (its slot and lock, resuming, saving after every change, the warning
while it fails) is ui/window/autosave.py; GameFiles owns it, saves after every change
of the session, and offers its names here (``autosave()``, ``slot``, ``lock``…).

Nothing is thrown away without asking: Open, Paste, a typed puzzle and Enter a
puzzle replace a game in progress only once the player agrees, and the replaced game
is kept among the recent games (ui/games/keeper.py, which GameFiles owns as ``keeper``;
the window's New game commands reach it through ``replace_game``).

Tests replace ``ask_open``, ``ask_save`` and ``ask_export`` (the file choosers), and
``keeper.ask_replace`` / ``keeper.ask_recent`` (the questions).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

from sudoku_tk.app.game.commands import Command, Shortcut
from sudoku_tk.app.game.session import Change, ChangeKind, Session
from sudoku_tk.app.progress.slot_games import keep_other_slots, kept_note
from sudoku_tk.app.storage.atomic_files import atomic_write_text
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_io import (
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
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import save_game
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.system import ErrorLog, InstanceLock

from ..dialogs.collection import CollectionDialog
from ..dialogs.puzzle_and_preferences import PuzzleTextDialog
from ..window.autosave import WindowAutosave
from ..window.autosave import failure_reason as _reason
from ..window.autosave import now as _now
from ..window.keys import TEXT_FIELDS
from ..window.ports import FilesHost
from .file_choosers import ask_export_path, ask_open_path, ask_save_game_path, game_file_name
from .keeper import GameKeeper
from .solution_checks import IncomingChecks

MAX_PASTE_CHARS = 4_000_000
"""Pasted text above this is refused unread (a collection of 10,000 one-line puzzles is under 1 MB)."""
ENTER_PROMPT = (
    "Type the givens: click a candidate, or choose a cell and press its digit. Then press Start to lock them."
)


class GameFiles:
    """Open / Save / Paste / Enter / Copy / Export and the autosave, for one window."""

    def __init__(self, host: FilesHost, data_dir: Path | None = None) -> None:
        self._host = host
        self.path: Path | None = None
        """The file the game was opened from or last saved to (Save writes there)."""
        self._autosave = WindowAutosave(host, data_dir, lambda: self.save_as(), lambda: self.path)
        self.keeper = GameKeeper(host, data_dir)
        """Asks before a game in progress is replaced and keeps it among the recent games."""
        if data_dir is not None and self._autosave.autosaver is not None:
            # Other windows' games left in slots no window holds: kept among the recent games, and said at start.
            kept = kept_note(keep_other_slots(data_dir, self._autosave.slot, self.keeper.recent))
            self._autosave.slot_note = " ".join(n for n in (self._autosave.slot_note, kept) if n)
        self._before_entering: GameRecord | None = None
        self.checks = IncomingChecks(host)
        """Counts an incoming puzzle's solutions in the background when that takes a while."""
        self.ask_open: Callable[[], Path | None] = lambda: ask_open_path(host.root, host.settings.last_directory)
        self.ask_save: Callable[[], Path | None] = lambda: ask_save_game_path(
            host.root, host.settings.last_directory, game_file_name(host.session.name or "game")
        )
        self.ask_collection: Callable[[PuzzleCollection, str], int | None] = lambda collection, name: (
            CollectionDialog(host.root, collection, name).result
        )
        """Which puzzle of a collection to play (an index), or None: the dialog; tests replace it."""
        self.ask_export: Callable[[TextKind], Path | None] = lambda kind: ask_export_path(
            host.root, kind, host.settings.last_directory, export_filename(kind, host.session.name)
        )
        self.paste_picture: Callable[[str | None], bool] | None = None
        """Paste's turn for pictures (ui/pictures/input.py), given the clipboard's text (None: it holds none);
        True when it took the paste."""

    # -- the autosave (ui/window/autosave.py) ------------------------------------------------
    @property
    def autosaver(self) -> Autosaver | None:
        """Where the game is autosaved (None without a data folder, or when every slot is taken)."""
        return self._autosave.autosaver

    @property
    def lock(self) -> InstanceLock | None:
        """This window's hold on its autosave slot (None without a data folder, or when every slot is taken)."""
        return self._autosave.lock

    @property
    def slot(self) -> int:
        """The autosave slot this window keeps its game in: 1 usually, 2… when other windows are open; 0: none."""
        return self._autosave.slot

    @property
    def slot_note(self) -> str:
        """What the player is told at start about the autosave slots: this window is not on the usual one, another
        window's game was kept among the recent games ("" when neither)."""
        return self._autosave.slot_note

    def resume_session(self, notes: list[str], error_log: ErrorLog | None) -> Session | None:
        """The autosaved game to continue, or None (see ``WindowAutosave.resume_session``)."""
        return self._autosave.resume_session(notes, error_log)

    def schedule_autosave(self) -> None:
        """Save soon (after the current event has been drawn); several changes in a row make one save."""
        self._autosave.schedule()

    def autosave(self, durable: bool = False) -> None:
        """Write the game as the autosave now (nothing while givens are being entered)."""
        self._autosave.save(durable)

    @property
    def autosave_failing(self) -> bool:
        """Did the last autosave fail (its warning stays up until one succeeds)?"""
        return self._autosave.failing

    def close(self) -> None:
        """Write the last autosave to disk durably (the window is closing)."""
        self._autosave.close()

    def start(self) -> None:
        """Listen to the session (autosave, forget the file of a replaced game)."""
        self._host.session.subscribe(self._on_change)
        self.keeper.start()

    # -- replacing the game (ui/games/keeper.py) ------------------------------------------------
    def replace_game(self, instead: str, start: Callable[[], object]) -> bool:
        """Run ``start`` (it replaces the game with ``instead``) once the player agrees; see ``GameKeeper``."""
        return self.keeper.replace_game(instead, start)

    def continue_recent(self) -> None:
        """Game > Continue a recent game…: choose a kept game and play on."""
        self.keeper.continue_recent()

    def has_recent(self) -> bool:
        return self.keeper.has_recent()

    # -- commands ----------------------------------------------------------------
    def commands(self, group: str) -> list[Command]:
        """The commands of one menu group, in menu order: ``file``, ``puzzle-in``, ``export`` or ``clipboard``."""
        sc = Shortcut.parse
        playing = self._playing
        if group == "file":
            return [
                Command(
                    "open",
                    "Open…",
                    self.open,
                    shortcuts=(sc("Mod+O"),),
                    menu="Game",
                    group=group,
                    help="Open a saved game or a puzzle file",
                ),
                Command("save", "Save", self.save, playing, (sc("Mod+S"),), menu="Game", group=group),
                Command("save-as", "Save As…", self.save_as, playing, (sc("Mod+Shift+S"),), menu="Game", group=group),
            ]
        if group == "puzzle-in":
            return [
                Command(
                    "enter-puzzle",
                    "Enter a puzzle on the board",
                    self.enter_puzzle,
                    playing,
                    menu="Game",
                    group=group,
                    help="Type the givens onto an empty board, then Start",
                ),
                Command("puzzle-text", "Type or paste puzzle text…", self.puzzle_text_dialog, menu="Game", group=group),
            ]
        if group == "export":
            return [
                Command(
                    f"export-{kind.value}",
                    f"Export {kind.label.lower()}…",
                    partial(self.export, kind),
                    playing,
                    menu="Game",
                    group=group,
                )
                for kind in TextKind
            ]
        if group == "clipboard":
            copies = [
                Command(
                    f"copy-{kind.value}",
                    f"Copy {kind.label.lower()}",
                    partial(self.copy, kind),
                    playing,
                    (sc("Mod+C"),) if kind is TextKind.PUZZLE else (),
                    menu="Edit",
                    group=group,
                )
                for kind in TextKind
            ]
            return copies + [
                Command(
                    "paste",
                    "Paste puzzle",
                    self.paste,
                    shortcuts=(sc("Mod+V"),),
                    menu="Edit",
                    group=group,
                    help="Play the puzzle on the clipboard (text, or a picture of a puzzle)",
                )
            ]
        raise KeyError(group)

    def _playing(self) -> bool:
        return not self._host.session.is_entering

    # -- incoming puzzles ------------------------------------------------------------
    def paste(self) -> None:
        """Play the puzzle on the clipboard (any format the engine reads), after checking it."""
        if self._typing_in_a_field():
            return
        try:
            text = self._host.root.clipboard_get()
        except tk.TclError:
            if self.paste_picture is None or not self.paste_picture(None):
                self._host.show_notice("The clipboard holds no text to read a puzzle from.", error=True)
            return
        if self.paste_picture is not None and self.paste_picture(text):
            return
        if len(text) > MAX_PASTE_CHARS:
            self._host.show_notice(
                f"The clipboard holds {len(text):,} characters of text, too much for puzzles "
                f"(the limit is {MAX_PASTE_CHARS:,}). Your game is unchanged.",
                error=True,
            )
            return
        incoming = read_incoming(text)
        if isinstance(incoming, PuzzleCollection):
            self.offer_collection(incoming, "", "Pasted puzzle", "pasted")
            return
        self.offer(incoming, "Pasted puzzle", "pasted")

    def puzzle_text_dialog(self) -> None:
        """Ask for puzzle text in a dialog (it checks the text and asks about several solutions itself)."""
        dialog = PuzzleTextDialog(self._host.root, title="Type or paste a puzzle")
        if dialog.result is not None and dialog.result.is_pending:
            self.offer(dialog.result, "Typed puzzle", "typed in")
        elif dialog.result is not None:
            self._play(dialog.result, "Typed puzzle", "typed in")

    def offer(self, incoming: IncomingPuzzle, name: str, source: str) -> bool:
        """Play a checked puzzle; refuse one that can't be played; ask first when it has several solutions.

        Returns whether the puzzle was started now. A refused puzzle leaves the game as it was. A puzzle whose
        solutions are still to be counted is offered again once they are (``IncomingChecks``).
        """
        if incoming.is_pending:
            self.checks.when_counted(incoming, lambda done: self.offer(done, name, source))
            return False
        if incoming.is_proper:
            return self._play(incoming, name, source)
        if incoming.has_several_solutions:

            def play_anyway() -> None:
                self._play(incoming, name, source)

            self._host.show_notice(
                incoming.message + " Play it anyway?", [("Play anyway", play_anyway), ("Cancel", None)]
            )
            return False
        self._host.show_notice(incoming.message + " Your game is unchanged.", error=True)
        return False

    def _play(self, incoming: IncomingPuzzle, name: str, source: str) -> bool:
        """Play a checked puzzle once the player agrees to replace a game in progress; return whether it started."""
        grid = incoming.grid
        assert grid is not None
        return self.keeper.replace_game(f"“{name}”", lambda: self._host.start_grid(grid, name, source))

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
            self._host.show_notice(f"Can't open {path.name}: {_reason(exc)}. Your game is unchanged.", error=True)
            return False
        self.remember_directory(path)
        if isinstance(opened, GameRecord):
            record = opened

            def load() -> None:
                self._host.session.load_record(record)
                self.path = path  # after the load: the change listener forgets the previous file
                self._host.say(f"Opened {path.name}")

            return self.keeper.replace_game(f"the saved game {path.name}", load)
        if isinstance(opened, PuzzleCollection):
            return self.offer_collection(opened, path.name, path.stem, f"file {path.name}")
        return self.offer(opened, path.stem, f"file {path.name}")

    def offer_collection(self, collection: PuzzleCollection, shown_name: str, name: str, source: str) -> bool:
        """Let the player pick one puzzle of several; it is then checked and played like a single one."""
        index = self.ask_collection(collection, shown_name)
        if index is None:
            self._host.say("No puzzle chosen; your game is unchanged")
            return False
        line, grid = collection.puzzles[index]
        return self.offer(check_grid(grid), f"{name} #{index + 1}", f"{source}, line {line}")

    # -- entering a puzzle on the board ------------------------------------------------
    def enter_puzzle(self) -> None:
        """Clear the board for typing givens; Start checks and locks them, Cancel brings the game back.

        A game in progress is asked about first (and kept among the recent games, as Start replaces it).
        """
        if not self._host.session.is_entering:
            self.keeper.replace_game("a puzzle you enter on the board", self._enter)

    def _enter(self) -> None:
        session = self._host.session
        self._autosave.flush()
        self._before_entering = session.to_record()
        session.new_game(Grid.from_values([0] * session.geometry.ncells), "New puzzle", entering=True)
        self._enter_prompt(ENTER_PROMPT)

    def _enter_prompt(self, text: str, error: bool = False) -> None:
        self._host.show_notice(
            text, [("Start", self.finish_entering), ("Cancel", self.cancel_entering)], error=error, kind="entering"
        )

    def finish_entering(self) -> None:
        """Check the typed givens: play them, ask about several solutions, or say what is wrong."""
        session = self._host.session
        if not session.is_entering:
            return
        grid = session.entered_grid()
        if not any(grid.givens):
            self._enter_prompt("Type some givens first. " + ENTER_PROMPT, error=True)
            return
        incoming = check_grid(grid)
        if incoming.is_pending:
            self.checks.when_counted(incoming, self._entered_checked, lambda: self._enter_prompt(ENTER_PROMPT))
            return
        self._entered_checked(incoming)

    def _entered_checked(self, incoming: IncomingPuzzle) -> None:
        grid = incoming.grid
        assert grid is not None
        session = self._host.session
        if not session.is_entering:
            return  # the player cancelled entering meanwhile
        if session.entered_grid().values != grid.values:
            self.finish_entering()  # more givens were typed while the first ones were counted
            return
        if incoming.is_proper:
            self._start_entered(grid)
        elif incoming.has_several_solutions:
            self._host.show_notice(
                incoming.message + " Play it anyway?",
                [
                    ("Play anyway", lambda: self._start_entered(grid)),
                    ("Keep editing", lambda: self._enter_prompt(ENTER_PROMPT)),
                ],
                kind="entering",
            )
        else:
            self._enter_prompt(incoming.message + " Fix the givens, then press Start.", error=True)

    def _start_entered(self, grid: Grid) -> None:
        self._before_entering = None
        self._host.start_grid(grid, "Entered puzzle", "entered by hand")

    def cancel_entering(self) -> None:
        """Leave the typed givens and go back to the game as it was."""
        record, self._before_entering = self._before_entering, None
        self._host.hide_notice()
        if record is not None and self._host.session.is_entering:
            self._host.session.load_record(record)
            self.keeper.forget(record)  # in play again: no longer a recent game
            self._host.say("Back to your game")

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
            save_game(path, self._host.session.to_record(_now()))
        except (OSError, SaveFileError) as exc:
            self._host.show_notice(f"Can't save to {path}: {_reason(exc)}.", error=True)
            return False
        self.path = path
        self.remember_directory(path)
        self._host.say(f"Saved {path.name}")
        return True

    def remember_directory(self, path: Path) -> None:
        """Open / Save / Export start in this file's folder next time."""
        folder = str(Path(path).parent)
        if folder != self._host.settings.last_directory:
            self._host.update_settings(replace(self._host.settings, last_directory=folder))

    # -- copy and export ----------------------------------------------------------------
    def copy(self, kind: TextKind) -> None:
        """Put the puzzle, the position or the candidate grid on the clipboard as text."""
        if self._typing_in_a_field():
            return
        text = copy_text(kind, self._host.session.position)
        root = self._host.root
        root.clipboard_clear()
        root.clipboard_append(text)
        self._host.say(f"Copied the {kind.label.lower()} to the clipboard")

    def export(self, kind: TextKind) -> bool:
        """Write the puzzle, the position or the candidate grid to a text file the player chooses."""
        path = self.ask_export(kind)
        if path is None:
            return False
        session = self._host.session
        try:
            atomic_write_text(path, export_text(kind, session.position, session.name), backup=False)
        except (OSError, SaveFileError) as exc:
            self._host.show_notice(f"Can't export to {path}: {_reason(exc)}.", error=True)
            return False
        self.remember_directory(path)
        self._host.say(f"Exported the {kind.label.lower()} to {path.name}")
        return True

    # -- the session ------------------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.NEW_GAME:
            self.path = None
            self.checks.cancel()  # the player went on to another game: the puzzle being counted is not wanted
        self.schedule_autosave()

    # -- helpers ------------------------------------------------------------------------
    def _typing_in_a_field(self) -> bool:
        """Is the keyboard focus in a text field of the window (where Ctrl+C/V belong to the field)?"""
        try:
            focus = self._host.root.focus_get()
        except (KeyError, tk.TclError):
            return False
        return focus is not None and focus.winfo_class() in TEXT_FIELDS


__all__ = ["GameFiles", "ENTER_PROMPT", "MAX_PASTE_CHARS"]
