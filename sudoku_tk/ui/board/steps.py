"""Step drawing on the board: role-tagged highlights, chain links (curved arrows) and chain node numbers.

``BoardCanvas.show_step`` / ``show_highlights`` keep what is shown (a ``StepDrawing``);
``StepPainter.draw`` draws it onto the canvas in three layers (shading under the grid
lines, marks under the candidate text, strokes over it), placed with the canvas's
z-order markers. ``role_shape`` draws one role's candidate shape and is shared with the
hint panel's legend, so the legend shows exactly what the board draws.

Drawn so a player can read it at normal size (issue 21):

- **node numbers** are at least 10 px, on a plate at the corner of the candidate they
  mark that has the fewest digits around it, so they cover no other digit; numbers of
  one candidate met in several cases share one plate ("3,9");
- **links** bend around givens, placed digits and other candidates: of a few curves
  between the two ends, the one that passes fewest of them is drawn; a link inside one
  cell bows out, so it is long enough to see;
- **sets** (an ALS, a Sue de Coq's parts) mark only the candidates their cells hold and
  outline their cells; a candidate a highlight names that the cell does not hold is
  drawn as a ghost only where that means something (a removal, a placement);
- **a walk** (``StepDrawing.current``): the current node and the links into it stand
  out, the rest fade.

Every item carries ``step`` and its ``role-<role>`` (links: ``link``, ``strong`` or
``weak``, ``link-<i>`` and, in a walk, ``link-current`` or ``link-faded``; node
numbers: ``node``, ``node-<n>``, plates ``node-plate``, the current node's ring
``node-current``); cell items also ``step-cell-<cell>``, candidate marks
``step-cand-<cell>-<digit>``, ghosts of removed candidates ``ghost``, set outlines
``set-outline``.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.play.propagation import Position
from sudoku_tk.engine.steps.step import ChainNode, Highlight, HighlightRole, Link
from sudoku_tk.render.layout import Rect
from sudoku_tk.render.palette import RoleStyle, Shape
from sudoku_tk.render.variant_marks import is_rectangle, outline_segments

from ..window.theme import Theme
from .layout import BoardLayout

SET_ROLES = frozenset((HighlightRole.COLOR_A, HighlightRole.COLOR_B, HighlightRole.COLOR_C, HighlightRole.COLOR_D))
"""Roles that mark a set of cells with the digits it holds (chain colours, ALS, Sue de Coq's parts)."""
GHOST_ROLES = frozenset((HighlightRole.ELIMINATION, HighlightRole.PLACEMENT, HighlightRole.CAUSE))
"""Roles whose candidate is worth a ghost when the cell no longer holds it (a removal shown after the fact)."""
NODE_PX = 10
"""The smallest node number, in pixels (at any zoom)."""


@dataclass(frozen=True, slots=True)
class StepDrawing:
    """What the board shows of a step: highlights, links, the chain nodes to number, and a walk's current node."""

    highlights: tuple[Highlight, ...]
    links: tuple[Link, ...] = ()
    nodes: tuple[ChainNode, ...] = ()
    """Numbered 1, 2, … on the board in this order (empty: no numbers)."""
    current: int = 0
    """While walking through the step: the node the sentence is about (0: not walking)."""

    @property
    def numbered(self) -> bool:
        return bool(self.nodes)


def role_shape(canvas: tk.Canvas, r: Rect, style: RoleStyle, tags: tuple[str, ...]) -> tuple[list[int], list[int]]:
    """Draw a role's candidate shape in ``r`` on ``canvas``: (items to lie under the digit, items over it).

    Shared by the board and the hint panel's legend, so the legend shows exactly what the board draws.
    """
    under: list[int] = []
    over: list[int] = []
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
        self._position: Position | None = None
        self._obstacle_cache: list[tuple[float, float, float, float]] | None = None

    def draw(self, drawing: StepDrawing, position: Position | None, z_order: Mapping[str, int]) -> None:
        """Draw the highlights and links in three layers: shading, marks under the text, strokes over it.

        ``z_order`` holds the canvas's hidden markers ``z-shade``, ``z-marks`` and ``z-top`` that the
        layers are raised to.
        """
        canvas = self.canvas
        lay, theme, geo = self.layout, self.theme, self.geometry
        pos = position
        self._position = pos
        # Units first, so the shading of a cell lies over the shading of its unit.
        ordered = sorted(drawing.highlights, key=lambda h: not h.units)
        for h in ordered:
            style = theme.role(h.role)
            tags = ("step", f"role-{h.role.value}")
            for unit in h.units:
                cells = geo.units[unit]
                if not is_rectangle(lay, cells):  # a diagonal, a Jigsaw region: shaded and outlined cell by cell
                    for cell in cells:
                        rect = lay.cell_rect(cell)
                        canvas.create_rectangle(*rect.coords(), fill=style.fill, width=0, tags=tags + ("step-shade",))
                    for segment in outline_segments(lay, cells, 2):
                        canvas.create_line(
                            *segment,
                            fill=style.outline,
                            width=style.width,
                            dash=style.dash or (),
                            tags=tags + ("step-mark",),
                        )
                    continue
                rect = lay.unit_rect(cells)
                canvas.create_rectangle(*rect.coords(), fill=style.fill, width=0, tags=tags + ("step-shade",))
                canvas.create_rectangle(
                    *rect.inset(2).coords(),
                    outline=style.outline,
                    width=style.width,
                    dash=style.dash or (),
                    tags=tags + ("step-mark",),
                )
            is_set = h.role in SET_ROLES and len(h.digits) > 1  # a chain colours one digit per highlight
            for cell in h.cells:
                ctags = tags + (f"step-cell-{cell}",)
                filled = pos is not None and pos.values[cell] != 0
                if filled and h.digits and h.role is HighlightRole.ELIMINATION:
                    continue  # the cell was filled since (an applied step's singles): nothing left to strike
                if not h.digits or filled:
                    self._cell_mark(cell, style, ctags)
                    continue
                if is_set:
                    self._set_outline(cell, style, ctags)
                for d in h.digits:
                    present = pos is None or pos.has_candidate(cell, d)
                    if not present and h.role not in GHOST_ROLES:
                        continue  # a set's digit this cell doesn't hold: nothing to mark (it is in the legend)
                    self._candidate_mark(cell, d, style, present, ctags + (f"step-cand-{cell}-{d}",))
        current_links = self._current_links(drawing)
        for i, link in enumerate(drawing.links):
            self._link_line(link, i, drawing.current > 0, i in current_links)
        if drawing.nodes:
            self._node_numbers(drawing.nodes, drawing.current)
        canvas.tag_raise("step-shade", z_order["z-shade"])
        canvas.tag_raise("step-mark", z_order["z-marks"])
        canvas.tag_raise("step-top", z_order["z-top"])

    @staticmethod
    def _current_links(drawing: StepDrawing) -> set[int]:
        """The links into the current node of a walk (they stand out; the others fade)."""
        if not drawing.current or drawing.current > len(drawing.nodes):
            return set()
        node = drawing.nodes[drawing.current - 1]
        return {
            i for i, link in enumerate(drawing.links) if link.to_cells == node.cells and link.to_digit == node.digit
        }

    def _set_outline(self, cell: Cell, style: RoleStyle, tags: tuple[str, ...]) -> None:
        """A set's cell: a thin dashed frame in the set's colour, so the set reads as cells, not digits."""
        rect = self.layout.cell_rect(cell).inset(2)
        self.canvas.create_rectangle(
            *rect.coords(),
            outline=style.outline,
            width=max(1.0, style.width),
            dash=(4, 3),
            tags=tags + ("set-outline", "step-top"),
        )

    def _cell_mark(self, cell: Cell, style: RoleStyle, tags: tuple[str, ...]) -> None:
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

    def _candidate_mark(self, cell: Cell, digit: Digit, style: RoleStyle, present: bool, tags: tuple[str, ...]) -> None:
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

    def _end_center(self, cells: tuple[Cell, ...], digit: Digit) -> tuple[float, float]:
        """The centre of a link's end: a candidate's, or the middle of a group's candidates."""
        centres = [self.layout.candidate_rect(c, digit).center for c in cells]
        return (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))

    def _node_numbers(self, nodes: Sequence[ChainNode], current: int) -> None:
        """Number the chain's nodes 1, 2, … in their order: a bold number of at least ``NODE_PX`` pixels on a
        plate at the corner of the candidate that has the fewest digits around it; in a walk the current
        node also gets a ring."""
        canvas = self.canvas
        font = self.node_font
        numbers: dict[tuple[Cell, Digit], list[int]] = {}
        for n, node in enumerate(nodes, 1):
            numbers.setdefault((node.cells[0], node.digit), []).append(n)
        for (cell, digit), ns in numbers.items():
            text = ",".join(str(n) for n in ns[:3]) + ("…" if len(ns) > 3 else "")
            r = self.layout.candidate_rect(cell, digit)
            x, y = self._free_corner(cell, digit, r)
            tags = ("step", "node", "step-top") + tuple(f"node-{n}" for n in ns)
            label = canvas.create_text(x, y, text=text, anchor="center", font=font, fill=self.theme.link, tags=tags)
            x0, y0, x1, y1 = canvas.bbox(label)
            plate = canvas.create_rectangle(
                x0 - 1,
                y0,
                x1 + 1,
                y1,
                fill=self.theme.window,
                outline=self.theme.link,
                width=2 if current in ns else 1,
                tags=("step", "node-plate", "step-top") + tuple(f"node-{n}" for n in ns),
            )
            canvas.tag_lower(plate, label)
            if current in ns:
                ring = r.inset(-1.5)
                canvas.create_oval(
                    *ring.coords(),
                    outline=self.theme.link,
                    width=3,
                    tags=("step", "node-current", f"node-{current}", "step-top"),
                )

    def _free_corner(self, cell: Cell, digit: Digit, r: Rect) -> tuple[float, float]:
        """The corner of ``digit``'s slot with the fewest digits around it (given, placed or candidate)."""
        geo, pos = self.geometry, self._position
        box = geo.box
        row, col = divmod(digit - 1, box)
        best: tuple[int, int, tuple[float, float]] = (99, 99, (r.x0, r.y0))
        for rank, (dr, dc) in enumerate(((-1, -1), (-1, 1), (1, -1), (1, 1))):
            crowd = 0
            for sr, sc in ((row + dr, col), (row, col + dc), (row + dr, col + dc)):
                if 0 <= sr < box and 0 <= sc < box:
                    d = sr * box + sc + 1
                    crowd += 1 if pos is None or pos.values[cell] or pos.has_candidate(cell, d) else 0
                else:
                    crowd += self._neighbour_crowd(cell, sr, sc)
            x = r.x0 if dc < 0 else r.x1
            y = r.y0 if dr < 0 else r.y1
            if (crowd, rank) < best[:2]:
                best = (crowd, rank, (x, y))
        x, y = best[2]
        # Nudge the plate towards the slot a little, so it never sits on a box line.
        cx, cy = r.center
        return (x + (cx - x) * 0.15, y + (cy - y) * 0.15)

    def _neighbour_crowd(self, cell: Cell, sr: int, sc: int) -> int:
        """Is the slot beyond this cell's mini-grid (in the neighbouring cell) holding something? 1 or 0."""
        geo, pos = self.geometry, self._position
        box, side = geo.box, geo.side
        r, c = divmod(cell, side)
        dr = -1 if sr < 0 else 1 if sr >= box else 0
        dc = -1 if sc < 0 else 1 if sc >= box else 0
        nr, nc = r + dr, c + dc
        if not (0 <= nr < side and 0 <= nc < side):
            return 0  # outside the board: room to spare
        other = nr * side + nc
        if pos is None or pos.values[other]:
            return 1 if pos is not None else 0
        slot_r, slot_c = sr % box, sc % box
        return 1 if pos.has_candidate(other, slot_r * box + slot_c + 1) else 0

    def _obstacles(self) -> list[tuple[float, float, float, float]]:
        """Where a link should not pass: (x, y, radius, weight) of every digit and candidate on the board."""
        pos, lay, geo = self._position, self.layout, self.geometry
        if pos is None:
            return []
        out: list[tuple[float, float, float, float]] = []
        digit_r = lay.digit_px * 0.45
        cand_r = lay.candidate_px * 0.4
        for cell in range(geo.ncells):
            if pos.values[cell]:
                x, y = lay.cell_rect(cell).center
                out.append((x, y, digit_r, 6.0))
                continue
            for d in pos.candidate_set(cell):
                x, y = lay.candidate_rect(cell, d).center
                out.append((x, y, cand_r, 1.0))
        return out

    def _link_line(self, link: Link, index: int, walking: bool = False, current: bool = False) -> None:
        """A chain link: a curved arrow between candidate centres, solid when strong, dashed when weak; of a few
        curves, the one passing fewest digits is drawn (a link inside one cell bows out to be seen)."""
        lay = self.layout
        a = lay.candidate_rect(link.from_cell, link.from_digit)
        (x0, y0) = self._end_center(link.from_cells, link.from_digit)
        (x1, y1) = self._end_center(link.to_cells, link.to_digit)
        dx, dy = x1 - x0, y1 - y0
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        slot = a.x1 - a.x0
        gap = min(length / 3, slot * 0.62)  # start and end just outside the candidate's mark
        x0, y0, x1, y1 = x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap
        same_cell = set(link.from_cells) == set(link.to_cells)
        if same_cell:
            bends = [slot * 1.1, -slot * 1.1]
        else:
            base = min(length * 0.12, lay.cell * 0.35)
            bends = [base, -base, length * 0.3, -length * 0.3, length * 0.5, -length * 0.5, 0.0]
        if self._obstacle_cache is None:
            self._obstacle_cache = self._obstacles()
        best = None
        for k, bend in enumerate(bends):
            mx, my = (x0 + x1) / 2 - uy * bend, (y0 + y1) / 2 + ux * bend
            cost = self._route_cost((x0, y0), (mx, my), (x1, y1)) + k * 0.01
            if best is None or cost < best[0]:
                best = (cost, mx, my)
        assert best is not None
        _, mx, my = best
        width = max(1.5, lay.thin_width * 2)
        head = max(6.0, lay.cell * 0.12)
        colour = self.theme.link
        tags = ["step", "link", "strong" if link.strong else "weak", f"link-{index}", "step-top"]
        if walking:
            if current:
                width *= 1.8
                head *= 1.2
                tags.append("link-current")
            else:
                colour = _blend(self.theme.link, self.theme.board, 0.6)
                tags.append("link-faded")
        self.canvas.create_line(
            [(x0, y0), (mx, my), (x1, y1)],
            smooth=True,
            fill=colour,
            width=width,
            dash=() if link.strong else (5, 4),
            arrow="last",
            arrowshape=(head, head * 1.2, head * 0.45),
            capstyle="round",
            tags=tuple(tags),
        )

    def _route_cost(self, p0: tuple[float, float], m: tuple[float, float], p1: tuple[float, float]) -> float:
        """How much a curve through ``m`` passes over digits (weighted: givens and placed digits most)."""
        cost = 0.0
        samples = 16
        # The control point of Tk's smoothed 3-point line makes a quadratic curve through the middle point's
        # neighbourhood: sample the quadratic Bézier with that control point.
        pts = []
        for i in range(1, samples):
            t = i / samples
            u = 1 - t
            pts.append(
                (u * u * p0[0] + 2 * u * t * m[0] + t * t * p1[0], u * u * p0[1] + 2 * u * t * m[1] + t * t * p1[1])
            )
        for ox, oy, r, w in self._obstacle_cache or ():
            r2 = r * r
            for px, py in pts:
                if (px - ox) ** 2 + (py - oy) ** 2 < r2:
                    cost += w
                    break
        return cost


def _blend(colour: str, background: str, amount: float) -> str:
    """``colour`` moved ``amount`` of the way to ``background`` (both #rrggbb): a faded stroke."""
    a = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
    b = [int(background[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * amount):02x}" for x, y in zip(a, b))
