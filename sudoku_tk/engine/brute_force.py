"""Brute-force search on int bitmasks: singles propagation plus minimum-remaining-values branching.

``solve`` finds a solution, ``count_solutions`` counts up to a limit (2 is enough
to tell unique from not). Works for 4×4, 9×9 and 16×16 boards.
"""

from __future__ import annotations

from typing import Iterator, List, Optional, Sequence, Tuple

from .geometry import Geometry
from .grid import Grid


def _start_masks(grid: Grid) -> Optional[List[int]]:
    """Cell masks for the search: a single bit on filled cells, the candidates elsewhere."""
    out = []
    for v, m in zip(grid.values, grid.candidates):
        if v:
            out.append(1 << (v - 1))
        else:
            if not m:
                return None
            out.append(m)
    return out


def _propagate(c: List[int], queue: List[int], geo: Geometry) -> bool:
    """Apply naked and hidden singles to a fixpoint; False on a contradiction."""
    peers = geo.peers
    units = geo.units
    full = geo.all_digits
    while True:
        while queue:
            cell = queue.pop()
            m = c[cell]
            nm = ~m
            for p in peers[cell]:
                pm = c[p]
                if pm & m:
                    pm &= nm
                    if not pm:
                        return False
                    c[p] = pm
                    if not pm & (pm - 1):
                        queue.append(p)
        for unit in units:
            once = twice = 0
            for cell in unit:
                m = c[cell]
                twice |= once & m
                once |= m
            if once != full:
                return False
            singles = once & ~twice
            if singles:
                for cell in unit:
                    m = c[cell]
                    s = m & singles
                    if s and s != m:
                        if s & (s - 1):
                            return False
                        c[cell] = s
                        queue.append(cell)
        if not queue:
            return True


def _search(c: List[int], geo: Geometry, queue: List[int]) -> Iterator[List[int]]:
    if not _propagate(c, queue, geo):
        return
    best = -1
    best_n = 99
    for cell, m in enumerate(c):
        if m & (m - 1):
            n = m.bit_count()
            if n < best_n:
                best_n = n
                best = cell
                if n == 2:
                    break
    if best < 0:
        yield c
        return
    m = c[best]
    while m:
        low = m & -m
        m ^= low
        child = c[:]
        child[best] = low
        yield from _search(child, geo, [best])


def _initial_queue(c: List[int]) -> List[int]:
    return [cell for cell, m in enumerate(c) if not m & (m - 1)]


def propagate_singles(masks: List[int], geometry: Geometry) -> bool:
    """Apply naked and hidden singles to ``masks`` (one digit mask per cell, a single bit when decided) in place.

    Returns False when that meets a contradiction: a cell with no digit, a digit with no place in a unit, or
    two cells of a unit decided on the same digit.
    """
    return _propagate(masks, _initial_queue(masks), geometry)


def iter_solutions(grid: Grid) -> Iterator[Tuple[int, ...]]:
    """Yield every solution of ``grid`` as a tuple of digits (lazily, in a fixed order)."""
    c = _start_masks(grid)
    if c is None or grid.duplicate_problems():
        return
    for sol in _search(c, grid.geometry, _initial_queue(c)):
        yield tuple(m.bit_length() for m in sol)


def solve(grid: Grid) -> Optional[Tuple[int, ...]]:
    """Return one solution's digits, or None when there is none."""
    for sol in iter_solutions(grid):
        return sol
    return None


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """Count solutions, stopping at ``limit`` (so the answer is at most ``limit``; 0 for a limit below 1)."""
    n = 0
    if limit < 1:
        return 0
    for _ in iter_solutions(grid):
        n += 1
        if n >= limit:
            break
    return n


def unique_solution(grid: Grid) -> Optional[Tuple[int, ...]]:
    """The solution when there is exactly one, else None."""
    first = None
    for i, sol in enumerate(iter_solutions(grid)):
        if i == 0:
            first = sol
        else:
            return None
    return first


def solve_values(values: Sequence[int]) -> Optional[Tuple[int, ...]]:
    """Solve from a flat list of digits (0 for empty)."""
    return solve(Grid.from_values(values))
