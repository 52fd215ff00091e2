"""Soak test: thousands of random real events on a real window; after each one the board shown is
exactly a fresh recomputation from the givens and the move list, and memory stays flat.

Slow (about a minute and a half): marked ``slow`` with the other long sweeps; CI runs it.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest
from gui_helpers import HARD, MakeApp, pump

from sudoku_tk.engine.play.propagation import recompute
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

pytestmark = [pytest.mark.gui, pytest.mark.slow]

EVENTS = 10_000
KEYS = (
    "Up",
    "Down",
    "Left",
    "Right",
    "Home",
    "End",
    "Delete",
    "BackSpace",
    "Escape",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "0",
    "a",
    "space",
    "Tab",
)
CONTROL_KEYS = ("z", "y")
MB = 1024 * 1024


def _rss() -> int:
    """Resident memory of this process in bytes (Linux /proc; 0 elsewhere)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def _check(app: App, step: int, what: str, full: bool) -> None:
    pos = app.session.position
    fresh = recompute(pos.start, app.session.moves, pos.assists)
    where = f"after event {step} ({what})"
    assert fresh.values == pos.values, where
    assert fresh.candidates == pos.candidates, where
    assert fresh.origins == pos.origins, where
    geo = pos.geometry
    board = app.board
    for cell in range(geo.ncells):
        shown = board.digit_text(cell)
        value = fresh.values[cell]
        assert shown == (geo.digit_char(value) if value else ""), f"{where}: r{cell // 9 + 1}c{cell % 9 + 1}"
        if full and not value:
            for d in range(1, geo.side + 1):
                assert board.candidate_visible(cell, d) == fresh.has_candidate(cell, d), (
                    f"{where}: candidate {d} of cell {cell}"
                )


def test_ten_thousand_random_events_keep_the_board_equal_to_a_recompute(make_app: MakeApp) -> None:
    rng = random.Random(20261123)
    app = make_app(HARD)
    app.root.geometry("1100x800")
    pump(app)
    board = app.board
    width, height = board.winfo_width(), board.winfo_height()
    rss_start = _rss()
    started = time.monotonic()
    kinds: dict[str, int] = {}
    changes: dict[str, int] = {}
    app.session.subscribe(lambda change: changes.__setitem__(change.kind.name, changes.get(change.kind.name, 0) + 1))
    for step in range(1, EVENTS + 1):
        roll = rng.random()
        if roll < 0.55:
            x, y = rng.randrange(width), rng.randrange(height)
            button = 1 if rng.random() < 0.7 else 3
            board.event_generate("<Motion>", x=x, y=y)
            board.event_generate(f"<Button-{button}>", x=x, y=y)
            board.event_generate(f"<ButtonRelease-{button}>", x=x, y=y)
            what = f"button {button} at {x},{y}"
        elif roll < 0.9:
            keysym = rng.choice(KEYS)
            board.focus_set()
            board.event_generate("<KeyPress>", keysym=keysym)
            board.event_generate("<KeyRelease>", keysym=keysym)
            what = f"key {keysym}"
        elif roll < 0.99:
            keysym = rng.choice(CONTROL_KEYS)
            board.focus_set()
            board.event_generate("<KeyPress>", keysym=keysym, state=CONTROL)
            board.event_generate("<KeyRelease>", keysym=keysym, state=CONTROL)
            what = f"Ctrl+{keysym}"
        else:
            command = rng.choice(("restart", "hint", "step", "undo-to-mistake", "check-mistakes"))
            app.run_command(command)  # does nothing when the command is not available now
            what = f"command {command}"
        kinds[what.split(" ")[0]] = kinds.get(what.split(" ")[0], 0) + 1
        pump(app)
        if app.notice_kind() == "confirm":
            app.press_notice(app.notice_buttons()[-1])  # answer questions with their last button (cancel)
            pump(app)
        _check(app, step, what, full=step % 250 == 0)
        if app.session.position.is_solved():
            app.run_command("restart")  # a solved board takes no more moves: keep playing
            pump(app)
    seconds = time.monotonic() - started
    rss_end = _rss()
    print(
        f"\nsoak: {EVENTS} events ({kinds}) in {seconds:.1f} s; "
        f"memory {rss_start / MB:.1f} MB -> {rss_end / MB:.1f} MB; session changes {changes}"
    )
    assert app.last_error is None
    assert sum(changes.values()) > EVENTS // 10  # the events really played: moves, undos, redos, restarts
    if rss_start:
        assert rss_end - rss_start < 60 * MB, (rss_start, rss_end)
