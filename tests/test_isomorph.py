"""Isomorphs of a puzzle (engine/generating/isomorph.py): relabelled digits, permuted rows/columns/bands/stacks, transposed.

An isomorph of a unique puzzle is unique, minimal when the puzzle is, and its solution is the isomorph of the
solution. The solver's path is the same up to the isomorph in the sense that matters for practice: every step
of the original's default path, moved by the isomorph, is a step the same technique finds on the moved
position. (The default path itself may take steps of equal rank in another order, since the finders scan the
board in order: measured on 60 random puzzles, the technique sequence of the isomorph's default path differed
in order on all 60 and in the set of techniques on 5; generate_practice therefore checks each isomorph's path.)
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.generator import Symmetry, generate, is_minimal, is_valid_solution, random_solution
from sudoku_tk.engine.generating.isomorph import Isomorph, identity, random_isomorph
from sudoku_tk.engine.solving.brute_force import count_solutions, unique_solution
from sudoku_tk.engine.solving.logic import apply_step, solve_logically
from sudoku_tk.engine.steps.step import Family, Step
from sudoku_tk.engine.techniques import find_all_steps

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

seeds = st.integers(min_value=0, max_value=10**9)


def moved_key(iso: Isomorph, step: Step) -> tuple:
    return (
        step.technique,
        iso.effects((p.cell, p.digit) for p in step.placements),
        iso.effects((e.cell, e.digit) for e in step.eliminations),
    )


def key(step: Step) -> tuple:
    return (
        step.technique,
        frozenset((p.cell, p.digit) for p in step.placements),
        frozenset((e.cell, e.digit) for e in step.eliminations),
    )


# -- known answers ------------------------------------------------------------------------------------------
def test_the_identity_changes_nothing() -> None:
    grid = parse_grid(CLASSIC)
    assert identity().puzzle(grid).to_string() == CLASSIC


def test_transposing_reads_columns_as_rows() -> None:
    iso = Isomorph(3, tuple(range(10)), tuple(range(9)), tuple(range(9)), True)
    out = iso.text(CLASSIC)
    assert out[:9] == "56.847..."  # column 1 of the classic
    assert out[9:18] == "3.9...6.."  # column 2 of the classic


def test_relabelling_and_swapping_two_rows() -> None:
    digits = (0, 2, 3, 4, 5, 6, 7, 8, 9, 1)  # 1->2, ..., 9->1
    rows = (1, 0, 2, 3, 4, 5, 6, 7, 8)
    iso = Isomorph(3, digits, rows, tuple(range(9)), False)
    out = iso.text(CLASSIC)
    assert out[:9] == "7..216..."  # row 2 "6..195..." relabelled
    assert out[9:18] == "64..8...."  # row 1 "53..7...." relabelled
    assert out[18:27] == ".19....7."  # row 3 ".98....6." stays, relabelled


def test_cells_and_candidates_move_together() -> None:
    iso = random_isomorph(random.Random(7))
    for cell in range(81):
        assert iso.source_cell(iso.image_cell(cell)) == cell
    assert iso.mask(0b1) == 1 << (iso.digits[1] - 1)
    assert iso.mask(0b1_1111_1111) == 0b1_1111_1111


def test_the_same_seed_gives_the_same_isomorph() -> None:
    assert random_isomorph(random.Random("a")) == random_isomorph(random.Random("a"))
    assert random_isomorph(random.Random("a")) != random_isomorph(random.Random("b"))


def test_a_board_of_the_wrong_size_is_refused() -> None:
    with pytest.raises(ValueError, match="80 cells"):
        identity().values([0] * 80)


# -- properties ---------------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seeds, seeds)
def test_a_solution_maps_to_a_solution(grid_seed: int, iso_seed: int) -> None:
    solution = random_solution(random.Random(grid_seed))
    image = random_isomorph(random.Random(iso_seed)).values(solution)
    assert is_valid_solution(Geometry.of(3), image)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, seeds)
def test_an_isomorph_of_a_unique_minimal_puzzle_is_unique_and_minimal(grid_seed: int, iso_seed: int) -> None:
    puzzle = generate(random.Random(grid_seed), 3, Symmetry.NONE)
    iso = random_isomorph(random.Random(iso_seed))
    image = iso.puzzle(puzzle)
    assert count_solutions(image, 2) == 1
    assert unique_solution(image) == iso.values(unique_solution(puzzle))
    assert is_minimal(image, Symmetry.NONE)
    assert sum(1 for v in image.givens if v) == sum(1 for v in puzzle.givens if v)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seeds, seeds)
def test_every_step_of_the_path_moves_to_a_step_of_the_same_technique(grid_seed: int, iso_seed: int) -> None:
    puzzle = generate(random.Random(grid_seed), 3, Symmetry.NONE)
    iso = random_isomorph(random.Random(iso_seed))
    path = solve_logically(puzzle, None, unique=True)
    position = puzzle
    for step in path.steps:
        if step.technique.family is not Family.LAST_RESORT:  # a last resort yields only its first proof
            found = {key(s) for s in find_all_steps(iso.position(position), {step.technique}, True)}
            assert moved_key(iso, step) in found, step.technique
        position = apply_step(position, step)
    if path.solved:  # the moved path ends on the isomorph's solution
        assert iso.values(position.values) == unique_solution(iso.puzzle(puzzle))
