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


@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw"])
def test_generate_variant_prints_unique_puzzles_that_read_back(variant: str) -> None:
    proc = run("generate", "--variant", variant, "--seed", "26", "--rate")
    assert proc.returncode == 0, proc.stderr
    line = proc.stdout.strip()
    puzzle, _, rating = line.partition("  # ")
    assert rating.endswith(" solved")
    assert len(puzzle.split()) == (2 if variant == "jigsaw" else 1)
    # The line reads back with the variant, is unique there, and rates the same.
    assert run("check", puzzle, "--variant", variant).stdout.endswith("unique\n")
    assert run("rate", "--variant", variant, stdin=line + "\n").stdout == rating + "\n"


@pytest.mark.parametrize("variant,level", [("x", "easy"), ("windoku", "unfair"), ("jigsaw", "hard")])
def test_generate_variant_at_a_level_prints_puzzles_rated_there_the_same_for_a_seed(variant: str, level: str) -> None:
    args = ("generate", "--variant", variant, "--level", level, "--count", "2", "--seed", "9", "--rate")
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 2 and run(*args).stdout == proc.stdout
    for line in lines:
        puzzle, _, rating = line.partition("  # ")
        assert rating.startswith(f"{level} ") and rating.endswith(" solved")
        # Rated there again from scratch by `rate` (the whole default path), and unique on the variant's houses.
        assert run("rate", "--variant", variant, stdin=line + "\n").stdout == rating + "\n"
        assert run("check", puzzle, "--variant", variant).stdout.endswith("unique\n")


def test_generate_variant_refuses_practice_and_other_sizes() -> None:
    for extra in (("--technique", "x-wing"), ("--size", "16")):
        proc = run("generate", "--variant", "x", *extra)
        assert_one_line_error(proc)
        assert "--variant makes 9×9 puzzles" in proc.stderr


def test_killer_input_reaches_the_killer_modules_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The contract with the Killer engine's branch: ``sudoku_tk.cli.killer.run(command, text, out, err) -> int``."""
    import types

    import sudoku_tk.cli as cli_package
    from sudoku_tk.cli import commands

    calls: list[tuple[str, str]] = []

    def run_killer(command: str, text: str, out: object, err: object) -> int:
        calls.append((command, text))
        print("killer answer", file=out)  # type: ignore[arg-type]
        return 7

    fake = types.ModuleType("sudoku_tk.cli.killer")
    fake.run = run_killer  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sudoku_tk.cli.killer", fake)
    monkeypatch.setattr(cli_package, "killer", fake, raising=False)
    assert commands.main(["check", "--variant", "killer", "A=3 cages"]) == 7
    assert commands.main(["hint", "variant: killer\nA=3 cages"]) == 7
    assert calls == [("check", "A=3 cages"), ("hint", "variant: killer\nA=3 cages")]
    assert capsys.readouterr().out == "killer answer\nkiller answer\n"


def test_export_draws_a_killer_with_its_cages_from_its_text_or_with_variant(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from PIL import Image

    from sudoku_tk.engine.killer.published import PUBLISHED

    text = PUBLISHED[0].text
    by_line = run("export", "variant: killer\n" + text, "--png", str(tmp_path / "a.png"))
    by_option = run("export", text, "--variant", "killer", "--png", str(tmp_path / "b.png"))
    assert by_line.returncode == 0 and by_option.returncode == 0, (by_line.stderr, by_option.stderr)
    a, b = Image.open(tmp_path / "a.png"), Image.open(tmp_path / "b.png")
    assert a.size == (684, 684) and a.tobytes() == b.tobytes()
    empty = run("export", "." * 81, "--png", str(tmp_path / "c.png"))  # the same empty board without cages
    assert empty.returncode == 0 and Image.open(tmp_path / "c.png").tobytes() != a.tobytes()
    pdf = run("export", "variant: killer\n" + text, "--pdf", str(tmp_path / "k.pdf"))
    assert pdf.returncode == 0 and (tmp_path / "k.pdf").read_bytes().startswith(b"%PDF")


def test_generate_makes_a_killer_at_the_level_asked_that_rate_agrees_with() -> None:
    made = run("generate", "--variant", "killer", "--level", "hard", "--seed", "3")
    assert made.returncode == 0, made.stderr
    line = made.stdout.strip()
    assert len(line.split()) in (2, 3) and "=" in line.split()[-1]  # [givens] cage map, sums
    rated = run("rate", "--variant", "killer", stdin=line)
    assert rated.returncode == 0 and rated.stdout.split()[0] == "hard" and rated.stdout.split()[-1] == "solved"
    assert run("generate", "--variant", "killer", "--level", "hard", "--seed", "3").stdout == made.stdout
