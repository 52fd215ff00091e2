"""A contradiction on a real board (Xvfb): a wrong click is marked the moment it breaks the board, in shape and
colour, with its sentence in the status bar; the singles stop there; Undo takes it all away."""

from __future__ import annotations

import pytest
from gui_helpers import HARD, MakeApp, click, key, pump

from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL
from sudoku_tk.ui.window.theme import DARK, LIGHT

pytestmark = pytest.mark.gui

# r8c3=8 is wrong here (the solution has 1): the singles it sets off leave r1c4 with no candidate.
CASCADE = ".1....2.66.9.8.......3.4.....3..1...4.7...8.1...8..7.....6.3.......7.6.22.4....5."
SENTENCE = "Contradiction: r1c4 has no candidate left — after r8c3=8, move 1"


def place(app: App, cell: int, digit: int) -> None:
    """Click the candidate; if the click only chose the cell (an input mode where clicks select), type the digit."""
    click(app, cell, digit)
    if not app.session.position.values[cell]:
        key(app, str(digit))


def filled(app: App) -> int:
    return sum(1 for cell in range(81) if app.board.digit_text(cell))


def singles_on(app: App) -> None:
    """Switch the singles assists on through the Assist menu's commands."""
    for assist, command in ((Assist.NAKED_SINGLES, "assist-naked"), (Assist.HIDDEN_SINGLES, "assist-hidden")):
        if assist not in app.session.assists:
            app.run_command(command)
    pump(app)
    assert {Assist.NAKED_SINGLES, Assist.HIDDEN_SINGLES} <= app.session.assists


def test_a_wrong_click_marks_the_dead_cell_and_says_why(make_app: MakeApp) -> None:
    app = make_app(CASCADE)
    singles_on(app)  # an easy puzzle starts without them (level_assists.py); the cascade is what is tested
    board = app.board
    start = filled(app)
    assert board.candidate_visible(65, 8) and not board.find_withtag("contradiction")
    place(app, 65, 8)
    assert board.digit_text(65) == "8"
    assert filled(app) - start < 10  # the singles stopped at the contradiction (they used to fill 54 cells)
    # The dead cell r1c4: a heavy dashed outline and a "!" in the contradiction colour.
    outline = [i for i in board.find_withtag("contradiction-dead") if board.type(i) == "line"]
    glyph = [i for i in board.find_withtag("contradiction-glyph") if board.type(i) == "text"]
    assert len(outline) == 1 and len(glyph) == 1
    assert "contradiction-cell-3" in board.gettags(outline[0])
    assert board.itemcget(outline[0], "fill") == LIGHT.contradiction
    assert board.itemcget(outline[0], "dash") != ""
    x0, y0, x1, y1 = board.layout.cell_rect(3).coords()
    xs, ys = board.coords(outline[0])[::2], board.coords(outline[0])[1::2]
    assert x0 < min(xs) < max(xs) < x1 and y0 < min(ys) < max(ys) < y1  # round the cell, inside it
    assert float(board.itemcget(outline[0], "width")) >= 2
    assert board.itemcget(glyph[0], "text") == "!" and board.itemcget(glyph[0], "fill") == LIGHT.contradiction
    assert board.coords(glyph[0]) == pytest.approx(list(board.cell_center(3)))
    assert board.digit_text(3) == "" and not any(board.candidate_visible(3, d) for d in range(1, 10))
    assert app.status_text() == SENTENCE
    # Undo: the marks go, the sentence goes, and a right digit gets its whole cascade.
    key(app, "z", CONTROL)
    assert not board.find_withtag("contradiction")
    assert app.status_text() == "Undid r8c3=8"
    assert filled(app) == start
    solution = app.session.solution
    assert solution is not None
    place(app, 40, solution[40])  # r5c5: a right digit that sets off the singles to nearly the end
    assert not board.find_withtag("contradiction") and filled(app) - start > 40


def test_a_digit_with_no_place_outlines_its_units_with_a_label(make_app: MakeApp) -> None:
    # 5 stands in r2c4, r3c7 and r4c3: in row 1, 5 can go only in r1c1 or r1c2.
    vals = ["."] * 81
    vals[12] = vals[24] = vals[29] = "5"
    app = make_app("".join(vals))
    board = app.board
    app.run_command("assist-hidden")  # else crossing 5 out of r1c2 places it in r1c1 at once
    click(app, 1, 5, button=3)  # right click: cross 5 out of r1c2
    assert not board.candidate_visible(1, 5) and not board.find_withtag("contradiction")
    place(app, 54, 5)  # 5 in r7c1 takes its last place in row 1 (and in column 2 and box 1)
    outlines = [i for i in board.find_withtag("contradiction-unit") if board.type(i) == "line"]
    assert sorted(t for i in outlines for t in board.gettags(i) if t.startswith("contradiction-unit-")) == [
        "contradiction-unit-0",
        "contradiction-unit-10",
        "contradiction-unit-18",
    ]
    assert all(board.itemcget(i, "dash") and board.itemcget(i, "fill") == LIGHT.contradiction for i in outlines)
    row = next(i for i in outlines if "contradiction-unit-0" in board.gettags(i))
    xs, ys = board.coords(row)[::2], board.coords(row)[1::2]
    assert max(xs) - min(xs) > 8 * (max(ys) - min(ys))  # the whole row is outlined
    # 5 is struck out in its own slot of every empty cell of row 1, column 2 and box 1 (once per cell).
    struck = board.find_withtag("contradiction-digit")
    cells = {t for i in struck for t in board.gettags(i) if t.startswith("contradiction-cell-")}
    empty_cells = {c for u in (0, 10, 18) for c in app.session.geometry.units[u] if not app.session.position.values[c]}
    assert {board.itemcget(i, "text") for i in struck} == {"5"} and len(struck) == len(cells) == len(empty_cells)
    assert _covered_by_marks(app) == []
    assert app.status_text() == (
        "Contradiction: 5 has no place left in row 1 — after r7c1=5, move 2 (2 more marked on the board)"
    )
    key(app, "z", CONTROL)
    assert not board.find_withtag("contradiction") and app.status_text() == "Undid r7c1=5"


def _covered_by_marks(app: App) -> list:  # type: ignore[type-arg]
    """Digits and shown candidates that a contradiction mark's label or patch lies on (issue 22.13)."""
    board = app.board
    covered = []
    for item in board.find_withtag("contradiction-label"):
        x0, y0, x1, y1 = board.bbox(item)
        for other in board.find_overlapping(x0 + 1, y0 + 1, x1 - 1, y1 - 1):
            tags = board.gettags(other)
            shown = board.itemcget(other, "state") != "hidden"
            text = shown and board.type(other) == "text" and ("digit" in tags or "cand" in tags)
            if text and board.itemcget(other, "text"):
                covered.append(next(t for t in tags if t.startswith(("digit-", "cand-"))))
    return covered


def test_a_unit_mark_never_covers_the_digits_of_its_cells(make_app: MakeApp) -> None:
    """On a real puzzle the "no 3" label lay on r9c3's 4: now 3 is struck out where it would go, in empty slots."""
    app = make_app(HARD)
    s = app.session
    for cell in s.position.empty_cells():  # a removal that leaves a digit no place in a unit
        digit = next((d for d in s.position.candidate_set(cell) if _breaks_a_unit(app, cell, d)), None)
        if digit is not None:
            break
    assert digit is not None
    click(app, cell, digit, button=3)
    assert app.session.view().contradiction is not None and app.board.find_withtag("contradiction-digit")
    assert _covered_by_marks(app) == []


def _breaks_a_unit(app: App, cell: int, digit: int) -> bool:
    from sudoku_tk.app.game.session import Session

    trial = Session(app.session.start)
    trial.eliminate(cell, digit)
    note = trial.view().contradiction
    return note is not None and bool(note.lost_digits)


def test_the_marks_follow_the_theme_and_hide_while_paused(make_app: MakeApp) -> None:
    app = make_app(CASCADE)
    singles_on(app)  # an easy puzzle starts without them (level_assists.py); the cascade is what is tested
    place(app, 65, 8)
    board = app.board
    app.display.set_paused(True)
    pump(app)
    assert not board.find_withtag("contradiction")
    app.display.set_paused(False)
    pump(app)
    assert board.find_withtag("contradiction-dead")
    board.set_theme(DARK)
    pump(app)
    outline = [i for i in board.find_withtag("contradiction-dead") if board.type(i) == "line"]
    assert outline and board.itemcget(outline[0], "fill") == DARK.contradiction
