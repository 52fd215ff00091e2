"""Walking through a hint link by link: the bar under the hint's buttons, and the walk written out.

At the Step rung of a chain, loop, ALS, Sue de Coq, fish with fins, forcing chain or
net, nested net or Kraken step, "Walk me through it" starts the walk: ◀ and ▶ (or the
keys ← and →) go back and on, one link at a time, the board showing the links so far
with the current one standing out; "Whole step" goes back to the whole sentence. The
text area lists the walk so far, one numbered line per link, the current one in bold.
The walk itself comes from the hint ladder (``HintLadder.walk``); here are only the
widgets.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from tkinter import ttk

from sudoku_tk.app.hints.views import HintView

WALK_START = "Walk me through it"
WALK_STOP = "Whole step"


class WalkBar(ttk.Frame):
    """ "Walk me through it" / "Whole step", ◀, ▶ and "Step 3 of 12"."""

    def __init__(
        self, master: tk.Misc, toggle: Callable[[], None], step: Callable[[int], object], font: tkfont.Font
    ) -> None:
        super().__init__(master)
        panel = "Panel.TButton"
        self.walk_button = ttk.Button(self, text=WALK_START, takefocus=0, command=toggle, style=panel)
        self.back_button = ttk.Button(self, text="◀", width=3, takefocus=0, command=lambda: step(-1), style=panel)
        self.next_button = ttk.Button(self, text="▶", width=3, takefocus=0, command=lambda: step(1), style=panel)
        self.label = ttk.Label(self, font=font, anchor="w")
        self.walk_button.pack(side="left", padx=(0, 4))

    def show(self, view: HintView | None, after: tk.Widget) -> None:
        """Show the bar for ``view`` (hidden when it has no walk), packed just after ``after``."""
        if view is None or not (view.can_walk or view.walking):
            self.pack_forget()
            return
        if not self.winfo_manager():
            self.pack(fill="x", pady=(0, 4), after=after)
        parts = (self.back_button, self.next_button, self.label)
        if view.walking:
            self.walk_button.configure(text=WALK_STOP)
            for w in parts:
                if not w.winfo_manager():
                    w.pack(side="left", padx=(0, 4))
            at = view.walk_at or 0
            self.back_button.state(["!disabled" if at > 0 else "disabled"])
            self.next_button.state(["!disabled" if at < len(view.walk) - 1 else "disabled"])
            self.label.configure(text=view.walk_label)
        else:
            self.walk_button.configure(text=WALK_START)
            for w in parts:
                w.pack_forget()


def write_walk(body: tk.Text, view: HintView) -> None:
    """Write the walk so far into ``body``: one numbered line per link, the current one tagged ``walk-current``
    (bold), the earlier ones ``walk-done``; scrolled so the current line is in view."""
    at = view.walk_at or 0
    body.configure(state="normal")
    body.delete("1.0", "end")
    for i, w in enumerate(view.walk[: at + 1]):
        line = f"{i + 1}. {w.text}" + ("\n" if i < at else "")
        body.insert("end", line, "walk-current" if i == at else "walk-done")
    body.configure(state="disabled")
    body.see("end")
    body.yview_moveto(1.0)  # the current line whole, at the bottom
    # Once laid out (the pad may have folded, the legend changed), again: a wrapped text's end moves with its width.
    body.after_idle(body.yview_moveto, 1.0)
