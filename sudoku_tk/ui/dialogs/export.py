"""The Export picture and Export PDF / Print dialogs; what they return is checked by pure ``*_ok()`` functions.

``picture_ok`` turns the picture dialog's choices into a ``PictureChoice`` (which board,
candidates, the hint on show, the player's colours, the size); ``pdf_ok`` the PDF
dialog's into a ``PdfChoice`` (this puzzle, this position with its candidates, or a
booklet of new puzzles of a level; puzzles per page; solutions on later pages). Both
return ``(value, message)`` like the other dialogs (ui/dialogs/puzzle_and_preferences.py).
"""

from __future__ import annotations

import tkinter as tk
from dataclasses import dataclass
from tkinter import ttk

from sudoku_tk.render.booklet import LEVEL_NAMES
from sudoku_tk.render.content import PictureKind
from sudoku_tk.render.sheets import PER_PAGE

from .puzzle_and_preferences import _Dialog

SCALES = ("1×", "2×", "3×")
KIND_LABELS = {
    PictureKind.PUZZLE: "The puzzle (givens only)",
    PictureKind.SOLUTION: "The solution",
    PictureKind.POSITION: "The position as it is",
}
CONTENTS = {
    "puzzle": "This puzzle",
    "position": "This position, with its candidates",
    "booklet": "A booklet of new puzzles",
}
OWN_MARKS_POSITION = "This position, with my pencil marks"
"""The position choice's label while the game shows the player's own pencil marks (drawn instead of candidates)."""
MAX_BOOKLET = 60


@dataclass(frozen=True, slots=True)
class PictureChoice:
    """What to draw in a picture."""

    kind: PictureKind = PictureKind.POSITION
    candidates: bool = True
    hint: bool = True
    colours: bool = True
    scale: float = 1.0


@dataclass(frozen=True, slots=True)
class PdfChoice:
    """What to put on paper."""

    contents: str = "puzzle"
    """``puzzle``, ``position`` or ``booklet``."""
    per_page: int = 1
    with_solutions: bool = False
    level: str = "medium"
    count: int = 6


def picture_ok(
    kind: PictureKind, candidates: bool, hint: bool, colours: bool, scale_text: str
) -> tuple[PictureChoice | None, str]:
    """Check the picture dialog: a size of 1× to 3× (a number with or without ×).

    >>> picture_ok(PictureKind.PUZZLE, False, False, False, "2×")
    (PictureChoice(kind=<PictureKind.PUZZLE: 'puzzle'>, candidates=False, hint=False, colours=False, scale=2.0), '')
    """
    try:
        scale = float(scale_text.strip().rstrip("×xX").strip())
    except ValueError:
        return None, f"The size must be 1×, 2× or 3×, not {scale_text!r}."
    if not 0.5 <= scale <= 4:
        return None, f"The size must be from 0.5× to 4×, not {scale_text!r}."
    on_board = kind is PictureKind.POSITION
    return PictureChoice(kind, candidates and on_board, hint and on_board, colours and on_board, scale), ""


def pdf_ok(
    contents: str, per_page: int | str, with_solutions: bool, level: str = "medium", count: int | str = 6
) -> tuple[PdfChoice | None, str]:
    """Check the PDF dialog: puzzles per page 1, 2, 4 or 6; a booklet's level and a count of 1 to 60."""
    if contents not in CONTENTS:
        return None, f"Choose what to print, not {contents!r}."
    try:
        pages = int(per_page)
    except (TypeError, ValueError):
        pages = 0
    if pages not in PER_PAGE:
        return None, f"Puzzles per page: {', '.join(map(str, PER_PAGE))}."
    if contents != "booklet":
        return PdfChoice(contents, pages, bool(with_solutions)), ""
    if level not in ("any", *LEVEL_NAMES):
        return None, f"Choose a level ({', '.join(LEVEL_NAMES)} or any), not {level!r}."
    try:
        n = int(count)
    except (TypeError, ValueError):
        return None, f"The number of puzzles must be a whole number, not {str(count)!r}."
    if not 1 <= n <= MAX_BOOKLET:
        return None, f"A booklet holds 1 to {MAX_BOOKLET} puzzles, not {n}."
    return PdfChoice("booklet", pages, bool(with_solutions), level, n), ""


class PictureDialog(_Dialog):
    """Export picture…: which board, what over it, how big. ``result``: a PictureChoice."""

    ok_label = "Export…"

    def __init__(
        self, parent: tk.Misc, *, has_hint: bool, has_colours: bool, own_marks: bool = False, show: bool = True
    ) -> None:
        self._has_hint = has_hint
        self._has_colours = has_colours
        self._own_marks = own_marks
        super().__init__(parent, "Export picture", show=show)

    def _build(self, body: ttk.Frame) -> None:
        self.kind_var = tk.StringVar(self, PictureKind.POSITION.value)
        self.kind_buttons: dict[PictureKind, ttk.Radiobutton] = {}
        for row, (kind, label) in enumerate(KIND_LABELS.items()):
            button = ttk.Radiobutton(body, text=label, value=kind.value, variable=self.kind_var, command=self._refresh)
            button.grid(row=row, column=0, columnspan=2, sticky="w")
            self.kind_buttons[kind] = button
        self.candidates_var = tk.BooleanVar(self, True)
        self.hint_var = tk.BooleanVar(self, self._has_hint)
        self.colours_var = tk.BooleanVar(self, self._has_colours)
        self.extras = [
            ttk.Checkbutton(
                body, text="My pencil marks" if self._own_marks else "Candidates", variable=self.candidates_var
            ),
            ttk.Checkbutton(body, text="The hint on show", variable=self.hint_var),
            ttk.Checkbutton(body, text="My colours", variable=self.colours_var),
        ]
        for i, box in enumerate(self.extras):
            box.grid(row=3 + i, column=0, columnspan=2, sticky="w", padx=(20, 0))
        ttk.Label(body, text="Size").grid(row=6, column=0, sticky="w", pady=(8, 0))
        self.scale_var = tk.StringVar(self, SCALES[0])
        self.scale_box = ttk.Combobox(body, textvariable=self.scale_var, values=SCALES, width=6)
        self.scale_box.grid(row=6, column=1, sticky="w", pady=(8, 0))
        self.first_focus = self.scale_box
        self._refresh()

    def _refresh(self) -> None:
        on_board = self.kind_var.get() == PictureKind.POSITION.value
        available = (True, self._has_hint, self._has_colours)
        for box, can in zip(self.extras, available):
            box.state(["!disabled" if on_board and can else "disabled"])

    def _validate(self) -> tuple[PictureChoice | None, str]:
        return picture_ok(
            PictureKind(self.kind_var.get()),
            self.candidates_var.get(),
            self.hint_var.get() and self._has_hint,
            self.colours_var.get() and self._has_colours,
            self.scale_var.get(),
        )


class PdfDialog(_Dialog):
    """Export PDF… and Print…: this puzzle, this position, or a booklet; per page; solutions. ``result``: a PdfChoice."""

    def __init__(
        self,
        parent: tk.Misc,
        title: str = "Export PDF",
        ok_label: str = "Export…",
        *,
        own_marks: bool = False,
        show: bool = True,
    ) -> None:
        self.ok_label = ok_label
        self._own_marks = own_marks
        super().__init__(parent, title, show=show)

    def _build(self, body: ttk.Frame) -> None:
        self.contents_var = tk.StringVar(self, "puzzle")
        self.contents_buttons: dict[str, ttk.Radiobutton] = {}
        for row, (value, label) in enumerate(CONTENTS.items()):
            if value == "position" and self._own_marks:
                label = OWN_MARKS_POSITION
            button = ttk.Radiobutton(body, text=label, value=value, variable=self.contents_var, command=self._refresh)
            button.grid(row=row, column=0, columnspan=3, sticky="w")
            self.contents_buttons[value] = button
        self.level_var = tk.StringVar(self, "medium")
        self.count_var = tk.StringVar(self, "6")
        ttk.Label(body, text="Level").grid(row=3, column=0, sticky="w", padx=(20, 6))
        self.level_box = ttk.Combobox(
            body, textvariable=self.level_var, values=("any", *LEVEL_NAMES), state="readonly", width=10
        )
        self.level_box.grid(row=3, column=1, sticky="w")
        ttk.Label(body, text="Puzzles").grid(row=4, column=0, sticky="w", padx=(20, 6))
        self.count_box = ttk.Spinbox(body, from_=1, to=MAX_BOOKLET, textvariable=self.count_var, width=6)
        self.count_box.grid(row=4, column=1, sticky="w")
        ttk.Label(body, text="Per page").grid(row=5, column=0, sticky="w", pady=(8, 0))
        self.per_page_var = tk.StringVar(self, "1")
        self.per_page_box = ttk.Combobox(
            body, textvariable=self.per_page_var, values=tuple(map(str, PER_PAGE)), state="readonly", width=4
        )
        self.per_page_box.grid(row=5, column=1, sticky="w", pady=(8, 0))
        self.solutions_var = tk.BooleanVar(self, False)
        ttk.Checkbutton(body, text="Solutions on the pages after", variable=self.solutions_var).grid(
            row=6, column=0, columnspan=3, sticky="w", pady=(4, 0)
        )
        self.first_focus = self.per_page_box
        self._refresh()

    def _refresh(self) -> None:
        state = ["!disabled" if self.contents_var.get() == "booklet" else "disabled"]
        self.level_box.state(state + (["readonly"] if state == ["!disabled"] else []))
        self.count_box.state(state)

    def _validate(self) -> tuple[PdfChoice | None, str]:
        return pdf_ok(
            self.contents_var.get(),
            self.per_page_var.get(),
            self.solutions_var.get(),
            self.level_var.get(),
            self.count_var.get(),
        )
