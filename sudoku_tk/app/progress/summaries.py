"""What the Progress window shows, worked out from the recorded games (no Tk): per level, the streak, the chart.

- ``level_summaries``: for each board size and level, the games solved and abandoned, the best time (among
  games solved alone, as the best times are kept) and the median time of the games solved.
- ``daily_streak``: how many calendar days in a row, up to today, have a daily puzzle solved (today not yet
  solved does not break it: the streak runs to yesterday until today is over).
- ``daily_solved``: the daily puzzles of one date that were solved, by level.
- ``solve_times``: the solve times per level over time, oldest first (what the chart draws).
- ``history_csv``: every record as one CSV row, for a spreadsheet.
- ``path_techniques``: the techniques a puzzle's default logic path needs (the background worker runs it).

The records and their file are ``app/progress/history.py``'s; which techniques were found alone is its
``technique_status``.
"""

from __future__ import annotations

import csv
import io
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from datetime import date, datetime, timedelta

from sudoku_tk.app.progress.history import FinishedGame
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.steps.step import Technique

FINISHED_FORMAT = "%Y-%m-%d %H:%M"
"""How ``FinishedGame.finished`` writes when a game ended."""


@dataclass(frozen=True, slots=True)
class LevelSummary:
    """The games of one board size and level."""

    size: int
    level: str
    """The level's value ("" for puzzles without a level)."""
    solved: int
    abandoned: int
    best: float | None
    """The fastest game solved alone, in seconds (None: none solved alone)."""
    median: float | None
    """The median time of the games solved (None: none solved)."""


def _level_order(level: str) -> int:
    order = [lvl.label for lvl in Level]
    return order.index(level) if level in order else len(order)


def level_summaries(games: Iterable[FinishedGame]) -> list[LevelSummary]:
    """Per board size and level (smallest board, easiest level first), the games and their times.

    >>> g = [FinishedGame(str(i), "", "", 9, "easy", s, hints=h) for i, (s, h) in enumerate([(90, 0), (60, 1), (120, 0)])]
    >>> level_summaries(g)
    [LevelSummary(size=9, level='easy', solved=3, abandoned=0, best=90, median=90)]
    """
    by_kind: dict[tuple[int, str], list[FinishedGame]] = {}
    for game in games:
        by_kind.setdefault(game.kind, []).append(game)
    out = []
    for (size, level), kind in sorted(by_kind.items(), key=lambda item: (item[0][0], _level_order(item[0][1]))):
        solved = [g.seconds for g in kind if g.solved]
        alone = [g.seconds for g in kind if g.solved and g.alone]
        out.append(
            LevelSummary(
                size,
                level,
                len(solved),
                sum(1 for g in kind if g.abandoned),
                min(alone, default=None),
                statistics.median(solved) if solved else None,
            )
        )
    return out


def _day(text: str) -> date | None:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def daily_days(games: Iterable[FinishedGame]) -> set[date]:
    """The dates whose daily puzzle (of any level) was solved."""
    return {d for d in (_day(g.daily) for g in games if g.daily and g.solved) if d is not None}


def daily_streak(games: Iterable[FinishedGame], today: date) -> int:
    """How many days in a row, up to ``today`` (or up to yesterday while today's is not solved yet), have a daily
    puzzle solved.

    >>> g = [FinishedGame(d, "", "", 9, "easy", 60.0, daily=d) for d in ("2026-12-01", "2026-12-02", "2026-11-29")]
    >>> daily_streak(g, date(2026, 12, 2)), daily_streak(g, date(2026, 12, 3)), daily_streak(g, date(2026, 12, 4))
    (2, 2, 0)
    """
    days = daily_days(games)
    day = today if today in days else today - timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= timedelta(days=1)
    return count


def daily_solved(games: Iterable[FinishedGame], day: date) -> dict[str, FinishedGame]:
    """The daily puzzles of ``day`` that were solved, by level value (the fastest game of each)."""
    found: dict[str, FinishedGame] = {}
    for game in games:
        if game.solved and game.daily == day.isoformat():
            best = found.get(game.level)
            if best is None or game.seconds < best.seconds:
                found[game.level] = game
    return found


def finished_at(game: FinishedGame) -> datetime | None:
    """When the game ended (None for a record without a readable time)."""
    try:
        return datetime.strptime(game.finished, FINISHED_FORMAT)
    except ValueError:
        return None


def solve_times(games: Iterable[FinishedGame], size: int = 9) -> dict[str, list[tuple[datetime, float]]]:
    """The solved games of ``size`` by level value (levels in order, easiest first): (when, seconds), oldest first."""
    by_level: dict[str, list[tuple[datetime, float]]] = {}
    for game in games:
        when = finished_at(game)
        if game.solved and game.size == size and game.level and when is not None:
            by_level.setdefault(game.level, []).append((when, game.seconds))
    return {level: sorted(by_level[level]) for level in sorted(by_level, key=_level_order)}


def path_techniques(puzzle: str) -> tuple[Technique, ...]:
    """The techniques the default logic path of ``puzzle`` (``puzzle_text``: givens as one line, or a variant's
    text form) takes, each once, in the order
    first taken (seconds at most for the hardest 9×9 puzzles: run it off the window's thread).

    >>> [t.name for t in path_techniques("." + "534678912672195348198342567859761423426853791713924856961537284287419635345286179"[1:])]
    ['FULL_HOUSE']
    """
    from sudoku_tk.engine.solving.logic import solve_logically  # the solver loads every technique: when needed

    return tuple(dict.fromkeys(solve_logically(parse_puzzle(puzzle)).techniques()))


CSV_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(FinishedGame))


def history_csv(games: Sequence[FinishedGame]) -> str:
    """Every game as one CSV row under a header of the record's field names; lists joined with spaces.

    >>> print(history_csv([FinishedGame("k", "2026-12-01 10:00", "P", 9, "hard", 61.5, techniques=("X_WING",))]))
    ... # doctest: +NORMALIZE_WHITESPACE
    key,finished,name,size,level,seconds,hints,reveals,puzzle,score,moves,mistakes,hint_rungs,techniques,found_alone,abandoned,daily
    k,2026-12-01 10:00,P,9,hard,61.5,0,0,,0,0,0,0 0 0,X_WING,,no,
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for game in games:
        row = []
        for name in CSV_COLUMNS:
            value = getattr(game, name)
            if isinstance(value, tuple):
                value = " ".join(str(v) for v in value)
            elif isinstance(value, bool):
                value = "yes" if value else "no"
            row.append(value)
        writer.writerow(row)
    return out.getvalue()


__all__ = [
    "CSV_COLUMNS",
    "LevelSummary",
    "daily_days",
    "daily_solved",
    "daily_streak",
    "finished_at",
    "history_csv",
    "level_summaries",
    "path_techniques",
    "solve_times",
]
