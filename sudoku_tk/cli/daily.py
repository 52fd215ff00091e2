"""``sudoku-tk daily [--level L] [--date YYYY-MM-DD] [--rate]``: the daily puzzle, as the app's Game > Daily puzzle.

One line: the puzzle (81 characters, ``.`` for empty), with ``--rate`` its rating as a ``# level score solved``
comment. The same date and level give the same puzzle on every run and machine (engine/generating/daily.py). Exit status 0,
2 for a date that can't be read or a search that passes ``--time-limit`` (one line on standard error).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from datetime import date

from ..engine.rating.levels import LABELS
from . import console as cli_io

DEFAULT_LEVEL = "medium"


def _day(text: str) -> date:
    """The ``--date`` type: an ISO date, YYYY-MM-DD."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a date as YYYY-MM-DD: {text!r}") from None


def add_daily_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], seconds: Callable[[str], float], default_seconds: float
) -> argparse.ArgumentParser:
    """Add the ``daily`` subcommand and return its parser (``seconds`` is the type of ``--time-limit``)."""
    p = sub.add_parser("daily", help="the daily puzzle of a level (today's, or --date's): the same on every copy")
    p.add_argument("--level", default=DEFAULT_LEVEL, choices=list(LABELS), help=f"its level (default {DEFAULT_LEVEL})")
    p.add_argument("--date", type=_day, default=None, help="the day, YYYY-MM-DD (default today, local time)")
    p.add_argument("--rate", action="store_true", help="append the rating as a # comment")
    p.add_argument(
        "--time-limit",
        type=seconds,
        default=default_seconds,
        metavar="SECONDS",
        help=f"give up after this many seconds (default {default_seconds:g})",
    )
    return p


def run_daily(ns: argparse.Namespace) -> int:
    """Print the daily puzzle ``ns`` asks for."""
    from ..engine.generating.daily import daily_puzzle
    from ..engine.rating.levels import Level
    from .limits import time_limit

    day = ns.date or date.today()
    level = Level.parse(ns.level)
    with time_limit(ns.time_limit, f"the {level.label} puzzle of {day.isoformat()}"):
        found = daily_puzzle(day, level)
    line = found.puzzle
    if ns.rate and found.rating is not None:
        line += f"  # {found.rating}"
    out = cli_io.Console(sys.stdout)
    out.write(line + "\n")
    out.flush()
    return 0


__all__ = ["DEFAULT_LEVEL", "add_daily_parser", "run_daily"]
