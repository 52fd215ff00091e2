"""The game clock stands still while a dialog or a file chooser is open, and runs again when it closes (Xvfb)."""

from __future__ import annotations

from typing import Any

import pytest
from gui_helpers import MakeApp, click, pump, when_dialog_opens

from sudoku_tk.app.game.session import Session
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.ui.dialogs.new_game import NewGameDialog
from sudoku_tk.ui.dialogs.puzzle_and_preferences import PreferencesDialog
from sudoku_tk.ui.dialogs.recent import ReplaceGameDialog
from sudoku_tk.ui.games.file_choosers import ask_open_path
from sudoku_tk.ui.window.modal_clock import modal

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = solve(parse_grid(CLASSIC))


def _running_app(make_app: MakeApp) -> tuple[Any, list[float]]:
    """A window whose game clock reads a hand-driven time and runs (one move made)."""
    now = [1000.0]
    session = Session(parse_grid(CLASSIC), "Timed", assists=[Assist.PEERS], clock=lambda: now[0])
    app = make_app(CLASSIC, session=session)
    assert SOLUTION is not None
    click(app, 2, SOLUTION[2])
    assert app.session.is_clock_running()
    return app, now


def test_the_clock_stops_while_the_new_game_dialog_is_open(make_app: MakeApp) -> None:
    app, now = _running_app(make_app)
    seen: list[bool] = []
    errors: list[BaseException] = []

    def while_open(dialog: NewGameDialog) -> None:
        seen.append(app.session.is_clock_running())
        now[0] += 600  # ten minutes reading the dialog
        dialog.cancel()

    app.files.keeper.ask_replace = lambda question: True  # the game in progress: answered Replace
    when_dialog_opens(app, NewGameDialog, while_open, errors)
    app.run_command("new")
    pump(app)
    assert not errors and seen == [False]
    assert app.session.is_clock_running()  # closed: it runs again
    assert app.session.elapsed() < 1.0  # the ten minutes were not counted
    now[0] += 5
    assert app.session.elapsed() == pytest.approx(5.0)


def test_preferences_and_the_replace_question_stop_it_too(make_app: MakeApp) -> None:
    app, now = _running_app(make_app)
    seen: list[bool] = []
    errors: list[BaseException] = []

    def look(dialog: Any) -> None:
        seen.append(app.session.is_clock_running())
        now[0] += 100
        dialog.cancel()

    when_dialog_opens(app, PreferencesDialog, look, errors)
    app.run_command("preferences")
    pump(app)
    when_dialog_opens(app, ReplaceGameDialog, look, errors)
    ReplaceGameDialog(app.root, "Replace your game?")
    pump(app)
    assert not errors and seen == [False, False]
    assert app.session.is_clock_running() and app.session.elapsed() < 1.0


def test_nested_dialogs_resume_only_when_the_last_closes(make_app: MakeApp) -> None:
    app, now = _running_app(make_app)
    with modal(app.root):
        assert not app.session.is_clock_running()
        with modal(app.board):  # a dialog over a dialog
            now[0] += 50
        assert not app.session.is_clock_running()  # the first is still open
        now[0] += 50
    assert app.session.is_clock_running() and app.session.elapsed() < 1.0
    assert not app.modal_clock.is_open


def test_a_file_chooser_stops_it(make_app: MakeApp) -> None:
    app, now = _running_app(make_app)
    seen: list[bool] = []

    def chooser(**options: Any) -> str:
        seen.append(app.session.is_clock_running())
        now[0] += 60
        return ""

    assert ask_open_path(app.root, chooser=chooser) is None
    assert seen == [False] and app.session.is_clock_running() and app.session.elapsed() < 1.0


def test_a_paused_game_stays_paused_after_a_dialog(make_app: MakeApp) -> None:
    app, now = _running_app(make_app)
    app.set_paused(True)
    pump(app)
    with modal(app.root):
        pass
    assert not app.session.is_clock_running() and app.board.paused
    app.set_paused(False)
    pump(app)
    assert app.session.is_clock_running()
