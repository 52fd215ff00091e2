"""Subsets: Naked and Hidden Pairs, Triples and Quadruples (any board size).

A naked subset is k cells of one unit whose candidates together are only k digits:
those digits go in those cells, so every other cell of every unit shared by all k
cells loses them. A hidden subset is k digits that, within one unit, fit only in k
cells: those cells hold nothing else.

A naked pair or triple lying in the intersection of a box and a line that removes
candidates both in the box and in the line outside the box is a Locked Pair/Triple
(intersections.py reports those; ``iter_naked_sets`` serves both modules).
Units are searched boxes first, then rows, then columns, as players (and HoDoKu) do.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board.geometry import bits, digits_of
from ..board.grid import Grid
from ..steps.explain import cells_text, digits_text, effects_text, join_words, sentence, units_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import (
    Candidate,
    CandidateIndex,
    Once,
    candidate_highlights,
    effect_highlights,
    eliminations,
    eliminations_from_mask,
    index_of,
    units_containing,
)

_NUMBER_WORDS = {2: "two", 3: "three", 4: "four"}


def search_units(idx: CandidateIndex) -> list[int]:
    """Units in search order: boxes, rows, columns, then a variant's extra houses."""
    n = idx.side
    return [*range(2 * n, 3 * n), *range(2 * n), *idx.geometry.extra_units]


def _combos(items: list[tuple[int, int]], size: int, limit_bits: int) -> Iterator[tuple[int, int]]:
    """Yield (union of keys, union of masks) for every ``size``-combination of (key, mask) items whose
    mask union has exactly ``size`` bits; partial unions above ``size`` bits are cut early."""
    n = len(items)

    def rec(start: int, depth: int, keys: int, mask: int) -> Iterator[tuple[int, int]]:
        for i in range(start, n - (size - depth) + 1):
            key, m = items[i]
            u = mask | m
            if u.bit_count() > limit_bits:
                continue
            if depth + 1 == size:
                if u.bit_count() == size:
                    yield keys | key, u
            else:
                yield from rec(i + 1, depth + 1, keys | key, u)

    return rec(0, 0, 0, 0)


class NakedSet:
    """A naked subset found in ``unit``: its cells (mask), digits (mask), eliminations, and lockedness."""

    __slots__ = ("unit", "cells", "digits", "units", "elims", "locked")

    def __init__(
        self, unit: int, cells: int, digits: int, units: list[int], elims: list[Candidate], locked: bool
    ) -> None:
        self.unit = unit
        self.cells = cells
        self.digits = digits
        self.units = units
        self.elims = elims
        self.locked = locked


def iter_naked_sets(idx: CandidateIndex, size: int) -> Iterator[NakedSet]:
    """Every naked subset of ``size`` cells that removes something, once per cell set."""
    geo = idx.geometry
    cands = idx.candidates
    unit_masks = geo.unit_masks
    once = Once()
    n = idx.side
    for u in search_units(idx):
        empty_in_unit = idx.empty & unit_masks[u]
        if empty_in_unit.bit_count() <= size:
            continue  # nothing would be left to remove from
        items = [(1 << c, cands[c]) for c in geo.units[u] if cands[c] and cands[c].bit_count() <= size]
        if len(items) < size:
            continue
        for cells, digits in _combos(items, size, size):
            if not once.first(cells):
                continue
            units = units_containing(geo, cells)
            elims: list[Candidate] = []
            in_box = in_line_outside = False
            box = next((x for x in units if 2 * n <= x < 3 * n), None)
            for x in units:
                hit = eliminations_from_mask(idx, unit_masks[x] & ~cells, digits)
                if not hit:
                    continue
                elims.extend(hit)
                if 2 * n <= x < 3 * n:
                    in_box = True
                elif box is None or any(not unit_masks[box] >> c & 1 for c, _ in hit):
                    in_line_outside = True
            if not elims:
                continue
            locked = size < 4 and box is not None and len(units) == 2 and in_box and in_line_outside
            yield NakedSet(u, cells, digits, units, sorted(set(elims)), locked)


def naked_step(idx: CandidateIndex, technique: Technique, ns: NakedSet) -> Step:
    """The Step for a naked (or locked) subset."""
    geo = idx.geometry
    cells = bits(ns.cells)
    digits = digits_of(ns.digits)
    size = len(cells)
    between = " between them" if size > 2 else ""
    reason = (
        f"{cells_text(geo, cells)} can only hold {digits_text(geo, digits)}{between}, so no other cell of "
        f"{units_text(geo, ns.units, 'or')} can hold {digits_text(geo, digits)}"
    )
    pattern = [(c, d) for c in cells for d in digits_of(idx.candidates[c])]
    return Step(
        technique,
        eliminations=eliminations(ns.elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, (), ns.elims)),
        highlights=(Highlight(HighlightRole.DEFINING_UNIT, units=tuple(ns.units)),)
        + candidate_highlights(HighlightRole.PATTERN, pattern)
        + effect_highlights((), ns.elims),
        focus=geo.unit_name(ns.unit),
    )


def _naked_finder(technique: Technique, size: int) -> Callable[[Grid], Iterator[Step]]:
    def find(grid: Grid) -> Iterator[Step]:
        idx = index_of(grid)
        for ns in iter_naked_sets(idx, size):
            if not ns.locked:
                yield naked_step(idx, technique, ns)

    find.__name__ = f"find_{technique.name.lower()}s"
    find.__doc__ = f"Yield every {technique.display_name} that removes something and is not a locked set."
    return find


def _hidden_finder(technique: Technique, size: int) -> Callable[[Grid], Iterator[Step]]:
    def find(grid: Grid) -> Iterator[Step]:
        idx = index_of(grid)
        geo = idx.geometry
        unit_masks = geo.unit_masks
        once = Once()
        for u in search_units(idx):
            um = unit_masks[u]
            if (idx.empty & um).bit_count() <= size:
                continue  # k digits in k cells of a k-cell remainder is no news
            items = []
            for d in range(1, idx.side + 1):
                m = idx.digit_cells[d] & um
                if m and m.bit_count() <= size:
                    items.append((1 << (d - 1), m))
            if len(items) < size:
                continue
            for digits, cells in _combos(items, size, size):
                if not once.first((cells, digits)):
                    continue
                elims = eliminations_from_mask(idx, cells, geo.all_digits & ~digits)
                if elims:
                    yield _hidden_step(idx, technique, u, cells, digits, elims)

    find.__name__ = f"find_{technique.name.lower()}s"
    find.__doc__ = f"Yield every {technique.display_name} whose cells still hold other digits."
    return find


def _hidden_step(
    idx: CandidateIndex, technique: Technique, unit: int, cells_mask: int, digit_mask: int, elims: list[Candidate]
) -> Step:
    geo = idx.geometry
    cells = bits(cells_mask)
    digits = digits_of(digit_mask)
    reason = (
        f"in {geo.unit_name(unit)}, {join_words([geo.digit_char(d) for d in digits])} can only go in "
        f"{cells_text(geo, cells)}, so those {_NUMBER_WORDS.get(len(cells), str(len(cells)))} cells can hold "
        "nothing else"
    )
    pattern = [(c, d) for c in cells for d in digits if idx.candidates[c] >> (d - 1) & 1]
    return Step(
        technique,
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, (), elims)),
        highlights=(Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),)
        + candidate_highlights(HighlightRole.PATTERN, pattern)
        + effect_highlights((), elims),
        focus=geo.unit_name(unit),
    )


find_naked_pairs = _naked_finder(Technique.NAKED_PAIR, 2)
find_naked_triples = _naked_finder(Technique.NAKED_TRIPLE, 3)
find_naked_quadruples = _naked_finder(Technique.NAKED_QUADRUPLE, 4)
find_hidden_pairs = _hidden_finder(Technique.HIDDEN_PAIR, 2)
find_hidden_triples = _hidden_finder(Technique.HIDDEN_TRIPLE, 3)
find_hidden_quadruples = _hidden_finder(Technique.HIDDEN_QUADRUPLE, 4)

FINDERS = (
    (Technique.NAKED_PAIR, find_naked_pairs),
    (Technique.NAKED_TRIPLE, find_naked_triples),
    (Technique.HIDDEN_PAIR, find_hidden_pairs),
    (Technique.HIDDEN_TRIPLE, find_hidden_triples),
    (Technique.NAKED_QUADRUPLE, find_naked_quadruples),
    (Technique.HIDDEN_QUADRUPLE, find_hidden_quadruples),
)
