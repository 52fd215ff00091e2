"""Which step a hint teaches: the first step of the solution path, so the hint, the panel's path and the CLI agree.

The assists carry out some techniques themselves (``skipped_by_assists``): the
lists of every step put those last. The hint itself is ``choose_step``: the first
step the logic solver takes on the board, a single left on the board included.
"""

from __future__ import annotations

from collections.abc import Iterable

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.steps.step import Step, Technique
from sudoku_tk.engine.techniques import default_techniques, find_hint, implemented


def skipped_by_assists(assists: Iterable[Assist]) -> frozenset[Technique]:
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
    grid: Grid, assists: Iterable[Assist], unique: bool, enabled: frozenset[Technique] | None = None
) -> Step | None:
    """The step a hint teaches: the first step the logic solver would take on this board, or None.

    Of the first technique that applies, the step that removes (or places) the most for its length
    (``find_hint(most=True)``): a player learns more from it.

    That is the first step of the solution path and what ``sudoku-tk hint`` prints for the same board.
    The assists place only the singles a move brings about: the starting grid's singles are the
    player's, so they come first, as the easiest step a newcomer can take (and a pattern beyond
    them never leans on a cell that is itself a single). ``assists`` is kept for callers; the board
    already shows what the assists did.

    Args:
        enabled: the techniques the player allows (None: the default set).
    """
    allowed = frozenset(default_techniques()) if enabled is None else enabled
    # Brute Force reads the solution: it is the hint only when nothing else applies.
    logical = [t for t in implemented() if t in allowed and t is not Technique.BRUTE_FORCE]
    step = find_hint(grid, logical, unique, most=True)
    if step is None and Technique.BRUTE_FORCE in allowed:
        return find_hint(grid, [Technique.BRUTE_FORCE], unique)
    return step
