"""Which step a hint teaches: the first one beyond what the assists already do, with the singles as fallback.

The assists carry out some techniques themselves (``skipped_by_assists``), so a
hint looks past them unless nothing else applies; ``choose_step`` also prefers a
single when the step found would lean on a cell that is itself a naked single.
"""

from __future__ import annotations

from typing import FrozenSet, Iterable, Optional

from sudoku_tk.engine.grid import Grid
from sudoku_tk.engine.propagation import Assist
from sudoku_tk.engine.step import Step, Technique
from sudoku_tk.engine.techniques import default_techniques, find_hint, implemented, iter_steps

from .hint_texts import CONCLUSION_ROLES


def skipped_by_assists(assists: Iterable[Assist]) -> FrozenSet[Technique]:
    """The techniques the assists already carry out, which the ladder looks past.

    >>> sorted(t.name for t in skipped_by_assists({Assist.HIDDEN_SINGLES}))
    ['FULL_HOUSE', 'HIDDEN_SINGLE']
    """
    on = frozenset(assists)
    skipped = set()
    if Assist.PEERS in on:
        skipped.add(Technique.PEER_ELIMINATION)
    if Assist.NAKED_SINGLES in on:
        skipped.add(Technique.NAKED_SINGLE)
    if Assist.HIDDEN_SINGLES in on:
        skipped.add(Technique.HIDDEN_SINGLE)
    if on & {Assist.NAKED_SINGLES, Assist.HIDDEN_SINGLES}:
        skipped.add(Technique.FULL_HOUSE)  # a full house is both a naked and a hidden single
    return frozenset(skipped)


def choose_step(
    grid: Grid, assists: Iterable[Assist], unique: bool, enabled: Optional[FrozenSet[Technique]] = None
) -> Optional[Step]:
    """The step a hint teaches: the first beyond what the assists do, else the first of those, else None.

    The assists leave the starting grid's singles to the player, so a step beyond the
    singles can lean on a cell that is itself a naked single (a "Locked Pair" of a
    single 3 and a 3/9 cell). That teaches a muddled pattern; the single is the honest
    hint then, and is given instead.

    Args:
        enabled: the techniques the player allows (None: the default set).
    """
    allowed = frozenset(default_techniques()) if enabled is None else enabled
    skipped = skipped_by_assists(assists) & allowed
    # Brute Force reads the solution: it is the hint only when nothing else does, the singles included.
    beyond = [t for t in implemented() if t in allowed and t not in skipped and t is not Technique.BRUTE_FORCE]
    step = find_hint(grid, beyond, unique)
    if step is None:
        single = find_hint(grid, skipped, unique) if skipped else None
        if single is None and Technique.BRUTE_FORCE in allowed:
            return find_hint(grid, [Technique.BRUTE_FORCE], unique)
        return single
    if skipped:
        singles = _naked_single_cells(grid, step)
        if singles:
            for single in iter_steps(grid, skipped, unique):
                if any(p.cell in singles for p in single.placements):
                    return single
    return step


def _naked_single_cells(grid: Grid, step: Step) -> FrozenSet[int]:
    """Empty cells of the step's pattern that hold a single candidate."""
    cells = {c for h in step.highlights if h.role not in CONCLUSION_ROLES for c in h.cells}
    return frozenset(c for c in cells if not grid.values[c] and len(grid.candidate_set(c)) == 1)
