"""Following a premise: everything assuming one candidate true (or false) forces, and how to say it.

The engine under forcing chains and nets (forcing.py), the nested net (nested.py) and
Kraken fish (kraken.py). A ``Propagator`` follows premises over one position's
candidates, by links only (a chain: each fact from one earlier fact) or with singles
too (a net: a cell's last candidate, a digit's last place in a unit), breadth first,
up to the first contradiction; every fact keeps the facts it follows from, so any
fact's proof can be walked back (``branch``) and written out (``branch_text``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ..board.geometry import bits
from ..steps.step import ASSUMED, Reason, Rule
from .link_graph import LinkGraph
from .reasons import link_reason

Fact = tuple[int, bool]
"""A candidate (its node id, see link_graph.py) and whether it is true."""


class How(Enum):
    """How the propagator came to a fact (``Consequences.reasons`` turns these into the typed reasons of step.py)."""

    PREMISE = "premise"
    LINK = "link"
    """Over one strong or weak link from its one parent."""
    INSIDE = "inside"
    """Ruled out inside the premise by a contradiction of its own (the nested net)."""
    GIVEN = "given"
    """Established outside this proof: the outer assumption inside a nested refutation, or an earlier one."""
    NAKED_SINGLE = "naked single"
    HIDDEN_SINGLE = "hidden single"
    """The last place of its digit in ``unit``."""


Why = dict[Fact, tuple[How, int | None, tuple[Fact, ...]]]
"""fact -> (how, the unit of a hidden single or None, the facts it follows from)."""


class ClashKind(Enum):
    """What is impossible at a contradiction."""

    SAME = "same"
    """A candidate would be both true and false."""
    TWO = "two"
    """Two candidates that see each other would both be true."""
    BOTH = "both"
    """The two ends of a strong link (a cell's last two candidates, a digit's last two places) would both be false."""
    NO_CANDIDATE = "no candidate"
    """A cell (``Clash.where``) would have no candidate left."""
    NO_PLACE = "no place"
    """A unit (``Clash.where``) would have no place left for ``Clash.digit``."""


@dataclass(frozen=True, slots=True)
class Clash:
    """A contradiction: what is impossible, and the facts that make it so."""

    kind: ClashKind
    facts: tuple[Fact, ...]
    where: int = -1
    """The cell (NO_CANDIDATE) or the unit (NO_PLACE) left empty; -1 otherwise."""
    digit: int = 0
    """The digit a unit has no place for (NO_PLACE); 0 otherwise."""


MAX_SHOWN = 12
"""Facts written per branch in an explanation before its middle is shortened to "…"."""


@dataclass(frozen=True, slots=True)
class Consequences:
    """What one premise forces: every fact with the facts it follows from, and the contradiction, if any.

    (Named apart from ``app.game.outcome.Outcome``, which is what a player's move came to.)
    """

    premise: Fact
    on: int
    off: int
    why: Why
    """fact -> (how, the unit of a hidden single, the facts it follows from)."""
    clash: Clash | None
    """What is impossible and the facts that make it so, when the premise leads to a contradiction."""
    depth: dict[Fact, int]
    """How many steps each fact is from the premise (a single: one more than its deepest support)."""

    def reasons(
        self, graph: LinkGraph, inside: dict[Fact, Reason] | None = None
    ) -> dict[Fact, tuple[Reason, tuple[Fact, ...]]]:
        """fact -> (its typed reason, needs not yet numbered; the facts it follows from), for ``proof_nodes``.

        ``inside``: the reasons (with their inner walks) of facts ruled out inside the premise (the nested net).
        """
        out: dict[Fact, tuple[Reason, tuple[Fact, ...]]] = {}
        for fact, (how, unit, parents) in self.why.items():
            if how is How.PREMISE:
                reason = ASSUMED
            elif how is How.LINK:
                (pv, pon) = parents[0]
                reason = link_reason(graph, pv, pon, fact[0], 0)
            elif how is How.GIVEN:
                reason = ASSUMED
            elif how is How.INSIDE:
                reason = (inside or {}).get(fact, Reason(Rule.REFUTED_INSIDE))
            elif how is How.NAKED_SINGLE:
                reason = Reason(Rule.LAST_CANDIDATE)
            else:
                reason = Reason(Rule.LAST_PLACE, unit=unit)
            out[fact] = (reason, parents)
        return out

    def uses_single(self, facts: Sequence[Fact]) -> bool:
        """Does the proof of ``facts`` need a single (a net), or do links alone make it (a chain)?"""
        why = self.why
        stack = list(facts)
        seen = set()
        while stack:
            f = stack.pop()
            if f in seen:
                continue
            seen.add(f)
            how, _unit, support = why[f]
            if how is How.NAKED_SINGLE or how is How.HIDDEN_SINGLE:
                return True
            stack.extend(support)
        return False


@dataclass(frozen=True, slots=True)
class Scan:
    """What one premise forces, as masks only, round by round: enough to rank proofs, not to write them."""

    premise: Fact
    on: int
    off: int
    clash: Clash | None
    levels: tuple[tuple[int, int], ...]
    """Per round, the (on, off) masks of the facts it made; round 0 is the premise."""

    def depth(self, fact: Fact) -> int:
        """The round that made ``fact`` (how many steps it is from the premise)."""
        v, on = fact
        k = 0 if on else 1
        for i, level in enumerate(self.levels):
            if level[k] >> v & 1:
                return i
        raise KeyError(fact)


class Propagator:
    """Follows premises over one position's candidates, by links only (``nets`` False) or with singles too."""

    def __init__(self, graph: LinkGraph, nets: bool) -> None:
        grid = graph.grid
        geo = grid.geometry
        self.graph = graph
        self.nets = nets
        self.geo = geo
        self.node_cell, self.node_digit0, self.digit_first = graph.node_cell, graph.node_digit0, graph.digit_first
        self.present = graph.present
        self.strong, self.weak = graph.candidate_links()
        self.cell_alive0 = list(grid.candidates)
        # Places of each digit in each unit that still needs it (0 where the unit holds the digit already).
        places: list[int] = []
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
        self._outcomes: dict[Fact, Consequences] = {}
        self._scans: dict[Fact, Scan] = {}

    def outcome(self, premise: Fact) -> Consequences:
        """What ``premise`` forces (followed once per position and kept)."""
        got = self._outcomes.get(premise)
        if got is None:
            got = self._outcomes[premise] = self._follow(premise)
        return got

    def scan(self, premise: Fact) -> Scan:
        """What ``premise`` forces, without the reasons (kept per position): for ranking many premises fast."""
        got = self._scans.get(premise)
        if got is None:
            got = self._scans[premise] = self._scan(premise)
        return got

    def _scan(self, premise: Fact) -> Scan:
        """``_follow``'s closure round by round on masks: same facts, same contradictions, no bookkeeping."""
        strong, weak, nets = self.strong, self.weak, self.nets
        cell_alive = self.cell_alive0[:]
        places = self.places0[:]
        node0, on0 = premise
        on = 1 << node0 if on0 else 0
        off = 0 if on0 else 1 << node0
        levels: list[tuple[int, int]] = [(on, off)]
        front_on, front_off = on, off
        pending_on = 0  # singles made in a round, true from the next one

        def clash(found: Clash) -> Scan:
            return Scan(premise, on, off, found, tuple(levels))

        if not on0:
            broken = self._lose(node0, cell_alive, places)
            if broken is not None:
                return clash(self._empty(broken))
            if nets:
                for _how, _unit, s in self._single(node0, cell_alive, places):
                    pending_on |= 1 << s
        while front_on or front_off or pending_on:
            new_off = 0
            for v in bits(front_on):
                m = weak[v]
                hit = m & on
                if hit:
                    return clash(Clash(ClashKind.TWO, ((v, True), ((hit & -hit).bit_length() - 1, True))))
                new_off |= m
            new_off &= ~off
            new_on = pending_on & ~on
            pending_on = 0
            for v in bits(front_off):
                m = strong[v]
                hit = m & off
                if hit:
                    return clash(Clash(ClashKind.BOTH, ((v, False), ((hit & -hit).bit_length() - 1, False))))
                new_on |= m & ~on
            both = new_on & new_off
            if both:
                w = (both & -both).bit_length() - 1
                return clash(Clash(ClashKind.SAME, ((w, True), (w, False))))
            on |= new_on
            off |= new_off
            levels.append((new_on, new_off))
            for w in bits(new_off):
                broken = self._lose(w, cell_alive, places)
                if broken is not None:
                    return clash(self._empty(broken))
                if nets:
                    for _how, _unit, s in self._single(w, cell_alive, places):
                        if not on >> s & 1:
                            pending_on |= 1 << s
            front_on, front_off = new_on, new_off
        return Scan(premise, on, off, None, tuple(levels))

    def outcome_inside(self, premise: Fact, inner: Sequence[int]) -> Consequences:
        """What ``premise`` forces once the candidates ``inner`` are ruled out inside it (not kept)."""
        return self._follow(premise, inner)

    def outcome_given(self, premise: Fact, given: Sequence[Fact]) -> Consequences:
        """What ``premise`` forces with the facts ``given`` taken as established (not kept)."""
        return self._follow(premise, (), given)

    def _follow(self, premise: Fact, inner: Sequence[int] = (), given: Sequence[Fact] = ()) -> Consequences:
        """Everything ``premise`` forces, breadth first, up to the first contradiction.

        ``inner``: candidates the premise rules out by contradictions of their own (a nested net); they
        count as facts forced by the premise itself, each after the ones before it. ``given``: facts
        established outside this proof, followed along with the premise.
        """
        strong, weak = self.strong, self.weak
        run = _Run(self, premise)
        node0, on0 = premise
        if on0:
            run.on = 1 << node0
        else:
            clash = run.make_false(node0, How.PREMISE, None, (), 0)
            if clash is not None:
                return run.outcome(clash)
        for v, on in given:
            if on:
                if not run.on >> v & 1:
                    run.make_true(v, How.GIVEN, None, (), 0)
            elif not run.off >> v & 1:
                clash = run.make_false(v, How.GIVEN, None, (), 0)
                if clash is not None:
                    return run.outcome(clash)
        ruled_out: list[Fact] = []
        for w in inner:
            if not run.off >> w & 1:
                clash = run.make_false(w, How.INSIDE, None, (premise, *ruled_out), 1)
                ruled_out.append((w, False))
                if clash is not None:
                    return run.outcome(clash)
        queue = run.queue
        i = 0
        while i < len(queue):
            fact = queue[i]
            i += 1
            v, is_on = fact
            d1 = run.depth[fact] + 1
            if is_on:
                m = weak[v]
                if m & run.on:
                    return run.outcome(Clash(ClashKind.TWO, (fact, ((m & run.on).bit_length() - 1, True))))
                for w in bits(m & ~run.off):
                    clash = run.make_false(w, How.LINK, None, (fact,), d1)
                    if clash is not None:
                        return run.outcome(clash)
            else:
                m = strong[v]
                if m & run.off:
                    return run.outcome(Clash(ClashKind.BOTH, (fact, ((m & run.off).bit_length() - 1, False))))
                for w in bits(m & ~run.on):
                    run.make_true(w, How.LINK, None, (fact,), d1)
        return run.outcome(None)

    def _lose(self, w: int, cell_alive: list[int], places: list[int]) -> tuple[ClashKind, int] | None:
        """Record that candidate ``w`` is false; return (NO_CANDIDATE, cell) or (NO_PLACE, unit * side + digit - 1)
        if that empties one."""
        n = self.geo.side
        cell, d = self.node_cell[w], self.node_digit0[w]
        left = cell_alive[cell] & ~(1 << d)
        cell_alive[cell] = left
        if not left:
            return (ClashKind.NO_CANDIDATE, cell)
        bit = 1 << cell
        for u in self.geo.cell_units[cell]:
            k = u * n + d
            p = places[k]
            if p > 0:
                p &= ~bit
                places[k] = p
                if not p:
                    return (ClashKind.NO_PLACE, k)
        return None

    def _single(self, w: int, cell_alive: list[int], places: list[int]) -> list[tuple[How, int | None, int]]:
        """Naked and hidden singles made by candidate ``w`` turning false: (how, unit or None, node) for each."""
        n, first = self.geo.side, self.digit_first
        cell, d = self.node_cell[w], self.node_digit0[w]
        out: list[tuple[How, int | None, int]] = []
        left = cell_alive[cell]
        if left & (left - 1) == 0:
            out.append((How.NAKED_SINGLE, None, first[left.bit_length() - 1] + cell))
        for u in self.geo.cell_units[cell]:
            p = places[u * n + d]
            if p > 0 and p & (p - 1) == 0:
                out.append((How.HIDDEN_SINGLE, u, first[d] + p.bit_length() - 1))
        return out

    def _support(self, unit: int | None, node: int, off: int) -> tuple[Fact, ...]:
        """The false candidates a single rests on: the cell's others (``unit`` None), or the unit's other places
        for the digit."""
        graph = self.graph
        cell, d = graph.candidate(node)
        if unit is None:
            nodes = [graph.node(cell, k) for k in range(1, self.geo.side + 1) if k != d]
        else:
            nodes = [graph.node(c, d) for c in self.geo.units[unit] if c != cell]
        return tuple((x, False) for x in nodes if self.present >> x & 1 and off >> x & 1)

    def _empty(self, broken: tuple[ClashKind, int]) -> Clash:
        kind, where = broken
        graph, n = self.graph, self.geo.side
        if kind is ClashKind.NO_CANDIDATE:
            nodes = [graph.node(where, k) for k in range(1, n + 1)]
            return Clash(kind, tuple((x, False) for x in nodes if self.present >> x & 1), where)
        u, d = divmod(where, n)
        nodes = [graph.node(c, d + 1) for c in self.geo.units[u]]
        return Clash(kind, tuple((x, False) for x in nodes if self.present >> x & 1), u, d + 1)


class _Run:
    """The state of following one premise: what is true and false so far, why, and what is left to follow."""

    __slots__ = ("prop", "premise", "on", "off", "why", "depth", "queue", "cell_alive", "places")

    def __init__(self, prop: Propagator, premise: Fact) -> None:
        self.prop = prop
        self.premise = premise
        self.on = 0
        self.off = 0
        self.why: Why = {premise: (How.PREMISE, None, ())}
        self.depth: dict[Fact, int] = {premise: 0}
        self.queue: list[Fact] = [premise]
        self.cell_alive = prop.cell_alive0[:]
        self.places = prop.places0[:]

    def make_true(self, w: int, how: How, unit: int | None, parents: tuple[Fact, ...], depth: int) -> None:
        f = (w, True)
        self.on |= 1 << w
        self.why[f] = (how, unit, parents)
        self.depth[f] = depth
        self.queue.append(f)

    def make_false(self, w: int, how: How, unit: int | None, parents: tuple[Fact, ...], depth: int) -> Clash | None:
        """Candidate ``w`` is false (the premise itself when ``how`` is PREMISE); with nets, the singles it
        makes are true. Returns the contradiction when a cell or a unit is left empty."""
        prop = self.prop
        f = (w, False)
        self.off |= 1 << w
        if how is not How.PREMISE:
            self.why[f] = (how, unit, parents)
            self.depth[f] = depth
            self.queue.append(f)
        if self.on >> w & 1:  # made true earlier in this round (a single): the candidate would be both
            return Clash(ClashKind.SAME, ((w, True), f))
        broken = prop._lose(w, self.cell_alive, self.places)
        if broken is not None:
            return prop._empty(broken)
        if prop.nets:
            for single, unit, s in prop._single(w, self.cell_alive, self.places):
                if not self.on >> s & 1:
                    support = prop._support(unit, s, self.off)
                    self.make_true(s, single, unit, support, 1 + max(self.depth[x] for x in support))
        return None

    def outcome(self, clash: Clash | None) -> Consequences:
        return Consequences(self.premise, self.on, self.off, self.why, clash, self.depth)


def propagator_of(graph: LinkGraph, nets: bool) -> Propagator:
    """The graph's Propagator (kept with the graph, so every forcing finder on one position shares it)."""
    key = "forcing-net" if nets else "forcing-chain"
    got = graph.memo(key)
    if not isinstance(got, Propagator):
        got = Propagator(graph, nets)
        graph.remember(key, got)
    return got


def branch(outcome: Consequences, fact: Fact) -> list[Fact]:
    """The path from the premise to ``fact``, each fact reached through its deepest support."""
    why, depth = outcome.why, outcome.depth
    path = [fact]
    while why[path[-1]][2]:
        path.append(max(why[path[-1]][2], key=lambda p: depth[p]))
    path.reverse()
    return path


def fact_text(graph: LinkGraph, fact: Fact) -> str:
    v, on = fact
    cell, d = graph.candidate(v)
    return f"{graph.geometry.cell_name(cell)}{'=' if on else '≠'}{graph.geometry.digit_char(d)}"


def _fact_with_reason(graph: LinkGraph, fact: Fact, why: Why | None, before: Sequence[Fact] = ()) -> str:
    """A fact, and for a single in a net the reason it holds: 'r4c4=8 (the last 8 of box 5)'.

    A single that also rests on facts not written before it on its path (``before``) names them, so the
    sentence never calls a candidate the last while the board still shows another:
    'r1c7=6 (the last 6 of row 1, with r1c2≠6)'.
    """
    text = fact_text(graph, fact)
    how, unit, support = why[fact] if why is not None and fact in why else (How.LINK, None, ())
    others = [fact_text(graph, f) for f in support if f not in before]
    more = f", with {' and '.join(others)}" if others else ""
    if how is How.NAKED_SINGLE:
        return f"{text} (its last candidate{more})"
    if how is How.HIDDEN_SINGLE and unit is not None:
        digit = graph.digit_of(fact[0])
        return f"{text} (the last {graph.geometry.digit_char(digit)} of {graph.geometry.unit_name(unit)}{more})"
    return text


def branch_text(graph: LinkGraph, path: Sequence[Fact], why: Why | None = None) -> str:
    """'r1c1=5 → r1c7≠5 → …': a path of facts, its middle shortened when it is long."""
    texts = [_fact_with_reason(graph, f, why, path[:i]) for i, f in enumerate(path)]
    if len(texts) > MAX_SHOWN:
        texts = texts[: MAX_SHOWN // 2] + ["…"] + texts[-(MAX_SHOWN // 2) :]
    return " → ".join(texts)


def branches_text(graph: LinkGraph, paths: Sequence[Sequence[Fact]], why: Why | None = None) -> str:
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
            parts.append(f"from {fact_text(graph, path[fork])}, {branch_text(graph, path[fork + 1 :], why)}")
        shown.update(path)
    return "; ".join(parts)


def clash_text(graph: LinkGraph, clash: Clash) -> str:
    """What is impossible at a contradiction: "r5c8 would have no candidate left"."""
    geo, facts = graph.geometry, clash.facts
    if clash.kind is ClashKind.SAME:
        v = facts[0][0]
        cell, d = graph.candidate(v)
        return f"{geo.cell_name(cell)} would both be {geo.digit_char(d)} and not be {geo.digit_char(d)}"
    if clash.kind is ClashKind.TWO:
        (a, _), (b, _) = facts
        ca, da = graph.candidate(a)
        cb, db = graph.candidate(b)
        if ca == cb:
            return f"{geo.cell_name(ca)} would be both {geo.digit_char(da)} and {geo.digit_char(db)}"
        return f"{geo.cell_name(ca)} and {geo.cell_name(cb)} would both be {geo.digit_char(da)}"
    if clash.kind is ClashKind.BOTH:
        (a, _), (b, _) = facts
        ca, da = graph.candidate(a)
        cb, db = graph.candidate(b)
        if ca == cb:
            return (
                f"{geo.cell_name(ca)} could be neither {geo.digit_char(da)} nor {geo.digit_char(db)}, "
                f"its only candidates"
            )
        return (
            f"neither {geo.cell_name(ca)} nor {geo.cell_name(cb)} could be {geo.digit_char(da)}, "
            f"its only places in their unit"
        )
    if clash.kind is ClashKind.NO_CANDIDATE:
        return f"{geo.cell_name(clash.where)} would have no candidate left"
    return f"{geo.unit_name(clash.where)} would have no place left for {geo.digit_char(clash.digit)}"
