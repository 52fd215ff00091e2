"""The save chooser (issue 22.7; Tk's own file dialog on X11, real window, Xvfb): it opens in the folder used last
or in the player's documents, never in the folder the app was started from, and Ctrl+A in its file name box (and
in every entry and text box of the app) selects all the text."""

from __future__ import annotations

import os
import tkinter as tk
from pathlib import Path
from tkinter import ttk

import pytest
from gui_helpers import MakeApp, pump

from sudoku_tk.ui.games.file_choosers import documents_folder, starting_folder
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

pytestmark = pytest.mark.gui

DIALOG = ".__tk_filedialog"
"""Tk's file dialog on X11 (tkfbox.tcl): its toplevel, whose name entry is .contents.f2.ent."""


def _inspect_save_dialog(app: App, seen: dict[str, object]) -> None:
    """Once Tk's save dialog is up: note its folder, type a name, press Ctrl+A in it, note the selection, cancel."""

    def poll() -> None:
        tcl = app.root.tk
        if not int(tcl.call("winfo", "exists", DIALOG)) or not int(tcl.call("winfo", "ismapped", DIALOG)):
            app.after(30, poll)
            return
        entry = f"{DIALOG}.contents.f2.ent"
        seen["folder"] = tcl.eval("set ::tk::dialog::file::__tk_filedialog(selectPath)")
        tcl.call(entry, "delete", 0, "end")
        tcl.call(entry, "insert", 0, "my game.sudoku.json")
        tcl.call(entry, "icursor", "end")
        tcl.call("focus", "-force", entry)
        tcl.call("update")
        tcl.call("event", "generate", entry, "<Control-Key-a>")
        tcl.call("update")
        seen["selected"] = bool(int(tcl.call(entry, "selection", "present")))
        if seen["selected"]:
            text = tcl.call(entry, "get")
            first, last = (int(tcl.call(entry, "index", mark)) for mark in ("sel.first", "sel.last"))
            seen["selection"] = str(text)[first:last]
        tcl.eval(f"::tk::dialog::file::CancelCmd {DIALOG}")

    app.after(30, poll)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A home folder with a Documents folder; the app runs from another folder (a clone, as in the issue)."""
    home = tmp_path / "home"
    (home / "Documents").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    clone = tmp_path / "clone"
    clone.mkdir()
    monkeypatch.chdir(clone)
    return home


def test_the_save_chooser_opens_in_documents_then_in_the_folder_used_last(make_app: MakeApp, home: Path) -> None:
    app = make_app()
    seen: dict[str, object] = {}
    _inspect_save_dialog(app, seen)
    assert app.files.ask_save() is None  # cancelled
    assert Path(str(seen["folder"])) == home / "Documents" != Path(os.getcwd())
    assert seen["selected"] and seen["selection"] == "my game.sudoku.json"

    used = home / "games"
    used.mkdir()
    app.files.remember_directory(used / "old.sudoku.json")  # what a save there does
    again: dict[str, object] = {}
    _inspect_save_dialog(app, again)
    app.files.ask_save()
    assert Path(str(again["folder"])) == used


def _ctrl_a(app: App, widget: tk.Widget) -> None:
    """Ctrl+A in ``widget`` (a key goes to the widget with the focus: wait until it has it)."""
    for _ in range(50):
        widget.focus_force()
        pump(app)
        if widget.focus_get() is widget:
            break
    assert widget.focus_get() is widget
    widget.event_generate("<KeyPress>", keysym="a", state=CONTROL)
    pump(app)


def test_ctrl_a_selects_all_in_the_app_s_own_entries_and_text_boxes(make_app: MakeApp) -> None:
    app = make_app()
    window = tk.Toplevel(app.root)  # as in a dialog
    boxes: list[tk.Widget] = [ttk.Entry(window), tk.Entry(window), ttk.Combobox(window), ttk.Spinbox(window)]
    for box in boxes:
        box.pack()
        box.insert(0, "r1c1 and more")  # type: ignore[attr-defined]
        box.icursor(4)  # type: ignore[attr-defined]
        _ctrl_a(app, box)
        assert box.selection_present(), box.winfo_class()  # type: ignore[attr-defined]
    text = tk.Text(window, height=2)
    text.pack()
    text.insert("1.0", "two\nlines")
    _ctrl_a(app, text)
    assert text.get("sel.first", "sel.last").rstrip("\n") == "two\nlines"
    window.destroy()


def test_the_starting_folder_is_the_last_one_while_it_exists_else_documents_else_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env: dict[str, str] = {}
    assert starting_folder("", home, env) == str(home)
    (home / "Documents").mkdir()
    assert starting_folder("", home, env) == str(home / "Documents")
    assert starting_folder(str(tmp_path / "gone"), home, env) == str(home / "Documents")
    assert starting_folder(str(tmp_path), home, env) == str(tmp_path)
    papers = home / "Papiere"
    papers.mkdir()
    (home / ".config").mkdir()
    (home / ".config" / "user-dirs.dirs").write_text('# xdg\nXDG_DOCUMENTS_DIR="$HOME/Papiere"\n', encoding="utf-8")
    assert documents_folder(home, env) == papers
