"""The technique registry: the solving order and the one place that asks every family for Steps.

Each family module (singles.py, fish.py, …) exports ``FINDERS``: pairs of a
Technique and a finder ``(grid) -> Iterator[Step]`` working on the grid's
candidates as they are (the player's pencil marks, not recomputed ones). Family
modules are imported when present, so they can land in any order.

``ORDER`` is the solving order of issue 5 (HoDoKu's): cheap, common patterns first.
Uniqueness techniques (Family.UNIQUENESS) are asked only when the caller says the
puzzle has exactly one solution.
"""

from __future__ import annotations

import importlib
from typing import Callable, Dict, Iterable, Iterator, List, Optional, Tuple

from ..grid import Grid
from ..step import Family, Step, Technique

Finder = Callable[[Grid], Iterator[Step]]

T = Technique
ORDER: Tuple[Technique, ...] = (
    T.PEER_ELIMINATION,
    T.FULL_HOUSE,
    T.NAKED_SINGLE,
    T.HIDDEN_SINGLE,
    T.LOCKED_PAIR,
    T.LOCKED_TRIPLE,
    T.LOCKED_CANDIDATES_1,
    T.LOCKED_CANDIDATES_2,
    T.NAKED_PAIR,
    T.NAKED_TRIPLE,
    T.HIDDEN_PAIR,
    T.HIDDEN_TRIPLE,
    T.NAKED_QUADRUPLE,
    T.HIDDEN_QUADRUPLE,
    T.X_WING,
    T.SWORDFISH,
    T.JELLYFISH,
    T.REMOTE_PAIR,
    T.BUG_PLUS_1,
    T.SKYSCRAPER,
    T.TWO_STRING_KITE,
    T.TURBOT_FISH,
    T.EMPTY_RECTANGLE,
    T.W_WING,
    T.XY_WING,
    T.XYZ_WING,
    T.UNIQUENESS_1,
    T.UNIQUENESS_2,
    T.UNIQUENESS_3,
    T.UNIQUENESS_4,
    T.UNIQUENESS_5,
    T.UNIQUENESS_6,
    T.HIDDEN_RECTANGLE,
    T.AVOIDABLE_RECTANGLE_1,
    T.AVOIDABLE_RECTANGLE_2,
    T.FINNED_X_WING,
    T.SASHIMI_X_WING,
    T.FINNED_SWORDFISH,
    T.SASHIMI_SWORDFISH,
    T.FINNED_JELLYFISH,
    T.SASHIMI_JELLYFISH,
    T.SIMPLE_COLORS_TRAP,
    T.SIMPLE_COLORS_WRAP,
    T.MULTI_COLORS_1,
    T.MULTI_COLORS_2,
)
del T
"""Every technique the hint engine uses, in solving order.

Peer Elimination comes first: it only fires when the candidates still show a digit
that a placed digit rules out, and every other deduction is plainer once those are gone.
"""

FAMILY_MODULES = (
    "singles",
    "intersections",
    "subsets",
    "fish",
    "single_digit",
    "wings",
    "uniqueness",
    "coloring",
    "chains",
)
"""Modules of this package that may export FINDERS."""

_finders: Optional[Dict[Technique, Finder]] = None


def _load() -> Dict[Technique, Finder]:
    global _finders
    if _finders is None:
        found: Dict[Technique, Finder] = {}
        for name in FAMILY_MODULES:
            full = f"{__name__}.{name}"
            try:
                module = importlib.import_module(full)
            except ModuleNotFoundError as exc:
                if exc.name == full:  # the family has not landed yet; anything else is a real error
                    continue
                raise
            for technique, finder in getattr(module, "FINDERS", ()):
                found[technique] = finder
        _finders = found
    return _finders


def implemented() -> Tuple[Technique, ...]:
    """The techniques that have a finder, in solving order."""
    finders = _load()
    return tuple(t for t in ORDER if t in finders)


def finder_for(technique: Technique) -> Optional[Finder]:
    """The finder of ``technique``, or None when its family has not landed."""
    return _load().get(technique)


def _selected(enabled: Optional[Iterable[Technique]], unique: bool) -> List[Tuple[Technique, Finder]]:
    finders = _load()
    allowed = None if enabled is None else frozenset(enabled)
    return [
        (t, finders[t])
        for t in ORDER
        if t in finders
        and (allowed is None or t in allowed)
        and (unique or t.family is not Family.UNIQUENESS)
    ]


def iter_steps(
    grid: Grid, enabled: Optional[Iterable[Technique]] = None, unique: bool = True
) -> Iterator[Step]:
    """Yield Steps lazily, technique by technique in solving order (duplicates possible)."""
    for _t, finder in _selected(enabled, unique):
        yield from finder(grid)


def find_hint(
    grid: Grid, enabled: Optional[Iterable[Technique]] = None, unique: bool = True
) -> Optional[Step]:
    """Return the first Step in solving order on the grid's current candidates, or None when none applies.

    Args:
        enabled: the techniques allowed (None: every implemented one).
        unique: the puzzle is known to have exactly one solution, so uniqueness techniques may be used.
    """
    for step in iter_steps(grid, enabled, unique):
        return step
    return None


def find_all_steps(
    grid: Grid, enabled: Optional[Iterable[Technique]] = None, unique: bool = True
) -> List[Step]:
    """Return every distinct Step (by ``Step.key()``) available on the grid, in solving order."""
    seen = set()
    out: List[Step] = []
    for step in iter_steps(grid, enabled, unique):
        k = step.key()
        if k not in seen:
            seen.add(k)
            out.append(step)
    return out
