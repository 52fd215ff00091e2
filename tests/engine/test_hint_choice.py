"""Which step a hint takes (issue 21): of the first technique that applies, the one that does the most for its
length; ratings keep the first step.

Positions: the logic solver's path over the hardest puzzles of the public-domain SE-rated set kept with the
repository. At each, ``find_hint(most=True)`` is compared with every step of the same technique and length that
``find_all_steps`` lists.
"""

from __future__ import annotations

from functools import lru_cache

import pytest
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Family, Step
from sudoku_tk.engine.techniques import find_all_steps, find_hint


def _does(step: Step) -> int:
    return len(step.eliminations) + len(step.placements)


@lru_cache(maxsize=1)
def _positions() -> tuple[Grid, ...]:
    lines = read_puzzles("sudoku_exchange_se_rated.txt")
    out: list[Grid] = []
    for puzzle in lines[-4:]:
        path = solve_logically(parse_grid(puzzle))
        out += [g for g, s in zip(path.iter_grids(), path.steps) if s.technique.family is not Family.SINGLES]
    return tuple(out)


@pytest.mark.slow  # every step of every position along four hard paths (about a minute); CI runs it
def test_the_hint_does_the_most_among_its_techniques_shortest_steps() -> None:
    differ = 0
    for grid in _positions():
        first = find_hint(grid)
        best = find_hint(grid, most=True)
        assert first is not None and best is not None
        assert best.technique is first.technique and len(best.chain) <= len(first.chain)
        assert _does(best) >= _does(first)
        if first.technique.family is Family.LAST_RESORT:
            assert best == first  # a last resort keeps its first proof
            continue
        same = [s for s in find_all_steps(grid) if s.technique is best.technique]
        assert best.key() in {s.key() for s in same}
        if not first.chain:  # a pattern of fixed size: the hint does as much as any step of its technique
            assert _does(best) == max(_does(s) for s in same)
        differ += best.key() != first.key()
    assert differ > 0  # on real positions the choice matters


def test_the_players_path_takes_the_bigger_steps_and_ratings_do_not_move() -> None:
    puzzle = read_puzzles("sudoku_exchange_se_rated.txt")[-1]
    grid = parse_grid(puzzle)
    rated, shown = solve_logically(grid), solve_logically(grid, most=True)
    assert rated.solved and shown.solved
    assert [s.key() for s in solve_logically(grid).steps] == [s.key() for s in rated.steps]  # deterministic
    assert find_hint(grid, most=True) == shown.steps[0]
