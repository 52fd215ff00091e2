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

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations

from ..board.geometry import bits
from ..board.grid import Grid
from ..steps.explain import cells_text, effects_text, join_words, sentence, units_text
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .common import candidate_highlights, effect_highlights, eliminations
from .link_graph import LinkGraph, graph_of
from .propagator import Fact, Propagator, branch, branch_text, fact_text, propagator_of
from .reasons import links_of, proof_nodes

MAX_FINS = 2
"""HoDoKu's default for Kraken fish."""

_NAMES = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}


def _fish(grid: Grid) -> Iterator[tuple[int, bool, tuple[int, ...], int, list[int], list[int]]]:
    """Every finned (or plain) row/column fish: (digit, by_rows, base lines, cover mask, body cells, fin cells).

    Base lines hold the digit at least twice; every base line keeps a candidate inside the cover.
    """
    geo = grid.geometry
    n = geo.side
    cands = grid.candidates
    for digit in range(1, n + 1):
        bit = 1 << (digit - 1)
        for by_rows in (True, False):
            cell = _cell_of(n, by_rows)
            positions = [0] * n
            for line in range(n):
                for pos in range(n):
                    c = cell(line, pos)
                    if not grid.values[c] and cands[c] & bit:
                        positions[line] |= 1 << pos
            lines = [i for i, m in enumerate(positions) if m & (m - 1)]
            for size in (2, 3, 4):
                for base in combinations(lines, size):
                    union = 0
                    for line in base:
                        union |= positions[line]
                    if union.bit_count() > size + MAX_FINS:
                        continue
                    for cover_t in combinations(bits(union), size):
                        cover = 0
                        for p in cover_t:
                            cover |= 1 << p
                        if any(not positions[line] & cover for line in base):
                            continue
                        body = [cell(line, p) for line in base for p in bits(positions[line] & cover)]
                        fins = [cell(line, p) for line in base for p in bits(positions[line] & ~cover)]
                        if len(fins) > MAX_FINS:
                            continue
                        yield digit, by_rows, base, cover, body, fins


def _cell_of(n: int, by_rows: bool) -> Callable[[int, int], int]:
    """The cell at a base line and a position along it, for fish on rows (or on columns)."""
    return (lambda line, pos: line * n + pos) if by_rows else (lambda line, pos: pos * n + line)


def _line_of(n: int, by_rows: bool) -> Callable[[int], int]:
    return (lambda c: c // n) if by_rows else (lambda c: c % n)


def _pos_of(n: int, by_rows: bool) -> Callable[[int], int]:
    return (lambda c: c % n) if by_rows else (lambda c: c // n)


def _node(graph: LinkGraph, cell: int, digit: int) -> int:
    return graph.node(cell, digit)


def find_kraken_fish(grid: Grid) -> Iterator[Step]:
    """Yield Kraken Fish Type 1 and Type 2 steps, smaller fish first, each elimination once."""
    if grid.geometry.side != 9:
        return
    geo = grid.geometry
    n = geo.side
    graph = graph_of(grid)
    prop = propagator_of(graph, False)
    seen: set[tuple[Technique, int, int]] = set()
    for digit, by_rows, base, cover, body, fins in _fish(grid):
        if not fins:
            continue  # a plain fish is a plain fish (Type 2 on one needs no fins either, but adds little)
        base_set = set(base)
        line_of, pos_of = _line_of(n, by_rows), _pos_of(n, by_rows)

        fin_nodes = [_node(graph, f, digit) for f in fins]
        fin_outs = [prop.outcome((v, True)) for v in fin_nodes]
        if any(o.clash is not None for o in fin_outs):
            continue  # a fin that clashes is simply false: a forcing chain, not a Kraken fish
        # Type 1: the fish's own eliminations that the fins don't see, reached by a chain from every fin.
        for pos in bits(cover):
            for line in range(n):
                if line in base_set:
                    continue
                c = line * n + pos if by_rows else pos * n + line
                if grid.values[c] or not grid.candidates[c] >> (digit - 1) & 1:
                    continue
                if all(geo.sees(c, f) for f in fins):
                    continue  # a plain finned fish removes it
                target = _node(graph, c, digit)
                if all(o.off >> target & 1 for o in fin_outs):
                    key = (Technique.KRAKEN_FISH_TYPE_1, target, 0)
                    if key not in seen:
                        seen.add(key)
                        yield _step(
                            graph,
                            prop,
                            Technique.KRAKEN_FISH_TYPE_1,
                            digit,
                            by_rows,
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
            inside = [c for c in body if pos_of(c) == pos]
            premises = [(_node(graph, c, digit), True) for c in inside] + [(v, True) for v in fin_nodes]
            outs = [prop.outcome(p) for p in premises]
            if any(o.clash is not None for o in outs):
                continue
            common = graph.present
            for o in outs:
                common &= o.off
            for target in bits(common):
                c, d = target % geo.ncells, target // geo.ncells + 1
                if d == digit and pos_of(c) in bits(cover) and line_of(c) not in base_set:
                    continue  # the fish's own eliminations: Type 1's, or a plain fish's
                key = (Technique.KRAKEN_FISH_TYPE_2, target, 0)
                if key not in seen:
                    seen.add(key)
                    yield _step(
                        graph,
                        prop,
                        Technique.KRAKEN_FISH_TYPE_2,
                        digit,
                        by_rows,
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
    by_rows: bool,
    base: Sequence[int],
    cover: int,
    body: Sequence[int],
    fins: Sequence[int],
    premises: Sequence[Fact],
    target: tuple[int, int],
    cover_pos: int,
) -> Step:
    geo = graph.geometry
    n = geo.side
    ch = geo.digit_char(digit)
    base_units = [line if by_rows else n + line for line in base]
    cover_units = [n + p if by_rows else p for p in bits(cover)]
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
        unit = n + cover_pos if by_rows else cover_pos
        fin_nodes = {graph.node(f, digit) for f in fins}
        inside = [geo.cell_name(p[0] % geo.ncells) for p in premises if p[0] not in fin_nodes]
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
    highlights = (
        (
            Highlight(HighlightRole.DEFINING_UNIT, units=tuple(base_units)),
            Highlight(HighlightRole.COVER_UNIT, units=tuple(cover_units)),
        )
        + candidate_highlights(HighlightRole.PATTERN, [(c, digit) for c in body])
        + (Highlight(HighlightRole.FIN, tuple(sorted(fins)), (digit,)),)
        + effect_highlights((), elims)
    )
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
