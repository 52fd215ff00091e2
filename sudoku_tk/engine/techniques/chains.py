"""Chains on 9×9 boards: Remote Pair, X-Chain and XY-Chain (HoDoKu's definitions).

X-Chains and XY-Chains are found by the shared chain search (chain_search.py) on the
position's link graph (link_graph.py), each with the links it allows: an X-Chain uses
one digit's strong and weak links through units; an XY-Chain the strong link inside
each bivalue cell and weak links between bivalue cells on one digit. Either proves one
of its two ends holds the digit, so every cell seeing both ends loses it. Shortest
chains come first; each distinct set of eliminations is reported once.

A Remote Pair is a chain of cells that all hold exactly the same two candidates
{a, b}, each cell seeing the next. Neighbours cannot hold the same digit, so the
digits alternate along the chain: two cells an odd number of steps apart hold
different digits, and a cell that sees both of them can hold neither a nor b.

As in HoDoKu, a chain has an even number of cells, at least four, and only pairs
of chain cells at least three steps apart are used (one step apart is a Naked
Pair). Each distinct set of eliminations is reported once, by its shortest chain.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.geometry import Cell, Geometry, bits
from ..board.grid import Grid
from ..steps.explain import cells_text, eliminations_text, mask_text, sentence
from ..steps.step import ASSUMED, ChainNode, Highlight, HighlightRole, Link, Reason, Rule, Step, Technique
from .chain_search import Reach, chain_starts, shortest_first
from .chain_steps import build_step, chain_nodes, ends_reason, node_name
from .common import CandidateIndex, Once, eliminations, index_of, only_9x9
from .link_graph import LinkGraph, graph_of

MAX_EXTENSIONS = 50_000
"""Bound on the path search per grid, so a hint stays fast even on a pathological pencil-mark grid.

Real positions never come near it: same-pair cells of a sound position are at most
two per unit, so each has at most three chain neighbours.
"""


@only_9x9
def find_remote_pairs(grid: Grid) -> Iterator[Step]:
    """Yield Remote Pairs, shortest chains first for each pair of digits."""
    idx = index_of(grid)
    by_mask: dict[int, list[Cell]] = {}
    for cell in bits(idx.bivalue):
        by_mask.setdefault(idx.candidates[cell], []).append(cell)
    budget = [MAX_EXTENSIONS]
    for mask in sorted(by_mask):
        cells = by_mask[mask]
        if len(cells) < 4:
            continue
        yield from _remote_pairs_for(idx, mask, cells, budget)


def _remote_pairs_for(idx: CandidateIndex, mask: int, cells: list[Cell], budget: list[int]) -> Iterator[Step]:
    peers = idx.geometry.peer_masks
    members = 0
    for c in cells:
        members |= 1 << c
    adj = {c: bits(peers[c] & members) for c in cells}
    a = (mask & -mask).bit_length()
    b = (mask ^ (mask & -mask)).bit_length()
    target = idx.digit_cells[a] | idx.digit_cells[b]
    once = Once()
    for length in range(4, len(cells) + 1, 2):
        for path in _paths(adj, cells, length, budget):
            elim = _chain_eliminations(path, peers, target)
            if elim and once.first(elim):
                yield _step(idx, path, mask, elim)


def _paths(
    adj: dict[Cell, list[Cell]], cells: Sequence[Cell], length: int, budget: list[int]
) -> Iterator[tuple[Cell, ...]]:
    """Simple paths of exactly ``length`` cells along ``adj`` (each found once per direction)."""
    path: list[Cell] = []
    on_path = set()

    def extend(cell: Cell) -> Iterator[tuple[Cell, ...]]:
        path.append(cell)
        on_path.add(cell)
        if len(path) == length:
            yield tuple(path)
        elif budget[0] > 0:
            for nxt in adj[cell]:
                if nxt not in on_path:
                    budget[0] -= 1
                    yield from extend(nxt)
        path.pop()
        on_path.discard(cell)

    for start in cells:
        yield from extend(start)


def _chain_eliminations(path: Sequence[Cell], peers: Sequence[int], target: int) -> int:
    """Cells (holding a or b) seeing two chain cells an odd number (at least three) of steps apart.

    Like HoDoKu, a chain counts only when its two ends clear something themselves;
    otherwise a shorter chain inside it already says what it has to say.
    """
    if not peers[path[0]] & peers[path[-1]] & target:
        return 0
    out = 0
    n = len(path)
    for i in range(n - 3):
        pi = peers[path[i]] & target
        if not pi:
            continue
        for j in range(i + 3, n, 2):
            out |= pi & peers[path[j]]
    return out


def _step(idx: CandidateIndex, path: tuple[Cell, ...], mask: int, elim_cells: int) -> Step:
    geo = idx.geometry
    a = (mask & -mask).bit_length()
    b = (mask ^ (mask & -mask)).bit_length()
    elims = eliminations((c, d) for c in bits(elim_cells) for d in (a, b) if idx.candidates[c] >> (d - 1) & 1)
    links: list[Link] = []
    for i, c in enumerate(path):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        links.append(Link(c, first, c, second, True))
        if i + 1 < len(path):
            links.append(Link(c, second, path[i + 1], second, False))
    if len(path) == 4:
        tail = f"{cells_text(geo, (path[0], path[-1]))} hold different ones; a cell that sees both"
    else:
        tail = "cells an odd number of steps apart (three or more) hold different ones; a cell that sees two such cells"
    reason = (
        f"{', '.join(geo.cell_name(c) for c in path[:-1])} and {geo.cell_name(path[-1])} all hold only "
        f"{mask_text(geo, mask)} and each sees the next in that order, so their digits alternate and "
        f"{tail} can hold neither"
    )
    # The walk: the chain read as an XY-Chain from the first cell's not-a; the other digit reads the same way.
    chain = [ChainNode((path[0],), a, False, ASSUMED)]
    for i, c in enumerate(path):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        if i:
            chain.append(
                ChainNode((c,), first, False, Reason(Rule.SEES, (len(chain),), unit=_unit(geo, path[i - 1], c)))
            )
        chain.append(ChainNode((c,), second, True, Reason(Rule.LAST_CANDIDATE, (len(chain),))))
    conclusion = (
        f"so the digits alternate along the chain (read from {geo.digit_char(b)} it goes the same way): {tail} "
        f"can hold neither {mask_text(geo, mask, 'nor')} — {eliminations_text(geo, [(e.cell, e.digit) for e in elims])}"
    )
    return Step(
        Technique.REMOTE_PAIR,
        eliminations=elims,
        explanation=sentence(
            Technique.REMOTE_PAIR.display_name, reason, eliminations_text(geo, [(e.cell, e.digit) for e in elims])
        ),
        highlights=(
            Highlight(HighlightRole.COLOR_A, path[0::2], (a, b)),
            Highlight(HighlightRole.COLOR_B, path[1::2], (a, b)),
        )
        + tuple(
            Highlight(HighlightRole.ELIMINATION, cells, (d,))
            for d in (a, b)
            if (cells := tuple(e.cell for e in elims if e.digit == d))
        ),
        links=tuple(links),
        focus=f"the {mask_text(geo, mask, 'and')} cells {cells_text(geo, (path[0], path[-1]))}",
        chain=tuple(chain),
        conclusion=conclusion,
    )


def _unit(geo: Geometry, a: Cell, b: Cell) -> int:
    """The first unit two cells that see each other share."""
    return min(set(geo.cell_units[a]) & set(geo.cell_units[b]))


# -- X-Chain and XY-Chain ----------------------------------------------------------------------------------


def _same_digit_chains(
    graph: LinkGraph, technique: Technique, strong: Sequence[int], weak: Sequence[int], allowed: int
) -> Iterator[Step]:
    """AICs whose two ends hold the same digit, each distinct set of eliminations once, shortest first."""
    searches = [Reach(a, strong, weak, allowed) for a in chain_starts(strong, allowed)]
    once = Once()
    digit_of = graph.digit_of
    for search, z in shortest_first(searches):
        a = search.start
        if z == a or digit_of(z) != digit_of(a) or not graph.weak(a) & graph.weak(z) & graph.present:
            continue
        path = search.path(z)
        if not path:
            continue
        elim = graph.excluded_by_both(path[0], path[-1])
        if not elim or not once.first(elim):
            continue
        nodes = chain_nodes(graph, path, False)
        pairs = graph.candidates_in(elim)
        yield build_step(
            graph,
            technique,
            nodes,
            ends_reason(graph, nodes[0], nodes[-1], pairs),
            elims=pairs,
            focus=f"digit {graph.geometry.digit_char(nodes[0].digit)} between {node_name(graph, nodes[0])} and "
            f"{node_name(graph, nodes[-1])}",
        )


@only_9x9
def find_x_chains(grid: Grid) -> Iterator[Step]:
    """Yield X-Chains (one digit, strong and weak links through units), shortest first."""
    graph = graph_of(grid)
    present = graph.present
    strong = [m & present for m in graph.strong_unit[: graph.ncand]]
    weak = [m & present for m in graph.weak_unit[: graph.ncand]]
    yield from _same_digit_chains(graph, Technique.X_CHAIN, strong, weak, present)


@only_9x9
def find_xy_chains(grid: Grid) -> Iterator[Step]:
    """Yield XY-Chains (bivalue cells joined on shared digits), shortest first."""
    graph = graph_of(grid)
    present = graph.present
    bivalue = graph.bivalue_nodes
    strong = [m & bivalue for m in graph.strong_cell[: graph.ncand]]
    weak = [m & present for m in graph.weak_unit[: graph.ncand]]
    yield from _same_digit_chains(graph, Technique.XY_CHAIN, strong, weak, bivalue)


FINDERS = (
    (Technique.REMOTE_PAIR, find_remote_pairs),
    (Technique.X_CHAIN, find_x_chains),
    (Technique.XY_CHAIN, find_xy_chains),
)
