"""Single-digit patterns on 9×9 boards: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.

All four look at one digit at a time and chain two "strong links" (a unit where
the digit has exactly two places, so one of them holds it) through a "weak link"
(two cells that see each other, so at most one holds it). The outer ends of such
a chain cannot both be empty of the digit, so any cell seeing both ends loses it.

The names follow HoDoKu, and so does the split between them:
- Skyscraper: both strong links in rows (or both in columns), joined along a column (row);
  when the outer ends line up too, the pattern is an X-Wing and is left to the fish finder.
- 2-String Kite: one strong link in a row, one in a column, joined inside a box.
- Turbot Fish: every other chain strong–weak–strong (a box strong link, or a row and
  column joined along a line); patterns that read as a Skyscraper or 2-String Kite are
  reported under those names only.
- Empty Rectangle: a box whose candidates all lie on one row and one column of it (a
  grouped strong link), chained to a strong link outside the box. Like HoDoKu with
  "allow ERs with only two candidates" on, a box holding just two candidates counts;
  the solving order reports such a pattern as a Turbot Fish first.

``conjugate_pairs`` (the strong links of a digit, shared with coloring.py) is in common.py.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Cell, Digit, Unit, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, eliminations_text, sentence, unit_text, units_text
from ..steps.step import Highlight, HighlightRole, Link, Step, Technique
from .common import CandidateIndex, Once, conjugate_pairs, eliminations, index_of, only_9x9, shared_unit

_ROWS = range(0, 9)
_COLS = range(9, 18)


def chain_links(cells: Sequence[Cell], digit: Digit) -> tuple[Link, ...]:
    """Links along a single-digit chain that starts with a strong link and alternates strong, weak, strong…"""
    return tuple(Link(a, digit, b, digit, i % 2 == 0) for i, (a, b) in enumerate(zip(cells, cells[1:])))


def _step(
    technique: Technique,
    idx: CandidateIndex,
    digit: Digit,
    elim_mask: int,
    reason: str,
    pattern: Sequence[Cell],
    units: Sequence[Unit],
    links: tuple[Link, ...],
    focus: str,
) -> Step:
    geo = idx.geometry
    elims = eliminations((c, digit) for c in bits(elim_mask))
    pairs = [(e.cell, e.digit) for e in elims]
    highlights = [Highlight(HighlightRole.PATTERN, tuple(pattern), (digit,))]
    if units:
        highlights.append(Highlight(HighlightRole.DEFINING_UNIT, units=tuple(units)))
    highlights.append(Highlight(HighlightRole.ELIMINATION, tuple(e.cell for e in elims), (digit,)))
    return Step(
        technique,
        eliminations=elims,
        explanation=sentence(technique.display_name, reason, eliminations_text(geo, pairs)),
        highlights=tuple(highlights),
        links=links,
        focus=focus,
    )


# -- Skyscraper ---------------------------------------------------------------


@only_9x9
def find_skyscrapers(grid: Grid) -> Iterator[Step]:
    """Yield Skyscrapers: two rows (columns) with two places each for a digit, one pair of ends sharing a column (row)."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    once = Once()
    for lines, across in ((_ROWS, 1), (_COLS, 0)):
        for d in range(1, 10):
            pairs = conjugate_pairs(idx, d, lines)
            dc = idx.digit_cells[d]
            for i, (u1, a1, b1) in enumerate(pairs):
                for u2, a2, b2 in pairs[i + 1 :]:
                    # which ends share the crossing line (column for rows, row for columns)?
                    joins = [
                        (p, q)
                        for p in (a1, b1)
                        for q in (a2, b2)
                        if geo.cell_units[p][across] == geo.cell_units[q][across]
                    ]
                    if len(joins) != 1:  # none: no link; two: an X-Wing
                        continue
                    base1, base2 = joins[0]
                    top1 = b1 if base1 == a1 else a1
                    top2 = b2 if base2 == a2 else a2
                    elim = dc & peers[top1] & peers[top2]
                    if not elim or not once.first((d, elim)):
                        continue
                    yield _skyscraper_step(idx, d, elim, (u1, u2), (top1, base1, base2, top2))


def _skyscraper_step(
    idx: CandidateIndex, d: Digit, elim: int, lines: tuple[Unit, Unit], chain: tuple[Cell, Cell, Cell, Cell]
) -> Step:
    geo = idx.geometry
    top1, base1, base2, top2 = chain
    joint = geo.cell_units[base1][1 if lines[0] < 9 else 0]
    lines_text = units_text(geo, lines)
    reason = (
        f"in {lines_text} the {d} has only two places each, and {cells_text(geo, (base1, base2))} "
        f"share {unit_text(geo, joint)}, so they cannot both be {d} and one of "
        f"{cells_text(geo, (top1, top2))} must be {d}"
    )
    return _step(
        Technique.SKYSCRAPER,
        idx,
        d,
        elim,
        reason,
        chain,
        lines,
        chain_links(chain, d),
        f"digit {d} in {lines_text}",
    )


# -- 2-String Kite --------------------------------------------------------------


@only_9x9
def find_two_string_kites(grid: Grid) -> Iterator[Step]:
    """Yield 2-String Kites: a row and a column with two places each for a digit, one end of each in a shared box."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    cu = geo.cell_units
    once = Once()
    for d in range(1, 10):
        rows = conjugate_pairs(idx, d, _ROWS)
        if not rows:
            continue
        cols = conjugate_pairs(idx, d, _COLS)
        dc = idx.digit_cells[d]
        for ur, ra, rb in rows:
            for uc, ca, cb in cols:
                if len({ra, rb, ca, cb}) < 4:
                    continue
                for rin, rout in ((ra, rb), (rb, ra)):
                    for cin, cout in ((ca, cb), (cb, ca)):
                        if cu[rin][2] != cu[cin][2]:
                            continue
                        elim = dc & peers[rout] & peers[cout]
                        if not elim or not once.first((d, elim)):
                            continue
                        yield _kite_step(idx, d, elim, (ur, uc), (rout, rin, cin, cout))


def _kite_step(
    idx: CandidateIndex, d: Digit, elim: int, lines: tuple[Unit, Unit], chain: tuple[Cell, Cell, Cell, Cell]
) -> Step:
    geo = idx.geometry
    rout, rin, cin, cout = chain
    box = geo.cell_units[rin][2]
    reason = (
        f"the {d} has only two places in {unit_text(geo, lines[0])} and in {unit_text(geo, lines[1])}, "
        f"and {cells_text(geo, (rin, cin))} share {unit_text(geo, box)}, so they cannot both be {d} "
        f"and one of {cells_text(geo, (rout, cout))} must be {d}"
    )
    return _step(
        Technique.TWO_STRING_KITE,
        idx,
        d,
        elim,
        reason,
        chain,
        lines,
        chain_links(chain, d),
        f"digit {d} in {units_text(geo, lines)}",
    )


# -- Turbot Fish ----------------------------------------------------------------


@only_9x9
def find_turbot_fish(grid: Grid) -> Iterator[Step]:
    """Yield Turbot Fish: strong link, weak link, strong link for one digit, other than Skyscrapers and Kites."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    cu = geo.cell_units
    once = Once()
    for d in range(1, 10):
        links = _distinct_links(idx, d)
        dc = idx.digit_cells[d]
        for i, (cells1, kinds1, u1) in enumerate(links):
            for cells2, kinds2, u2 in links[i + 1 :]:
                if cells1[0] in cells2 or cells1[1] in cells2:
                    continue
                for b in cells1:
                    a = cells1[1] if b == cells1[0] else cells1[0]
                    for c in cells2:
                        if not peers[b] >> c & 1:
                            continue
                        e = cells2[1] if c == cells2[0] else cells2[0]
                        elim = dc & peers[a] & peers[e]
                        if not elim or (d, elim) in once:
                            continue
                        if _is_skyscraper_or_kite(cu, kinds1, kinds2, b, c):
                            continue
                        once.add((d, elim))
                        yield _turbot_step(idx, d, elim, (u1, u2), (a, b, c, e))


def _distinct_links(idx: CandidateIndex, d: Digit) -> list[tuple[tuple[Cell, Cell], int, Unit]]:
    """Strong links of ``d`` merged by cell pair: (cells, mask of unit kinds 1=row 2=column 4=box, first unit)."""
    merged: dict[tuple[Cell, Cell], list[int]] = {}
    for u, a, b in conjugate_pairs(idx, d):
        entry = merged.setdefault((a, b), [0, u])
        entry[0] |= 1 << (u // 9)
    return [(cells, kinds, u) for cells, (kinds, u) in merged.items()]


def _is_skyscraper_or_kite(cu: Sequence[tuple[Unit, ...]], kinds1: int, kinds2: int, b: Cell, c: Cell) -> bool:
    """Does the chain read as a Skyscraper (or X-Wing) or a 2-String Kite, which HoDoKu names first?"""
    both = kinds1 & kinds2
    if both & 1 and cu[b][1] == cu[c][1]:  # two row links joined in a column
        return True
    if both & 2 and cu[b][0] == cu[c][0]:  # two column links joined in a row
        return True
    row_col = (kinds1 & 1 and kinds2 & 2) or (kinds1 & 2 and kinds2 & 1)
    return bool(row_col) and cu[b][2] == cu[c][2]


def _turbot_step(
    idx: CandidateIndex, d: Digit, elim: int, units: tuple[Unit, Unit], chain: tuple[Cell, Cell, Cell, Cell]
) -> Step:
    geo = idx.geometry
    a, b, c, e = chain
    reason = (
        f"the {d} has only two places in {unit_text(geo, units[0])} ({cells_text(geo, (a, b))}) "
        f"and in {unit_text(geo, units[1])} ({cells_text(geo, (c, e))}), and {cells_text(geo, (b, c))} "
        f"share {unit_text(geo, shared_unit(geo, b, c))}, so they cannot both be {d} and one of "
        f"{cells_text(geo, (a, e))} must be {d}"
    )
    return _step(
        Technique.TURBOT_FISH,
        idx,
        d,
        elim,
        reason,
        chain,
        units,
        chain_links(chain, d),
        f"digit {d} in {units_text(geo, units)}",
    )


# -- Empty Rectangle ------------------------------------------------------------


@only_9x9
def find_empty_rectangles(grid: Grid) -> Iterator[Step]:
    """Yield Empty Rectangles: a box whose candidates lie on one of its rows and one of its columns, plus a strong link.

    For a box with candidates on row R and column C (each with a candidate off the
    crossing cell), and a strong link P=Q in a column whose P lies on R outside the
    box: the cell X on Q's row and column C (outside the box) loses the digit, since
    X would rule out Q, force P and leave the box no place. The same with rows and
    columns swapped.
    """
    idx = index_of(grid)
    geo = idx.geometry
    um = geo.unit_masks
    once = Once()
    for d in range(1, 10):
        dc = idx.digit_cells[d]
        for box in range(9):
            in_box = dc & um[18 + box]
            n = in_box.bit_count()
            if n < 2 or n > 5:
                continue
            r0, c0 = (box // 3) * 3, (box % 3) * 3
            for er_row in range(r0, r0 + 3):
                row_part = in_box & um[er_row]
                if not row_part:
                    continue
                for er_col in range(c0, c0 + 3):
                    col_part = in_box & um[9 + er_col]
                    # every candidate of the box on the ER row or ER column, each arm with one off the crossing
                    if (row_part | col_part) != in_box:
                        continue
                    if not (row_part & ~um[9 + er_col]) or not (col_part & ~um[er_row]):
                        continue
                    for step in _er_eliminations(idx, d, box, er_row, er_col):
                        key = (d, step.eliminations)
                        if once.first(key):
                            yield step


def _er_eliminations(idx: CandidateIndex, d: Digit, box: int, er_row: int, er_col: int) -> Iterator[Step]:
    """Strong links leaving the ER row (then the ER column) and the cell each one clears."""
    geo = idx.geometry
    um = geo.unit_masks
    dc = idx.digit_cells[d]
    box_mask = um[18 + box]
    # (line the arm lies on, line of the crossing arm, kind of the strong link's line)
    for arm, other_arm, link_kind in ((er_row, 9 + er_col, 1), (9 + er_col, er_row, 0)):
        for p in bits(dc & um[arm] & ~box_mask):
            link_unit = geo.cell_units[p][link_kind]
            pair = dc & um[link_unit]
            if pair.bit_count() != 2:
                continue
            q = (pair & ~(1 << p)).bit_length() - 1
            q_line = geo.cell_units[q][1 - link_kind]  # the row (column) through Q
            x = dc & um[q_line] & um[other_arm] & ~box_mask
            if x:
                yield _er_step(idx, d, box, (er_row, 9 + er_col), (p, q), x)


def _er_step(
    idx: CandidateIndex, d: Digit, box: int, arms: tuple[Unit, Unit], link: tuple[Cell, Cell], x_mask: int
) -> Step:
    geo = idx.geometry
    p, q = link
    x = x_mask.bit_length() - 1
    box_unit = 18 + box
    box_cells = bits(idx.digit_cells[d] & geo.unit_masks[box_unit])
    link_unit = shared_unit(geo, p, q)
    reason = (
        f"every {d} of {unit_text(geo, box_unit)} lies in {unit_text(geo, arms[0])} or "
        f"{unit_text(geo, arms[1])}, and in {unit_text(geo, link_unit)} the {d} is "
        f"{cells_text(geo, (p, q), 'or')}; a {d} in {geo.cell_name(x)} would rule out "
        f"{geo.cell_name(q)}, force {geo.cell_name(p)} and leave {unit_text(geo, box_unit)} no place for {d}"
    )
    return _step(
        Technique.EMPTY_RECTANGLE,
        idx,
        d,
        x_mask,
        reason,
        (*box_cells, p, q),
        (box_unit, link_unit),
        (Link(q, d, p, d, True),),
        f"digit {d} in {unit_text(geo, box_unit)}",
    )


FINDERS = (
    (Technique.SKYSCRAPER, find_skyscrapers),
    (Technique.TWO_STRING_KITE, find_two_string_kites),
    (Technique.TURBOT_FISH, find_turbot_fish),
    (Technique.EMPTY_RECTANGLE, find_empty_rectangles),
)
