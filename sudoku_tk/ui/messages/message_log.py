"""The message log: the last messages the window showed, with their times, and the window that lists them.

The status bar keeps every sentence it says here, and the notices above the board
too, so nothing the player was told is lost when the bar has to cut a long sentence
or the next one replaces it. ``MessageLog`` holds the last ``LOG_SIZE`` entries (no
Tk); ``MessageLogWindow`` lists them (View > Messages…, or a double click on the
status bar) and follows new ones while it is open.
"""

from __future__ import annotations

import tkinter as tk
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from ..window.theme import Theme
from .text_window import Line, TextWindow

LOG_SIZE = 50
"""How many messages the log keeps; older ones are dropped."""


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One message as it was shown: when, what, and whether it was a problem."""

    time: datetime
    text: str
    error: bool = False

    def line(self) -> str:
        """The entry as the log window lists it.

        >>> LogEntry(datetime(2024, 5, 1, 9, 3, 7), "Undid r1c2=1").line()
        '09:03:07\\tUndid r1c2=1'
        """
        mark = "(problem) " if self.error else ""
        return f"{self.time:%H:%M:%S}\t{mark}{self.text}"


class MessageLog:
    """The last ``size`` messages, oldest first; listeners hear of each new one.

    >>> log = MessageLog(size=2)
    >>> for text in ("one", "two", "two", "three"):
    ...     log.add(text)
    >>> [e.text for e in log.entries()]
    ['two', 'three']
    """

    def __init__(self, size: int = LOG_SIZE, now: Callable[[], datetime] = datetime.now) -> None:
        self._entries: deque[LogEntry] = deque(maxlen=size)
        self._now = now
        self._listeners: list[Callable[[], None]] = []

    def add(self, text: str, error: bool = False) -> None:
        """Keep a message (blank ones and a repeat of the last one are not kept twice)."""
        text = " ".join(text.split())
        if not text:
            return
        if self._entries and self._entries[-1].text == text and self._entries[-1].error == error:
            return
        self._entries.append(LogEntry(self._now(), text, error))
        for listener in list(self._listeners):
            listener()

    def entries(self) -> list[LogEntry]:
        """The kept messages, oldest first."""
        return list(self._entries)

    def listen(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` after each new message; return a function that stops it."""
        self._listeners.append(listener)

        def stop() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return stop


class MessageLogWindow(TextWindow):
    """The log's messages, newest at the bottom; it follows new messages until it is closed."""

    def __init__(self, master: tk.Misc, log: MessageLog, theme: Theme) -> None:
        self._log = log
        super().__init__(master, "Messages", self._lines(), theme, width=72, height=18, tab_chars=9)
        self._stop: Callable[[], None] | None = log.listen(self._refresh)
        self.bind("<Destroy>", self._on_destroy, add="+")

    def _lines(self) -> list[Line]:
        entries = self._log.entries()
        if not entries:
            return [Line("No messages yet.")]
        return [Line(e.line()) for e in entries]

    def _refresh(self) -> None:
        self.set_lines(self._lines())

    def _on_destroy(self, event: tk.Event) -> None:
        if event.widget is self and self._stop is not None:
            self._stop()
            self._stop = None
