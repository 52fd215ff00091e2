"""The Help menu (keyboard shortcuts, About) and the card over the board from the keyboard, on a real window (Xvfb)."""

from __future__ import annotations

import tkinter as tk

import pytest
from gui_helpers import MakeApp, key, pump

from sudoku_tk import APP_NAME, __version__
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.system import Platform
from sudoku_tk.ui.messages.help_windows import BOARD_KEYS, DIGIT, shortcut_lines
from sudoku_tk.ui.messages.text_window import TextWindow
from sudoku_tk.ui.window.keys import ALT_X11, CONTROL, SHIFT, decode_key

pytestmark = pytest.mark.gui

FOUR = "....41....43...."


def _menu(app, name: str) -> tk.Menu:  # type: ignore[no-untyped-def]
    menubar = app.menubar
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    return app.root.nametowidget(menubar.entrycget(labels.index(name), "menu"))


def _entry_labels(menu: tk.Menu) -> list:
    return [menu.entrycget(i, "label") for i in range(menu.index("end") + 1) if menu.type(i) != "separator"]


def _open_windows(app) -> list:  # type: ignore[no-untyped-def]
    return [w for w in app.root.winfo_children() if isinstance(w, TextWindow) and w.winfo_exists()]


# -- the Help menu ----------------------------------------------------------------------------


def test_the_help_menu_is_last_and_has_the_shortcuts_and_about(make_app: MakeApp) -> None:
    app = make_app()
    menubar = app.menubar
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    assert labels[-1] == "Help"
    assert _entry_labels(_menu(app, "Help")) == ["Keyboard shortcuts", f"About {APP_NAME}"]
    assert _menu(app, "Help").entrycget(0, "accelerator") == "Ctrl+?"
    assert "Messages…" in _entry_labels(_menu(app, "View"))


def test_keyboard_shortcuts_lists_every_command_shortcut_and_the_board_keys(make_app: MakeApp) -> None:
    app = make_app()
    help_menu = _menu(app, "Help")
    help_menu.invoke(0)
    pump(app)
    window = app.help.window("shortcuts")
    assert window.title() == "Keyboard shortcuts" and window.winfo_ismapped()
    lines = window.text().splitlines()
    assert "Ctrl+Z\tUndo" in lines
    assert "Ctrl+Y, Ctrl+Shift+Z\tRedo" in lines
    assert "H, F1\tHint" in lines
    assert "Ctrl+?\tKeyboard shortcuts" in lines
    for command in app.commands:  # every command that has a shortcut, none left out
        for shortcut in command.shortcuts:
            assert any(
                line.endswith("\t" + command.label.rstrip("…")) and shortcut.label(app.platform) in line
                for line in lines
            ), command.id
    assert "Left, Right, Up, Down\tMove the cursor" in lines
    assert "Del, Backspace, 0\tClear the cursor cell" in lines
    assert "Enter\tPress the card's first button (New puzzle, Resume)" in lines
    assert lines.index("Edit menu") < lines.index("Ctrl+Z\tUndo") < lines.index("On the board")
    window.close_button.invoke()
    pump(app)
    assert not window.winfo_exists()


def test_ctrl_question_mark_opens_the_shortcuts_once(make_app: MakeApp) -> None:
    app = make_app()
    key(app, "question", CONTROL | SHIFT)
    key(app, "question", CONTROL | SHIFT)
    pump(app)
    windows = _open_windows(app)
    assert [w.title() for w in windows] == ["Keyboard shortcuts"]


def test_the_shortcut_list_shows_each_platforms_keys() -> None:
    from sudoku_tk.app.game.commands import Command, CommandRegistry, Shortcut

    reg = CommandRegistry(menus=("Edit",))
    reg.add(Command("undo", "Undo", print, shortcuts=(Shortcut.parse("Mod+Z"),), menu="Edit"))
    mac = [line.text for line in shortcut_lines(reg, Platform.MAC)]
    assert "⌘Z\tUndo" in mac and "⌘←, ⌘→, ⌘↑, ⌘↓\tJump to the next empty cell that way" in mac


@pytest.mark.parametrize("row", BOARD_KEYS, ids=lambda r: r.kind.value)
def test_each_board_key_listed_does_what_keys_py_decodes(row) -> None:  # type: ignore[no-untyped-def]
    for shortcut in row.keys:
        keysym = "5" if shortcut.key == DIGIT else shortcut.key
        state = CONTROL * shortcut.mod | SHIFT * shortcut.shift | ALT_X11 * shortcut.alt
        assert decode_key(keysym, state, 9, Platform.LINUX).kind is row.kind, (shortcut, row.action)


def test_about_shows_the_version_the_licence_and_what_it_runs_on(make_app: MakeApp) -> None:
    app = make_app()
    help_menu = _menu(app, "Help")
    help_menu.invoke(help_menu.index(f"About {APP_NAME}"))
    pump(app)
    window = app.help.window("about")
    text = window.text()
    assert window.title() == f"About {APP_NAME}"
    assert text.splitlines()[0] == f"{APP_NAME} {__version__}"
    assert "Licence: MIT" in text
    assert f"Tk {app.root.tk.call('info', 'patchlevel')}" in text and "Pillow " in text and "Python 3." in text
    window.event_generate("<Escape>")
    pump(app)
    assert not window.winfo_exists()


def test_help_windows_follow_the_theme(make_app: MakeApp) -> None:
    from sudoku_tk.ui.window.theme import DARK, LIGHT

    app = make_app(theme="dark")
    app.run_command("about")
    pump(app)
    text_widget = next(
        w for w in app.help.window("about").winfo_children()[0].winfo_children() if isinstance(w, tk.Text)
    )
    assert str(text_widget.cget("background")) == DARK.board
    app.run_command("theme-dark")
    pump(app)
    assert str(text_widget.cget("background")) == LIGHT.board and str(text_widget.cget("foreground")) == LIGHT.text


# -- the Solved card from the keyboard --------------------------------------------------------


def _solve_by_the_session(app) -> None:  # type: ignore[no-untyped-def]
    solution = solve(app.session.start)
    assert solution is not None
    while not app.session.is_solved():
        cell = app.session.position.empty_cells()[0]
        app.session.place(cell, solution[cell])
    pump(app)
    assert app.card_text().startswith("Solved")


def test_enter_on_the_solved_card_starts_a_new_puzzle(make_app: MakeApp) -> None:
    app = make_app(FOUR, "Four")
    _solve_by_the_session(app)
    key(app, "Return")
    pump(app)
    assert app.card_text() == "" and not app.session.is_solved() and app.session.name != "Four"
    assert app.session.moves == ()


def test_escape_on_the_solved_card_closes_it_and_keeps_the_game(make_app: MakeApp) -> None:
    app = make_app(FOUR, "Four")
    _solve_by_the_session(app)
    moves = app.session.moves
    key(app, "Escape")
    pump(app)
    assert app.card_text() == "" and not app.board.find_withtag("card")
    assert app.session.is_solved() and app.session.moves == moves and app.session.name == "Four"
    key(app, "Return")  # no card any more: Enter does nothing
    pump(app)
    assert app.session.name == "Four"


def test_enter_works_when_the_focus_is_elsewhere_in_the_window(make_app: MakeApp) -> None:
    app = make_app(FOUR, "Four")
    _solve_by_the_session(app)
    app.toolbar.focus_force()
    pump(app)
    app.toolbar.event_generate("<KeyPress>", keysym="Return")
    pump(app)
    pump(app)
    assert app.card_text() == "" and app.session.name != "Four"


def test_the_paused_card_resumes_on_enter_and_stays_on_escape(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("pause")
    pump(app)
    assert app.board.paused and app.card_text().startswith("Paused")
    key(app, "Escape")
    assert app.board.paused and app.card_text().startswith("Paused")
    key(app, "Return")
    pump(app)
    assert not app.board.paused and app.card_text() == ""
