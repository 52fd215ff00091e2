"""The command line's ``--time-limit``: how long one puzzle may take before a command gives up on it.

Any of the work on a puzzle may run long on a pathological one: the search for its solutions, the logic
solver's path, a rating, a picture of its solution. ``time_limit(seconds, what)`` bounds all of it at once: a
watchdog thread interrupts the main thread when the time is up, as Ctrl+C would, and the block ends with
``TimeLimitExceeded`` (the command line says so in one line and exits 2). A real Ctrl+C is still a
KeyboardInterrupt. The watchdog needs the main thread (Python delivers interrupts there only); elsewhere the
block runs without a limit.

Write a puzzle's output after its block, not inside it: output cut in the middle of a line helps nobody.
"""

from __future__ import annotations

import _thread
import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Iterator, Optional

DEFAULT_SECONDS = 30.0
"""The default ``--time-limit``: far more than any puzzle in the public sets needs (milliseconds to seconds)."""


class TimeLimitExceeded(Exception):
    """A puzzle's work went past ``--time-limit``; the message says which work and how long it had."""


def _settle() -> None:
    """Nothing: calling a Python function lets an interrupt that is already on its way arrive."""


@contextmanager
def time_limit(seconds: Optional[float], what: str) -> Iterator[None]:
    """Run the block for at most ``seconds`` (None: no limit); ``what`` names the work in the message.

    Raises:
        TimeLimitExceeded: the time ran out ("gave up on <what> after 30 s ...").
    """
    if seconds is None or threading.current_thread() is not threading.main_thread():
        yield
        return
    fired = threading.Event()
    lock = threading.Lock()
    active = [True]
    message = f"gave up on {what} after {seconds:g} s (--time-limit {seconds:g}; give it more, or split the work)"

    def on_interrupt(signum: int, frame: Optional[FrameType]) -> None:
        if fired.is_set():
            raise TimeLimitExceeded(message)
        raise KeyboardInterrupt  # a real Ctrl+C

    def fire() -> None:
        with lock:
            if active[0]:
                fired.set()
                _thread.interrupt_main(signal.SIGINT)

    previous = signal.signal(signal.SIGINT, on_interrupt)
    timer = threading.Timer(seconds, fire)
    timer.daemon = True
    timer.start()
    try:
        yield
        if fired.is_set():
            _settle()  # the time ran out as the work ended: its interrupt arrives here, not after the block
    finally:
        with lock:
            active[0] = False
        timer.cancel()
        try:
            # Python runs an interrupt still on its way before it changes the handler: that one is ours too.
            signal.signal(signal.SIGINT, previous)
        except TimeLimitExceeded:
            signal.signal(signal.SIGINT, previous)
            raise


__all__ = ["DEFAULT_SECONDS", "TimeLimitExceeded", "time_limit"]
