"""The Techniques dialog: which techniques hints, Step and the solution path may use (Hint > Techniques…).

Like HoDoKu's step configuration or SudokuWiki's strategy boxes: one box per technique,
grouped by family, each labelled with its HoDoKu level; quick choices set every box at
once (the default set, everything, or the default set up to a level). ``result`` is the
chosen frozenset of Techniques; validation is the pure ``techniques_ok``.
"""

from __future__ import annotations

import tkinter as tk
from tkinter import ttk
from typing import Dict, FrozenSet, Iterable, Optional, Tuple

from sudoku_tk.engine.rating import Level
from sudoku_tk.engine.step import Family, Technique
from sudoku_tk.engine.technique_sets import level_of, up_to_level
from sudoku_tk.engine.techniques import DEFAULT_OFF, default_techniques, implemented

from .dialogs import _Dialog

COLUMNS = 3
"""Families are laid out in this many columns."""


def techniques_ok(chosen: Iterable[Technique]) -> Tuple[Optional[FrozenSet[Technique]], str]:
    """The chosen techniques, or None and why not.

    >>> techniques_ok([])[1]
    'Switch on at least one technique.'
    """
    picked = frozenset(chosen)
    if not picked:
        return None, "Switch on at least one technique."
    return picked, ""


class TechniquesDialog(_Dialog):
    """A box per implemented technique, grouped by family. ``result``: the chosen frozenset (None: cancelled)."""

    def __init__(self, parent: tk.Misc, chosen: Optional[FrozenSet[Technique]], *, show: bool = True) -> None:
        self._initial = frozenset(default_techniques()) if chosen is None else chosen
        super().__init__(parent, "Techniques for hints and the solver", show=show)

    def _build(self, body: ttk.Frame) -> None:
        ttk.Label(
            body,
            text=(
                "Hints, Step, Solve to the end and the solution path use only the techniques ticked here, "
                "in HoDoKu's order. Forcing chains and nets go on where patterns end; Brute Force reads "
                "the next digit from the solution."
            ),
            wraplength=int(6.5 * self.winfo_fpixels("1i")),
            justify="left",
        ).grid(row=0, column=0, sticky="we", pady=(0, 8))
        quick = ttk.Frame(body)
        quick.grid(row=1, column=0, sticky="w", pady=(0, 8))
        ttk.Button(quick, text="Defaults", command=self.set_defaults).grid(row=0, column=0, padx=(0, 6))
        ttk.Button(quick, text="All", command=self.set_all).grid(row=0, column=1, padx=(0, 12))
        ttk.Label(quick, text="Defaults up to level").grid(row=0, column=2, padx=(0, 6))
        self.level_var = tk.StringVar(self, "")
        self.level_box = ttk.Combobox(
            quick, textvariable=self.level_var, state="readonly", width=9, values=[lv.label for lv in Level]
        )
        self.level_box.grid(row=0, column=3)
        self.level_box.bind("<<ComboboxSelected>>", lambda _e: self.set_level(self.level_var.get()))
        groups = ttk.Frame(body)
        groups.grid(row=2, column=0, sticky="nsew")
        self.vars: Dict[Technique, tk.BooleanVar] = {}
        self.boxes: Dict[Technique, ttk.Checkbutton] = {}
        families = [f for f in Family if any(t.family is f for t in implemented())]
        heights = {f: sum(1 for t in implemented() if t.family is f) for f in families}
        # Fill columns greedily so they come out about the same height.
        columns: list[list[Family]] = [[] for _ in range(COLUMNS)]
        filled = [0] * COLUMNS
        for family in families:
            k = filled.index(min(filled))
            columns[k].append(family)
            filled[k] += heights[family] + 2
        for col, fams in enumerate(columns):
            frame = ttk.Frame(groups)
            frame.grid(row=0, column=col, sticky="n", padx=(0, 10))
            for row, family in enumerate(fams):
                box = ttk.LabelFrame(frame, text=family.value, padding=(6, 2))
                box.grid(row=row, column=0, sticky="we", pady=(0, 6))
                for i, t in enumerate(x for x in implemented() if x.family is family):
                    var = tk.BooleanVar(self, t in self._initial)
                    label = f"{t.display_name}  ({level_of(t).label}{', off by default' if t in DEFAULT_OFF else ''})"
                    cb = ttk.Checkbutton(box, text=label, variable=var)
                    cb.grid(row=i, column=0, sticky="w")
                    self.vars[t] = var
                    self.boxes[t] = cb
        self.first_focus = self.level_box

    # -- quick choices ------------------------------------------------------------------
    def _set(self, chosen: Iterable[Technique]) -> None:
        picked = frozenset(chosen)
        for t, var in self.vars.items():
            var.set(t in picked)

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

    def chosen(self) -> FrozenSet[Technique]:
        """The techniques ticked now."""
        return frozenset(t for t, var in self.vars.items() if var.get())

    def _validate(self) -> Tuple[Optional[FrozenSet[Technique]], str]:
        return techniques_ok(self.chosen())
