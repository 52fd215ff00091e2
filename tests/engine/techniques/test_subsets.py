"""Subsets (naked and hidden pairs, triples, quadruples) on their case file."""

from __future__ import annotations

from caselib import case_file_tests, first_case_step, load_cases

from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques.subsets import FINDERS

CASES = load_cases("subsets.cases")


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


def test_naked_pair_explanation() -> None:
    step = first_case_step(CASES, Technique.NAKED_PAIR)
    assert step.explanation == (
        "Naked Pair: r4c2 and r4c6 can only hold 6 or 7, so no other cell of row 4 can hold 6 or 7 "
        "— remove 7 from r4c7."
    )
    assert step.focus == "row 4"


def test_hidden_triple_explanation() -> None:
    step = first_case_step(CASES, Technique.HIDDEN_TRIPLE)
    assert step.explanation.startswith(
        "Hidden Triple: in column 1, 3, 5 and 6 can only go in r3c1, r8c1 and r9c1, so those three cells can hold "
        "nothing else — remove "
    )
