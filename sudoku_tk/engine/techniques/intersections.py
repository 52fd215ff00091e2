"""Intersections: Locked Candidates (Pointing, Claiming) and Locked Pairs/Triples (any board size).

Locked Candidates: when a digit's places in one unit all lie in the intersection
with a second unit, the digit must go there, so it leaves the rest of the second
unit. Type 1 (Pointing) starts from a box and clears a line; Type 2 (Claiming)
starts from a line and clears a box. Like HoDoKu, a digit with a single place left
is a hidden single, not locked candidates, so 2..box-width places are required.

A Locked Pair/Triple is a naked pair/triple inside a box–line intersection that
clears both the box and the line (found by subsets.iter_naked_sets).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, sentence
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import CandidateIndex, candidate_highlights, effect_highlights, eliminations, index_of, units_containing
from .subsets import iter_naked_sets, naked_step


def _locked_step(
    idx: CandidateIndex, technique: Technique, digit: int, base: int, cover: int, cells: int, elim_cells: int
) -> Step:
    geo = idx.geometry
    ch = geo.digit_char(digit)
    pattern = [(c, digit) for c in bits(cells)]
    elims = [(c, digit) for c in bits(elim_cells)]
    both = "both" if len(pattern) == 2 else "all"
    reason = (
        f"in {geo.unit_name(base)}, {ch} can only go in {cells_text(geo, bits(cells))}, which are {both} in "
        f"{geo.unit_name(cover)}, so {ch} can't go anywhere else in {geo.unit_name(cover)}"
    )
    return Step(
        technique,
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, (), elims)),
        highlights=(
            Highlight(HighlightRole.DEFINING_UNIT, units=(base,)),
            Highlight(HighlightRole.COVER_UNIT, units=(cover,)),
        )
        + candidate_highlights(HighlightRole.PATTERN, pattern)
        + effect_highlights((), elims),
        focus=geo.unit_name(base),
    )


def _find_locked(grid: Grid, technique: Technique, base_units: range) -> Iterator[Step]:
    idx = index_of(grid)
    geo = idx.geometry
    n = idx.side
    # Of a box and a line at most ``box`` cells meet; an extra house meets a box in up to ``side - 1``.
    most = geo.box if geo.is_classic else n - 1
    unit_masks = geo.unit_masks
    for base in base_units:
        bm = unit_masks[base]
        for digit in range(1, n + 1):
            dc = idx.digit_cells[digit]
            cells = dc & bm
            count = cells.bit_count()
            if count < 2 or count > most:
                continue
            for cover in units_containing(geo, cells):
                if cover == base:
                    continue
                elim_cells = dc & unit_masks[cover] & ~bm
                if elim_cells:
                    yield _locked_step(idx, technique, digit, base, cover, cells, elim_cells)


def find_pointing(grid: Grid) -> Iterator[Step]:
    """Yield Locked Candidates Type 1: a digit confined to one line within a box leaves the rest of that line.

    On a variant the base is any box, region or extra house, and the cover any other house holding all its places
    (a box's digit on a diagonal clears the rest of the diagonal; a diagonal's digit inside a box clears the box).
    """
    geo = grid.geometry
    return _find_locked(grid, Technique.LOCKED_CANDIDATES_1, range(2 * geo.side, len(geo.units)))


def find_claiming(grid: Grid) -> Iterator[Step]:
    """Yield Locked Candidates Type 2: a digit confined to one box within a line leaves the rest of that box (on a
    variant: of any house holding those places, such as a window or a diagonal)."""
    n = grid.geometry.side
    return _find_locked(grid, Technique.LOCKED_CANDIDATES_2, range(2 * n))


def _locked_set_finder(technique: Technique, size: int) -> Callable[[Grid], Iterator[Step]]:
    def find(grid: Grid) -> Iterator[Step]:
        idx = index_of(grid)
        for ns in iter_naked_sets(idx, size):
            if ns.locked:
                yield naked_step(idx, technique, ns)

    find.__name__ = f"find_{technique.name.lower()}s"
    find.__doc__ = f"Yield every {technique.display_name}: a naked set in a box-line intersection clearing both."
    return find


find_locked_pairs = _locked_set_finder(Technique.LOCKED_PAIR, 2)
find_locked_triples = _locked_set_finder(Technique.LOCKED_TRIPLE, 3)

FINDERS = (
    (Technique.LOCKED_PAIR, find_locked_pairs),
    (Technique.LOCKED_TRIPLE, find_locked_triples),
    (Technique.LOCKED_CANDIDATES_1, find_pointing),
    (Technique.LOCKED_CANDIDATES_2, find_claiming),
)
