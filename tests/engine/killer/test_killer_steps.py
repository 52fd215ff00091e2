"""Killer's human steps: for each technique, positions where it fires with its exact effects, and one where it
must not; then every step the finders offer along the logic solver's paths over generated Killers, checked
against the known solution (no true candidate removed, no wrong digit placed).

Positions are built from a few cages on an otherwise cage-free board (``cages`` below), so what each finder
must find can be worked out by hand; the comment on each case does it.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.killer import cage_steps, innies
from sudoku_tk.engine.killer.cage_steps import KillerFinder
from sudoku_tk.engine.killer.cages import Cage, KillerPuzzle
from sudoku_tk.engine.killer.forcing import find_killer_forcing_net
from sudoku_tk.engine.killer.logic import (
    KILLER_FINDERS,
    KILLER_TECHNIQUES,
    apply_killer_step,
    classic_for_killer,
    iter_killer_steps,
    solve_killer_logically,
    start_grid,
    unsound_for_killer,
)
from sudoku_tk.engine.killer.published import PUBLISHED
from sudoku_tk.engine.killer.text import parse_killer
from sudoku_tk.engine.solving.logic import diagnose
from sudoku_tk.engine.solving.technique_table import variant_order
from sudoku_tk.engine.steps.step import Family, Step, Technique

GEO = Geometry.of(3)
GENERATED = Path(__file__).resolve().parents[2] / "data" / "killer" / "generated.txt"


def cell(name: str) -> int:
    return GEO.parse_cell(name)


def cells(names: str) -> tuple[int, ...]:
    return tuple(cell(n) for n in names.split())


def cages(*spec: tuple[str, int]) -> KillerPuzzle:
    """A puzzle of these cages ('r1c1 r1c2', 17), no givens."""
    return KillerPuzzle.create([Cage(cells(names), total) for names, total in spec])


def without(grid: Grid, names: str, digits: Iterable[int]) -> Grid:
    """``grid`` with ``digits`` removed from the named cells (a position reached by earlier steps)."""
    cands = list(grid.candidates)
    for c in cells(names):
        for d in digits:
            cands[c] &= ~(1 << (d - 1))
    return Grid(grid.geometry, grid.givens, grid.values, tuple(cands), True)


def effects(steps: Iterable[Step]) -> set[tuple[str, int, str]]:
    """Every step's effects as ('-', digit, cell) and ('=', digit, cell)."""
    out = set()
    for s in steps:
        out |= {("-", e.digit, GEO.cell_name(e.cell)) for e in s.eliminations}
        out |= {("=", p.digit, GEO.cell_name(p.cell)) for p in s.placements}
    return out


def removed(digits: Iterable[int], names: str) -> set[tuple[str, int, str]]:
    return {("-", d, n) for d in digits for n in names.split()}


def run(find: KillerFinder, puzzle: KillerPuzzle, grid: Grid | None = None) -> list[Step]:
    steps = list(find(puzzle, start_grid(puzzle) if grid is None else grid))
    for s in steps:
        assert s.explanation.startswith(s.technique.display_name + ": ") and s.explanation.endswith(".")
    return steps


ROW1_REST = "r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9"
BOX1_REST = "r2c1 r2c2 r2c3 r3c1 r3c2 r3c3"


# -- Cage Combinations ---------------------------------------------------------------------------------------


def test_cage_combinations_two_cells_of_17_are_8_and_9() -> None:
    steps = run(cage_steps.find_cage_combinations, cages(("r1c1 r1c2", 17)))
    assert effects(steps) == removed(range(1, 8), "r1c1 r1c2")
    assert steps[0].explanation == (
        "Cage Combinations: the 17-cage at r1c1 in 2 cells is 8+9, so r1c1 and r1c2 hold only 8 and 9 — "
        "remove 1, 2, 3, 4, 5, 6 and 7 from r1c1 and r1c2."
    )


def test_cage_combinations_three_cells_of_7_are_1_2_4() -> None:
    steps = run(cage_steps.find_cage_combinations, cages(("r1c1 r2c1 r3c1", 7)))
    assert effects(steps) == removed((3, 5, 6, 7, 8, 9), "r1c1 r2c1 r3c1")


def test_cage_combinations_by_matching_digits_to_cells() -> None:
    # 10 in two cells: r1c1 holds only 1 or 9, so r1c2 is its partner, 9 or 1 — 2 to 8 go from r1c2.
    puzzle = cages(("r1c1 r1c2", 10))
    grid = without(start_grid(puzzle), "r1c1", range(2, 9))
    steps = run(cage_steps.find_cage_combinations, puzzle, grid)
    assert effects(steps) == removed(range(2, 9), "r1c2")
    assert "1+9" in steps[0].explanation and "as far as its cells' candidates allow" in steps[0].explanation


def test_cage_combinations_with_a_given_in_the_cage() -> None:
    # 15 in three cells with r1c1 given 6: the other two make 9 without 6 (1+8, 2+7, 4+5): 3 and 9 go (6 is
    # gone already, the given's row and cage mate).
    puzzle = KillerPuzzle.create([Cage(cells("r1c1 r1c2 r1c3"), 15)], [6] + [0] * 80)
    steps = run(cage_steps.find_cage_combinations, puzzle)
    assert effects(steps) == removed((3, 9), "r1c2 r1c3")
    assert "holds 6 already, so r1c2 and r1c3 make 9" in steps[0].explanation


def test_cage_combinations_must_not_fire_when_every_digit_works() -> None:
    assert run(cage_steps.find_cage_combinations, cages(("r1c1 r1c2 r1c3", 15))) == []
    assert run(cage_steps.find_cage_combinations, cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", 45))) == []


# -- Cage Pointing -------------------------------------------------------------------------------------------


def test_cage_pointing_in_a_row_and_a_box() -> None:
    # 17 in r1c1 r1c2 is 8+9: both digits are in the cage, which lies in row 1 and box 1.
    steps = run(cage_steps.find_cage_pointing, cages(("r1c1 r1c2", 17)))
    rest = ROW1_REST + " " + BOX1_REST
    assert effects(steps) == removed((8, 9), rest)
    assert [s.explanation.split(" — ")[0] for s in steps][0] == (
        "Cage Pointing: every combination the 17-cage at r1c1 can take (8+9) uses 8, and in the cage 8 can only go "
        "in r1c1 or r1c2, both in row 1 and box 1, so 8 can't go anywhere else in row 1 or box 1"
    )


def test_cage_pointing_in_a_column_only() -> None:
    # 3 in r3c1 r4c1 (boxes 1 and 4) is 1+2: they leave column 1.
    steps = run(cage_steps.find_cage_pointing, cages(("r3c1 r4c1", 3)))
    assert effects(steps) == removed((1, 2), "r1c1 r2c1 r5c1 r6c1 r7c1 r8c1 r9c1")


def test_cage_pointing_to_cells_seen_by_every_place() -> None:
    # 24 in r1c3 r1c4 r2c4 is 7+8+9; the three share no house, but r1c5 and r1c6 see all of them.
    steps = run(cage_steps.find_cage_pointing, cages(("r1c3 r1c4 r2c4", 24)))
    assert effects(steps) == removed((7, 8, 9), "r1c5 r1c6")
    assert "which all see r1c5 and r1c6" in steps[0].explanation


def test_cage_pointing_must_not_fire_without_a_needed_digit() -> None:
    assert run(cage_steps.find_cage_pointing, cages(("r1c1 r1c2", 10))) == []


# -- Cage Claiming -------------------------------------------------------------------------------------------


def _claiming(cage: str, house_rest: str) -> tuple[KillerPuzzle, Grid]:
    """16 in three cells, with 9's places in a house narrowed to two cells of the cage."""
    puzzle = cages((cage, 16))
    return puzzle, without(start_grid(puzzle), house_rest, (9,))


def test_cage_claiming_from_a_row() -> None:
    # In row 1, 9 is only in r1c1 or r1c2, both in the 16-cage, so r2c1 is not 9 and the cage is 1+6+9, 2+5+9
    # or 3+4+9: 7 and 8 go from every cell of it.
    puzzle, grid = _claiming("r1c1 r1c2 r2c1", ROW1_REST)
    steps = run(cage_steps.find_cage_claiming, puzzle, grid)
    assert effects(steps) == removed((7, 8), "r1c1 r1c2 r2c1") | removed((9,), "r2c1")
    assert steps[0].explanation.startswith(
        "Cage Claiming: in row 1, 9 can only go in r1c1 or r1c2, both in the 16-cage at r1c1, so the cage holds 9 "
        "there and is 3+4+9, 2+5+9 or 1+6+9"
    )


def test_cage_claiming_from_a_column() -> None:
    puzzle, grid = _claiming("r1c1 r2c1 r1c2", "r3c1 r4c1 r5c1 r6c1 r7c1 r8c1 r9c1")
    steps = run(cage_steps.find_cage_claiming, puzzle, grid)
    assert effects(steps) == removed((7, 8), "r1c1 r1c2 r2c1") | removed((9,), "r1c2")


def test_cage_claiming_from_a_box() -> None:
    puzzle, grid = _claiming("r2c3 r3c3 r3c4", "r1c1 r1c2 r1c3 r2c1 r2c2 r3c1 r3c2")
    steps = run(cage_steps.find_cage_claiming, puzzle, grid)
    assert effects(steps) == removed((7, 8), "r2c3 r3c3 r3c4") | removed((9,), "r3c4")


def test_cage_claiming_must_not_fire_for_a_cage_inside_the_house() -> None:
    puzzle = cages(("r1c1 r1c2 r1c3", 16))
    grid = without(start_grid(puzzle), "r1c4 r1c5 r1c6 r1c7 r1c8 r1c9", (9,))
    assert run(cage_steps.find_cage_claiming, puzzle, grid) == []


# -- Killer Subset -------------------------------------------------------------------------------------------


def test_killer_subset_in_a_row() -> None:
    # 5 in r1c1 r1c2 (1+4 or 2+3) and 6 in r1c3 r1c4 (1+5 or 2+4) can only be 2+3 with 1+5: 1, 2, 3 and 5.
    steps = run(cage_steps.find_killer_subsets, cages(("r1c1 r1c2", 5), ("r1c3 r1c4", 6)))
    assert effects(steps) == removed((1, 2, 3, 5), "r1c5 r1c6 r1c7 r1c8 r1c9")


def test_killer_subset_in_a_column() -> None:
    steps = run(cage_steps.find_killer_subsets, cages(("r1c1 r2c1", 5), ("r3c1 r4c1", 6)))
    assert effects(steps) == removed((1, 2, 3, 5), "r5c1 r6c1 r7c1 r8c1 r9c1")


def test_killer_subset_with_two_ways() -> None:
    # 5 (1+4, 2+3) and 7 (1+6, 2+5, 3+4) fit together as 1+4 with 2+5 or 2+3 with 1+6: always 1 and 2.
    steps = run(cage_steps.find_killer_subsets, cages(("r1c1 r1c2", 5), ("r1c3 r1c4", 7)))
    assert effects(steps) == removed((1, 2), "r1c5 r1c6 r1c7 r1c8 r1c9")


def test_killer_subset_must_not_fire_without_a_common_digit() -> None:
    assert run(cage_steps.find_killer_subsets, cages(("r1c1 r1c2", 10), ("r1c3 r1c4", 11))) == []


# -- Innie/Outie: One Cell -----------------------------------------------------------------------------------


def test_one_innie_of_a_row() -> None:
    # Row 1: 10 (1+2+3+4) and 26 (5+6+7+8) leave r1c9 = 45 − 36 = 9.
    steps = run(innies.find_one_cell, cages(("r1c1 r1c2 r1c3 r1c4", 10), ("r1c5 r1c6 r1c7 r1c8", 26)))
    assert effects(steps) == {("=", 9, "r1c9")}
    assert steps[0].explanation == (
        "Innie/Outie: One Cell: row 1 adds up to 45 and the cages lying wholly inside add up to 36, so the innie "
        "r1c9 = 9 — place 9 in r1c9."
    )


def test_one_innie_of_a_column() -> None:
    steps = run(innies.find_one_cell, cages(("r1c1 r2c1 r3c1 r4c1 r5c1 r6c1 r7c1 r8c1", 41)))
    assert effects(steps) == {("=", 4, "r9c1")}


def test_one_outie_of_a_box() -> None:
    # Box 1 is covered by 26 (its last two rows) and 24 (its first row and r1c4): r1c4 = 26 + 24 − 45 = 5.
    puzzle = cages(("r2c1 r2c2 r2c3 r3c1 r3c2 r3c3", 26), ("r1c1 r1c2 r1c3 r1c4", 24))
    steps = run(innies.find_one_cell, puzzle)
    assert effects(steps) == {("=", 5, "r1c4")}
    assert any("the outie r1c4 = 5" in s.explanation for s in steps)


def test_one_cell_must_not_fire_with_two_innies() -> None:
    assert run(innies.find_one_cell, cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", 28))) == []


# -- Innies and Outies ---------------------------------------------------------------------------------------


def test_two_innies_of_10_are_not_5() -> None:
    steps = run(innies.find_innies_outies, cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", 35)))
    assert effects(steps) == removed((5,), "r1c8 r1c9")
    assert steps[0].explanation == (
        "Innies and Outies: row 1 adds up to 45 and the cages lying wholly inside add up to 35, so the innies "
        "r1c8 + r1c9 = 10 — remove 5 from r1c8 and r1c9."
    )


def test_three_innies_of_6_are_1_2_3() -> None:
    steps = run(innies.find_innies_outies, cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6", 39)))
    assert effects(steps) == removed(range(4, 10), "r1c7 r1c8 r1c9")


def test_two_outies_of_3_are_1_and_2() -> None:
    # Box 1 covered by 6 (row 3 of it), 18 (row 1 and r1c4) and 24 (row 2 and r2c4): r1c4 + r2c4 = 3.
    puzzle = cages(("r3c1 r3c2 r3c3", 6), ("r1c1 r1c2 r1c3 r1c4", 18), ("r2c1 r2c2 r2c3 r2c4", 24))
    steps = [s for s in run(innies.find_innies_outies, puzzle) if s.focus == "box 1"]
    assert effects(steps) == removed(range(3, 10), "r1c4 r2c4")


def test_innies_and_outies_must_not_fire_when_nothing_goes() -> None:
    puzzle = cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", 35))
    grid = without(start_grid(puzzle), "r1c8 r1c9", (5,))
    assert run(innies.find_innies_outies, puzzle, grid) == []


# -- Cage Splitting ------------------------------------------------------------------------------------------


def test_cage_splitting_in_a_row() -> None:
    # Row 1: 21 (r1c1–r1c6) leaves r1c7 + r1c8 + r1c9 = 24 inside the 30-cage, whose last cell r2c9 is 6.
    puzzle = cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6", 21), ("r1c7 r1c8 r1c9 r2c9", 30))
    steps = run(innies.find_cage_splitting, puzzle)
    assert effects(steps) == removed(range(1, 7), "r1c7 r1c8 r1c9") | removed((1, 2, 3, 4, 5, 7, 8, 9), "r2c9")
    assert "the 30-cage at r1c7 splits into r1c7 + r1c8 + r1c9 = 24 (7+8+9) and r2c9 = 6 (6)" in steps[0].explanation


def test_cage_splitting_in_a_column() -> None:
    puzzle = cages(("r1c1 r2c1 r3c1 r4c1 r5c1 r6c1", 21), ("r7c1 r8c1 r9c1 r9c2", 30))
    steps = run(innies.find_cage_splitting, puzzle)
    assert effects(steps) == removed(range(1, 7), "r7c1 r8c1 r9c1") | removed((1, 2, 3, 4, 5, 7, 8, 9), "r9c2")


def test_cage_splitting_in_a_box() -> None:
    puzzle = cages(("r1c1 r1c2 r1c3 r2c1 r2c2 r2c3", 21), ("r3c1 r3c2 r3c3 r4c1", 28))
    steps = run(innies.find_cage_splitting, puzzle)
    assert effects(steps) == removed(range(1, 7), "r3c1 r3c2 r3c3") | removed((1, 2, 3, 5, 6, 7, 8, 9), "r4c1")


def test_cage_splitting_must_not_fire_on_cells_of_no_cage() -> None:
    assert run(innies.find_cage_splitting, cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6", 21))) == []


# -- Innie-Outie Difference ----------------------------------------------------------------------------------


def test_difference_innie_minus_outie_is_7() -> None:
    # Row 1: 28 (r1c1–r1c7) and the 10-cage r1c8 r2c8 cover all but r1c9, sticking out by r2c8:
    # r1c9 − r2c8 = 45 − 38 = 7, so r1c9 is 8 or 9 and r2c8 is 1 or 2.
    puzzle = cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", 28), ("r1c8 r2c8", 10))
    steps = [s for s in run(innies.find_differences, puzzle) if s.focus == "row 1"]
    assert effects(steps) == removed(range(1, 8), "r1c9") | removed(range(3, 10), "r2c8")
    assert "so r1c9 − r2c8 = 45 − 38 = 7" in steps[0].explanation


def test_difference_in_a_column() -> None:
    puzzle = cages(("r1c1 r2c1 r3c1 r4c1 r5c1 r6c1 r7c1", 28), ("r8c1 r8c2", 10))
    steps = [s for s in run(innies.find_differences, puzzle) if s.focus == "column 1"]
    assert effects(steps) == removed(range(1, 8), "r9c1") | removed(range(3, 10), "r8c2")


def test_difference_of_5() -> None:
    puzzle = cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", 28), ("r1c8 r2c8", 12))
    steps = [s for s in run(innies.find_differences, puzzle) if s.focus == "row 1"]
    assert effects(steps) == removed(range(1, 6), "r1c9") | removed(range(5, 10), "r2c8")


def test_difference_must_not_fire_when_the_candidates_already_agree() -> None:
    puzzle = cages(("r1c1 r1c2 r1c3 r1c4 r1c5 r1c6 r1c7", 28), ("r1c8 r2c8", 10))
    grid = without(without(start_grid(puzzle), "r1c9", range(1, 8)), "r2c8", range(3, 10))
    assert [s for s in run(innies.find_differences, puzzle, grid) if s.focus == "row 1"] == []


# -- the solver and every step against the solution ---------------------------------------------------------


def test_the_killer_solver_leaves_out_unsound_classic_techniques() -> None:
    chosen = classic_for_killer()
    assert not any(t.family is Family.UNIQUENESS for t in chosen)
    assert Technique.BRUTE_FORCE not in chosen and Technique.NESTED_FORCING_NET not in chosen
    assert Technique.X_WING in chosen and Technique.FORCING_NET_CONTRADICTION in chosen
    assert unsound_for_killer(Technique.UNIQUENESS_1) and not unsound_for_killer(Technique.NAKED_PAIR)
    assert variant_order("killer") == KILLER_TECHNIQUES


def _sweep_items() -> list[tuple[str, str]]:
    items = [(p.text, p.solution) for p in PUBLISHED]
    for line in GENERATED.read_text().splitlines():
        if line and not line.startswith("#"):
            text, solution = line.split("\t")
            items.append((text, solution))
    return items


def _check_path(text: str, solution_text: str) -> bool:
    puzzle = parse_killer(text)
    solution = tuple(int(ch) for ch in solution_text)
    path = solve_killer_logically(puzzle)
    grid = start_grid(puzzle)
    assert diagnose(grid, solution) is None
    for step in path.steps:
        # Every step any Killer finder offers here, not only the one taken, is checked.
        for _, find in KILLER_FINDERS:
            for offered in find(puzzle, grid):
                for p in offered.placements:
                    assert solution[p.cell] == p.digit, offered.explanation
                for e in offered.eliminations:
                    assert solution[e.cell] != e.digit, offered.explanation
                assert not offered.is_empty()
        grid = apply_killer_step(puzzle, grid, step)
        mistake = diagnose(grid, solution)
        assert mistake is None, f"{step.explanation}: {mistake.message}"
    if path.solved:
        assert grid.values == solution
    return path.solved


SWEEP = _sweep_items()
SHORT = 4
"""The published Killers and the first generated one run in the short suite; the next ones with the slow sweeps."""
SWEPT = 32
"""How many of the set the slow sweep checks step by step (benchmarks/killer_solve.py --logic checks every path)."""


@pytest.mark.parametrize("index", range(SHORT))
def test_every_step_is_true_on_killers(index: int) -> None:
    text, solution = SWEEP[index]
    _check_path(text, solution)


@pytest.mark.slow
@pytest.mark.parametrize("index", range(SHORT, SWEPT))
def test_every_step_is_true_on_every_generated_killer(index: int) -> None:
    text, solution = SWEEP[index]
    _check_path(text, solution)


def test_published_killers_are_solved_by_logic() -> None:
    for published in PUBLISHED:
        path = solve_killer_logically(parse_killer(published.text))
        assert path.solved, published.source
        assert Technique.BRUTE_FORCE not in {s.technique for s in path.steps}


# -- Killer Forcing Net --------------------------------------------------------------------------------------


def position(puzzle: KillerPuzzle, tokens: str) -> Grid:
    """A position written as 81 tokens: '=5' a placed digit, '1379' an empty cell's candidates."""
    values = [0] * 81
    cands = [0] * 81
    for c, tok in enumerate(tokens.split()):
        if tok.startswith("="):
            values[c] = int(tok[1:])
        else:
            cands[c] = sum(1 << (int(ch) - 1) for ch in tok)
    return Grid.from_values(puzzle.givens, values, cands)


# Positions from the logic solver's paths over the generated set (lines 13, 9 and 5 of tests/data/killer/
# generated.txt) where nothing before the Killer Forcing Net applies; each removal is checked against the
# solution as well.
FORCING_CASES = [
    (
        "AABBCDDDEFFBGCCCEEFFBGCHHHEIGGGGHJKKILMMNNJOKILPMNNOOQIRPSSSTUQRRVVSSTUUWWWWWTTTU A=9,B=23,C=35,D=16,E=18,"
        "F=15,G=31,H=16,I=20,J=16,K=12,L=13,M=12,N=18,O=9,P=12,Q=17,R=16,S=24,T=20,U=18,V=8,W=27",
        "134568 134568 456789 =2 56789 134568 134568 35789 134567 123456789 123456789 456789 134 56789 56789 568 "
        "123456789 1234567 123456789 123456789 456789 134568 56789 134568 1234568 123456789 1234567 1234 123456789 "
        "123456789 13456789 12345789 13456789 79 123456 123456 123456789 46789 12345678 13456789 123456789 13456789 "
        "79 123456 3456 12345679 45679 457 1345679 12345679 1345679 123456 123456 =8 568 12345678 578 1345678 1345678 "
        "1345678 134568 12345678 =9 123456789 123456789 1235 3567 13456789 13456789 134568 12345678 1234567 13456789 "
        "13456789 13456789 3456789 3456789 =2 134568 1345678 34567",
        ("r8c3", 5),
        "Killer Forcing Net: if r8c3 were 5, then r7c3 = 8 (the 12-cage at r6c3), r7c1 = 6 (its last candidate), "
        "r6c3 = 4 (the 12-cage at r6c3), r8c4 = 3 (the 8-cage at r8c3), r7c8 = 2 (the innies of row 7), and the "
        "innies of row 8 could not make their sum, so r8c3 can't be 5 — remove 5 from r8c3.",
    ),
    (
        "AABCDDDDEABBCDFFEEABBCGGHEIJKLCGMHHIJKLCMMHNNJKKOOOHNNPPKOQQQRRSPTTTUQVRSSTUUUVVR A=20,B=25,C=28,D=17,E=20,"
        "F=16,G=15,H=24,I=11,J=11,K=35,L=6,M=16,N=17,O=17,P=7,Q=23,R=22,S=23,T=24,U=15,V=13",
        "589 34 689 5689 134 134 =7 =2 56 245 23 168 2568 34 =7 =9 18 56 2589 =7 1689 25689 25689 25689 =3 18 =4 13 "
        "589 24 234589 12458 1234589 258 =6 =7 137 5689 24 2346789 123456789 12345689 258 349 139 137 5689 89 3456 "
        "2345789 2345689 258 349 139 24 24 =7 =1 58 58 =6 39 39 68 =1 =3 79 79 26 =4 =5 28 689 89 =5 346 2346 2346 "
        "=1 =7 28",
        ("r5c1", 3),
        "",
    ),
    (
        "ABBBCDDEEABCCCCDFFABGHIJDKFAAGHJJJKFLGGHHJJKMLLLHNOPMMQQLNNOPPMRQSNTUUVVQQSTTTUVV A=18,B=31,C=23,D=22,E=9,"
        "F=19,G=22,H=27,I=5,J=24,K=16,L=28,M=23,N=20,O=10,P=16,Q=32,R=1,S=10,T=11,U=16,V=22",
        "=2 345679 3579 =8 4679 67 =1 3456 3456 458 35679 =1 23479 4679 24679 5678 23456789 23456789 4678 34679 78 "
        "123 =5 123 6789 46789 2346789 34 =1 35789 45679 46789 3456789 2345 234567 345678 3456789 =2 35789 145679 "
        "46789 13456789 3456 3456789 156789 3456789 346789 3579 124567 123 23 6789 56789 156789 358 358 =2 4679 "
        "46789 78 6789 =1 56789 =1 5789 46 69 23 789 23456 23456789 23456789 789 789 46 1235 123 235 2346 2346789 "
        "2346789",
        ("r1c6", 7),
        "",
    ),
]


@pytest.mark.parametrize("case", range(len(FORCING_CASES)))
def test_killer_forcing_net_removes_the_refuted_candidate(case: int) -> None:
    text, tokens, (name, digit), sentence = FORCING_CASES[case]
    puzzle = parse_killer(text)
    grid = position(puzzle, tokens)
    first = next(find_killer_forcing_net(puzzle, grid))
    assert effects([first]) == {("-", digit, name)}
    if sentence:
        assert first.explanation == sentence
    solution = [int(ch) for ch in _solution_of(text)]
    assert solution[cell(name)] != digit
    assert diagnose(grid, solution) is None


def _solution_of(text: str) -> str:
    return next(sol for t, sol in SWEEP if t == text)


def test_killer_forcing_net_must_not_fire_without_a_contradiction() -> None:
    # The 17-cage holds 8 and 9, either way round, and nothing else is known: no candidate leads anywhere.
    puzzle = cages(("r1c1 r1c2", 17))
    grid = without(start_grid(puzzle), "r1c1 r1c2", range(1, 8))
    grid = without(grid, ROW1_REST + " " + BOX1_REST, (8, 9))
    assert list(find_killer_forcing_net(puzzle, grid)) == []


def test_iter_killer_steps_yields_every_killer_step_in_order() -> None:
    puzzle = cages(("r1c1 r1c2", 17))
    steps = list(iter_killer_steps(puzzle, start_grid(puzzle)))
    assert [s.technique for s in steps] == [Technique.KILLER_CAGE_COMBINATIONS] + [Technique.KILLER_CAGE_POINTING] * 2
    only = list(iter_killer_steps(puzzle, start_grid(puzzle), [Technique.KILLER_CAGE_POINTING]))
    assert [s.technique for s in only] == [Technique.KILLER_CAGE_POINTING] * 2
