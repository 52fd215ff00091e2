"""The fish core: base sets, cover sets and fins of row/column fish, the one fish record, and a fish's pattern.

A fish of size n on a digit takes n base units and n cover units; a base candidate in no cover unit is a fin, one
in two base units an endo fin. What every fish finder shares lives here:

- ``Lines``, ``base_sets`` and ``cover_sets``: the enumeration of row/column fish (rows as base lines and columns
  as cover lines, or the other way round), used by the basic, finned and Sashimi fish (fish.py) and by the Kraken
  fish (kraken.py). A finder chooses how far a base set may spread (``max_union``) and where fins may lie
  (``fin_groups``: nowhere for a basic fish, each box's positions in turn for a finned one, anywhere for a Kraken fish).
- ``Fish``, the unit-level record of one fish (base and cover units, candidates, endo fins, fins, eliminations),
  and the unit kinds: what franken_search.py's search over rows, columns and boxes finds (Franken and Mutant fish).
- ``fish_highlights``: how every fish is shown (base units, cover units, the body, the fins).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import NamedTuple

from ..board.geometry import Cell, Digit, Unit, bits
from ..steps.step import Highlight, HighlightRole
from .common import CandidateIndex, candidate_highlights

# -- row/column fish -------------------------------------------------------------------------------------------


class Lines:
    """One digit's places seen from rows as base lines (covers are columns), or from columns; maps (line,
    position) to a cell and to units."""

    __slots__ = ("by_rows", "n", "box", "positions")

    def __init__(self, idx: CandidateIndex, digit: Digit, by_rows: bool) -> None:
        rows, cols = idx.line_positions(digit)
        self.by_rows = by_rows
        self.n = idx.side
        self.box = idx.geometry.box
        self.positions: tuple[int, ...] = rows if by_rows else cols
        """Per base line, the mask of the positions along it holding the digit."""

    def cell(self, line: int, pos: int) -> Cell:
        return line * self.n + pos if self.by_rows else pos * self.n + line

    def pos_of(self, cell: Cell) -> int:
        return cell % self.n if self.by_rows else cell // self.n

    def base_unit(self, line: int) -> Unit:
        return line if self.by_rows else self.n + line

    def cover_unit(self, pos: int) -> Unit:
        return self.n + pos if self.by_rows else pos

    def body(self, base: Iterable[int], cover: int) -> list[Cell]:
        """The base candidates inside the cover lines, line by line."""
        return [self.cell(line, p) for line in base for p in bits(self.positions[line] & cover)]

    def fins(self, base: Iterable[int], cover: int) -> list[Cell]:
        """The base candidates outside the cover lines, line by line."""
        return [self.cell(line, p) for line in base for p in bits(self.positions[line] & ~cover)]


def base_sets(positions: Sequence[int], size: int, max_union: int) -> Iterator[tuple[list[int], int]]:
    """Every set of ``size`` lines holding the digit whose positions together span at most ``max_union``, with
    that union, in lexicographic order of the lines.

    A line holding the digit only once is never a base line: the digit goes there (a hidden single), and a
    "fish" built on it is that single in disguise.
    """
    lines = [i for i, m in enumerate(positions) if m & (m - 1) and m.bit_count() <= max_union]
    n = len(lines)

    def rec(start: int, chosen: list[int], union: int) -> Iterator[tuple[list[int], int]]:
        for i in range(start, n - (size - len(chosen)) + 1):
            line = lines[i]
            u = union | positions[line]
            if u.bit_count() > max_union:
                continue
            chosen.append(line)
            if len(chosen) == size:
                yield list(chosen), u
            else:
                yield from rec(i + 1, chosen, u)
            chosen.pop()

    return rec(0, [], 0)


def cover_sets(union: int, size: int, fin_groups: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Every (fin positions, cover): per mask of ``fin_groups`` in turn, every mask of ``size`` cover positions
    inside ``union`` leaving only positions of that mask out (those are the fins), in lexicographic order.

    ``fin_groups`` ``(0,)``: a basic fish (the cover is the union itself); ``(union,)``: any fins at all; one
    mask per box's positions: a finned fish. One generator per base set, the groups looped inside (a generator
    per group costs a measurable share of a full logic path).
    """
    for fin_positions in fin_groups:
        required = union & ~fin_positions
        free = required.bit_count()
        if free > size:
            continue
        if free == size:
            yield fin_positions, required
            continue
        for extra in combinations(bits(union & fin_positions), size - free):
            cover = required
            for p in extra:
                cover |= 1 << p
            yield fin_positions, cover


# -- the unit-level record (Franken and Mutant fish) -------------------------------------------------------------

KIND_ROW, KIND_COL, KIND_BOX = 1, 2, 4
"""Unit kinds as bits (unit // 9 is 0, 1 or 2), so a set of kinds is a small int."""
FISH_BASIC, FISH_FRANKEN, FISH_MUTANT = 0, 1, 2
"""Fish kinds, simplest first."""


def unit_kinds(units: Sequence[Unit]) -> int:
    k = 0
    for u in units:
        k |= 1 << (u // 9)
    return k


def fish_kind(base_kinds: int, cover_kinds: int) -> int:
    """Basic (rows against columns), Franken (rows and boxes against columns and boxes, or mirrored) or Mutant."""
    if (base_kinds, cover_kinds) in ((KIND_ROW, KIND_COL), (KIND_COL, KIND_ROW)):
        return FISH_BASIC
    if (not base_kinds & KIND_COL and not cover_kinds & KIND_ROW) or (
        not base_kinds & KIND_ROW and not cover_kinds & KIND_COL
    ):
        return FISH_FRANKEN
    return FISH_MUTANT


class Fish(NamedTuple):
    """One fish on one digit, by its units; cell sets are cell masks."""

    digit: Digit
    bases: tuple[Unit, ...]
    covers: tuple[Unit, ...]
    union: int
    """Every base candidate."""
    endo: int
    """Fins in two base units."""
    fins: int
    """Every fin: base candidates outside the cover units, and the endo fins."""
    elims: int


# -- the pattern as shown ---------------------------------------------------------------------------------------


def fish_highlights(
    digit: Digit, bases: Sequence[Unit], covers: Sequence[Unit], body: Iterable[Cell], fins: Sequence[Cell]
) -> tuple[Highlight, ...]:
    """Base units, cover units, the body (base candidates the fish uses) and the fins, as every fish shows them."""
    highlights = (
        Highlight(HighlightRole.DEFINING_UNIT, units=tuple(bases)),
        Highlight(HighlightRole.COVER_UNIT, units=tuple(covers)),
    ) + candidate_highlights(HighlightRole.PATTERN, [(c, digit) for c in body])
    if fins:
        highlights += (Highlight(HighlightRole.FIN, tuple(sorted(fins)), (digit,)),)
    return highlights
