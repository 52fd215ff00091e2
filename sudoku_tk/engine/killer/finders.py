"""Killer's own techniques as finders of the technique registry: ``(grid) -> Steps`` on a board whose geometry
holds the cages (engine/board/geometry.py: ``killer_geometry``).

Each wraps one of Killer's finders (cage_steps.py, innies.py, forcing.py), which take the puzzle and the grid: the
puzzle is read from the grid's geometry (``puzzle_of``). The registry (engine/techniques/) asks them only on a
Killer's board, in ``solving_order("killer")``: right after the singles (as the Killer logic solver does, logic.py),
the Killer Forcing Net before the classic forcing chains and nets.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..board.grid import Grid
from ..steps.step import Step, Technique
from ..techniques.common import Finder
from . import cage_steps, innies
from .cage_steps import KillerFinder
from .cages import puzzle_of
from .forcing import find_killer_forcing_net


def _on_board(technique: Technique, finder: KillerFinder) -> Finder:
    def find(grid: Grid) -> Iterator[Step]:
        if not grid.geometry.cages:
            return iter(())
        return finder(puzzle_of(grid), grid)

    find.__name__ = f"find_{technique.name.lower()}"
    find.__doc__ = f"{technique.display_name} steps on a Killer's board (its cages from the geometry)."
    return find


KILLER_FINDERS: tuple[tuple[Technique, KillerFinder], ...] = (
    (Technique.KILLER_CAGE_COMBINATIONS, cage_steps.find_cage_combinations),
    (Technique.KILLER_ONE_CELL_45, innies.find_one_cell),
    (Technique.KILLER_CAGE_POINTING, cage_steps.find_cage_pointing),
    (Technique.KILLER_CAGE_CLAIMING, cage_steps.find_cage_claiming),
    (Technique.KILLER_INNIES_OUTIES, innies.find_innies_outies),
    (Technique.KILLER_CAGE_SPLITTING, innies.find_cage_splitting),
    (Technique.KILLER_INNIE_OUTIE_DIFFERENCE, innies.find_differences),
    (Technique.KILLER_SUBSET, cage_steps.find_killer_subsets),
)
"""Killer's own techniques (finders of the puzzle and the grid), in the order they are asked; the Killer Forcing
Net, the last resort, comes after the classic steps."""

FINDERS: tuple[tuple[Technique, Finder], ...] = tuple(
    (technique, _on_board(technique, finder))
    for technique, finder in (*KILLER_FINDERS, (Technique.KILLER_FORCING_NET, find_killer_forcing_net))
)
"""Killer's techniques, each with its finder on a Killer's board."""
