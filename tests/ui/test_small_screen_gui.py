"""The window at 800×600 and larger: the toolbar fits, the side panel's type and width follow the board."""

from __future__ import annotations

import time
import tkinter as tk
import tkinter.font as tkfont

import pytest
from gui_helpers import HARD, MakeApp, key, pump

from sudoku_tk.app.puzzles.choice import PuzzleChoice
from sudoku_tk.ui.panel.fonts import SCALE_MAX, SCALE_MIN, panel_fonts, scale_for
from sudoku_tk.ui.window.app import App


def _settle(app: App) -> None:
    for _ in range(5):
        pump(app)
        time.sleep(0.06)
    pump(app)


def _inside(widget: tk.Misc, root: tk.Misc) -> bool:
    """Is all of ``widget`` inside the root window (not cut off at the right or the bottom)?"""
    x = widget.winfo_rootx() - root.winfo_rootx()
    y = widget.winfo_rooty() - root.winfo_rooty()
    return (
        x >= 0
        and y >= 0
        and x + widget.winfo_width() <= root.winfo_width()
        and (y + widget.winfo_height() <= root.winfo_height())
    )


def test_scale_follows_the_board_height_in_steps_within_bounds() -> None:
    assert scale_for(557, 96) == 1.0  # the 9×9 board's preferred 5.8 inches
    assert scale_for(400, 96) == SCALE_MIN
    assert scale_for(700, 96) == 1.25
    assert scale_for(5000, 96) == SCALE_MAX
    assert scale_for(560, 96) == scale_for(570, 96)  # a few pixels of a drag change nothing


@pytest.mark.parametrize("size", ["800x560", "1024x700"])
def test_everything_fits_a_small_window(make_app: MakeApp, size: str) -> None:
    app = make_app()
    app.root.geometry(size)  # an 800×600 screen, less the title bar and the task bar
    _settle(app)
    buttons = [app.toolbar_button(c) for c in ("new", "undo", "redo", "hint", "step", "solve-to-end")]
    for button in buttons:
        assert button.winfo_ismapped() and _inside(button, app.root), button.cget("text")
    for widget in (app.numpad, app.colour_tool, app.hint_panel.next_button, app.hint_panel.close_button, app.status):
        assert widget.winfo_ismapped() and _inside(widget, app.root), widget
    board = app.board_view
    assert _inside(board, app.root)
    assert board.winfo_height() >= 380  # the board keeps most of the height


def test_toolbar_shows_short_labels_only_when_the_full_ones_do_not_fit(make_app: MakeApp) -> None:
    app = make_app()
    app.root.geometry("1400x800")
    _settle(app)
    assert not app.menus.toolbar_compact
    assert app.toolbar_button("solve-to-end").cget("text") == "Solve to the end"
    app.root.geometry("800x560")
    _settle(app)
    assert app.menus.toolbar_compact
    assert [app.toolbar_button(c).cget("text") for c in ("new", "solve-to-end")] == ["New", "Solve"]
    app.root.geometry("1400x800")
    _settle(app)
    assert app.toolbar_button("new").cget("text") == "New game…"


def test_panel_type_and_width_grow_with_the_board(make_app: MakeApp) -> None:
    app = make_app()
    fonts = panel_fonts(app)
    app.root.geometry("800x560")
    _settle(app)
    small_scale = fonts.scale
    small_pad = abs(int(fonts.fonts["SudokuPad"].cget("size")))
    small_wrap = int(app.hint_panel._title.cget("wraplength"))
    assert small_scale == SCALE_MIN
    app.root.geometry("1600x1000")
    _settle(app)
    assert fonts.scale > 1.0
    assert abs(int(fonts.fonts["SudokuPad"].cget("size"))) > small_pad
    assert int(app.hint_panel._title.cget("wraplength")) > small_wrap
    # The pad's buttons and the hint text use these fonts, so they grow with them.
    assert str(app.numpad.buttons[1].cget("style")) == "Pad.Toolbutton"
    assert str(app.hint_panel._body.cget("font")) == "SudokuPanel"


@pytest.mark.parametrize("size", ["800x560", "1024x700", "1366x768", "1920x1080"])
def test_the_hint_buttons_show_their_whole_labels(make_app: MakeApp, size: str) -> None:
    """Next, Apply and Close share their row: none is cut (at 1366×768 Close showed as "Cl" when they were packed
    side by side in a panel narrower than they asked for)."""
    app = make_app()
    app.root.geometry(size)
    _settle(app)
    key(app, "h")
    _settle(app)
    panel = app.hint_panel
    buttons = (panel.next_button, panel.apply_button, panel.close_button)
    assert [b.cget("text") for b in buttons] == ["Next", "Apply", "Close"]
    font = tkfont.nametofont("SudokuPanel")
    row = panel.next_button.master
    for b in buttons:
        assert b.winfo_ismapped() and _inside(b, app.root), b.cget("text")
        assert b.winfo_x() + b.winfo_width() <= row.winfo_width(), b.cget("text")
        assert font.measure(b.cget("text")) + 8 <= b.winfo_width(), (b.cget("text"), b.winfo_width())
    widths = [b.winfo_width() for b in buttons]
    assert max(widths) - min(widths) <= 1  # when they must give up room, they give it up alike (to a pixel)


@pytest.mark.parametrize("size", ["1366x768", "1600x900"])
def test_a_window_resized_as_it_opens_gives_the_panel_the_spare_width(size: str) -> None:
    """A window manager that sizes the window while the first layout is still pending (as a maximised start does):
    the panel takes what the square board leaves, as at any other size (the sash once kept the width worked out
    for the size before, and a strip beside the board stayed empty)."""
    root = tk.Tk()
    app = App(root, puzzle=PuzzleChoice("", "Test puzzle", HARD), why_delay_ms=0)
    try:
        app.root.geometry(size)  # before the first layout has run: its call to place the sash is still pending
        _settle(app)
        _check_spare_width(app, size)
    finally:
        app.close()
        root.destroy()


def _check_spare_width(app: App, size: str) -> None:
    body = app.sash._body
    assert body.winfo_width() == int(size.split("x")[0])
    spare = body.winfo_width() - body.winfo_height()
    assert app.sash.panel_width == app.sash.auto_width() > spare - 40
    assert app.board_view.winfo_width() >= body.winfo_height() - 16  # the board is as wide as it is high
