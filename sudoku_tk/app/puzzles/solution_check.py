"""How many solutions a puzzle has (none, one, several), worked out without keeping the window waiting.

Nearly every puzzle is counted in milliseconds, so ``count_now`` tries first on the caller's thread for at most
``QUICK_SECONDS``. When that is not enough (a pathological puzzle), ``SolutionCheck`` counts on a background
thread: the window shows that it is checking, polls ``done`` on a timer, and ``cancel()`` ends the search within
milliseconds (the search asks its ``stop`` every few dozen nodes). The thread only computes; everything the player
sees happens on the window's thread, after ``done``.

A count is a fact about a grid that never changes, so the last ``REMEMBERED`` counts are kept: the check made
when a puzzle is opened serves the game that then starts (``Game.solution``) without a second search.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.brute_force import SearchStopped, deadline, first_solutions

QUICK_SECONDS = 0.25
"""How long the window's thread may count before the rest is left to a background check."""

REMEMBERED = 32
"""How many counts are kept (a count of a 16×16 puzzle holds two solutions: about 4 KB)."""

Solution = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SolutionCount:
    """The first solutions of a puzzle, at most two: enough to tell none, one and several apart."""

    solutions: tuple[Solution, ...]

    @property
    def count(self) -> int:
        """0, 1 or 2 (two meaning two or more)."""
        return len(self.solutions)

    @property
    def solution(self) -> Solution | None:
        """The solution when there is exactly one, else None."""
        return self.solutions[0] if len(self.solutions) == 1 else None


_Key = tuple[tuple[int, ...], tuple[int, ...]]
_known: OrderedDict[_Key, SolutionCount] = OrderedDict()
_known_lock = threading.Lock()


def _key(grid: Grid) -> _Key:
    return tuple(grid.values), tuple(grid.candidates)


def _remember(grid: Grid, found: SolutionCount) -> SolutionCount:
    with _known_lock:
        _known[_key(grid)] = found
        _known.move_to_end(_key(grid))
        while len(_known) > REMEMBERED:
            _known.popitem(last=False)
    return found


def known_count(grid: Grid) -> SolutionCount | None:
    """The count of ``grid`` if one was made lately (by any of the functions here), else None."""
    with _known_lock:
        return _known.get(_key(grid))


def forget_counts() -> None:
    """Drop every count kept (the next asks search again)."""
    with _known_lock:
        _known.clear()


def count_solutions_of(grid: Grid, seconds: float | None = None) -> SolutionCount | None:
    """Count ``grid``'s solutions (up to two) for at most ``seconds`` (None: until done); None when time ran out."""
    found = known_count(grid)
    if found is not None:
        return found
    try:
        solutions = first_solutions(grid, 2, stop=None if seconds is None else deadline(seconds))
    except SearchStopped:
        return None
    return _remember(grid, SolutionCount(tuple(solutions)))


def count_now(grid: Grid) -> SolutionCount | None:
    """``grid``'s solution count if it takes at most ``QUICK_SECONDS``, else None (see ``SolutionCheck``)."""
    return count_solutions_of(grid, QUICK_SECONDS)


class SolutionCheck:
    """Count a grid's solutions on a background thread, from the moment it is made until done or cancelled."""

    def __init__(self, grid: Grid) -> None:
        self.grid = grid
        self._cancelled = threading.Event()
        self._finished = threading.Event()
        self._result: SolutionCount | None = None
        self._thread = threading.Thread(target=self._run, name="solution check", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            found = known_count(self.grid)
            if found is None:
                found = _remember(
                    self.grid, SolutionCount(tuple(first_solutions(self.grid, 2, stop=self._cancelled.is_set)))
                )
            self._result = found
        except SearchStopped:
            pass
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        """Has the count finished (or stopped after ``cancel``)?"""
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled.is_set()

    @property
    def result(self) -> SolutionCount | None:
        """The count once done; None before, or when cancelled first."""
        return self._result if self._finished.is_set() else None

    def cancel(self) -> None:
        """Stop the count (the thread ends within milliseconds); ``result`` stays None unless it had finished."""
        self._cancelled.set()

    def wait(self, timeout: float | None = None) -> bool:
        """Block until done or ``timeout`` seconds; whether it is done (for tests and the command line)."""
        return self._finished.wait(timeout)


__all__ = [
    "QUICK_SECONDS",
    "SolutionCheck",
    "SolutionCount",
    "count_now",
    "count_solutions_of",
    "forget_counts",
    "known_count",
]
