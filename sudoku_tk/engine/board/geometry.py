"""Board geometry: cells, units, peers and names for 4×4, 9×9 and 16×16 boards.

Tables are built once per box size and shared (``Geometry.of(3)``). Cells are
0-based ints, row-major; digits are 1-based ints. Every text a player sees names
a cell ``r1c1`` (row, column, 1-based) and a digit above 9 as a letter A–G.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Cell = int
Digit = int
Unit = int

DIGIT_CHARS = "123456789ABCDEFG"
SUPPORTED_BOXES = (2, 3, 4)


@dataclass(frozen=True, eq=False)
class Geometry:
    """Every fixed table of one board size; build it with ``Geometry.of(box)``.

    >>> g = Geometry.of(3)
    >>> g.side, g.ncells, len(g.units), len(g.peers[0])
    (9, 81, 27, 20)
    """

    box: int
    side: int = field(init=False)
    ncells: int = field(init=False)
    all_digits: int = field(init=False)
    """Bitmask with one bit per digit: bit ``d - 1`` stands for digit ``d``."""
    units: tuple[tuple[Cell, ...], ...] = field(init=False)
    """Rows first, then columns, then boxes (``3 * side`` units)."""
    unit_masks: tuple[int, ...] = field(init=False)
    cell_units: tuple[tuple[Unit, Unit, Unit], ...] = field(init=False)
    """For each cell: its row, column and box unit index."""
    peers: tuple[tuple[Cell, ...], ...] = field(init=False)
    peer_masks: tuple[int, ...] = field(init=False)
    """Peers of each cell as a cell bitmask (bit ``c`` for cell ``c``)."""

    def __post_init__(self) -> None:
        if self.box not in SUPPORTED_BOXES:
            raise ValueError(f"box size must be one of {SUPPORTED_BOXES}, not {self.box!r}")
        b = self.box
        n = b * b
        setattr_ = object.__setattr__
        setattr_(self, "side", n)
        setattr_(self, "ncells", n * n)
        setattr_(self, "all_digits", (1 << n) - 1)
        rows = [tuple(r * n + c for c in range(n)) for r in range(n)]
        cols = [tuple(r * n + c for r in range(n)) for c in range(n)]
        boxes = [
            tuple((br * b + r) * n + bc * b + c for r in range(b) for c in range(b))
            for br in range(b)
            for bc in range(b)
        ]
        units = tuple(rows + cols + boxes)
        setattr_(self, "units", units)
        setattr_(self, "unit_masks", tuple(_mask(u) for u in units))
        cell_units = []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            cell_units.append((r, n + c, 2 * n + (r // b) * b + c // b))
        setattr_(self, "cell_units", tuple(cell_units))
        peers = []
        for cell in range(n * n):
            ps: set[int] = set()
            for u in cell_units[cell]:
                ps.update(units[u])
            ps.discard(cell)
            peers.append(tuple(sorted(ps)))
        setattr_(self, "peers", tuple(peers))
        setattr_(self, "peer_masks", tuple(_mask(p) for p in peers))

    @staticmethod
    def of(box: int) -> Geometry:
        """Return the shared geometry for boxes of ``box``×``box`` cells."""
        return _geometry(box)

    @staticmethod
    def for_side(side: int) -> Geometry:
        """Return the geometry of a board ``side`` cells wide (4, 9 or 16)."""
        for b in SUPPORTED_BOXES:
            if b * b == side:
                return _geometry(b)
        raise ValueError(f"board side must be 4, 9 or 16, not {side!r}")

    @staticmethod
    def for_cell_count(ncells: int) -> Geometry:
        """Return the geometry of a board with ``ncells`` cells (16, 81 or 256)."""
        for b in SUPPORTED_BOXES:
            if b**4 == ncells:
                return _geometry(b)
        raise ValueError(f"a board has 16, 81 or 256 cells, not {ncells!r}")

    # -- coordinates -------------------------------------------------------
    def row(self, cell: Cell) -> int:
        return cell // self.side

    def col(self, cell: Cell) -> int:
        return cell % self.side

    def box_of(self, cell: Cell) -> int:
        """0-based box index of ``cell``."""
        return self.cell_units[cell][2] - 2 * self.side

    def sees(self, a: Cell, b: Cell) -> bool:
        """Is ``b`` a peer of ``a`` (same row, column or box, and not ``a``)?"""
        return bool(self.peer_masks[a] >> b & 1)

    # -- names -------------------------------------------------------------
    def cell_name(self, cell: Cell) -> str:
        """Name ``cell`` as a player reads it.

        >>> Geometry.of(3).cell_name(20)
        'r3c3'
        """
        r, c = divmod(cell, self.side)
        return f"r{r + 1}c{c + 1}"

    def parse_cell(self, text: str) -> Cell:
        """Read a name such as ``r3c5`` back into a cell.

        >>> Geometry.of(3).parse_cell("r3c3")
        20
        """
        t = text.strip().lower()
        if t.startswith("r") and "c" in t:
            rs, _, cs = t[1:].partition("c")
            if rs.isdigit() and cs.isdigit():
                r, c = int(rs), int(cs)
                if 1 <= r <= self.side and 1 <= c <= self.side:
                    return (r - 1) * self.side + c - 1
        raise ValueError(f"not a cell name on a {self.side}×{self.side} board: {text!r}")

    def unit_name(self, unit: Unit) -> str:
        """Name a unit: ``row 3``, ``column 5`` or ``box 2`` (all 1-based)."""
        kind, idx = divmod(unit, self.side)
        return ("row", "column", "box")[kind] + f" {idx + 1}"

    def unit_kind(self, unit: Unit) -> int:
        """0 for a row, 1 for a column, 2 for a box."""
        return unit // self.side

    def digit_char(self, digit: Digit) -> str:
        """The character that shows ``digit`` (``A`` for 10 … ``G`` for 16)."""
        return DIGIT_CHARS[digit - 1]

    def parse_digit(self, ch: str) -> Digit:
        """Read one digit character; raise ValueError if it is not a digit of this board."""
        d = DIGIT_CHARS.find(ch.upper()) + 1 if ch else 0
        if 1 <= d <= self.side:
            return d
        raise ValueError(f"not a digit on a {self.side}×{self.side} board: {ch!r}")

    def __repr__(self) -> str:
        return f"Geometry.of({self.box})"


def _mask(cells: tuple[Cell, ...] | list[Cell]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


@cache
def _geometry(box: int) -> Geometry:
    return Geometry(box)


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def digits_of(mask: int) -> list[Digit]:
    """Digits (1-based) whose bits are set in a candidate mask.

    >>> digits_of(0b101)
    [1, 3]
    """
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out
