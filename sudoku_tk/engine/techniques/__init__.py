"""The technique registry: the solving order and the one place that asks every family for Steps.

Each family module (singles.py, fish.py, …) exports ``FINDERS``: pairs of a
Technique and a finder ``(grid) -> Iterator[Step]`` working on the grid's
candidates as they are (the player's pencil marks, not recomputed ones). A finder
may serve several techniques at once (a tuple of them): HoDoKu treats
Continuous and Discontinuous Nice Loops and AICs as one search whose shortest
chains come first, whatever their kind, and so does this registry.

``ORDER`` is HoDoKu's solving order (its default step configuration, kept in the
technique table, technique_table.py): cheap, common patterns first, forcing chains
and nets as the last resort before the labelled brute-force step.
``default_techniques()`` is what hints and the solver use unless the caller chooses:
everything but ``DEFAULT_OFF``, HoDoKu's own defaults.
Uniqueness techniques (Family.UNIQUENESS) and the Nested Forcing Net are asked only
when the caller says the puzzle has exactly one solution.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from types import ModuleType

from ..board.geometry import Geometry
from ..board.grid import Grid
from ..killer import finders as killer_finders
from ..solving import technique_table
from ..solving.variant_limits import off_for
from ..steps.step import Family, Step, Technique
from . import (
    als,
    chains,
    coloring,
    fish,
    forcing,
    franken,
    intersections,
    kraken,
    last_resort,
    leftovers,
    nested,
    nice_loops,
    single_digit,
    singles,
    subsets,
    sue_de_coq,
    templates,
    uniqueness,
    wings,
)
from .common import Finder

# The solving order, the default set and the techniques that need one solution are columns of the technique table.
ORDER = technique_table.ORDER
DEFAULT_OFF = technique_table.DEFAULT_OFF
NEEDS_ONE_SOLUTION = technique_table.NEEDS_ONE_SOLUTION

FAMILY_MODULES: tuple[ModuleType, ...] = (
    singles,
    intersections,
    leftovers,
    subsets,
    fish,
    single_digit,
    wings,
    uniqueness,
    coloring,
    chains,
    nice_loops,
    sue_de_coq,
    als,
    franken,
    kraken,
    forcing,
    nested,
    templates,
    last_resort,
    killer_finders,
)
"""The family modules, each exporting FINDERS; registered in this order (ORDER decides the solving order; a
variant's own techniques, such as Killer's, are asked only on its board, in ``solving_order(variant)``)."""


class _Registry:
    """What the family modules registered: one entry per finder, with the techniques it serves."""

    __slots__ = ("entries", "by_technique", "single")

    def __init__(self, modules: Iterable[ModuleType]) -> None:
        self.entries: list[tuple[tuple[Technique, ...], Finder]] = []
        for module in modules:
            for served, finder in module.FINDERS:
                self.entries.append((served if isinstance(served, tuple) else (served,), finder))
        self.by_technique: dict[Technique, tuple[tuple[Technique, ...], Finder]] = {}
        for served, finder in self.entries:
            for t in served:
                self.by_technique[t] = (served, finder)
        self.single: dict[Technique, Finder] = {}
        """Finders narrowed to one technique of a shared finder, made on first use (see ``finder_for``)."""


_registry = _Registry(FAMILY_MODULES)


def implemented() -> tuple[Technique, ...]:
    """The techniques that have a finder, in solving order."""
    return tuple(t for t in ORDER if t in _registry.by_technique)


def default_techniques() -> tuple[Technique, ...]:
    """The techniques hints and the solver use when the caller does not choose: implemented, not DEFAULT_OFF."""
    return tuple(t for t in implemented() if t not in DEFAULT_OFF)


def registered_finder(technique: Technique) -> Finder | None:
    """The finder a family module registered for ``technique`` (it may serve other techniques too)."""
    got = _registry.by_technique.get(technique)
    return got[1] if got else None


def finder_for(technique: Technique) -> Finder | None:
    """A finder yielding only ``technique``'s Steps, or None when no family module finds it."""
    got = _registry.by_technique.get(technique)
    if got is None:
        return None
    served, finder = got
    if served == (technique,):
        return finder
    only = _registry.single.get(technique)
    if only is None:

        def only_this(grid: Grid) -> Iterator[Step]:
            return (s for s in finder(grid) if s.technique is technique)

        only_this.__name__ = f"{getattr(finder, '__name__', 'find')}_{technique.name.lower()}"
        only_this.__doc__ = f"{technique.display_name} steps of {getattr(finder, '__name__', 'a shared finder')}."
        only = _registry.single[technique] = only_this
    return only


def _needs_one_solution(t: Technique) -> bool:
    return t.family is Family.UNIQUENESS or t in NEEDS_ONE_SOLUTION


def _selected(
    enabled: Iterable[Technique] | None, unique: bool, geometry: Geometry
) -> list[tuple[frozenset[Technique], Finder]]:
    """The finders to ask, in solving order, each with the techniques whose Steps it may yield (none that is off
    for the board's variant: solving/variant_limits.py; a variant's own techniques, such as a Jigsaw's Law of
    Leftovers, always on for it: they are its rules at work)."""
    allowed = frozenset(default_techniques()) if enabled is None else frozenset(enabled)
    order = ORDER
    if not geometry.is_classic:
        allowed = (allowed - off_for(geometry).keys()) | frozenset(technique_table.variant_order(geometry.variant_name))
        order = technique_table.solving_order(geometry.variant_name)
    out: list[tuple[frozenset[Technique], Finder]] = []
    done = set()
    for t in order:
        got = _registry.by_technique.get(t)
        if got is None or t not in allowed or (not unique and _needs_one_solution(t)):
            continue
        served, finder = got
        if id(finder) in done:
            continue
        done.add(id(finder))
        ok = frozenset(s for s in served if s in allowed and (unique or not _needs_one_solution(s)))
        out.append((ok, finder))
    return out


def iter_steps(grid: Grid, enabled: Iterable[Technique] | None = None, unique: bool = True) -> Iterator[Step]:
    """Yield Steps lazily, finder by finder in solving order (duplicates possible).

    Args:
        enabled: the techniques allowed (None: ``default_techniques()``).
        unique: the puzzle is known to have exactly one solution, so uniqueness techniques may be used.
    """
    for ok, finder in _selected(enabled, unique, grid.geometry):
        for step in finder(grid):
            if step.technique in ok:
                yield step


COMPARED = 64
"""How many steps of the first technique that applies ``find_hint`` compares (its finder yields them in order)."""


def find_hint(
    grid: Grid, enabled: Iterable[Technique] | None = None, unique: bool = True, most: bool = False
) -> Step | None:
    """Return the step to take next on the grid's current candidates, or None when none applies.

    The technique is the first in solving order that applies, and its first step is taken, unless ``most``:
    then, among that technique's steps, the one that does the most (candidates removed plus digits placed) is
    taken, of those no longer than the first (in a chain's nodes; finders yield their steps shortest first, so
    the comparing ends at the first longer one), the first of equals. For a player a step that does more for the same length is the better one to learn
    (HoDoKu's solver orders its steps by what they remove, too), so hints and the solution path the player
    sees ask for it; ratings keep the first step, so a puzzle's level never depends on it. Singles and the last
    resorts (forcing chains and nets, brute force, …) always keep their first step: a single does one thing,
    and the next last-resort proof would cost seconds. At most ``COMPARED`` steps are compared.

    Args:
        enabled: the techniques allowed (None: ``default_techniques()``).
        unique: the puzzle is known to have exactly one solution, so uniqueness techniques may be used.
    """
    for ok, finder in _selected(enabled, unique, grid.geometry):
        first: Step | None = None
        best: Step | None = None
        compared = 0
        for step in finder(grid):
            if step.technique not in ok:
                continue
            if first is None:
                first = best = step
                if not most or step.technique.family in (Family.SINGLES, Family.LAST_RESORT, Family.BASICS):
                    return step
                continue
            if step.technique is not first.technique:
                continue
            if first.chain and len(step.chain) > len(first.chain):
                break  # shortest first: the chains from here on are longer
            compared += 1
            if _does(step) > _does(best):  # type: ignore[arg-type]  # best is set with first
                best = step
            if compared >= COMPARED:
                break
        if best is not None:
            return best
    return None


def _does(step: Step) -> int:
    return len(step.eliminations) + len(step.placements)


def find_all_steps(
    grid: Grid,
    enabled: Iterable[Technique] | None = None,
    unique: bool = True,
    stop: Callable[[], bool] | None = None,
) -> list[Step]:
    """Return every distinct Step (by ``Step.key()``) available on the grid, in solving order.

    A last-resort finder (forcing chains and nets, brute force, …) gives only its first step: its others are
    the same kind of long proof again, and finding them all could take seconds. ``stop``: asked between
    finders and between steps; when it says True the steps found so far are returned.
    """
    seen = set()
    out: list[Step] = []
    for ok, finder in _selected(enabled, unique, grid.geometry):
        if stop is not None and stop():
            return out
        last_resort = all(t.family is Family.LAST_RESORT for t in ok)
        for step in finder(grid):
            if stop is not None and stop():
                return out
            if step.technique not in ok:
                continue
            k = step.key()
            if k not in seen:
                seen.add(k)
                out.append(step)
                if last_resort:
                    break
    return out
