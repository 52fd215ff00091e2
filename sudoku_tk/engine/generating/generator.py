"""Puzzle generator: a random full grid, givens removed in symmetric groups while the solution stays unique.

``generate(rng, box=3, symmetry=...)`` returns a unique puzzle that is minimal for its
symmetry: no group of givens that go together (a cell and its mirror image; a lone
cell with ``Symmetry.NONE``) can be removed and leave one solution. One pass is enough:
a group that could not go once can never go later, since removing givens only adds
solutions. ``generate_rated(rng, accept, ...)`` keeps generating until ``accept(grid)``
says yes. Puzzles at a level or for a technique: level_search.py.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from enum import Enum

from ..board.geometry import Geometry
from ..board.grid import Grid
from ..solving.brute_force import count_solutions


class Symmetry(Enum):
    """Which givens are removed together, so the puzzle keeps a pattern."""

    NONE = "none"
    ROTATIONAL = "rotational"
    """180° turn: r1c1 goes with r9c9."""
    MIRROR = "mirror"
    """Left-right mirror: r1c1 goes with r1c9."""
    DIAGONAL = "diagonal"
    """Reflection in the main diagonal: r1c2 goes with r2c1."""


def random_solution(rng: random.Random, box: int = 3) -> tuple[int, ...]:
    """A random complete grid: a valid base pattern shuffled by digit, band, stack, row, column and transposition."""
    geo = Geometry.of(box)
    n = geo.side
    # Pattern (b*(r%b) + r//b + c) % n is a valid solved grid for any box size.
    base = [[(box * (r % box) + r // box + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)

    def order() -> list[int]:
        bands = list(range(box))
        rng.shuffle(bands)
        out = []
        for b in bands:
            inner = list(range(box))
            rng.shuffle(inner)
            out += [b * box + i for i in inner]
        return out

    rows, cols = order(), order()
    grid = [[digits[base[r][c] - 1] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid)]
    return tuple(v for row in grid for v in row)


def symmetry_groups(geo: Geometry, symmetry: Symmetry) -> list[tuple[int, ...]]:
    """The cells that are given or empty together under ``symmetry``, each group sorted, in board order."""
    n = geo.side
    seen: set[int] = set()
    groups: list[tuple[int, ...]] = []
    for cell in range(geo.ncells):
        if cell in seen:
            continue
        r, c = divmod(cell, n)
        if symmetry is Symmetry.ROTATIONAL:
            other = (n - 1 - r) * n + (n - 1 - c)
        elif symmetry is Symmetry.MIRROR:
            other = r * n + (n - 1 - c)
        elif symmetry is Symmetry.DIAGONAL:
            other = c * n + r
        else:
            other = cell
        group = tuple(sorted({cell, other}))
        seen.update(group)
        groups.append(group)
    return groups


def generate(
    rng: random.Random,
    box: int = 3,
    symmetry: Symmetry = Symmetry.ROTATIONAL,
    solution: Sequence[int] | None = None,
) -> Grid:
    """Remove givens from a full grid, group by group in random order, keeping the solution unique."""
    Geometry.of(box)
    sol = tuple(solution) if solution is not None else random_solution(rng, box)
    return Grid.from_values(minimize(sol, symmetry, rng))


def minimize(
    givens: Sequence[int], symmetry: Symmetry, rng: random.Random, geometry: Geometry | None = None
) -> list[int]:
    """Remove groups of givens (see ``symmetry_groups``) in random order while the solution stays unique.

    ``givens`` must have exactly one solution (on ``geometry``, by default the classic board); the result is minimal
    for ``symmetry``.
    """
    geo = geometry or Geometry.for_cell_count(len(givens))
    values = list(givens)
    groups = [g for g in symmetry_groups(geo, symmetry) if any(values[c] for c in g)]
    rng.shuffle(groups)
    for group in groups:
        saved = [values[c] for c in group]
        for c in group:
            values[c] = 0
        if count_solutions(Grid.from_values(values, geometry=geo), 2) != 1:
            for c, v in zip(group, saved):
                values[c] = v
    return values


def is_minimal(grid: Grid, symmetry: Symmetry = Symmetry.NONE) -> bool:
    """Is ``grid``'s puzzle unique, symmetric under ``symmetry``, with no group of givens that could go?"""
    givens = list(grid.givens)
    if count_solutions(Grid.from_values(givens), 2) != 1:
        return False
    for group in symmetry_groups(grid.geometry, symmetry):
        present = [bool(givens[c]) for c in group]
        if any(present) != all(present):
            return False
        if not present[0]:
            continue
        trial = [0 if c in group else v for c, v in enumerate(givens)]
        if count_solutions(Grid.from_values(trial), 2) == 1:
            return False
    return True


def generate_rated(
    rng: random.Random,
    accept: Callable[[Grid], bool],
    box: int = 3,
    symmetry: Symmetry = Symmetry.ROTATIONAL,
    max_tries: int = 200,
    time_limit: float = 20.0,
) -> Grid | None:
    """Generate puzzles until ``accept`` takes one; None when the tries or the time run out."""
    deadline = time.monotonic() + time_limit
    for _ in range(max_tries):
        grid = generate(rng, box, symmetry)
        if accept(grid):
            return grid
        if time.monotonic() > deadline:
            break
    return None


def is_valid_solution(geo: Geometry, values: Sequence[int]) -> bool:
    """Does every unit hold every digit exactly once?"""
    want = set(range(1, geo.side + 1))
    return all({values[c] for c in unit} == want for unit in geo.units)


__all__ = [
    "Symmetry",
    "generate",
    "generate_rated",
    "is_minimal",
    "is_valid_solution",
    "minimize",
    "random_solution",
    "symmetry_groups",
]
