"""Fish (basic, finned and sashimi X-Wing, Swordfish, Jellyfish) on their case file."""

from __future__ import annotations

from caselib import case_file_tests, first_case_step, load_cases

from sudoku_tk.engine.steps.step import HighlightRole, Technique
from sudoku_tk.engine.techniques.fish import FINDERS

CASES = load_cases("fish.cases")


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


def test_x_wing_explanation() -> None:
    step = first_case_step(CASES, Technique.X_WING)
    assert step.explanation == (
        "X-Wing: in rows 6 and 9, 5 can only go in columns 2 and 8, so columns 2 and 8 get their 5 in these rows "
        "and nowhere else — remove 5 from r4c8, r8c2 and r8c8."
    )
    assert step.focus == "digit 5 in rows 6 and 9"


def test_finned_fish_highlights_its_fin() -> None:
    step = first_case_step(CASES, Technique.FINNED_X_WING)
    fins = [h for h in step.highlights if h.role is HighlightRole.FIN]
    assert [(h.cells, h.digits) for h in fins] == [((61,), (5,))]  # r7c8
    assert "the fin r7c8" in step.explanation


# -- degenerate fish: a base line holding the digit once is a hidden single, not a fish ---------------------

from sudoku_tk.engine.board.geometry import Geometry  # noqa: E402
from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.engine.techniques import finder_for  # noqa: E402

GEO = Geometry.of(3)


def _digit_board(places: list[str], digit: int = 5) -> Grid:
    """An empty board where ``digit`` is a candidate only in ``places``; every other digit everywhere."""
    cands = [GEO.all_digits & ~(1 << (digit - 1))] * 81
    for name in places:
        cands[GEO.parse_cell(name)] = GEO.all_digits
    return Grid.from_values([0] * 81, None, cands)


def _effects(technique: Technique, grid: Grid) -> list[list[str]]:
    finder = finder_for(technique)
    assert finder is not None
    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in finder(grid)]


def test_a_base_line_with_one_place_is_no_x_wing() -> None:
    # row 1 holds 5 only in r1c1: with row 5's r5c1/r5c9 it would look like an X-Wing on columns 1 and 9
    grid = _digit_board(["r1c1", "r5c1", "r5c9", "r7c9", "r8c1"])
    assert _effects(Technique.X_WING, grid) == []


def test_a_real_x_wing_still_fires() -> None:
    grid = _digit_board(["r1c1", "r1c9", "r5c1", "r5c9", "r7c9", "r8c1"])
    assert _effects(Technique.X_WING, grid) == [["r7c9<>5", "r8c1<>5"]]


def test_a_base_line_with_one_place_is_no_swordfish_or_finned_fish() -> None:
    # row 2 holds 5 only in r2c4: every fish using it as a base line is a hidden single in disguise
    grid = _digit_board(["r2c4", "r4c4", "r4c7", "r6c1", "r6c7", "r9c1", "r9c4", "r8c2", "r8c7"])
    for technique in (
        Technique.SWORDFISH,
        Technique.FINNED_X_WING,
        Technique.SASHIMI_X_WING,
        Technique.FINNED_SWORDFISH,
        Technique.SASHIMI_SWORDFISH,
    ):
        for step in finder_for(technique)(grid):  # type: ignore[misc]
            base_rows = {u for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT for u in h.units}
            assert 1 not in base_rows, step.explanation  # unit 1 is row 2
