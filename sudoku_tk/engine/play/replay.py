"""Replay: the moves in force played over a working board, resumable, so a move that only adds costs one move.

``recompute`` (propagation.py) is a replay of every move from the starting grid. A ``Replay``
keeps what that replay ended with (``ReplayState``: the working board, each digit's origin, the
refused moves, the player's pencil marks) and copies of it at checkpoints along the way, with
the record of which moves are in force (``moves.LiveMoves``). ``extended(moves)`` gives the
Replay of a longer move list that begins with this one's moves: a new move that takes nothing
back is played on a copy of the end; one that takes back earlier moves (a Clear, a Restore, a
digit written over another) is replayed from the last checkpoint before the earliest move it
changed. Either way every move is played by ``_play``, the one loop body, with the moves in force
as the whole list has them, so the result is exactly the full replay's.

Nothing here is ever changed once built: a Replay's states are copied before playing on. Recent
checkpoints are close together (``DENSE``), older ones far apart (``SPARSE``), so memory stays
small on a game of 100,000 moves while taking back a recent move replays a few hundred at most.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .moves import Eliminate, LiveMoves, Move, Pencil, Place
from .pencil_marks import mark_move
from .rules import WorkingBoard, apply_singles


class Origin(Enum):
    """Where a cell's digit came from."""

    EMPTY = "empty"
    GIVEN = "given"
    PLAYER = "player"
    """Placed by the player (or present as a placed digit in the starting grid)."""
    AUTO = "auto"
    """Placed by an assist (naked or hidden single)."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A move that could not be carried out (e.g. writing over a given), with the reason."""

    move_index: int
    message: str


DENSE = 256
"""Moves between two checkpoints among the latest ``RECENT`` moves."""
SPARSE = 4096
"""Moves between two checkpoints further back."""
RECENT = 4096


def _clone(board: WorkingBoard) -> WorkingBoard:
    """A copy of ``board`` that shares nothing that changes (its tables of the geometry are shared)."""
    copy = WorkingBoard.__new__(WorkingBoard)
    for name in WorkingBoard.__slots__:
        value = getattr(board, name)
        if isinstance(value, list):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        elif isinstance(value, set):
            value = set(value)
        setattr(copy, name, value)
    return copy


class ReplayState:
    """Where a replay stands after its first ``done`` moves."""

    __slots__ = ("done", "board", "origins", "rejected", "marks")

    def __init__(
        self, done: int, board: WorkingBoard, origins: list[Origin], rejected: list[Rejected], marks: list[int]
    ) -> None:
        self.done = done
        self.board = board
        self.origins = origins
        self.rejected = rejected
        self.marks = marks
        """The pencil marks as the replay keeps them (a filled cell's are cleared only in the Position)."""

    def copy(self) -> ReplayState:
        return ReplayState(self.done, _clone(self.board), list(self.origins), list(self.rejected), list(self.marks))


class Replay:
    """The replay of ``moves`` (see the module); build it with ``full``, follow a longer game with ``extended``."""

    __slots__ = ("givens", "naked", "hidden", "moves", "live", "end", "checkpoints")

    def __init__(
        self,
        givens: tuple[int, ...],
        naked: bool,
        hidden: bool,
        moves: tuple[Move, ...],
        live: LiveMoves,
        end: ReplayState,
        checkpoints: list[ReplayState],
    ) -> None:
        self.givens = givens
        self.naked = naked
        """The assists that place singles after each move."""
        self.hidden = hidden
        self.moves = moves
        self.live = live
        self.end = end
        self.checkpoints = checkpoints

    @classmethod
    def full(
        cls, givens: tuple[int, ...], moves: Sequence[Move], naked: bool, hidden: bool, first: ReplayState
    ) -> Replay:
        """Replay every move from ``first``, the state of the starting grid (``givens`` are its givens)."""
        moves = tuple(moves)
        live = LiveMoves()
        for i in range(len(moves)):
            live.add(moves[i], moves)
        replay = cls(givens, naked, hidden, moves, live, first, [first])
        replay.end = replay._run(first.copy())
        return replay

    def extended(self, moves: Sequence[Move]) -> Replay | None:
        """The Replay of ``moves``, which must begin with this one's moves; None when they don't."""
        known = len(self.moves)
        if len(moves) < known or tuple(moves[:known]) != self.moves:
            return None
        moves = tuple(moves)
        live = self.live.copy()
        earliest = known
        for i in range(known, len(moves)):
            changed = live.add(moves[i], moves)
            if changed is not None:
                earliest = min(earliest, changed)
        if earliest >= known:
            checkpoints = list(self.checkpoints)
            state = self.end
        else:
            checkpoints = [c for c in self.checkpoints if c.done <= earliest]
            state = checkpoints[-1]
        replay = Replay(self.givens, self.naked, self.hidden, moves, live, state, checkpoints)
        replay.end = replay._run(state.copy())
        return replay

    def _run(self, state: ReplayState) -> ReplayState:
        """Play ``moves[state.done:]`` on ``state`` (changed in place), keeping checkpoints; return it."""
        checkpoints = self.checkpoints
        while state.done < len(self.moves):
            self._play(state)
            done = state.done
            if done % DENSE == 0 and done > checkpoints[-1].done:
                checkpoints.append(state.copy())
                # Far back, one checkpoint in SPARSE is enough (taking back an old move replays much anyway).
                checkpoints[:] = [c for c in checkpoints if c.done % SPARSE == 0 or c.done > done - RECENT]
        return state

    def _play(self, state: ReplayState) -> None:
        """Play move ``state.done`` (what recompute does for each move), then its part in the pencil marks."""
        i = state.done
        move = self.moves[i]
        board = state.board
        geo = board.geometry
        side, ncells = geo.side, geo.ncells
        values = board.values
        live = self.live
        left = live.left(i, move) if isinstance(move, Eliminate) else None
        auto_before = len(board.auto_order)
        placed_here: list[int] = []
        state.done = i + 1
        if not live.flags[i]:
            for cell, d in live.unowned.get(i, ()):  # a Restore (never in force itself) may still do this
                if 0 <= cell < ncells and 1 <= d <= side:
                    board.restore_from_start(cell, d)
            return
        if isinstance(move, Place):
            cell, d = move.cell, move.digit
            if not 0 <= cell < ncells or not 1 <= d <= side:
                state.rejected.append(Rejected(i, f"no such cell or digit: {move!r}"))
                return
            if self.givens[cell]:
                state.rejected.append(Rejected(i, f"{geo.cell_name(cell)} is a given and can't be changed"))
                return
            if values[cell]:
                if values[cell] != d:
                    held = geo.digit_char(values[cell])
                    state.rejected.append(Rejected(i, f"{geo.cell_name(cell)} already holds {held}"))
                return
            board.place(cell, d, i)
            state.origins[cell] = Origin.PLAYER
            placed_here.append(cell)
        elif isinstance(move, Eliminate):
            for cell, d in left or ():
                if not 0 <= cell < ncells or not 1 <= d <= side:
                    state.rejected.append(Rejected(i, f"no such candidate: cell {cell}, digit {d}"))
                    continue
                board.remove(cell, d, i)
        elif isinstance(move, Pencil):
            bad = [(c, d) for c, d in move.candidates if not (0 <= c < ncells and 1 <= d <= side)]
            if bad:
                where = f"cell {bad[0][0]}, digit {bad[0][1]}"
                state.rejected.append(Rejected(i, f"no such cell or digit to pencil: {where}"))
            # Marks change nothing a single could follow from: no singles after a Pencil move.
            mark_move(state.marks, geo, move, True, None, (), values, board.peers_on)
            return
        apply_singles(board, i, self.naked, self.hidden)
        for cell in board.auto_order[auto_before:]:
            state.origins[cell] = Origin.AUTO
            placed_here.append(cell)
        mark_move(state.marks, geo, move, True, left, sorted(placed_here), values, board.peers_on)


__all__ = ["DENSE", "RECENT", "SPARSE", "Origin", "Rejected", "Replay", "ReplayState"]
