"""Issue 22, item 22 in the window: two windows each solve a game and both are in the statistics (issue 25: also
when they play at the same time, with Progress windows open, and with a game given up); a history cut short is
said at start, kept as history.json.damaged and written to the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import MakeApp, click, pump
from test_statistics_gui import NEARLY, PEERS_ONLY, SOLUTION, _finish

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.history import GameHistory, history_path
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import Assist

pytestmark = pytest.mark.gui


def _window(make_app: MakeApp, data_dir: Path, name: str):  # type: ignore[no-untyped-def]
    now = [0.0]
    session = Session(parse_grid(NEARLY), name, assists=[Assist.PEERS], clock=lambda: now[0])
    return make_app(NEARLY, session=session, settings=PEERS_ONLY, data_dir=data_dir), now


def test_two_windows_solving_one_after_the_other_keep_both_games(make_app: MakeApp, tmp_path: Path) -> None:
    a, a_now = _window(make_app, tmp_path, "Window A")
    b, b_now = _window(make_app, tmp_path, "Window B")
    _finish(a, a_now, 100)
    _finish(b, b_now, 90)
    assert {g.name for g in GameHistory.load(history_path(tmp_path)).games} == {"Window A", "Window B"}
    assert "new best" in b.card_text()  # B beat A's time, recorded by the other window
    a.run_command("statistics")
    pump(a)
    assert a.stats.window is not None
    rows = a.stats.window.game_rows()
    assert [(r[1], r[3], r[-1]) for r in rows] == [
        ("Window B", "1:30", "solved alone"),
        ("Window A", "1:40", "solved alone"),
    ]


def _next_move(app):  # type: ignore[no-untyped-def]
    assert SOLUTION is not None
    cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
    click(app, cell, SOLUTION[cell])


def test_two_windows_solving_at_once_both_show_both_games(make_app: MakeApp, tmp_path: Path) -> None:
    a, a_now = _window(make_app, tmp_path, "Window A")
    b, b_now = _window(make_app, tmp_path, "Window B")
    a.run_command("statistics")  # A's Progress window is open, empty, while both play
    pump(a)
    assert a.stats.window is not None and a.stats.window.game_rows() == []
    a_now[0] = b_now[0] = 1.0
    while not (a.session.is_solved() and b.session.is_solved()):  # a move in each window in turn
        for app, now in ((a, a_now), (b, b_now)):
            if not app.session.is_solved():
                now[0] += 10
                _next_move(app)
    assert a.stats.window.winfo_exists()
    shown = {r[1] for r in a.stats.window.game_rows()}
    assert shown == {"Window A"}  # B's game is in the file, read again when the window is asked for
    a.run_command("statistics")
    pump(a)
    assert {r[1] for r in a.stats.window.game_rows()} == {"Window A", "Window B"}
    b.run_command("statistics")
    pump(b)
    assert b.stats.window is not None
    assert {r[1] for r in b.stats.window.game_rows()} == {"Window A", "Window B"}
    b.start_grid(parse_grid(NEARLY), "Left by B")  # B plays on, and gives that game up
    pump(b)
    _next_move(b)
    b.start_grid(parse_grid(NEARLY), "B again")
    pump(b)
    saved = GameHistory.load(history_path(tmp_path)).games
    assert sorted((g.name, g.abandoned) for g in saved) == [
        ("Left by B", True),
        ("Window A", False),
        ("Window B", False),
    ]
    a.run_command("statistics")
    pump(a)
    assert a.stats.window.totals.cget("text").startswith("3 games: 2 solved, 1 given up")


def test_a_history_cut_short_is_told_at_start_kept_and_logged(make_app: MakeApp, tmp_path: Path) -> None:
    path = history_path(tmp_path)
    path.write_text('{"format": "sudoku-tk-history", "version": 1, "games": [{"key": "a", "fin')
    app, _ = _window(make_app, tmp_path, "After")
    assert "The game history history.json could not be read (it is not valid JSON" in app.banner_text()
    assert "it was kept as history.json.damaged and a new history was started" in app.banner_text()
    assert (tmp_path / "history.json.damaged").read_text().endswith('"fin')
    assert "history.json could not be read" in (tmp_path / "sudoku-tk.log").read_text()
