"""Nothing thrown away without asking (real window, Xvfb): New game, Paste, Open and Enter a puzzle ask before a
game in progress is replaced; Esc keeps it, Enter replaces it and keeps it among the recent games, and
Game > Continue a recent game… brings it back exactly."""

from __future__ import annotations

import functools
import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from gui_helpers import HARD, MakeApp, click, clipboard, key, pump, when_dialog_opens

from sudoku_tk.app.progress.recent_games import progress_text
from sudoku_tk.app.puzzles.choice import PuzzleChoice
from sudoku_tk.app.storage.save_format import save_game
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.ui.dialogs.new_game import NewGameDialog
from sudoku_tk.ui.dialogs.recent import RecentGamesDialog, ReplaceGameDialog
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = solve(parse_grid(HARD))
assert SOLUTION is not None


@pytest.fixture
def open_app(open_app: Callable[..., App]) -> Callable[..., App]:
    """The shared opener (tests/ui/conftest.py), with this file's game name."""
    return functools.partial(open_app, name="My game")


def _play(app: App, count: int) -> None:
    """Place ``count`` right digits with real clicks on their candidates."""
    assert SOLUTION is not None
    for _ in range(count):
        cell = app.session.position.empty_cells()[0]
        click(app, cell, SOLUTION[cell])


def _press(dialog: tk.Toplevel, keysym: str) -> None:
    """A key on the dialog, as the player presses it (the dialog has the focus)."""
    dialog.focus_force()
    dialog.update()
    dialog.event_generate(f"<{keysym}>")


def _answer(app: App, keysym: str, seen: list[Any], errors: list[BaseException]) -> None:
    """When the question opens, note what it shows, then answer it with ``keysym`` (Return or Escape)."""

    def answer(dialog: ReplaceGameDialog) -> None:
        seen.append(
            (dialog.question_label.cget("text"), dialog.ok_button.cget("text"), dialog.cancel_button.cget("text"))
        )
        _press(dialog, keysym)

    when_dialog_opens(app, ReplaceGameDialog, answer, errors)


def _state(app: App) -> tuple:  # type: ignore[type-arg]
    s = app.session
    return s.start, s.moves, s.redo_moves, s.name, s.position.values


# -- the question --------------------------------------------------------------------------------


def test_ctrl_n_asks_once_a_puzzle_is_chosen_and_esc_keeps_the_game(open_app: Callable[..., App]) -> None:
    app = open_app()
    _play(app, 2)
    before = _state(app)
    seen: list[Any] = []
    errors: list[BaseException] = []
    chosen: list[str] = []

    def choose(dialog: NewGameDialog) -> None:
        chosen.append(f"chosen after {len(seen)} questions")
        dialog.ok()

    when_dialog_opens(app, NewGameDialog, choose, errors)
    _answer(app, "Escape", seen, errors)
    key(app, "n", CONTROL)
    pump(app)
    assert not errors, errors
    assert chosen == ["chosen after 0 questions"] and len(seen) == 1
    (question, replace_label, keep_label) = seen[0]
    assert question.startswith("“My game” is in progress (") and " cells filled, 2 moves, " in question
    assert "Replace it with “" in question and "Game > Continue a recent game…" in question
    assert (replace_label, keep_label) == ("Replace", "Keep playing")
    assert _state(app) == before and app.status_text() == "Your game goes on"
    assert app.files.keeper.recent.entries() == [] and not app.commands.get("continue-recent").is_available()


def test_replace_keeps_the_game_and_continue_brings_it_back_exactly(open_app: Callable[..., App]) -> None:
    app = open_app()
    _play(app, 3)
    app.run_command("undo")  # a move on the redo list is kept too
    pump(app)
    before = _state(app)
    elapsed = app.session.elapsed()
    seen: list[Any] = []
    errors: list[BaseException] = []
    _answer(app, "Return", seen, errors)
    when_dialog_opens(app, NewGameDialog, lambda dialog: dialog.ok(), errors)
    key(app, "n", CONTROL)
    pump(app)
    assert not errors, errors
    assert seen and app.session.name != "My game" and not app.session.moves
    (kept,) = app.files.keeper.recent.entries()
    assert kept.record.puzzle_name == "My game" and kept.record.moves == before[1]
    progress = progress_text(kept.record)
    assert ", 2 moves, " in progress
    assert app.commands.get("continue-recent").is_available()

    listed: list[str] = []

    def continue_first(dialog: RecentGamesDialog) -> None:
        listed.extend(dialog.lines())
        dialog.game_list.focus_force()
        dialog.update()
        dialog.event_generate("<Return>")

    when_dialog_opens(app, RecentGamesDialog, continue_first, errors)
    app.run_command("continue-recent")
    pump(app)
    assert not errors, errors
    assert listed == [f"My game — 9×9; {progress} — just now"]
    assert _state(app) == before and app.session.redo_moves
    assert app.session.elapsed() == pytest.approx(elapsed, abs=1.0)
    assert app.root.title() == "Sudoku Tk — My game" and app.status_text() == "Continued My game"
    # The game now in play left the list; the fresh one it replaced had no move, so it was not kept.
    assert app.files.keeper.recent.entries() == []
    app.run_command("redo")
    assert len(app.session.moves) == 3


def test_a_game_not_in_progress_is_replaced_without_a_question(open_app: Callable[..., App]) -> None:
    app = open_app()
    asked: list[str] = []
    app.files.keeper.ask_replace = lambda question: asked.append(question) or False  # type: ignore[func-returns-value]
    app.run_command("new-9")  # a fresh game: nothing to lose
    pump(app)
    assert asked == [] and app.session.name != "My game"
    _play(app, 1)
    app.session.solve()
    pump(app)
    app.run_command("new-4")  # a solved game: nothing to lose either
    pump(app)
    assert asked == [] and app.session.geometry.side == 4
    assert app.files.keeper.recent.entries() == []


def test_a_cancelled_new_game_dialog_asks_nothing_and_keeps_the_game_out_of_the_list(
    open_app: Callable[..., App],
) -> None:
    app = open_app()
    _play(app, 2)
    before = _state(app)
    asked: list[str] = []
    app.files.keeper.ask_replace = lambda question: asked.append(question) is None
    errors: list[BaseException] = []
    when_dialog_opens(app, NewGameDialog, lambda dialog: dialog.cancel(), errors)
    app.run_command("new")
    pump(app)
    assert not errors, errors
    assert asked == [] and _state(app) == before and app.files.keeper.recent.entries() == []


# -- paste, open, enter --------------------------------------------------------------------------


def test_ctrl_v_asks_once_the_clipboard_holds_a_puzzle(open_app: Callable[..., App]) -> None:
    app = open_app()
    _play(app, 2)
    before = _state(app)
    clipboard(app, "not a puzzle")
    key(app, "v", CONTROL)  # refused before any question: the game is unchanged anyway
    assert _state(app) == before and "Your game is unchanged" in app.banner_text()
    app.press_notice(app.notice_buttons()[0])
    clipboard(app, CLASSIC)
    seen: list[Any] = []
    errors: list[BaseException] = []
    _answer(app, "Escape", seen, errors)
    key(app, "v", CONTROL)
    assert not errors, errors
    assert len(seen) == 1 and "Replace it with “Pasted puzzle”?" in seen[0][0] and _state(app) == before
    _answer(app, "Return", seen, errors)
    key(app, "v", CONTROL)
    pump(app)
    assert not errors, errors
    assert app.session.start.to_string() == CLASSIC and app.session.name == "Pasted puzzle"
    assert [e.record.puzzle_name for e in app.files.keeper.recent.entries()] == ["My game"]


def test_open_asks_before_a_saved_game_replaces_the_one_in_progress(
    open_app: Callable[..., App], tmp_path: Path
) -> None:
    app = open_app()
    other = App(tk.Tk(), puzzle=PuzzleChoice("", "Saved one", CLASSIC), why_delay_ms=0)
    path = tmp_path / "saved.sudoku.json"
    save_game(path, other.session.to_record())
    other.close()
    other.root.destroy()
    _play(app, 1)
    seen: list[Any] = []
    errors: list[BaseException] = []
    _answer(app, "Return", seen, errors)
    app.files.ask_open = lambda: path
    app.run_command("open")
    pump(app)
    assert not errors, errors
    assert "Replace it with the saved game saved.sudoku.json?" in seen[0][0]
    assert app.session.name == "Saved one" and app.files.path == path
    assert [e.record.puzzle_name for e in app.files.keeper.recent.entries()] == ["My game"]


def test_enter_a_puzzle_asks_and_cancel_brings_the_game_back_out_of_the_list(open_app: Callable[..., App]) -> None:
    app = open_app()
    _play(app, 2)
    before = _state(app)
    errors: list[BaseException] = []
    _answer(app, "Return", [], errors)
    app.run_command("enter-puzzle")
    pump(app)
    assert not errors, errors
    assert app.session.is_entering and len(app.files.keeper.recent.entries()) == 1
    app.press_notice("Cancel")
    pump(app)
    assert _state(app) == before and app.files.keeper.recent.entries() == []


# -- kept between runs, and when it can't be kept ------------------------------------------------


def test_the_recent_games_are_there_at_the_next_start(open_app: Callable[..., App], data_dir: Path) -> None:
    app = open_app()
    _play(app, 2)
    app.files.keeper.ask_replace = lambda question: True
    app.run_command("new-9")
    pump(app)
    app.close()
    app.root.destroy()
    assert len(list((data_dir / "recent").glob("*.json"))) == 1
    again = open_app(None)  # resumes the autosave: the fresh game
    assert again.commands.get("continue-recent").is_available()
    again.files.keeper.ask_recent = lambda entries: 0
    again.run_command("continue-recent")
    pump(again)
    assert again.session.name == "My game" and len(again.session.moves) == 2


def test_a_game_that_cannot_be_kept_is_not_replaced(open_app: Callable[..., App], data_dir: Path) -> None:
    app = open_app()
    _play(app, 2)
    before = _state(app)
    (data_dir / "recent").write_text("a file where the folder should be", encoding="utf-8")
    app.files.keeper.ask_replace = lambda question: True
    app.run_command("new-9")
    pump(app)
    assert _state(app) == before
    assert "could not be kept among the recent games" in app.banner_text()
    assert app.notice_buttons() == ["Replace anyway", "Keep playing"]
    app.press_notice("Replace anyway")
    pump(app)
    assert app.session.name != "My game"


def test_the_menu_offers_continue_under_new_game(make_app: MakeApp) -> None:
    app = make_app()
    command = app.commands.get("continue-recent")
    assert command.label == "Continue a recent game…" and command.menu == "Game"
    assert [c.id for c in app.commands.menu_groups("Game")[0]][:2] == ["new", "continue-recent"]
    assert not command.is_available()
    click(app, 1, SOLUTION[1])
    app.files.keeper.ask_replace = lambda question: "while this window is open" in question
    app.run_command("new-9")  # without a data folder the list lives in memory
    pump(app)
    assert command.is_available() and app.files.keeper.recent.folder is None
