"""Intersections (Locked Candidates 1 and 2, Locked Pair, Locked Triple) on their case file."""

from __future__ import annotations

from caselib import case_file_tests, first_case_step, load_cases

from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques.intersections import FINDERS

CASES = load_cases("intersections.cases")


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


def test_pointing_explanation() -> None:
    step = first_case_step(CASES, Technique.LOCKED_CANDIDATES_1)
    assert step.explanation == (
        "Locked Candidates Type 1 (Pointing): in box 4, 5 can only go in r4c1 and r5c1, which are both in "
        "column 1, so 5 can't go anywhere else in column 1 — remove 5 from r3c1."
    )
    assert step.focus == "box 4"
