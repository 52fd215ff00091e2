"""CLI regressions found by trying odd inputs (exploratory QA)."""

from __future__ import annotations

import pytest

from sudoku_tk.cli import commands as cli


@pytest.mark.parametrize("size", ["4", "16"])
def test_generate_refuses_a_level_for_sizes_the_rating_does_not_cover(
    size: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seen: `generate --size 4 --level extreme` printed an easy puzzle (rate: "easy 48") with status 0.
    assert cli.main(["generate", "--size", size, "--level", "extreme", "--seed", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--level" in err and "9×9" in err and "extreme" in err


@pytest.mark.parametrize("count", ["0", "-1"])
def test_generate_refuses_a_count_below_one(count: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Seen: `generate --count -1` printed nothing and exited 0, as if it had succeeded.
    assert cli.main(["generate", "--count", count]) == 2
    out, err = capsys.readouterr()
    assert out == "" and f"--count must be at least 1 (got {count})" in err


def test_generate_any_level_still_works_on_4x4(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["generate", "--size", "4", "--seed", "1"]) == 0
    assert len(capsys.readouterr().out.strip()) == 16
