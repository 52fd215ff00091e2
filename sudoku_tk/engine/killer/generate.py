"""Killer puzzles without givens, made from a random solved grid: cut into cages, split until the solution is unique.

``generate_killer(rng)`` takes a random solved grid, grows cages over it (orthogonally connected cells, no digit
twice in a cage, sizes mostly 2 to 4), then asks the search for two solutions: while there are two, a cage holding
a cell where they differ is cut in two (each part keeps its own sum, which says more than the whole sum did). A
last pass merges neighbouring cages back together where the solution stays unique, so the puzzle is not more
given away than it needs. Every cell is caged, so the sums add up to 405.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..board.grid import Grid, basic_candidates
from ..rating.levels import Level
from ..rating.score import Rating, rate
from ..solving.brute_force import SearchStopped, solve
from ..solving.logic import solve_logically
from ..solving.search_limits import node_budget
from ..steps.step import Technique
from .cages import GEOMETRY, Cage, KillerPuzzle, killer_grid
from .logic import solve_killer_logically
from .solver import killer_solutions

_SIZES = (1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6)
"""The sizes a new cage aims at, drawn evenly: mostly 2 to 4 cells, as in newspaper Killers."""
_CHECK_NODES = 400
"""A uniqueness check that searches longer (in ``stop`` calls: ``node_budget``, about 25,600 nodes, some seconds) is
taken as "not unique yet" (the puzzle is cut further): counted, not timed, so a seed makes the same Killer on any
machine under any load."""


def random_solution_grid(rng: random.Random) -> tuple[int, ...]:
    """A random solved grid: a random first row and a few random digits, completed by the classic search."""
    geo = GEOMETRY
    while True:
        values = [0] * 81
        row = list(range(1, 10))
        rng.shuffle(row)
        values[:9] = row
        for cell in rng.sample(range(9, 81), 12):
            options = [d for d in range(1, 10) if basic_candidates(geo, values)[cell] >> (d - 1) & 1]
            if options:
                values[cell] = rng.choice(options)
        sol = solve(Grid.from_values(values))
        if sol is not None:
            return tuple(sol)


def _neighbours(cell: int) -> list[int]:
    r, c = divmod(cell, 9)
    return [rr * 9 + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if 0 <= rr < 9 and 0 <= cc < 9]


def random_cages(solution: Sequence[int], rng: random.Random) -> list[list[int]]:
    """Cells of the board cut into orthogonally connected cages in which no digit of ``solution`` repeats."""
    cage_of = [-1] * 81
    cages: list[list[int]] = []
    order = list(range(81))
    rng.shuffle(order)
    for start in order:
        if cage_of[start] >= 0:
            continue
        target = rng.choice(_SIZES)
        cage = [start]
        digits = {solution[start]}
        cage_of[start] = len(cages)
        while len(cage) < target:
            frontier = [n for c in cage for n in _neighbours(c) if cage_of[n] < 0 and solution[n] not in digits]
            if not frontier:
                break
            n = rng.choice(frontier)
            cage.append(n)
            digits.add(solution[n])
            cage_of[n] = len(cages)
        cages.append(cage)
    return cages


def _puzzle(cages: Sequence[Sequence[int]], solution: Sequence[int]) -> KillerPuzzle:
    return KillerPuzzle.create([Cage(tuple(c), sum(solution[x] for x in c)) for c in cages])


def _split(cage: list[int], rng: random.Random) -> tuple[list[int], list[int]]:
    """Cut a connected cage into two connected parts (a part grown from one cell, the rest connected)."""
    while True:
        seed = rng.choice(cage)
        part = [seed]
        want = rng.randint(1, len(cage) - 1)
        while len(part) < want:
            frontier = [n for c in part for n in _neighbours(c) if n in cage and n not in part]
            if not frontier:
                break
            part.append(rng.choice(frontier))
        rest = [c for c in cage if c not in part]
        if _connected(rest):
            return sorted(part), sorted(rest)


def _connected(cells: Sequence[int]) -> bool:
    if not cells:
        return False
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        c = todo.pop()
        for n in _neighbours(c):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def _unique(cages: Sequence[Sequence[int]], solution: Sequence[int]) -> tuple[bool, list[tuple[int, ...]]]:
    try:
        sols = killer_solutions(_puzzle(cages, solution), 2, stop=node_budget(_CHECK_NODES))
    except SearchStopped:
        return False, []
    return len(sols) == 1, sols


def generate_killer(
    rng: random.Random, merge_tries: int = 12, explainable: bool = False
) -> tuple[KillerPuzzle, tuple[int, ...]]:
    """A Killer puzzle without givens that has exactly one solution, and that solution.

    ``explainable``: only a puzzle the Killer logic solver solves without Brute Force (about 2 in 100 are not; another
    is made in their place).
    """
    while True:
        puzzle, solution = _unique_killer(rng, merge_tries)
        if not explainable:
            return puzzle, solution
        if solve_killer_logically(puzzle).solved:
            return puzzle, solution


def _unique_killer(rng: random.Random, merge_tries: int) -> tuple[KillerPuzzle, tuple[int, ...]]:
    solution = random_solution_grid(rng)
    cages = random_cages(solution, rng)
    while True:
        unique, sols = _unique(cages, solution)
        if unique:
            break
        differ = [c for c in range(81) if len(sols) < 2 or sols[0][c] != sols[1][c]]
        splittable = [cage for cage in cages if len(cage) > 1 and any(c in differ for c in cage)]
        if not splittable:
            splittable = [cage for cage in cages if len(cage) > 1]
        cage = max(splittable, key=lambda k: (len(k), rng.random()))
        cages.remove(cage)
        cages.extend(_split(cage, rng))
    for _ in range(merge_tries):
        merged = _merge_candidate(cages, solution, rng)
        if merged is None:
            break
        a, b = merged
        trial = [c for c in cages if c is not a and c is not b] + [sorted(a + b)]
        if _unique(trial, solution)[0]:
            cages = trial
    return _puzzle(cages, solution), solution


def _merge_candidate(
    cages: list[list[int]], solution: Sequence[int], rng: random.Random
) -> tuple[list[int], list[int]] | None:
    """Two touching cages whose digits differ and that make at most 5 cells together (a small cage first)."""
    cage_at = {c: i for i, cage in enumerate(cages) for c in cage}
    small = sorted(range(len(cages)), key=lambda i: (len(cages[i]), rng.random()))
    for i in small:
        a = cages[i]
        digits = {solution[c] for c in a}
        near = {cage_at[n] for c in a for n in _neighbours(c)} - {i}
        options = [j for j in near if len(a) + len(cages[j]) <= 5 and not digits & {solution[c] for c in cages[j]}]
        if options:
            return a, cages[rng.choice(options)]
    return None


def generate_killer_at(
    rng: random.Random, level: Level, stop: Callable[[], bool] | None = None
) -> tuple[KillerPuzzle, tuple[int, ...], Rating] | None:
    """A Killer rated at ``level`` (the app's rating of its logic path, no Brute Force), its solution and rating;
    None when ``stop`` said so first.

    A no-given Killer from ``generate_killer(explainable=True)`` is usually hard or extreme. When it is harder than
    ``level``, digits of its solution are given back in a random order, and the fewest that bring the rating down
    to ``level`` are found by bisection (more givens never make the logic's path harder, in practice). A rating that
    jumps past ``level`` in one order is tried in another (``_ORDERS``), then on a new Killer.
    """
    while stop is None or not stop():
        puzzle, solution = generate_killer(rng, explainable=True)
        rating = _rating(puzzle)
        if rating.level is level:
            return puzzle, solution, rating
        if _rank(rating.level) < _rank(level):
            continue
        for _ in range(_ORDERS):  # a rating that jumps past level in one order may not in another
            found = _bisect(puzzle, solution, level, rng, stop)
            if found is not None:
                return found[0], solution, found[1]
    return None


_ORDERS = 3
"""How many random orders of giving digits back are tried on one Killer before another is made."""


def _bisect(
    puzzle: KillerPuzzle,
    solution: Sequence[int],
    level: Level,
    rng: random.Random,
    stop: Callable[[], bool] | None,
) -> tuple[KillerPuzzle, Rating] | None:
    """The fewest digits of ``solution``, in a random order, that bring ``puzzle``'s rating to ``level``, by
    bisection; None when the rating jumps past ``level`` in this order."""
    order = list(range(81))
    rng.shuffle(order)
    low, high = 0, 81  # low: too few givens (harder than level); high: enough or more
    found: tuple[KillerPuzzle, Rating] | None = None
    while high - low > 1 and (stop is None or not stop()):
        mid = (low + high) // 2
        given = _with_givens(puzzle, solution, order[:mid])
        r = _rating(given)
        if r.level is level:
            found = (given, r)
            high = mid
        elif _rank(r.level) > _rank(level):
            low = mid
        else:
            high = mid
    return found


def _rank(level: Level) -> int:
    return list(Level).index(level)


def _with_givens(puzzle: KillerPuzzle, solution: Sequence[int], cells: Sequence[int]) -> KillerPuzzle:
    givens = [0] * 81
    for c in cells:
        givens[c] = solution[c]
    return KillerPuzzle(puzzle.cages, tuple(givens), puzzle.cage_of)


def killer_rating(puzzle: KillerPuzzle) -> Rating:
    """The rating of ``puzzle``'s logic path (the default techniques without Brute Force)."""
    return _rating(puzzle)


def _rating(puzzle: KillerPuzzle) -> Rating:
    """The rating of ``puzzle``'s logic path (the default techniques, Brute Force left out: a stuck path is rated
    as the hardest level, so it is never kept below extreme)."""
    from ..techniques import default_techniques  # the registry loads every finder: only when rating

    logic = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
    return rate(solve_logically(killer_grid(puzzle), logic, unique=True))
