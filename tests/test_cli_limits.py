"""The command line under pressure: a puzzle that takes too long (``--time-limit``), output that can't be written
(a full disk), ``generate`` with a huge ``--count``, and the default size of a PNG.

Issue 22 found each of these: a 16×16 puzzle ran ``check`` for more than ten minutes; ``> /dev/full`` printed a
traceback and exit status 1 (which scripts read as "no solution"); ``generate --count 1000000000`` used 10 GB
without printing a line; ``export --png`` wrote 456 pixels.
"""

from __future__ import annotations

import errno
import io
import itertools
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from shared_data import REPO

from sudoku_tk.cli import commands as cli
from sudoku_tk.cli.console import os_error_words
from sudoku_tk.cli.limits import TimeLimitExceeded, time_limit
from sudoku_tk.engine.generating import batch
from sudoku_tk.engine.generating.batch import Request, generate_batch

ISSUE_22 = (
    "....................F.....D.G.E.......DGE......F......E...FG...D........G..D..F......E........G.....G.FD.E......."
    ".......F...E.D....FD..E.......G.....G.F....DE.....G....DFE........D.....G...F.....E.FG......D......E....D...G..."
    ".........GF...E.....D.....EF..."
)
WIKIPEDIA = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def run(
    *args: str, stdin: str = "", stdout: Any = subprocess.PIPE, cwd: Path = REPO
) -> subprocess.CompletedProcess[str]:
    """``python -m sudoku_tk ARGS`` from the source tree, in its own process."""
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tk", *args],
        cwd=cwd,
        input=stdin,
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        timeout=300,  # a guard against a hang, not a measure of speed
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )


def endless(*_args: Any, **_kw: Any) -> Any:
    """Work that never ends (pure Python, so an interrupt reaches it)."""
    while True:
        time.sleep(0.001)


# -- issue 22's puzzle through every command ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, status, expected",
    [
        (["check", ISSUE_22], 1, "givens: 52\nno solution\n"),
        (["solve", "-"], 1, "no solution\n"),
        (["hint", ISSUE_22], 1, "problem: the puzzle has no solution\n"),
        (["rate", "-"], 1, "problem: the puzzle has no solution\n"),
    ],
)
def test_issue_22s_puzzle_gets_its_answer(args: list[str], status: int, expected: str) -> None:
    proc = run(*args, stdin=ISSUE_22 + "\n")
    assert (proc.returncode, proc.stdout, proc.stderr) == (status, expected, "")


def test_issue_22s_puzzle_in_steps_and_export(tmp_path: Path) -> None:
    proc = run("steps", "-", stdin=ISSUE_22 + "\n")
    assert proc.returncode == 1 and '"problems": ["the puzzle has no solution"]' in proc.stdout
    proc = run("export", ISSUE_22, "--png", "x.png", "--solution", cwd=tmp_path)
    assert proc.returncode == 1 and proc.stderr == "sudoku-tk: the puzzle has no single solution to show\n"


# -- --time-limit ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "target, args",
    [
        ("sudoku_tk.cli.commands.first_solutions", ["solve", "-"]),
        ("sudoku_tk.cli.commands.count_solutions", ["check", WIKIPEDIA]),
        ("sudoku_tk.engine.solving.brute_force.unique_solution", ["hint", WIKIPEDIA]),
        ("sudoku_tk.engine.solving.brute_force.count_solutions", ["steps", "-"]),
        ("sudoku_tk.engine.solving.brute_force.count_solutions", ["rate", "-"]),
        ("sudoku_tk.render.content.unique_solution", ["export", WIKIPEDIA, "--png", "x.png", "--solution"]),
        (
            "sudoku_tk.engine.solving.brute_force.unique_solution",
            ["export", WIKIPEDIA, "--pdf", "x.pdf", "--with-solutions"],
        ),
    ],
)
def test_a_puzzle_past_the_time_limit_is_one_line_and_status_2(
    target: str,
    args: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(target, endless)
    monkeypatch.setattr(sys, "stdin", io.StringIO(WIKIPEDIA + "\n"))
    before = signal.getsignal(signal.SIGINT)  # Python's own handler, or "ignore" in a job started in the background
    assert cli.main([*args, "--time-limit", "0.2"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("sudoku-tk: gave up on ") and "after 0.2 s (--time-limit 0.2" in err
    assert not list(tmp_path.iterdir())  # no half-made picture or sheet
    assert signal.getsignal(signal.SIGINT) is before  # Ctrl+C does again what it did before


def test_a_puzzle_of_a_file_past_the_limit_names_its_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = itertools.count()

    def slow_second(grid: Any, limit: int = 2) -> Any:
        if next(calls) == 1:
            endless()
        return [tuple(i % 9 + 1 for i in range(81))]

    monkeypatch.setattr("sudoku_tk.cli.commands.first_solutions", slow_second)
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{WIKIPEDIA}\n# a comment\n{WIKIPEDIA}\n{WIKIPEDIA}\n"))
    assert cli.main(["solve", "--time-limit", "0.2"]) == 2
    out, err = capsys.readouterr()
    assert out.count("\n") == 1  # the first puzzle's answer was printed before
    assert err.startswith("sudoku-tk: gave up on the puzzle on line 3 after 0.2 s")


def test_work_within_the_limit_is_left_alone() -> None:
    before = signal.getsignal(signal.SIGINT)
    with time_limit(5, "nothing"):
        total = sum(range(1000))
    assert total == 499500
    assert signal.getsignal(signal.SIGINT) is before
    with pytest.raises(TimeLimitExceeded, match="gave up on the loop after 0.1 s"):
        with time_limit(0.1, "the loop"):
            endless()
    assert signal.getsignal(signal.SIGINT) is before


def test_ctrl_c_is_still_a_keyboard_interrupt(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_args: Any) -> None:
        signal.raise_signal(signal.SIGINT)
        endless()

    monkeypatch.setattr("sudoku_tk.cli.commands.count_solutions", interrupted)
    with pytest.raises(KeyboardInterrupt):
        cli.main(["check", WIKIPEDIA])


@pytest.mark.parametrize("value", ["0", "-1", "nan", "soon"])
def test_a_time_limit_must_be_a_positive_number(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["check", WIKIPEDIA, "--time-limit", value])
    assert exc.value.code == 2
    assert "--time-limit" in capsys.readouterr().err


# -- output that can't be written -------------------------------------------------------------------------------


class FullDisk(io.StringIO):
    """A standard output on a full disk."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "-"],
        ["check", WIKIPEDIA],
        ["hint", WIKIPEDIA],
        ["steps", "-"],
        ["rate", "-"],
        ["generate", "--size", "4", "--seed", "1"],
        ["export", WIKIPEDIA, "--png", "x.png"],
        ["--version"],
    ],
)
def test_a_full_disk_is_one_line_and_status_2_in_process(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(WIKIPEDIA + "\n"))
    with capsys.disabled():
        err = io.StringIO()
        monkeypatch.setattr(sys, "stdout", FullDisk())
        monkeypatch.setattr(sys, "stderr", err)
        assert cli.main(args) == 2
    assert err.getvalue() == "sudoku-tk: can't write the output: the disk is full\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux); the in-process test covers all")
@pytest.mark.parametrize(
    "args",
    [
        ["solve", "-"],
        ["check", WIKIPEDIA],
        ["hint", WIKIPEDIA],
        ["steps", "-"],
        ["rate", "-"],
        ["generate", "--size", "4", "--seed", "1", "--count", "3"],
        ["export", WIKIPEDIA, "--png", "x.png"],
        ["export", WIKIPEDIA, "--pdf", "x.pdf"],
    ],
)
def test_output_to_dev_full_is_one_line_and_status_2(args: list[str], tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        proc = run(*args, stdin=WIKIPEDIA + "\n", stdout=full, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr == "sudoku-tk: can't write the output: the disk is full\n"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("option", ["--png", "--pdf"])
def test_a_picture_or_sheet_on_a_full_disk_says_so_in_words(option: str) -> None:
    proc = run("export", WIKIPEDIA, option, "/dev/full")
    assert (proc.returncode, proc.stdout) == (2, "")
    assert proc.stderr == "sudoku-tk: can't write /dev/full: the disk is full\n"


def test_os_errors_in_words() -> None:
    assert os_error_words(OSError(errno.ENOSPC, "No space left on device")) == "the disk is full"
    assert os_error_words(OSError(errno.EACCES, "Permission denied")) == "permission denied"
    assert os_error_words(OSError(errno.EBUSY, "Device or resource busy")) == "device or resource busy"
    assert "Errno" not in os_error_words(OSError(errno.EXDEV, "Invalid cross-device link"))


# -- generate streams -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_batch_makes_seeds_only_as_it_needs_them(jobs: int, monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[str] = []
    seed_of = batch.puzzle_seed

    def counted(base: Any, i: int) -> str:
        made.append(seed_of(base, i))
        return made[-1]

    monkeypatch.setattr(batch, "puzzle_seed", counted)
    puzzles = generate_batch(Request(box=2), 5, 10**6, jobs=jobs)
    first = list(itertools.islice(puzzles, 3))
    puzzles.close()
    assert [seed for seed, _found in first] == made[:3]
    assert all(found is not None and len(found.puzzle) == 16 for _seed, found in first)
    assert len(made) <= 3 + jobs * batch.AHEAD_PER_JOB + 1


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs a memory limit for the child process (POSIX)")
def test_generate_a_billion_prints_at_once_in_bounded_memory() -> None:
    import resource

    def one_gigabyte() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (2**30, 2**30))

    proc = subprocess.Popen(
        [sys.executable, "-m", "sudoku_tk", "generate", "--count", "1000000000", "--size", "4", "--jobs", "1"],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        preexec_fn=one_gigabyte,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(20)]
    finally:
        proc.kill()
        proc.wait(timeout=60)
    assert all(len(line.strip()) == 16 for line in lines), lines


# -- the default picture ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "puzzle, pixels",
    [(WIKIPEDIA, 684), (ISSUE_22, 990), ("1..." + "." * 12, 486)],
)
def test_a_png_is_big_enough_to_print_by_default(
    puzzle: str, pixels: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "board.png"
    assert cli.main(["export", puzzle, "--png", str(path)]) == 0
    assert capsys.readouterr().out == f"wrote {path}: {pixels}x{pixels} pixels\n"
    with Image.open(path) as image:
        assert image.size == (pixels, pixels)
    assert pixels >= 600 or len(puzzle) == 16
