"""Kraken fish (HoDoKu's Type 1 and Type 2): a fish whose fins are followed by forcing chains.

A row/column fish of size 2–4 on a digit, with one or two fins (base candidates outside
the cover lines). Either no fin is true and the fish works, or one fin is true:

- **Type 1**: a candidate the fish would remove (the digit, in a cover line, outside the
  base lines) that does not see the fins: if every fin, assumed true, forces it false by
  a chain, it is false either way.
- **Type 2**: in one cover line, the fish puts its digit on one of the base candidates of
  that line, unless a fin is true: if each of those candidates and each fin, assumed
  true, forces the same candidate (of any digit) false, it is false.

The chains are forcing-chain implications on the link graph (links only, each fact from
one fact: ``forcing.Propagator`` without singles), followed once per position. HoDoKu
also builds Kraken fish on Franken fish; here only row/column fish are used. Off by
default, as in HoDoKu: these are forcing chains in a fish's clothes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, join_words, sentence, units_text
from ..steps.step import Step, Technique
from .common import CandidateIndex, Once, effect_highlights, eliminations, index_of, only_9x9
from .fish_core import Fish, base_line_cells, find_fish, fish_highlights, line_shape
from .link_graph import LinkGraph, graph_of
from .propagator import Fact, Propagator, branch, branch_text, fact_text, propagator_of
from .reasons import links_of, proof_nodes

MAX_FINS = 2
"""HoDoKu's default for Kraken fish."""

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(idx: CandidateIndex) -> Iterator[Fish]:
    """Every finned row/column fish with at most ``MAX_FINS`` fins, whether or not it removes anything itself,
    smaller fish first on each digit and direction."""
    side = idx.side
    for digit in range(1, side + 1):
        for by_rows in (True, False):
            for size in (2, 3, 4):
                shape = line_shape(side, size, by_rows, finned=True, max_fins=MAX_FINS, bare=True)
                yield from find_fish(idx, digit, shape)


@only_9x9
def find_kraken_fish(grid: Grid) -> Iterator[Step]:
    """Yield Kraken Fish Type 1 and Type 2 steps, smaller fish first, each elimination once."""
    geo = grid.geometry
    unit_masks = geo.unit_masks
    graph = graph_of(grid)
    prop = propagator_of(graph, False)
    once = Once()
    for fish in _fish(index_of(grid)):
        digit, base, cover = fish.digit, fish.bases, fish.covers
        fins = base_line_cells(geo, base, fish.fins)
        body = bits(fish.union & ~fish.fins)
        base_cells = 0
        for u in base:
            base_cells |= unit_masks[u]

        fin_nodes = [graph.node(f, digit) for f in fins]
        fin_outs = [prop.outcome((v, True)) for v in fin_nodes]
        if any(oc.clash is not None for oc in fin_outs):
            continue  # a fin that clashes is simply false: a forcing chain, not a Kraken fish
        # Type 1: the fish's own eliminations that the fins don't see, reached by a chain from every fin.
        own = 0  # the cells of the cover lines outside the base lines: where the fish itself removes the digit
        for cover_unit in cover:
            for c in geo.units[cover_unit]:
                if base_cells >> c & 1:
                    continue
                own |= 1 << c
                if grid.values[c] or not grid.candidates[c] >> (digit - 1) & 1:
                    continue
                if all(geo.sees(c, f) for f in fins):
                    continue  # a plain finned fish removes it
                target = graph.node(c, digit)
                if all(oc.off >> target & 1 for oc in fin_outs):
                    key = (Technique.KRAKEN_FISH_TYPE_1, target, 0)
                    if once.first(key):
                        yield _step(
                            graph,
                            prop,
                            Technique.KRAKEN_FISH_TYPE_1,
                            fish,
                            body,
                            fins,
                            [(v, True) for v in fin_nodes],
                            (c, digit),
                            cover_unit,
                        )
        # Type 2: one cover line's base candidates plus the fins: one of them is true.
        for cover_unit in cover:
            inside = [c for c in body if unit_masks[cover_unit] >> c & 1]
            premises = [(graph.node(c, digit), True) for c in inside] + [(v, True) for v in fin_nodes]
            outs = [prop.outcome(p) for p in premises]
            if any(oc.clash is not None for oc in outs):
                continue
            common = graph.present & ~graph.digit_nodes(own, digit)  # not the fish's own: Type 1's, a plain fish's
            for oc in outs:
                common &= oc.off
            for target in bits(common):
                key = (Technique.KRAKEN_FISH_TYPE_2, target, 0)
                if once.first(key):
                    c, d = graph.candidate(target)
                    yield _step(
                        graph,
                        prop,
                        Technique.KRAKEN_FISH_TYPE_2,
                        fish,
                        body,
                        fins,
                        premises,
                        (c, d),
                        cover_unit,
                    )


def _step(
    graph: LinkGraph,
    prop: Propagator,
    technique: Technique,
    fish: Fish,
    body: Sequence[int],
    fins: Sequence[int],
    premises: Sequence[Fact],
    target: tuple[int, int],
    unit: int,
) -> Step:
    """The step: ``unit`` is the cover line whose base candidates are Type 2's cases."""
    geo = graph.geometry
    digit = fish.digit
    ch = geo.digit_char(digit)
    base_units, cover_units = fish.bases, fish.covers
    name = _NAMES[len(base_units)]
    cell, d = target
    goal: Fact = (graph.node(cell, d), False)
    paths = [branch(prop.outcome(p), goal) for p in premises]
    shown = "; ".join(branch_text(graph, p, prop.outcome(p[0]).why) for p in paths)
    fin_word = "the fin" if len(fins) == 1 else "the fins"
    where = (
        f"in {units_text(geo, base_units)}, {ch} can only go in {units_text(geo, cover_units)} except for "
        f"{fin_word} {cells_text(geo, fins)}"
    )
    if technique is Technique.KRAKEN_FISH_TYPE_1:
        reason = (
            f"{where}; without a fin the {name} removes {ch} from {geo.cell_name(cell)}, and "
            f"{'the fin' if len(fins) == 1 else 'each fin'} does too: {shown}; so "
            f"{fact_text(graph, goal)} either way"
        )
    else:
        fin_nodes = {graph.node(f, digit) for f in fins}
        inside = [geo.cell_name(graph.candidate(p[0])[0]) for p in premises if p[0] not in fin_nodes]
        reason = (
            f"{where}, so {geo.unit_name(unit)} gets its {ch} in {join_words(inside, 'or')} unless "
            f"{'the fin is' if len(fins) == 1 else 'a fin is'} {ch}; each of these leads to "
            f"{fact_text(graph, goal)}: {shown}"
        )
    elims = ((cell, d),)
    # The walk: one case per premise (a fin, or a base candidate of the cover line), each reaching the target.
    nodes = proof_nodes(graph, [((p,), prop.outcome(p).reasons(graph), (goal,)) for p in premises])
    links = links_of(nodes)
    target_name = geo.cell_name(cell)
    if technique is Technique.KRAKEN_FISH_TYPE_1:
        conclusion = (
            f"with no fin {ch}, the {name} on {ch} in {units_text(geo, base_units)} removes {ch} from {target_name} by "
            f"itself; with {'the fin' if len(fins) == 1 else 'a fin'} {ch}, the case above removes it too: so "
            f"{fact_text(graph, goal)} either way"
        )
    else:
        conclusion = (
            f"one of these cases is true (the {name} puts its {ch} there unless a fin holds it), and each ends with "
            f"{fact_text(graph, goal)}: so it holds either way"
        )
    highlights = fish_highlights(digit, base_units, cover_units, body, fins) + effect_highlights((), elims)
    return Step(
        technique,
        eliminations=eliminations(elims),
        explanation=sentence(technique.display_name, reason, effects_text(geo, (), elims)),
        highlights=highlights,
        links=links,
        focus=f"digit {ch} in {units_text(geo, base_units)}",
        chain=nodes,
        conclusion=f"{conclusion} — {effects_text(geo, (), elims)}",
    )


FINDERS = (((Technique.KRAKEN_FISH_TYPE_1, Technique.KRAKEN_FISH_TYPE_2), find_kraken_fish),)
