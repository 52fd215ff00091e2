"""The whole package is typed strictly (STYLE.md, issue 24): mypy --strict, configured in pyproject.toml, finds
nothing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from shared_data import REPO


def test_the_package_passes_mypy_strict() -> None:
    # The test extra installs mypy (CI always has it); a bare environment says why this is skipped.
    pytest.importorskip("mypy", reason="mypy is not installed (pip install -e '.[test]' brings it)")
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental"],  # pyproject.toml: strict, the whole package
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
