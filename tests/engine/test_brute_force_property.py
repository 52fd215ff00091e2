"""Property: on random partial grids, the bitboard search finds exactly the solutions of a tiny reference search.

The reference (sudoku_oracle.reference_solutions) fills the first empty cell with each digit its units allow,
nothing more. Random grids of three kinds: holes punched in a solved grid (unique or several solutions), the same
with a wrong digit added (usually none), and on 4×4 any digits anywhere (clashes included), plus random candidate
masks. 9×9 grids keep at least 30 digits, so the reference finishes quickly.
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from sudoku_oracle import assert_solves, pattern_solution, reference_solutions

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.brute_force import count_solutions, iter_solutions, solve, unique_solution

LIMIT = 40
"""The reference stops at this many solutions; grids with fewer are compared solution by solution."""


@st.composite
def relabelled_solution(draw: st.DrawFn, box: int) -> list[int]:
    """The pattern grid with its digits relabelled, its bands and the rows in a band shuffled: still valid."""
    n = box * box
    full = pattern_solution(box)
    digits = draw(st.permutations(range(1, n + 1)))
    bands = draw(st.permutations(range(box)))
    inner = [draw(st.permutations(range(box))) for _ in range(box)]
    rows = [bands[b] * box + inner[b][i] for b in range(box) for i in range(box)]
    return [digits[full[r * n + c] - 1] for r in rows for c in range(n)]


@st.composite
def partial_grid(draw: st.DrawFn, box: int, min_kept: int) -> tuple[list[int], list[int] | None]:
    """(values, candidates or None): holes in a solved grid, sometimes a wrong digit, sometimes candidates."""
    n = box * box
    full = draw(relabelled_solution(box))
    kept = draw(st.sets(st.integers(0, n * n - 1), min_size=min_kept, max_size=n * n))
    values = [v if cell in kept else 0 for cell, v in enumerate(full)]
    if draw(st.booleans()):
        cell = draw(st.integers(0, n * n - 1))
        values[cell] = draw(st.integers(1, n))
    candidates = None
    if draw(st.booleans()):
        every = (1 << n) - 1
        candidates = [
            draw(st.integers(0, every)) | (1 << (full[c] - 1)) if draw(st.booleans()) else every for c in range(n * n)
        ]
        if draw(st.booleans()):  # now and then no way to keep the grid's own solution
            cell = draw(st.integers(0, n * n - 1))
            candidates[cell] &= ~(1 << (full[cell] - 1))
    return values, candidates


def check_against_reference(values: list[int], candidates: list[int] | None) -> None:
    grid = Grid.from_values(values, candidates=candidates)
    # The grid's own candidates: the digits peers allow, cut by the given masks (what the search starts from).
    expected = reference_solutions(values, list(grid.candidates) if candidates is not None else None, LIMIT)
    assert count_solutions(grid, 2) == min(len(expected), 2)
    found = list(itertools.islice(iter_solutions(grid), LIMIT))
    if len(expected) < LIMIT:
        assert sorted(found) == sorted(expected)
        assert len(set(found)) == len(found)
        assert count_solutions(grid, LIMIT) == len(expected)
    else:
        assert len(found) == LIMIT
    for sol in found[:3]:
        assert_solves(values, sol)
    assert solve(grid) == (found[0] if found else None)
    assert unique_solution(grid) == (found[0] if len(expected) == 1 else None)


@settings(max_examples=150, deadline=None)
@given(partial_grid(2, min_kept=0))
def test_4x4_partial_grids(case: tuple[list[int], list[int] | None]) -> None:
    check_against_reference(*case)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_4x4_any_digits(values: list[int]) -> None:
    check_against_reference(values, None)


@settings(max_examples=60, deadline=None)
@given(partial_grid(3, min_kept=30))
def test_9x9_partial_grids(case: tuple[list[int], list[int] | None]) -> None:
    check_against_reference(*case)
