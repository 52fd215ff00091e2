"""Find it yourself (issue 25) on a real window under Xvfb: a hint at rung 1, the panel's "Let me try" pressed with
the mouse, the X-Wing's eliminations removed one by one with right-clicks on the canvas; the panel says
"You found it: X-Wing …" and the game has X-Wing among the techniques found alone. A wrong removal during the try
is answered with the mistake diagnosis; "Show me" goes to rung 3 and nothing is found alone.

The position is SE-rated #367 of the public Sudoku Exchange set, one Step (a Locked Triple) in, with the singles
switched off in Hint > Techniques (as tests/ui/test_hint_panel.py does with the same puzzle): the hint is an X-Wing on
2 in rows 1 and 9 that removes 2 from r2c3, r2c8 and r7c3 (cells 11, 16, 56), checked against its unique solution.
"""

from __future__ import annotations

import tkinter as tk

import pytest
from gui_helpers import MakeApp, click, key, pump

from sudoku_tk.app.hints.views import Rung
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques
from sudoku_tk.ui.hints.panel import HintPanel
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

pytestmark = pytest.mark.gui

X_WING_PUZZLE = "6..7.4..5.........9..268..1.2.....9...4.3.2....7...6...6..4..5.....2....3..9.6..4"
X_WING_REMOVES = (11, 16, 56)
BEYOND_SINGLES = frozenset(default_techniques()) - {
    Technique.FULL_HOUSE,
    Technique.NAKED_SINGLE,
    Technique.HIDDEN_SINGLE,
}


def press_button(app: App, button: tk.Misc) -> None:
    """Click a panel button with the mouse (enter, press, release over it)."""
    pump(app)
    x, y = button.winfo_width() // 2, button.winfo_height() // 2
    button.event_generate("<Enter>", x=x, y=y)
    button.event_generate("<ButtonPress-1>", x=x, y=y)
    button.event_generate("<ButtonRelease-1>", x=x, y=y)
    pump(app)


def x_wing_at_rung_1(make_app: MakeApp) -> tuple[App, HintPanel]:
    app = make_app(X_WING_PUZZLE, "SE #367")
    panel = app.hint_panel
    assert isinstance(panel, HintPanel)
    panel.ladder.enabled = BEYOND_SINGLES
    key(app, "s")  # Step: the Locked Triple
    assert panel.title_text() == "Locked Triple"
    key(app, "h")
    assert panel.rung_text() == "Hint 1 of 4: where to look"
    assert panel.text() == "Look for an X-Wing on digit 2 in rows 1 and 9."
    assert panel.try_button.winfo_ismapped() and panel.try_button.cget("text") == "Let me try"
    return app, panel


def drawn_roles(app: App) -> set[str]:
    board = app.board
    return {t[5:] for i in board.find_withtag("step") for t in board.gettags(i) if t.startswith("role-")}


def test_the_players_right_clicks_find_the_x_wing(make_app: MakeApp) -> None:
    app, panel = x_wing_at_rung_1(make_app)
    press_button(app, panel.try_button)
    assert panel.rung_text() == "Your try (after hint 1 of 4)"
    assert panel.text().startswith("Look for an X-Wing on digit 2 in rows 1 and 9.\n\nYour turn:")
    assert panel.next_button.cget("text") == "Show me" and not panel.try_button.winfo_ismapped()
    assert drawn_roles(app) == {"defining_unit"}  # the secret kept: nothing beyond rung 1 on the board
    for n, cell in enumerate(X_WING_REMOVES):
        assert app.board.candidate_visible(cell, 2)
        click(app, cell, 2, button=3)
        if n < len(X_WING_REMOVES) - 1:
            assert panel.text().endswith("So far so good: nothing true is removed, but the step is not complete yet.")
            assert app.session.view().found_alone == frozenset()
    assert panel.rung_text() == "Found by yourself"
    assert panel.text().startswith("You found it: X-Wing on digit 2 in rows 1 and 9.")
    assert panel.next_button.cget("text") == "Hint"
    assert app.session.view().found_alone == frozenset({Technique.X_WING})
    assert [m.note for m in app.session.moves[1:]] == ["", "", ""]  # the player's own removals, not a hint's
    key(app, "z", CONTROL)  # undo does not un-find it
    assert app.session.view().found_alone == frozenset({Technique.X_WING})


def test_the_t_key_tries_and_a_wrong_removal_gets_the_mistake_diagnosis(make_app: MakeApp) -> None:
    app, panel = x_wing_at_rung_1(make_app)
    key(app, "t")
    assert panel.rung_text() == "Your try (after hint 1 of 4)"
    click(app, 11, 1, button=3)  # r2c3 needs 1
    assert panel.title_text() == "A mistake on the board"
    assert panel.text().startswith("r2c3 holds 2, but that is not the digit that belongs there.")
    assert panel.text().endswith(
        "Your try goes on: once the mistake is undone, keep looking (Show me gives the whole step)."
    )
    assert panel.try_button.winfo_ismapped() and panel.try_button.cget("text") == "Show me"
    assert panel.apply_button.cget("text") == "Undo to there"
    press_button(app, panel.apply_button)
    assert panel.rung_text() == "Your try (after hint 1 of 4)" and app.board.candidate_visible(11, 1)
    assert app.session.view().found_alone == frozenset()


def test_show_me_goes_to_rung_3_and_the_technique_is_not_found_alone(make_app: MakeApp) -> None:
    app, panel = x_wing_at_rung_1(make_app)
    press_button(app, panel.try_button)
    click(app, X_WING_REMOVES[0], 2, button=3)
    press_button(app, panel.next_button)  # "Show me"
    assert panel.rung_text() == "Hint 3 of 4: the full step"
    assert panel.text().endswith("— remove 2 from r2c3, r2c8 and r7c3.")
    assert not panel.ladder.trying and panel.ladder.view is not None and panel.ladder.view.rung is Rung.STEP
    assert "elimination" in drawn_roles(app)
    for cell in X_WING_REMOVES[1:]:
        if app.board.candidate_visible(cell, 2):
            click(app, cell, 2, button=3)
    assert app.session.view().found_alone == frozenset()
    assert app.session.view().hint_rungs == (2, 2, 2)  # the X-Wing was shown whole


def test_what_was_found_and_the_hint_rungs_come_back_with_the_autosaved_game(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app(X_WING_PUZZLE, "SE #367")
    panel = app.hint_panel
    assert isinstance(panel, HintPanel)
    panel.ladder.enabled = BEYOND_SINGLES
    key(app, "s")
    key(app, "h")
    key(app, "t")
    for cell in X_WING_REMOVES:
        click(app, cell, 2, button=3)
    assert panel.text().startswith("You found it: X-Wing")
    moves = app.session.moves
    app.close()
    app.root.destroy()
    again = open_app(None)  # the autosaved game, resumed
    assert again.session.moves == moves
    view = again.session.view()
    assert view.found_alone == frozenset({Technique.X_WING}) and view.hint_rungs == (2, 1, 1)
