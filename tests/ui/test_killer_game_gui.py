"""A Killer in the window: pasted, its cages drawn with their sums, a placed digit clearing its cage mates, a hint
from the cages that is true to the solution, applied, saved and opened again with its cages."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from gui_helpers import click, clipboard, key, pump

from sudoku_tk.app.hints.texts import legend_names
from sudoku_tk.engine.killer.published import PUBLISHED
from sudoku_tk.ui.hints.panel import HintPanel
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

UKPA = PUBLISHED[0]  # UK Puzzle Association, no givens: 25 cages
KILLER_TEXT = "variant: killer\n" + UKPA.text
SOLUTION = [int(ch) for ch in UKPA.solution]


def test_a_pasted_killer_is_drawn_with_its_cages_hinted_from_them_and_saved_as_one(
    open_app: Callable[..., App], tmp_path: Path
) -> None:
    app = open_app()
    clipboard(app, KILLER_TEXT)
    key(app, "v", CONTROL)  # a game not begun is replaced without a question
    pump(app)
    session = app.session
    geo = session.geometry
    assert geo.variant_name == "killer" and len(geo.cages) == 25 and not any(session.start.givens)
    board = app.board
    sums = sorted(int(board.itemcget(i, "text")) for i in board.find_withtag("cage-sum"))
    assert sums == sorted(geo.cage_sums) and sum(sums) == 405
    # The 20-cage at r1c1 holds r1c1, r1c2, r2c1, r2c2: a digit placed in r1c1 leaves r2c2 (a cage mate, and in
    # the same box) and r1c2 (same row, box and cage), and nothing else of the cage holds it either.
    click(app, 0, SOLUTION[0])
    pump(app)
    assert session.position.values[0] == SOLUTION[0]
    for mate in (1, 9, 10):
        assert not board.candidate_visible(mate, SOLUTION[0]), mate
    # The first hint on an empty Killer board comes from the cages, and what it does is true.
    for _ in range(3):
        key(app, "h")
    pump(app)
    panel = app.hint_panel
    assert isinstance(panel, HintPanel)
    view = panel.ladder.view
    assert view is not None and view.step is not None
    step = view.step
    assert step.technique.name.startswith("KILLER_"), step.technique
    assert "cage" in panel.text()
    # The legend names the cage the step lives in (a cage is no house: it is named by its sum and first cell).
    assert legend_names(step, geo)["defining_unit"].startswith("where it lives: the ")
    assert "-cage at r" in legend_names(step, geo)["defining_unit"]
    assert step.placements or step.eliminations
    for p in step.placements:
        assert SOLUTION[p.cell] == p.digit
    for e in step.eliminations:
        assert SOLUTION[e.cell] != e.digit
    # Saved and opened again: the same cages and sums, the move kept.
    path = tmp_path / "killer.sudoku"
    assert app.files.save_to(path)
    other = open_app()  # a second window, its game not begun: the file replaces it without a question
    assert other.session.geometry.is_classic
    assert other.files.open_path(path)
    pump(other)
    again = other.session.geometry
    assert again.cages == geo.cages and again.cage_sums == geo.cage_sums
    assert other.session.position.values[0] == SOLUTION[0]
    assert len(other.board.find_withtag("cage-sum")) == 25
