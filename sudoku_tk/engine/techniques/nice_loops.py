"""Nice Loops and AICs, plain and grouped (HoDoKu's types), from one lockstep search on the link graph.

One finder serves the three techniques of each kind, as HoDoKu's "Nice Loop/AIC" step
does: the shortest chain of any of them comes first.

- **Discontinuous Nice Loop**: a chain leaving a cell and coming back to it without
  alternating there. From ``E on`` back to ``E off``: E is false. From ``E off`` back to
  ``E on``: E is true. Leaving a cell on one digit and coming back strongly on another: the
  cell holds one of the two, and its other candidates go.
- **AIC**: the same contradiction read as a chain ``A = … = Z`` between two other cells:
  one end is true, so every candidate both ends exclude goes. HoDoKu calls it an AIC when
  that removes more than one candidate and a Discontinuous Nice Loop (of the one
  candidate) otherwise; so does this.
- **Continuous Nice Loop**: a loop alternating all the way round. Each weak link then
  has one true end, so every candidate that sees both ends of one goes (inside a cell:
  its other candidates).

The grouped forms allow groups (a digit's places in one box/line intersection) as nodes
and report only chains that use one; a chain without groups belongs to the plain kind.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..board.grid import Grid
from ..steps.step import Step, Technique
from .chain_search import Reach, chain_starts, node_mask, shortest_first
from .chain_steps import build_step, chain_nodes, ends_reason, loop_reason, node_name
from .common import Once, only_9x9
from .link_graph import LinkGraph, graph_of

PLAIN = (Technique.CONTINUOUS_NICE_LOOP, Technique.DISCONTINUOUS_NICE_LOOP, Technique.AIC)
GROUPED = (
    Technique.GROUPED_CONTINUOUS_NICE_LOOP,
    Technique.GROUPED_DISCONTINUOUS_NICE_LOOP,
    Technique.GROUPED_AIC,
)


def _loop_eliminations(graph: LinkGraph, path: Sequence[int]) -> int:
    """Every candidate seeing both ends of one of the loop's weak links (the loop's own nodes left out).

    ``path`` runs from the start (off) to the last node (on), which is weakly linked back to the start.
    """
    out = 0
    k = len(path)
    for i in range(1, k, 2):  # off, on, off, …: a weak link leaves each on node (the last one closes the loop)
        out |= graph.weak(path[i]) & graph.weak(path[(i + 1) % k])
    # Like HoDoKu, nothing is taken from the cells of a group in the loop (a group's cells are the loop's own).
    in_groups = 0
    for v in path:
        if graph.is_group(v):
            in_groups |= graph.cell_mask_of(v)
    keep = 0
    for d in range(1, graph.side + 1):
        keep |= graph.digit_nodes(in_groups, d)
    return out & graph.present & ~node_mask(path) & ~keep


def _steps(graph: LinkGraph, strong: Sequence[int], weak: Sequence[int], allowed: int, grouped: bool) -> Iterator[Step]:
    """Every start's search in lockstep; each pair of ends becomes the step its shape makes it."""
    cnl, dnl, aic = GROUPED if grouped else PLAIN
    geo = graph.geometry
    present = graph.present
    searches = [Reach(a, strong, weak, allowed) for a in chain_starts(strong, allowed)]
    once = Once()

    def fresh(key: tuple[Technique, int]) -> bool:
        """Each technique reports each set of effects once (HoDoKu lists the kinds separately, and so does this)."""
        if key in once:
            return False
        once.add(key)
        return True

    for search, z in shortest_first(searches):
        a = search.start
        wa, wz = graph.weak(a), graph.weak(z)
        candidates = not graph.is_group(a) and not graph.is_group(z)
        closes = bool(wz >> a & 1)
        if z != a and not closes and not (wa & wz & present):
            continue  # nothing to conclude from these ends: don't build the path
        path = search.path(z, graph.group_nodes if grouped else 0)
        if not path or grouped != any(graph.is_group(v) for v in path):
            continue
        if z == a:
            # HoDoKu writes this loop (two strong links at the start) as the removal of the cell's other
            # candidates, which the next single then places; so does this, for the same ratings.
            cell, digit = graph.candidate(a)
            others = graph.weak_cell[a] & present
            if candidates and others and fresh((dnl, others)):
                ch = geo.digit_char(digit)
                yield build_step(
                    graph,
                    dnl,
                    chain_nodes(graph, path, False),
                    f"so if {geo.cell_name(cell)} were not {ch} it would have to be: it is {ch}",
                    elims=graph.candidates_in(others),
                    focus=geo.cell_name(cell),
                )
            continue
        nodes = chain_nodes(graph, path, False)
        if candidates and graph.cells_of(a) == graph.cells_of(z):
            elim = wa & wz & present & ~node_mask(path)
            if elim and fresh((dnl, elim)):
                pairs = graph.candidates_in(elim)
                yield build_step(
                    graph,
                    dnl,
                    nodes,
                    ends_reason(graph, nodes[0], nodes[-1], pairs),
                    elims=pairs,
                    focus=node_name(graph, nodes[0]),
                )
        if closes and len(path) >= 4:
            # A closed loop: its own step, and below the chain between its two ends too (HoDoKu reports both).
            elim = _loop_eliminations(graph, path)
            if elim and fresh((cnl, elim)):
                yield build_step(
                    graph,
                    cnl,
                    chain_nodes(graph, tuple(path) + (path[0],), False),
                    loop_reason(),
                    elims=graph.candidates_in(elim),
                    focus=node_name(graph, nodes[0]),
                )
        elim = graph.excluded_by_both(path[0], path[-1])
        if not elim:
            continue
        if elim & (elim - 1):
            if fresh((aic, elim)):
                pairs = graph.candidates_in(elim)
                yield build_step(
                    graph,
                    aic,
                    nodes,
                    ends_reason(graph, nodes[0], nodes[-1], pairs),
                    elims=pairs,
                    focus=f"the ends {node_name(graph, nodes[0])} and {node_name(graph, nodes[-1])}",
                )
        elif fresh((dnl, elim)):
            e = elim.bit_length() - 1
            cell, digit = graph.candidate(e)
            loop = chain_nodes(graph, (e,) + path + (e,), True)
            yield build_step(
                graph,
                dnl,
                loop,
                f"so {geo.digit_char(digit)} in {geo.cell_name(cell)} would rule itself out",
                elims=[(cell, digit)],
                focus=geo.cell_name(cell),
            )


@only_9x9
def find_nice_loops(grid: Grid) -> Iterator[Step]:
    """Yield Continuous and Discontinuous Nice Loops and AICs on candidates, shortest first."""
    graph = graph_of(grid)
    strong, weak = graph.candidate_links()
    yield from _steps(graph, strong, weak, graph.present, False)


@only_9x9
def find_grouped_nice_loops(grid: Grid) -> Iterator[Step]:
    """Yield Nice Loops and AICs that use at least one group node, shortest first."""
    graph = graph_of(grid)
    if not graph.groups:
        return
    strong, weak = graph.all_links()
    allowed = graph.present | graph.group_nodes
    yield from _steps(graph, strong, weak, allowed, True)


FINDERS = (
    (PLAIN, find_nice_loops),
    (GROUPED, find_grouped_nice_loops),
)
