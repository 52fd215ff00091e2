"""The window's messages: the status bar (sentence, transient "why?", timer, mistakes), the notice bar's wiring
and the clock that ticks the timer.

- ``StatusBar`` is the strip under the board: ``say`` puts a sentence there until the
  next one, ``show_transient`` covers it until ``clear_transient``, and the timer and
  mistakes counter sit on the right.
- ``Notices`` shows one notice at a time in the NoticeBar above the board and keeps
  problems the player was shown in the error log.
- ``Clock`` updates the timer every second, autosaves now and then while the clock
  runs, and stops the game's clock while the window is minimised.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Callable, List, Optional, Sequence

from sudoku_tk.app.error_log import ErrorLog
from sudoku_tk.app.session import Outcome, Session

from .notice_bar import NoticeAction, NoticeBar
from .theme import Theme

CLOCK_SAVE_SECONDS = 30
"""While the clock runs, the game is autosaved this often even without a move."""


def format_elapsed(seconds: float) -> str:
    """Show a duration as ``m:ss`` or ``h:mm:ss``.

    >>> format_elapsed(65.9), format_elapsed(3723)
    ('1:05', '1:02:03')
    """
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


class StatusBar(ttk.Frame):
    """The sentence on the left, the mistakes counter and the timer on the right."""

    def __init__(self, master: tk.Misc, theme: Theme) -> None:
        super().__init__(master)
        self._theme = theme
        self._message = ""
        self._message_error = False
        self._transient = False  # a "why?" covers self._message
        # width=1: a long message is cut at the window's edge instead of widening the window (and the board).
        self._status = ttk.Label(self, style="Status.TLabel", anchor="w", width=1)
        self._status.pack(side="left", fill="x", expand=True)
        self._timer = ttk.Label(self, style="Status.TLabel", anchor="e")
        self._timer.pack(side="right")
        self._mistakes_label = ttk.Label(self, style="Status.TLabel", anchor="e")
        self._mistakes_label.pack(side="right")

    def say(self, text: str, error: bool = False) -> None:
        """Put a sentence in the status bar (it stays until the next one)."""
        self._message = text
        self._message_error = error
        self._transient = False
        self._status.configure(text=text, foreground=self._theme.conflict if error else self._theme.text)

    def tell_refusal(self, outcome: Outcome) -> None:
        """Show a refusal; a done request has already been shown by the change listener."""
        if not outcome.done:
            self.say(outcome.message, error=True)

    def tell_outcome(self, outcome: Outcome) -> None:
        """Show the sentence of a request, as an error when it was refused."""
        self.say(outcome.message, error=not outcome.done)

    def show_transient(self, text: str) -> None:
        """Show ``text`` only until ``clear_transient`` (or ``say``); the last message stays."""
        self._transient = True
        self._status.configure(text=text, foreground=self._theme.text)

    def clear_transient(self) -> None:
        """Put the last ``say`` message back if a transient text covers it."""
        if self._transient:
            self._transient = False
            self._status.configure(text=self._message)

    def set_theme(self, theme: Theme) -> None:
        """Colour the message with ``theme`` (it is said again)."""
        self._theme = theme
        self.say(self._message, self._message_error)

    def show_time(self, seconds: float) -> None:
        self._timer.configure(text=f"Time {format_elapsed(seconds)}")

    def show_mistakes(self, count: Optional[int]) -> None:
        """Show the mistakes counter (None hides it)."""
        self._mistakes_label.configure(text=f"Mistakes {count}" if count is not None else "")

    def text(self) -> str:
        return str(self._status.cget("text"))

    def timer_text(self) -> str:
        return str(self._timer.cget("text"))

    def mistakes_text(self) -> str:
        """The mistakes counter ("" when it is not shown)."""
        return str(self._mistakes_label.cget("text"))


def _sentence(text: str) -> str:
    """A note as a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class Notices:
    """One notice at a time above the board; problems shown to the player also go to the error log."""

    def __init__(self, bar: NoticeBar, error_log: Optional[ErrorLog]) -> None:
        self.bar = bar
        self._error_log = error_log

    def show(
        self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False, kind: str = "notice"
    ) -> None:
        """Show a sentence with buttons (each closes the notice, then acts); replaces any notice.

        Without buttons the notice gets a Dismiss button. Problems use ``error`` colours.
        """
        self.bar.show(text, buttons, error=error, kind=kind)
        if error and kind != "error":  # a crash is logged with its traceback by the error boundary
            self.log_user(text)

    def show_notes(self, notes: Sequence[str]) -> None:
        """Show notes from start-up (settings, autosave) as one notice, each a sentence; log each."""
        if notes:
            self.show(" ".join(_sentence(n) for n in notes))
            for note in notes:
                self.log_user(note)

    def log_user(self, text: str) -> None:
        """Keep a problem the player was told about in the error log (when there is one)."""
        if self._error_log is not None:
            self._error_log.user(text)

    def hide(self) -> None:
        self.bar.hide()

    def buttons(self) -> List[str]:
        """The labels of the notice's buttons (none when no notice is shown)."""
        return self.bar.button_labels()

    def press(self, label: str) -> None:
        """Press a button of the notice (what a click does).

        Raises:
            KeyError: no such button.
        """
        self.bar.press(label)

    def kind(self) -> str:
        """What the notice is about ("" when none): ``notice``, ``confirm``, ``entering``, ``error`` (a crash)."""
        return self.bar.kind

    def text(self) -> str:
        """The notice's sentence ("" when none)."""
        return self.bar.text()


class Clock:
    """Ticks the timer once a second; pauses the game's clock while ``root`` is minimised."""

    def __init__(
        self,
        root: tk.Tk,
        session: Session,
        status: StatusBar,
        schedule_autosave: Callable[[], None],
        is_paused: Callable[[], bool],
    ) -> None:
        self._root = root
        self._session = session
        self._status = status
        self._schedule_autosave = schedule_autosave
        self._is_paused = is_paused
        self._tick_job: Optional[str] = None
        self._ticks = 0

    def start(self) -> None:
        """Show the time now and every second; listen for the window being minimised and restored."""
        self._root.bind("<Unmap>", self._on_unmap, add="+")
        self._root.bind("<Map>", self._on_map, add="+")
        self._tick()

    def update(self) -> None:
        """Show the time on the clock now."""
        self._status.show_time(self._session.elapsed())

    def stop(self) -> None:
        if self._tick_job is not None:
            self._status.after_cancel(self._tick_job)
        self._tick_job = None

    def _tick(self) -> None:
        self.update()
        self._ticks += 1
        if self._ticks % CLOCK_SAVE_SECONDS == 0 and self._session.is_clock_running():
            self._schedule_autosave()  # a long think without moves still counts after a crash
        self._tick_job = self._status.after(1000, self._tick)

    def _on_unmap(self, event: tk.Event) -> None:
        if event.widget is self._root:
            self._session.pause_clock()
            self._schedule_autosave()  # minimised: the time so far is kept

    def _on_map(self, event: tk.Event) -> None:
        if event.widget is self._root and not self._is_paused():
            self._session.resume_clock()
