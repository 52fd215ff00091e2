"""Soundness and coverage sweeps: logic alone finishes the public sets, and no step is ever wrong.

Logic alone means every default technique except the brute-force step (forcing nets as the last resort).
Each set is sampled evenly (``python -m sudoku_tk.bench --only coverage`` runs whole sets); every step of
every path is checked against the unique solution.
"""

from __future__ import annotations

import pytest
from shared_data import read_puzzles

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques

LOGIC = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}

SETS = [
    ("top95.txt", 95),
    ("top1465.txt", 40),
    ("sudoku_exchange_se_rated.txt", 60),
    ("17clue_every4th.txt", 40),
    ("forum_hardest_1106.txt", 6),
]


def _spread(lines: list[str], count: int) -> list[str]:
    if count >= len(lines):
        return lines
    step = len(lines) / count
    return [lines[int(i * step)] for i in range(count)]


@pytest.mark.slow
@pytest.mark.parametrize("name,count", SETS, ids=[s[0].split(".")[0] for s in SETS])
def test_logic_alone_solves_the_set_with_no_wrong_step(name: str, count: int) -> None:
    for puzzle in _spread(read_puzzles(name), count):
        grid = parse_grid(puzzle)
        solution = unique_solution(grid)
        assert solution is not None
        path = solve_logically(grid, LOGIC, unique=True)
        for step in path.steps:
            for e in step.eliminations:
                assert solution[e.cell] != e.digit, f"{puzzle}: {step.explanation}"
            for p in step.placements:
                assert solution[p.cell] == p.digit, f"{puzzle}: {step.explanation}"
        assert path.solved, f"{puzzle}: logic alone got stuck"
