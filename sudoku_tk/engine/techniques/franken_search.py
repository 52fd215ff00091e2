"""What Franken and Mutant fish (franken.py) add to the fish core's general search (fish_core.find_fish): the digit's
units and targets, and the tests that a fish found is not really a simpler one.

Per digit, the units that can take part (holding the digit twice at least, not placed
there) and the candidates a fish could remove at all: those no template of the digit
uses (a template is one way to place the digit once in every row, column and box; see
templates.py). The search reads them as ``DigitUnits``. A fish that is really something
simpler (a smaller fish, a basic fish, a locked candidate) is recognised here
(``simplest_kind``, ``splits``), so the finders never report it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board.geometry import Geometry
from ..board.grid import Grid
from .common import index_of, per_grid
from .fish_core import FISH_BASIC, FISH_MUTANT, DigitUnits, fish_kind, own_units, unit_kinds

MAX_FINS = 5
"""Most fins outside the cover units (HoDoKu's default)."""
MAX_ENDO_FINS = 2
"""Most fins in two base units (HoDoKu's default)."""

# -- templates ---------------------------------------------------------------------------------------------------


def _template_cells(row_options: Sequence[int]) -> tuple[int, ...]:
    """Per row, the columns some template uses, given the columns each row may use (all 0: no template at all).

    Feasibility is memoised on (row, columns used, boxes used in the current band), so each state is expanded
    once, and a choice is marked used when the rows below can still be completed.
    """
    used = [0] * 9
    memo: dict[int, bool] = {}

    def feasible(r: int, cols: int, band_boxes: int) -> bool:
        if r == 9:
            return True
        key = (r << 12) | (cols << 3) | band_boxes
        got = memo.get(key)
        if got is not None:
            return got
        ok = False
        last_of_band = r % 3 == 2
        free = row_options[r] & ~cols
        while free:
            low = free & -free
            free ^= low
            box_bit = 1 << ((low.bit_length() - 1) // 3)
            if band_boxes & box_bit:
                continue
            if feasible(r + 1, cols | low, 0 if last_of_band else band_boxes | box_bit):
                used[r] |= low
                ok = True
        memo[key] = ok
        return ok

    if not feasible(0, 0, 0):
        return (0,) * 9
    return tuple(used)


def _digit_units(grid: Grid, digit: int) -> DigitUnits:
    units = own_units(index_of(grid), digit)
    cands = units.targets  # every candidate of the digit, narrowed to the template targets below
    placed = 0
    for cell, v in enumerate(grid.values):
        if v == digit:
            placed |= 1 << cell
    options = []
    for r in range(9):
        row_placed = (placed >> (9 * r)) & 0x1FF
        options.append(row_placed & -row_placed if row_placed else (cands >> (9 * r)) & 0x1FF)
    used = _template_cells(options)
    in_template = 0
    for r, cols in enumerate(used):
        in_template |= cols << (9 * r)
    targets = cands & ~in_template if any(used) else cands
    return units._replace(targets=targets)


@per_grid(4)
def data_of(grid: Grid) -> tuple[DigitUnits, ...]:
    """Per digit (index 0 unused), its unit masks, usable units and targets, built once per grid.

    The twelve finders ask in turn on one grid, so the templates are worked out once.
    """
    return (DigitUnits((), 0, 0),) + tuple(_digit_units(grid, d) for d in range(1, 10))


def twins_of(cm: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per row, column and box, the rows, columns and boxes with the same candidates of the digit (itself too)."""
    return tuple(tuple(v for v in range(27) if cm[v] == cm[u]) for u in range(27))


def simplest_kind(
    geo: Geometry, twins: tuple[tuple[int, ...], ...], bases: tuple[int, ...], covers: tuple[int, ...]
) -> int:
    """The simplest kind of the fish, reading any of its units as another unit with the same candidates
    (``twins``: ``twins_of`` the digit's unit masks)."""
    units = bases + covers
    options = [[v for v in twins[u] if v == u or v not in units] for u in units]
    nb = len(bases)
    best = FISH_MUTANT

    def walk(i: int, picked: list[int]) -> None:
        nonlocal best
        if i == len(units):
            if len(set(picked)) == len(picked):
                best = min(best, fish_kind(unit_kinds(geo, picked[:nb]), unit_kinds(geo, picked[nb:])))
            return
        for v in options[i]:
            picked.append(v)
            walk(i + 1, picked)
            picked.pop()
            if best == FISH_BASIC:
                return  # nothing is simpler

    walk(0, [])
    return best


def splits(cm: tuple[int, ...], bases: tuple[int, ...], covers: tuple[int, ...], fins: int) -> bool:
    """True when some of the base units, without fins, lie in as many cover units: a smaller fish of its own."""
    n = len(bases)
    for pick in range(1, (1 << n) - 1):
        cells = 0
        for i in range(n):
            if pick >> i & 1:
                cells |= cm[bases[i]]
        if not cells & fins and sum(1 for c in covers if cm[c] & cells) <= pick.bit_count():
            return True
    return False
