"""NumberPad: one button per digit (1-9, or 1-G on 16×16) in a box-shaped grid, the pad's mode and the click mode.

The pad only reports presses; the app decides what they mean. In the default
"Place" mode a press writes the digit into the selected cell (select, then press:
what players know from GNOME Sudoku); "Candidate" toggles it there and
"Highlight" highlights the digit on the board (pressing it again clears it), so a
mouse-only player can do everything from the pad. Below the modes, "Click
places" / "Click selects" says what a left click on a candidate does. Both
switches show their state at all times and change only when the player presses
them (``on_modes`` is told then, to keep the choice in the settings).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import partial
from tkinter import ttk

from sudoku_tk.app.storage.settings import ClickMode, PadMode
from sudoku_tk.engine.board.geometry import Geometry

__all__ = ["ClickMode", "NumberPad", "PadMode"]


class NumberPad(ttk.Frame):
    """Digit buttons and two switches; ``on_digit(digit, mode)``, ``on_clear()`` and ``on_modes()`` report presses."""

    def __init__(
        self,
        master: tk.Misc,
        geometry: Geometry,
        on_digit: Callable[[int, PadMode], None],
        on_clear: Callable[[], None],
        on_modes: Callable[[], None] = lambda: None,
    ) -> None:
        super().__init__(master, padding=(6, 4))
        self._on_digit = on_digit
        self._on_clear = on_clear
        self._on_modes = on_modes
        self.mode_var = tk.StringVar(self, PadMode.PLACE.label)
        """The pad's mode by its label ("Place", "Candidate", "Highlight")."""
        self.click_var = tk.StringVar(self, ClickMode.PLACES.label)
        """The click mode by its label ("Click places", "Click selects")."""
        self._active = tk.IntVar(self, 0)
        self.buttons: dict[int, ttk.Radiobutton] = {}
        self.mode_buttons: dict[PadMode, ttk.Radiobutton] = {}
        self.click_buttons: dict[ClickMode, ttk.Radiobutton] = {}
        self._digits = ttk.Frame(self)
        self._digits.pack(side="top")
        modes = ttk.Frame(self)
        modes.pack(side="top", pady=(6, 0), fill="x")
        for mode in PadMode:
            self.mode_buttons[mode] = self._switch(modes, mode.label, self.mode_var)
        clicks = ttk.Frame(self)
        clicks.pack(side="top", pady=(4, 0), fill="x")
        for click in ClickMode:
            self.click_buttons[click] = self._switch(clicks, click.label, self.click_var)
        self.clear_button = ttk.Button(
            self, text="Clear cell", command=self._on_clear, takefocus=0, style="Panel.TButton"
        )
        self.clear_button.pack(side="top", pady=(4, 0), fill="x")
        self.geometry = geometry
        self._build_digits()

    def _switch(self, master: tk.Misc, label: str, variable: tk.StringVar) -> ttk.Radiobutton:
        button = ttk.Radiobutton(
            master,
            text=label,
            value=label,
            variable=variable,
            style="Panel.Toolbutton",
            takefocus=0,
            command=lambda: self._on_modes(),
        )
        button.pack(side="left", expand=True, fill="x")
        return button

    @property
    def mode(self) -> PadMode:
        """What a press on a digit does now."""
        label = self.mode_var.get()
        return next((m for m in PadMode if m.label == label), PadMode.PLACE)

    @property
    def click_mode(self) -> ClickMode:
        """What a left click on a candidate does now."""
        label = self.click_var.get()
        return next((m for m in ClickMode if m.label == label), ClickMode.PLACES)

    def show_modes(self, mode: PadMode, click_mode: ClickMode) -> None:
        """Show these modes as chosen (the settings' choice at start; nothing is reported)."""
        self.mode_var.set(mode.label)
        self.click_var.set(click_mode.label)

    def set_geometry(self, geometry: Geometry) -> None:
        """Show the digits of another board size."""
        if geometry is not self.geometry:
            self.geometry = geometry
            self._build_digits()

    @property
    def active(self) -> int | None:
        """The digit shown as highlighted (None: none)."""
        return self._active.get() or None

    def set_active(self, digit: int | None) -> None:
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
