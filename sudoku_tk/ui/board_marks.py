"""Marks on the board: wrong digits, removed true candidates and revealed cells.

``BoardCanvas.set_marks`` keeps the marks to show and ``draw_marks`` draws them: a
ring round a wrong digit (``mark-mistake``), a ring on the empty slot of a removed
true candidate (``mark-missing``) and a flag in the top-right corner of a revealed
cell (``mark-revealed``); every item is tagged ``mark`` and ``mark-cell-<cell>``.
They lie above digits and candidates, below the hover outlines, the cursor and any card.
"""

from __future__ import annotations

import tkinter as tk
from typing import Set, Tuple

from sudoku_tk.engine.geometry import Cell, Digit
from sudoku_tk.engine.step import HighlightRole

from .board_layout import BoardLayout
from .theme import Theme

Marks = Tuple[Tuple[Cell, ...], Tuple[Tuple[Cell, Digit], ...], Tuple[Cell, ...]]
"""Wrong digits' cells, removed true candidates (cell, digit), revealed cells."""
NO_MARKS: Marks = ((), (), ())


def draw_marks(canvas: tk.Canvas, marks: Marks, layout: BoardLayout, theme: Theme, z_top: int) -> None:
    """Draw ``marks`` (delete the ``mark`` tag first to replace them), just under the ``z_top`` marker."""
    mistakes, missing, revealed = marks
    lay = layout
    ring = max(1.5, lay.thick_width)
    for cell in mistakes:
        canvas.create_oval(
            *lay.cell_rect(cell).inset(lay.cell * 0.1).coords(),
            outline=theme.conflict,
            width=ring,
            tags=("mark", "mark-mistake", f"mark-cell-{cell}"),
        )
    for cell, digit in missing:
        canvas.create_oval(
            *lay.candidate_rect(cell, digit).inset(0.5).coords(),
            outline=theme.conflict,
            width=ring,
            tags=("mark", "mark-missing", f"mark-cell-{cell}"),
        )
    flag = theme.role(HighlightRole.PIVOT).outline
    for cell in revealed:
        r = lay.cell_rect(cell).inset(max(2.0, lay.thin_width + 1))
        size = lay.cell * 0.24
        canvas.create_polygon(
            r.x1 - size,
            r.y0,
            r.x1,
            r.y0,
            r.x1,
            r.y0 + size,
            fill=flag,
            outline="",
            tags=("mark", "mark-revealed", f"mark-cell-{cell}"),
        )
    # Above digits and candidates, below the hover outlines, the cursor and any card.
    canvas.tag_lower("mark", z_top)


def marked_cells(canvas: tk.Canvas, kind: str) -> Tuple[Cell, ...]:
    """The cells carrying a mark of ``kind`` (``mistake``, ``missing`` or ``revealed``), in board order."""
    cells: Set[Cell] = set()
    for item in canvas.find_withtag(f"mark-{kind}"):
        cells.update(int(t[10:]) for t in canvas.gettags(item) if t.startswith("mark-cell-"))
    return tuple(sorted(cells))
