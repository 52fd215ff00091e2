"""Menus: the menu bar, the toolbar and the key shortcuts, built from the command registry.

Nothing here knows a command's meaning: each menu entry, toolbar button and
shortcut runs ``Menus.run(command_id)``, which runs the registered command if it is
available and says so in the status bar when it is not. Entries are enabled when a
menu opens (never stale), toolbar buttons after every change (``refresh_toolbar``).
Adding a command to the registry schedules a rebuild (``schedule_rebuild``), once
for several commands added in a row. Each toolbar button has a tooltip: its command's
label, shortcuts and help sentence (``tooltip_text``). ``set_theme`` colours the menus
(Tk menus take no ttk style) and every tooltip.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from functools import partial
from tkinter import ttk

from sudoku_tk.app.game.commands import Command, CommandRegistry
from sudoku_tk.system import Platform

from ..messages.tooltip import Tooltip, style_tooltips
from .keys import menu_accelerator, tk_sequences
from .menu_theme import menu_colours
from .theme import Theme

TOOLBAR_GAP = 4
"""Pixels between two toolbar buttons."""
TOOLBAR_PADDING = 8
"""The toolbar frame's padding, left and right together (see App._build_widgets)."""


def tooltip_text(command: Command, platform: Platform) -> str:
    """What a command's toolbar button says when the pointer rests on it: label, shortcuts, help sentence.

    >>> from sudoku_tk.app.game.commands import Shortcut
    >>> redo = Command("redo", "Redo", print, shortcuts=(Shortcut.parse("Mod+Y"), Shortcut.parse("Mod+Shift+Z")))
    >>> tooltip_text(redo, Platform.LINUX)
    'Redo (Ctrl+Y or Ctrl+Shift+Z)'
    >>> tooltip_text(Command("new", "New game…", print, help="Choose a size"), Platform.LINUX)
    'New game\\nChoose a size'
    """
    label = command.label.rstrip("…").rstrip(".")
    keys = " or ".join(s.label(platform) for s in command.shortcuts)
    head = f"{label} ({keys})" if keys else label
    return f"{head}\n{command.help}" if command.help else head


class Menus:
    """The menu bar of ``root``, the buttons in ``toolbar`` and the shortcuts bound on ``root``."""

    def __init__(
        self, root: tk.Tk, toolbar: ttk.Frame, commands: CommandRegistry, platform: Platform, say: Callable[[str], None]
    ) -> None:
        self._root = root
        self._toolbar = toolbar
        self._commands = commands
        self._platform = platform
        self._say = say
        self.menubar: tk.Menu | None = None
        self._check_vars: dict[str, tk.BooleanVar] = {}
        self._menu_entries: list[tuple[tk.Menu, int, Command]] = []
        self._toolbar_buttons: dict[str, ttk.Button] = {}
        self._compact = False
        self._full_width = 0
        self._fit_bound = False
        self._tooltips: dict[str, Tooltip] = {}
        self._theme: Theme | None = None
        self._native_colours: dict[str, str] = {}  # a fresh menu's own colours, for native menus in the light theme
        self._bound: list[str] = []
        self._rebuild_job: str | None = None

    def run(self, command_id: str) -> bool:
        """Run a registered command if it is available; say so in the status bar when it is not."""
        command = self._commands.get(command_id)
        ran = self._commands.run(command_id)
        if not ran:
            self._say(f"{command.label}: not available now")
        self.sync_checks()
        return ran

    def schedule_rebuild(self) -> None:
        """Rebuild soon: several commands are usually added in a row, so rebuild once, when they are all in."""
        if self._rebuild_job is None:
            self._rebuild_job = self._toolbar.after_idle(self.rebuild)

    def cancel(self) -> None:
        """Drop a scheduled rebuild (the window is closing)."""
        if self._rebuild_job is not None:
            self._toolbar.after_cancel(self._rebuild_job)
        self._rebuild_job = None

    def rebuild(self) -> None:
        """(Re)build the menu bar, toolbar and key bindings from the command registry now."""
        self.cancel()
        menubar = tk.Menu(self._root, tearoff=False)
        self._menu_entries.clear()
        for name in self._commands.menus():
            menu = tk.Menu(menubar, tearoff=False)
            menu.configure(postcommand=partial(self._refresh_menu, menu))
            for i, group in enumerate(self._commands.menu_groups(name)):
                if i:
                    menu.add_separator()
                for command in group:
                    self._add_menu_entry(menu, command)
            menubar.add_cascade(label=name, menu=menu, underline=0)
        self._root.configure(menu=menubar)
        self.menubar = menubar
        self._colour_menus()
        self._bind_shortcuts()
        self._build_toolbar()

    def toolbar_button(self, command_id: str) -> ttk.Button:
        """The toolbar's button for a command.

        Raises:
            KeyError: the command has no toolbar button.
        """
        return self._toolbar_buttons[command_id]

    def toolbar_tooltip(self, command_id: str) -> Tooltip:
        """The tooltip of a command's toolbar button.

        Raises:
            KeyError: the command has no toolbar button.
        """
        return self._tooltips[command_id]

    def set_theme(self, theme: Theme) -> None:
        """Colour the menus and the tooltips with ``theme`` (now and after every rebuild)."""
        self._theme = theme
        style_tooltips(self._root, theme)
        self._colour_menus()

    def _colour_menus(self) -> None:
        """Give the menu bar and its menus the theme's colours.

        Linux menus are Tk's own and always follow the theme; native Windows and macOS menus keep their
        own look in the light theme and take the dark colours (as far as the system lets them) in the dark one.
        """
        if self.menubar is None or self._theme is None:
            return
        themed = self._platform is Platform.LINUX or self._theme.name == "dark"
        if not self._native_colours:
            self._native_colours = {k: str(self.menubar.cget(k)) for k in menu_colours(self._theme)}
        for menu in [self.menubar, *self.menubar.winfo_children()]:
            if isinstance(menu, tk.Menu):
                colours = menu_colours(self._theme, menubar=menu is self.menubar)
                menu.configure(**(colours if themed else self._native_colours))

    def refresh_toolbar(self) -> None:
        """Enable only the toolbar buttons whose command can run now."""
        for cid, button in self._toolbar_buttons.items():
            button.state(["!disabled" if self._commands.get(cid).is_available() else "disabled"])

    def sync_checks(self) -> None:
        """Tick the check entries whose command says so."""
        for cid, var in self._check_vars.items():
            checked = self._commands.get(cid).is_checked
            if checked is not None and var.get() != checked():
                var.set(checked())

    def _add_menu_entry(self, menu: tk.Menu, command: Command) -> None:
        accel = menu_accelerator(command.shortcuts[0], self._platform) if command.shortcuts else ""
        if command.is_checked is not None:
            var = self._check_vars.setdefault(command.id, tk.BooleanVar(self._toolbar, command.is_checked()))
            menu.add_checkbutton(
                label=command.label, variable=var, accelerator=accel, command=partial(self.run, command.id)
            )
        else:
            menu.add_command(label=command.label, accelerator=accel, command=partial(self.run, command.id))
        self._menu_entries.append((menu, menu.index("end") or 0, command))

    def _refresh_menu(self, menu: tk.Menu) -> None:
        """Enable only what can run now (asked when the menu opens, so it is never stale)."""
        for m, index, command in self._menu_entries:
            if m is menu:
                m.entryconfigure(index, state="normal" if command.is_available() else "disabled")
        self.sync_checks()

    def _bind_shortcuts(self) -> None:
        for seq in self._bound:
            self._root.unbind(seq)
        self._bound.clear()
        for command in self._commands:
            for shortcut in command.shortcuts:
                for seq in tk_sequences(shortcut, self._platform):
                    self._root.bind(seq, partial(self._shortcut, command.id))
                    self._bound.append(seq)

    def _shortcut(self, command_id: str, event: tk.Event) -> str:
        self.run(command_id)
        return "break"

    def _build_toolbar(self) -> None:
        for child in self._toolbar.winfo_children():
            child.destroy()
        self._toolbar_buttons.clear()
        self._tooltips.clear()
        for command in self._commands.toolbar():
            button = ttk.Button(self._toolbar, text=command.label, takefocus=0, command=partial(self.run, command.id))
            button.pack(side="left", padx=(0, TOOLBAR_GAP))
            if not command.is_available():
                button.state(["disabled"])
            self._toolbar_buttons[command.id] = button
            self._tooltips[command.id] = Tooltip(button, tooltip_text(command, self._platform))
        self._compact = False
        self._full_width = sum(b.winfo_reqwidth() + TOOLBAR_GAP for b in self._toolbar_buttons.values())
        if not self._fit_bound:
            self._toolbar.bind("<Configure>", lambda e: self.fit_toolbar(), add="+")
            self._fit_bound = True
        self.fit_toolbar()

    @property
    def toolbar_compact(self) -> bool:
        """Do the toolbar buttons show their short labels (the window is too narrow for the full ones)?"""
        return self._compact

    def fit_toolbar(self) -> None:
        """Show the full labels when they fit the toolbar's width, else the short ones at their natural width."""
        width = self._toolbar.winfo_width()
        if width <= 1:  # not laid out yet: keep the full labels, which decide the window's first width
            return
        compact = self._full_width > width - TOOLBAR_PADDING
        if compact == self._compact:
            return
        self._compact = compact
        for cid, button in self._toolbar_buttons.items():
            command = self._commands.get(cid)
            if compact:
                button.configure(text=command.compact_label(), width=0)
            else:
                button.configure(text=command.label, width="")
