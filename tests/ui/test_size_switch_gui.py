"""Switching the board size (real window, Xvfb): nothing of the old game survives on the new board.

Each of the six switches (4↔9↔16) starts from a game with everything that holds per-game
state in use: a revealed cell (a mark), the player's colours on a cell and on a candidate
of the last cells (indices the smaller boards don't have), mistake marks switched on, a
rated game, a hint open at its second rung and a Solution path preview on the board.
Game > New N×N puzzle, chosen from the menu as the player does, must replace all of it:
no error, the new size's pad, title and rating, no old colours, marks, hint or preview,
and hints that work on the new board. The window re-fits to the new board size.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace

import pytest
from gui_helpers import click, key, pump

from sudoku_tk import APP_NAME
from sudoku_tk.app.puzzles.choice import choose_puzzle
from sudoku_tk.app.storage.settings import DEFAULTS
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.rating.score import rate_puzzle
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL
from sudoku_tk.ui.window.setup import board_size

pytestmark = pytest.mark.gui

SIZES = (4, 9, 16)


def _menu_invoke(app: App, menu_label: str, entry_label: str) -> None:
    """Choose ``menu_label`` > ``entry_label`` from the menu bar (the command runs as a Tk callback)."""
    menubar = app.menubar
    assert menubar is not None
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    menu = app.root.nametowidget(menubar.entrycget(labels.index(menu_label), "menu"))
    entries = [menu.entrycget(i, "label") if menu.type(i) == "command" else "" for i in range(menu.index("end") + 1)]
    menu.invoke(entries.index(entry_label))
    pump(app)
    pump(app)


def _load_the_game(app: App) -> str:
    """Put every kind of per-game state on the board; return the rating shown."""
    s = app.session
    side = s.geometry.side
    s.set_rating(rate_puzzle(s.start)) if side == 9 else None
    app.new_games._on_change(None)  # the status bar shows the rating as it does for a rated game
    first = s.position.empty_cells()[0]
    assert s.reveal_cell(first).done  # a mark: the revealed flag
    pos = s.position
    empty = pos.empty_cells()
    last = empty[-1]
    digit = next(d for d in range(1, side + 1) if pos.has_candidate(last, d))
    key(app, "1", CONTROL)
    click(app, last, digit)  # colour 1a on the last empty cell's candidate
    key(app, "2", CONTROL)
    click(app, empty[-2])  # colour 1b on a cell
    key(app, "Escape")
    assert s.colouring.candidates and s.colouring.cells
    assert app.board.find_withtag("paint") and app.board.marked_cells("revealed") == (first,)
    key(app, "h")
    key(app, "h")
    assert app.hint_panel is not None and app.hint_panel.rung_text().startswith("Hint 2 of 4")
    app.hint_panel.select_path(0)
    assert app.hint_panel.is_previewing
    return app.status.rating_text()


@pytest.mark.parametrize("old, new", list(itertools.permutations(SIZES, 2)), ids=lambda n: f"{n}x{n}")
def test_a_size_switch_leaves_nothing_of_the_old_game(make_app: Callable[..., App], old: int, new: int) -> None:
    choice = choose_puzzle(old)
    # Singles off: a revealed cell must not fill the rest of an easy board by itself (the test needs empty cells).
    settings = replace(DEFAULTS, check_mistakes=True, assists=frozenset({Assist.PEERS}))
    app = make_app(choice.text, choice.name, settings=settings)
    old_rating = _load_the_game(app)
    app.files.keeper.ask_replace = lambda question: True
    _menu_invoke(app, "Game", f"New {new}×{new} puzzle")

    s, board, panel = app.session, app.board, app.hint_panel
    assert panel is not None
    assert app.banner_text() == ""
    assert s.geometry.side == new and board.geometry.side == new
    assert len(app.numpad.buttons) == new
    assert app.root.title() == f"{APP_NAME} — {s.name}"
    assert app.status.rating_text() == "" and (old != 9 or old_rating)  # no worker here rates the new one
    assert not s.colouring
    for tag in ("paint", "mark", "contradiction", "step", "card"):
        assert board.find_withtag(tag) == (), tag
    assert panel.ladder.view is None and panel.rung_text() == "" and not panel.is_previewing
    key(app, "h")
    assert panel.rung_text().startswith("Hint 1 of 4")
    key(app, "h")
    assert panel.rung_text().startswith("Hint 2 of 4") and board.find_withtag("step")


def test_a_failing_listener_does_not_keep_the_others_from_hearing_of_a_new_game(make_app: Callable[..., App]) -> None:
    """One part that fails on a change must not leave the others showing the old game (title, hint, rating)."""
    app = make_app()
    key(app, "h")
    calls = []

    def broken(change: object) -> None:
        calls.append(change)
        raise RuntimeError("a broken part")

    app.session._listeners.insert(0, broken)  # first: before the display and the hint ladder
    choice = choose_puzzle(4)
    with pytest.raises(RuntimeError):
        app.start_puzzle(choice)
    assert calls
    assert app.root.title() == f"{APP_NAME} — {choice.name}"
    assert app.hint_panel is not None and app.hint_panel.ladder.view is None
    assert len(app.numpad.buttons) == 4


def test_the_window_refits_to_each_board_size(make_app: Callable[..., App]) -> None:
    """After a small board the next 9×9 board gets a 9×9 window again; a size the player chose is kept per size."""
    app = make_app(choose_puzzle(9).text)
    root = app.root
    pump(app)
    nine = (root.winfo_width(), root.winfo_height())
    nine_board = app.board_view.board_size
    app.files.keeper.ask_replace = lambda question: True
    _menu_invoke(app, "Game", "New 4×4 puzzle")
    four = (root.winfo_width(), root.winfo_height())
    assert four[1] <= nine[1]
    # The player makes the 4×4 window larger by hand; once the size settles it is kept for 4×4 boards.
    app.window_sizes.settle_ms = 0
    root.geometry(f"{four[0] + 60}x{four[1] + 40}")
    for _ in range(5):
        pump(app)
    chosen = (root.winfo_width(), root.winfo_height())
    assert chosen == (four[0] + 60, four[1] + 40)
    assert app.settings.window_size(4) == chosen
    _menu_invoke(app, "Game", "New 9×9 puzzle")
    assert (root.winfo_width(), root.winfo_height()) == nine
    assert app.board_view.board_size >= nine_board - 2
    _menu_invoke(app, "Game", "New 4×4 puzzle")
    assert (root.winfo_width(), root.winfo_height()) == chosen
    assert app.settings.window_size(9) is None  # the 9×9 size was never the player's: not kept


def test_a_game_started_on_a_small_board_gives_the_next_9x9_board_its_full_size(make_app: Callable[..., App]) -> None:
    """The issue's case: a 4×4 window (smaller) no longer leaves the next 9×9 board at 4×4 size."""
    app = make_app(choose_puzzle(4).text)
    four_board = app.board_view.board_size
    app.files.keeper.ask_replace = lambda question: True
    _menu_invoke(app, "Game", "New 9×9 puzzle")
    pump(app)
    assert app.board_view.board_size >= board_size(app.root, 9) - 4 > four_board


def test_the_window_opens_at_the_size_chosen_for_its_board_size(make_app: Callable[..., App]) -> None:
    app = make_app(settings=DEFAULTS.with_window_size(9, 1000, 700).with_window_size(4, 640, 480))
    assert (app.root.winfo_width(), app.root.winfo_height()) == (1000, 700)
