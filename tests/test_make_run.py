"""`make run` sets up only what the app needs, quietly, and says how to start it next time (issue 13)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_run_installs_the_app_alone_without_warnings(tmp_path: Path) -> None:
    for name in ("Makefile", "setup.cfg", "pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "sudoku_tk", tmp_path / "sudoku_tk", ignore=shutil.ignore_patterns("__pycache__"))
    # The install step of `make run` (the target it depends on), with this interpreter's Python for the venv.
    base = getattr(sys, "_base_executable", sys.executable)
    done = subprocess.run(
        ["make", "--no-print-directory", ".venv/.installed-app", f"PYTHON={base}"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "warning" not in out.lower(), out
    assert "Next time, start the app with  .venv/bin/sudoku-tk" in out
    assert ".venv/bin/sudoku-tk-cli --help" in out
    listed = subprocess.run(
        [str(tmp_path / ".venv" / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout.lower()
    names = {line.split("==")[0] for line in listed.splitlines()}
    assert {"sudoku-tk", "pillow"} <= names
    assert not names & {"pytest", "hypothesis", "mypy", "ruff", "pyinstaller", "pytest-xdist"}
    assert (tmp_path / ".venv" / "bin" / "sudoku-tk").exists()
    # The installed copy carries its package data (built-in puzzles, window icons).
    check = subprocess.run(
        [
            str(tmp_path / ".venv" / "bin" / "python"),
            "-c",
            "from importlib.resources import files; "
            "print(len(list(files('sudoku_tk.data.puzzles').iterdir())), "
            "len(list(files('sudoku_tk.resources').iterdir())))",
        ],
        cwd=tmp_path.parent,
        capture_output=True,
        text=True,
        timeout=120,
    )
    puzzles, icons = map(int, check.stdout.split())
    assert puzzles >= 5 and icons >= 3, check.stdout + check.stderr
