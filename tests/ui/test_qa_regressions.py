"""Regressions found by playing the app under Xvfb (exploratory QA): each test is what a player saw."""

from __future__ import annotations

import tkinter.font as tkfont
from pathlib import Path

import pytest
from gui_helpers import MakeApp, click, key, pump

pytestmark = pytest.mark.gui

CONTROL = 0x4


@pytest.fixture(autouse=True)
def private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUDOKU_TK_DATA_DIR", str(tmp_path))


def test_placing_by_click_drops_the_candidate_outline_over_the_new_digit(make_app: MakeApp) -> None:
    # Seen: after a click placed a digit, the thin candidate outline stayed drawn across the big digit
    # until the pointer moved.
    app = make_app()
    cell = app.session.position.empty_cells()[0]
    digit = next(iter(app.session.position.candidate_set(cell)))
    click(app, cell, digit)
    assert app.session.position.values[cell] == digit
    board = app.board
    (outline,) = board.find_withtag("hover-cand")
    assert board.itemcget(outline, "state") == "hidden"
    (cell_outline,) = board.find_withtag("hover-cell")
    assert board.itemcget(cell_outline, "state") == "normal"  # the pointer is still over the cell


def test_undo_redo_and_clear_do_nothing_while_paused(make_app: MakeApp) -> None:
    # Seen: with the board hidden by Pause, Ctrl+Z took back a move (and Delete cleared the cursor's cell).
    app = make_app()
    cell = app.session.position.empty_cells()[0]
    digit = next(iter(app.session.position.candidate_set(cell)))
    click(app, cell, digit)
    moves = app.session.moves
    key(app, "p", CONTROL)
    assert app.board.paused
    assert app.toolbar_button("undo").instate(["disabled"])
    key(app, "z", CONTROL)
    key(app, "Delete")
    assert app.session.moves == moves and app.session.position.values[cell] == digit
    key(app, "p", CONTROL)
    key(app, "z", CONTROL)  # resumed: undo works again
    assert app.session.position.values[cell] == 0
    key(app, "p", CONTROL)
    assert app.toolbar_button("redo").instate(["disabled"])
    key(app, "y", CONTROL)
    assert app.session.position.values[cell] == 0
    key(app, "p", CONTROL)
    assert app.toolbar_button("redo").instate(["!disabled"])
    key(app, "y", CONTROL)
    assert app.session.position.values[cell] == digit


def test_a_long_notice_wraps_inside_the_window(make_app: MakeApp) -> None:
    # Seen: pasting a grid of 81 ones gave a notice naming every clash on one line, cut off at the
    # window's right edge.
    app = make_app()
    pump(app)
    width = app.root.winfo_width()
    app.clipboard_clear()
    app.clipboard_append("1" * 81)
    app.run_command("paste")
    pump(app)
    pump(app)
    label = app.notice_bar.label
    assert "1 stands 9 times" in str(label.cget("text"))
    assert app.root.winfo_width() == width  # the window did not grow to hold one long line
    assert 0 < float(str(label.cget("wraplength"))) <= label.winfo_width()
    line = tkfont.Font(font=label.cget("font")).metrics("linespace")
    assert label.winfo_height() >= 2 * line  # it wrapped, and the notice is tall enough to show it


def test_pausing_closes_the_hint_so_the_step_is_not_readable(make_app: MakeApp) -> None:
    # Seen: with the board hidden by Pause, the hint panel still spelled out the whole step.
    app = make_app()
    for _ in range(3):
        key(app, "h")
    explanation = app.hint_panel.text()
    assert app.hint_panel.ladder.view is not None and len(explanation) > 40
    key(app, "p", CONTROL)
    assert app.board.paused
    assert app.hint_panel.ladder.view is None
    assert explanation not in app.hint_panel.text()
