"""Sue de Coq: case file, wording, drawing, hand-built boards, symmetry, and soundness on real solving paths."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import pytest
from caselib import case_file_tests, check_step_contract, first_case_step, load_cases
from shared_data import read_puzzles
from sweeps import check_case_mirrored, check_silent

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import HighlightRole, Technique
from sudoku_tk.engine.techniques import ORDER, implemented
from sudoku_tk.engine.techniques.sue_de_coq import FINDERS, find_sue_de_coq

CASES = load_cases("sue_de_coq.cases")
GEO = Geometry.of(3)

Effects = frozenset[tuple[int, int]]

test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case)


def test_explanation() -> None:
    step = first_case_step(CASES, Technique.SUE_DE_COQ)
    assert step.explanation == (
        "Sue de Coq: r4c1, r4c2 and r4c3 hold 1, 2, 6, 7 and 8; r4c4 (2 or 6) in row 4 and r6c1 (1 or 7) in box 4 "
        "take four of them, so the five cells share out exactly five digits — remove 7 from r5c1 and r5c2, and 8 "
        "from r4c6, r5c1 and r5c2."
    )
    assert step.focus == "row 4 and box 4"


def test_explanation_of_the_extended_form_names_the_added_digits() -> None:
    case = next(c for c in CASES if c.line == 29)  # SE-rated line 1149
    step = next(
        s for s in find_sue_de_coq(case.grid) if {(e.cell, e.digit) for e in s.eliminations} == case.expected_elims
    )
    assert (
        "r5c2 and r5c8 (4, 5 or 6) in row 5 and r4c5 and r6c5 (1, 2 or 8) in box 5 take four of them and "
        "add 6 and 8, so the six cells share out exactly six digits" in step.explanation
    )


def test_drawing() -> None:
    step = first_case_step(CASES, Technique.SUE_DE_COQ)
    by_role: dict[HighlightRole, list[tuple[tuple[str, ...], tuple[int, ...]]]] = {}
    for h in step.highlights:
        by_role.setdefault(h.role, []).append((tuple(GEO.cell_name(c) for c in h.cells), h.digits))
    assert by_role[HighlightRole.PATTERN] == [(("r4c1", "r4c2", "r4c3"), ())]
    # the line cell's digits, in it and in the intersection; the same for the box cell
    assert by_role[HighlightRole.COLOR_A] == [(("r4c1", "r4c2", "r4c3", "r4c4"), (2, 6))]
    assert by_role[HighlightRole.COLOR_B] == [(("r4c1", "r4c2", "r4c3", "r6c1"), (1, 7))]
    units = [u for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT for u in h.units]
    assert [GEO.unit_name(u) for u in units] == ["row 4", "box 4"]
    assert by_role[HighlightRole.ELIMINATION] == [(("r5c1", "r5c2"), (7,)), (("r4c6", "r5c1", "r5c2"), (8,))]


# -- boards built by hand: every cell holds every digit except where stated -----------------


def _board(cells: dict[str, str], values: dict[str, int] | None = None) -> Grid:
    """Empty board: ``cells`` maps 'r1c1' to its only candidates; ``values`` fills cells (no candidates)."""
    cands = [GEO.all_digits] * 81
    vals = [0] * 81
    for name, digits in cells.items():
        cands[GEO.parse_cell(name)] = sum(1 << (int(ch) - 1) for ch in digits)
    for name, v in (values or {}).items():
        vals[GEO.parse_cell(name)] = v
        cands[GEO.parse_cell(name)] = 0
    return Grid.from_values(vals, None, cands)


def _elims(grid: Grid) -> list[list[str]]:
    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in find_sue_de_coq(grid)]


def _removes(digits: str, cells: Sequence[str]) -> list[str]:
    return [f"{c}<>{d}" for c in cells for d in digits]


ROW1_REST = ("r1c4", "r1c5", "r1c6", "r1c8", "r1c9")
BOX1_REST = ("r2c2", "r2c3", "r3c1", "r3c2", "r3c3")


def test_hand_built_basic_form() -> None:
    # r1c1-r1c3 hold 1-5; r1c7 {1,2} in row 1 and r2c1 {3,4} in box 1: 1 and 2 leave row 1, 3 and 4 leave
    # box 1, and 5, which neither takes, leaves both
    grid = _board({"r1c1": "125", "r1c2": "345", "r1c3": "135", "r1c7": "12", "r2c1": "34"})
    assert _elims(grid) == [sorted(_removes("125", ROW1_REST) + _removes("345", BOX1_REST))]


def test_hand_built_extended_form() -> None:
    # two row cells {1,6} and {2,6} bring in a 6: five cells hold 1, 2, 3, 4 and 6
    grid = _board({"r1c1": "123", "r1c2": "34", "r1c7": "16", "r1c8": "26", "r2c1": "34"}, {"r1c3": 9})
    row_rest = ("r1c4", "r1c5", "r1c6", "r1c9")
    assert _elims(grid) == [sorted(_removes("126", row_rest) + _removes("34", BOX1_REST))]


def test_hand_built_two_of_three_intersection_cells() -> None:
    # the third intersection cell r1c3 stays outside the pattern and loses the digits of both sides
    grid = _board({"r1c1": "1234", "r1c2": "1234", "r1c7": "12", "r2c1": "34"})
    row_rest = ("r1c3", "r1c4", "r1c5", "r1c6", "r1c8", "r1c9")
    box_rest = ("r1c3",) + BOX1_REST
    assert _elims(grid) == [sorted(set(_removes("12", row_rest) + _removes("34", box_rest)))]


def test_hand_built_must_not_fire() -> None:
    # the line cell and the box cell share the 2: six cells for five digits is no count
    assert _elims(_board({"r1c1": "125", "r1c2": "345", "r1c3": "135", "r1c7": "12", "r2c1": "23"})) == []
    # the intersection holds only one digit more than its cells: r1c1, r1c2 and r1c7 are a naked triple
    # (another technique), not a Sue de Coq
    grid = _board({"r1c1": "12", "r1c2": "23", "r1c7": "13", "r2c1": "24"}, {"r1c3": 9})
    assert _elims(grid) == []


def test_other_board_sizes_yield_nothing() -> None:
    check_silent(FINDERS, Grid.from_values([0] * 16))


# -- oracle: the definition restated plainly, every set of cells tried ---------------------------------------------


def _union(grid: Grid, cells: Sequence[int]) -> int:
    m = 0
    for c in cells:
        m |= grid.candidates[c]
    return m


def _subsets(grid: Grid, cells: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    return [(s, _union(grid, s)) for n in range(1, len(cells) + 1) for s in combinations(cells, n)]


def plain_sue_de_coq(grid: Grid) -> set[Effects]:
    """Every elimination set of a Sue de Coq: C (2-3 empty cells of a box/line intersection, |C| + 2 digits
    or more), L (cells of the rest of the line) and B (of the rest of the box) sharing no digit, as many
    digits as cells in all; L's digits leave the line, B's the box, C's other digits both."""
    out: set[Effects] = set()
    empty = [not v for v in grid.values]
    for box in range(18, 27):
        box_cells = set(GEO.units[box])
        for line in range(18):
            line_cells = set(GEO.units[line])
            inter = sorted(c for c in box_cells & line_cells if empty[c])
            line_rest = sorted(c for c in line_cells - box_cells if empty[c])
            box_rest = sorted(c for c in box_cells - line_cells if empty[c])
            if len(inter) < 2:
                continue
            ls, bs = _subsets(grid, line_rest), _subsets(grid, box_rest)
            for k in (2, 3):
                for c_cells in combinations(inter, k):
                    vc = _union(grid, c_cells)
                    if vc.bit_count() < k + 2:
                        continue
                    for l_cells, dl in ls:
                        for b_cells, db in bs:
                            if dl & db or (vc | dl | db).bit_count() != k + len(l_cells) + len(b_cells):
                                continue
                            only_c = vc & ~(dl | db)
                            elims = {
                                (c, d)
                                for cells, used, digits in (
                                    (line_cells, set(c_cells) | set(l_cells), dl | only_c),
                                    (box_cells, set(c_cells) | set(b_cells), db | only_c),
                                )
                                for c in cells - used
                                if empty[c]
                                for d in range(1, 10)
                                if grid.candidates[c] >> (d - 1) & 1 and digits >> (d - 1) & 1
                            }
                            if elims:
                                out.add(frozenset(elims))
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_finder_matches_the_plain_definition(case) -> None:  # type: ignore[no-untyped-def]
    found = {frozenset((e.cell, e.digit) for e in s.eliminations) for s in find_sue_de_coq(case.grid)}
    assert found == plain_sue_de_coq(case.grid)


# -- soundness on the positions where the logic solver reaches for Sue de Coq ------------------------------------


@pytest.mark.slow
def test_sound_where_the_solver_uses_it() -> None:
    """Solve SE-rated puzzles with every technique up to Sue de Coq; before each Sue de Coq step, check every
    step the finder yields against the unique solution and the step contract, and the eliminations found
    against the plain definition."""
    position = ORDER.index(Technique.SUE_DE_COQ)
    enabled = [t for t in implemented() if ORDER.index(t) <= position]
    lines = read_puzzles("sudoku_exchange_se_rated.txt")
    positions = checked = 0
    for line in lines[1000::3]:
        start = parse_grid(line)
        path = solve_logically(start, enabled=enabled, unique=True)
        if Technique.SUE_DE_COQ not in path.techniques():
            continue
        solution = unique_solution(start)
        assert solution is not None
        for grid, taken in zip(path.iter_grids(), path.steps):
            if taken.technique is not Technique.SUE_DE_COQ:
                continue
            positions += 1
            for step in find_sue_de_coq(grid):
                check_step_contract(grid, step)
                for e in step.eliminations:
                    assert solution[e.cell] != e.digit, f"{line}: {step.explanation} removes the solution digit"
                checked += 1
            found = {frozenset((e.cell, e.digit) for e in s.eliminations) for s in find_sue_de_coq(grid)}
            assert found == plain_sue_de_coq(grid), line
    assert positions >= 20 and checked >= positions, (positions, checked)
