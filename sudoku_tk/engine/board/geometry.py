"""Board geometry: cells, units (houses), peers and names for 4×4, 9×9 and 16×16 boards and their variants.

Tables are built once per board and shared (``Geometry.of(3)``). Cells are
0-based ints, row-major; digits are 1-based ints. Every text a player sees names
a cell ``r1c1`` (row, column, 1-based) and a digit above 9 as a letter A–G.

Houses are data. Units are numbered rows ``0..side-1``, columns ``side..2·side-1``,
regions ``2·side..3·side-1`` (the boxes, or a Jigsaw's irregular regions), then the
extra houses ``3·side..`` (Sudoku X's two diagonals, Windoku's four windows): every
unit holds each digit exactly once. ``cell_units[c]`` is (row, column, region,
*extra houses through c*), so a cell's region is always ``cell_units[c][2]``.
``Geometry.variant`` builds a variant's geometry (cached: the same arguments give
the same object); ``variant_geometry`` builds one by its name.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

Cell = int
Digit = int
Unit = int

DIGIT_CHARS = "123456789ABCDEFG"
SUPPORTED_BOXES = (2, 3, 4)

CLASSIC, SUDOKU_X, WINDOKU, JIGSAW, KILLER = "classic", "x", "windoku", "jigsaw", "killer"
VARIANTS = (CLASSIC, SUDOKU_X, WINDOKU, JIGSAW, KILLER)
"""The variants a geometry can describe. A Killer's cages are not houses (a cage of 3 cells holds 3 digits, not
all 9): they are groups whose digits differ and add up to a sum. The geometry keeps them as data (``cages``,
``cage_sums``, ``mate_masks``); their arithmetic is engine/killer/'s."""

ROW, COLUMN, REGION, EXTRA = 0, 1, 2, 3
"""What ``Geometry.unit_kind`` returns: a row, a column, a box (or Jigsaw region), an extra house."""


@dataclass(frozen=True, eq=False)
class Geometry:
    """Every fixed table of one board size; build it with ``Geometry.of(box)``.

    >>> g = Geometry.of(3)
    >>> g.side, g.ncells, len(g.units), len(g.peers[0])
    (9, 81, 27, 20)
    """

    box: int
    variant_name: str = CLASSIC
    """``classic``, ``x``, ``windoku`` or ``jigsaw`` (see ``VARIANTS``)."""
    region_of: tuple[int, ...] | None = None
    """A Jigsaw's region (0-based) of each cell; None for square boxes."""
    extra_houses: tuple[tuple[Cell, ...], ...] = ()
    """Houses beyond rows, columns and regions, each a full house of ``side`` cells."""
    extra_names: tuple[str, ...] = ()
    """How a player names each extra house (``the main diagonal``, ``window 2``)."""
    cages: tuple[tuple[Cell, ...], ...] = ()
    """A Killer's cages (cells sorted), whose digits differ and add up to ``cage_sums``; empty on other boards."""
    cage_sums: tuple[int, ...] = ()
    """Each cage's sum, in the order of ``cages``."""
    side: int = field(init=False)
    ncells: int = field(init=False)
    all_digits: int = field(init=False)
    """Bitmask with one bit per digit: bit ``d - 1`` stands for digit ``d``."""
    units: tuple[tuple[Cell, ...], ...] = field(init=False)
    """Rows first, then columns, then boxes or regions (``3 * side`` units), then the extra houses."""
    unit_masks: tuple[int, ...] = field(init=False)
    cell_units: tuple[tuple[Unit, ...], ...] = field(init=False)
    """For each cell: its row, column and region unit index, then the extra houses through it (if any)."""
    peers: tuple[tuple[Cell, ...], ...] = field(init=False)
    peer_masks: tuple[int, ...] = field(init=False)
    """Peers of each cell as a cell bitmask (bit ``c`` for cell ``c``)."""
    cage_of: tuple[int, ...] = field(init=False)
    """Each cell's cage (an index into ``cages``), -1 outside every cage (and on boards without cages)."""
    mates: tuple[tuple[Cell, ...], ...] = field(init=False)
    """The cells whose digit must differ from each cell's: its peers and, on a Killer, its cage mates. The play
    rules clear a placed digit from these; the techniques read ``peers`` (houses only)."""
    mate_masks: tuple[int, ...] = field(init=False)
    """``mates`` as cell bitmasks."""

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
        region_of = self.region_of
        if region_of is None:
            boxes = [
                tuple((br * b + r) * n + bc * b + c for r in range(b) for c in range(b))
                for br in range(b)
                for bc in range(b)
            ]
        else:
            problems = region_problems(region_of, n)
            if problems:
                raise ValueError(problems[0])
            boxes = [tuple(c for c in range(n * n) if region_of[c] == i) for i in range(n)]
        for house in self.extra_houses:
            if len(house) != n or len(set(house)) != n or not all(0 <= c < n * n for c in house):
                raise ValueError(f"an extra house must hold {n} different cells of the board, not {house!r}")
        if len(self.extra_names) != len(self.extra_houses):
            raise ValueError("every extra house needs a name")
        units = tuple(rows + cols + boxes) + tuple(tuple(sorted(h)) for h in self.extra_houses)
        setattr_(self, "units", units)
        setattr_(self, "unit_masks", tuple(_mask(u) for u in units))
        cell_units: list[tuple[Unit, ...]] = []
        for cell in range(n * n):
            r, c = divmod(cell, n)
            region = (r // b) * b + c // b if region_of is None else region_of[cell]
            extras = tuple(3 * n + i for i, h in enumerate(self.extra_houses) if cell in h)
            cell_units.append((r, n + c, 2 * n + region, *extras))
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
        self._set_cages()

    def _set_cages(self) -> None:
        n2 = self.ncells
        if len(self.cage_sums) != len(self.cages):
            raise ValueError("every cage needs a sum")
        cage_of = [-1] * n2
        for i, cage in enumerate(self.cages):
            if not cage or len(set(cage)) != len(cage) or len(cage) > self.side:
                raise ValueError(f"a cage holds 1 to {self.side} different cells, not {cage!r}")
            for c in cage:
                if not 0 <= c < n2 or cage_of[c] != -1:
                    raise ValueError(f"cell {c!r} is off the board or in two cages")
                cage_of[c] = i
        setattr_ = object.__setattr__
        setattr_(self, "cage_of", tuple(cage_of))
        if not self.cages:
            setattr_(self, "mates", self.peers)
            setattr_(self, "mate_masks", self.peer_masks)
            return
        masks = list(self.peer_masks)
        for cage in self.cages:
            m = _mask(cage)
            for c in cage:
                masks[c] |= m & ~(1 << c)
        setattr_(self, "mate_masks", tuple(masks))
        setattr_(self, "mates", tuple(tuple(bits(m)) for m in masks))

    @staticmethod
    def of(box: int) -> Geometry:
        """Return the shared geometry for boxes of ``box``×``box`` cells."""
        return _geometry(box)

    @staticmethod
    def variant(
        box: int,
        name: str,
        regions: tuple[int, ...] | None = None,
        extra_houses: tuple[tuple[Cell, ...], ...] = (),
        extra_names: tuple[str, ...] = (),
        cages: tuple[tuple[Cell, ...], ...] = (),
        cage_sums: tuple[int, ...] = (),
    ) -> Geometry:
        """The shared geometry of a variant: ``regions`` (each cell's region, 0-based) replace the boxes,
        ``extra_houses`` (named by ``extra_names``) are added after them, ``cages`` with their ``cage_sums`` make a
        Killer. The same arguments give the same object; none of them gives ``Geometry.of(box)`` itself.

        Raises:
            ValueError: an unknown name, a region map or an extra house that does not fit the board.
        """
        if name not in VARIANTS:
            raise ValueError(f"unknown variant {name!r}: one of {', '.join(VARIANTS)}")
        if regions is None and not extra_houses and not cages:
            return _geometry(box)
        return _variant(
            box,
            name,
            None if regions is None else tuple(regions),
            tuple(map(tuple, extra_houses)),
            tuple(extra_names),
            tuple(tuple(sorted(c)) for c in cages),
            tuple(cage_sums),
        )

    # -- variant questions -------------------------------------------------
    @property
    def is_classic(self) -> bool:
        """Rows, columns and square boxes only (no regions, no extra houses, no cages)."""
        return self.region_of is None and not self.extra_houses and not self.cages

    @property
    def square_boxes(self) -> bool:
        """Are the regions the square boxes (so band/stack arithmetic on ``box`` holds)? False on a Jigsaw."""
        return self.region_of is None

    @property
    def extra_units(self) -> range:
        """The unit indices of the extra houses (empty on the classic board)."""
        return range(3 * self.side, len(self.units))

    def cage_name(self, cage: int) -> str:
        """How a player finds a Killer cage: its sum, printed in its first cell ('the 17-cage at r1c1')."""
        return f"the {self.cage_sums[cage]}-cage at {self.cell_name(self.cages[cage][0])}"

    def region_name(self) -> str:
        """What a player calls a region here: ``box`` or (on a Jigsaw) ``region``."""
        return "box" if self.region_of is None else "region"

    def disconnected_regions(self) -> list[int]:
        """0-based regions whose cells are not joined side to side (the rules allow it; a player may want to know)."""
        n = self.side
        out = []
        for i in range(n):
            cells = set(self.units[2 * n + i])
            start = min(cells)
            seen, todo = {start}, [start]
            while todo:
                c = todo.pop()
                r, k = divmod(c, n)
                for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
                    nb = rr * n + kk
                    if 0 <= rr < n and 0 <= kk < n and nb in cells and nb not in seen:
                        seen.add(nb)
                        todo.append(nb)
            if seen != cells:
                out.append(i)
        return out

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
        """0-based box (or Jigsaw region) index of ``cell``."""
        return self.cell_units[cell][2] - 2 * self.side

    def sees(self, a: Cell, b: Cell) -> bool:
        """Is ``b`` a peer of ``a`` (same row, column, box or other house, and not ``a``)?"""
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
        """Name a unit: ``row 3``, ``column 5``, ``box 2`` (``region 2`` on a Jigsaw), or an extra house's name."""
        kind, idx = divmod(unit, self.side)
        if kind < 2:
            return ("row", "column")[kind] + f" {idx + 1}"
        if kind == 2:
            return f"{self.region_name()} {idx + 1}"
        return self.extra_names[unit - 3 * self.side]

    def unit_kind(self, unit: Unit) -> int:
        """``ROW`` (0), ``COLUMN`` (1), ``REGION`` (2: a box or a Jigsaw region) or ``EXTRA`` (3)."""
        return min(unit // self.side, EXTRA)

    def digit_char(self, digit: Digit) -> str:
        """The character that shows ``digit`` (``A`` for 10 … ``G`` for 16)."""
        return DIGIT_CHARS[digit - 1]

    def parse_digit(self, ch: str) -> Digit:
        """Read one digit character; raise ValueError if it is not a digit of this board."""
        d = DIGIT_CHARS.find(ch.upper()) + 1 if ch else 0
        if 1 <= d <= self.side:
            return d
        raise ValueError(f"not a digit on a {self.side}×{self.side} board: {ch!r}")

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Unpickled (from a worker process, say) as the shared geometry of the same board, never a copy."""
        if self.is_classic:
            return _geometry, (self.box,)
        return _variant, (
            self.box,
            self.variant_name,
            self.region_of,
            self.extra_houses,
            self.extra_names,
            self.cages,
            self.cage_sums,
        )

    def __repr__(self) -> str:
        if self.is_classic:
            return f"Geometry.of({self.box})"
        return f"Geometry.variant({self.box}, {self.variant_name!r})"


def _mask(cells: tuple[Cell, ...] | list[Cell]) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


@cache
def _geometry(box: int) -> Geometry:
    return Geometry(box)


@cache
def _variant(
    box: int,
    name: str,
    regions: tuple[int, ...] | None,
    extra_houses: tuple[tuple[Cell, ...], ...],
    extra_names: tuple[str, ...],
    cages: tuple[tuple[Cell, ...], ...] = (),
    cage_sums: tuple[int, ...] = (),
) -> Geometry:
    return Geometry(box, name, regions, extra_houses, extra_names, cages, cage_sums)


def region_problems(region_of: tuple[int, ...] | list[int], side: int) -> list[str]:
    """What is wrong with a region map (each cell's 0-based region) for a board ``side`` wide; empty when it fits.

    >>> region_problems([0] * 81, 9)[0]
    'region 1 has 81 cells, not 9'
    """
    if len(region_of) != side * side:
        return [f"a region map has {side * side} cells, not {len(region_of)}"]
    if any(not 0 <= r < side for r in region_of):
        return [f"regions are numbered 1..{side}"]
    sizes = [0] * side
    for r in region_of:
        sizes[r] += 1
    return [f"region {i + 1} has {k} cells, not {side}" for i, k in enumerate(sizes) if k != side]


def diagonals(box: int) -> tuple[tuple[Cell, ...], tuple[Cell, ...]]:
    """Sudoku X's two diagonals: r1c1 to r9c9 (↘), then r1c9 to r9c1 (↙)."""
    n = box * box
    return tuple(i * n + i for i in range(n)), tuple(i * n + n - 1 - i for i in range(n))


def windows(box: int) -> tuple[tuple[Cell, ...], ...]:
    """Windoku's windows: the ``box``×``box`` squares one cell in from each box's top-left corner, between the
    boxes' borders (four on 9×9: rows and columns 2–4 and 6–8)."""
    n = box * box
    starts = range(1, n - box + 1, box + 1)
    return tuple(tuple((r0 + r) * n + c0 + c for r in range(box) for c in range(box)) for r0 in starts for c0 in starts)


def variant_geometry(name: str, box: int = 3, regions: tuple[int, ...] | list[int] | None = None) -> Geometry:
    """The geometry of a named variant: ``classic``, ``x`` (two diagonals), ``windoku`` (four windows) or
    ``jigsaw`` (``regions`` gives each cell's 0-based region).

    >>> g = variant_geometry("x")
    >>> len(g.units), len(g.peers[0]), g.unit_name(27), g.unit_name(28)
    (29, 26, 'the main diagonal ↘', 'the anti-diagonal ↙')

    Raises:
        ValueError: an unknown name, a Jigsaw without a fitting region map, regions given to another variant.
    """
    if name not in VARIANTS:
        raise ValueError(f"unknown variant {name!r}: one of {', '.join(VARIANTS)}")
    if (regions is not None) != (name == JIGSAW):
        raise ValueError("a region map belongs to a Jigsaw, and a Jigsaw needs one")
    if name == SUDOKU_X:
        return Geometry.variant(box, name, None, diagonals(box), ("the main diagonal ↘", "the anti-diagonal ↙"))
    if name == WINDOKU:
        ws = windows(box)
        return Geometry.variant(box, name, None, ws, tuple(f"window {i + 1}" for i in range(len(ws))))
    if name == KILLER:
        raise ValueError("a Killer's geometry comes with its cages: killer_geometry(cages, sums)")
    if name == JIGSAW:
        assert regions is not None
        problems = region_problems(list(regions), box * box)
        if problems:
            raise ValueError(problems[0])
        return Geometry.variant(box, name, tuple(regions))
    return Geometry.of(box)


def killer_geometry(cages: tuple[tuple[Cell, ...], ...], sums: tuple[int, ...]) -> Geometry:
    """The 9×9 board of a Killer with these ``cages`` (cells) and their ``sums`` (shared, like every geometry).

    >>> g = killer_geometry(((0, 1), (2,)), (17, 5))
    >>> g.cage_of[:4], g.sees(0, 1), 1 in g.mates[0], g.is_classic
    ((0, 0, 1, -1), True, True, False)

    Raises:
        ValueError: a cage off the board, a cell in two cages, a cage without a sum (the sums' arithmetic is
            checked by engine/killer/).
    """
    return Geometry.variant(3, KILLER, cages=cages, cage_sums=sums)


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
