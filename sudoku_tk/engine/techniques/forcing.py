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

9×9 only, like every chain technique (on 16×16 the brute-force step takes over where the
patterns end). Every premise of the position is scanned once (propagator.py: masks round by round, kept
per position) and the steps are offered smallest proof first: the fewest rounds a player
has to follow. Only the premises of a step that is shown are followed in full, with every
fact's reasons, for its explanation: each branch is the path of facts from the assumption
to the fact that matters, shortened in the middle when it is long, and a single in a net
says why it holds ("the last 8 of box 5").
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import effects_text, join_words, sentence
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import Once, effect_highlights, eliminations, placements
from .link_graph import LinkGraph, graph_of
from .propagator import Clash, Fact, Propagator, branch, branches_text, clash_text, fact_text, propagator_of
from .reasons import links_of, proof_nodes

CHAIN_TECHNIQUES = (Technique.FORCING_CHAIN_CONTRADICTION, Technique.FORCING_CHAIN_VERITY)
NET_TECHNIQUES = (Technique.FORCING_NET_CONTRADICTION, Technique.FORCING_NET_VERITY)


# -- proofs, their size and their wording ------------------------------------------------------------------


class CaseKind(Enum):
    """What a verity splits into cases."""

    CELL = "cell"
    """Each candidate of one cell (``Cases.where``)."""
    UNIT = "unit"
    """Each place of ``Cases.digit`` in one unit (``Cases.where``)."""
    BOTH = "both"
    """One candidate (the node ``Cases.where``) true, and false."""


@dataclass(frozen=True, slots=True)
class Cases:
    """The cases of a verity: one of them holds, and each forces the same fact."""

    kind: CaseKind
    where: int
    digit: int = 0


@dataclass(frozen=True, slots=True)
class _Found:
    """A step before it is worded; ``size`` (facts to follow) decides the order."""

    size: int
    verity: bool
    premises: tuple[Fact, ...]
    facts: tuple[Fact, ...]
    """A contradiction: the facts that clash; a verity: the one fact every case forces."""
    cases: Cases | None
    """A verity's cases (None for a contradiction)."""
    node: int
    """The candidate the step removes or places."""
    place: bool


def _found(graph: LinkGraph, prop: Propagator) -> list[_Found]:
    """Every contradiction and verity of the position, with the size of its proof, smallest first."""
    out: list[_Found] = []
    present = graph.present
    nodes = bits(present)
    # "v is false" forces something only through a strong link of v (a bivalue cell, or a digit's last two places,
    # which is also what any single it could make needs): without one there is nothing to follow.
    forcing_off = [v for v in nodes if prop.strong[v]]
    for v in nodes:
        for on in (True, False):
            if not on and not prop.strong[v]:
                continue
            sc = prop.scan((v, on))
            if sc.clash is not None:
                facts = sc.clash.facts
                size = sum(sc.depth(f) for f in facts)
                out.append(_Found(size, False, ((v, on),), facts, None, v, not on))
    geo = graph.geometry
    sets: list[tuple[Cases, tuple[Fact, ...]]] = []
    cands = graph.grid.candidates
    for cell in range(graph.ncells):
        m = cands[cell]
        if m and m & (m - 1):
            sets.append((Cases(CaseKind.CELL, cell), tuple((v, True) for v in graph.cell_nodes(cell, m))))
    idx = graph.index
    for u, umask in enumerate(geo.unit_masks):
        for d in range(1, geo.side + 1):
            p = idx.digit_cells[d] & umask
            if p and p & (p - 1):
                sets.append((Cases(CaseKind.UNIT, u, d), tuple((v, True) for v in graph.place_nodes(d, p))))
    for v in forcing_off:
        sets.append((Cases(CaseKind.BOTH, v), ((v, True), (v, False))))
    for cases, premises in sets:
        outs = [prop.scan(q) for q in premises]
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
            size = sum(o.depth((node, True)) for o in outs)
            out.append(_Found(size, True, premises, ((node, True),), cases, node, True))
        for node in bits(common_off):
            size = sum(o.depth((node, False)) for o in outs)
            out.append(_Found(size, True, premises, ((node, False),), cases, node, False))
    out.sort(key=lambda f: (f.size, f.verity, f.node, f.place))
    return out


def _proof(prop: Propagator, found: _Found) -> tuple[Clash | None, tuple[Fact, ...]]:
    """What the proof ends at, as the full follow (with every fact's reasons) has it.

    For a contradiction that is the full follow's own clash (it may meet another clash of the same premise
    first) and its facts; for a verity, no clash and the common fact.
    """
    if found.verity:
        return None, found.facts
    clash = prop.outcome(found.premises[0]).clash
    assert clash is not None, "the scan and the full follow agree on contradictions"
    return clash, clash.facts


def _uses_single(prop: Propagator, found: _Found) -> bool:
    """Does the proof need a single (a net), or do links alone make it (a chain)?"""
    _clash, facts = _proof(prop, found)
    return any(prop.outcome(premise).uses_single(facts) for premise in found.premises)


def _case_text(graph: LinkGraph, cases: Cases, premises: Sequence[Fact]) -> str:
    geo = graph.geometry
    if cases.kind is CaseKind.CELL:
        digits = [geo.digit_char(graph.digit_of(v)) for v, _ in premises]
        return f"{geo.cell_name(cases.where)} is {join_words(digits, 'or')}"
    if cases.kind is CaseKind.UNIT:
        cells = [geo.cell_name(graph.candidate(v)[0]) for v, _ in premises]
        return f"the {geo.digit_char(cases.digit)} of {geo.unit_name(cases.where)} is in {join_words(cells, 'or')}"
    cell, d = graph.candidate(cases.where)
    return f"{geo.cell_name(cell)} is {geo.digit_char(d)} or it is not"


def _step(graph: LinkGraph, prop: Propagator, found: _Found, technique: Technique) -> Step:
    geo = graph.geometry
    cell, d = graph.candidate(found.node)
    clash, facts = _proof(prop, found)
    paths: list[list[Fact]] = []
    for premise in found.premises:
        oc = prop.outcome(premise)
        for f in facts:
            paths.append(branch(oc, f))
    shown = "; ".join(
        branches_text(graph, [p for p in paths if p[0] == premise], prop.outcome(premise).why)
        for premise in found.premises
    )
    if found.cases is not None:
        reason = (
            f"{_case_text(graph, found.cases, found.premises)}: {shown}; either way {fact_text(graph, found.facts[0])}"
        )
    else:
        assert clash is not None, "a step is a verity or a contradiction"
        premise = found.premises[0]
        reason = (
            f"assume {fact_text(graph, premise)}: {shown}; so {clash_text(graph, clash)}, "
            f"so {fact_text(graph, (premise[0], not premise[1]))}"
        )
    elims = () if found.place else ((cell, d),)
    places = ((cell, d),) if found.place else ()
    # The walk and the drawing: each case's assumption and every fact its target rests on, numbered in
    # reading order (each after the facts it needs), with a link from every fact a node needs.
    nodes = proof_nodes(graph, [((p,), prop.outcome(p).reasons(graph), facts) for p in found.premises])
    assumed = {graph.candidate(v) for v, _ in found.premises}
    premise_cells = tuple(sorted({c for c, _ in assumed}))
    premise_digits = tuple(sorted({d for _, d in assumed}))
    on_pairs = sorted({(n.cells[0], n.digit) for n in nodes if n.on} - assumed)
    off_pairs = sorted({(n.cells[0], n.digit) for n in nodes if not n.on} - assumed)
    highlights: tuple[Highlight, ...] = (Highlight(HighlightRole.PIVOT, premise_cells, premise_digits),)
    highlights += tuple(Highlight(HighlightRole.COLOR_A, (c,), (dd,)) for c, dd in on_pairs)
    highlights += tuple(Highlight(HighlightRole.COLOR_B, (c,), (dd,)) for c, dd in off_pairs)
    highlights += effect_highlights(places, elims)
    if found.cases is not None and found.cases.kind is CaseKind.UNIT:
        focus = f"digit {geo.digit_char(found.cases.digit)} in {geo.unit_name(found.cases.where)}"
    else:
        focus = geo.cell_name(premise_cells[0])
    effects = effects_text(geo, places, elims)
    if found.cases is not None:
        conclusion = (
            f"{_case_text(graph, found.cases, found.premises)}, and every case ends with "
            f"{fact_text(graph, found.facts[0])}: so it holds whatever the truth is — {effects}"
        )
    else:
        premise = found.premises[0]
        assert clash is not None
        conclusion = (
            f"{clash_text(graph, clash)}: the assumption {fact_text(graph, premise)} is wrong, so "
            f"{fact_text(graph, (premise[0], not premise[1]))} — {effects}"
        )
    return Step(
        technique,
        placements=placements(places),
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects),
        highlights=highlights,
        links=links_of(nodes),
        focus=focus,
        chain=nodes,
        conclusion=conclusion,
    )


def _steps(grid: Grid, nets: bool) -> Iterator[Step]:
    if grid.geometry.side != 9:
        return  # like every chain technique: a 16×16 board has 4,096 candidates to follow, too slow for a hint
    graph = graph_of(grid)
    prop = propagator_of(graph, nets)
    contradiction, verity = NET_TECHNIQUES if nets else CHAIN_TECHNIQUES
    once = Once()
    for found in _found(graph, prop):
        technique = verity if found.verity else contradiction
        key = (technique, found.node, found.place)  # each kind reports each effect once
        if key in once:
            continue
        if nets and not _uses_single(prop, found):
            continue  # links alone make it: a forcing chain, not a net
        once.add(key)
        yield _step(graph, prop, found, technique)


def find_forcing_chains(grid: Grid) -> Iterator[Step]:
    """Yield Forcing Chain contradictions and verities (links only), smallest proof first."""
    return _steps(grid, False)


def find_forcing_nets(grid: Grid) -> Iterator[Step]:
    """Yield Forcing Net contradictions and verities (links and singles), smallest proof first."""
    return _steps(grid, True)


FINDERS = (
    (CHAIN_TECHNIQUES, find_forcing_chains),
    (NET_TECHNIQUES, find_forcing_nets),
)
