"""Bit-parallel rounds for the brute-force search (brute_force.py): singles, locked candidates, two-way choices.

A board is two ints of ``side × cells`` bits, digit-major (bit ``d * cells + cell`` stands for digit ``d + 1`` in
``cell``): ``free``, the candidates of the empty cells, and ``placed``, the digits decided. Placing a digit is one
AND with a precomputed mask (``Tables.kill``). Everything else here works on every unit and digit at once, without
a loop over units: shifting the board and combining the copies with ``|`` and ``&`` counts, per unit and digit,
whether it has one place, two or more (and per cell, one digit or more). A row's start bit sees the row after
shifts by 1 … side-1, a column's after shifts by side, 2·side, …; boxes, rows and columns share a first stage (a
box-wide run of cells). So a round costs a few dozen big-int operations whatever the number of cells, which is
what makes the search fast in pure Python. Each board size gets its rounds compiled once from templates (the
shifts and masks written in as literals: a loop over them costs about a tenth more).

The compiled functions, per board size:

- ``propagate(free, placed, kill)``: naked and hidden singles to a fixpoint; the new (free, placed), or None on
  a contradiction (a cell with no digit, a digit with no place in a unit, two placements that clash);
- ``locked(free)``: one pass of locked candidates (a digit confined to one row or column of a box leaves the rest
  of that line; confined to one box within a line, it leaves the rest of the box);
- ``choices(free)``: where the board offers exactly two ways: the cells with two candidates (as bits of digit 1's
  plane) and the rows, columns and boxes where a digit has two places (as the bit of the unit's first cell in
  the digit's plane).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..board.geometry import Geometry

Board = tuple[int, int]
"""(free, placed): the candidates of the empty cells and the digits decided, as digit-major bitboards."""


class Tables:
    """Masks and compiled rounds for one board size (``box`` × ``box`` boxes); build with ``tables(box)``.

    A variant's board (``geometry`` with extra houses or irregular regions) gets its ``kill`` masks from the
    geometry's peers, and its ``propagate`` adds, after the compiled rows, columns (and square boxes) round, hidden
    singles and empty houses over the houses the shifts cannot see (a loop over houses and digits, see
    ``_house_propagate``); ``tables_for(geometry)`` builds them.
    """

    def __init__(self, box: int, geometry: Geometry | None = None) -> None:
        side = box * box
        cells = side * side
        self.box, self.side, self.cells = box, side, cells
        self.cell_mask = (1 << cells) - 1
        square = geometry is None or geometry.square_boxes
        self.by_digit = box >= 4 and square
        """Does the search also reason and branch on a digit's places (locked candidates, two places in a unit)?
        On 16×16 that keeps sparse puzzles fast; on 9×9 it costs more than it saves (measured: see
        benchmarks/sparse16.py and ``python -m sudoku_tk.bench --only solve``)."""
        self.digit_column = sum(1 << (d * cells) for d in range(side))
        """The bits of cell 0 for every digit: shifted by ``cell``, that cell's candidates."""
        self.row0 = (1 << side) - 1
        self.col0 = sum(1 << (r * side) for r in range(side))
        self.box0 = sum(1 << (r * side + c) for r in range(box) for c in range(box))
        """Row 1, column 1 and box 1 of one digit: times a unit's start bit, that unit of that digit."""
        rows = [self.row0 << (r * side) for r in range(side)]
        cols = [self.col0 << c for c in range(side)]
        boxes = [self.box0 << (br * side + bc) for br in range(0, side, box) for bc in range(0, side, box)]
        self.units = rows + cols + boxes
        """Every row, column and box as the cells of one digit's plane."""
        row_of = [rows[cell // side] for cell in range(cells)]
        col_of = [cols[cell % side] for cell in range(cells)]
        box_of = [boxes[(cell // side // box) * box + cell % side // box] for cell in range(cells)]
        everything = (1 << (side * cells)) - 1
        seen = [row_of[c] | col_of[c] | box_of[c] for c in range(cells)]
        if geometry is not None:
            seen = [m | 1 << c for c, m in enumerate(geometry.peer_masks)]
            self.units = [geometry.unit_masks[u] for u in range(len(geometry.units))]
        self.kill = [
            everything & ~((seen[c] << (d * cells)) | (self.digit_column << c))
            for d in range(side)
            for c in range(cells)
        ]
        """kill[d * cells + c]: AND it in to place digit d+1 in c (the digit leaves the peers, the cell empties)."""
        self.spread = [0] * (1 << side) if side <= 9 else []
        """spread[mask]: a cell-0 candidate mask as bitboard bits (a table for the small sizes only)."""
        for m in range(1, len(self.spread)):
            low = m & -m
            self.spread[m] = self.spread[m ^ low] | 1 << ((low.bit_length() - 1) * cells)
        namespace: dict[str, object] = {}
        exec(compile(round_source(box, square), f"<bitboard rounds {side}x{side}>", "exec"), namespace)
        self.propagate: Callable[[int, int, list[int]], Board | None] = namespace["propagate"]  # type: ignore[assignment]
        if geometry is not None:
            n = side
            others = [geometry.unit_masks[u] for u in range(2 * n if square else 3 * n, 3 * n)]
            others += [geometry.unit_masks[u] for u in geometry.extra_units]
            self.propagate = _house_propagate(self.propagate, others, side, cells)
        self.locked: Callable[[int], int] = namespace["locked"]  # type: ignore[assignment]
        self.bivalue: Callable[[int], int] = namespace["bivalue"]  # type: ignore[assignment]
        self.bilocal: Callable[[int], tuple[int, int, int]] = namespace["bilocal"]  # type: ignore[assignment]


_TABLES: dict[int, Tables] = {}
_VARIANT_TABLES: dict[Geometry, Tables] = {}


def tables(box: int) -> Tables:
    """The tables of one board size, built on first use and shared."""
    found = _TABLES.get(box)
    if found is None:
        found = _TABLES[box] = Tables(box)
    return found


def tables_for(geometry: Geometry) -> Tables:
    """The tables of a board's geometry: the classic size's shared ones, or a variant's (built once per geometry)."""
    if geometry.is_classic:
        return tables(geometry.box)
    found = _VARIANT_TABLES.get(geometry)
    if found is None:
        found = _VARIANT_TABLES[geometry] = Tables(geometry.box, geometry)
    return found


def _house_propagate(
    base: Callable[[int, int, list[int]], Board | None], houses: Sequence[int], side: int, cells: int
) -> Callable[[int, int, list[int]], Board | None]:
    """``base`` (the compiled round) followed by hidden singles in ``houses`` (cell masks of one digit's plane),
    to a fixpoint. A digit without a place left in a house where it is not placed is a contradiction.

    Placements come from ``KILL``, built from the geometry's peers, so they clear every house; here only the
    houses the compiled shifts do not see are looked at, house by house and digit by digit.
    """
    cell_mask = (1 << cells) - 1
    planes = [d * cells for d in range(side)]

    def propagate(F: int, P: int, KILL: list[int]) -> Board | None:
        while True:
            done = base(F, P, KILL)
            if done is None:
                return None
            F, P = done
            if not F:
                return F, P
            new = 0
            for shift in planes:
                plane = (F >> shift) & cell_mask
                placed = (P >> shift) & cell_mask
                for house in houses:
                    x = plane & house
                    if not x:
                        if not placed & house:
                            return None
                    elif not x & (x - 1):
                        new |= x << shift
            if not new:
                return F, P
            P |= new
            while new:
                low = new & -new
                new ^= low
                if not F & low:
                    return None
                F &= KILL[low.bit_length() - 1]

    return propagate


def round_source(box: int, boxes: bool = True) -> str:
    """The Python source of ``propagate``, ``locked`` and ``choices`` (see the module docstring) for one size.

    ``boxes=False`` leaves the square boxes out of ``propagate`` (a Jigsaw's regions are other houses).
    """
    side = box * box
    cells = side * side

    def lay(mask: int) -> str:
        """``mask`` (one digit's cells) copied to every digit, as a hex literal (a decimal one of a 16×16 mask
        would pass Python's limit on int-to-str digits)."""
        return hex(sum(mask << (d * cells) for d in range(side)))

    def at(pairs: list[tuple[int, int]]) -> int:
        return sum(1 << (r * side + c) for r, c in pairs)

    steps = range(side)
    row_starts = lay(at([(r, 0) for r in steps]))
    col_starts = lay(at([(0, c) for c in steps]))
    box_starts = lay(at([(r, c) for r in range(0, side, box) for c in range(0, side, box)]))
    row_segments = lay(at([(r, c) for r in steps for c in range(0, side, box)]))
    col_segments = lay(at([(r, c) for r in range(0, side, box) for c in steps]))
    row0 = hex((1 << side) - 1)
    col0 = hex(at([(r, 0) for r in steps]))
    box0 = hex(at([(r, c) for r in range(box) for c in range(box)]))
    row_segment0 = hex((1 << box) - 1)
    col_segment0 = hex(at([(r, 0) for r in range(box)]))
    along_row = hex(at([(0, c) for c in range(0, side, box)]))
    along_col = hex(at([(r, 0) for r in range(0, side, box)]))
    digit0 = hex(sum(1 << (d * cells) for d in range(side)))
    cell_mask = hex((1 << cells) - 1)
    across = range(1, box)

    def first(src: str, once: str, twice: str, step: int) -> list[str]:
        """once/twice of ``src`` and its copies shifted by step, 2·step, … (box-1)·step."""
        out = [f"x = {src} >> {step}", f"{twice} = {src} & x", f"{once} = {src} | x"]
        for k in across[1:]:
            out += [f"x = {src} >> {k * step}", f"{twice} |= {once} & x", f"{once} |= x"]
        return out

    def then(once: str, twice: str, src_once: str, src_twice: str, step: int) -> list[str]:
        """Combine a first stage's (once, twice) with its copies shifted by step, 2·step, …"""
        out = [f"{once}, {twice} = {src_once}, {src_twice}"]
        for k in across:
            s = k * step
            out += [f"x = {src_once} >> {s}", f"{twice} |= ({src_twice} >> {s}) | ({once} & x)", f"{once} |= x"]
        return out

    def any_of(src: str, out: str, step: int) -> list[str]:
        """``out``: ``src`` or any of its copies shifted by step, 2·step, … (box-1)·step."""
        return [f"{out} = {src}"] + [f"{out} |= {src} >> {k * step}" for k in across]

    def first3(src: str, names: tuple[str, str, str], step: int) -> list[str]:
        """Counts of ``src`` and its shifted copies that stop at three: once, twice, thrice (box-wide runs)."""
        o, t, h = names
        out = [f"x = {src} >> {step}", f"{t} = {src} & x", f"{o} = {src} | x", f"{h} = 0"]
        for k in across[1:]:
            out += [f"x = {src} >> {k * step}", f"{h} |= {t} & x", f"{t} |= {o} & x", f"{o} |= x"]
        return out

    def then3(names: tuple[str, str, str], src: tuple[str, str, str], step: int) -> list[str]:
        """Combine the counts ``src`` with their copies shifted by step, 2·step, … (counts that stop at three)."""
        o, t, h = names
        so, st, sh = src
        out = [f"{o}, {t}, {h} = {so}, {st}, {sh}"]
        for k in across:
            s = k * step
            out += [
                f"xo = {so} >> {s}",
                f"xt = {st} >> {s}",
                f"{h} |= ({sh} >> {s}) | ({t} & xo) | ({o} & xt)",
                f"{t} |= xt | ({o} & xo)",
                f"{o} |= xo",
            ]
        return out

    naked = first("F", "do", "dt", cells) + then("go", "gt", "do", "dt", box * cells)
    units = (
        first("F", "ho", "ht", 1)
        + then("ro", "rt", "ho", "ht", box)
        + first("F", "vo", "vt", side)
        + then("co", "ct", "vo", "vt", box * side)
        + (then("bo", "bt", "vo", "vt", 1) if boxes else [])
    )
    lines = ["def propagate(F, P, KILL):", "    while True:"]
    lines += ["        " + ln for ln in naked]
    lines += [
        f"        left = {cells} - P.bit_count()",
        "        if not left:",
        "            return 0, P",
        f"        if (go & {cell_mask}).bit_count() != left:",
        "            return None",
        f"        new = F & ((go & ~gt & {cell_mask}) * {digit0})",
        "        if not new:",
    ]
    lines += ["            " + ln for ln in units]
    lines += [
        f"            if ((ro & {row_starts}).bit_count() != left or (co & {col_starts}).bit_count() != left"
        + (f" or (bo & {box_starts}).bit_count() != left):" if boxes else "):"),
        "                return None",
        f"            new = F & ((ro & ~rt & {row_starts}) * {row0} | (co & ~ct & {col_starts}) * {col0}"
        + (f" | (bo & ~bt & {box_starts}) * {box0})" if boxes else ")"),
        "            if not new:",
        "                return F, P",
        "        P |= new",
        "        while new:",
        "            low = new & -new",
        "            new ^= low",
        "            if not F & low:",
        "                return None",
        "            F &= KILL[low.bit_length() - 1]",
        "",
    ]

    # Locked candidates. A row segment is the run of a row inside one box (its start bit stands for it); a box
    # whose digit has one row segment left points along that row, and a row whose digit has one segment left
    # claims it for the box. Every elimination comes from the same snapshot of F, so each one is sound alone;
    # two boxes pointing along one line (or two lines claiming one box) take the digit from all of it.
    def drop(marks: str, gather: int, starts: str, unit0: str, segment0: str) -> list[str]:
        """``d``: the cells the marked segments take their digit from (their unit, less each one's own segment)."""
        out = first(marks, "mo", "mt", gather)
        return out + [f"d |= (mo & {starts}) * {unit0} & ~({marks} * {segment0}) | (mt & {starts}) * {unit0}"]

    lines += ["def locked(F):", "    d = 0"]
    lines += ["    " + ln for ln in any_of("F", "a", 1)]
    lines += [f"    S = a & {row_segments}"]
    lines += ["    " + ln for ln in first("S", "o", "t", side)]
    lines += [f"    pointing = S & ((o & ~t & {box_starts}) * {col_segment0})"]
    lines += ["    " + ln for ln in drop("pointing", box, row_starts, row0, row_segment0)]
    lines += ["    " + ln for ln in first("S", "o", "t", box)]
    lines += [f"    claiming = S & ((o & ~t & {row_starts}) * {along_row})"]
    lines += ["    " + ln for ln in drop("claiming", side, box_starts, box0, row_segment0)]
    lines += ["    " + ln for ln in any_of("F", "a", side)]
    lines += [f"    S = a & {col_segments}"]
    lines += ["    " + ln for ln in first("S", "o", "t", 1)]
    lines += [f"    pointing = S & ((o & ~t & {box_starts}) * {row_segment0})"]
    lines += ["    " + ln for ln in drop("pointing", box * side, col_starts, col0, col_segment0)]
    lines += ["    " + ln for ln in first("S", "o", "t", box * side)]
    lines += [f"    claiming = S & ((o & ~t & {col_starts}) * {along_col})"]
    lines += ["    " + ln for ln in drop("claiming", 1, box_starts, box0, col_segment0)]
    lines += ["    return F & ~d", ""]

    # Two-way choices: counts that stop at three, per cell over the digits and per unit and digit over the cells.
    lines += ["def bivalue(F):"]
    lines += ["    " + ln for ln in first3("F", ("do", "dt", "dh"), cells)]
    lines += ["    " + ln for ln in then3(("go", "gt", "gh"), ("do", "dt", "dh"), box * cells)]
    lines += [f"    return gt & ~gh & {cell_mask}", ""]
    lines += ["def bilocal(F):"]
    lines += ["    " + ln for ln in first3("F", ("ho", "ht", "hh"), 1)]
    lines += ["    " + ln for ln in then3(("ro", "rt", "rh"), ("ho", "ht", "hh"), box)]
    lines += ["    " + ln for ln in then3(("bo", "bt", "bh"), ("ho", "ht", "hh"), side)]
    lines += ["    " + ln for ln in first3("F", ("vo", "vt", "vh"), side)]
    lines += ["    " + ln for ln in then3(("co", "ct", "ch"), ("vo", "vt", "vh"), box * side)]
    lines += [f"    return rt & ~rh & {row_starts}, ct & ~ch & {col_starts}, bt & ~bh & {box_starts}", ""]
    return "\n".join(lines)


__all__ = ["Board", "Tables", "round_source", "tables", "tables_for"]
