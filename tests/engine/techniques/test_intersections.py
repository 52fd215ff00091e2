"""Intersections (Locked Candidates 1 and 2, Locked Pair, Locked Triple) on their case file."""

from __future__ import annotations

import pytest

from caselib import case_steps, check_case, check_counts, check_sound, check_step_contract, load_cases
from sudoku_tk.engine.step import Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.intersections import FINDERS

CASES = load_cases("intersections.cases")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_case(case) -> None:  # type: ignore[no-untyped-def]
    check_sound(case)
    steps = case_steps(case)
    for step in steps:
        check_step_contract(case.grid, step)
    check_case(case, steps)


def test_every_technique_has_enough_cases() -> None:
    check_counts(CASES, [t for t, _ in FINDERS])


def test_finders_registered() -> None:
    for t, f in FINDERS:
        assert finder_for(t) is f


def test_pointing_explanation() -> None:
    case = next(c for c in CASES if c.technique is Technique.LOCKED_CANDIDATES_1 and not c.must_not_fire)
    step = next(s for s in case_steps(case) if {(e.cell, e.digit) for e in s.eliminations} == case.expected_elims)
    assert step.explanation == (
        "Locked Candidates Type 1 (Pointing): in box 4, 5 can only go in r4c1 and r5c1, which are both in "
        "column 1, so 5 can't go anywhere else in column 1 — remove 5 from r3c1."
    )
    assert step.focus == "box 4"
