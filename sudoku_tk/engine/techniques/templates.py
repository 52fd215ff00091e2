"""Templates on 9×9 boards: Template Set and Template Delete (HoDoKu's definitions).

A template is one way to put a digit in nine cells, one in every row, column and box;
there are 46,656 of them. For one digit, the templates that *fit* the position use
every cell where the digit is placed and only cells where it is placed or still a
candidate; the digit's final cells are one of them.

- Template Set: a cell every fitting template of the digit uses gets the digit.
- Template Delete: a candidate of the digit that no fitting template uses goes.

As in HoDoKu, the fitting templates are narrowed further, repeatedly until nothing
changes: a cell every fitting template of one digit uses belongs to that digit, so
the templates of the other digits that use the cell are dropped. (Checking every
pair of templates of two digits for a clash would find more than HoDoKu does.)
When a digit has no fitting template left, the position has no solution and
nothing is reported.

The templates are held factored: a band (three rows) of a template is one of 162
band patterns, and three band patterns make a template when their columns are
disjoint. The per-position work builds a digit's fitting templates band by band,
keeping only band patterns that fit its candidates, so it costs about as much as
there are fitting templates rather than 46,656.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import Cell, Digit, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, sentence
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import candidate_highlights, effect_highlights, eliminations, index_9x9, per_grid, placements

TEMPLATE_COUNT = 46656
"""How many templates a 9×9 board has: 162 ways to fill the top band, then 48 for the middle and 6 for the bottom."""

_FULL = (1 << 81) - 1
_BAND_MASKS = tuple(((1 << 27) - 1) << (27 * b) for b in range(3))

# -- the templates, built once per process -----------------------------------------------------------

_BandTable = dict[int, tuple[int, ...]]
"""Column mask (one column of each stack) -> the cell masks of the band patterns using those columns."""

_tables: tuple[tuple[_BandTable, _BandTable, _BandTable], tuple[tuple[int, int, int], ...]] | None = None
_all: tuple[int, ...] | None = None


def _band_tables() -> tuple[tuple[_BandTable, _BandTable, _BandTable], tuple[tuple[int, int, int], ...]]:
    """The band patterns of each band, by column mask, and the 216 column masks that split the board's columns.

    A band pattern puts the digit once in each of the band's three rows, in three different stacks.
    """
    global _tables
    if _tables is None:
        by_cols: dict[int, list[int]] = {}
        for c0 in range(9):
            for c1 in range(9):
                if c1 // 3 == c0 // 3:
                    continue
                for c2 in range(9):
                    if c2 // 3 in (c0 // 3, c1 // 3):
                        continue
                    cols = (1 << c0) | (1 << c1) | (1 << c2)
                    by_cols.setdefault(cols, []).append((1 << c0) | (1 << (9 + c1)) | (1 << (18 + c2)))
        bands = tuple({cols: tuple(p << (27 * b) for p in pats) for cols, pats in by_cols.items()} for b in range(3))
        masks = sorted(by_cols)
        splits = tuple((a, b, 0x1FF & ~(a | b)) for a in masks for b in masks if not a & b)
        _tables = ((bands[0], bands[1], bands[2]), splits)
    return _tables


def all_templates() -> tuple[int, ...]:
    """Every template of a 9×9 board as a cell mask (bit ``c`` for cell ``c``), built on first use."""
    global _all
    if _all is None:
        (b0, b1, b2), splits = _band_tables()
        out: list[int] = []
        for a, b, c in splits:
            for x in b0[a]:
                for y in b1[b]:
                    xy = x | y
                    out.extend([xy | z for z in b2[c]])
        _all = tuple(out)
    return _all


def fitting_templates(placed: int, allowed: int) -> list[int]:
    """The templates that use every cell of ``placed`` and no cell outside ``allowed`` (cell masks).

    >>> len(fitting_templates(0, (1 << 81) - 1))
    46656
    """
    (b0, b1, b2), splits = _band_tables()
    key = (_FULL & ~allowed) | placed
    fits: list[dict[int, list[int]]] = []
    for table, band in zip((b0, b1, b2), _BAND_MASKS):
        need = placed & band
        fits.append({cols: [p for p in pats if p & key == need] for cols, pats in table.items()})
    f0, f1, f2 = fits
    out: list[int] = []
    for a, b, c in splits:
        xs, ys, zs = f0[a], f1[b], f2[c]
        if not (xs and ys and zs):
            continue
        for x in xs:
            for y in ys:
                xy = x | y
                out.extend([xy | z for z in zs])
    return out


# -- one position -----------------------------------------------------------------------------------


class _DigitTemplates:
    """The templates of one digit that fit a position: how many, and the cells they all / never use."""

    __slots__ = ("templates", "fitting", "common", "used")

    def __init__(self, templates: list[int]) -> None:
        self.templates = templates
        self.fitting = len(templates)
        """How many fit the placed digits and candidates alone (before narrowing by other digits)."""
        self.common = 0
        self.used = 0
        self.update(templates)

    def update(self, templates: list[int]) -> None:
        self.templates = templates
        common, used = _FULL, 0
        for t in templates:
            common &= t
            used |= t
        self.common = common if templates else 0
        self.used = used


_Analysis = tuple[_DigitTemplates, ...] | None


@per_grid(4)
def _analysis(grid: Grid) -> _Analysis:
    """Per digit (index 0 unused), its narrowed fitting templates; None off 9×9 or when a digit has none."""
    return _analyse(grid)


def _analyse(grid: Grid) -> _Analysis:
    idx = index_9x9(grid)
    if idx is None:
        return None
    placed = [0] * 10
    for cell, v in enumerate(idx.values):
        if v:
            placed[v] |= 1 << cell
    per_digit = [_DigitTemplates([])]
    for d in range(1, 10):
        found = fitting_templates(placed[d], placed[d] | idx.digit_cells[d])
        if not found:
            return None
        per_digit.append(_DigitTemplates(found))
    # A cell all of one digit's templates use is that digit's: drop other digits' templates using it, until stable.
    changed = True
    while changed:
        changed = False
        for d in range(1, 10):
            mine = per_digit[d]
            taken = 0
            for e in range(1, 10):
                if e != d:
                    taken |= per_digit[e].common
            if not taken & mine.used:
                continue
            kept = [t for t in mine.templates if not t & taken]
            if not kept:
                return None
            mine.update(kept)
            changed = True
    return tuple(per_digit)


# -- the finders --------------------------------------------------------------------------------------


def find_template_sets(grid: Grid) -> Iterator[Step]:
    """Yield one Template Set per digit (in digit order): the empty cells every fitting template of it uses."""
    got = _analysis(grid)
    if got is None:
        return
    idx = index_9x9(grid)
    assert idx is not None
    for d in range(1, 10):
        cells = bits(got[d].common & idx.empty)
        if cells:
            yield _step(Technique.TEMPLATE_SET, grid, d, got[d], cells)


def find_template_deletes(grid: Grid) -> Iterator[Step]:
    """Yield one Template Delete per digit (in digit order): the candidates of it no fitting template uses."""
    got = _analysis(grid)
    if got is None:
        return
    idx = index_9x9(grid)
    assert idx is not None
    for d in range(1, 10):
        cells = bits(idx.digit_cells[d] & ~got[d].used)
        if cells:
            yield _step(Technique.TEMPLATE_DEL, grid, d, got[d], cells)


def _step(technique: Technique, grid: Grid, d: Digit, templates: _DigitTemplates, cells: list[Cell]) -> Step:
    idx = index_9x9(grid)
    assert idx is not None
    geo = grid.geometry
    setting = technique is Technique.TEMPLATE_SET
    places = placements((c, d) for c in cells) if setting else ()
    elims = () if setting else eliminations((c, d) for c in cells)
    n = len(templates.templates)
    fit = "fits" if n == 1 else "fit"
    counted = "the only one that" if n == 1 else f"the {n:,} that"
    already = any(v == d for v in idx.values)
    whom = f"the {d}s already placed and their candidates" if already else f"the candidates for {d}"
    narrowed = ""
    if n < templates.fitting:
        narrowed = ", leaving free the cells that all of some other digit's templates use,"
    if setting:
        verb = "uses" if n == 1 else "all use"
        what = f"{verb} {cells_text(geo, cells)}"
    else:
        verb = "uses" if n == 1 else "use"
        what = f"never {verb} {cells_text(geo, cells, 'or')}"
    reason = (
        f"of the {TEMPLATE_COUNT:,} ways to place {d} once in every row, column and box, "
        f"{counted} {fit} {whom}{narrowed} {what}"
    )
    effects = effects_text(geo, [(p.cell, p.digit) for p in places], [(e.cell, e.digit) for e in elims])
    pattern: tuple[Highlight, ...]
    if setting:
        pattern = (Highlight(HighlightRole.PATTERN, tuple(bits(templates.common))),)
    else:
        kept = idx.digit_cells[d] & templates.used
        pattern = candidate_highlights(HighlightRole.PATTERN, ((c, d) for c in bits(kept)))
    return Step(
        technique,
        placements=places,
        eliminations=elims,
        explanation=sentence(technique.display_name, reason, effects),
        highlights=pattern + effect_highlights([(p.cell, p.digit) for p in places], [(e.cell, e.digit) for e in elims]),
        focus=f"digit {d}",
    )


FINDERS = (
    (Technique.TEMPLATE_SET, find_template_sets),
    (Technique.TEMPLATE_DEL, find_template_deletes),
)
