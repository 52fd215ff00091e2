"""The puzzle check of a reading: is what was read a proper puzzle, and if not, which cell was likely misread?

A misread digit usually shows: the same digit twice in a unit, no solution, or several. The check says which,
then looks for the likeliest misread cells: the least confident ones first (and, for a conflict, the cells
of the conflict before any other), and tries one-cell changes (another digit, or empty) until it finds the
ones that leave a puzzle with exactly one solution. Those are offered as fixes, the likeliest first; the
cells are the suspects the check screen points at. For several solutions only cells the reader was unsure
of are changed (adding a digit anywhere would make most puzzles unique, which proves nothing).

When no one-cell change mends the puzzle read, the misreads are more than one and may be anywhere (a bent
page can shift a whole row, so digits are missed or a grid line is read as a 1): the check then points at the
whole grid (``whole_grid``), and the check screen asks the player to compare every cell with the picture.

Engine only (no numpy): the window imports this while the reader is not loaded yet.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import Enum

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.brute_force import count_solutions, unique_solution

from .reading import UNSURE

MANY_CONFLICTS = 3
"""With this many conflicts and no one-cell fix, the check says the grid as a whole may be misread."""


class CheckStatus(Enum):
    """What the puzzle read is."""

    UNIQUE = "unique"
    """A proper puzzle: exactly one solution."""
    SEVERAL = "several"
    """More than one solution."""
    NONE = "none"
    """No solution, though no digit stands twice."""
    CONFLICT = "conflict"
    """A digit stands twice in a row, column or box."""
    EMPTY = "empty"
    """No digit was read."""


@dataclass(frozen=True, slots=True)
class Fix:
    """A one-cell change that leaves a puzzle with exactly one solution."""

    cell: int
    value: int
    """The new digit (0: the cell is empty)."""
    was: int

    def describe(self, geometry: Geometry) -> str:
        """The change in words, e.g. "r3c5: 8 → 3" or "r3c5: 8 → empty".

        >>> Fix(20, 3, 8).describe(Geometry.of(3))
        'r3c3: 8 → 3'
        """
        ch = geometry.digit_char
        now = ch(self.value) if self.value else "empty"
        before = ch(self.was) if self.was else "empty"
        return f"{geometry.cell_name(self.cell)}: {before} → {now}"


@dataclass(frozen=True)
class ReadCheck:
    """The check of a read puzzle: its status, one sentence, the cells to look at, the fixes found."""

    status: CheckStatus
    message: str
    conflicts: tuple[int, ...] = ()
    """Cells holding a digit that stands twice in a unit."""
    suspects: tuple[int, ...] = ()
    """The likeliest misread cells, the likeliest first."""
    fixes: tuple[Fix, ...] = ()
    solution: tuple[int, ...] | None = None
    whole_grid: bool = False
    """Not a proper puzzle and no one-cell fix: the misreads may be anywhere, every cell is to be compared."""

    @property
    def is_proper(self) -> bool:
        return self.status is CheckStatus.UNIQUE


def proper_puzzle(values: Sequence[int]) -> bool:
    """Whether the values read (0 empty) are a proper puzzle: no digit twice in a unit, exactly one solution.

    >>> proper_puzzle([int(c) if c != "." else 0 for c in "1..2" "2..1" "...." "...."])
    False
    >>> proper_puzzle([int(c) if c != "." else 0 for c in "...." "4.1." ".2.4" "...."])
    True
    """
    if not any(values):
        return False
    grid = Grid.from_values(list(values))
    return not grid.duplicate_problems() and count_solutions(grid, 2) == 1


def check_reading(
    values: Sequence[int],
    confidences: Sequence[float],
    *,
    alternatives: Sequence[Sequence[int]] | None = None,
    keep: Collection[int] = (),
    budget: float = 1.5,
    most: int = 3,
    unsure: float = UNSURE,
) -> ReadCheck:
    """Check a read puzzle and, when it is not proper, look for the likeliest misread cells and fixes.

    ``alternatives``: per cell, the values the reader thought next likeliest (tried first, in that order);
    ``keep``: cells never suspected (the player typed them); ``budget``: seconds to spend looking for fixes; ``most``: how many fixes to find.

    >>> line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    >>> values = [int(c) if c != "." else 0 for c in line]
    >>> check_reading(values, [1.0] * 81).status.value
    'unique'
    >>> values[1] = 5  # misread: two 5s in row 1
    >>> check = check_reading(values, [1.0] + [0.6] + [1.0] * 79)
    >>> check.status.value, check.fixes[0].describe(Geometry.of(3))
    ('conflict', 'r1c2: 5 → 3')
    """
    grid = Grid.from_values(list(values))
    geometry = grid.geometry
    if not any(values):
        return ReadCheck(CheckStatus.EMPTY, "No digit was read from the picture.")
    duplicates = grid.duplicate_problems()
    conflicts = tuple(sorted({c for p in duplicates for c in p.cells}))
    if duplicates:
        status = CheckStatus.CONFLICT
        message = duplicates[0].message[0].upper() + duplicates[0].message[1:] + "."
        if len(duplicates) > 1:
            message += f" ({len(duplicates)} conflicts in all.)"
    else:
        count = count_solutions(grid, 2)
        if count == 1:
            return ReadCheck(CheckStatus.UNIQUE, "The puzzle has exactly one solution.", solution=unique_solution(grid))
        status = CheckStatus.NONE if count == 0 else CheckStatus.SEVERAL
        message = "The puzzle read has no solution." if count == 0 else "The puzzle read has more than one solution."
    suspects = [c for c in _suspects(values, confidences, conflicts, status, unsure) if c not in keep]
    fixes = _fixes(geometry, values, suspects, status, alternatives, budget, most)
    if fixes:
        message += " A likely misread: " + "; or ".join(f.describe(geometry) for f in fixes[:2]) + "."
    elif suspects:
        names = ", ".join(geometry.cell_name(c) for c in suspects[:3])
        message += f" Check {names} first."
    if not fixes and status is CheckStatus.CONFLICT and len(duplicates) >= MANY_CONFLICTS:
        message += (
            " So many conflicts that no one change mends: the grid itself may have been misread; compare the"
            " picture with the board, or take a closer, straighter photo."
        )
    elif not fixes:
        message += (
            " No one change mends it: more than one cell may be misread, anywhere; compare every cell with the"
            " picture (a bent page can shift a whole row)."
        )
    return ReadCheck(status, message, conflicts, tuple(suspects), tuple(fixes), whole_grid=not fixes)


def _suspects(
    values: Sequence[int], confidences: Sequence[float], conflicts: tuple[int, ...], status: CheckStatus, unsure: float
) -> list[int]:
    """Cells to change, the likeliest misread first: conflicting cells, then the least confident."""
    by_confidence = sorted(range(len(values)), key=lambda c: (confidences[c], c))
    if status is CheckStatus.SEVERAL:
        # A missing or misread given: only cells the reader had doubts about.
        return [c for c in by_confidence if confidences[c] < unsure]
    first = sorted(conflicts, key=lambda c: (confidences[c], c))
    rest = [c for c in by_confidence if c not in conflicts and (values[c] or confidences[c] < unsure)]
    return first + rest


def _fixes(
    geometry: Geometry,
    values: Sequence[int],
    suspects: list[int],
    status: CheckStatus,
    alternatives: Sequence[Sequence[int]] | None,
    budget: float,
    most: int,
) -> list[Fix]:
    side = geometry.side
    deadline = time.monotonic() + budget
    found: list[Fix] = []
    for cell in suspects:
        was = values[cell]
        first = [v for v in (alternatives[cell] if alternatives else ()) if 0 <= v <= side]
        # The reader's runners-up first, then the other digits, empty last (a phantom digit is rarer).
        tries = list(dict.fromkeys(first + list(range(1, side + 1)) + [0]))
        for value in [v for v in tries if v != was]:
            if time.monotonic() > deadline:
                return found
            if status is CheckStatus.CONFLICT and value == 0 and was == 0:
                continue
            trial = list(values)
            trial[cell] = value
            if proper_puzzle(trial):
                found.append(Fix(cell, value, was))
                if len(found) >= most:
                    return found
    return found
