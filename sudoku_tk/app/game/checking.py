"""Checking the player's board against the puzzle's unique solution: wrong digits, lost candidates, first mistake.

Plain functions of the recomputed ``Position`` and the solution; the Session
offers them as ``wrong_cells``, ``missing_candidates``, ``wrong_marks`` and ``first_mistake_index``.
A solution of None (the puzzle has none, or several) means nothing can be wrong.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.moves import Move
from sudoku_tk.engine.play.propagation import Assist, Position, recompute
from sudoku_tk.engine.solving.logic import diagnose


def wrong_cells(position: Position, solution: Sequence[Digit] | None) -> tuple[Cell, ...]:
    """Cells whose digit differs from the unique solution (none when there is no unique solution)."""
    if solution is None:
        return ()
    return tuple(c for c, (v, s) in enumerate(zip(position.values, solution)) if v and v != s)


def missing_candidates(position: Position, solution: Sequence[Digit] | None) -> tuple[tuple[Cell, Digit], ...]:
    """Empty cells whose true digit (by the unique solution) is no longer a candidate, with that digit."""
    if solution is None:
        return ()
    return tuple(
        (c, s) for c, (v, s) in enumerate(zip(position.values, solution)) if not v and not position.has_candidate(c, s)
    )


def wrong_marks(position: Position, solution: Sequence[Digit] | None) -> tuple[tuple[Cell, Digit], ...]:
    """Empty cells the player pencilled whose own marks leave out the true digit, with that digit.

    A cell with no marks yet is not a mistake: the player hasn't pencilled it.
    """
    if solution is None:
        return ()
    return tuple(
        (c, s)
        for c, (v, s) in enumerate(zip(position.values, solution))
        if not v and position.marks[c] and not position.has_mark(c, s)
    )


def first_mistake_index(
    start: Grid,
    moves: Sequence[Move],
    assists: frozenset[Assist],
    solution: Sequence[Digit],
    current: Position | None = None,
) -> int | None:
    """The index of the first move after which the board contradicts ``solution``, or None.

    A contradiction is a wrong digit on the board or a true candidate removed (as
    ``engine.logic_solver.diagnose`` finds them). None when no move led into a
    contradiction (including a starting position that already contradicts the
    solution: no move can be undone to fix it). ``current`` is the position after
    every move, when the caller has it (it is not recomputed then).

    Raises:
        ValueError: ``solution`` does not have one digit per cell.
    """
    ncells = start.geometry.ncells
    if len(solution) != ncells:
        raise ValueError(f"solution has {len(solution)} cells, the board {ncells}")
    if diagnose(recompute(start, (), assists).to_grid(), solution) is not None:
        return None
    for index in range(len(moves)):
        # Each prefix is recomputed from scratch: a later Clear can cancel an earlier move,
        # so the first contradiction is not found by bisection.
        pos = (
            current
            if current is not None and index == len(moves) - 1
            else recompute(start, moves[: index + 1], assists)
        )
        if diagnose(pos.to_grid(), solution) is not None:
            return index
    return None
