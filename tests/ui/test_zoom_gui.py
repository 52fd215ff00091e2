"""Zoom and a window that keeps its size, on a real Tk window (Xvfb): Ctrl+plus / Ctrl+minus / Ctrl+0 and Ctrl+wheel
zoom the board and its fonts; a zoomed board scrolls; notices and other board sizes never resize the window."""

from __future__ import annotations

import time
import tkinter.font as tkfont
from pathlib import Path

import pytest
from gui_helpers import MakeApp, key, pump

from sudoku_tk.app.storage.settings import Settings, load_settings
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.system import settings_path
from sudoku_tk.ui.board.view import next_zoom
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL, SHIFT

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SIXTEEN = parse_grid(
    "2C..D...9.F.1..5..84.F.......G2.3B....CGD......F..FE......C.4AD..4A..6E.5.1...7....95..B.2G..8.A"
    ".....2..4.A89..6..2C4..8E.6..5.31.B..C.7A..4FE..G..7A8.4..9.....E.9..B3.G..78....A...9.F.B3..7G."
    ".513.G......69..C......DF6....51.84.......5.G2..9..6.1.3...2..84"
).to_string()


def _settle(app: App) -> None:
    """Let the window lay itself out and the board redraw at its new size (it waits 40 ms for sizes to settle)."""
    for _ in range(4):
        pump(app)
        time.sleep(0.06)
    pump(app)


def _window(app: App) -> tuple[int, int]:
    return app.root.winfo_width(), app.root.winfo_height()


def _candidate_font_px(app: App) -> int:
    board = app.board
    pos = app.session.position
    cell = pos.empty_cells()[0]
    digit = next(d for d in range(1, pos.geometry.side + 1) if pos.has_candidate(cell, d))
    font = tkfont.nametofont(str(board.itemcget(board.candidate_item(cell, digit), "font")), root=board)
    return abs(int(font.cget("size")))


def _wheel(app: App, up: bool, state: int = 0) -> None:
    board = app.board
    x, y = board.winfo_width() // 3, board.winfo_height() // 3
    board.event_generate("<Motion>", x=x, y=y)
    board.event_generate("<Button-4>" if up else "<Button-5>", x=x, y=y, state=state)
    _settle(app)


# -- zooming ------------------------------------------------------------------------------------


def test_ctrl_plus_and_minus_zoom_the_board_and_its_fonts(make_app: MakeApp) -> None:
    app = make_app()
    _settle(app)
    size, cell, font = app.board.winfo_width(), app.board.layout.cell, _candidate_font_px(app)
    window = _window(app)
    key(app, "plus", CONTROL | SHIFT)  # Ctrl and the + key (Shift+= on most layouts)
    _settle(app)
    assert app.board_view.zoom == 110 and app.settings.board_zoom == 110
    assert app.board.winfo_width() > size and app.board.layout.cell > cell
    assert _candidate_font_px(app) >= font
    key(app, "equal", CONTROL)  # Ctrl+= zooms in too
    key(app, "KP_Add", CONTROL)
    _settle(app)
    assert app.board_view.zoom == 150
    assert app.board.layout.cell > cell * 1.4 and _candidate_font_px(app) > font
    assert "Board at 150%" in app.status_text()
    assert _window(app) == window  # zooming changes the board, not the window
    key(app, "minus", CONTROL)
    _settle(app)
    assert app.board_view.zoom == 125
    key(app, "0", CONTROL)
    _settle(app)
    assert app.board_view.zoom == 100 and app.board.layout.cell == cell and app.board.winfo_width() == size
    key(app, "minus", CONTROL)
    _settle(app)
    assert app.board_view.zoom == 90 and app.board.layout.cell < cell and _candidate_font_px(app) <= font
    assert _window(app) == window


def test_zoom_stops_at_its_limits_and_the_menu_says_so(make_app: MakeApp) -> None:
    app = make_app()
    for _ in range(20):
        key(app, "plus", CONTROL)
    assert app.board_view.zoom == 300
    assert app.run_command("zoom-in") is False and "Zoom in: not available now" in app.status_text()
    for _ in range(20):
        key(app, "minus", CONTROL)
    assert app.board_view.zoom == 50
    assert app.run_command("zoom-out") is False
    assert next_zoom(115, 1) == 125 and next_zoom(115, -1) == 110


def test_ctrl_wheel_zooms_and_the_plain_wheel_scrolls_a_zoomed_board(make_app: MakeApp) -> None:
    app = make_app()
    _settle(app)
    view = app.board_view
    _wheel(app, up=True, state=CONTROL)
    _wheel(app, up=True, state=CONTROL)
    _wheel(app, up=True, state=CONTROL)
    assert view.zoom == 150
    _wheel(app, up=False, state=CONTROL)
    assert view.zoom == 125
    # A board larger than its frame shows scroll bars, and the wheel scrolls it.
    for _ in range(3):
        _wheel(app, up=True, state=CONTROL)
    assert view.zoom == 200 and app.board.winfo_width() > view.winfo_width()
    bars = [w for w in view.winfo_children() if w.winfo_class() == "TScrollbar" and w.winfo_ismapped()]
    assert len(bars) == 2
    top = view.scrolled[1]
    _wheel(app, up=False)
    assert view.scrolled[1] > top
    left = view.scrolled[0]
    _wheel(app, up=False, state=SHIFT)
    assert view.scrolled[0] > left
    # The keyboard's cursor brings its cell into view.
    key(app, "End", CONTROL)
    _settle(app)
    rect = app.board.layout.cell_rect(80)
    x0, y0 = app.board.winfo_x() + rect.x0, app.board.winfo_y() + rect.y0
    x1, y1 = app.board.winfo_x() + rect.x1, app.board.winfo_y() + rect.y1
    port = view.port
    assert x0 >= 0 and x1 <= port.winfo_width() and y0 >= 0 and y1 <= port.winfo_height()
    key(app, "Home", CONTROL)
    _settle(app)
    assert view.scrolled == (0, 0)
    # Fit the window: no scroll bars any more.
    app.run_command("zoom-fit")
    _settle(app)
    assert not [w for w in view.winfo_children() if w.winfo_class() == "TScrollbar" and w.winfo_ismapped()]
    assert app.board.winfo_width() <= view.winfo_width()


def test_ctrl_wheel_zooms_around_the_pointer(make_app: MakeApp) -> None:
    app = make_app()
    for _ in range(3):
        key(app, "plus", CONTROL)
    _settle(app)
    board = app.board
    x, y = board.winfo_width() // 3, board.winfo_height() // 3  # where _wheel points, in canvas pixels
    port_x, port_y = x + board.winfo_x(), y + board.winfo_y()
    fx, fy = x / board.winfo_width(), y / board.winfo_height()
    _wheel(app, up=True, state=CONTROL)
    assert app.board_view.zoom == 175
    # The board point that was under the pointer is under it still.
    assert (port_x - board.winfo_x()) / board.winfo_width() == pytest.approx(fx, abs=0.01)
    assert (port_y - board.winfo_y()) / board.winfo_height() == pytest.approx(fy, abs=0.01)


def test_a_click_on_a_zoomed_board_still_hits_the_right_candidate(make_app: MakeApp) -> None:
    app = make_app()
    for _ in range(4):
        key(app, "plus", CONTROL)
    _settle(app)
    assert app.board_view.zoom == 175
    pos = app.session.position
    cell = next(c for c in reversed(pos.empty_cells()) if pos.has_candidate(c, 9))
    key(app, "End", CONTROL)  # scroll to the bottom right, where the cell is
    _settle(app)
    x, y = app.board.candidate_center(cell, 9)
    app.board.event_generate("<Motion>", x=int(x), y=int(y))
    app.board.event_generate("<Button-1>", x=int(x), y=int(y))
    app.board.event_generate("<ButtonRelease-1>", x=int(x), y=int(y))
    pump(app)
    assert app.board.digit_text(cell) == "9"


def test_sixteen_by_sixteen_candidates_become_readable_in_a_1366_by_768_window(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("new-16")
    _settle(app)
    app.root.geometry("1366x700")  # a 1366×768 screen, less the title bar and the task bar
    _settle(app)
    assert _window(app) == (1366, 700)
    small = _candidate_font_px(app)
    presses = 0
    while _candidate_font_px(app) < 11 and presses < 10:
        key(app, "plus", CONTROL)
        _settle(app)
        presses += 1
    assert _candidate_font_px(app) >= 11 > small
    assert app.board_view.zoom <= 200 and presses <= 7
    assert _window(app) == (1366, 700)


def test_zoom_is_kept_in_the_settings_and_used_next_time(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    key(app, "plus", CONTROL)
    key(app, "plus", CONTROL)
    assert load_settings(settings_path(tmp_path))[0].board_zoom == 125
    again = make_app(data_dir=tmp_path)
    _settle(again)
    assert again.board_view.zoom == 125
    assert again.board.winfo_width() == round(
        min(again.board_view.winfo_width(), again.board_view.winfo_height()) * 1.25
    )


def test_the_solved_card_of_a_zoomed_board_is_scrolled_into_view(make_app: MakeApp) -> None:
    solution = solve(parse_grid(CLASSIC))
    assert solution is not None
    app = make_app("." + "".join(map(str, solution[1:])), "One to go")
    for _ in range(6):
        key(app, "plus", CONTROL)
    _settle(app)
    assert app.board_view.zoom == 250
    key(app, "Home", CONTROL)  # r1c1, the empty cell, in the top-left corner
    _settle(app)
    assert app.board_view.scrolled == (0, 0)
    key(app, str(solution[0]))
    _settle(app)
    assert app.card_text().startswith("Solved")
    x, y = app.board.card_button_center("New puzzle")
    x, y = x + app.board.winfo_x(), y + app.board.winfo_y()
    port = app.board_view.port
    assert 0 < x < port.winfo_width() and 0 < y < port.winfo_height()


def test_the_paused_card_of_a_zoomed_board_is_scrolled_into_view(make_app: MakeApp) -> None:
    app = make_app()
    for _ in range(6):
        key(app, "plus", CONTROL)
    key(app, "Home", CONTROL)
    _settle(app)
    assert app.board_view.scrolled == (0, 0)
    app.run_command("pause")
    _settle(app)
    assert app.card_text().startswith("Paused")
    x, y = app.board.card_button_center("Resume")
    x, y = x + app.board.winfo_x(), y + app.board.winfo_y()
    port = app.board_view.port
    assert 0 < x < port.winfo_width() and 0 < y < port.winfo_height()


# -- the window keeps its size -------------------------------------------------------------------


def test_the_window_keeps_its_size_when_a_notice_shows(make_app: MakeApp) -> None:
    app = make_app()
    _settle(app)
    before = _window(app)
    board = app.board.winfo_width()
    app.show_notice("A notice about something, with a button", [("OK", None)])
    _settle(app)
    assert app.notice_bar.winfo_ismapped()
    assert _window(app) == before
    assert app.board.winfo_width() <= board  # the board made room for it
    app.hide_notice()
    _settle(app)
    assert _window(app) == before and app.board.winfo_width() == board


def test_each_board_size_has_its_window_size_and_the_whole_board_shows(make_app: MakeApp) -> None:
    """A size switch re-fits the window to that board size (issue 22.2); the same size gives the same window."""
    app = make_app()
    _settle(app)
    seen = {9: _window(app)}
    for command in ("new-16", "new-4", "new-9", "new-16", "new-4"):
        app.run_command(command)
        _settle(app)
        side = app.session.geometry.side
        assert _window(app) == seen.setdefault(side, _window(app)), command
        view = app.board_view
        assert app.board.winfo_width() <= min(view.winfo_width(), view.winfo_height())  # the whole board shows
        lay = app.board.layout
        assert lay.size <= app.board.winfo_width() and lay.side == side


def test_a_sixteen_by_sixteen_game_opens_in_a_window_that_fits_the_screen(make_app: MakeApp) -> None:
    app = make_app(SIXTEEN, "Big", settings=Settings(board_zoom=100))
    _settle(app)
    width, height = _window(app)
    assert width <= app.root.winfo_screenwidth() and height <= app.root.winfo_screenheight()
