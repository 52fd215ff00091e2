"""Move values: what the player did, and nothing derived from it.

A game is its givens plus a list of moves; the board is recomputed from them
(see propagation.py). ``Eliminate`` and ``Restore`` carry several candidates so
that an applied hint is one move and undoes as one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple, Union

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


Move = Union[Place, Clear, Eliminate, Restore]


def describe_move(move: Move, geometry: Geometry) -> str:
    """Say a move in the board's notation: ``r1c1=5``, ``r1c1<>5``, ``clear r1c1``.

    >>> describe_move(Place(0, 5), Geometry.of(3))
    'r1c1=5'
    """
    if isinstance(move, Place):
        return f"{geometry.cell_name(move.cell)}={geometry.digit_char(move.digit)}"
    if isinstance(move, Clear):
        return f"clear {geometry.cell_name(move.cell)}"
    sign = "<>" if isinstance(move, Eliminate) else "+="
    return ", ".join(
        f"{geometry.cell_name(c)}{sign}{geometry.digit_char(d)}" for c, d in move.candidates
    )
