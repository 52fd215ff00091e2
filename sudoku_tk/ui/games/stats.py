"""GameStats: records each game once it is solved or abandoned, and shows Game > Progress….

The history and its rules are the app's (``app/progress/history.py``, which merges the games of
every window and sets a damaged file aside; ``note`` says so at start); the card's words are
``credit.new_best_line``. This part turns a game into a record and keeps the Progress window
(ui/progress/window.py, one at a time) up to date:

- a game is recorded when it becomes solved (``finished``, called by the display), and as
  abandoned when another game replaces it with moves made and unsolved (it follows the session's
  changes, so it knows the game that was there before a NEW_GAME) or when the window closes on it
  (``close``); a game replaced keeps the time its clock showed at its last move;
- the techniques a 9×9 puzzle's default logic path needs are asked for when its game starts, on the
  background worker's process (``PathJob``), never on the window's thread (nor on another thread of its
  process, where the collector could free Tk objects); a game finished before they are known, or in a
  window without a worker, is recorded without them;
- a daily puzzle is known by its source (daily_puzzles.py), so a resumed daily still counts.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from sudoku_tk.app.game.session import Change, ChangeKind, GameView, Session
from sudoku_tk.app.progress.credit import new_best_line
from sudoku_tk.app.progress.history import FinishedGame, GameHistory, finished_game, history_path, level_name
from sudoku_tk.app.puzzles.background_worker import BackgroundWorker, PathJob
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats.puzzle_text import puzzle_text
from sudoku_tk.engine.rating.score import Rating
from sudoku_tk.engine.steps.step import Technique

from ..progress.window import ProgressWindow
from ..window.theme import Theme
from .daily_puzzles import daily_date, daily_level


@dataclass(frozen=True, slots=True)
class _Playing:
    """The game in play as last seen: what its record needs once it is gone."""

    view: GameView
    created: datetime
    puzzle_id: str
    start: Grid
    source: str
    rating: Rating | None


class GameStats:
    """The games of ``data_dir`` (None: kept for this run only), their records and the Progress window."""

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
        self.window: ProgressWindow | None = None
        self.worker: BackgroundWorker | None = None
        """The app's background worker (set by the window once it has one): the techniques are worked out there."""
        self.practise: Callable[[Technique], None] | None = None
        """Starts a practice game for a technique ("Practise this" in the Progress window)."""
        self._session: Session | None = None
        self._playing: _Playing | None = None
        self._techniques: dict[str, tuple[Technique, ...]] = {}
        self._asked: set[str] = set()

    # -- following the game ---------------------------------------------------------------------------------
    def follow(self, session: Session) -> None:
        """Hear ``session``'s changes: a game replaced unfinished is recorded as abandoned."""
        self._session = session
        session.subscribe(self._on_change)
        self._seen(session, session.view())

    def _on_change(self, change: Change) -> None:
        if self._session is None or change.view is None:
            return
        if change.kind is ChangeKind.NEW_GAME and self._playing is not None:
            self._abandon(self._playing)
        self._seen(self._session, change.view)

    def _seen(self, session: Session, view: GameView) -> None:
        before = self._playing
        self._playing = _Playing(
            view, session.created, session.puzzle_id, session.start, session.source, session.rating
        )
        if before is None or before.start is not session.start:
            self._ask_techniques(session.start, view)

    def close(self) -> None:
        """The window closes: a game in play with moves made and unsolved is recorded as abandoned."""
        if self._session is not None:
            session = self._session
            self._seen(session, session.view())
            assert self._playing is not None
            self._abandon(self._playing)
            self._session = None

    def _abandon(self, playing: _Playing) -> None:
        view = playing.view
        if view.solved or view.entering or not view.move_count:
            return
        self._record(self._record_of(playing, abandoned=True))

    # -- the techniques of a puzzle's path ----------------------------------------------------------------
    def _ask_techniques(self, start: Grid, view: GameView) -> None:
        if view.geometry.side != 9 or view.entering:
            return
        puzzle = puzzle_text(start)
        if puzzle in self._techniques or puzzle in self._asked:
            return
        worker = self.worker
        if worker is not None and worker.enabled:
            self._asked.add(puzzle)
            worker.submit(PathJob(puzzle), lambda found: self._know(puzzle, found))

    def _know(self, puzzle: str, found: Any) -> None:
        if isinstance(found, tuple):
            self._techniques[puzzle] = found
        else:
            self._asked.discard(puzzle)  # the worker failed: asked again next time the puzzle is played

    def techniques_of(self, puzzle: str) -> tuple[Technique, ...]:
        """The techniques of ``puzzle``'s default path, when the worker has told them (else none)."""
        return self._techniques.get(puzzle, ())

    # -- records ----------------------------------------------------------------------------------------------
    def _record_of(self, playing: _Playing, *, abandoned: bool = False) -> FinishedGame:
        puzzle = puzzle_text(playing.start)
        game = finished_game(
            playing.view,
            playing.created,
            playing.puzzle_id,
            puzzle=puzzle,
            rating=playing.rating,
            techniques=self.techniques_of(puzzle) if playing.view.geometry.side == 9 else (),
            abandoned=abandoned,
            daily=daily_date(playing.source),
        )
        if game.daily and not game.level:  # not rated yet: a daily puzzle's level is known from its source
            game = replace(game, level=daily_level(playing.source))
        return game

    def finished(self, session: Session, view: GameView) -> str:
        """Record a game that has just become solved (once); the card's extra line when it is a new best."""
        if not view.solved or not view.move_count or view.entering:
            return ""
        playing = _Playing(view, session.created, session.puzzle_id, session.start, session.source, session.rating)
        self._playing = playing
        game = self._record_of(playing)
        new_best = self._record(game)
        return new_best_line(game.size, level_name(game.level)) if new_best else ""

    def _record(self, game: FinishedGame) -> bool:
        before = self.history.note
        try:
            new_best = self.history.record(game)
        except OSError as exc:
            self._say(f"The game history could not be saved ({exc}).", error=True)
            new_best = False
        if self.history.note != before:  # the file was damaged meanwhile and set aside
            self._tell(self.history.note)
        if self.window is not None and self.window.winfo_exists():
            self.window.show_history(self.history)
        return new_best

    # -- the window ---------------------------------------------------------------------------------------------
    def show(self) -> ProgressWindow:
        """Open the Progress window (or bring the open one up to date and to the front).

        The history is read again first: another window may have recorded games.
        """
        before = self.history.note
        self.history.refresh()
        if self.history.note != before:
            self._tell(self.history.note)
        if self.window is not None and self.window.winfo_exists():
            self.window.show_history(self.history)
            self.window.lift()
            return self.window
        self.window = ProgressWindow(self._root, self.history, self._theme(), self._practise, self._say)
        return self.window

    def _practise(self, technique: Technique) -> None:
        if self.practise is not None:
            self.practise(technique)

    def set_theme(self, theme: Theme) -> None:
        if self.window is not None and self.window.winfo_exists():
            self.window.set_theme(theme)


__all__ = ["GameStats"]
