"""Subsets (naked and hidden pairs, triples, quadruples) on their case file."""

from __future__ import annotations

import pytest

from caselib import case_steps, check_case, check_counts, check_sound, check_step_contract, load_cases
from sudoku_tk.engine.step import Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.subsets import FINDERS

CASES = load_cases("subsets.cases")


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


def test_naked_pair_explanation() -> None:
    case = next(c for c in CASES if c.technique is Technique.NAKED_PAIR and not c.must_not_fire)
    step = next(s for s in case_steps(case) if {(e.cell, e.digit) for e in s.eliminations} == case.expected_elims)
    assert step.explanation == (
        "Naked Pair: r4c2 and r4c6 can only hold 6 or 7, so no other cell of row 4 can hold 6 or 7 "
        "— remove 7 from r4c7."
    )
    assert step.focus == "row 4"


def test_hidden_triple_explanation() -> None:
    case = next(c for c in CASES if c.technique is Technique.HIDDEN_TRIPLE and not c.must_not_fire)
    step = next(s for s in case_steps(case) if {(e.cell, e.digit) for e in s.eliminations} == case.expected_elims)
    assert step.explanation.startswith(
        "Hidden Triple: in column 1, 3, 5 and 6 can only go in r3c1, r8c1 and r9c1, so those three cells can hold "
        "nothing else — remove "
    )

