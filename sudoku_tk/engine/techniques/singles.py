"""Singles: Full House, Naked Single, Hidden Single, and the peer eliminations a placed digit implies.

These work on any board size. Peer Elimination is what the PEERS assist does by
itself; it is offered as a hint only when the candidates still show a digit that a
placed digit rules out (a player who switched the assist off).
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import Geometry, bits
from ..board.grid import Grid
from ..steps.explain import peer_elimination_text, single_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import Once, effect_highlights, eliminations, index_of, placements


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
        peers = list(bits(hit))
        elims = [(p, v) for p in peers]
        yield Step(
            Technique.PEER_ELIMINATION,
            eliminations=eliminations(elims),
            explanation=peer_elimination_text(geo, cell, v, peers),
            highlights=(Highlight(HighlightRole.CAUSE, (cell,)),) + effect_highlights((), elims),
            focus=geo.cell_name(cell),
        )


def _placement_step(technique: Technique, geo: Geometry, cell: int, digit: int, unit: int | None = None) -> Step:
    """The Step of a single found in ``unit`` (None: a naked single, found in the cell itself)."""
    place = [(cell, digit)]
    # The cell itself is the pattern, so the "pattern" rung of a hint has something to show.
    highlights = (Highlight(HighlightRole.PATTERN, (cell,)),) + effect_highlights(place, ())
    if unit is not None:
        highlights = (Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),) + highlights
    return Step(
        technique,
        placements=placements(place),
        explanation=single_text(geo, technique, cell, digit, unit),
        highlights=highlights,
        focus=geo.cell_name(cell) if unit is None else geo.unit_name(unit),
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
        yield _placement_step(Technique.FULL_HOUSE, geo, cell, missing.bit_length(), u)


def find_naked_singles(grid: Grid) -> Iterator[Step]:
    """Yield a placement for each empty cell with exactly one candidate left."""
    geo = grid.geometry
    for cell, m in enumerate(grid.candidates):
        if m and not m & (m - 1):
            yield _placement_step(Technique.NAKED_SINGLE, geo, cell, m.bit_length())


def find_hidden_singles(grid: Grid) -> Iterator[Step]:
    """Yield a placement for each digit with one place left in a unit (boxes, then rows, then columns).

    Each (cell, digit) is reported once, for the first unit in that order where it is hidden.
    """
    idx = index_of(grid)
    geo = idx.geometry
    n = geo.side
    unit_masks = geo.unit_masks
    digit_cells = idx.digit_cells
    once = Once()
    # Boxes first: that is where players look for hidden singles first.
    for u in [*range(2 * n, 3 * n), *range(2 * n), *geo.extra_units]:
        um = unit_masks[u]
        for digit in range(1, n + 1):
            m = digit_cells[digit] & um
            if not m or m & (m - 1):
                continue
            cell = m.bit_length() - 1
            if not once.first((cell, digit)):
                continue
            yield _placement_step(Technique.HIDDEN_SINGLE, geo, cell, digit, u)


FINDERS = (
    (Technique.PEER_ELIMINATION, find_peer_eliminations),
    (Technique.FULL_HOUSE, find_full_houses),
    (Technique.NAKED_SINGLE, find_naked_singles),
    (Technique.HIDDEN_SINGLE, find_hidden_singles),
)
