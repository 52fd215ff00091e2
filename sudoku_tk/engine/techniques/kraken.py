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

from ..board.geometry import Cell, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, join_words, sentence, units_text
from ..steps.step import Step, Technique
from .common import Once, effect_highlights, eliminations, index_of, only_9x9
from .fish_core import Lines, base_sets, cover_sets, fish_highlights
from .link_graph import LinkGraph, graph_of
from .propagator import Fact, Propagator, branch, branch_text, fact_text, propagator_of
from .reasons import links_of, proof_nodes

MAX_FINS = 2
"""HoDoKu's default for Kraken fish."""

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(grid: Grid) -> Iterator[tuple[int, Lines, list[int], int, list[Cell], list[Cell]]]:
    """Every finned (or plain) row/column fish with at most ``MAX_FINS`` fins: (digit, lines, base lines, cover
    mask, body cells, fin cells), smaller fish first on each digit and direction.

    Base lines hold the digit at least twice; every base line keeps a candidate inside the cover.
    """
    idx = index_of(grid)
    for digit in range(1, idx.side + 1):
        for by_rows in (True, False):
            o = Lines(idx, digit, by_rows)
            for size in (2, 3, 4):
                for base, union in base_sets(o.positions, size, size + MAX_FINS):
                    for _anywhere, cover in cover_sets(union, size, (union,)):
                        if any(not o.positions[line] & cover for line in base):
                            continue
                        fins = o.fins(base, cover)
                        if len(fins) > MAX_FINS:
                            continue
                        yield digit, o, base, cover, o.body(base, cover), fins


@only_9x9
def find_kraken_fish(grid: Grid) -> Iterator[Step]:
    """Yield Kraken Fish Type 1 and Type 2 steps, smaller fish first, each elimination once."""
    geo = grid.geometry
    n = geo.side
    graph = graph_of(grid)
    prop = propagator_of(graph, False)
    once = Once()
    for digit, o, base, cover, body, fins in _fish(grid):
        if not fins:
            continue  # a plain fish is a plain fish (Type 2 on one needs no fins either, but adds little)
        base_set = set(base)

        fin_nodes = [graph.node(f, digit) for f in fins]
        fin_outs = [prop.outcome((v, True)) for v in fin_nodes]
        if any(oc.clash is not None for oc in fin_outs):
            continue  # a fin that clashes is simply false: a forcing chain, not a Kraken fish
        # Type 1: the fish's own eliminations that the fins don't see, reached by a chain from every fin.
        own = 0  # the cells of the cover lines outside the base lines: where the fish itself removes the digit
        for pos in bits(cover):
            for line in range(n):
                if line in base_set:
                    continue
                c = o.cell(line, pos)
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
                            digit,
                            o,
                            base,
                            cover,
                            body,
                            fins,
                            [(v, True) for v in fin_nodes],
                            (c, digit),
                            pos,
                        )
        # Type 2: one cover line's base candidates plus the fins: one of them is true.
        for pos in bits(cover):
            inside = [c for c in body if o.pos_of(c) == pos]
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
                        digit,
                        o,
                        base,
                        cover,
                        body,
                        fins,
                        premises,
                        (c, d),
                        pos,
                    )


def _step(
    graph: LinkGraph,
    prop: Propagator,
    technique: Technique,
    digit: int,
    o: Lines,
    base: Sequence[int],
    cover: int,
    body: Sequence[int],
    fins: Sequence[int],
    premises: Sequence[Fact],
    target: tuple[int, int],
    cover_pos: int,
) -> Step:
    geo = graph.geometry
    ch = geo.digit_char(digit)
    base_units = [o.base_unit(line) for line in base]
    cover_units = [o.cover_unit(p) for p in bits(cover)]
    name = _NAMES[len(base)]
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
        unit = o.cover_unit(cover_pos)
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
