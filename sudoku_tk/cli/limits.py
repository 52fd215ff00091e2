"""The command line's ``--time-limit``: how long one puzzle may take before a command gives up on it.

Any of the work on a puzzle may run long on a pathological one: the search for its solutions, the logic
solver's path, a rating, a picture of its solution. ``time_limit(seconds, what)`` bounds all of it at once: a
watchdog thread interrupts the main thread when the time is up, as Ctrl+C would, and the block ends with
``TimeLimitExceeded`` (the command line says so in one line and exits 2). A real Ctrl+C is still a
KeyboardInterrupt. The watchdog needs the main thread (Python delivers interrupts there only); elsewhere the
block runs without a limit. Blocks don't nest.

One watchdog serves every block of the process: it wakes every ``POLL_SECONDS`` and looks at the running block's
deadline, so a block costs two assignments rather than a thread of its own (a thread per puzzle cost `solve`
about a tenth of its time on a file of hard 9×9 puzzles). A limit is kept to within ``POLL_SECONDS``.

Write a puzzle's output after its block, not inside it: output cut in the middle of a line helps nobody.
"""

from __future__ import annotations

import _thread
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

DEFAULT_SECONDS = 30.0
"""The default ``--time-limit``: far more than any puzzle in the public sets needs (milliseconds to seconds)."""
POLL_SECONDS = 0.05
"""How often the watchdog looks at the clock."""


class TimeLimitExceeded(Exception):
    """A puzzle's work went past ``--time-limit``; the message says which work and how long it had."""


class _Watchdog:
    """The process's one watchdog thread: interrupts the main thread once the running block's deadline passes."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.deadline: float | None = None
        """When the running block's time is up (``time.monotonic``); None between blocks."""
        self.fired = False
        thread = threading.Thread(target=self._watch, name="sudoku-tk time limit", daemon=True)
        thread.start()

    def _watch(self) -> None:
        while True:
            time.sleep(POLL_SECONDS)
            with self.lock:
                if self.deadline is not None and not self.fired and time.monotonic() >= self.deadline:
                    self.fired = True
                    _thread.interrupt_main(signal.SIGINT)


_dog: _Watchdog | None = None
_dog_lock = threading.Lock()


def _watchdog() -> _Watchdog:
    global _dog
    with _dog_lock:
        if _dog is None:
            _dog = _Watchdog()
        return _dog


def _settle() -> None:
    """Nothing: calling a Python function lets an interrupt that is already on its way arrive."""


@contextmanager
def time_limit(seconds: float | None, what: str) -> Iterator[None]:
    """Run the block for at most ``seconds`` (None: no limit); ``what`` names the work in the message.

    Raises:
        TimeLimitExceeded: the time ran out ("gave up on <what> after 30 s ...").
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    dog = _watchdog()
    message = f"gave up on {what} after {seconds:g} s (--time-limit {seconds:g}; give it more, or split the work)"

    def on_interrupt(signum: int, frame: FrameType | None) -> None:
        if dog.fired:
            raise TimeLimitExceeded(message)
        raise KeyboardInterrupt  # a real Ctrl+C

    previous = signal.signal(signal.SIGINT, on_interrupt)
    with dog.lock:
        dog.fired = False
        dog.deadline = time.monotonic() + seconds
    try:
        yield
        if dog.fired:
            _settle()  # the time ran out as the work ended: its interrupt arrives here, not after the block
    finally:
        with dog.lock:
            dog.deadline = None
        try:
            # Python runs an interrupt still on its way before it changes the handler: that one is ours too.
            signal.signal(signal.SIGINT, previous)
        except TimeLimitExceeded:
            signal.signal(signal.SIGINT, previous)
            raise


__all__ = ["DEFAULT_SECONDS", "POLL_SECONDS", "TimeLimitExceeded", "time_limit"]
