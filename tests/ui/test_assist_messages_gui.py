"""Switching an assist from the Assist menu shows in the status bar what it changed on the board (Xvfb).

SE-rated #503 (../shared/data/puzzles): after 1 in r3c8 the hidden singles assist has placed six digits.
"""

from __future__ import annotations

import pytest
from gui_helpers import MakeApp, pump
from shared_data import read_puzzles

from sudoku_tk.engine.play.propagation import Assist

pytestmark = pytest.mark.gui

PUZZLE = read_puzzles("sudoku_exchange_se_rated.txt")[503]
R3C8, R1C8 = 2 * 9 + 7, 7


def test_the_assist_menu_says_which_digits_went_and_came_back(make_app: MakeApp) -> None:
    app = make_app(PUZZLE, "SE #503")
    assert app.session.place(R3C8, 1)
    pump(app)
    assert app.board.digit_text(R1C8) == "8" and app.board.digit_role(R1C8) == "auto"

    assert app.run_command("assist-hidden")
    pump(app)
    assert not app.session.has_assist(Assist.HIDDEN_SINGLES)
    assert app.status_text() == (
        "Place hidden singles: off. 6 digits the assists had placed are candidates again "
        "(r1c8=8, r2c7=9, r3c1=9 and 3 more)."
    )
    assert app.board.digit_text(R1C8) == "" and app.board.candidate_visible(R1C8, 8)

    assert app.run_command("assist-hidden")
    pump(app)
    assert app.status_text().startswith("Place hidden singles: on. The assists placed 6 digits (r1c8=8, ")
    assert app.board.digit_text(R1C8) == "8"

    assert app.run_command("assist-naked")
    pump(app)
    assert app.status_text() == "Place naked singles: off. Nothing on the board changed."
