"""Own pencil marks on a real Tk window (Xvfb): the View menu switches the mode, cells start blank, Shift/Alt+digit
and right-click pencil a mark, a click on a mark places it, Undo/Redo, Fill in all candidates, save and reload."""

from __future__ import annotations

import tkinter as tk
from pathlib import Path

import pytest
from gui_helpers import HARD, MakeApp, click, hover, key, pump

from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.storage.save_format import load_game
from sudoku_tk.engine.play.propagation import Assist, recompute
from sudoku_tk.ui.panel.numpad import PadMode
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import ALT_X11, SHIFT

pytestmark = pytest.mark.gui

R1C2, R1C3, R1C4 = 1, 2, 3


def _menu(app: App, name: str) -> tk.Menu:
    menubar = app.menubar
    assert menubar is not None
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    menu = app.root.nametowidget(menubar.entrycget(labels.index(name), "menu"))
    app.root.tk.eval(menu.cget("postcommand"))  # what opening the menu runs
    return menu


def _entry(menu: tk.Menu, label: str) -> int:
    for i in range(menu.index("end") + 1):
        if menu.type(i) != "separator" and menu.entrycget(i, "label") == label:
            return i
    raise AssertionError(f"no menu entry {label!r}")


def _choose(app: App, menu_name: str, label: str) -> None:
    """Pick a menu entry as the player does: open the menu, click the entry."""
    menu = _menu(app, menu_name)
    menu.invoke(_entry(menu, label))
    pump(app)


def _shown(app: App, cell: int) -> list[int]:
    """The small digits the canvas shows in ``cell``."""
    return [d for d in range(1, 10) if app.board.candidate_visible(cell, d)]


def _own_mode(app: App) -> None:
    _choose(app, "View", "Candidates: My own pencil marks")
    assert app.session.own_marks


def test_the_view_menu_switches_to_own_marks_and_cells_start_blank(make_app: MakeApp) -> None:
    app = make_app()
    view = _menu(app, "View")
    automatic = _entry(view, "Candidates: Automatic")
    own = _entry(view, "Candidates: My own pencil marks")
    assert view.entrycget(own, "accelerator") == "Ctrl+M"
    assert app.root.getboolean(app.root.getvar(view.entrycget(automatic, "variable"))) is True
    assert view.entrycget(_entry(view, "Fill in all candidates"), "state") == "disabled"
    assert _shown(app, R1C2) == list(app.session.position.candidate_set(R1C2))
    _own_mode(app)
    assert app.status_text().startswith("Candidates: your own pencil marks")
    empty = app.session.position.empty_cells()
    assert all(_shown(app, c) == [] for c in empty)
    assert app.settings.candidate_mode is CandidateMode.OWN  # new games start so too
    view = _menu(app, "View")
    assert app.root.getboolean(app.root.getvar(view.entrycget(own, "variable"))) is True
    assert app.root.getboolean(app.root.getvar(view.entrycget(automatic, "variable"))) is False
    assert view.entrycget(_entry(view, "Fill in all candidates"), "state") == "normal"
    assist = _menu(app, "Assist")
    assert assist.entrycget(_entry(assist, "Place naked singles"), "state") == "disabled"
    assert assist.entrycget(_entry(assist, "Remove candidates seen by placed digits"), "state") == "normal"
    # Back to automatic: the candidates show again; the shortcut switches too.
    _choose(app, "View", "Candidates: Automatic")
    assert not app.session.own_marks
    assert _shown(app, R1C2) == list(app.session.position.candidate_set(R1C2))
    key(app, "m", 0x0004)  # Ctrl+M
    assert app.session.own_marks and _shown(app, R1C2) == []


def test_shift_and_alt_digits_and_right_click_toggle_a_mark(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    click(app, R1C3)  # the cell's rim: selects it
    key(app, "percent", SHIFT)  # Shift+5 on a US keyboard
    assert _shown(app, R1C3) == [5]
    assert app.status_text() == "r1c3+5"
    key(app, "2", ALT_X11)
    assert _shown(app, R1C3) == [2, 5]
    key(app, "percent", SHIFT)
    assert _shown(app, R1C3) == [2]
    click(app, R1C4, 9, button=3)
    assert _shown(app, R1C4) == [9] and app.session.position.has_mark(R1C4, 9)
    click(app, R1C4, 9, button=3)
    assert _shown(app, R1C4) == []
    untouched = recompute(app.session.start, (), app.session.position.assists)  # the board without the marks
    assert app.session.position.candidates == untouched.candidates
    assert len(app.session.moves) == 5


def test_a_click_on_a_mark_places_it_and_a_blank_slot_only_selects(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    click(app, R1C3, 7, button=3)
    click(app, R1C3, 9)  # no mark there: selects and says the cell's marks
    assert app.session.position.values[R1C3] == 0
    assert app.status_text() == "r1c3: your marks 7"
    assert app.board.cursor == R1C3
    click(app, R1C3, 7)  # "Click places" (the default)
    assert app.session.position.values[R1C3] == 7
    assert app.board.digit_text(R1C3) == "7" and _shown(app, R1C3) == []


def test_no_why_for_a_blank_slot_in_own_mode(make_app: MakeApp) -> None:
    app = make_app()
    hover(app, R1C2, 4)  # 4 is not a candidate of r1c2 (r1c1 holds it): automatic mode explains
    assert app.status_text().startswith("Why?")
    hover(app, R1C3, 1)
    _own_mode(app)
    hover(app, R1C2, 4)
    assert not app.status_text().startswith("Why?")


def test_undo_and_redo_take_marks_back_and_forth(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    click(app, R1C3, 6, button=3)
    click(app, R1C3, 8, button=3)
    assert _shown(app, R1C3) == [6, 8]
    app.run_command("undo")
    pump(app)
    assert _shown(app, R1C3) == [6] and app.status_text() == "Undid r1c3+8"
    app.run_command("redo")
    pump(app)
    assert _shown(app, R1C3) == [6, 8]


def test_fill_in_all_candidates_is_one_undoable_move(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    click(app, R1C3, 6, button=3)
    moves = len(app.session.moves)
    _choose(app, "View", "Fill in all candidates")
    pos = app.session.position
    assert len(app.session.moves) == moves + 1
    assert all(_shown(app, c) == list(pos.candidate_set(c)) for c in pos.empty_cells())
    assert app.status_text().endswith("pencil marks added")
    _choose(app, "View", "Clear my pencil marks")
    assert all(_shown(app, c) == [] for c in app.session.position.empty_cells())
    app.run_command("undo")
    app.run_command("undo")
    pump(app)
    assert _shown(app, R1C3) == [6] and _shown(app, R1C2) == []


def test_placing_removes_the_digit_from_peer_marks(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    click(app, R1C3, 6, button=3)
    click(app, R1C4, 6, button=3)
    click(app, R1C4, 2, button=3)
    click(app, R1C2, 6, button=3)
    click(app, R1C2, 6)  # places 6 in r1c2: its row loses the 6 marks
    assert app.session.position.values[R1C2] == 6
    assert _shown(app, R1C3) == [] and _shown(app, R1C4) == [2]
    assert app.session.position.values[R1C3] == 0  # no single placed by itself in own mode


def test_marks_and_mode_survive_save_open_and_the_next_start(open_app, data_dir: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app(HARD, "Pencilled")
    _own_mode(app)
    click(app, R1C3, 6, button=3)
    click(app, R1C4, 2, button=3)
    click(app, R1C4, 9, button=3)
    app.run_command("undo")
    pump(app)
    path = tmp_path / "marks.sudoku.json"
    app.files.ask_save = lambda: path
    app.run_command("save")
    assert load_game(path).candidate_mode is CandidateMode.OWN
    _choose(app, "View", "Candidates: Automatic")
    app.files.keeper.ask_replace = lambda question: True  # a game in progress: the player answers Replace
    app.files.ask_open = lambda: path
    app.run_command("open")
    pump(app)
    assert app.session.own_marks
    assert _shown(app, R1C3) == [6] and _shown(app, R1C4) == [2]
    app.run_command("redo")
    pump(app)
    assert _shown(app, R1C4) == [2, 9]
    marks = app.session.position.marks
    app.close()
    app.root.destroy()
    again = open_app(None)  # resumes the autosave
    assert again.session.own_marks and again.session.position.marks == marks
    assert _shown(again, R1C4) == [2, 9]
    assert Assist.NAKED_SINGLES in again.session.assists  # resting, not switched off


def test_the_pads_candidate_mode_toggles_a_mark(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    app.numpad.mode_buttons[PadMode.CANDIDATE].invoke()
    pump(app)
    click(app, R1C3)  # the cell's rim: selects it
    app.numpad.buttons[4].invoke()
    pump(app)
    assert _shown(app, R1C3) == [4] and app.session.position.values[R1C3] == 0
    app.numpad.buttons[4].invoke()
    pump(app)
    assert _shown(app, R1C3) == []


def test_mark_mistakes_rings_pencilled_cells_that_leave_out_the_true_digit(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    solution = app.session.solution
    assert solution is not None
    true_digit = solution[R1C2]
    wrong = next(d for d in range(1, 10) if d != true_digit)
    click(app, R1C2, wrong, button=3)  # marks without the true digit
    click(app, R1C3, solution[R1C3], button=3)  # marks with it: nothing to ring
    app.run_command("check-mistakes")
    pump(app)
    # Only the pencilled cell whose marks miss its digit is ringed; unpencilled cells are not mistakes.
    assert app.board.marked_cells("missing") == (R1C2,)
    assert app.session.missing_shown() == ((R1C2, true_digit),)
    app.run_command("undo-to-mistake")
    pump(app)
    assert app.status_text().startswith("No wrong digit so far, but 1 cell's pencil marks leave out the true digit")
    click(app, R1C2, true_digit, button=3)  # pencilling the true digit takes the ring off
    assert app.board.marked_cells("missing") == ()
    # Back in automatic mode the rings are about the candidates again (none removed here).
    _choose(app, "View", "Candidates: Automatic")
    assert app.board.marked_cells("missing") == ()


def test_an_applied_hint_removes_its_digits_from_the_marks_and_undo_brings_them_back(make_app: MakeApp) -> None:
    app = make_app()
    _own_mode(app)
    app.run_command("fill-marks")
    pump(app)
    app.run_command("hint")
    step = app.hint_panel.ladder.view.step
    assert step is not None
    while not step.eliminations:  # apply singles until a hint removes candidates
        app.hint_panel.apply()
        pump(app)
        app.run_command("hint")
        step = app.hint_panel.ladder.view.step
        assert step is not None
    for e in step.eliminations:
        assert app.session.position.has_mark(e.cell, e.digit)
    marks_before = app.session.position.marks
    app.hint_panel.apply()
    pump(app)
    for e in step.eliminations:
        assert not app.session.position.has_mark(e.cell, e.digit)
        assert not app.board.candidate_visible(e.cell, e.digit)
    app.run_command("undo")
    pump(app)
    assert app.session.position.marks == marks_before
