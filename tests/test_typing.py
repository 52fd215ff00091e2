"""The engine and the app layer are typed strictly (STYLE.md): mypy --strict finds nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from shared_data import REPO


def test_engine_and_app_pass_mypy_strict() -> None:
    # The test extra installs mypy (CI always has it); a bare environment says why this is skipped.
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]' brings it)")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "sudoku_tk/engine", "sudoku_tk/app"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
