"""Recent games: the last few unfinished games a new one replaced, kept so the player can continue them.

A game is worth keeping while it is *in progress*: at least one move made (in
force or waiting to be redone), not solved, and not a board on which givens are
being typed. Replacing such a game asks first (the window's job); the game is then
kept here as a saved game record, one file per game in the ``recent`` folder next
to the autosave (``paths.recent_dir``), written with ``save_format.save_game``
(atomic, see ``atomic_files.py``). Only the newest ``KEEP_RECENT`` are kept; the
same game kept again (later, with more moves) replaces its older copy, and a game
taken back into play leaves the list. Without a folder (tests, the self-test) the
list lives in memory only.

Each entry tells the player what it is: the puzzle's name, its level and progress,
and when it was played (``RecentGame.summary``). No Tk here.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from sudoku_tk.app.game.clock import format_duration
from sudoku_tk.app.game.game import Game
from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.storage.atomic_files import ensure_folder, unlink_quietly
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import load_game, save_game
from sudoku_tk.engine.board.grid import values_line

KEEP_RECENT = 5
"""How many unfinished games are kept; the oldest goes first."""
FILE_PREFIX = "game-"


def game_key(record: GameRecord) -> str:
    """What tells one game from another: its size, givens and when it was started.

    The same game saved again later (with more moves) has the same key; "" when the
    record does not say when the game was started.
    """
    if record.created is None:
        return ""
    geo = record.start.geometry
    return f"{geo.side}:{values_line(geo, record.start.givens)}:{record.created.isoformat()}"


def _worth_keeping(has_moves: bool, solved: bool) -> bool:
    return has_moves and not solved


def is_in_progress(game: Game) -> bool:
    """Would replacing ``game`` throw work away (a move made, not solved, not givens being typed)?"""
    return not game.is_entering and _worth_keeping(bool(game.moves or game.redo_moves), game.is_solved())


def record_in_progress(record: GameRecord) -> bool:
    """Is the game ``record`` holds in progress (a move made or to redo, and not solved)?"""
    return _worth_keeping(bool(record.moves or record.redo), record.position().is_solved())


def progress_text(record: GameRecord) -> str:
    """How far the game is: ``23 of 58 cells filled, 12 moves, 4:05``."""
    start = record.start.values
    values = record.position().values
    open_cells = [c for c, v in enumerate(start) if not v]
    filled = sum(1 for c in open_cells if values[c])
    moves = len(record.moves)
    return (
        f"{filled} of {len(open_cells)} cells filled, {moves} move{'s' * (moves != 1)}, "
        f"{format_duration(record.elapsed)}"
    )


SHORT_SOURCE = 32
"""A puzzle's source longer than this (a generated puzzle's seed and command) is left out of its summary."""


def level_text(record: GameRecord) -> str:
    """The puzzle's level and size (``Hard 9×9``: a built-in puzzle's level, else its rating's), or its size and
    where it came from when that is short (``9×9, pasted``); never a generator's seed."""
    side = record.start.geometry.side
    entry = puzzles.by_id(record.puzzle_id) if record.puzzle_id else None
    if entry is not None:
        return f"{entry.level.display_name} {side}×{side}"
    if record.rating is not None:
        return f"{record.rating.level.display_name} {side}×{side}"
    source = record.puzzle_source
    return f"{side}×{side}, {source}" if source and len(source) <= SHORT_SOURCE else f"{side}×{side}"


def when_text(when: datetime | None, now: datetime) -> str:
    """When a game was last played, as a player says it ("5 minutes ago", "yesterday", "7 Jun 2024").

    >>> t = datetime(2024, 6, 7, 12, 0, tzinfo=timezone.utc)
    >>> from datetime import timedelta as d
    >>> [when_text(t - x, t) for x in (d(seconds=20), d(minutes=1), d(hours=3), d(hours=30), d(days=4), d(days=9))]
    ['just now', '1 minute ago', '3 hours ago', 'yesterday', '4 days ago', '29 May 2024']
    """
    if when is None:
        return "some time ago"
    if when.tzinfo is None:
        when = when.replace(tzinfo=timezone.utc)
    seconds = (now - when).total_seconds()
    if seconds < 60:
        return "just now"
    for limit, size, unit in ((3600, 60, "minute"), (86400, 3600, "hour")):
        if seconds < limit:
            n = int(seconds // size)
            return f"{n} {unit}{'s' * (n != 1)} ago"
    days = int(seconds // 86400)
    if days < 2:
        return "yesterday"
    if days < 7:
        return f"{days} days ago"
    return f"{when.day} {when.strftime('%b %Y')}"


def replace_question(game: Game, instead: str, kept_on_disk: bool) -> str:
    """The question asked before ``instead`` replaces ``game`` (which must be in progress).

    ``kept_on_disk``: the recent list is kept in the data folder (else only while the window is open).
    """
    record = game.to_record()
    name = f"“{game.name}”" if game.name else "Your game"
    where = "" if kept_on_disk else " while this window is open"
    return (
        f"{name} is in progress ({progress_text(record)}).\n"
        f"Replace it with {instead}? It is kept{where}: Game > Continue a recent game… brings it back."
    )


@dataclass(frozen=True, slots=True)
class RecentGame:
    """One kept game: its record and the file it is kept in (None: kept in memory)."""

    record: GameRecord
    path: Path | None = None

    @property
    def key(self) -> str:
        return game_key(self.record)

    def summary(self, now: datetime) -> tuple[str, str, str]:
        """Its name, its level and progress, and when it was played, for a list the player chooses from."""
        record = self.record
        name = record.puzzle_name or "Unnamed puzzle"
        return name, f"{level_text(record)}; {progress_text(record)}", when_text(record.saved or record.created, now)

    def describe(self, now: datetime) -> str:
        """One line for the player: ``top95 #1 — Hard 9×9; 23 of 58 cells filled, 12 moves, 4:05 — 5 minutes ago``."""
        return " — ".join(self.summary(now))


def _saved_at(entry: RecentGame) -> datetime:
    when = entry.record.saved or entry.record.created
    if when is None:
        return datetime.min.replace(tzinfo=timezone.utc)
    return when if when.tzinfo is not None else when.replace(tzinfo=timezone.utc)


class RecentGames:
    """The recent unfinished games, newest first; kept in ``folder`` (None: in memory only)."""

    def __init__(self, folder: Path | None, keep: int = KEEP_RECENT) -> None:
        self.folder = folder
        self.keep = keep
        self._memory: dict[str, GameRecord] = {}
        self._count = 0

    @property
    def on_disk(self) -> bool:
        """Are the games kept in the data folder (else only while this window is open)?"""
        return self.folder is not None

    def __len__(self) -> int:
        """How many games the list held when it was last read or changed (reading the folder is ``entries``)."""
        return self._count

    def entries(self) -> list[RecentGame]:
        """The games kept, newest first (the folder is read again: another window may have added one).

        An unreadable file is left where it is and not listed.
        """
        found: list[RecentGame] = []
        if self.folder is None:
            found = [RecentGame(record) for record in self._memory.values()]
        else:
            for path in self._files():
                try:
                    found.append(RecentGame(load_game(path, follow_links=False), path))
                except (SaveFileError, OSError):
                    continue
        found.sort(key=_saved_at, reverse=True)
        self._count = len(found)
        return found

    def add(self, record: GameRecord) -> bool:
        """Keep ``record`` (replacing an older copy of the same game) when it is in progress; drop the oldest.

        Returns whether it was kept (a game not in progress is not).

        Raises:
            OSError: the folder cannot be written (nothing is lost: the older copies stay).
            SaveFileError: the game is too large to save.
        """
        if not record_in_progress(record):
            return False
        key = game_key(record)
        if self.folder is None:
            self._memory.pop(key, None)
            self._memory[key or f"unkeyed-{len(self._memory)}-{id(record)}"] = record
        else:
            ensure_folder(self.folder)
            save_game(self.folder / self._file_name(key, record), record, backup=False, private=True)
        self._trim()
        return True

    def remove(self, key: str) -> bool:
        """Forget the game with ``key`` (it is back in play); returns whether it was kept."""
        if not key:
            return False
        if self.folder is None:
            removed = self._memory.pop(key, None) is not None
        else:
            removed = False
            for entry in self.entries():
                if entry.key == key and entry.path is not None:
                    unlink_quietly(entry.path)
                    removed = True
        if removed:
            self._count = max(0, self._count - 1)
        return removed

    # -- internals ----------------------------------------------------------------
    def _files(self) -> list[Path]:
        assert self.folder is not None
        try:
            names = os.listdir(self.folder)
        except OSError:
            return []
        return [self.folder / n for n in sorted(names) if n.startswith(FILE_PREFIX) and n.endswith(".json")]

    @staticmethod
    def _file_name(key: str, record: GameRecord) -> str:
        """One name per game: the same game saved again writes over its older copy."""
        stamp = (record.created or record.saved or datetime.now(timezone.utc)).strftime("%Y%m%d-%H%M%S")
        digest = hashlib.sha1((key or repr(record.saved)).encode("utf-8")).hexdigest()[:10]
        return f"{FILE_PREFIX}{stamp}-{digest}.json"

    def _trim(self) -> None:
        entries = self.entries()
        for entry in entries[self.keep :]:
            if entry.path is not None:
                unlink_quietly(entry.path)
            else:
                for key, record in list(self._memory.items()):
                    if record is entry.record:
                        del self._memory[key]
        self._count = min(len(entries), self.keep)


__all__ = [
    "KEEP_RECENT",
    "RecentGame",
    "RecentGames",
    "game_key",
    "is_in_progress",
    "record_in_progress",
    "replace_question",
    "progress_text",
    "level_text",
    "when_text",
]
