"""Variant puzzles at a requested level (engine/generating/variant_puzzles.py): unique, rotationally symmetric, rated
at the level by the full default logic path (``rate_puzzle``, not the generator's cheap look), solved by logic
without Brute Force, and every step of the path a player's hints follow checked against the solution (the lesson of
SukakuExplainer #111). The short suite makes a few; the slow sweep (CI: ``SUDOKU_TK_FULL=1``) makes 300 per variant,
60 at each level."""

from __future__ import annotations

import random

import pytest

from sudoku_tk.engine.board.geometry import variant_geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
from sudoku_tk.engine.generating.generator import Symmetry, symmetry_groups
from sudoku_tk.engine.generating.level_search import level_look, puzzle_seed
from sudoku_tk.engine.generating.variant_puzzles import (
    VariantPuzzle,
    bounded_variant_solution,
    generate_variant_at_level,
    generate_variant_puzzle,
)
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.rating.score import rate, rate_puzzle
from sudoku_tk.engine.solving.brute_force import count_solutions, solve
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.solving.variant_limits import off_for
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques

LOGIC = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
VARIANTS = ("x", "windoku", "jigsaw")
SWEEP_PER_LEVEL = 60


def check(puzzle: VariantPuzzle, variant: str, level: Level, full_rating: bool = True) -> None:
    """Everything a generated variant puzzle at ``level`` promises, checked from scratch."""
    grid = Grid.from_values(puzzle.grid.givens, geometry=puzzle.grid.geometry)
    assert grid.geometry.variant_name == variant
    assert count_solutions(grid, 2) == 1
    givens = grid.givens
    for group in symmetry_groups(grid.geometry, Symmetry.ROTATIONAL):
        assert len({bool(givens[c]) for c in group}) == 1, group
    solution = solve(grid)
    assert solution is not None
    # The rating path (first step each time) rates the level; the hint path (the step that does most) is what a
    # player is shown: both solve, and no step of either removes the solution or places a wrong digit.
    rating_path = solve_logically(grid, LOGIC, unique=True)
    hint_path = solve_logically(grid, LOGIC, unique=True, most=True)
    for path in (rating_path, hint_path):
        assert path.solved, [s.technique.name for s in path.steps[-3:]]
        for step in path.steps:
            assert step.technique not in off_for(grid.geometry) and step.technique is not Technique.BRUTE_FORCE
            for p in step.placements:
                assert solution[p.cell] == p.digit, step.explanation
            for e in step.eliminations:
                assert solution[e.cell] != e.digit, step.explanation
    assert rate(rating_path).level is level
    if full_rating:
        assert rate_puzzle(grid) == puzzle.rating


@pytest.mark.parametrize(
    "variant,level",
    [
        ("x", Level.EASY),
        ("x", Level.UNFAIR),
        ("windoku", Level.MEDIUM),
        ("windoku", Level.EXTREME),
        ("jigsaw", Level.HARD),
        ("jigsaw", Level.EASY),
    ],
)
def test_a_variant_puzzle_at_a_level_is_unique_symmetric_and_rated_there_by_its_whole_path(
    variant: str, level: Level
) -> None:
    found = generate_variant_puzzle(random.Random(f"26-{variant}-{level.label}"), variant, level, time_limit=None)
    assert found is not None
    check(found, variant, level)


def test_the_same_seed_gives_the_same_puzzle_and_the_worker_form_reads_back() -> None:
    a = generate_variant_at_level("7/0", "jigsaw", Level.MEDIUM)
    b = generate_variant_at_level("7/0", "jigsaw", Level.MEDIUM)
    assert a is not None and a == b and a.seed == "7/0" and a.rating is not None
    # The text form keeps the region map: the puzzle read back is on the same houses, and the command line's
    # generator (seed "<base>/<i>") makes the very same one.
    grid = parse_puzzle(a.puzzle)
    assert grid.geometry == a.grid.geometry and grid.geometry.variant_name == "jigsaw"
    same = generate_variant_puzzle(random.Random("7/0"), "jigsaw", Level.MEDIUM, time_limit=None)
    assert same is not None and same.grid.to_string() == grid.to_string()
    assert same.grid.geometry.region_of == grid.geometry.region_of


def test_easy_levels_come_from_minimal_puzzles_with_givens_given_back() -> None:
    # Minimal Sudoku X puzzles are almost never easy: the easy one has digits of its solution given back, in
    # rotational pairs (``added`` counts them), and still one solution.
    found = generate_variant_puzzle(random.Random("x-easy"), "x", Level.EASY, time_limit=None)
    assert found is not None and found.added > 0 and found.added % 2 == 0
    check(found, "x", Level.EASY, full_rating=False)


def test_the_look_says_below_at_or_above_a_level() -> None:
    found = generate_variant_puzzle(random.Random("look"), "windoku", Level.HARD, time_limit=None)
    assert found is not None
    grid = found.grid
    assert level_look(grid, Level.HARD).compared == 0
    assert level_look(grid, Level.MEDIUM).compared == 1 and level_look(grid, Level.EASY).compared == 1
    assert level_look(grid, Level.UNFAIR).compared == -1 and level_look(grid, Level.EXTREME).compared == -1
    above = level_look(grid, Level.MEDIUM)
    assert not above.path.solved  # stopped where the medium techniques ran out (or the score passed 1000)
    assert level_look(grid, Level.HARD, stop=lambda: True).compared is None


def test_a_region_map_without_a_solution_is_given_up_not_searched_for_ever() -> None:
    # Region 1 is r1c2..r1c9 and r2c1, region 2 is r1c1 and r2c2..r2c9, rows 3-9 are regions 3-9. Region 1 and row 1
    # share eight cells, so r2c1 must hold the digit of r1c1: both in column 1, so the map has no solution. (About a
    # third of random maps have none: the generator draws another map after a few seeds.)
    order = [*range(1, 9), 9, 0, *range(10, 81)]  # the cells region by region, nine at a time
    regions = [0] * 81
    for k, cell in enumerate(order):
        regions[cell] = k // 9
    geometry = variant_geometry("jigsaw", regions=tuple(regions))
    assert solve(Grid.from_values([0] * 81, geometry=geometry)) is None
    assert bounded_variant_solution(random.Random(1), geometry, 3) is None


@pytest.mark.slow
@pytest.mark.parametrize("level", list(Level), ids=[lv.label for lv in Level])
@pytest.mark.parametrize("variant", VARIANTS)
def test_sweep_300_generated_per_variant_are_solved_by_logic_with_no_wrong_step(variant: str, level: Level) -> None:
    for i in range(SWEEP_PER_LEVEL):
        rng = random.Random(puzzle_seed(f"sweep-{variant}-{level.label}", i))
        found = generate_variant_puzzle(rng, variant, level, time_limit=None)
        assert found is not None
        check(found, variant, level, full_rating=False)
