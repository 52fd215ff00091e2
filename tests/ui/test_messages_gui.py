"""Messages on a real window (Xvfb): long sentences cut with a tooltip, the message log, old messages that clear,
toolbar tooltips, and the dark theme reaching menus and disabled buttons."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from tkinter import ttk

import pytest
from gui_helpers import MakeApp, click, hover, key, pump

from sudoku_tk.ui.messages.message_log import LOG_SIZE
from sudoku_tk.ui.messages.tooltip import Tooltip
from sudoku_tk.ui.window.menu_theme import disabled_text
from sudoku_tk.ui.window.theme import DARK, LIGHT, contrast_ratio

pytestmark = pytest.mark.gui

LONG = (
    "A very long sentence that goes on and on about r1c1, r2c2 and r3c3, far wider than any status bar "
    "could ever show on one line, so the bar has to cut it and keep the whole of it somewhere else: "
    "in its tooltip and in the message log, where nothing the player was told is ever lost."
)


def _wait_for(app, condition: Callable[[], bool], seconds: float = 3.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        pump(app)
        if condition():
            return True
        time.sleep(0.02)
    return False


def _rest_pointer_on(app, tip: Tooltip) -> None:  # type: ignore[no-untyped-def]
    tip.widget.event_generate("<Enter>", x=5, y=5)
    pump(app)


def _menu(app, name: str):  # type: ignore[no-untyped-def]
    menubar = app.menubar
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    return app.root.nametowidget(menubar.entrycget(labels.index(name), "menu"))


# -- the status bar never cuts a sentence off unseen ---------------------------------------


def test_a_long_message_is_cut_with_an_ellipsis_and_its_tooltip_holds_all_of_it(make_app: MakeApp) -> None:
    app = make_app()
    width = app.root.winfo_width()
    app.say(LONG)
    pump(app)
    shown = app.status.shown_text()
    assert shown.endswith("…") and LONG.startswith(shown[:-1].rstrip()) and len(shown) < len(LONG)
    assert app.status_text() == LONG  # what the bar stands for is the whole sentence
    assert app.root.winfo_width() == width  # the window did not grow to hold it
    tip = app.status.tooltip
    _rest_pointer_on(app, tip)
    assert tip.shown_text() == ""  # not at once: after the tooltip's delay
    # the whole sentence, and how to read it all (issue 22.5: a click on the bar opens the message log)
    assert _wait_for(app, lambda: tip.shown_text().startswith(LONG))
    assert tip.shown_text() == LONG + "\n(Click to read it in View > Messages.)"
    tip.widget.event_generate("<Leave>")
    pump(app)
    assert tip.shown_text() == ""


def test_a_short_message_is_shown_whole_and_has_no_tooltip(make_app: MakeApp) -> None:
    app = make_app()
    app.say("Undid r1c2=1")
    pump(app)
    assert app.status.shown_text() == "Undid r1c2=1" == app.status_text()
    tip = app.status.tooltip
    tip.delay_ms = 1
    _rest_pointer_on(app, tip)
    time.sleep(0.05)
    pump(app)
    assert tip.text() == "" and tip.shown_text() == ""


def test_a_cut_message_shows_whole_once_the_window_is_wide_enough(make_app: MakeApp) -> None:
    app = make_app()
    sentence = LONG[:150]
    app.say(sentence)
    pump(app)
    assert app.status.shown_text().endswith("…")
    app.root.geometry(f"{app.root.winfo_screenwidth()}x{app.root.winfo_height()}")
    assert _wait_for(app, lambda: app.status.shown_text() == sentence)


# -- the message log -------------------------------------------------------------------------


def test_the_message_log_lists_messages_with_their_times(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 1, 1)
    move_message = app.status_text()
    app.say(LONG)
    app.say("Something failed", error=True)
    app.show_notice("A notice above the board")
    pump(app)
    app.run_command("messages")
    pump(app)
    window = app.help.window("messages")
    text = window.text()
    lines = text.splitlines()
    assert all(re.match(r"\d\d:\d\d:\d\d\t", line) for line in lines)
    assert any(line.endswith("\t" + move_message) for line in lines)
    assert any(line.endswith("\t" + LONG) for line in lines)  # whole, though the bar showed it cut
    assert any(line.endswith("\t(problem) Something failed") for line in lines)
    assert any(line.endswith("\tA notice above the board") for line in lines)
    # It follows new messages while open, and opening it again brings the same window.
    app.say("A later message")
    pump(app)
    assert window.text().splitlines()[-1].endswith("\tA later message")
    app.run_command("messages")
    pump(app)
    assert app.help.window("messages") is window
    window.event_generate("<Escape>")
    pump(app)
    assert not window.winfo_exists()


def test_the_log_keeps_the_last_fifty_and_a_double_click_on_the_bar_opens_it(make_app: MakeApp) -> None:
    app = make_app()
    for i in range(LOG_SIZE + 10):
        app.say(f"Message {i}")
    entries = app.status.log.entries()
    assert len(entries) == LOG_SIZE and entries[-1].text == f"Message {LOG_SIZE + 9}"
    assert entries[0].text == "Message 10"
    label = app.status.tooltip.widget
    for _ in range(2):  # two clicks in a row make a double click
        label.event_generate("<Button-1>", x=5, y=5)
        label.event_generate("<ButtonRelease-1>", x=5, y=5)
    pump(app)
    lines = app.help.window("messages").text().splitlines()
    assert len(lines) == LOG_SIZE and lines[-1].endswith(f"Message {LOG_SIZE + 9}")


# -- old messages clear ------------------------------------------------------------------------


def test_a_transient_why_goes_back_to_a_fresh_message(make_app: MakeApp) -> None:
    app = make_app()
    app.say("Fresh news")
    hover(app, 3, 4)  # r1c4 lost 4 to the given r1c1=4
    assert app.status_text().startswith("Why? ")
    hover(app, 0)  # a given: nothing to explain, the why goes
    assert app.status_text() == "Fresh news"


def test_a_stale_message_does_not_come_back_after_a_transient(make_app: MakeApp) -> None:
    app = make_app()
    app.say("An old problem", error=True)
    app.status.stale_seconds = 0.05
    time.sleep(0.1)
    hover(app, 3, 4)
    assert app.status_text().startswith("Why? ")
    app.board.event_generate("<Leave>")  # the pointer leaves the board
    pump(app)
    assert app.status_text() == "" and app.status.shown_text() == ""
    # It is still in the log, though.
    assert any(e.text == "An old problem" and e.error for e in app.status.log.entries())


def test_the_next_move_replaces_an_old_refusal(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 0)  # r1c1, a given
    key(app, "5")
    assert "given" in app.status_text()
    assert str(app.status.tooltip.widget.cget("foreground")) == LIGHT.conflict
    click(app, 1, 1)
    assert app.status_text() == app.session.last_move_summary()
    assert str(app.status.tooltip.widget.cget("foreground")) == LIGHT.text


# -- toolbar tooltips --------------------------------------------------------------------------


def test_each_toolbar_button_has_a_tooltip_with_its_label_and_shortcut(make_app: MakeApp) -> None:
    app = make_app()
    undo = app.menus.toolbar_tooltip("undo")
    assert undo.widget is app.toolbar_button("undo")
    _rest_pointer_on(app, undo)
    assert undo.shown_text() == ""  # it waits for the pointer to rest
    assert _wait_for(app, lambda: undo.shown_text() == "Undo (Ctrl+Z)")
    undo.widget.event_generate("<Leave>")
    pump(app)
    assert undo.shown_text() == ""
    assert app.menus.toolbar_tooltip("redo").text() == "Redo (Ctrl+Y or Ctrl+Shift+Z)"
    new = app.menus.toolbar_tooltip("new").text()
    assert new.startswith("New game (Ctrl+N)\n") and new.splitlines()[1] == app.commands.get("new").help
    for command in app.commands.toolbar():
        assert app.menus.toolbar_tooltip(command.id).text().startswith(command.label.rstrip("…"))


def test_a_disabled_toolbar_button_shows_its_tooltip_too(make_app: MakeApp) -> None:
    app = make_app()
    button = app.toolbar_button("undo")
    assert button.instate(["disabled"])
    tip = app.menus.toolbar_tooltip("undo")
    tip.delay_ms = 1
    _rest_pointer_on(app, tip)
    assert _wait_for(app, lambda: tip.shown_text() == "Undo (Ctrl+Z)")


# -- the dark theme covers menus and disabled buttons ------------------------------------------


def test_the_dark_theme_colours_the_menus_and_back(make_app: MakeApp) -> None:
    app = make_app(theme="dark")
    edit = _menu(app, "Edit")
    assert str(edit.cget("background")) == DARK.board and str(edit.cget("foreground")) == DARK.text
    disabled = str(edit.cget("disabledforeground"))
    assert disabled == disabled_text(DARK, DARK.board)
    assert 3.0 <= contrast_ratio(disabled, DARK.board) < contrast_ratio(DARK.text, DARK.board)
    assert str(app.menubar.cget("background")) == DARK.window
    app.run_command("theme-dark")  # back to light
    pump(app)
    assert str(_menu(app, "Edit").cget("background")) == LIGHT.board
    assert str(_menu(app, "Help").cget("foreground")) == LIGHT.text


def test_the_dark_theme_reaches_disabled_buttons_and_tooltips(make_app: MakeApp) -> None:
    app = make_app(theme="dark")
    style = ttk.Style(app.root)
    assert app.toolbar_button("undo").instate(["disabled"])
    fg = style.lookup("TButton", "foreground", ["disabled"])
    bg = style.lookup("TButton", "background", ["disabled"])
    assert bg == DARK.window
    assert 3.0 <= contrast_ratio(fg, bg) < contrast_ratio(DARK.text, bg)
    # Other disabled widgets (labels, scroll bars) no longer take clam's light grey.
    assert style.lookup("TLabel", "background", ["disabled"]) == DARK.window
    assert style.lookup("TScrollbar", "background", ["disabled"]) == DARK.window
    assert style.lookup("Tooltip.TLabel", "background") == DARK.banner_bg
    assert style.lookup("Tooltip.TLabel", "foreground") == DARK.banner_fg


def test_native_menus_keep_their_look_in_the_light_theme_and_go_dark_in_the_dark(make_app: MakeApp) -> None:
    import tkinter as tk

    from sudoku_tk.system import Platform

    app = make_app(platform=Platform.WINDOWS)
    native = tk.Menu(app.root)
    assert str(_menu(app, "Edit").cget("background")) == str(native.cget("background"))
    app.run_command("theme-dark")
    pump(app)
    assert str(_menu(app, "Edit").cget("background")) == DARK.board
    app.run_command("theme-dark")
    pump(app)
    assert str(_menu(app, "Edit").cget("background")) == str(native.cget("background"))
