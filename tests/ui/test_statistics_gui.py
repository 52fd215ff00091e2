"""Best times and the history on a real window (Xvfb): a solved game is recorded once, Game > Progress… shows it
(times, its techniques, the games), a time that beats the best says so on the solved card, a game replaced or
closed unfinished is recorded as abandoned, and the clock can be hidden while it still counts."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import Executor, Future
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from gui_helpers import MakeApp, click, pump

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.history import FinishedGame, GameHistory, history_path
from sudoku_tk.app.progress.summaries import path_techniques
from sudoku_tk.app.puzzles.background_worker import MakeJob
from sudoku_tk.app.storage.settings import DEFAULTS
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = solve(parse_grid(CLASSIC))
assert SOLUTION is not None
NEARLY = "".join("." if i in (2, 3, 13, 30, 40, 50, 67, 78) else str(d) for i, d in enumerate(SOLUTION))
PEERS_ONLY = replace(DEFAULTS, assists=frozenset({Assist.PEERS}))


class InlineWorker(Executor):
    """The background worker's executor, run in this process at once: the path's techniques, ratings and daily
    puzzles; the cache's refills come back empty (they would only cost the test time)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        job = args[0]
        future: Future[Any] = Future()
        refill = isinstance(job, MakeJob) and not job.seed.startswith("daily/")
        future.set_result((0, None) if refill else fn(job))
        return future


def until(app, condition: Callable[[], bool], seconds: float = 20.0) -> None:  # type: ignore[no-untyped-def]
    """Let the window run (its timer polls the worker) until ``condition`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the window's background work did not come back in time"
        pump(app)
        time.sleep(0.02)


def _finish(app, now, seconds: float) -> None:  # type: ignore[no-untyped-def]
    """Click the solution's digit into every empty cell, taking ``seconds`` in all."""
    assert SOLUTION is not None
    first = True
    while not app.session.is_solved():
        cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
        click(app, cell, SOLUTION[cell])
        if first:
            now[0] += seconds
            first = False


def _app(make_app: MakeApp, tmp_path: Path, name: str = "Nearly", **kw: Any):  # type: ignore[no-untyped-def]
    now = [0.0]
    session = Session(parse_grid(NEARLY), name, assists=[Assist.PEERS], clock=lambda: now[0])
    return make_app(NEARLY, session=session, settings=PEERS_ONLY, data_dir=tmp_path, **kw), now


def test_a_finished_game_is_listed_in_the_progress_window(make_app: MakeApp, tmp_path: Path) -> None:
    app, now = _app(make_app, tmp_path, background=InlineWorker)
    until(app, lambda: bool(app.stats.techniques_of(NEARLY)))  # worked out on the worker when the game starts
    _finish(app, now, 125)
    assert app.card_text().startswith("Solved!") and "new best" not in app.card_text()
    app.run_command("undo")
    pump(app)
    app.run_command("redo")  # solved again: still one game
    pump(app)
    app.run_command("statistics")
    pump(app)
    window = app.stats.window
    assert window is not None and window.winfo_ismapped() and window.title() == "Progress"
    assert window.totals.cget("text") == "1 game: 1 solved, 0 given up  ·  Daily streak: 0 days"
    assert window.level_rows() == [("Easy 9×9", "1", "0", "2:05", "2:05")]  # rated on the worker
    (row,) = window.game_rows()
    assert row[1:] == ("Nearly", "Easy", "2:05", "8", "0", "none", "solved alone")
    needed = path_techniques(NEARLY)
    assert needed  # the singles that fill the eight cells
    for technique in needed:
        assert window.technique_text(technique) == "✔ found alone"
    assert window.technique_text(Technique.X_WING) == "○ not met yet"
    assert window.practise_buttons[Technique.X_WING].cget("text") == "Practise this"
    (saved,) = GameHistory.load(history_path(tmp_path)).games
    assert (saved.name, saved.size, saved.seconds, saved.alone, saved.moves) == ("Nearly", 9, 125.0, True, 8)
    assert saved.level == "easy" and saved.score > 0  # rated on the worker too
    assert saved.puzzle == NEARLY and saved.techniques == tuple(t.name for t in needed)
    window.close_button.invoke()
    pump(app)


def test_a_new_best_is_said_on_the_card(make_app: MakeApp, tmp_path: Path) -> None:
    GameHistory(history_path(tmp_path)).record(FinishedGame("old", "2026-11-01 09:00", "Older", 9, "", 300.0))
    app, now = _app(make_app, tmp_path, "Faster")
    _finish(app, now, 90)
    assert app.card_text().endswith("Well done! A new best for 9×9!")
    app.run_command("statistics")
    pump(app)
    assert app.stats.window.level_rows() == [("9×9, no level", "2", "0", "1:30", "3:15")]
    rows = app.stats.window.game_rows()
    assert [(r[1], r[3]) for r in rows] == [("Faster", "1:30"), ("Older", "5:00")]


def test_a_game_solved_with_help_is_listed_but_sets_no_best(make_app: MakeApp, tmp_path: Path) -> None:
    GameHistory(history_path(tmp_path)).record(FinishedGame("old", "2026-11-01 09:00", "Older", 9, "", 300.0))
    app, now = _app(make_app, tmp_path, "Helped", background=InlineWorker)
    until(app, lambda: bool(app.stats.techniques_of(NEARLY)))
    app.run_command("step")
    pump(app)
    _finish(app, now, 10)
    assert "new best" not in app.card_text()
    app.run_command("statistics")
    pump(app)
    window = app.stats.window
    # No best for the helped game (easy, rated on the worker); the older game keeps its own.
    assert window.level_rows() == [("Easy 9×9", "1", "0", "–", "0:10"), ("9×9, no level", "1", "0", "5:00", "5:00")]
    assert window.game_rows()[0][1] == "Helped" and window.game_rows()[0][-2:] == ("1 step made", "solved with help")
    step = solve_logically(parse_grid(NEARLY)).steps[0].technique
    assert window.technique_text(step) == "◐ met, with help"


def test_a_game_replaced_or_closed_unfinished_is_recorded_as_abandoned(make_app: MakeApp, tmp_path: Path) -> None:
    app, now = _app(make_app, tmp_path, "Left")
    cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
    assert SOLUTION is not None
    click(app, cell, SOLUTION[cell])  # the clock starts with the first move
    now[0] += 42
    cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
    click(app, cell, SOLUTION[cell])  # its time is the clock's at its last move
    app.start_grid(parse_grid(CLASSIC), "Next one")
    pump(app)
    (left,) = GameHistory.load(history_path(tmp_path)).games
    assert (left.name, left.abandoned, left.moves, left.seconds, left.puzzle) == ("Left", True, 2, 42.0, NEARLY)
    app.start_grid(parse_grid(NEARLY), "No move made")  # replaced before its first move: not recorded
    pump(app)
    first = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
    click(app, first, SOLUTION[first])
    app.close()
    names = [(g.name, g.abandoned) for g in GameHistory.load(history_path(tmp_path)).games]
    assert sorted(names) == [("Left", True), ("No move made", True)]


def test_the_clock_can_be_hidden_and_still_counts(make_app: MakeApp, tmp_path: Path) -> None:
    app, now = _app(make_app, tmp_path, "Unclocked")
    assert app.status.is_clock_shown()
    app.run_command("show-clock")
    pump(app)
    assert not app.status.is_clock_shown() and app.settings.show_clock is False
    _finish(app, now, 75)
    (game,) = GameHistory.load(history_path(tmp_path)).games
    assert game.seconds == 75.0
    app.run_command("show-clock")
    pump(app)
    assert app.status.is_clock_shown() and app.timer_text() == "Time 1:15"
