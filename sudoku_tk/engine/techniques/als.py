"""Almost Locked Sets on 9×9 boards: ALS-XZ, ALS-XY-Wing, ALS-XY-Chain and Death Blossom (HoDoKu's definitions).

An almost locked set (ALS) is N empty cells of one unit that together hold exactly
N + 1 candidates (a bivalue cell is an ALS of one cell). Take any one digit away and
the rest are locked into the cells. N stops one short of the unit's empty cells: all
of them together hold exactly the unit's missing digits. Two sets A and B share a *restricted common*
digit x (they are *linked* by x) when both hold x, no cell belongs to both, and every
place of x in A sees every place of x in B: x can then sit in at most one of them,
so at least one of the two is locked without x.

- ALS-XZ: A and B linked by x; any other digit z of both is in A or in B (the set
  that loses x is locked and holds z), so z leaves every cell seeing all places of
  z in A and B. Doubly linked (two link digits): both sets are locked; each link
  digit sits in one of them and leaves every cell seeing all its places in both,
  and every other digit of a set leaves the cells outside both sets that see all
  its places in that set.
- ALS-XY-Wing: a pivot C linked to A by x and to B by y (x ≠ y). If a digit z of A
  and B (neither x nor y) were in neither wing, A would hold x and B would hold y,
  and C would lose both and be a digit short; so z leaves every cell seeing all z
  of A and B.
- ALS-XY-Chain: sets A1 … An (4 to ``MAX_CHAIN_SETS``), each linked to the next,
  consecutive link digits different. If A1 had no z it would be locked and hold the
  first link digit, pushing it out of A2, which is then locked and holds the second,
  and so on until An holds z: so z (in A1 and An, neither end's link digit) leaves
  every cell seeing all its places in A1 and An. (Three sets are an XY-Wing.)
- Death Blossom: a stem cell and, for each of its candidates d, a petal ALS holding
  d whose every d sees the stem (one petal may serve several stem digits). Whatever
  the stem holds, that digit's petal is locked without it, so a digit z in every
  petal and not in the stem leaves every cell seeing all its places in all petals.

Overlap: two *linked* sets never share a cell (HoDoKu's default: an RCC is only
looked for between sets that do not overlap). Sets of one pattern that are not
linked to each other may share cells: the two wings of an XY-Wing, the petals of a
Death Blossom, sets of a chain that are not neighbours (never the same set twice).
That is what HoDoKu's library expects of its chains, and the reasoning above holds
either way, since each step of it only uses the two linked sets.

The sets, their links and the other shared tables are built once per grid
(``als_index_of``) and used by all four finders. Wings and chains are found on a
graph of "set reached over digit x" states whose reachability, layer by layer, is
kept as bitsets: the search runs from each set to the sets it could clear
something with, and only the chains that are reported are spelled out (a simple
path, no set twice). Each finder yields every distinct set of eliminations once,
the smallest pattern first (shortest chain, then fewest cells).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterator, Sequence

from ..board.geometry import Cell, Digit, Unit, bits, digits_of
from ..board.grid import Grid
from ..steps.explain import cells_text, digits_text, eliminations_text, join_words, sentence
from ..steps.step import ASSUMED, ChainNode, Highlight, HighlightRole, Link, Reason, Rule, Step, Technique
from .als_index import (
    MAX_CHAIN_SETS,
    AlmostLockedSet,
    AlsIndex,
    Candidate,
    End,
    als_index_of,
    chain_ends,
    cleared_digits,
    pair_eliminations,
    route,
)
from .common import Once, candidate_highlights, eliminations

MAX_BLOSSOM_EXTENSIONS = 50_000
"""Bound on the Death Blossom search per grid (one petal tried counts one); real positions stay far below."""

_COLORS = (HighlightRole.COLOR_A, HighlightRole.COLOR_B, HighlightRole.COLOR_C, HighlightRole.COLOR_D)

# -- wording and drawing ---------------------------------------------------------------------------


def _set_text(ai: AlsIndex, s: AlmostLockedSet) -> str:
    """'r5c3 (1 or 4)' for one cell, 'r1c2,r1c3 (digits 1, 4, 7)' for more."""
    geo = ai.idx.geometry
    if s.size == 1:
        return f"{geo.cell_name(s.cell_list[0])} ({digits_text(geo, digits_of(s.digits))})"
    names = ",".join(geo.cell_name(c) for c in s.cell_list)
    return f"{names} (digits {', '.join(geo.digit_char(d) for d in digits_of(s.digits))})"


def _where(ai: AlsIndex, s: AlmostLockedSet) -> str:
    """Where a set lies, for the nudge: its cell, or its unit."""
    geo = ai.idx.geometry
    return geo.cell_name(s.cell_list[0]) if s.size == 1 else geo.unit_name(s.unit)


def _digits(ai: AlsIndex, digits: Sequence[Digit] | int, conj: str = "and") -> str:
    geo = ai.idx.geometry
    return digits_text(geo, digits_of(digits) if isinstance(digits, int) else digits, conj)


def _cleared(elims: Sequence[Candidate]) -> list[Digit]:
    return sorted({d for _c, d in elims})


def _link(a: AlmostLockedSet, b: AlmostLockedSet, x: Digit) -> Link:
    """The weak link on x between two linked sets: x cannot be in both."""
    pa = tuple(bits(a.places[x]))
    pb = tuple(bits(b.places[x]))
    return Link(pa[0], x, pb[0], x, False, pa if len(pa) > 1 else (), pb if len(pb) > 1 else ())


def _highlights(
    sets: Sequence[AlmostLockedSet],
    pattern: Sequence[Candidate],
    elims: Sequence[Candidate],
    pivot: Cell | None = None,
) -> tuple[Highlight, ...]:
    """The stem as PIVOT, each set in its own colour, link candidates as PATTERN, the sets' units, the eliminations."""
    out: list[Highlight] = []
    if pivot is not None:
        out.append(Highlight(HighlightRole.PIVOT, (pivot,)))
    units: list[Unit] = []
    for k, s in enumerate(sets):
        out.append(Highlight(_COLORS[k % len(_COLORS)], s.cell_list, tuple(digits_of(s.digits))))
        if s.size > 1 and s.unit not in units:
            units.append(s.unit)
    out.extend(candidate_highlights(HighlightRole.PATTERN, pattern))
    if units:
        out.append(Highlight(HighlightRole.DEFINING_UNIT, units=tuple(sorted(units))))
    out.extend(candidate_highlights(HighlightRole.ELIMINATION, elims))
    return tuple(out)


def _linked_drawing(
    sets: Sequence[AlmostLockedSet],
    links: Sequence[tuple[AlmostLockedSet, AlmostLockedSet, Digit]],
    elims: Sequence[Candidate],
) -> tuple[tuple[Highlight, ...], tuple[Link, ...]]:
    pattern = [(c, x) for a, b, x in links for c in bits(a.places[x] | b.places[x])]
    return _highlights(sets, pattern, elims), tuple(_link(a, b, x) for a, b, x in links)


def _node(ai: AlsIndex, s: AlmostLockedSet, d: Digit, on: bool, because: Reason) -> ChainNode:
    """A set's places of ``d`` as one chain node: on, the set holds ``d``; off, it holds none."""
    return ChainNode(tuple(bits(s.places[d])), d, on, because)


def _locked(s: AlmostLockedSet, need: int) -> Reason:
    """The set lost a digit (node ``need``), so it holds each of the others."""
    return Reason(Rule.ALS, (need,), cells=s.cell_list, digits=tuple(digits_of(s.digits)))


def _sees(ai: AlsIndex, a: AlmostLockedSet, b: AlmostLockedSet, x: Digit, need: int) -> Reason:
    """Every place of ``x`` in ``b`` sees every place of it in ``a`` (a restricted common digit)."""
    cells = bits(a.places[x] | b.places[x])
    units = set(ai.idx.geometry.cell_units[cells[0]])
    for c in cells[1:]:
        units &= set(ai.idx.geometry.cell_units[c])
    return Reason(Rule.SEES, (need,), unit=min(units) if units else None)


def set_chain(ai: AlsIndex, sets: Sequence[AlmostLockedSet], links: Sequence[Digit], z: Digit) -> list[ChainNode]:
    """The walk of a chain of sets linked in turn by ``links``: if the first set held no ``z`` it would be locked
    and hold the first link digit, which the second then can't hold, so it is locked and holds the next …
    until the last set holds ``z``."""
    nodes = [_node(ai, sets[0], z, False, ASSUMED)]
    for k, x in enumerate(links):
        nodes.append(_node(ai, sets[k], x, True, _locked(sets[k], len(nodes))))
        nodes.append(_node(ai, sets[k + 1], x, False, _sees(ai, sets[k], sets[k + 1], x, len(nodes))))
    nodes.append(_node(ai, sets[-1], z, True, _locked(sets[-1], len(nodes))))
    return nodes


def _ends_conclusion(ai: AlsIndex, first: AlmostLockedSet, last: AlmostLockedSet, elims: Sequence[Candidate]) -> str:
    """Both cases of a set chain, as a player checks them."""
    geo = ai.idx.geometry
    zs = _cleared(elims)
    z = geo.digit_char(zs[0])
    targets = sorted({c for c, d in elims if d == zs[0]})
    one = len(targets) == 1
    a, b = cells_text(geo, bits(first.places[zs[0]]), "or"), cells_text(geo, bits(last.places[zs[0]]), "or")
    tail = f"; the same holds for {_digits(ai, zs[1:])}" if len(zs) > 1 else ""
    return (
        f"so {z} is in {a} or in {b}: if not in the first set, the chain puts it in the last. "
        f"{cells_text(geo, targets)} {'sees' if one else 'see'} every one of them, so {'it' if one else 'they'} "
        f"can't be {z}{tail}"
    )


def _make_step(
    technique: Technique,
    ai: AlsIndex,
    reason: str,
    elims: Sequence[Candidate],
    drawing: tuple[tuple[Highlight, ...], tuple[Link, ...]],
    focus: str,
    chain: Sequence[ChainNode] = (),
    conclusion: str = "",
) -> Step:
    effects = eliminations(elims)
    effects_words = eliminations_text(ai.idx.geometry, [(e.cell, e.digit) for e in effects])
    return Step(
        technique,
        eliminations=effects,
        explanation=sentence(technique.display_name, reason, effects_words),
        highlights=drawing[0],
        links=drawing[1],
        focus=focus,
        chain=tuple(chain),
        conclusion=f"{conclusion} — {effects_words}" if conclusion else "",
    )


_Found = tuple[tuple[int, ...], frozenset[Candidate], Callable[[], Step]]
"""A pattern found: its sort key, its eliminations, and how to build its Step (only when yielded)."""


def _yield_distinct(found: list[_Found]) -> Iterator[Step]:
    """The Steps of the patterns, smallest first, each distinct set of eliminations once."""
    found.sort(key=lambda f: f[0])
    once = Once()
    for _key, elims, build in found:
        if once.first(elims):
            yield build()


# -- ALS-XZ ---------------------------------------------------------------------------------------


def find_als_xz(grid: Grid) -> Iterator[Step]:
    """Yield ALS-XZ steps: two linked sets (doubly linked ones too), smallest first."""
    ai = als_index_of(grid)
    if ai is None:
        return
    dc = ai.idx.digit_cells
    found: list[_Found] = []
    for i, a in enumerate(ai.sets):
        for j, rcc in ai.rcc[i]:
            if j < i:
                continue
            b = ai.sets[j]
            elims: list[Candidate] = []
            doubly = bool(rcc & (rcc - 1))
            if doubly:  # both sets are locked
                for x in digits_of(rcc):
                    elims += [(c, x) for c in bits(ai.shared_zone(i, j, x))]
                outside = ~(a.cells | b.cells)
                for s in (a, b):
                    for d in digits_of(s.digits & ~rcc):
                        elims += [(c, d) for c in bits(dc[d] & s.zone[d] & outside)]
            else:
                for z in digits_of(a.digits & b.digits & ~rcc):
                    elims += [(c, z) for c in bits(ai.shared_zone(i, j, z))]
            if elims:
                key = (a.size + b.size, int(doubly), i, j)
                found.append((key, frozenset(elims), _xz_builder(ai, i, j, rcc, sorted(set(elims)))))
    yield from _yield_distinct(found)


def _xz_builder(ai: AlsIndex, i: int, j: int, rcc: int, elims: list[Candidate]) -> Callable[[], Step]:
    def build() -> Step:
        a, b = ai.sets[i], ai.sets[j]
        if rcc & (rcc - 1):
            reason = (
                f"{_set_text(ai, a)} and {_set_text(ai, b)} share {_digits(ai, rcc)}, each with places that all "
                f"see each other, so neither can be in both sets and each set is locked without one of them: "
                f"{_digits(ai, rcc)} each sit in one of the two sets, and every other digit stays inside its own set"
            )
        else:
            x = _digits(ai, rcc)
            reason = (
                f"{_set_text(ai, a)} and {_set_text(ai, b)} share {x}, whose places all see each other, so one of "
                f"the two sets is locked without {x} and holds {_digits(ai, _cleared(elims))}"
            )
        focus = f"{_where(ai, a)} and {_where(ai, b)}, linked by {_digits(ai, rcc)}"
        drawing = _linked_drawing((a, b), [(a, b, x) for x in digits_of(rcc)], elims)
        if rcc & (rcc - 1):
            return _make_step(Technique.ALS_XZ, ai, reason, elims, drawing, focus)
        link = rcc.bit_length()  # the one link digit
        z = _cleared(elims)[0]
        first, last = (a, b) if a.places[z] else (b, a)
        chain = set_chain(ai, (first, last), (link,), z)
        return _make_step(
            Technique.ALS_XZ, ai, reason, elims, drawing, focus, chain, _ends_conclusion(ai, first, last, elims)
        )

    return build


# -- ALS-XY-Wing ----------------------------------------------------------------------------------


def find_als_xy_wings(grid: Grid) -> Iterator[Step]:
    """Yield ALS-XY-Wings: a pivot set linked to two wing sets by different digits, smallest first."""
    ai = als_index_of(grid)
    if ai is None:
        return
    found: list[_Found] = []
    for end in chain_ends(ai, (3,)):
        i, x, j, y = end
        pivot = _lowest(ai.linked[i][x] & ai.linked[j][y])
        elims = pair_eliminations(ai, i, j, cleared_digits(ai, end))
        key = (ai.sets[i].size + ai.sets[j].size + ai.sets[pivot].size, i, j, pivot, x, y)
        found.append((key, frozenset(elims), _wing_builder(ai, pivot, i, j, x, y, elims)))
    yield from _yield_distinct(found)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _wing_builder(
    ai: AlsIndex, c: int, a: int, b: int, x: Digit, y: Digit, elims: list[Candidate]
) -> Callable[[], Step]:
    def build() -> Step:
        wa, wb, pivot = ai.sets[a], ai.sets[b], ai.sets[c]
        zs = _cleared(elims)
        tail = f", and likewise {_digits(ai, zs[1:])}" if len(zs) > 1 else ""
        reason = (
            f"the pivot {_set_text(ai, pivot)} shares {x} with {_set_text(ai, wa)} and {y} with "
            f"{_set_text(ai, wb)}, each link's places all seeing each other; if neither wing held {zs[0]}, both "
            f"would be locked, one holding {x} and the other {y}, and the pivot would lose both and be a digit "
            f"short, so a wing holds {zs[0]}{tail}"
        )
        focus = f"the pivot in {_where(ai, pivot)} and the wings in {_where(ai, wa)} and {_where(ai, wb)}"
        drawing = _linked_drawing((pivot, wa, wb), [(wa, pivot, x), (pivot, wb, y)], elims)
        chain = set_chain(ai, (wa, pivot, wb), (x, y), zs[0])
        return _make_step(
            Technique.ALS_XY_WING, ai, reason, elims, drawing, focus, chain, _ends_conclusion(ai, wa, wb, elims)
        )

    return build


# -- ALS-XY-Chain ---------------------------------------------------------------------------------


def find_als_xy_chains(grid: Grid) -> Iterator[Step]:
    """Yield ALS-XY-Chains of 4 to MAX_CHAIN_SETS sets, shortest first, each distinct set of eliminations once."""
    ai = als_index_of(grid)
    if ai is None:
        return
    # chains whose two end sets clear the same digits clear the same candidates: group them
    groups: dict[tuple[int, int, int], list[tuple[int, End]]] = {}
    for end, length in chain_ends(ai, range(4, MAX_CHAIN_SETS + 1)).items():
        groups.setdefault((end[0], end[2], cleared_digits(ai, end)), []).append((length, end))
    # (length to try, cells of the end sets, group, member of the group)
    queue: list[tuple[int, int, tuple[int, int, int], int]] = []
    for key, members in groups.items():
        members.sort()
        queue.append((members[0][0], ai.sets[key[0]].size + ai.sets[key[1]].size, key, 0))
    heapq.heapify(queue)
    once = Once()
    elims_of: dict[tuple[int, int, int], frozenset[Candidate]] = {}
    while queue:
        length, size, key, k = heapq.heappop(queue)
        elims = elims_of.get(key)
        if elims is None:
            elims = elims_of[key] = frozenset(pair_eliminations(ai, *key))
        if elims in once:
            continue
        members = groups[key]
        found = route(ai, members[k][1], length)
        if found is None:  # only walks that visit a set twice: try longer, and the group's other ends
            if length < MAX_CHAIN_SETS:
                heapq.heappush(queue, (length + 1, size, key, k))
            if length == members[k][0] and k + 1 < len(members):
                heapq.heappush(queue, (members[k + 1][0], size, key, k + 1))
            continue
        once.add(elims)
        yield _chain_step(ai, found[0], found[1], sorted(elims))


def _chain_step(ai: AlsIndex, path: tuple[int, ...], digits: tuple[Digit, ...], elims: list[Candidate]) -> Step:
    sets = [ai.sets[k] for k in path]
    zs = _cleared(elims)
    z = _digits(ai, zs[:1])
    tail = f", and likewise {_digits(ai, zs[1:])}" if len(zs) > 1 else ""
    reason = (
        f"the sets {join_words([_set_text(ai, s) for s in sets])} are linked in turn by "
        f"{join_words([ai.idx.geometry.digit_char(x) for x in digits])}, each link's places all seeing each other; if the first set "
        f"held no {z}, it would be locked and hold {digits[0]}, which locks the second set without {digits[0]} "
        f"so that it holds {digits[1]}, and so on along the chain until the last set holds {z}, so the first "
        f"or the last set holds {z}{tail}"
    )
    focus = f"a chain of {len(sets)} almost locked sets from {_where(ai, sets[0])} to {_where(ai, sets[-1])}"
    links = [(sets[k], sets[k + 1], digits[k]) for k in range(len(digits))]
    chain = set_chain(ai, sets, digits, zs[0])
    return _make_step(
        Technique.ALS_XY_CHAIN,
        ai,
        reason,
        elims,
        _linked_drawing(sets, links, elims),
        focus,
        chain,
        _ends_conclusion(ai, sets[0], sets[-1], elims),
    )


# -- Death Blossom --------------------------------------------------------------------------------


def find_death_blossoms(grid: Grid) -> Iterator[Step]:
    """Yield Death Blossoms: a stem cell with a petal set for each candidate, all sharing a digit; smallest first."""
    ai = als_index_of(grid)
    if ai is None:
        return
    idx = ai.idx
    found: list[_Found] = []
    budget = [MAX_BLOSSOM_EXTENSIONS]
    for stem in bits(idx.empty):
        stem_mask = idx.candidates[stem]
        if stem_mask.bit_count() < 2:
            continue
        zones = tuple(
            (z, idx.digit_cells[z]) for z in digits_of(idx.geometry.all_digits & ~stem_mask) if idx.digit_cells[z]
        )
        options = [(d, bits(ai.seeing[d][stem])) for d in digits_of(stem_mask)]
        if zones and all(petals for _d, petals in options):
            options.sort(key=lambda o: len(o[1]))
            _blossoms(ai, stem, zones, options, budget, found)
    yield from _yield_distinct(found)


_Zones = tuple[tuple[Digit, int], ...]
"""(z, cell mask) pairs: for each digit z still common to the petals, the cells holding z that see all of them."""


def _blossoms(
    ai: AlsIndex,
    stem: Cell,
    zones: _Zones,
    options: list[tuple[Digit, list[int]]],
    budget: list[int],
    found: list[_Found],
) -> None:
    """Pick a petal for each stem digit while some digit z of them all keeps a cell seeing every z; record each.

    What the petals still to pick can do depends only on the zones so far, so each (level, zones) is
    explored once: the first, lowest petals to reach it stand for all the others.
    """
    sets = ai.sets
    chosen: list[tuple[Digit, int]] = []
    explored = set()

    def pick(k: int, zones: _Zones) -> None:
        if (k, zones) in explored:
            return
        explored.add((k, zones))
        if k == len(options):
            _blossom_pattern(ai, stem, tuple(chosen), zones, found)
            return
        d, petals = options[k]
        for p in petals:
            if budget[0] <= 0:
                return
            budget[0] -= 1
            zone_of = sets[p].zone
            left = tuple((z, m & zone_of[z]) for z, m in zones if m & zone_of[z])
            if left:
                chosen.append((d, p))
                pick(k + 1, left)
                chosen.pop()

    pick(0, zones)


def _blossom_pattern(
    ai: AlsIndex, stem: Cell, chosen: tuple[tuple[Digit, int], ...], zones: _Zones, found: list[_Found]
) -> None:
    elims = sorted((c, z) for z, m in zones for c in bits(m))
    petals = tuple(sorted(chosen))
    key = (sum(ai.sets[p].size for p in {p for _d, p in petals}), stem, *(p for _d, p in petals))
    found.append((key, frozenset(elims), _blossom_builder(ai, stem, petals, elims)))


def _blossom_builder(
    ai: AlsIndex, stem: Cell, petals: tuple[tuple[Digit, int], ...], elims: list[Candidate]
) -> Callable[[], Step]:
    def build() -> Step:
        name = ai.idx.geometry.cell_name(stem)
        serves: dict[int, list[Digit]] = {}
        for d, p in petals:
            serves.setdefault(p, []).append(d)
        parts = [f"{_set_text(ai, ai.sets[p])} for {_digits(ai, ds)}" for p, ds in serves.items()]
        reason = (
            f"the stem {name} holds only {_digits(ai, [d for d, _p in petals], 'or')}, and each of them has a "
            f"petal whose places of that digit all see {name}: {join_words(parts)}; whichever digit {name} takes, "
            f"its petal is locked without it and holds {_digits(ai, _cleared(elims))}"
        )
        focus = f"{name} and the almost locked sets around it"
        sets = [ai.sets[p] for p in serves]
        pattern = [(c, d) for d, p in petals for c in (stem, *bits(ai.sets[p].places[d]))]
        links = []
        for d, p in petals:
            places = tuple(bits(ai.sets[p].places[d]))
            links.append(Link(stem, d, places[0], d, False, (), places if len(places) > 1 else ()))
        drawing = (_highlights(sets, pattern, elims, pivot=stem), tuple(links))
        # The walk: one case per stem digit; the stem sees every place of that digit in its petal.
        geo = ai.idx.geometry
        z = _cleared(elims)[0]
        chain: list[ChainNode] = []
        for d, p in petals:
            petal = ai.sets[p]
            chain.append(ChainNode((stem,), d, True, ASSUMED))
            unit = None
            common = set(geo.cell_units[stem])
            for c in bits(petal.places[d]):
                common &= set(geo.cell_units[c])
            unit = min(common) if common else None
            chain.append(_node(ai, petal, d, False, Reason(Rule.SEES, (len(chain),), unit=unit)))
            chain.append(_node(ai, petal, z, True, _locked(petal, len(chain))))
        zc = geo.digit_char(z)
        conclusion = (
            f"whichever digit {name} holds, one petal holds {zc}: the cells that see every {zc} of all the petals "
            f"can't be {zc}"
        )
        return _make_step(Technique.DEATH_BLOSSOM, ai, reason, elims, drawing, focus, chain, conclusion)

    return build


FINDERS = (
    (Technique.ALS_XZ, find_als_xz),
    (Technique.ALS_XY_WING, find_als_xy_wings),
    (Technique.ALS_XY_CHAIN, find_als_xy_chains),
    (Technique.DEATH_BLOSSOM, find_death_blossoms),
)
