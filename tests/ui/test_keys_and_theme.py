"""Keyboard map, cursor navigation and shortcut sequences (pure), and theme readability. No Tk."""

from __future__ import annotations

import re

import pytest

from sudoku_tk.app.game.commands import Shortcut
from sudoku_tk.engine.steps.step import HighlightRole
from sudoku_tk.system import Platform
from sudoku_tk.ui.window.keys import (
    ALT_WINDOWS,
    ALT_X11,
    CONTROL,
    OPTION_MAC,
    SHIFT,
    KeyAction,
    KeyKind,
    decode_key,
    digit_of_key,
    menu_accelerator,
    move_cursor,
    tk_sequences,
)
from sudoku_tk.ui.window.theme import DARK, LIGHT, contrast_ratio, theme_named

L = Platform.LINUX


@pytest.mark.parametrize(
    "keysym,state,side,expected",
    [
        ("7", 0, 9, KeyAction(KeyKind.PLACE, 7)),
        ("KP_7", 0, 9, KeyAction(KeyKind.PLACE, 7)),
        ("ampersand", SHIFT, 9, KeyAction(KeyKind.TOGGLE, 7)),
        ("7", ALT_X11, 9, KeyAction(KeyKind.TOGGLE, 7)),
        ("7", SHIFT, 9, KeyAction(KeyKind.TOGGLE, 7)),
        ("5", 0, 4, KeyAction(KeyKind.NONE)),
        ("percent", SHIFT, 4, KeyAction(KeyKind.NONE)),
        ("a", 0, 16, KeyAction(KeyKind.PLACE, 10)),
        ("G", SHIFT, 16, KeyAction(KeyKind.TOGGLE, 16)),
        ("a", 0, 9, KeyAction(KeyKind.NONE)),
        ("h", 0, 16, KeyAction(KeyKind.NONE)),
        ("0", 0, 9, KeyAction(KeyKind.CLEAR)),
        ("Delete", 0, 9, KeyAction(KeyKind.CLEAR)),
        ("BackSpace", 0, 9, KeyAction(KeyKind.CLEAR)),
        ("Left", 0, 9, KeyAction(KeyKind.MOVE, dcol=-1)),
        ("Down", CONTROL, 9, KeyAction(KeyKind.JUMP, drow=1)),
        ("Home", 0, 9, KeyAction(KeyKind.ROW_START)),
        ("End", CONTROL, 9, KeyAction(KeyKind.LAST)),
        ("z", CONTROL, 9, KeyAction(KeyKind.NONE)),
        ("5", CONTROL, 9, KeyAction(KeyKind.NONE)),
    ],
)
def test_decode_key_on_linux(keysym: str, state: int, side: int, expected: KeyAction) -> None:
    assert decode_key(keysym, state, side, L) == expected


def test_alt_and_command_differ_per_platform() -> None:
    assert decode_key("3", ALT_WINDOWS, 9, Platform.WINDOWS) == KeyAction(KeyKind.TOGGLE, 3)
    assert decode_key("3", OPTION_MAC, 9, Platform.MAC) == KeyAction(KeyKind.TOGGLE, 3)
    # On macOS the Mod1 bit is Command: Command+Right jumps, Command+3 belongs to the menus.
    assert decode_key("Right", ALT_X11, 9, Platform.MAC).kind is KeyKind.JUMP
    assert decode_key("3", ALT_X11, 9, Platform.MAC).kind is KeyKind.NONE


def test_digit_of_key() -> None:
    assert [digit_of_key(k, 16) for k in ("1", "9", "A", "g", "0", "H", "KP_5", "F1")] == [
        1,
        9,
        10,
        16,
        None,
        None,
        5,
        None,
    ]
    assert digit_of_key("A", 9) is None


def test_move_wraps_and_jump_finds_the_next_empty_cell() -> None:
    values = [1] * 81
    for c in (5, 30, 77):
        values[c] = 0
    right, left = KeyAction(KeyKind.MOVE, dcol=1), KeyAction(KeyKind.MOVE, dcol=-1)
    assert move_cursor(8, right, 9, values) == 0
    assert move_cursor(0, left, 9, values) == 8
    assert move_cursor(0, KeyAction(KeyKind.MOVE, drow=-1), 9, values) == 72
    assert move_cursor(0, KeyAction(KeyKind.JUMP, dcol=1), 9, values) == 5
    assert move_cursor(5, KeyAction(KeyKind.JUMP, dcol=1), 9, values) == 30
    assert move_cursor(77, KeyAction(KeyKind.JUMP, dcol=1), 9, values) == 5  # wraps
    assert move_cursor(30, KeyAction(KeyKind.JUMP, dcol=-1), 9, values) == 5
    # Down: reading column by column, r4c4 (column 4) comes before r1c6 (column 6).
    assert move_cursor(0, KeyAction(KeyKind.JUMP, drow=1), 9, values) == 30
    assert move_cursor(30, KeyAction(KeyKind.JUMP, drow=1), 9, values) == 5
    assert move_cursor(40, KeyAction(KeyKind.ROW_START), 9, values) == 36
    assert move_cursor(40, KeyAction(KeyKind.ROW_END), 9, values) == 44
    assert move_cursor(40, KeyAction(KeyKind.LAST), 9, values) == 80
    full = [1] * 16
    assert move_cursor(3, KeyAction(KeyKind.JUMP, dcol=1), 4, full) == 3


def test_tk_sequences_per_platform() -> None:
    assert tk_sequences(Shortcut.parse("Mod+Z"), Platform.WINDOWS) == ["<Control-Key-z>", "<Control-Key-Z>"]
    assert tk_sequences(Shortcut.parse("Mod+Shift+Z"), L) == ["<Control-Shift-Key-Z>"]
    assert tk_sequences(Shortcut.parse("Mod+Y"), Platform.MAC) == ["<Command-Key-y>", "<Command-Key-Y>"]
    assert tk_sequences(Shortcut.parse("Escape"), L) == ["<Key-Escape>"]
    assert tk_sequences(Shortcut.parse("Alt+F4"), Platform.MAC) == ["<Option-Key-F4>"]


# What Tk's macOS menus parse as an accelerator (its tkMacOSXMenu.c): modifiers, then one character, F1-F15 or a
# named key. Anything else is shown as a key of its own with no modifier, and never matches a key press.
AQUA_ACCELERATOR = re.compile(
    r"((Command|Option|Shift|Control)-)*"
    r"(.|F([1-9]|1[0-5])|Left|Right|Up|Down|Escape|Delete|Backspace|Return|Home|End|Space|Tab|PageUp|PageDown)"
)


@pytest.mark.parametrize(
    "text,mac",
    [
        ("Mod+Z", "Command-Z"),
        ("Mod+Shift+Z", "Command-Shift-Z"),
        ("Mod+plus", "Command-+"),
        ("Mod+minus", "Command--"),
        ("Mod+equal", "Command-="),
        ("Mod+KP_Add", "Command-+"),
        ("Mod+KP_0", "Command-0"),
        ("Mod+question", "Command-?"),
        ("Mod+1", "Command-1"),
        ("Alt+3", "Option-3"),
        ("F1", "F1"),
        ("h", "H"),
        ("Shift+S", "Shift-S"),
        ("Escape", "Escape"),
        ("BackSpace", "Backspace"),
    ],
)
def test_menu_accelerators_on_macos_are_what_tk_menus_read(text: str, mac: str) -> None:
    shortcut = Shortcut.parse(text)
    assert menu_accelerator(shortcut, Platform.MAC) == mac and AQUA_ACCELERATOR.fullmatch(mac)
    assert menu_accelerator(shortcut, L) == shortcut.label(L)  # Tk shows other systems' text as given


def test_zoom_shortcuts_reach_the_commands_not_the_board() -> None:
    # Ctrl with a digit, plus or minus belongs to the zoom commands: the board neither places nor clears.
    for keysym in ("plus", "equal", "minus", "0", "KP_Add", "KP_Subtract", "KP_0"):
        assert decode_key(keysym, CONTROL, 9) == KeyAction(KeyKind.NONE)
        assert decode_key(keysym, CONTROL | SHIFT, 16) == KeyAction(KeyKind.NONE)
    assert tk_sequences(Shortcut.parse("Mod+plus"), L) == ["<Control-Key-plus>"]
    assert tk_sequences(Shortcut.parse("Mod+KP_Add"), Platform.MAC) == ["<Command-Key-KP_Add>"]
    assert Shortcut.parse("Mod+plus").label(L) == "Ctrl++"
    assert Shortcut.parse("Mod+KP_Subtract").label(Platform.WINDOWS) == "Ctrl+Keypad -"
    assert Shortcut.parse("Mod+0").label(Platform.MAC) == "⌘0"


@pytest.mark.parametrize("theme", [LIGHT, DARK])
def test_text_colours_are_readable_on_their_backgrounds(theme) -> None:  # type: ignore[no-untyped-def]
    for fg in (theme.given, theme.player, theme.auto, theme.candidate):
        for bg in (theme.board, theme.cursor_bg, theme.seen_bg, theme.digit_bg):
            assert contrast_ratio(fg, bg) >= 4.5, (fg, bg)
    assert contrast_ratio(theme.conflict, theme.conflict_bg) >= 3.0
    assert contrast_ratio(theme.candidate_hl, theme.board) >= 4.5
    assert contrast_ratio(theme.box_line, theme.board) >= 7
    # Player and automatic digits must not look alike.
    assert theme.player != theme.auto != theme.given


@pytest.mark.parametrize("theme", [LIGHT, DARK])
def test_every_highlight_role_has_a_style(theme) -> None:  # type: ignore[no-untyped-def]
    for role in HighlightRole:
        style = theme.role(role)
        assert style.fill.startswith("#") and style.outline.startswith("#")


def test_theme_by_name() -> None:
    assert theme_named(" Dark ") is DARK
    with pytest.raises(ValueError, match="'blue'"):
        theme_named("blue")
