"""Puzzles for the variants (Sudoku X, Windoku, Jigsaw): a random full grid of the variant, then givens removed.

The classic generator shuffles a fixed pattern (generator.py), which would break a variant's extra houses; here a
random solution comes from the brute-force search seeded with a few random givens, and ``minimize`` (generator.py)
removes givens on the variant's geometry while the solution stays unique.
"""

from __future__ import annotations

import random

from ..board.geometry import Geometry
from ..board.grid import Grid
from ..solving.brute_force import SearchStopped, deadline, solve
from .generator import Symmetry, minimize

_SEEDS = 11
"""Random givens that seed a solution: enough to make it random, few enough to leave one almost always."""

_SEED_SECONDS = 0.3
"""How long one seed's search may take before another seed is tried."""


def random_variant_solution(rng: random.Random, geometry: Geometry) -> tuple[int, ...]:
    """A random complete grid of ``geometry`` (every house holding each digit once)."""
    while True:
        values = [0] * geometry.ncells
        cells = list(range(geometry.ncells))
        rng.shuffle(cells)
        for cell in cells[:_SEEDS]:
            cands = Grid.from_values(values, geometry=geometry).candidates[cell]
            digits = [d for d in range(1, geometry.side + 1) if cands >> (d - 1) & 1]
            if digits:
                values[cell] = rng.choice(digits)
        try:  # a seed that leaves no solution can take long to refute: another seed is quicker
            found = solve(Grid.from_values(values, geometry=geometry), stop=deadline(_SEED_SECONDS))
        except SearchStopped:
            continue
        if found is not None:
            return found


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
    return tuple(region)


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
