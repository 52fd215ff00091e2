"""The 45 rule's regions: a house, or houses side by side, whose digits add up to 45 per house.

A region is a row, column or box, a run of 2 to 4 adjacent rows or columns, or 2 or 3 boxes side by side in a
band or a stack. Against a puzzle's cages a region has *innies* (its cells outside the cages lying wholly inside
it) and *outies* (the cells outside it of the cages crossing its edge). ``equations(puzzle, region)`` gives every
way of covering the region with cages so that few cells are left over: Σ innies − Σ outies = a known number.

>>> r = REGIONS[0]
>>> r.name, r.houses, len(r.cells)
('row 1', 1, 9)
>>> [x.name for x in REGIONS if x.houses == 3][:2]
['rows 1–3', 'rows 2–4']
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .cages import ALL_DIGITS_SUM, GEOMETRY, KillerPuzzle


@dataclass(frozen=True, slots=True)
class Region:
    """Whole houses the 45 rule adds up: their name as a player reads it, how many, and their cells (sorted)."""

    name: str
    houses: int
    cells: tuple[int, ...]

    @property
    def total(self) -> int:
        """What the region's digits add up to: 45 per house."""
        return ALL_DIGITS_SUM * self.houses


@dataclass(frozen=True, slots=True)
class Equation:
    """Σ ``innies`` − Σ ``outies`` = ``value``, from covering ``region`` with the cages ``used``."""

    region: Region
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    value: int
    used: tuple[int, ...]
    """Indices of the cages whose sums were counted (inside the region, or crossing it with their outies)."""

    @property
    def cages_total(self) -> int:
        return self.region.total - self.value


def _build() -> tuple[Region, ...]:
    geo = GEOMETRY
    units = geo.units
    out = [Region(geo.unit_name(u), 1, tuple(sorted(units[u]))) for u in range(27)]
    for kind, word in ((0, "rows"), (1, "columns")):
        for size in (2, 3, 4):
            for first in range(10 - size):
                cells = tuple(sorted(c for u in range(first, first + size) for c in units[kind * 9 + u]))
                out.append(Region(f"{word} {first + 1}–{first + size}", size, cells))
    for band in range(3):
        for boxes in ((0, 1), (1, 2), (0, 1, 2)):
            across = [band * 3 + b for b in boxes]
            down = [band + 3 * b for b in boxes]
            for numbers in (across, down):
                cells = tuple(sorted(c for b in numbers for c in units[18 + b]))
                label = "boxes " + (
                    f"{numbers[0] + 1} and {numbers[1] + 1}"
                    if len(numbers) == 2
                    else f"{numbers[0] + 1}, {numbers[1] + 1} and {numbers[2] + 1}"
                )
                out.append(Region(label, len(numbers), cells))
    seen: set[tuple[int, ...]] = set()
    unique = []
    for r in out:
        if r.cells not in seen:  # boxes 1, 2 and 3 are rows 1–3: keep the rows' name
            seen.add(r.cells)
            unique.append(r)
    return tuple(unique)


REGIONS: tuple[Region, ...] = _build()
"""Every region, single houses first (rows, columns, boxes), then runs of rows, of columns, and boxes."""


def split_cages(puzzle: KillerPuzzle, region: Region) -> tuple[list[int], list[int], tuple[int, ...]]:
    """(cages wholly inside, cages crossing the edge, the region's cells in no cage)."""
    inside_set = set(region.cells)
    inside: list[int] = []
    crossing: list[int] = []
    seen: set[int] = set()
    for c in region.cells:
        i = puzzle.cage_of[c]
        if i < 0 or i in seen:
            continue
        seen.add(i)
        if inside_set.issuperset(puzzle.cages[i].cells):
            inside.append(i)
        else:
            crossing.append(i)
    uncaged = tuple(c for c in region.cells if puzzle.cage_of[c] < 0)
    return inside, crossing, uncaged


def equations(puzzle: KillerPuzzle, region: Region, most: int = 4, only_extremes: bool = False) -> Iterator[Equation]:
    """Every covering of ``region`` leaving at most ``most`` innies and outies together (at least one).

    Each crossing cage either counts (its cells outside become outies) or not (its cells inside become innies).
    ``only_extremes``: just the innies (no crossing cage counted), then the outies (every one counted).
    """
    inside, crossing, uncaged = split_cages(puzzle, region)
    inside_set = set(region.cells)
    base = region.total - sum(puzzle.cages[i].total for i in inside)
    parts = []
    for i in crossing:
        cells = puzzle.cages[i].cells
        parts.append((i, tuple(c for c in cells if c in inside_set), tuple(c for c in cells if c not in inside_set)))
    if only_extremes:
        innies = tuple(sorted(uncaged + tuple(c for _, ins, _ in parts for c in ins)))
        yield Equation(region, innies, (), base, tuple(inside))
        if not uncaged:
            outies = tuple(sorted(c for _, _, outs in parts for c in outs))
            value = base - sum(puzzle.cages[i].total for i, _, _ in parts)
            yield Equation(region, (), outies, value, tuple(inside) + tuple(crossing))
        return

    def walk(
        k: int, ins: tuple[int, ...], outs: tuple[int, ...], value: int, used: tuple[int, ...]
    ) -> Iterator[Equation]:
        if len(ins) + len(outs) > most:
            return
        if k == len(parts):
            if ins or outs:
                yield Equation(region, tuple(sorted(ins)), tuple(sorted(outs)), value, used)
            return
        i, cage_in, cage_out = parts[k]
        yield from walk(k + 1, ins + cage_in, outs, value, used)
        yield from walk(k + 1, ins, outs + cage_out, value - puzzle.cages[i].total, used + (i,))

    yield from walk(0, uncaged, (), base, tuple(inside))
