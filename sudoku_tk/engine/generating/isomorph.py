"""Isomorphs of a puzzle: the same puzzle in disguise (digits relabelled, rows, columns, bands, stacks
permuted, possibly transposed).

Each of these maps a valid grid to a valid grid and a puzzle's solutions one to one onto the isomorph's, so an
isomorph of a unique puzzle is unique, its solution is the isomorph of the solution, and a minimal puzzle stays
minimal. Every technique is defined on units and digits alone, so the same patterns are there, moved; the
practice pool (``practice_pool.py``) shows a stored puzzle as a random isomorph so the same few rare puzzles
do not look the same twice.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..board.grid import Grid
from ..formats import parse_grid


@dataclass(frozen=True, slots=True)
class Isomorph:
    """Cell (r, c) of the image holds ``digits[v]`` where ``v`` is the value at (``rows[r]``, ``cols[c]``) of the
    original (read at (c, r) of that when ``transpose``)."""

    box: int
    digits: tuple[int, ...]
    """``digits[v]`` is the new label of digit ``v`` (``digits[0] == 0``: empty stays empty)."""
    rows: tuple[int, ...]
    """Row r of the image is row ``rows[r]`` of the original (before transposing)."""
    cols: tuple[int, ...]
    transpose: bool

    @property
    def side(self) -> int:
        return self.box * self.box

    def source_cell(self, cell: int) -> int:
        """The cell of the original whose value lands on ``cell`` of the image."""
        n = self.side
        r, c = divmod(cell, n)
        if self.transpose:
            r, c = c, r
        return self.rows[r] * n + self.cols[c]

    def image_cell(self, cell: int) -> int:
        """Where ``cell`` of the original lands in the image."""
        n = self.side
        r, c = divmod(cell, n)
        r, c = self.rows.index(r), self.cols.index(c)
        if self.transpose:
            r, c = c, r
        return r * n + c

    def mask(self, mask: int) -> int:
        """The image of a candidate mask (bit d-1 for digit d)."""
        out = 0
        for d in range(1, self.side + 1):
            if mask >> (d - 1) & 1:
                out |= 1 << (self.digits[d] - 1)
        return out

    def values(self, values: Sequence[int]) -> tuple[int, ...]:
        """The image of a board given as one value a cell (0 for empty), givens or a solution."""
        n = self.side
        if len(values) != n * n:
            raise ValueError(f"{len(values)} cells, not {n * n}")
        return tuple(self.digits[values[self.source_cell(cell)]] for cell in range(n * n))

    def puzzle(self, grid: Grid) -> Grid:
        """The image of ``grid``'s givens, as a fresh puzzle."""
        return Grid.from_values(self.values(grid.givens))

    def position(self, grid: Grid) -> Grid:
        """The image of a position: givens, placed digits and candidates."""
        n2 = self.side * self.side
        cands = tuple(self.mask(grid.candidates[self.source_cell(cell)]) for cell in range(n2))
        return Grid.from_values(self.values(grid.givens), self.values(grid.values), cands)

    def effects(self, pairs: Iterable[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        """The image of (cell, digit) pairs, such as a step's placements or eliminations."""
        return frozenset((self.image_cell(c), self.digits[d]) for c, d in pairs)

    def text(self, givens: str) -> str:
        """The image of a puzzle written as one line (``.`` or ``0`` for empty)."""
        return self.puzzle(parse_grid(givens)).to_string()


def identity(box: int = 3) -> Isomorph:
    n = box * box
    return Isomorph(box, tuple(range(n + 1)), tuple(range(n)), tuple(range(n)), False)


def _line_order(rng: random.Random, box: int) -> tuple[int, ...]:
    """Bands (or stacks) in random order, and the lines inside each band in random order."""
    bands = list(range(box))
    rng.shuffle(bands)
    out: list[int] = []
    for b in bands:
        inner = list(range(box))
        rng.shuffle(inner)
        out += [b * box + i for i in inner]
    return tuple(out)


def random_isomorph(rng: random.Random, box: int = 3) -> Isomorph:
    """A random isomorph: every one of the (box!)^(2·box+2) · 2 · (box²)! is possible; the same ``rng`` state
    gives the same one."""
    labels = list(range(1, box * box + 1))
    rng.shuffle(labels)
    rows = _line_order(rng, box)
    cols = _line_order(rng, box)
    return Isomorph(box, (0, *labels), rows, cols, rng.random() < 0.5)


__all__ = ["Isomorph", "identity", "random_isomorph"]
