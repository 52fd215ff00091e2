"""GameClock: the seconds a game has been played, counting only while it runs.

The clock knows nothing of the board; the session tells it when to stop and go
(``follow(solved)`` after every recompute: stopped once the puzzle is solved,
running again when an undo opens it). The time source is passed in, so tests
drive it by hand.
"""

from __future__ import annotations

import time
from typing import Callable, Optional


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
        self._running_since: Optional[float] = None
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

    def follow(self, solved: bool) -> None:
        """Stop once the puzzle is solved; run while it is not."""
        if solved:
            self.pause()
        else:
            self.resume()
