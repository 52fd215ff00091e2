"""A Killer puzzle as a value: cages (cells and a sum) on the classic 9×9 board, givens optional.

``KillerPuzzle.create`` checks what a Killer's cages must obey and raises ``KillerError`` with one sentence for the
first thing wrong: a cage larger than 9 cells, a sum its size cannot make, sums over a fully caged grid that are not
405, a given that repeats in its cage or that leaves a sum its other cells cannot make. ``killer_problems`` lists
every such sentence at once.

>>> p = KillerPuzzle.create([Cage((0, 1), 17)])
>>> p.cage_of[1], p.cages[0].total
(0, 17)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ..board.errors import PuzzleFormatError
from ..board.geometry import Cell, Geometry, killer_geometry
from ..board.grid import Grid
from ..steps.explain import cells_text

GEOMETRY = Geometry.of(3)
"""Killer is played on the classic 9×9 board."""
ALL_DIGITS_SUM = 45
"""1 + 2 + … + 9: the sum of every row, column and box."""


class KillerError(PuzzleFormatError):
    """A Killer text or puzzle that cannot be played; the message is one sentence saying why."""


def sum_range(size: int) -> tuple[int, int]:
    """The least and greatest sum of ``size`` different digits 1–9.

    >>> sum_range(2), sum_range(9)
    ((3, 17), (45, 45))
    """
    return size * (size + 1) // 2, size * (19 - size) // 2


@dataclass(frozen=True, slots=True)
class Cage:
    """Cells (0-based, sorted) whose digits differ and add up to ``total``."""

    cells: tuple[int, ...]
    total: int

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def mask(self) -> int:
        """The cells as a cell mask (bit ``c`` for cell ``c``)."""
        m = 0
        for c in self.cells:
            m |= 1 << c
        return m

    def name(self) -> str:
        """How a player finds the cage: its sum, printed in its first cell ('the 17-cage at r1c1')."""
        return f"the {self.total}-cage at {GEOMETRY.cell_name(self.cells[0])}"


@dataclass(frozen=True, slots=True)
class KillerPuzzle:
    """Cages and givens (81 digits, 0 for an empty cell); build it with ``create`` so it is checked."""

    cages: tuple[Cage, ...]
    givens: tuple[int, ...] = (0,) * 81
    cage_of: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """For each cell, the index of its cage in ``cages`` (-1: a cell outside every cage)."""

    @staticmethod
    def create(cages: Sequence[Cage], givens: Sequence[int] | None = None) -> KillerPuzzle:
        """The puzzle, with cages in the order of their first cell.

        Raises:
            KillerError: a cell in two cages, a cell outside the board, or the first of ``killer_problems``.
        """
        g = tuple(givens) if givens is not None else (0,) * 81
        if len(g) != 81 or any(not 0 <= v <= 9 for v in g):
            raise KillerError("the givens must be 81 digits 0–9 (0 for an empty cell)")
        if not cages:
            raise KillerError("a Killer puzzle needs at least one cage")
        ordered = tuple(sorted((Cage(tuple(sorted(c.cells)), c.total) for c in cages), key=lambda c: c.cells))
        cage_of = [-1] * 81
        for i, cage in enumerate(ordered):
            if not cage.cells:
                raise KillerError("a cage has no cell")
            for cell in cage.cells:
                if not 0 <= cell < 81:
                    raise KillerError(f"cell {cell} is not on the 9×9 board")
                if cage_of[cell] != -1:
                    raise KillerError(f"{GEOMETRY.cell_name(cell)} is in two cages")
                cage_of[cell] = i
        puzzle = KillerPuzzle(ordered, g, tuple(cage_of))
        problems = killer_problems(puzzle)
        if problems:
            raise KillerError(problems[0])
        return puzzle

    def caged_cells(self) -> int:
        """How many cells lie in a cage."""
        return sum(1 for i in self.cage_of if i >= 0)


def puzzle_on(geometry: Geometry, givens: Sequence[int]) -> KillerPuzzle:
    """The Killer puzzle a board's geometry describes (its cages and sums) with these ``givens``.

    The geometry's cages were checked when the puzzle was read (``parse_killer``), so they are not checked again.
    """
    return _puzzle_on(geometry, tuple(givens))


@lru_cache(maxsize=8)
def _puzzle_on(geometry: Geometry, givens: tuple[int, ...]) -> KillerPuzzle:
    cages = tuple(Cage(cells, total) for cells, total in zip(geometry.cages, geometry.cage_sums))
    return KillerPuzzle(cages, givens, geometry.cage_of)


def geometry_of(puzzle: KillerPuzzle) -> Geometry:
    """The board of ``puzzle``: the 9×9 houses and its cages (see ``killer_geometry``)."""
    return killer_geometry(tuple(c.cells for c in puzzle.cages), tuple(c.total for c in puzzle.cages))


def killer_grid(puzzle: KillerPuzzle) -> Grid:
    """``puzzle`` as a board the window plays: its givens on its geometry, candidates cleared by each given's
    peers and cage mates."""
    return Grid.from_values(puzzle.givens, geometry=geometry_of(puzzle))


def puzzle_of(grid: Grid) -> KillerPuzzle:
    """The Killer puzzle of a board whose geometry holds cages (its givens as the puzzle's givens)."""
    return puzzle_on(grid.geometry, grid.givens)


def killer_problems(puzzle: KillerPuzzle, symbols: Sequence[str] = ()) -> list[str]:
    """One sentence per thing wrong with the cages and givens; ``symbols[i]`` names cage i (else its first cell)."""
    out: list[str] = []

    def label(i: int) -> str:
        cage = puzzle.cages[i]
        return f"cage {symbols[i]}" if i < len(symbols) else f"the cage at {GEOMETRY.cell_name(cage.cells[0])}"

    for i, cage in enumerate(puzzle.cages):
        if cage.size > 9:
            out.append(f"{label(i)} has {cage.size} cells; a cage holds at most 9, since no digit repeats in it")
            continue
        low, high = sum_range(cage.size)
        if not low <= cage.total <= high:
            cells = "1 cell" if cage.size == 1 else f"{cage.size} cells"
            out.append(f"{label(i)} has {cells}, so its sum must be {low} to {high}, not {cage.total}")
            continue
        out.extend(_given_problems(puzzle, cage, label(i)))
    if all(i >= 0 for i in puzzle.cage_of):
        total = sum(c.total for c in puzzle.cages)
        if total != 9 * ALL_DIGITS_SUM:
            out.append(f"every cell is in a cage, so the sums must add up to 405 (9 × 45), not {total}")
    return out


def _given_problems(puzzle: KillerPuzzle, cage: Cage, label: str) -> list[str]:
    """A given that repeats in ``cage``, or givens that leave a sum the cage's other cells cannot make."""
    seen: dict[int, list[Cell]] = {}
    for c in cage.cells:
        if puzzle.givens[c]:
            seen.setdefault(puzzle.givens[c], []).append(c)
    for digit, cells in seen.items():
        if len(cells) > 1:
            return [f"{digit} is given twice in {label}: {cells_text(GEOMETRY, cells)}"]
    if not seen:
        return []
    left = cage.total - sum(seen)
    free = [d for d in range(1, 10) if d not in seen]
    k = cage.size - len(seen)
    low, high = sum(free[:k]), sum(free[len(free) - k :]) if k else 0
    if not low <= left <= high:
        givens = " + ".join(str(d) for d in seen)
        if k == 0:
            return [f"the givens of {label} add up to {sum(seen)} ({givens}), not its sum {cage.total}"]
        return [
            f"the givens of {label} ({givens}) leave {left} for its other {k} cell{'s' if k > 1 else ''}, "
            f"which can make only {low} to {high}"
        ]
    return []
