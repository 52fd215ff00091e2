"""Folding the number pad and the colour row away, so a hint's words get the side panel's height.

A small toggle at the top of the side panel hides or shows the pad block (the digits,
the modes, Clear cell and the colour row). The hint panel folds it by itself when the
whole step (or a walk through it) would get fewer than ``MIN_LINES`` lines of text, and
unfolds it again when that hint closes, unless the player folded or unfolded it since:
what the player chose last always wins.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk

MIN_LINES = 6
"""Fewer visible lines than this at the Step rung fold the pad away (the issue's floor is 4)."""

_FOLDED = "▾ Show the number pad"
_SHOWN = "▴ Hide the number pad"


class PadFold:
    """The fold toggle over the pad block of one side panel."""

    def __init__(self, panel: tk.Misc, parts: list[tk.Widget]) -> None:
        self._parts = parts
        self._folded = False
        self._auto = False
        """Folded by a hint (not by the player): unfolded again when that hint closes."""
        self.button = ttk.Button(
            panel, text=_SHOWN, style="Fold.Toolbutton", takefocus=0, command=self.toggle, cursor="hand2"
        )
        if parts:
            self.button.pack(side="top", fill="x", before=parts[0])
        else:
            self.button.pack(side="top", fill="x")
        self._packing: list[dict] = []  # type: ignore[type-arg]  # each part's pack options, while folded

    @property
    def folded(self) -> bool:
        return self._folded

    def toggle(self) -> None:
        """The player's own choice: fold or unfold, and the hint no longer unfolds it by itself."""
        self._auto = False
        self._set(not self._folded)

    def fold_for_hint(self) -> None:
        """A hint needs the room: fold, and remember to unfold when it closes (if the player doesn't first)."""
        if not self._folded:
            self._auto = True
            self._set(True)

    def hint_closed(self) -> None:
        """The hint that folded the pad is gone: bring the pad back (if that hint folded it)."""
        if self._folded and self._auto:
            self._auto = False
            self._set(False)

    def _set(self, fold: bool) -> None:
        if fold == self._folded:
            return
        self._folded = fold
        if fold:
            self._packing = [dict(p.pack_info()) for p in self._parts]
            for p in self._parts:
                p.pack_forget()
            self.button.configure(text=_FOLDED)
        else:
            after: tk.Widget = self.button
            for p, info in zip(self._parts, self._packing):
                info.pop("in", None)
                info.pop("before", None)
                info.pop("after", None)
                p.pack(after=after, **info)
                after = p
            self.button.configure(text=_SHOWN)
