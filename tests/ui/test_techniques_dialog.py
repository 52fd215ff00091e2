"""Hint > Techniques…: boxes by family, quick choices, validation, and the choice reaching hints and settings."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from gui_helpers import MakeApp, key, pump
from shared_data import read_puzzles

from sudoku_tk.app.hint_choice import choose_step
from sudoku_tk.engine.rating import Level
from sudoku_tk.engine.step import Technique
from sudoku_tk.engine.technique_sets import up_to_level
from sudoku_tk.engine.techniques import default_techniques, implemented
from sudoku_tk.ui.techniques_dialog import TechniquesDialog, techniques_ok

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
