"""Keyboard decoding and cursor navigation as pure functions, plus Tk event sequences for command shortcuts.

``decode_key`` turns a Tk key event's keysym, character and modifier state into
one ``KeyAction`` (place, toggle a candidate, clear, move the cursor…), so the
whole keyboard map is tested without a window. No tkinter import here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from sudoku_tk.app.game.commands import Shortcut
from sudoku_tk.system import Platform

# Tk modifier bits in event.state
SHIFT = 0x0001
CONTROL = 0x0004
ALT_X11 = 0x0008
"""Mod1: Alt on X11; on macOS this bit is the Command key."""
OPTION_MAC = 0x0010
ALT_WINDOWS = 0x20000

TEXT_FIELDS = ("Entry", "TEntry", "Text", "Spinbox", "TSpinbox", "TCombobox")
"""Widget classes whose keys belong to the field (typing, copy and paste), not to the board."""

# Shifted digits on a US layout arrive as their symbols.
_SHIFTED_DIGITS = {
    "exclam": 1,
    "at": 2,
    "numbersign": 3,
    "dollar": 4,
    "percent": 5,
    "asciicircum": 6,
    "ampersand": 7,
    "asterisk": 8,
    "parenleft": 9,
}
_CLEAR_KEYS = {"0", "KP_0", "KP_Insert", "Delete", "BackSpace", "KP_Delete"}
_MOVES = {
    "Left": (0, -1),
    "Right": (0, 1),
    "Up": (-1, 0),
    "Down": (1, 0),
    "KP_Left": (0, -1),
    "KP_Right": (0, 1),
    "KP_Up": (-1, 0),
    "KP_Down": (1, 0),
}


class KeyKind(Enum):
    """What a key press asks for."""

    NONE = "none"
    PLACE = "place"
    TOGGLE = "toggle"
    """Remove or bring back the candidate in the cursor cell."""
    CLEAR = "clear"
    MOVE = "move"
    """Move the cursor one cell (wrapping at the edges)."""
    JUMP = "jump"
    """Move the cursor to the next empty cell in that direction."""
    ROW_START = "row_start"
    ROW_END = "row_end"
    FIRST = "first"
    LAST = "last"


@dataclass(frozen=True, slots=True)
class KeyAction:
    """A decoded key press: the kind, a digit for place/toggle, a direction for move/jump."""

    kind: KeyKind
    digit: int = 0
    drow: int = 0
    dcol: int = 0


NOTHING = KeyAction(KeyKind.NONE)


def _alt_held(state: int, platform: Platform) -> bool:
    if platform is Platform.MAC:
        return bool(state & OPTION_MAC)
    if platform is Platform.WINDOWS:
        return bool(state & ALT_WINDOWS)
    return bool(state & ALT_X11)


def _mod_held(state: int, platform: Platform) -> bool:
    """Ctrl (Windows, Linux) or Command (macOS; Ctrl also counts there for Ctrl+arrows)."""
    if platform is Platform.MAC:
        return bool(state & (ALT_X11 | CONTROL))
    return bool(state & CONTROL)


def digit_of_key(keysym: str, side: int) -> int | None:
    """The digit a keysym types on a board of ``side``: 1-9 and keypad digits, letters A-G above 9."""
    name = keysym[3:] if keysym.startswith("KP_") else keysym
    if len(name) == 1 and name.isdigit() and name != "0":
        d = int(name)
    elif len(name) == 1 and name.isalpha():
        d = ord(name.upper()) - ord("A") + 10
    else:
        return None
    return d if 1 <= d <= side else None


def decode_key(keysym: str, state: int, side: int, platform: Platform = Platform.LINUX) -> KeyAction:
    """Turn a key press into what it asks the board to do.

    >>> decode_key("5", 0, 9)
    KeyAction(kind=<KeyKind.PLACE: 'place'>, digit=5, drow=0, dcol=0)
    >>> decode_key("percent", 1, 9).kind, decode_key("Right", 4, 9).kind
    (<KeyKind.TOGGLE: 'toggle'>, <KeyKind.JUMP: 'jump'>)
    """
    shift = bool(state & SHIFT)
    mod = _mod_held(state, platform)
    alt = _alt_held(state, platform)
    if keysym in _MOVES:
        dr, dc = _MOVES[keysym]
        return KeyAction(KeyKind.JUMP if mod else KeyKind.MOVE, drow=dr, dcol=dc)
    if keysym in ("Home", "KP_Home"):
        return KeyAction(KeyKind.FIRST if mod else KeyKind.ROW_START)
    if keysym in ("End", "KP_End"):
        return KeyAction(KeyKind.LAST if mod else KeyKind.ROW_END)
    if mod:
        return NOTHING  # Ctrl/Command + key belongs to the commands
    if keysym in _CLEAR_KEYS:
        return KeyAction(KeyKind.CLEAR)
    if keysym in _SHIFTED_DIGITS:
        shifted = _SHIFTED_DIGITS[keysym]
        return KeyAction(KeyKind.TOGGLE, shifted) if shifted <= side else NOTHING
    d = digit_of_key(keysym, side)
    if d is None:
        return NOTHING
    # A capital letter means Shift was held (or Caps Lock): toggle, like Shift+digit.
    capital = len(keysym) == 1 and keysym.isalpha() and keysym.isupper()
    if shift or alt or capital:
        return KeyAction(KeyKind.TOGGLE, d)
    return KeyAction(KeyKind.PLACE, d)


def move_cursor(cell: int, action: KeyAction, side: int, values: Sequence[int]) -> int:
    """Where the cursor goes from ``cell`` for a MOVE, JUMP, ROW_START, ROW_END, FIRST or LAST action.

    MOVE wraps around the board's edge within the row or column. JUMP goes to the
    next empty cell in that direction, reading on through the following rows (or
    columns) and wrapping at the end; it stays put when no cell is empty.
    """
    row, col = divmod(cell, side)
    kind = action.kind
    if kind is KeyKind.MOVE:
        return ((row + action.drow) % side) * side + (col + action.dcol) % side
    if kind is KeyKind.ROW_START:
        return row * side
    if kind is KeyKind.ROW_END:
        return row * side + side - 1
    if kind is KeyKind.FIRST:
        return 0
    if kind is KeyKind.LAST:
        return side * side - 1
    if kind is KeyKind.JUMP:
        order = _reading_order(side, horizontal=action.dcol != 0)
        forward = action.drow + action.dcol > 0
        if not forward:
            order.reverse()
        i = order.index(cell)
        for c in order[i + 1 :] + order[:i]:
            if not values[c]:
                return c
    return cell


def _reading_order(side: int, horizontal: bool) -> list[int]:
    if horizontal:
        return list(range(side * side))
    return [r * side + c for c in range(side) for r in range(side)]


# Tk's macOS menus read an accelerator as modifiers ("Command-", "Option-", "Shift-", "Control-") and a key: one
# character, F1-F15, or one of the names below; they draw it with the system's own symbols (⇧⌘Z). Text in
# any other form, such as the symbols themselves, is taken as a key of its own and shown with no modifier.
_AQUA_MENU_KEYS = {
    "plus": "+",
    "minus": "-",
    "equal": "=",
    "question": "?",
    "KP_Add": "+",
    "KP_Subtract": "-",
    "KP_0": "0",
    "space": "Space",
    "BackSpace": "Backspace",
}


def menu_accelerator(shortcut: Shortcut, platform: Platform) -> str:
    """The text a menu entry gives as its ``-accelerator`` for ``shortcut``.

    On Windows and Linux Tk shows it as given, so it is the shortcut's label; on macOS it is written the way
    Tk's native menus parse it, so they show the system's symbols and match the key.

    >>> menu_accelerator(Shortcut.parse("Mod+Shift+Z"), Platform.LINUX)
    'Ctrl+Shift+Z'
    >>> menu_accelerator(Shortcut.parse("Mod+Shift+Z"), Platform.MAC), menu_accelerator(Shortcut("plus", True), Platform.MAC)
    ('Command-Shift-Z', 'Command-+')
    """
    if platform is not Platform.MAC:
        return shortcut.label(platform)
    mods = ["Command"] * shortcut.mod + ["Option"] * shortcut.alt + ["Shift"] * shortcut.shift
    key = _AQUA_MENU_KEYS.get(shortcut.key, shortcut.key.upper() if len(shortcut.key) == 1 else shortcut.key)
    return "".join(m + "-" for m in mods) + key


def tk_sequences(shortcut: Shortcut, platform: Platform) -> list[str]:
    """The Tk event sequences that trigger ``shortcut`` (letters bound in both cases, so Caps Lock works).

    >>> tk_sequences(Shortcut("z", mod=True), Platform.LINUX)
    ['<Control-Key-z>', '<Control-Key-Z>']
    >>> tk_sequences(Shortcut("z", mod=True, shift=True), Platform.MAC)
    ['<Command-Shift-Key-Z>']
    """
    mods = []
    if shortcut.mod:
        mods.append("Command" if platform is Platform.MAC else "Control")
    if shortcut.alt:
        mods.append("Option" if platform is Platform.MAC else "Alt")
    if shortcut.shift:
        mods.append("Shift")
    prefix = "".join(m + "-" for m in mods)
    key = shortcut.key
    if len(key) == 1 and key.isalpha():
        if shortcut.shift:
            return [f"<{prefix}Key-{key.upper()}>"]
        return [f"<{prefix}Key-{key.lower()}>", f"<{prefix}Key-{key.upper()}>"]
    return [f"<{prefix}Key-{key}>"]
