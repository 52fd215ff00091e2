"""The Help menu and the message log: Keyboard shortcuts, About Sudoku Tk, and View > Messages….

``install_help`` adds three commands to the registry: ``messages`` (View >
Messages…, the status bar's log; a double click on the status bar opens it too),
``shortcuts`` (Help > Keyboard shortcuts, Ctrl+?) and ``about`` (Help > About
Sudoku Tk). The shortcut list is built from the registry when it opens (so a command
added later is listed) and from ``BOARD_KEYS``, the board's own keys as decoded by
keys.py (a test checks each row against ``decode_key``). Each window is opened once:
asking again brings it to the front.
"""

from __future__ import annotations

import platform as python_platform
import tkinter as tk
from collections.abc import Callable
from dataclasses import dataclass
from importlib import metadata

from sudoku_tk import APP_NAME, __version__
from sudoku_tk.app.game.commands import Command, CommandRegistry, Shortcut
from sudoku_tk.system import Platform, system_name

from ..window.keys import KeyKind
from ..window.theme import Theme
from .message_log import MessageLogWindow
from .status_bar import StatusBar
from .text_window import Line, TextWindow

DIGIT = "digit"
"""Stands for any digit key in ``BOARD_KEYS`` (1–9, and A–G on a 16×16 board)."""


@dataclass(frozen=True, slots=True)
class BoardKey:
    """A board key as the shortcut list shows it: the keys, what they do, and what keys.py decodes them to."""

    keys: tuple[Shortcut, ...]
    action: str
    kind: KeyKind

    def label(self, platform: Platform) -> str:
        """The keys as the platform writes them, "digit" for any digit key."""
        return ", ".join(k.label(platform) for k in self.keys)


BOARD_KEYS: tuple[BoardKey, ...] = (
    BoardKey(tuple(Shortcut(k) for k in ("Left", "Right", "Up", "Down")), "Move the cursor", KeyKind.MOVE),
    BoardKey(
        tuple(Shortcut(k, mod=True) for k in ("Left", "Right", "Up", "Down")),
        "Jump to the next empty cell that way",
        KeyKind.JUMP,
    ),
    BoardKey((Shortcut("Home"),), "First cell of the row", KeyKind.ROW_START),
    BoardKey((Shortcut("End"),), "Last cell of the row", KeyKind.ROW_END),
    BoardKey((Shortcut("Home", mod=True),), "First cell of the board", KeyKind.FIRST),
    BoardKey((Shortcut("End", mod=True),), "Last cell of the board", KeyKind.LAST),
    BoardKey((Shortcut(DIGIT),), "Place the digit in the cursor cell (A–G above 9)", KeyKind.PLACE),
    BoardKey(
        (Shortcut(DIGIT, shift=True), Shortcut(DIGIT, alt=True)),
        "Remove the candidate from the cursor cell, or bring it back (your own mark, with own pencil marks)",
        KeyKind.TOGGLE,
    ),
    BoardKey((Shortcut("Delete"), Shortcut("BackSpace"), Shortcut("0")), "Clear the cursor cell", KeyKind.CLEAR),
)
"""The keys the board answers itself (keys.py), in the order the shortcut list shows them."""

CARD_KEYS: tuple[tuple[Shortcut, str], ...] = (
    (Shortcut("Return"), "Press the card's first button (New puzzle, Resume)"),
    (Shortcut("Escape"), "Close the Solved card"),
)
"""The keys of the card over the board (card_keys.py)."""


def shortcut_lines(commands: CommandRegistry, platform: Platform) -> list[Line]:
    """Every command that has a shortcut, by menu, then the board's own keys and the card's."""
    lines: list[Line] = []
    by_menu: dict[str, list[Command]] = {}
    for command in commands:
        if command.shortcuts:
            by_menu.setdefault(command.menu or "Other", []).append(command)
    for menu in [*commands.menus(), "Other"]:
        if menu in by_menu:
            lines.append(Line(f"{menu} menu" if menu != "Other" else "Other commands", heading=True))
            for command in by_menu.pop(menu):
                keys = ", ".join(s.label(platform) for s in command.shortcuts)
                lines.append(Line(f"{keys}\t{command.label.rstrip('…')}"))
    lines.append(Line("On the board", heading=True))
    lines.extend(Line(f"{row.label(platform)}\t{row.action}") for row in BOARD_KEYS)
    lines.append(Line("On the card over the board", heading=True))
    lines.extend(Line(f"{key.label(platform)}\t{action}") for key, action in CARD_KEYS)
    return lines


def _version_of(distribution: str) -> str:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return "not installed"


def _licence() -> str:
    try:
        return metadata.metadata("sudoku-tk")["License"] or "MIT"
    except metadata.PackageNotFoundError:
        return "MIT"  # run from a source folder that was never installed: setup.cfg says MIT


def about_lines(root: tk.Misc) -> list[Line]:
    """The About window's text: name and version, what it is, the licence, and what it runs on."""
    tk_version = str(root.tk.call("info", "patchlevel"))
    return [
        Line(f"{APP_NAME} {__version__}", heading=True),
        Line("A Sudoku solver-assistant for human players: hints that teach, and a why for every digit."),
        Line(""),
        Line(f"Licence: {_licence()}"),
        Line(
            f"Python {python_platform.python_version()} · Tk {tk_version} · Pillow {_version_of('Pillow')} · "
            f"{system_name()}"
        ),
    ]


class HelpWindows:
    """Opens the shortcut list, the About window and the message log, one of each at a time."""

    def __init__(
        self,
        root: tk.Misc,
        commands: CommandRegistry,
        platform: Platform,
        status: StatusBar,
        theme: Callable[[], Theme],
    ) -> None:
        self._root = root
        self._commands = commands
        self._platform = platform
        self._status = status
        self._theme = theme
        self._open: dict[str, TextWindow] = {}

    def shortcuts(self) -> TextWindow:
        """Show the keyboard shortcuts (built from the registry now)."""
        lines = shortcut_lines(self._commands, self._platform)
        window = self._reuse("shortcuts")
        if window is not None:
            window.set_lines(lines)
            return window
        return self._keep("shortcuts", TextWindow(self._root, "Keyboard shortcuts", lines, self._theme(), height=24))

    def about(self) -> TextWindow:
        """Show the name, version, licence and what the app runs on."""
        window = self._reuse("about")
        if window is not None:
            return window
        lines = about_lines(self._root)
        window = TextWindow(self._root, f"About {APP_NAME}", lines, self._theme(), height=len(lines) + 2, scroll=False)
        return self._keep("about", window)

    def messages(self) -> TextWindow:
        """Show the message log (it follows new messages while open)."""
        window = self._reuse("messages")
        if window is not None:
            return window
        return self._keep("messages", MessageLogWindow(self._root, self._status.log, self._theme()))

    def window(self, name: str) -> TextWindow:
        """An open window: ``shortcuts``, ``about`` or ``messages``.

        Raises:
            KeyError: that window is not open.
        """
        window = self._reuse(name)
        if window is None:
            raise KeyError(f"no open {name!r} window")
        return window

    def set_theme(self, theme: Theme) -> None:
        """Recolour the open windows."""
        for name in list(self._open):
            window = self._reuse(name)
            if window is not None:
                window.set_theme(theme)

    def _reuse(self, name: str) -> TextWindow | None:
        window = self._open.get(name)
        if window is None or not window.winfo_exists():
            self._open.pop(name, None)
            return None
        window.deiconify()
        window.lift()
        return window

    def _keep(self, name: str, window: TextWindow) -> TextWindow:
        self._open[name] = window
        return window


def install_help(
    root: tk.Misc, commands: CommandRegistry, platform: Platform, status: StatusBar, theme: Callable[[], Theme]
) -> HelpWindows:
    """Add View > Messages…, Help > Keyboard shortcuts and Help > About to ``commands``; return the windows."""
    windows = HelpWindows(root, commands, platform, status, theme)
    add = commands.add
    add(
        Command(
            "messages",
            "Messages…",
            windows.messages,
            menu="View",
            group="messages",
            help="The last messages of the status bar, with their times",
        )
    )
    add(
        Command(
            "shortcuts",
            "Keyboard shortcuts",
            windows.shortcuts,
            shortcuts=(Shortcut.parse("Mod+question"),),
            menu="Help",
            group="help",
            help="Every key the game answers",
        )
    )
    add(Command("about", f"About {APP_NAME}", windows.about, menu="Help", group="about"))
    status.on_open_log = windows.messages
    return windows
