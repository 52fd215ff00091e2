"""The command line against hostile input: bounded reads, broken puzzles, odd consoles and odd options.

Every case here is something a user can type or pipe in; the answer is always a plain message and an
exit code (0 good, 1 a puzzle problem, 2 unusable input), never a traceback or a runaway read.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_data import REPO

from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import count_solutions, solve

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TWO_FIVES = "5...5" + "." * 76
"""Two 5s in row 1: a conflict among the givens."""

MEMORY_LIMIT = 600 * 2**20
"""Address space allowed to a CLI run in the over-the-cap tests: a bounded read fits, an unbounded one fails."""

INTERNALS = ("Traceback", "parse_collection", "parse_grid", "set_int_max_str_digits", "recursion")


def run(
    *args: str, stdin: bytes | None = None, env: dict[str, str] | None = None, memory_limit: int | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m sudoku_tk ARGS`` as a user runs it, optionally under an address-space limit (Linux)."""
    preexec: Callable[[], None] | None = None
    if memory_limit is not None:
        resource = pytest.importorskip("resource")

        def limit_memory() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

        preexec = limit_memory

    proc = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", *args],
        cwd=REPO,
        input=stdin,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        preexec_fn=preexec,
    )
    return subprocess.CompletedProcess(
        proc.args, proc.returncode, proc.stdout.decode("utf-8", "replace"), proc.stderr.decode("utf-8", "replace")
    )


def assert_one_line_error(proc: subprocess.CompletedProcess[str], *parts: str) -> None:
    """Exit 2, nothing on stdout, one ``sudoku-tk: ...`` line on stderr holding every part."""
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stdout == ""
    assert proc.stderr.startswith("sudoku-tk: ") and proc.stderr.count("\n") == 1, proc.stderr[-2000:]
    for part in parts:
        assert part in proc.stderr


def run_in_process(args: Sequence[str], stdin: bytes = b"") -> tuple[int, str, str]:
    """``cli.main(args)`` with ``stdin`` as standard input: (exit code, stdout, stderr).

    Usable inside hypothesis tests, where function-scoped fixtures such as capsys are not.
    """
    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = cli.main(list(args))
            except SystemExit as exc:  # argparse
                code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


def no_solution_puzzle() -> str:
    """TOP95_1 with one extra given that breaks no rule but leaves no solution."""
    grid = parse_grid(TOP95_1)
    sol = solve(grid)
    assert sol is not None
    for cell in range(81):
        for d in range(1, 10):
            if not grid.values[cell] and grid.candidates[cell] >> (d - 1) & 1 and d != sol[cell]:
                return TOP95_1[:cell] + str(d) + TOP95_1[cell + 1 :]
    raise AssertionError("no candidate to misuse")


def several_solutions_puzzle() -> str:
    """EASY with givens blanked until it has more than one solution."""
    line = EASY
    for i, ch in enumerate(EASY):
        if ch != ".":
            line = line[:i] + "." + line[i + 1 :]
            if count_solutions(parse_grid(line), 2) > 1:
                return line
    raise AssertionError("never ambiguous")


# -- 1. bounded input ----------------------------------------------------------------------------------------
def test_the_cap_is_a_documented_constant() -> None:
    assert cli.MAX_INPUT_BYTES == 16 * 2**20
    assert "16 MB" in (cli.__doc__ or "")


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
@pytest.mark.parametrize("command", ["solve", "check", "hint"])
def test_an_endless_device_is_refused_after_the_cap(device: str, command: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    proc = run(command, device, memory_limit=MEMORY_LIMIT)
    assert_one_line_error(proc, f"'{device}' is too large (over 16 MB)")


def test_a_50_mb_line_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "long.txt"
    src.write_bytes(b"1" * (50 * 2**20) + b"\n")
    assert_one_line_error(run("solve", str(src), memory_limit=MEMORY_LIMIT), "is too large (over 16 MB)")


def test_standard_input_over_the_cap_is_refused() -> None:
    proc = run("solve", "-", stdin=b"." * (16 * 2**20 + 1), memory_limit=MEMORY_LIMIT)
    assert_one_line_error(proc, "standard input is too large (over 16 MB)")


def test_a_file_of_exactly_the_cap_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "MAX_INPUT_BYTES", 200)
    src = tmp_path / "p.txt"
    src.write_text((TOP95_1 + "\n") * 2 + "#" * (200 - 2 * 82 - 1) + "\n")
    assert src.stat().st_size == 200
    assert cli.main(["solve", str(src)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 2
    src.write_text(src.read_text() + "\n")  # one byte over
    assert cli.main(["solve", str(src)]) == 2
    err = capsys.readouterr().err
    assert err == f"sudoku-tk: {str(src)!r} is too large (over 200 bytes); split it into smaller files\n"


def test_a_text_stream_without_bytes_is_bounded_too(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "MAX_INPUT_BYTES", 100)
    monkeypatch.setattr(sys, "stdin", io.StringIO(TOP95_1 + "\n" + "#" * 1000))
    assert cli.main(["solve"]) == 2
    assert "standard input is too large" in capsys.readouterr().err


@pytest.mark.parametrize("stdin", [False, True])
def test_binary_garbage_is_called_so(tmp_path: Path, stdin: bool) -> None:
    garbage = os.urandom(100_000)
    if b"\0" not in garbage:
        garbage += b"\0"
    src = tmp_path / "noise.bin"
    src.write_bytes(garbage)
    proc = run("solve", "-", stdin=garbage) if stdin else run("solve", str(src))
    assert_one_line_error(proc, "binary data, not puzzle text")
    assert "codec" not in proc.stderr


def test_text_that_is_not_utf8_says_where() -> None:
    proc = run("check", "-", stdin=TOP95_1.encode() + b"\n# caf\xe9\n")
    assert_one_line_error(proc, "standard input is not UTF-8 text: byte 0xe9 at offset 87")
    assert "codec" not in proc.stderr


@pytest.mark.parametrize("command", ["solve", "check", "hint", "steps", "rate"])
def test_a_directory_is_called_so(tmp_path: Path, command: str) -> None:
    proc = run(command, str(tmp_path))
    assert_one_line_error(proc, f"{str(tmp_path)!r} is a directory, not a puzzle file")
    assert "Errno" not in proc.stderr


def test_a_missing_file_is_called_so(tmp_path: Path) -> None:
    proc = run("solve", str(tmp_path / "gone.txt"))
    assert_one_line_error(proc, f"no such file: {str(tmp_path / 'gone.txt')!r}")


# -- 2. broken puzzles are said to be broken -------------------------------------------------------------------
def test_hint_names_the_conflict(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hint", TWO_FIVES]) == 1
    assert capsys.readouterr().out == "problem: 5 stands twice in row 1: r1c1 and r1c5\n"
    assert cli.main(["hint", "--json", TWO_FIVES]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data == {
        "problems": [
            {
                "kind": "duplicate",
                "cells": ["r1c1", "r1c5"],
                "digit": 5,
                "message": "5 stands twice in row 1: r1c1 and r1c5",
            }
        ]
    }


def test_hint_says_there_is_no_solution(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hint", no_solution_puzzle()]) == 1
    assert capsys.readouterr().out == "problem: the puzzle has no solution\n"
    dead = "12345678." + "." * 36 + "........9" + "." * 27
    assert cli.main(["hint", dead]) == 1
    assert capsys.readouterr().out == "problem: r1c9 has no candidate left\n"


def test_hint_states_several_solutions_and_still_helps(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["hint", several_solutions_puzzle()])
    out, err = capsys.readouterr()
    assert code == 0 and out.count("\n") == 1 and not out.startswith("problem")
    assert err == "sudoku-tk: the puzzle has more than one solution: no uniqueness techniques, no mistake check\n"


def test_hint_on_a_conflict_among_placed_digits(capsys: pytest.CaptureFixture[str]) -> None:
    # Several solutions, so there is no solution to compare with: the placed 9s still clash.
    puzzle = several_solutions_puzzle()
    r = next(r for r in range(9) if "9" not in puzzle[9 * r : 9 * r + 9] and puzzle[9 * r : 9 * r + 9].count(".") > 1)
    two = [i for i in range(9 * r, 9 * r + 9) if puzzle[i] == "."][:2]
    packed = "".join("+9" if i in two else ch for i, ch in enumerate(puzzle))
    assert cli.main(["hint", ":0000:x:" + packed + ":::"]) == 1
    out = capsys.readouterr().out
    names = " and ".join(f"r{r + 1}c{i % 9 + 1}" for i in two)
    assert out.splitlines()[0] == f"problem: 9 stands twice in row {r + 1}: {names}"


def test_rate_and_steps_say_which_puzzle_is_broken(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "\n".join([EASY, TWO_FIVES, no_solution_puzzle(), EASY]) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert cli.main(["rate"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1:3] == ["problem: 5 stands twice in row 1: r1c1 and r1c5", "problem: the puzzle has no solution"]
    assert lines[0] == lines[3] and lines[0].startswith("easy ")
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert cli.main(["steps"]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert list(records[0]) == ["puzzle", "solved", "steps"] and records[0]["solved"]
    assert records[1] == {
        "puzzle": TWO_FIVES,
        "solved": False,
        "steps": [],
        "problems": ["5 stands twice in row 1: r1c1 and r1c5"],
    }
    assert records[2]["problems"] == ["the puzzle has no solution"] and records[2]["steps"] == []


def test_rate_and_steps_state_several_solutions(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    several = several_solutions_puzzle()
    monkeypatch.setattr(sys, "stdin", io.StringIO(EASY + "\n" + several + "\n"))
    assert cli.main(["rate"]) == 0  # as before: rated without uniqueness techniques
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2
    assert err == "sudoku-tk: line 2: the puzzle has more than one solution: rated without uniqueness techniques\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(several + "\n"))
    assert cli.main(["steps"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["problems"] == ["the puzzle has more than one solution"]


# -- 3. no internals in any message ---------------------------------------------------------------------------
def assert_plain(code: int, out: str, err: str) -> None:
    assert code in (0, 1, 2), (code, err)
    for word in INTERNALS:
        assert word not in err and word not in out, err
    if code == 2:
        assert err.startswith("sudoku-tk: ") and err.count("\n") == 1, err
        assert len(err) < 400, err


PUZZLEISH = st.text(alphabet="123456789.0 \n|+-[]:*#!<>/=", max_size=400)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    data=st.one_of(st.binary(max_size=400), PUZZLEISH.map(str.encode), st.text(max_size=200).map(str.encode)),
    command=st.sampled_from(["solve", "check", "hint"]),
)
def test_any_input_gets_a_plain_answer(data: bytes, command: str) -> None:
    if any(word.lower().encode() in data.lower() for word in INTERNALS):
        return  # the input's own words may be quoted back in a message
    assert_plain(*run_in_process([command, "-"], stdin=data))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.one_of(PUZZLEISH, st.text(max_size=200)), command=st.sampled_from(["check", "hint"]))
def test_any_argument_gets_a_plain_answer(text: str, command: str) -> None:
    if "\0" in text or text.startswith("-") or os.path.exists(text):
        return  # not something a shell passes, an option, or a real file
    if any(word.lower() in text.lower() for word in INTERNALS):
        return  # the player's own words may be quoted back (Hypothesis tries the literals it finds in the code)
    assert_plain(*run_in_process([command, text]))


@pytest.mark.parametrize(
    "text,expected",
    [
        ("1" * 5000, 2),
        ("[" * 5000 + "]" * 5000, 2),
        ("\n".join(["[" * 2000 + "1" + "]" * 2000] * 9), 2),
        ("\n".join([" ".join(["[" * 3000] + ["1"] * 8)] * 9), 2),
        ("<opensudoku>" + "<a>" * 50_000, 2),
        (":" * 5000, 2),
        ("+" * 5000, 2),
        ("9" * 4301, 2),
        (":" + "9" * 4301 + ":x:" + "." * 81 + ":::", 1),  # a HoDoKu line: the first field is not read
    ],
)
@pytest.mark.parametrize("command", ["solve", "check", "hint"])
def test_long_and_deep_inputs_get_a_plain_answer(text: str, expected: int, command: str) -> None:
    code, out, err = run_in_process([command, "-"], stdin=text.encode())
    assert_plain(code, out, err)
    assert code == expected


@pytest.mark.parametrize("command", ["check", "hint"])
def test_a_long_argument_is_not_echoed_whole(command: str) -> None:
    code, _out, err = run_in_process([command, "1" * 5000])
    assert_plain(code, _out, err)
    assert "neither a file nor a puzzle" in err and "found 5000" in err


@pytest.mark.parametrize("command", ["check", "hint"])
def test_several_puzzles_where_one_is_wanted(command: str) -> None:
    code, out, err = run_in_process([command, "-"], stdin=(TOP95_1 + "\n" + EASY + "\n").encode())
    assert_plain(code, out, err)
    assert (
        err == f"sudoku-tk: standard input holds more than one puzzle; {command} takes one (solve, steps "
        "and rate read many)\n"
    )


# -- 4. a console that is not UTF-8 ---------------------------------------------------------------------------
@pytest.mark.parametrize("args", [("hint", "--all", TOP95_1), ("hint", TOP95_1), ("solve", "-"), ("steps", "-")])
def test_output_survives_an_ascii_console(args: Sequence[str]) -> None:
    proc = run(*args, stdin=(TOP95_1 + "\n").encode(), env={"PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stderr == "" and proc.stdout.isascii() and proc.stdout
    if args[:2] == ("hint", "--all"):
        assert " -> " in proc.stdout and "!=" in proc.stdout
    if args == ("hint", TOP95_1):
        assert proc.stdout == "Hidden Single: r6c2 is the only cell of box 4 that can still hold 4 - place 4 in r6c2.\n"


def test_error_messages_survive_an_ascii_console() -> None:
    proc = run("generate", "--size", "4", "--level", "hard", env={"PYTHONIOENCODING": "ascii"})
    assert_one_line_error(proc, "needs --size 9: levels rate 9x9 puzzles only")


def test_a_utf8_console_keeps_the_typography(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["hint", TOP95_1]) == 0
    assert "—" in capsys.readouterr().out


# -- 5. --time-limit ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "0", "-0.0", "soon", "1e999"])
def test_generate_refuses_a_time_limit_that_is_not_a_positive_number(
    value: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["generate", "--level", "easy", f"--time-limit={value}"])
    assert exc.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert f"argument --time-limit: must be a positive number of seconds, not {value!r}" in err


def test_generate_accepts_a_fractional_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["generate", "--level", "easy", "--seed", "1", "--time-limit", "20.5"]) == 0
    assert len(capsys.readouterr().out.strip()) == 81
