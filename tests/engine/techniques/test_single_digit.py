"""Single-digit patterns (Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle): case file, wording, symmetry, soundness."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from caselib import Finder, case_file_tests, first_case_step, load_cases
from sweeps import check_case_mirrored, check_each_fires_soundly, check_silent

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import HighlightRole, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.single_digit import FINDERS

CASES = load_cases("single_digit.cases")


# -- the case file --------------------------------------------------------------


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case)


# -- wording, highlights, links ---------------------------------------------------


def test_skyscraper_explanation_and_drawing() -> None:
    step = first_case_step(CASES, Technique.SKYSCRAPER)
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
        (46, 49, True),
        (49, 76, False),
        (76, 72, True),
    ]


def test_empty_rectangle_explanation() -> None:
    step = first_case_step(CASES, Technique.EMPTY_RECTANGLE)
    assert step.explanation == (
        "Empty Rectangle: every 2 of box 2 lies in row 3 or column 5, and in row 4 the 2 is r4c1 or r4c5; "
        "a 2 in r3c1 would rule out r4c1, force r4c5 and leave box 2 no place for 2 — remove 2 from r3c1."
    )
    roles = {h.role for h in step.highlights}
    assert {HighlightRole.PATTERN, HighlightRole.DEFINING_UNIT, HighlightRole.ELIMINATION} <= roles


def test_turbot_fish_names_its_links() -> None:
    step = first_case_step(CASES, Technique.TURBOT_FISH)
    assert step.explanation.startswith(
        "Turbot Fish: the 6 has only two places in row 7 (r7c2 and r7c7) and in box 3 (r1c7 and r2c7)"
    )
    assert [lk.strong for lk in step.links] == [True, False, True]


# -- construction by hand -------------------------------------------------------------


def _only_digit(cells: Sequence[str], digit: int = 1) -> Grid:
    """An empty board where ``digit`` is a candidate in just ``cells`` and every other digit everywhere."""
    from sudoku_tk.engine.board.geometry import Geometry

    geo = Geometry.of(3)
    wanted = {geo.parse_cell(c) for c in cells}
    bit = 1 << (digit - 1)
    cands = [geo.all_digits if i in wanted else geo.all_digits & ~bit for i in range(81)]
    return Grid.from_values([0] * 81, None, cands)


def _elims(finder: Finder, grid: Grid) -> list[list[str]]:
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
    check_silent(FINDERS, Grid.from_values([0] * 16))


# -- soundness on real positions ------------------------------------------------------


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    check_each_fires_soundly(FINDERS)
