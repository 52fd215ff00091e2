"""Board pixel math: where every cell, candidate slot and grid line goes, and what a pixel hits. No Tk.

A ``BoardLayout`` is a frozen value computed from the board size and the space
available, on ``CellGeometry`` (render/layout.py: the pixel math board pictures share
with the window). Cell edges fall on whole pixels so thin lines stay crisp. Each cell
holds a box×box mini-grid of candidate slots (3×3 on 9×9, 2×2 on 4×4, 4×4 on
16×16): digit d sits in slot d-1, read row by row, so a missing candidate is
always a gap in the same place.

A click counts as "on a candidate" only in the inner part of the candidate's slot
(``candidate_hit_rect``); the slot's margin, the gaps between candidates and the
cell's rim hit the cell alone, so a click meant to select a cell does not place a
digit by accident.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.render.layout import CellGeometry, Rect

SUPPORTED_BOXES = (2, 3, 4)
HIT_MARGIN = 0.2
"""The part of a candidate slot's width, on each side, that hits the cell rather than the candidate."""
HIT_MARGIN_16 = 0.15
"""The same on 16×16, whose candidates fill more of their small slots (``CellGeometry.candidate_px``)."""


@dataclass(frozen=True, slots=True)
class Line:
    """A grid line from (x0, y0) to (x1, y1); ``thick`` for box edges and the outer frame."""

    x0: float
    y0: float
    x1: float
    y1: float
    thick: bool


@dataclass(frozen=True, slots=True)
class Hit:
    """What a point on the board falls on: a cell and, in the inner part of a candidate slot, that slot's digit."""

    cell: Cell
    digit: Digit | None


@dataclass(frozen=True, slots=True)
class BoardLayout(CellGeometry):
    """The board on the canvas: ``CellGeometry`` fitted to the window, with grid lines and hit testing.

    >>> lay = BoardLayout.fit(3, 500, 400)
    >>> lay.cell, lay.x0, lay.y0
    (43, 56, 6)
    >>> lay.hit_test(*lay.candidate_rect(20, 5).center)
    Hit(cell=20, digit=5)
    """

    def __post_init__(self) -> None:
        if self.box not in SUPPORTED_BOXES:
            raise ValueError(f"box size must be one of {SUPPORTED_BOXES}, not {self.box!r}")
        if self.cell < 4:
            raise ValueError(f"cells must be at least 4 pixels wide, not {self.cell!r}")

    @classmethod
    def fit(
        cls,
        box: int,
        width: float,
        height: float,
        margin: float | None = None,
        label_cells: frozenset[Cell] = frozenset(),
    ) -> BoardLayout:
        """The largest board that fits ``width``×``height`` pixels with a margin around it, centred.

        The margin defaults to room for the outer frame. A space too small still
        gives the smallest legal board (4-pixel cells), so a tiny window never fails.
        ``label_cells``: the cells that carry a Killer cage's sum (``CellGeometry.label_cells``).
        """
        side = box * box
        room = min(width, height)
        if margin is None:
            margin = max(4.0, room * 0.015)
        cell = max(4, int((room - 2 * margin) // side))
        size = cell * side
        return cls(box, max(0, int((width - size) // 2)), max(0, int((height - size) // 2)), cell, label_cells)

    # -- rectangles (cell_rect, candidate_rect, unit_rect and the sizes: CellGeometry) ---------------
    @property
    def hit_margin(self) -> float:
        """The share of a slot's width, on each side, that hits the cell rather than the candidate."""
        return HIT_MARGIN if self.box < 4 else HIT_MARGIN_16

    def candidate_hit_rect(self, cell: Cell, digit: Digit) -> Rect:
        """Where a click counts as a click on the candidate: the inner part of its slot, as wide as its glyph."""
        r = self.candidate_rect(cell, digit)
        dx, dy = self.slot * self.hit_margin, self.slot_height(cell) * self.hit_margin
        return Rect(r.x0 + dx, r.y0 + dy, r.x1 - dx, r.y1 - dy)

    def lines(self) -> list[Line]:
        """Every inner grid line, thin ones first (so thick ones are drawn over them); the frame is separate."""
        thin: list[Line] = []
        thick: list[Line] = []
        x0, y0, size = self.x0, self.y0, self.size
        for i in range(1, self.side):
            p = i * self.cell
            bucket = thick if i % self.box == 0 else thin
            bucket.append(Line(x0 + p, y0, x0 + p, y0 + size, bucket is thick))
            bucket.append(Line(x0, y0 + p, x0 + size, y0 + p, bucket is thick))
        return thin + thick

    # -- hit testing ------------------------------------------------------------
    def hit_test(self, x: float, y: float) -> Hit | None:
        """The cell (and the candidate, inside a slot's hit area) at canvas point (x, y); None outside the board."""
        col = int((x - self.x0) // self.cell)
        row = int((y - self.y0) // self.cell)
        if not (0 <= col < self.side and 0 <= row < self.side):
            return None
        cell = row * self.side + col
        # Compare against the inset cell rectangle's own edges (same arithmetic as Rect.inset),
        # so a point on an edge gets the same answer from both.
        inner = self.cell_rect(cell).inset(self.pad)
        if not inner.contains(x, y):
            return Hit(cell, None)
        inner_x = x - inner.x0
        inner_y = y - self.slots_top(cell)
        if inner_y < 0:
            return Hit(cell, None)  # the band of a cage's sum
        sc = min(self.box - 1, int(inner_x // self.slot))
        sr = min(self.box - 1, int(inner_y // self.slot_height(cell)))
        digit = sr * self.box + sc + 1
        if not self.candidate_hit_rect(cell, digit).contains(x, y):
            return Hit(cell, None)  # between candidates: the cell alone
        return Hit(cell, digit)
