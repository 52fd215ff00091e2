"""Killer steps read from one cage at a time: Cage Combinations, Cage Pointing, Cage Claiming and Killer Subsets.

Each finder takes the puzzle and the grid of the position (its candidates as they are) and yields the engine's
Steps, like the classic technique finders (engine/techniques/). A cage's *workable* combinations are the digit
sets of its size and remaining sum that avoid its placed digits and that its empty cells can take, one digit each
(combinations.py). The sentences read like SudokuWiki's: "the 17-cage at r1c1 in 2 cells is 8+9, so r1c1 and
r1c2 hold only 8 and 9 — remove 1, 2 and 3 from r1c1".
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from ..board.geometry import bits, digits_of
from ..board.grid import Grid
from ..steps.explain import cells_text, digits_text, effects_text, join_words, sentence, units_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from ..techniques.common import eliminations, placements, seen_by_all, units_containing
from .cages import GEOMETRY, Cage, KillerPuzzle
from .combinations import cell_options, combinations, workable

KillerFinder = Callable[[KillerPuzzle, Grid], Iterator[Step]]
"""A Killer technique's finder: the puzzle's cages and the position's grid in, Steps out."""

_LISTED = 6
"""Up to this many combinations are written out in a sentence; more are counted."""


@dataclass(frozen=True, slots=True)
class CageState:
    """One cage in a position: its empty cells with their candidates, the digits placed, what is left to make."""

    index: int
    cage: Cage
    free: tuple[int, ...]
    cands: tuple[int, ...]
    used: int
    """The placed digits of the cage, as a mask."""
    left: int
    """The cage's sum minus its placed digits."""

    def combos(self) -> list[int]:
        """The workable combinations of the empty cells."""
        return workable(self.cands, self.left, self.used)


def cage_states(puzzle: KillerPuzzle, grid: Grid) -> list[CageState]:
    """Every cage that still has an empty cell, as it stands in ``grid``."""
    out = []
    for i, cage in enumerate(puzzle.cages):
        free = tuple(c for c in cage.cells if not grid.values[c])
        if not free:
            continue
        used = 0
        left = cage.total
        for c in cage.cells:
            v = grid.values[c]
            if v:
                used |= 1 << (v - 1)
                left -= v
        out.append(CageState(i, cage, free, tuple(grid.candidates[c] for c in free), used, left))
    return out


def combo_text(mask: int) -> str:
    """'8+9'."""
    return "+".join(str(d) for d in digits_of(mask))


def combos_text(combos: Sequence[int]) -> str:
    """'8+9', '1+9 or 2+8', or 'one of 9 combinations' when there are many."""
    if len(combos) > _LISTED:
        return f"one of {len(combos)} combinations"
    return join_words([combo_text(m) for m in combos], "or")


def cage_intro(state: CageState, grid: Grid) -> str:
    """'the 17-cage at r1c1 in 2 cells', or with digits placed in it: 'the 15-cage at r1c1 holds 6 already, so
    r1c2 and r2c2 make 9'."""
    cage = state.cage
    if not state.used:
        return f"{cage.name()} in {cage.size} cell{'s' if cage.size > 1 else ''}"
    placed = [grid.values[c] for c in cage.cells if grid.values[c]]
    verb = "makes" if len(state.free) == 1 else "make"
    return (
        f"{cage.name()} holds {digits_text(GEOMETRY, placed, 'and')} already, so "
        f"{cells_text(GEOMETRY, state.free)} {verb} {state.left}"
    )


def cage_highlight(cage: Cage) -> Highlight:
    return Highlight(HighlightRole.DEFINING_UNIT, cage.cells)


def killer_step(
    technique: Technique,
    reason: str,
    elims: list[tuple[int, int]],
    highlights: tuple[Highlight, ...],
    focus: str,
    places: Sequence[tuple[int, int]] = (),
) -> Step:
    return Step(
        technique,
        placements=placements(places),
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(GEOMETRY, places, elims)),
        highlights=highlights
        + tuple(Highlight(HighlightRole.ELIMINATION, (c,), (d,)) for c, d in sorted(set(elims)))
        + tuple(Highlight(HighlightRole.PLACEMENT, (c,), (d,)) for c, d in sorted(set(places))),
        focus=focus,
    )


# -- Cage Combinations ---------------------------------------------------------------------------------------


def find_cage_combinations(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield, per cage, the removal of every candidate that no workable combination places in its cell."""
    for state in cage_states(puzzle, grid):
        combos = state.combos()
        if not combos:
            continue  # a broken position: no step can be read from it
        options = cell_options(state.cands, combos)
        elims = [(c, d) for c, m, keep in zip(state.free, state.cands, options) for d in digits_of(m & ~keep)]
        if not elims:
            continue
        yield killer_step(
            Technique.KILLER_CAGE_COMBINATIONS,
            _combinations_reason(state, grid, combos, elims),
            elims,
            (cage_highlight(state.cage),),
            state.cage.name(),
        )


def _combinations_reason(state: CageState, grid: Grid, combos: Sequence[int], elims: list[tuple[int, int]]) -> str:
    geo = GEOMETRY
    union = 0
    for m in combos:
        union |= m
    intro = cage_intro(state, grid)
    if len(state.free) == 1:
        return f"{intro}, so {geo.cell_name(state.free[0])} is {combo_text(combos[0])}"
    fits = len(combos) < len(combinations(len(state.free), state.left))
    reason = f"{intro}: {combos_text(combos)}" if state.used else f"{intro} is {combos_text(combos)}"
    if fits:
        reason += ", as far as its cells' candidates allow"
    outside = [(c, d) for c, d in elims if not union >> (d - 1) & 1]
    inside = [(c, d) for c, d in elims if union >> (d - 1) & 1]
    if outside:
        cells = cells_text(geo, state.free)
        conj = "and" if len(combos) == 1 else "or"
        reason += f", so {cells} hold only {digits_text(geo, digits_of(union), conj)}"
    if inside:
        c, d = inside[0]
        if len(state.free) == 2:
            other = state.free[1] if state.free[0] == c else state.free[0]
            partners = [m & ~(1 << (d - 1)) for m in combos if m >> (d - 1) & 1]
            need = digits_text(geo, [digits_of(p)[0] for p in partners], "or")
            reason += f"; {d} in {geo.cell_name(c)} would need {need} in {geo.cell_name(other)}, which it can't hold"
        else:
            reason += (
                f"; no combination can put {d} in {geo.cell_name(c)} and still fill the other cells with digits "
                "they hold"
            )
        if len(inside) > 1:
            reason += " (and so on for the others)"
    return reason


# -- Cage Pointing -------------------------------------------------------------------------------------------


def find_cage_pointing(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield: a digit every workable combination of a cage uses, whose places in the cage all see other cells
    holding it, leaves those cells."""
    geo = GEOMETRY
    for state in cage_states(puzzle, grid):
        combos = state.combos()
        if not combos:
            continue
        needed = combos[0]
        for m in combos:
            needed &= m
        cage_mask = state.cage.mask
        for d in digits_of(needed):
            bit = 1 << (d - 1)
            spots = [c for c, m in zip(state.free, state.cands) if m & bit]
            if len(spots) < 2:
                continue  # one place: Cage Combinations puts the digit there
            seen = seen_by_all(geo, spots) & ~cage_mask
            targets = [c for c in bits(seen) if grid.candidates[c] & bit]
            if not targets:
                continue
            houses = units_containing(geo, sum(1 << c for c in spots))
            places = cells_text(geo, spots, "or")
            start = (
                f"every combination {state.cage.name()} can take ({combos_text(combos)}) uses {d}, and in the cage "
                f"{d} can only go in {places}"
            )
            if houses:
                named = units_text(geo, houses, "and")
                reason = (
                    f"{start}, {'both' if len(spots) == 2 else 'all'} in {named}, so {d} can't go anywhere else in "
                    f"{units_text(geo, houses, 'or')}"
                )
                highlights: tuple[Highlight, ...] = (
                    cage_highlight(state.cage),
                    Highlight(HighlightRole.COVER_UNIT, units=tuple(houses)),
                )
            else:
                reason = f"{start}, which all see {cells_text(geo, targets)}"
                highlights = (cage_highlight(state.cage),)
            highlights += (Highlight(HighlightRole.PATTERN, tuple(spots), (d,)),)
            yield killer_step(
                Technique.KILLER_CAGE_POINTING,
                reason,
                [(c, d) for c in targets],
                highlights,
                state.cage.name(),
            )


# -- Cage Claiming -------------------------------------------------------------------------------------------


def find_cage_claiming(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield: a digit whose places in a house all lie in one cage is in that cage, so the cage's other cells lose
    it and the cage's combinations without it are out."""
    geo = GEOMETRY
    states = {s.index: s for s in cage_states(puzzle, grid)}
    for unit, cells in enumerate(geo.units):
        placed = 0
        for c in cells:
            if grid.values[c]:
                placed |= 1 << (grid.values[c] - 1)
        for d in range(1, 10):
            bit = 1 << (d - 1)
            if placed & bit:
                continue
            spots = [c for c in cells if grid.candidates[c] & bit]
            if len(spots) < 2:
                continue  # one place is a hidden single
            owners = {puzzle.cage_of[c] for c in spots}
            if len(owners) != 1 or -1 in owners:
                continue
            state = states.get(owners.pop())
            if state is None or set(state.cage.cells) <= set(cells):
                continue  # a cage wholly inside the house gains nothing it doesn't know
            combos = [m for m in state.combos() if m & bit]
            if not combos:
                continue
            elims = [(c, d) for c in state.free if c not in spots and grid.candidates[c] & bit]
            options = cell_options(state.cands, combos)
            for c, m, keep in zip(state.free, state.cands, options):
                elims += [(c, x) for x in digits_of(m & ~keep) if c in spots or x != d]
            if not elims:
                continue
            reason = (
                f"in {geo.unit_name(unit)}, {d} can only go in {cells_text(geo, spots, 'or')}, "
                f"{'both' if len(spots) == 2 else 'all'} in "
                f"{state.cage.name()}, so the cage holds {d} there"
            )
            if len(combos) <= _LISTED:
                reason += f" and is {combos_text(combos)}"
            yield killer_step(
                Technique.KILLER_CAGE_CLAIMING,
                reason,
                elims,
                (
                    cage_highlight(state.cage),
                    Highlight(HighlightRole.COVER_UNIT, units=(unit,)),
                    Highlight(HighlightRole.PATTERN, tuple(spots), (d,)),
                ),
                geo.unit_name(unit),
            )


# -- Killer Subsets ------------------------------------------------------------------------------------------


def find_killer_subsets(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield: two cages wholly inside one house whose combinations, taken together, always use a digit that
    neither uses alone; the digit leaves the house's other cells."""
    geo = GEOMETRY
    states = cage_states(puzzle, grid)
    for unit, cells in enumerate(geo.units):
        house = set(cells)
        inner = [s for s in states if house.issuperset(s.cage.cells)]
        for a_i in range(len(inner)):
            for b_i in range(a_i + 1, len(inner)):
                a, b = inner[a_i], inner[b_i]
                combos_a, combos_b = a.combos(), b.combos()
                if not combos_a or not combos_b:
                    continue
                alone = _common(combos_a) | _common(combos_b)
                both = None
                for x in combos_a:
                    for y in combos_b:
                        if not x & y:
                            both = (x | y) if both is None else both & (x | y)
                if not both:
                    continue
                pair_cells = set(a.free) | set(b.free)
                for d in digits_of(both & ~alone):
                    bit = 1 << (d - 1)
                    targets = [c for c in cells if c not in pair_cells and grid.candidates[c] & bit]
                    if not targets:
                        continue
                    reason = (
                        f"in {geo.unit_name(unit)}, {a.cage.name()} ({combos_text(combos_a)}) and {b.cage.name()} "
                        f"({combos_text(combos_b)}) can't share a digit, and every way they fit together uses {d}, "
                        f"so {d} is in one of them and nowhere else in {geo.unit_name(unit)}"
                    )
                    yield killer_step(
                        Technique.KILLER_SUBSET,
                        reason,
                        [(c, d) for c in targets],
                        (
                            cage_highlight(a.cage),
                            cage_highlight(b.cage),
                            Highlight(HighlightRole.COVER_UNIT, units=(unit,)),
                        ),
                        geo.unit_name(unit),
                    )


def _common(combos: Sequence[int]) -> int:
    out = combos[0]
    for m in combos:
        out &= m
    return out
