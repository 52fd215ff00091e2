"""Issue 22, item 22 in the window: two windows each solve a game and both are in the statistics; a history cut
short is said at start, kept as history.json.damaged and written to the log."""

from __future__ import annotations

from pathlib import Path

import pytest
from gui_helpers import MakeApp, pump
from test_statistics_gui import NEARLY, PEERS_ONLY, _finish

from sudoku_tk.app.game_history import GameHistory, history_path
from sudoku_tk.app.session import Session
from sudoku_tk.engine.grid import Grid
from sudoku_tk.engine.propagation import Assist

pytestmark = pytest.mark.gui


def _window(make_app: MakeApp, data_dir: Path, name: str):  # type: ignore[no-untyped-def]
    now = [0.0]
    session = Session(Grid.from_string(NEARLY), name, assists=[Assist.PEERS], clock=lambda: now[0])
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
    text = a.stats.window.text()
    assert "Window A: 1:40, alone" in text and "Window B: 1:30, alone" in text


def test_a_history_cut_short_is_told_at_start_kept_and_logged(make_app: MakeApp, tmp_path: Path) -> None:
    path = history_path(tmp_path)
    path.write_text('{"format": "sudoku-tk-history", "version": 1, "games": [{"key": "a", "fin')
    app, _ = _window(make_app, tmp_path, "After")
    assert "The game history history.json could not be read (it is not valid JSON" in app.banner_text()
    assert "it was kept as history.json.damaged and a new history was started" in app.banner_text()
    assert (tmp_path / "history.json.damaged").read_text().endswith('"fin')
    assert "history.json could not be read" in (tmp_path / "sudoku-tk.log").read_text()
