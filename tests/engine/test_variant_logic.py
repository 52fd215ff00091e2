"""The logic solver on variants: every step of every path checked against the solution (the lesson of
SukakuExplainer #111, where an X-Windoku step removed the real solution), the variant-only locked candidates with
their exact eliminations, and the techniques that are off for a variant."""

from __future__ import annotations

import os
import random

import pytest
from variant_examples import JIGSAW_JANKO_108, WINDOKU_EXAMPLE, X_UDACITY

from sudoku_tk.engine.board.geometry import Geometry, variant_geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.variant_puzzles import generate_variant
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.solving.variant_limits import off_for
from sudoku_tk.engine.steps.step import Family, Technique
from sudoku_tk.engine.techniques import default_techniques, find_all_steps
from sudoku_tk.engine.techniques.intersections import find_claiming, find_pointing

JIGSAW_REGIONS = tuple(int(ch) - 1 for ch in JIGSAW_JANKO_108[2])
LOGIC = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
SWEEP = 30 if os.environ.get("SUDOKU_TK_FULL") else 3


def geometry(variant: str) -> Geometry:
    return variant_geometry(variant, regions=JIGSAW_REGIONS if variant == "jigsaw" else None)


def assert_every_step_true(grid: Grid) -> None:
    solution = solve(grid)
    assert solution is not None
    path = solve_logically(grid, LOGIC, unique=True)
    assert path.solved, [s.technique.name for s in path.steps[-3:]]
    for step in path.steps:
        for p in step.placements:
            assert solution[p.cell] == p.digit, step.explanation
        for e in step.eliminations:
            assert solution[e.cell] != e.digit, step.explanation
        assert step.technique not in off_for(grid.geometry)


@pytest.mark.parametrize(
    "variant,example", [("x", X_UDACITY), ("windoku", WINDOKU_EXAMPLE), ("jigsaw", JIGSAW_JANKO_108)]
)
def test_published_examples_are_solved_by_logic_with_no_wrong_step(variant: str, example: tuple[str, ...]) -> None:
    givens = [0 if ch == "." else int(ch) for ch in example[0]]
    assert_every_step_true(Grid.from_values(givens, geometry=geometry(variant)))


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw"])
def test_generated_puzzles_are_solved_by_logic_with_no_wrong_step(variant: str) -> None:
    rng = random.Random(111)
    for _ in range(SWEEP):
        assert_every_step_true(generate_variant(rng, geometry(variant)))


def _without(geo: Geometry, digit: int, cells: list[int]) -> Grid:
    """An empty board with every candidate, less ``digit`` in ``cells``."""
    bit = 1 << (digit - 1)
    cands = [geo.all_digits & ~bit if c in cells else geo.all_digits for c in range(81)]
    return Grid.from_values([0] * 81, candidates=cands, geometry=geo)


def _locked(grid: Grid) -> list[tuple[str, str, list[tuple[int, int]]]]:
    steps = [*find_pointing(grid), *find_claiming(grid)]
    return [(s.focus, s.explanation, sorted((e.cell, e.digit) for e in s.eliminations)) for s in steps]


def test_a_box_pointing_along_the_diagonal_clears_the_diagonal() -> None:
    g = variant_geometry("x")
    # Box 1's 5s only on r1c1 and r2c2 (both on the main diagonal): 5 leaves r4c4 … r9c9.
    found = _locked(_without(g, 5, [1, 2, 9, 11, 18, 19, 20]))
    assert found == [("box 1", found[0][1], [(30, 5), (40, 5), (50, 5), (60, 5), (70, 5), (80, 5)])]
    assert "which are both in the main diagonal ↘" in found[0][1]


def test_a_diagonal_inside_one_box_clears_the_box() -> None:
    g = variant_geometry("x")
    # The anti-diagonal's 7s only in box 5 (r4c6, r5c5, r6c4): 7 leaves box 5's other six cells.
    anti = g.units[28]
    found = _locked(_without(g, 7, [c for c in anti if c not in (32, 40, 48)]))
    assert [(f, e) for f, _, e in found] == [
        ("the anti-diagonal ↙", [(30, 7), (31, 7), (39, 7), (41, 7), (49, 7), (50, 7)])
    ]


def test_a_window_inside_one_row_clears_the_row() -> None:
    g = variant_geometry("windoku")
    # Window 1's 3s only on r2 (r2c2, r2c3, r2c4): 3 leaves r2c1 and r2c5 … r2c9.
    found = _locked(_without(g, 3, [19, 20, 21, 28, 29, 30]))
    assert [(f, e) for f, _, e in found] == [("window 1", [(9, 3), (13, 3), (14, 3), (15, 3), (16, 3), (17, 3)])]


def test_places_on_two_lines_and_off_the_diagonal_lock_nothing() -> None:
    g = variant_geometry("x")
    # Box 1's 5s on r1c1 and r2c3: no row, column or diagonal holds both, so nothing is locked.
    assert _locked(_without(g, 5, [1, 2, 9, 10, 18, 19, 20])) == []
    # On the classic board the diagonal is no house: the first position locks nothing either.
    assert _locked(_without(Geometry.of(3), 5, [1, 2, 9, 11, 18, 19, 20])) == []


def test_uniqueness_is_off_on_every_variant_and_box_arithmetic_on_jigsaw() -> None:
    for variant in ("x", "windoku", "jigsaw"):
        off = off_for(geometry(variant))
        assert {t for t in Technique if t.family is Family.UNIQUENESS} <= off.keys()
        assert "deadly pattern" in off[Technique.UNIQUENESS_1]
    assert Technique.FINNED_X_WING in off_for(geometry("jigsaw"))
    assert Technique.FINNED_X_WING not in off_for(geometry("x"))
    assert off_for(Geometry.of(3)) == {}


def test_an_off_technique_gives_no_step_on_the_variant() -> None:
    # A classic Uniqueness Test 1 position: r1c1, r1c4, r2c1 are {1,2} and r2c4 {1,2,3} (boxes 1 and 2). On Sudoku X
    # the main diagonal runs through r1c1, so swapping the rectangle's digits is not free: no step there.
    cands = [0b111111111] * 81
    for c in (0, 3, 9):
        cands[c] = 0b11
    cands[12] = 0b111
    classic = Grid.from_values([0] * 81, candidates=cands)
    x = Grid.from_values([0] * 81, candidates=cands, geometry=variant_geometry("x"))
    ur = {Technique.UNIQUENESS_1}
    assert [s.technique for s in find_all_steps(classic, ur)] == [Technique.UNIQUENESS_1]
    assert find_all_steps(x, ur) == []
