"""Chains as players read and see them: numbered nodes, links, colours and one sentence.

A chain is written as the implications it stands for, e.g.
``r1c2≠4 → r1c7=4 → r5c7≠4 → r5c3=4``: each arrow is a link, strong when it leaves a
node that is off ("if this is not 4, that is"), weak when it leaves a node that is on
("if this is 4, that is not"). On the board every node is numbered in that order, true
nodes are drawn as colour A (a disc), false ones as colour B (a ring), strong links
solid and weak links dashed, with arrows for the reading direction.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..board.geometry import Cell, Digit
from ..steps.explain import effects_text, join_words, sentence
from ..steps.step import ChainNode, Highlight, HighlightRole, Link, Step, Technique, group_name
from .common import effect_highlights, eliminations, placements
from .link_graph import LinkGraph, Node
from .reasons import chain_with_reasons, node_link


def chain_nodes(graph: LinkGraph, nodes: Sequence[Node], first_on: bool) -> tuple[ChainNode, ...]:
    """The ChainNodes of ``nodes`` read with alternating polarity from ``first_on``, each with its reason."""
    return chain_with_reasons(graph, nodes, first_on)


def chain_links(chain: Sequence[ChainNode], closed: bool = False) -> tuple[Link, ...]:
    """A Link between consecutive nodes (and from the last back to the first when ``closed``)."""
    pairs = list(zip(chain, chain[1:]))
    if closed:
        pairs.append((chain[-1], chain[0]))
    return tuple(node_link(a, b) for a, b in pairs)


def chain_text(graph: LinkGraph, chain: Sequence[ChainNode]) -> str:
    """'r1c2≠4 → r1c7=4 → r5c7≠4 → r5c3=4'."""
    return " → ".join(node.text(graph.geometry) for node in chain)


def chain_highlights(chain: Sequence[ChainNode]) -> tuple[Highlight, ...]:
    """True nodes as colour A, false ones as colour B (each candidate once, by its first reading)."""
    on: dict[tuple[Cell, Digit], bool] = {}
    for node in chain:
        for c in node.cells:
            on.setdefault((c, node.digit), node.on)
    out: list[Highlight] = []
    for role, want in ((HighlightRole.COLOR_A, True), (HighlightRole.COLOR_B, False)):
        by_digit: dict[Digit, list[Cell]] = {}
        for (c, d), v in sorted(on.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if v == want:
                by_digit.setdefault(d, []).append(c)
        out.extend(Highlight(role, tuple(cs), (d,)) for d, cs in by_digit.items())
    return tuple(out)


def node_name(graph: LinkGraph, node: ChainNode) -> str:
    return group_name(graph.geometry, node.cells)


def build_step(
    graph: LinkGraph,
    technique: Technique,
    chain: Sequence[ChainNode],
    reason: str,
    elims: Iterable[tuple[Cell, Digit]] = (),
    places: Iterable[tuple[Cell, Digit]] = (),
    focus: str = "",
    closed: bool = False,
) -> Step:
    """A chain Step: the sentence "<technique>: <chain>, <reason> — <effects>.", nodes, links and colours."""
    geo = graph.geometry
    el = eliminations(elims)
    pl = placements(places)
    pairs_el = [(e.cell, e.digit) for e in el]
    pairs_pl = [(p.cell, p.digit) for p in pl]
    effects = effects_text(geo, pairs_pl, pairs_el)
    text = sentence(
        technique.display_name,
        f"{chain_text(graph, chain)}{' (the loop closes)' if closed else ''}, {reason}",
        effects,
    )
    # The walk ends where the sentence does: its reason, told after the links; an AIC's two ends as the two
    # cases a player can check on the board.
    ends = ends_conclusion(graph, chain[0], chain[-1], pairs_el) if chain and not closed else ""
    conclusion = f"{ends or (('The loop closes, ' if closed else '') + reason)} — {effects}"
    return Step(
        technique,
        placements=pl,
        eliminations=el,
        explanation=text,
        highlights=chain_highlights(chain) + effect_highlights(pairs_pl, pairs_el),
        links=chain_links(chain, closed),
        focus=focus or f"the chain from {node_name(graph, chain[0])} to {node_name(graph, chain[-1])}",
        chain=tuple(chain),
        conclusion=conclusion,
    )


def ends_reason(graph: LinkGraph, first: ChainNode, last: ChainNode, elims: Sequence[tuple[Cell, Digit]]) -> str:
    """Why an AIC's eliminations follow from its two ends (first off, last on)."""
    geo = graph.geometry
    a, z = node_name(graph, first), node_name(graph, last)
    da, dz = geo.digit_char(first.digit), geo.digit_char(last.digit)
    if first.cells == last.cells:
        return f"so {a} is {da} or {dz} and nothing else"
    if first.digit == last.digit:
        return f"so if {a} is not {da} then {z} is: one of them is {da}, and a cell that sees both can't be"
    parts = []
    for cell, d in elims:
        parts.append(f"{geo.cell_name(cell)} can't be {geo.digit_char(d)}")
    return f"so if {a} is not {da} then {z} is {dz}; as the two see each other, {join_words(parts)}"


def ends_conclusion(graph: LinkGraph, first: ChainNode, last: ChainNode, elims: Sequence[tuple[Cell, Digit]]) -> str:
    """An AIC's conclusion as the two cases of its first node ("" when the chain is not read from an end off to
    an end on, as a loop's is)."""
    if first.on or not last.on or not elims:
        return ""
    geo = graph.geometry
    a, z = node_name(graph, first), node_name(graph, last)
    da, dz = geo.digit_char(first.digit), geo.digit_char(last.digit)
    targets = sorted({c for c, _ in elims})
    names = join_words([geo.cell_name(c) for c in targets])
    one = len(targets) == 1
    if first.cells == last.cells:
        return f"so {a} is {da} or, if it isn’t, the chain makes it {dz}: it is {da} or {dz} and nothing else"
    if first.digit == last.digit and all(d == first.digit for _, d in elims):
        see = "sees" if one else "see"
        return (
            f"if {a} is {da}, {names} — which {see} it — can’t be {da}; if it isn’t, the chain makes {z} {dz}, "
            f"which {'it sees' if one else 'they see'} as well. Either way {'it' if one else 'they'} can’t be {da}"
        )
    return ""


def loop_reason() -> str:
    return (
        "back where it started: around the loop each weak link has one true end, so whatever sees both ends "
        "of one can go"
    )
