"""Every dialog is readable in the dark theme (issue 22.10; real window, Xvfb).

The export dialogs showed "1×" and "medium" pale grey on white, and unselected radio buttons as bright discs that
looked selected. The class of bug is a widget the theme never reached: ttk fields (entries, combo boxes, spin
boxes), the indicators of radio and check buttons, and classic Tk widgets (lists, text boxes) that take no ttk
style. Each dialog is built (not shown) over a dark window and every widget in it is checked: text on fields
readable in each state, an unselected indicator dark like the field (the mark alone says "selected"), and lists
and text boxes dark with light text.
"""

from __future__ import annotations

import random
import tkinter as tk
from collections.abc import Callable, Iterator
from datetime import datetime, timezone
from tkinter import ttk

import pytest
from gui_helpers import MakeApp, pump

from sudoku_tk.app.progress.recent_games import RecentGame
from sudoku_tk.app.storage.game_io import read_incoming
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.settings import DEFAULTS
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.ui.dialogs.collection import CollectionDialog
from sudoku_tk.ui.dialogs.export import PdfDialog, PictureDialog
from sudoku_tk.ui.dialogs.new_game import NewGameDialog
from sudoku_tk.ui.dialogs.puzzle_and_preferences import PreferencesDialog, PuzzleTextDialog
from sudoku_tk.ui.dialogs.recent import RecentGamesDialog, ReplaceGameDialog
from sudoku_tk.ui.hints.techniques_dialog import TechniquesDialog
from sudoku_tk.ui.window.app import App

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FIELDS = ("TEntry", "TCombobox", "TSpinbox")
INDICATORS = ("TRadiobutton", "TCheckbutton")
CLASSIC_WIDGETS = ("Listbox", "Text", "Entry", "Spinbox")
CLAM_DEFAULT_FIELD, CLAM_DEFAULT_MARK = "#ffffff", "#000000"
"""What Tk's clam theme draws a field and an indicator with when the style sets nothing."""


def _luminance(widget: tk.Misc, colour: str) -> float:
    """WCAG relative luminance of a Tk colour (any form Tk reads)."""
    channels = []
    for value in widget.winfo_rgb(colour):
        c = value / 65535
        channels.append(c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
    r, g, b = channels
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(widget: tk.Misc, a: str, b: str) -> float:
    la, lb = sorted((_luminance(widget, a), _luminance(widget, b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _walk(widget: tk.Misc) -> Iterator[tk.Misc]:
    for child in widget.winfo_children():
        yield child
        yield from _walk(child)


def _dialogs(root: tk.Misc) -> list[tuple[str, Callable[[], tk.Toplevel]]]:
    grid = parse_grid(CLASSIC)
    collection = read_incoming("\n".join([CLASSIC] * 3))
    recent = RecentGame(
        GameRecord(grid, (), (), frozenset(), 12.0, 0, puzzle_name="Kept", saved=datetime.now(timezone.utc))
    )
    return [
        ("picture", lambda: PictureDialog(root, has_hint=False, has_colours=True, show=False)),
        ("pdf", lambda: PdfDialog(root, show=False)),
        ("new game", lambda: NewGameDialog(root, rng=random.Random(1), show=False)),
        ("preferences", lambda: PreferencesDialog(root, DEFAULTS, show=False)),
        ("paste", lambda: PuzzleTextDialog(root, CLASSIC, show=False)),
        ("collection", lambda: CollectionDialog(root, collection, "three.txt", show=False)),  # type: ignore[arg-type]
        ("recent", lambda: RecentGamesDialog(root, [recent], datetime.now(timezone.utc), show=False)),
        ("replace", lambda: ReplaceGameDialog(root, "Replace it?", show=False)),
        ("techniques", lambda: TechniquesDialog(root, None, show=False)),
    ]


def _problems(dialog: tk.Toplevel) -> list[str]:
    style = ttk.Style(dialog)
    window = style.lookup("TFrame", "background")
    found: list[str] = []
    for widget in _walk(dialog):
        cls = widget.winfo_class()
        name = f"{cls} {str(widget).rsplit('.', 1)[-1]}"
        if cls in FIELDS:
            for state in ([], ["readonly"], ["disabled"], ["focus"]):
                fg = style.lookup(cls, "foreground", state) or style.lookup(".", "foreground")
                bg = style.lookup(cls, "fieldbackground", state) or CLAM_DEFAULT_FIELD
                need = 2.0 if "disabled" in state else 4.5
                if not bg or _contrast(dialog, fg, bg) < need:
                    found.append(f"{name} {state or 'normal'}: text {fg} on field {bg}")
        elif cls in INDICATORS:
            bg = style.lookup(cls, "indicatorbackground", ["!selected"]) or CLAM_DEFAULT_FIELD
            on = style.lookup(cls, "indicatorbackground", ["selected"]) or CLAM_DEFAULT_FIELD
            mark = style.lookup(cls, "indicatorforeground", ["selected"]) or CLAM_DEFAULT_MARK
            if _luminance(dialog, bg) > 0.2:
                found.append(f"{name}: an unselected indicator is a bright {bg} disc on the dark window {window}")
            if _contrast(dialog, mark, on) < 4.5:
                found.append(f"{name}: the selected mark {mark} hardly shows")
        elif cls == "TScrollbar":
            orient = "Vertical.TScrollbar" if str(widget.cget("orient")) == "vertical" else "Horizontal.TScrollbar"
            trough = style.lookup(orient, "troughcolor") or "#dcdad5"  # clam's light grey
            if _luminance(dialog, trough) > 0.2:
                found.append(f"{name}: a light trough {trough} in the dark window")
        elif cls in CLASSIC_WIDGETS:
            fg, bg = str(widget.cget("foreground")), str(widget.cget("background"))
            if _luminance(dialog, bg) > 0.2 or _contrast(dialog, fg, bg) < 4.5:
                found.append(f"{name}: text {fg} on {bg}")
    return found


@pytest.mark.parametrize(
    "which", ["picture", "pdf", "new game", "preferences", "paste", "collection", "recent", "replace", "techniques"]
)
def test_every_widget_of_a_dialog_reads_in_the_dark_theme(make_app: MakeApp, which: str) -> None:
    app: App = make_app(theme="dark")
    pump(app)
    make = dict(_dialogs(app.root))[which]
    dialog = make()
    try:
        assert _problems(dialog) == []
    finally:
        dialog.destroy()


def test_light_fields_and_indicators_stay_readable(make_app: MakeApp) -> None:
    """The light theme keeps dark text on light fields (its indicators are light discs, as everywhere)."""
    app: App = make_app(theme="light")
    dialog = PdfDialog(app.root, show=False)
    try:
        style = ttk.Style(dialog)
        for cls in FIELDS:
            for state in ([], ["readonly"]):
                fg = style.lookup(cls, "foreground", state) or style.lookup(".", "foreground")
                bg = style.lookup(cls, "fieldbackground", state) or CLAM_DEFAULT_FIELD
                assert _contrast(dialog, fg, bg) >= 4.5, (cls, state)
    finally:
        dialog.destroy()
