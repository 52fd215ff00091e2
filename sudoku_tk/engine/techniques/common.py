"""Shared, cached precomputation for the technique finders: who can hold which digit where.

Every finder starts from the same questions (which cells of a unit still hold digit
d? which rows of column c? which cells are bivalue?), so ``index_of(grid)`` answers
them once per grid and keeps the last few answers. Everything is an int bitmask:
cell masks have bit ``c`` for cell ``c``; digit masks bit ``d - 1`` for digit ``d``;
line masks bit ``i`` for the i-th cell across a line.

The helpers at the bottom build the sorted, duplicate-free effect tuples every Step
needs, so all families order their effects the same way.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from typing import TypeVar

from ..board.geometry import Cell, Digit, Geometry, Unit, bits
from ..board.grid import Grid
from ..steps.step import Elimination, Highlight, HighlightRole, Placement, Step

Candidate = tuple[Cell, Digit]


class CandidateIndex:
    """Per-digit and per-line views of one grid's candidates, built once (use ``index_of``).

    Attributes (read-only by agreement):
        grid, geometry, side, values, candidates: as in the Grid.
        digit_cells: ``digit_cells[d]`` is the cell mask of the empty cells holding candidate ``d``
            (index 0 is unused and 0).
        empty: cell mask of the empty cells.
        bivalue: cell mask of the cells with exactly two candidates.
    """

    __slots__ = (
        "grid",
        "geometry",
        "side",
        "values",
        "candidates",
        "digit_cells",
        "empty",
        "bivalue",
        "_lines",
    )

    def __init__(self, grid: Grid) -> None:
        geo = grid.geometry
        n = geo.side
        self.grid = grid
        self.geometry = geo
        self.side = n
        self.values = grid.values
        self.candidates = grid.candidates
        per_digit = [0] * (n + 1)
        empty = bivalue = 0
        for cell, m in enumerate(grid.candidates):
            if not m:
                continue
            bit = 1 << cell
            empty |= bit
            if m.bit_count() == 2:
                bivalue |= bit
            while m:
                low = m & -m
                per_digit[low.bit_length()] |= bit
                m ^= low
        self.digit_cells: tuple[int, ...] = tuple(per_digit)
        self.empty = empty
        self.bivalue = bivalue
        self._lines: dict[Digit, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def unit_cells(self, unit: int, digit: Digit) -> int:
        """Cell mask of the cells of ``unit`` that still hold ``digit``."""
        return self.digit_cells[digit] & self.geometry.unit_masks[unit]

    def line_positions(self, digit: Digit) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For ``digit``: (per row, a mask of the columns holding it; per column, a mask of the rows).

        Bit ``i`` of ``rows[r]`` means r{r+1}c{i+1} holds the digit. Used by fish and single-digit patterns.
        """
        got = self._lines.get(digit)
        if got is None:
            n = self.side
            rows = [0] * n
            cols = [0] * n
            for cell in bits(self.digit_cells[digit]):
                r, c = divmod(cell, n)
                rows[r] |= 1 << c
                cols[c] |= 1 << r
            got = (tuple(rows), tuple(cols))
            self._lines[digit] = got
        return got

    def digits_in(self, cells_mask: int) -> int:
        """Digit mask: union of the candidates of the cells in ``cells_mask``."""
        m = 0
        cands = self.candidates
        for cell in bits(cells_mask):
            m |= cands[cell]
        return m


X = TypeVar("X")


def per_grid(size: int) -> Callable[[Callable[[Grid], X]], Callable[[Grid], X]]:
    """Decorator: keep a builder's results for the last ``size`` grids, keyed by the grid object itself.

    The finders of one position ask in turn with the same Grid, so what they share is built once. Keeping a
    reference to the grid in the cache means an ``id`` is never reused while its entry lives, so an identity
    check is enough and costs nothing.
    """

    def wrap(build: Callable[[Grid], X]) -> Callable[[Grid], X]:
        cache: list[tuple[Grid, X]] = []

        def cached(grid: Grid) -> X:
            for g, got in cache:
                if g is grid:
                    return got
            got = build(grid)
            cache.insert(0, (grid, got))
            del cache[size:]
            return got

        cached.__name__ = build.__name__
        cached.__doc__ = build.__doc__
        return cached

    return wrap


@per_grid(8)
def index_of(grid: Grid) -> CandidateIndex:
    """The CandidateIndex of ``grid`` (built once per grid: see ``per_grid``)."""
    return CandidateIndex(grid)


def index_9x9(grid: Grid) -> CandidateIndex | None:
    """The CandidateIndex of a 9×9 grid; None on other sizes (for the techniques defined on 9×9 only)."""
    return index_of(grid) if grid.geometry.side == 9 else None


# -- what every finder starts and ends with -----------------------------------------------------------------

Finder = Callable[[Grid], Iterator[Step]]


def only_9x9(find: Finder) -> Finder:
    """Decorator: a finder of a technique defined on 9×9 boards only; on other sizes it finds nothing."""

    @functools.wraps(find)
    def finder(grid: Grid) -> Iterator[Step]:
        return find(grid) if grid.geometry.side == 9 else iter(())

    return finder


class Once:
    """The keys a finder has reported, so that each (a set of eliminations, a pattern) is reported once.

    >>> once = Once()
    >>> once.first((5, 3)), once.first((5, 3))
    (True, False)
    """

    __slots__ = ("_seen",)

    def __init__(self) -> None:
        self._seen: set[Hashable] = set()

    def first(self, key: Hashable) -> bool:
        """True the first time ``key`` is offered (and from then on it is known); False after."""
        if key in self._seen:
            return False
        self._seen.add(key)
        return True

    def add(self, key: Hashable) -> None:
        """Know ``key`` from now on (when the check and the report are apart)."""
        self._seen.add(key)

    def __contains__(self, key: object) -> bool:
        return key in self._seen


# -- cell-mask helpers -------------------------------------------------------


def cell_mask(cells: Iterable[Cell]) -> int:
    """Cell mask of ``cells``."""
    m = 0
    for c in cells:
        m |= 1 << c
    return m


def seen_by_all(geometry: Geometry, cells: Iterable[Cell]) -> int:
    """Cell mask of the cells that are peers of every cell in ``cells`` (all cells when empty)."""
    peer_masks = geometry.peer_masks
    m = (1 << geometry.ncells) - 1
    for c in cells:
        m &= peer_masks[c]
    return m


def units_containing(geometry: Geometry, cells_mask: int) -> list[int]:
    """Every unit that contains all the cells of a non-empty mask (rows, then columns, then boxes)."""
    if not cells_mask:
        return []
    first = (cells_mask & -cells_mask).bit_length() - 1
    um = geometry.unit_masks
    return [u for u in geometry.cell_units[first] if cells_mask & um[u] == cells_mask]


# -- strong links of a digit (single-digit patterns, colouring) ---------------------------------------------

ConjugatePair = tuple[Unit, Cell, Cell]
"""A unit where a digit has exactly two places, and those two cells (lower first)."""


def conjugate_pairs(
    idx: CandidateIndex, digit: Digit, units: Sequence[Unit] | range | None = None
) -> list[ConjugatePair]:
    """Every unit of ``units`` (by default every house) where ``digit`` has exactly two places, with the two cells."""
    dc = idx.digit_cells[digit]
    um = idx.geometry.unit_masks
    if units is None:
        units = range(len(um))
    out: list[ConjugatePair] = []
    for u in units:
        m = dc & um[u]
        if m and m.bit_count() == 2:
            low = m & -m
            out.append((u, low.bit_length() - 1, (m ^ low).bit_length() - 1))
    return out


def shared_unit(geo: Geometry, a: Cell, b: Cell) -> Unit:
    """The first unit (row, column, then box) holding both cells; -1 when they are not peers."""
    ub = geo.cell_units[b]
    for u in geo.cell_units[a]:
        if u in ub:
            return u
    return -1


# -- effect helpers ----------------------------------------------------------


def eliminations(pairs: Iterable[Candidate]) -> tuple[Elimination, ...]:
    """Sorted, duplicate-free Eliminations from (cell, digit) pairs."""
    return tuple(Elimination(c, d) for c, d in sorted(set(pairs)))


def placements(pairs: Iterable[Candidate]) -> tuple[Placement, ...]:
    """Sorted, duplicate-free Placements from (cell, digit) pairs."""
    return tuple(Placement(c, d) for c, d in sorted(set(pairs)))


def eliminations_from_mask(idx: CandidateIndex, cells_mask: int, digit_mask: int) -> list[Candidate]:
    """(cell, digit) for every candidate of ``digit_mask`` present in the cells of ``cells_mask``."""
    out: list[Candidate] = []
    cands = idx.candidates
    for cell in bits(cells_mask):
        hit = cands[cell] & digit_mask
        while hit:
            low = hit & -hit
            out.append((cell, low.bit_length()))
            hit ^= low
    return out


# -- highlight helpers -------------------------------------------------------


def candidate_highlights(role: HighlightRole, pairs: Iterable[Candidate]) -> tuple[Highlight, ...]:
    """One Highlight of ``role`` per digit, covering that digit's candidates in ``pairs``."""
    by_digit: dict[Digit, list[Cell]] = {}
    for c, d in sorted(set(pairs), key=lambda p: (p[1], p[0])):
        by_digit.setdefault(d, []).append(c)
    return tuple(Highlight(role, tuple(cs), (d,)) for d, cs in by_digit.items())


def effect_highlights(places: Iterable[Candidate], elims: Iterable[Candidate]) -> tuple[Highlight, ...]:
    """PLACEMENT and ELIMINATION highlights for a step's effects."""
    return candidate_highlights(HighlightRole.PLACEMENT, places) + candidate_highlights(
        HighlightRole.ELIMINATION, elims
    )
