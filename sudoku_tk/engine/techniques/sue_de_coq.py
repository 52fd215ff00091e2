"""Sue de Coq on 9×9 boards (HoDoKu's definition, with its extended form).

Take the empty cells C (two or three of them) where a box meets a line, holding at
least |C| + 2 digits between them. Add a set L of cells from the rest of the line and
a set B from the rest of the box, such that L and B share no digit and the cells of
C, L and B together hold exactly as many digits as there are cells.

Why it works: C and L lie in one line, so their digits differ; C and B lie in one box,
so theirs differ too; and L and B cannot repeat a digit because they share none. So
all the cells hold different digits, and with as many digits as cells each digit sits
in exactly one of them. A digit of L can then only be in C or L, both in the line; a
digit of B only in C or B, both in the box; and a digit of C in neither L nor B can
only be in C. Hence:

- every digit of L leaves the rest of the line (outside C and L),
- every digit of B leaves the rest of the box (outside C and B),
- every digit of C that is in neither leaves both.

L and B may hold several cells each and digits that C lacks (the extended form), as
long as the count still comes out even. Patterns with the fewest cells come first.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import Cell, bits, digits_of
from ..board.grid import Grid
from ..steps.explain import cells_text, eliminations_text, mask_text, sentence, unit_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import (
    CandidateIndex,
    Once,
    candidate_highlights,
    eliminations,
    eliminations_from_mask,
    index_of,
    only_9x9,
)

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

Subset = tuple[int, int, int]
"""(cell mask, number of cells, digit mask) of a set of cells."""

_Found = tuple[int, int, int, int, int, int, int, int]
"""(cells in the pattern, line, box, C, L, B, line eliminations, box eliminations) — sortable."""


def _subsets(idx: CandidateIndex, cells_mask: int) -> list[Subset]:
    """Every non-empty subset of the cells in ``cells_mask``, each with its size and digits."""
    out: list[Subset] = [(0, 0, 0)]
    cands = idx.candidates
    for cell in bits(cells_mask):
        bit = 1 << cell
        m = cands[cell]
        out += [(cm | bit, n + 1, dm | m) for cm, n, dm in out]
    return out[1:]


def _by_gain(subsets: list[Subset], vc: int, most: int) -> dict[int, list[Subset]]:
    """The subsets that bring ``g`` (1 ≤ g ≤ most) fewer new digits than cells, grouped by ``g``.

    A subset of n cells holding x digits outside C (the digit mask ``vc``) adds n cells and x
    digits to the pattern: it closes ``n - x`` of the gap between C's digits and C's cells.
    """
    out: dict[int, list[Subset]] = {}
    outside = ~vc
    for sub in subsets:
        dm = sub[2]
        if not dm & vc:
            continue
        g = sub[1] - (dm & outside).bit_count()
        if 1 <= g <= most:
            out.setdefault(g, []).append(sub)
    return out


@only_9x9
def find_sue_de_coq(grid: Grid) -> Iterator[Step]:
    """Yield Sue de Coq steps, patterns with the fewest cells first, each set of eliminations once."""
    idx = index_of(grid)
    geo = idx.geometry
    um = geo.unit_masks
    empty = idx.empty
    cands = idx.candidates
    found: list[_Found] = []
    for box in range(18, 27):
        box_mask = um[box] & empty
        if box_mask.bit_count() < 3:
            continue
        first = bits(um[box])[0]
        r0, c0 = divmod(first, 9)
        for line in (r0, r0 + 1, r0 + 2, 9 + c0, 10 + c0, 11 + c0):
            line_mask = um[line] & empty
            inter = box_mask & line_mask
            if inter.bit_count() < 2:
                continue
            line_rest = line_mask & ~inter
            box_rest = box_mask & ~inter
            if not line_rest or not box_rest:
                continue
            line_subs: list[Subset] | None = None
            box_subs: list[Subset] | None = None
            for cm in _intersection_sets(inter):
                vc = 0
                for cell in bits(cm):
                    vc |= cands[cell]
                k = cm.bit_count()
                gap = vc.bit_count() - k
                if gap < 2:
                    continue
                if line_subs is None or box_subs is None:
                    line_subs = _subsets(idx, line_rest)
                    box_subs = _subsets(idx, box_rest)
                lines = _by_gain(line_subs, vc, gap - 1)
                if not lines:
                    continue
                boxes = _by_gain(box_subs, vc, gap - 1)
                for g, lsubs in lines.items():
                    for lm, ln, ld in lsubs:
                        for bm, bn, bd in boxes.get(gap - g, ()):
                            if ld & bd:
                                continue
                            only_c = vc & ~(ld | bd)
                            line_elim = ld | only_c
                            box_elim = bd | only_c
                            if not (
                                _hits(cands, line_mask & ~(cm | lm), line_elim)
                                or _hits(cands, box_mask & ~(cm | bm), box_elim)
                            ):
                                continue
                            found.append((k + ln + bn, line, box, cm, lm, bm, line_elim, box_elim))
    found.sort()
    once = Once()
    for n, line, box, cm, lm, bm, line_elim, box_elim in found:
        pairs = eliminations_from_mask(idx, um[line] & empty & ~(cm | lm), line_elim)
        pairs += eliminations_from_mask(idx, um[box] & empty & ~(cm | bm), box_elim)
        elims = eliminations(pairs)
        key = frozenset((e.cell, e.digit) for e in elims)
        if not once.first(key):
            continue
        yield _step(idx, n, line, box, cm, lm, bm, [(e.cell, e.digit) for e in elims])


def _intersection_sets(inter: int) -> list[int]:
    """The sets of two or more cells of a box/line intersection: all of them first, then the pairs."""
    cells = bits(inter)
    if len(cells) == 2:
        return [inter]
    a, b, c = (1 << x for x in cells)
    return [inter, a | b, a | c, b | c]


def _hits(cands: tuple[int, ...], cells_mask: int, digit_mask: int) -> bool:
    """Does any cell of ``cells_mask`` hold a digit of ``digit_mask``?"""
    return any(cands[cell] & digit_mask for cell in bits(cells_mask))


def _step(
    idx: CandidateIndex,
    n: int,
    line: int,
    box: int,
    cm: int,
    lm: int,
    bm: int,
    elims: list[tuple[Cell, int]],
) -> Step:
    geo = idx.geometry
    c_cells, l_cells, b_cells = bits(cm), bits(lm), bits(bm)
    vc, ld, bd = idx.digits_in(cm), idx.digits_in(lm), idx.digits_in(bm)
    taken = (ld | bd) & vc
    added = (ld | bd) & ~vc
    take = f"take {_WORDS[taken.bit_count()]} of them"
    if added:
        take += f" and add {mask_text(geo, added, 'and')}"
    reason = (
        f"{cells_text(geo, c_cells)} hold {mask_text(geo, vc, 'and')}; "
        f"{_holds(idx, l_cells, ld)} in {unit_text(geo, line)} and {_holds(idx, b_cells, bd)} in "
        f"{unit_text(geo, box)} {take}, so the {_WORDS[n]} cells share out exactly {_WORDS[n]} digits"
    )
    highlights = (
        Highlight(HighlightRole.PATTERN, tuple(c_cells)),
        Highlight(HighlightRole.COLOR_A, tuple(sorted(c_cells + l_cells)), tuple(digits_of(ld))),
        Highlight(HighlightRole.COLOR_B, tuple(sorted(c_cells + b_cells)), tuple(digits_of(bd))),
        Highlight(HighlightRole.DEFINING_UNIT, units=(line, box)),
    ) + candidate_highlights(HighlightRole.ELIMINATION, elims)
    return Step(
        Technique.SUE_DE_COQ,
        eliminations=eliminations(elims),
        explanation=sentence(Technique.SUE_DE_COQ.display_name, reason, eliminations_text(geo, elims)),
        highlights=highlights,
        focus=f"{unit_text(geo, line)} and {unit_text(geo, box)}",
    )


def _holds(idx: CandidateIndex, cells: list[Cell], digits: int) -> str:
    """'r2c7 (1 or 5)' or 'r2c7 and r2c8 (1, 5 or 7)'."""
    return f"{cells_text(idx.geometry, cells)} ({mask_text(idx.geometry, digits)})"


FINDERS = ((Technique.SUE_DE_COQ, find_sue_de_coq),)
