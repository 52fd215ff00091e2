"""GameHistory: the last finished games and the best time per board size and level.

A game is recorded once, when it becomes solved (``FinishedGame.key`` tells one
game from another, so solving it again after an undo adds nothing). The newest
``MAX_GAMES`` are kept in ``history.json`` in the data folder (format
``sudoku-tk-history``, with a ``version``), written atomically and privately.
Best times count only games solved alone (no hint step, no revealed digit).

Several windows share the file, so a game is recorded by reading the file again,
merging by game key and writing it back, all under the file's update lock
(system/update_lock.py): two windows that each solve a game both find their game in it.
Entries and fields this version does not know, and a newer version number, are kept
as they are. A file that can't be read (cut short, not JSON, a link, a pipe) is set
aside as ``history.json.damaged`` and ``note`` says so, for the window to tell the
player and log; reading never raises.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sudoku_tk.app import puzzles
from sudoku_tk.app.atomic_files import atomic_write_text, ensure_folder
from sudoku_tk.app.damaged_files import damage_note
from sudoku_tk.app.file_reading import SaveFileError, decode, read_file
from sudoku_tk.app.puzzles import LEGACY_NAMES, parse_level
from sudoku_tk.app.save_format import json_problem
from sudoku_tk.app.session import GameView
from sudoku_tk.engine.levels import Level
from sudoku_tk.system import update_lock

HISTORY_NAME = "history.json"
HISTORY_FORMAT = "sudoku-tk-history"
HISTORY_VERSION = 1
MAX_GAMES = 50


def history_path(base: Path) -> Path:
    """The history file inside the data folder ``base``."""
    return base / HISTORY_NAME


def level_name(level: str) -> str:
    """A level's value as the player reads it ("" for a puzzle without a level).

    A game recorded by an earlier version keeps the level word it was played at.

    >>> level_name("unfair"), level_name("very_hard"), level_name("")
    ('Unfair', 'Very hard', '')
    """
    if level in LEGACY_NAMES:
        return LEGACY_NAMES[level]
    try:
        return parse_level(level).display_name if level else ""
    except ValueError:
        return ""


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """One solved game: when, which puzzle, how long it took and how much help it had."""

    key: str
    """Tells one game from another (when it was started and its puzzle's name)."""
    finished: str
    """When it was solved, as ``YYYY-MM-DD HH:MM`` local time."""
    name: str
    size: int
    level: str
    """The level's value (``easy``), "" for a puzzle from elsewhere."""
    seconds: float
    hints: int = 0
    reveals: int = 0

    @property
    def alone(self) -> bool:
        """Solved without a hint step or a revealed digit."""
        return not (self.hints or self.reveals)

    @property
    def kind(self) -> tuple[int, str]:
        """What best times are kept for: the board size and the level."""
        return self.size, self.level


def _game(obj: Any) -> FinishedGame | None:
    """One game read from the file; None when the entry is damaged."""
    if not isinstance(obj, dict):
        return None
    try:
        game = FinishedGame(
            key=str(obj["key"]),
            finished=str(obj.get("finished", "")),
            name=str(obj.get("name", "")),
            size=int(obj["size"]),
            level=str(obj.get("level", "")),
            seconds=float(obj["seconds"]),
            hints=max(0, int(obj.get("hints", 0))),
            reveals=max(0, int(obj.get("reveals", 0))),
        )
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    if game.size not in (4, 9, 16) or not game.seconds >= 0:
        return None
    return game


def finished_game(view: GameView, created: datetime, puzzle_id: str, now: datetime | None = None) -> FinishedGame:
    """The record of a solved game: ``created`` (when it was started) tells it from others, the level comes
    from the built-in library (none for a puzzle from elsewhere)."""
    entry = puzzles.by_id(puzzle_id) if puzzle_id else None
    return FinishedGame(
        key=f"{created.isoformat()} {view.name}",
        finished=(now or datetime.now()).strftime("%Y-%m-%d %H:%M"),
        name=view.name,
        size=view.geometry.side,
        level=entry.level.label if entry is not None else "",
        seconds=round(view.elapsed, 1),
        hints=view.hints,
        reveals=view.reveals,
    )


class _File:
    """What ``history.json`` holds: its entries as written (newest first), its other fields, and any problem."""

    def __init__(self, entries: list[dict[str, Any]], extra: dict[str, Any], problem: str | None = None) -> None:
        self.entries = entries
        self.extra = extra
        self.problem = problem

    @classmethod
    def read(cls, path: Path) -> _File:
        """Read the file (missing: empty); never raises, a problem is kept instead."""
        try:
            obj = json.loads(decode(read_file(path, "the game history", follow_links=False)))
        except FileNotFoundError:
            return cls([], {})
        except (OSError, SaveFileError) as exc:
            return cls([], {}, str(exc))
        except (ValueError, RecursionError) as exc:
            return cls([], {}, f"it is not valid JSON: {json_problem(exc)}")
        if not isinstance(obj, dict) or not isinstance(obj.get("games", []), list):
            return cls([], {}, "it is not a list of finished games")
        if obj.get("format", HISTORY_FORMAT) != HISTORY_FORMAT:
            return cls([], {}, f"it is not a Sudoku Tk game history (format {obj.get('format')!r:.60})")
        entries = [e for e in obj.get("games", []) if isinstance(e, dict) and isinstance(e.get("key"), str)]
        return cls(entries, {k: v for k, v in obj.items() if k != "games"})

    def games(self) -> list[FinishedGame]:
        return [g for g in (_game(e) for e in self.entries) if g is not None]


def _merged(new: Sequence[dict[str, Any]], old: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries of both, once per game key (``new`` wins), newest first (by ``finished``), at most MAX_GAMES."""
    seen: dict[str, dict[str, Any]] = {}
    for entry in [*new, *old]:
        seen.setdefault(str(entry.get("key")), entry)
    entries = sorted(seen.values(), key=lambda e: str(e.get("finished", "")), reverse=True)  # stable: ties keep order
    return entries[:MAX_GAMES]


class GameHistory:
    """The finished games, newest first, kept in ``path`` (None: in memory only)."""

    def __init__(self, path: Path | None = None, games: Sequence[FinishedGame] = ()) -> None:
        self.path = path
        self._games: list[FinishedGame] = list(games)[:MAX_GAMES]
        self.note = ""
        """What the player should be told about the file ("" when all was well): it was set aside, and why."""

    @classmethod
    def load(cls, path: Path | None) -> GameHistory:
        """Read the history file; a missing file gives an empty history, a damaged one is set aside (see ``note``)."""
        history = cls(path)
        history.refresh()
        return history

    def refresh(self) -> None:
        """Read the file again (another window may have recorded games); a damaged one is set aside."""
        if self.path is None:
            return
        found = _File.read(self.path)
        if found.problem is not None:
            self.note = self._set_aside(found.problem)
        self._games = _File(_merged(found.entries, [asdict(g) for g in self._games]), {}).games()

    def _set_aside(self, problem: str) -> str:
        assert self.path is not None
        return damage_note(self.path, "the game history", problem, "a new history was started")

    @property
    def games(self) -> list[FinishedGame]:
        """The finished games, newest first."""
        return list(self._games)

    def has(self, key: str) -> bool:
        return any(g.key == key for g in self._games)

    def best(self, size: int, level: str) -> FinishedGame | None:
        """The fastest game of this size and level solved alone, or None."""
        alone = [g for g in self._games if g.alone and g.kind == (size, level)]
        return min(alone, key=lambda g: g.seconds, default=None)

    def bests(self) -> list[FinishedGame]:
        """The best game of each size and level (alone only), smallest board and easiest level first."""
        # Levels of earlier versions (very_hard) come after today's.
        order = {lvl.label: i for i, lvl in enumerate(Level)}
        kinds = sorted({g.kind for g in self._games if g.alone}, key=lambda k: (k[0], order.get(k[1], len(order))))
        return [b for b in (self.best(size, level) for size, level in kinds) if b is not None]

    def record(self, game: FinishedGame) -> bool:
        """Add a finished game (a game already recorded is left alone); True when it beats an earlier best.

        With a file, the file is read again and merged under the update lock first, so
        games other windows recorded meanwhile are kept (and count for the best time).

        Raises:
            OSError: the file could not be written (the game stays recorded in memory).
        """
        if self.path is None:
            if self.has(game.key):
                return False
            before = self.best(*game.kind)
            self._games = [game, *self._games][:MAX_GAMES]
            return game.alone and before is not None and game.seconds < before.seconds
        try:
            return self._record(game)
        except (OSError, SaveFileError) as exc:
            if not self.has(game.key):
                self._games = [game, *self._games][:MAX_GAMES]
            if isinstance(exc, OSError):
                raise
            raise OSError(str(exc)) from None  # a link or a pipe where a file belongs, and it can't be moved

    def _record(self, game: FinishedGame) -> bool:
        assert self.path is not None
        ensure_folder(self.path.parent, allow_link=True)
        with update_lock(self.path):
            found = _File.read(self.path)
            if found.problem is not None:
                self.note = self._set_aside(found.problem)
            mine = [asdict(g) for g in self._games]
            known = _File(_merged(found.entries, mine), {}).games()
            if any(g.key == game.key for g in known):
                self._games = known
                return False
            alone = [g for g in known if g.alone and g.kind == game.kind]
            before = min(alone, key=lambda g: g.seconds, default=None)
            entries = _merged([asdict(game)], _merged(found.entries, mine))
            self._games = _File(entries, {}).games()
            self._write(entries, found.extra)
        return game.alone and before is not None and game.seconds < before.seconds

    def save(self) -> None:
        """Write the games in memory, merged with the file's (no file: nothing to do)."""
        if self.path is None:
            return
        ensure_folder(self.path.parent, allow_link=True)
        with update_lock(self.path):
            found = _File.read(self.path)
            if found.problem is not None:
                self.note = self._set_aside(found.problem)
            self._write(_merged([asdict(g) for g in self._games], found.entries), found.extra)

    def _write(self, entries: list[dict[str, Any]], extra: dict[str, Any]) -> None:
        assert self.path is not None
        version = extra.get("version")
        data: dict[str, Any] = {
            **extra,
            "format": HISTORY_FORMAT,
            "version": max(version if isinstance(version, int) else 0, HISTORY_VERSION),
            "games": entries,
        }
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        atomic_write_text(self.path, text, backup=False, private=True)


__all__ = [
    "HISTORY_FORMAT",
    "HISTORY_VERSION",
    "MAX_GAMES",
    "FinishedGame",
    "GameHistory",
    "finished_game",
    "history_path",
    "level_name",
]
