"""The player's own pencil marks: the digits they pencilled in each cell, replayed from the moves like the board.

Marks start empty (the starting grid has none) and are set by ``Pencil`` moves: each
adds or removes its (cell, digit) marks. An ``Eliminate`` in force (an applied hint's
removals, or the player's in automatic mode) takes its digits out of the marks too, so a
hint applied in own-marks mode shows its removals and Undo brings the marks back. A digit
placed in a cell (by the player, a revealed digit or an assist's single) clears that cell's
marks, and with Peer Elimination on it also removes its digit from the marks of the cell's
peers, as GNOME Sudoku's "remove pencil marks automatically" does; a later Pencil move may
add such a mark back. A placement
a later ``Clear`` cancels is not in force, so it never touched the marks: clearing a digit
brings back the marks its cell had, as undo would.

The marks are the player's notes and nothing else: they never change the candidates, the
singles, the contradictions or the hints, which ``recompute`` works out from the givens and
the other moves exactly as without them. This runs once per ``recompute``, after the replay,
from the record of which move led to each placement.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..board.geometry import Geometry
from .moves import Candidate, Eliminate, Move, Pencil


def replay_marks(
    geometry: Geometry,
    moves: Sequence[Move],
    live: Sequence[bool],
    values: Sequence[int],
    placed_by: Sequence[int | None],
    peers_on: bool,
    elim_left: Mapping[int, tuple[Candidate, ...]] | None = None,
) -> tuple[int, ...]:
    """Each cell's pencil marks as a digit mask after the moves (0 for every filled cell).

    Args:
        live: which moves are in force (``moves.live_moves``); a Pencil move always is.
        values: the board's digits after the replay.
        placed_by: per filled cell, the move that placed its digit or led to it (None: the start).
        peers_on: Peer Elimination is on: a placed digit leaves its peers' marks.
        elim_left: per Eliminate move, the removals still in force (``moves.live_moves``; a Restore cancels some);
            None: all of each live Eliminate's.

    >>> geo = Geometry.of(2)
    >>> marks = replay_marks(geo, [Pencil(((0, 1), (0, 2), (1, 1)))], [True], [0] * 16, [None] * 16, True)
    >>> marks[0], marks[1]
    (3, 1)
    """
    marks = [0] * geometry.ncells
    # The cells each move placed (or led an assist to place), in board order: placements after a move come
    # before the next move, so replaying them there gives each Pencil move the board it was made on.
    placed_after: list[list[int]] = [[] for _ in moves]
    for cell, by in enumerate(placed_by):
        if by is not None and values[cell] and 0 <= by < len(moves):
            placed_after[by].append(cell)
    for i, move in enumerate(moves):
        left = None if elim_left is None else elim_left.get(i, ())
        mark_move(marks, geometry, move, live[i], left, placed_after[i], values, peers_on)
    return tuple(0 if v else m for v, m in zip(values, marks))


def mark_move(
    marks: list[int],
    geometry: Geometry,
    move: Move,
    live: bool,
    left: tuple[Candidate, ...] | None,
    placed: Sequence[int],
    values: Sequence[int],
    peers_on: bool,
) -> None:
    """Change ``marks`` (one digit mask per cell) for one move, as ``replay_marks`` does move after move.

    Args:
        live: the move is in force.
        left: for an Eliminate, the removals still in force (None: all of them).
        placed: the cells the move placed or led an assist to place, in board order.
        values: the board's digits (each placed cell's digit).
    """
    ncells, side = geometry.ncells, geometry.side
    if isinstance(move, (Pencil, Eliminate)) and live:
        add = isinstance(move, Pencil) and move.add
        touched = move.candidates if left is None or isinstance(move, Pencil) else left
        for cell, digit in touched:
            if 0 <= cell < ncells and 1 <= digit <= side:
                bit = 1 << (digit - 1)
                marks[cell] = marks[cell] | bit if add else marks[cell] & ~bit
    peers = geometry.peers
    for cell in placed:
        marks[cell] = 0
        if peers_on:
            keep = ~(1 << (values[cell] - 1))
            for p in peers[cell]:
                marks[p] &= keep
