"""The almost locked sets of one position and the links between them, built once per grid for the ALS family.

``als_index_of(grid)`` lists every ALS (N empty cells of one unit holding N + 1 digits,
smallest first) with the tables the four ALS finders share (als.py): which sets hold a
digit, which sets each set is linked to (a restricted common digit: both hold it, they
share no cell, and every place of it in one sees every place in the other), and the
cells seeing all places of a digit in a set. ``chain_ends`` and ``route`` find wings
and chains on the graph of "set reached over digit x" states (see als.py's docstring).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..board.geometry import Cell, Digit, Unit, bits, digits_of
from ..board.grid import Grid
from .common import CandidateIndex, index_9x9, per_grid

MAX_CHAIN_SETS = 7
"""Most sets in an ALS-XY-Chain (six links). HoDoKu's own library has chains of seven sets."""

MAX_ROUTE_EXTENSIONS = 20_000
"""Bound on spelling out one chain (a state tried counts one); past it the chain counts as not found."""

Candidate = tuple[Cell, Digit]


# -- the sets and their links, once per grid -------------------------------------------------------


class AlmostLockedSet:
    """N cells of one unit holding N + 1 digits: cells, digits, and per digit its places and the cells seeing them all.

    Attributes (read-only by agreement):
        cells: cell mask; cell_list: the cells in board order; digits: digit mask.
        unit: a unit holding every cell (rows before columns before boxes).
        places: ``places[d]`` is the cell mask of the set's cells holding ``d`` (0 when the set has no ``d``).
        zone: ``zone[d]`` is the cell mask of the cells that see every place of ``d`` in the set.
    """

    __slots__ = ("cells", "cell_list", "digits", "unit", "places", "zone")

    def __init__(self, cells: int, digits: int, unit: Unit, places: list[int], zone: list[int]) -> None:
        self.cells = cells
        self.cell_list: tuple[Cell, ...] = tuple(bits(cells))
        self.digits = digits
        self.unit = unit
        self.places: tuple[int, ...] = tuple(places)
        self.zone: tuple[int, ...] = tuple(zone)

    @property
    def size(self) -> int:
        return len(self.cell_list)


class AlsIndex:
    """Every ALS of a 9×9 grid and the links between them, built once (use ``als_index_of``).

    Set masks have bit ``i`` for ``sets[i]``; sets are sorted smallest first, so a lower index never
    means a bigger set.

    Attributes (read-only by agreement):
        idx: the grid's CandidateIndex; sets: every ALS, smallest first.
        holding: ``holding[d]`` is the set mask of the sets holding ``d``.
        seeing: ``seeing[d][e]`` is the set mask of the sets holding ``d`` whose every ``d`` sees cell ``e``
            (filled in for the cells holding ``d``).
        rcc: ``rcc[i]`` lists ``(j, digit mask)``: the sets linked to ``sets[i]`` and by which digits.
        linked: ``linked[i][d]`` is the set mask of the sets linked to ``sets[i]`` by ``d``.
        out_digits: ``out_digits[i]`` is the digit mask of every link of ``sets[i]``.
    """

    __slots__ = ("idx", "sets", "holding", "seeing", "rcc", "linked", "out_digits", "_partners", "_pairs", "_graph")

    def __init__(self, idx: CandidateIndex) -> None:
        self.idx = idx
        self.sets: tuple[AlmostLockedSet, ...] = _find_sets(idx)
        n = idx.geometry.side
        containing = [0] * idx.geometry.ncells
        holding = [0] * (n + 1)
        for i, s in enumerate(self.sets):
            bit = 1 << i
            for c in s.cell_list:
                containing[c] |= bit
            for d in digits_of(s.digits):
                holding[d] |= bit
        self.holding: tuple[int, ...] = tuple(holding)
        self.seeing = _seeing_table(idx, containing, holding)
        self.rcc: list[list[tuple[int, int]]] = []
        self.linked: list[list[int]] = []
        self.out_digits: list[int] = []
        for s in self.sets:
            overlap = 0
            for c in s.cell_list:
                overlap |= containing[c]
            found: dict[int, int] = {}
            by_digit = [0] * (n + 1)
            for d in digits_of(s.digits):
                nb = holding[d] & ~overlap
                see_d = self.seeing[d]
                for c in bits(s.places[d]):
                    nb &= see_d[c]
                    if not nb:
                        break
                by_digit[d] = nb
                for j in bits(nb):
                    found[j] = found.get(j, 0) | 1 << (d - 1)
            self.rcc.append(sorted(found.items()))
            self.linked.append(by_digit)
            out = 0
            for m in found.values():
                out |= m
            self.out_digits.append(out)
        self._partners: dict[tuple[int, Digit], int] = {}
        self._pairs: dict[tuple[int, int], int] = {}
        self._graph: _LinkGraph | None = None

    def shared_zone(self, i: int, j: int, z: Digit) -> int:
        """Cell mask of the cells holding ``z`` that see every ``z`` of sets ``i`` and ``j``."""
        return self.idx.digit_cells[z] & self.sets[i].zone[z] & self.sets[j].zone[z]

    def partners(self, i: int, z: Digit) -> int:
        """Set mask of the other sets holding ``z`` that leave a cell seeing every ``z`` of both them and set ``i``."""
        key = (i, z)
        got = self._partners.get(key)
        if got is None:
            s = self.sets[i]
            got = 0
            if s.places[z]:
                see_z = self.seeing[z]
                for e in bits(self.idx.digit_cells[z] & s.zone[z]):
                    got |= see_z[e]
                got &= ~(1 << i)
            self._partners[key] = got
        return got

    def pair_digits(self, i: int, j: int) -> int:
        """Digit mask of the digits z of sets ``i`` and ``j`` with a cell holding z that sees every z of both."""
        key = (i, j)
        got = self._pairs.get(key)
        if got is None:
            got = 0
            for z in digits_of(self.sets[i].digits & self.sets[j].digits):
                if self.shared_zone(i, j, z):
                    got |= 1 << (z - 1)
            self._pairs[key] = got
        return got

    def graph(self) -> _LinkGraph:
        if self._graph is None:
            self._graph = _LinkGraph(self)
        return self._graph


def _find_sets(idx: CandidateIndex) -> tuple[AlmostLockedSet, ...]:
    """Every ALS of the grid once (a set lying in two units is found once), smallest first."""
    geo = idx.geometry
    cands = idx.candidates
    dc = idx.digit_cells
    peers = geo.peer_masks
    everything = (1 << geo.ncells) - 1
    found: dict[int, tuple[int, Unit]] = {}
    for unit, unit_cells in enumerate(geo.units):
        cells = [c for c in unit_cells if cands[c]]
        n = len(cells)
        if n < 2:
            continue
        stack: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]  # (next position, cells, digits, size)
        while stack:
            pos, cm, dm, k = stack.pop()
            for j in range(pos, n):
                c = cells[j]
                cm2 = cm | 1 << c
                dm2 = dm | cands[c]
                k2 = k + 1
                count = dm2.bit_count()
                if count == k2 + 1 and cm2 not in found:
                    found[cm2] = (dm2, unit)
                # a set of at most n - 1 cells holds at most n digits
                if k2 < n - 1 and count <= n:
                    stack.append((j + 1, cm2, dm2, k2))
    zones: dict[int, int] = {}
    out = []
    for cm, (dm, unit) in sorted(found.items(), key=lambda kv: (kv[0].bit_count(), kv[0])):
        places = [0] * (geo.side + 1)
        zone = [0] * (geo.side + 1)
        for d in digits_of(dm):
            p = cm & dc[d]
            places[d] = p
            z = zones.get(p)
            if z is None:
                z = everything
                for c in bits(p):
                    z &= peers[c]
                zones[p] = z
            zone[d] = z
        out.append(AlmostLockedSet(cm, dm, unit, places, zone))
    return tuple(out)


def _seeing_table(idx: CandidateIndex, containing: Sequence[int], holding: Sequence[int]) -> list[list[int]]:
    """``[d][e]``: the sets holding d whose places of d all see cell e (for the cells e holding d)."""
    geo = idx.geometry
    peers = geo.peer_masks
    table = [[0] * geo.ncells for _ in range(geo.side + 1)]
    for d in range(1, geo.side + 1):
        places = bits(idx.digit_cells[d])
        cells = [(c, containing[c]) for c in places if containing[c]]
        row = table[d]
        hold = holding[d]
        for e in places:
            pe = peers[e]
            bad = 0
            for c, m in cells:
                if not pe >> c & 1:  # e itself counts: a set with a d in e does not see e
                    bad |= m
            row[e] = hold & ~bad
    return table


class _LinkGraph:
    """Chain states "set j reached over its link digit x", their successors, and reachability by layers.

    A chain A1 -x1- A2 -x2- … -x(n-1)- An passes the states (A2, x1), (A3, x2), …, (An, x(n-1)); a state
    (j, x) leads to (k, y) when j and k are linked by y ≠ x. ``reach(r)[s]`` is the state mask of the states
    reached from state s by exactly r such moves, ``set_reach(r)[s]`` the set mask of their sets (walks: a
    set may come back, which ``route`` avoids).
    """

    __slots__ = ("states", "state_of", "in_states", "succ", "_reach", "_set_reach", "_first")

    def __init__(self, ai: AlsIndex) -> None:
        self.states: list[tuple[int, Digit]] = []
        self.state_of: dict[tuple[int, Digit], int] = {}
        self.in_states = [0] * len(ai.sets)
        for j, out in enumerate(ai.out_digits):
            for x in digits_of(out):  # links are symmetric: the digits out of j are the digits into j
                s = len(self.states)
                self.state_of[(j, x)] = s
                self.in_states[j] |= 1 << s
                self.states.append((j, x))
        self.succ: list[list[int]] = []
        state_of = self.state_of
        for j, x in self.states:
            not_x = ~(1 << (x - 1))
            self.succ.append([state_of[(k, y)] for k, m in ai.rcc[j] for y in digits_of(m & not_x)])
        self._reach: list[list[int]] = [[1 << s for s in range(len(self.states))]]
        self._set_reach: list[list[int]] = [[1 << j for j, _x in self.states]]
        self._first: dict[tuple[int, Digit], list[int]] = {}
        for i, by_digit in enumerate(ai.linked):
            for x in digits_of(ai.out_digits[i]):
                self._first[(i, x)] = [state_of[(k, x)] for k in bits(by_digit[x])]

    def first(self, i: int, x: Digit) -> list[int]:
        """The states a chain from set i over digit x starts in."""
        return self._first[(i, x)]

    def reach(self, r: int) -> list[int]:
        return _layers(self._reach, self.succ, r)

    def set_reach(self, r: int) -> list[int]:
        return _layers(self._set_reach, self.succ, r)


def _layers(layers: list[list[int]], succ: list[list[int]], r: int) -> list[int]:
    """Layer r of a reachability table, computing the missing layers from the one before."""
    while len(layers) <= r:
        prev = layers[-1]
        layer = []
        for nxt in succ:
            m = 0
            for t in nxt:
                m |= prev[t]
            layer.append(m)
        layers.append(layer)
    return layers[r]


@per_grid(4)
def als_index_of(grid: Grid) -> AlsIndex | None:
    """The AlsIndex of a 9×9 grid (None on other sizes), built once per grid (see ``common.per_grid``)."""
    idx = index_9x9(grid)
    return None if idx is None else AlsIndex(idx)


# -- wings and chains on the link graph ------------------------------------------------------------

End = tuple[int, Digit, int, Digit]
"""(first set, first link digit, last set, last link digit): what a wing's or chain's eliminations depend on."""


def chain_ends(ai: AlsIndex, lengths: Sequence[int]) -> dict[End, int]:
    """Every (A1, x1, An, xn) with a walk of one of ``lengths`` sets between them that clears something.

    Each is found once, from its lower end, with the shortest of those lengths. The walks are followed
    as set masks first (most starts reach no partner at all), and as states only on a hit.
    """
    graph = ai.graph()
    states = graph.states
    in_states = graph.in_states
    has_links = 0
    for i, out in enumerate(ai.out_digits):
        if out:
            has_links |= 1 << i
    found: dict[End, int] = {}
    for i, s in enumerate(ai.sets):
        if not ai.out_digits[i]:
            continue
        above = has_links & ~((1 << (i + 1)) - 1)
        by_z = [(z, ai.partners(i, z) & above) for z in digits_of(s.digits)]
        for x1 in digits_of(ai.out_digits[i]):
            ends = 0
            for z, m in by_z:
                if z != x1:
                    ends |= m
            if not ends:
                continue
            first = graph.first(i, x1)
            not_x1 = ~(1 << (x1 - 1))
            done = 0  # end states already found at a shorter length
            for length in lengths:
                layer = graph.set_reach(length - 2)
                reached = 0
                for f in first:
                    reached |= layer[f]
                hits = reached & ends
                if not hits:
                    continue
                layer = graph.reach(length - 2)
                reached = 0
                for f in first:
                    reached |= layer[f]
                reached &= ~done
                for j in bits(hits):
                    new = reached & in_states[j]
                    if not new:
                        continue
                    done |= new
                    zs = 0
                    for z, m in by_z:
                        if m >> j & 1:
                            zs |= 1 << (z - 1)
                    zs &= not_x1
                    for t in bits(new):
                        xn = states[t][1]
                        if zs & ~(1 << (xn - 1)):
                            found[(i, x1, j, xn)] = length
    return found


def cleared_digits(ai: AlsIndex, end: End) -> int:
    """Digit mask of the digits a wing or chain with these ends clears."""
    i, x1, j, xn = end
    return ai.pair_digits(i, j) & ~(1 << (x1 - 1)) & ~(1 << (xn - 1))


def pair_eliminations(ai: AlsIndex, i: int, j: int, zs: int) -> list[Candidate]:
    out: list[Candidate] = []
    for z in digits_of(zs):
        out += [(c, z) for c in bits(ai.shared_zone(i, j, z))]
    return out


def route(ai: AlsIndex, end: End, length: int) -> tuple[tuple[int, ...], tuple[Digit, ...]] | None:
    """A chain of ``length`` sets for ``end`` with no set twice (lowest sets first), or None if there is none."""
    graph = ai.graph()
    i, x1, j, xn = end
    target = 1 << graph.state_of[(j, xn)]
    path: list[int] = []
    budget = [MAX_ROUTE_EXTENSIONS]

    def go(options: Sequence[int], left: int, used: int) -> bool:
        layer = graph.reach(left)
        for s in options:
            k = graph.states[s][0]
            if used >> k & 1 or not layer[s] & target:
                continue
            budget[0] -= 1
            if budget[0] < 0:
                return False
            path.append(s)
            if left == 0 or go(graph.succ[s], left - 1, used | 1 << k):
                return True
            path.pop()
        return False

    if not go(graph.first(i, x1), length - 2, 1 << i):
        return None
    return (i, *(graph.states[s][0] for s in path)), tuple(graph.states[s][1] for s in path)
