"""Marks on the board: wrong digits, removed true candidates and revealed cells; contradictions.

``BoardCanvas.set_marks`` keeps the marks to show and ``draw_marks`` draws them: a
ring round a wrong digit (``mark-mistake``), a ring on the empty slot of a removed
true candidate (``mark-missing``) and a flag in the top-right corner of a revealed
cell (``mark-revealed``); every item is tagged ``mark`` and ``mark-cell-<cell>``.

``BoardCanvas.set_contradictions`` keeps what the board breaks and ``draw_contradictions``
draws it, in a heavy dashed outline (shape and colour: a mistake's ring is solid) with a
glyph: a cell with no candidate left gets a big "!" (``contradiction-dead``), a unit where
a digit has no place left is outlined whole and the digit is struck out in its own (empty)
slot of every empty cell of the unit (``contradiction-unit``, ``contradiction-label``; the
digit's text ``contradiction-digit``), so the mark never covers a digit or a candidate (a
unit with no empty cell gets a "no 7" label at its edge); a digit twice in a unit gets its
cells outlined with a small "!" (``contradiction-clash``). Every item is tagged ``contradiction``; cells'
``contradiction-cell-<cell>``, units' ``contradiction-unit-<unit>``; the "!" texts
``contradiction-glyph``.

Both lie above digits and candidates, below the hover outlines, the cursor and any card.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable

from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry, Unit
from sudoku_tk.engine.steps.step import HighlightRole
from sudoku_tk.render.variant_marks import is_rectangle, outline_segments

from ..window.theme import Theme
from .layout import BoardLayout

Marks = tuple[tuple[Cell, ...], tuple[tuple[Cell, Digit], ...], tuple[Cell, ...]]
"""Wrong digits' cells, removed true candidates (cell, digit), revealed cells."""
NO_MARKS: Marks = ((), (), ())
ContradictionMarks = tuple[tuple[Cell, ...], tuple[tuple[Unit, Digit], ...], tuple[Cell, ...]]
"""Cells with no candidate left, units where a digit has no place left (unit, digit), cells of a digit twice."""
NO_CONTRADICTIONS: ContradictionMarks = ((), (), ())


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


def marked_cells(canvas: tk.Canvas, kind: str) -> tuple[Cell, ...]:
    """The cells carrying a mark of ``kind`` (``mistake``, ``missing`` or ``revealed``), in board order."""
    cells: set[Cell] = set()
    for item in canvas.find_withtag(f"mark-{kind}"):
        cells.update(int(t[10:]) for t in canvas.gettags(item) if t.startswith("mark-cell-"))
    return tuple(sorted(cells))


def draw_contradictions(
    canvas: tk.Canvas,
    marks: ContradictionMarks,
    layout: BoardLayout,
    theme: Theme,
    geometry: Geometry,
    fonts: tuple[tkfont.Font, tkfont.Font],
    z_top: int,
    is_empty: Callable[[Cell], bool] = lambda cell: True,
) -> None:
    """Draw ``marks`` (delete the ``contradiction`` tag first to replace them) with ``fonts`` (big "!", labels);
    ``is_empty`` tells the empty cells (where a digit with no place is struck out in its slot)."""
    dead, lost, clashes = marks
    lay, colour, dash = layout, theme.contradiction, theme.contradiction_dash
    big, small = fonts
    width = max(2, lay.thick_width)

    def outline(rect_coords: tuple[float, float, float, float], tags: tuple[str, ...]) -> None:
        # A closed line, not a rectangle's outline: Tk draws a wide rectangle outline solid, whatever its dash.
        x0, y0, x1, y1 = rect_coords
        canvas.create_line(  # type: ignore[call-overload]  # ten coordinates: the stubs know up to four points
            x0,
            y0,
            x1,
            y0,
            x1,
            y1,
            x0,
            y1,
            x0,
            y0,
            fill=colour,
            width=width,
            dash=dash,
            joinstyle="miter",
            tags=("contradiction",) + tags,
        )

    for cell in dead:
        tags = ("contradiction-dead", f"contradiction-cell-{cell}")
        outline(lay.cell_rect(cell).inset(width + 1).coords(), tags)
        x, y = lay.cell_rect(cell).center
        canvas.create_text(x, y, text="!", fill=colour, font=big, tags=("contradiction", "contradiction-glyph") + tags)
    for cell in clashes:
        tags = ("contradiction-clash", f"contradiction-cell-{cell}")
        r = lay.cell_rect(cell).inset(width + 1)
        outline(r.coords(), tags)
        canvas.create_text(
            r.x0 + width,
            r.y0,
            text="!",
            anchor="nw",
            fill=colour,
            font=small,
            tags=("contradiction", "contradiction-glyph") + tags,
        )
    by_unit: dict[Unit, list[Digit]] = {}
    for unit, digit in lost:
        by_unit.setdefault(unit, []).append(digit)
    struck: set[tuple[Cell, Digit]] = set()
    for unit, digits in by_unit.items():
        tags = ("contradiction-unit", f"contradiction-unit-{unit}")
        cells = geometry.units[unit]
        if is_rectangle(lay, cells):
            outline(lay.unit_rect(cells).inset(width / 2 + 1).coords(), tags)
        else:  # a diagonal, a Jigsaw region: along its own edge
            for segment in outline_segments(lay, cells, width / 2 + 1):
                canvas.create_line(*segment, fill=colour, width=width, dash=dash, tags=("contradiction",) + tags)
        homeless = []
        for digit in sorted(digits):
            spots = [c for c in cells if is_empty(c)]
            for cell in spots:
                if (cell, digit) not in struck:
                    struck.add((cell, digit))
                    _struck_out(canvas, lay, theme, small, cell, digit, geometry.digit_char(digit), unit)
            if not spots:
                homeless.append(digit)
        if homeless:  # a unit without an empty cell: said in a label at its edge
            _label(canvas, lay, theme, small, unit, geometry, "no " + ", ".join(map(geometry.digit_char, homeless)))
    # Above digits and candidates, below the hover outlines, the cursor and any card.
    canvas.tag_lower("contradiction", z_top)


def _struck_out(
    canvas: tk.Canvas,
    lay: BoardLayout,
    theme: Theme,
    font: tkfont.Font,
    cell: Cell,
    digit: Digit,
    char: str,
    unit: Unit,
) -> None:
    """``digit`` struck through in its own slot of the empty ``cell``: the place it would have, and has not.

    The slot is free in every empty cell of the unit (the digit is a candidate in none of them), so the mark
    covers no digit and no candidate, and it names the digit where a player looks for it.
    """
    slot = lay.candidate_rect(cell, digit).inset(0.5)
    tags = ("contradiction", "contradiction-label", f"contradiction-unit-{unit}", f"contradiction-cell-{cell}")
    canvas.create_rectangle(*slot.coords(), fill=theme.contradiction_bg, outline="", tags=tags)
    x, y = slot.center
    canvas.create_text(x, y, text=char, fill=theme.contradiction, font=font, tags=tags + ("contradiction-digit",))
    inner = slot.inset(slot.width * 0.12)
    canvas.create_line(
        inner.x0,
        inner.y1,
        inner.x1,
        inner.y0,
        fill=theme.contradiction,
        width=max(1, lay.thin_width),
        tags=tags,
    )


def _label(
    canvas: tk.Canvas, lay: BoardLayout, theme: Theme, font: tkfont.Font, unit: Unit, geometry: Geometry, text: str
) -> None:
    """A unit's label on a filled patch: a row's at its left end, a column's at its top, a box's bottom right.

    The three places differ, so the labels of a row, a column and a box meeting in one cell never overlap.
    """
    cells = geometry.units[unit]
    kind = geometry.unit_kind(unit)
    pad = max(2, lay.thick_width) + 2
    if kind == 0:
        r = lay.cell_rect(cells[0])
        x, y, anchor = r.x0 + pad, r.center[1], "w"
    elif kind == 1:
        r = lay.cell_rect(cells[0])
        x, y, anchor = r.center[0], r.y0 + pad, "n"
    else:
        r = lay.cell_rect(cells[-1])
        x, y, anchor = r.x1 - pad, r.y1 - pad, "se"
    tags = ("contradiction", "contradiction-label", f"contradiction-unit-{unit}")
    item = canvas.create_text(x, y, text=text, anchor=anchor, fill=theme.contradiction, font=font, tags=tags)  # type: ignore[call-overload]
    box = canvas.bbox(item)
    if box:
        patch = canvas.create_rectangle(
            box[0] - 1, box[1], box[2] + 1, box[3], fill=theme.contradiction_bg, outline=theme.contradiction, tags=tags
        )
        canvas.tag_raise(item, patch)
