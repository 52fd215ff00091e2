"""Issue 22, item 20: one reader with one limit for every way a file comes in, ``sudoku-tk FILE`` included.

The fault run found ``sudoku-tk FILE`` reading a 1 GiB file whole (2.1 GB of memory), a 17 MB file's message naming
``parse_collection``, ``sudoku-tk /dev/zero`` parsing the path itself as a puzzle, and ``--png -`` writing a file
named ``-``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from shared_data import REPO

from sudoku_tk.app.storage import atomic_files, file_reading
from sudoku_tk.cli import commands as cli
from sudoku_tk.cli import console as cli_io
from sudoku_tk.ui.window.launch import puzzle_from_argument

TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
MEMORY_LIMIT = 600 * 2**20
INTERNALS = ("Traceback", "parse_collection", "parse_grid", "Errno")


def run(*args: str, cwd: Path, memory_limit: int | None = None, env: dict | None = None):  # type: ignore[no-untyped-def]
    """``python -m sudoku_tk ARGS`` in ``cwd`` (never the repository: a regression must not litter it)."""
    preexec: Callable[[], None] | None = None
    if memory_limit is not None:
        resource = pytest.importorskip("resource")

        def limit() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))

        preexec = limit
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tk", *args],
        cwd=cwd,
        capture_output=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(REPO), "DISPLAY": "", **(env or {})},
        preexec_fn=preexec,
    )


def test_one_limit_for_the_command_line_and_the_app() -> None:
    assert cli.MAX_INPUT_BYTES == cli_io.MAX_INPUT_BYTES == file_reading.MAX_FILE_BYTES == 16 * 2**20
    assert atomic_files.MAX_FILE_BYTES == file_reading.MAX_FILE_BYTES  # nothing is written that can't be read


def test_sudoku_tk_file_refuses_a_huge_file_without_reading_it(tmp_path: Path) -> None:
    huge = tmp_path / "huge.txt"
    with open(huge, "wb") as fh:
        fh.truncate(2**30)  # 1 GiB, sparse: costs no disk
    proc = run(str(huge), cwd=tmp_path, memory_limit=MEMORY_LIMIT)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err[-2000:]
    assert err == f"sudoku-tk: huge.txt is too large for a puzzle ({2**30} bytes; the limit is 16 MB)\n"


def test_a_17_mb_file_is_refused_in_words(tmp_path: Path) -> None:
    big = tmp_path / "many.txt"
    big.write_text((TOP95_1 + "\n") * (17 * 2**20 // 82))
    with pytest.raises(ValueError) as info:
        puzzle_from_argument(str(big))
    assert "many.txt is too large for a puzzle" in str(info.value) and "16 MB" in str(info.value)
    assert not any(word in str(info.value) for word in INTERNALS)


def test_a_file_of_several_puzzles_says_how_to_choose_one(tmp_path: Path) -> None:
    several = tmp_path / "three.txt"
    several.write_text((TOP95_1 + "\n") * 3)
    with pytest.raises(ValueError, match=r"three\.txt holds 3 puzzles: open it with Game > Open… to choose one"):
        puzzle_from_argument(str(several))


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/null"])
def test_sudoku_tk_on_a_device_names_the_device_and_never_parses_its_path(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    with pytest.raises(ValueError) as info:
        puzzle_from_argument(device)
    assert str(info.value) == f"can't open {device!r}: {Path(device).name} is a device, not a file"


def test_sudoku_tk_on_a_named_pipe_answers_at_once(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes exist only on POSIX")
    pipe = tmp_path / "puzzle.txt"
    os.mkfifo(pipe)
    proc = run(str(pipe), cwd=tmp_path)  # the old reader waited for a writer forever (run's timeout fails it)
    assert proc.returncode == 2
    assert (
        proc.stderr.decode() == f"sudoku-tk: can't open {str(pipe)!r}: puzzle.txt is a named pipe (FIFO), not a file\n"
    )


def test_the_command_line_still_reads_a_pipe_bounded(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes exist only on POSIX")
    pipe = tmp_path / "in"
    os.mkfifo(pipe)

    def feed() -> None:
        with open(pipe, "w") as fh:
            fh.write(TOP95_1 + "\n")

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    proc = run("solve", str(pipe), cwd=tmp_path)  # as `sudoku-tk solve <(cat puzzles.txt)` does
    writer.join(10)
    assert proc.returncode == 0 and len(proc.stdout.decode().strip()) == 81


@pytest.mark.parametrize(("option", "magic"), [("--png", b"\x89PNG\r\n\x1a\n"), ("--pdf", b"%PDF-")])
def test_export_to_dash_writes_standard_output_not_a_file_named_dash(tmp_path: Path, option: str, magic: bytes) -> None:
    proc = run("export", TOP95_1, option, "-", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert proc.stdout.startswith(magic)
    assert not (tmp_path / "-").exists() and list(tmp_path.iterdir()) == []
    assert proc.stderr.decode().startswith("wrote standard output: ")
