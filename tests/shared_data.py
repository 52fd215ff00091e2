"""Where the puzzle sets and HoDoKu's regression library live, and how a test reads them.

The public-domain set the tests need is kept with the repository (``tests/data/puzzles``, see its README). The
other public sets and HoDoKu's GPL regression library live in ``../shared`` beside the repository: extra
coverage. A plain clone has no ``../shared``: tests that need it are skipped, all with the one reason
``SHARED_MISSING``. CI always has it and sets ``SUDOKU_TK_REQUIRE_SHARED=1`` (``.ci/run``), so there a missing
file fails instead of being skipped.

Test modules import these from here (not from conftest, whose module name is
ambiguous when several conftest.py files are loaded in one run).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import NoReturn

import pytest

REPO = Path(__file__).resolve().parent.parent
LOCAL_PUZZLES = REPO / "tests" / "data" / "puzzles"
SHARED = REPO.parent / "shared"
PUZZLES = SHARED / "data" / "puzzles"
HODOKU = SHARED / "data" / "hodoku"

SHARED_MISSING = (
    "../shared (the big public puzzle sets and HoDoKu's regression library) is not beside this clone: "
    "that extra coverage is skipped (CI always runs it)"
)
REQUIRE_SHARED = "SUDOKU_TK_REQUIRE_SHARED"
"""Set to 1 (as .ci/run does) to make a missing ../shared a failure rather than a skip."""


def missing_shared(path: Path) -> NoReturn:
    """Skip the calling test (or module) for want of ``path`` in ../shared; fail instead when CI requires it."""
    if os.environ.get(REQUIRE_SHARED) == "1":
        pytest.fail(f"{path} is missing, and {REQUIRE_SHARED}=1 requires ../shared")
    pytest.skip(SHARED_MISSING, allow_module_level=True)


def puzzle_path(name: str) -> Path:
    """The file of a puzzle set: kept with the repository if it is, else in ../shared (which may be absent)."""
    local = LOCAL_PUZZLES / name
    return local if local.exists() else PUZZLES / name


def shared_file(path: Path) -> Path:
    """``path`` (a file in ../shared), or a skip (a failure under CI) when it isn't there."""
    if not path.exists():
        missing_shared(path)
    return path


def read_puzzles(name: str, limit: int | None = None) -> list[str]:
    """The puzzle lines of a set (comments and blank lines dropped); see the module docstring when it is absent."""
    path = shared_file(puzzle_path(name))
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    return lines[:limit] if limit else lines
