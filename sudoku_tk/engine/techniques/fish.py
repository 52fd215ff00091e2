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

Only row/column fish (Franken and Mutant fish are in franken.py). A base line must hold
the digit at least twice (one place is a hidden single, not a fish). Works on every
board size.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, sentence, units_text
from ..steps.step import Step, Technique
from .common import CandidateIndex, Once, effect_highlights, eliminations, index_of
from .fish_core import Lines, base_sets, cover_sets, fish_highlights

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}
BASIC = {2: Technique.X_WING, 3: Technique.SWORDFISH, 4: Technique.JELLYFISH}
FINNED = {2: Technique.FINNED_X_WING, 3: Technique.FINNED_SWORDFISH, 4: Technique.FINNED_JELLYFISH}
SASHIMI = {2: Technique.SASHIMI_X_WING, 3: Technique.SASHIMI_SWORDFISH, 4: Technique.SASHIMI_JELLYFISH}


def _find_basic(grid: Grid, size: int) -> Iterator[Step]:
    idx = index_of(grid)
    technique = BASIC[size]
    for digit in range(1, idx.side + 1):
        for by_rows in (True, False):
            o = Lines(idx, digit, by_rows)
            for base, union in base_sets(o.positions, size, size):
                for _none, cover in cover_sets(union, size, (0,)):  # no fins: the union, when it has ``size`` lines
                    elims = [
                        (o.cell(line, pos), digit)
                        for line, m in enumerate(o.positions)
                        if line not in base
                        for pos in bits(m & cover)
                    ]
                    if elims:
                        yield _fish_step(idx, technique, o, digit, base, cover, [], elims)


def _find_finned(grid: Grid, size: int, sashimi: bool) -> Iterator[Step]:
    idx = index_of(grid)
    technique = SASHIMI[size] if sashimi else FINNED[size]
    b = idx.geometry.box
    groups = tuple(((1 << b) - 1) << (group * b) for group in range(b))  # one box's positions: where fins may lie
    for digit in range(1, idx.side + 1):
        for by_rows in (True, False):
            o = Lines(idx, digit, by_rows)
            once = Once()
            for base, union in base_sets(o.positions, size, size + b):
                if union.bit_count() <= size:
                    continue  # every cover takes the whole union: no fins (a basic fish, or nothing)
                room = _removable(o, base) & union
                fin_groups = [g for g in groups if g & room]
                for group_mask, cover in cover_sets(union, size, fin_groups):
                    if not cover & group_mask & room:
                        continue  # nothing to remove in the fins' box: _finned_at would say so, slower
                    found = _finned_at(o, digit, base, cover, group_mask, sashimi)
                    if found is None:
                        continue
                    fins, elims = found
                    key = tuple(sorted(elims))
                    if not once.first(key):
                        continue
                    yield _fish_step(idx, technique, o, digit, base, cover, fins, elims)


def _removable(o: Lines, base: list[int]) -> int:
    """The positions where a finned fish on these base lines could remove the digit: those of the lines outside
    the base set in the bands (the lines of one box row or column) holding a base line.

    A finned fish removes only inside its fins' box, on lines outside the base set, at cover positions; so a
    group of positions (a box) or a cover without such a position gives nothing.
    """
    b = o.box
    positions = o.positions
    chosen = 0
    for line in base:
        chosen |= 1 << line
    out = 0
    band_start = -1
    for line in base:  # in order, so a band's base lines come together
        if line - line % b != band_start:
            band_start = line - line % b
            for other in range(band_start, band_start + b):
                if not chosen >> other & 1:
                    out |= positions[other]
    return out


def _finned_at(
    o: Lines, digit: int, base: list[int], cover: int, group_mask: int, sashimi: bool
) -> tuple[list[int], list[tuple[int, int]]] | None:
    """Fins and eliminations of the base lines over ``cover`` with fins in the position group, or None."""
    b = o.box
    fin_cells: list[int] = []
    fin_band = -1
    is_sashimi = False
    for line in base:
        m = o.positions[line]
        body = m & cover
        if not body:
            return None  # a base line with nothing in the cover lines is no fish
        if body.bit_count() <= 1:
            is_sashimi = True  # HoDoKu's rule: any base line left with at most one candidate once fins are set aside
        fins = m & ~cover
        if fins:  # inside the position group: cover_sets leaves nothing else out
            band = line // b
            if fin_band not in (-1, band):
                return None  # fins in two boxes: no cell sees them all inside a cover line
            fin_band = band
            fin_cells.extend(o.cell(line, p) for p in bits(fins))
    if not fin_cells or is_sashimi != sashimi:
        return None
    elims = [
        (o.cell(line, pos), digit)
        for line in range(fin_band * b, fin_band * b + b)
        if line not in base
        for pos in bits(o.positions[line] & cover & group_mask)
    ]
    if not elims:
        return None
    return fin_cells, elims


def _fish_step(
    idx: CandidateIndex,
    technique: Technique,
    o: Lines,
    digit: int,
    base: list[int],
    cover: int,
    fins: list[int],
    elims: list[tuple[int, int]],
) -> Step:
    geo = idx.geometry
    ch = geo.digit_char(digit)
    base_units = [o.base_unit(line) for line in base]
    cover_units = [o.cover_unit(p) for p in bits(cover)]
    elim_cells = [c for c, _ in elims]
    where = f"in {units_text(geo, base_units)}, {ch} can only go in {units_text(geo, cover_units)}"
    if fins:
        fin_word = "the fin" if len(fins) == 1 else "the fins"
        either = "the fin is" if len(fins) == 1 else "a fin is"
        reason = (
            f"{where}, except for {fin_word} {cells_text(geo, fins)}; either {either} {ch} or "
            f"{units_text(geo, cover_units)} get their {ch} in these {'rows' if o.by_rows else 'columns'}, "
            f"and either way {cells_text(geo, elim_cells, 'and')} can't be {ch}"
        )
    else:
        reason = (
            f"{where}, so {units_text(geo, cover_units)} get their {ch} in these "
            f"{'rows' if o.by_rows else 'columns'} and nowhere else"
        )
    highlights = fish_highlights(digit, base_units, cover_units, o.body(base, cover), fins)
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
