"""macOS's own ways into the window: the application menu (About, Preferences…, Quit) and documents from Finder.

On macOS Tk puts an application menu before the app's menus and answers its items, and the files Finder opens
with the app ("Open With", a double click, a drop on the Dock icon), by calling Tcl commands of fixed names
(Tk's ``tk::mac`` manual page). Unset, About shows Tk's own panel, Quit ends the process without saving
through the window, and documents are ignored. ``install`` points them at the window's commands; Tk calls them
only on macOS, and the test calls them by name on any system.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from pathlib import Path
from typing import cast

ABOUT = "tkAboutDialog"
PREFERENCES = "::tk::mac::ShowPreferences"
QUIT = "::tk::mac::Quit"
OPEN_DOCUMENT = "::tk::mac::OpenDocument"


def is_aqua(root: tk.Misc) -> bool:
    """Whether Tk draws with macOS's native toolkit (not X11 on a Mac)."""
    return str(root.tk.call("tk", "windowingsystem")) == "aqua"


def install(
    root: tk.Misc,
    run_command: Callable[[str], object],
    quit_app: Callable[[], None],
    open_path: Callable[[Path], object],
) -> None:
    """Route the application menu's About, Preferences and Quit, and Finder's documents, to the window.

    ``run_command`` runs a command of the registry by id; ``open_path`` opens a saved game or puzzle file as
    Game > Open does, or reads a picture as Game > Open picture does (asking before it replaces a game in
    progress). Finder may hand over several files at once:
    the window holds one game, so the first is opened.
    """

    def open_documents(*paths: str) -> None:
        if paths:
            open_path(Path(paths[0]))

    tk_root = cast(tk.Tk, root)  # createcommand is a Tk method (the stubs have it on Tk only)
    tk_root.createcommand(ABOUT, lambda: run_command("about"))
    tk_root.createcommand(PREFERENCES, lambda: run_command("preferences"))
    tk_root.createcommand(QUIT, quit_app)
    tk_root.createcommand(OPEN_DOCUMENT, open_documents)
