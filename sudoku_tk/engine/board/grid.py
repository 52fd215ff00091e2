"""Grid: a puzzle's givens, the digits placed so far and the candidates of every empty cell.

A Grid is a frozen value. It is what a puzzle file describes; the player's live
board is a ``Position`` (play/propagation.py), recomputed from a Grid plus moves.
It knows no text format and no solver: ``parse_grid`` (engine/formats) reads one
from text, and ``puzzle_problems`` (solving/brute_force.py) adds the solution count
to the rule problems a grid finds on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from .digitset import DigitSet
from .geometry import Cell, Digit, Geometry


class ProblemKind(Enum):
    """What can be wrong with a grid."""

    DUPLICATE = "duplicate"
    """The same digit twice in one unit."""
    NO_CANDIDATES = "no candidates"
    """An empty cell that no digit can fill."""
    NO_SOLUTION = "no solution"
    MULTIPLE_SOLUTIONS = "multiple solutions"
    CAGE_SUM = "cage sum"
    """A Killer cage whose cells are all filled with digits that do not add up to its sum."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a grid, with the cells involved and a sentence for the player."""

    kind: ProblemKind
    message: str
    cells: tuple[Cell, ...] = ()
    digit: Digit = 0


def basic_candidates(geometry: Geometry, values: Sequence[int]) -> tuple[int, ...]:
    """Candidate masks where only the placed digits' peers are removed (0 for filled cells)."""
    full = geometry.all_digits
    cell_units = geometry.cell_units
    # Digits used per unit, then each empty cell gets what none of its three units uses.
    used = [0] * len(geometry.units)
    if not geometry.is_classic:
        return _variant_candidates(geometry, values, used)
    for cell, v in enumerate(values):
        if v:
            bit = 1 << (v - 1)
            r, c, b = cell_units[cell]
            used[r] |= bit
            used[c] |= bit
            used[b] |= bit
    out = []
    for cell, v in enumerate(values):
        if v:
            out.append(0)
        else:
            r, c, b = cell_units[cell]
            out.append(full & ~(used[r] | used[c] | used[b]))
    return tuple(out)


def _variant_candidates(geometry: Geometry, values: Sequence[int], used: list[int]) -> tuple[int, ...]:
    """``basic_candidates`` on a board whose cells lie in any number of units (extra houses)."""
    full = geometry.all_digits
    cell_units = geometry.cell_units
    for cell, v in enumerate(values):
        if v:
            for u in cell_units[cell]:
                used[u] |= 1 << (v - 1)
    out = []
    for cell, v in enumerate(values):
        if v:
            out.append(0)
        else:
            m = full
            for u in cell_units[cell]:
                m &= ~used[u]
            out.append(m)
    for cage in geometry.cages:  # a Killer: no digit repeats in a cage either
        in_cage = 0
        for cell in cage:
            if values[cell]:
                in_cage |= 1 << (values[cell] - 1)
        if in_cage:
            for cell in cage:
                out[cell] &= ~in_cage
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Grid:
    """Givens, values (givens plus placed digits) and candidate masks (bit d-1 = digit d; 0 on filled cells).

    >>> g = Grid.from_values([0] * 81)
    >>> g.geometry.side, g.empty_count()
    (9, 81)
    """

    geometry: Geometry
    givens: tuple[int, ...]
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    has_pencilmarks: bool = False
    """True when the candidates came from the text (a candidate grid) rather than from the values."""

    # -- constructors ------------------------------------------------------
    @classmethod
    def from_values(
        cls,
        givens: Sequence[int],
        placed: Sequence[int] | None = None,
        candidates: Sequence[int] | None = None,
        *,
        geometry: Geometry | None = None,
    ) -> Grid:
        """Build a grid from givens, optional placed digits and optional candidate masks.

        ``geometry`` gives a variant's houses (``Geometry.variant``); by default the classic board of that size.

        Raises:
            ValueError: the lengths or digits do not fit a 4×4, 9×9 or 16×16 board (or ``geometry``).
        """
        if geometry is None:
            geometry = Geometry.for_cell_count(len(givens))
        elif geometry.ncells != len(givens):
            raise ValueError(f"a {geometry.side}×{geometry.side} board has {geometry.ncells} cells, not {len(givens)}")
        side = geometry.side
        g = tuple(int(v) for v in givens)
        if any(v < 0 or v > side for v in g):
            raise ValueError(f"givens must be 0..{side}")
        if placed is not None:
            if len(placed) != len(g):
                raise ValueError("placed digits and givens differ in length")
            vals = tuple(gv or int(pv) for gv, pv in zip(g, placed))
            if any(v < 0 or v > side for v in vals):
                raise ValueError(f"placed digits must be 0..{side}")
        else:
            vals = g
        if candidates is None:
            return cls(geometry, g, vals, basic_candidates(geometry, vals), False)
        if len(candidates) != len(g):
            raise ValueError("candidates and givens differ in length")
        full = geometry.all_digits
        cands = tuple(0 if v else (int(m) & full) for v, m in zip(vals, candidates))
        return cls(geometry, g, vals, cands, True)

    def to_string(self) -> str:
        """Write the givens as one line (``.`` for empty cells), the most portable form."""
        ch = self.geometry.digit_char
        return "".join(ch(v) if v else "." for v in self.givens)

    # -- questions ---------------------------------------------------------
    def is_given(self, cell: Cell) -> bool:
        return self.givens[cell] != 0

    def candidate_set(self, cell: Cell) -> DigitSet:
        return DigitSet(self.candidates[cell])

    def empty_count(self) -> int:
        return sum(1 for v in self.values if not v)

    def given_count(self) -> int:
        return sum(1 for v in self.givens if v)

    def is_complete(self) -> bool:
        return all(self.values)

    def placed(self) -> tuple[int, ...]:
        """Digits placed on top of the givens (0 elsewhere)."""
        return tuple(0 if g else v for g, v in zip(self.givens, self.values))

    def with_values(self, values: Sequence[int]) -> Grid:
        """The same givens with other values; candidates recomputed from the values."""
        return Grid.from_values(self.givens, values, geometry=self.geometry)

    def givens_only(self) -> Grid:
        """The puzzle as it started: givens, no placements, basic candidates."""
        return Grid.from_values(self.givens, geometry=self.geometry)

    # -- validity as a value -----------------------------------------------
    def duplicate_problems(self) -> list[Problem]:
        """Every digit that stands twice in a unit, with all the cells holding it."""
        out: list[Problem] = []
        geo = self.geometry
        vals = self.values
        for u, cells in enumerate(geo.units):
            seen: dict[int, list[Cell]] = {}
            for c in cells:
                v = vals[c]
                if v:
                    seen.setdefault(v, []).append(c)
            for d, cs in seen.items():
                if len(cs) > 1:
                    out.append(Problem(ProblemKind.DUPLICATE, duplicate_message(geo, d, u, cs), tuple(cs), d))
        out.extend(self.cage_problems())
        return out

    def cage_problems(self) -> list[Problem]:
        """A Killer's broken cages: a digit twice in a cage, or a full cage whose digits miss its sum."""
        out: list[Problem] = []
        geo = self.geometry
        vals = self.values
        for i, (cells, total) in enumerate(zip(geo.cages, geo.cage_sums)):
            seen: dict[int, list[Cell]] = {}
            for c in cells:
                if vals[c]:
                    seen.setdefault(vals[c], []).append(c)
            name = geo.cage_name(i)
            for d, cs in seen.items():
                if len(cs) > 1:
                    listed = ", ".join(geo.cell_name(c) for c in cs[:-1]) + " and " + geo.cell_name(cs[-1])
                    times = "twice" if len(cs) == 2 else f"{len(cs)} times"
                    out.append(Problem(ProblemKind.DUPLICATE, f"{d} stands {times} in {name}: {listed}", tuple(cs), d))
            if all(vals[c] for c in cells) and sum(vals[c] for c in cells) != total:
                digits = " + ".join(str(vals[c]) for c in cells)
                out.append(
                    Problem(
                        ProblemKind.CAGE_SUM,
                        f"{name} adds up to {sum(vals[c] for c in cells)} ({digits}), not {total}",
                        tuple(cells),
                    )
                )
        return out

    def rule_problems(self) -> list[Problem]:
        """Everything wrong that needs no solver: digits twice in a unit, cells without candidates.

        ``puzzle_problems(grid)`` (solving/brute_force.py) adds no or several solutions.
        """
        out = self.duplicate_problems()
        geo = self.geometry
        dead = [c for c, v in enumerate(self.values) if not v and not self.candidates[c]]
        for c in dead:
            out.append(
                Problem(
                    ProblemKind.NO_CANDIDATES,
                    f"{geo.cell_name(c)} has no candidate left",
                    (c,),
                )
            )
        return out

    def __repr__(self) -> str:
        if not self.geometry.is_classic:
            return f"Grid({self.geometry!r}, {self.to_string()!r})"
        return f"parse_grid({self.to_string()!r})"


def solution_count_problems(count: int) -> list[Problem]:
    """What a count of solutions (stopped at 2) says is wrong: no solution, several, or nothing for one."""
    if count == 0:
        return [Problem(ProblemKind.NO_SOLUTION, "the puzzle has no solution")]
    if count > 1:
        return [Problem(ProblemKind.MULTIPLE_SOLUTIONS, "the puzzle has more than one solution")]
    return []


def duplicate_message(geometry: Geometry, digit: Digit, unit: int, cells: Sequence[Cell]) -> str:
    """Say that ``digit`` stands more than once in ``unit``, naming every cell holding it.

    >>> duplicate_message(Geometry.of(3), 5, 0, (0, 3, 4))
    '5 stands 3 times in row 1: r1c1, r1c4 and r1c5'
    """
    names = [geometry.cell_name(c) for c in cells]
    times = "twice" if len(names) == 2 else f"{len(names)} times"
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    return f"{geometry.digit_char(digit)} stands {times} in {geometry.unit_name(unit)}: {listed}"


def values_line(geometry: Geometry, values: Iterable[int]) -> str:
    """One line of digits, ``.`` for empty cells."""
    ch = geometry.digit_char
    return "".join(ch(v) if v else "." for v in values)
