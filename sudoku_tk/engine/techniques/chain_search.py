"""The one chain search: every alternating chain from every start, shortest first, over a LinkGraph.

A chain is read as implications. A node *off* (false) makes every node it is strongly
linked to *on*; a node *on* makes every node it is weakly linked to *off*. So polarity
alternates along a chain and the kind of each link follows from it.

Every chain technique asks the same question of the same search: starting from a node
``A`` assumed off, which nodes ``Z`` are forced on, and by which shortest chain?
``A off → … → Z on`` is an Alternating Inference Chain with the ends A and Z: one of
them is true. What a technique concludes from a pair of ends (anything both ends
exclude goes; ``Z = A`` means A is true; ``Z`` weakly linked back to ``A`` closes a
continuous loop) is the technique's business; the search only supplies the pairs and
their chains.

``Reach`` runs the breadth-first search from one start a level at a time, and
``shortest_first`` runs the searches of many starts in lockstep, so every chain with k
links is offered before any with k + 2, and a caller that needs only the first stops
after the shortest level that gave one. Links are passed per node as masks (a technique
passes its own: one digit's unit links for X-Chains, and so on), and ``allowed`` limits
the nodes a chain may pass through.

Every implication is valid on its own, so every chain found is sound, whatever its
shape; a chain that passes the same node twice is still not offered, as no player would
write it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from ..board.geometry import bits

Node = int
Masks = Sequence[int]


class Reach:
    """The breadth-first search from ``start`` (off) along the given links, one level per ``advance()``.

    After a level that made nodes on, ``advance`` returns their mask (else 0); ``path(z)`` is then the
    chain from the start to ``z``: the start off, and alternating polarity from there, ``z`` on.
    """

    __slots__ = (
        "start",
        "strong",
        "weak",
        "allowed",
        "alive",
        "level",
        "_front",
        "_front_on",
        "_seen_on",
        "_seen_off",
        "_par_on",
        "_par_off",
    )

    def __init__(self, start: Node, strong: Masks, weak: Masks, allowed: int) -> None:
        self.start = start
        self.strong = strong
        self.weak = weak
        self.allowed = allowed
        self.alive = True
        self.level = 0
        self._front = 1 << start
        self._front_on = False
        self._seen_on = 0
        self._seen_off = 1 << start
        self._par_on: dict[Node, list[Node]] = {}
        self._par_off: dict[Node, list[Node]] = {}

    def advance(self) -> int:
        """Expand one level; return the mask of the nodes made on by it (0 after an off level or at the end)."""
        if not self.alive:
            return 0
        self.level += 1
        new = 0
        if self._front_on:
            links, seen, par = self.weak, self._seen_off, self._par_off
        else:
            links, seen, par = self.strong, self._seen_on, self._par_on
        allowed = self.allowed & ~seen
        # Every parent on the previous level is kept, so a path that would pass a node twice has others to try.
        for i in bits(self._front):
            m = links[i] & allowed
            if m:
                new |= m
                for j in bits(m):
                    got = par.get(j)
                    if got is None:
                        par[j] = [i]
                    else:
                        got.append(i)
        made_on = not self._front_on
        if made_on:
            self._seen_on = seen | new
        else:
            self._seen_off = seen | new
        self._front = new
        self._front_on = made_on
        if not new:
            self.alive = False
        return new if made_on else 0

    def path(self, z: Node, need: int = 0) -> tuple[Node, ...]:
        """A shortest chain from the start (off) to ``z`` (on) that passes no node twice, or () if none does.

        Only ``z = start`` (a verity: the start forced on) has a node twice: the start, at both ends.
        ``need``: a node mask the chain must pass through (at least one of them), when a shortest chain can.
        """
        start = self.start
        par_on, par_off = self._par_on, self._par_off
        budget = [_PATH_BUDGET]
        used = {z}
        met0 = bool(need >> z & 1) or bool(need >> start & 1)

        def back(node: Node, on: bool, met: bool) -> list[Node] | None:
            """A simple path from the start (off) to ``node`` with polarity ``on``, through unused nodes."""
            for p in (par_on if on else par_off).get(node, ()):
                if p == start:
                    if on and (met or not need):  # the parent of an on node is off: this is the start itself
                        return [start, node]
                    continue
                if p in used:
                    continue
                budget[0] -= 1
                if budget[0] < 0:
                    return None
                used.add(p)
                got = back(p, not on, met or bool(need >> p & 1))
                if got is not None:
                    got.append(node)
                    return got
                used.discard(p)
            return None

        found = back(z, True, met0)
        return tuple(found) if found else ()


def node_mask(nodes: Iterable[Node]) -> int:
    """The node mask of ``nodes``."""
    m = 0
    for v in nodes:
        m |= 1 << v
    return m


def chain_starts(strong: Sequence[int], allowed: int) -> list[Node]:
    """The nodes a chain may start from: allowed ones with a strong link."""
    return [v for v in bits(allowed) if strong[v]]


_PATH_BUDGET = 2000
"""Nodes tried per path reconstruction, so a tangled parent graph can't make a hint slow."""


def shortest_first(searches: Sequence[Reach], max_links: int = 40) -> Iterator[tuple[Reach, Node]]:
    """Advance every search a level at a time; yield (search, z) for each node z made on, shortest chains first.

    Within a level, starts come in the order given and their nodes in id order. Chains longer than
    ``max_links`` links are not looked for.
    """
    live: list[Reach] = [s for s in searches if s.alive]
    level = 0
    while live and level < max_links:
        level += 1
        still: list[Reach] = []
        for s in live:
            new = s.advance()
            for z in bits(new):
                yield s, z
            if s.alive:
                still.append(s)
        live = still
