"""Typed reasons for chain and net nodes: which rule makes a node follow from the nodes it needs.

Every chain-like step (X-/XY-Chains, Nice Loops and AICs, ALS chains, forcing chains and
nets, the nested net, Kraken fish) numbers its nodes and gives each a ``Reason``
(step.py): the rule, the unit it acts in and the earlier nodes it needs. The hint walk
(engine/steps/walk.py) reads them link by link, ``hint --json`` writes them, and a test
replays them on the position: a reason never leans on a fact it does not name.

- ``link_reason``: the reason a link gives its far end (a weak link: ``sees`` or
  ``same cell``; a strong one: ``last place`` or ``last candidate``).
- ``proof_nodes``: what one or more premises force (propagator.py's ``Consequences``), as
  numbered nodes with every support they rest on, each case of a verity on its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..board.geometry import Cell, Digit, Unit
from ..steps.step import ASSUMED, ChainNode, Link, Reason, Rule
from .link_graph import LinkGraph, Node


def common_unit(graph: LinkGraph, cells: Iterable[Cell]) -> Unit | None:
    """The first unit (rows, then columns, then boxes) holding every one of ``cells`` (None: there is none)."""
    units: set[int] | None = None
    for c in cells:
        here = set(graph.geometry.cell_units[c])
        units = here if units is None else units & here
    return min(units) if units else None


def place_unit(graph: LinkGraph, digit: Digit, cells: Iterable[Cell]) -> Unit | None:
    """A unit whose places of ``digit`` (in the graph's grid) are all among ``cells`` and in it (None: none)."""
    mask = 0
    for c in cells:
        mask |= 1 << c
    places = graph.index.digit_cells[digit]
    for u in sorted(graph.geometry.cell_units[next(iter(cells))] if cells else ()):
        umask = graph.geometry.unit_masks[u]
        if mask & umask == mask and places & umask & ~mask == 0:
            return u
    return None


def link_reason(graph: LinkGraph, prev: Node, prev_on: bool, node: Node, need: int) -> Reason:
    """Why ``node`` follows from ``prev`` (chain node number ``need``) over the link between them.

    From a true node (a weak link) the next is off: it ``sees`` it (same digit) or shares its cell. From a
    false node (a strong link) the next is on: the ``last place`` of the digit in their unit, or the ``last
    candidate`` of their cell.
    """
    da, db = graph.digit_of(prev), graph.digit_of(node)
    cells = graph.cells_of(prev) + graph.cells_of(node)
    if prev_on:
        if da == db:
            return Reason(Rule.SEES, (need,), unit=common_unit(graph, cells))
        return Reason(Rule.SAME_CELL, (need,))
    if da == db:
        return Reason(Rule.LAST_PLACE, (need,), unit=place_unit(graph, da, cells))
    return Reason(Rule.LAST_CANDIDATE, (need,))


def chain_with_reasons(graph: LinkGraph, nodes: Sequence[Node], first_on: bool) -> tuple[ChainNode, ...]:
    """The ChainNodes of a chain read with alternating polarity from ``first_on``, each with its reason."""
    out: list[ChainNode] = []
    on = first_on
    for i, v in enumerate(nodes):
        because = ASSUMED if i == 0 else link_reason(graph, nodes[i - 1], not on, v, i)
        out.append(ChainNode(graph.cells_of(v), graph.digit_of(v), on, because))
        on = not on
    return tuple(out)


def links_of(chain: Sequence[ChainNode]) -> tuple[Link, ...]:
    """A link from every node a node needs to the node itself (strong when it leaves a false node)."""
    out: list[Link] = []
    for node in chain:
        if node.because is None:
            continue
        out.extend(node_link(chain[k - 1], node) for k in node.because.needs)
    return tuple(out)


def node_link(a: ChainNode, b: ChainNode) -> Link:
    """The link from node ``a`` to node ``b``: strong when it leaves a false node ("if not this, then that")."""
    return Link(
        a.cells[0],
        a.digit,
        b.cells[0],
        b.digit,
        strong=not a.on,
        from_group=a.cells if len(a.cells) > 1 else (),
        to_group=b.cells if len(b.cells) > 1 else (),
    )


# -- proofs of premises (forcing chains and nets, the nested net, Kraken fish) -----------------------------

Fact = tuple[int, bool]
"""A candidate (its node id) and whether it is true (as propagator.py's facts)."""
Why = dict[Fact, tuple[Reason, tuple[Fact, ...]]]


def proof_nodes(
    graph: LinkGraph,
    cases: Sequence[tuple[Sequence[Fact], Why, Sequence[Fact]]],
) -> tuple[ChainNode, ...]:
    """Numbered nodes proving, for each case (its assumptions, their reasons, the facts it must reach), those
    facts.

    Each case is numbered on its own: its assumptions first (the premise, and any fact taken as established),
    then every fact the targets rest on, each after all the facts it needs. A fact shared by two cases
    appears in each, since each case assumes something else. ``why`` maps a fact to (its reason with
    ``needs`` unset, the facts it follows from).
    """
    out: list[ChainNode] = []
    for heads, why, targets in cases:
        number: dict[Fact, int] = {}
        for fact in (*heads, *targets):
            _number(graph, fact, why, number, out)
    return tuple(out)


def _number(graph: LinkGraph, fact: Fact, why: Why, number: dict[Fact, int], out: list[ChainNode]) -> None:
    """Append ``fact`` and every support it rests on to ``out`` (those not numbered yet), supports first."""
    # Iterative depth-first walk: every support is numbered before the fact that needs it.
    stack: list[tuple[Fact, bool]] = [(fact, False)]
    while stack:
        f, ready = stack.pop()
        if f in number:
            continue
        reason, parents = why[f]
        if ready:
            needs = tuple(number[p] for p in parents)
            because = Reason(reason.rule, needs, reason.unit, reason.cells, reason.digits, reason.walk)
            v, on = f
            cell, digit = graph.candidate(v)
            out.append(ChainNode((cell,), digit, on, because))
            number[f] = len(out)
            continue
        stack.append((f, True))
        for p in reversed(parents):
            if p not in number:
                stack.append((p, False))
