"""The fish core: the one way every fish finder gets its fish, the one fish record, a fish's pattern.

A fish of size n on a digit takes n base units and n cover units; a base candidate in no cover unit is a fin, one
in two base units an endo fin. Every fish finder (basic, Finned and Sashimi fish in fish.py; Franken and Mutant
fish in franken.py; Kraken fish in kraken.py) says what it wants as a ``FishShape`` (which units may be base and
which cover units, the size, fins or none and how many, endo fins, fins in one box, fish that remove nothing)
and asks ``find_fish``, which gives ``Fish`` records (units, and cell masks for the base candidates, fins, endo
fins and eliminations). How the search runs is this module's business:

- ``unit_fish``: the general search. Units come from the geometry (rows, columns and boxes or regions, as unit
  masks). Base sets are chosen unit by unit; cover units by covering the uncovered base candidates one at a
  time, each by one of its allowed units or as a fin; the candidates to remove prune both.
- ``line_fish``: the same search when the shape is every row against every column (or the mirror). There every
  base candidate has one allowed cover unit, its column, so the covering recursion collapses to choosing
  positions on bitmasks, several times faster. tests/engine/techniques/test_fish_core.py checks on real
  positions that both give the same fish for such shapes.
- ``fish_highlights``: how every fish is shown (base units, cover units, the body, the fins).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations
from typing import NamedTuple

from ..board.geometry import Cell, Digit, Geometry, Unit, bits
from ..steps.step import Highlight, HighlightRole
from .common import CandidateIndex, candidate_highlights

# -- the fish as units: the general search (Franken and Mutant fish) -----------------------------------------------

KIND_ROW, KIND_COL, KIND_BOX = 1, 2, 4
"""Unit kinds as bits (bit ``geometry.unit_kind(u)``), so a set of kinds is a small int."""
FISH_BASIC, FISH_FRANKEN, FISH_MUTANT = 0, 1, 2
"""Fish kinds, simplest first."""


def unit_kinds(geo: Geometry, units: Iterable[Unit]) -> int:
    """The kinds of ``units`` as ``KIND_*`` bits."""
    side = geo.side
    k = 0
    for u in units:
        k |= 1 << (u // side)
    return k


def kind_units(geo: Geometry, kinds: int) -> int:
    """The unit mask (bit u for unit u) of every row, column and box (or region) of the ``KIND_*`` bits."""
    return kind_units_of(geo.side, kinds)


def kind_units_of(n: int, kinds: int) -> int:
    """``kind_units`` on a board of side ``n``."""
    out = 0
    for kind in range(3):
        if kinds >> kind & 1:
            out |= ((1 << n) - 1) << (kind * n)
    return out


def fish_kind(base_kinds: int, cover_kinds: int) -> int:
    """Basic (rows against columns), Franken (rows and boxes against columns and boxes, or mirrored) or Mutant."""
    if (base_kinds, cover_kinds) in ((KIND_ROW, KIND_COL), (KIND_COL, KIND_ROW)):
        return FISH_BASIC
    if (not base_kinds & KIND_COL and not cover_kinds & KIND_ROW) or (
        not base_kinds & KIND_ROW and not cover_kinds & KIND_COL
    ):
        return FISH_FRANKEN
    return FISH_MUTANT


class Fish(NamedTuple):
    """One fish on one digit, by its units; cell sets are cell masks."""

    digit: Digit
    bases: tuple[Unit, ...]
    covers: tuple[Unit, ...]
    union: int
    """Every base candidate."""
    endo: int
    """Fins in two base units."""
    fins: int
    """Every fin: base candidates outside the cover units, and the endo fins."""
    elims: int


class FishShape(NamedTuple):
    """What a finder asks the general search for."""

    size: int
    base: int
    """Unit mask of the units that may be base units (``kind_units``)."""
    cover: int
    """Unit mask of the units that may be cover units."""
    finned: bool
    """Fins required (True) or none at all (False)."""
    max_fins: int
    """Most fins outside the cover units."""
    max_endo: int
    """Most endo fins (base candidates in two base units)."""
    want: int
    """The fish kind sought (``FISH_*``): a Mutant search drops base sets whose cover units can't make one."""
    fins_in_box: bool = False
    """Every fin in one box, and the eliminations that box's cells (HoDoKu's Finned and Sashimi row/column fish).
    On a classic board a fin's sight gives exactly that; on Sudoku X and Windoku a diagonal or window through a
    fin is not used."""
    bare: bool = False
    """Keep fish that remove nothing themselves too (a Kraken fish follows its fins by chains instead). Row/column
    shapes only."""


class DigitUnits(NamedTuple):
    """One digit's units as the general search reads them."""

    unit_cells: tuple[int, ...]
    """Per unit, the cell mask of its candidates of the digit."""
    usable: int
    """Unit mask of the units that may be base or cover units (the digit twice at least, not placed there)."""
    targets: int
    """Cell mask of the candidates a fish could remove (the search keeps only fish removing one of them)."""


Accept = Callable[[tuple[Unit, ...], tuple[Unit, ...], int], bool]
"""A finder's last word on a fish the search found: (base units, cover units, fins mask) -> keep it."""


@cache
def cell_unit_masks(geo: Geometry) -> tuple[int, ...]:
    """Per cell, the unit mask (bit u for unit u) of the units through it."""
    out = []
    for units in geo.cell_units:
        m = 0
        for u in units:
            m |= 1 << u
        out.append(m)
    return tuple(out)


def _seen_by_all(peer_masks: Sequence[int], cells: int) -> int:
    out = -1
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


def _spread(cell_unit_bits: Sequence[int], cells: int, count: int, used: int, allowed: int) -> tuple[int, int]:
    """Grow a set of cells no allowed unit holds two of, (size, its units), greedily with ``cells``.

    Covering the set takes as many cover units as it has cells; a cell that no allowed unit holds can't be
    covered at all (size 99).
    """
    used &= allowed
    while cells:
        low = cells & -cells
        cells ^= low
        units = cell_unit_bits[low.bit_length() - 1] & allowed
        if not units:
            return 99, used
        if not used & units:
            used |= units
            count += 1
    return count, used


def unit_fish(
    geo: Geometry, digit: Digit, units: DigitUnits, shape: FishShape, accept: Accept, out: list[Fish]
) -> None:
    """Add to ``out`` every fish of ``shape`` on ``digit`` that removes one of ``units.targets`` and that
    ``accept`` takes (a finder's own test: "not really a simpler fish" for Franken and Mutant fish)."""
    cm = units.unit_cells
    cell_units = geo.cell_units
    peer_masks = geo.peer_masks
    cell_unit_bits = cell_unit_masks(geo)
    base_units = bits(shape.base & units.usable)
    cover_usable = shape.cover & units.usable
    cover_list = bits(cover_usable)
    size = shape.size
    finned = shape.finned
    want = shape.want
    max_fins = shape.max_fins if finned else 0
    max_endo = shape.max_endo
    nbase = len(base_units)
    seen_by_any: dict[int, int] = {}  # per mask of targets left, the cells seeing one (asked again and again)

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
        if not accept(bases, covers, fins):
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
        if budget:
            seen_any = seen_by_any.get(common)
            if seen_any is None:
                seen_any = seen_by_any[common] = _seen_by_any(peer_masks, common)
            must = rest & ~seen_any
        else:
            must = rest
        removes = ((cover_union & ~union) | (twice & union)) & common
        if not k:
            if must:
                return
            common &= _seen_by_all(peer_masks, rest)
            if common:
                leaf(covers, cover_union, twice, exo | rest, common)
            return
        if not removes:
            # A cover unit still to come has to hold a target, and it holds a candidate of rest (so it is one of
            # cover_units, the allowed units holding a base candidate; targets are candidates, so cm tells).
            for u in cover_units:
                m = cm[u]
                if m & rest and m & common and not banned >> u & 1:
                    break
            else:
                return
        if k == 1:
            if must:
                units = [u for u in cell_units[(must & -must).bit_length() - 1] if allowed >> u & 1]
            elif not removes:
                units = [u for u in cover_units if cm[u] & common]  # the last cover unit must hold a target
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
            cover_units = [u for u in cover_list if cm[u] & body and not chosen_mask >> u & 1]
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
                kinds = unit_kinds(geo, chosen) & (KIND_ROW | KIND_COL)
                need = {0: KIND_ROW | KIND_COL, KIND_ROW: KIND_ROW, KIND_COL: KIND_COL}.get(kinds, 0)
                if need & ~unit_kinds(geo, cover_units):
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
                if new_endo.bit_count() > max_endo:
                    continue
                # Endo fins are fins: targets must see them, and they need no cover unit.
                new_common = common & _seen_by_all(peer_masks, overlap)
                cells = (union_ | m) & ~new_endo
                for target, blocked, _count, _used in alive:
                    if target & new_common:
                        count, used = _spread(cell_unit_bits, cells & blocked, 0, 0, room)
                        if count <= size:
                            kept.append((target, blocked, count, used))
            else:
                new_endo = endo_
                for target, blocked, count, used in alive:
                    count, used = _spread(cell_unit_bits, m & blocked, count, used, room)
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

    targets = units.targets
    if finned:
        alive = tuple((1 << t, ~peer_masks[t], 0, 0) for t in bits(targets))
    else:
        alive = ((targets, -1, 0, 0),)
    base(0, size, (), 0, 0, 0, targets, alive)


# -- one way in ----------------------------------------------------------------------------------------------------


def find_fish(
    idx: CandidateIndex, digit: Digit, shape: FishShape, units: DigitUnits | None = None, accept: Accept | None = None
) -> Iterator[Fish]:
    """Every fish of ``shape`` on ``digit``, as ``Fish`` records: the one way every fish finder gets its fish.

    A shape of every row against every column (or the mirror) is searched on bitmasks (``line_fish``), any other
    by the general search (``unit_fish``) over ``units`` (by default the digit's own: every unit holding it twice
    where it is not placed, every candidate a target); tests/engine/techniques/test_fish_core.py checks on real
    positions that both give the same fish on rows against columns. ``accept`` is the finder's last word on
    each fish (by default, every fish is kept).

    Order: a row/column shape gives its fish by base lines in lexicographic order, then (finned) by the fins'
    box, then by cover lines in lexicographic order; the general search by base units in lexicographic order.
    Finders that keep the first fish for a set of eliminations rely on this order.
    """
    geo = idx.geometry
    by_rows = line_direction(geo.side, shape)
    if by_rows is not None:
        found: Iterator[Fish] = line_fish(idx, digit, shape, by_rows)
        if accept is None:
            return found
        return (f for f in found if accept(f.bases, f.covers, f.fins))
    if shape.bare or shape.fins_in_box:
        raise ValueError("fish that remove nothing, or fins kept in one box, are row/column shapes only")
    out: list[Fish] = []
    unit_fish(geo, digit, units or own_units(idx, digit), shape, accept or _every_fish, out)
    return iter(out)


def _every_fish(_bases: tuple[Unit, ...], _covers: tuple[Unit, ...], _fins: int) -> bool:
    return True


def own_units(idx: CandidateIndex, digit: Digit) -> DigitUnits:
    """The digit's units as the general search reads them: every unit holding it twice or more where it is not
    placed may be a base or cover unit, and every candidate of it is a possible target."""
    cands = idx.digit_cells[digit]
    placed = 0
    for cell, value in enumerate(idx.values):
        if value == digit:
            placed |= 1 << cell
    masks = idx.geometry.unit_masks
    unit_cells = tuple(cands & m for m in masks)
    usable = 0
    for u, m in enumerate(masks):
        if unit_cells[u].bit_count() >= 2 and not m & placed:
            usable |= 1 << u
    return DigitUnits(unit_cells, usable, cands)


@cache
def line_shape(
    side: int,
    size: int,
    by_rows: bool,
    *,
    finned: bool = False,
    max_fins: int = 0,
    fins_in_box: bool = False,
    bare: bool = False,
) -> FishShape:
    """Every row against every column (``by_rows``; else every column against every row) on a board of ``side``."""
    rows, cols = kind_units_of(side, KIND_ROW), kind_units_of(side, KIND_COL)
    base, cover = (rows, cols) if by_rows else (cols, rows)
    return FishShape(size, base, cover, finned, max_fins if finned else 0, 0, FISH_BASIC, fins_in_box, bare)


def line_direction(side: int, shape: FishShape) -> bool | None:
    """True for every row against every column, False for the mirror, None for any other shape."""
    rows, cols = kind_units_of(side, KIND_ROW), kind_units_of(side, KIND_COL)
    if shape.max_endo:
        return None
    if (shape.base, shape.cover) == (rows, cols):
        return True
    if (shape.base, shape.cover) == (cols, rows):
        return False
    return None


# -- rows against columns, on bitmasks ---------------------------------------------------------------------------


class _Lines:
    """One digit's places seen from rows as base lines (covers are columns), or from columns; maps (line,
    position) to a cell and to units."""

    __slots__ = ("by_rows", "n", "box", "positions")

    def __init__(self, idx: CandidateIndex, digit: Digit, by_rows: bool) -> None:
        rows, cols = idx.line_positions(digit)
        self.by_rows = by_rows
        self.n = idx.side
        self.box = idx.geometry.box
        self.positions: tuple[int, ...] = rows if by_rows else cols
        """Per base line, the mask of the positions along it holding the digit."""

    def cell(self, line: int, pos: int) -> Cell:
        return line * self.n + pos if self.by_rows else pos * self.n + line

    def cells(self, line: int, positions: int) -> int:
        """The cell mask of ``positions`` along ``line``."""
        out = 0
        for p in bits(positions):
            out |= 1 << self.cell(line, p)
        return out

    def outside(self, base: Sequence[int], cover: int) -> int:
        """The cell mask of the digit's candidates at ``cover`` positions on the lines outside ``base``."""
        out = 0
        for line, m in enumerate(self.positions):
            if m & cover and line not in base:
                out |= self.cells(line, m & cover)
        return out

    def fish(self, digit: Digit, base: Sequence[int], cover: int, elims: int) -> Fish:
        union = fins = 0
        for line in base:
            m = self.positions[line]
            union |= self.cells(line, m)
            fins |= self.cells(line, m & ~cover)
        n = self.n
        bases = tuple(line if self.by_rows else n + line for line in base)
        covers = tuple(n + p if self.by_rows else p for p in bits(cover))
        return Fish(digit, bases, covers, union, 0, fins, elims)


def line_fish(idx: CandidateIndex, digit: Digit, shape: FishShape, by_rows: bool) -> Iterator[Fish]:
    """The general search specialised to rows against columns (``by_rows``) or columns against rows.

    Every base candidate has one allowed cover unit, its column, so a cover set is a mask of positions, the base
    set's candidates are the union of its lines' position masks and the fins are the positions left out: the
    covering recursion collapses to choosing positions, done on bitmasks. How far a base set may spread follows
    from the shape: ``size`` positions without fins, a box's width more with fins in one box, ``max_fins`` more
    with fins anywhere.
    """
    o = _Lines(idx, digit, by_rows)
    size = shape.size
    if not shape.finned:
        for base, union in _base_sets(o.positions, size, size):
            if union.bit_count() == size:
                elims = o.outside(base, union)
                if elims or shape.bare:
                    yield o.fish(digit, base, union, elims)
        return
    if shape.fins_in_box:
        if shape.bare:
            raise ValueError("a fish with its fins in one box removes something in that box or is not sought")
        yield from _box_finned(o, digit, size, shape.max_fins)
        return
    peer_masks = idx.geometry.peer_masks
    for base, union in _base_sets(o.positions, size, size + shape.max_fins):
        for _anywhere, cover in _cover_sets(union, size, (union,)):
            if any(not o.positions[line] & cover for line in base):
                continue  # a base line of fins only is no fish
            count = sum((o.positions[line] & ~cover).bit_count() for line in base)
            if not count or count > shape.max_fins:
                continue
            fish = o.fish(digit, base, cover, 0)
            elims = o.outside(base, cover) & _seen_by_all(peer_masks, fish.fins)
            if elims or shape.bare:
                yield fish._replace(elims=elims)


def _box_finned(o: _Lines, digit: Digit, size: int, max_fins: int) -> Iterator[Fish]:
    """Finned and Sashimi fish: fins in one box, eliminations in that box."""
    b = o.box
    groups = tuple(((1 << b) - 1) << (group * b) for group in range(b))  # one box's positions: where fins may lie
    for base, union in _base_sets(o.positions, size, size + b):
        if union.bit_count() <= size:
            continue  # every cover takes the whole union: no fins (a basic fish, or nothing)
        room = _removable(o, base) & union
        fin_groups = [g for g in groups if g & room]
        for group_mask, cover in _cover_sets(union, size, fin_groups):
            if not cover & group_mask & room:
                continue  # nothing to remove in the fins' box: _box_elims would say so, slower
            elims = _box_elims(o, base, cover, group_mask)
            if elims:
                fish = o.fish(digit, base, cover, elims)
                if fish.fins.bit_count() <= max_fins:
                    yield fish


def _base_sets(positions: Sequence[int], size: int, max_union: int) -> Iterator[tuple[list[int], int]]:
    """Every set of ``size`` lines holding the digit whose positions together span at most ``max_union``, with
    that union, in lexicographic order of the lines.

    A line holding the digit only once is never a base line: the digit goes there (a hidden single), and a
    "fish" built on it is that single in disguise.
    """
    lines = [i for i, m in enumerate(positions) if m & (m - 1) and m.bit_count() <= max_union]
    n = len(lines)

    def rec(start: int, chosen: list[int], union: int) -> Iterator[tuple[list[int], int]]:
        for i in range(start, n - (size - len(chosen)) + 1):
            line = lines[i]
            u = union | positions[line]
            if u.bit_count() > max_union:
                continue
            chosen.append(line)
            if len(chosen) == size:
                yield list(chosen), u
            else:
                yield from rec(i + 1, chosen, u)
            chosen.pop()

    return rec(0, [], 0)


def _cover_sets(union: int, size: int, fin_groups: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Every (fin positions, cover): per mask of ``fin_groups`` in turn, every mask of ``size`` cover positions
    inside ``union`` leaving only positions of that mask out (those are the fins), in lexicographic order.

    ``(union,)``: any fins at all; one mask per box's positions: fins in one box. One generator per base set,
    the groups looped inside (a generator per group costs a measurable share of a full logic path).
    """
    for fin_positions in fin_groups:
        required = union & ~fin_positions
        free = required.bit_count()
        if free > size:
            continue
        if free == size:
            yield fin_positions, required
            continue
        for extra in combinations(bits(union & fin_positions), size - free):
            cover = required
            for p in extra:
                cover |= 1 << p
            yield fin_positions, cover


def _removable(o: _Lines, base: list[int]) -> int:
    """The positions where a fish with fins in one box could remove the digit on these base lines: those of the
    lines outside the base set in the bands (the lines of one box row or column) holding a base line.

    Such a fish removes only inside its fins' box, on lines outside the base set, at cover positions; so a group
    of positions (a box) or a cover without such a position gives nothing.
    """
    b = o.box
    positions = o.positions
    chosen = 0
    for line in base:
        chosen |= 1 << line
    out = 0
    band_start = -1
    for line in base:  # in order, so a band's base lines come together
        if line - line % b != band_start:
            band_start = line - line % b
            for other in range(band_start, band_start + b):
                if not chosen >> other & 1:
                    out |= positions[other]
    return out


def _box_elims(o: _Lines, base: list[int], cover: int, group_mask: int) -> int:
    """The cells a fish over ``cover`` with its fins in the position group removes (0 for none, or no fish)."""
    b = o.box
    fin_band = -1
    for line in base:
        m = o.positions[line]
        if not m & cover:
            return 0  # a base line with nothing in the cover lines is no fish
        if m & ~cover:  # inside the position group: _cover_sets leaves nothing else out
            band = line // b
            if fin_band not in (-1, band):
                return 0  # fins in two boxes: no cell sees them all inside a cover line
            fin_band = band
    if fin_band < 0:
        return 0
    out = 0
    for line in range(fin_band * b, fin_band * b + b):
        if line not in base:
            out |= o.cells(line, o.positions[line] & cover & group_mask)
    return out


def base_line_cells(geo: Geometry, bases: Sequence[Unit], cells: int) -> list[Cell]:
    """The cells of ``cells`` base unit by base unit, each along its unit (the order a fish's fins are told in)."""
    out: list[Cell] = []
    for u in bases:
        out.extend(c for c in geo.units[u] if cells >> c & 1)
    return out


# -- the pattern as shown ---------------------------------------------------------------------------------------


def fish_highlights(
    digit: Digit, bases: Sequence[Unit], covers: Sequence[Unit], body: Iterable[Cell], fins: Sequence[Cell]
) -> tuple[Highlight, ...]:
    """Base units, cover units, the body (base candidates the fish uses) and the fins, as every fish shows them."""
    highlights = (
        Highlight(HighlightRole.DEFINING_UNIT, units=tuple(bases)),
        Highlight(HighlightRole.COVER_UNIT, units=tuple(covers)),
    ) + candidate_highlights(HighlightRole.PATTERN, [(c, digit) for c in body])
    if fins:
        highlights += (Highlight(HighlightRole.FIN, tuple(sorted(fins)), (digit,)),)
    return highlights
