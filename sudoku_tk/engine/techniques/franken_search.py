"""The search under Franken and Mutant fish (franken.py): the digit's units, templates, base and cover sets.

The search finds ``Fish`` records (fish_core.py, with the unit kinds it reads them by).

Per digit, the units that can take part (holding the digit twice at least, not placed
there) and the candidates a fish could remove at all: those no template of the digit
uses (a template is one way to place the digit once in every row, column and box; see
templates.py). Base sets are chosen unit by unit, cover units by covering the base
candidates one at a time or leaving them as fins, with those targets narrowing both.
Fish that are really something simpler (a smaller fish, a basic fish, a locked
candidate) are recognised here, so the finders never report them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from ..board.geometry import Geometry, bits
from ..board.grid import Grid
from .common import per_grid
from .fish_core import FISH_MUTANT, KIND_COL, KIND_ROW, Fish, fish_kind, unit_kinds

MAX_FINS = 5
"""Most fins outside the cover units (HoDoKu's default)."""
MAX_ENDO_FINS = 2
"""Most fins in two base units (HoDoKu's default)."""

ROW_UNITS = (1 << 9) - 1
COL_UNITS = ROW_UNITS << 9
BOX_UNITS = ROW_UNITS << 18
"""Unit masks: bit u for unit u (rows 0-8, columns 9-17, boxes 18-26)."""

CELL_UNITS = tuple((1 << (c // 9)) | (1 << (9 + c % 9)) | (1 << (18 + (c // 27) * 3 + (c % 9) // 3)) for c in range(81))
"""Per cell, the unit mask of its row, column and box."""


class DigitData(NamedTuple):
    unit_cells: tuple[int, ...]
    """Per unit, the cell mask of its candidates of the digit."""
    usable: int
    """Unit mask of the units that may be base or cover units: the digit twice at least, and not placed there."""
    targets: int
    """Cell mask of the digit's candidates that no template uses: the only ones a fish can remove."""


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


def _digit_data(grid: Grid, digit: int) -> DigitData:
    bit = 1 << (digit - 1)
    cands = placed = 0
    for cell, (m, v) in enumerate(zip(grid.candidates, grid.values)):
        if m & bit:
            cands |= 1 << cell
        elif v == digit:
            placed |= 1 << cell
    unit_masks = grid.geometry.unit_masks
    unit_cells = tuple(cands & m for m in unit_masks)
    usable = 0
    for u, m in enumerate(unit_masks):
        if unit_cells[u].bit_count() >= 2 and not m & placed:
            usable |= 1 << u
    options = []
    for r in range(9):
        row_placed = (placed >> (9 * r)) & 0x1FF
        options.append(row_placed & -row_placed if row_placed else (cands >> (9 * r)) & 0x1FF)
    used = _template_cells(options)
    in_template = 0
    for r, cols in enumerate(used):
        in_template |= cols << (9 * r)
    targets = cands & ~in_template if any(used) else cands
    return DigitData(unit_cells, usable, targets)


@per_grid(4)
def data_of(grid: Grid) -> tuple[DigitData, ...]:
    """Per digit (index 0 unused), its unit masks, usable units and targets, built once per grid.

    The twelve finders ask in turn on one grid, so the templates are worked out once.
    """
    return (DigitData((), 0, 0),) + tuple(_digit_data(grid, d) for d in range(1, 10))


# -- search ------------------------------------------------------------------------------------------------------


def _seen_by_all(peer_masks: Sequence[int], cells: int) -> int:
    out = (1 << 81) - 1
    while cells:
        low = cells & -cells
        cells ^= low
        out &= peer_masks[low.bit_length() - 1]
    return out


def _seen_by_any(peer_masks: Sequence[int], cells: int) -> int:
    out = 0
    while cells:
        low = cells & -cells
        cells ^= low
        out |= peer_masks[low.bit_length() - 1]
    return out


def _spread(cells: int, count: int, used: int, allowed: int) -> tuple[int, int]:
    """Grow a set of cells no allowed unit holds two of, (size, its units), greedily with ``cells``.

    Covering the set takes as many cover units as it has cells; a cell that no allowed unit holds can't be
    covered at all (size 99).
    """
    used &= allowed
    while cells:
        low = cells & -cells
        cells ^= low
        units = CELL_UNITS[low.bit_length() - 1] & allowed
        if not units:
            return 99, used
        if not used & units:
            used |= units
            count += 1
    return count, used


def search_digit(
    geo: Geometry,
    digit: int,
    data: DigitData,
    size: int,
    base_allowed: int,
    cover_allowed: int,
    finned: bool,
    want: int,
    out: list[Fish],
) -> None:
    """Add to ``out`` every fish of kind ``want`` on ``digit``, base and cover units from the allowed unit masks."""
    cm = data.unit_cells
    cell_units = geo.cell_units
    peer_masks = geo.peer_masks
    base_units = bits(base_allowed & data.usable)
    cover_usable = cover_allowed & data.usable
    max_fins = MAX_FINS if finned else 0
    nbase = len(base_units)

    def leaf(covers: tuple[int, ...], cover_union: int, twice: int, exo: int, common: int) -> None:
        """Keep the fish of the current base set over ``covers`` if it removes something and is not simpler."""
        fins = endo | exo
        if finned != bool(fins):
            return
        elims = ((cover_union & ~union) | (twice & union)) & common
        if not elims:
            return
        kept = union & ~fins
        for b in bases:
            if not cm[b] & kept:
                return  # a base unit of fins only
        for c in covers:
            others = 0
            for o in covers:
                if o != c:
                    others |= cm[o]
            if not cm[c] & kept & ~others:
                return  # the other cover units hold all its base candidates: it does no work
        if simplest_kind(cm, bases, covers) != want or splits(cm, bases, covers, fins):
            return
        out.append(Fish(digit, bases, covers, union, endo, fins, elims))

    # The base set being covered, set by base(): units, candidates, endo fins, candidates to cover, the units
    # allowed as cover units, those of them holding a candidate to cover, and the most such candidates one holds.
    bases: tuple[int, ...] = ()
    union = endo = body = allowed = widest = 0
    cover_units: list[int] = []

    def cover(
        k: int, covers: tuple[int, ...], cover_union: int, once: int, twice: int, banned: int, exo: int, common: int
    ) -> None:
        """Choose k more cover units: the first candidate still to cover is covered by one of its units, or is a
        fin; units passed over for it are banned below, so each cover set comes once.

        ``once``/``twice``: cells in one / two of the cover units; ``exo``: fins so far; ``common``: the targets
        that see every fin so far (the only cells the fish may still remove).
        """
        rest = body & ~cover_union & ~exo
        if not rest:
            if not k:
                leaf(covers, cover_union, twice, exo, common)
            return
        budget = max_fins - exo.bit_count()
        if rest.bit_count() > k * widest + budget:
            return
        # A candidate that sees none of the targets left can't be a fin: it must be covered.
        must = rest & ~_seen_by_any(peer_masks, common) if budget else rest
        removes = ((cover_union & ~union) | (twice & union)) & common
        if not k:
            if must:
                return
            common &= _seen_by_all(peer_masks, rest)
            if common:
                leaf(covers, cover_union, twice, exo | rest, common)
            return
        if not removes:
            # A cover unit still to come has to hold a target, and it holds a candidate of rest.
            t = common
            while t:
                low = t & -t
                t ^= low
                if any(
                    allowed >> u & 1 and cm[u] & rest and not banned >> u & 1 for u in cell_units[low.bit_length() - 1]
                ):
                    break
            else:
                return
        if k == 1:
            if must:
                units = [u for u in cell_units[(must & -must).bit_length() - 1] if allowed >> u & 1]
            elif not removes:
                holding = 0
                t = common
                while t:
                    low = t & -t
                    t ^= low
                    holding |= CELL_UNITS[low.bit_length() - 1]
                units = bits(holding & allowed)
            else:
                units = cover_units
            for u in units:
                m = cm[u]
                if not m & rest or must & ~m or banned >> u & 1:
                    continue
                fins = rest & ~m
                if fins.bit_count() > budget:
                    continue
                seen = common & _seen_by_all(peer_masks, fins) if fins else common
                new_union = cover_union | m
                new_twice = twice | (once & m)
                if ((new_union & ~union) | (new_twice & union)) & seen:
                    leaf(covers + (u,), new_union, new_twice, exo | fins, seen)
            return
        low = (must or rest) & -(must or rest)
        cell = low.bit_length() - 1
        for u in cell_units[cell]:
            if not allowed >> u & 1 or banned >> u & 1:
                continue
            m = cm[u]
            cover(k - 1, covers + (u,), cover_union | m, once | m, twice | (once & m), banned, exo, common)
            banned |= 1 << u
        if not must:
            common &= peer_masks[cell]
            if common:
                cover(k, covers, cover_union, once, twice, banned, exo | low, common)

    def base(
        start: int,
        k: int,
        chosen: tuple[int, ...],
        chosen_mask: int,
        union_: int,
        endo_: int,
        common: int,
        alive: tuple[tuple[int, int, int, int], ...],
    ) -> None:
        """Choose k more base units from ``base_units[start:]``, then cover the base set.

        ``alive`` has, per target some fish may still remove (one entry for all targets when there are no fins):
        (the target's bit, the cells that can't be fins for it, size and units of a set of those candidates no
        allowed cover unit holds two of). Covering that set takes as many cover units as its size.
        """
        nonlocal bases, union, endo, body, allowed, widest, cover_units
        if not k:
            bases, union, endo, body = chosen, union_, endo_, union_ & ~endo_
            allowed = cover_usable & ~chosen_mask
            cover_units = [u for u in bits(allowed) if cm[u] & body]
            if len(cover_units) < size:
                return
            # Targets the fish can remove: in a cover unit outside the base units, or base candidates in two.
            reach = reach2 = 0
            for u in cover_units:
                m = cm[u]
                reach2 |= reach & m
                reach |= m
            common &= (reach & ~union) | (reach2 & body)
            if not common:
                return
            if want == FISH_MUTANT:
                # Rows (and boxes) as base units need a row among the cover units, columns a column, boxes both.
                kinds = unit_kinds(chosen) & (KIND_ROW | KIND_COL)
                need = {0: KIND_ROW | KIND_COL, KIND_ROW: KIND_ROW, KIND_COL: KIND_COL}.get(kinds, 0)
                if need & ~unit_kinds(cover_units):
                    return  # the cover units can't make the fish a Mutant one
            widest = max((cm[u] & body).bit_count() for u in cover_units)
            cover(size, (), 0, 0, 0, 0, 0, common)
            return
        for i in range(start, nbase - k + 1):
            u = base_units[i]
            m = cm[u]
            new_mask = chosen_mask | 1 << u
            room = cover_usable & ~new_mask
            overlap = union_ & m
            kept: list[tuple[int, int, int, int]] = []
            if overlap:
                if not finned:
                    continue
                new_endo = endo_ | overlap
                if new_endo.bit_count() > MAX_ENDO_FINS:
                    continue
                # Endo fins are fins: targets must see them, and they need no cover unit.
                new_common = common & _seen_by_all(peer_masks, overlap)
                cells = (union_ | m) & ~new_endo
                for target, blocked, _count, _used in alive:
                    if target & new_common:
                        count, used = _spread(cells & blocked, 0, 0, room)
                        if count <= size:
                            kept.append((target, blocked, count, used))
            else:
                new_endo = endo_
                for target, blocked, count, used in alive:
                    count, used = _spread(m & blocked, count, used, room)
                    if count <= size:
                        kept.append((target, blocked, count, used))
            if not kept:
                continue
            if finned:
                new_common = 0
                for entry in kept:
                    new_common |= entry[0]
            else:
                new_common = common
            base(i + 1, k - 1, chosen + (u,), new_mask, union_ | m, new_endo, new_common, tuple(kept))

    targets = data.targets
    if finned:
        alive = tuple((1 << t, ~peer_masks[t], 0, 0) for t in bits(targets))
    else:
        alive = ((targets, -1, 0, 0),)
    base(0, size, (), 0, 0, 0, targets, alive)


def simplest_kind(cm: tuple[int, ...], bases: tuple[int, ...], covers: tuple[int, ...]) -> int:
    """The simplest kind of the fish, reading any of its units as another unit with the same candidates."""
    units = bases + covers
    options = [[v for v in range(27) if cm[v] == cm[u] and (v == u or v not in units)] for u in units]
    nb = len(bases)
    best = FISH_MUTANT

    def walk(i: int, picked: list[int]) -> None:
        nonlocal best
        if i == len(units):
            if len(set(picked)) == len(picked):
                best = min(best, fish_kind(unit_kinds(picked[:nb]), unit_kinds(picked[nb:])))
            return
        for v in options[i]:
            picked.append(v)
            walk(i + 1, picked)
            picked.pop()

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
