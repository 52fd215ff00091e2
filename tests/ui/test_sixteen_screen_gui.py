"""16×16 candidates are readable at 100% zoom (issue 22.14): at least 9 px on a 1366×768 screen.

Each case opens the app in a child process on a private virtual screen of the size asked (the suite's own screen
is 1280×1024), starts a 16×16 game from the menu and reports the board's layout and the candidate font's size as
Tk measured it: the window's own default size at that screen, no zoom.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.gui

REPO = Path(__file__).resolve().parents[2]
CHILD = r"""
import json, sys, time, tkinter as tk
from sudoku_tk.app.puzzles.choice import choose_puzzle
from sudoku_tk.ui.window.app import App
root = tk.Tk()
app = App(root, puzzle=choose_puzzle(9), why_delay_ms=0)
def settle():
    for _ in range(6):
        app.update_idletasks(); app.update(); time.sleep(0.05)
settle()
app.run_command("new-16")
settle()
lay, font = app.board.layout, app.board._fonts["cand"]
print(json.dumps({
    "window": [root.winfo_width(), root.winfo_height()],
    "screen": [root.winfo_screenwidth(), root.winfo_screenheight()],
    "cell": lay.cell, "candidate_px": lay.candidate_px, "zoom": app.board_view.zoom,
    "font_px": -int(font.cget("size")), "ascent": font.metrics("ascent"),
}))
"""


def _on_screen(width: int, height: int) -> dict:  # type: ignore[type-arg]
    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("no Xvfb to make a screen of the size asked")
    server = subprocess.Popen(
        [xvfb, "-displayfd", "1", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert server.stdout is not None
        display = server.stdout.readline().decode().strip()
        env = dict(os.environ, DISPLAY=f":{display}", PYTHONPATH=str(REPO))
        done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_sixteen_by_sixteen_candidates_are_at_least_9_px_on_a_1366_by_768_screen() -> None:
    seen = _on_screen(1366, 768)
    assert seen["screen"] == [1366, 768] and seen["zoom"] == 100
    assert seen["window"][1] <= 768 and seen["window"][0] <= 1366
    assert seen["candidate_px"] >= 9 and seen["font_px"] >= 9, seen


def test_sixteen_by_sixteen_candidates_grow_on_an_800_by_600_screen_too() -> None:
    seen = _on_screen(800, 600)
    assert seen["window"][1] <= 600 and seen["window"][0] <= 800
    assert seen["candidate_px"] >= 6, seen  # was 4 to 5 px; 9 px needs a larger board than 600 px allow
