"""Wings (W-Wing, XY-Wing, XYZ-Wing): case file, wording, hand-built boards, symmetry, soundness."""

from __future__ import annotations

import pytest
from caselib import case_file_tests, first_case_step, load_cases
from sweeps import check_case_mirrored, check_each_fires_soundly, check_silent

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import HighlightRole, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.wings import FINDERS

CASES = load_cases("wings.cases")
GEO = Geometry.of(3)


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case)


def test_explanations() -> None:
    assert first_case_step(CASES, Technique.W_WING).explanation == (
        "W-Wing: r7c4 and r8c3 both hold only 3 or 8; in column 2 the 8 is r7c2 or r8c2, and r7c2 sees r7c4 "
        "while r8c2 sees r8c3, so the two cells cannot both be 8 and one of them is 3 — remove 3 from r7c2."
    )
    assert first_case_step(CASES, Technique.XY_WING).explanation == (
        "XY-Wing: r2c7 holds only 1 or 6 and sees r3c9 (1 or 9) and r4c7 (6 or 9), so whichever digit it "
        "takes, one of those two cells must be 9 — remove 9 from r5c9 and r6c9."
    )
    assert first_case_step(CASES, Technique.XYZ_WING).explanation == (
        "XYZ-Wing: r8c2 holds only 1, 2 or 8 and sees r6c2 (1 or 2) and r8c1 (1 or 8), so whichever digit it "
        "takes, one of the three cells must be 1 — remove 1 from r7c2."
    )


def test_xy_wing_drawing() -> None:
    step = first_case_step(CASES, Technique.XY_WING)
    roles: dict[HighlightRole, list[int]] = {h.role: list(h.cells) for h in step.highlights}
    assert roles[HighlightRole.PIVOT] == [GEO.parse_cell("r2c7")]
    assert sorted(roles[HighlightRole.PATTERN]) == sorted(GEO.parse_cell(c) for c in ("r3c9", "r4c7"))
    # z=x in one pincer, x-x to the pivot, x=y in the pivot, y-y to the other pincer, y=z there
    assert [lk.strong for lk in step.links] == [True, False, True, False, True]
    assert step.links[0].from_digit == 9 and step.links[-1].to_digit == 9


# -- boards built by hand: every cell holds every digit except where stated -----------------


def _board(cells: dict[str, str], missing: dict[int, list[str]] | None = None) -> Grid:
    """Empty board: ``cells`` maps 'r1c1' to its only candidates; ``missing[d]`` lists cells without d."""
    cands = [GEO.all_digits] * 81
    for name, digits in cells.items():
        cands[GEO.parse_cell(name)] = sum(1 << (int(ch) - 1) for ch in digits)
    for d, names in (missing or {}).items():
        for name in names:
            cands[GEO.parse_cell(name)] &= ~(1 << (d - 1))
    return Grid.from_values([0] * 81, None, cands)


def _elims(technique: Technique, grid: Grid) -> list[list[str]]:
    finder = finder_for(technique)
    assert finder is not None
    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in finder(grid)]


def test_hand_built_xy_wing() -> None:
    grid = _board({"r1c1": "12", "r1c5": "13", "r5c1": "23"})
    assert _elims(Technique.XY_WING, grid) == [["r5c5<>3"]]
    # pincers that share the pivot's 1 (not one digit each) make no wing
    assert _elims(Technique.XY_WING, _board({"r1c1": "12", "r1c5": "13", "r5c1": "13"})) == []


def test_hand_built_xyz_wing() -> None:
    # pivot r1c1 {1,2,3}, pincers r1c2 {1,3} and r5c1 {2,3}: 3 leaves what sees all three (r2c1, r3c1)
    grid = _board({"r1c1": "123", "r1c2": "13", "r5c1": "23"})
    assert _elims(Technique.XYZ_WING, grid) == [["r2c1<>3", "r3c1<>3"]]
    # the same cells as an XY-Wing pivot would need a bivalue pivot
    assert _elims(Technique.XY_WING, grid) == []


def test_hand_built_w_wing_needs_its_bridge() -> None:
    # r1c1 and r5c9 hold {1,2}; in row 9 the 2 is only r9c1 (sees r1c1) or r9c9 (sees r5c9)
    row9 = [f"r9c{c}" for c in range(2, 9)]
    grid = _board({"r1c1": "12", "r5c9": "12"}, {2: row9})
    assert _elims(Technique.W_WING, grid) == [["r1c9<>1", "r5c1<>1"]]
    # a third 2 in row 9 breaks the strong link: no wing
    assert _elims(Technique.W_WING, _board({"r1c1": "12", "r5c9": "12"}, {2: row9[1:]})) == []


def test_other_board_sizes_yield_nothing() -> None:
    check_silent(FINDERS, Grid.from_values([0] * 16))


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    check_each_fires_soundly(FINDERS)
