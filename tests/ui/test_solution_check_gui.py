"""A puzzle whose solutions take a while to count, in a real window (Xvfb): it is counted in the background while
the window stays usable, the notice says so and offers Cancel, and the puzzle is offered once it is counted.

The slow count is simulated (``SlowSearch`` runs until the test releases it, asking its ``stop`` as the real
search does), so nothing depends on the machine's speed; issue 22's puzzle, which once froze Open for more than a
minute, is pasted for real.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from gui_helpers import HARD, clipboard, key, pump

from sudoku_tk.app.puzzles import solution_check
from sudoku_tk.app.puzzles.solution_check import forget_counts
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import SearchStopped, first_solutions
from sudoku_tk.ui.games.solution_checks import CHECKING
from sudoku_tk.ui.window.app import App

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
ISSUE_22 = (
    "....................F.....D.G.E.......DGE......F......E...FG...D........G..D..F......E........G.....G.FD.E......."
    ".......F...E.D....FD..E.......G.....G.F....DE.....G....DFE........D.....G...F.....E.FG......D......E....D...G..."
    ".........GF...E.....D.....EF..."
)


class SlowSearch:
    """The engine's ``first_solutions``; once ``armed``, it starts only when ``release`` is set (asking ``stop``
    meanwhile)."""

    def __init__(self) -> None:
        self.armed = False
        self.release = threading.Event()
        self.running = 0

    def __call__(self, grid: Grid, limit: int = 2, *, stop: Any = None) -> list[tuple[int, ...]]:
        self.running += 1
        try:
            while self.armed and not self.release.is_set():
                if stop is not None and stop():
                    raise SearchStopped
                time.sleep(0.002)
            return first_solutions(grid, limit)
        finally:
            self.running -= 1


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowSearch]:
    forget_counts()
    search = SlowSearch()
    monkeypatch.setattr(solution_check, "first_solutions", search)
    yield search
    search.release.set()
    forget_counts()


def until(app: App, done: Callable[[], bool], what: str) -> None:
    """Run the window's events until ``done()`` (a guard of a minute against a hang, not a measure of speed)."""
    deadline = time.monotonic() + 60
    while not done():
        assert time.monotonic() < deadline, f"the window never got there: {what}"
        pump(app)
        time.sleep(0.01)


def _state(app: App) -> tuple:  # type: ignore[type-arg]
    s = app.session
    return s.start, s.moves, s.name, s.position.values


def test_a_pasted_puzzle_is_counted_in_the_background_and_cancel_keeps_the_game(open_app, slow) -> None:  # type: ignore[no-untyped-def]
    app = open_app(HARD)
    before = _state(app)
    slow.armed = True
    clipboard(app, CLASSIC)
    app.run_command("paste")
    until(app, lambda: slow.running == 1, "the count started")
    assert app.banner_text() == CHECKING and app.notice_buttons() == ["Cancel"]
    # The window still answers the player: the cursor moves on the old board.
    key(app, "Right")
    pump(app)
    assert _state(app) == before
    app.press_notice("Cancel")
    until(app, lambda: slow.running == 0, "the count stopped")
    assert app.status_text() == "Stopped checking the puzzle; your game is unchanged"
    assert _state(app) == before and app.banner_text() == ""
    slow.release.set()
    for _ in range(5):  # nothing comes of the cancelled count
        pump(app)
        time.sleep(0.02)
    assert _state(app) == before


def test_a_pasted_puzzle_is_played_once_counted(open_app, slow) -> None:  # type: ignore[no-untyped-def]
    app = open_app(HARD)
    slow.armed = True
    clipboard(app, CLASSIC)
    app.run_command("paste")
    until(app, lambda: app.banner_text() == CHECKING, "the checking notice")
    slow.release.set()
    until(app, lambda: app.session.name == "Pasted puzzle", "the pasted puzzle started")
    assert app.session.start.givens == parse_grid(CLASSIC).givens
    assert app.session.is_unique and app.banner_text() == ""


def test_several_solutions_found_in_the_background_are_asked_about(open_app, slow) -> None:  # type: ignore[no-untyped-def]
    app = open_app(HARD)
    before = _state(app)
    slow.armed = True
    clipboard(app, SEVERAL)
    app.run_command("paste")
    until(app, lambda: app.banner_text() == CHECKING, "the checking notice")
    slow.release.set()
    until(app, lambda: "more than one solution" in app.banner_text(), "the question")
    assert app.notice_buttons() == ["Play anyway", "Cancel"] and _state(app) == before


def test_givens_entered_on_the_board_are_counted_in_the_background(open_app, slow) -> None:  # type: ignore[no-untyped-def]
    app = open_app(HARD)
    app.files.keeper.ask_replace = lambda question: True
    app.run_command("enter-puzzle")
    pump(app)
    givens = parse_grid(CLASSIC).givens
    for cell, digit in enumerate(givens):
        if digit:
            assert app.session.place(cell, digit)
    slow.armed = True
    app.press_notice("Start")
    until(app, lambda: app.banner_text() == CHECKING, "the checking notice")
    app.press_notice("Cancel")
    until(app, lambda: app.notice_buttons() == ["Start", "Cancel"], "back to entering")
    assert app.session.is_entering
    slow.release.set()
    app.press_notice("Start")
    until(app, lambda: not app.session.is_entering, "the entered puzzle started")
    assert app.session.start.givens == givens and app.session.name == "Entered puzzle"


def test_a_game_whose_solution_takes_long_is_checked_in_the_background(open_app, slow) -> None:  # type: ignore[no-untyped-def]
    slow.armed = True
    app = open_app(CLASSIC)
    until(app, lambda: app.status_text() == CHECKING, "the checking status")
    assert not app.session.is_unique
    slow.release.set()
    until(app, lambda: app.status_text() == "Checked: the puzzle has one solution", "the check's result")
    assert app.session.is_unique and app.commands.get("solve").is_available()


def test_issue_22s_puzzle_is_refused_at_once(open_app) -> None:  # type: ignore[no-untyped-def]
    forget_counts()
    app = open_app(HARD)
    before = _state(app)
    clipboard(app, ISSUE_22)
    app.run_command("paste")
    pump(app)
    assert app.banner_text() == "This puzzle cannot be played: the puzzle has no solution. Your game is unchanged."
    assert _state(app) == before
