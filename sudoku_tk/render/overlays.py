"""What a picture draws over the plain board: a hint's highlights and chain links, hand-made colours, marks.

``Overlay`` is plain data (engine Steps' highlights and links, cells, digits, colour
indices); the app fills it from the hint ladder's view and the session, never from the
canvas. The drawing follows the canvas's layers (see ``ui/board/canvas.py``): shading
under the grid lines; candidate marks under the digits; then mistake and contradiction
marks, the strokes over the text, ghosts of removed candidates, links and node numbers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PIL import ImageDraw

from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry, Unit
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Link

from .content import BoardContent
from .fonts import Face, board_font
from .layout import PictureLayout, Rect, fill_box
from .palette import Palette, RoleStyle, Shape
from .strokes import arrow_head, dash_px, outline, place_text, polyline, quadratic, role_shape, width_px
from .variant_marks import is_rectangle, outline_segments

COLOUR_COUNT = 4
"""Hand-made colouring uses colour indices 0..3."""


@dataclass(frozen=True, slots=True)
class Overlay:
    """Everything drawn over the digits and candidates; every part optional.

    ``highlights``/``links``/``numbered``: a hint as the board shows it (``HintView.highlights``,
    ``.links``, and whether the links are a chain to number). ``cell_colours`` (cell -> 0..3)
    and ``candidate_colours`` ((cell, digit) -> 0..3): the player's own colouring.
    ``mistakes``, ``missing``, ``revealed``: the mistake marks; ``dead``, ``lost``, ``clashes``:
    what a broken board breaks (``ContradictionNote``).
    """

    highlights: tuple[Highlight, ...] = ()
    links: tuple[Link, ...] = ()
    numbered: bool = False
    cell_colours: Mapping[Cell, int] = field(default_factory=dict, hash=False)
    candidate_colours: Mapping[tuple[Cell, Digit], int] = field(default_factory=dict, hash=False)
    mistakes: tuple[Cell, ...] = ()
    missing: tuple[tuple[Cell, Digit], ...] = ()
    revealed: tuple[Cell, ...] = ()
    dead: tuple[Cell, ...] = ()
    lost: tuple[tuple[Unit, Digit], ...] = ()
    clashes: tuple[Cell, ...] = ()

    def __post_init__(self) -> None:
        for where, index in list(self.cell_colours.items()) + list(self.candidate_colours.items()):
            if not 0 <= index < COLOUR_COUNT:
                raise ValueError(f"colour index {index!r} of {where!r} is not 0..{COLOUR_COUNT - 1}")


NO_OVERLAY = Overlay()


class OverlayPainter:
    """Draws one Overlay onto a picture of ``content`` laid out by ``layout``, layer by layer."""

    def __init__(self, draw: ImageDraw.ImageDraw, layout: PictureLayout, palette: Palette, content: BoardContent):
        self.draw = draw
        self.lay = layout
        self.pal = palette
        self.content = content
        self.geo: Geometry = content.geometry

    # -- layer 1: under the grid lines ---------------------------------------------------------
    def shading(self, overlay: Overlay) -> None:
        """Hand-coloured cells, then the step's units and whole cells, shaded."""
        draw, lay = self.draw, self.lay
        for cell, index in sorted(overlay.cell_colours.items()):
            self._paint(lay.cell_rect(cell).inset(1), index, lay.thin_width + 1)
        for h in _units_first(overlay.highlights):
            style = self.pal.role(h.role)
            for unit in h.units:
                cells = self.geo.units[unit]
                if is_rectangle(lay, cells):
                    draw.rectangle(fill_box(lay.unit_rect(cells)), fill=style.fill)
                else:  # a diagonal, a Jigsaw region: cell by cell
                    for cell in cells:
                        draw.rectangle(fill_box(lay.cell_rect(cell)), fill=style.fill)
            for cell in h.cells:
                if self._cell_wide(h, cell):
                    draw.rectangle(fill_box(lay.cell_rect(cell)), fill=style.fill)

    # -- layer 2: over the grid lines, under the text -------------------------------------------
    def marks(self, overlay: Overlay) -> None:
        """Unit outlines, candidate colours and the role shapes under the candidates' text."""
        draw, lay, k = self.draw, self.lay, self.lay.stroke
        for h in _units_first(overlay.highlights):
            style = self.pal.role(h.role)
            for unit in h.units:
                self._unit_outline(unit, 2 * k, style.outline, width_px(style.width, k), dash_px(style.dash, k))
        for (cell, digit), index in sorted(overlay.candidate_colours.items()):
            if self.content.has_candidate(cell, digit):  # shown only while the candidate is
                self._paint(lay.candidate_rect(cell, digit).inset(0.5), index, width_px(1.5, k))
        for h, cell, digit in self._candidate_marks(overlay):
            role_shape(draw, lay.candidate_rect(cell, digit).inset(0.5 * k), self.pal.role(h.role), k, over=False)

    # -- layer 3: over the text ------------------------------------------------------------------
    def strokes(self, overlay: Overlay) -> None:
        """Mistake and contradiction marks, cell outlines, strokes over candidates, ghosts, links, node numbers."""
        self._mistake_marks(overlay)
        self._contradictions(overlay)
        draw, lay, k = self.draw, self.lay, self.lay.stroke
        for h in _units_first(overlay.highlights):
            style = self.pal.role(h.role)
            for cell in h.cells:
                if self._cell_wide(h, cell):
                    self._cell_outline(cell, style)
        ghost_font = board_font(Face.REGULAR, lay.candidate_px)
        for h, cell, digit in self._candidate_marks(overlay):
            r = lay.candidate_rect(cell, digit).inset(0.5 * k)
            role_shape(draw, r, self.pal.role(h.role), k, over=True)
            if not self.content.has_candidate(cell, digit):
                place_text(draw, r.center, self.geo.digit_char(digit), ghost_font, self.pal.ghost)
        for link in overlay.links:
            self._link(link)
        if overlay.numbered:
            self._node_numbers(overlay.links)

    # -- pieces ----------------------------------------------------------------------------------
    def _paint(self, r: Rect, colour: int, edge: int) -> None:
        """One of the player's colours: a filled square, outlined in the pair's hue for a pair's second colour."""
        self.draw.rectangle(fill_box(r), fill=self.pal.paint[colour])
        if colour % 2:
            outline(
                self.draw,
                r,
                self.pal.paint_edge[colour // 2],
                edge,
            )

    def _cell_wide(self, h: Highlight, cell: Cell) -> bool:
        """Does highlight ``h`` mark the whole cell (no digits, or the cell is filled) rather than candidates?"""
        filled = bool(self.content.values[cell])
        if filled and h.digits and h.role is HighlightRole.ELIMINATION:
            return False  # the cell was filled since: nothing left to strike
        return not h.digits or filled

    def _candidate_marks(self, overlay: Overlay) -> list[tuple[Highlight, Cell, Digit]]:
        out: list[tuple[Highlight, Cell, Digit]] = []
        for h in _units_first(overlay.highlights):
            for cell in h.cells:
                if h.digits and not self.content.values[cell]:
                    out.extend((h, cell, d) for d in h.digits)
        return out

    def _cell_outline(self, cell: Cell, style: RoleStyle) -> None:
        k = self.lay.stroke
        w = width_px(style.width, k)
        rect = self.lay.cell_rect(cell)
        outline(self.draw, rect.inset(w / 2 + k), style.outline, w, dash_px(style.dash, k))
        if style.shape is Shape.DOUBLE_BOX:
            outline(self.draw, rect.inset(w * 2 + 2.5 * k), style.outline, max(1, round(k)))

    def _mistake_marks(self, overlay: Overlay) -> None:
        draw, lay, colour = self.draw, self.lay, self.pal.conflict
        ring = max(2, lay.thick_width)
        for cell in overlay.mistakes:
            draw.ellipse(lay.cell_rect(cell).inset(lay.cell * 0.1).coords(), outline=colour, width=ring)
        for cell, digit in overlay.missing:
            draw.ellipse(lay.candidate_rect(cell, digit).inset(0.5).coords(), outline=colour, width=ring)
        flag = self.pal.role(HighlightRole.PIVOT).outline
        for cell in overlay.revealed:
            r = lay.cell_rect(cell).inset(max(2.0, lay.thin_width + 1))
            size = lay.cell * 0.24
            draw.polygon([(r.x1 - size, r.y0), (r.x1, r.y0), (r.x1, r.y0 + size)], fill=flag)

    def _contradictions(self, overlay: Overlay) -> None:
        draw, lay, pal = self.draw, self.lay, self.pal
        colour, dash = pal.contradiction, dash_px(pal.contradiction_dash, lay.stroke)
        width = max(2, lay.thick_width)
        big = board_font(Face.BOLD, lay.digit_px)
        small = board_font(Face.BOLD, lay.candidate_px)
        for cell in overlay.dead:
            outline(draw, lay.cell_rect(cell).inset(width + 1), colour, width, dash)
            place_text(draw, lay.cell_rect(cell).center, "!", big, colour)
        for cell in overlay.clashes:
            r = lay.cell_rect(cell).inset(width + 1)
            outline(draw, r, colour, width, dash)
            place_text(draw, (r.x0 + width * 1.5, r.y0 + width), "!", small, colour, "nw")
        by_unit: dict[Unit, list[Digit]] = {}
        for unit, digit in overlay.lost:
            by_unit.setdefault(unit, []).append(digit)
        for unit, digits in by_unit.items():
            self._unit_outline(unit, width / 2 + 1, colour, width, dash)
            self._unit_label(unit, "no " + ", ".join(map(self.geo.digit_char, sorted(digits))), small)

    def _unit_outline(self, unit: Unit, inset: float, colour: str, width: int, dash: Sequence[float]) -> None:
        """A unit's outline ``inset`` inside it: a rectangle, or along its own edge where it is not one."""
        cells = self.geo.units[unit]
        if is_rectangle(self.lay, cells):
            outline(self.draw, self.lay.unit_rect(cells).inset(inset), colour, width, dash)
            return
        for x0, y0, x1, y1 in outline_segments(self.lay, cells, inset):
            polyline(self.draw, [(x0, y0), (x1, y1)], colour, width, dash)

    def _unit_label(self, unit: Unit, text: str, font: object) -> None:
        """A unit's label on a patch: a row's at its left end, a column's at its top, a box's bottom right."""
        lay, cells = self.lay, self.geo.units[unit]
        kind = self.geo.unit_kind(unit)
        pad = max(2, lay.thick_width) + 2
        if kind == 0:
            r = lay.cell_rect(cells[0])
            xy, anchor = (r.x0 + pad, r.center[1]), "w"
        elif kind == 1:
            r = lay.cell_rect(cells[0])
            xy, anchor = (r.center[0], r.y0 + pad), "n"
        else:
            r = lay.cell_rect(cells[-1])
            xy, anchor = (r.x1 - pad, r.y1 - pad), "se"
        box = self.draw.textbbox((0, 0), text, font=font)  # type: ignore[arg-type]
        w, h = box[2] - box[0], box[3] - box[1]
        fx, fy = {"w": (0.0, 0.5), "n": (0.5, 0.0), "se": (1.0, 1.0)}[anchor]
        x0, y0 = xy[0] - fx * w, xy[1] - fy * h
        m = max(1.0, lay.stroke * 2)
        self.draw.rectangle(
            (x0 - m, y0 - m, x0 + w + m, y0 + h + m), fill=self.pal.contradiction_bg, outline=self.pal.contradiction
        )
        place_text(self.draw, xy, text, font, self.pal.contradiction, anchor)

    def _end_center(self, cells: tuple[Cell, ...], digit: Digit) -> tuple[float, float]:
        centres = [self.lay.candidate_rect(c, digit).center for c in cells]
        return (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))

    def _link(self, link: Link) -> None:
        """A chain link: a gently curved arrow between candidate centres, solid when strong, dashed when weak."""
        lay, k = self.lay, self.lay.stroke
        a = lay.candidate_rect(link.from_cell, link.from_digit)
        x0, y0 = self._end_center(link.from_cells, link.from_digit)
        x1, y1 = self._end_center(link.to_cells, link.to_digit)
        dx, dy = x1 - x0, y1 - y0
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        gap = min(length / 3, a.width * 0.62)
        x0, y0, x1, y1 = x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap
        bend = min(length * 0.12, lay.cell * 0.35)
        control = ((x0 + x1) / 2 - uy * bend, (y0 + y1) / 2 + ux * bend)
        head = max(6.0 * k, lay.cell * 0.12)
        points = quadratic((x0, y0), control, (x1, y1))
        # Stop the shaft at the arrowhead's neck, so a thick shaft does not poke out of the point.
        shaft = [p for p in points if (p[0] - x1) ** 2 + (p[1] - y1) ** 2 >= head * head] or points[:1]
        width = max(2, round(max(1.5, lay.thin_width * 2) * k))
        polyline(
            self.draw,
            shaft + [_towards((x1, y1), shaft[-1], head * 0.9)],
            self.pal.link,
            width,
            () if link.strong else dash_px((5, 4), k),
        )
        self.draw.polygon(arrow_head((x1, y1), points[-3], (head, head * 1.2, head * 0.45)), fill=self.pal.link)

    def _node_numbers(self, links: tuple[Link, ...]) -> None:
        """Number the chain's nodes 1, 2, … in the order the links first reach them, on small plates."""
        order: dict[tuple[tuple[Cell, ...], Digit], int] = {}
        for link in links:
            for end in ((link.from_cells, link.from_digit), (link.to_cells, link.to_digit)):
                order.setdefault(end, len(order) + 1)
        lay = self.lay
        font = board_font(Face.BOLD, max(7, int(lay.candidate_px * 0.5)))
        for (cells, digit), n in order.items():
            r = lay.candidate_rect(cells[0], digit)
            xy = (r.x0 + r.width * 0.1, r.y0 + r.width * 0.12)
            box = self.draw.textbbox((0, 0), str(n), font=font)
            w, h = box[2] - box[0], box[3] - box[1]
            m = max(1.0, lay.stroke)
            self.draw.rectangle(
                (xy[0] - w / 2 - 2 * m, xy[1] - h / 2 - m, xy[0] + w / 2 + 2 * m, xy[1] + h / 2 + m),
                fill=self.pal.window,
                outline=self.pal.link,
                width=max(1, round(m)),
            )
            place_text(self.draw, xy, str(n), font, self.pal.link)


def _units_first(highlights: tuple[Highlight, ...]) -> list[Highlight]:
    """Units first, so the shading of a cell lies over the shading of its unit (as on the canvas)."""
    return sorted(highlights, key=lambda h: not h.units)


def _towards(p: tuple[float, float], q: tuple[float, float], d: float) -> tuple[float, float]:
    """The point ``d`` pixels from ``p`` towards ``q`` (``q`` itself when closer)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = (dx * dx + dy * dy) ** 0.5
    return q if n <= d else (p[0] + dx / n * d, p[1] + dy / n * d)
