"""One notation for moves in every text the player reads (issue 22.9): a removed candidate is "r6c6≠5", as in the
chains and the hints, never HoDoKu's "r6c6<>5"; real window, Xvfb."""

from __future__ import annotations

import time

import pytest
from gui_helpers import MakeApp, click, key, pump

from sudoku_tk.ui.window.keys import SHIFT

pytestmark = pytest.mark.gui


def test_solve_to_the_end_and_undo_write_a_removal_with_the_not_equal_sign(make_app: MakeApp) -> None:
    app = make_app()
    panel = app.hint_panel
    assert panel is not None
    panel.solve_delay_ms = 0
    key(app, "S", SHIFT)
    deadline = time.monotonic() + 60
    while panel.is_solving and time.monotonic() < deadline:
        pump(app)
    assert app.session.is_solved()
    for _ in range(len(app.session.moves)):
        app.run_command("undo")
    said = [entry.text for entry in app.status.log.entries()]
    assert any("≠" in text for text in said), said
    assert not [text for text in said if "<>" in text or "+=" in text]


def test_a_removed_and_restored_candidate_is_said_the_same_way(make_app: MakeApp) -> None:
    app = make_app()
    cell = app.session.position.empty_cells()[0]
    digit = next(iter(app.session.position.candidate_set(cell)))
    name = app.session.geometry.cell_name(cell)
    click(app, cell, digit, button=3)
    assert app.status_text() == f"{name}≠{digit}"
    app.run_command("undo")
    assert app.status_text() == f"Undid {name}≠{digit}"
