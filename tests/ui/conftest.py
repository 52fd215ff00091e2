"""GUI fixtures: a real App on its own Tk root per test, destroyed afterwards (helpers in gui_helpers.py).

Any error raised in a Tk callback during a GUI test fails that test (``fail_on_tk_errors``,
autouse): the App's error boundary shows such errors to the player and carries on,
so without this a broken handler would pass unnoticed. A test that provokes one on
purpose marks itself ``@pytest.mark.tk_errors_expected``.
"""

from __future__ import annotations

import gc
import tkinter as tk
from collections.abc import Iterator
from pathlib import Path

import pytest
from gui_helpers import HARD, MakeApp, pump

from sudoku_tk.app.puzzles.choice import PuzzleChoice
from sudoku_tk.ui.window.app import App


@pytest.fixture(autouse=True)
def fail_on_tk_errors(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Record every exception that reaches a Tk error handler (the App's or a bare root's); fail the test on any."""
    errors: list[str] = []
    app_handler = App.report_callback_exception
    root_handler = tk.Tk.report_callback_exception

    def on_app_error(self: App, exc: type[BaseException], val: BaseException, tb: object) -> None:
        errors.append(f"{type(val).__name__}: {val}")
        app_handler(self, exc, val, tb)  # type: ignore[arg-type]

    def on_root_error(self: tk.Tk, exc: type[BaseException], val: BaseException, tb: object) -> None:
        errors.append(f"{type(val).__name__}: {val}")
        root_handler(self, exc, val, tb)  # type: ignore[arg-type]

    monkeypatch.setattr(App, "report_callback_exception", on_app_error)
    monkeypatch.setattr(tk.Tk, "report_callback_exception", on_root_error)
    yield
    # The test's Tk roots are destroyed by now (this fixture's teardown runs after make_app's and open_app's).
    # Free them here, on the thread that made them: left to a later cyclic collection, a Tcl interpreter can be
    # freed on whichever thread allocates at that moment (a test's pipe reader, the booklet export's worker),
    # and Tcl deleting an interpreter from a thread other than its own crashes the process.
    gc.collect()
    if errors and request.node.get_closest_marker("tk_errors_expected") is None:
        pytest.fail(f"{len(errors)} error(s) in Tk callbacks during the test: " + "; ".join(errors[:3]), pytrace=False)


@pytest.fixture
def make_app() -> Iterator[MakeApp]:
    made: list[tuple[tk.Tk, App]] = []

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


# -- a real App with its files in a private data folder (files, autosave, recent games) -----------------


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private data folder; SUDOKU_TK_DATA_DIR points there too, so nothing reaches the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("SUDOKU_TK_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def open_app(data_dir: Path) -> Iterator:  # type: ignore[type-arg]
    """Open a real App with the private data folder (``puzzle`` None resumes the autosave)."""
    made: list[App] = []

    def make(puzzle: str | None = HARD, name: str = "Test puzzle", **kw: object) -> App:
        kw.setdefault("why_delay_ms", 0)
        choice = PuzzleChoice("", name, puzzle) if puzzle else None
        app = App(tk.Tk(), puzzle=choice, data_dir=data_dir, **kw)  # type: ignore[arg-type]
        made.append(app)
        pump(app)
        return app

    yield make
    for app in made:
        try:
            app.close()
            app.root.destroy()
        except tk.TclError:
            pass  # closed by the test
