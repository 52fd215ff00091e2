"""The input model on a real Tk window (Xvfb): a click selects, a click on a candidate places (or only selects, in
"Click selects" mode), select-then-type and select-then-pad place, and the pad's mode stays what the player chose."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from gui_helpers import HARD, MakeApp, click, key, pump

from sudoku_tk.app.storage.settings import (
    DEFAULTS,
    ClickMode,
    PadMode,
    Settings,
    load_settings,
    save_settings,
    settings_from_json,
    settings_to_json,
)
from sudoku_tk.system import settings_path
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import SHIFT

pytestmark = pytest.mark.gui

FOUR = "....41....43...."


def _press_at(app: App, x: float, y: float, state: int = 0, double: bool = False) -> None:
    """A real left click (or the second press of a double click) at canvas pixel (x, y)."""
    board = app.board
    board.event_generate("<Motion>", x=int(x), y=int(y))
    board.event_generate("<Button-1>", x=int(x), y=int(y), state=state)
    board.event_generate("<ButtonRelease-1>", x=int(x), y=int(y), state=state)
    if double:  # a second press at once: Tk reports it as a double click
        board.event_generate("<Button-1>", x=int(x), y=int(y), state=state)
        board.event_generate("<ButtonRelease-1>", x=int(x), y=int(y), state=state)
    pump(app)


def _press_button(app: App, button) -> None:  # type: ignore[no-untyped-def]
    """Click a ttk button with real pointer events (press and release inside it)."""
    pump(app)
    x, y = button.winfo_width() // 2, button.winfo_height() // 2
    button.event_generate("<Enter>", x=x, y=y)
    button.event_generate("<ButtonPress-1>", x=x, y=y)
    button.event_generate("<ButtonRelease-1>", x=x, y=y)
    pump(app)


def _empty_cell_with(app: App, digit: int) -> int:
    """The first empty cell with ``digit`` among at least three candidates where there is one (else two).

    Never a cell whose last candidate is ``digit``: the app refuses to remove a last candidate, and with the
    singles assists off (an easy puzzle) such cells stay on the board.
    """
    pos = app.session.position
    cells = [c for c in pos.empty_cells() if pos.has_candidate(c, digit)]
    for least in (3, 2):
        roomy = [c for c in cells if bin(pos.candidates[c]).count("1") >= least]
        if roomy:
            return roomy[0]
    raise AssertionError(f"no empty cell has {digit} among two or more candidates")


def _between_1_and_2(app: App, cell: int) -> tuple[float, float]:
    """The point on the line between candidates 1 and 2 of ``cell``."""
    lay = app.board.layout
    one = lay.candidate_rect(cell, 1)
    return one.x1, one.center[1]


def _selected(button) -> bool:  # type: ignore[no-untyped-def]
    return bool(button.instate(["selected"]))


# -- a click selects; a click on a candidate places (by default) ---------------------------------


def test_clicking_between_candidates_selects_the_cell_and_makes_no_move(make_app: MakeApp) -> None:
    app = make_app()
    cell = _empty_cell_with(app, 1)
    _press_at(app, *_between_1_and_2(app, cell))
    assert app.board.cursor == cell
    assert app.session.moves == () and app.board.digit_text(cell) == ""
    assert app.board.candidate_visible(cell, 1)
    name = app.session.geometry.cell_name(cell)
    assert app.status_text().startswith(f"{name}: candidates ")


def test_clicking_near_the_cell_border_selects_and_makes_no_move(make_app: MakeApp) -> None:
    app = make_app()
    cell = _empty_cell_with(app, 4)  # 4 sits in the left column of the mini-grid, next to the border
    rect, four = app.board.layout.cell_rect(cell), app.board.layout.candidate_rect(cell, 4)
    _press_at(app, rect.x0 + 2, four.center[1])
    assert app.board.cursor == cell and app.session.moves == ()


def test_clicking_the_middle_of_a_four_by_four_cell_selects_it(make_app: MakeApp) -> None:
    # On a 2×2 mini-grid the middle of the cell is where four candidates meet: it selects.
    app = make_app(FOUR, "Four")
    cell = app.session.position.empty_cells()[0]
    _press_at(app, *app.board.cell_center(cell))
    assert app.board.cursor == cell and app.session.moves == ()


def test_a_click_on_a_candidate_places_it_in_the_default_mode(make_app: MakeApp) -> None:
    app = make_app()
    assert app.settings.click_mode is ClickMode.PLACES
    assert _selected(app.numpad.click_buttons[ClickMode.PLACES])
    cell = _empty_cell_with(app, 1)
    click(app, cell, 1)
    assert app.board.digit_text(cell) == "1" and app.board.digit_role(cell) == "player"
    assert app.board.cursor == cell


def test_shift_click_on_a_candidate_only_selects_in_the_default_mode(make_app: MakeApp) -> None:
    app = make_app()
    cell = _empty_cell_with(app, 1)
    click(app, cell, 1, state=SHIFT)
    assert app.board.cursor == cell and app.session.moves == ()
    assert app.board.candidate_visible(cell, 1)


# -- "Click selects" mode --------------------------------------------------------------------


def test_click_selects_mode_selects_and_a_double_click_places(make_app: MakeApp) -> None:
    app = make_app()
    _press_button(app, app.numpad.click_buttons[ClickMode.SELECTS])
    assert app.numpad.click_mode is ClickMode.SELECTS and app.settings.click_mode is ClickMode.SELECTS
    assert _selected(app.numpad.click_buttons[ClickMode.SELECTS])
    assert not _selected(app.numpad.click_buttons[ClickMode.PLACES])
    assert "a click on a candidate selects its cell" in app.status_text()
    cell = _empty_cell_with(app, 1)
    x, y = app.board.candidate_center(cell, 1)
    _press_at(app, x, y)
    assert app.board.cursor == cell and app.session.moves == ()
    assert app.board.candidate_visible(cell, 1) and app.board.digit_text(cell) == ""
    assert app.status_text().startswith(app.session.geometry.cell_name(cell) + ": candidates ")
    _press_at(app, x, y, double=True)
    assert app.board.digit_text(cell) == "1" and len(app.session.moves) == 1
    # A double click between candidates only selects.
    other = _empty_cell_with(app, 2)
    _press_at(app, *_between_1_and_2(app, other), double=True)
    assert app.board.cursor == other and len(app.session.moves) == 1


def test_shift_click_places_in_click_selects_mode(make_app: MakeApp) -> None:
    app = make_app(settings=Settings(click_mode=ClickMode.SELECTS))
    assert app.status_text() == "Test puzzle: click a cell, then type a digit or press it on the pad; " + (
        "right-click a candidate to remove it"
    )
    assert _selected(app.numpad.click_buttons[ClickMode.SELECTS])
    cell = _empty_cell_with(app, 1)
    click(app, cell, 1, state=SHIFT)
    assert app.board.digit_text(cell) == "1"


def test_right_click_still_removes_and_restores_a_candidate_in_both_modes(make_app: MakeApp) -> None:
    app = make_app()
    cell = app.session.geometry.parse_cell("r1c4")
    for mode in (ClickMode.SELECTS, ClickMode.PLACES):
        _press_button(app, app.numpad.click_buttons[mode])
        click(app, cell, 3, button=3)
        assert not app.board.candidate_visible(cell, 3) and app.status_text() == "r1c4≠3"
        click(app, cell, 3, button=3)
        assert app.board.candidate_visible(cell, 3) and app.status_text() == "r1c4+3"


def test_a_click_on_a_removed_candidate_still_explains_why(make_app: MakeApp) -> None:
    app = make_app(settings=Settings(click_mode=ClickMode.SELECTS))
    click(app, 1, 4)  # r1c1 holds 4: the slot of 4 in r1c2 is empty
    assert app.board.cursor == 1 and app.session.moves == ()
    assert "r1c1 holds 4" in app.status_text()


# -- select, then type or press the pad ----------------------------------------------------------


def test_select_then_type_a_digit_places_it(make_app: MakeApp) -> None:
    app = make_app(settings=Settings(click_mode=ClickMode.SELECTS))
    cell = _empty_cell_with(app, 5)
    _press_at(app, *_between_1_and_2(app, cell))
    assert app.board.cursor == cell
    key(app, "5")
    assert app.board.digit_text(cell) == "5" and app.board.digit_role(cell) == "player"


def test_select_then_press_a_pad_button_places_it(make_app: MakeApp) -> None:
    app = make_app()
    assert app.numpad.mode is PadMode.PLACE and _selected(app.numpad.mode_buttons[PadMode.PLACE])
    cell = _empty_cell_with(app, 7)
    _press_at(app, *_between_1_and_2(app, cell))
    _press_button(app, app.numpad.buttons[7])
    assert app.board.digit_text(cell) == "7" and app.board.digit_role(cell) == "player"
    # The pad did not turn into a highlighter: its mode and its buttons are as before.
    assert app.numpad.mode is PadMode.PLACE and _selected(app.numpad.mode_buttons[PadMode.PLACE])
    assert not _selected(app.numpad.mode_buttons[PadMode.HIGHLIGHT])


def test_pressing_the_pad_without_a_selected_cell_asks_for_one(make_app: MakeApp) -> None:
    app = make_app()
    _press_button(app, app.numpad.buttons[7])
    assert app.session.moves == () and app.status_text().startswith("Choose a cell first")
    assert app.numpad.mode is PadMode.PLACE


def test_the_pad_mode_stays_what_the_player_chose(make_app: MakeApp) -> None:
    app = make_app()
    _press_button(app, app.numpad.mode_buttons[PadMode.CANDIDATE])
    assert app.numpad.mode is PadMode.CANDIDATE and app.settings.pad_mode is PadMode.CANDIDATE

    def still_candidate() -> None:
        assert app.numpad.mode is PadMode.CANDIDATE
        assert _selected(app.numpad.mode_buttons[PadMode.CANDIDATE])
        assert not any(_selected(app.numpad.mode_buttons[m]) for m in (PadMode.PLACE, PadMode.HIGHLIGHT))

    app.run_command("new-4")  # new games (before any move, so nothing asks before replacing the game)
    pump(app)
    still_candidate()
    app.run_command("new-9")
    pump(app)
    still_candidate()
    cell = _empty_cell_with(app, 3)
    _press_at(app, *_between_1_and_2(app, cell))
    _press_button(app, app.numpad.buttons[3])  # toggles the candidate, as the mode says
    assert not app.board.candidate_visible(cell, 3)
    still_candidate()
    given = next(c for c in range(81) if app.session.position.values[c])
    click(app, given)  # highlights its digit on the board and the pad
    assert app.numpad.active == app.session.position.values[given]
    still_candidate()
    key(app, "Escape")
    key(app, "Right")
    key(app, "5")
    still_candidate()


def test_the_pad_shows_the_highlight_digit_without_changing_mode(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 0)  # the given 4
    assert app.numpad.active == 4 and app.numpad.mode is PadMode.PLACE
    _press_button(app, app.numpad.mode_buttons[PadMode.HIGHLIGHT])
    _press_button(app, app.numpad.buttons[9])
    assert app.board.highlight_digit == 9 and app.numpad.mode is PadMode.HIGHLIGHT


# -- the modes are kept in the settings ----------------------------------------------------------


def test_the_chosen_modes_are_saved_and_shown_next_time(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    _press_button(app, app.numpad.mode_buttons[PadMode.HIGHLIGHT])
    _press_button(app, app.numpad.click_buttons[ClickMode.SELECTS])
    saved, notes = load_settings(settings_path(tmp_path))
    assert notes == [] and saved.pad_mode is PadMode.HIGHLIGHT and saved.click_mode is ClickMode.SELECTS
    again = make_app(HARD, data_dir=tmp_path)
    assert again.numpad.mode is PadMode.HIGHLIGHT and again.numpad.click_mode is ClickMode.SELECTS
    assert _selected(again.numpad.mode_buttons[PadMode.HIGHLIGHT])
    assert _selected(again.numpad.click_buttons[ClickMode.SELECTS])


def test_mode_settings_round_trip_and_bad_values_fall_back_with_a_note(tmp_path: Path) -> None:
    assert DEFAULTS.click_mode is ClickMode.PLACES and DEFAULTS.pad_mode is PadMode.PLACE
    s = Settings(click_mode=ClickMode.SELECTS, pad_mode=PadMode.CANDIDATE)
    path = tmp_path / "settings.json"
    save_settings(path, s)
    assert load_settings(path) == (s, [])
    assert json.loads(path.read_text())["click_mode"] == "selects"
    obj = settings_to_json(DEFAULTS) | {"click_mode": "sometimes", "pad_mode": 3}
    read, notes = settings_from_json(obj)
    assert read == DEFAULTS
    assert any(n.startswith("click_mode: 'sometimes' is not one of places, selects") for n in notes)
    assert any(n.startswith("pad_mode: 3 is not one of place, candidate, highlight") for n in notes)
