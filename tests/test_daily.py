"""The daily puzzle (engine/generating/daily.py, `sudoku-tk daily`): one per level and date, the same in every process and
whatever PYTHONHASHSEED, unique, rated its level by the app's own solver, minimal for its symmetry."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.daily import daily_puzzle, daily_seed
from sudoku_tk.engine.generating.generator import Symmetry, is_minimal
from sudoku_tk.engine.generating.level_search import DEFAULT_LEVEL_SYMMETRY
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.rating.score import rate_puzzle
from sudoku_tk.engine.solving.brute_force import count_solutions
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique

REPO = Path(__file__).resolve().parents[1]


def _daily_in_a_process(hash_seed: str, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=str(REPO), PYTHONHASHSEED=hash_seed)
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_tk", "daily", *args], env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_hard_puzzle_of_2026_12_01_is_the_same_in_two_processes_unique_and_hard() -> None:
    args = ("--date", "2026-12-01", "--level", "hard")
    first, second = _daily_in_a_process("1", *args), _daily_in_a_process("4242", *args)
    assert first == second
    (line,) = first.splitlines()
    grid = parse_grid(line)
    assert len(line) == 81 and set(line) <= set(".123456789")
    assert count_solutions(grid, 2) == 1
    rating = rate_puzzle(grid)
    assert rating.level is Level.HARD and rating.solved
    assert Technique.BRUTE_FORCE not in solve_logically(grid).techniques()
    assert is_minimal(grid, DEFAULT_LEVEL_SYMMETRY)
    assert line == daily_puzzle(date(2026, 12, 1), Level.HARD).puzzle  # this process too


@pytest.mark.parametrize("level", list(Level))
def test_every_level_has_its_own_puzzle_rated_that_level(level: Level) -> None:
    found = daily_puzzle(date(2026, 11, 30), level)
    assert found.rating is not None and found.rating.level is level
    assert count_solutions(found.grid, 2) == 1
    assert found.seed == daily_seed(date(2026, 11, 30), level)


def test_another_day_gives_another_puzzle() -> None:
    days = [date(2026, 12, 1), date(2026, 12, 2), date(2027, 1, 1)]
    assert len({daily_puzzle(day, Level.EASY).puzzle for day in days}) == 3
    assert is_minimal(daily_puzzle(days[0], Level.EASY).grid, Symmetry.ROTATIONAL)


def test_the_command_line_rates_and_refuses_a_bad_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["daily", "--date", "2026-12-01", "--level", "easy", "--rate"]) == 0
    out = capsys.readouterr().out
    assert out == daily_puzzle(date(2026, 12, 1), Level.EASY).puzzle + "  # easy " + out.split("# easy ")[1]
    assert out.rstrip().endswith("solved")
    with pytest.raises(SystemExit) as stop:
        cli.main(["daily", "--date", "1 December"])
    assert stop.value.code == 2
    assert "not a date as YYYY-MM-DD: '1 December'" in capsys.readouterr().err
