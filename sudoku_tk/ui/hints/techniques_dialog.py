"""The Techniques dialog: which techniques hints, Step and the solution path may use (Hint > Techniques…).

Like HoDoKu's step configuration or SudokuWiki's strategy boxes: one box per technique,
grouped by family, each labelled with its HoDoKu level; quick choices set every box at
once (the default set, everything, or the default set up to a level, which shows the
level the ticked boxes make, if any). The boxes scroll inside the dialog, in as many
columns as the screen is wide for, so the dialog fits a 768-pixel-high screen with OK
and Cancel in view. ``result`` is the chosen frozenset of Techniques; validation is the
pure ``techniques_ok``.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterable
from tkinter import ttk

from sudoku_tk.engine.rating.score import Level
from sudoku_tk.engine.solving.technique_sets import level_of, matching_level, up_to_level
from sudoku_tk.engine.steps.step import Family, Technique
from sudoku_tk.engine.techniques import DEFAULT_OFF, default_techniques, implemented

from ..dialogs.puzzle_and_preferences import _Dialog

COLUMNS = 3
"""Families are laid out in at most this many columns (fewer when the screen is narrow)."""
CUSTOM = "(your own choice)"
"""What "Defaults up to level" shows while the ticked boxes are no level's default set."""
SCREEN_MARGIN_INCHES = 1.0
"""Room left around the dialog on the screen (title bar, task bar)."""


def techniques_ok(chosen: Iterable[Technique]) -> tuple[frozenset[Technique] | None, str]:
    """The chosen techniques, or None and why not.

    >>> techniques_ok([])[1]
    'Switch on at least one technique.'
    """
    picked = frozenset(chosen)
    if not picked:
        return None, "Switch on at least one technique."
    return picked, ""


def level_text(chosen: Iterable[Technique]) -> str:
    """What "Defaults up to level" shows for ``chosen``: the level whose default set it is, else CUSTOM.

    >>> level_text(default_techniques()), level_text([Technique.X_WING])
    ('extreme', '(your own choice)')
    """
    level = matching_level(chosen)
    return level.label if level is not None else CUSTOM


class TechniquesDialog(_Dialog):
    """A box per implemented technique, grouped by family. ``result``: the chosen frozenset (None: cancelled).

    The boxes scroll inside the dialog (wheel, scroll bar), so OK and Cancel stay on a small screen; Enter is OK
    and Esc Cancel, wherever the focus is in the dialog.
    """

    def __init__(self, parent: tk.Misc, chosen: frozenset[Technique] | None, *, show: bool = True) -> None:
        self._initial = frozenset(default_techniques()) if chosen is None else chosen
        super().__init__(parent, "Techniques for hints and the solver", show=False)
        self._fit_screen()
        if show:
            self.show_modal()

    def _build(self, body: ttk.Frame) -> None:
        inch = self.winfo_fpixels("1i")
        self.intro = ttk.Label(
            body,
            text=(
                "Hints, Step, Solve to the end and the solution path use only the techniques ticked here, "
                "in HoDoKu's order. Forcing chains and nets go on where patterns end; Brute Force reads "
                "the next digit from the solution."
            ),
            wraplength=int(6.5 * inch),
            justify="left",
        )
        self.intro.grid(row=0, column=0, columnspan=2, sticky="we", pady=(0, 8))
        quick = ttk.Frame(body)
        quick.grid(row=1, column=0, columnspan=2, sticky="w", pady=(0, 8))
        ttk.Button(quick, text="Defaults", command=self.set_defaults).grid(row=0, column=0, padx=(0, 6))
        ttk.Button(quick, text="All", command=self.set_all).grid(row=0, column=1, padx=(0, 12))
        ttk.Label(quick, text="Defaults up to level").grid(row=0, column=2, padx=(0, 6))
        self.level_var = tk.StringVar(self, level_text(self._initial))
        self.level_box = ttk.Combobox(
            quick, textvariable=self.level_var, state="readonly", width=16, values=[lv.label for lv in Level]
        )
        self.level_box.grid(row=0, column=3)
        self.level_box.bind("<<ComboboxSelected>>", lambda _e: self.set_level(self.level_var.get()))
        # The families scroll inside a canvas: the dialog never grows past the screen.
        self.canvas = tk.Canvas(body, highlightthickness=0, borderwidth=0, background=_frame_background(self))
        self.scrollbar = ttk.Scrollbar(body, orient="vertical", command=self.canvas.yview)
        self.canvas.configure(yscrollcommand=self.scrollbar.set)
        self.canvas.grid(row=2, column=0, sticky="nsew")
        self.scrollbar.grid(row=2, column=1, sticky="ns")
        body.rowconfigure(2, weight=1)
        body.columnconfigure(0, weight=1)
        self.groups = ttk.Frame(self.canvas)
        self.canvas.create_window(0, 0, window=self.groups, anchor="nw")
        self.vars: dict[Technique, tk.BooleanVar] = {}
        self.boxes: dict[Technique, ttk.Checkbutton] = {}
        frames = self._family_frames(self.groups)
        self._arrange(frames, int(self.winfo_screenwidth() - SCREEN_MARGIN_INCHES * inch))
        for widget in [self.canvas, self.groups, *self.groups.winfo_children()]:
            self._wheel(widget)
        self.first_focus = self.level_box

    def _family_frames(self, master: tk.Misc) -> list[ttk.LabelFrame]:
        frames = []
        for family in [f for f in Family if any(t.family is f for t in implemented())]:
            box = ttk.LabelFrame(master, text=family.value, padding=(6, 2))
            for i, t in enumerate(x for x in implemented() if x.family is family):
                var = tk.BooleanVar(self, t in self._initial)
                var.trace_add("write", lambda *_a: self._show_level())
                label = f"{t.display_name}  ({level_of(t).label}{', off by default' if t in DEFAULT_OFF else ''})"
                cb = ttk.Checkbutton(box, text=label, variable=var)
                cb.grid(row=i, column=0, sticky="w")
                self.vars[t] = var
                self.boxes[t] = cb
            frames.append(box)
        return frames

    def _arrange(self, frames: list[ttk.LabelFrame], room: int) -> None:
        """Lay the families out in as many columns (up to COLUMNS) as fit ``room`` pixels, columns about as tall."""
        self.update_idletasks()
        widest = max(f.winfo_reqwidth() for f in frames) + 10
        count = max(1, min(COLUMNS, room // widest))
        columns: list[ttk.Frame] = [ttk.Frame(self.groups) for _ in range(count)]
        filled = [0] * count
        rows = [0] * count
        for frame in frames:
            k = filled.index(min(filled))
            frame.grid(in_=columns[k], row=rows[k], column=0, sticky="we", pady=(0, 6))
            frame.lift(columns[k])
            rows[k] += 1
            filled[k] += frame.winfo_reqheight()
        for col, column in enumerate(columns):
            column.grid(row=0, column=col, sticky="n", padx=(0, 10))

    def _fit_screen(self) -> None:
        """Give the boxes the height the screen has room for; what does not fit scrolls."""
        self.update_idletasks()
        content_w, content_h = self.groups.winfo_reqwidth(), self.groups.winfo_reqheight()
        self.canvas.configure(scrollregion=(0, 0, content_w, content_h), width=content_w)
        self.intro.configure(wraplength=max(content_w, int(4 * self.winfo_fpixels("1i"))))  # no wider than the boxes
        self.update_idletasks()
        room = int(self.winfo_screenheight() - 2 * SCREEN_MARGIN_INCHES * self.winfo_fpixels("1i"))
        others = self.winfo_reqheight() - int(self.canvas.winfo_reqheight())
        self.canvas.configure(height=max(120, min(content_h, room - others)))

    def _wheel(self, widget: tk.Misc) -> None:
        """The wheel over the boxes scrolls them."""
        for sequence in ("<MouseWheel>", "<Button-4>", "<Button-5>"):
            widget.bind(sequence, self._on_wheel, add="+")
        for child in widget.winfo_children():
            self._wheel(child)

    def _on_wheel(self, event: tk.Event) -> str:
        up = getattr(event, "num", None) == 4 or int(getattr(event, "delta", 0) or 0) > 0
        self.canvas.yview_scroll(-3 if up else 3, "units")
        return "break"

    # -- quick choices ------------------------------------------------------------------
    def _set(self, chosen: Iterable[Technique]) -> None:
        picked = frozenset(chosen)
        for t, var in self.vars.items():
            var.set(t in picked)
        self._show_level()

    def _show_level(self) -> None:
        self.level_var.set(level_text(self.chosen()))

    def set_defaults(self) -> None:
        """Tick the default set."""
        self._set(default_techniques())

    def set_all(self) -> None:
        """Tick every technique, the ones off by default too."""
        self._set(implemented())

    def set_level(self, label: str) -> None:
        """Tick the default set's techniques rated at ``label`` or below."""
        for level in Level:
            if level.label == label:
                self._set(up_to_level(default_techniques(), level))

    def chosen(self) -> frozenset[Technique]:
        """The techniques ticked now."""
        return frozenset(t for t, var in self.vars.items() if var.get())

    def _validate(self) -> tuple[frozenset[Technique] | None, str]:
        return techniques_ok(self.chosen())


def _frame_background(widget: tk.Misc) -> str:
    """The ttk frames' background (the theme's), for the canvas the boxes scroll in."""
    return str(ttk.Style(widget).lookup("TFrame", "background") or widget.cget("background"))
