"""Basic fish on one digit: X-Wing, Swordfish, Jellyfish, and their Finned and Sashimi forms.

A fish of size k takes k base lines (rows, or columns) in which the digit fits only
inside k cover lines of the other direction: the k base lines need k copies of the
digit and each cover line holds one, so the cover lines get theirs inside the base
lines and lose the digit everywhere else.

A finned fish has extra base candidates (fins) outside the cover lines, all in one
box. Either a fin is true, or the fish holds; both ways the digit is gone from the
cover cells that lie in the fin's box outside the base lines. It is Sashimi (HoDoKu's
rule) when some base line keeps at most one candidate inside the cover lines, so
that without its fins the pattern would not even be a fish.

Only row/column fish (Franken and Mutant fish are in franken.py), asked of the fish core
(``fish_core.find_fish``) as every row against every column and the mirror; this module
says which are finned and which Sashimi, and words them. A base line must hold the digit
at least twice (one place is a hidden single, not a fish). Works on every board size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, sentence, units_text
from ..steps.step import Step, Technique
from .common import CandidateIndex, Once, effect_highlights, eliminations, index_of
from .fish_core import Fish, find_fish, fish_highlights, line_shape

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
BASIC = {2: Technique.X_WING, 3: Technique.SWORDFISH, 4: Technique.JELLYFISH}
FINNED = {2: Technique.FINNED_X_WING, 3: Technique.FINNED_SWORDFISH, 4: Technique.FINNED_JELLYFISH}
SASHIMI = {2: Technique.SASHIMI_X_WING, 3: Technique.SASHIMI_SWORDFISH, 4: Technique.SASHIMI_JELLYFISH}


def _find_basic(grid: Grid, size: int) -> Iterator[Step]:
    idx = index_of(grid)
    technique = BASIC[size]
    side = idx.side
    for digit in range(1, side + 1):
        for by_rows in (True, False):
            for fish in find_fish(idx, digit, line_shape(side, size, by_rows)):
                yield _fish_step(idx, technique, fish, by_rows)


def _find_finned(grid: Grid, size: int, sashimi: bool) -> Iterator[Step]:
    idx = index_of(grid)
    technique = SASHIMI[size] if sashimi else FINNED[size]
    side = idx.side
    unit_masks = idx.geometry.unit_masks
    for digit in range(1, side + 1):
        for by_rows in (True, False):
            shape = line_shape(side, size, by_rows, finned=True, max_fins=side, fins_in_box=True)
            once = Once()
            for fish in find_fish(idx, digit, shape):
                if _is_sashimi(unit_masks, fish) != sashimi or not once.first(fish.elims):
                    continue
                yield _fish_step(idx, technique, fish, by_rows)


def _is_sashimi(unit_masks: tuple[int, ...], fish: Fish) -> bool:
    """HoDoKu's rule: some base line is left with at most one candidate once the fins are set aside."""
    body = fish.union & ~fish.fins
    return any((unit_masks[u] & body).bit_count() <= 1 for u in fish.bases)


def _fish_step(idx: CandidateIndex, technique: Technique, fish: Fish, by_rows: bool) -> Step:
    geo = idx.geometry
    digit = fish.digit
    ch = geo.digit_char(digit)
    base_units, cover_units = fish.bases, fish.covers
    fins = bits(fish.fins)
    elim_cells = bits(fish.elims)
    elims = [(c, digit) for c in elim_cells]
    lines = "rows" if by_rows else "columns"
    where = f"in {units_text(geo, base_units)}, {ch} can only go in {units_text(geo, cover_units)}"
    if fins:
        fin_word = "the fin" if len(fins) == 1 else "the fins"
        either = "the fin is" if len(fins) == 1 else "a fin is"
        reason = (
            f"{where}, except for {fin_word} {cells_text(geo, fins)}; either {either} {ch} or "
            f"{units_text(geo, cover_units)} get their {ch} in these {lines}, "
            f"and either way {cells_text(geo, elim_cells, 'and')} can't be {ch}"
        )
    else:
        reason = f"{where}, so {units_text(geo, cover_units)} get their {ch} in these {lines} and nowhere else"
    highlights = fish_highlights(digit, base_units, cover_units, bits(fish.union & ~fish.fins), fins)
    return Step(
        technique,
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, (), elims)),
        highlights=highlights + effect_highlights((), elims),
        focus=f"digit {ch} in {units_text(geo, base_units)}",
    )


def _basic(size: int) -> Callable[[Grid], Iterator[Step]]:
    def find(grid: Grid) -> Iterator[Step]:
        return _find_basic(grid, size)

    find.__name__ = f"find_{_NAMES[size].lower().replace('-', '_')}s"
    find.__doc__ = f"Yield every {_NAMES[size]} (rows as base lines first, then columns) that removes something."
    return find


def _finned(size: int, sashimi: bool) -> Callable[[Grid], Iterator[Step]]:
    def find(grid: Grid) -> Iterator[Step]:
        return _find_finned(grid, size, sashimi)

    kind = "sashimi" if sashimi else "finned"
    find.__name__ = f"find_{kind}_{_NAMES[size].lower().replace('-', '_')}s"
    find.__doc__ = f"Yield every {kind.title()} {_NAMES[size]}, one Step per distinct set of eliminations."
    return find


FINDERS = (
    (Technique.X_WING, _basic(2)),
    (Technique.SWORDFISH, _basic(3)),
    (Technique.JELLYFISH, _basic(4)),
    (Technique.FINNED_X_WING, _finned(2, False)),
    (Technique.SASHIMI_X_WING, _finned(2, True)),
    (Technique.FINNED_SWORDFISH, _finned(3, False)),
    (Technique.SASHIMI_SWORDFISH, _finned(3, True)),
    (Technique.FINNED_JELLYFISH, _finned(4, False)),
    (Technique.SASHIMI_JELLYFISH, _finned(4, True)),
)
