"""Law of Leftovers (Jigsaw): the cells some whole lines and as many whole regions do not share hold the same digits.

Take ``k`` whole rows (or columns) from an edge of the board and the ``k`` regions that overlap them most. Both hold
each digit exactly ``k`` times, and they share their common cells, so the multiset of digits in the lines' cells
outside the regions (the *innies*, here "leftovers of the rows") equals the multiset in the regions' cells outside
the lines (the *outies*). Hence every innie holds a digit some outie can hold, and the other way round: each loses
the candidates that no cell on the other side still has. With one innie and one outie the two cells hold the same
digit. (SudokuWiki, "Jigsaw Sudoku: Law of Leftovers", explains it the same way.)

Only Jigsaw boards have leftovers: with square boxes, whole bands are whole boxes and nothing is left over. Groups
of up to ``MOST`` cells a side are reported, where a player can follow the argument.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, join_words, mask_text, sentence, units_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import Once, candidate_highlights, effect_highlights, eliminations

MOST = 3
"""The most innies (and outies) a reported step has."""


def find_law_of_leftovers(grid: Grid) -> Iterator[Step]:
    """Yield each Law of Leftovers step: whole lines from an edge against the regions that overlap them most."""
    geo = grid.geometry
    if geo.square_boxes:
        return
    n = geo.side
    um = geo.unit_masks
    values, cands = grid.values, grid.candidates
    possible = [1 << (v - 1) if v else m for v, m in zip(values, cands)]
    once = Once()
    for kind in (0, 1):
        for k in range(1, n // 2 + 1):
            for first in (0, n - k):
                lines = [kind * n + i for i in range(first, first + k)]
                inside = 0
                for u in lines:
                    inside |= um[u]
                overlap = sorted(range(2 * n, 3 * n), key=lambda r: (-(um[r] & inside).bit_count(), r))
                regions = sorted(overlap[:k])
                covered = 0
                for r in regions:
                    covered |= um[r]
                innies, outies = inside & ~covered, covered & ~inside
                if not innies or innies.bit_count() > MOST:
                    continue
                step = _step(grid, possible, lines, regions, bits(innies), bits(outies))
                if step is not None and once.first(step.eliminations):
                    yield step


def _step(
    grid: Grid, possible: list[int], lines: list[int], regions: list[int], innies: list[int], outies: list[int]
) -> Step | None:
    geo = grid.geometry
    cands = grid.candidates
    inn = out = 0
    for c in innies:
        inn |= possible[c]
    for c in outies:
        out |= possible[c]
    elims = [
        (c, d) for c in innies for d in range(1, geo.side + 1) if cands[c] >> (d - 1) & 1 and not out >> (d - 1) & 1
    ]
    elims += [
        (c, d) for c in outies for d in range(1, geo.side + 1) if cands[c] >> (d - 1) & 1 and not inn >> (d - 1) & 1
    ]
    if not elims:
        return None
    k = len(lines)
    times = "once" if k == 1 else "twice" if k == 2 else f"{k} times"
    sides = join_words(
        [f"{geo.cell_name(c)} can only hold {mask_text(geo, out)}" for c in innies if cands[c] & ~out]
        + [f"{geo.cell_name(c)} can only hold {mask_text(geo, inn)}" for c in outies if cands[c] & ~inn]
    )
    line_text, region_text = units_text(geo, lines), units_text(geo, regions)
    reason = (
        f"{line_text} and {region_text} each hold every digit {times}, so the cells of {line_text} outside "
        f"{region_text} ({cells_text(geo, innies)}) hold the same {'digit' if len(innies) == 1 else 'digits'} as "
        f"the cells of {region_text} outside {line_text} ({cells_text(geo, outies)}): {sides}"
    )
    pattern = [(c, d) for c in innies + outies for d in range(1, geo.side + 1) if possible[c] >> (d - 1) & 1]
    return Step(
        Technique.LAW_OF_LEFTOVERS,
        eliminations=eliminations(elims),
        explanation=sentence(Technique.LAW_OF_LEFTOVERS.display_name, reason, effects_text(geo, (), elims)),
        highlights=(
            Highlight(HighlightRole.DEFINING_UNIT, units=tuple(lines)),
            Highlight(HighlightRole.COVER_UNIT, units=tuple(regions)),
        )
        + candidate_highlights(HighlightRole.PATTERN, pattern)
        + effect_highlights((), elims),
        focus=units_text(geo, lines),
    )


FINDERS = ((Technique.LAW_OF_LEFTOVERS, find_law_of_leftovers),)
