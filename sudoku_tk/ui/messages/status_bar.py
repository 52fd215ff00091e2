"""The window's messages: the status bar (sentence, transient "why?", timer, mistakes), the notice bar's wiring
and the clock that ticks the timer.

- ``StatusBar`` is the strip under the board: ``say`` puts a sentence there until the
  next one, ``show_transient`` covers it until ``clear_transient``, and the timer, the
  puzzle's rating and the mistakes counter sit on the right. A sentence too long for the bar is cut with "…"
  and its tooltip holds the whole of it; every sentence said goes to the message log
  (``log``), which a double click on the bar opens. A transient brings back the last
  sentence only while that is fresh: one older than ``stale_seconds`` is not put back.
- ``Notices`` shows one notice at a time in the NoticeBar above the board and keeps
  problems the player was shown in the error log (and every notice in the message log).
- ``Clock`` updates the timer every second, autosaves now and then while the clock
  runs, and stops the game's clock while the window is minimised.
"""

from __future__ import annotations

import time
import tkinter as tk
from collections.abc import Callable, Sequence
from tkinter import ttk

from sudoku_tk.app.game.outcome import Outcome
from sudoku_tk.app.game.session import Session
from sudoku_tk.system import ErrorLog

from ..window.theme import Theme
from .message_log import MessageLog
from .notice_bar import NoticeAction, NoticeBar
from .tooltip import Tooltip

CLOCK_SAVE_SECONDS = 30
"""While the clock runs, the game is autosaved this often even without a move."""

STALE_SECONDS = 20.0
"""A sentence older than this is not brought back when a transient "why?" goes (the bar is left empty)."""

ELLIPSIS = "…"


def format_elapsed(seconds: float) -> str:
    """Show a duration as ``m:ss`` or ``h:mm:ss``.

    >>> format_elapsed(65.9), format_elapsed(3723)
    ('1:05', '1:02:03')
    """
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def fit_text(text: str, width: int, measure: Callable[[str], int]) -> str:
    """``text`` if it fits ``width`` pixels, else its longest start that fits with "…" after it (cut at a word
    when one ends near enough).

    >>> fit_text("Undid r1c2=1", 100, len), fit_text("one two three", 9, len)
    ('Undid r1c2=1', 'one two…')
    """
    if measure(text) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if measure(text[:mid].rstrip() + ELLIPSIS) <= width:
            lo = mid
        else:
            hi = mid - 1
    cut = text[:lo]
    space = cut.rfind(" ")
    if space >= max(1, lo - 12):
        cut = cut[:space]
    return cut.rstrip(" ,;:") + ELLIPSIS


class StatusBar(ttk.Frame):
    """The sentence on the left (cut with "…" and a tooltip when too long), the mistakes counter and the timer on
    the right; ``clock`` tells the time for ``stale_seconds``."""

    def __init__(self, master: tk.Misc, theme: Theme, *, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(master)
        self._theme = theme
        self._clock = clock
        self.stale_seconds = STALE_SECONDS
        """How long a sentence stays fresh enough to come back after a transient."""
        self.log = MessageLog()
        """Every sentence said, with its time (the message log)."""
        self.on_open_log: Callable[[], object] | None = None
        """What a double click on the bar does (open the message log), once the window sets it."""
        self._message = ""
        self._message_error = False
        self._said_at = clock()
        self._transient = False  # a "why?" covers self._message
        self._full = ""  # the text the bar stands for (shown cut when it is too long)
        # width=1: a long message is cut at the window's edge instead of widening the window (and the board).
        self._status = ttk.Label(self, style="Status.TLabel", anchor="w", width=1)
        self._status.pack(side="left", fill="x", expand=True)
        self._status.bind("<Configure>", lambda _e: self._fit(), add="+")
        self._status.bind("<Double-Button-1>", self._open_log, add="+")
        # A sentence shown cut is a click away: the bar says so (tooltip, hand cursor) and a click opens the log.
        self._status.bind("<Button-1>", self._open_cut, add="+")
        self.tooltip = Tooltip(self._status, self._cut_text)
        """Holds the whole sentence while the bar shows it cut ("" otherwise: no tip)."""
        self._timer = ttk.Label(self, style="Status.TLabel", anchor="e")
        self._timer.pack(side="right")
        self._rating_label = ttk.Label(self, style="Status.TLabel", anchor="e", padding=(0, 0, 12, 0))
        self._rating_label.pack(side="right")
        self._mistakes_label = ttk.Label(self, style="Status.TLabel", anchor="e")
        self._mistakes_label.pack(side="right")

    def say(self, text: str, error: bool = False) -> None:
        """Put a sentence in the status bar (it stays until the next one) and keep it in the log."""
        self._message = text
        self._message_error = error
        self._said_at = self._clock()
        self._transient = False
        self.log.add(text, error)
        self._show(text, self._theme.conflict if error else self._theme.text)

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
        self._show(text, self._theme.text)

    def clear_transient(self) -> None:
        """Put the last ``say`` message back if a transient text covers it, unless it has gone stale (then the bar
        is left empty: an old sentence must not come back as if it were news)."""
        if self._transient:
            self._transient = False
            if self.is_stale():
                self._message, self._message_error = "", False
            self._show(self._message, self._theme.conflict if self._message_error else self._theme.text)

    def is_stale(self) -> bool:
        """Was the last sentence said more than ``stale_seconds`` ago?"""
        return self._clock() - self._said_at > self.stale_seconds

    def set_theme(self, theme: Theme) -> None:
        """Colour the message with ``theme``."""
        self._theme = theme
        error = self._message_error and not self._transient
        self._status.configure(foreground=theme.conflict if error else theme.text)

    def show_time(self, seconds: float) -> None:
        self._timer.configure(text=f"Time {format_elapsed(seconds)}")

    def show_clock(self, shown: bool) -> None:
        """Show the timer, or hide it (the game's clock still counts; ``timer_text`` still reads it)."""
        if shown and not self._timer.winfo_manager():
            self._timer.pack(side="right", before=self._rating_label)
        elif not shown and self._timer.winfo_manager():
            self._timer.pack_forget()

    def is_clock_shown(self) -> bool:
        return bool(self._timer.winfo_manager())

    def show_rating(self, text: str) -> None:
        """Show the puzzle's rating next to the time ("Hard · 1,234 · SE ≈ 4.2", "Rating…"; "" hides it)."""
        self._rating_label.configure(text=text)

    def rating_text(self) -> str:
        """The rating shown next to the time ("" when none)."""
        return str(self._rating_label.cget("text"))

    def show_mistakes(self, count: int | None) -> None:
        """Show the mistakes counter (None hides it)."""
        self._mistakes_label.configure(text=f"Mistakes {count}" if count is not None else "")

    def text(self) -> str:
        """The whole sentence the bar shows (a transient's while one is up), even when the bar shows it cut."""
        return self._full

    def shown_text(self) -> str:
        """What the bar shows, cut with "…" when the sentence is too long for it."""
        return str(self._status.cget("text"))

    def timer_text(self) -> str:
        return str(self._timer.cget("text"))

    def mistakes_text(self) -> str:
        """The mistakes counter ("" when it is not shown)."""
        return str(self._mistakes_label.cget("text"))

    def _show(self, text: str, colour: str) -> None:
        self._full = text
        self._status.configure(foreground=colour)
        self._fit()
        self.tooltip.set_text(self._cut_text)

    @property
    def is_cut(self) -> bool:
        """Does the bar show its sentence cut (so a click opens the message log with the whole of it)?"""
        return self.shown_text() != self._full

    def _fit(self) -> None:
        """Show as much of the sentence as the bar's width holds."""
        label = self._status
        width = label.winfo_width()
        if width <= 1:  # not laid out yet: show it whole; <Configure> fits it once the bar has its width
            label.configure(text=self._full)
            return
        font = str(label.cget("font") or ttk.Style(self).lookup("Status.TLabel", "font") or "TkDefaultFont")

        def measure(text: str) -> int:
            return int(label.tk.call("font", "measure", font, "-displayof", str(label), text))

        pad = 16  # the label's padding on both sides, and a little air
        label.configure(text=fit_text(self._full, width - pad, measure))
        label.configure(cursor="hand2" if self.is_cut and self.on_open_log is not None else "")

    def _cut_text(self) -> str:
        if not self.is_cut:
            return ""
        more = "\n(Click to read it in View > Messages.)" if self.on_open_log is not None else ""
        return self._full + more

    def _open_log(self, event: tk.Event) -> None:
        if self.on_open_log is not None:
            self.on_open_log()

    def _open_cut(self, event: tk.Event) -> None:
        if self.is_cut:
            self._open_log(event)


def _sentence(text: str) -> str:
    """A note as a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


class Notices:
    """The notices above the board (one, or a lasting one and another: see notice_bar.py); problems shown to the
    player also go to the error log."""

    def __init__(self, bar: NoticeBar, error_log: ErrorLog | None, log: MessageLog | None = None) -> None:
        self.bar = bar
        self._error_log = error_log
        self.log = log
        """Where every notice is kept besides (the status bar's message log), once the window sets it."""

    def show(
        self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False, kind: str = "notice"
    ) -> None:
        """Show a sentence with buttons (each closes the notice, then acts); replaces any notice.

        Without buttons the notice gets a Dismiss button. Problems use ``error`` colours.
        """
        self.bar.show(text, buttons, error=error, kind=kind)
        if self.log is not None:
            self.log.add(text, error)
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

    def hide(self, kind: str = "") -> None:
        """Take away the notices of ``kind``; without a kind, every notice but a lasting one (the autosave warning)."""
        self.bar.hide(kind)

    def buttons(self) -> list[str]:
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
        """The first notice's sentence ("" when none)."""
        return self.bar.text()

    def texts(self) -> list[str]:
        """Every notice's sentence, the problems first."""
        return self.bar.texts()


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
        self._tick_job: str | None = None
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
