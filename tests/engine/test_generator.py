from __future__ import annotations

import random

import pytest

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.generating.generator import Symmetry, generate, generate_rated, is_valid_solution, random_solution
from sudoku_tk.engine.solving.brute_force import count_solutions, unique_solution


@pytest.mark.parametrize("box", [2, 3, 4])
def test_random_solutions_are_valid_and_vary(box: int) -> None:
    rng = random.Random(7)
    geo = Geometry.of(box)
    sols = {random_solution(rng, box) for _ in range(5)}
    assert len(sols) == 5
    assert all(is_valid_solution(geo, s) for s in sols)


@pytest.mark.parametrize(
    "box,symmetry", [(2, Symmetry.NONE), (3, Symmetry.ROTATIONAL), (3, Symmetry.MIRROR), (3, Symmetry.DIAGONAL)]
)
def test_generated_puzzle_is_unique_and_consistent(box: int, symmetry: Symmetry) -> None:
    rng = random.Random(box * 100 + len(symmetry.value))
    sol = random_solution(rng, box)
    grid = generate(rng, box, symmetry, solution=sol)
    assert count_solutions(grid, 2) == 1
    assert unique_solution(grid) == sol
    n = grid.geometry.side
    for cell, v in enumerate(grid.givens):
        r, c = divmod(cell, n)
        partner = {
            Symmetry.ROTATIONAL: (n - 1 - r) * n + (n - 1 - c),
            Symmetry.MIRROR: r * n + (n - 1 - c),
            Symmetry.DIAGONAL: c * n + r,
            Symmetry.NONE: cell,
        }[symmetry]
        assert bool(v) == bool(grid.givens[partner])
    assert grid.given_count() < grid.geometry.ncells * 0.6


def test_removing_any_group_breaks_uniqueness_for_symmetry_none() -> None:
    """With no symmetry the result is minimal: every single given is needed."""
    rng = random.Random(3)
    grid = generate(rng, 3, Symmetry.NONE)
    for cell, v in enumerate(grid.givens):
        if v:
            vals = list(grid.givens)
            vals[cell] = 0
            assert count_solutions(type(grid).from_values(vals), 2) == 2


def test_generate_rated_respects_accept() -> None:
    rng = random.Random(11)
    got = generate_rated(rng, lambda g: g.given_count() <= 30, max_tries=20)
    assert got is not None and got.given_count() <= 30
    assert generate_rated(rng, lambda g: False, max_tries=2) is None
