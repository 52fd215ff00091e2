"""The window's Tk set-up: the root (DPI-aware on Windows), ttk styles from the theme, the icon, the board's size.

Plain functions the App calls while it builds itself (and again for a new theme or
board size); they hold no state. ``make_root`` is also part of start-up (launch.py).
"""

from __future__ import annotations

import base64
import re
import tkinter as tk
from importlib import resources
from tkinter import ttk

from sudoku_tk.system import Platform, make_dpi_aware

from ..panel.fonts import panel_fonts
from .menu_theme import blend, disabled_text
from .theme import Theme

BOARD_INCHES = {4: 4.2, 9: 5.8, 16: 8.4}
"""Preferred board width on screen, by board side; capped by the screen height."""
SCREEN_CHROME_INCHES = 1.0
"""Room left below a window as tall as the screen allows (title bar, task bar)."""
WINDOW_CHROME_INCHES = 2.0
"""Room a board as tall as the screen allows leaves: the window's title bar and the task bar (SCREEN_CHROME_INCHES)
and the window's own menu bar, toolbar and status line."""


def make_root() -> tk.Tk:
    """Create the Tk root, DPI-aware on Windows (must happen before Tk starts, as IDLE does)."""
    make_dpi_aware()
    return tk.Tk(className="SudokuTk")


def apply_style(root: tk.Tk, theme: Theme, platform: Platform) -> None:
    """Give the ttk widgets (buttons, pad, status bar) the theme's colours and fonts."""
    style = ttk.Style(root)
    if platform is Platform.LINUX and style.theme_use() == "default":
        style.theme_use("clam")
    t = theme
    if t.name == "dark" or platform is Platform.LINUX:
        # Native Windows and macOS themes draw their own buttons; clam (Linux) takes our colours.
        style.configure(".", background=t.window, foreground=t.text)
        # clam greys out disabled and hovered widgets (labels, scroll bars) in its own light colours.
        style.map(
            ".",
            background=[("disabled", t.window), ("active", t.seen_bg)],
            foreground=[("disabled", disabled_text(t, t.window))],
        )
        style.configure("TButton", background=t.board, foreground=t.text, bordercolor=t.thin_line)
        style.map(
            "TButton",
            background=[("disabled", t.window), ("active", t.seen_bg)],
            foreground=[("disabled", disabled_text(t, t.window))],
            bordercolor=[("disabled", t.thin_line)],
        )
        style.map("Toolbutton", background=[("selected", t.digit_bg), ("active", t.seen_bg)])
        style.configure("Toolbutton", background=t.window, foreground=t.text)
        _style_fields_and_indicators(style, t)
    _style_classic_widgets(root, t)
    panel_fonts(root)  # the named fonts below, scaled with the board
    style.configure("Pad.Toolbutton", font="SudokuPad", anchor="center", padding=(6, 3), foreground=t.text)
    style.configure("PadDone.Toolbutton", font="SudokuPadDone", anchor="center", padding=(6, 3), foreground=t.thin_line)
    style.configure("Panel.Toolbutton", font="SudokuPanel")
    style.configure("Panel.TButton", font="SudokuPanel")
    style.configure("Fold.Toolbutton", font="SudokuPanelSmall", anchor="w", padding=(2, 1))
    style.configure("Status.TLabel", padding=(6, 2))
    root.configure(background=t.window)


def _style_fields_and_indicators(style: ttk.Style, t: Theme) -> None:
    """Entries, combo and spin boxes, and the indicators of radio and check buttons, in the theme's colours.

    Left to clam they stay white: in the dark theme a field showed the light text on white (unreadable) and an
    unselected radio button a bright disc that looked selected. A field is the board's surface with the theme's
    text; an indicator is an empty field until the text-coloured mark says it is chosen.
    """
    disabled = disabled_text(t, t.window)
    edge = blend(t.text, t.board, 0.45)  # a field's and an indicator's rim: seen on either theme's window
    for cls in ("TEntry", "TCombobox", "TSpinbox"):
        style.configure(
            cls,
            fieldbackground=t.board,
            foreground=t.text,
            insertcolor=t.text,
            selectbackground=t.digit_bg,
            selectforeground=t.text,
            arrowcolor=t.text,
            bordercolor=edge,
            lightcolor=t.board,
            darkcolor=t.board,
        )
        style.map(
            cls,
            fieldbackground=[("disabled", t.window), ("readonly", t.board)],
            foreground=[("disabled", disabled), ("readonly", t.text)],
            background=[("disabled", t.window), ("active", t.seen_bg)],
            arrowcolor=[("disabled", disabled)],
            selectbackground=[("!focus", t.seen_bg)],
            selectforeground=[("!focus", t.text)],
        )
    for orient in ("Vertical.TScrollbar", "Horizontal.TScrollbar"):
        style.configure(
            orient,
            troughcolor=t.window,
            background=t.seen_bg,
            arrowcolor=t.text,
            bordercolor=edge,
            lightcolor=t.seen_bg,
            darkcolor=t.seen_bg,
        )
        style.map(orient, background=[("active", t.digit_bg), ("disabled", t.window)])
    for cls in ("TRadiobutton", "TCheckbutton"):
        style.configure(
            cls, indicatorbackground=t.board, indicatorforeground=t.text, upperbordercolor=edge, lowerbordercolor=edge
        )
        style.map(
            cls,
            indicatorbackground=[("disabled", t.window), ("pressed", t.seen_bg)],
            indicatorforeground=[("disabled", disabled)],
        )


def _style_classic_widgets(root: tk.Misc, t: Theme) -> None:
    """Lists, text boxes and entries that are classic Tk widgets (no ttk style reaches them, the file chooser's
    among them) take the theme's colours from the option database, for every one made from now on."""
    options = {
        "background": t.board,
        "foreground": t.text,
        "selectBackground": t.digit_bg,
        "selectForeground": t.text,
        "insertBackground": t.text,
        "disabledForeground": disabled_text(t, t.board),
        "highlightBackground": t.window,
    }
    for cls in ("Listbox", "Text", "Entry", "Spinbox"):
        for option, value in options.items():
            root.option_add(f"*{cls}.{option}", value)


def use_select_all_keys(root: tk.Misc) -> None:
    """Ctrl+A selects all the text of every entry, combo and spin box and text box, the file chooser's name too.

    On X11 Tk gives Ctrl+A its Emacs meaning (go to the start of the line, ``<<LineStart>>``); players expect
    "select all", which is what Windows' Tk and macOS' Command+A do. Moving the key to ``<<SelectAll>>`` reaches
    every such widget at once, those Tk builds for its own dialogs among them.
    """
    if str(root.tk.call("tk", "windowingsystem")) != "x11":
        return
    keys = ("<Control-Key-a>", "<Control-Lock-Key-A>")
    root.event_delete("<<LineStart>>", *keys)
    root.event_add("<<SelectAll>>", *keys)


def set_icon(root: tk.Tk) -> list[tk.PhotoImage]:
    """Use the packaged icon PNGs as the window icon; without them keep Tk's (never an error).

    Returns the images, which must be kept alive as long as the window.
    """
    try:
        folder = resources.files("sudoku_tk").joinpath("resources")
        found = []
        for item in folder.iterdir():
            m = re.fullmatch(r"icon-(\d+)\.png", item.name)
            if m:
                found.append((int(m.group(1)), item))
        found.sort(key=lambda p: -p[0])
        icons = [tk.PhotoImage(master=root, data=base64.b64encode(item.read_bytes())) for _, item in found]
        if icons:
            root.iconphoto(True, *icons)
        return icons
    except (OSError, tk.TclError, ModuleNotFoundError):
        return []


def board_size(root: tk.Misc, side: int, zoom: int = 100) -> int:
    """The board's starting width: a few inches at the screen's DPI (times ``zoom`` percent), leaving room for the
    window's chrome."""
    inch = root.winfo_fpixels("1i")
    cap = max(200.0, root.winfo_screenheight() - WINDOW_CHROME_INCHES * inch)
    return int(min(BOARD_INCHES[side] * inch * zoom / 100, cap))


def keep_window_size(root: tk.Tk, chosen: tuple[int, int] | None = None) -> tuple[int, int]:
    """Fix the window's size to ``chosen`` or else to what its layout asks for (within the screen), so it never
    jumps later; return the size set.

    Without this Tk resizes the window whenever what it holds asks for more or less
    room: a notice bar, a long message, another board size. After it, they share the
    space the window has and the board scales inside it; the player may still resize.
    """
    root.update_idletasks()
    inch = root.winfo_fpixels("1i")
    if chosen is not None:  # the player's own size was possible on this screen; a smaller screen cuts it
        width, height = min(chosen[0], root.winfo_screenwidth()), min(chosen[1], root.winfo_screenheight())
    else:
        width = min(root.winfo_reqwidth(), root.winfo_screenwidth())
        height = min(root.winfo_reqheight(), int(root.winfo_screenheight() - SCREEN_CHROME_INCHES * inch))
    root.geometry(f"{width}x{height}")
    return width, height
