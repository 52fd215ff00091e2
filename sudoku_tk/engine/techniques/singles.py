"""Singles: Full House, Naked Single, Hidden Single, and the peer eliminations a placed digit implies.

These work on any board size. Peer Elimination is what the PEERS assist does by
itself; it is offered as a hint only when the candidates still show a digit that a
placed digit rules out (a player who switched the assist off).
"""

from __future__ import annotations

from typing import Iterator, Tuple

from ..explain import effects_text, sentence
from ..geometry import bits
from ..grid import Grid
from ..step import Highlight, HighlightRole, Step, Technique
from .common import CandidateIndex, effect_highlights, eliminations, index_of, placements


def find_peer_eliminations(grid: Grid) -> Iterator[Step]:
    """Yield, per placed digit, the removal of that digit from peers that still show it."""
    idx = index_of(grid)
    geo = idx.geometry
    for cell, v in enumerate(grid.values):
        if not v:
            continue
        hit = idx.digit_cells[v] & geo.peer_masks[cell]
        if not hit:
            continue
        elims = [(p, v) for p in bits(hit)]
        ch = geo.digit_char(v)
        name = geo.cell_name(cell)
        yield Step(
            Technique.PEER_ELIMINATION,
            eliminations=eliminations(elims),
            explanation=sentence(
                Technique.PEER_ELIMINATION.display_name,
                f"{name} holds {ch}, so no other cell of its row, column or box can hold {ch}",
                effects_text(geo, (), elims),
            ),
            highlights=(Highlight(HighlightRole.CAUSE, (cell,)),) + effect_highlights((), elims),
            focus=name,
        )


def _placement_step(
    technique: Technique,
    idx: CandidateIndex,
    cell: int,
    digit: int,
    reason: str,
    focus: str,
    units: Tuple[int, ...] = (),
) -> Step:
    geo = idx.geometry
    place = [(cell, digit)]
    # The cell itself is the pattern, so the "pattern" rung of a hint has something to show.
    highlights = (Highlight(HighlightRole.PATTERN, (cell,)),) + effect_highlights(place, ())
    if units:
        highlights = (Highlight(HighlightRole.DEFINING_UNIT, units=units),) + highlights
    return Step(
        technique,
        placements=placements(place),
        explanation=sentence(technique.display_name, reason, effects_text(geo, place, ())),
        highlights=highlights,
        focus=focus,
    )


def find_full_houses(grid: Grid) -> Iterator[Step]:
    """Yield a placement for each unit with exactly one empty cell (rows, then columns, then boxes).

    A cell that is the last empty cell of several units is reported once, for its first such unit.
    """
    idx = index_of(grid)
    geo = idx.geometry
    empty = idx.empty
    done = 0
    values = grid.values
    for u, um in enumerate(geo.unit_masks):
        m = empty & um
        if not m or m & (m - 1) or m & done:
            continue
        cell = m.bit_length() - 1
        present = 0
        for c in geo.units[u]:
            if values[c]:
                present |= 1 << (values[c] - 1)
        missing = geo.all_digits & ~present
        if missing.bit_count() != 1 or not grid.candidates[cell] & missing:
            continue  # a broken unit: a digit twice, or the player removed the last digit
        done |= m
        digit = missing.bit_length()
        name = geo.cell_name(cell)
        yield _placement_step(
            Technique.FULL_HOUSE,
            idx,
            cell,
            digit,
            f"{name} is the only empty cell left in {geo.unit_name(u)}, so it takes the one missing digit",
            geo.unit_name(u),
            (u,),
        )


def find_naked_singles(grid: Grid) -> Iterator[Step]:
    """Yield a placement for each empty cell with exactly one candidate left."""
    idx = index_of(grid)
    geo = idx.geometry
    for cell, m in enumerate(grid.candidates):
        if m and not m & (m - 1):
            digit = m.bit_length()
            name = geo.cell_name(cell)
            yield _placement_step(
                Technique.NAKED_SINGLE,
                idx,
                cell,
                digit,
                f"every digit but {geo.digit_char(digit)} is ruled out in {name}",
                name,
            )


def find_hidden_singles(grid: Grid) -> Iterator[Step]:
    """Yield a placement for each digit with one place left in a unit (boxes, then rows, then columns).

    Each (cell, digit) is reported once, for the first unit in that order where it is hidden.
    """
    idx = index_of(grid)
    geo = idx.geometry
    n = geo.side
    unit_masks = geo.unit_masks
    digit_cells = idx.digit_cells
    seen = set()
    # Boxes first: that is where players look for hidden singles first.
    for u in list(range(2 * n, 3 * n)) + list(range(2 * n)):
        um = unit_masks[u]
        for digit in range(1, n + 1):
            m = digit_cells[digit] & um
            if not m or m & (m - 1):
                continue
            cell = m.bit_length() - 1
            if (cell, digit) in seen:
                continue
            seen.add((cell, digit))
            yield _placement_step(
                Technique.HIDDEN_SINGLE,
                idx,
                cell,
                digit,
                f"{geo.cell_name(cell)} is the only cell of {geo.unit_name(u)} that can still hold "
                f"{geo.digit_char(digit)}",
                geo.unit_name(u),
                (u,),
            )


FINDERS = (
    (Technique.PEER_ELIMINATION, find_peer_eliminations),
    (Technique.FULL_HOUSE, find_full_houses),
    (Technique.NAKED_SINGLE, find_naked_singles),
    (Technique.HIDDEN_SINGLE, find_hidden_singles),
)
