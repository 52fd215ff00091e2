"""Step drawing on the board: role-tagged highlights, chain links (curved arrows) and chain node numbers.

``BoardCanvas.show_step`` / ``show_highlights`` keep what is shown; ``draw_step`` draws
it onto the canvas in three layers (shading under the grid lines, marks under the
candidate text, strokes over it), placed with the canvas's z-order markers.
``role_shape`` draws one role's candidate shape and is shared with the hint
panel's legend, so the legend shows exactly what the board draws.

Every item carries ``step`` and its ``role-<role>`` (links: ``link``, ``strong`` or
``weak`` and ``link-<i>``; node numbers: ``node``, ``node-<n>``, plates
``node-plate``); cell items also ``step-cell-<cell>``, candidate marks
``step-cand-<cell>-<digit>``, ghosts of removed candidates ``ghost``.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

from sudoku_tk.engine.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.propagation import Position
from sudoku_tk.engine.step import Highlight, HighlightRole, Link

from .board_layout import BoardLayout, Rect
from .theme import RoleStyle, Shape, Theme

StepDrawing = Tuple[Tuple[Highlight, ...], Tuple[Link, ...], bool]
"""What the board shows of a step: highlights, links, and whether the links are a chain to number."""


def role_shape(canvas: tk.Canvas, r: Rect, style: RoleStyle, tags: Tuple[str, ...]) -> Tuple[List[int], List[int]]:
    """Draw a role's candidate shape in ``r`` on ``canvas``: (items to lie under the digit, items over it).

    Shared by the board and the hint panel's legend, so the legend shows exactly what the board draws.
    """
    under: List[int] = []
    over: List[int] = []
    shape, fill, outline, dash = style.shape, style.fill, style.outline, style.dash or ()
    w = style.width
    cx, cy = r.center
    if shape is Shape.CIRCLE:
        under.append(canvas.create_oval(*r.inset(w / 2).coords(), fill=fill, outline=outline, width=w, tags=tags))
    elif shape is Shape.DISC:
        under.append(canvas.create_oval(*r.coords(), fill=fill, outline="", width=0, tags=tags))
    elif shape is Shape.RING:
        under.append(canvas.create_oval(*r.inset(w / 2).coords(), outline=outline, width=w, tags=tags))
    elif shape is Shape.CROSS:
        under.append(canvas.create_oval(*r.coords(), fill=fill, outline="", tags=tags))
        x = r.inset(max(1.0, (r.x1 - r.x0) * 0.16))
        for coords in ((x.x0, x.y0, x.x1, x.y1), (x.x0, x.y1, x.x1, x.y0)):
            over.append(canvas.create_line(*coords, fill=outline, width=w, capstyle="round", tags=tags + ("strike",)))
    elif shape is Shape.DIAMOND:
        under.append(
            canvas.create_polygon(
                cx, r.y0, r.x1, cy, cx, r.y1, r.x0, cy, fill=fill, outline=outline, width=w, dash=dash, tags=tags
            )
        )
    elif shape is Shape.TRIANGLE:
        under.append(
            canvas.create_polygon(cx, r.y0, r.x1, r.y1, r.x0, r.y1, fill=fill, outline=outline, width=1, tags=tags)
        )
    elif shape is Shape.SQUARE_RING:
        under.append(canvas.create_rectangle(*r.inset(w / 2).coords(), outline=outline, width=w, tags=tags))
    elif shape is Shape.THICK_BOX:
        under.append(canvas.create_rectangle(*r.coords(), fill=fill, width=0, tags=tags))
        over.append(canvas.create_rectangle(*r.inset(0.5 - w / 2).coords(), outline=outline, width=w, tags=tags))
    elif shape is Shape.DOUBLE_BOX:
        under.append(canvas.create_rectangle(*r.inset(2.5).coords(), fill=fill, outline=outline, width=1, tags=tags))
        over.append(canvas.create_rectangle(*r.coords(), outline=outline, width=1, tags=tags))
    else:
        under.append(canvas.create_rectangle(*r.coords(), fill=fill, outline=outline, width=1, dash=dash, tags=tags))
    return under, over


class StepPainter:
    """Draws one StepDrawing onto a board canvas laid out by ``layout`` (make one per drawing)."""

    def __init__(
        self,
        canvas: tk.Canvas,
        layout: BoardLayout,
        theme: Theme,
        geometry: Geometry,
        cand_font: tkfont.Font,
        node_font: tkfont.Font,
    ) -> None:
        self.canvas = canvas
        self.layout = layout
        self.theme = theme
        self.geometry = geometry
        self.cand_font = cand_font
        self.node_font = node_font

    def draw(self, drawing: StepDrawing, position: Optional[Position], z_order: Mapping[str, int]) -> None:
        """Draw the highlights and links in three layers: shading, marks under the text, strokes over it.

        ``z_order`` holds the canvas's hidden markers ``z-shade``, ``z-marks`` and ``z-top`` that the
        layers are raised to.
        """
        canvas = self.canvas
        highlights, links, numbered = drawing
        lay, theme, geo = self.layout, self.theme, self.geometry
        pos = position
        # Units first, so the shading of a cell lies over the shading of its unit.
        ordered = sorted(highlights, key=lambda h: not h.units)
        for h in ordered:
            style = theme.role(h.role)
            tags = ("step", f"role-{h.role.value}")
            for unit in h.units:
                rect = lay.unit_rect(geo.units[unit])
                canvas.create_rectangle(*rect.coords(), fill=style.fill, width=0, tags=tags + ("step-shade",))
                canvas.create_rectangle(
                    *rect.inset(2).coords(),
                    outline=style.outline,
                    width=style.width,
                    dash=style.dash or (),
                    tags=tags + ("step-mark",),
                )
            for cell in h.cells:
                ctags = tags + (f"step-cell-{cell}",)
                filled = pos is not None and pos.values[cell] != 0
                if filled and h.digits and h.role is HighlightRole.ELIMINATION:
                    continue  # the cell was filled since (an applied step's singles): nothing left to strike
                if not h.digits or filled:
                    self._cell_mark(cell, style, ctags)
                    continue
                for d in h.digits:
                    present = pos is None or pos.has_candidate(cell, d)
                    self._candidate_mark(cell, d, style, present, ctags + (f"step-cand-{cell}-{d}",))
        for i, link in enumerate(links):
            self._link_line(link, i)
        if numbered:
            self._node_numbers(links)
        canvas.tag_raise("step-shade", z_order["z-shade"])
        canvas.tag_raise("step-mark", z_order["z-marks"])
        canvas.tag_raise("step-top", z_order["z-top"])

    def _cell_mark(self, cell: Cell, style: RoleStyle, tags: Tuple[str, ...]) -> None:
        """A whole cell: shaded, and outlined in the role's dash (a pivot twice)."""
        canvas = self.canvas
        rect = self.layout.cell_rect(cell)
        canvas.create_rectangle(*rect.coords(), fill=style.fill, width=0, tags=tags + ("step-shade",))
        w = style.width
        canvas.create_rectangle(
            *rect.inset(w / 2 + 1).coords(),
            outline=style.outline,
            width=w,
            dash=style.dash or (),
            tags=tags + ("step-top",),
        )
        if style.shape is Shape.DOUBLE_BOX:
            canvas.create_rectangle(
                *rect.inset(w * 2 + 2.5).coords(), outline=style.outline, width=1, tags=tags + ("step-top",)
            )

    def _candidate_mark(self, cell: Cell, digit: Digit, style: RoleStyle, present: bool, tags: Tuple[str, ...]) -> None:
        """One candidate: the role's shape under the text, strokes (and a ghost of a removed candidate) over it."""
        canvas = self.canvas
        r: Rect = self.layout.candidate_rect(cell, digit).inset(0.5)
        under, over = role_shape(canvas, r, style, tags)
        for item in under:
            canvas.addtag_withtag("step-mark", item)
        for item in over:
            canvas.addtag_withtag("step-top", item)
        if not present:
            # The candidate is gone: show which one the highlight is about, as a ghost.
            cx, cy = r.center
            canvas.create_text(
                cx,
                cy,
                text=self.geometry.digit_char(digit),
                font=self.cand_font,
                fill=self.theme.ghost,
                tags=tags + ("ghost", "step-top"),
            )

    def _end_center(self, cells: Tuple[Cell, ...], digit: Digit) -> Tuple[float, float]:
        """The centre of a link's end: a candidate's, or the middle of a group's candidates."""
        centres = [self.layout.candidate_rect(c, digit).center for c in cells]
        return (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))

    def _node_numbers(self, links: Sequence[Link]) -> None:
        """Number the chain's nodes 1, 2, … in the order the links first reach them (a chain, a loop or the
        branches of a forcing net alike): a small bold number on a plate at the top-left of the candidate."""
        canvas = self.canvas
        order: Dict[Tuple[Tuple[Cell, ...], Digit], int] = {}
        for link in links:
            for end in ((link.from_cells, link.from_digit), (link.to_cells, link.to_digit)):
                if end not in order:
                    order[end] = len(order) + 1
        font = self.node_font
        lay = self.layout
        for (cells, digit), n in order.items():
            r = lay.candidate_rect(cells[0], digit)
            # On the candidate's top-left corner, where the mini-grid leaves a gap between digits.
            x, y = r.x0 + (r.x1 - r.x0) * 0.1, r.y0 + (r.y1 - r.y0) * 0.12
            label = canvas.create_text(
                x,
                y,
                text=str(n),
                anchor="center",
                font=font,
                fill=self.theme.link,
                tags=("step", "node", f"node-{n}", "step-top"),
            )
            x0, y0, x1, y1 = canvas.bbox(label)
            plate = canvas.create_rectangle(
                x0 - 1,
                y0,
                x1 + 1,
                y1,
                fill=self.theme.window,
                outline=self.theme.link,
                width=1,
                tags=("step", "node-plate", f"node-{n}", "step-top"),
            )
            canvas.tag_lower(plate, label)

    def _link_line(self, link: Link, index: int) -> None:
        """A chain link: a gently curved arrow between candidate centres, solid when strong, dashed when weak."""
        lay = self.layout
        a = lay.candidate_rect(link.from_cell, link.from_digit)
        (x0, y0) = self._end_center(link.from_cells, link.from_digit)
        (x1, y1) = self._end_center(link.to_cells, link.to_digit)
        dx, dy = x1 - x0, y1 - y0
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        gap = min(length / 3, (a.x1 - a.x0) * 0.62)  # start and end just outside the candidate's mark
        x0, y0, x1, y1 = x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap
        # Bend the line a little, so links along one row or column don't hide each other.
        bend = min(length * 0.12, lay.cell * 0.35)
        mx, my = (x0 + x1) / 2 - uy * bend, (y0 + y1) / 2 + ux * bend
        width = max(1.5, lay.thin_width * 2)
        head = max(6.0, lay.cell * 0.12)
        self.canvas.create_line(
            [(x0, y0), (mx, my), (x1, y1)],
            smooth=True,
            fill=self.theme.link,
            width=width,
            dash=() if link.strong else (5, 4),
            arrow="last",
            arrowshape=(head, head * 1.2, head * 0.45),
            capstyle="round",
            tags=("step", "link", "strong" if link.strong else "weak", f"link-{index}", "step-top"),
        )
