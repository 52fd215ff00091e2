"""Brute-force search on digit bitboards: singles and locked candidates, then a branch where the board has fewest ways.

``solve`` finds a solution, ``count_solutions`` counts up to a limit (2 is enough to tell unique from not),
``unique_solution`` gives the solution when there is exactly one, ``iter_solutions`` yields them all in a fixed
order. Works for 4×4, 9×9 and 16×16 boards and their variants (every house of the grid's geometry; a Killer's
cages go to the Killer's own search, engine/killer/solver.py). Every one takes ``stop``, a function asked now and then (every
``STOP_EVERY`` nodes): when it says True the search ends with ``SearchStopped``, so a caller can bound it in time
(``deadline(seconds)``) or cancel it from another thread.

The board and the bit-parallel rounds are in bitboards.py. At each node the search applies naked and hidden
singles to a fixpoint, then (on 16×16, where it pays) locked candidates, and singles again until neither changes
anything. Then it branches on the fewest ways it can see, over cells *and* over the places of a digit in a row,
column or box: a cell with two candidates or a unit where a digit has two places (of the first few found, the
one whose two choices take the most candidates away), else the cell or unit-digit with the fewest options.
Branching on a digit's places is what keeps sparse 16×16 puzzles fast: when a few digits are given and the rest
are free, every cell has many candidates, but the given digits have two or three places per unit, and a
contradiction among them is found without enumerating the free digits.

Counting stops at the limit, so "more than one solution" is known at the second solution; proving a single
solution (or none) still needs the whole tree, which the stronger pruning keeps small.

``propagate_singles`` works on a list of cell masks instead (the callers' form), with the same rules.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from ..board.grid import Grid, Problem, solution_count_problems
from ..killer.solver import iter_grid_solutions
from .bitboards import Board, Tables, tables_for
from .search_limits import STOP_EVERY as STOP_EVERY
from .search_limits import SearchStopped as SearchStopped
from .search_limits import Stop as Stop
from .search_limits import deadline as deadline

if TYPE_CHECKING:
    from ..board.geometry import Geometry

_LOOK = 8
"""How many two-way choices ``_branch`` compares: a few give most of the gain, and each costs time."""


def _start(values: Sequence[int], candidates: Sequence[int], t: Tables) -> Board | None:
    """The board of a grid: every cell's candidates (its digit when filled), then the filled cells placed.

    None when two filled cells clash or an empty cell has no candidate.
    """
    cells = t.cells
    free = 0
    spread = t.spread
    for c, (v, m) in enumerate(zip(values, candidates)):
        if v:
            free |= 1 << ((v - 1) * cells + c)
        elif not m:
            return None
        elif spread:
            free |= spread[m] << c
        else:
            d = 0
            while m:
                if m & 1:
                    free |= 1 << (d * cells + c)
                m >>= 1
                d += 1
    placed = 0
    kill = t.kill
    for c, v in enumerate(values):
        if v:
            pos = (v - 1) * cells + c
            if not free >> pos & 1:
                return None
            free &= kill[pos]
            placed |= 1 << pos
    return free, placed


def _search(board: Board, t: Tables, stop: Stop | None = None) -> Iterator[int]:
    """Yield the ``placed`` bitboard of every solution under ``board``, depth first.

    Raises:
        SearchStopped: ``stop`` said so.
    """
    propagate, kill = t.propagate, t.kill
    locked = t.locked if t.by_digit else None
    stack = [board]
    pop, push = stack.pop, stack.append
    nodes = 0
    while stack:
        free, placed = pop()
        done = propagate(free, placed, kill)
        if locked is not None:
            while done is not None and done[0]:
                fewer = locked(done[0])
                if fewer == done[0]:
                    break
                done = propagate(fewer, done[1], kill)
        if stop is not None:
            nodes += 1
            if nodes % STOP_EVERY == 0 and stop():
                raise SearchStopped
        if done is None:
            continue
        free, placed = done
        if not free:
            yield placed
            continue
        options = _branch(free, t)
        # Pushed highest first, so the lowest is tried first.
        while options:
            high = 1 << (options.bit_length() - 1)
            options ^= high
            push((free & kill[high.bit_length() - 1], placed | high))


def _branch(free: int, t: Tables) -> int:
    """The options (bitboard bits, one placement each, exactly one of them true) to branch on.

    A cell with two candidates when there is one; on 16×16 (``Tables.by_digit``) else a unit where a digit has
    two places. Of the first ``_LOOK`` such choices, the one whose two placements take the most candidates away,
    so that either branch removes the most (on hard 9×9 puzzles that visits about 40% fewer nodes than taking
    the first). Else the cell (on 16×16: or the unit-digit) with the fewest options.
    """
    pairs = t.bivalue(free)
    if pairs:
        # The cells' case is _best_pair's, written out: it is the search's most frequent step on every size.
        kill, column = t.kill, t.digit_column
        best, best_score = 0, -1
        for _ in range(_LOOK):
            low = pairs & -pairs
            pairs ^= low
            options = free & (column * low)
            first = options & -options
            score = (free & ~(kill[first.bit_length() - 1] & kill[(options ^ first).bit_length() - 1])).bit_count()
            if score > best_score:
                best, best_score = options, score
            if not pairs:
                break
        return best
    if not t.by_digit:
        return _fewest(free, t)
    rows2, cols2, boxes2 = t.bilocal(free)
    if rows2 | cols2 | boxes2:
        return _best_pair(free, t, ((rows2, t.row0), (cols2, t.col0), (boxes2, t.box0)))
    return _fewest(free, t)


def _best_pair(free: int, t: Tables, kinds: tuple[tuple[int, int], ...]) -> int:
    """Of the first ``_LOOK`` two-way choices, the options of the one whose placements take the most away.

    ``kinds``: (start bits, spread) pairs; a start bit times its spread is the cells (or the cell's digits) of
    one choice.
    """
    kill = t.kill
    best, best_score = 0, -1
    looked = 0
    for found, spread in kinds:
        while found and looked < _LOOK:
            low = found & -found
            found ^= low
            looked += 1
            options = free & (spread * low)
            first = options & -options
            score = (free & ~(kill[first.bit_length() - 1] & kill[(options ^ first).bit_length() - 1])).bit_count()
            if score > best_score:
                best, best_score = options, score
    return best


def _fewest(free: int, t: Tables) -> int:
    """The options of the first empty cell with the fewest of them; on 16×16, of a unit-digit if it has fewer."""
    side, cells, cell_mask = t.side, t.cells, t.cell_mask
    column = t.digit_column
    empty = 0
    for d in range(side):
        empty |= free >> (d * cells)
    empty &= cell_mask
    best, best_n = 0, 1 << 30
    while empty:
        low = empty & -empty
        empty ^= low
        options = free & (column * low)
        n = options.bit_count()
        if n < best_n:
            best, best_n = options, n
    if not t.by_digit:
        return best
    units = t.units
    for d in range(side):
        plane = (free >> (d * cells)) & cell_mask
        if not plane:
            continue
        for unit in units:
            n = (plane & unit).bit_count()
            if 1 < n < best_n:
                best, best_n = (plane & unit) << (d * cells), n
                if n == 3:  # two would have been a two-way choice: three is the least left
                    return best
    return best


def _digits(placed: int, t: Tables) -> tuple[int, ...]:
    """A solved board's digits, cell by cell."""
    cells, column = t.cells, t.digit_column
    return tuple(((placed >> c) & column).bit_length() // cells + 1 for c in range(cells))


def iter_solutions(grid: Grid, *, stop: Stop | None = None) -> Iterator[tuple[int, ...]]:
    """Yield every solution of ``grid`` as a tuple of digits (lazily, in a fixed order).

    Raises:
        SearchStopped: ``stop`` said so (while the next solution was being looked for).
    """
    if grid.geometry.cages:
        yield from iter_grid_solutions(grid, stop=stop)
        return
    t = tables_for(grid.geometry)
    board = _start(grid.values, grid.candidates, t)
    if board is None:
        return
    for placed in _search(board, t, stop):
        yield _digits(placed, t)


def solve(grid: Grid, *, stop: Stop | None = None) -> tuple[int, ...] | None:
    """Return one solution's digits, or None when there is none.

    Raises:
        SearchStopped: ``stop`` said so.
    """
    for sol in iter_solutions(grid, stop=stop):
        return sol
    return None


def first_solutions(grid: Grid, limit: int = 2, *, stop: Stop | None = None) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of ``grid`` (fewer when it has fewer); the search stops at the ``limit``-th.

    Raises:
        SearchStopped: ``stop`` said so.
    """
    found: list[tuple[int, ...]] = []
    if limit < 1:
        return found
    for sol in iter_solutions(grid, stop=stop):
        found.append(sol)
        if len(found) >= limit:
            break
    return found


def count_solutions(grid: Grid, limit: int = 2, *, stop: Stop | None = None) -> int:
    """Count solutions, stopping at ``limit`` (so the answer is at most ``limit``; 0 for a limit below 1).

    Raises:
        SearchStopped: ``stop`` said so.
    """
    if limit < 1:
        return 0
    if grid.geometry.cages:
        return len(first_solutions(grid, limit, stop=stop))
    t = tables_for(grid.geometry)
    board = _start(grid.values, grid.candidates, t)
    if board is None:
        return 0
    n = 0
    for _ in _search(board, t, stop):
        n += 1
        if n >= limit:
            break
    return n


def unique_solution(grid: Grid, *, stop: Stop | None = None) -> tuple[int, ...] | None:
    """The solution when there is exactly one, else None.

    Raises:
        SearchStopped: ``stop`` said so.
    """
    found = first_solutions(grid, 2, stop=stop)
    return found[0] if len(found) == 1 else None


def solve_values(values: Sequence[int]) -> tuple[int, ...] | None:
    """Solve from a flat list of digits (0 for empty)."""
    return solve(Grid.from_values(values))


def puzzle_problems(grid: Grid) -> list[Problem]:
    """Everything wrong with a puzzle: the grid's rule problems, else no or several solutions.

    An empty list means the grid is a proper puzzle with exactly one solution.
    """
    return grid.rule_problems() or solution_count_problems(count_solutions(grid, 2))


# -- singles on cell masks (the callers' form) ----------------------------------------------------------------


def _propagate_masks(c: list[int], queue: list[int], geo: Geometry) -> bool:
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


def propagate_singles(masks: list[int], geometry: Geometry) -> bool:
    """Apply naked and hidden singles to ``masks`` (one digit mask per cell, a single bit when decided) in place.

    Returns False when that meets a contradiction: a cell with no digit, a digit with no place in a unit, or
    two cells of a unit decided on the same digit.
    """
    queue = [cell for cell, m in enumerate(masks) if not m & (m - 1)]
    return _propagate_masks(masks, queue, geometry)
