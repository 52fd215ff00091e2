"""Killer's combination table and brute-force search, checked against known answers."""

from __future__ import annotations

import random

import pytest

from sudoku_tk.engine.board.geometry import digits_of
from sudoku_tk.engine.killer.cages import Cage, KillerPuzzle
from sudoku_tk.engine.killer.combinations import cell_options, combinations, placeable, workable
from sudoku_tk.engine.killer.generate import generate_killer
from sudoku_tk.engine.killer.published import PUBLISHED
from sudoku_tk.engine.killer.solver import count_killer_solutions, killer_solutions, unique_killer_solution
from sudoku_tk.engine.killer.text import parse_killer
from sudoku_tk.engine.solving.brute_force import SearchStopped


def sets(masks: list[int] | tuple[int, ...]) -> list[list[int]]:
    return [digits_of(m) for m in masks]


def mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def test_combination_table_known_entries() -> None:
    assert sets(combinations(2, 3)) == [[1, 2]]
    assert sets(combinations(2, 10)) == [[4, 6], [3, 7], [2, 8], [1, 9]]
    assert sets(combinations(3, 23)) == [[6, 8, 9]]
    assert sets(combinations(4, 10)) == [[1, 2, 3, 4]]
    assert sets(combinations(9, 45)) == [list(range(1, 10))]
    assert combinations(2, 18) == () and combinations(3, 5) == ()
    # Every entry is right and none is missing: 511 non-empty sets in all.
    total = 0
    for size in range(1, 10):
        for s in range(1, 46):
            for m in combinations(size, s):
                assert m.bit_count() == size and sum(digits_of(m)) == s
                total += 1
    assert total == 511


def test_workable_needs_a_matching_of_digits_to_cells() -> None:
    # 3 cells for 15: {1,5,9} fits the union, but two cells can only hold 1 or 5 and the third 9 or 5 — placeable.
    cands = (mask(1, 5), mask(1, 5), mask(5, 9))
    assert sets(workable(cands, 15)) == [[1, 5, 9]]
    # Two cells that both hold only 9 can't take {8, 9} even though the union holds 8.
    assert not placeable((mask(9), mask(9)), mask(8, 9))
    assert workable((mask(9), mask(9, 8)), 17) == [mask(8, 9)]
    assert workable((mask(9), mask(9)), 17) == []
    # Used digits are left out.
    assert sets(workable((mask(1, 2, 3, 4), mask(1, 2, 3, 4)), 5, used=mask(1))) == [[2, 3]]


def test_cell_options_keep_only_placeable_candidates() -> None:
    cands = [mask(1, 2, 9), mask(1, 2), mask(1, 2)]
    combos = workable(cands, 12)  # {1, 2, 9}
    assert sets(combos) == [[1, 2, 9]]
    assert cell_options(cands, combos) == [mask(9), mask(1, 2), mask(1, 2)]


@pytest.mark.parametrize("published", PUBLISHED, ids=lambda p: p.source)
def test_published_killers_have_their_published_solution(published) -> None:  # type: ignore[no-untyped-def]
    puzzle = parse_killer(published.text)
    assert not any(puzzle.givens) and puzzle.caged_cells() == 81
    assert unique_killer_solution(puzzle) == tuple(int(ch) for ch in published.solution)


def test_generated_killers_are_unique_with_the_generator_solution() -> None:
    for seed in range(4):
        puzzle, solution = generate_killer(random.Random(seed))
        assert not any(puzzle.givens) and puzzle.caged_cells() == 81
        assert sum(c.total for c in puzzle.cages) == 405
        for cage in puzzle.cages:
            digits = [solution[c] for c in cage.cells]
            assert len(set(digits)) == len(digits) and sum(digits) == cage.total
        assert killer_solutions(puzzle, 3) == [solution]


def test_an_explainable_killer_is_solved_by_logic() -> None:
    from sudoku_tk.engine.killer.logic import solve_killer_logically

    puzzle, solution = generate_killer(random.Random(5), explainable=True)
    path = solve_killer_logically(puzzle)
    assert path.solved and path.final.values == solution


def test_counts_several_and_none() -> None:
    # One cage over row 1 says nothing new: many solutions, counting stops at the limit.
    row = KillerPuzzle.create([Cage(tuple(range(9)), 45)])
    assert count_killer_solutions(row, 2) == 2
    assert count_killer_solutions(row, 5) == 5
    # r1c1 + r1c2 = 3 and r1c1 + r2c1 = 3 and r1c2 + r2c1 = 4: 1+2, 1+2 and a 2+2 that repeats — none.
    none = KillerPuzzle.create([Cage((0, 1), 3), Cage((9, 10), 3), Cage((2, 11), 17)], [1] + [0] * 80)
    sols = killer_solutions(none, 2)
    for sol in sols:
        assert sol[0] == 1 and sol[0] + sol[1] == 3
    impossible = KillerPuzzle.create([Cage((0, 1), 3), Cage((9, 10), 3)], [0, 0, 1] + [0] * 78)
    assert killer_solutions(impossible, 2) == []


def test_givens_are_kept() -> None:
    published = PUBLISHED[0]
    solution = tuple(int(ch) for ch in published.solution)
    puzzle = parse_killer(published.text)
    with_givens = KillerPuzzle.create(puzzle.cages, [solution[c] if c % 7 == 0 else 0 for c in range(81)])
    assert unique_killer_solution(with_givens) == solution


def test_stop_ends_the_search() -> None:
    row = KillerPuzzle.create([Cage(tuple(range(9)), 45)])
    with pytest.raises(SearchStopped):
        killer_solutions(row, 10**6, stop=lambda: True)
