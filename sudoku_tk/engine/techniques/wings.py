"""Wings on 9×9 boards: W-Wing, XY-Wing and XYZ-Wing (HoDoKu's definitions).

- XY-Wing: a pivot cell with candidates {x, y} sees two pincers {x, z} and {y, z};
  whatever the pivot holds, one pincer is z, so z leaves every cell seeing both pincers.
- XYZ-Wing: the pivot holds {x, y, z} and the pincers {x, z} and {y, z}; one of the
  three cells is z, so z leaves every cell seeing all three.
- W-Wing: two cells holding only {x, y} and a strong link on y (a unit where y has
  exactly two places) with one end seeing each cell; the two cells cannot both be y,
  so one of them is x, and x leaves every cell seeing both.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.geometry import Cell, Digit, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, eliminations_text, mask_text, sentence, unit_text
from ..steps.step import Highlight, HighlightRole, Link, Step, Technique
from .common import CandidateIndex, Once, eliminations, index_of, only_9x9


def _digit(mask: int) -> Digit:
    """The digit of a one-digit mask."""
    return mask.bit_length()


def _step(
    technique: Technique,
    idx: CandidateIndex,
    z: Digit,
    elim_mask: int,
    reason: str,
    highlights: list[Highlight],
    links: tuple[Link, ...],
    focus: str,
) -> Step:
    elims = eliminations((c, z) for c in bits(elim_mask))
    highlights.append(Highlight(HighlightRole.ELIMINATION, tuple(e.cell for e in elims), (z,)))
    return Step(
        technique,
        eliminations=elims,
        explanation=sentence(
            technique.display_name, reason, eliminations_text(idx.geometry, [(e.cell, e.digit) for e in elims])
        ),
        highlights=tuple(highlights),
        links=links,
        focus=focus,
    )


def _holds(idx: CandidateIndex, cell: Cell, verb: str = "") -> str:
    """'r2c7 (3 or 5)', or with a verb 'r2c7 holds only 3 or 5'."""
    digits = mask_text(idx.geometry, idx.candidates[cell])
    name = idx.geometry.cell_name(cell)
    return f"{name} {verb}{digits}" if verb else f"{name} ({digits})"


# -- XY-Wing ------------------------------------------------------------------


@only_9x9
def find_xy_wings(grid: Grid) -> Iterator[Step]:
    """Yield XY-Wings: pivot {x, y} seeing pincers {x, z} and {y, z}; z leaves the cells seeing both pincers."""
    idx = index_of(grid)
    peers = idx.geometry.peer_masks
    cands = idx.candidates
    once = Once()
    for pivot in bits(idx.bivalue):
        pm = cands[pivot]
        # bivalue peers sharing exactly one digit with the pivot
        wings = [q for q in bits(idx.bivalue & peers[pivot]) if (cands[q] & pm).bit_count() == 1]
        for i, q1 in enumerate(wings):
            m1 = cands[q1]
            for q2 in wings[i + 1 :]:
                m2 = cands[q2]
                zm = m1 & m2
                if zm.bit_count() != 1 or zm & pm or (m1 & pm) == (m2 & pm):
                    continue
                z = _digit(zm)
                elim = idx.digit_cells[z] & peers[q1] & peers[q2]
                if elim and once.first((z, elim)):
                    yield _xy_step(idx, pivot, q1, q2, z, elim)


def _xy_step(idx: CandidateIndex, pivot: Cell, q1: Cell, q2: Cell, z: Digit, elim: int) -> Step:
    geo = idx.geometry
    x = _digit(idx.candidates[q1] & idx.candidates[pivot])
    y = _digit(idx.candidates[q2] & idx.candidates[pivot])
    reason = (
        f"{_holds(idx, pivot, 'holds only ')} and sees {_holds(idx, q1)} and {_holds(idx, q2)}, "
        f"so whichever digit it takes, one of those two cells must be {z}"
    )
    links = (
        Link(q1, z, q1, x, True),
        Link(q1, x, pivot, x, False),
        Link(pivot, x, pivot, y, True),
        Link(pivot, y, q2, y, False),
        Link(q2, y, q2, z, True),
    )
    highlights = [
        Highlight(HighlightRole.PIVOT, (pivot,)),
        Highlight(HighlightRole.PATTERN, (q1, q2)),
    ]
    return _step(
        Technique.XY_WING,
        idx,
        z,
        elim,
        reason,
        highlights,
        links,
        f"{geo.cell_name(pivot)} and the cells it sees",
    )


# -- XYZ-Wing -----------------------------------------------------------------


@only_9x9
def find_xyz_wings(grid: Grid) -> Iterator[Step]:
    """Yield XYZ-Wings: pivot {x, y, z} seeing pincers {x, z} and {y, z}; z leaves the cells seeing all three."""
    idx = index_of(grid)
    peers = idx.geometry.peer_masks
    cands = idx.candidates
    once = Once()
    for pivot, pm in enumerate(cands):
        if pm.bit_count() != 3:
            continue
        wings = [q for q in bits(idx.bivalue & peers[pivot]) if cands[q] & pm == cands[q]]
        for i, q1 in enumerate(wings):
            m1 = cands[q1]
            for q2 in wings[i + 1 :]:
                m2 = cands[q2]
                if m1 == m2:
                    continue
                z = _digit(m1 & m2)
                elim = idx.digit_cells[z] & peers[pivot] & peers[q1] & peers[q2]
                if elim and once.first((z, elim)):
                    yield _xyz_step(idx, pivot, q1, q2, z, elim)


def _xyz_step(idx: CandidateIndex, pivot: Cell, q1: Cell, q2: Cell, z: Digit, elim: int) -> Step:
    geo = idx.geometry
    reason = (
        f"{_holds(idx, pivot, 'holds only ')} and sees "
        f"{_holds(idx, q1)} and {_holds(idx, q2)}, so whichever digit it takes, one of the three cells "
        f"must be {z}"
    )
    highlights = [
        Highlight(HighlightRole.PIVOT, (pivot,)),
        Highlight(HighlightRole.PATTERN, (q1, q2)),
    ]
    return _step(
        Technique.XYZ_WING,
        idx,
        z,
        elim,
        reason,
        highlights,
        (),
        f"{geo.cell_name(pivot)} and the cells it sees",
    )


# -- W-Wing -------------------------------------------------------------------


@only_9x9
def find_w_wings(grid: Grid) -> Iterator[Step]:
    """Yield W-Wings: two {x, y} cells whose y is bridged by a strong link; x leaves the cells seeing both."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    cands = idx.candidates
    biv = bits(idx.bivalue)
    once = Once()
    for i, w1 in enumerate(biv):
        m = cands[w1]
        for w2 in biv[i + 1 :]:
            if cands[w2] != m:
                continue
            lo = m & -m
            for x_bit, y_bit in ((lo, m ^ lo), (m ^ lo, lo)):
                x, y = _digit(x_bit), _digit(y_bit)
                elim = idx.digit_cells[x] & peers[w1] & peers[w2]
                if not elim or (x, elim) in once:
                    continue
                bridge = _bridge(idx, y, w1, w2)
                if bridge is None:
                    continue
                once.add((x, elim))
                yield _w_step(idx, w1, w2, x, y, bridge, elim)


def _bridge(idx: CandidateIndex, y: Digit, w1: Cell, w2: Cell) -> tuple[int, Cell, Cell] | None:
    """A unit where y has two places p, q (neither wing cell) with p seeing w1 and q seeing w2."""
    geo = idx.geometry
    peers = geo.peer_masks
    um = geo.unit_masks
    dc = idx.digit_cells[y]
    wings = (1 << w1) | (1 << w2)
    for u in range(len(um)):
        pair = dc & um[u]
        if pair.bit_count() != 2 or pair & wings:
            continue
        low = pair & -pair
        p, q = low.bit_length() - 1, (pair ^ low).bit_length() - 1
        if peers[p] >> w1 & 1 and peers[q] >> w2 & 1:
            return u, p, q
        if peers[q] >> w1 & 1 and peers[p] >> w2 & 1:
            return u, q, p
    return None


def _w_step(
    idx: CandidateIndex, w1: Cell, w2: Cell, x: Digit, y: Digit, bridge: tuple[int, Cell, Cell], elim: int
) -> Step:
    geo = idx.geometry
    u, p, q = bridge
    reason = (
        f"{cells_text(geo, (w1, w2))} both hold only {mask_text(geo, idx.candidates[w1])}; in "
        f"{unit_text(geo, u)} the {y} is {cells_text(geo, (p, q), 'or')}, and {geo.cell_name(p)} sees "
        f"{geo.cell_name(w1)} while {geo.cell_name(q)} sees {geo.cell_name(w2)}, so the two cells cannot "
        f"both be {y} and one of them is {x}"
    )
    links = (
        Link(w1, x, w1, y, True),
        Link(w1, y, p, y, False),
        Link(p, y, q, y, True),
        Link(q, y, w2, y, False),
        Link(w2, y, w2, x, True),
    )
    highlights = [
        Highlight(HighlightRole.PATTERN, (w1, w2)),
        Highlight(HighlightRole.PATTERN, (p, q), (y,)),
        Highlight(HighlightRole.DEFINING_UNIT, units=(u,)),
    ]
    return _step(
        Technique.W_WING,
        idx,
        x,
        elim,
        reason,
        highlights,
        links,
        f"the {x}/{y} cells {cells_text(geo, (w1, w2))}",
    )


FINDERS = (
    (Technique.W_WING, find_w_wings),
    (Technique.XY_WING, find_xy_wings),
    (Technique.XYZ_WING, find_xyz_wings),
)
