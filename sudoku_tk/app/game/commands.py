"""The command registry: every action the player can take, named once; menus, toolbar and keys are built from it.

A ``Command`` pairs an id and a label with a handler, an availability test, an
optional check state and platform-neutral ``Shortcut``s ("Mod" is Ctrl on
Windows and Linux, Command on macOS). The UI turns the registry into menus,
toolbar buttons and key bindings; other parts of the app (storage, hints) add
their commands to the same registry. No Tk here: shortcuts are described as
data and labelled per platform (``system.Platform``); the UI maps them to Tk event sequences.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from sudoku_tk.system import Platform

# How a non-letter key reads in a menu label.
_KEY_LABELS = {
    "Escape": "Esc",
    "Delete": "Del",
    "BackSpace": "Backspace",
    "Return": "Enter",
    "Left": "Left",
    "Right": "Right",
    "Up": "Up",
    "Down": "Down",
    "Home": "Home",
    "End": "End",
    "plus": "+",
    "minus": "-",
    "equal": "=",
    "question": "?",
    "space": "Space",
    "KP_Add": "Keypad +",
    "KP_Subtract": "Keypad -",
    "KP_0": "Keypad 0",
}
_MAC_KEY_LABELS = {
    "Escape": "⎋",
    "Delete": "⌦",
    "BackSpace": "⌫",
    "Return": "↩",
    "Left": "←",
    "Right": "→",
    "Up": "↑",
    "Down": "↓",
}


@dataclass(frozen=True, slots=True)
class Shortcut:
    """A key with modifiers; ``key`` is a Tk keysym (``z``, ``F1``, ``Escape``), lower case for letters.

    >>> Shortcut.parse("Mod+Shift+Z").label(Platform.WINDOWS)
    'Ctrl+Shift+Z'
    >>> Shortcut.parse("Mod+Shift+Z").label(Platform.MAC)
    '⇧⌘Z'
    """

    key: str
    mod: bool = False
    """Ctrl on Windows and Linux, Command on macOS."""
    shift: bool = False
    alt: bool = False
    """Alt on Windows and Linux, Option on macOS."""

    @classmethod
    def parse(cls, text: str) -> Shortcut:
        """Read ``Mod+Shift+Z``, ``Alt+1``, ``F1``, ``Escape``, ``Mod+plus`` (modifiers are case-insensitive).

        Raises:
            ValueError: an unknown modifier or no key; the message quotes the text.
        """
        *mods, key = [p.strip() for p in text.split("+")]
        flags = {"mod": False, "shift": False, "alt": False}
        for m in mods:
            name = {"mod": "mod", "ctrl": "mod", "cmd": "mod", "shift": "shift", "alt": "alt", "option": "alt"}.get(
                m.lower()
            )
            if name is None:
                raise ValueError(f"unknown modifier {m!r} in shortcut {text!r}")
            flags[name] = True
        if not key:
            raise ValueError(f"no key in shortcut {text!r}")
        if len(key) == 1:
            key = key.lower()
        return cls(key, **flags)

    def label(self, platform: Platform) -> str:
        """The shortcut as the platform's menus show it."""
        key = self.key.upper() if len(self.key) == 1 else self.key
        if platform is Platform.MAC:
            return (
                "⌥" * self.alt
                + "⇧" * self.shift
                + "⌘" * self.mod
                + _MAC_KEY_LABELS.get(self.key, _KEY_LABELS.get(self.key, key))
            )
        parts = ["Ctrl"] * self.mod + ["Alt"] * self.alt + ["Shift"] * self.shift
        return "+".join(parts + [_KEY_LABELS.get(self.key, key)])


def _always() -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Command:
    """One action: what it is called, what it does, when it can run and how to reach it."""

    id: str
    label: str
    handler: Callable[[], object]
    is_available: Callable[[], bool] = _always
    shortcuts: tuple[Shortcut, ...] = ()
    """The first one is shown in the menu; all are bound."""
    menu: str = ""
    """The menu it appears in ("" for none)."""
    group: str = ""
    """Commands of one menu are separated where the group changes."""
    toolbar: bool = False
    is_checked: Callable[[], bool] | None = None
    """Set for an on/off command: the menu shows a check mark."""
    help: str = ""
    """One sentence for tooltips and the status bar."""
    short_label: str = ""
    """What the toolbar button says when the window is too narrow for ``label`` ("" : the label's first word)."""

    def accelerator(self, platform: Platform) -> str:
        """The label of the first shortcut ("" when there is none)."""
        return self.shortcuts[0].label(platform) if self.shortcuts else ""

    def compact_label(self) -> str:
        """The toolbar's short label: ``short_label``, else the label's first word without an ellipsis.

        >>> Command("new", "New game…", lambda: None).compact_label()
        'New'
        """
        return self.short_label or self.label.split()[0].rstrip("…")


class CommandRegistry:
    """Commands by id, in the order they were added; menus keep that order.

    >>> reg = CommandRegistry()
    >>> reg.add(Command("undo", "Undo", lambda: "undone", shortcuts=(Shortcut.parse("Mod+Z"),), menu="Edit"))
    >>> reg.run("undo"), reg.get("undo").accelerator(Platform.LINUX)
    (True, 'Ctrl+Z')
    """

    def __init__(self, menus: tuple[str, ...] = ()) -> None:
        self._commands: dict[str, Command] = {}
        self._menu_order: list[str] = list(menus)
        self._listeners: list[Callable[[], None]] = []

    def add(self, command: Command) -> None:
        """Register a command.

        Raises:
            ValueError: the id is taken, or a shortcut is already bound to another command.
        """
        if command.id in self._commands:
            raise ValueError(f"command id {command.id!r} is already registered")
        for sc in command.shortcuts:
            other = self.find_shortcut(sc)
            if other is not None:
                raise ValueError(
                    f"shortcut {sc.label(Platform.LINUX)!r} of {command.id!r} is already bound to {other.id!r}"
                )
        self._commands[command.id] = command
        if command.menu and command.menu not in self._menu_order:
            self._menu_order.append(command.menu)
        for listener in list(self._listeners):
            listener()

    def get(self, command_id: str) -> Command:
        """The command with this id.

        Raises:
            KeyError: no such command.
        """
        return self._commands[command_id]

    def __contains__(self, command_id: object) -> bool:
        return command_id in self._commands

    def __iter__(self) -> Iterator[Command]:
        return iter(list(self._commands.values()))

    def __len__(self) -> int:
        return len(self._commands)

    def run(self, command_id: str) -> bool:
        """Run a command if it is available now; return whether it ran."""
        command = self._commands[command_id]
        if not command.is_available():
            return False
        command.handler()
        return True

    def find_shortcut(self, shortcut: Shortcut) -> Command | None:
        """The command bound to ``shortcut``, if any."""
        for command in self._commands.values():
            if shortcut in command.shortcuts:
                return command
        return None

    def menus(self) -> list[str]:
        """Menu names in order (the order given at construction, then first use)."""
        return [m for m in self._menu_order if any(c.menu == m for c in self._commands.values())]

    def menu_groups(self, menu: str) -> list[list[Command]]:
        """The commands of one menu by ``group`` (groups in order of first use; a separator between)."""
        groups: dict[str, list[Command]] = {}
        for command in self._commands.values():
            if command.menu == menu:
                groups.setdefault(command.group, []).append(command)
        return list(groups.values())

    def toolbar(self) -> list[Command]:
        return [c for c in self._commands.values() if c.toolbar]

    def on_change(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` whenever a command is added (the UI rebuilds its menus)."""
        self._listeners.append(listener)
