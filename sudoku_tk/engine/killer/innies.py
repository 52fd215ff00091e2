"""Killer steps from the 45 rule: Innie/Outie: One Cell, Innies and Outies, Cage Splitting, Innie-Outie Difference.

Every row, column and box adds up to 45. For a region (a house, or houses side by side: regions.py), the cages
lying wholly inside it and the cages counted across its edge leave an equation Σ innies − Σ outies = a number
(``regions.equations``). Placed digits are moved to the number's side; what is left is read as a step:

- one cell left: its digit (Innie/Outie: One Cell);
- innies only, or outies only, in one cage: the cage splits in two, each part with its own sum (Cage Splitting);
- innies only, or outies only: their sum limits their candidates (Innies and Outies);
- innies and outies: their difference ties their candidates (Innie-Outie Difference).

A sum's candidates are narrowed exactly: a candidate stays when some way of filling the cells makes the sum, with
different digits in cells that see each other or share a cage.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import digits_of
from ..board.grid import Grid
from ..steps.explain import cells_text, join_words
from ..steps.step import Highlight, HighlightRole, Step, Technique
from ..techniques.common import Once
from .cage_steps import cage_highlight, combos_text
from .cage_steps import killer_step as cage_step
from .cages import GEOMETRY, KillerPuzzle
from .combinations import cell_options, workable
from .regions import REGIONS, Equation, equations

_MOST = 4
"""The most innies and outies together an equation may leave (larger ones rarely say anything a player uses)."""


class _Reduced:
    """An equation with the placed cells moved to the number's side."""

    __slots__ = ("eq", "innies", "outies", "value", "placed")

    def __init__(self, eq: Equation, grid: Grid) -> None:
        values = grid.values
        self.eq = eq
        self.innies = tuple(c for c in eq.innies if not values[c])
        self.outies = tuple(c for c in eq.outies if not values[c])
        self.value = eq.value - sum(values[c] for c in eq.innies) + sum(values[c] for c in eq.outies)
        self.placed = tuple(c for c in eq.innies + eq.outies if values[c])


def _expression(innies: Sequence[int], outies: Sequence[int]) -> str:
    """'r3c4 + r3c5', 'r3c4 − r4c6', '−r4c6' ... as a player writes the equation's left side."""
    name = GEOMETRY.cell_name
    text = " + ".join(name(c) for c in innies)
    for c in outies:
        text += f" − {name(c)}" if text else f"{name(c)}"
    return text


def _signed(value: int) -> str:
    """A number as a player writes it, with a true minus sign: '−4'."""
    return f"−{-value}" if value < 0 else str(value)


def _why(red: _Reduced, grid: Grid) -> str:
    """The 45 rule's reasoning for a reduced equation, up to the '=' of its cells."""
    eq = red.eq
    region = eq.region
    cages_total = eq.cages_total
    if not eq.outies:
        head = (
            f"{region.name} add{'s' if region.houses == 1 else ''} up to {region.total} and the cages lying wholly "
            f"inside add up to {cages_total}, so the innie{'s' if len(eq.innies) > 1 else ''} "
            f"{_expression(eq.innies, ())} = {eq.value}"
        )
    elif not eq.innies:
        head = (
            f"the cages covering {region.name} add up to {cages_total}, {-eq.value} more than its {region.total}, so "
            f"the outie{'s' if len(eq.outies) > 1 else ''} {_expression(eq.outies, ())} = {-eq.value}"
        )
    else:
        head = (
            f"the cages covering {region.name} except its innie{'s' if len(eq.innies) > 1 else ''} "
            f"{cells_text(GEOMETRY, eq.innies)} add up to {cages_total} with the outie"
            f"{'s' if len(eq.outies) > 1 else ''} {cells_text(GEOMETRY, eq.outies)}, so "
            f"{_expression(eq.innies, eq.outies)} = {region.total} − {cages_total} = {_signed(eq.value)}"
        )
    if red.placed:
        placed = join_words([f"{GEOMETRY.cell_name(c)} is {grid.values[c]}" for c in red.placed])
        if red.outies and not red.innies:
            head += f"; {placed}, so {_expression(red.outies, ())} = {-red.value}"
        else:
            head += f"; {placed}, so {_expression(red.innies, red.outies)} = {_signed(red.value)}"
    return head


def _highlights(red: _Reduced) -> tuple[Highlight, ...]:
    region = red.eq.region
    return (
        Highlight(HighlightRole.DEFINING_UNIT, region.cells),
        Highlight(HighlightRole.PATTERN, red.innies + red.outies),
    )


def sum_options(
    puzzle: KillerPuzzle, grid: Grid, innies: Sequence[int], outies: Sequence[int], value: int
) -> list[int] | None:
    """For each cell (innies, then outies), the candidates some filling of Σ innies − Σ outies = value uses; cells
    that see each other or share a cage take different digits. None when no filling works."""
    cells = list(innies) + list(outies)
    signs = [1] * len(innies) + [-1] * len(outies)
    cands = [grid.candidates[c] for c in cells]
    n = len(cells)
    clash = [
        [j for j in range(i) if GEOMETRY.sees(cells[i], cells[j]) or _same_cage(puzzle, cells[i], cells[j])]
        for i in range(n)
    ]
    lo = [min(digits_of(m)) if s > 0 else -max(digits_of(m)) for m, s in zip(cands, signs)]
    hi = [max(digits_of(m)) if s > 0 else -min(digits_of(m)) for m, s in zip(cands, signs)]
    rest_lo = [sum(lo[i:]) for i in range(n + 1)]
    rest_hi = [sum(hi[i:]) for i in range(n + 1)]
    options = [0] * n
    chosen = [0] * n

    def fill(i: int, acc: int) -> bool:
        if i == n:
            if acc != value:
                return False
            for k in range(n):
                options[k] |= 1 << (chosen[k] - 1)
            return True
        if not acc + rest_lo[i] <= value <= acc + rest_hi[i]:
            return False
        found = False
        for d in digits_of(cands[i]):
            if any(chosen[j] == d for j in clash[i]):
                continue
            chosen[i] = d
            if fill(i + 1, acc + signs[i] * d):
                found = True
        chosen[i] = 0
        return found

    return options if fill(0, 0) else None


def _same_cage(puzzle: KillerPuzzle, a: int, b: int) -> bool:
    return puzzle.cage_of[a] >= 0 and puzzle.cage_of[a] == puzzle.cage_of[b]


def _reduced(puzzle: KillerPuzzle, grid: Grid) -> Iterator[_Reduced]:
    """Every region's equations with something left to say, each set of cells once (smallest region first)."""
    once = Once()
    for region in REGIONS:
        for eq in equations(puzzle, region, _MOST):
            red = _Reduced(eq, grid)
            if (red.innies or red.outies) and once.first((red.innies, red.outies, red.value)):
                yield red


def _one_cage(puzzle: KillerPuzzle, cells: Sequence[int]) -> int:
    """The cage holding every cell of ``cells`` (-1: none)."""
    owners = {puzzle.cage_of[c] for c in cells}
    return owners.pop() if len(owners) == 1 else -1


# -- the finders ---------------------------------------------------------------------------------------------


def find_one_cell(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield a placement: an equation that leaves one cell, an innie or an outie, gives its digit."""
    for red in _reduced(puzzle, grid):
        if len(red.innies) + len(red.outies) != 1:
            continue
        cell = (red.innies or red.outies)[0]
        digit = red.value if red.innies else -red.value
        if not 1 <= digit <= 9 or not grid.candidates[cell] >> (digit - 1) & 1:
            continue  # a broken position
        kind = "innie" if red.innies else "outie"
        reason = _why(red, grid)
        if not red.placed and (red.eq.innies and red.eq.outies):
            reason += f", so the {kind} {GEOMETRY.cell_name(cell)} is {digit}"
        yield cage_step(
            Technique.KILLER_ONE_CELL_45,
            reason,
            [],
            _highlights(red),
            red.eq.region.name,
            places=[(cell, digit)],
        )


def find_innies_outies(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield: innies only or outies only, two cells or more, whose sum removes candidates."""
    for red in _reduced(puzzle, grid):
        if (red.innies and red.outies) or len(red.innies) + len(red.outies) < 2:
            continue
        cells = red.innies or red.outies
        if _one_cage(puzzle, cells) >= 0:
            continue  # Cage Splitting's
        yield from _narrowed(puzzle, grid, red, Technique.KILLER_INNIES_OUTIES)


def find_differences(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield: innies and outies together whose difference removes candidates."""
    for red in _reduced(puzzle, grid):
        if red.innies and red.outies:
            yield from _narrowed(puzzle, grid, red, Technique.KILLER_INNIE_OUTIE_DIFFERENCE)


def _narrowed(puzzle: KillerPuzzle, grid: Grid, red: _Reduced, technique: Technique) -> Iterator[Step]:
    options = sum_options(puzzle, grid, red.innies, red.outies, red.value)
    if options is None:
        return
    cells = red.innies + red.outies
    elims = [(c, d) for c, keep in zip(cells, options) for d in digits_of(grid.candidates[c] & ~keep)]
    if not elims:
        return
    reason = _why(red, grid)
    yield cage_step(technique, reason, elims, _highlights(red), red.eq.region.name)


def find_cage_splitting(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield: innies only (or outies only) that are part of one cage split it into two parts with known sums."""
    for red in _reduced(puzzle, grid):
        if red.innies and red.outies:
            continue
        part = red.innies or red.outies
        total = red.value if red.innies else -red.value
        owner = _one_cage(puzzle, part)
        if owner < 0:
            continue
        cage = puzzle.cages[owner]
        values = grid.values
        free = [c for c in cage.cells if not values[c]]
        rest = [c for c in free if c not in part]
        if not rest:
            continue
        used = 0
        left = cage.total
        for c in cage.cells:
            if values[c]:
                used |= 1 << (values[c] - 1)
                left -= values[c]
        cands_part = [grid.candidates[c] for c in part]
        cands_rest = [grid.candidates[c] for c in rest]
        keep_part = [0] * len(part)
        keep_rest = [0] * len(rest)
        part_combos = []
        rest_combos = []
        for g in workable(cands_part, total, used):
            others = workable(cands_rest, left - total, used | g)
            if not others:
                continue
            part_combos.append(g)
            rest_combos += [r for r in others if r not in rest_combos]
            for i, m in enumerate(cell_options(cands_part, [g])):
                keep_part[i] |= m
            for i, m in enumerate(cell_options(cands_rest, others)):
                keep_rest[i] |= m
        if not part_combos:
            continue
        elims = [(c, d) for c, keep in zip(part, keep_part) for d in digits_of(grid.candidates[c] & ~keep)]
        elims += [(c, d) for c, keep in zip(rest, keep_rest) for d in digits_of(grid.candidates[c] & ~keep)]
        if not elims:
            continue
        reason = (
            f"{_why(red, grid)}, so {cage.name()} splits into {_expression(part, ())} = {total} "
            f"({combos_text(part_combos)}) and {_expression(rest, ())} = {left - total} ({combos_text(rest_combos)})"
        )
        yield cage_step(
            Technique.KILLER_CAGE_SPLITTING,
            reason,
            elims,
            (cage_highlight(cage),) + _highlights(red),
            red.eq.region.name,
        )
