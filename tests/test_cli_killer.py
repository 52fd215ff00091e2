"""The Killer command line's contract: ``cli.killer.run(command, text, out, err)``, called directly."""

from __future__ import annotations

import io
import json

import pytest

from sudoku_tk.cli.killer import run
from sudoku_tk.engine.killer.published import PUBLISHED

PUZZLE = PUBLISHED[0]


def call(command: str, text: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = run(command, text, out, err)
    return status, out.getvalue(), err.getvalue()


def test_solve_prints_the_solution() -> None:
    assert call("solve", PUZZLE.text) == (0, PUZZLE.solution + "\n", "")


def test_solve_with_a_variant_line_and_givens() -> None:
    text = "variant: killer\n" + PUZZLE.solution[:9] + "." * 72 + "\n" + PUZZLE.text
    assert call("solve", text) == (0, PUZZLE.solution + "\n", "")


def test_solve_and_check_several_and_none() -> None:
    several = "AAAAAAAAA" + "." * 72 + " A=45"
    assert call("solve", several) == (1, "multiple solutions\n", "")
    assert call("check", several) == (1, "givens: 0\ncages: 1\nmultiple solutions\n", "")
    clash = "11" + "." * 79 + " " + "." * 80 + "A A=5"
    assert call("solve", clash) == (1, "no solution\n", "")
    status, out, _ = call("check", clash)
    assert status == 1 and out == (
        "givens: 2\ncages: 1\nproblem: 1 stands twice in row 1: r1c1 and r1c2\n"
        "problem: 1 stands twice in box 1: r1c1 and r1c2\nno solution\n"
    )
    # r1c1 + r1c2 = 3 must be 1+2, but r1c3 holds the 2 of row 1: no solution.
    none = "..2" + "." * 78 + " AAB" + "." * 78 + " A=3,B=2"
    assert call("solve", none) == (1, "no solution\n", "")


def test_check_says_unique() -> None:
    assert call("check", PUZZLE.text) == (0, "givens: 0\ncages: 25\nunique\n", "")


def test_hint_gives_the_first_step() -> None:
    status, out, err = call("hint", PUZZLE.text)
    assert status == 0 and err == ""
    assert out.startswith("Cage Combinations: the ") and out.endswith(".\n") and out.count("\n") == 1


def test_steps_is_one_json_line_that_solves() -> None:
    status, out, err = call("steps", PUZZLE.text)
    assert status == 0 and err == "" and out.count("\n") == 1
    record = json.loads(out)
    assert record["solved"] is True and record["puzzle"] == PUZZLE.text
    assert {s["technique"] for s in record["steps"]} >= {"Cage Combinations", "Innie/Outie: One Cell"}
    assert all(s["explanation"] for s in record["steps"])


def test_rate_gives_level_score_and_solved() -> None:
    status, out, err = call("rate", PUZZLE.text)
    level, score, solved = out.split()
    assert status == 0 and err == "" and solved == "solved" and int(score) > 0
    assert level in ("easy", "medium", "hard", "unfair", "extreme")


def test_no_solution_is_a_problem_for_hint_steps_and_rate() -> None:
    none = "..2" + "." * 78 + " AAB" + "." * 78 + " A=3,B=2"
    assert call("hint", none) == (1, "problem: the puzzle has no solution\n", "")
    assert call("rate", none) == (1, "problem: the puzzle has no solution\n", "")
    status, out, _ = call("steps", none)
    assert status == 1 and json.loads(out)["problems"] == ["the puzzle has no solution"]


def test_several_solutions_are_said_on_err_and_the_hint_follows() -> None:
    status, out, err = call("hint", "AA" + "." * 79 + " A=17")
    assert status == 0 and out.startswith("Cage Combinations: the 17-cage at r1c1 in 2 cells is 8+9")
    assert err == "sudoku-tk: the puzzle has more than one solution\n"


@pytest.mark.parametrize(
    ("command", "text", "message"),
    [
        ("solve", "AAB" + "." * 78 + " A=17", "not a Killer puzzle: cage B has no sum in the list of sums"),
        (
            "check",
            "AA" + "." * 79 + " A=18",
            "not a Killer puzzle: cage A has 2 cells, so its sum must be 3 to 17, not 18",
        ),
        ("hint", "", "not a Killer puzzle: a Killer puzzle starts with an 81-character cage map, not ''"),
        (
            "rate",
            "\x00" * 5,
            "not a Killer puzzle: a Killer puzzle starts with an 81-character cage map, not '\\x00\\x00\\x00\\x00\\x00'",
        ),
        (
            "generate",
            PUZZLE.text,
            "the Killer variant does not handle 'generate': use one of solve, check, hint, steps, rate",
        ),
    ],
)
def test_unusable_input_is_one_line_and_status_2(command: str, text: str, message: str) -> None:
    assert call(command, text) == (2, "", f"sudoku-tk: {message}\n")
