"""What the marks of a drawn step mean, where the player sees them (issue 22.13; real window, Xvfb).

A new user saw small blue discs and orange rings beside candidates "with no explanation in any legend": they are
the nodes of a chain (true: a blue disc, false: an orange ring) drawn for a step chosen in the All steps tab,
which has no legend. Resting the pointer on such a candidate now says what its mark means, in the legend's words.
"""

from __future__ import annotations

import pytest
from gui_helpers import MakeApp, hover, pump

from sudoku_tk.app.game.session import Session
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.level_search import path_with_technique
from sudoku_tk.engine.generating.practice_pool import load_pool
from sudoku_tk.engine.steps.step import HighlightRole, Technique

pytestmark = pytest.mark.gui


def _before_the_chain() -> Session:
    """A game at the position where the default path takes an XY-Chain (a practice pool puzzle)."""
    entry = load_pool().of(Technique.XY_CHAIN)[0]
    grid = parse_grid(entry.givens)
    path = path_with_technique(grid, Technique.XY_CHAIN)
    assert path is not None
    session = Session(grid, "chain")
    for step in path.steps:
        if step.technique is Technique.XY_CHAIN:
            break
        assert session.apply_step(step).done
    return session


def test_resting_on_a_chain_node_of_a_listed_step_says_what_its_mark_means(make_app: MakeApp) -> None:
    app = make_app(session=_before_the_chain())
    panel = app.hint_panel
    assert panel is not None
    panel.select_step(0)  # the All steps tab: the first step is the chain, drawn on the board, no legend
    step = app.board.drawn_step
    assert step is not None and step.technique is Technique.XY_CHAIN
    true_node = next(h for h in step.highlights if h.role is HighlightRole.COLOR_A)
    false_node = next(h for h in step.highlights if h.role is HighlightRole.COLOR_B)
    name = app.session.geometry.cell_name
    for node, meaning in ((true_node, "true in the chain"), (false_node, "false in the chain")):
        cell, digit = node.cells[0], node.digits[0]
        hover(app, cell, digit)
        pump(app)
        said = app.status_text()
        assert said.startswith(f"{name(cell)}'s {digit}: ") and meaning in said and "XY-Chain" in said, said
    panel.show_tab("hint")
    app.board.clear_step()
    hover(app, true_node.cells[0], true_node.digits[0])
    assert "in the chain" not in app.status_text()  # nothing drawn, nothing to explain
