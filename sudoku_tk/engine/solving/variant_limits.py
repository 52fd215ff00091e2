"""Which techniques are off for a variant, and why: the one table the solver, hints and the command line read.

Every technique reads its houses from the grid's Geometry, so on Sudoku X and Windoku the extra houses only add
constraints: a deduction made from rows, columns and boxes stays true, and the generic techniques (singles,
locked candidates, subsets, chains, ALS, forcing) use the diagonals and windows too. Two kinds of technique are
turned off instead:

- the uniqueness family rests on a swap argument: a deadly pattern (two digits on the corners of a rectangle over
  two boxes, or a BUG grave) could swap its digits and give a second solution. An extra house or an irregular
  region through the pattern can forbid the swap (SudokuWiki's Sudoku X strategies note that a rectangle cut by a
  diagonal is not deadly), so the "second solution" need not exist and the step could remove the real one;
- on a Jigsaw, techniques whose code does band and stack arithmetic on square boxes (finned and sashimi fish, whose
  fins must share a box of the band; Franken and Mutant fish, whose tables are those of the square boxes; Kraken
  fish built on them; templates, made from the classic band patterns; Sue de Coq, whose box–line intersections
  hold at most three cells) would treat the square boxes as houses,
  which a Jigsaw does not have.
"""

from __future__ import annotations

from ..board.geometry import JIGSAW, KILLER, SUDOKU_X, WINDOKU, Geometry
from ..steps.step import Family, Technique

_UNIQUENESS = (
    "uniqueness steps assume a deadly pattern could swap its digits; a house beyond rows, columns and "
    "square boxes can forbid the swap, so the pattern proves nothing"
)
_KILLER_UNIQUENESS = (
    "uniqueness steps assume a deadly pattern could swap its digits; a Killer's cage sums can forbid the swap (the "
    "two digits need not add up the same in their cages), so the pattern proves nothing"
)
_NESTED = "its long search is made for classic puzzles; on a Killer the Killer Forcing Net follows the cages instead"
_SQUARE_BOXES = "this finder works with the square boxes' bands and stacks, which a Jigsaw's regions are not"

_UNIQUENESS_TECHNIQUES = tuple(t for t in Technique if t.family is Family.UNIQUENESS)
_BOX_ARITHMETIC = (
    Technique.FINNED_X_WING,
    Technique.SASHIMI_X_WING,
    Technique.FINNED_SWORDFISH,
    Technique.SASHIMI_SWORDFISH,
    Technique.FINNED_JELLYFISH,
    Technique.SASHIMI_JELLYFISH,
    Technique.FRANKEN_X_WING,
    Technique.FRANKEN_SWORDFISH,
    Technique.FRANKEN_JELLYFISH,
    Technique.FINNED_FRANKEN_X_WING,
    Technique.FINNED_FRANKEN_SWORDFISH,
    Technique.FINNED_FRANKEN_JELLYFISH,
    Technique.MUTANT_X_WING,
    Technique.MUTANT_SWORDFISH,
    Technique.MUTANT_JELLYFISH,
    Technique.FINNED_MUTANT_X_WING,
    Technique.FINNED_MUTANT_SWORDFISH,
    Technique.FINNED_MUTANT_JELLYFISH,
    Technique.KRAKEN_FISH_TYPE_1,
    Technique.KRAKEN_FISH_TYPE_2,
    Technique.TEMPLATE_SET,
    Technique.TEMPLATE_DEL,
    Technique.SUE_DE_COQ,
)

OFF_FOR_VARIANT: dict[str, dict[Technique, str]] = {
    SUDOKU_X: dict.fromkeys(_UNIQUENESS_TECHNIQUES, _UNIQUENESS),
    WINDOKU: dict.fromkeys(_UNIQUENESS_TECHNIQUES, _UNIQUENESS),
    JIGSAW: dict.fromkeys(_UNIQUENESS_TECHNIQUES, _UNIQUENESS) | dict.fromkeys(_BOX_ARITHMETIC, _SQUARE_BOXES),
    KILLER: dict.fromkeys(_UNIQUENESS_TECHNIQUES, _KILLER_UNIQUENESS) | {Technique.NESTED_FORCING_NET: _NESTED},
}
"""Per variant name, each technique that is off for it with the reason a player (or ``--techniques``) is told."""


def off_for(geometry: Geometry) -> dict[Technique, str]:
    """The techniques off on ``geometry``'s board, each with its reason (empty on the classic board)."""
    if geometry.is_classic:
        return {}
    return OFF_FOR_VARIANT.get(geometry.variant_name, {})
