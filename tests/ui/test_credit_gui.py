"""Honest credit on a real window (Xvfb): the solved card says "Well done" only to a player who solved alone,
names the hints and revealed cells otherwise; the timer starts with the first move and Restart sets it to zero."""

from __future__ import annotations

from dataclasses import replace

import pytest
from gui_helpers import MakeApp, click, key, pump

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.storage.settings import DEFAULTS
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.solving.brute_force import solve

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SOLUTION = solve(parse_grid(CLASSIC))
assert SOLUTION is not None
# The classic with only eight cells open: a short game, and no single is placed for the player.
NEARLY = "".join("." if i in (2, 3, 13, 30, 40, 50, 67, 78) else str(d) for i, d in enumerate(SOLUTION))
PEERS_ONLY = replace(DEFAULTS, assists=frozenset({Assist.PEERS}))


def _finish(app) -> None:  # type: ignore[no-untyped-def]
    """Click the solution's digit into every empty cell."""
    assert SOLUTION is not None
    while not app.session.is_solved():
        cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
        click(app, cell, SOLUTION[cell])


def test_solved_alone_says_well_done(make_app: MakeApp) -> None:
    app = make_app(NEARLY, settings=PEERS_ONLY)
    _finish(app)
    assert app.card_text().startswith("Solved!\nTime taken: ") and app.card_text().endswith("Well done!")


def test_an_applied_hint_is_named_on_the_card_instead_of_well_done(make_app: MakeApp) -> None:
    app = make_app(NEARLY, settings=PEERS_ONLY)
    for _ in range(4):  # where to look, the pattern, the step, then Apply
        key(app, "h")
    assert len(app.session.moves) == 1
    _finish(app)
    card = app.card_text()
    assert card.startswith("Solved, with help\nSolved with 1 hint. Time: ") and "Well done" not in card
    assert app.status_text().startswith("Solved with 1 hint. Time: ")  # said once, not after the title


def test_step_and_reveal_are_both_named(make_app: MakeApp) -> None:
    app = make_app(NEARLY, settings=PEERS_ONLY)
    key(app, "s")  # Step
    cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
    click(app, cell)  # select it
    app.run_command("reveal-cell")
    app.press_notice("Reveal")
    pump(app)
    app.run_command("undo")  # taking the revealed digit back does not take the help back
    pump(app)
    _finish(app)
    assert "Solved with 1 hint and 1 revealed cell." in app.card_text()


def test_the_timer_waits_for_the_first_move_and_restart_sets_it_to_zero(make_app: MakeApp) -> None:
    now = [1000.0]
    session = Session(parse_grid(CLASSIC), "Timed", assists=[Assist.PEERS], clock=lambda: now[0])
    app = make_app(CLASSIC, session=session)
    now[0] += 30  # looking at the puzzle does not count
    app.clock.update()
    assert app.timer_text() == "Time 0:00" and not app.session.is_clock_running()
    assert SOLUTION is not None
    click(app, 2, SOLUTION[2])
    assert app.session.is_clock_running()
    now[0] += 75
    app.clock.update()
    assert app.timer_text() == "Time 1:15"
    app.toolbar_button("restart").invoke()
    pump(app)
    app.clock.update()
    assert app.timer_text() == "Time 0:00" and not app.session.is_clock_running()
    app.run_command("redo")  # the next move starts it again
    assert app.session.is_clock_running()
