"""Colours the theme does not name, worked out from the ones it does: menus and greyed-out (disabled) text.

A disabled label is the theme's text colour blended halfway into its background:
clearly dimmer than live text, still readable (about 3:1 or better in both themes).
Menus take the board's surface colour, the theme's text, and the highlighted-digit
colour for the entry under the pointer. Tk menus are not ttk widgets, so no ttk style
reaches them: ``menu_colours`` gives the options to configure on each ``tk.Menu``.
"""

from __future__ import annotations

from .theme import Theme

DISABLED_SHARE = 0.5
"""How much of the text colour a disabled label keeps (the rest is its background)."""


def blend(colour: str, background: str, share: float) -> str:
    """``colour`` laid over ``background`` at ``share`` (0: the background, 1: the colour); ``#rrggbb`` both.

    >>> blend("#ffffff", "#000000", 0.5), blend("#e3e5e8", "#25282d", 1.0)
    ('#808080', '#e3e5e8')
    """
    mixed = []
    for i in (1, 3, 5):
        fg, bg = int(colour[i : i + 2], 16), int(background[i : i + 2], 16)
        mixed.append(round(fg * share + bg * (1 - share)))
    return "#" + "".join(f"{c:02x}" for c in mixed)


def disabled_text(theme: Theme, background: str) -> str:
    """The colour of a disabled label on ``background``."""
    return blend(theme.text, background, DISABLED_SHARE)


def menu_colours(theme: Theme, menubar: bool = False) -> dict[str, str]:
    """The options that colour a ``tk.Menu`` (the menu bar sits on the window's colour, menus on the board's)."""
    surface = theme.window if menubar else theme.board
    return {
        "background": surface,
        "foreground": theme.text,
        "activebackground": theme.digit_bg,
        "activeforeground": theme.text,
        "disabledforeground": disabled_text(theme, surface),
        "selectcolor": theme.text,
    }
