"""The labelled brute-force step: one digit read from the solution, when no enabled technique applies.

It is not logic, and says so. It comes last in the solving order, so it is only ever the
hint when everything enabled before it has nothing to offer; with it on, a puzzle with
one solution never leaves the player stuck. It needs the position (the digits and the
candidates as they stand) to have exactly one completion; a position with none (a
mistake) or several (a puzzle without a unique solution) gets nothing.

The cell chosen is the one a player is closest to: fewest candidates, then board order.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.grid import Grid
from ..solving.brute_force import unique_solution
from ..steps.explain import effects_text, sentence
from ..steps.step import Highlight, HighlightRole, Placement, Step, Technique


def find_brute_force(grid: Grid) -> Iterator[Step]:
    """Yield one placement read from the position's unique completion, if it has exactly one."""
    if grid.is_complete():
        return
    solution = unique_solution(grid)
    if solution is None:
        return
    geo = grid.geometry
    empty = [c for c, v in enumerate(grid.values) if not v]
    cell = min(empty, key=lambda c: (grid.candidates[c].bit_count(), c))
    digit = solution[cell]
    name = geo.cell_name(cell)
    reason = (
        f"none of the techniques switched on applies here, so the solution is read instead: "
        f"it puts {geo.digit_char(digit)} in {name}"
    )
    yield Step(
        Technique.BRUTE_FORCE,
        placements=(Placement(cell, digit),),
        explanation=sentence(Technique.BRUTE_FORCE.display_name, reason, effects_text(geo, [(cell, digit)], [])),
        highlights=(Highlight(HighlightRole.PLACEMENT, (cell,), (digit,)),),
        focus=name,
    )


FINDERS = ((Technique.BRUTE_FORCE, find_brute_force),)
