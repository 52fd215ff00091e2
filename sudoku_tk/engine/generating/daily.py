"""The daily puzzle: one 9×9 puzzle per level per calendar day, the same in every copy of the app.

It is made by the generator (``level_search.generate_at_level``) from a seed that names the date and the
level, with no time limit, so the search follows the same random numbers to the same puzzle on any machine
(``random.Random`` seeded with a string hashes it with SHA-512, never with Python's salted ``hash``, so
``PYTHONHASHSEED`` changes nothing). No network, nothing stored: the date is the puzzle.
"""

from __future__ import annotations

from datetime import date

from ..rating.levels import Level
from .level_search import Generated, generate_at_level

SEED_PREFIX = "daily"


def daily_seed(day: date, level: Level) -> str:
    """The seed of ``day``'s puzzle at ``level``.

    >>> daily_seed(date(2026, 12, 1), Level.HARD)
    'daily/2026-12-01/hard'
    """
    return f"{SEED_PREFIX}/{day.isoformat()}/{level.label}"


def daily_puzzle(day: date, level: Level) -> Generated:
    """``day``'s puzzle at ``level``: unique, minimal with rotational symmetry, rated ``level`` by the default
    logic path without Brute Force (as every generated puzzle; see level_search.py). Seconds at most, usually."""
    found = generate_at_level(daily_seed(day, level), level, time_limit=None)
    assert found is not None  # no time limit: the search goes on until it finds one
    return found


__all__ = ["SEED_PREFIX", "daily_puzzle", "daily_seed"]
