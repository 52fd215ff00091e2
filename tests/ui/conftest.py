"""GUI fixtures: a real App on its own Tk root per test, destroyed afterwards (helpers in gui_helpers.py)."""

from __future__ import annotations

import tkinter as tk
from typing import Iterator, List

import pytest
from gui_helpers import HARD, MakeApp, pump

from sudoku_tk.app.session import PuzzleChoice
from sudoku_tk.ui.app import App


@pytest.fixture
def make_app() -> Iterator[MakeApp]:
    made: List[tuple[tk.Tk, App]] = []

    def make(puzzle: str = HARD, name: str = "Test puzzle", **kw: object) -> App:
        root = tk.Tk()
        kw.setdefault("why_delay_ms", 0)
        app = App(root, puzzle=PuzzleChoice("", name, puzzle), **kw)  # type: ignore[arg-type]
        made.append((root, app))
        pump(app)
        return app

    yield make
    for root, app in made:
        try:
            app.close()
            root.destroy()
        except tk.TclError:
            pass  # the test closed it already


