"""Franken and Mutant fish on one digit, basic and finned, of two to four units (HoDoKu's definitions).

A fish of size n takes n base units holding the digit and n cover units; a base
candidate in no cover unit is a fin. The base units need n copies of the digit, one
each, and the cover units hold at most n, so without fins the cover units get their
digit inside the base units and lose it everywhere else. A base candidate in two cover
units would fill two of them at once and is false too (HoDoKu's cannibalism). With
fins, either a fin holds the digit or the fish does, so only the cells that see every
fin lose it. A candidate in two base units could fill both at once: HoDoKu counts it as
a fin (an endo fin), and so does this module.

Kinds (HoDoKu's): base units from rows and boxes against cover units from columns and
boxes, or the mirror of that, with a box somewhere, is a Franken fish; any other mix
(rows and columns both among the base units or both among the cover units) is a Mutant
fish. Rows against columns is a basic fish: fish.py's, never reported here. Nor is a
fish that really is a simpler one: one whose units have the candidates of units of a
simpler kind (a box holding the digit only inside one row is that row), one that splits
into smaller fish (some of its base units, without fins, lie in as many cover units),
one with a cover unit doing no work (its base candidates all lie in other cover units)
or a base unit of fins only, or one using a unit that holds the digit once (a hidden
single). Limits are HoDoKu's defaults: at most five fins outside the cover units and at
most two endo fins. Each base and cover unit holds the digit twice at least; a unit
where the digit is placed takes no part. 9×9 only.

The fish come from the fish core (fish_core.find_fish, its general search), asked for rows
and boxes against columns and boxes (and the mirror) or for every kind against every
kind. It is pruned by the digit's templates (the ways to place it once in every row,
column and box; franken_search.py): a fish uses the rules of one digit only, so it can
only remove a candidate that no template uses (a "target"). Digits without targets are
skipped. Base sets are chosen unit by unit; for each target still possible, the base candidates that
can't be fins for it (they don't see it) need cover units, and a set of them no cover
unit holds two of needs that many, so a base set needing more than n is dropped. Cover
units are chosen by covering the uncovered base candidates one at a time (or making them
fins), with the same targets narrowing the fins and the last cover unit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board.geometry import Geometry, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, sentence, units_text
from ..steps.step import Step, Technique
from .common import Once, effect_highlights, eliminations, index_of
from .fish_core import (
    FISH_FRANKEN,
    FISH_MUTANT,
    KIND_BOX,
    KIND_COL,
    KIND_ROW,
    Accept,
    Fish,
    FishShape,
    find_fish,
    fish_highlights,
    kind_units,
    unit_kinds,
)
from .franken_search import MAX_ENDO_FINS, MAX_FINS, data_of, simplest_kind, splits, twins_of

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
FRANKEN = {2: Technique.FRANKEN_X_WING, 3: Technique.FRANKEN_SWORDFISH, 4: Technique.FRANKEN_JELLYFISH}
FINNED_FRANKEN = {
    2: Technique.FINNED_FRANKEN_X_WING,
    3: Technique.FINNED_FRANKEN_SWORDFISH,
    4: Technique.FINNED_FRANKEN_JELLYFISH,
}
MUTANT = {2: Technique.MUTANT_X_WING, 3: Technique.MUTANT_SWORDFISH, 4: Technique.MUTANT_JELLYFISH}
FINNED_MUTANT = {
    2: Technique.FINNED_MUTANT_X_WING,
    3: Technique.FINNED_MUTANT_SWORDFISH,
    4: Technique.FINNED_MUTANT_JELLYFISH,
}


def _shapes(size: int, mutant: bool, finned: bool) -> tuple[FishShape, ...]:
    """What the general search is asked for: rows and boxes against columns and boxes and the mirror of that
    (Franken), or every kind against every kind (Mutant); HoDoKu's fin limits when fins are wanted."""
    geo = Geometry.of(3)
    rows_boxes, cols_boxes = kind_units(geo, KIND_ROW | KIND_BOX), kind_units(geo, KIND_COL | KIND_BOX)
    max_fins, max_endo = (MAX_FINS, MAX_ENDO_FINS) if finned else (0, 0)
    if mutant:
        every = rows_boxes | cols_boxes
        return (FishShape(size, every, every, finned, max_fins, max_endo, FISH_MUTANT),)
    return (
        FishShape(size, rows_boxes, cols_boxes, finned, max_fins, max_endo, FISH_FRANKEN),
        FishShape(size, cols_boxes, rows_boxes, finned, max_fins, max_endo, FISH_FRANKEN),
    )


def _acceptor(geo: Geometry, cm: tuple[int, ...], want: int) -> Accept:
    """The finder's last word on a fish of one digit (``cm``: its unit masks): of kind ``want`` at its simplest,
    and not splitting into smaller fish. The units' twins are worked out at the first fish."""
    twins: tuple[tuple[int, ...], ...] | None = None

    def accept(bases: tuple[int, ...], covers: tuple[int, ...], fins: int) -> bool:
        nonlocal twins
        if twins is None:
            twins = twins_of(cm)
        return simplest_kind(geo, twins, bases, covers) == want and not splits(cm, bases, covers, fins)

    return accept


def _find(grid: Grid, technique: Technique, shapes: tuple[FishShape, ...]) -> Iterator[Step]:
    geo = grid.geometry
    if geo.side != 9:
        return
    idx = index_of(grid)
    data = data_of(grid)
    want = shapes[0].want
    found: list[Fish] = []
    for digit in range(1, 10):
        units = data[digit]
        if units.targets:
            accept = _acceptor(geo, units.unit_cells, want)
            for shape in shapes:
                found.extend(find_fish(idx, digit, shape, units, accept))
    found.sort(key=lambda f: (f.fins.bit_count(), f.digit, f.bases, f.covers))
    once = Once()
    for fish in found:
        key = (fish.digit, fish.elims)
        if once.first(key):
            yield _fish_step(geo, technique, fish)


# -- wording -----------------------------------------------------------------------------------------------------

_PLURAL = {KIND_ROW: "rows", KIND_COL: "columns", KIND_BOX: "boxes"}
_COUNT = {2: "two", 3: "three", 4: "four"}


def _fish_step(geo: Geometry, technique: Technique, fish: Fish) -> Step:
    digit = fish.digit
    ch = geo.digit_char(digit)
    n = len(fish.bases)
    cover_kind = _PLURAL.get(unit_kinds(geo, fish.covers))
    fill = (
        f"those {cover_kind} get their {ch} inside these units"
        if cover_kind
        else f"those {_COUNT[n]} units get their {ch} inside these {_COUNT[n]}"
    )
    elim_cells = bits(fish.elims)
    elims = [(c, digit) for c in elim_cells]
    cannibals = [c for c in elim_cells if fish.union >> c & 1]
    endo = bits(fish.endo)
    exo = bits(fish.fins & ~fish.endo)
    bases = units_text(geo, fish.bases)
    if endo:
        counts = "counts as a fin" if len(endo) == 1 else "count as fins"
        bases += f" ({cells_text(geo, endo)}, in two of them, {counts})"
    where = f"in {bases}, every {ch} lies in {units_text(geo, fish.covers)}"
    if exo:
        where += f" except {'the fin' if len(exo) == 1 else 'the fins'} {cells_text(geo, exo)}"
    if cannibals:
        fill += (
            f", one each, and none in {cells_text(geo, cannibals, 'or')}, which "
            f"{'lies' if len(cannibals) == 1 else 'each lie'} in two of them"
        )
    if fish.fins:
        either = "the fin is" if fish.fins.bit_count() == 1 else "a fin is"
        reason = f"{where}; either {either} {ch} or {fill}, and either way {cells_text(geo, elim_cells)} can't be {ch}"
    else:
        reason = f"{where}, so {fill}"
    highlights = fish_highlights(
        digit, fish.bases, fish.covers, bits(fish.union & ~fish.fins & ~fish.elims), endo + exo
    )
    return Step(
        technique,
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, (), elims)),
        highlights=highlights + effect_highlights((), elims),
        focus=f"digit {ch} in {units_text(geo, fish.bases)}",
    )


def _finder(size: int, mutant: bool, finned: bool) -> Callable[[Grid], Iterator[Step]]:
    technique = ((FINNED_MUTANT if finned else MUTANT) if mutant else (FINNED_FRANKEN if finned else FRANKEN))[size]
    shapes = _shapes(size, mutant, finned)

    def find(grid: Grid) -> Iterator[Step]:
        return _find(grid, technique, shapes)

    kind = ("finned_" if finned else "") + ("mutant" if mutant else "franken")
    find.__name__ = f"find_{kind}_{_NAMES[size].lower().replace('-', '_')}s"
    title = ("Finned " if finned else "") + ("Mutant " if mutant else "Franken ") + _NAMES[size]
    find.__doc__ = f"Yield every {title}, fewest fins first, one Step per distinct set of eliminations."
    return find


FINDERS = tuple(
    (table[size], _finder(size, mutant, finned))
    for mutant, finned, table in (
        (False, False, FRANKEN),
        (False, True, FINNED_FRANKEN),
        (True, False, MUTANT),
        (True, True, FINNED_MUTANT),
    )
    for size in (2, 3, 4)
)
