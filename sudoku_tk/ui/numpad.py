"""NumberPad: one button per digit (1-9, or 1-G on 16×16) in a box-shaped grid, and a mode for what a press does.

The pad only reports presses; the app decides what they mean. In the default
"Highlight" mode a press highlights the digit on the board (pressing it again
clears it); "Place" writes it into the cursor cell and "Candidate" toggles it
there, so a mouse-only player can do everything from the pad.
"""

from __future__ import annotations

import tkinter as tk
from enum import Enum
from functools import partial
from tkinter import ttk
from typing import AbstractSet, Callable, Dict, Optional

from sudoku_tk.engine.geometry import Geometry


class PadMode(Enum):
    """What pressing a digit on the pad does."""

    HIGHLIGHT = "Highlight"
    """Highlight the digit everywhere on the board."""
    PLACE = "Place"
    """Write the digit into the cursor cell."""
    CANDIDATE = "Candidate"
    """Remove or bring back the candidate in the cursor cell."""


class NumberPad(ttk.Frame):
    """Digit buttons and a mode switch; ``on_digit(digit, mode)`` and ``on_clear()`` report presses."""

    def __init__(
        self,
        master: tk.Misc,
        geometry: Geometry,
        on_digit: Callable[[int, PadMode], None],
        on_clear: Callable[[], None],
    ) -> None:
        super().__init__(master, padding=(6, 4))
        self._on_digit = on_digit
        self._on_clear = on_clear
        self.mode_var = tk.StringVar(self, PadMode.HIGHLIGHT.value)
        self._active = tk.IntVar(self, 0)
        self.buttons: Dict[int, ttk.Radiobutton] = {}
        self._digits = ttk.Frame(self)
        self._digits.pack(side="top")
        modes = ttk.Frame(self)
        modes.pack(side="top", pady=(6, 0), fill="x")
        for mode in PadMode:
            ttk.Radiobutton(
                modes, text=mode.value, value=mode.value, variable=self.mode_var, style="Toolbutton", takefocus=0
            ).pack(side="left", expand=True, fill="x")
        self.clear_button = ttk.Button(self, text="Clear cell", command=self._on_clear, takefocus=0)
        self.clear_button.pack(side="top", pady=(4, 0), fill="x")
        self.geometry = geometry
        self._build_digits()

    @property
    def mode(self) -> PadMode:
        return PadMode(self.mode_var.get())

    def set_geometry(self, geometry: Geometry) -> None:
        """Show the digits of another board size."""
        if geometry is not self.geometry:
            self.geometry = geometry
            self._build_digits()

    @property
    def active(self) -> Optional[int]:
        """The digit shown as highlighted (None: none)."""
        return self._active.get() or None

    def set_active(self, digit: Optional[int]) -> None:
        """Show ``digit`` as the highlighted one (None: none)."""
        self._active.set(digit or 0)

    def set_complete(self, digits: AbstractSet[int]) -> None:
        """Dim the digits that stand on the board ``side`` times already."""
        for d, button in self.buttons.items():
            style = "PadDone.Toolbutton" if d in digits else "Pad.Toolbutton"
            if button.cget("style") != style:
                button.configure(style=style)

    def press(self, digit: int) -> None:
        """Report a press of ``digit``; the app answers with ``set_active`` (a click alone proves nothing)."""
        self._on_digit(digit, self.mode)

    def _build_digits(self) -> None:
        for child in self._digits.winfo_children():
            child.destroy()
        self.buttons.clear()
        geo = self.geometry
        for d in range(1, geo.side + 1):
            r, c = divmod(d - 1, geo.box)
            button = ttk.Radiobutton(
                self._digits,
                text=geo.digit_char(d),
                value=d,
                variable=self._active,
                style="Pad.Toolbutton",
                takefocus=0,
                width=2,
                command=partial(self.press, d),
            )
            button.grid(row=r, column=c, padx=1, pady=1, sticky="nsew")
            self.buttons[d] = button
