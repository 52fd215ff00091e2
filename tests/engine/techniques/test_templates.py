"""Templates (Template Set, Template Delete): case file, wording, drawing, the template table, hand-built boards,
a plain reference implementation, symmetry and soundness."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pytest
from caselib import Case, case_file_tests, case_steps, effects, first_case_step, load_cases
from shared_data import read_puzzles
from sweeps import check_case_mirrored, check_each_fires_soundly, check_silent

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import apply_step
from sudoku_tk.engine.steps.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.templates import FINDERS, all_templates, fitting_templates

CASES = load_cases("templates.cases")
GEO = Geometry.of(3)
FULL = (1 << 81) - 1

test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case: Case) -> None:
    check_case_mirrored(case)


def _case(technique: Technique, expected: str) -> Case:
    """The firing case of ``technique`` whose expected effects print as ``expected`` (e.g. 'r3c5<>3')."""
    for c in CASES:
        if c.technique is technique and not c.must_not_fire:
            names = sorted(f"{GEO.cell_name(x)}<>{d}" for x, d in c.expected_elims)
            names += sorted(f"{GEO.cell_name(x)}={d}" for x, d in c.expected_places)
            if " ".join(names) == expected:
                return c
    raise AssertionError(f"no {technique} case with {expected}")


def _step_of(case: Case) -> Step:
    want = (case.expected_elims, case.expected_places)
    return next(s for s in case_steps(case) if effects(s) == want)


def test_explanations() -> None:
    assert first_case_step(CASES, Technique.TEMPLATE_SET).explanation == (
        "Template Set: of the 46,656 ways to place 5 once in every row, column and box, the 4 that fit the 5s "
        "already placed and their candidates all use r3c5 — place 5 in r3c5."
    )
    assert first_case_step(CASES, Technique.TEMPLATE_DEL).explanation == (
        "Template Delete: of the 46,656 ways to place 4 once in every row, column and box, the 14 that fit the 4s "
        "already placed and their candidates never use r3c2 — remove 4 from r3c2."
    )
    # narrowed by another digit's templates: the sentence says so
    assert _step_of(_case(Technique.TEMPLATE_DEL, "r3c5<>3")).explanation == (
        "Template Delete: of the 46,656 ways to place 3 once in every row, column and box, the 5 that fit the 3s "
        "already placed and their candidates, leaving free the cells that all of some other digit's templates "
        "use, never use r3c5 — remove 3 from r3c5."
    )
    assert first_case_step(CASES, Technique.TEMPLATE_SET).focus == "digit 5"


def test_drawing() -> None:
    case = CASES[0]
    assert case.technique is Technique.TEMPLATE_SET and case.expected_places == {(GEO.parse_cell("r3c5"), 5)}
    step = first_case_step(CASES, Technique.TEMPLATE_SET)
    by_role = {h.role: h for h in step.highlights}
    # the pattern: every cell all fitting templates of 5 share (the 5s already placed and r3c5)
    fives = {c for c, v in enumerate(case.grid.values) if v == 5}
    assert set(by_role[HighlightRole.PATTERN].cells) == fives | {GEO.parse_cell("r3c5")}
    assert by_role[HighlightRole.PLACEMENT].cells == (GEO.parse_cell("r3c5"),)
    assert by_role[HighlightRole.PLACEMENT].digits == (5,)

    case = _case(Technique.TEMPLATE_DEL, "r3c2<>4")
    step = _step_of(case)
    by_role = {h.role: h for h in step.highlights}
    fours = {c for c, m in enumerate(case.grid.candidates) if m & 0b1000}
    assert by_role[HighlightRole.PATTERN].digits == (4,)
    assert set(by_role[HighlightRole.PATTERN].cells) == fours - {GEO.parse_cell("r3c2")}
    assert by_role[HighlightRole.ELIMINATION].cells == (GEO.parse_cell("r3c2"),)
    assert by_role[HighlightRole.ELIMINATION].digits == (4,)


# -- the template table -------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _reference_templates() -> tuple[int, ...]:
    """Every template, found row by row with no shortcut: one cell per row, columns and boxes all different."""
    out: list[int] = []

    def extend(row: int, cols: int, boxes: int, mask: int) -> None:
        if row == 9:
            out.append(mask)
            return
        for col in range(9):
            box = row // 3 * 3 + col // 3
            if not cols >> col & 1 and not boxes >> box & 1:
                extend(row + 1, cols | 1 << col, boxes | 1 << box, mask | 1 << (row * 9 + col))

    extend(0, 0, 0, 0)
    return tuple(out)


def test_all_templates_are_the_46656() -> None:
    got = all_templates()
    assert len(got) == 46656
    assert set(got) == set(_reference_templates())
    assert all_templates() is got  # built once


def test_fitting_templates_filter_by_placed_and_allowed_cells() -> None:
    everything = set(all_templates())
    assert set(fitting_templates(0, FULL)) == everything
    r1c1, r5c5 = 1 << GEO.parse_cell("r1c1"), 1 << GEO.parse_cell("r5c5")
    row1 = sum(1 << c for c in range(9))
    allowed = FULL & ~(row1 & ~r1c1)  # in row 1 only r1c1
    assert set(fitting_templates(0, allowed)) == {t for t in everything if t & r1c1}
    assert set(fitting_templates(r5c5, FULL)) == {t for t in everything if t & r5c5}
    assert set(fitting_templates(r5c5, allowed)) == {t for t in everything if t & r1c1 and t & r5c5}
    assert fitting_templates(0, FULL & ~row1) == []


# -- a plain reference: filter all templates, narrow until stable -------------------------------------


def _reference(grid: Grid) -> dict[int, tuple[set[int], set[int]]] | None:
    """Per digit: (cells Template Set places it in, cells Template Delete removes it from); None when broken."""
    lists: dict[int, list[int]] = {}
    for d in range(1, 10):
        placed = sum(1 << c for c, v in enumerate(grid.values) if v == d)
        allowed = placed | sum(1 << c for c, m in enumerate(grid.candidates) if m >> (d - 1) & 1)
        lists[d] = [t for t in _reference_templates() if t & placed == placed and not t & ~allowed]
    while True:
        common = {}
        for d, ts in lists.items():
            acc = FULL
            for t in ts:
                acc &= t
            common[d] = acc if ts else 0
        narrowed = {}
        for d, ts in lists.items():
            taken = 0
            for e in lists:
                if e != d:
                    taken |= common[e]
            narrowed[d] = [t for t in ts if not t & taken]
        if any(not ts for ts in narrowed.values()):
            return None
        if narrowed == lists:
            break
        lists = narrowed
    out = {}
    for d, ts in lists.items():
        acc, used = FULL, 0
        for t in ts:
            acc &= t
            used |= t
        sets = {c for c in range(81) if acc >> c & 1 and not grid.values[c]}
        dels = {c for c, m in enumerate(grid.candidates) if m >> (d - 1) & 1 and not used >> c & 1}
        out[d] = (sets, dels)
    return out


def _steps_by_digit(grid: Grid) -> dict[Technique, list[tuple[int, set[int]]]]:
    out: dict[Technique, list[tuple[int, set[int]]]] = {}
    for technique, finder in FINDERS:
        rows = []
        for s in finder(grid):
            cells = {p.cell for p in s.placements} | {e.cell for e in s.eliminations}
            digits = {p.digit for p in s.placements} | {e.digit for e in s.eliminations}
            assert len(digits) == 1, "one digit per step"
            rows.append((digits.pop(), cells))
        out[technique] = rows
    return out


def _check_against_reference(grid: Grid) -> None:
    ref = _reference(grid)
    got = _steps_by_digit(grid)
    if ref is None:
        assert got == {Technique.TEMPLATE_SET: [], Technique.TEMPLATE_DEL: []}
        return
    assert got[Technique.TEMPLATE_SET] == [(d, s) for d, (s, _) in sorted(ref.items()) if s]
    assert got[Technique.TEMPLATE_DEL] == [(d, x) for d, (_, x) in sorted(ref.items()) if x]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_case_boards_match_the_reference(case: Case) -> None:
    _check_against_reference(case.grid)


# -- boards built by hand -----------------------------------------------------------------------------

DIAGONAL = ("r1c1", "r2c4", "r3c7", "r4c2", "r5c5", "r6c8", "r7c3", "r8c6", "r9c9")
SHIFTED = ("r1c2", "r2c5", "r3c8", "r4c3", "r5c6", "r6c9", "r7c1", "r8c4", "r9c7")
"""Two templates with no cell in common."""


def _board(only: dict[int, Sequence[str]], givens: dict[str, int] | None = None) -> Grid:
    """Empty board, every candidate everywhere, except that digit d is a candidate only in ``only[d]``."""
    cands = [GEO.all_digits] * 81
    for d, names in only.items():
        keep = {GEO.parse_cell(n) for n in names}
        for c in range(81):
            if c not in keep:
                cands[c] &= ~(1 << (d - 1))
    values = [0] * 81
    for name, d in (givens or {}).items():
        values[GEO.parse_cell(name)] = d
    return Grid.from_values(values, None, cands)


def _names(cells: set[int]) -> list[str]:
    return sorted(GEO.cell_name(c) for c in cells)


def test_empty_board_gives_nothing() -> None:
    grid = _board({})
    for _t, finder in FINDERS:
        assert list(finder(grid)) == []


def test_one_fitting_template_is_placed_and_the_stray_candidate_goes() -> None:
    # 1 fits only the diagonal template plus r1c2, which no template can use (column 1 has only r1c1)
    grid = _board({1: DIAGONAL + ("r1c2",)})
    got = _steps_by_digit(grid)
    assert got[Technique.TEMPLATE_SET] == [(1, {GEO.parse_cell(n) for n in DIAGONAL})]
    dels = dict(got[Technique.TEMPLATE_DEL])
    assert _names(dels[1]) == ["r1c2"]
    # the other digits' templates must leave the nine cells of the 1 free: each loses them there
    assert sorted(dels) == list(range(1, 10))
    assert all(_names(dels[d]) == sorted(DIAGONAL) for d in range(2, 10))
    finder = finder_for(Technique.TEMPLATE_DEL)
    assert finder is not None
    steps = list(finder(grid))
    assert steps[0].explanation.startswith(
        "Template Delete: of the 46,656 ways to place 1 once in every row, column and box, the only one that fits "
        "the candidates for 1 never uses r1c2"
    )
    assert "leaving free the cells that all of some other digit's templates use" in steps[1].explanation
    _check_against_reference(grid)


def test_two_disjoint_templates_give_nothing() -> None:
    # every candidate of 1 is in one of the two templates, and no cell is in both
    grid = _board({1: DIAGONAL + SHIFTED})
    for _t, finder in FINDERS:
        assert list(finder(grid)) == []


def test_a_placed_digit_must_be_used() -> None:
    # the pencil marks still show 1 around the given 1 in r1c1: every template of 1 uses r1c1, so those go
    grid = _board({}, {"r1c1": 1})
    got = _steps_by_digit(grid)
    assert got[Technique.TEMPLATE_SET] == []
    assert got[Technique.TEMPLATE_DEL] == [(1, set(GEO.peers[GEO.parse_cell("r1c1")]))]
    finder = finder_for(Technique.TEMPLATE_DEL)
    assert finder is not None
    assert "fit the 1s already placed and their candidates never use r1c2," in next(finder(grid)).explanation


def test_a_digit_without_templates_makes_the_position_silent() -> None:
    # no 1 anywhere in row 1: no template fits, the position has no solution, nothing is said
    grid = _board({1: [f"r{r}c{c}" for r in range(2, 10) for c in range(1, 10)]})
    for _t, finder in FINDERS:
        assert list(finder(grid)) == []


def test_other_board_sizes_yield_nothing() -> None:
    check_silent(FINDERS, Grid.from_values([0] * 16))
    check_silent(FINDERS, Grid.from_values([0] * 256))


# -- real positions -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    check_each_fires_soundly(FINDERS)


@pytest.mark.slow
def test_template_solving_paths_are_sound_and_match_the_reference() -> None:
    """Solve hard puzzles with singles and templates only: every template Step agrees with the solution,
    and on every third puzzle each position's Steps match the plain reference."""
    singles = (Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE)
    lines = read_puzzles("top1465.txt")[::15]
    fired = {Technique.TEMPLATE_SET: 0, Technique.TEMPLATE_DEL: 0}
    for n, line in enumerate(lines):
        grid = parse_grid(line)
        solution = unique_solution(grid)
        assert solution is not None
        for _ in range(200):
            step = next(
                (s for t in singles + tuple(fired) for s in finder_for(t)(grid)),  # type: ignore[misc]
                None,
            )
            if step is None:
                break
            if step.technique in fired:
                fired[step.technique] += 1
                if n % 3 == 0:
                    _check_against_reference(grid)
            for e in step.eliminations:
                assert solution[e.cell] != e.digit, step.explanation
            for p in step.placements:
                assert solution[p.cell] == p.digit, step.explanation
            grid = apply_step(grid, step)
    assert all(fired.values()), fired
