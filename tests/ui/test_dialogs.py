"""Dialogs: the pure ``*_ok()`` validators, then the real Tk dialogs under Xvfb (``gui`` marker)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.storage.game_io import TextKind
from sudoku_tk.app.storage.settings import Settings, Theme
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.ui.dialogs.new_game import ANY_LEVEL_LABEL, NewGameDialog, level_ok, new_game_ok
from sudoku_tk.ui.dialogs.puzzle_and_preferences import (
    PreferencesDialog,
    PuzzleTextDialog,
    preferences_ok,
    puzzle_text_ok,
    zoom_ok,
)
from sudoku_tk.ui.games.file_choosers import ask_export_path, ask_open_path, ask_save_game_path, game_file_name

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
CONFLICT = "5" + CLASSIC[1:3] + "5" + CLASSIC[4:]  # a second 5 in row 1, at r1c4
SEVERAL = CLASSIC_SOLUTION[:-20] + "." * 20

# -- pure validation ----------------------------------------------------------------


def test_level_ok() -> None:
    assert level_ok("Hard") == (Level.HARD, "")
    assert level_ok(ANY_LEVEL_LABEL) == ("any", "")
    value, message = level_ok("insane")
    assert value is None and "'insane'" in message and "Extreme" in message


def test_new_game_random_at_a_level() -> None:
    entry, message = new_game_ok(9, "Extreme", rng=random.Random(1))
    assert message == "" and entry is not None
    assert entry.size == 9 and entry.level is Level.EXTREME


def test_new_game_any_level_with_a_seeded_rng_is_repeatable() -> None:
    a, _ = new_game_ok("16", "any", rng=random.Random(5))
    b, _ = new_game_ok("16", "any", rng=random.Random(5))
    assert a == b and a is not None and a.size == 16


def test_new_game_avoids_recent_puzzles() -> None:
    pool = puzzles.puzzles_for(4)
    recent = [e.id for e in pool[1:]]
    for seed in range(10):
        assert new_game_ok(4, "any", recent_ids=recent, rng=random.Random(seed))[0] == pool[0]


def test_new_game_specific_puzzle() -> None:
    assert new_game_ok(9, "any", "classic") == (puzzles.by_id("classic"), "")
    entry, message = new_game_ok(4, "any", "classic")
    assert entry is None and "9×9 puzzle, not 4×4" in message
    entry, message = new_game_ok(9, "any", "nope")
    assert entry is None and "'nope'" in message


@pytest.mark.parametrize("size", [0, 5, "x", None])
def test_new_game_bad_size(size: Any) -> None:
    entry, message = new_game_ok(size)
    assert entry is None and message == "Choose a board size: 4×4, 9×9, 16×16."


def test_new_game_level_missing_for_size() -> None:
    entry, message = new_game_ok(4, "Extreme")
    assert entry is None and message == "There is no built-in 4×4 puzzle at level Extreme."


def test_puzzle_text_ok_accepts_a_proper_puzzle() -> None:
    incoming, message = puzzle_text_ok(CLASSIC)
    assert incoming is not None and incoming.is_proper and message == ""


def test_puzzle_text_ok_names_conflicting_cells() -> None:
    incoming, message = puzzle_text_ok(CONFLICT)
    assert incoming is None
    assert "r1c1" in message and "r1c4" in message and "row 1" in message


def test_puzzle_text_ok_wants_confirmation_for_several_solutions() -> None:
    incoming, message = puzzle_text_ok(SEVERAL)
    assert incoming is None and "more than one solution" in message and "Play it anyway" in message
    incoming, message = puzzle_text_ok(SEVERAL, play_anyway=True)
    assert incoming is not None and incoming.has_several_solutions


def test_puzzle_text_ok_rejects_text_that_is_no_puzzle() -> None:
    incoming, message = puzzle_text_ok("12345")
    assert incoming is None and message.startswith("This is not a puzzle the app can read")


@pytest.mark.parametrize(("text", "value"), [("100", 100), (" 150% ", 150), (50, 50), ("300", 300)])
def test_zoom_ok_good(text: Any, value: int) -> None:
    assert zoom_ok(text) == (value, "")


@pytest.mark.parametrize(("text", "needle"), [("abc", "whole number"), ("49", "from 50 to 300"), ("1e3", "whole")])
def test_zoom_ok_bad(text: str, needle: str) -> None:
    value, message = zoom_ok(text)
    assert value is None and needle in message


def test_preferences_ok_keeps_what_the_dialog_does_not_show() -> None:
    base = Settings(recent_ids=("classic",), last_directory="/tmp")
    new, message = preferences_ok(base, [Assist.PEERS], True, False, "dark", "120")
    assert message == "" and new is not None
    assert new.assists == frozenset({Assist.PEERS}) and new.check_mistakes and new.theme is Theme.DARK
    assert new.board_zoom == 120 and new.recent_ids == ("classic",) and new.last_directory == "/tmp"
    assert preferences_ok(base, [], False, False, "pink", "100")[0] is None
    assert preferences_ok(base, [], False, False, "dark", "x")[0] is None


def test_game_file_name() -> None:
    assert game_file_name("The classic") == "The classic.sudoku.json"
    assert game_file_name("../x:y") == "xy.sudoku.json"
    assert game_file_name("") == "game.sudoku.json"


# -- file choosers (the Tk chooser replaced by a recorder) ---------------------------


class FakeChooser:
    def __init__(self, answer: Any) -> None:
        self.answer = answer
        self.kwargs: dict[str, Any] = {}

    def __call__(self, **kwargs: Any) -> Any:
        self.kwargs = kwargs
        return self.answer


def test_open_chooser_returns_a_path_or_none() -> None:
    chooser = FakeChooser("/tmp/a.sdk")
    assert ask_open_path(None, "/tmp", chooser=chooser) == Path("/tmp/a.sdk")  # type: ignore[arg-type]
    assert chooser.kwargs["initialdir"] == "/tmp"
    assert any("*.sdk" in pattern for _, pattern in chooser.kwargs["filetypes"])
    assert ask_open_path(None, chooser=FakeChooser("")) is None  # type: ignore[arg-type]
    assert ask_open_path(None, chooser=FakeChooser(())) is None  # type: ignore[arg-type]


def test_save_chooser_adds_the_game_extension() -> None:
    assert ask_save_game_path(None, chooser=FakeChooser("/tmp/mine")) == Path("/tmp/mine.sudoku.json")  # type: ignore[arg-type]
    assert ask_save_game_path(None, chooser=FakeChooser("/tmp/x.json")) == Path("/tmp/x.json")  # type: ignore[arg-type]
    chooser = FakeChooser("/tmp/c.txt")
    assert ask_export_path(None, TextKind.CANDIDATES, "", "c.txt", chooser=chooser) == Path("/tmp/c.txt")  # type: ignore[arg-type]
    assert chooser.kwargs["title"] == "Export candidate grid" and chooser.kwargs["initialfile"] == "c.txt"


# -- real dialogs under Xvfb ----------------------------------------------------------


@pytest.fixture(scope="module")
def root() -> Iterator[Any]:
    import tkinter as tk

    r = tk.Tk()
    r.withdraw()
    yield r
    r.destroy()


def _alive(widget: Any) -> bool:
    return bool(widget.winfo_exists())


@pytest.mark.gui
def test_new_game_pick_a_level_then_ok_returns_such_a_puzzle(root: Any) -> None:
    dlg = NewGameDialog(root, rng=random.Random(2), show=False)
    assert dlg.level_box.cget("values")[0] == ANY_LEVEL_LABEL
    dlg.level_var.set("Hard")
    dlg.level_box.event_generate("<<ComboboxSelected>>")
    assert all(e.level is Level.HARD for e in dlg.shown) and len(dlg.shown) == dlg.puzzle_list.size()
    dlg.ok()
    assert not _alive(dlg)
    assert dlg.result is not None and dlg.result.level is Level.HARD and dlg.result.size == 9


@pytest.mark.gui
def test_new_game_size_change_offers_that_sizes_levels_and_puzzles(root: Any) -> None:
    dlg = NewGameDialog(root, level="extreme", show=False)
    assert dlg.level_var.get() == "Extreme"
    dlg.size_buttons[4].invoke()
    assert list(dlg.level_box.cget("values")) == [ANY_LEVEL_LABEL, "Easy"]
    assert dlg.level_var.get() == ANY_LEVEL_LABEL  # extreme is not offered for 4×4
    assert dlg.puzzle_list.size() == len(puzzles.puzzles_for(4))
    target = puzzles.puzzles_for(4)[3]
    dlg.select_puzzle(target.id)
    dlg.ok()
    assert dlg.result == target


@pytest.mark.gui
def test_new_game_list_mode_without_a_choice_says_so_and_stays_open(root: Any) -> None:
    dlg = NewGameDialog(root, show=False)
    dlg.pick_button.invoke()
    dlg.ok()
    assert _alive(dlg) and dlg.result is None
    assert dlg.message.get() == "Choose a puzzle from the list, or pick a random one."
    dlg.cancel()
    assert not _alive(dlg) and dlg.result is None


@pytest.mark.gui
def test_new_game_random_skips_recently_played(root: Any) -> None:
    pool = puzzles.puzzles_for(4)
    dlg = NewGameDialog(root, size=4, recent_ids=[e.id for e in pool if e != pool[5]], show=False)
    dlg.ok()
    assert dlg.result == pool[5]


@pytest.mark.gui
def test_new_game_keys_return_and_escape(root: Any) -> None:
    dlg = NewGameDialog(root, size=16, show=False)
    dlg.deiconify()
    dlg.update()
    dlg.focus_force()
    dlg.update()
    dlg.event_generate("<Return>")
    dlg.update()
    assert not _alive(dlg) and dlg.result is not None and dlg.result.size == 16
    dlg = NewGameDialog(root, show=False)
    dlg.deiconify()
    dlg.update()
    dlg.focus_force()
    dlg.update()
    dlg.event_generate("<Escape>")
    dlg.update()
    assert not _alive(dlg) and dlg.result is None


@pytest.mark.gui
def test_new_game_shown_modally_returns_after_ok(root: Any) -> None:
    seen: dict[str, Any] = {}

    def press_ok() -> None:
        dialogs = [w for w in root.winfo_children() if isinstance(w, NewGameDialog) and w.winfo_viewable()]
        seen["dialogs"] = len(dialogs)
        seen["grab"] = root.grab_current()
        dialogs[-1].level_var.set("Medium")
        dialogs[-1].ok_button.invoke()

    def give_up() -> None:  # never hang the suite: close whatever is still open
        for w in root.winfo_children():
            if isinstance(w, NewGameDialog):
                w.cancel()

    root.after(300, press_ok)
    guard = root.after(10_000, give_up)
    dlg = NewGameDialog(root, rng=random.Random(9))  # blocks until press_ok closes it
    root.after_cancel(guard)
    assert seen["dialogs"] == 1 and seen["grab"] is dlg
    assert dlg.result is not None and dlg.result.level is Level.MEDIUM


@pytest.mark.gui
def test_paste_with_conflicts_shows_the_cells_and_returns_nothing(root: Any) -> None:
    dlg = PuzzleTextDialog(root, CONFLICT, show=False)
    dlg.ok()
    assert _alive(dlg) and dlg.result is None
    assert "r1c1" in dlg.message.get() and "r1c4" in dlg.message.get()
    assert {0, 3} <= set(dlg.problem_cells)
    dlg.set_text(CLASSIC)
    dlg.ok()
    assert not _alive(dlg)
    assert dlg.result is not None and dlg.result.is_proper and dlg.result.grid.to_string() == CLASSIC


@pytest.mark.gui
def test_paste_with_several_solutions_needs_play_anyway(root: Any) -> None:
    dlg = PuzzleTextDialog(root, SEVERAL, show=False)
    assert str(dlg.anyway_button.cget("state")) == "disabled"
    dlg.ok()
    assert _alive(dlg) and dlg.result is None and "more than one solution" in dlg.message.get()
    assert str(dlg.anyway_button.cget("state")) == "normal"
    dlg.anyway_button.invoke()
    dlg.ok()
    assert not _alive(dlg) and dlg.result is not None and dlg.result.has_several_solutions


@pytest.mark.gui
def test_paste_of_text_that_is_no_puzzle(root: Any) -> None:
    dlg = PuzzleTextDialog(root, "shopping list: eggs, milk", show=False)
    dlg.ok()
    assert _alive(dlg) and dlg.result is None and "not a puzzle" in dlg.message.get()
    dlg.cancel()


@pytest.mark.gui
def test_return_in_the_text_box_types_a_new_line(root: Any) -> None:
    dlg = PuzzleTextDialog(root, CLASSIC, show=False)
    dlg.deiconify()
    dlg.update()
    dlg.text.focus_force()
    dlg.text.mark_set("insert", "end")
    dlg.update()
    dlg.text.event_generate("<Return>")
    dlg.update()
    assert _alive(dlg) and dlg.text.get("1.0", "end-1c") == CLASSIC + "\n"
    dlg.ok()
    assert dlg.result is not None and dlg.result.is_proper


@pytest.mark.gui
def test_preferences_validate_and_return_new_settings(root: Any) -> None:
    base = Settings(recent_ids=("classic",))
    dlg = PreferencesDialog(root, base, show=False)
    assert all(v.get() for v in dlg.assist_vars.values()) and dlg.theme_var.get() == "system"
    dlg.assist_vars[Assist.HIDDEN_SINGLES].set(False)
    dlg.check_var.set(True)
    dlg.theme_var.set("dark")
    dlg.zoom_var.set("abc")
    dlg.ok()
    assert _alive(dlg) and "whole number" in dlg.message.get()
    dlg.zoom_var.set("150")
    dlg.ok()
    assert not _alive(dlg)
    assert dlg.result == Settings(
        assists=frozenset({Assist.PEERS, Assist.NAKED_SINGLES}),
        check_mistakes=True,
        theme=Theme.DARK,
        board_zoom=150,
        recent_ids=("classic",),
    )


@pytest.mark.gui
def test_preferences_cancel_returns_nothing(root: Any) -> None:
    dlg = PreferencesDialog(root, Settings(), show=False)
    dlg.theme_var.set("light")
    dlg.cancel()
    assert dlg.result is None
