"""Fish (basic, finned and sashimi X-Wing, Swordfish, Jellyfish) on their case file."""

from __future__ import annotations

from caselib import case_file_tests, first_case_step, load_cases
from sudoku_tk.engine.step import HighlightRole, Technique
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

