"""Colouring (Simple Colors Trap/Wrap, Multi Colors 1/2): case file, wording, drawing, hand-built boards, soundness."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from caselib import case_file_tests, first_case_step, load_cases
from sweeps import check_case_mirrored, check_each_fires_soundly, check_silent

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.coloring import FINDERS

CASES = load_cases("coloring.cases")
GEO = Geometry.of(3)
COLOURS = (HighlightRole.COLOR_A, HighlightRole.COLOR_B, HighlightRole.COLOR_C, HighlightRole.COLOR_D)


def _check_colouring_drawing(grid: Grid, step: Step) -> None:
    """Colours are disjoint, each link is a unit's only two places for the digit and joins opposite colours."""
    digit = step.eliminations[0].digit
    groups = {h.role: set(h.cells) for h in step.highlights if h.role in COLOURS}
    expected_roles = COLOURS[:2] if step.technique.name.startswith("SIMPLE") else COLOURS
    assert tuple(groups) == expected_roles
    coloured = [c for cells in groups.values() for c in cells]
    assert len(coloured) == len(set(coloured))
    colour_of = {c: role for role, cells in groups.items() for c in cells}
    assert step.links
    for link in step.links:
        assert link.strong and link.from_digit == link.to_digit == digit
        a, b = link.from_cell, link.to_cell
        assert colour_of[a] is not colour_of[b]
        shared = set(GEO.cell_units[a]) & set(GEO.cell_units[b])
        assert any(sum(1 for c in GEO.units[u] if grid.candidates[c] >> (digit - 1) & 1) == 2 for u in shared), (
            f"{GEO.cell_name(a)}={GEO.cell_name(b)} is not a strong link"
        )


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(
    CASES, FINDERS, extra_check=_check_colouring_drawing
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case)


def test_explanations() -> None:
    assert first_case_step(CASES, Technique.SIMPLE_COLORS_TRAP).explanation == (
        "Simple Colors Trap: following the units where 1 has only two places, the 1s in r3c3, r4c1 and r6c7 "
        "are all true or all false, and opposite to those in r3c7, r4c9 and r6c3; one group holds the 1s, so a "
        "cell that sees a cell of each group cannot be 1 — remove 1 from r3c6."
    )
    wrap = first_case_step(CASES, Technique.SIMPLE_COLORS_WRAP).explanation
    assert "r5c5 and r5c9 are in the same group but share row 5" in wrap
    assert first_case_step(CASES, Technique.MULTI_COLORS_2).explanation.endswith(
        "the group of r3c2 sees both groups of the other chain (r3c2 sees r3c4 and r3c2 sees r3c6), and one "
        "of those is true, so that group is false — remove 4 from r1c1 and r3c2."
    )


# -- boards built by hand: digit 1 only where stated, every other digit everywhere ----------


def _only_ones(cells: Sequence[str]) -> Grid:
    wanted = {GEO.parse_cell(c) for c in cells}
    return Grid.from_values([0] * 81, None, [GEO.all_digits if i in wanted else GEO.all_digits & ~1 for i in range(81)])


def _elims(technique: Technique, grid: Grid) -> list[list[str]]:
    finder = finder_for(technique)
    assert finder is not None
    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in finder(grid)]


# r1c1=r1c5 (row 1), r1c5=r5c5 (column 5), r5c5=r4c4 (box 5): colours {r1c1, r5c5} and {r1c5, r4c4}
CHAIN = ["r1c1", "r1c5", "r5c5", "r4c4"]


def test_hand_built_trap() -> None:
    # r4c1 sees r1c1 and r4c4 (opposite colours); r9c1 and r4c9 keep column 1 and row 4 from being links
    grid = _only_ones(CHAIN + ["r4c1", "r9c1", "r4c9"])
    assert _elims(Technique.SIMPLE_COLORS_TRAP, grid) == [["r4c1<>1"]]
    assert _elims(Technique.SIMPLE_COLORS_WRAP, grid) == []


def test_hand_built_wrap() -> None:
    # without r9c1, column 1 links r1c1=r4c1: r4c1 takes r4c4's colour, and both sit in row 4
    grid = _only_ones(CHAIN + ["r4c1", "r4c9"])
    assert _elims(Technique.SIMPLE_COLORS_WRAP, grid) == [["r1c5<>1", "r4c1<>1", "r4c4<>1"]]


def test_hand_built_multi_colors_2() -> None:
    # a second chain: r5c9=r9c9 (column 9) and r5c9=r5c7 (box 6), coloured {r5c9} against {r9c9, r5c7};
    # r5c5 (first colour of the first chain) sees r5c9 and r5c7, one of which is true, so that colour is false
    grid = _only_ones(CHAIN + ["r5c9", "r9c9", "r5c7"])
    assert _elims(Technique.MULTI_COLORS_2, grid) == [["r1c1<>1", "r5c5<>1"]]


def test_other_board_sizes_yield_nothing() -> None:
    check_silent(FINDERS, Grid.from_values([0] * 16))


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    check_each_fires_soundly(FINDERS)
