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


def generate_variant(rng: random.Random, geometry: Geometry, symmetry: Symmetry = Symmetry.ROTATIONAL) -> Grid:
    """A unique puzzle of ``geometry``'s variant, minimal for ``symmetry``."""
    solution = random_variant_solution(rng, geometry)
    return Grid.from_values(minimize(solution, symmetry, rng, geometry), geometry=geometry)
