"""Franken and Mutant fish (basic and finned, two to four units) on their case file, hand-built boards and real
positions."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from itertools import combinations

import pytest
from caselib import Case, case_file_tests, check_counts, check_step_contract, effects, first_case_step, load_cases
from shared_data import read_puzzles
from sweeps import check_case_mirrored, check_finders_sound, check_silent

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import ORDER, fish, implemented
from sudoku_tk.engine.techniques.franken import FINDERS

T = Technique
G = Geometry.of(3)
CASES = load_cases("franken.cases")
FIRING = tuple(t for t, _ in FINDERS if t is not T.MUTANT_X_WING)
FINDER = dict(FINDERS)

test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(
    CASES, FINDERS, techniques=FIRING
)


def test_mutant_x_wing_has_must_not_fire_cases() -> None:
    check_counts(CASES, [T.MUTANT_X_WING], firing=0, silent=3)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_case_mirrored(case: Case) -> None:
    check_case_mirrored(case)


# -- wording and drawing ---------------------------------------------------------------------------------------

EXPLANATIONS = {
    T.FRANKEN_X_WING: (
        "Franken X-Wing: in row 1 and box 5, every 4 lies in columns 4 and 5, so those columns get their 4 inside "
        "these units — remove 4 from r2c4, r2c5 and r3c4."
    ),
    T.FRANKEN_SWORDFISH: (
        "Franken Swordfish: in row 4, row 8 and box 3, every 8 lies in columns 2, 8 and 9, so those columns get "
        "their 8 inside these units — remove 8 from r2c2, r5c8, r6c2, r6c8 and r9c2."
    ),
    T.FRANKEN_JELLYFISH: (
        "Franken Jellyfish: in column 2, column 5, column 8 and box 2, every 3 lies in rows 1, 3, 4 and 6, so "
        "those rows get their 3 inside these units — remove 3 from r4c1, r4c7 and r6c1."
    ),
    T.FINNED_FRANKEN_X_WING: (
        "Finned Franken X-Wing: in row 4 and box 1, every 5 lies in columns 3 and 7 except the fin r3c2; either "
        "the fin is 5 or those columns get their 5 inside these units, and either way r3c7 can't be 5 — remove 5 "
        "from r3c7."
    ),
    T.FINNED_FRANKEN_SWORDFISH: (
        "Finned Franken Swordfish: in row 1, row 9 and box 2, every 1 lies in columns 1, 6 and 7 except the fins "
        "r1c9 and r2c5; either a fin is 1 or those columns get their 1 inside these units, and either way r2c7 "
        "can't be 1 — remove 1 from r2c7."
    ),
    T.FINNED_FRANKEN_JELLYFISH: (
        "Finned Franken Jellyfish: in row 3, row 7, box 1 and box 6, every 2 lies in columns 2, 5, 8 and 9 except "
        "the fins r1c3 and r3c7; either a fin is 2 or those columns get their 2 inside these units, and either "
        "way r1c9 can't be 2 — remove 2 from r1c9."
    ),
    T.MUTANT_SWORDFISH: (
        "Mutant Swordfish: in row 3, row 8 and column 2, every 8 lies in column 7, box 1 and box 7, so those "
        "three units get their 8 inside these three — remove 8 from r9c3 and r9c7."
    ),
    T.MUTANT_JELLYFISH: (
        "Mutant Jellyfish: in row 3, row 8, column 2 and column 8, every 8 lies in boxes 1, 3, 7 and 9, so those "
        "boxes get their 8 inside these units — remove 8 from r9c3 and r9c7."
    ),
    T.FINNED_MUTANT_X_WING: (
        "Finned Mutant X-Wing: in row 1 and box 9, every 2 lies in row 8 and column 8 except the fin r1c5; either "
        "the fin is 2 or those two units get their 2 inside these two, and either way r8c5 can't be 2 — remove 2 "
        "from r8c5."
    ),
    T.FINNED_MUTANT_SWORDFISH: (
        "Finned Mutant Swordfish: in row 1, row 9 and column 5, every 1 lies in row 2, column 1 and box 8 except "
        "the fins r1c9 and r9c7; either a fin is 1 or those three units get their 1 inside these three, and "
        "either way r2c7 can't be 1 — remove 1 from r2c7."
    ),
    T.FINNED_MUTANT_JELLYFISH: (
        "Finned Mutant Jellyfish: in row 3, row 7, column 3 and column 7 (r3c7, in two of them, counts as a fin), "
        "every 2 lies in row 1, column 5, box 7 and box 9 except the fin r3c9; either a fin is 2 or those four "
        "units get their 2 inside these four, and either way r1c9 can't be 2 — remove 2 from r1c9."
    ),
}


@pytest.mark.parametrize("technique", FIRING, ids=lambda t: t.name)
def test_explanation(technique: Technique) -> None:
    step = first_case_step(CASES, technique)
    assert step.explanation == EXPLANATIONS[technique]
    digit = step.eliminations[0].digit
    bases = step.explanation.split(": in ", 1)[1].split(", every", 1)[0].split(" (", 1)[0]
    assert step.focus == f"digit {digit} in {bases}"


def _case_step(technique: Technique, elims: str) -> Step:
    """The Step of the case of ``technique`` whose expected eliminations are ``elims`` ('r2c7<>1 ...')."""
    want = frozenset((G.parse_cell(tok.split("<>")[0]), int(tok.split("<>")[1])) for tok in elims.split())
    case = next(c for c in CASES if c.technique is technique and c.expected_elims == want)
    return next(s for s in FINDER[technique](case.grid) if effects(s)[0] == want)


def test_cannibalism_is_explained() -> None:
    step = _case_step(T.MUTANT_SWORDFISH, "r3c3<>5 r3c6<>5 r3c7<>5 r9c1<>5")
    assert step.explanation == (
        "Mutant Swordfish: in column 5, box 3 and box 9, every 5 lies in row 3, row 9 and column 7, so those three "
        "units get their 5 inside these three, one each, and none in r3c7, which lies in two of them — remove 5 "
        "from r3c3, r3c6, r3c7 and r9c1."
    )


def test_endo_fin_is_explained_and_drawn_as_a_fin() -> None:
    step = _case_step(T.FINNED_FRANKEN_JELLYFISH, "r4c2<>9")
    assert step.explanation == (
        "Finned Franken Jellyfish: in row 2, row 5, row 9 and box 7 (r9c2, in two of them, counts as a fin), every "
        "9 lies in columns 1, 2, 5 and 6; either the fin is 9 or those columns get their 9 inside these units, "
        "and either way r4c2 can't be 9 — remove 9 from r4c2."
    )
    fins = [h for h in step.highlights if h.role is HighlightRole.FIN]
    assert [(h.cells, h.digits) for h in fins] == [((G.parse_cell("r9c2"),), (9,))]


def _named(*names: str) -> tuple[int, ...]:
    return tuple(G.parse_cell(n) for n in names)


def test_drawing_roles() -> None:
    step = first_case_step(CASES, T.FINNED_FRANKEN_SWORDFISH)
    by_role: dict[HighlightRole, list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {}
    for h in step.highlights:
        by_role.setdefault(h.role, []).append((h.cells, h.digits, h.units))
    assert by_role[HighlightRole.DEFINING_UNIT] == [((), (), (0, 8, 19))]  # row 1, row 9, box 2
    assert by_role[HighlightRole.COVER_UNIT] == [((), (), (9, 14, 15))]  # columns 1, 6 and 7
    assert by_role[HighlightRole.PATTERN] == [(_named("r1c1", "r3c6", "r9c1", "r9c6", "r9c7"), (1,), ())]
    assert by_role[HighlightRole.FIN] == [(_named("r1c9", "r2c5"), (1,), ())]
    assert by_role[HighlightRole.ELIMINATION] == [(_named("r2c7"), (1,), ())]
    assert set(by_role) == {
        HighlightRole.DEFINING_UNIT,
        HighlightRole.COVER_UNIT,
        HighlightRole.PATTERN,
        HighlightRole.FIN,
        HighlightRole.ELIMINATION,
    }


@pytest.mark.parametrize("technique", [t for t, _ in FINDERS], ids=lambda t: t.name)
def test_steps_are_distinct_and_fewest_fins_first(technique: Technique) -> None:
    for case in (c for c in CASES if c.technique is technique):
        steps = list(FINDER[technique](case.grid))
        keys = [s.key() for s in steps]
        assert len(set(keys)) == len(keys)
        fins = [sum(len(h.cells) for h in s.highlights if h.role is HighlightRole.FIN) for s in steps]
        assert fins == sorted(fins)
        finned = "FINNED" in technique.name
        assert all((n > 0) == finned for n in fins)
        assert all(n <= 7 for n in fins)  # at most five fins outside the cover units and two endo fins


# -- hand-built boards: one digit confined to a pattern, every candidate everywhere else ----------------------


def _board(digit: int, keep: dict[str, Sequence[str]]) -> Grid:
    """An empty board with every candidate, except that in each unit named ('r1', 'c4', 'b5') the digit is kept
    only in the cells listed."""
    cands = [G.all_digits] * 81
    bit = 1 << (digit - 1)
    for name, cells in keep.items():
        unit = {"r": 0, "c": 9, "b": 18}[name[0]] + int(name[1:]) - 1
        kept = {G.parse_cell(c) for c in cells}
        for cell in G.units[unit]:
            if cell not in kept:
                cands[cell] &= ~bit
    return Grid.from_values([0] * 81, None, cands)


def _x_wings(grid: Grid) -> list[Step]:
    finder = dict(fish.FINDERS)[T.X_WING]
    return list(finder(grid))


def _elims(grid: Grid, technique: Technique) -> list[frozenset[tuple[int, int]]]:
    return [effects(s)[0] for s in FINDER[technique](grid)]


def _cells(digit: int, names: Iterable[str]) -> frozenset[tuple[int, int]]:
    return frozenset((G.parse_cell(n), digit) for n in names)


def test_franken_x_wing_on_a_hand_built_board() -> None:
    grid = _board(1, {"r1": ["r1c4", "r1c6"], "b5": ["r4c4", "r5c6"]})
    want = _cells(1, [f"r{r}c{c}" for r in (2, 3, 7, 8, 9) for c in (4, 6)])
    steps = [s for s in FINDER[T.FRANKEN_X_WING](grid) if effects(s)[0] == want]
    assert len(steps) == 1
    assert steps[0].explanation.startswith(
        "Franken X-Wing: in row 1 and box 5, every 1 lies in columns 4 and 6, so those columns get their 1 inside "
        "these units — "
    )
    for step in FINDER[T.FRANKEN_X_WING](grid):
        check_step_contract(grid, step)


def test_a_row_and_column_x_wing_is_left_to_fish_py() -> None:
    grid = _board(1, {"r1": ["r1c2", "r1c8"], "r5": ["r5c2", "r5c8"]})
    assert [s.technique for s in _x_wings(grid)] == [T.X_WING]
    for technique in (T.FRANKEN_X_WING, T.MUTANT_X_WING, T.FRANKEN_SWORDFISH, T.MUTANT_SWORDFISH):
        assert _elims(grid, technique) == []


def test_a_box_with_the_candidates_of_a_row_counts_as_the_row() -> None:
    # Box 6 holds the 1s of row 5 and nothing else: rows 1 and 5 over columns 7 and 8 is a plain X-Wing, and
    # row 1 with box 6 is the same fish, not a Franken one.
    grid = _board(1, {"r1": ["r1c7", "r1c8"], "r5": ["r5c7", "r5c8"], "b6": ["r5c7", "r5c8"]})
    x_wing = [effects(s)[0] for s in _x_wings(grid)]
    assert len(x_wing) == 1
    assert x_wing[0] not in _elims(grid, T.FRANKEN_X_WING)
    for step in FINDER[T.FRANKEN_X_WING](grid):
        units = next(h.units for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT)
        assert 23 not in units  # box 6


def test_a_fish_that_splits_into_smaller_ones_is_not_reported() -> None:
    # Row 1 lies in box 1 (locked candidates) and rows 5 and 8 form an X-Wing over columns 5 and 8: rows 1, 5
    # and 8 over box 1 and columns 5 and 8 would only repeat those two.
    grid = _board(1, {"r1": ["r1c1", "r1c2"], "r5": ["r5c5", "r5c8"], "r8": ["r8c5", "r8c8"]})
    for technique in (T.FRANKEN_SWORDFISH, T.FINNED_FRANKEN_SWORDFISH, T.MUTANT_SWORDFISH):
        for step in FINDER[technique](grid):
            units = next(h.units for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT)
            assert set(units) != {0, 4, 7}


def test_a_unit_with_one_place_is_never_a_base_or_cover_unit() -> None:
    # Row 1 holds its 1 only at r1c4 (a hidden single), column 9 only at r5c9.
    grid = _board(1, {"r1": ["r1c4"], "c9": ["r5c9"], "b5": ["r4c4", "r5c6", "r6c5"]})
    bit = 1
    found = 0
    for technique, finder in FINDERS:
        for step in finder(grid):
            found += 1
            for h in step.highlights:
                if h.role in (HighlightRole.DEFINING_UNIT, HighlightRole.COVER_UNIT):
                    for u in h.units:
                        assert sum(1 for c in G.units[u] if grid.candidates[c] & bit) >= 2, (technique, step)
    assert found


def test_no_mutant_x_wing_without_fins_exists() -> None:
    """Two base units against two cover units, rows and columns mixed: some base unit always lies in one cover
    unit (so the pattern is two locked candidates), whatever the candidates."""
    units = G.unit_masks

    def is_mutant(base: tuple[int, int], cover: tuple[int, int]) -> bool:
        kb = {u // 9 for u in base}  # 0 row, 1 column, 2 box
        kc = {u // 9 for u in cover}
        franken = (1 not in kb and 0 not in kc) or (0 not in kb and 1 not in kc)
        return not franken

    checked = 0
    for base in combinations(range(27), 2):
        shared = units[base[0]] & units[base[1]]  # candidates here would be endo fins
        for cover in combinations([u for u in range(27) if u not in base], 2):
            if not is_mutant(base, cover):
                continue
            only_0 = units[cover[0]] & ~units[cover[1]]
            only_1 = units[cover[1]] & ~units[cover[0]]
            # A base unit not within one cover unit needs a cell in each cover unit outside the other one.
            assert any(not (units[b] & ~shared & only_0) or not (units[b] & ~shared & only_1) for b in base), (
                base,
                cover,
            )
            checked += 1
    assert checked > 10000


def test_other_board_sizes_are_silent() -> None:
    check_silent(FINDERS, Grid.from_values([0] * 16))
    check_silent(FINDERS, Grid.from_values([0] * 256))


# -- real positions --------------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _real_positions() -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    """Where the solver stops before Franken X-Wing on 40 hard SE puzzles, and after singles and locked
    candidates on 30 more, with each puzzle's solution."""
    cut = ORDER.index(T.FRANKEN_X_WING)
    before = [t for t in implemented() if ORDER.index(t) < cut]
    basics = [
        T.PEER_ELIMINATION,
        T.FULL_HOUSE,
        T.NAKED_SINGLE,
        T.HIDDEN_SINGLE,
        T.LOCKED_CANDIDATES_1,
        T.LOCKED_CANDIDATES_2,
    ]
    lines = read_puzzles("sudoku_exchange_se_rated.txt")
    out = []
    for enabled, sample in ((before, lines[-400::10]), (basics, lines[7::75])):
        for line in sample:
            start = parse_grid(line)
            solution = unique_solution(start)
            assert solution is not None
            final = solve_logically(start, enabled=enabled, unique=True).final
            if not final.is_complete():
                out.append((final, solution))
    return tuple(out)


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    fired = {t: 0 for t, _ in FINDERS}
    for grid, solution in _real_positions():
        check_finders_sound(grid, solution, FINDERS, fired)
    # Franken X-Wings without fins are rare once locked candidates are done (the hand-built cases need a deleted
    # candidate); Mutant X-Wings without fins can't exist.
    assert all(n > 0 for t, n in fired.items() if t not in (T.FRANKEN_X_WING, T.MUTANT_X_WING)), fired
    assert fired[T.MUTANT_X_WING] == 0
