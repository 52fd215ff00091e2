"""Following a hard hint on a real window (issue 21): room to read it, a walk link by link, drawings that show
only what is there.

Positions are the logic solver's own, on the hardest puzzle of the public-domain SE-rated set kept with the
repository (tests/data/puzzles): the grid before its first XY-Chain, ALS-XZ and Forcing Net. Real keys and
buttons drive the panel; the assertions read the canvas items (tags) and the widgets.
"""

from __future__ import annotations

from functools import cache

import pytest
from gui_helpers import MakeApp, key, pump
from shared_data import read_puzzles

from sudoku_tk.app.puzzles.choice import PuzzleChoice
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Step, Technique
from sudoku_tk.engine.techniques.reasons import links_of
from sudoku_tk.ui.hints.panel import HintPanel

pytestmark = pytest.mark.gui

HARDEST = 2293  # the last (hardest) line of sudoku_exchange_se_rated.txt


@cache
def position_before(technique: Technique, line: int = HARDEST) -> tuple[Grid, Step]:
    """The grid before the logic solver's first step of ``technique`` on an SE-rated puzzle, and that step."""
    puzzle = read_puzzles("sudoku_exchange_se_rated.txt")[line]
    path = solve_logically(parse_grid(puzzle))
    for grid, step in zip(path.iter_grids(), path.steps):
        if step.technique is technique:
            return grid, step
    raise AssertionError(f"no {technique} on line {line}")


def open_at(make_app: MakeApp, technique: Technique, size: str = "", line: int = HARDEST):  # type: ignore[no-untyped-def]
    grid, step = position_before(technique, line)
    app = make_app(PuzzleChoice("", "SE hardest", grid.to_string(), start=grid).text, "SE hardest")
    app.start_puzzle(PuzzleChoice("", "SE hardest", grid.to_string(), start=grid))
    if size:
        app.root.geometry(size)
    pump(app)
    pump(app)
    return app, step


def panel_of(app) -> HintPanel:  # type: ignore[no-untyped-def]
    panel = app.hint_panel
    assert isinstance(panel, HintPanel)
    return panel


def three_presses(app) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        key(app, "h")
    pump(app)
    pump(app)


def node_numbers(app) -> set[int]:  # type: ignore[no-untyped-def]
    board = app.board
    out = set()
    for i in board.find_withtag("node"):
        out |= {int(t[5:]) for t in board.gettags(i) if t.startswith("node-") and t[5:].isdigit()}
    return out


def link_count(app, tag: str = "link") -> int:  # type: ignore[no-untyped-def]
    return len(app.board.find_withtag(tag))


def test_walk_through_an_xy_chain_with_the_arrow_keys(make_app: MakeApp) -> None:
    app, step = open_at(make_app, Technique.XY_CHAIN)
    panel = panel_of(app)
    three_presses(app)
    view = panel.ladder.view
    assert view is not None and view.step is not None and view.step.technique is Technique.XY_CHAIN
    assert view.can_walk and panel.walk_button.winfo_ismapped()
    chain = view.step.chain
    assert len(view.walk) == len(chain) + 1  # one sentence per node, then the conclusion

    panel.walk_button.invoke()
    pump(app)
    assert panel.ladder.view is not None and panel.ladder.view.walk_at == 0
    assert panel.text().startswith("Suppose ") and panel.text() == panel.ladder.view.walk[0].text
    assert node_numbers(app) == {1} and link_count(app) == 0

    for k in range(2, 6):
        key(app, "Right")
        view = panel.ladder.view
        assert view is not None and view.walk_at == k - 1
        # exactly the links so far, the one into the current node standing out, the others faded
        assert link_count(app) == len(links_of(chain[:k])) == k - 1
        assert link_count(app, "link-current") == 1
        assert link_count(app, "link-faded") == k - 2
        assert node_numbers(app) == set(range(1, k + 1))
        assert app.board.find_withtag("node-current")
        assert panel.text() == view.walk[k - 1].text
    cursor = app.board.cursor
    key(app, "Left")
    view = panel.ladder.view
    assert view is not None and view.walk_at == 3 and node_numbers(app) == {1, 2, 3, 4}
    assert app.board.cursor == cursor  # the arrows walked, the cursor stayed

    # the end: the conclusion, every link drawn, what the step removes struck through
    for _ in range(len(chain) + 2):
        key(app, "Right")
    view = panel.ladder.view
    assert view is not None and view.walk_at == len(view.walk) - 1 and view.walk_label == "Conclusion"
    assert app.board.find_withtag("role-elimination")
    assert node_numbers(app) == set(range(1, len(chain) + 1))

    panel.walk_button.invoke()  # "Whole step": back to the whole sentence
    pump(app)
    view = panel.ladder.view
    assert view is not None and not view.walking and panel.text() == view.text
    key(app, "Right")  # not walking: the arrow moves the cursor again
    assert panel.ladder.view is not None and not panel.ladder.view.walking


def test_rung_three_of_a_long_chain_is_readable_at_800_by_600(make_app: MakeApp) -> None:
    app, step = open_at(make_app, Technique.FORCING_NET_CONTRADICTION, "800x560")
    panel = panel_of(app)
    three_presses(app)
    pump(app)
    body = panel._body
    line = int(body.tk.call("font", "metrics", "SudokuPanel", "-linespace"))
    assert body.winfo_ismapped() and body.winfo_height() >= 4 * line
    # the words need more room than the window has: they scroll, to the very end
    assert body.yview() != (0.0, 1.0) and panel._body_scroll.winfo_ismapped()
    body.see("end - 1 char")
    pump(app)
    assert body.bbox("end - 1 char") is not None  # the last character is on screen
    assert app.pad_fold.folded  # the pad made room for the words
    panel.close_hint()
    pump(app)
    assert not app.pad_fold.folded  # and came back when the hint closed


def test_the_player_folds_the_pad_and_the_legend(make_app: MakeApp) -> None:
    app, _ = open_at(make_app, Technique.XY_CHAIN, "1366x728")
    panel = panel_of(app)
    app.pad_fold.button.invoke()
    pump(app)
    assert app.pad_fold.folded and not app.numpad.winfo_ismapped()
    three_presses(app)
    panel.close_hint()
    pump(app)
    assert app.pad_fold.folded  # the player's own fold stays
    app.pad_fold.button.invoke()
    pump(app)
    assert not app.pad_fold.folded and app.numpad.winfo_ismapped()

    three_presses(app)
    assert panel.legend_text()
    panel.legend_toggle.invoke()
    pump(app)
    assert app.settings.legend_folded and not panel._legend.winfo_ismapped()
    assert "Legend (" in str(panel.legend_toggle.cget("text"))
    panel.legend_toggle.invoke()
    pump(app)
    assert not app.settings.legend_folded and panel._legend.winfo_ismapped()


def test_the_sash_gives_the_panel_room_and_is_remembered(make_app: MakeApp) -> None:
    app, _ = open_at(make_app, Technique.XY_CHAIN, "1200x700")
    before = app.sash.panel_width
    got = app.sash.set_panel_width(before + 120)
    app.sash._released(None)  # the player lets go of the sash
    pump(app)
    assert got == before + 120 and app.settings.panel_width == got
    three_presses(app)
    panel = panel_of(app)
    assert panel._wrap >= got - 40  # the hint's words follow the panel's width


def test_a_set_marks_only_the_candidates_its_cells_hold(make_app: MakeApp) -> None:
    app, step = open_at(make_app, Technique.ALS_XZ, line=2286)
    panel = panel_of(app)
    three_presses(app)
    view = panel.ladder.view
    assert view is not None and view.step is not None and view.step.technique is Technique.ALS_XZ
    board, pos = app.board, app.session.position
    marked: list[tuple[int, int]] = []
    for role in ("color_a", "color_b"):
        for i in board.find_withtag(f"role-{role}"):
            for t in board.gettags(i):
                if t.startswith("step-cand-"):
                    cell, digit = map(int, t[10:].split("-"))
                    marked.append((cell, digit))
    assert marked and all(pos.has_candidate(c, d) for c, d in marked)
    assert not [i for i in board.find_withtag("ghost") if "role-color_a" in board.gettags(i)]
    assert board.find_withtag("set-outline")
    labels = panel.legend_text().splitlines()
    assert any(label.startswith("set A: ") for label in labels)
    assert any(label.startswith("set B: ") for label in labels)


def test_node_numbers_are_readable_and_cover_no_other_digit(make_app: MakeApp) -> None:
    app, step = open_at(make_app, Technique.XY_CHAIN, "1366x728")
    three_presses(app)
    board = app.board
    font = board.itemcget(board.find_withtag("node")[0], "font")
    assert int(board.tk.call("font", "metrics", font, "-ascent")) >= 10  # a 10 px face at least
    pos, lay = app.session.position, board.layout
    marks = {(n.cells[0], n.digit) for n in step.chain}
    for i in board.find_withtag("node-plate"):
        x0, y0, x1, y1 = board.bbox(i)
        for cell in range(81):
            if pos.values[cell]:
                continue
            for d in pos.candidate_set(cell):
                if (cell, d) in marks:
                    continue
                # the digit's own glyph: the middle of its slot
                r = lay.candidate_rect(cell, d)
                gx0, gy0 = r.x0 + r.width * 0.3, r.y0 + r.width * 0.22
                gx1, gy1 = r.x1 - r.width * 0.3, r.y1 - r.width * 0.22
                assert not (x0 < gx1 and gx0 < x1 and y0 < gy1 and gy0 < y1), (cell, d)


def test_the_lists_are_worked_out_in_the_background_with_a_stop(make_app: MakeApp) -> None:
    app, _ = open_at(make_app, Technique.FORCING_NET_CONTRADICTION)
    panel = panel_of(app)
    panel.show_tab("path")  # returns at once: the path is still being worked out
    assert panel.lists.is_working and panel.summary_text("path") == "Working…"
    assert panel.lists._stops["path"].winfo_manager()  # the Stop button is there
    panel.lists._stops["path"].invoke()
    pump(app)
    assert not panel.lists.is_working and panel.summary_text("path").startswith("Stopped.")
    panel.show_tab("hint")
    panel.show_tab("steps")
    panel.lists.wait()
    assert panel.summary_text("steps").endswith("available now; select one to see it.")
    assert panel.steps_list.size() > 0


def test_after_a_mistake_hint_the_apply_button_is_apply_again(make_app: MakeApp) -> None:
    """Issue 22.11: the label "Undo to there" stayed (greyed) for the rest of the game."""
    from gui_helpers import click

    app, _ = open_at(make_app, Technique.XY_CHAIN)
    panel, session = panel_of(app), app.session
    solution = session.solution
    assert solution is not None
    pos = session.position
    cell = next(c for c in pos.empty_cells() if bin(pos.candidates[c]).count("1") >= 3)
    wrong = next(d for d in range(1, 10) if pos.has_candidate(cell, d) and d != solution[cell])
    click(app, cell, wrong)
    key(app, "h")
    assert str(panel.apply_button.cget("text")) == "Undo to there"
    app.session.undo()  # the player takes the move back by hand: the hint is withdrawn
    pump(app)
    assert panel.title_text() == "Hints"
    assert str(panel.apply_button.cget("text")) == "Apply"


def test_a_dialog_ends_the_solution_path_preview(make_app: MakeApp) -> None:
    """Issue 22.3: after browsing the path, New game… then Keep playing left the out-of-date preview on the board."""
    from sudoku_tk.ui.window.modal_clock import modal

    app, _ = open_at(make_app, Technique.XY_CHAIN)
    panel = panel_of(app)
    panel.select_path(1)
    assert panel.is_previewing
    dialog = __import__("tkinter").Toplevel(app.root)
    with modal(dialog):  # as every dialog runs (New game, Open, Preferences …)
        pump(app)
        assert not panel.is_previewing
    dialog.destroy()
    real = app.session.position
    assert all(app.board.digit_text(c) == (str(real.values[c]) if real.values[c] else "") for c in range(81))


def test_a_cut_list_row_is_written_out_in_full_under_the_list(make_app: MakeApp) -> None:
    """Issue 22.5: the All steps / Solution path rows were cut with no way to read them all."""
    app, _ = open_at(make_app, Technique.FORCING_NET_CONTRADICTION, "800x560")
    panel = panel_of(app)
    panel.select_step(0)
    pump(app)
    view = panel.lists._steps
    assert view is not None
    assert panel.lists._details["steps"].cget("text") == view.steps[0].explanation
    assert len(view.steps[0].explanation) > 200  # far more than a row shows


def test_a_cut_status_line_is_a_click_away(make_app: MakeApp) -> None:
    """Issue 22.5: the status bar's full text was only in a tooltip nobody finds."""
    app, _ = open_at(make_app, Technique.XY_CHAIN, "800x560")
    opened = []
    app.status.on_open_log = lambda: opened.append(True)
    app.say("A sentence far too long for the status bar: " + "r1c1≠4 → r1c2=4 → " * 20 + "the end.")
    pump(app)
    assert app.status.is_cut and str(app.status._status.cget("cursor")) == "hand2"
    app.status._status.event_generate("<Button-1>", x=5, y=5)
    pump(app)
    assert opened == [True]


def test_the_current_line_of_a_walk_is_in_view_at_800_by_600(make_app: MakeApp) -> None:
    app, _ = open_at(make_app, Technique.XY_CHAIN, "800x560")
    panel = panel_of(app)
    three_presses(app)
    panel.walk_button.invoke()
    pump(app)
    for _ in range(6):
        key(app, "Right")
    pump(app)
    pump(app)
    body = panel._body
    assert body.get("1.0", "end").strip().splitlines()[-1].startswith("7. ")
    assert body.bbox("end - 2 chars") is not None  # the current (last) line is on screen, not scrolled away
