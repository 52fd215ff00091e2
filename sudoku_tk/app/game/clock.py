"""GameClock: the seconds a game has been played, counting only while it runs.

The clock knows nothing of the board; the session tells it when to stop and go
(``follow(solved, moved)`` after every recompute: it waits for the first move,
stops once the puzzle is solved and runs again when an undo opens it). Restart
sets it back to zero with ``reset``, so it waits for the first move again. The
time source is passed in, so tests drive it by hand. ``format_duration`` is how
a duration reads in the app's sentences (``12:05``).
"""

from __future__ import annotations

import time
from collections.abc import Callable


class GameClock:
    """Seconds of play: counts while running, holds still while paused.

    >>> now = [100.0]
    >>> clock = GameClock(lambda: now[0], elapsed=5.0)
    >>> clock.resume(); now[0] = 112.5; clock.elapsed()
    17.5
    >>> clock.pause(); now[0] = 200.0; clock.elapsed(), clock.is_running()
    (17.5, False)
    """

    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0) -> None:
        """Start stopped at ``elapsed`` seconds, reading time from ``now``."""
        self._now = now
        self._elapsed = 0.0
        self._running_since: float | None = None
        self.reset(elapsed)

    def reset(self, elapsed: float = 0.0) -> None:
        """Stop the clock and set it to ``elapsed`` seconds (never below zero)."""
        self._elapsed = max(0.0, float(elapsed))
        self._running_since = None

    def elapsed(self) -> float:
        """Seconds counted so far, including the current run."""
        if self._running_since is None:
            return self._elapsed
        return self._elapsed + self._now() - self._running_since

    def is_running(self) -> bool:
        return self._running_since is not None

    def pause(self) -> None:
        """Stop counting (already stopped: nothing happens)."""
        if self._running_since is not None:
            self._elapsed += self._now() - self._running_since
            self._running_since = None

    def resume(self) -> None:
        """Count again (already running: nothing happens)."""
        if self._running_since is None:
            self._running_since = self._now()

    def has_started(self) -> bool:
        """Has the clock counted anything yet (it waits for a game's first move)?"""
        return self._running_since is not None or self._elapsed > 0

    def follow(self, solved: bool, moved: bool = True) -> None:
        """Stop once the puzzle is solved; run while it is not, from the first move on.

        ``moved``: the game has a move in force. Before the first move (and after a reset)
        the clock waits at zero; once it has counted, taking every move back does not stop it.

        >>> now = [0.0]
        >>> clock = GameClock(lambda: now[0])
        >>> clock.follow(solved=False, moved=False); clock.is_running()
        False
        >>> clock.follow(solved=False, moved=True); now[0] = 3.0; clock.elapsed()
        3.0
        """
        if solved:
            self.pause()
        elif moved or self.has_started():
            self.resume()


def format_duration(seconds: float) -> str:
    """A duration as ``m:ss`` or ``h:mm:ss`` (whole seconds, rounded down).

    >>> format_duration(65.9), format_duration(3723)
    ('1:05', '1:02:03')
    """
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"
