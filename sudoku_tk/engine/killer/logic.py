"""The Killer logic solver: the singles, then Killer's own steps, then the classic steps, forcing nets last.

A Killer position is a classic Grid (its candidates) plus the puzzle's cages. Killer's steps read the cages
(cage_steps.py, innies.py); the classic finders (engine/techniques/) run as they are on the candidate grid the
Killer steps leave, which is sound because cages only add constraints: whatever follows from the rows, columns
and boxes alone still holds. A placed digit leaves its row, column and box (``apply_step``) and, here, its cage
mates too (``apply_killer_step``): a cage's cells are peers of each other.

Left out of the classic set, with the reason:

- the uniqueness techniques (Uniqueness Tests, Hidden and Avoidable Rectangles, BUG+1) reason that a pattern
  would give the puzzle two solutions *under the classic rules*; a Killer's cage sums can break such a pattern's
  swap (the two digits of a rectangle need not add up the same in their cages), so the deadly pattern may not be
  deadly and the conclusion may be false;
- the Nested Forcing Net, asked only on puzzles known to have one solution (it is sound, but its search is for
  the classic ones);
- Brute Force: not logic. The solver reports where it stops instead (``KillerPath.solved`` is False).

The singles come first (they are what every other step leads to, and a cage's sentence reads best with the digits
its cells already hold), then Killer's steps from the cheapest, then the classic steps in their solving order up to
the last resorts; then the Killer Forcing Net (forcing.py), which follows the cages as well as the rows, columns
and boxes, and only then the classic forcing chains and nets, which see no cage (slower, and weaker here).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ..board.grid import Grid
from ..solving.logic import SolvePath, apply_step
from ..solving.technique_table import NEEDS_ONE_SOLUTION
from ..steps.step import Family, Step, Technique
from ..techniques import default_techniques, find_hint
from .cages import KillerPuzzle
from .finders import KILLER_FINDERS as KILLER_FINDERS  # Killer's own techniques, in the order they are asked
from .forcing import find_killer_forcing_net

KILLER_TECHNIQUES: tuple[Technique, ...] = tuple(t for t, _ in KILLER_FINDERS) + (Technique.KILLER_FORCING_NET,)
"""Killer's own techniques; the Killer Forcing Net is asked last of all, after the classic steps."""

FIRST_CLASSIC: frozenset[Technique] = frozenset({Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE})
"""The classic steps asked before Killer's own."""


def unsound_for_killer(technique: Technique) -> bool:
    """Is ``technique`` left out of Killer (see the module docstring for why)?"""
    return (
        technique.family is Family.UNIQUENESS or technique in NEEDS_ONE_SOLUTION or technique is Technique.BRUTE_FORCE
    )


def classic_for_killer() -> frozenset[Technique]:
    """The classic techniques the Killer solver asks: the default set less the unsound ones."""
    return frozenset(t for t in default_techniques() if not unsound_for_killer(t))


def start_grid(puzzle: KillerPuzzle) -> Grid:
    """The position before any step: the givens, and candidates with each given's peers and cage mates cleared."""
    grid = Grid.from_values(puzzle.givens)
    cands = list(grid.candidates)
    for cage in puzzle.cages:
        for c in cage.cells:
            v = puzzle.givens[c]
            if v:
                for other in cage.cells:
                    cands[other] &= ~(1 << (v - 1))
    return Grid(grid.geometry, grid.givens, grid.values, tuple(cands), True)


def apply_killer_step(puzzle: KillerPuzzle, grid: Grid, step: Step) -> Grid:
    """``apply_step``, and each placed digit cleared from its cage mates too."""
    after = apply_step(grid, step)
    if not step.placements:
        return after
    cands = list(after.candidates)
    for p in step.placements:
        i = puzzle.cage_of[p.cell]
        if i >= 0:
            for other in puzzle.cages[i].cells:
                cands[other] &= ~(1 << (p.digit - 1))
    return Grid(after.geometry, after.givens, after.values, tuple(cands), True)


def iter_killer_steps(puzzle: KillerPuzzle, grid: Grid, enabled: Iterable[Technique] | None = None) -> Iterator[Step]:
    """Yield Killer's own steps available on ``grid``, technique by technique in solving order."""
    allowed = None if enabled is None else frozenset(enabled)
    for technique, finder in KILLER_FINDERS:
        if allowed is None or technique in allowed:
            yield from finder(puzzle, grid)


def find_killer_hint(
    puzzle: KillerPuzzle, grid: Grid, enabled: Iterable[Technique] | None = None, most: bool = False
) -> Step | None:
    """The next step: a single, else the first Killer step in order, else the first classic step that is sound
    for Killer (``enabled``: the techniques allowed, Killer's and classic; None: all of Killer's and
    ``classic_for_killer()``). ``most``: of the technique that applies, the step that does the most."""
    allowed = None if enabled is None else frozenset(enabled)
    classic = classic_for_killer() if allowed is None else frozenset(t for t in allowed if not unsound_for_killer(t))
    singles = classic & FIRST_CLASSIC
    if singles:
        step = find_hint(grid, singles, unique=False)
        if step is not None:
            return step
    for technique, finder in KILLER_FINDERS:
        if allowed is not None and technique not in allowed:
            continue
        best: Step | None = None
        for step in finder(puzzle, grid):
            if best is None or len(step.eliminations) + len(step.placements) > len(best.eliminations) + len(
                best.placements
            ):
                best = step
            if not most:
                break
        if best is not None:
            return best
    rest = classic - FIRST_CLASSIC
    patterns = frozenset(t for t in rest if t.family is not Family.LAST_RESORT)
    step = find_hint(grid, patterns, unique=False, most=most) if patterns else None
    if step is None and (allowed is None or Technique.KILLER_FORCING_NET in allowed):
        step = next(find_killer_forcing_net(puzzle, grid), None)
    last = rest - patterns
    if step is None and last:
        step = find_hint(grid, last, unique=False, most=most)
    return step


@dataclass(frozen=True, slots=True)
class KillerPath:
    """What the Killer logic solver did, as a classic ``SolvePath`` (for the rating) with its puzzle."""

    puzzle: KillerPuzzle
    path: SolvePath

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.path.steps

    @property
    def solved(self) -> bool:
        return self.path.solved

    @property
    def final(self) -> Grid:
        return self.path.final

    def iter_grids(self) -> Iterator[Grid]:
        """Yield the grid before each step, then the final grid (cage mates cleared as the solver did)."""
        g = self.path.start
        yield g
        for s in self.path.steps:
            g = apply_killer_step(self.puzzle, g, s)
            yield g


def solve_killer_logically(
    puzzle: KillerPuzzle,
    grid: Grid | None = None,
    enabled: Iterable[Technique] | None = None,
    stop: Callable[[], bool] | None = None,
    most: bool = False,
) -> KillerPath:
    """Apply ``find_killer_hint``'s step again and again until the grid is solved, broken or stuck.

    ``grid``: the position to start from (None: ``start_grid(puzzle)``); ``stop``: asked before each step.
    """
    start = start_grid(puzzle) if grid is None else grid
    steps: list[Step] = []
    g = start
    limit = 81 * 9 + 1
    while not g.is_complete() and len(steps) < limit:
        if any(not v and not m for v, m in zip(g.values, g.candidates)):
            break
        if stop is not None and stop():
            break
        step = find_killer_hint(puzzle, g, enabled, most)
        if step is None:
            break
        steps.append(step)
        g = apply_killer_step(puzzle, g, step)
    solved = g.is_complete() and not g.duplicate_problems() and _cages_hold(puzzle, g)
    return KillerPath(puzzle, SolvePath(start, tuple(steps), solved, g, True))


def _cages_hold(puzzle: KillerPuzzle, grid: Grid) -> bool:
    for cage in puzzle.cages:
        digits = [grid.values[c] for c in cage.cells]
        if sum(digits) != cage.total or len(set(digits)) != len(digits):
            return False
    return True
