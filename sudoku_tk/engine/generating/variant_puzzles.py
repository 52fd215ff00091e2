"""Puzzles for the variants (Sudoku X, Windoku, Jigsaw): a random full grid of the variant, then givens removed.

The classic generator shuffles a fixed pattern (generator.py), which would break a variant's extra houses; here a
random solution comes from the brute-force search seeded with a few random givens, and ``minimize`` (generator.py)
removes givens on the variant's geometry while the solution stays unique. A Jigsaw's random region map may have no
solution at all (about a third do): after a few seeds another map is drawn.

``generate_variant_puzzle`` keeps the ones the logic solver finishes without Brute Force: what ``sudoku-tk generate
--variant`` prints. At a level it uses the classic level search's cheap look (``level_look``, level_search.py: the
techniques up to the level, the path given up once its score passes the level's ceiling) and, because minimal
variant puzzles are mostly extreme, walks a puzzle that rates above the level down to it by giving back digits of its
solution (``variant_at_level``). ``generate_variant_at_level`` is the same for the app's worker (a ``Generated``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ..board.geometry import JIGSAW, KILLER, Geometry, variant_geometry
from ..board.grid import Grid
from ..formats.puzzle_text import puzzle_text
from ..rating.score import SCORES, Level, Rating, rate_with_estimate
from ..solving.brute_force import SearchStopped, solve
from ..solving.logic import SolvePath
from ..solving.search_limits import node_budget
from .generator import Symmetry, minimize, symmetry_groups
from .level_search import Generated, Seed, level_look, seed_rng

_SEEDS = 11
"""Random givens that seed a solution: enough to make it random, few enough to leave one almost always."""

_SEED_NODES = 800
"""How long one seed's search may take before another seed is tried, in ``stop`` calls (``node_budget``: about
51,000 nodes, some 0.3 s here, and the same search on any machine, so a seed always makes the same puzzle)."""


def random_variant_solution(rng: random.Random, geometry: Geometry) -> tuple[int, ...]:
    """A random complete grid of ``geometry`` (every house holding each digit once). A Jigsaw's region map may have
    none at all: this one then never returns (``bounded_variant_solution`` gives up instead)."""
    while True:
        found = bounded_variant_solution(rng, geometry, 1)
        if found is not None:
            return found


def bounded_variant_solution(rng: random.Random, geometry: Geometry, attempts: int) -> tuple[int, ...] | None:
    """``random_variant_solution`` with at most ``attempts`` seeds (each searched ``_SEED_NODES`` at most): None
    when none gave a solution."""
    for _ in range(attempts):
        values = [0] * geometry.ncells
        cells = list(range(geometry.ncells))
        rng.shuffle(cells)
        for cell in cells[:_SEEDS]:
            cands = Grid.from_values(values, geometry=geometry).candidates[cell]
            digits = [d for d in range(1, geometry.side + 1) if cands >> (d - 1) & 1]
            if digits:
                values[cell] = rng.choice(digits)
        try:  # a seed that leaves no solution can take long to refute: another seed is quicker
            found = solve(Grid.from_values(values, geometry=geometry), stop=node_budget(_SEED_NODES))
        except SearchStopped:
            continue
        if found is not None:
            return found
    return None


def random_regions(rng: random.Random, box: int = 3, swaps: int = 300) -> tuple[int, ...]:
    """A random Jigsaw region map (each cell's 0-based region): the square boxes, then ``swaps`` tries at trading
    cells between two regions that touch (a cell of one joins the other, a cell of that one joins the first), kept
    when both stay in one piece: every region keeps ``box * box`` cells and stays connected."""
    n = box * box
    region = [(c // n // box) * box + (c % n) // box for c in range(n * n)]

    def connected(r: int) -> bool:
        cells = {c for c in range(n * n) if region[c] == r}
        start = next(iter(cells))
        seen, todo = {start}, [start]
        while todo:
            for nb in _neighbours(todo.pop(), n):
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        return seen == cells

    for _ in range(swaps):
        a = rng.randrange(n * n)
        ra, rb = region[a], region[rng.choice(_neighbours(a, n))]
        if ra == rb:
            continue
        # a joins the neighbour's region rb, and a cell c of rb next to ra (not through a) joins ra
        options = [
            c for c in range(n * n) if region[c] == rb and any(region[x] == ra and x != a for x in _neighbours(c, n))
        ]
        if not options:
            continue
        c = rng.choice(options)
        region[a], region[c] = rb, ra
        if not (connected(ra) and connected(rb)):
            region[a], region[c] = ra, rb
    first_seen = list(dict.fromkeys(region))  # numbered in reading order, as a region map is read back
    return tuple(first_seen.index(r) for r in region)


def _neighbours(c: int, n: int) -> list[int]:
    row, col = divmod(c, n)
    out = []
    if row:
        out.append(c - n)
    if row < n - 1:
        out.append(c + n)
    if col:
        out.append(c - 1)
    if col < n - 1:
        out.append(c + 1)
    return out


def generate_variant(rng: random.Random, geometry: Geometry, symmetry: Symmetry = Symmetry.ROTATIONAL) -> Grid:
    """A unique puzzle of ``geometry``'s variant, minimal for ``symmetry``."""
    solution = random_variant_solution(rng, geometry)
    return Grid.from_values(minimize(solution, symmetry, rng, geometry), geometry=geometry)


@dataclass(frozen=True, slots=True)
class VariantPuzzle:
    """A generated variant puzzle with its rating (its logic path, without Brute Force, solves it)."""

    grid: Grid
    rating: Rating
    tries: int = 1
    """How many minimal puzzles were made to find it."""
    added: int = 0
    """How many givens were given back to a minimal puzzle to bring it down to its level (0: it is minimal)."""

    def line(self) -> str:
        """The puzzle as one line: the 81 givens, and on a Jigsaw a space and the region map (regions 1–9); a Killer
        in its text form (givens when there are any, the cage map and the sums)."""
        if self.grid.geometry.cages:
            return puzzle_text(self.grid).splitlines()[-1]
        text = self.grid.to_string()
        region_of = self.grid.geometry.region_of
        if region_of is not None:
            text += " " + "".join(str(r + 1) for r in region_of)
        return text


_LEVELS = tuple(Level)
BRANCHES = 4
"""How many cells are tried, one after another, when giving back a group of givens made the puzzle jump past the
level: a narrow level (unfair) is often stepped over by one cell and landed on by another."""
LOOK_CAP = 12_000
"""The score past which an extreme path is walked down like a harder one: a few forcing nets at most, so that
the look, and the hints of the game, stay quick (a Forcing Net scores 700, a Nested Forcing Net 1500)."""


def variant_at_level(
    rng: random.Random,
    geometry: Geometry,
    solution: Sequence[int],
    level: Level,
    symmetry: Symmetry = Symmetry.ROTATIONAL,
    stop: Callable[[], bool] | None = None,
) -> VariantPuzzle | None:
    """One try at a unique puzzle with ``solution`` on ``geometry`` that the default logic path rates ``level``
    without Brute Force.

    A minimal puzzle is made (givens of ``solution`` removed in random order) and looked at with ``level_look``
    (level_search.py: only the techniques up to the level, the path given up once its score passes the level's
    ceiling). At the level, it is kept; below it, the try fails. Above it (stuck, or cut), digits of the solution
    are given back, a symmetry group at a time, in a cell still empty where the look stopped, and the puzzle is
    looked at again: each given takes steps off the path, so it comes down level by level, and is kept when it
    lands on ``level``; a group that makes it jump past the level is taken back and another cell tried (up to
    ``BRANCHES``). Minimal puzzles of the variants are mostly extreme (the
    extra houses let few givens make a puzzle unique), so the easier levels come this way, as printed easy
    puzzles do: with more givens than a minimal one. None when the try fails or ``stop`` says so.
    """
    minimal = minimize(solution, symmetry, rng, geometry)
    groups = {c: group for group in symmetry_groups(geometry, symmetry) for c in group}
    cap = LOOK_CAP if level is Level.EXTREME else None
    givens = list(minimal)
    look = level_look(Grid.from_values(givens, geometry=geometry), level, stop, cap)
    while look.compared == 1:
        stopped = _where_harder(look.path, level)
        empty = [c for c in range(geometry.ncells) if not stopped.values[c]]
        rng.shuffle(empty)
        for cell in empty[:BRANCHES]:
            trial = list(givens)
            for c in groups[cell]:
                trial[c] = solution[c]
            trial_look = level_look(Grid.from_values(trial, geometry=geometry), level, stop, cap)
            if trial_look.compared != -1:  # at the level, still above it, or stopped: go on from here
                givens, look = trial, trial_look
                break
        else:
            return None  # every cell tried made it jump past the level
    if look.compared != 0:
        return None
    added = sum(1 for a, b in zip(givens, minimal, strict=True) if a != b)
    return VariantPuzzle(look.path.start, rate_with_estimate(look.path), 1, added)


TRIES_PER_SOLUTION = 4
"""Minimal puzzles made from one solution (each its own random order of removal) before a new solution is drawn: a
Jigsaw's solution (a region map that has one, then a seeded search) costs far more than a minimal puzzle."""
JIGSAW_SEEDS = 4
"""Seeds tried on one Jigsaw region map before another map is drawn: about a third of random maps have no solution
at all (or none the search finds in seconds), and a map with one gives it to the first seed or two."""


def _solution_of(rng: random.Random, variant: str) -> tuple[Geometry, tuple[int, ...]]:
    """A random geometry of ``variant`` (a Jigsaw's region map drawn at random, again when it gives no solution) and
    a random solution on it."""
    while True:
        regions = random_regions(rng) if variant == JIGSAW else None
        geometry = variant_geometry(variant, regions=regions)
        if regions is None:
            return geometry, random_variant_solution(rng, geometry)
        found = bounded_variant_solution(rng, geometry, JIGSAW_SEEDS)
        if found is not None:
            return geometry, found


def _where_harder(path: SolvePath, level: Level) -> Grid:
    """Where a path that rates above ``level`` turns harder: where it stopped (stuck, or its score about to pass
    the ceiling), or, when it solved the puzzle with a step above the level, the grid before that step."""
    if not path.solved:
        return path.final
    top = _LEVELS.index(level)
    for grid, step in zip(path.iter_grids(), path.steps, strict=False):
        if _LEVELS.index(SCORES[step.technique][1]) > top:
            return grid
    return path.final


def generate_variant_puzzle(
    rng: random.Random, variant: str, level: Level | None = None, time_limit: float | None = 30.0
) -> VariantPuzzle | None:
    """A unique puzzle of ``variant`` (``x``, ``windoku``, ``jigsaw``: a new random region map with each new solution;
    ``killer``: engine/killer/generate.py) that the logic solver finishes without Brute Force, rated at ``level``
    when one is asked (``variant_at_level``); None after ``time_limit`` seconds (None: no limit) without one."""
    from ..solving.logic import solve_logically
    from ..steps.step import Technique
    from ..techniques import default_techniques

    end = None if time_limit is None else time.monotonic() + time_limit

    def out_of_time() -> bool:
        return end is not None and time.monotonic() > end

    if variant == KILLER:
        return _killer_puzzle(rng, level, out_of_time)

    tries = 0
    while not out_of_time():
        tries += 1
        if level is not None:
            if (tries - 1) % TRIES_PER_SOLUTION == 0:
                geometry, solution = _solution_of(rng, variant)
            found = variant_at_level(rng, geometry, solution, level, stop=out_of_time)
            if found is not None:
                return replace(found, tries=tries)
            continue
        logic = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
        geometry, solution = _solution_of(rng, variant)
        grid = Grid.from_values(minimize(solution, Symmetry.ROTATIONAL, rng, geometry), geometry=geometry)
        path = solve_logically(grid, logic, unique=True, stop=out_of_time)
        if path.solved:
            return VariantPuzzle(grid, rate_with_estimate(path), tries)
    return None


def _killer_puzzle(rng: random.Random, level: Level | None, stop: Callable[[], bool]) -> VariantPuzzle | None:
    """A Killer (no givens unless some are given back to reach ``level``) the logic solver finishes."""
    from ..killer.cages import killer_grid
    from ..killer.generate import generate_killer, generate_killer_at, killer_rating

    if level is None:
        puzzle, _ = generate_killer(rng, explainable=True)
        return VariantPuzzle(killer_grid(puzzle), killer_rating(puzzle))
    made = generate_killer_at(rng, level, stop)
    if made is None:
        return None
    puzzle, _, rating = made
    return VariantPuzzle(killer_grid(puzzle), rating, added=sum(1 for v in puzzle.givens if v))


def generate_variant_at_level(
    seed: Seed, variant: str, level: Level, time_limit: float | None = None
) -> Generated | None:
    """``generate_variant_puzzle`` for the app's worker (plain arguments, a picklable result): the puzzle in its
    text form (``puzzle_text``), its rating, the seed that gives it again (``sudoku-tk generate --variant``
    with the same seed) and the tries; None when ``time_limit`` seconds (None: no limit) run out."""
    found = generate_variant_puzzle(seed_rng(seed), variant, level, time_limit)
    if found is None:
        return None
    return Generated(puzzle_text(found.grid), found.rating, str(seed), found.tries)
