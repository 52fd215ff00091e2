"""Checking against the solution on a real window (Xvfb): mistake marks and counter, undo to the first
mistake, reveal a cell, solve, and the clock and marks while paused or minimised."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from gui_helpers import HARD, MakeApp, click, key, press_card, pump

from sudoku_tk.app.game.game import REVEAL_NOTE
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.solving.brute_force import solve

pytestmark = pytest.mark.gui

SOLUTION = solve(parse_grid(HARD))
assert SOLUTION is not None


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """These Apps have no data folder; the variable makes sure nothing could reach the real one anyway."""
    monkeypatch.setenv("SUDOKU_TK_DATA_DIR", str(tmp_path))


def _wrong_click(app) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Click a candidate that is not the solution's digit; return (cell, digit)."""
    pos = app.session.position
    cell, digit = next(
        (c, d) for c in pos.empty_cells() for d in range(1, 10) if d != SOLUTION[c] and pos.has_candidate(c, d)
    )
    click(app, cell, digit)
    return cell, digit


def _right_click(app) -> int:  # type: ignore[no-untyped-def]
    cell = app.session.position.empty_cells()[0]
    click(app, cell, SOLUTION[cell])
    return cell


def test_mistakes_are_marked_only_when_asked(make_app: MakeApp) -> None:
    app = make_app()
    assert app.settings.check_mistakes is False
    cell, _ = _wrong_click(app)
    board = app.board
    assert board.marked_cells("mistake") == ()  # off by default
    app.run_command("check-mistakes")
    pump(app)
    wrong = app.session.wrong_cells()
    assert cell in wrong and board.marked_cells("mistake") == tuple(sorted(wrong))
    # The wrong digit removed its true candidate from peers (assists on): those slots are ringed.
    assert board.marked_cells("missing") == tuple(sorted({c for c, _ in app.session.missing_candidates()}))
    app.run_command("undo")
    pump(app)
    assert board.marked_cells("mistake") == () and board.marked_cells("missing") == ()
    app.run_command("check-mistakes")
    pump(app)
    assert app.settings.check_mistakes is False


def test_the_mistakes_counter_counts_wrong_digits_and_keeps_them(make_app: MakeApp) -> None:
    app = make_app()
    assert app.mistakes_text() == ""
    _wrong_click(app)
    app.run_command("count-mistakes")
    pump(app)
    assert app.mistakes_text() == "Mistakes 1"
    app.run_command("undo")
    _right_click(app)
    _wrong_click(app)
    assert app.mistakes_text() == "Mistakes 2"
    app.run_command("count-mistakes")
    pump(app)
    assert app.mistakes_text() == ""


def test_undo_to_before_the_first_mistake(make_app: MakeApp) -> None:
    app = make_app()
    _right_click(app)
    _right_click(app)
    good = app.session.moves
    _wrong_click(app)
    _right_click(app)
    app.run_command("undo-to-mistake")
    pump(app)
    assert app.session.moves == good and len(app.session.redo_moves) == 2
    assert app.status_text().startswith("Back to before your first mistake (") and "move 3" in app.status_text()
    app.run_command("undo-to-mistake")
    assert app.status_text() == "No mistake so far"


def test_reveal_cell_asks_then_shows_and_marks_the_digit(make_app: MakeApp) -> None:
    app = make_app()
    cell = app.session.position.empty_cells()[3]
    click(app, cell)  # select the cell (its rim, not a candidate)
    assert app.board.cursor == cell
    app.run_command("reveal-cell")
    assert app.notice_buttons() == ["Reveal", "Cancel"] and app.session.geometry.cell_name(cell) in app.banner_text()
    app.press_notice("Cancel")
    assert not app.session.moves
    app.run_command("reveal-cell")
    app.press_notice("Reveal")
    pump(app)
    assert app.session.moves[0] == Place(cell, SOLUTION[cell], REVEAL_NOTE)
    assert app.board.digit_text(cell) == str(SOLUTION[cell]) and app.board.marked_cells("revealed") == (cell,)
    assert app.status_text().startswith("Revealed ")
    assert not app.commands.get("reveal-cell").is_available()  # the cell is filled now
    app.run_command("undo")
    pump(app)
    assert app.board.marked_cells("revealed") == ()


def test_solve_asks_then_fills_the_board_and_says_it_was_helped(make_app: MakeApp) -> None:
    app = make_app()
    _right_click(app)
    _wrong_click(app)
    app.run_command("solve")
    assert app.notice_buttons() == ["Solve", "Cancel"]
    app.press_notice("Solve")
    pump(app)
    assert app.session.is_solved() and app.session.position.values == SOLUTION
    assert app.card_text().startswith("Solved, with help")
    revealed = app.board.marked_cells("revealed")
    assert revealed and set(revealed) == set(app.session.revealed_cells())
    assert "taken back" in app.status_text()
    press_card(app, "Close")
    assert not app.commands.get("solve").is_available()


def test_pause_hides_marks_and_the_clock_stops(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("check-mistakes")
    _wrong_click(app)
    assert app.board.marked_cells("mistake")
    app.run_command("pause")
    pump(app)
    assert app.board.marked_cells("mistake") == () and not app.session.is_clock_running()
    stopped = app.session.elapsed()
    time.sleep(0.05)
    assert app.session.elapsed() == stopped
    press_card(app, "Resume")
    assert app.board.marked_cells("mistake") and app.session.is_clock_running()


def test_minimising_stops_the_clock_and_restoring_starts_it(make_app: MakeApp) -> None:
    app = make_app()
    _right_click(app)  # the clock starts with the first move
    app.root.deiconify()
    pump(app)
    # Minimising unmaps the window. Without a window manager (Xvfb) iconify() is only a request nobody
    # grants, so the test unmaps the window itself: the app sees the same <Unmap> event.
    app.root.withdraw()
    deadline = time.monotonic() + 5
    while app.session.is_clock_running() and time.monotonic() < deadline:
        pump(app)
        time.sleep(0.01)
    assert not app.session.is_clock_running()
    app.root.deiconify()
    deadline = time.monotonic() + 5
    while not app.session.is_clock_running() and time.monotonic() < deadline:
        pump(app)
        time.sleep(0.01)
    assert app.session.is_clock_running()


def test_timer_and_checks_survive_a_keyboard_game(make_app: MakeApp) -> None:
    app = make_app()
    cell = app.session.position.empty_cells()[0]
    click(app, cell)
    key(app, str(SOLUTION[cell]))
    assert app.session.moves == (Place(cell, SOLUTION[cell]),)
    assert app.timer_text().startswith("Time ")


def test_revealed_cells_stay_marked_through_save_and_open(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    cell = app.session.position.empty_cells()[2]
    assert app.session.reveal_cell(cell)
    path = tmp_path / "revealed.sudoku.json"
    assert app.files.save_to(path)
    app.files.keeper.ask_replace = lambda question: True  # a game in progress: the player answers Replace
    app.run_command("new-9")
    pump(app)
    assert app.board.marked_cells("revealed") == ()
    assert app.files.open_path(path)
    pump(app)
    assert app.board.marked_cells("revealed") == (cell,) and app.session.revealed_cells() == (cell,)


def test_an_app_without_a_data_folder_writes_nothing(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    _right_click(app)
    app.run_command("check-mistakes")
    time.sleep(0.01)
    pump(app)
    app.close()
    assert app.data_dir is None and app.files.autosaver is None
    assert list(tmp_path.iterdir()) == []  # SUDOKU_TK_DATA_DIR points here: nothing was written
