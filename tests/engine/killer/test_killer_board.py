"""A Killer as a board the window plays (issue 26): its cages in the geometry, read and written as text, solved by
the same entry points as every other board (brute force, hints, the logic solver), every step true."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.geometry import killer_geometry
from sudoku_tk.engine.board.grid import Grid, ProblemKind
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle, puzzle_text
from sudoku_tk.engine.killer.cages import killer_grid
from sudoku_tk.engine.killer.generate import generate_killer_at
from sudoku_tk.engine.killer.published import PUBLISHED
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, recompute
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.rating.score import rate
from sudoku_tk.engine.solving.brute_force import count_solutions, first_solutions
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import find_hint, finder_for

GENERATED = Path(__file__).resolve().parents[2] / "data" / "killer" / "generated.txt"


def _generated(count: int) -> list[tuple[str, str]]:
    rows = [ln.split("\t") for ln in GENERATED.read_text().splitlines() if ln and not ln.startswith("#")]
    return [(text, solution) for text, solution in rows[:count]]


def test_the_geometry_keeps_the_cages_and_their_mates() -> None:
    geo = killer_geometry(((0, 1), (2, 12)), (17, 9))  # r1c3 and r2c4 share no house, only their cage
    assert geo.variant_name == "killer" and not geo.is_classic and geo.square_boxes
    assert geo.cage_of[0] == 0 and geo.cage_of[12] == 1 and geo.cage_of[3] == -1
    assert len(geo.peers[2]) == 20  # the houses only: the techniques read peers
    assert 12 in geo.mates[2] and 12 not in geo.peers[2] and 2 in geo.mates[12] and len(geo.mates[2]) == 21
    assert geo.cage_name(1) == "the 9-cage at r1c3"
    assert killer_geometry(((1, 0), (12, 2)), (17, 9)) is geo  # shared, cells in any order
    with pytest.raises(ValueError, match="two cages"):
        killer_geometry(((0, 1), (1, 2)), (3, 4))


def test_a_killer_text_reads_into_a_board_and_writes_back_the_same() -> None:
    text = "variant: killer\n" + PUBLISHED[0].text
    grid = parse_puzzle(text)
    assert len(grid.geometry.cages) == 25 and sum(grid.geometry.cage_sums) == 405
    assert puzzle_text(grid) == text
    assert parse_puzzle(puzzle_text(grid)) == grid
    with pytest.raises(PuzzleFormatError, match="has no sum"):
        parse_puzzle("variant: killer\n" + "A" * 80 + "B A=12")


def test_a_placed_digit_leaves_its_cage_mates_with_a_reason_naming_the_cage() -> None:
    # Two cells of one cage that share no house: only the cage makes them differ.
    grid = parse_puzzle("variant: killer\n" + PUBLISHED[0].text)
    geo = grid.geometry
    cell, mate = next((a, b) for cells in geo.cages for a in cells for b in cells if a != b and b not in geo.peers[a])
    position = recompute(grid, (Place(cell, 5),), ALL_ASSISTS)
    assert not position.candidates[mate] >> 4 & 1
    reason = position.reason(mate, 5)
    assert reason is not None and reason.cause == cell
    assert "same cage" in reason.step.explanation and geo.cage_name(geo.cage_of[cell]) in reason.step.explanation


def test_a_digit_twice_in_a_cage_and_a_wrong_sum_are_problems() -> None:
    geo = killer_geometry(((0, 1),), (3,))
    twice = Grid.from_values([1, 1] + [0] * 79, geometry=geo)
    assert [p.kind for p in twice.cage_problems()] == [ProblemKind.DUPLICATE, ProblemKind.CAGE_SUM]
    assert twice.cage_problems()[0].message == "1 stands twice in the 3-cage at r1c1: r1c1 and r1c2"
    wrong = Grid.from_values([1, 5] + [0] * 79, geometry=geo)
    assert [p.message for p in wrong.cage_problems()] == ["the 3-cage at r1c1 adds up to 6 (1 + 5), not 3"]


@pytest.mark.parametrize("published", PUBLISHED, ids=lambda p: p.source[:30])
def test_published_killers_are_unique_and_solved_by_logic_with_every_step_true(published: object) -> None:
    grid = parse_puzzle("variant: killer\n" + published.text)  # type: ignore[attr-defined]
    solution = tuple(int(ch) for ch in published.solution)  # type: ignore[attr-defined]
    assert first_solutions(grid, 2) == [solution]
    path = solve_logically(grid)
    assert path.solved and path.final.values == solution and path.unique
    for step in path.steps:
        assert all(solution[p.cell] == p.digit for p in step.placements), step.technique
        assert all(solution[e.cell] != e.digit for e in step.eliminations), step.technique
    assert {s.technique for s in path.steps} & {Technique.KILLER_CAGE_COMBINATIONS, Technique.KILLER_ONE_CELL_45}


def test_generated_killers_are_solved_through_the_common_entry_points_with_every_step_true() -> None:
    for text, solution_text in _generated(12):
        grid = parse_puzzle("variant: killer\n" + text)
        solution = tuple(int(ch) for ch in solution_text)
        assert count_solutions(grid, 2) == 1
        path = solve_logically(grid)
        assert path.solved and path.final.values == solution, text
        for step in path.steps:
            assert all(solution[p.cell] == p.digit for p in step.placements), (text, step.technique)
            assert all(solution[e.cell] != e.digit for e in step.eliminations), (text, step.technique)


def test_the_first_hint_on_an_empty_killer_is_a_cage_step_and_no_classic_uniqueness_step_is_ever_asked() -> None:
    grid = parse_puzzle("variant: killer\n" + PUBLISHED[1].text)
    step = find_hint(grid)
    assert step is not None and step.technique.name.startswith("KILLER_")
    everything = frozenset(Technique) - {Technique.BRUTE_FORCE}
    path = solve_logically(grid, everything)
    assert path.solved
    assert not any(s.technique.family.name == "UNIQUENESS" for s in path.steps)
    assert Technique.NESTED_FORCING_NET not in {s.technique for s in path.steps}


def test_brute_force_on_a_killer_places_the_killers_digit() -> None:
    grid = parse_puzzle("variant: killer\n" + PUBLISHED[2].text)
    solution = tuple(int(ch) for ch in PUBLISHED[2].solution)
    finder = finder_for(Technique.BRUTE_FORCE)  # find_hint would ask Killer's own steps first: always on for it
    assert finder is not None
    step = next(finder(grid))
    assert step.technique is Technique.BRUTE_FORCE and step.placements
    assert all(solution[p.cell] == p.digit for p in step.placements)


def test_the_board_shows_a_digit_twice_in_a_cage_and_a_full_board_that_misses_a_sum_is_not_solved() -> None:
    grid = parse_puzzle("variant: killer\n" + PUBLISHED[0].text)
    geo = grid.geometry
    a, b = next((x, y) for cells in geo.cages for x in cells for y in cells if x != y and y not in geo.peers[x])
    twice = recompute(grid, (Place(a, 5), Place(b, 5)), ALL_ASSISTS)
    assert any(k.cage == geo.cage_of[a] and set(k.cells) == {a, b} for k in twice.conflicts())
    assert {a, b} <= twice.conflict_cells()
    assert any("stands twice in the" in p.message and "-cage at" in p.message for p in twice.problems())
    # The true solution is solved; the same digits with two columns swapped keep every house but break cages.
    solution = [int(ch) for ch in PUBLISHED[0].solution]
    right = recompute(grid, tuple(Place(c, d) for c, d in enumerate(solution)), frozenset())
    assert right.is_solved()
    swapped = [solution[r * 9 + (1 if k == 0 else 0 if k == 1 else k)] for r in range(9) for k in range(9)]
    wrong = recompute(grid, tuple(Place(c, d) for c, d in enumerate(swapped)), frozenset())
    assert wrong.is_complete() and not wrong.is_solved()
    assert any(p.kind is ProblemKind.CAGE_SUM for p in wrong.problems())


@pytest.mark.parametrize("level", [Level.EASY, Level.HARD])
def test_a_killer_made_at_a_level_is_rated_there_unique_and_its_givens_are_its_solutions(level: Level) -> None:
    made = generate_killer_at(random.Random(f"test-{level.label}"), level)
    assert made is not None
    puzzle, solution, rating = made
    grid = killer_grid(puzzle)
    assert rating.level is level and rating.solved
    assert first_solutions(grid, 2) == [solution]
    assert all(not g or g == s for g, s in zip(puzzle.givens, solution))
    assert rate(solve_logically(grid)).level is level
