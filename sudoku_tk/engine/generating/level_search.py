"""Puzzles at a chosen level, and practice puzzles whose solving path needs a chosen technique.

Every puzzle comes from ``generator.generate`` (unique, minimal for its symmetry) and is
kept only when the app's own logic solver (``solve_logically`` with the default
techniques) solves it without Brute Force, at the level asked for, or with the chosen
technique on its path: the hints of a generated game never run out, and a practice
game's hints meet the technique.

Speed comes from a cheap first look. The solver always takes the first step in
solving order (``techniques.ORDER``), so solving with only a prefix of that order gives
exactly the default path as long as it does not get stuck; when it gets stuck, the
default path goes on with a technique after the prefix. For a level, the prefix ends at
the last technique of that level or below: stuck means harder than asked, rejected
after only the cheaper techniques ran (an easy target runs singles only). For practice,
the prefix ends at the technique itself: a path solved there without it never meets
it, one that takes it is kept; one stuck before it goes on with the techniques up to the
technique's level (it may come late: a Full House after a Hidden Single).

Rare techniques (a Jellyfish, a Uniqueness Test 5: one puzzle in hundreds or thousands) come from the
practice pool instead (``practice_pool.py``, mined by ``build_scripts/mine_practice.py``): a stored puzzle for
the technique, shown as a random isomorph (``isomorph.py``), still checked by its path. ``generate_practice``
tries random puzzles first only as often as the mining says pays (``random_tries``).

Randomness is a seed (an int, a str, or a ``random.Random``): the same seed gives the
same puzzle in any process. ``puzzle_seed(base, i)`` names the i-th puzzle of a batch
(batch.py), so a batch is the same however many processes share it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from ..board.grid import Grid
from ..formats.puzzle_text import parse_puzzle
from ..rating.score import SCORES, Level, Rating, rate, rate_with_estimate
from ..solving.logic import SolvePath, apply_step, solve_logically
from ..solving.technique_sets import level_of
from ..steps.step import Step, Technique
from ..techniques import default_techniques, find_hint, registered_finder
from .generator import Symmetry, generate
from .isomorph import random_isomorph
from .practice_pool import load_pool

Seed = int | str | random.Random

_LEVELS = tuple(Level)
_EXCLUDED: frozenset[Technique] = frozenset({Technique.BRUTE_FORCE, Technique.TEMPLATE_SET, Technique.TEMPLATE_DEL})
"""Never on a generated puzzle's path: guessing is not a hint a player can follow."""

DEFAULT_LEVEL_SYMMETRY = Symmetry.ROTATIONAL
"""Puzzles at a level are symmetric by default, as in HoDoKu and most printed puzzles (and just as fast)."""
DEFAULT_PRACTICE_SYMMETRY = Symmetry.NONE
"""Practice puzzles are not symmetric by default: more shapes, so rare patterns turn up sooner."""
RANDOM_FIRST_FREQUENCY = 0.05
"""A practice technique whose path turns up in at least this share of random puzzles is generated at random
first (see ``random_tries``)."""


@dataclass(frozen=True, slots=True)
class Generated:
    """A generated puzzle, its rating by the default path, and how it was found."""

    puzzle: str
    """The givens as one line (``.`` for empty cells); a variant's puzzle in its text form (``puzzle_text``: a
    ``variant:`` line, the givens, and a Jigsaw's region map)."""
    rating: Rating | None
    """The rating of the default path (None only for a puzzle of any level that was not asked to be rated)."""
    seed: str
    """The seed that gives this puzzle again (``str(seed)`` of the request)."""
    tries: int
    """How many candidate puzzles were looked at."""
    technique: Technique | None = None
    """The technique a practice puzzle was asked for (None at a level)."""
    pool_seed: str | None = None
    """For a practice puzzle taken from the practice pool: the seed of the pool puzzle it is an isomorph of."""

    @property
    def grid(self) -> Grid:
        return parse_puzzle(self.puzzle)


def puzzle_seed(base: int | str, index: int) -> str:
    """The seed of the ``index``-th puzzle of a batch whose seed is ``base``.

    >>> puzzle_seed(5, 0), puzzle_seed("x", 12)
    ('5/0', 'x/12')
    """
    return f"{base}/{index}"


def seed_rng(seed: Seed) -> random.Random:
    """The random source a seed names (a ``random.Random`` is used as it is)."""
    return seed if isinstance(seed, random.Random) else random.Random(str(seed))


def _ordered() -> list[Technique]:
    return [t for t in default_techniques() if t not in _EXCLUDED]


def _closed(prefix: list[Technique]) -> frozenset[Technique]:
    """``prefix`` plus every default technique found by the same finder as one of it (a shared search, such as
    the Nice Loop one, must run whole to yield the steps the default path would take)."""
    finders = {id(registered_finder(t)) for t in prefix}
    return frozenset(prefix) | frozenset(t for t in _ordered() if id(registered_finder(t)) in finders)


@cache
def level_prefix(level: Level) -> frozenset[Technique]:
    """The default techniques in solving order up to the last one rated ``level`` or below (Brute Force and
    templates never)."""
    order = _ordered()
    top = _LEVELS.index(level)
    last = max(i for i, t in enumerate(order) if _LEVELS.index(level_of(t)) <= top)
    return _closed(order[: last + 1])


@cache
def practice_prefix(technique: Technique) -> frozenset[Technique]:
    """The default techniques in solving order up to ``technique``."""
    order = _ordered()
    return _closed(order[: order.index(technique) + 1])


def practice_techniques() -> tuple[Technique, ...]:
    """The techniques a practice puzzle can be asked for: those the default path can take (not Brute Force,
    templates or Peer Elimination, which a path from the givens never needs)."""
    return tuple(t for t in _ordered() if t is not Technique.PEER_ELIMINATION)


def _finish(path: SolvePath, enabled: frozenset[Technique] | None = None) -> SolvePath:
    """``path`` (solving with a prefix of the solving order) carried on with ``enabled`` (None: the default
    techniques): the default path of ``path.start`` when ``enabled`` is a longer prefix, as long as it solves."""
    if path.solved:
        return path
    rest = solve_logically(path.final, enabled, unique=True)
    return SolvePath(path.start, path.steps + rest.steps, rest.solved, rest.final, True)


def _fair(path: SolvePath) -> bool:
    return path.solved and not any(s.technique in _EXCLUDED for s in path.steps)


_OVER, _STOPPED = "over", "stopped"


def _capped_path(
    grid: Grid, enabled: frozenset[Technique], ceiling: int, stop: Callable[[], bool] | None = None
) -> tuple[SolvePath, str]:
    """``solve_logically(grid, enabled, unique=True)`` as far as it goes, and why it was cut short: ``_OVER`` (its
    score passed ``ceiling``: it rates a higher level), ``_STOPPED`` (``stop``, asked before each step, said so) or
    "" (not cut: solved or stuck)."""
    steps: list[Step] = []
    g = grid
    score = 0
    cut = ""
    while not g.is_complete():
        if stop is not None and stop():
            cut = _STOPPED
            break
        step = find_hint(g, enabled, True)
        if step is None:
            break
        score += SCORES[step.technique][0]
        if score > ceiling:
            cut = _OVER
            break
        steps.append(step)
        g = apply_step(g, step)
    return SolvePath(grid, tuple(steps), g.is_complete() and not cut, g, True), cut


@dataclass(frozen=True, slots=True)
class LevelLook:
    """How a unique puzzle's default path compares with a level, from the cheap look of ``level_look``."""

    path: SolvePath
    """The path as far as the look went: the whole default path when ``compared`` is 0 or -1; up to where it
    stopped (stuck, or its score about to pass the level's ceiling) when it is 1."""
    compared: int | None
    """-1: the puzzle rates below the level; 0: at it; 1: above it (or logic alone is stuck, or the score passed
    the look's cap); None: ``stop`` ended the look first."""


def level_look(
    grid: Grid, level: Level, stop: Callable[[], bool] | None = None, ceiling: int | None = None
) -> LevelLook:
    """Compare ``grid``'s default path (a unique puzzle, no Brute Force) with ``level``, cheaply.

    Only the techniques up to ``level`` run (``level_prefix``), and the path is given up as soon as its score
    passes the level's ceiling (or ``ceiling``, when lower: a cap on how long a path may be): a stuck or cut path
    rates higher. A solved one is the default path itself, since the solver takes the first step in solving order,
    so its rating is the puzzle's. (A variant's own technique, such as a Jigsaw's Law of Leftovers, always runs; where
    the easy prefix lacks the Locked Candidates before it, a path that takes it rates above easy all the same.)
    """
    cap = level.ceiling if ceiling is None else min(ceiling, level.ceiling)
    path, cut = _capped_path(grid, level_prefix(level), cap, stop)
    if cut == _STOPPED:
        return LevelLook(path, None)
    if cut or not path.solved:
        return LevelLook(path, 1)
    rated = _LEVELS.index(rate(path).level) - _LEVELS.index(level)
    return LevelLook(path, (rated > 0) - (rated < 0))


def path_at_level(grid: Grid, level: Level) -> SolvePath | None:
    """The default path of ``grid`` (a unique puzzle) when it rates ``level`` without Brute Force, else None.

    A path whose score passes the level's ceiling is given up at once: it rates a higher level.
    """
    look = level_look(grid, level)
    return look.path if look.compared == 0 else None


def path_with_technique(grid: Grid, technique: Technique) -> SolvePath | None:
    """The default path of ``grid`` (a unique puzzle) when it takes ``technique`` and never Brute Force, else None.

    The technique may come late, after steps later in the solving order (a Full House after a Hidden Single, an
    X-Wing after a Skyscraper); looking that far, the path is followed only with the techniques up to the
    technique's own level (``level_prefix``), so the cheap look stays cheap and a practice puzzle never needs
    something harder than what it practises before the technique.
    """
    path = solve_logically(grid, practice_prefix(technique), unique=True)
    if technique in path.techniques():
        path = _finish(path)
    elif path.solved:
        return None
    else:
        path = _finish(path, level_prefix(level_of(technique)))
        if technique not in path.techniques():
            return None
    return path if _fair(path) else None


def fair_default_path(grid: Grid) -> SolvePath | None:
    """The default path of ``grid`` (a unique puzzle) when it solves without Brute Force, else None; cheaply
    first (solved by the medium techniques, it is the default path already)."""
    path = _finish(solve_logically(grid, level_prefix(Level.MEDIUM), unique=True))
    return path if _fair(path) else None


def _check_box(box: int) -> None:
    if box != 3:
        raise ValueError(f"levels and techniques rate 9×9 puzzles only (box 3), not box {box}")


def generate_at_level(
    seed: Seed,
    level: Level,
    symmetry: Symmetry = DEFAULT_LEVEL_SYMMETRY,
    time_limit: float | None = None,
    box: int = 3,
) -> Generated | None:
    """A unique puzzle, minimal for ``symmetry``, that the default logic path rates ``level`` without Brute Force.

    Safe to run in a worker process (plain arguments, a picklable result).

    Args:
        seed: the same seed gives the same puzzle (when found within the time).
        time_limit: seconds to search (None: until found); None is returned when they run out.

    Raises:
        ValueError: a board other than 9×9.
    """
    _check_box(box)
    rng = seed_rng(seed)
    start = time.monotonic()
    tries = 0
    while True:
        tries += 1
        grid = generate(rng, box, symmetry)
        path = path_at_level(grid, level)
        if path is not None:
            return Generated(grid.to_string(), rate_with_estimate(path), str(seed), tries)
        if time_limit is not None and time.monotonic() - start > time_limit:
            return None


def offered_practice_techniques() -> tuple[Technique, ...]:
    """The practice techniques a player is offered: those ``generate_practice`` makes in seconds, because the
    practice pool holds puzzles for them. The others (such as Simple Colors Wrap) were never taken by the
    default path in the mining run, always behind an easier step, so a search for one may never end. All
    practice techniques when the pool is missing."""
    pool = load_pool()
    offered = tuple(t for t in practice_techniques() if pool.of(t))
    return offered or practice_techniques()


def random_tries(technique: Technique) -> int | None:
    """How many random puzzles ``generate_practice`` tries before it takes a pool puzzle (None: no pool puzzle
    for ``technique``, so random ones until found).

    A technique the mined puzzles took often (at least ``RANDOM_FIRST_FREQUENCY`` of them) gets enough tries to
    meet it with about 95% chance (3 / frequency, so at most 60); a rarer one gets a single try. A count of
    tries, not seconds, so a seed gives the same puzzle on any machine.
    """
    pool = load_pool()
    if not pool.of(technique):
        return None
    if pool.frequency(technique) < RANDOM_FIRST_FREQUENCY:
        return 1
    return -(-3 * pool.mined // pool.hits[technique])


def generate_practice(
    seed: Seed,
    technique: Technique,
    symmetry: Symmetry = DEFAULT_PRACTICE_SYMMETRY,
    time_limit: float | None = None,
    box: int = 3,
) -> Generated | None:
    """A unique puzzle, minimal for ``symmetry``, whose default logic path takes ``technique`` (no Brute Force).

    Random puzzles first (``random_tries``; with a symmetry, random puzzles only); then, without symmetry, a
    puzzle of the practice pool (``practice_pool.py``) chosen by the seed, shown as a random isomorph chosen by
    the seed (``isomorph.py``), checked with ``path_with_technique`` (the solver's order among steps of the same
    rank follows the board, so an isomorph's path can differ; the next pool entry is tried when it does).

    Args:
        seed: the same seed gives the same puzzle (when found within the time).
        time_limit: seconds to search (None: until found); None is returned when they run out.

    Raises:
        ValueError: a board other than 9×9, or a technique the default path never takes (see
            ``practice_techniques``).
    """
    _check_box(box)
    if technique not in practice_techniques():
        raise ValueError(f"no practice puzzles for {technique.display_name}: the default solving path never takes it")
    rng = seed_rng(seed)
    start = time.monotonic()

    def out_of_time() -> bool:
        return time_limit is not None and time.monotonic() - start > time_limit

    budget = random_tries(technique) if symmetry is Symmetry.NONE else None
    found, tries = _random_search(rng, technique, symmetry, budget, 0, out_of_time)
    if found is None and budget is not None and not out_of_time():
        found, tries = _from_pool(rng, technique, tries, out_of_time)
        if found is None and not out_of_time():
            found, tries = _random_search(rng, technique, symmetry, None, tries, out_of_time)
    if found is None:
        return None
    grid, path, pool_seed = found
    return Generated(grid.to_string(), rate_with_estimate(path), str(seed), tries, technique, pool_seed)


def pool_practice(seed: Seed, technique: Technique) -> Generated | None:
    """A practice puzzle from the pool only: an isomorph (chosen by ``seed``) of a pool puzzle for ``technique``
    whose path takes it; None when the pool has none that does."""
    found, tries = _from_pool(seed_rng(seed), technique, 0, lambda: False)
    if found is None:
        return None
    grid, path, pool_seed = found
    return Generated(grid.to_string(), rate_with_estimate(path), str(seed), tries, technique, pool_seed)


_Found = tuple[Grid, SolvePath, str | None]


def _random_search(
    rng: random.Random,
    technique: Technique,
    symmetry: Symmetry,
    budget: int | None,
    tries: int,
    out_of_time: Callable[[], bool],
) -> tuple[_Found | None, int]:
    """Random puzzles until one takes ``technique``, ``budget`` more tries (None: no bound) or the time is out."""
    done = 0
    while budget is None or done < budget:
        done += 1
        grid = generate(rng, 3, symmetry)
        path = path_with_technique(grid, technique)
        if path is not None:
            return (grid, path, None), tries + done
        if out_of_time():
            break
    return None, tries + done


def _from_pool(
    rng: random.Random, technique: Technique, tries: int, out_of_time: Callable[[], bool]
) -> tuple[_Found | None, int]:
    """An isomorph (chosen by ``rng``) of a pool puzzle for ``technique`` (from one chosen by ``rng`` on) whose
    path takes it."""
    entries = load_pool().of(technique)
    first = rng.randrange(len(entries)) if entries else 0
    for k in range(len(entries)):
        entry = entries[(first + k) % len(entries)]
        grid = random_isomorph(rng).puzzle(parse_puzzle(entry.givens))
        tries += 1
        path = path_with_technique(grid, technique)
        if path is not None:
            return (grid, path, entry.seed), tries
        if out_of_time():
            break
    return None, tries


__all__ = [
    "DEFAULT_LEVEL_SYMMETRY",
    "DEFAULT_PRACTICE_SYMMETRY",
    "Generated",
    "Seed",
    "generate_at_level",
    "fair_default_path",
    "generate_practice",
    "LevelLook",
    "level_look",
    "level_prefix",
    "path_at_level",
    "path_with_technique",
    "practice_prefix",
    "pool_practice",
    "offered_practice_techniques",
    "practice_techniques",
    "random_tries",
    "puzzle_seed",
    "seed_rng",
]
