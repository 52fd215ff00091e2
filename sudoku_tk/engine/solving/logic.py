"""The logic solver and the hint entry point: Steps applied one after another, and a check of the player's position.

``solve_logically(grid)`` asks the technique registry for the first Step in solving
order, applies it, and repeats until the grid is solved or no enabled technique
applies (stuck). Uniqueness techniques are used only when the givens have exactly
one solution. ``next_hint`` is what the app asks for: it first compares the player's
position with the unique solution, so a wrong digit or a removed true candidate is
reported (as a ``Mistake``) before any reasoning from a broken position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from ..board.geometry import Cell, Digit
from ..board.grid import Grid
from ..steps.step import Step, Technique
from ..techniques import find_hint
from .brute_force import count_solutions, unique_solution


def apply_step(grid: Grid, step: Step) -> Grid:
    """The grid after ``step``: placements filled in (and removed from their peers' candidates), eliminations removed.

    Raises:
        ValueError: a placement on a filled cell.
    """
    geo = grid.geometry
    values = list(grid.values)
    cands = list(grid.candidates)
    peers = geo.mates  # a Killer's cage mates too
    for p in step.placements:
        if values[p.cell]:
            raise ValueError(f"{geo.cell_name(p.cell)} is already filled; can't place {p.digit} there")
        values[p.cell] = p.digit
        cands[p.cell] = 0
        clear = ~(1 << (p.digit - 1))
        for q in peers[p.cell]:
            cands[q] &= clear
    for e in step.eliminations:
        cands[e.cell] &= ~(1 << (e.digit - 1))
    return Grid(geo, grid.givens, tuple(values), tuple(cands), True)


@dataclass(frozen=True, slots=True)
class SolvePath:
    """What the logic solver did: the Steps in order, whether it finished, and the grid where it stopped."""

    start: Grid
    steps: tuple[Step, ...]
    solved: bool
    final: Grid
    """The solved grid, or the grid at the point where no enabled technique applied."""
    unique: bool
    """The givens have exactly one solution (so uniqueness techniques were allowed)."""

    @property
    def stuck(self) -> bool:
        return not self.solved

    def iter_grids(self) -> Iterator[Grid]:
        """Yield the grid before each step, then the final grid (len(steps) + 1 grids)."""
        g = self.start
        yield g
        for s in self.steps:
            g = apply_step(g, s)
            yield g

    def techniques(self) -> tuple[Technique, ...]:
        return tuple(s.technique for s in self.steps)


def has_unique_solution(grid: Grid) -> bool:
    """Do the givens of ``grid`` have exactly one solution?"""
    return count_solutions(grid.givens_only(), 2) == 1


def _is_broken(grid: Grid) -> bool:
    """Has an empty cell lost every candidate?"""
    return any(not v and not m for v, m in zip(grid.values, grid.candidates))


def solve_logically(
    grid: Grid,
    enabled: Iterable[Technique] | None = None,
    unique: bool | None = None,
    stop: Callable[[], bool] | None = None,
    most: bool = False,
) -> SolvePath:
    """Apply the first available Step again and again until the grid is solved or stuck.

    Args:
        grid: the start, with its candidates as they are (a player's pencil marks are respected).
        enabled: the techniques allowed (None: every implemented one).
        unique: whether the givens have exactly one solution; None asks the brute-force solver.
        stop: asked before each step; when it says True the path so far is returned (not solved).
        most: of the first technique that applies, take the step that does the most (``find_hint``): the path a
            player is shown; ratings take the first step.
    """
    if unique is None:
        unique = has_unique_solution(grid)
    allowed = None if enabled is None else frozenset(enabled)
    known_unique = unique
    return solve_with(grid, lambda g: find_hint(g, allowed, known_unique, most), unique, stop)


def solve_with(
    grid: Grid, choose: Callable[[Grid], Step | None], unique: bool, stop: Callable[[], bool] | None = None
) -> SolvePath:
    """The solving loop: apply ``choose``'s step again and again until the grid is solved, broken or stuck.

    ``solve_logically`` chooses the first step in solving order; the SE estimate (engine/rating/se.py) the easiest by
    SE value. ``stop``: asked before each step; when it says True the path so far is returned (not solved).
    """
    steps: list[Step] = []
    g = grid
    # Every Step removes at least one candidate, so this bound is never reached by a correct finder.
    limit = grid.geometry.ncells * grid.geometry.side + 1
    while not g.is_complete() and not _is_broken(g) and len(steps) < limit:
        if stop is not None and stop():
            break
        step = choose(g)
        if step is None:
            break
        steps.append(step)
        g = apply_step(g, step)
    solved = g.is_complete() and not g.duplicate_problems()
    return SolvePath(grid, tuple(steps), solved, g, unique)


# -- the player's position ------------------------------------------------------------------------------------


class MistakeKind(Enum):
    """How a player's position departs from the solution."""

    WRONG_DIGIT = "wrong digit"
    """A placed digit that is not the solution's."""
    REMOVED_CANDIDATE = "removed candidate"
    """An empty cell no longer shows the digit the solution puts there."""


@dataclass(frozen=True, slots=True)
class Mistake:
    """The first thing wrong with a player's position: which cell, which digit, and a sentence saying so."""

    kind: MistakeKind
    cell: Cell
    digit: Digit
    """The wrongly placed digit, or the true candidate that was removed."""
    message: str


def diagnose(grid: Grid, solution: Sequence[int]) -> Mistake | None:
    """Compare a position with the puzzle's solution: the first wrong placed digit, else the first removed true
    candidate (cells in board order), else None."""
    geo = grid.geometry
    for cell, (v, s) in enumerate(zip(grid.values, solution)):
        if v and v != s and not grid.givens[cell]:
            name = geo.cell_name(cell)
            return Mistake(
                MistakeKind.WRONG_DIGIT,
                cell,
                v,
                f"{name} holds {geo.digit_char(v)}, but that is not the digit that belongs there",
            )
    for cell, (v, m, s) in enumerate(zip(grid.values, grid.candidates, solution)):
        if not v and not m >> (s - 1) & 1:
            name = geo.cell_name(cell)
            return Mistake(
                MistakeKind.REMOVED_CANDIDATE,
                cell,
                s,
                f"{geo.digit_char(s)} was removed from {name}, but {name} needs it: put the candidate back",
            )
    return None


Hint = Mistake | Step


def next_hint(
    grid: Grid, enabled: Iterable[Technique] | None = None, solution: Sequence[int] | None = None
) -> Hint | None:
    """The hint for a player's position: a Mistake if the position departs from the unique solution, else the
    first Step in solving order, else None (stuck, or nothing left to do).

    Args:
        solution: the puzzle's unique solution if the caller has it; None computes it from the givens
            (no unique solution: no diagnosis, and no uniqueness techniques).
    """
    if solution is None:
        solution = unique_solution(grid.givens_only())
    if solution is not None:
        mistake = diagnose(grid, solution)
        if mistake is not None:
            return mistake
    return find_hint(grid, enabled, unique=solution is not None)
