"""Brute-force search for Killer puzzles: bitmask candidates, cage combinations propagated, fewest options first.

At each node the search propagates to a fixpoint: a cell with one candidate is placed and its digit leaves every
peer (row, column, box and cage mates); each cage whose cells changed keeps only the digits of its workable
combinations (``combinations.py``: the sets of its size and remaining sum that avoid its placed digits, fit its
cells' candidates and give each cell one of them), and a digit that every workable combination needs and only one
of its cells can hold is placed there; a digit with one place left in a row, column or box is placed. Besides the
puzzle's cages it uses the *innies* of every row, column and box (the 45 rule): the cells of a house outside the
cages lying wholly inside it hold different digits adding up to 45 minus those cages' sums, so they act as one more
cage. Then it branches on the empty cell with fewest candidates.

``killer_solutions(puzzle, 2)`` tells unique from not: it stops at the second solution. ``stop`` is asked every
``STOP_EVERY`` nodes, as in the classic search (``SearchStopped`` ends it).

>>> from .text import parse_killer
>>> p = parse_killer("A" * 9 + "." * 72 + " A=45")
>>> count_killer_solutions(p, 2)
2
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from ..board.grid import Grid
from ..solving.search_limits import STOP_EVERY, SearchStopped, Stop
from .cages import GEOMETRY, KillerPuzzle, puzzle_on
from .combinations import combination_table
from .regions import REGIONS, equations

FULL = (1 << 9) - 1


@dataclass(frozen=True, slots=True)
class SearchTables:
    """What the search needs about one puzzle, built once: peers with cage mates, cages, innie and outie groups."""

    peers: tuple[tuple[int, ...], ...]
    groups: tuple[tuple[tuple[int, ...], int], ...]
    """The cages, then each house's innies: (cells, total); the cells of a group hold different digits."""
    cell_groups: tuple[tuple[int, ...], ...]
    """For each cell, the groups it is in."""
    sums: tuple[tuple[tuple[int, ...], int], ...]
    """Innies and outies of several houses: (cells, total); a digit may repeat in them, so only the sum counts."""
    cell_sums: tuple[tuple[int, ...], ...]
    """For each cell, the sum groups it is in."""
    group_names: tuple[str, ...] = ()
    """How a sentence names each group ('the 17-cage at r1c1', 'the innies of row 3')."""
    sum_names: tuple[str, ...] = ()


_MAX_SUM_GROUP = 6
"""Larger innie or outie groups bound their cells too loosely to pay for their upkeep."""


def search_tables(puzzle: KillerPuzzle) -> SearchTables:
    """The tables of ``puzzle`` (peers include cage mates; innie groups from every house, sums from runs)."""
    geo = GEOMETRY
    peers = [set(p) for p in geo.peers]
    groups: list[tuple[tuple[int, ...], int]] = []
    group_names: list[str] = []
    sum_names: list[str] = []
    for cage in puzzle.cages:
        groups.append((cage.cells, cage.total))
        group_names.append(cage.name())
        for a in cage.cells:
            peers[a].update(b for b in cage.cells if b != a)
    known = {cells for cells, _ in groups}
    sums: list[tuple[tuple[int, ...], int]] = []
    for region in REGIONS:
        for eq in equations(puzzle, region, only_extremes=True):
            cells = eq.innies or eq.outies
            value = eq.value if eq.innies else -eq.value
            if not cells or cells in known:
                continue
            known.add(cells)
            name = f"the {'innies' if eq.innies else 'outies'} of {region.name}"
            if region.houses == 1 and eq.innies:
                groups.append((cells, value))
                group_names.append(name)
            elif len(cells) <= _MAX_SUM_GROUP:
                sums.append((cells, value))
                sum_names.append(name)
    return SearchTables(
        tuple(tuple(sorted(p)) for p in peers),
        tuple(groups),
        _index(groups),
        tuple(sums),
        _index(sums),
        tuple(group_names),
        tuple(sum_names),
    )


def _index(groups: Sequence[tuple[tuple[int, ...], int]]) -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in range(81)]
    for i, (cells, _) in enumerate(groups):
        for c in cells:
            out[c].append(i)
    return tuple(tuple(g) for g in out)


_LOW = tuple((m & -m).bit_length() for m in range(512))
_HIGH = tuple(m.bit_length() for m in range(512))
_UP_TO = tuple((1 << min(max(v, 0), 9)) - 1 for v in range(-100, 100))
"""``_UP_TO[v + 100]``: the digits 1..v as a mask (none for v < 1, all for v > 9)."""


class Trace:
    """What a propagation did, for a sentence: the cells placed in order, why each became single, why it failed.

    ``cause[cell]``: ("last", the cell whose digit took the cell's last other candidate), ("group", group index),
    ("sum", sum group index) or ("unit", unit index: a hidden single). ``failure``: ("twice", cell: a peer already
    holds the digit), ("empty", cell), ("group", index), ("sum", index), ("unit", index: a digit has no place),
    ("cell", cell: two digits need the cell).
    """

    __slots__ = ("order", "cause", "failure")

    def __init__(self) -> None:
        self.order: list[tuple[int, int]] = []
        """(cell, digit) in the order the propagation placed them."""
        self.cause: dict[int, tuple[str, int]] = {}
        self.failure: tuple[str, int] = ("", -1)


def _fail(trace: Trace | None, kind: str, where: int) -> bool:
    if trace is not None:
        trace.failure = (kind, where)
    return False


def refutes(
    t: SearchTables, cands: Sequence[int], values: Sequence[int], cell: int, digit: int, trace: Trace | None = None
) -> bool:
    """Does putting ``digit`` in ``cell`` lead, by the search's propagation alone, to a contradiction?

    ``cands``: the position's candidates (0 on filled cells), ``values`` its digits (0 on empty cells).
    """
    work = [1 << (v - 1) if v else m for m, v in zip(cands, values)]
    placed = [1 << (v - 1) if v else 0 for v in values]
    work[cell] = 1 << (digit - 1)
    return not _propagate(work, placed, t, [cell], set(range(len(t.groups))), set(range(len(t.sums))), trace)


def _propagate(
    cands: list[int],
    placed: list[int],
    t: SearchTables,
    queue: list[int],
    dirty: set[int],
    sdirty: set[int],
    trace: Trace | None = None,
) -> bool:
    """Place the queued single cells and narrow the dirty groups to a fixpoint; False on a contradiction.

    ``placed[c]`` is the bit of the digit placed in cell ``c`` (0: empty); a placed cell's ``cands`` is that bit.
    """
    peers = t.peers
    cell_groups = t.cell_groups
    groups = t.groups
    cell_sums = t.cell_sums
    sums = t.sums
    units = GEOMETRY.units
    low_of, high_of, up_to = _LOW, _HIGH, _UP_TO
    table = combination_table()
    while True:
        while queue:
            c = queue.pop()
            if placed[c]:
                continue
            m = cands[c]
            placed[c] = m
            if trace is not None:
                trace.order.append((c, m.bit_length()))
            dirty.update(cell_groups[c])
            sdirty.update(cell_sums[c])
            for p in peers[c]:
                pm = cands[p]
                if pm & m:
                    if placed[p]:
                        return _fail(trace, "twice", p)
                    pm ^= m
                    if not pm:
                        return _fail(trace, "empty", p)
                    cands[p] = pm
                    dirty.update(cell_groups[p])
                    sdirty.update(cell_sums[p])
                    if not pm & (pm - 1):
                        queue.append(p)
                        if trace is not None:
                            trace.cause.setdefault(p, ("last", c))
        if dirty:
            g = dirty.pop()
            cells, total = groups[g]
            used = 0
            left = total
            free = []
            union = 0
            for c in cells:
                b = placed[c]
                if b:
                    used |= b
                    left -= b.bit_length()
                else:
                    free.append(c)
                    union |= cands[c]
            if not free:
                if left:
                    return _fail(trace, "group", g)
                continue
            allowed = 0
            needed = FULL
            for combo in table.get((len(free), left), ()):
                if combo & used or combo & ~union:
                    continue
                for c in free:
                    if not cands[c] & combo:
                        break
                else:
                    allowed |= combo
                    needed &= combo
            if not allowed:
                return _fail(trace, "group", g)
            for c in free:
                m = cands[c]
                if m & ~allowed:
                    m &= allowed
                    if not m:
                        return _fail(trace, "group", g)
                    cands[c] = m
                    dirty.update(cell_groups[c])
                    sdirty.update(cell_sums[c])
                    if not m & (m - 1):
                        queue.append(c)
                        if trace is not None:
                            trace.cause.setdefault(c, ("group", g))
            while needed:
                low = needed & -needed
                needed ^= low
                spot = -1
                for c in free:
                    if cands[c] & low:
                        if spot >= 0:
                            break
                        spot = c
                else:
                    if spot < 0:
                        return _fail(trace, "group", g)
                    if cands[spot] != low:
                        cands[spot] = low
                        dirty.update(cell_groups[spot])
                        sdirty.update(cell_sums[spot])
                        queue.append(spot)
                        if trace is not None:
                            trace.cause.setdefault(spot, ("group", g))
            continue
        if sdirty:
            s = sdirty.pop()
            cells, total = sums[s]
            lo = hi = 0
            for c in cells:
                m = cands[c]
                lo += low_of[m]
                hi += high_of[m]
            if lo > total or hi < total:
                return _fail(trace, "sum", s)
            for c in cells:
                m = cands[c]
                keep = up_to[total - lo + low_of[m] + 100] & ~up_to[total - hi + high_of[m] + 99]
                if m & ~keep:
                    m &= keep
                    if not m:
                        return _fail(trace, "sum", s)
                    cands[c] = m
                    dirty.update(cell_groups[c])
                    sdirty.update(cell_sums[c])
                    if not m & (m - 1):
                        queue.append(c)
                        if trace is not None:
                            trace.cause.setdefault(c, ("sum", s))
            continue
        # Hidden singles, once nothing else is left to do.
        for u, unit in enumerate(units):
            once = twice = 0
            for c in unit:
                m = cands[c]
                twice |= once & m
                once |= m
            if once != FULL:
                return _fail(trace, "unit", u)
            hidden = once & ~twice
            if hidden:
                for c in unit:
                    m = cands[c] & hidden
                    if m and not placed[c]:
                        if m & (m - 1):
                            return _fail(trace, "cell", c)
                        cands[c] = m
                        queue.append(c)
                        if trace is not None:
                            trace.cause.setdefault(c, ("unit", u))
        if not queue:
            return True


def _search(cands: list[int], queue: list[int], t: SearchTables, stop: Stop | None) -> Iterator[tuple[int, ...]]:
    nodes = 0
    start = (cands, [0] * 81, queue, set(range(len(t.groups))), set(range(len(t.sums))))
    stack: list[tuple[list[int], list[int], list[int], set[int], set[int]]] = [start]
    while stack:
        cands, placed, queue, dirty, sdirty = stack.pop()
        nodes += 1
        if stop is not None and nodes % STOP_EVERY == 0 and stop():
            raise SearchStopped
        if not _propagate(cands, placed, t, queue, dirty, sdirty):
            continue
        best = -1
        fewest = 10
        for c in range(81):
            if not placed[c]:
                n = cands[c].bit_count()
                if n < fewest:
                    fewest, best = n, c
                    if n == 2:
                        break
        if best < 0:
            yield tuple(b.bit_length() for b in placed)
            continue
        m = cands[best]
        options = []
        while m:
            low = m & -m
            m ^= low
            options.append(low)
        for low in reversed(options):  # the lowest digit is tried first (popped last)
            nc = cands.copy()
            nc[best] = low
            stack.append((nc, placed.copy(), [best], set(), set()))


def iter_killer_solutions(
    puzzle: KillerPuzzle, *, stop: Stop | None = None, start: Sequence[int] | None = None
) -> Iterator[tuple[int, ...]]:
    """Yield every solution of ``puzzle`` (81 digits each), in a fixed order.

    ``start``: candidate masks per cell to search within (a placed digit as its one bit); None: the givens only.
    """
    t = search_tables(puzzle)
    if start is None:
        cands = [FULL] * 81
        for c, v in enumerate(puzzle.givens):
            if v:
                cands[c] = 1 << (v - 1)
    else:
        cands = [m & FULL for m in start]
        if not all(cands):
            return
    queue = [c for c, m in enumerate(cands) if m & (m - 1) == 0]
    yield from _search(cands, queue, t, stop)


def iter_grid_solutions(grid: Grid, *, stop: Stop | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution of a Killer ``grid`` (its geometry holds the cages) within its digits and candidates:
    what the brute-force functions (engine/solving/brute_force.py) answer for a Killer."""
    puzzle = puzzle_on(grid.geometry, grid.givens)
    start = [1 << (v - 1) if v else m for v, m in zip(grid.values, grid.candidates)]
    yield from iter_killer_solutions(puzzle, stop=stop, start=start)


def killer_solutions(puzzle: KillerPuzzle, limit: int = 2, *, stop: Stop | None = None) -> list[tuple[int, ...]]:
    """The first ``limit`` solutions (2 tells unique from not)."""
    out: list[tuple[int, ...]] = []
    for sol in iter_killer_solutions(puzzle, stop=stop):
        out.append(sol)
        if len(out) >= limit:
            break
    return out


def count_killer_solutions(puzzle: KillerPuzzle, limit: int = 2, *, stop: Stop | None = None) -> int:
    """How many solutions, counted up to ``limit``."""
    return len(killer_solutions(puzzle, limit, stop=stop))


def unique_killer_solution(puzzle: KillerPuzzle, *, stop: Stop | None = None) -> tuple[int, ...] | None:
    """The solution when there is exactly one, else None."""
    sols = killer_solutions(puzzle, 2, stop=stop)
    return sols[0] if len(sols) == 1 else None
