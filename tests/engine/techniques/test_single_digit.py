"""Single-digit patterns (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle): case file, wording, symmetry, soundness.

The helpers ``transposed``, ``check_transpose_invariant`` and ``check_sound_on_real_positions``
are shared with the other tech2 families (wings, colouring, chains): their tests import them from here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Dict, Iterator, List, Sequence, Tuple

import pytest

from caselib import case_steps, check_case, check_counts, check_sound, check_step_contract, effects, load_cases
from shared_data import read_puzzles
from sudoku_tk.engine.brute_force import unique_solution
from sudoku_tk.engine.grid import Grid
from sudoku_tk.engine.moves import Eliminate, Move
from sudoku_tk.engine.propagation import recompute
from sudoku_tk.engine.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.single_digit import FINDERS

Finder = Callable[[Grid], Iterator[Step]]

CASES = load_cases("single_digit.cases")
TECHNIQUES = tuple(t for t, _ in FINDERS)


# -- shared helpers -------------------------------------------------------------


def transposed(grid: Grid) -> Grid:
    """The same position mirrored on the main diagonal: r{a}c{b} becomes r{b}c{a}."""
    order = [c * 9 + r for r in range(9) for c in range(9)]
    return Grid(
        grid.geometry,
        tuple(grid.givens[i] for i in order),
        tuple(grid.values[i] for i in order),
        tuple(grid.candidates[i] for i in order),
        True,
    )


def _t(cell: int) -> int:
    r, c = divmod(cell, 9)
    return c * 9 + r


def check_transpose_invariant(grid: Grid, finder: Finder) -> int:
    """The finder finds the same deductions on the mirrored grid (mirrored); return how many."""
    here = {effects(s) for s in finder(grid)}
    there = {effects(s) for s in finder(transposed(grid))}
    mirrored = {
        (frozenset((_t(c), d) for c, d in el), frozenset((_t(c), d) for c, d in pl)) for el, pl in there
    }
    assert here == mirrored
    return len(here)


def _all_tech2_finders() -> List[Tuple[Technique, Finder]]:
    from sudoku_tk.engine.techniques import chains, coloring, single_digit, wings

    return [pair for module in (chains, single_digit, wings, coloring) for pair in module.FINDERS]


@lru_cache(maxsize=1)
def real_positions() -> Tuple[Tuple[Grid, Tuple[int, ...]], ...]:
    """Positions from 300 top1465 and 300 SE-rated puzzles: after singles, then after up to three tech2 steps.

    Each position comes with the puzzle's unique solution.
    """
    finders = _all_tech2_finders()
    out: List[Tuple[Grid, Tuple[int, ...]]] = []
    for name in ("top1465.txt", "sudoku_exchange_se_rated.txt"):
        lines = read_puzzles(name)
        for line in lines[:: max(1, len(lines) // 300)][:300]:
            start = Grid.from_string(line)
            solution = unique_solution(start)
            assert solution is not None
            moves: List[Move] = []
            for _ in range(4):
                pos = recompute(start, moves)
                if pos.is_solved():
                    break
                grid = pos.to_grid()
                out.append((grid, solution))
                step = next((s for _t, f in finders for s in f(grid)), None)
                if step is None:
                    break
                moves.append(Eliminate(tuple((e.cell, e.digit) for e in step.eliminations)))
    return tuple(out)


def check_sound_on_real_positions(finders: Sequence[Tuple[Technique, Finder]]) -> Dict[Technique, int]:
    """Run each finder on every real position: every Step keeps the contract and removes only false candidates."""
    fired = {t: 0 for t, _ in finders}
    for grid, solution in real_positions():
        for technique, finder in finders:
            for step in finder(grid):
                assert step.technique is technique
                check_step_contract(grid, step)
                for e in step.eliminations:
                    assert solution[e.cell] != e.digit, f"{step.explanation} removes the solution digit"
                for p in step.placements:
                    assert solution[p.cell] == p.digit, f"{step.explanation} places a wrong digit"
                fired[technique] += 1
    return fired


# -- the case file --------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_case(case) -> None:  # type: ignore[no-untyped-def]
    check_sound(case)
    steps = case_steps(case)
    for step in steps:
        check_step_contract(case.grid, step)
    check_case(case, steps)


def test_every_technique_has_enough_cases() -> None:
    check_counts(CASES, TECHNIQUES)


def test_finders_registered() -> None:
    for t, f in FINDERS:
        assert finder_for(t) is f


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    finder = finder_for(case.technique)
    assert finder is not None
    found = check_transpose_invariant(case.grid, finder)
    assert (found == 0) == case.must_not_fire


# -- wording, highlights, links ---------------------------------------------------


def _first_case_step(technique: Technique) -> Step:
    case = next(c for c in CASES if c.technique is technique and not c.must_not_fire)
    return next(s for s in case_steps(case) if effects(s) == (case.expected_elims, case.expected_places))


def test_skyscraper_explanation_and_drawing() -> None:
    step = _first_case_step(Technique.SKYSCRAPER)
    assert step.explanation == (
        "Skyscraper: in rows 6 and 9 the 5 has only two places each, and r6c5 and r9c5 share column 5, "
        "so they cannot both be 5 and one of r6c2 and r9c1 must be 5 — remove 5 from r5c1, r7c2 and r8c2."
    )
    assert step.focus == "digit 5 in rows 6 and 9"
    pattern = next(h for h in step.highlights if h.role is HighlightRole.PATTERN)
    assert sorted(pattern.cells) == [46, 49, 72, 76] and pattern.digits == (5,)
    units = next(h for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT)
    assert units.units == (5, 8)
    # top, base, base, top: strong in the rows, weak along the column
    assert [(lk.from_cell, lk.to_cell, lk.strong) for lk in step.links] == [
        (46, 49, True), (49, 76, False), (76, 72, True),
    ]


def test_empty_rectangle_explanation() -> None:
    step = _first_case_step(Technique.EMPTY_RECTANGLE)
    assert step.explanation == (
        "Empty Rectangle: every 2 of box 2 lies in row 3 or column 5, and in row 4 the 2 is r4c1 or r4c5; "
        "a 2 in r3c1 would rule out r4c1, force r4c5 and leave box 2 no place for 2 — remove 2 from r3c1."
    )
    roles = {h.role for h in step.highlights}
    assert {HighlightRole.PATTERN, HighlightRole.DEFINING_UNIT, HighlightRole.ELIMINATION} <= roles


def test_turbot_fish_names_its_links() -> None:
    step = _first_case_step(Technique.TURBOT_FISH)
    assert step.explanation.startswith(
        "Turbot Fish: the 6 has only two places in row 7 (r7c2 and r7c7) and in box 3 (r1c7 and r2c7)"
    )
    assert [lk.strong for lk in step.links] == [True, False, True]


# -- construction by hand -------------------------------------------------------------


def _only_digit(cells: Sequence[str], digit: int = 1) -> Grid:
    """An empty board where ``digit`` is a candidate in just ``cells`` and every other digit everywhere."""
    from sudoku_tk.engine.geometry import Geometry

    geo = Geometry.of(3)
    wanted = {geo.parse_cell(c) for c in cells}
    bit = 1 << (digit - 1)
    cands = [geo.all_digits if i in wanted else geo.all_digits & ~bit for i in range(81)]
    return Grid.from_values([0] * 81, None, cands)


def _elims(finder: Finder, grid: Grid) -> List[List[str]]:
    g = grid.geometry
    return [sorted(f"{g.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in finder(grid)]


def test_hand_built_skyscraper_and_its_x_wing_twin() -> None:
    sky = finder_for(Technique.SKYSCRAPER)
    assert sky is not None
    # rows 1 and 5 hold 1 only in c1/c4 and c1/c5: one of the tops r1c4, r5c5 is 1, so r2c5 and r4c4
    # (each seeing both tops) are cleared; r9c4 sees only one top. Columns 1 and 5 make a second
    # Skyscraper (based on row 5): one of r1c1, r2c5 is 1, and r1c4 sees both.
    grid = _only_digit(["r1c1", "r1c4", "r5c1", "r5c5", "r2c5", "r4c4", "r9c4"])
    assert _elims(sky, grid) == [["r2c5<>1", "r4c4<>1"], ["r1c4<>1"]]
    # the tops aligned in one column make an X-Wing: left to the fish finder
    assert _elims(sky, _only_digit(["r1c1", "r1c4", "r5c1", "r5c4", "r9c4"])) == []


def test_hand_built_empty_rectangle_needs_its_arms() -> None:
    er = finder_for(Technique.EMPTY_RECTANGLE)
    assert er is not None
    # box 5 with 1s on row 5 and column 5 (a cross), strong link r5c2=r8c2 in column 2, victim r8c5;
    # r8c9 keeps row 8 from being a strong link too (which would clear r5c2 the same way)
    cells = ["r4c5", "r5c4", "r5c6", "r6c5", "r5c2", "r8c2", "r8c5", "r8c9", "r1c5"]
    assert _elims(er, _only_digit(cells)) == [["r8c5<>1"]]
    # all of box 5's 1s on row 5 only: no rectangle (that is a pointing pair, not an ER)
    assert _elims(er, _only_digit(["r5c4", "r5c6", "r5c2", "r8c2", "r8c5", "r8c9", "r1c5"])) == []


def test_other_board_sizes_yield_nothing() -> None:
    small = Grid.from_values([0] * 16)
    for _t, finder in FINDERS:
        assert list(finder(small)) == []


# -- soundness on real positions ------------------------------------------------------


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    fired = check_sound_on_real_positions(FINDERS)
    assert all(n > 0 for n in fired.values()), fired
