"""The command line on variants: --variant and the text's variant: line, the Jigsaw form, and the one-line errors."""

from __future__ import annotations

import json
import sys

import pytest
from test_cli import assert_one_line_error, run

sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent / "engine"))
from variant_examples import JIGSAW_JANKO_108, WINDOKU_EXAMPLE, X_UDACITY  # noqa: E402

GIVENS, SOLUTION, REGIONS = JIGSAW_JANKO_108
JIGSAW_LINE = f"{GIVENS} {REGIONS}"


def test_solve_reads_each_variant_by_option_and_by_line() -> None:
    assert run("solve", "--variant", "x", stdin=X_UDACITY[0]).stdout == X_UDACITY[1] + "\n"
    assert run("solve", stdin=f"variant: windoku\n{WINDOKU_EXAMPLE[0]}\n").stdout == WINDOKU_EXAMPLE[1] + "\n"
    assert run("solve", "--variant", "jigsaw", stdin=JIGSAW_LINE).stdout == SOLUTION + "\n"
    # 9 lines of givens, then 9 lines of the map, with the variant: line
    rows = [GIVENS[i : i + 9] for i in range(0, 81, 9)] + [REGIONS[i : i + 9] for i in range(0, 81, 9)]
    assert run("solve", stdin="variant: jigsaw\n" + "\n".join(rows) + "\n").stdout == SOLUTION + "\n"
    # the same givens as a classic puzzle have several solutions
    proc = run("solve", stdin=X_UDACITY[0])
    assert proc.stdout == "multiple solutions\n" and proc.returncode == 1


def test_check_hint_steps_rate_take_the_variant() -> None:
    assert run("check", X_UDACITY[0], "--variant", "x").stdout == "givens: 17\nunique\n"
    hint = run("hint", JIGSAW_LINE, "--variant", "jigsaw")
    assert hint.returncode == 0 and hint.stdout.startswith("Naked Single: every digit but 9 is ruled out in r6c9")
    steps = json.loads(run("steps", "--variant", "x", stdin=X_UDACITY[0]).stdout)
    assert steps["solved"] is True
    assert any("diagonal" in s["explanation"] for s in steps["steps"])
    rate = run("rate", "--variant", "windoku", stdin=WINDOKU_EXAMPLE[0])
    assert rate.returncode == 0 and rate.stdout.endswith("solved\n")


@pytest.mark.parametrize(
    "args,stdin,message",
    [
        (("solve", "--variant", "samurai"), X_UDACITY[0], "unknown variant 'samurai'"),
        (("solve",), f"variant: samurai\n{X_UDACITY[0]}", "unknown variant 'samurai'"),
        (("solve", "--variant", "jigsaw"), f"{GIVENS} {REGIONS[:80]}", "region map has 81 characters, not 80"),
        (("solve", "--variant", "jigsaw"), f"{GIVENS} {REGIONS[:80]}9", "region '9' of the map has 10 cells, not 9"),
        (("solve", "--variant", "jigsaw"), f"{GIVENS} {REGIONS[:80]}X", "region map has 9 symbols, not 10"),
        (("solve", "--variant", "jigsaw"), GIVENS, "81 givens and an 81-character region map"),
        (("solve", "--variant", "x"), f"variant: windoku\n{X_UDACITY[0]}", "the text says variant: windoku"),
    ],
)
def test_wrong_variant_input_is_one_line_and_exit_2(args: tuple[str, ...], stdin: str, message: str) -> None:
    proc = run(*args, stdin=stdin)
    assert_one_line_error(proc)
    assert message in proc.stderr


def test_killer_goes_to_the_killer_module_or_says_it_is_not_here() -> None:
    for proc in (
        run("solve", "--variant", "killer", stdin=GIVENS),
        run("check", "-", stdin=f"variant: killer\n{GIVENS}"),
    ):
        try:
            import sudoku_tk.cli.killer  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
        except ImportError:
            assert_one_line_error(proc)
            assert proc.stderr == "sudoku-tk: killer puzzles are not in this build\n"
        else:  # the Killer engine's branch is merged: its module answered
            assert "not in this build" not in proc.stderr
