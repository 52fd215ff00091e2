"""Hint > Techniques…: boxes by family, quick choices, validation, and the choice reaching hints and settings."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gui_helpers import MakeApp, key, pump
from shared_data import read_puzzles

from sudoku_tk.app.hints.choice import choose_step
from sudoku_tk.engine.rating.score import Level
from sudoku_tk.engine.solving.technique_sets import up_to_level
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques, implemented
from sudoku_tk.ui.hints.techniques_dialog import TechniquesDialog, techniques_ok

pytestmark = pytest.mark.gui


@pytest.fixture
def root() -> Iterator[Any]:
    import tkinter as tk

    r = tk.Tk()
    r.withdraw()
    yield r
    r.destroy()


def test_a_box_per_technique_ticked_as_the_default_set(root: Any) -> None:
    dlg = TechniquesDialog(root, None, show=False)
    assert set(dlg.boxes) == set(implemented())
    assert dlg.chosen() == frozenset(default_techniques())
    label = dlg.boxes[Technique.KRAKEN_FISH_TYPE_1].cget("text")
    assert label == "Kraken Fish Type 1  (extreme, off by default)"
    assert dlg.boxes[Technique.AIC].cget("text") == "AIC  (unfair)"
    families = {str(w.cget("text")) for w in _label_frames(dlg)}
    assert {"Chains", "Almost Locked Sets", "Last Resort"} <= families
    dlg.destroy()


def _label_frames(widget: Any) -> list[Any]:
    out = []
    for child in widget.winfo_children():
        if child.winfo_class() == "TLabelframe":
            out.append(child)
        out.extend(_label_frames(child))
    return out


def test_quick_choices_and_ok(root: Any) -> None:
    dlg = TechniquesDialog(root, None, show=False)
    dlg.set_all()
    assert dlg.chosen() == frozenset(implemented())
    dlg.level_var.set("hard")
    dlg.level_box.event_generate("<<ComboboxSelected>>")
    root.update()
    assert dlg.chosen() == up_to_level(default_techniques(), Level.HARD)
    dlg.vars[Technique.X_WING].set(False)
    dlg.ok()
    assert dlg.result == up_to_level(default_techniques(), Level.HARD) - {Technique.X_WING}


def test_nothing_ticked_is_refused_with_a_reason(root: Any) -> None:
    dlg = TechniquesDialog(root, frozenset({Technique.NAKED_SINGLE}), show=False)
    dlg.vars[Technique.NAKED_SINGLE].set(False)
    dlg.ok()
    assert dlg.winfo_exists() and dlg.result is None
    assert dlg.message.get() == "Switch on at least one technique."
    dlg.cancel()
    assert techniques_ok([Technique.AIC]) == (frozenset({Technique.AIC}), "")


def test_the_choice_reaches_the_hints_and_the_settings(make_app: MakeApp) -> None:
    # SE-rated #1250 played (by the app's own Step) to where its next hint is an AIC.
    app = make_app(read_puzzles("sudoku_exchange_se_rated.txt")[1249], "SE #1250")
    panel = app.hint_panel
    for _ in range(300):
        step = choose_step(app.session.position.to_grid(), app.session.assists, True, panel.ladder.enabled)
        assert step is not None
        if step.technique is Technique.AIC:
            break
        key(app, "s")
    key(app, "h")
    assert panel.title_text() == "AIC"
    without = frozenset(default_techniques()) - {Technique.AIC}
    app.update_settings(app.settings.with_techniques(without))
    pump(app)
    assert panel.ladder.enabled == without and panel.ladder.view is None  # the hint on show is withdrawn
    assert app.settings.techniques_off == {Technique.AIC} and not app.settings.techniques_on
    key(app, "h")
    assert panel.title_text() not in ("", "AIC")
    app.update_settings(app.settings.with_techniques(frozenset(default_techniques()) | {Technique.TEMPLATE_SET}))
    assert app.settings.techniques_on == {Technique.TEMPLATE_SET} and not app.settings.techniques_off
    assert panel.ladder.enabled is not None and Technique.TEMPLATE_SET in panel.ladder.enabled
    app.update_settings(app.settings.with_techniques(frozenset(default_techniques())))
    assert panel.ladder.enabled is None  # the default set is stored as no change at all
    key(app, "h")
    assert panel.title_text() == "AIC"


# -- issue 21: the dialog fits a small screen, takes Enter and Esc, says its level ------------------------------


def _when_open(app: Any, act: Any, seen: dict) -> None:  # type: ignore[type-arg]
    """Once the dialog is up (the command waits for it), note what it shows and ``act(dialog)``."""

    def poll() -> None:
        for w in app.root.winfo_children():
            if isinstance(w, TechniquesDialog) and w.winfo_ismapped():
                w.update_idletasks()
                ok = w.ok_button
                seen["ok_bottom"] = ok.winfo_rooty() + ok.winfo_height()
                seen["ok_right"] = ok.winfo_rootx() + ok.winfo_width()
                seen["dialog_height"] = w.winfo_height()
                seen["level"] = w.level_var.get()
                seen["focus_inside"] = str(w.focus_get() or "").startswith(str(w))
                act(w)
                return
        app.after(30, poll)

    app.after(30, poll)


def test_the_dialog_fits_the_screen_and_esc_cancels_enter_keeps(make_app: MakeApp) -> None:
    app = make_app()
    screen_w, screen_h = app.root.winfo_screenwidth(), app.root.winfo_screenheight()
    seen: dict = {}  # type: ignore[type-arg]
    _when_open(app, lambda w: w.focus_get().event_generate("<Escape>"), seen)
    app.run_command("techniques")
    assert seen["focus_inside"] and seen["level"] == "extreme"  # the default set is every level's defaults
    assert seen["ok_bottom"] <= screen_h and seen["ok_right"] <= screen_w and seen["dialog_height"] < screen_h
    assert app.settings.enabled_techniques() is None  # Esc changed nothing

    def untick_and_enter(w: TechniquesDialog) -> None:
        w.vars[Technique.X_WING].set(False)
        assert w.level_var.get() == "(your own choice)"
        w.focus_get().event_generate("<Return>")

    _when_open(app, untick_and_enter, seen)
    app.run_command("techniques")
    assert app.settings.techniques_off == {Technique.X_WING}


def test_the_level_box_names_the_level_the_ticks_make(root: Any) -> None:
    dlg = TechniquesDialog(root, up_to_level(default_techniques(), Level.MEDIUM), show=False)
    assert dlg.level_var.get() == "medium"
    dlg.set_all()
    assert dlg.level_var.get() == "(your own choice)"  # more than the default set
    dlg.set_level("unfair")
    assert dlg.level_var.get() == "unfair" and dlg.chosen() == up_to_level(default_techniques(), Level.UNFAIR)
    dlg.destroy()


CHILD = r"""
import json, tkinter as tk
from sudoku_tk.app.puzzles.choice import choose_puzzle
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.hints.techniques_dialog import TechniquesDialog
root = tk.Tk()
app = App(root, puzzle=choose_puzzle(9), why_delay_ms=0)
seen = {}
def poll():
    for w in root.winfo_children():
        if isinstance(w, TechniquesDialog) and w.winfo_ismapped():
            w.update_idletasks()
            ok = w.ok_button
            seen.update(ok=[ok.winfo_rootx(), ok.winfo_rooty(), ok.winfo_width(), ok.winfo_height()],
                        screen=[root.winfo_screenwidth(), root.winfo_screenheight()])
            w.cancel()
            return
    root.after(30, poll)
root.after(30, poll)
app.update()
app.run_command("techniques")
print(json.dumps(seen))
"""


def test_the_ok_button_lies_inside_a_1366_by_768_screen() -> None:
    import json
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    xvfb = shutil.which("Xvfb")
    if xvfb is None:
        pytest.skip("no Xvfb to make a 1366×768 screen")
    server = subprocess.Popen(
        [xvfb, "-displayfd", "1", "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    try:
        assert server.stdout is not None
        display = server.stdout.readline().decode().strip()
        repo = Path(__file__).resolve().parents[2]
        env = dict(os.environ, DISPLAY=f":{display}", PYTHONPATH=str(repo))
        done = subprocess.run([sys.executable, "-c", CHILD], env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr[-2000:]
        seen = json.loads(done.stdout.strip().splitlines()[-1])
    finally:
        server.terminate()
        server.wait(timeout=10)
    x, y, w, h = seen["ok"]
    assert seen["screen"] == [1366, 768]
    assert x >= 0 and x + w <= 1366 and y >= 0 and y + h <= 768, seen
