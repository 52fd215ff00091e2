"""Colouring by hand and the bivalue filter, driven with real events (see ui/panel/colour_tool.py)."""

from __future__ import annotations

from pathlib import Path

from gui_helpers import HARD, MakeApp, click, key, pump

from sudoku_tk.app.storage.save_format import load_game
from sudoku_tk.ui.window.keys import CONTROL
from sudoku_tk.ui.window.theme import LIGHT


def paint_items(app, tag: str) -> list:  # type: ignore[no-untyped-def]
    return list(app.board.find_withtag(tag))


def test_a_swatch_colours_candidates_and_cells_by_click(make_app: MakeApp) -> None:
    app = make_app()
    board = app.board
    app.colour_tool.swatches[0].event_generate("<Button-1>", x=5, y=5)
    pump(app)
    assert app.colour_tool.active == 0
    assert "Colouring with colour 1a" in app.status_text()
    click(app, 1, 6)  # r1c2 candidate 6
    items = paint_items(app, "paint-cand-1-6")
    assert len(items) == 1 and board.itemcget(items[0], "fill") == LIGHT.paint[0]
    assert app.session.colouring.candidate_colour(1, 6) == 0
    assert app.session.position.values[1] == 0  # the click coloured; it did not place
    assert app.status_text() == "6 in r1c2: colour 1a on"
    click(app, 0)  # r1c1 holds the given 4: the cell is coloured
    assert app.session.colouring.cell_colour(0) == 0
    (cell_item,) = paint_items(app, "paint-cell-0")
    assert board.itemcget(cell_item, "fill") == LIGHT.paint[0]
    # The cell's colour lies under its digit, the candidate's under its candidate.
    stack = board.find_all()
    assert stack.index(cell_item) < stack.index(board.digit_item(0))
    (cand_item,) = paint_items(app, "paint-cand-1-6")
    assert stack.index(cand_item) < stack.index(board.candidate_item(1, 6))
    click(app, 1, 6)  # the same colour again takes it off
    assert not paint_items(app, "paint-cand-1-6") and app.session.colouring.candidate_colour(1, 6) is None


def test_keys_choose_colours_and_digits_and_space_colour(make_app: MakeApp) -> None:
    app = make_app()
    key(app, "3", state=CONTROL)  # Ctrl+3: colour 2a
    assert app.colour_tool.active == 2
    click(app, 2)  # select r1c3 (its rim: colours the cell, since the tool is on)
    assert app.session.colouring.cell_colour(2) == 2
    key(app, "7")
    assert app.session.colouring.candidate_colour(2, 7) == 2
    assert app.session.position.values[2] == 0
    key(app, "space")
    assert app.session.colouring.cell_colour(2) is None  # Space again: off
    key(app, "4", state=CONTROL)  # a pair's second colour has an outline in the pair's hue
    key(app, "9")
    (item,) = paint_items(app, "paint-cand-2-9")
    assert app.board.itemcget(item, "outline") == LIGHT.paint_edge[1]
    key(app, "Escape")  # Esc turns the tool off: keys and clicks play again
    assert app.colour_tool.active is None
    key(app, "7")
    assert app.session.position.values[2] == 7


def test_a_pad_mode_turns_the_tool_off_and_clear_colours_takes_all(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("colour-1")
    click(app, 5, 1)
    click(app, 6)
    assert app.colour_tool.active == 0 and len(paint_items(app, "paint")) == 2
    app.numpad.mode_buttons[app.numpad.mode].invoke()
    pump(app)
    assert app.colour_tool.active is None
    app.run_command("clear-colours")
    pump(app)
    assert not paint_items(app, "paint") and not app.session.colouring
    assert app.status_text() == "Cleared 2 colours"


def test_colours_leave_with_their_candidate_and_come_back_on_undo(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("colour-2")
    click(app, 1, 6)
    assert paint_items(app, "paint-cand-1-6")
    app.run_command("colour-2")  # the chosen colour again: tool off
    assert app.colour_tool.active is None
    click(app, 1, 1)  # place 1 in r1c2: candidate 6 is no longer shown
    assert app.session.position.values[1] == 1
    assert not paint_items(app, "paint-cand-1-6")
    app.run_command("undo")
    pump(app)
    assert paint_items(app, "paint-cand-1-6")


def test_bivalue_filter_shades_exactly_the_two_candidate_cells(make_app: MakeApp) -> None:
    app = make_app()
    pos = app.session.position
    two = [c for c in range(81) if not pos.values[c] and len(pos.candidate_set(c)) == 2]
    assert two, "the test puzzle has bivalue cells"
    key(app, "b", state=CONTROL)
    assert app.colour_tool.bivalue_var.get()
    board = app.board
    shaded = [c for c in range(81) if board.background_kind(c) == "bivalue"]
    assert shaded == two
    assert board.itemcget(board.cell_item(two[0]), "fill") == LIGHT.bivalue_bg
    assert "Bivalue filter on" in app.status_text()
    app.colour_tool.bivalue_button.invoke()
    pump(app)
    assert not any(board.background_kind(c) == "bivalue" for c in range(81))


def test_colours_survive_closing_and_reopening(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    app.run_command("colour-3")
    click(app, 1, 6)
    click(app, 40)
    app.close()
    saved = load_game(data_dir / "autosave.json") if (data_dir / "autosave.json").exists() else None
    again = open_app(None)
    assert again.session.colouring.candidate_colour(1, 6) == 2
    assert again.session.colouring.cell_colour(40) == 2
    assert again.board.find_withtag("paint-cand-1-6") and again.board.find_withtag("paint-cell-40")
    if saved is not None:
        assert saved.colouring == again.session.colouring


def test_dark_theme_colours_the_swatches_and_board(make_app: MakeApp) -> None:
    from sudoku_tk.ui.window.theme import DARK, contrast_ratio

    app = make_app(HARD, theme="dark")
    app.run_command("colour-1")
    click(app, 1, 6)
    (item,) = paint_items(app, "paint-cand-1-6")
    assert app.board.itemcget(item, "fill") == DARK.paint[0]
    # Candidates and digits stay readable on every colour, in both themes.
    for theme in (LIGHT, DARK):
        for fill in theme.paint:
            assert contrast_ratio(theme.given, fill) >= 4.5
            assert contrast_ratio(theme.candidate, fill) >= 3.0
