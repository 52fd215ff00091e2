"""What a variant adds to a board's drawing, as pixel math both the canvas and the pictures draw: no Pillow, no Tk.

- Extra houses (Sudoku X's diagonals, Windoku's windows) are **shaded** cells.
- Jigsaw's irregular **regions** take the boxes' place: thin lines everywhere, heavy lines where two neighbouring
  cells lie in different regions (``region_borders``).
- Killer's **cages** are dashed outlines drawn just inside their cells (``cage_outline``), with the cage's sum in
  the top-left corner of its first cell (``label_cell``). That corner is where candidate 1 sits, so the layout
  squeezes the mini-grid of those cells below the sum (``CellGeometry.label_cells``): a sum never hides a candidate.
- A hint's house that is not a rectangle (a diagonal, a Jigsaw region, a cage) is shaded cell by cell and outlined
  along its own edge (``outline_segments``), never by the rectangle round it.

A ``VariantMarks`` is a plain value; the window and the pictures get it from the game's geometry and cages.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Cell, Geometry

from .layout import CellGeometry

Segment = tuple[float, float, float, float]
"""A straight line from (x0, y0) to (x1, y1) in pixels."""


@dataclass(frozen=True, slots=True)
class CageMark:
    """A Killer cage as drawn: its cells and the sum written in its corner."""

    cells: tuple[Cell, ...]
    total: int


@dataclass(frozen=True, slots=True)
class VariantMarks:
    """Everything a variant draws beyond the classic board (all empty for a classic puzzle)."""

    shaded: frozenset[Cell] = frozenset()
    """Cells of the extra houses (diagonals, windows), drawn on a tinted background."""
    regions: tuple[int, ...] | None = None
    """Jigsaw: each cell's region number, drawn with heavy borders in place of the boxes; None keeps the boxes."""
    cages: tuple[CageMark, ...] = ()

    @property
    def label_cells(self) -> frozenset[Cell]:
        """The cells that carry a cage's sum (the layout squeezes their candidates below it)."""
        return frozenset(label_cell(cage.cells) for cage in self.cages if cage.cells)

    def __bool__(self) -> bool:
        return bool(self.shaded or self.regions is not None or self.cages)


NO_VARIANT_MARKS = VariantMarks()


def marks_of(geometry: Geometry) -> VariantMarks:
    """What ``geometry``'s variant draws: its extra houses shaded, a Jigsaw's regions, a Killer's cages (nothing on a
    classic board)."""
    if geometry.is_classic:
        return NO_VARIANT_MARKS
    shaded = frozenset(cell for house in geometry.extra_houses for cell in house)
    cages = tuple(CageMark(cells, total) for cells, total in zip(geometry.cages, geometry.cage_sums))
    return VariantMarks(shaded=shaded, regions=geometry.region_of, cages=cages)


def label_cell(cells: Iterable[Cell]) -> Cell:
    """The cell a cage's sum is written in: its top row, leftmost (the lowest cell number, cells being row-major)."""
    return min(cells)


def region_borders(geo: CellGeometry, regions: Sequence[int]) -> list[Segment]:
    """The inner edges between neighbouring cells of different regions, joined into runs along each grid line."""
    side, cell = geo.side, geo.cell
    x0, y0 = geo.x0, geo.y0
    out: list[Segment] = []
    for i in range(1, side):
        # Vertical line i (between columns i-1 and i), then horizontal line i (between rows i-1 and i).
        for vertical in (True, False):
            start: int | None = None
            for j in range(side + 1):
                differs = False
                if j < side:
                    a, b = (j * side + i - 1, j * side + i) if vertical else ((i - 1) * side + j, i * side + j)
                    differs = regions[a] != regions[b]
                if differs and start is None:
                    start = j
                elif not differs and start is not None:
                    p = i * cell
                    if vertical:
                        out.append((x0 + p, y0 + start * cell, x0 + p, y0 + j * cell))
                    else:
                        out.append((x0 + start * cell, y0 + p, x0 + j * cell, y0 + p))
                    start = None
    return out


def cage_outline(geo: CellGeometry, cells: Iterable[Cell]) -> list[Segment]:
    """The dashed outline of a cage, ``CellGeometry.cage_inset`` inside its cells, as straight segments."""
    return outline_segments(geo, cells, geo.cage_inset)


def is_rectangle(geo: CellGeometry, cells: Sequence[Cell]) -> bool:
    """Do ``cells`` fill a rectangle of the board exactly (a row, a column, a box, a window)?"""
    rows = {c // geo.side for c in cells}
    cols = {c % geo.side for c in cells}
    return (
        len(set(cells)) == len(rows) * len(cols)
        and max(rows) - min(rows) + 1 == len(rows)
        and max(cols) - min(cols) + 1 == len(cols)
    )


def outline_segments(geo: CellGeometry, cells: Iterable[Cell], inset: float) -> list[Segment]:
    """The outline of a set of cells of any shape, ``inset`` pixels inside it, as straight segments.

    Each side of a cell that borders a cell outside the set gives one segment. At each end it stops short by the
    inset where the outline turns outwards round the cell (a convex corner), runs to the cell's edge where the
    outline goes straight on, and reaches past the edge by the inset where the outline turns inwards (a concave
    corner), so the segments of neighbouring cells meet exactly. Cells that touch only at a corner (a diagonal)
    are outlined each on its own.
    """
    side, size = geo.side, geo.cell
    d = inset
    inside = set(cells)

    def has(r: int, c: int) -> bool:
        return 0 <= r < side and 0 <= c < side and r * side + c in inside

    def end(r: int, c: int, along: tuple[int, int], out: tuple[int, int]) -> float:
        """Offset of a segment's end beyond the cell's edge in direction ``along``, for a side facing ``out``."""
        nr, nc = r + along[0], c + along[1]
        if not has(nr, nc):
            return -d  # convex: the outline turns round this cell
        if has(nr + out[0], nc + out[1]):
            return d  # concave: meets the neighbouring cell's side
        return 0.0  # straight on into the neighbour's same side

    segments: list[Segment] = []
    for cell in sorted(inside):
        r, c = divmod(cell, side)
        left, top = geo.x0 + c * size, geo.y0 + r * size
        right, bottom = left + size, top + size
        if not has(r - 1, c):  # top side, left to right
            segments.append((left - end(r, c, (0, -1), (-1, 0)), top + d, right + end(r, c, (0, 1), (-1, 0)), top + d))
        if not has(r + 1, c):  # bottom side
            segments.append(
                (left - end(r, c, (0, -1), (1, 0)), bottom - d, right + end(r, c, (0, 1), (1, 0)), bottom - d)
            )
        if not has(r, c - 1):  # left side, top to bottom
            segments.append(
                (left + d, top - end(r, c, (-1, 0), (0, -1)), left + d, bottom + end(r, c, (1, 0), (0, -1)))
            )
        if not has(r, c + 1):  # right side
            segments.append(
                (right - d, top - end(r, c, (-1, 0), (0, 1)), right - d, bottom + end(r, c, (1, 0), (0, 1)))
            )
    return segments


def label_point(geo: CellGeometry, cell: Cell) -> tuple[float, float]:
    """Where a cage sum's ink starts in ``cell``: its left end and its vertical middle (Tk's anchor "w"), in the
    cell's top band (``CellGeometry.label_band``), just inside the cage's outline, above the squeezed candidates."""
    rect = geo.cell_rect(cell)
    d = geo.cage_inset
    return (rect.x0 + d + max(1.0, geo.cell * 0.03), rect.y0 + d + geo.label_px / 2)
