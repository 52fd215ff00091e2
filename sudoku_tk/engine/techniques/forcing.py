"""Forcing chains and forcing nets: the last resort before the labelled brute-force step.

Assume one candidate true (or false) and follow everything the assumption forces:

- a **forcing chain** follows links only, each fact from one earlier fact: a true
  candidate makes every candidate it is weakly linked to false, a false one makes its
  strong partner true;
- a **forcing net** also joins branches: a cell with one candidate left takes it (naked
  single) and a digit with one place left in a unit goes there (hidden single).

Two kinds of conclusion, as in HoDoKu:

- **contradiction**: the assumption forces something impossible (a candidate both true
  and false, a cell with no candidate, a digit with no place in a unit that needs it), so
  it is wrong: a candidate assumed true is removed, one assumed false is placed.
- **verity**: every case of something certain forces the same fact, which is then true:
  each candidate of one cell, each place of a digit in one unit, or one candidate both
  true and false.

Every premise of the position is followed once (its outcome is kept per position), and
the steps are offered smallest proof first: the fewest facts a player has to follow. An
explanation names each branch as the path of facts from the assumption to the fact that
matters, shortened in the middle when it is long.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from ..explain import join_words, sentence, effects_text
from ..geometry import Cell, Digit, bits
from ..grid import Grid
from ..step import ChainNode, Highlight, HighlightRole, Link, Step, Technique
from .common import effect_highlights, eliminations, placements
from .link_graph import LinkGraph, graph_of

Fact = Tuple[int, bool]
"""A candidate (its node id, see link_graph.py) and whether it is true."""

CHAIN_TECHNIQUES = (Technique.FORCING_CHAIN_CONTRADICTION, Technique.FORCING_CHAIN_VERITY)
NET_TECHNIQUES = (Technique.FORCING_NET_CONTRADICTION, Technique.FORCING_NET_VERITY)

MAX_SHOWN = 12
"""Facts written per branch in an explanation before its middle is shortened to "…"."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one premise forces: every fact with the facts it follows from, and the contradiction, if any."""

    premise: Fact
    on: int
    off: int
    why: Dict[Fact, Tuple[str, Tuple[Fact, ...]]]
    """fact -> (how, the facts it follows from). how: "premise", "link", "naked single", "hidden single <unit>"."""
    clash: Optional[Tuple[str, Tuple[Fact, ...]]]
    """(what is impossible, the facts that make it so), when the premise leads to a contradiction."""
    depth: Dict[Fact, int]
    """How many steps each fact is from the premise (a single: one more than its deepest support)."""


class Propagator:
    """Follows premises over one position's candidates, by links only (``nets`` False) or with singles too."""

    def __init__(self, graph: LinkGraph, nets: bool) -> None:
        grid = graph.grid
        geo = grid.geometry
        self.graph = graph
        self.nets = nets
        self.geo = geo
        self.ncells = geo.ncells
        nc = graph.ncand
        present = graph.present
        self.present = present
        self.strong = [(u | c) & present for u, c in zip(graph.strong_unit[:nc], graph.strong_cell[:nc])]
        self.weak = [(u | c) & present for u, c in zip(graph.weak_unit[:nc], graph.weak_cell[:nc])]
        self.cell_alive0 = list(grid.candidates)
        # Places of each digit in each unit that still needs it (0 where the unit holds the digit already).
        places: List[int] = []
        idx = graph.index
        for umask in geo.unit_masks:
            for d in range(1, geo.side + 1):
                places.append(idx.digit_cells[d] & umask)
        for u, cells in enumerate(geo.units):
            for c in cells:
                v = grid.values[c]
                if v:
                    places[u * geo.side + v - 1] = -1  # the unit is served: never "empty"
        self.places0 = places
        self._outcomes: Dict[Fact, Outcome] = {}

    def outcome(self, premise: Fact) -> Outcome:
        """What ``premise`` forces (followed once per position and kept)."""
        got = self._outcomes.get(premise)
        if got is None:
            got = self._outcomes[premise] = self._follow(premise)
        return got

    def outcome_inside(self, premise: Fact, inner: Sequence[int]) -> Outcome:
        """What ``premise`` forces once the candidates ``inner`` are ruled out inside it (not kept)."""
        return self._follow(premise, inner)

    def _follow(self, premise: Fact, inner: Sequence[int] = ()) -> Outcome:
        """Everything ``premise`` forces, breadth first, up to the first contradiction.

        ``inner``: candidates the premise rules out by contradictions of their own (a nested net); they
        count as facts forced by the premise itself.
        """
        strong, weak, nets = self.strong, self.weak, self.nets
        cell_alive = self.cell_alive0[:]
        places = self.places0[:]
        why: Dict[Fact, Tuple[str, Tuple[Fact, ...]]] = {premise: ("premise", ())}
        depth: Dict[Fact, int] = {premise: 0}
        node0, on0 = premise
        on = 1 << node0 if on0 else 0
        off = 0 if on0 else 1 << node0
        queue: List[Fact] = [premise]
        if not on0:
            broken = self._lose(node0, cell_alive, places)
            if broken is not None:
                return Outcome(premise, on, off, why, self._empty(broken), depth)
            if nets:
                for how, s in self._single(node0, cell_alive, places):
                    on |= 1 << s
                    why[(s, True)] = (how, (premise,))
                    depth[(s, True)] = 1
                    queue.append((s, True))
        for w in inner:
            f = (w, False)
            if off >> w & 1:
                continue
            off |= 1 << w
            why[f] = ("inside", (premise,))
            depth[f] = 1
            queue.append(f)
            broken = self._lose(w, cell_alive, places)
            if broken is not None:
                return Outcome(premise, on, off, why, self._empty(broken), depth)
            if nets:
                for how, s in self._single(w, cell_alive, places):
                    if not on >> s & 1:
                        on |= 1 << s
                        g = (s, True)
                        support = self._support(how, s, off)
                        why[g] = (how, support)
                        depth[g] = 1 + max(depth[x] for x in support)
                        queue.append(g)
        i = 0
        while i < len(queue):
            fact = queue[i]
            i += 1
            v, is_on = fact
            d1 = depth[fact] + 1
            if is_on:
                m = weak[v]
                if m & on:
                    w = (m & on).bit_length() - 1
                    return Outcome(premise, on, off, why, ("two", (fact, (w, True))), depth)
                m &= ~off
                if not m:
                    continue
                off |= m
                for w in bits(m):
                    f = (w, False)
                    why[f] = ("link", (fact,))
                    depth[f] = d1
                    queue.append(f)
                    broken = self._lose(w, cell_alive, places)
                    if broken is not None:
                        return Outcome(premise, on, off, why, self._empty(broken), depth)
                    if nets:
                        for how, s in self._single(w, cell_alive, places):
                            if not on >> s & 1:
                                on |= 1 << s
                                g = (s, True)
                                support = self._support(how, s, off)
                                why[g] = (how, support)
                                depth[g] = 1 + max(depth[x] for x in support)
                                queue.append(g)
            else:
                m = strong[v]
                if m & off:
                    w = (m & off).bit_length() - 1
                    return Outcome(premise, on, off, why, ("both", (fact, (w, False))), depth)
                m &= ~on
                if not m:
                    continue
                on |= m
                for w in bits(m):
                    f = (w, True)
                    why[f] = ("link", (fact,))
                    depth[f] = d1
                    queue.append(f)
        return Outcome(premise, on, off, why, None, depth)

    def _lose(self, w: int, cell_alive: List[int], places: List[int]) -> Optional[Tuple[str, int]]:
        """Record that candidate ``w`` is false; return ("cell", cell) or ("unit", unit) if that empties one."""
        ncells, n = self.ncells, self.geo.side
        cell, d = w % ncells, w // ncells
        left = cell_alive[cell] & ~(1 << d)
        cell_alive[cell] = left
        if not left:
            return ("cell", cell)
        bit = 1 << cell
        for u in self.geo.cell_units[cell]:
            k = u * n + d
            p = places[k]
            if p > 0:
                p &= ~bit
                places[k] = p
                if not p:
                    return ("unit", k)
        return None

    def _single(self, w: int, cell_alive: List[int], places: List[int]) -> List[Tuple[str, int]]:
        """Naked and hidden singles made by candidate ``w`` turning false: (how, node) for each."""
        ncells, n = self.ncells, self.geo.side
        cell, d = w % ncells, w // ncells
        out: List[Tuple[str, int]] = []
        left = cell_alive[cell]
        if left & (left - 1) == 0:
            out.append(("naked single", (left.bit_length() - 1) * ncells + cell))
        for u in self.geo.cell_units[cell]:
            p = places[u * n + d]
            if p > 0 and p & (p - 1) == 0:
                out.append((f"hidden single {u}", d * ncells + p.bit_length() - 1))
        return out

    def _support(self, how: str, node: int, off: int) -> Tuple[Fact, ...]:
        """The false candidates a single rests on: the cell's others, or the unit's other places for the digit."""
        ncells = self.ncells
        cell, d = node % ncells, node // ncells
        if how == "naked single":
            nodes = [k * ncells + cell for k in range(self.geo.side) if k != d]
        else:
            u = int(how.rsplit(" ", 1)[1])
            nodes = [d * ncells + c for c in self.geo.units[u] if c != cell]
        return tuple((x, False) for x in nodes if self.present >> x & 1 and off >> x & 1)

    def _empty(self, broken: Tuple[str, int]) -> Tuple[str, Tuple[Fact, ...]]:
        kind, where = broken
        ncells, n = self.ncells, self.geo.side
        if kind == "cell":
            nodes = [k * ncells + where for k in range(n)]
            return (f"cell {where}", tuple((x, False) for x in nodes if self.present >> x & 1))
        u, d = divmod(where, n)
        nodes = [d * ncells + c for c in self.geo.units[u]]
        return (f"unit {u} {d + 1}", tuple((x, False) for x in nodes if self.present >> x & 1))


def propagator_of(graph: LinkGraph, nets: bool) -> Propagator:
    """The graph's Propagator (kept with the graph, so every forcing finder on one position shares it)."""
    key = "forcing-net" if nets else "forcing-chain"
    got = graph.memo(key)
    if not isinstance(got, Propagator):
        got = Propagator(graph, nets)
        graph.remember(key, got)
    return got


# -- proofs, their size and their wording ------------------------------------------------------------------


def branch(outcome: Outcome, fact: Fact) -> List[Fact]:
    """The path from the premise to ``fact``, each fact reached through its deepest support."""
    why, depth = outcome.why, outcome.depth
    path = [fact]
    while why[path[-1]][1]:
        path.append(max(why[path[-1]][1], key=lambda p: depth[p]))
    path.reverse()
    return path


@dataclass(frozen=True, slots=True)
class _Found:
    """A step before it is worded; ``size`` (facts to follow) decides the order."""

    size: int
    verity: bool
    premises: Tuple[Fact, ...]
    facts: Tuple[Fact, ...]
    """A contradiction: the facts that clash; a verity: the one fact every case forces."""
    what: str
    node: int
    """The candidate the step removes or places."""
    place: bool


def _found(graph: LinkGraph, prop: Propagator) -> List[_Found]:
    """Every contradiction and verity of the position, with the size of its proof, smallest first."""
    out: List[_Found] = []
    present = graph.present
    nodes = bits(present)
    # "v is false" forces something only through a strong link of v (a bivalue cell, or a digit's last two places,
    # which is also what any single it could make needs): without one there is nothing to follow.
    forcing_off = [v for v in nodes if prop.strong[v]]
    for v in nodes:
        for on in (True, False):
            if not on and not prop.strong[v]:
                continue
            oc = prop.outcome((v, on))
            if oc.clash is not None:
                what, facts = oc.clash
                size = sum(oc.depth[f] for f in facts)
                out.append(_Found(size, False, ((v, on),), facts, what, v, not on))
    ncells = graph.ncells
    geo = graph.geometry
    sets: List[Tuple[str, Tuple[Fact, ...]]] = []
    cands = graph.grid.candidates
    for cell in range(ncells):
        m = cands[cell]
        if m and m & (m - 1):
            sets.append((f"cell {cell}", tuple(((d - 1) * ncells + cell, True) for d in _digits(m))))
    idx = graph.index
    for u, umask in enumerate(geo.unit_masks):
        for d in range(1, geo.side + 1):
            p = idx.digit_cells[d] & umask
            if p and p & (p - 1):
                sets.append((f"unit {u} {d}", tuple(((d - 1) * ncells + c, True) for c in bits(p))))
    for v in forcing_off:
        sets.append((f"both {v}", ((v, True), (v, False))))
    for what, premises in sets:
        outs = [prop.outcome(q) for q in premises]
        if any(o.clash is not None for o in outs):
            continue  # a case that is impossible is a contradiction, a step of its own
        common_on = common_off = present
        for o in outs:
            common_on &= o.on
            common_off &= o.off
        for q in premises:
            common_on &= ~(1 << q[0])
            common_off &= ~(1 << q[0])
        for node in bits(common_on):
            size = sum(o.depth[(node, True)] for o in outs)
            out.append(_Found(size, True, premises, ((node, True),), what, node, True))
        for node in bits(common_off):
            size = sum(o.depth[(node, False)] for o in outs)
            out.append(_Found(size, True, premises, ((node, False),), what, node, False))
    out.sort(key=lambda f: (f.size, f.verity, f.node, f.place))
    return out


def _uses_single(prop: Propagator, found: _Found) -> bool:
    """Does the proof need a single (a net), or do links alone make it (a chain)?"""
    for premise in found.premises:
        oc = prop.outcome(premise)
        facts = found.facts if not found.verity else found.facts
        stack = list(facts)
        seen = set()
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            how, support = oc.why[f] if f in oc.why else ("", ())
            if how.endswith("single") or how.startswith("hidden single"):
                return True
            stack.extend(support)
    return False


def fact_text(graph: LinkGraph, fact: Fact) -> str:
    v, on = fact
    cell, d = v % graph.ncells, v // graph.ncells + 1
    return f"{graph.geometry.cell_name(cell)}{'=' if on else '≠'}{graph.geometry.digit_char(d)}"


Why = Dict[Fact, Tuple[str, Tuple[Fact, ...]]]


def _fact_with_reason(graph: LinkGraph, fact: Fact, why: Optional[Why]) -> str:
    """A fact, and for a single in a net the reason it holds: 'r4c4=8 (the last 8 of box 5)'."""
    text = fact_text(graph, fact)
    how = why[fact][0] if why is not None and fact in why else ""
    if how == "naked single":
        return f"{text} (its last candidate)"
    if how.startswith("hidden single"):
        unit = int(how.rsplit(" ", 1)[1])
        digit = fact[0] // graph.ncells + 1
        return f"{text} (the last {graph.geometry.digit_char(digit)} of {graph.geometry.unit_name(unit)})"
    return text


def branch_text(graph: LinkGraph, path: Sequence[Fact], why: Optional[Why] = None) -> str:
    """'r1c1=5 → r1c7≠5 → …': a path of facts, its middle shortened when it is long."""
    texts = [_fact_with_reason(graph, f, why) for f in path]
    if len(texts) > MAX_SHOWN:
        texts = texts[: MAX_SHOWN // 2] + ["…"] + texts[-(MAX_SHOWN // 2) :]
    return " → ".join(texts)


def branches_text(graph: LinkGraph, paths: Sequence[Sequence[Fact]], why: Optional[Why] = None) -> str:
    """Several paths from one premise: the first in full, each later one from where it leaves those shown."""
    shown: set[Fact] = set()
    parts = []
    for path in paths:
        fork = max((i for i, f in enumerate(path) if f in shown), default=-1)
        if fork < 0:
            parts.append(branch_text(graph, path, why))
        elif fork == len(path) - 1:
            continue  # nothing new on this branch
        else:
            parts.append(f"from {fact_text(graph, path[fork])}, {branch_text(graph, path[fork + 1:], why)}")
        shown.update(path)
    return "; ".join(parts)


def clash_text(graph: LinkGraph, what: str, facts: Sequence[Fact]) -> str:
    geo = graph.geometry
    if what == "two":
        (a, _), (b, _) = facts
        ca, da = a % graph.ncells, a // graph.ncells + 1
        cb, db = b % graph.ncells, b // graph.ncells + 1
        if ca == cb:
            return f"so {geo.cell_name(ca)} would be both {geo.digit_char(da)} and {geo.digit_char(db)}"
        return f"so {geo.cell_name(ca)} and {geo.cell_name(cb)} would both be {geo.digit_char(da)}"
    if what == "both":
        (a, _), (b, _) = facts
        ca, da = a % graph.ncells, a // graph.ncells + 1
        cb, db = b % graph.ncells, b // graph.ncells + 1
        if ca == cb:
            return (f"so {geo.cell_name(ca)} could be neither {geo.digit_char(da)} nor {geo.digit_char(db)}, "
                    f"its only candidates")
        return (f"so neither {geo.cell_name(ca)} nor {geo.cell_name(cb)} could be {geo.digit_char(da)}, "
                f"its only places in their unit")
    kind, *rest = what.split()
    if kind == "cell":
        return f"so {geo.cell_name(int(rest[0]))} would have no candidate left"
    return f"so {geo.unit_name(int(rest[0]))} would have no place left for {geo.digit_char(int(rest[1]))}"


def _case_text(graph: LinkGraph, what: str, premises: Sequence[Fact]) -> str:
    geo = graph.geometry
    kind, *rest = what.split()
    if kind == "cell":
        cell = int(rest[0])
        digits = [geo.digit_char(v // graph.ncells + 1) for v, _ in premises]
        return f"{geo.cell_name(cell)} is {join_words(digits, 'or')}"
    if kind == "unit":
        u, d = int(rest[0]), int(rest[1])
        cells = [geo.cell_name(v % graph.ncells) for v, _ in premises]
        return f"the {geo.digit_char(d)} of {geo.unit_name(u)} is in {join_words(cells, 'or')}"
    v = int(rest[0])
    cell, d = v % graph.ncells, v // graph.ncells + 1
    return f"{geo.cell_name(cell)} is {geo.digit_char(d)} or it is not"


def _step(graph: LinkGraph, prop: Propagator, found: _Found, technique: Technique) -> Step:
    geo = graph.geometry
    cell, d = found.node % graph.ncells, found.node // graph.ncells + 1
    paths: List[List[Fact]] = []
    for premise in found.premises:
        oc = prop.outcome(premise)
        for f in found.facts:
            paths.append(branch(oc, f))
    shown = "; ".join(
        branches_text(graph, [p for p in paths if p[0] == premise], prop.outcome(premise).why)
        for premise in found.premises
    )
    if found.verity:
        reason = f"{_case_text(graph, found.what, found.premises)}: {shown}; either way {fact_text(graph, found.facts[0])}"
    else:
        premise = found.premises[0]
        reason = (f"assume {fact_text(graph, premise)}: {shown}; {clash_text(graph, found.what, found.facts)}, "
                  f"so {fact_text(graph, (premise[0], not premise[1]))}")
    elims = () if found.place else ((cell, d),)
    places = ((cell, d),) if found.place else ()
    # The drawing: every fact of every branch once, numbered in reading order, linked along each branch.
    order: List[Fact] = []
    for p in paths:
        for f in p:
            if f not in order:
                order.append(f)
    nodes = tuple(ChainNode((f[0] % graph.ncells,), f[0] // graph.ncells + 1, f[1]) for f in order)
    links: List[Link] = []
    for p in paths:
        for a, b in zip(p, p[1:]):
            ca, da = a[0] % graph.ncells, a[0] // graph.ncells + 1
            cb, db = b[0] % graph.ncells, b[0] // graph.ncells + 1
            links.append(Link(ca, da, cb, db, strong=not a[1]))
    premise_cells = tuple(sorted({v % graph.ncells for v, _ in found.premises}))
    premise_digits = tuple(sorted({v // graph.ncells + 1 for v, _ in found.premises}))
    on_pairs = sorted({(f[0] % graph.ncells, f[0] // graph.ncells + 1) for f in order[1:] if f[1]})
    off_pairs = sorted({(f[0] % graph.ncells, f[0] // graph.ncells + 1) for f in order[1:] if not f[1]})
    highlights: Tuple[Highlight, ...] = (Highlight(HighlightRole.PIVOT, premise_cells, premise_digits),)
    highlights += tuple(Highlight(HighlightRole.COLOR_A, (c,), (dd,)) for c, dd in on_pairs)
    highlights += tuple(Highlight(HighlightRole.COLOR_B, (c,), (dd,)) for c, dd in off_pairs)
    highlights += effect_highlights(places, elims)
    kind = found.what.split()[0]
    if found.verity and kind == "unit":
        focus = f"digit {geo.digit_char(int(found.what.split()[2]))} in {geo.unit_name(int(found.what.split()[1]))}"
    else:
        focus = geo.cell_name(premise_cells[0])
    return Step(
        technique,
        placements=placements(places),
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, places, elims)),
        highlights=highlights,
        links=tuple(links),
        focus=focus,
        chain=nodes,
    )


def _steps(grid: Grid, nets: bool) -> Iterator[Step]:
    graph = graph_of(grid)
    prop = propagator_of(graph, nets)
    contradiction, verity = NET_TECHNIQUES if nets else CHAIN_TECHNIQUES
    seen = set()
    for found in _found(graph, prop):
        technique = verity if found.verity else contradiction
        key = (technique, found.node, found.place)  # each kind reports each effect once
        if key in seen:
            continue
        if nets and not _uses_single(prop, found):
            continue  # links alone make it: a forcing chain, not a net
        seen.add(key)
        yield _step(graph, prop, found, technique)


def find_forcing_chains(grid: Grid) -> Iterator[Step]:
    """Yield Forcing Chain contradictions and verities (links only), smallest proof first."""
    return _steps(grid, False)


def find_forcing_nets(grid: Grid) -> Iterator[Step]:
    """Yield Forcing Net contradictions and verities (links and singles), smallest proof first."""
    return _steps(grid, True)


def _digits(mask: int) -> List[Digit]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out


FINDERS = (
    (CHAIN_TECHNIQUES, find_forcing_chains),
    (NET_TECHNIQUES, find_forcing_nets),
)
