"""The hint panel on a real window (Xvfb): real key presses climb the ladder; the drawn canvas items (roles as tags)
and the panel's text are checked at every rung; Apply changes the board and Undo restores it; All steps and the
Solution path draw what is selected; Step and Solve to the end drive the game.

Positions are public puzzles (../shared/data/puzzles, SE-rated set) whose hints were found by running the engine;
the effects asserted are exact and agree with the puzzles' unique solutions.
"""

from __future__ import annotations

import time

import pytest
from gui_helpers import MakeApp, click, key, pump
from shared_data import PUZZLES, read_puzzles, shared_file

from sudoku_tk.engine.rating.score import Level
from sudoku_tk.engine.solving.technique_sets import up_to_level
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques, implemented
from sudoku_tk.ui.hints.panel import HintPanel
from sudoku_tk.ui.window.keys import CONTROL, SHIFT

pytestmark = pytest.mark.gui

NAKED_PAIR = 503  # SE-rated #503: the first hint beyond the singles is a Naked Pair in row 6
X_WING = 367  # SE-rated #367: after one Step (a Locked Triple) the hint is an X-Wing on 2 in rows 1 and 9


SINGLES = {Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE}
BEYOND_SINGLES = frozenset(default_techniques()) - SINGLES
"""The singles switched off in Hint > Techniques: the hint looks past the starting grid's singles."""


def se(index: int) -> str:
    return read_puzzles("sudoku_exchange_se_rated.txt")[index]


def panel_of(app) -> HintPanel:  # type: ignore[no-untyped-def]
    panel = app.hint_panel
    assert isinstance(panel, HintPanel)
    return panel


def step_roles(app) -> set[str]:  # type: ignore[no-untyped-def]
    board = app.board
    return {t[5:] for i in board.find_withtag("step") for t in board.gettags(i) if t.startswith("role-")}


def marked(app, role: str) -> set[str]:  # type: ignore[no-untyped-def]
    """The ``step-cand-<cell>-<digit>`` (or ``step-cell-<cell>``) tags of a role's items."""
    board = app.board
    out = set()
    for i in board.find_withtag(f"role-{role}"):
        tags = board.gettags(i)
        cand = [t for t in tags if t.startswith("step-cand-")]
        out.update(cand or [t for t in tags if t.startswith("step-cell-")])
    return out


def untagged_step_items(app) -> list[int]:  # type: ignore[no-untyped-def]
    board = app.board
    return [
        i for i in board.find_withtag("step") if not any(t.startswith("role-") or t == "link" for t in board.gettags(i))
    ]


def test_naked_pair_four_presses_of_h_then_undo(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR), "SE #503")
    panel, board = panel_of(app), app.board
    panel.ladder.enabled = BEYOND_SINGLES
    assert panel.title_text() == "Hints" and not board.find_withtag("step")

    key(app, "h")
    assert panel.rung_text() == "Hint 1 of 4: where to look"
    assert panel.title_text() == "Naked Pair"
    assert panel.text() == "Look for a Naked Pair in row 6."
    assert panel.help_text().startswith("Find two cells in one unit that hold exactly the same two candidates")
    assert step_roles(app) == {"defining_unit"}
    assert app.session.moves == ()

    key(app, "h")
    assert panel.rung_text() == "Hint 2 of 4: the pattern"
    assert panel.text() == "r6c2 and r6c7 can only hold 3 or 6, so no other cell of row 6 can hold 3 or 6."
    assert step_roles(app) == {"defining_unit", "pattern"}
    assert marked(app, "pattern") == {"step-cand-46-3", "step-cand-46-6", "step-cand-51-3", "step-cand-51-6"}
    assert {t for i in panel._legend.find_withtag("legend") for t in panel._legend.gettags(i)} >= {
        "legend-pattern",
        "legend-defining_unit",
    }

    key(app, "h")
    assert panel.rung_text() == "Hint 3 of 4: the full step"
    assert panel.text().endswith("— remove 3 from r6c3, and 6 from r6c5.")
    assert step_roles(app) == {"defining_unit", "pattern", "elimination"}
    assert marked(app, "elimination") == {"step-cand-47-3", "step-cand-49-6"}
    strikes = [i for i in board.find_withtag("strike") if "step-cand-47-3" in board.gettags(i)]
    assert len(strikes) == 2  # an X through the candidate
    assert board.candidate_visible(47, 3) and board.candidate_visible(49, 6)
    assert untagged_step_items(app) == []

    key(app, "h")
    assert panel.rung_text() == "Hint 4 of 4: applied"
    assert panel.text().startswith("Applied: remove 3 from r6c3, and 6 from r6c5.")
    assert len(app.session.moves) == 1 and app.session.moves[0].note == "Naked Pair"  # type: ignore[union-attr]
    # The eliminations let the assists fill both cells.
    assert board.digit_text(47) == "7" and board.digit_text(49) == "2"
    assert board.digit_role(47) == "auto"

    key(app, "z", CONTROL)  # Undo
    assert app.session.moves == ()
    assert board.digit_text(47) == "" and board.candidate_visible(47, 3) and board.candidate_visible(49, 6)
    assert panel.title_text() == "Hints" and not board.find_withtag("step")


def test_x_wing_four_presses_draw_base_cover_corners_and_strikes(make_app: MakeApp) -> None:
    app = make_app(se(X_WING), "SE #367")
    panel, board = panel_of(app), app.board
    panel.ladder.enabled = BEYOND_SINGLES
    key(app, "s")  # Step: the Locked Triple first
    assert len(app.session.moves) == 1 and panel.title_text() == "Locked Triple"
    before = app.session.position

    key(app, "F1")
    assert panel.text() == "Look for an X-Wing on digit 2 in rows 1 and 9."
    assert step_roles(app) == {"defining_unit"}
    units = [
        i
        for i in board.find_withtag("role-defining_unit")
        if board.type(i) == "rectangle" and board.itemcget(i, "dash")
    ]
    assert len(units) == 2  # rows 1 and 9, outlined dashed

    key(app, "h")
    assert step_roles(app) == {"defining_unit", "cover_unit", "pattern"}
    assert marked(app, "pattern") == {"step-cand-2-2", "step-cand-7-2", "step-cand-74-2", "step-cand-79-2"}
    assert panel.text().startswith("In rows 1 and 9, 2 can only go in columns 3 and 8")

    key(app, "h")
    assert marked(app, "elimination") == {"step-cand-11-2", "step-cand-16-2", "step-cand-56-2"}
    assert panel.text().endswith("— remove 2 from r2c3, r2c8 and r7c3.")

    key(app, "h")
    assert len(app.session.moves) == 2 and app.session.moves[-1].note == "X-Wing"  # type: ignore[union-attr]
    pos = app.session.position
    assert all(pos.values[c] or not pos.has_candidate(c, 2) for c in (11, 16, 56))
    assert pos.values != before.values or pos.candidates != before.candidates

    key(app, "z", CONTROL)
    assert app.session.position.candidates == before.candidates and app.session.position.values == before.values
    for cell in (11, 16, 56):
        assert board.candidate_visible(cell, 2)


def test_the_toolbar_button_and_the_panel_buttons(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel = panel_of(app)
    app.toolbar_button("hint").invoke()
    pump(app)
    assert panel.rung_text() == "Hint 1 of 4: where to look"
    panel.next_button.invoke()
    pump(app)
    assert panel.rung_text() == "Hint 2 of 4: the pattern"
    panel.apply_button.invoke()
    pump(app)
    assert panel.rung_text() == "Hint 4 of 4: applied" and len(app.session.moves) == 1
    assert panel.apply_button.instate(["disabled"])
    panel.close_button.invoke()
    pump(app)
    assert panel.title_text() == "Hints" and not app.board.find_withtag("step")


def test_a_move_resets_the_ladder(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel = panel_of(app)
    key(app, "h")
    key(app, "h")
    solution = app.session.solution
    assert solution is not None
    cell = app.session.position.empty_cells()[-1]
    click(app, cell, solution[cell])
    assert panel.title_text() == "Hints" and not app.board.find_withtag("step")
    key(app, "h")
    assert panel.rung_text() == "Hint 1 of 4: where to look"


def test_a_wrong_digit_is_named_and_hint_again_undoes_to_before_it(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel, session = panel_of(app), app.session
    solution = session.solution
    assert solution is not None
    pos = session.position
    cell = next(c for c in pos.empty_cells() if bin(pos.candidates[c]).count("1") >= 3)
    wrong = next(d for d in range(1, 10) if pos.has_candidate(cell, d) and d != solution[cell])
    click(app, cell, wrong)
    assert len(session.moves) == 1
    key(app, "h")
    assert panel.title_text() == "A mistake on the board"
    assert "It goes back to move 1" in panel.text()
    assert str(panel.apply_button.cget("text")) == "Undo to there"
    assert app.board.find_withtag("step")
    key(app, "h")
    assert session.moves == () and app.board.digit_text(cell) == ""
    assert panel.title_text() == "Undone"


def _click_line(app, listbox, index: int) -> None:  # type: ignore[no-untyped-def]
    pump(app)
    listbox.see(index)
    pump(app)
    x, y, w, h = listbox.bbox(index)
    listbox.event_generate("<Button-1>", x=x + 5, y=y + h // 2)
    listbox.event_generate("<ButtonRelease-1>", x=x + 5, y=y + h // 2)
    pump(app)


def test_show_all_steps_and_select_one_draws_it(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel = panel_of(app)
    app.run_command("all-steps")
    pump(app)
    panel.lists.wait()  # worked out in the background (issue 21)
    assert panel.summary_text("steps").endswith("available now; select one to see it.")
    first = str(panel.steps_list.get(0))
    assert first == "Naked Pair: remove 3 from r6c3, and 6 from r6c5"
    _click_line(app, panel.steps_list, 0)
    assert panel.steps_list.curselection() == (0,)
    assert step_roles(app) == {"defining_unit", "pattern", "elimination"}
    assert marked(app, "elimination") == {"step-cand-47-3", "step-cand-49-6"}
    assert app.status_text().startswith("Naked Pair: r6c2 and r6c7 can only hold 3 or 6")
    assert app.session.moves == ()


def test_solution_path_selection_previews_the_board_and_a_click_returns(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel, board = panel_of(app), app.board
    app.run_command("solution-path")
    pump(app)
    panel.lists.wait()  # worked out in the background (issue 21)
    assert panel.summary_text("path").startswith("Logic solves the puzzle from here in ")
    count = panel.path_list.size()
    assert str(panel.path_list.get(count - 1)) == "Solved."
    path = panel.ladder.solution_path()
    index = 5
    _click_line(app, panel.path_list, index)
    assert panel.is_previewing
    grid = path.grids[index]
    for cell in range(81):
        assert board.digit_text(cell) == (str(grid.values[cell]) if grid.values[cell] else "")
    step = path.entries[index].step
    placements = {f"step-cand-{p.cell}-{p.digit}" for p in step.placements}
    assert placements and placements <= marked(app, "placement")
    assert app.status_text().startswith(f"Preview before step {index + 1} (click the board to go back): ")
    # A click on the board goes back to the game and makes no move.
    click(app, 0)
    assert not panel.is_previewing and app.session.moves == ()
    real = app.session.position
    assert all(board.digit_text(c) == (str(real.values[c]) if real.values[c] else "") for c in range(81))


def test_solution_path_says_where_the_solver_gets_stuck(make_app: MakeApp) -> None:
    # Only the player's own choice of techniques can leave a one-solution puzzle stuck.
    app = make_app(read_puzzles("top95.txt")[6], "top95 #7")
    app.update_settings(app.settings.with_techniques(up_to_level(implemented(), Level.HARD)))
    panel = panel_of(app)
    panel.show_tab("path")
    pump(app)
    panel.lists.wait()  # worked out in the background (issue 21)
    assert "The solver gets stuck after" in panel.summary_text("path")
    last = panel.path_list.size() - 1
    assert str(panel.path_list.get(last)).startswith("Stuck here: ")
    panel.select_path(last)
    assert panel.is_previewing and not app.board.find_withtag("step")


def test_step_and_solve_to_the_end(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel = panel_of(app)
    key(app, "s")
    assert len(app.session.moves) == 1 and panel.rung_text() == "Hint 4 of 4: applied"
    panel.solve_delay_ms = 0
    key(app, "S", SHIFT)  # with no delay the run may be over by the time the key press is handled
    deadline = time.monotonic() + 20
    while panel.is_solving and time.monotonic() < deadline:
        pump(app)
    assert not panel.is_solving and app.session.is_solved() and len(app.session.moves) > 2
    assert app.status_text() == "Solved to the end"


def test_solve_to_the_end_stops_on_request_and_on_a_move(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel = panel_of(app)
    panel.solve_delay_ms = 60_000  # the first step waits on show
    app.run_command("solve-to-end")
    assert panel.is_solving and panel.rung_text() == "Hint 3 of 4: the full step"
    app.run_command("solve-to-end")
    assert not panel.is_solving and app.session.moves == ()
    app.run_command("solve-to-end")
    solution = app.session.solution
    assert solution is not None
    cell = app.session.position.empty_cells()[-1]
    click(app, cell, solution[cell])
    assert not panel.is_solving and len(app.session.moves) == 1


def test_the_gui_benchmark_times_hint_presses() -> None:
    from sudoku_tk.bench import gui as bench_gui

    shared_file(PUZZLES / "sudoku_exchange_se_rated.txt")  # the GUI benchmark reads the sets in ../shared
    times = bench_gui.bench_hints(3, advance=1)
    assert len(times.first_ms) == times.positions == 3 and all(ms > 0 for ms in times.first_ms)
    assert sum(n for _, n in times.kinds) == 3
    lines = bench_gui.hint_report(times)
    assert lines[0].startswith("gui hint press -> canvas updated, first press") and "target p95 <= 100" in lines[0]


def test_no_hints_while_paused_and_pausing_stops_solving(make_app: MakeApp) -> None:
    app = make_app(se(NAKED_PAIR))
    panel = panel_of(app)
    panel.solve_delay_ms = 20
    app.run_command("solve-to-end")
    assert panel.is_solving
    key(app, "p", CONTROL)  # Pause
    assert app.board.paused
    deadline = time.monotonic() + 5
    while panel.is_solving and time.monotonic() < deadline:
        pump(app)
    assert not panel.is_solving and app.status_text() == "Stopped solving: the game is paused"
    moves = len(app.session.moves)
    assert not app.run_command("hint") and not app.run_command("step")
    assert len(app.session.moves) == moves and not app.board.find_withtag("step")
