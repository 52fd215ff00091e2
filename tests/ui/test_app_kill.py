"""Killing the real app (SIGKILL) mid-game loses at most the move being made; the restart resumes the rest.

The real app runs in a child process on the test display with its own data folder,
started by ``reporting_app.py`` (``python -m sudoku_tk`` plus JSON report lines: where
the board is, each autosave written). The test clicks candidates with xdotool (real X
events through the app's own bindings), reads those lines, kills the process right
after a click, starts it again and checks the resumed game.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sudoku_tk.app.storage.save_format import load_game
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Move, Place
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, recompute
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.ui.board.layout import BoardLayout

pytestmark = [pytest.mark.gui, pytest.mark.skipif(shutil.which("xdotool") is None, reason="xdotool not installed")]

# top95 #1: the singles do not solve it, so the game stays open for many moves.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
REPO = Path(__file__).resolve().parents[2]
TIMEOUT_S = 20.0


class AppProcess:
    """A real app process and the JSON lines it reports (read by a thread, so a wait can time out)."""

    def __init__(self, data_dir: Path, args: list[str]) -> None:
        env = dict(os.environ, SUDOKU_TK_DATA_DIR=str(data_dir))
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("reporting_app.py")), *args],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[dict[str, Any]] = queue.Queue()
        self._seen: list[dict[str, Any]] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))

    def read(self, key: str) -> dict[str, Any]:
        """The next report line holding ``key``, in the order written (lines with other keys wait their turn)."""
        for i, data in enumerate(self._seen):
            if key in data:
                return self._seen.pop(i)
        deadline = time.monotonic() + TIMEOUT_S
        while True:
            left = deadline - time.monotonic()
            try:
                data = self.lines.get(timeout=max(0.01, left))
            except queue.Empty:
                err = self.proc.stderr.read() if self.proc.poll() is not None and self.proc.stderr else ""
                raise AssertionError(f"no {key!r} report within {TIMEOUT_S} s {err}") from None
            if key in data:
                return data
            self._seen.append(data)

    def read_saved_until(self, moves: int) -> int:
        """Read autosave reports until one holds ``moves`` moves; return it (an extra save of fewer moves, e.g.
        when the game's rating arrives from the background worker, is skipped; more moves fail the test)."""
        while True:
            saved = int(self.read("saved")["saved"])
            assert saved <= moves, f"a save of {saved} moves while {moves} were played"
            if saved == moves:
                return saved

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.kill()


@pytest.fixture(autouse=True)
def own_display(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A private X server for the child app and xdotool: real clicks land on absolute screen
    coordinates, so on the shared test display they could hit another test's window."""
    exe = shutil.which("Xvfb")
    assert exe, "Xvfb is needed for the kill test"
    server = subprocess.Popen(
        [exe, "-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert server.stdout is not None
    number = server.stdout.readline().decode().strip()
    assert number.isdigit(), "Xvfb did not report its display"
    monkeypatch.setenv("DISPLAY", f":{number}")
    try:
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            server.kill()


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[list[AppProcess]]:
    started: list[AppProcess] = []
    yield started
    for app in started:
        app.stop()


def _click(ready: dict[str, Any], cell: int, digit: int) -> None:
    x0, y0, w, h = ready["board"]
    layout = BoardLayout.fit(ready["box"], w, h)
    x, y = layout.candidate_rect(cell, digit).center
    subprocess.run(["xdotool", "mousemove", str(int(x0 + x)), str(int(y0 + y)), "click", "1"], check=True, timeout=10)


def _next_move(start: Grid, moves: list[Move], solution: tuple[int, ...]) -> Place:
    pos = recompute(start, moves, ALL_ASSISTS)
    cell = pos.empty_cells()[0]
    return Place(cell, solution[cell])


def test_sigkill_mid_game_loses_at_most_the_last_move(tmp_path: Path, apps: list[AppProcess]) -> None:
    start = parse_grid(HARD)
    solution = solve(start)
    assert solution is not None
    first = AppProcess(tmp_path, [HARD])
    apps.append(first)
    ready = first.read("ready")
    assert ready["moves"] == 0
    assert first.read("saved")["saved"] == 0  # a fresh game is kept before its first move
    played: list[Move] = []
    for _ in range(6):
        move = _next_move(start, played, solution)
        _click(ready, move.cell, move.digit)
        played.append(move)
        assert first.read_saved_until(len(played)) == len(played)
    # One more click, and the kill at once: the move may or may not have reached the disk.
    move = _next_move(start, played, solution)
    _click(ready, move.cell, move.digit)
    played.append(move)
    first.kill()

    second = AppProcess(tmp_path, [])
    apps.append(second)
    resumed = second.read("ready")
    assert resumed["name"] == "Puzzle" and resumed["moves"] in (len(played) - 1, len(played))
    record = load_game(tmp_path / "autosave" / "autosave.json")
    assert list(record.moves) == played[: len(record.moves)]
    assert record.start.givens == start.givens
    second.stop()


def test_a_damaged_autosave_falls_back_to_the_backup_and_says_so(tmp_path: Path, apps: list[AppProcess]) -> None:
    start = parse_grid(HARD)
    solution = solve(start)
    assert solution is not None
    first = AppProcess(tmp_path, [HARD])
    apps.append(first)
    ready = first.read("ready")
    first.read("saved")
    played: list[Move] = []
    for _ in range(2):
        move = _next_move(start, played, solution)
        _click(ready, move.cell, move.digit)
        played.append(move)
        first.read("saved")
    first.kill()
    (tmp_path / "autosave" / "autosave.json").write_text('{"format": "sudoku-tk-game", "vers')
    second = AppProcess(tmp_path, [])
    apps.append(second)
    resumed = second.read("ready")
    assert resumed["moves"] == 1  # the backup holds the save before the last one
    assert "backup" in resumed["notice"]
    second.stop()
