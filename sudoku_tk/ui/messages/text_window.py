"""TextWindow: a small window of read-only text with a Close button (the shortcut list, About, the message log).

The text is given as lines; a line may be a heading (bold) and may hold a tab, which
lines up a second column. The window follows the theme's colours, closes on Escape,
and is not modal: the game goes on behind it. ``text()`` reads what it shows.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Sequence
from dataclasses import dataclass
from tkinter import ttk

from ..window.theme import Theme

SCROLL_STYLE = "Window.Vertical.TScrollbar"
"""The scroll bar of a text window, in the theme's colours (clam's own grey is glaring in the dark theme)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of a text window: plain, or a bold heading."""

    text: str
    heading: bool = False


class TextWindow(tk.Toplevel):
    """A window titled ``title`` over ``master`` that shows ``lines``; ``width`` and ``height`` in characters."""

    def __init__(
        self,
        master: tk.Misc,
        title: str,
        lines: Sequence[Line],
        theme: Theme,
        *,
        width: int = 60,
        height: int = 20,
        tab_chars: int = 26,
        scroll: bool = True,
    ) -> None:
        super().__init__(master)
        self.title(title)
        self.transient(master.winfo_toplevel())
        body = ttk.Frame(self, padding=8)
        body.pack(fill="both", expand=True)
        font = tkfont.nametofont("TkDefaultFont", self)
        tab = font.measure("0" * tab_chars)
        self._text = tk.Text(
            body,
            width=width,
            height=height,
            wrap="word",
            font=font,
            tabs=(tab,),
            relief="flat",
            padx=8,
            pady=6,
            highlightthickness=1,
            borderwidth=0,
            cursor="arrow",
        )
        if scroll:
            bar = ttk.Scrollbar(body, orient="vertical", command=self._text.yview, style=SCROLL_STYLE)
            self._text.configure(yscrollcommand=bar.set)
            bar.pack(side="right", fill="y")
        self._text.pack(side="top", fill="both", expand=True)
        bold = tkfont.Font(self, font=font)
        bold.configure(weight="bold")
        self._bold = bold  # kept: Tk forgets a font whose Python object is gone
        self._text.tag_configure("heading", font=bold, spacing1=6, spacing3=2)
        self._text.tag_configure("hang", lmargin2=tab)  # a wrapped second column stays in its column
        buttons = ttk.Frame(self, padding=(8, 0, 8, 8))
        buttons.pack(fill="x")
        self.close_button = ttk.Button(buttons, text="Close", command=self.destroy)
        self.close_button.pack(side="right")
        self.bind("<Escape>", lambda _e: self.destroy())
        self.set_theme(theme)
        self.set_lines(lines)
        self.close_button.focus_set()

    def set_lines(self, lines: Sequence[Line]) -> None:
        """Show ``lines`` instead of what is shown (the view stays at the end when it was there)."""
        text = self._text
        at_end = text.yview()[1] >= 1.0
        text.configure(state="normal")
        text.delete("1.0", "end")
        for i, line in enumerate(lines):
            tags = ("heading",) if line.heading else ("hang",) if "\t" in line.text else ()
            text.insert("end", ("\n" if i else "") + line.text, tags)
        text.configure(state="disabled")
        if at_end:
            text.see("end")

    def set_theme(self, theme: Theme) -> None:
        """Colour the text with ``theme``."""
        self.configure(background=theme.window)
        ttk.Style(self).configure(
            SCROLL_STYLE,
            background=theme.board,
            troughcolor=theme.window,
            bordercolor=theme.thin_line,
            arrowcolor=theme.text,
            lightcolor=theme.board,
            darkcolor=theme.board,
        )
        ttk.Style(self).map(SCROLL_STYLE, background=[("disabled", theme.window), ("active", theme.seen_bg)])
        self._text.configure(
            background=theme.board,
            foreground=theme.text,
            highlightbackground=theme.thin_line,
            highlightcolor=theme.thin_line,
            selectbackground=theme.digit_bg,
            selectforeground=theme.text,
            inactiveselectbackground=theme.digit_bg,
            insertbackground=theme.text,
        )

    def text(self) -> str:
        """Everything the window shows, as plain text."""
        return str(self._text.get("1.0", "end-1c"))
