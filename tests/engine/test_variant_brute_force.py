"""Brute force on variant houses: published examples with their published solutions, and generated puzzles judged by
an oracle that builds the houses from arithmetic (nothing shared with the engine's Geometry)."""

from __future__ import annotations

import random

import pytest
from variant_examples import CLASSIC_NOT_X, JIGSAW_JANKO_108, WINDOKU_EXAMPLE, X_UDACITY

from sudoku_tk.engine.board.geometry import variant_geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.generator import Symmetry
from sudoku_tk.engine.generating.variant_puzzles import generate_variant
from sudoku_tk.engine.solving.brute_force import count_solutions, first_solutions, propagate_singles, solve

JIGSAW_REGIONS = tuple(int(ch) - 1 for ch in JIGSAW_JANKO_108[2])


def oracle_houses(variant: str) -> list[list[int]]:
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    if variant == "jigsaw":
        boxes = [[c for c in range(81) if JIGSAW_REGIONS[c] == i] for i in range(9)]
    extra: list[list[int]] = []
    if variant == "x":
        extra = [[i * 10 for i in range(9)], [8 + i * 8 for i in range(9)]]
    if variant == "windoku":
        extra = [[(r0 + r) * 9 + c0 + c for r in range(3) for c in range(3)] for r0 in (1, 5) for c0 in (1, 5)]
    return rows + cols + boxes + extra


def assert_valid(variant: str, givens: tuple[int, ...], solution: tuple[int, ...] | None) -> None:
    assert solution is not None
    assert all(g in (0, s) for g, s in zip(givens, solution))
    for house in oracle_houses(variant):
        assert sorted(solution[c] for c in house) == list(range(1, 10)), house


def geometry(variant: str):  # type: ignore[no-untyped-def]
    return variant_geometry(variant, regions=JIGSAW_REGIONS if variant == "jigsaw" else None)


def digits(line: str) -> list[int]:
    return [0 if ch == "." else int(ch) for ch in line]


@pytest.mark.parametrize(
    "variant,example",
    [("x", X_UDACITY), ("windoku", WINDOKU_EXAMPLE), ("jigsaw", JIGSAW_JANKO_108)],
)
def test_published_examples_have_their_published_solution(variant: str, example: tuple[str, ...]) -> None:
    grid = Grid.from_values(digits(example[0]), geometry=geometry(variant))
    assert count_solutions(grid, 2) == 1
    solution = solve(grid)
    assert solution == tuple(digits(example[1]))
    assert_valid(variant, grid.givens, solution)
    # The same givens on the classic board have several solutions: the extra houses (or regions) are what decide.
    assert count_solutions(Grid.from_values(grid.givens), 2) == 2


def test_a_classic_puzzle_whose_solution_breaks_the_diagonals_has_no_x_solution() -> None:
    givens = digits(CLASSIC_NOT_X[0])
    assert solve(Grid.from_values(givens)) == tuple(digits(CLASSIC_NOT_X[1]))
    assert count_solutions(Grid.from_values(givens, geometry=geometry("x")), 2) == 0


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw"])
def test_generated_puzzles_are_unique_and_solved_right(variant: str) -> None:
    rng = random.Random(26)
    for _ in range(4):
        grid = generate_variant(rng, geometry(variant), Symmetry.NONE)
        assert count_solutions(grid, 3) == 1
        assert_valid(variant, grid.givens, solve(grid))
        # Without one given, a minimal puzzle has more than one solution, and each one found is valid.
        cell = next(c for c, v in enumerate(grid.givens) if v)
        fewer = [0 if c == cell else v for c, v in enumerate(grid.givens)]
        found = first_solutions(Grid.from_values(fewer, geometry=grid.geometry), 3)
        assert len(found) >= 2
        for sol in found:
            assert_valid(variant, tuple(fewer), sol)


@pytest.mark.parametrize("variant", ["x", "windoku"])
def test_singles_on_masks_use_the_extra_houses(variant: str) -> None:
    g = geometry(variant)
    house = g.units[27]
    masks = [g.all_digits] * 81
    for i, c in enumerate(house[:8]):
        masks[c] = 1 << i  # digits 1..8 on eight cells of the extra house: the ninth must take 9
    assert propagate_singles(masks, g)
    assert masks[house[8]] == 1 << 8
