"""GameHistory: the games played (solved or abandoned) and the best time per board size and level.

A game is recorded once, when it becomes solved (``FinishedGame.key`` tells one
game from another, so solving it again after an undo adds nothing), or as
*abandoned* when another puzzle replaces it or the window closes on it unfinished;
an abandoned record is replaced when the same game is recorded again (continued
and solved later, or abandoned again further on), a solved one never. Each record
keeps the puzzle, its level and score, the time, moves, mistakes, hints by rung, the
techniques the puzzle's default logic path needs and those the player found alone
(``technique_status`` sums these up per technique). The newest ``MAX_GAMES`` are
kept in ``history.json`` in the data folder (format ``sudoku-tk-history``, with a
``version``), written atomically and privately; files of version 1 (solved games
with fewer fields) read as they are. Best times count only games solved alone (no
hint step, no revealed digit). ``clear`` empties the history for every window: the
file's ``generation`` goes up, and a window whose games belong to an older
generation drops them instead of merging them back.

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
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sudoku_tk.app.game.session import GameView
from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.puzzles.built_in import LEGACY_NAMES, parse_level
from sudoku_tk.app.storage.atomic_files import atomic_write_text, ensure_folder
from sudoku_tk.app.storage.damaged_files import damage_note
from sudoku_tk.app.storage.file_reading import SaveFileError, decode, read_file
from sudoku_tk.app.storage.save_format import json_problem
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.system import update_lock

if TYPE_CHECKING:
    from sudoku_tk.engine.rating.score import Rating

HISTORY_NAME = "history.json"
HISTORY_FORMAT = "sudoku-tk-history"
HISTORY_VERSION = 2
"""2: a record holds the puzzle, score, moves, mistakes, hints by rung, techniques, abandoned games, the daily."""
MAX_GAMES = 1000
"""How many games are kept (newest first): enough for a year's streak of daily puzzles and the charts."""
ALONE, HINT, UNMET = "alone", "hint", "unmet"
"""What ``technique_status`` says of a technique: found alone, met (never found alone), not met yet."""


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
    puzzle: str = ""
    """The givens as one line (``.`` for empty cells); "" in records of version 1."""
    score: int = 0
    """The puzzle's score by its rating (0: not rated)."""
    moves: int = 0
    mistakes: int = 0
    """Wrong digits placed (see ``Game.mistakes``)."""
    hint_rungs: tuple[int, int, int] = (0, 0, 0)
    """How many hints were shown up to each rung: nudge, pattern, step."""
    techniques: tuple[str, ...] = ()
    """The techniques (``Technique`` names) the puzzle's default logic path needs, in the order first met."""
    found_alone: tuple[str, ...] = ()
    """The techniques (``Technique`` names) the player found alone in this game."""
    abandoned: bool = False
    """Replaced by another game or closed unfinished (``finished`` is when)."""
    daily: str = ""
    """The date (``YYYY-MM-DD``) of the daily puzzle this game played; "" for any other puzzle."""

    @property
    def alone(self) -> bool:
        """Solved without a hint step or a revealed digit."""
        return not (self.hints or self.reveals)

    @property
    def solved(self) -> bool:
        """Solved, not abandoned."""
        return not self.abandoned

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
            puzzle=str(obj.get("puzzle", "")),
            score=max(0, int(obj.get("score", 0))),
            moves=max(0, int(obj.get("moves", 0))),
            mistakes=max(0, int(obj.get("mistakes", 0))),
            hint_rungs=_rungs(obj.get("hint_rungs")),
            techniques=_names(obj.get("techniques")),
            found_alone=_names(obj.get("found_alone")),
            abandoned=obj.get("abandoned", False) is True,
            daily=str(obj.get("daily", "")),
        )
    except (KeyError, TypeError, ValueError, OverflowError):
        return None
    if game.size not in (4, 9, 16) or not game.seconds >= 0:
        return None
    return game


def _rungs(obj: Any) -> tuple[int, int, int]:
    """Hints by rung as read from the file ((0, 0, 0) when missing or not three counts)."""
    if not isinstance(obj, list) or len(obj) != 3 or not all(isinstance(n, int) for n in obj):
        return (0, 0, 0)
    return (max(0, obj[0]), max(0, obj[1]), max(0, obj[2]))


def _names(obj: Any) -> tuple[str, ...]:
    """A list of technique names as read from the file (anything else: none)."""
    return tuple(n for n in obj if isinstance(n, str)) if isinstance(obj, list) else ()


def finished_game(
    view: GameView,
    created: datetime,
    puzzle_id: str,
    now: datetime | None = None,
    *,
    puzzle: str = "",
    rating: Rating | None = None,
    techniques: Iterable[Technique] = (),
    abandoned: bool = False,
    daily: str = "",
) -> FinishedGame:
    """The record of a game solved (or ``abandoned``): ``created`` (when it was started) tells it from others.

    The level comes from the built-in library, else from ``rating`` (none for an unrated puzzle from
    elsewhere); ``techniques`` are those the puzzle's default logic path needs. A game solved without a hint
    step, a revealed digit or any hint shown counts every technique of its path as found alone, besides those
    the player found alone after a hint's first rungs (``view.found_alone``).
    """
    entry = puzzles.by_id(puzzle_id) if puzzle_id else None
    level = entry.level.label if entry is not None else rating.level.label if rating is not None else ""
    needed = tuple(dict.fromkeys(t.name for t in techniques))
    helped = view.hints or view.reveals or any(view.hint_rungs)
    alone = dict.fromkeys(t.name for t in sorted(view.found_alone, key=lambda t: t.name))
    if not abandoned and not helped:
        alone = dict.fromkeys([*needed, *alone])
    return FinishedGame(
        key=f"{created.isoformat()} {view.name}",
        finished=(now or datetime.now()).strftime("%Y-%m-%d %H:%M"),
        name=view.name,
        size=view.geometry.side,
        level=level,
        seconds=round(view.elapsed, 1),
        hints=view.hints,
        reveals=view.reveals,
        puzzle=puzzle,
        score=rating.score if rating is not None else 0,
        moves=view.move_count,
        mistakes=view.mistakes,
        hint_rungs=view.hint_rungs,
        techniques=needed,
        found_alone=tuple(alone),
        abandoned=abandoned,
        daily=daily,
    )


def technique_status(games: Iterable[FinishedGame]) -> dict[Technique, str]:
    """Each technique the games met: ``"alone"`` (found alone in some game), ``"hint"`` (on the path of a solved
    game, never found alone) or ``"unmet"`` (every other technique). Unknown names (a newer version's) are left out.

    >>> g = FinishedGame("k", "", "", 9, "hard", 60.0, techniques=("X_WING", "SKYSCRAPER"), found_alone=("X_WING",))
    >>> status = technique_status([g])
    >>> status[Technique.X_WING], status[Technique.SKYSCRAPER], status[Technique.XY_WING]
    ('alone', 'hint', 'unmet')
    """
    status = dict.fromkeys(Technique, UNMET)
    for game in games:
        for name in game.found_alone:
            if name in Technique.__members__:
                status[Technique[name]] = ALONE
        if game.solved:
            for name in game.techniques:
                known = Technique.__members__.get(name)
                if known is not None and status[known] == UNMET:
                    status[known] = HINT
    return status


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
    """The entries of both, once per game key, newest first (by ``finished``), at most MAX_GAMES.

    Of two entries for one game a solved one wins over an abandoned one; otherwise the one in ``new``.
    """
    seen: dict[str, dict[str, Any]] = {}
    for entry in [*new, *old]:
        key = str(entry.get("key"))
        if key not in seen or seen[key].get("abandoned") is True and entry.get("abandoned") is not True:
            seen[key] = entry
    entries = sorted(seen.values(), key=lambda e: str(e.get("finished", "")), reverse=True)  # stable: ties keep order
    return entries[:MAX_GAMES]


def _generation(extra: dict[str, Any]) -> int:
    found = extra.get("generation", 0)
    return found if isinstance(found, int) and found >= 0 else 0


class GameHistory:
    """The games played, newest first, kept in ``path`` (None: in memory only)."""

    def __init__(self, path: Path | None = None, games: Sequence[FinishedGame] = ()) -> None:
        self.path = path
        self._games: list[FinishedGame] = list(games)[:MAX_GAMES]
        self._generation = 0
        """The file's ``generation`` these games belong to (``clear`` raises it)."""
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
        found = self._read()
        self._games = _File(_merged(found.entries, self._mine(found)), {}).games()

    def _read(self) -> _File:
        """The file as it is now (a damaged one set aside and said in ``note``)."""
        assert self.path is not None
        found = _File.read(self.path)
        if found.problem is not None:
            self.note = self._set_aside(found.problem)
        return found

    def _mine(self, found: _File) -> list[dict[str, Any]]:
        """The games in memory as entries to merge with ``found``: none when the file was cleared since."""
        generation = _generation(found.extra)
        if generation > self._generation:
            self._games, self._generation = [], generation
        return [asdict(g) for g in self._games]

    def _set_aside(self, problem: str) -> str:
        assert self.path is not None
        return damage_note(self.path, "the game history", problem, "a new history was started")

    @property
    def games(self) -> list[FinishedGame]:
        """The games played (solved and abandoned), newest first."""
        return list(self._games)

    def has(self, key: str) -> bool:
        return any(g.key == key for g in self._games)

    def best(self, size: int, level: str) -> FinishedGame | None:
        """The fastest game of this size and level solved alone, or None."""
        alone = [g for g in self._games if g.solved and g.alone and g.kind == (size, level)]
        return min(alone, key=lambda g: g.seconds, default=None)

    def bests(self) -> list[FinishedGame]:
        """The best game of each size and level (alone only), smallest board and easiest level first."""
        # Levels of earlier versions (very_hard) come after today's.
        order = {lvl.label: i for i, lvl in enumerate(Level)}
        kinds = {g.kind for g in self._games if g.solved and g.alone}
        ordered = sorted(kinds, key=lambda k: (k[0], order.get(k[1], len(order))))
        return [b for b in (self.best(size, level) for size, level in ordered) if b is not None]

    @staticmethod
    def _replaces(game: FinishedGame, known: Iterable[FinishedGame]) -> bool:
        """Does ``game`` go into a history that holds ``known``? (Not when its game is there solved already, or
        abandoned just as it is.)"""
        same = next((g for g in known if g.key == game.key), None)
        return same is None or same.abandoned and same != game

    def record(self, game: FinishedGame) -> bool:
        """Add a game (one already recorded solved is left alone; an abandoned one is replaced); True when it
        beats an earlier best.

        With a file, the file is read again and merged under the update lock first, so
        games other windows recorded meanwhile are kept (and count for the best time).

        Raises:
            OSError: the file could not be written (the game stays recorded in memory).
        """
        if self.path is None:
            if not self._replaces(game, self._games):
                return False
            before = self.best(*game.kind)
            self._games = [game, *(g for g in self._games if g.key != game.key)][:MAX_GAMES]
            return self._beats(game, before)
        try:
            return self._record(game)
        except (OSError, SaveFileError) as exc:
            if self._replaces(game, self._games):
                self._games = [game, *(g for g in self._games if g.key != game.key)][:MAX_GAMES]
            if isinstance(exc, OSError):
                raise
            raise OSError(str(exc)) from None  # a link or a pipe where a file belongs, and it can't be moved

    @staticmethod
    def _beats(game: FinishedGame, before: FinishedGame | None) -> bool:
        return game.solved and game.alone and before is not None and game.seconds < before.seconds

    def _record(self, game: FinishedGame) -> bool:
        assert self.path is not None
        ensure_folder(self.path.parent, allow_link=True)
        with update_lock(self.path):
            found = self._read()
            entries = _merged(found.entries, self._mine(found))
            known = _File(entries, {}).games()
            if not self._replaces(game, known):
                self._games = known
                return False
            alone = [g for g in known if g.solved and g.alone and g.kind == game.kind]
            before = min(alone, key=lambda g: g.seconds, default=None)
            entries = _merged([asdict(game)], [e for e in entries if e.get("key") != game.key])
            self._games = _File(entries, {}).games()
            self._write(entries, found.extra)
        return self._beats(game, before)

    def save(self) -> None:
        """Write the games in memory, merged with the file's (no file: nothing to do)."""
        if self.path is None:
            return
        ensure_folder(self.path.parent, allow_link=True)
        with update_lock(self.path):
            found = self._read()
            self._write(_merged(self._mine(found), found.entries), found.extra)

    def clear(self) -> None:
        """Forget every game, here and in the file, for every window (the file's generation goes up).

        Raises:
            OSError: the file could not be written (the games are forgotten in memory all the same).
        """
        self._games = []
        if self.path is None:
            return
        try:
            ensure_folder(self.path.parent, allow_link=True)
            with update_lock(self.path):
                found = self._read()
                self._generation = max(self._generation, _generation(found.extra)) + 1
                self._write([], found.extra)
        except SaveFileError as exc:
            raise OSError(str(exc)) from None

    def _write(self, entries: list[dict[str, Any]], extra: dict[str, Any]) -> None:
        assert self.path is not None
        version = extra.get("version")
        data: dict[str, Any] = {
            **extra,
            "format": HISTORY_FORMAT,
            "version": max(version if isinstance(version, int) else 0, HISTORY_VERSION),
            "generation": self._generation,
            "games": entries,
        }
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        atomic_write_text(self.path, text, backup=False, private=True)


__all__ = [
    "ALONE",
    "HINT",
    "UNMET",
    "HISTORY_FORMAT",
    "HISTORY_VERSION",
    "MAX_GAMES",
    "FinishedGame",
    "GameHistory",
    "finished_game",
    "history_path",
    "level_name",
    "technique_status",
]
