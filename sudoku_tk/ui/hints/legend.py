"""The hint panel's legend: a swatch per role on show, drawn exactly as the board draws it, and its label.

Swatches use ``role_shape`` from ui/board/steps.py for candidate roles, a shaded outlined
square for whole cells and units, and an arrow for strong and weak links. Items are
tagged ``legend`` and ``legend-<key>``.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Sequence

from sudoku_tk.engine.steps.step import Highlight, HighlightRole
from sudoku_tk.render.layout import Rect

from ..board.steps import role_shape
from ..window.theme import Theme


def draw_legend(
    canvas: tk.Canvas,
    entries: Sequence[tuple[str, str]],
    highlights: Sequence[Highlight],
    theme: Theme,
    font: tkfont.Font,
    wrap: int,
) -> None:
    """A swatch per role on show, drawn as the board draws it (a candidate's shape, or a shaded outlined
    square for whole cells and units), two to a row in ``wrap`` pixels when the labels fit."""
    canvas.delete("all")
    canvas.configure(background=theme.window)
    if not entries:
        canvas.configure(height=1)
        return
    line = font.metrics("linespace") + 6
    swatch = line - 6
    col = wrap // 2
    # Two to a row when every label fits beside its swatch in half the width; one to a row otherwise.
    widest = max(font.measure(label) for _, label in entries)
    per_row = 2 if widest + swatch * 1.6 + 12 <= col else 1
    for i, (key, label) in enumerate(entries):
        x, y = (i % per_row) * col, (i // per_row) * line + 3
        tags = ("legend", f"legend-{key}")
        if key in ("strong", "weak"):
            canvas.create_line(
                x + 1,
                y + swatch / 2,
                x + swatch * 1.6,
                y + swatch / 2,
                fill=theme.link,
                width=2,
                dash=() if key == "strong" else (5, 4),
                arrow="last",
                arrowshape=(6, 7, 3),
                tags=tags,
            )
            label = "strong link" if key == "strong" else "weak link"
        else:
            role = HighlightRole(key)
            style = theme.role(role)
            rect = Rect(x + 1, y, x + 1 + swatch, y + swatch)
            if any(h.role is role and h.digits for h in highlights):
                role_shape(canvas, rect, style, tags)
            else:
                canvas.create_rectangle(
                    *rect.coords(),
                    fill=style.fill,
                    outline=style.outline,
                    width=min(style.width, 2),
                    dash=style.dash or (),
                    tags=tags,
                )
        canvas.create_text(
            x + swatch * 1.6 + 6, y + swatch / 2, text=label, anchor="w", font=font, fill=theme.text, tags=tags
        )
    canvas.configure(height=((len(entries) + per_row - 1) // per_row) * line + 2)


def legend_text(canvas: tk.Canvas) -> str:
    """The legend's labels, in order, one per line."""
    return "\n".join(canvas.itemcget(i, "text") for i in canvas.find_all() if str(canvas.type(i)) == "text")
