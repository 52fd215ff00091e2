"""Fish (basic, finned and sashimi X-Wing, Swordfish, Jellyfish) on their case file."""

from __future__ import annotations

import pytest

from caselib import case_steps, check_case, check_counts, check_sound, check_step_contract, load_cases
from sudoku_tk.engine.step import HighlightRole, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.fish import FINDERS

CASES = load_cases("fish.cases")


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


def test_x_wing_explanation() -> None:
    case = next(c for c in CASES if c.technique is Technique.X_WING and not c.must_not_fire)
    step = next(s for s in case_steps(case) if {(e.cell, e.digit) for e in s.eliminations} == case.expected_elims)
    assert step.explanation == (
        "X-Wing: in rows 6 and 9, 5 can only go in columns 2 and 8, so columns 2 and 8 get their 5 in these rows "
        "and nowhere else — remove 5 from r4c8, r8c2 and r8c8."
    )
    assert step.focus == "digit 5 in rows 6 and 9"


def test_finned_fish_highlights_its_fin() -> None:
    case = next(c for c in CASES if c.technique is Technique.FINNED_X_WING and not c.must_not_fire)
    step = next(s for s in case_steps(case) if {(e.cell, e.digit) for e in s.eliminations} == case.expected_elims)
    fins = [h for h in step.highlights if h.role is HighlightRole.FIN]
    assert [(h.cells, h.digits) for h in fins] == [((61,), (5,))]  # r7c8
    assert "the fin r7c8" in step.explanation

