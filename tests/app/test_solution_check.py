"""Counting a puzzle's solutions without keeping the window waiting (app/puzzles/solution_check.py) and what the checks
and the game make of a count that is still running (game_io.check_grid, Game.solution).

A slow count is simulated: ``SlowSearch`` stands in for the engine's search and runs until the test releases it,
asking its ``stop`` as the real one does, so the tests don't depend on how fast a machine is. Issue 22's puzzle
(which once ran for hours) is counted for real.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.puzzles import solution_check
from sudoku_tk.app.puzzles.solution_check import (
    SolutionCheck,
    SolutionCount,
    count_now,
    count_solutions_of,
    forget_counts,
    known_count,
)
from sudoku_tk.app.storage.game_io import check_grid, counted, read_puzzle_text
from sudoku_tk.engine.board.grid import Grid, ProblemKind
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import SearchStopped, first_solutions

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
CLASH = "55" + "." * 79
ISSUE_22 = (
    "....................F.....D.G.E.......DGE......F......E...FG...D........G..D..F......E........G.....G.FD.E......."
    ".......F...E.D....FD..E.......G.....G.F....DE.....G....DFE........D.....G...F.....E.FG......D......E....D...G..."
    ".........GF...E.....D.....EF..."
)


class SlowSearch:
    """The engine's ``first_solutions``, but it only starts once ``release`` is set, asking ``stop`` meanwhile."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls: list[str] = []

    def __call__(self, grid: Grid, limit: int = 2, *, stop: Any = None) -> list[tuple[int, ...]]:
        self.calls.append(grid.to_string())
        while not self.release.is_set():
            if stop is not None and stop():
                raise SearchStopped
            time.sleep(0.002)
        return first_solutions(grid, limit)


@pytest.fixture(autouse=True)
def fresh_counts() -> Iterator[None]:
    forget_counts()
    yield
    forget_counts()


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowSearch]:
    search = SlowSearch()
    monkeypatch.setattr(solution_check, "first_solutions", search)
    yield search
    search.release.set()


def test_counts_of_none_one_and_several() -> None:
    one = count_now(parse_grid(CLASSIC))
    assert one is not None and one.count == 1 and one.solution == first_solutions(parse_grid(CLASSIC))[0]
    several = count_now(parse_grid(SEVERAL))
    assert several is not None and several.count == 2 and several.solution is None
    assert len(set(several.solutions)) == 2
    issue = count_now(parse_grid(ISSUE_22))
    assert issue == SolutionCount(())


def test_a_count_is_kept_and_served_again(slow: SlowSearch) -> None:
    grid = parse_grid(CLASSIC)
    slow.release.set()
    first = count_solutions_of(grid)
    assert known_count(grid) == first and len(slow.calls) == 1
    assert count_now(parse_grid(CLASSIC)) == first and len(slow.calls) == 1  # the same grid, not searched


def test_a_slow_count_is_given_up_quickly_and_not_kept(slow: SlowSearch) -> None:
    grid = parse_grid(CLASSIC)
    assert count_now(grid) is None
    assert known_count(grid) is None


def test_a_background_check_finishes(slow: SlowSearch) -> None:
    check = SolutionCheck(parse_grid(SEVERAL))
    assert not check.wait(0.1) and not check.done and check.result is None
    slow.release.set()
    assert check.wait(60)
    assert check.result is not None and check.result.count == 2
    assert known_count(parse_grid(SEVERAL)) == check.result


def test_a_background_check_can_be_cancelled(slow: SlowSearch) -> None:
    check = SolutionCheck(parse_grid(CLASSIC))
    assert not check.wait(0.1)
    check.cancel()
    assert check.wait(60) and check.cancelled and check.result is None
    assert known_count(parse_grid(CLASSIC)) is None


# -- what an incoming puzzle and a game make of it -------------------------------------------------------------


def test_an_incoming_puzzle_whose_count_takes_long_is_pending(slow: SlowSearch) -> None:
    incoming = read_puzzle_text(CLASSIC)
    assert incoming.is_pending and not incoming.is_proper and not incoming.is_playable and incoming.message == ""
    assert incoming.grid is not None
    slow.release.set()
    done = counted(incoming.grid, _wait_for(incoming.grid))
    assert done.is_proper and not done.is_pending and done.count is not None and done.count.count == 1


def _wait_for(grid: Grid) -> SolutionCount:
    check = SolutionCheck(grid)
    assert check.wait(60)
    assert check.result is not None
    return check.result


@pytest.mark.parametrize(
    "puzzle, kinds",
    [(CLASSIC, []), (SEVERAL, [ProblemKind.MULTIPLE_SOLUTIONS]), (ISSUE_22, [ProblemKind.NO_SOLUTION])],
)
def test_counted_puzzles_carry_their_problems(puzzle: str, kinds: list[ProblemKind]) -> None:
    incoming = check_grid(parse_grid(puzzle))
    assert not incoming.is_pending
    assert [p.kind for p in incoming.problems] == kinds


def test_conflicts_are_found_without_counting(slow: SlowSearch) -> None:
    incoming = check_grid(parse_grid(CLASH))
    assert not incoming.is_pending and incoming.problems and slow.calls == []


def test_a_game_whose_count_takes_long_waits_for_its_solution(slow: SlowSearch) -> None:
    session = Session(parse_grid(CLASSIC))
    assert session.solution_pending and session.solution is None and not session.is_unique
    slow.release.set()
    solution = _wait_for(session.start).solution
    assert not session.know_solution(parse_grid(SEVERAL), None)  # another game's answer is not taken
    assert session.solution_pending
    assert session.know_solution(session.start, solution)
    assert not session.solution_pending and session.solution == solution and session.is_unique


def test_a_game_takes_the_count_made_when_its_puzzle_came_in(slow: SlowSearch) -> None:
    slow.release.set()
    incoming = check_grid(parse_grid(CLASSIC))
    assert incoming.grid is not None and len(slow.calls) == 1
    session = Session(incoming.grid)
    assert session.is_unique and len(slow.calls) == 1  # the count of check_grid, not a second search


def test_issue_22s_puzzle_is_refused_at_once() -> None:
    incoming = read_puzzle_text(ISSUE_22)
    assert not incoming.is_pending and not incoming.is_playable
    assert incoming.message == "This puzzle cannot be played: the puzzle has no solution."
