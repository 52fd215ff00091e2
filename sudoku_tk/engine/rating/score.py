"""Rating a logic-solver path: a level (easy … extreme) and a HoDoKu-style score.

The score is the sum of a base score per step, the level is the hardest technique's
level, raised while the score exceeds that level's ceiling. Base scores, technique
levels and ceilings are HoDoKu's defaults (HoDoKu 2.x, ``Options.DEFAULT_SOLVER_STEPS``
and ``DIFFICULTY_LEVELS``), so ratings read like HoDoKu's for the same path:

=========================================  =====  =======
technique                                  score  level
=========================================  =====  =======
Peer Elimination                               0  easy
Full House, Naked Single                       4  easy
Hidden Single                                 14  easy
Locked Pair                                   40  medium
Locked Candidates Type 1 and 2                50  medium
Locked Triple, Naked Pair                     60  medium
Hidden Pair                                   70  medium
Naked Triple                                  80  medium
Hidden Triple                                100  medium
Naked Quadruple                              120  hard
Hidden Quadruple                             150  hard
X-Wing / Swordfish / Jellyfish       140 / 150 / 160  hard
Remote Pair                                  110  hard
BUG+1, Uniqueness 1–6, Hidden/Avoidable R.   100  hard
Skyscraper                                   130  hard
2-String Kite                                150  hard
Turbot Fish, Empty Rectangle                 120  hard
W-Wing / XY-Wing / XYZ-Wing          150 / 160 / 180  hard
Finned / Sashimi X-Wing                130 / 150  hard
Finned / Sashimi Swordfish             200 / 240  unfair
Finned / Sashimi Jellyfish             250 / 260  unfair
Simple Colors (trap, wrap)                   150  hard
Multi Colors 1 and 2                         200  hard
Sue de Coq                                   250  unfair
X-Chain, XY-Chain                            260  unfair
Nice Loops and AIC                           280  unfair
Grouped Nice Loops and AIC                   300  unfair
ALS-XZ / ALS-XY-Wing / ALS-XY-Chain  300 / 320 / 340  unfair
Death Blossom                                360  unfair
Franken X-Wing / Swordfish / Jellyfish  300 / 350 / 370  unfair
Finned Franken X-Wing / Swordf. / Jellyf.  390 / 410 / 430  unfair
Mutant X-Wing / Swordfish / Jellyfish        450  extreme
Finned Mutant fish                           470  extreme
Kraken Fish, Forcing Chains                  500  extreme
Forcing Nets                                 700  extreme
Nested Forcing Net (not in HoDoKu)          1500  extreme
Template Set / Delete, Brute Force         10000  extreme
=========================================  =====  =======

Level ceilings: easy 800, medium 1000, hard 1600, unfair 1800, extreme unbounded.
A path that gets stuck needs techniques beyond the enabled set: it is rated extreme
(``solved`` False), with the score of the steps it did take.

Beside HoDoKu's score, a Rating carries an SE-like estimate (``se``): the Sudoku Explainer value of the
hardest step (engine/rating/se.py). ``rate(path)`` takes it from the path it is given; ``rate_puzzle(grid)``
also solves easiest-step-first, as Sudoku Explainer does, and keeps the lower of the two.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..board.grid import Grid
from ..solving import technique_table
from ..solving.logic import SolvePath, solve_logically
from ..steps.step import Technique
from .levels import Level as Level  # the engine's one Level type (levels.py), re-exported
from .se import path_se, se_estimate

SCORES = technique_table.SCORES
"""Base score and level per technique (HoDoKu's defaults): a column of the technique table."""

_LEVELS = tuple(Level)


@dataclass(frozen=True, slots=True)
class Rating:
    """A path's level, score and whether the logic solver finished; and the SE-like estimate."""

    level: Level
    score: int
    solved: bool
    hardest: Technique | None
    """The technique with the highest level on the path (the first such), None for an empty path."""
    se: float = 0.0
    """The Sudoku Explainer value of the hardest step (engine/rating/se.py); a lower bound when not solved."""

    def __str__(self) -> str:
        return f"{self.level} {self.score} {'solved' if self.solved else 'stuck'}"

    def display(self) -> str:
        """The rating in one short line for players: "Hard · 1,234 · SE ≈ 4.2" (stuck: "… · SE ≥ 7.3 · stuck").

        >>> Rating(Level.HARD, 1234, True, Technique.X_WING, 4.2).display()
        'Hard · 1,234 · SE ≈ 4.2'
        """
        head = f"{self.level.label.capitalize()} · {self.score:,} · SE"
        return f"{head} ≈ {self.se:.1f}" if self.solved else f"{head} ≥ {self.se:.1f} · stuck"


def rate(path: SolvePath) -> Rating:
    """Rate a logic-solver path (see the module docstring for the scores); ``se`` is this path's hardest step."""
    score = 0
    level = Level.EASY
    hardest = None
    for step in path.steps:
        base, lvl = SCORES[step.technique]
        score += base
        if hardest is None or _LEVELS.index(lvl) > _LEVELS.index(level):
            hardest = step.technique
            level = lvl if _LEVELS.index(lvl) > _LEVELS.index(level) else level
    if not path.solved:
        level = Level.EXTREME
    while score > level.ceiling:
        level = _LEVELS[_LEVELS.index(level) + 1]
    return Rating(level, score, path.solved, hardest, path_se(path))


def rate_puzzle(grid: Grid, enabled: Iterable[Technique] | None = None, unique: bool | None = None) -> Rating:
    """Rate a puzzle: HoDoKu's level and score from ``solve_logically``'s path, and the SE estimate from the
    easier of that path and an easiest-step-first one (``se_estimate``): about twice the work of ``rate``.

    Args:
        enabled: the techniques allowed (None: the default set).
        unique: whether the givens have exactly one solution; None asks the brute-force solver.
    """
    chosen = None if enabled is None else frozenset(enabled)
    return rate_with_estimate(solve_logically(grid, chosen, unique), chosen)


def rate_with_estimate(path: SolvePath, enabled: Iterable[Technique] | None = None) -> Rating:
    """``rate(path)`` with the puzzle's SE estimate (``se_estimate``) in place of this path's hardest step: what
    ``rate_puzzle`` gives when ``path`` is the puzzle's ``solve_logically`` path with ``enabled``."""
    rating = rate(path)
    return Rating(rating.level, rating.score, rating.solved, rating.hardest, se_estimate(path, enabled))
