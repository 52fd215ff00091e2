"""Move values: what the player did, and which of those moves are still in force.

A game is its givens plus a list of moves; the board is recomputed from them
(see propagation.py). ``Eliminate`` and ``Restore`` carry several candidates so
that an applied hint is one move and undoes as one. ``Pencil`` adds or removes the
player's own pencil marks (see pencil_marks.py): it never touches the candidates. A move stops being in force when
a later move takes it back (``live_moves``); nothing else is derived here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..board.geometry import Cell, Digit, Geometry

Candidate = tuple[Cell, Digit]


@dataclass(frozen=True, slots=True)
class Place:
    """Write ``digit`` into ``cell``."""

    cell: Cell
    digit: Digit
    note: str = ""
    """Where the move came from when it was not a plain click, e.g. an applied hint's technique."""


@dataclass(frozen=True, slots=True)
class Clear:
    """Take back the player's digit in ``cell``."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class Eliminate:
    """Remove candidates (cell, digit) from the board."""

    candidates: tuple[Candidate, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Restore:
    """Bring back candidates the player removed earlier."""

    candidates: tuple[Candidate, ...]


@dataclass(frozen=True, slots=True)
class Pencil:
    """Add (``add``) or remove the player's own pencil marks (cell, digit); the candidates stay as they are."""

    candidates: tuple[Candidate, ...]
    add: bool = True


Move = Place | Clear | Eliminate | Restore | Pencil


def describe_move(move: Move, geometry: Geometry) -> str:
    """Say a move in the board's notation, the one every text of the app uses: ``r1c1=5``, ``clear r1c1``; a
    candidate removed ``r1c1≠5`` (as in chains) and brought back ``r1c1+5``; a pencil mark ``r1c1+5`` / ``r1c1-5``.

    >>> describe_move(Place(0, 5), Geometry.of(3))
    'r1c1=5'
    >>> describe_move(Eliminate(((0, 5), (1, 5))), Geometry.of(3)), describe_move(Restore(((0, 5),)), Geometry.of(3))
    ('r1c1≠5, r1c2≠5', 'r1c1+5')
    >>> describe_move(Pencil(((0, 5), (1, 2)), add=False), Geometry.of(3))
    'r1c1-5, r1c2-2'
    """
    if isinstance(move, Place):
        return f"{geometry.cell_name(move.cell)}={geometry.digit_char(move.digit)}"
    if isinstance(move, Clear):
        return f"clear {geometry.cell_name(move.cell)}"
    if isinstance(move, Pencil):
        sign = "+" if move.add else "-"
        if len(move.candidates) > 4:  # "fill in all candidates" pencils hundreds at once
            return f"{len(move.candidates)} pencil marks {'added' if move.add else 'removed'}"
    else:
        sign = "≠" if isinstance(move, Eliminate) else "+"
    return ", ".join(f"{geometry.cell_name(c)}{sign}{geometry.digit_char(d)}" for c, d in move.candidates)


class LiveMoves:
    """Which moves are still in force, kept up to date one move at a time (what ``live_moves`` tells of a list).

    ``add`` takes the next move and says which earlier move it changed, if any: a ``Place``
    or ``Clear`` cancels the placement in force in its cell, a ``Restore`` cancels earlier
    removals of its candidates (an ``Eliminate`` with none left is no longer in force).
    ``copy`` gives an independent copy, so a longer move list can be followed without
    changing what a shorter one was told.
    """

    __slots__ = ("flags", "last_place", "owners", "cancelled", "unowned", "_shared")

    def __init__(self) -> None:
        self.flags = bytearray()
        """Per move, 1 while it is in force."""
        self.last_place: dict[Cell, int] = {}
        """Per cell, the Place move in force there (or the last one, when it was refused)."""
        self.owners: dict[Candidate, tuple[int, ...]] = {}
        """Per candidate, the Eliminate moves whose removal of it is in force."""
        self.cancelled: set[tuple[int, Candidate]] = set()  # shared with copies until a Restore (see _own)
        """(Eliminate move, candidate): removals a later Restore took back."""
        self.unowned: dict[int, tuple[Candidate, ...]] = {}
        """Per Restore move, the candidates it brings back that no move had removed (missing from the start)."""
        self._shared = False  # cancelled and unowned are another copy's too, until a Restore changes them

    def copy(self) -> LiveMoves:
        """An independent copy (the records that grow with the game are shared until a Restore changes them)."""
        other = LiveMoves.__new__(LiveMoves)
        other.flags = bytearray(self.flags)
        other.last_place = dict(self.last_place)
        other.owners = dict(self.owners)
        other.cancelled = self.cancelled
        other.unowned = self.unowned
        other._shared = self._shared = True
        return other

    def _own(self) -> None:
        if self._shared:
            self.cancelled = set(self.cancelled)
            self.unowned = dict(self.unowned)
            self._shared = False

    def left(self, index: int, move: Eliminate) -> tuple[Candidate, ...]:
        """The candidates the Eliminate move ``index`` still removes (a later Restore took back the others)."""
        if not self.cancelled:
            return move.candidates
        return tuple(cd for cd in move.candidates if (index, cd) not in self.cancelled)

    def add(self, move: Move, moves: Sequence[Move]) -> int | None:
        """Take ``move`` as the next move (``moves`` holds every move so far, this one included).

        Returns the earliest earlier move whose part in the replay this one changed (a
        placement or removals it cancelled), or None when it only adds.
        """
        i = len(self.flags)
        self.flags.append(1)
        earliest: int | None = None
        if isinstance(move, Place):
            prev = self.last_place.get(move.cell)
            if prev is not None:
                self.flags[prev] = 0
                earliest = prev
            self.last_place[move.cell] = i
        elif isinstance(move, Clear):
            prev = self.last_place.pop(move.cell, None)
            if prev is not None:
                self.flags[prev] = 0
                earliest = prev
            self.flags[i] = 0
        elif isinstance(move, Eliminate):
            for cd in move.candidates:
                self.owners[cd] = self.owners.get(cd, ()) + (i,)
            if not move.candidates:
                self.flags[i] = 0
        elif isinstance(move, Restore):
            self._own()
            self.flags[i] = 0
            free = []
            for cd in move.candidates:
                found = self.owners.pop(cd, ())
                for owner in found:
                    self.cancelled.add((owner, cd))
                    earliest = owner if earliest is None else min(earliest, owner)
                    elimination = moves[owner]
                    assert isinstance(elimination, Eliminate)
                    if not self.left(owner, elimination):
                        self.flags[owner] = 0
                if not found:
                    free.append(cd)
            if free:
                self.unowned[i] = tuple(free)
        return earliest


def live_moves(
    moves: Sequence[Move],
) -> tuple[tuple[bool, ...], dict[int, tuple[Candidate, ...]], dict[int, tuple[Candidate, ...]]]:
    """Which moves are still in force, and for each Eliminate the candidates it still removes.

    A ``Clear`` cancels the placement in force in its cell; a ``Restore`` cancels every
    earlier removal of its candidates (a candidate crossed out twice comes back at once).
    Clear and Restore themselves are never in force: they only cancel; a Pencil move is always in force. A Restore of a
    candidate no move removed is returned too (third value): it brings back a candidate
    that was missing from a starting candidate grid. (``LiveMoves`` keeps the same up to date move by move.)
    """
    tracker = LiveMoves()
    for move in moves:
        tracker.add(move, moves)
    elim_left = {i: tracker.left(i, m) for i, m in enumerate(moves) if isinstance(m, Eliminate)}
    return tuple(map(bool, tracker.flags)), elim_left, dict(tracker.unowned)
