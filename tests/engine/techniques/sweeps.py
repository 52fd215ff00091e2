"""Checks that run technique finders beyond their case files: the mirrored board, and real solving positions.

Shared by the technique test modules (single-digit patterns, wings, colouring, chains, uniqueness), so that
no test module imports from another.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from caselib import Case, Finder, check_step_contract, effects
from reason_replay import check_reasons
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Move
from sudoku_tk.engine.play.propagation import recompute
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.steps.step import Technique


def transposed(grid: Grid) -> Grid:
    """The same 9x9 position mirrored on the main diagonal: r{a}c{b} becomes r{b}c{a}."""
    order = [c * 9 + r for r in range(9) for c in range(9)]
    return Grid(
        grid.geometry,
        tuple(grid.givens[i] for i in order),
        tuple(grid.values[i] for i in order),
        tuple(grid.candidates[i] for i in order),
        True,
    )


def _mirror(cell: int) -> int:
    r, c = divmod(cell, 9)
    return c * 9 + r


def check_transpose_invariant(grid: Grid, finder: Finder) -> int:
    """The finder finds the same deductions on the mirrored grid (mirrored); return how many."""
    here = {effects(s) for s in finder(grid)}
    there = {effects(s) for s in finder(transposed(grid))}
    mirrored = {
        (frozenset((_mirror(c), d) for c, d in el), frozenset((_mirror(c), d) for c, d in pl)) for el, pl in there
    }
    assert here == mirrored
    return len(here)


def check_case_mirrored(case: Case, finder: Finder | None = None, expected_only: bool = False) -> None:
    """Check the finder on the case's board: mirror-invariant, and finding something unless the case must not fire.

    The finder is the registry's for the case's technique unless ``finder`` is given. ``expected_only``: only the
    case's own effects must be found on the mirrored board, mirrored (for techniques whose other finds depend on
    which of several equally short patterns is met first).
    """
    if finder is None:
        from sudoku_tk.engine.techniques import finder_for

        finder = finder_for(case.technique)
        assert finder is not None
    if not expected_only:
        assert (check_transpose_invariant(case.grid, finder) == 0) == case.must_not_fire
        return
    there = {effects(s) for s in finder(transposed(case.grid))}
    if case.must_not_fire:
        assert not there
        return
    want = (
        frozenset((_mirror(c), d) for c, d in case.expected_elims),
        frozenset((_mirror(c), d) for c, d in case.expected_places),
    )
    assert want in there


def check_finders_sound(
    grid: Grid,
    solution: Sequence[int],
    finders: Sequence[tuple[Technique, Finder]],
    fired: dict[Technique, int],
) -> None:
    """Every Step of every finder on ``grid`` has its technique, keeps the contract and agrees with ``solution``.

    Counts the Steps of each technique into ``fired``.
    """
    for served, finder in finders:
        techniques = served if isinstance(served, tuple) else (served,)
        for step in finder(grid):
            assert step.technique in techniques
            technique = step.technique
            check_step_contract(grid, step)
            check_reasons(grid, step)  # issue 21: every node's reason holds and names every fact it needs
            for e in step.eliminations:
                assert solution[e.cell] != e.digit, f"{step.explanation} removes the solution digit"
            for p in step.placements:
                assert solution[p.cell] == p.digit, f"{step.explanation} places a wrong digit"
            fired[technique] += 1


def _all_tech2_finders() -> list[tuple[Technique, Finder]]:
    from sudoku_tk.engine.techniques import chains, coloring, single_digit, wings

    return [pair for module in (chains, single_digit, wings, coloring) for pair in module.FINDERS]


@cache
def sample_puzzles(per_file: int) -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    """``per_file`` puzzles each from top1465 and the SE-rated set, spread over the files, with their solutions."""
    out: list[tuple[Grid, tuple[int, ...]]] = []
    for name in ("top1465.txt", "sudoku_exchange_se_rated.txt"):
        lines = read_puzzles(name)
        for line in lines[:: max(1, len(lines) // per_file)][:per_file]:
            start = parse_grid(line)
            solution = unique_solution(start)
            assert solution is not None
            out.append((start, solution))
    return tuple(out)


@lru_cache(maxsize=1)
def real_positions() -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    """Positions from 300 top1465 and 300 SE-rated puzzles: after singles, then after up to three tech2 steps.

    Each position comes with the puzzle's unique solution.
    """
    finders = _all_tech2_finders()
    out: list[tuple[Grid, tuple[int, ...]]] = []
    for start, solution in sample_puzzles(300):
        moves: list[Move] = []
        for _ in range(4):
            pos = recompute(start, moves)
            if pos.is_solved():
                break
            grid = pos.to_grid()
            out.append((grid, solution))
            step = next((s for _t, f in finders for s in f(grid)), None)
            if step is None:
                break
            moves.append(Eliminate(tuple((e.cell, e.digit) for e in step.eliminations)))
    return tuple(out)


def check_sound_on_real_positions(finders: Sequence[tuple[Technique, Finder]]) -> dict[Technique, int]:
    """Run each finder on every real position: every Step keeps the contract and removes only false candidates."""
    fired = {t: 0 for served, _ in finders for t in (served if isinstance(served, tuple) else (served,))}
    for grid, solution in real_positions():
        check_finders_sound(grid, solution, finders, fired)
    return fired


def check_each_fires_soundly(finders: Sequence[tuple[Technique, Finder]]) -> None:
    """``check_sound_on_real_positions``, and every technique fires at least once on those positions."""
    fired = check_sound_on_real_positions(finders)
    assert all(n > 0 for n in fired.values()), fired


def check_silent(finders: Sequence[tuple[Technique, Finder]], grid: Grid) -> None:
    """No finder yields anything on ``grid`` (such as a board size the family does not cover)."""
    for _t, finder in finders:
        assert list(finder(grid)) == []
