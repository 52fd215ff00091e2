"""The command line (`solve`, `check`, `--version`) and the benchmark's command line, some in a real subprocess."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest
from shared_data import PUZZLES, REPO, read_puzzles, shared_file

from sudoku_tk import __version__
from sudoku_tk.bench import cli as bench
from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import solve

DIGITS = "123456789ABCDEFG"


def run(
    *args: str, stdin: bytes | str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -m sudoku_tk ARGS`` from the source tree, as a user would run it."""
    data = stdin.encode() if isinstance(stdin, str) else stdin
    proc = subprocess.run(
        [sys.executable, "-m", *args]
        if args[0].startswith("sudoku_tk")
        else [sys.executable, "-m", "sudoku_tk", *args],
        cwd=REPO,
        input=data,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
    )
    return subprocess.CompletedProcess(proc.args, proc.returncode, proc.stdout.decode(), proc.stderr.decode())


def is_solution_line(puzzle: str, line: str) -> bool:
    """Does ``line`` fill ``puzzle`` so that every row, column and box holds each digit once?"""
    n = {16: 4, 81: 9, 256: 16}[len(puzzle)]
    box = {4: 2, 9: 3, 16: 4}[n]
    if len(line) != len(puzzle) or any(p not in ".0" and p != s for p, s in zip(puzzle, line)):
        return False
    want = set(DIGITS[:n])
    rows = [{line[r * n + c] for c in range(n)} for r in range(n)]
    cols = [{line[r * n + c] for r in range(n)} for c in range(n)]
    boxes = [
        {line[(br + r) * n + bc + c] for r in range(box) for c in range(box)}
        for br in range(0, n, box)
        for bc in range(0, n, box)
    ]
    return all(u == want for u in rows + cols + boxes)


def assert_one_line_error(proc: subprocess.CompletedProcess[str]) -> None:
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.startswith("sudoku-tk: ") and proc.stderr.count("\n") == 1, proc.stderr
    assert "Traceback" not in proc.stderr


def hidden_contradiction() -> str:
    """A top95 puzzle with one extra given that is a candidate there but not the solution's digit."""
    line = read_puzzles("top95.txt", 1)[0]
    grid = parse_grid(line)
    sol = solve(grid)
    assert sol is not None
    for cell in range(81):
        for d in range(1, 10):
            if not grid.values[cell] and grid.candidates[cell] >> (d - 1) & 1 and d != sol[cell]:
                return line[:cell] + str(d) + line[cell + 1 :]
    raise AssertionError("no candidate to misuse")


# -- solve ----------------------------------------------------------------------------------------------
def test_solve_a_file(tmp_path: Path) -> None:
    puzzles = read_puzzles("top95.txt", 20) + read_puzzles("hardest.txt")
    src = tmp_path / "set.txt"
    src.write_text("# a comment line\n" + "\n".join(puzzles) + "\n")
    proc = run("solve", str(src))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(puzzles)
    for puzzle, line in zip(puzzles, lines):
        assert is_solution_line(puzzle, line), (puzzle, line)


def test_solve_standard_input() -> None:
    puzzles = read_puzzles("top95.txt", 3)
    for args in (("solve", "-"), ("solve",)):
        proc = run(*args, stdin="\n".join(puzzles) + "\n")
        assert proc.returncode == 0, proc.stderr
        assert [is_solution_line(p, s) for p, s in zip(puzzles, proc.stdout.splitlines())] == [True] * 3


def test_solve_standard_input_with_a_byte_order_mark() -> None:
    puzzle = read_puzzles("top95.txt", 1)[0]
    proc = run("solve", "-", stdin=b"\xef\xbb\xbf" + puzzle.encode() + b"\r\n")
    assert proc.returncode == 0, proc.stderr
    assert is_solution_line(puzzle, proc.stdout.strip())


def test_solve_reports_multiple_and_no_solution_in_order(tmp_path: Path) -> None:
    unique = read_puzzles("top95.txt", 1)[0]
    multi = read_puzzles("serg_benchmark_multi_solution.txt", 1)[0]
    duplicate = "55" + "." * 79
    src = tmp_path / "mixed.txt"
    src.write_text("\n".join([unique, multi, hidden_contradiction(), duplicate, unique]) + "\n")
    proc = run("solve", str(src))
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[1:4] == ["multiple solutions", "no solution", "no solution"]
    assert is_solution_line(unique, lines[0]) and lines[4] == lines[0]


def test_solve_exit_codes_in_process(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    multi = read_puzzles("serg_benchmark_multi_solution.txt", 1)[0]
    monkeypatch.setattr(sys, "stdin", io.StringIO(multi + "\n"))
    assert cli.main(["solve", "-"]) == 1
    assert capsys.readouterr().out == "multiple solutions\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(hidden_contradiction() + "\n"))
    assert cli.main(["solve"]) == 1
    assert capsys.readouterr().out == "no solution\n"


@pytest.mark.parametrize("box", [2, 4])
def test_solve_other_sizes(box: int) -> None:
    n = box * box
    full = "".join(DIGITS[(box * (r % box) + r // box + c) % n] for r in range(n) for c in range(n))
    puzzle = "".join("." if i % 3 else ch for i, ch in enumerate(full))
    proc = run("solve", "-", stdin=puzzle + "\n")
    assert proc.returncode in (0, 1), proc.stderr
    line = proc.stdout.strip()
    if proc.returncode == 0:
        assert is_solution_line(puzzle, line)
    else:
        assert line == "multiple solutions"
    # One hole only: certainly unique.
    one_hole = "." + full[1:]
    proc = run("solve", "-", stdin=one_hole + "\n")
    assert (proc.returncode, proc.stdout) == (0, full + "\n")


@pytest.mark.parametrize(
    "args,stdin",
    [
        (("solve", "/no/such/file.txt"), None),
        (("solve", "."), None),  # a directory
        (("solve", "-"), "hello\n"),
        (("solve", "-"), ""),
        (("solve", "-"), "1" * 80 + "\n"),
        (("solve", "-"), b"\xe9t\xe9\n"),
        (("check", "/no/such/file.txt"), None),
        (("check", "-"), "hello\n"),
    ],
)
def test_unreadable_input_is_one_line_on_stderr(args: Sequence[str], stdin: str | bytes | None) -> None:
    # A strict decoder on standard input, as on a terminal that is not UTF-8: bad bytes must still be a message.
    assert_one_line_error(run(*args, stdin=stdin, env={"PYTHONIOENCODING": "utf-8:strict"}))


def test_a_missing_file_name_is_called_so() -> None:
    proc = run("check", "missing.txt")
    assert_one_line_error(proc)
    assert "'missing.txt' is neither a file nor a puzzle" in proc.stderr


# -- check ---------------------------------------------------------------------------------------------
def test_check_a_unique_puzzle_given_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    line = read_puzzles("top95.txt", 1)[0]
    givens = sum(ch not in ".0" for ch in line)
    assert cli.main(["check", line]) == 0
    assert capsys.readouterr().out == f"givens: {givens}\nunique\n"


def test_check_a_file_and_standard_input(tmp_path: Path) -> None:
    multi = read_puzzles("serg_benchmark_multi_solution.txt", 1)[0]
    givens = sum(ch not in ".0" for ch in multi)
    src = tmp_path / "multi.txt"
    src.write_text(multi + "\n")
    for proc in (run("check", str(src)), run("check", "-", stdin=multi + "\n")):
        assert proc.returncode == 1, proc.stderr
        assert proc.stdout.splitlines() == [f"givens: {givens}", "multiple solutions"]


def test_check_lists_every_problem(capsys: pytest.CaptureFixture[str]) -> None:
    puzzle = list("." * 81)
    puzzle[0] = puzzle[4] = "5"  # row 1
    puzzle[80] = puzzle[70] = "9"  # r9c9 and r8c8: box 9
    assert cli.main(["check", "".join(puzzle)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "givens: 4",
        "problem: 5 stands twice in row 1: r1c1 and r1c5",
        "problem: 9 stands twice in box 9: r8c8 and r9c9",
        "no solution",
    ]
    dead = "12345678." + "." * 36 + "........9" + "." * 27
    assert cli.main(["check", dead]) == 1
    assert capsys.readouterr().out.splitlines() == ["givens: 9", "problem: r1c9 has no candidate left", "no solution"]


def test_check_a_hidden_contradiction() -> None:
    puzzle = hidden_contradiction()
    proc = run("check", puzzle)
    assert proc.returncode == 1
    assert proc.stdout.splitlines() == [f"givens: {sum(ch not in '.0' for ch in puzzle)}", "no solution"]


# -- version and help -------------------------------------------------------------------------------------
def test_version() -> None:
    proc = run("--version")
    assert (proc.returncode, proc.stdout.strip()) == (0, f"sudoku-tk {__version__}")


def test_help_lists_the_subcommands(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "solve" in out and "check" in out


# -- the benchmark's command line ----------------------------------------------------------------------------
def test_bench_lists_its_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--list"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names[:2] == ["recompute", "solve"]
    assert bench.main(["--only", "no-such-section"]) == 2
    assert "no section named 'no-such-section'" in capsys.readouterr().err


def test_bench_quick_run_without_tkinter() -> None:
    shared_file(PUZZLES / "top95.txt")  # the benchmark reads the public sets in ../shared
    code = (
        "import sys, sudoku_tk.bench.cli as b\n"
        "status = b.main(['--quick', '--only', 'recompute', '--only', 'solve'])\n"
        "assert 'tkinter' not in sys.modules, 'the benchmark imported tkinter'\n"
        "sys.exit(status)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "== recompute" in out and "== solve" in out
    assert "recompute latency over 40 runs" in out
    # Rows read: set, puzzles, median, p95, max, CPU median (each "N ms"), wrong answers, target.
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith("  ") and " ms " in line}
    for label in ("top95", "hardest", "17-clue", "forum11+"):
        assert rows[label][10] == "0", rows[label]
    assert "WRONG" not in out


def test_bench_says_plainly_when_there_is_no_gui_bench(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "sudoku_tk.bench.gui", None)  # as if the module were not there
    assert bench.main(["--gui"]) == 1
    assert (
        capsys.readouterr().out
        == "GUI benchmark: not available (sudoku_tk/bench/gui.py does not exist in this build)\n"
    )


def test_bench_hands_gui_options_to_the_gui_bench(monkeypatch: pytest.MonkeyPatch) -> None:
    import types

    seen: list[list[str]] = []
    fake = types.ModuleType("sudoku_tk.bench.gui")
    fake.main = lambda argv=None: seen.append(argv) or 7  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "sudoku_tk.bench.gui", fake)
    assert bench.main(["--gui", "--clicks", "5"]) == 7
    assert seen == [["--clicks", "5"]]
    with pytest.raises(SystemExit):
        bench.main(["--clicks", "5"])  # without --gui an unknown option is an error


def test_bench_percentile_and_section_registry() -> None:
    assert bench.percentile([3.0], 99) == 3.0
    assert bench.percentile([float(i) for i in range(1, 101)], 99) == 99.0
    with pytest.raises(ValueError):
        bench.percentile([], 50)
    with pytest.raises(ValueError):
        bench.section("solve", "again")(lambda cfg: None)


# -- generate ------------------------------------------------------------------------------------------
def test_generate_prints_unique_puzzles_of_the_asked_level() -> None:
    from sudoku_tk.engine.rating.score import Level, rate
    from sudoku_tk.engine.solving.brute_force import count_solutions
    from sudoku_tk.engine.solving.logic import solve_logically

    proc = run("generate", "--count", "3", "--level", "easy", "--seed", "5")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == 3 and len(set(lines)) == 3
    for line in lines:
        grid = parse_grid(line)
        assert count_solutions(grid, 2) == 1
        assert rate(solve_logically(grid)).level is Level.EASY
    # The same seed gives the same puzzles.
    assert run("generate", "--count", "3", "--level", "easy", "--seed", "5").stdout == proc.stdout


@pytest.mark.parametrize("size", [4, 16])
def test_generate_other_sizes(size: int) -> None:
    from sudoku_tk.engine.solving.brute_force import count_solutions

    proc = run("generate", "--size", str(size), "--seed", "1", "--symmetry", "none")
    assert proc.returncode == 0, proc.stderr
    grid = parse_grid(proc.stdout.strip())
    assert grid.geometry.side == size and count_solutions(grid, 2) == 1


def test_generate_rejects_bad_arguments() -> None:
    proc = run("generate", "--level", "impossible")
    assert proc.returncode == 2 and "invalid choice" in proc.stderr
