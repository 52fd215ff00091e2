"""An SE-like estimate: the Sudoku Explainer value of a puzzle's hardest step, on a path that takes easy steps first.

Sudoku Explainer (SE) rates a puzzle by the hardest step of its own solve, in which every step is the easiest
one available. ``se_path`` solves that way with the app's techniques: at each position it asks the techniques
tier by tier, lowest SE value first (HoDoKu's solving order breaks ties), and takes the first step found.
``step_se`` gives one step's value: the technique's SE value plus SE's length supplement for chains.

Values are published facts: SE 1.2.1's rating list, and for patterns SE 1.2.1 lacks, Sukaku Explainer's (the
SE fork that rated the Sudoku Exchange bank: Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish and Empty
Rectangle 4.2; a grouped strong-link pattern of n links, which is what a finned fish is, 0.3 above
the plain one: 4.3, 5.7, 6.1 for 2, 3, 4 links). Newer Sukaku Explainer versions rate a W-Wing 4.4, but the
bank's ratings show its rater did not have it (puzzles whose easiest path needs one are rated 5.4-7.3), so a
W-Wing counts as the chain SE 1.2.1 sees in it.

===============================================  ============  ==========================================
technique                                        SE            SE counterpart
===============================================  ============  ==========================================
Full House                                       1.0           last value in a unit
Hidden Single in a box / in a row or column      1.2 / 1.5
Naked Single                                     2.3
Locked Candidates 1 (pointing) / 2 (claiming)    2.6 / 2.8
Naked Pair, Locked Pair / X-Wing / Hidden Pair   3.0 / 3.2 / 3.4  (a locked pair is a naked pair to SE)
Naked Triple, Locked Triple / Swordfish          3.6 / 3.8
Hidden Triple / XY-Wing / XYZ-Wing               4.0 / 4.2 / 4.4
Skyscraper / 2-String Kite / Turbot Fish, ER     4.0 / 4.1 / 4.2  Sukaku Explainer's turbot fish
W-Wing                                           7.0 + length  forcing chain with X and Y links
Finned or Sashimi X-Wing / Swordfish / Jellyfish 4.3 / 5.7 / 6.1  grouped strong links (Sukaku Explainer)
Uniqueness 1, 2, 4 / Uniqueness 3                4.5 / 4.6     unique rectangle (3: 4.5 + 0.1 per extra digit)
Naked Quadruple / Jellyfish / Hidden Quadruple   5.0 / 5.2 / 5.4
BUG+1                                            5.6           bivalue universal grave type 1
X-Chain / XY-Chain, Remote Pair                  6.6 + length  forcing X-chain / Y-chain
Nice Loops, AIC (plain and grouped)              7.0 + length  forcing chain with X and Y links
Forcing Chain Contradiction                      7.5 + length  Nishio / contradiction forcing chain
Forcing Chain Verity                             8.0 + length  cell and region forcing chains
Forcing Net Contradiction / Verity               8.5 + length  dynamic forcing chains
===============================================  ============  ==========================================

No SE counterpart (SE finds these eliminations another way; the value is what SE needs instead, checked
against the published ratings of the puzzles whose path needs them): Hidden Rectangle, Uniqueness 5 and 6,
Avoidable Rectangles 6.5 (SE's unique loops are types 1-4 only, so it needs chains: 6.5 and up); Sue de Coq
6.2 (aligned pair exclusion; SE rated such puzzles 6.2-6.4); Simple Colors 6.6 (an X-chain), Multi
Colors 6.8; ALS-XZ 7.5, ALS-XY-Wing 7.8, ALS-XY-Chain 8.0, Death Blossom 8.2 (SE needs forcing chains for
them); Franken fish 6.8–7.2, Mutant fish 7.2–7.4; Kraken fish 8.0 (cell forcing chains); Templates 9.0;
Nested Forcing Net 9.5 (SE's nested dynamic chains); Brute Force 11.0 (beyond every logic step).

The length supplement is SE's: 0.1 for each threshold the chain's node count passes, the thresholds being 4,
6, 8, 12, 16, 24, 32, … (each step alternately × 3/2 and × 4/3). The node count here is the Step's links + 1.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..board.geometry import Geometry
from ..board.grid import Grid
from ..solving import technique_table
from ..solving.logic import SolvePath, has_unique_solution, solve_with
from ..steps.step import Family, HighlightRole, Step, Technique
from ..techniques import default_techniques, find_hint, iter_steps

SE_VALUES = technique_table.SE_VALUES
"""Each technique's SE value before the length supplement (a hidden single in a row or column: 1.5)."""

LINE_HIDDEN_SINGLE = 1.5
"""SE's value of a hidden single in a row or column (one in a box is 1.2)."""

CHAINED = technique_table.CHAINED
"""Techniques whose SE value grows with the chain's length (a column of the technique table)."""


def length_supplement(nodes: int) -> float:
    """SE's supplement for a chain of ``nodes`` nodes: 0.1 per threshold passed (4, 6, 8, 12, 16, 24, …).

    >>> [length_supplement(n) for n in (4, 5, 6, 7, 9, 13, 17)]
    [0.0, 0.1, 0.1, 0.2, 0.3, 0.4, 0.5]
    """
    tenths, ceiling, grow_by_half = 0, 4, True
    while nodes > ceiling:
        tenths += 1
        ceiling = ceiling * 3 // 2 if grow_by_half else ceiling * 4 // 3
        grow_by_half = not grow_by_half
    return tenths / 10


def step_se(step: Step, geometry: Geometry) -> float:
    """The SE value of one step (see the module docstring), rounded to one decimal."""
    t = step.technique
    value = SE_VALUES[t]
    if t is Technique.HIDDEN_SINGLE and not _in_a_box(step, geometry):
        value = LINE_HIDDEN_SINGLE
    if t in CHAINED and step.links:
        value += length_supplement(len(step.links) + 1)
    return round(value, 1)


def _in_a_box(step: Step, geometry: Geometry) -> bool:
    for h in step.highlights:
        if h.role is HighlightRole.DEFINING_UNIT and h.units:
            return geometry.unit_kind(h.units[0]) == 2
    return False


def path_se(path: SolvePath) -> float:
    """The SE value of the path's hardest step (0.0 for an empty path)."""
    geo = path.start.geometry
    return max((step_se(s, geo) for s in path.steps), default=0.0)


def _tiers(techniques: Iterable[Technique]) -> list[frozenset[Technique]]:
    """The techniques grouped by SE value, lowest first (a finder serving two tiers is asked in each)."""
    by_value: dict[float, set[Technique]] = {}
    for t in techniques:
        by_value.setdefault(SE_VALUES[t], set()).add(t)
    return [frozenset(by_value[v]) for v in sorted(by_value)]


def _easiest_step(grid: Grid, tiers: list[frozenset[Technique]], unique: bool) -> Step | None:
    geo = grid.geometry
    for tier in tiers:
        if tier == {Technique.HIDDEN_SINGLE}:
            # SE rates a hidden single in a box below one in a line: take a box's first when there is one.
            first = None
            for s in iter_steps(grid, tier, unique):
                if _in_a_box(s, geo):
                    return s
                first = first or s
            if first is not None:
                return first
            continue
        step = find_hint(grid, tier, unique)
        if step is not None:
            return step
    return None


def se_path(
    grid: Grid,
    enabled: Iterable[Technique] | None = None,
    unique: bool | None = None,
    below: float | None = None,
) -> SolvePath:
    """Solve taking the easiest step by SE value each time, as Sudoku Explainer does.

    Args:
        enabled: the techniques allowed (None: the default set, as ``solve_logically``).
        unique: whether the givens have exactly one solution; None asks the brute-force solver.
        below: use only techniques whose SE value is at most this (the path may then get stuck).
    """
    if unique is None:
        unique = has_unique_solution(grid)
    chosen = default_techniques() if enabled is None else tuple(enabled)
    allowed = [
        t for t in chosen if (unique or t.family is not Family.UNIQUENESS) and (below is None or SE_VALUES[t] <= below)
    ]
    tiers = _tiers(allowed)
    known_unique = unique
    return solve_with(grid, lambda g: _easiest_step(g, tiers, known_unique), unique)


def se_estimate(path: SolvePath, enabled: Iterable[Technique] | None = None) -> float:
    """The SE estimate of the puzzle ``path`` solves: the hardest step of the easier of two paths.

    The two paths are ``path`` itself (HoDoKu's order) and ``se_path`` limited to techniques no harder than
    ``path``'s hardest step, since a step above that can't make the estimate lower. A stuck ``path`` gives its
    hardest step so far (a lower bound: the rest needs techniques that are not enabled). On a Killer (cages in the
    board's geometry) the path's own hardest step: Sudoku Explainer rates no Killer, so there is no easiest-first
    order to follow, and that second search costs seconds there (the cages' steps are asked at every position).
    """
    top = path_se(path)
    if not path.solved or path.start.geometry.cages:
        return top
    easier = se_path(path.start, enabled, path.unique, below=top)
    return min(top, path_se(easier)) if easier.solved else top
