"""GameStats: records each game once it is solved, and shows Game > Statistics… (best times, then the history).

The history and its rules are the app's (``app/game_history.py``, which merges the games of
every window and sets a damaged file aside; ``note`` says so at start); the card's words are
``credit.new_best_line``. This part only turns a solved game into a record, says on the card
when it beat the best time, and draws the read-only Statistics window (one at a time).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from pathlib import Path

from sudoku_tk.app.credit import help_taken, new_best_line
from sudoku_tk.app.game_clock import format_duration
from sudoku_tk.app.game_history import FinishedGame, GameHistory, finished_game, history_path, level_name
from sudoku_tk.app.session import GameView, Session

from .text_window import Line, TextWindow
from .theme import Theme


def _kind(game: FinishedGame) -> str:
    name = level_name(game.level)
    return f"{name} {game.size}×{game.size}" if name else f"{game.size}×{game.size}, no level"


def statistics_lines(history: GameHistory) -> list[Line]:
    """What the Statistics window shows: the best time per size and level, then the games, newest first."""
    lines = [Line("Best times (solved alone)", heading=True)]
    bests = history.bests()
    lines += [Line(f"{_kind(b)}\t{format_duration(b.seconds)}  ({b.finished})") for b in bests]
    if not bests:
        lines.append(Line("None yet: solve a puzzle without hints to set one."))
    lines.append(Line("Finished games, newest first", heading=True))
    for g in history.games:
        helped = help_taken(g.hints, g.reveals)
        how = f"with {helped}" if helped else "alone"
        lines.append(Line(f"{g.finished}  {_kind(g)}\t{g.name}: {format_duration(g.seconds)}, {how}"))
    if not history.games:
        lines.append(Line("No finished game yet."))
    return lines


class GameStats:
    """The finished games of ``data_dir`` (None: kept for this run only) and their window."""

    def __init__(
        self,
        root: tk.Misc,
        data_dir: Path | None,
        theme: Callable[[], Theme],
        say: Callable[..., None],
        tell: Callable[[str], None] | None = None,
    ) -> None:
        """``tell`` shows a problem with the history file as a notice (and logs it); None: the status bar."""
        self._root = root
        self._theme = theme
        self._say = say
        self._tell = tell or (lambda text: say(text, error=True))
        self.history = GameHistory.load(history_path(data_dir) if data_dir is not None else None)
        self.note = self.history.note
        """What the player is told at start about the history file ("" when it read well)."""
        self.window: TextWindow | None = None

    def finished(self, session: Session, view: GameView) -> str:
        """Record a game that has just become solved (once); the card's extra line when it is a new best."""
        if not view.solved or not view.move_count or view.entering:
            return ""
        game = finished_game(view, session.created, session.puzzle_id)
        before = self.history.note
        try:
            new_best = self.history.record(game)
        except OSError as exc:
            self._say(f"The game history could not be saved ({exc}).", error=True)
            new_best = False
        if self.history.note != before:  # the file was damaged meanwhile and set aside
            self._tell(self.history.note)
        if self.window is not None and self.window.winfo_exists():
            self.window.set_lines(statistics_lines(self.history))
        return new_best_line(game.size, level_name(game.level)) if new_best else ""

    def show(self) -> TextWindow:
        """Open the Statistics window (or bring the open one up to date and to the front).

        The history is read again first: another window may have recorded games.
        """
        before = self.history.note
        self.history.refresh()
        if self.history.note != before:
            self._tell(self.history.note)
        lines = statistics_lines(self.history)
        if self.window is not None and self.window.winfo_exists():
            self.window.set_lines(lines)
            self.window.lift()
            return self.window
        self.window = TextWindow(self._root, "Statistics", lines, self._theme(), width=64, height=22, tab_chars=30)
        return self.window
