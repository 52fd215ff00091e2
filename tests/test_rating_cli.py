"""`sudoku-tk rate`: the line format, with and without the SE-like estimate (``--se``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.score import rate_puzzle

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
TOP95_1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SE_7_5 = "....7..8......1..3..8..519...7.5...92.9...3.55...4.8...156..2..9..1......6..8...."
"""Rated 7.5 by Sukaku Explainer (the SE-rated set kept with the tests)."""
LINE = re.compile(r"^(easy|medium|hard|unfair|extreme) (\d+) (solved|stuck)( se=\d+\.\d)?$")


def run_rate(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, *args: str) -> tuple[int, list[str]]:
    src = tmp_path / "puzzles.txt"
    src.write_text(text)
    status = cli.main(["rate", *args, str(src)])
    return status, capsys.readouterr().out.splitlines()


def test_rate_prints_level_score_and_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run_rate(tmp_path, capsys, EASY + "\n")
    assert status == 0 and len(lines) == 1
    m = LINE.match(lines[0])
    assert m and m.group(1, 3) == ("easy", "solved") and m.group(4) is None
    assert int(m.group(2)) == rate_puzzle(parse_grid(EASY)).score


def test_rate_se_adds_the_estimate(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run_rate(tmp_path, capsys, EASY + "\n" + SE_7_5 + "\n", "--se")
    assert status == 0 and len(lines) == 2
    for line, puzzle in zip(lines, (EASY, SE_7_5)):
        r = rate_puzzle(parse_grid(puzzle))
        assert line == f"{r.level} {r.score} solved se={r.se:.1f}"
    assert float(lines[0].rsplit("=", 1)[1]) <= 2.3  # singles only
    assert float(lines[1].rsplit("=", 1)[1]) >= 6.5  # needs chains


def test_rate_se_of_a_stuck_path_is_what_was_reached(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines = run_rate(tmp_path, capsys, TOP95_1 + "\n", "--se", "--techniques", "singles")
    assert status == 0
    m = LINE.match(lines[0])
    assert m and m.group(1, 3) == ("extreme", "stuck") and m.group(4) is not None
    assert float(m.group(4)[4:]) <= 2.3


def test_rate_se_still_reports_problems(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = "11" + EASY[2:]
    status, lines = run_rate(tmp_path, capsys, bad + "\n" + EASY + "\n", "--se")
    assert status == 1
    assert lines[0].startswith("problem: ") and LINE.match(lines[1])
