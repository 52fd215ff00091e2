"""Where things go on a board, in pixels: cells, candidate slots, grid lines and stroke widths.

``CellGeometry`` is the pixel math the window and the pictures share: cells of ``cell``
pixels from (x0, y0), a box×box mini-grid of candidate slots in each cell (digit d in slot
d-1, row by row), line widths that grow with the cell. The window's ``ui/board/layout.py``
builds its ``BoardLayout`` (fitting a window, hit testing) on it; ``PictureLayout`` here
adds a picture's margin and size, from a ``scale`` (1.0: 48-pixel cells on 9×9) or from the
board's width in pixels. No Tk and no Pillow: plain arithmetic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Cell, Digit

BASE_CELL = {2: 72, 3: 48, 4: 40}
"""Cell width in pixels at scale 1, by box size (a 9×9 board is 432 pixels wide)."""
PNG_SCALE = 1.5
"""The scale of a picture written without a window (``sudoku-tk export --png``) when none is asked: 72-pixel
cells, so a 9×9 board is 684 pixels wide with its margin, a 16×16 one 990 and a 4×4 one 486 (the window's own
Export picture… asks for 1×–3×)."""
REFERENCE_CELL = 48
"""The cell width at which strokes have the canvas's own widths; wider cells get proportionally wider strokes."""
MAX_SIDE_PX = 12_000
"""The widest picture made (a 2× 16×16 board is about 1,600 pixels)."""


@dataclass(frozen=True, slots=True)
class Rect:
    """An axis-aligned rectangle in pixels (of the canvas or of a picture)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def center(self) -> tuple[float, float]:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    def contains(self, x: float, y: float) -> bool:
        """Is (x, y) inside (x0, y0 inclusive; x1, y1 exclusive)?"""
        return self.x0 <= x < self.x1 and self.y0 <= y < self.y1

    def inset(self, d: float) -> Rect:
        """The rectangle shrunk by ``d`` on every side (grown when negative)."""
        return Rect(self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d)

    def coords(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)


def fill_box(r: Rect) -> tuple[float, float, float, float]:
    """Pillow's inclusive box for filling exactly the pixels of ``r`` (x1, y1 exclusive)."""
    return (r.x0, r.y0, r.x1 - 1, r.y1 - 1)


@dataclass(frozen=True, slots=True)
class GridLine:
    """An inner grid line at ``offset`` pixels from the board's edge; vertical or horizontal; thick at box edges."""

    offset: int
    vertical: bool
    thick: bool


GLYPH_SHARE = 0.8
"""A digit's or a capital's ink, in height and in width, is at most this share of its font's pixel height (about
0.73 in DejaVu Sans, the board's font; a font's pixel height also counts the room above and below)."""


@dataclass(frozen=True, slots=True)
class CellGeometry:
    """A board's pixel geometry: ``side`` cells of ``cell`` pixels from (x0, y0) (the window's and a picture's).

    >>> geo = CellGeometry(3, 10, 10, 48)
    >>> geo.size, geo.cell_rect(10).coords(), geo.candidate_rect(0, 5).center
    (432, (58, 58, 106, 106), (34.0, 34.0))
    """

    box: int
    x0: int
    y0: int
    cell: int
    """Cell width and height in pixels."""
    label_cells: frozenset[Cell] = frozenset()
    """Cells whose top band holds a Killer cage's sum: their mini-grid is squeezed below it (``label_band``), so
    the sum never covers a candidate (render/variant_marks.py draws the cages)."""

    # -- sizes ------------------------------------------------------------------------------------
    @property
    def side(self) -> int:
        return self.box * self.box

    @property
    def size(self) -> int:
        """Board width and height in pixels (outer edges of the outer cells)."""
        return self.cell * self.side

    @property
    def bounds(self) -> Rect:
        return Rect(self.x0, self.y0, self.x0 + self.size, self.y0 + self.size)

    @property
    def pad(self) -> float:
        """The cell's rim: points there hit the cell but no candidate slot (thinner on 16×16, where the sixteen
        candidates need the room; wider on a Killer board, whose cage outlines run between the cell's edge and its
        candidates)."""
        rim = max(1.0, self.cell * (0.05 if self.box < 4 else 0.025))
        if self.label_cells:
            return max(rim, self.cage_inset + max(1.0, self.cell * 0.035))
        return rim

    @property
    def slot(self) -> float:
        """Width of one candidate slot."""
        return (self.cell - 2 * self.pad) / self.box

    @property
    def thin_width(self) -> int:
        return max(1, round(self.cell / 48))

    @property
    def thick_width(self) -> int:
        return max(2, round(self.cell / 16))

    @property
    def frame_width(self) -> int:
        return self.thick_width + max(1, round(self.cell / 40))

    @property
    def digit_px(self) -> int:
        """Pixel height for a placed digit's font."""
        return max(6, round(self.cell * (0.62 if self.box < 4 else 0.58)))

    @property
    def candidate_px(self) -> int:
        """Pixel height for a candidate's font: fills its slot without touching the neighbours.

        A font's pixel height counts the room above capitals and below the line, which a candidate (one digit or
        capital) leaves empty: on 16×16, where four slots share a small cell, the font is a little taller than
        its slot, so its glyphs use the slot's height (a 34-pixel cell then shows 9-pixel candidates).
        """
        return max(5, round(self.slot * (0.78 if self.box < 4 else 1.12)))

    @property
    def candidate_glyph_px(self) -> float:
        """How tall (and at most how wide) a candidate's glyph is: ``GLYPH_SHARE`` of its font's pixel height."""
        return self.candidate_px * GLYPH_SHARE

    @property
    def cage_inset(self) -> float:
        """How far inside its cells a Killer cage's dashed outline runs (between the cell's edge and its candidates)."""
        return max(1.5, self.cell * 0.07)

    @property
    def label_px(self) -> int:
        """Pixel height of a cage sum's font."""
        return max(6, round(self.cell * 0.2))

    @property
    def label_band(self) -> float:
        """The top band of a cell that carries a cage's sum: the outline's inset, the sum's font height and a gap."""
        return self.cage_inset + self.label_px + max(1.0, self.cell * 0.02)

    def slot_height(self, cell: Cell) -> float:
        """Height of one candidate slot in ``cell``: a slot's width, or less below a cage's sum."""
        if cell in self.label_cells:
            return (self.cell - self.label_band - self.pad) / self.box
        return self.slot

    def candidate_px_in(self, cell: Cell) -> int:
        """The candidate font's pixel height in ``cell``: ``candidate_px``, smaller where the slots are squeezed so
        that a glyph stays inside its slot."""
        if cell not in self.label_cells:
            return self.candidate_px
        return max(4, min(self.candidate_px, int(self.slot_height(cell) / GLYPH_SHARE)))

    # -- rectangles -------------------------------------------------------------------------------
    def cell_rect(self, cell: Cell) -> Rect:
        r, c = divmod(cell, self.side)
        x, y = self.x0 + c * self.cell, self.y0 + r * self.cell
        return Rect(x, y, x + self.cell, y + self.cell)

    def candidate_rect(self, cell: Cell, digit: Digit) -> Rect:
        """The slot of ``digit`` in ``cell``'s mini-grid (slot d-1, row by row); below the band of a cage's sum
        in the cells of ``label_cells``."""
        cr = self.cell_rect(cell)
        sr, sc = divmod(digit - 1, self.box)
        slot, pad = self.slot, self.pad
        x = cr.x0 + pad + sc * slot
        if cell in self.label_cells:
            h = self.slot_height(cell)
            y = cr.y0 + self.label_band + sr * h
            return Rect(x, y, x + slot, y + h)
        y = cr.y0 + pad + sr * slot
        return Rect(x, y, x + slot, y + slot)

    def slots_top(self, cell: Cell) -> float:
        """Where the first row of ``cell``'s candidate slots starts."""
        return self.cell_rect(cell).y0 + (self.label_band if cell in self.label_cells else self.pad)

    def unit_rect(self, cells: Sequence[Cell]) -> Rect:
        """The smallest rectangle around some cells (a row, a column or a box)."""
        rects = [self.cell_rect(c) for c in cells]
        return Rect(
            min(r.x0 for r in rects), min(r.y0 for r in rects), max(r.x1 for r in rects), max(r.y1 for r in rects)
        )


@dataclass(frozen=True, slots=True)
class PictureLayout(CellGeometry):
    """A picture of a board: the cells of ``CellGeometry`` with a margin round them.

    >>> lay = PictureLayout.for_scale(3, 1.0)
    >>> lay.cell, lay.x0, lay.image_size
    (48, 12, 456)
    >>> lay.candidate_rect(0, 5).center
    (36.0, 36.0)
    """

    def __post_init__(self) -> None:
        if self.box not in BASE_CELL:
            raise ValueError(f"box size must be one of {tuple(BASE_CELL)}, not {self.box!r}")
        if self.cell < 8:
            raise ValueError(f"cells must be at least 8 pixels wide, not {self.cell!r}")

    @classmethod
    def for_cell(cls, box: int, cell: int) -> PictureLayout:
        """A picture with ``cell``-pixel cells and a margin of a quarter cell (so 2× is exactly twice as big)."""
        margin = cell // 4
        lay = cls(box, margin, margin, cell)
        if lay.image_size > MAX_SIDE_PX:
            raise ValueError(f"a picture {lay.image_size} pixels wide is too big (at most {MAX_SIDE_PX})")
        return lay

    @classmethod
    def for_scale(cls, box: int, scale: float) -> PictureLayout:
        """The picture at ``scale`` (1.0: the base cell of ``BASE_CELL``; 2.0 doubles every length).

        Raises:
            ValueError: the scale is not a positive number, or the picture would be too small or too big.
        """
        if not scale > 0:
            raise ValueError(f"the scale must be above 0, not {scale!r}")
        return cls.for_cell(box, round(BASE_CELL.get(box, 48) * scale))

    @classmethod
    def for_width(cls, box: int, board_px: int) -> PictureLayout:
        """The largest picture whose board (without the margin) is at most ``board_px`` pixels wide."""
        return cls.for_cell(box, board_px // (box * box))

    @property
    def image_size(self) -> int:
        """The picture's width and height: the board and its margin on both sides."""
        return self.size + 2 * self.x0

    @property
    def stroke(self) -> float:
        """How much wider than on the canvas a role's outline is drawn (1.0 at 48-pixel cells)."""
        return self.cell / REFERENCE_CELL

    def lines(self) -> list[GridLine]:
        """Every inner grid line, thin ones first (so thick ones are drawn over them); the frame is separate."""
        thin: list[GridLine] = []
        thick: list[GridLine] = []
        for i in range(1, self.side):
            bucket = thick if i % self.box == 0 else thin
            for vertical in (True, False):
                bucket.append(GridLine(i * self.cell, vertical, bucket is thick))
        return thin + thick


def layout_for(box: int, scale: float | None = None, board_px: int | None = None) -> PictureLayout:
    """The layout of a picture by ``board_px`` (the board's width) when given, else by ``scale`` (default 1)."""
    if board_px is not None:
        return PictureLayout.for_width(box, board_px)
    return PictureLayout.for_scale(box, 1.0 if scale is None else scale)
