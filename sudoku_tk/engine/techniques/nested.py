"""Nested Forcing Net: a forcing net whose assumption is strengthened by smaller contradictions inside it.

The hardest known puzzles (the forum's "hardest" lists, Sudoku Explainer ratings of 10
and more) reach positions where no single assumption, followed by its singles, ends in a
contradiction: every forcing chain and net is silent, and HoDoKu gives up there and reads
the solution. One level deeper is enough in practice. Assume a candidate and follow its
singles; then, *inside* that assumption, test each remaining candidate the same way and
drop those that clash; follow the singles again; when the assumption finally clashes, it
was wrong. Every deduction is a plain contradiction, so the step is logic and never a
guess; it is only long, which is why it comes after every other technique.

It stays silent where a plain forcing net applies (some assumption clashes by its
singles alone). Assumptions are tried in a fixed order (those whose singles place the
most digits first: they are the likeliest to clash) and the first one refuted is the step; the inner eliminations it used are then cut down to the
ones it really needs, so the explanation names as few as possible. The final clash is
explained like a forcing net's, from the position with those inner eliminations made.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Cell, Digit
from ..board.grid import Grid
from ..solving.brute_force import propagate_singles
from ..steps.explain import effects_text, join_words, sentence
from ..steps.step import ChainNode, Highlight, HighlightRole, Reason, Rule, Step, Technique
from .common import effect_highlights, eliminations
from .link_graph import graph_of
from .propagator import Fact, Propagator, branch, branches_text, clash_text, propagator_of
from .reasons import links_of, proof_nodes

Candidate = tuple[Cell, Digit]

MAX_INNER_ROUNDS = 6
"""Passes over the inner candidates per assumption; each pass follows the singles of what it removed."""


def _masks(grid: Grid) -> list[int]:
    return [(1 << (v - 1)) if v else m for v, m in zip(grid.values, grid.candidates)]


def _holds(masks: list[int], grid: Grid) -> bool:
    """Do the singles of ``masks`` stay free of contradiction (the masks are left as propagated)?"""
    return propagate_singles(masks, grid.geometry)


def refute(grid: Grid, cell: Cell, digit: Digit) -> list[Candidate] | None:
    """The inner eliminations that make the assumption ``digit`` in ``cell`` clash, or None if it does not.

    [] means singles alone refute it (a forcing net, found earlier in the solving order).
    """
    start = _masks(grid)
    start[cell] = 1 << (digit - 1)
    state = start[:]
    if not _holds(state, grid):
        return []
    removed: list[Candidate] = []
    ncells = grid.geometry.ncells
    for _ in range(MAX_INNER_ROUNDS):
        progress = False
        # Bivalue cells first: their candidates force the most and clash soonest.
        order = sorted((c for c in range(ncells) if state[c] & (state[c] - 1)), key=lambda c: (state[c].bit_count(), c))
        for x in order:
            m = state[x]
            if not m & (m - 1):
                continue
            for k in range(grid.geometry.side):
                bit = 1 << k
                if not m & bit:
                    continue
                trial = state[:]
                trial[x] = bit
                if not _holds(trial, grid):
                    removed.append((x, k + 1))
                    state[x] &= ~bit
                    progress = True
                    if not _holds(state, grid):
                        return _minimal(grid, start, removed)
                    m = state[x]
                    if not m & (m - 1):
                        break
        if not progress:
            return None
    return None


def _minimal(grid: Grid, start: list[int], removed: list[Candidate]) -> list[Candidate]:
    """Cut the inner eliminations down to a set that still makes the assumption clash with singles alone.

    Each kept elimination is itself refuted by singles inside the assumption plus the ones kept before it.
    """

    def clashes(kept: Sequence[Candidate]) -> bool:
        s = start[:]
        for c, d in kept:
            s[c] &= ~(1 << (d - 1))
        return not _holds(s, grid)

    def refuted_inside(kept: Sequence[Candidate], cand: Candidate) -> bool:
        s = start[:]
        for c, d in kept:
            s[c] &= ~(1 << (d - 1))
        s[cand[0]] = 1 << (cand[1] - 1)
        return not _holds(s, grid)

    keep = list(removed)
    for cand in list(removed):
        trial = [x for x in keep if x != cand]
        # Dropping one may break the justification of a later one: check the whole sequence again.
        if clashes(trial) and all(refuted_inside(trial[:i], x) for i, x in enumerate(trial)):
            keep = trial
    return keep


def find_nested_forcing_nets(grid: Grid) -> Iterator[Step]:
    """Yield the first assumption that clashes once inner contradictions are ruled out, as one Step."""
    geo = grid.geometry
    if geo.side != 9 or grid.is_complete():
        return  # 9×9 only, as the forcing nets it builds on
    graph = graph_of(grid)
    prop = propagator_of(graph, True)  # the forcing nets' own outcomes, usually followed already
    nc = geo.ncells
    premises = [
        (c, d)
        for c in range(nc)
        if not grid.values[c]
        for d in range(1, geo.side + 1)
        if grid.candidates[c] >> (d - 1) & 1
    ]
    outcomes = {cd: prop.scan((graph.node(*cd), True)) for cd in premises}
    # Where one assumption clashes by its singles alone, a plain Forcing Net is the step: stay silent.
    if any(o.clash is not None for o in outcomes.values()):
        return
    # The assumptions that force the most digits are the likeliest to clash: try them first.
    order = sorted(premises, key=lambda cd: (-outcomes[cd].on.bit_count(), cd[0], cd[1]))
    for cell, digit in order:
        inner = refute(grid, cell, digit)
        if inner:
            yield _step(grid, cell, digit, inner)
            return


def _inner_walk(prop: Propagator, premise: Fact, inner: Sequence[int], k: int) -> tuple[ChainNode, ...]:
    """The refutation of inner candidate ``inner[k]`` inside ``premise``: assumed true, with the premise and the
    inner candidates ruled out before it taken as known, its singles clash (numbered on their own)."""
    graph = prop.graph
    fact = (inner[k], True)
    given = [premise] + [(w, False) for w in inner[:k]]
    outcome = prop.outcome_given(fact, given)
    if outcome.clash is None:
        return ()  # the singles that ruled it out go beyond links and singles: say so without a walk
    facts = outcome.clash.facts
    return proof_nodes(graph, [((fact, *given), outcome.reasons(graph), facts)])


def _step(grid: Grid, cell: Cell, digit: Digit, inner: list[Candidate]) -> Step:
    geo = grid.geometry
    graph = graph_of(grid)
    prop = propagator_of(graph, True)
    premise = (graph.node(cell, digit), True)
    inner_nodes = [graph.node(c, d) for c, d in inner]
    outcome = prop.outcome_inside(premise, inner_nodes)
    parts = [f"{geo.cell_name(c)}={geo.digit_char(d)}" for c, d in inner]
    lead = (
        f"assume {geo.cell_name(cell)}={geo.digit_char(digit)}: inside that assumption "
        f"{join_words(parts)} would {'each ' if len(parts) > 1 else ''}clash with the singles, so "
        f"{'they go' if len(parts) > 1 else 'it goes'}"
    )
    nodes: tuple[ChainNode, ...] = ()
    conclusion = ""
    if outcome.clash is not None:
        clash = outcome.clash
        facts = clash.facts
        paths = [branch(outcome, f) for f in facts]
        reason = (
            f"{lead}; then {branches_text(graph, paths, outcome.why)}; so {clash_text(graph, clash)}, "
            f"so {geo.cell_name(cell)}≠{geo.digit_char(digit)}"
        )
        inside = {
            (w, False): Reason(Rule.REFUTED_INSIDE, walk=_inner_walk(prop, premise, inner_nodes, k))
            for k, w in enumerate(inner_nodes)
        }
        nodes = proof_nodes(graph, [((premise,), outcome.reasons(graph, inside), facts)])
        conclusion = (
            f"{clash_text(graph, clash)}: the assumption {geo.cell_name(cell)}={geo.digit_char(digit)} is "
            f"wrong, so {geo.cell_name(cell)}≠{geo.digit_char(digit)}"
        )
    else:  # the singles clash by construction; never write a sentence that isn't so
        reason = f"{lead}; then its singles clash, so {geo.cell_name(cell)}≠{geo.digit_char(digit)}"
    elims = ((cell, digit),)
    highlights = (
        (Highlight(HighlightRole.PIVOT, (cell,), (digit,)),)
        + tuple(Highlight(HighlightRole.COLOR_B, (c,), (d,)) for c, d in inner)
        + effect_highlights((), elims)
    )
    effects = effects_text(geo, (), elims)
    return Step(
        Technique.NESTED_FORCING_NET,
        eliminations=eliminations(elims),
        explanation=sentence(Technique.NESTED_FORCING_NET.display_name, reason, effects),
        highlights=highlights,
        links=links_of(nodes),
        focus=geo.cell_name(cell),
        chain=nodes,
        conclusion=f"{conclusion} — {effects}" if conclusion else "",
    )


FINDERS = ((Technique.NESTED_FORCING_NET, find_nested_forcing_nets),)
