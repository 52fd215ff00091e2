"""The lessons on reading a walk (app/hints/technique_help.py) quote the walk's own words (issue 21).

Every phrase a lesson quotes ("the only other place for 4 in row 3", "has only 2 and 4 left", …) is matched, with
its digits and cell names as placeholders, against the walks of real steps of that family (the chain families'
case files, kept with the repository).
"""

from __future__ import annotations

import re

import pytest
from caselib import load_cases

from sudoku_tk.app.hints.technique_help import walk_lesson
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.steps.walk import walk_of
from sudoku_tk.engine.techniques import finder_for

FAMILIES = {
    "chains": (("chains.cases", "nice_loops.cases"), Technique.XY_CHAIN),
    "als": (("als.cases",), Technique.ALS_XZ),
    "forcing": (("forcing.cases",), Technique.FORCING_NET_CONTRADICTION),
}


def _walk_texts(files: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for name in files:
        for case in load_cases(name):
            if case.must_not_fire:
                continue
            finder = finder_for(case.technique)
            assert finder is not None
            for step in list(finder(case.grid))[:2]:
                out += [w.text for w in walk_of(step, case.grid.geometry, case.grid.candidates)]
    return out


def _pattern(quoted: str) -> re.Pattern[str]:
    text = re.escape(quoted.rstrip("…").strip())
    text = re.sub(r"r\\d+c\\d+", r"r\\d+c\\d+", text.replace(r"r\d+c\d+", "CELL"))
    text = re.sub(r"r\d+c\d+", r"r\\d+c\\d+", text)
    text = re.sub(r"\d+", r"[1-9]", text)
    text = text.replace(r"\ ", " ")
    return re.compile(text, re.IGNORECASE)


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_phrase_a_lesson_quotes_is_said_by_a_walk(family: str) -> None:
    files, technique = FAMILIES[family]
    lesson = walk_lesson(technique)
    quoted = re.findall(r'"([^"]+)"', lesson)
    assert quoted, lesson
    texts = _walk_texts(files)
    assert texts
    for phrase in quoted:
        pattern = _pattern(phrase)
        assert any(pattern.search(t) for t in texts), (phrase, pattern.pattern)
