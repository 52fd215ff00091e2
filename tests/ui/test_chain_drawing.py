"""A chain hint on the board: numbered nodes and strong/weak links as tagged canvas items, driven by real keys."""

from __future__ import annotations

import pytest
from gui_helpers import MakeApp, key, pump
from shared_data import read_puzzles

from sudoku_tk.app.hints.choice import choose_step
from sudoku_tk.engine.steps.step import Step, Technique
from sudoku_tk.ui.hints.panel import HintPanel

pytestmark = pytest.mark.gui

AIC_PUZZLE = 1250  # SE-rated line 1250: played forward by the app's own steps, its next hint is an AIC


def _play_until(app, technique: Technique) -> Step:  # type: ignore[no-untyped-def]
    """Apply the app's own next steps (the Step command) until the next hint is ``technique``."""
    panel = app.hint_panel
    assert isinstance(panel, HintPanel)
    for _ in range(300):
        step = choose_step(app.session.position.to_grid(), app.session.assists, True, panel.ladder.enabled)
        assert step is not None
        if step.technique is technique:
            return step
        key(app, "s")
    raise AssertionError(f"no {technique} on the way")


def _texts(app, tag: str) -> list[str]:  # type: ignore[no-untyped-def]
    board = app.board
    return [board.itemcget(i, "text") for i in board.find_withtag(tag) if board.type(i) == "text"]


def test_an_aic_hint_draws_numbered_nodes_and_typed_links(make_app: MakeApp) -> None:
    app = make_app(read_puzzles("sudoku_exchange_se_rated.txt")[AIC_PUZZLE - 1], "SE #1250")
    step = _play_until(app, Technique.AIC)
    board = app.board
    key(app, "h")
    assert not board.find_withtag("link")  # rung 1 only says where to look
    key(app, "h")  # rung 2: the pattern, with its chain
    pump(app)
    links = board.find_withtag("link")
    assert len(links) == len(step.links) == len(step.chain) - 1
    for i, link in enumerate(step.links):
        (item,) = board.find_withtag(f"link-{i}")
        tags = board.gettags(item)
        assert ("strong" in tags) is link.strong and ("weak" in tags) is (not link.strong)
        assert bool(board.itemcget(item, "dash")) is (not link.strong)  # readable without colour
        assert board.itemcget(item, "arrow") == "last"  # the reading direction
    numbers = sorted(int(t) for t in _texts(app, "node"))
    assert numbers == list(range(1, len(step.chain) + 1))
    # Node 1 sits on the first node's candidate, the last number on the last node's.
    for n, node in ((1, step.chain[0]), (len(step.chain), step.chain[-1])):
        (label,) = [i for i in board.find_withtag(f"node-{n}") if board.type(i) == "text"]
        x, y = board.coords(label)
        rect = app.board.layout.candidate_rect(node.cells[0], node.digit)
        assert rect.x0 <= x <= rect.x1 and rect.y0 <= y <= rect.y1
    panel = app.hint_panel
    assert "true in the chain (=)" in panel.legend_text() and "weak link" in panel.legend_text()
    assert not board.find_withtag("role-elimination")  # the pattern rung keeps the conclusion back
    key(app, "h")  # rung 3: the whole step
    pump(app)
    struck = {t for i in board.find_withtag("role-elimination") for t in board.gettags(i) if t.startswith("step-cand-")}
    assert struck == {f"step-cand-{e.cell}-{e.digit}" for e in step.eliminations}
    assert len(board.find_withtag("link")) == len(step.links)
    key(app, "h")  # rung 4: applied, and the chain drawing stays until the board moves on
    pump(app)
    assert len(app.session.moves) >= 1
