"""The repository keeps one code format and one import order (ruff; `make format` applies both)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _ruff(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("ruff", path=str(Path(sys.executable).parent)) or shutil.which("ruff")
    assert exe, "ruff is a test dependency (setup.cfg [test] extras); install the package with '.[test]'"
    return subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_code_is_formatted() -> None:
    result = _ruff("format", "--check", "sudoku_tk", "tests", "build_scripts", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_imports_are_sorted_and_the_lint_rules_pass() -> None:
    # The rules in pyproject.toml (issue 24), over the benchmarks too.
    result = _ruff("check", "sudoku_tk", "tests", "build_scripts", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr
