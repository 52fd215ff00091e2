"""``sudoku-tk read-image``: one line on success, JSON with --json, exit 2 and one line on stderr otherwise."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from PIL import Image

from sudoku_tk.vision.synthetic import STYLES, draw_board

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
REPO = Path(__file__).resolve().parent.parent


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", "read-image", *args],
        capture_output=True,
        input=stdin,
        cwd=REPO,
        timeout=120,
    )
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


@pytest.fixture(scope="module")
def board_png(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("pictures") / "board.png"
    values = [int(c) if c != "." else 0 for c in PUZZLE]
    draw_board(values, STYLES["serif"], 40).picture.save(path)
    return path


def test_a_picture_prints_its_puzzle_as_one_line(board_png: Path) -> None:
    done = run(str(board_png))
    assert done.returncode == 0, done.stderr
    assert done.stdout == PUZZLE + "\n"
    assert done.stderr == ""


def test_json_gives_confidences_corners_and_the_check(board_png: Path) -> None:
    done = run(str(board_png), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["puzzle"] == PUZZLE and data["size"] == 9
    assert len(data["confidence"]) == 81 and all(0 <= c <= 1 for c in data["confidence"])
    assert len(data["corners"]) == 4 and data["picture_size"] == list(Image.open(board_png).size)
    (x0, y0), (x1, _), (_, y2), _ = data["corners"]
    assert x0 < x1 and y0 < y2
    assert data["check"]["status"] == "unique" and data["check"]["whole_grid"] is False


@pytest.mark.parametrize(
    "make, expected",
    [
        (lambda p: Image.new("RGB", (300, 200), "white").save(p), "no Sudoku grid"),
        (lambda p: p.write_text("not a picture"), "not a picture"),
        (lambda p: None, "can't read"),
    ],
    ids=["no grid", "not a picture", "missing"],
)
def test_unreadable_input_is_one_line_on_stderr_and_exit_2(tmp_path: Path, make, expected: str) -> None:
    path = tmp_path / "input.png"
    make(path)
    done = run(str(path))
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and expected in lines[0] and "Traceback" not in done.stderr


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.jpg"
    with open(path, "wb") as f:
        f.truncate(31 * 1024 * 1024)
    done = run(str(path))
    assert done.returncode == 2 and "over 30.0 MB" in done.stderr and len(done.stderr.strip().splitlines()) == 1


def test_a_picture_on_standard_input_is_read(board_png: Path) -> None:
    """``xclip -selection clipboard -t image/png -o | sudoku-tk read-image -``"""
    done = run("-", stdin=board_png.read_bytes())
    assert done.returncode == 0, done.stderr
    assert done.stdout == PUZZLE + "\n"
    empty = run("-", stdin=b"")
    assert empty.returncode == 2 and empty.stderr.strip() == "sudoku-tk: standard input is empty: no picture to read"
    assert run("-", stdin=b"4" * (31 * 1024 * 1024)).stderr.strip() == (
        "sudoku-tk: standard input is over 30.0 MB; such pictures are not read"
    )


def test_a_pipe_is_read_as_the_command_line_reads_pipes(board_png: Path, tmp_path: Path) -> None:
    """``sudoku-tk read-image <(curl …)``: a pipe with a writer is read, bounded; a folder is refused in words."""
    pipe = tmp_path / "from-curl.png"
    os.mkfifo(pipe)
    data = board_png.read_bytes()

    def write() -> None:
        with open(pipe, "wb") as f:
            f.write(data)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    done = run(str(pipe))
    writer.join(timeout=10)
    assert done.returncode == 0 and done.stdout == PUZZLE + "\n", done.stderr
    folder = tmp_path / "scans.png"
    folder.mkdir()
    refused = run(str(folder))
    assert (
        refused.returncode == 2 and refused.stderr.strip() == f"sudoku-tk: {folder}: scans.png is a folder, not a file"
    )
