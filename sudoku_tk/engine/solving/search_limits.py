"""How a search is bounded: ``Stop`` (asked now and then; True ends it), ``SearchStopped``, ``deadline``.

Shared by the brute-force search of the houses (brute_force.py) and the Killer's (engine/killer/solver.py), so a
caller bounds either the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable

Stop = Callable[[], bool]
"""Asked every ``STOP_EVERY`` nodes: True ends the search with ``SearchStopped``."""

STOP_EVERY = 64
"""Nodes between two calls of ``stop``: a few milliseconds of search on any board size."""


class SearchStopped(Exception):
    """The search was ended by its ``stop`` function before it had the answer."""


def deadline(seconds: float) -> Stop:
    """A ``stop`` that says True once ``seconds`` have passed from now."""
    end = time.monotonic() + seconds
    return lambda: time.monotonic() > end


def node_budget(calls: int) -> Stop:
    """A ``stop`` that says True when asked for the ``calls + 1``-th time: about ``calls × STOP_EVERY`` nodes of
    search, the same on every machine and under any load (a generator that gives up by the clock would make
    different puzzles from one seed on a busy machine)."""
    asked = 0

    def stop() -> bool:
        nonlocal asked
        asked += 1
        return asked > calls

    return stop
