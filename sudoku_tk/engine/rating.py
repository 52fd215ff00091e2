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
hardest step (engine/se_rating.py). ``rate(path)`` takes it from the path it is given; ``rate_puzzle(grid)``
also solves easiest-step-first, as Sudoku Explainer does, and keeps the lower of the two.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Dict, Iterable, Optional, Tuple

from .grid import Grid
from .logic_solver import SolvePath, solve_logically
from .se_rating import path_se, se_estimate
from .step import Technique


class Level(Enum):
    """Difficulty levels, easiest first, with HoDoKu's score ceiling."""

    EASY = ("easy", 800)
    """Singles only."""
    MEDIUM = ("medium", 1000)
    """Intersections, pairs and triples."""
    HARD = ("hard", 1600)
    """Quads, basic fish, wings, single-digit patterns, uniqueness, colouring."""
    UNFAIR = ("unfair", 1800)
    """Finned and sashimi swordfish and jellyfish, chains and loops, ALS, Sue de Coq, Franken fish."""
    EXTREME = ("extreme", 1 << 62)
    """Mutant and Kraken fish, forcing chains and nets, brute force; or a stuck path; or very long hard paths."""

    def __init__(self, label: str, ceiling: int) -> None:
        self.label = label
        self.ceiling = ceiling

    def __str__(self) -> str:
        return self.label


T = Technique
E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME
SCORES: Dict[Technique, Tuple[int, Level]] = {
    T.PEER_ELIMINATION: (0, E),
    T.FULL_HOUSE: (4, E),
    T.NAKED_SINGLE: (4, E),
    T.HIDDEN_SINGLE: (14, E),
    T.LOCKED_PAIR: (40, M),
    T.LOCKED_TRIPLE: (60, M),
    T.LOCKED_CANDIDATES_1: (50, M),
    T.LOCKED_CANDIDATES_2: (50, M),
    T.NAKED_PAIR: (60, M),
    T.NAKED_TRIPLE: (80, M),
    T.HIDDEN_PAIR: (70, M),
    T.HIDDEN_TRIPLE: (100, M),
    T.NAKED_QUADRUPLE: (120, H),
    T.HIDDEN_QUADRUPLE: (150, H),
    T.X_WING: (140, H),
    T.SWORDFISH: (150, H),
    T.JELLYFISH: (160, H),
    T.REMOTE_PAIR: (110, H),
    T.BUG_PLUS_1: (100, H),
    T.SKYSCRAPER: (130, H),
    T.TWO_STRING_KITE: (150, H),
    T.TURBOT_FISH: (120, H),
    T.EMPTY_RECTANGLE: (120, H),
    T.W_WING: (150, H),
    T.XY_WING: (160, H),
    T.XYZ_WING: (180, H),
    T.UNIQUENESS_1: (100, H),
    T.UNIQUENESS_2: (100, H),
    T.UNIQUENESS_3: (100, H),
    T.UNIQUENESS_4: (100, H),
    T.UNIQUENESS_5: (100, H),
    T.UNIQUENESS_6: (100, H),
    T.HIDDEN_RECTANGLE: (100, H),
    T.AVOIDABLE_RECTANGLE_1: (100, H),
    T.AVOIDABLE_RECTANGLE_2: (100, H),
    T.FINNED_X_WING: (130, H),
    T.SASHIMI_X_WING: (150, H),
    T.FINNED_SWORDFISH: (200, U),
    T.SASHIMI_SWORDFISH: (240, U),
    T.FINNED_JELLYFISH: (250, U),
    T.SASHIMI_JELLYFISH: (260, U),
    T.SIMPLE_COLORS_TRAP: (150, H),
    T.SIMPLE_COLORS_WRAP: (150, H),
    T.MULTI_COLORS_1: (200, H),
    T.MULTI_COLORS_2: (200, H),
    T.SUE_DE_COQ: (250, U),
    T.X_CHAIN: (260, U),
    T.XY_CHAIN: (260, U),
    T.CONTINUOUS_NICE_LOOP: (280, U),
    T.DISCONTINUOUS_NICE_LOOP: (280, U),
    T.AIC: (280, U),
    T.GROUPED_CONTINUOUS_NICE_LOOP: (300, U),
    T.GROUPED_DISCONTINUOUS_NICE_LOOP: (300, U),
    T.GROUPED_AIC: (300, U),
    T.ALS_XZ: (300, U),
    T.ALS_XY_WING: (320, U),
    T.ALS_XY_CHAIN: (340, U),
    T.DEATH_BLOSSOM: (360, U),
    T.FRANKEN_X_WING: (300, U),
    T.FRANKEN_SWORDFISH: (350, U),
    T.FRANKEN_JELLYFISH: (370, U),
    T.FINNED_FRANKEN_X_WING: (390, U),
    T.FINNED_FRANKEN_SWORDFISH: (410, U),
    T.FINNED_FRANKEN_JELLYFISH: (430, U),
    T.MUTANT_X_WING: (450, X),
    T.MUTANT_SWORDFISH: (450, X),
    T.MUTANT_JELLYFISH: (450, X),
    T.FINNED_MUTANT_X_WING: (470, X),
    T.FINNED_MUTANT_SWORDFISH: (470, X),
    T.FINNED_MUTANT_JELLYFISH: (470, X),
    T.KRAKEN_FISH_TYPE_1: (500, X),
    T.KRAKEN_FISH_TYPE_2: (500, X),
    T.FORCING_CHAIN_CONTRADICTION: (500, X),
    T.FORCING_CHAIN_VERITY: (500, X),
    T.FORCING_NET_CONTRADICTION: (700, X),
    T.FORCING_NET_VERITY: (700, X),
    T.NESTED_FORCING_NET: (1500, X),
    T.TEMPLATE_SET: (10000, X),
    T.TEMPLATE_DEL: (10000, X),
    T.BRUTE_FORCE: (10000, X),
}
"""Base score and level per technique (HoDoKu's defaults)."""
del T, E, M, H, U, X

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
    """The Sudoku Explainer value of the hardest step (engine/se_rating.py); a lower bound when not solved."""

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


def rate_puzzle(grid: Grid, enabled: Optional[Iterable[Technique]] = None, unique: Optional[bool] = None) -> Rating:
    """Rate a puzzle: HoDoKu's level and score from ``solve_logically``'s path, and the SE estimate from the
    easier of that path and an easiest-step-first one (``se_estimate``): about twice the work of ``rate``.

    Args:
        enabled: the techniques allowed (None: the default set).
        unique: whether the givens have exactly one solution; None asks the brute-force solver.
    """
    chosen = None if enabled is None else frozenset(enabled)
    return rate_with_estimate(solve_logically(grid, chosen, unique), chosen)


def rate_with_estimate(path: SolvePath, enabled: Optional[Iterable[Technique]] = None) -> Rating:
    """``rate(path)`` with the puzzle's SE estimate (``se_estimate``) in place of this path's hardest step: what
    ``rate_puzzle`` gives when ``path`` is the puzzle's ``solve_logically`` path with ``enabled``."""
    rating = rate(path)
    return Rating(rating.level, rating.score, rating.solved, rating.hardest, se_estimate(path, enabled))
