"""The ways a system hands the app a file or a menu item (issue 27): a saved game on the command line (what the
installers' file associations pass), and macOS's application menu and Finder documents (ui/window/mac_events.py).
A picture handed over the same ways (dropped on the app's icon, "Open With") is read like Game > Open picture
(issue 23).

Tk calls the ``tk::mac`` commands only on macOS; here they are installed on a real window under Xvfb and
called by name, as Tk would call them.
"""

from __future__ import annotations

import tkinter as tk
from pathlib import Path
from typing import Any

import pytest
from gui_helpers import HARD, pump, when_dialog_opens

from sudoku_tk.app.storage.save_format import save_game
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.system import Platform
from sudoku_tk.ui.window import mac_events
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.launch import picture_argument, run_gui, saved_game_argument
from sudoku_tk.vision.synthetic import STYLES, draw_board

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def _saved_game(app: App, path: Path) -> Path:
    save_game(path, app.session.to_record())
    return path


def test_finder_documents_and_the_application_menu_reach_the_window(open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from sudoku_tk.ui.dialogs.puzzle_and_preferences import PreferencesDialog

    app = open_app(name="From Finder")
    path = _saved_game(app, tmp_path / "from finder.sudoku.json")
    app.files.keeper.ask_replace = lambda question: True
    app.run_command("new-9")
    pump(app)
    assert app.session.name != "From Finder"
    quits: list[bool] = []
    mac_events.install(app.root, app.run_command, lambda: quits.append(True), app.files.open_path)

    # Finder hands over two files: the first is opened (the window holds one game).
    app.root.tk.call(mac_events.OPEN_DOCUMENT, str(path), str(tmp_path / "second.sudoku.json"))
    pump(app)
    assert app.session.name == "From Finder" and app.files.path == path

    app.root.tk.call(mac_events.ABOUT)
    pump(app)
    about = [w for w in app.root.winfo_children() if isinstance(w, tk.Toplevel) and w.title() == "About Sudoku Tk"]
    assert len(about) == 1 and about[0].winfo_ismapped()

    seen: list[Any] = []
    errors: list[BaseException] = []
    when_dialog_opens(app, PreferencesDialog, lambda dialog: (seen.append(dialog), dialog.cancel()), errors)
    app.root.tk.call(mac_events.PREFERENCES)
    pump(app)
    assert not errors and len(seen) == 1

    app.root.tk.call(mac_events.QUIT)
    assert quits == [True]


def test_a_saved_game_named_on_the_command_line_opens_in_the_window(
    open_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    app = open_app(name="Double-clicked")
    path = _saved_game(app, tmp_path / "double-clicked.sudoku.json")
    app.close()
    app.root.destroy()
    assert saved_game_argument(str(path)) == path and saved_game_argument(HARD) is None

    seen: list[tuple[str, str]] = []

    def fake_mainloop(self: App, n: int = 0) -> None:
        pump(self)
        seen.append((self.session.name, self.banner_text()))
        self.close()

    monkeypatch.setattr(App, "mainloop", fake_mainloop)
    assert run_gui([str(path)]) == 0
    assert seen == [("Double-clicked", "")]

    # A .json file that is not a game: the window opens on the game it had and says why the file was not opened.
    broken = tmp_path / "notes.json"
    broken.write_text('{"format": "something else"}', encoding="utf-8")
    assert run_gui([str(broken)]) == 0
    [_, (name, banner)] = seen
    assert name == "Double-clicked" and banner.endswith("Your game is unchanged.")


def test_every_menu_shortcut_on_macos_is_one_tk_menus_read(make_app) -> None:  # type: ignore[no-untyped-def]
    from test_keys_and_theme import AQUA_ACCELERATOR

    app = make_app(platform=Platform.MAC)
    menubar = app.menubar
    shown = []
    for i in range(menubar.index("end") + 1):
        menu = menubar.nametowidget(menubar.entrycget(i, "menu"))
        for j in range(menu.index("end") + 1):
            if menu.type(j) != "separator" and menu.entrycget(j, "accelerator"):
                shown.append((menu.entrycget(j, "label"), menu.entrycget(j, "accelerator")))
    assert ("Undo", "Command-Z") in shown and ("Quit", "Command-Q") in shown
    assert [(label, accel) for label, accel in shown if not AQUA_ACCELERATOR.fullmatch(accel)] == []


def _answer_check(app: App, offered: list[tuple[str, str]], accept: bool) -> None:
    """The check screen's answer: note what it offered, then play the puzzle read (or cancel)."""

    def answer(reading: Any, picture: Any, name: str) -> Any:
        offered.append((reading.to_line(), name))
        return parse_grid(reading.to_line()) if accept else None

    app.pictures.ask_check = answer  # type: ignore[assignment]


def test_a_picture_from_finder_is_read_and_checked_before_it_is_played(open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app(HARD)
    photo = tmp_path / "from the dock.png"
    draw_board(parse_grid(CLASSIC).givens, STYLES["serif"], 40).picture.save(photo)
    mac_events.install(app.root, app.run_command, lambda: None, app.open_document)
    offered: list[tuple[str, str]] = []
    _answer_check(app, offered, accept=False)
    app.root.tk.call(mac_events.OPEN_DOCUMENT, str(photo))
    pump(app)
    # Read, shown on the check screen, and cancelled there: the game is the one before.
    assert offered == [(CLASSIC, "from the dock.png")]
    assert app.session.start.givens == parse_grid(HARD).givens

    app.files.keeper.ask_replace = lambda question: True
    _answer_check(app, offered, accept=True)
    app.root.tk.call(mac_events.OPEN_DOCUMENT, str(photo.rename(tmp_path / "SHOUTED.PNG")))
    pump(app)
    assert offered[-1] == (CLASSIC, "SHOUTED.PNG")
    assert app.session.start.givens == parse_grid(CLASSIC).givens and app.session.name == "Puzzle from SHOUTED.PNG"


def test_a_picture_named_on_the_command_line_opens_the_check_screen(
    open_app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    """What a file manager passes when a picture is dropped on the app's icon or opened with it."""
    app = open_app(name="Before the photo")
    app.close()
    app.root.destroy()
    photo = tmp_path / "newspaper.jpg"
    draw_board(parse_grid(CLASSIC).givens, STYLES["plain"], 40).picture.convert("RGB").save(photo, quality=90)
    assert picture_argument(str(photo)) == photo
    assert picture_argument(str(tmp_path / "missing.png")) is None and picture_argument(CLASSIC) is None

    seen: list[tuple[str, list[tuple[str, str]], str]] = []

    def fake_mainloop(self: App, n: int = 0) -> None:
        offered: list[tuple[str, str]] = []
        _answer_check(self, offered, accept=False)
        pump(self)
        seen.append((self.session.name, offered, self.banner_text()))
        self.close()

    monkeypatch.setattr(App, "mainloop", fake_mainloop)
    assert run_gui([str(photo)]) == 0
    [(name, offered, banner)] = seen
    assert name == "Before the photo" and offered == [(CLASSIC, "newspaper.jpg")]

    # Not a picture after all: the window says so over the game it had.
    fake = tmp_path / "scan.png"
    fake.write_text(CLASSIC, encoding="utf-8")
    assert run_gui([str(fake)]) == 0
    [_, (name, offered, banner)] = seen
    assert name == "Before the photo" and offered == []
    assert banner.startswith("Can't read scan.png:") and banner.endswith("Your game is unchanged.")
