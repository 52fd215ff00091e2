"""Move values: what the player did, and which of those moves are still in force.

A game is its givens plus a list of moves; the board is recomputed from them
(see propagation.py). ``Eliminate`` and ``Restore`` carry several candidates so
that an applied hint is one move and undoes as one. ``Pencil`` adds or removes the
player's own pencil marks (see pencil_marks.py): it never touches the candidates. A move stops being in force when
a later move takes it back (``live_moves``); nothing else is derived here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple, Union

from .geometry import Cell, Digit, Geometry

Candidate = Tuple[Cell, Digit]


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

    candidates: Tuple[Candidate, ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class Restore:
    """Bring back candidates the player removed earlier."""

    candidates: Tuple[Candidate, ...]


@dataclass(frozen=True, slots=True)
class Pencil:
    """Add (``add``) or remove the player's own pencil marks (cell, digit); the candidates stay as they are."""

    candidates: Tuple[Candidate, ...]
    add: bool = True


Move = Union[Place, Clear, Eliminate, Restore, Pencil]


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


def live_moves(
    moves: Sequence[Move],
) -> Tuple[Tuple[bool, ...], Dict[int, Tuple[Candidate, ...]], Dict[int, Tuple[Candidate, ...]]]:
    """Which moves are still in force, and for each Eliminate the candidates it still removes.

    A ``Clear`` cancels the placement in force in its cell; a ``Restore`` cancels every
    earlier removal of its candidates (a candidate crossed out twice comes back at once).
    Clear and Restore themselves are never in force: they only cancel; a Pencil move is always in force. A Restore of a
    candidate no move removed is returned too (third value): it brings back a candidate
    that was missing from a starting candidate grid.
    """
    n = len(moves)
    live = [True] * n
    last_place: Dict[int, int] = {}
    # Candidate -> the Eliminate moves whose removal of it is still in force.
    owners: Dict[Candidate, List[int]] = {}
    cancelled: set[Tuple[int, Candidate]] = set()
    unowned: Dict[int, Tuple[Candidate, ...]] = {}
    eliminations: List[Tuple[int, Eliminate]] = []
    for i, m in enumerate(moves):
        if isinstance(m, Place):
            prev = last_place.get(m.cell)
            if prev is not None:
                live[prev] = False
            last_place[m.cell] = i
        elif isinstance(m, Clear):
            prev = last_place.pop(m.cell, None)
            if prev is not None:
                live[prev] = False
            live[i] = False
        elif isinstance(m, Eliminate):
            eliminations.append((i, m))
            for cd in m.candidates:
                owners.setdefault(cd, []).append(i)
        elif isinstance(m, Restore):
            live[i] = False
            free = []
            for cd in m.candidates:
                found = owners.pop(cd, ())
                for owner in found:
                    cancelled.add((owner, cd))
                if not found:
                    free.append(cd)
            if free:
                unowned[i] = tuple(free)
    elim_left: Dict[int, Tuple[Candidate, ...]] = {}
    for i, elimination in eliminations:
        left = tuple(cd for cd in elimination.candidates if (i, cd) not in cancelled)
        elim_left[i] = left
        if not left:
            live[i] = False
    return tuple(live), elim_left, unowned
