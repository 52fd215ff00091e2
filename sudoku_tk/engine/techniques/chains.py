"""Chains on 9×9 boards; for now only the Remote Pair (HoDoKu's definition).

A Remote Pair is a chain of cells that all hold exactly the same two candidates
{a, b}, each cell seeing the next. Neighbours cannot hold the same digit, so the
digits alternate along the chain: two cells an odd number of steps apart hold
different digits, and a cell that sees both of them can hold neither a nor b.

As in HoDoKu, a chain has an even number of cells, at least four, and only pairs
of chain cells at least three steps apart are used (one step apart is a Naked
Pair). Each distinct set of eliminations is reported once, by its shortest chain.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Sequence, Tuple

from ..explain import cells_text, eliminations_text, mask_text, sentence
from ..geometry import Cell, bits
from ..grid import Grid
from ..step import Highlight, HighlightRole, Link, Step, Technique
from .common import CandidateIndex, eliminations, index_of

MAX_EXTENSIONS = 50_000
"""Bound on the path search per grid, so a hint stays fast even on a pathological pencil-mark grid.

Real positions never come near it: same-pair cells of a sound position are at most
two per unit, so each has at most three chain neighbours.
"""


def find_remote_pairs(grid: Grid) -> Iterator[Step]:
    """Yield Remote Pairs, shortest chains first for each pair of digits."""
    if grid.geometry.side != 9:
        return
    idx = index_of(grid)
    by_mask: Dict[int, List[Cell]] = {}
    for cell in bits(idx.bivalue):
        by_mask.setdefault(idx.candidates[cell], []).append(cell)
    budget = [MAX_EXTENSIONS]
    for mask in sorted(by_mask):
        cells = by_mask[mask]
        if len(cells) < 4:
            continue
        yield from _remote_pairs_for(idx, mask, cells, budget)


def _remote_pairs_for(idx: CandidateIndex, mask: int, cells: List[Cell], budget: List[int]) -> Iterator[Step]:
    peers = idx.geometry.peer_masks
    members = 0
    for c in cells:
        members |= 1 << c
    adj = {c: bits(peers[c] & members) for c in cells}
    a = (mask & -mask).bit_length()
    b = (mask ^ (mask & -mask)).bit_length()
    target = idx.digit_cells[a] | idx.digit_cells[b]
    seen = set()
    for length in range(4, len(cells) + 1, 2):
        for path in _paths(adj, cells, length, budget):
            elim = _chain_eliminations(path, peers, target)
            if elim and elim not in seen:
                seen.add(elim)
                yield _step(idx, path, mask, elim)


def _paths(adj: Dict[Cell, List[Cell]], cells: Sequence[Cell], length: int, budget: List[int]) -> Iterator[Tuple[Cell, ...]]:
    """Simple paths of exactly ``length`` cells along ``adj`` (each found once per direction)."""
    path: List[Cell] = []
    on_path = set()

    def extend(cell: Cell) -> Iterator[Tuple[Cell, ...]]:
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


def _step(idx: CandidateIndex, path: Tuple[Cell, ...], mask: int, elim_cells: int) -> Step:
    geo = idx.geometry
    a = (mask & -mask).bit_length()
    b = (mask ^ (mask & -mask)).bit_length()
    elims = eliminations(
        (c, d) for c in bits(elim_cells) for d in (a, b) if idx.candidates[c] >> (d - 1) & 1
    )
    links: List[Link] = []
    for i, c in enumerate(path):
        first, second = (a, b) if i % 2 == 0 else (b, a)
        links.append(Link(c, first, c, second, True))
        if i + 1 < len(path):
            links.append(Link(c, second, path[i + 1], second, False))
    if len(path) == 4:
        tail = f"{cells_text(geo, (path[0], path[-1]))} hold different ones; a cell that sees both"
    else:
        tail = (
            "cells an odd number of steps apart (three or more) hold different ones; "
            "a cell that sees two such cells"
        )
    reason = (
        f"{', '.join(geo.cell_name(c) for c in path[:-1])} and {geo.cell_name(path[-1])} all hold only "
        f"{mask_text(geo, mask)} and each sees the next in that order, so their digits alternate and "
        f"{tail} can hold neither"
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
    )


FINDERS = ((Technique.REMOTE_PAIR, find_remote_pairs),)
