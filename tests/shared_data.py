"""Where the public puzzle sets and HoDoKu's regression library live (../shared beside the repo), and a reader.

Test modules import these from here (not from conftest, whose module name is
ambiguous when several conftest.py files are loaded in one run).
"""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"
PUZZLES = SHARED / "data" / "puzzles"
HODOKU = SHARED / "data" / "hodoku"


def read_puzzles(name: str, limit: int | None = None) -> list[str]:
    """Lines of a public puzzle set in ../shared/data/puzzles (fails clearly when absent)."""
    path = PUZZLES / name
    if not path.exists():
        pytest.fail(f"puzzle set missing: {path}")
    lines = [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    return lines[:limit] if limit else lines
