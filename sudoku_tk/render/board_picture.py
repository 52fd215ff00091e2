"""A board as a picture: the puzzle, its solution or the position as it is, drawn with Pillow like the canvas.

``board_content(kind, position)`` (content.py) says what each cell shows (a digit and
its origin, or candidates); ``render_board(content, overlay, layout)`` draws it at the layout's
size, in the canvas's layers: backgrounds and shading, grid lines and frame, marks
under the text, digits (givens bold, the player's regular, automatic italic, each in
its colour) and candidates in their mini-grid, then the overlay's strokes. Drawn at
the final size with TrueType fonts, so a 2× picture is as crisp as 1×.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from PIL import Image, ImageDraw

from sudoku_tk.engine.play.propagation import Origin, Position

from .content import BoardContent, PictureKind, board_content
from .fonts import Face, board_font
from .layout import PictureLayout, fill_box, layout_for
from .overlays import NO_OVERLAY, Overlay, OverlayPainter
from .palette import LIGHT, Palette
from .strokes import dash_px, place_text, polyline, width_px
from .variant_marks import VariantMarks, cage_outline, label_cell, label_point, marks_of, region_borders


def render_board(
    content: BoardContent,
    overlay: Overlay = NO_OVERLAY,
    layout: PictureLayout | None = None,
    palette: Palette = LIGHT,
    background: str | None = None,
    marks: VariantMarks | None = None,
) -> Image.Image:
    """Draw ``content`` with ``overlay`` as an RGB image laid out by ``layout`` (default: scale 1).

    ``background`` colours the margin round the board (default: the palette's board colour, white).
    ``marks``: what a variant adds (shaded houses, Jigsaw regions, Killer cages; by default what the content's
    geometry asks for); a cage's sum squeezes its cell's candidates below it.
    """
    geo = content.geometry
    if marks is None:
        marks = marks_of(geo)
    lay = layout if layout is not None else layout_for(geo.box)
    if lay.box != geo.box:
        raise ValueError(f"a layout for box {lay.box} can't draw a {geo.side}×{geo.side} board")
    if marks.label_cells != lay.label_cells:
        lay = replace(lay, label_cells=marks.label_cells)
    image = Image.new("RGB", (lay.image_size, lay.image_size), background or palette.board)
    draw = ImageDraw.Draw(image)
    painter = OverlayPainter(draw, lay, palette, content)
    for cell in marks.shaded:
        draw.rectangle(fill_box(lay.cell_rect(cell)), fill=palette.house_bg)
    for cell in content.conflicts:
        draw.rectangle(fill_box(lay.cell_rect(cell)), fill=palette.conflict_bg)
    painter.shading(overlay)
    _grid(draw, lay, palette, marks.regions)
    _cages(draw, lay, palette, marks)
    painter.marks(overlay)
    _digits(draw, lay, palette, content)
    painter.strokes(overlay)
    return image


def _grid(draw: ImageDraw.ImageDraw, lay: PictureLayout, pal: Palette, regions: Sequence[int] | None) -> None:
    """Thin lines, then thick box lines (or a Jigsaw's region borders) over them, then the frame just outside."""
    x0, y0, size = lay.x0, lay.y0, lay.size
    for line in lay.lines():
        thick = line.thick and regions is None
        w = lay.thick_width if thick else lay.thin_width
        a = line.offset - w // 2
        colour = pal.box_line if thick else pal.thin_line
        if line.vertical:
            draw.rectangle((x0 + a, y0, x0 + a + w - 1, y0 + size - 1), fill=colour)
        else:
            draw.rectangle((x0, y0 + a, x0 + size - 1, y0 + a + w - 1), fill=colour)
    if regions is not None:
        w = lay.thick_width
        for sx0, sy0, sx1, sy1 in region_borders(lay, regions):
            a = w // 2
            if sx0 == sx1:  # vertical: as wide as a box line, reaching over the crossing lines' width
                draw.rectangle((sx0 - a, sy0 - a, sx0 - a + w - 1, sy1 + w - a - 1), fill=pal.box_line)
            else:
                draw.rectangle((sx0 - a, sy0 - a, sx1 + w - a - 1, sy0 - a + w - 1), fill=pal.box_line)
    fw = lay.frame_width
    draw.rectangle((x0 - fw, y0 - fw, x0 + size + fw - 1, y0 + size + fw - 1), outline=pal.frame, width=fw)


def _cages(draw: ImageDraw.ImageDraw, lay: PictureLayout, pal: Palette, marks: VariantMarks) -> None:
    """Each Killer cage's dashed outline inside its cells, and its sum in its first cell's top band."""
    if not marks.cages:
        return
    width = width_px(1.0, lay.stroke)
    dash = dash_px(pal.cage_dash, lay.stroke)
    font = board_font(Face.REGULAR, lay.label_px)
    for cage in marks.cages:
        for x0, y0, x1, y1 in cage_outline(lay, cage.cells):
            polyline(draw, [(x0, y0), (x1, y1)], pal.cage_line, width, dash)
        place_text(draw, label_point(lay, label_cell(cage.cells)), str(cage.total), font, pal.cage_sum, anchor="w")


_FACES = {Origin.GIVEN: Face.BOLD, Origin.PLAYER: Face.REGULAR, Origin.AUTO: Face.ITALIC}


def _digits(draw: ImageDraw.ImageDraw, lay: PictureLayout, pal: Palette, content: BoardContent) -> None:
    geo = content.geometry
    colours = {Origin.GIVEN: pal.given, Origin.PLAYER: pal.player, Origin.AUTO: pal.auto}
    cand_font = board_font(Face.REGULAR, lay.candidate_px)
    for cell, (v, origin) in enumerate(zip(content.values, content.origins)):
        if v:
            face = _FACES.get(origin, Face.REGULAR)
            colour = pal.conflict if cell in content.conflicts else colours.get(origin, pal.player)
            place_text(draw, lay.cell_rect(cell).center, geo.digit_char(v), board_font(face, lay.digit_px), colour)
            continue
        font = cand_font if cell not in lay.label_cells else board_font(Face.REGULAR, lay.candidate_px_in(cell))
        for d in content.candidates[cell]:
            place_text(draw, lay.candidate_rect(cell, d).center, geo.digit_char(d), font, pal.candidate)


def save_png(image: Image.Image, path: str | Path) -> None:
    """Write ``image`` as a PNG file (optimised; no metadata beyond the pixels)."""
    image.save(path, format="PNG", optimize=True)


def picture(
    position: Position,
    kind: PictureKind = PictureKind.POSITION,
    overlay: Overlay = NO_OVERLAY,
    *,
    scale: float | None = None,
    board_px: int | None = None,
    candidates: bool = True,
    solution: Sequence[int] | None = None,
    own_marks: bool = False,
    marks: VariantMarks | None = None,
) -> Image.Image:
    """The picture of ``position`` as ``kind`` at ``scale`` (or ``board_px`` wide); the overlay on a position only.

    ``own_marks``: draw the player's pencil marks in place of the candidates (see ``board_content``).
    ``marks``: what the puzzle's variant adds to the board (default: what its geometry asks for; see
    ``render_board``).

    Raises:
        ValueError: a bad scale or size; NoSolutionError for a solution picture of a puzzle without one.
    """
    content = board_content(kind, position, candidates=candidates, solution=solution, own_marks=own_marks)
    lay = layout_for(position.geometry.box, scale, board_px)
    return render_board(content, overlay if kind is PictureKind.POSITION else NO_OVERLAY, lay, marks=marks)
