"""What a board picture shows: which board (puzzle, solution, position) and, per cell, a digit or candidates.

``board_content(kind, position)`` reads it off a Position; ``render_board`` (board_picture.py) draws it and
``OverlayPainter`` (overlays.py) asks it whether a candidate is on show.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.play.propagation import Origin, Position
from sudoku_tk.engine.solving.brute_force import unique_solution


class PictureKind(Enum):
    """Which board a picture shows."""

    PUZZLE = "puzzle"
    """The givens only."""
    SOLUTION = "solution"
    """Every cell filled: the givens, and the solution's digits in the player's colour."""
    POSITION = "position"
    """The board as it is: givens, the player's and automatic digits, candidates."""


@dataclass(frozen=True, slots=True)
class BoardContent:
    """What each cell of a picture shows: a digit with its origin, or (when empty) candidates."""

    geometry: Geometry
    values: tuple[int, ...]
    origins: tuple[Origin, ...]
    candidates: tuple[DigitSet, ...]
    """Candidates to draw per cell (empty for filled cells, and for every cell when candidates are off)."""
    conflicts: frozenset[Cell] = frozenset()
    """Cells whose digit stands twice in a unit (drawn in the conflict colours)."""

    def has_candidate(self, cell: Cell, digit: Digit) -> bool:
        return digit in self.candidates[cell]


class NoSolutionError(ValueError):
    """A solution picture was asked for a puzzle without exactly one solution."""


def board_content(
    kind: PictureKind,
    position: Position,
    *,
    candidates: bool = True,
    solution: Sequence[int] | None = None,
    own_marks: bool = False,
) -> BoardContent:
    """What a picture of ``kind`` shows of ``position`` (``candidates``: draw them in a position picture).

    ``own_marks``: the small digits are the player's own pencil marks (``Position.marks``), as the board shows
    them in that mode, instead of the candidates the board works out.

    Raises:
        NoSolutionError: a solution picture, no ``solution`` given and the puzzle has none or several.
    """
    geo = position.geometry
    givens = position.start.givens
    empty = tuple(DigitSet() for _ in givens)
    if kind is PictureKind.PUZZLE:
        origins = tuple(Origin.GIVEN if g else Origin.EMPTY for g in givens)
        return BoardContent(geo, tuple(givens), origins, empty)
    if kind is PictureKind.SOLUTION:
        values = tuple(solution) if solution is not None else unique_solution(position.start.givens_only())
        if values is None:
            raise NoSolutionError("the puzzle has no single solution to show")
        origins = tuple(Origin.GIVEN if g else Origin.PLAYER for g in givens)
        return BoardContent(geo, values, origins, empty)
    small = position.mark_set if own_marks else position.candidate_set
    cands = tuple(small(c) if not v else DigitSet() for c, v in enumerate(position.values)) if candidates else empty
    conflicts = position.conflict_cells() if position.conflicts() else frozenset()
    return BoardContent(geo, position.values, position.origins, cands, conflicts)
