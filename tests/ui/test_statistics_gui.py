"""Best times and the history on a real window (Xvfb): a solved game is recorded once, Game > Statistics…
lists it, and a time that beats the best says so on the solved card."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from gui_helpers import MakeApp, click, pump

from sudoku_tk.app.game_history import FinishedGame, GameHistory, history_path
from sudoku_tk.app.session import Session
from sudoku_tk.app.settings import DEFAULTS
from sudoku_tk.engine.brute_force import solve
from sudoku_tk.engine.grid import Grid
from sudoku_tk.engine.propagation import Assist

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = solve(Grid.from_string(CLASSIC))
assert SOLUTION is not None
NEARLY = "".join("." if i in (2, 3, 13, 30, 40, 50, 67, 78) else str(d) for i, d in enumerate(SOLUTION))
PEERS_ONLY = replace(DEFAULTS, assists=frozenset({Assist.PEERS}))


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


def _app(make_app: MakeApp, tmp_path: Path, name: str = "Nearly"):  # type: ignore[no-untyped-def]
    now = [0.0]
    session = Session(Grid.from_string(NEARLY), name, assists=[Assist.PEERS], clock=lambda: now[0])
    return make_app(NEARLY, session=session, settings=PEERS_ONLY, data_dir=tmp_path), now


def test_a_finished_game_is_listed_in_the_statistics_window(make_app: MakeApp, tmp_path: Path) -> None:
    app, now = _app(make_app, tmp_path)
    _finish(app, now, 125)
    assert app.card_text().startswith("Solved!") and "new best" not in app.card_text()
    app.run_command("undo")
    pump(app)
    app.run_command("redo")  # solved again: still one game
    pump(app)
    app.run_command("statistics")
    pump(app)
    window = app.stats.window
    assert window is not None and window.winfo_ismapped() and window.title() == "Statistics"
    text = window.text()
    assert text.startswith("Best times (solved alone)\n9×9, no level\t2:05")
    assert text.count("Nearly: 2:05, alone") == 1
    saved = GameHistory.load(history_path(tmp_path)).games
    assert [(g.name, g.size, g.seconds, g.alone) for g in saved] == [("Nearly", 9, 125.0, True)]
    window.close_button.invoke()
    pump(app)


def test_a_new_best_is_said_on_the_card(make_app: MakeApp, tmp_path: Path) -> None:
    GameHistory(history_path(tmp_path)).record(FinishedGame("old", "2026-11-01 09:00", "Older", 9, "", 300.0))
    app, now = _app(make_app, tmp_path, "Faster")
    _finish(app, now, 90)
    assert app.card_text().endswith("Well done! A new best for 9×9!")
    app.run_command("statistics")
    pump(app)
    lines = app.stats.window.text().splitlines()
    assert lines[1] == "9×9, no level\t1:30  (" + app.stats.history.games[0].finished + ")"
    assert lines.index("Finished games, newest first") == 2
    assert "Faster: 1:30, alone" in lines[3] and "Older: 5:00, alone" in lines[4]


def test_a_game_solved_with_help_is_listed_but_sets_no_best(make_app: MakeApp, tmp_path: Path) -> None:
    GameHistory(history_path(tmp_path)).record(FinishedGame("old", "2026-11-01 09:00", "Older", 9, "", 300.0))
    app, now = _app(make_app, tmp_path, "Helped")
    app.run_command("step")
    pump(app)
    _finish(app, now, 10)
    assert "new best" not in app.card_text()
    app.run_command("statistics")
    pump(app)
    text = app.stats.window.text()
    assert "9×9, no level\t5:00" in text and "Helped: 0:10, with 1 hint" in text
