"""What the reader made of a picture: a value and a confidence per cell, the grid's corners; no numpy here.

The window and the command line hold a ``GridReading`` without loading the reader (numpy, the classifier):
this module needs only the standard library. A cell is ``unsure`` when its confidence is below ``UNSURE``;
the check screen marks those, and ``--json`` gives every confidence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sudoku_tk.engine.board.geometry import DIGIT_CHARS

UNSURE = 0.9
"""Cells read with less confidence than this are marked for the player to check."""

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class CellReading:
    """One cell as read: its digit (0 empty), how sure the reader is (0 … 1), and what else it saw there."""

    value: int
    confidence: float
    marks: frozenset[int] = frozenset()
    """Pencil marks read in an empty cell (their digits)."""
    left_out: int = 0
    """A digit seen but not taken as a given (handwritten, or in another colour than the givens); 0: none."""
    alternatives: tuple[int, ...] = ()
    """The values the reader thought next likeliest, likeliest first (the puzzle check tries them first)."""


@dataclass(frozen=True)
class GridReading:
    """A grid read from a picture."""

    side: int
    cells: tuple[CellReading, ...]
    corners: tuple[Point, ...]
    """The grid's corners in the picture (pixels, after EXIF turning): top-left, top-right, bottom-right,
    bottom-left, as the board is read (a picture turned on its side has them turned too)."""
    picture_size: tuple[int, int]
    turned: int = 0
    """Quarter turns (counter-clockwise) the straightened grid needed to stand upright."""
    notes: tuple[str, ...] = field(default=())
    """Sentences for the player about the reading (left-out handwriting, pencil marks, a turned picture)."""

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(c.value for c in self.cells)

    @property
    def confidences(self) -> tuple[float, ...]:
        return tuple(c.confidence for c in self.cells)

    def unsure(self, threshold: float = UNSURE) -> list[int]:
        """The cells read with less than ``threshold`` confidence."""
        return [i for i, c in enumerate(self.cells) if c.confidence < threshold]

    def marks(self) -> dict[int, frozenset[int]]:
        """The pencil marks read, by cell."""
        return {i: c.marks for i, c in enumerate(self.cells) if c.marks}

    def to_line(self) -> str:
        """The givens as one line: a character per cell, ``.`` for empty (A–G above 9 on 16×16 boards).

        >>> GridReading(4, tuple(CellReading(v, 1.0) for v in [1, 0, 0, 2] * 4), (), (0, 0)).to_line()
        '1..21..21..21..2'
        """
        return "".join(DIGIT_CHARS[c.value - 1] if c.value else "." for c in self.cells)

    def to_json(self) -> dict[str, object]:
        """The reading as JSON-ready data: the line, each cell's value and confidence, the corners."""
        out: dict[str, object] = {
            "size": self.side,
            "puzzle": self.to_line(),
            "confidence": [round(c.confidence, 3) for c in self.cells],
            "unsure": self.unsure(),
            "corners": [[round(x, 1), round(y, 1)] for x, y in self.corners],
            "picture_size": list(self.picture_size),
            "turned": self.turned * 90,
        }
        marks = {str(i): sorted(m) for i, m in self.marks().items()}
        if marks:
            out["pencil_marks"] = marks
        left = {str(i): c.left_out for i, c in enumerate(self.cells) if c.left_out}
        if left:
            out["left_out"] = left
        if self.notes:
            out["notes"] = list(self.notes)
        return out

    def with_values(self, values: list[int], confidence: float | None = 1.0) -> GridReading:
        """The reading with the values changed where they differ (a changed cell gets ``confidence``)."""
        cells = tuple(
            c if c.value == v else CellReading(v, c.confidence if confidence is None else confidence)
            for c, v in zip(self.cells, values)
        )
        return GridReading(self.side, cells, self.corners, self.picture_size, self.turned, self.notes)
