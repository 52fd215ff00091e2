"""GameHistory: the last finished games and the best time per board size and level.

A game is recorded once, when it becomes solved (``FinishedGame.key`` tells one
game from another, so solving it again after an undo adds nothing). The newest
``MAX_GAMES`` are kept in ``history.json`` in the data folder, written atomically.
Best times count only games solved alone (no hint step, no revealed digit). A
missing or damaged file gives an empty history and never raises.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

from sudoku_tk.app import puzzles
from sudoku_tk.app.atomic_files import atomic_write_text, decode, read_limited
from sudoku_tk.app.puzzles import LEGACY_NAMES, Level
from sudoku_tk.app.session import GameView

HISTORY_NAME = "history.json"
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
        return Level.parse(level).display_name if level else ""
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
    def kind(self) -> Tuple[int, str]:
        """What best times are kept for: the board size and the level."""
        return self.size, self.level


def _game(obj: Any) -> Optional[FinishedGame]:
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


def finished_game(view: GameView, created: datetime, puzzle_id: str, now: Optional[datetime] = None) -> FinishedGame:
    """The record of a solved game: ``created`` (when it was started) tells it from others, the level comes
    from the built-in library (none for a puzzle from elsewhere)."""
    entry = puzzles.by_id(puzzle_id) if puzzle_id else None
    return FinishedGame(
        key=f"{created.isoformat()} {view.name}",
        finished=(now or datetime.now()).strftime("%Y-%m-%d %H:%M"),
        name=view.name,
        size=view.geometry.side,
        level=entry.level.value if entry is not None else "",
        seconds=round(view.elapsed, 1),
        hints=view.hints,
        reveals=view.reveals,
    )


class GameHistory:
    """The finished games, newest first, kept in ``path`` (None: in memory only)."""

    def __init__(self, path: Optional[Path] = None, games: Sequence[FinishedGame] = ()) -> None:
        self.path = path
        self._games: List[FinishedGame] = list(games)[:MAX_GAMES]

    @classmethod
    def load(cls, path: Optional[Path]) -> "GameHistory":
        """Read the history file; a missing, unreadable or damaged file gives an empty history."""
        if path is None:
            return cls(None)
        try:
            obj = json.loads(decode(read_limited(path, "the game history")))
        except Exception:  # noqa: BLE001 - any damage: start a new history rather than fail
            return cls(path)
        entries = obj.get("games") if isinstance(obj, dict) else None
        games = [g for g in (_game(e) for e in entries) if g is not None] if isinstance(entries, list) else []
        return cls(path, games)

    @property
    def games(self) -> List[FinishedGame]:
        """The finished games, newest first."""
        return list(self._games)

    def has(self, key: str) -> bool:
        return any(g.key == key for g in self._games)

    def best(self, size: int, level: str) -> Optional[FinishedGame]:
        """The fastest game of this size and level solved alone, or None."""
        alone = [g for g in self._games if g.alone and g.kind == (size, level)]
        return min(alone, key=lambda g: g.seconds, default=None)

    def bests(self) -> List[FinishedGame]:
        """The best game of each size and level (alone only), smallest board and easiest level first."""
        # Levels of earlier versions (very_hard) come after today's.
        order = {lvl.value: i for i, lvl in enumerate(Level)}
        kinds = sorted({g.kind for g in self._games if g.alone}, key=lambda k: (k[0], order.get(k[1], len(order))))
        return [b for b in (self.best(size, level) for size, level in kinds) if b is not None]

    def record(self, game: FinishedGame) -> bool:
        """Add a finished game (a game already recorded is left alone); True when it beats an earlier best.

        Raises:
            OSError: the file could not be written (the game stays recorded in memory).
        """
        if self.has(game.key):
            return False
        before = self.best(*game.kind)
        self._games = [game, *self._games][:MAX_GAMES]
        self.save()
        return game.alone and before is not None and game.seconds < before.seconds

    def save(self) -> None:
        """Write the file atomically, creating the folder if needed (no file: nothing to do)."""
        if self.path is None:
            return
        data: Dict[str, Any] = {"version": 1, "games": [asdict(g) for g in self._games]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n", backup=False)


__all__ = ["MAX_GAMES", "FinishedGame", "GameHistory", "finished_game", "history_path", "level_name"]
