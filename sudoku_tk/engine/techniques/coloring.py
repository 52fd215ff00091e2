"""Colouring on 9×9 boards: Simple Colors (trap and wrap) and Multi Colors 1 and 2 (HoDoKu's definitions).

For one digit, join every two cells that are its only two places in some unit (a
conjugate pair: exactly one of them holds the digit). Each connected group of
such cells splits into two colours that alternate along the links: one colour
holds the digit in all its cells, the other in none.

- Simple Colors Trap: a cell that sees both colours of one group cannot hold the digit.
- Simple Colors Wrap: two cells of one colour that see each other cannot both hold it,
  so that whole colour is false.
- Multi Colors 2: a colour of one group whose cells see both colours of another group
  is false (one of those two is true and would be seen).
- Multi Colors 1: when a colour of one group sees a colour of another, those two are not
  both true, so one of their opposite colours is; a cell seeing both opposites is cleared.

(HoDoKu numbers the two Multi Colors types this way round; its regression library
follows the same numbering.)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Cell, Digit, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, eliminations_text, join_words, sentence, unit_text
from ..steps.step import Highlight, HighlightRole, Link, Step, Technique
from .common import CandidateIndex, Once, conjugate_pairs, eliminations, index_of, only_9x9, shared_unit


class _Cluster:
    """One connected group of conjugate pairs for a digit: its two colours as cell masks and its links."""

    __slots__ = ("a", "b", "links", "sees_a", "sees_b")

    def __init__(self, a: int, b: int, links: list[tuple[Cell, Cell]], peer_masks: Sequence[int]) -> None:
        self.a = a
        self.b = b
        self.links = links
        self.sees_a = _seen_by_any(a, peer_masks)
        self.sees_b = _seen_by_any(b, peer_masks)


def _seen_by_any(mask: int, peer_masks: Sequence[int]) -> int:
    out = 0
    for c in bits(mask):
        out |= peer_masks[c]
    return out


_CACHE_SIZE = 4
_cache: list[tuple[CandidateIndex, dict[Digit, list[_Cluster]]]] = []


def _clusters(idx: CandidateIndex, digit: Digit) -> list[_Cluster]:
    """The colour groups of ``digit``, computed once per grid for all four finders (a small identity cache)."""
    for cached_idx, per_digit in _cache:  # noqa: B007 (kept: the entry found is used after the loop)
        if cached_idx is idx:
            break
    else:
        per_digit = {}
        _cache.insert(0, (idx, per_digit))
        del _cache[_CACHE_SIZE:]
    found = per_digit.get(digit)
    if found is None:
        found = per_digit[digit] = _colour(idx, digit)
    return found


def _colour(idx: CandidateIndex, digit: Digit) -> list[_Cluster]:
    """Colour the conjugate-pair graph of ``digit``; groups with only one colour are dropped (as HoDoKu does)."""
    adj: dict[Cell, list[Cell]] = {}
    edges = set()
    for _u, p, q in conjugate_pairs(idx, digit):
        if (p, q) in edges:  # the same two cells can be the only places in a line and in a box
            continue
        edges.add((p, q))
        adj.setdefault(p, []).append(q)
        adj.setdefault(q, []).append(p)
    peer_masks = idx.geometry.peer_masks
    colour: dict[Cell, int] = {}
    out: list[_Cluster] = []
    for start in sorted(adj):
        if start in colour:
            continue
        colour[start] = 0
        masks = [1 << start, 0]
        links: list[tuple[Cell, Cell]] = []
        todo = [start]
        while todo:
            c = todo.pop()
            for o in adj[c]:
                if c < o:
                    links.append((c, o))
                if o not in colour:
                    # first colour seen wins; an odd loop (a broken position) shows up as a wrap
                    colour[o] = 1 - colour[c]
                    masks[colour[o]] |= 1 << o
                    todo.append(o)
        if masks[0] and masks[1]:
            out.append(_Cluster(masks[0], masks[1], sorted(links), peer_masks))
    return out


def _has_inner_peer(mask: int, peer_masks: Sequence[int]) -> bool:
    """Do two cells of ``mask`` see each other?"""
    return any(peer_masks[c] & mask for c in bits(mask))


_COLOR_ROLES = (HighlightRole.COLOR_A, HighlightRole.COLOR_B, HighlightRole.COLOR_C, HighlightRole.COLOR_D)


def _step(
    technique: Technique,
    idx: CandidateIndex,
    digit: Digit,
    elim_mask: int,
    reason: str,
    clusters: Sequence[_Cluster],
) -> Step:
    geo = idx.geometry
    elims = eliminations((c, digit) for c in bits(elim_mask))
    highlights: list[Highlight] = []
    links: list[Link] = []
    for k, cl in enumerate(clusters):
        highlights.append(Highlight(_COLOR_ROLES[2 * k], tuple(bits(cl.a)), (digit,)))
        highlights.append(Highlight(_COLOR_ROLES[2 * k + 1], tuple(bits(cl.b)), (digit,)))
        links.extend(Link(p, digit, q, digit, True) for p, q in cl.links)
    highlights.append(Highlight(HighlightRole.ELIMINATION, tuple(e.cell for e in elims), (digit,)))
    return Step(
        technique,
        eliminations=elims,
        explanation=sentence(
            technique.display_name, reason, eliminations_text(geo, [(e.cell, e.digit) for e in elims])
        ),
        highlights=tuple(highlights),
        links=tuple(links),
        focus=f"digit {digit}",
    )


def _groups_text(idx: CandidateIndex, digit: Digit, cl: _Cluster) -> str:
    geo = idx.geometry
    return (
        f"following the units where {digit} has only two places, the {digit}s in "
        f"{cells_text(geo, bits(cl.a))} are all true or all false, and opposite to those in "
        f"{cells_text(geo, bits(cl.b))}"
    )


def _chains_text(idx: CandidateIndex, digit: Digit, c1: _Cluster, c2: _Cluster) -> str:
    geo = idx.geometry
    return (
        f"following the units where {digit} has only two places, two separate chains split the {digit}s "
        f"into opposite groups: {cells_text(geo, bits(c1.a))} against {cells_text(geo, bits(c1.b))} in the "
        f"first, {cells_text(geo, bits(c2.a))} against {cells_text(geo, bits(c2.b))} in the second"
    )


def _touching(mask1: int, mask2: int, peer_masks: Sequence[int]) -> tuple[Cell, Cell]:
    """The first cell of ``mask1`` that sees a cell of ``mask2``, and that cell (the masks must touch)."""
    for p in bits(mask1):
        hit = peer_masks[p] & mask2
        if hit:
            return p, (hit & -hit).bit_length() - 1
    raise ValueError("the two groups do not see each other")


# -- Simple Colors ------------------------------------------------------------


@only_9x9
def find_simple_colors_traps(grid: Grid) -> Iterator[Step]:
    """Yield Simple Colors Traps: candidates seeing both colours of one group."""
    idx = index_of(grid)
    for d in range(1, 10):
        dc = idx.digit_cells[d]
        for cl in _clusters(idx, d):
            elim = dc & cl.sees_a & cl.sees_b
            if elim:
                reason = (
                    _groups_text(idx, d, cl)
                    + f"; one group holds the {d}s, so a cell that sees a cell of each group cannot be {d}"
                )
                yield _step(Technique.SIMPLE_COLORS_TRAP, idx, d, elim, reason, (cl,))


@only_9x9
def find_simple_colors_wraps(grid: Grid) -> Iterator[Step]:
    """Yield Simple Colors Wraps: a colour with two cells that see each other is false everywhere."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    for d in range(1, 10):
        for cl in _clusters(idx, d):
            elim = 0
            witness = None
            for mask in (cl.a, cl.b):
                if _has_inner_peer(mask, peers):
                    elim |= mask
                    witness = witness or _touching(mask, mask, peers)
            if witness is None:
                continue
            p, q = witness
            reason = (
                _groups_text(idx, d, cl) + f"; {cells_text(geo, (p, q))} are in the same group but share "
                f"{unit_text(geo, shared_unit(geo, p, q))}, so they cannot both be {d} and their group is false"
            )
            yield _step(Technique.SIMPLE_COLORS_WRAP, idx, d, elim, reason, (cl,))


# -- Multi Colors -------------------------------------------------------------


@only_9x9
def find_multi_colors_1(grid: Grid) -> Iterator[Step]:
    """Yield Multi Colors 1: a colour of one group sees a colour of another; cells seeing both opposites lose the digit."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    once = Once()
    for d in range(1, 10):
        dc = idx.digit_cells[d]
        clusters = _clusters(idx, d)
        for i, c1 in enumerate(clusters):
            for c2 in clusters[i + 1 :]:
                elim = 0
                touching = []
                for mine, mine_sees, other_of_mine in ((c1.a, c1.sees_a, c1.sees_b), (c1.b, c1.sees_b, c1.sees_a)):
                    for theirs, other_of_theirs in ((c2.a, c2.sees_b), (c2.b, c2.sees_a)):
                        if mine_sees & theirs:
                            elim |= dc & other_of_mine & other_of_theirs
                            touching.append((mine, theirs))
                if not elim or not once.first((d, elim)):
                    continue
                pairs = [_touching(mine, theirs, peers) for mine, theirs in touching]
                seen_text = join_words([f"{geo.cell_name(p)} sees {geo.cell_name(q)}" for p, q in pairs])
                reason = (
                    _chains_text(idx, d, c1, c2)
                    + f"; {seen_text}, so the groups of "
                    + ("those two cells are" if len(pairs) == 1 else "each such pair are")
                    + f" not both true and one of their opposite groups holds the {d}s; a cell that sees "
                    f"a cell of both opposite groups cannot be {d}"
                )
                yield _step(Technique.MULTI_COLORS_1, idx, d, elim, reason, (c1, c2))


@only_9x9
def find_multi_colors_2(grid: Grid) -> Iterator[Step]:
    """Yield Multi Colors 2: a colour of one group sees both colours of another group, so it is false."""
    idx = index_of(grid)
    geo = idx.geometry
    peers = geo.peer_masks
    once = Once()
    for d in range(1, 10):
        clusters = _clusters(idx, d)
        for c1 in clusters:
            for c2 in clusters:
                if c1 is c2:
                    continue
                elim = 0
                for mine, mine_sees in ((c1.a, c1.sees_a), (c1.b, c1.sees_b)):
                    if mine_sees & c2.a and mine_sees & c2.b:
                        elim |= mine
                if not elim or not once.first((d, elim)):
                    continue
                group = c1.a if elim & c1.a else c1.b
                p1, q1 = _touching(group, c2.a, peers)
                p2, q2 = _touching(group, c2.b, peers)
                reason = (
                    _chains_text(idx, d, c1, c2)
                    + f"; the group of {geo.cell_name(p1)} sees both groups of the other chain "
                    f"({geo.cell_name(p1)} sees {geo.cell_name(q1)} and {geo.cell_name(p2)} sees "
                    f"{geo.cell_name(q2)}), and one of those is true, so that group is false"
                )
                yield _step(Technique.MULTI_COLORS_2, idx, d, elim, reason, (c1, c2))


FINDERS = (
    (Technique.SIMPLE_COLORS_TRAP, find_simple_colors_traps),
    (Technique.SIMPLE_COLORS_WRAP, find_simple_colors_wraps),
    (Technique.MULTI_COLORS_1, find_multi_colors_1),
    (Technique.MULTI_COLORS_2, find_multi_colors_2),
)
