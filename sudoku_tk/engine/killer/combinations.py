"""The digit sets a cage can hold: by size and sum, then narrowed by what its cells still hold.

Digit sets are masks (bit ``d - 1`` for digit ``d``), as the grid's candidates. ``combinations(size, total)`` is the
table, built once: every set of ``size`` different digits 1–9 adding up to ``total``. A set is *workable* for cells
when each of its digits can go in a different one of them (a matching of digits to cells, checked by augmenting
paths), so ``workable(cands, total)`` keeps only those, and ``cell_options`` says which candidates of each cell some
workable set gives a place.

>>> [digits_of(m) for m in combinations(2, 17)]
[[8, 9]]
>>> [digits_of(m) for m in combinations(3, 7)]
[[1, 2, 4]]
>>> [digits_of(m) for m in workable((0b110000000, 0b111000000), 17)]
[[8, 9]]
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..board.geometry import digits_of

__all__ = ["combinations", "combination_table", "workable", "cell_options", "digits_of", "mask_sum", "placeable"]


@cache
def _table() -> dict[tuple[int, int], tuple[int, ...]]:
    table: dict[tuple[int, int], list[int]] = {}
    for mask in range(1, 1 << 9):
        table.setdefault((mask.bit_count(), mask_sum(mask)), []).append(mask)
    return {key: tuple(masks) for key, masks in table.items()}


def combination_table() -> dict[tuple[int, int], tuple[int, ...]]:
    """The whole table: (size, total) -> digit masks, for loops that look up many entries (do not change it)."""
    return _table()


def mask_sum(mask: int) -> int:
    """The sum of the digits of a digit mask.

    >>> mask_sum(0b101)
    4
    """
    total = 0
    while mask:
        low = mask & -mask
        total += low.bit_length()
        mask ^= low
    return total


def combinations(size: int, total: int) -> tuple[int, ...]:
    """Every digit mask of ``size`` different digits adding up to ``total`` (ascending masks; () when none)."""
    if size == 0:
        return (0,) if total == 0 else ()
    return _table().get((size, total), ())


def placeable(cands: Sequence[int], combo: int) -> bool:
    """Can each digit of ``combo`` go in a different cell, each cell taking one of its candidates?

    ``len(cands)`` must equal the number of digits (a cage's empty cells and the digits still to place).
    """
    match: dict[int, int] = {}  # digit bit -> index of the cell holding it

    def augment(i: int, seen: set[int]) -> bool:
        m = cands[i] & combo
        while m:
            low = m & -m
            m ^= low
            if low in seen:
                continue
            seen.add(low)
            if low not in match or augment(match[low], seen):
                match[low] = i
                return True
        return False

    return all(augment(i, set()) for i in range(len(cands)))


def workable(cands: Sequence[int], total: int, used: int = 0) -> list[int]:
    """The digit sets that can fill cells with candidates ``cands`` to add up to ``total``, avoiding ``used``."""
    union = 0
    for m in cands:
        union |= m
    out = []
    for combo in combinations(len(cands), total):
        if combo & used or combo & ~union:
            continue
        if all(m & combo for m in cands) and placeable(cands, combo):
            out.append(combo)
    return out


def cell_options(cands: Sequence[int], combos: Sequence[int]) -> list[int]:
    """For each cell, its candidates that some of ``combos`` places there while the other cells take the rest."""
    out = [0] * len(cands)
    for combo in combos:
        for i, m in enumerate(cands):
            hit = m & combo & ~out[i]
            while hit:
                low = hit & -hit
                hit ^= low
                rest = [cands[j] for j in range(len(cands)) if j != i]
                if placeable(rest, combo & ~low):
                    out[i] |= low
    return out
