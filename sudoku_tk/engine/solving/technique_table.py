"""One record per technique: everything the engine, the app and the command line know about it, in one table.

A technique is a ``Technique`` member (step.py: its name, family and HoDoKu code) and one ``TechniqueRecord``
here: its place in the solving order, whether the default set uses it, whether it needs a puzzle with one
solution, its HoDoKu score and level, its Sudoku Explainer value, whether that value grows with a chain's
length, and how its walk is read (the lesson that goes with it, app/hints/technique_help.py). The registry
(``techniques.ORDER``, ``DEFAULT_OFF``), the rating (``rating.SCORES``), the SE estimate (``se_rating.SE_VALUES``,
``CHAINED``), the technique sets of the CLI and the dialogs and the help all read this table: adding a technique
is one record here and one finder in its family module. HoDoKu's StepConfig is the model.

>>> record(Technique.X_WING).score, str(record(Technique.X_WING).level), record(Technique.X_WING).se
(140, 'hard', 3.2)
>>> ORDER.index(Technique.NAKED_SINGLE) < ORDER.index(Technique.X_WING)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rating.levels import Level
from ..steps.step import Technique


@dataclass(frozen=True, slots=True)
class TechniqueRecord:
    """What is known about one technique besides its name, family and code (see the module docstring)."""

    technique: Technique
    score: int
    """HoDoKu's score for one step of it (a puzzle's score is the sum over its path)."""
    level: Level
    """HoDoKu's level of the technique (a puzzle is at least as hard as its hardest step's level)."""
    se: float
    """Sudoku Explainer's value before the length supplement."""
    off: bool = False
    """Left out of the default set (as HoDoKu's default configuration leaves it out)."""
    chained: bool = False
    """Its SE value grows with the chain's length."""
    one_solution: bool = False
    """Asked only when the puzzle has exactly one solution (besides the uniqueness family, which always is)."""
    walk: str = ""
    """How its walk is read: "chain", "als", "forcing", "fins", "sets" ("" : its steps are told in one sentence)."""
    variant: str = ""
    """The variant whose own technique it is ("killer"); "" for the classic techniques, which ``ORDER`` lists."""


T = Technique
E, M, H, U, X = Level.EASY, Level.MEDIUM, Level.HARD, Level.UNFAIR, Level.EXTREME
R = TechniqueRecord
TABLE: tuple[TechniqueRecord, ...] = (
    R(T.PEER_ELIMINATION, 0, E, 0.0),
    R(T.FULL_HOUSE, 4, E, 1.0),
    R(T.NAKED_SINGLE, 4, E, 2.3),
    R(T.HIDDEN_SINGLE, 14, E, 1.2),
    # Killer Sudoku's own steps (engine/killer/), asked only on a Killer's board: right after the singles.
    R(T.KILLER_CAGE_COMBINATIONS, 10, E, 1.5, variant="killer"),
    R(T.KILLER_ONE_CELL_45, 30, E, 2.0, variant="killer"),
    R(T.KILLER_CAGE_POINTING, 50, M, 2.6, variant="killer"),
    R(T.KILLER_CAGE_CLAIMING, 50, M, 2.8, variant="killer"),
    R(T.KILLER_INNIES_OUTIES, 70, M, 3.4, variant="killer"),
    R(T.KILLER_CAGE_SPLITTING, 90, H, 3.8, variant="killer"),
    R(T.KILLER_INNIE_OUTIE_DIFFERENCE, 110, H, 4.0, variant="killer"),
    R(T.KILLER_SUBSET, 130, H, 4.4, variant="killer"),
    R(T.LOCKED_PAIR, 40, M, 3.0),
    R(T.LOCKED_TRIPLE, 60, M, 3.6),
    R(T.LOCKED_CANDIDATES_1, 50, M, 2.6),
    R(T.LOCKED_CANDIDATES_2, 50, M, 2.8),
    R(T.LAW_OF_LEFTOVERS, 50, M, 2.8, variant="jigsaw"),  # no HoDoKu score: priced like locked candidates
    R(T.NAKED_PAIR, 60, M, 3.0),
    R(T.NAKED_TRIPLE, 80, M, 3.6),
    R(T.HIDDEN_PAIR, 70, M, 3.4),
    R(T.HIDDEN_TRIPLE, 100, M, 4.0),
    R(T.NAKED_QUADRUPLE, 120, H, 5.0),
    R(T.HIDDEN_QUADRUPLE, 150, H, 5.4),
    R(T.X_WING, 140, H, 3.2),
    R(T.SWORDFISH, 150, H, 3.8),
    R(T.JELLYFISH, 160, H, 5.2),
    R(T.REMOTE_PAIR, 110, H, 6.6, chained=True, walk="chain"),
    R(T.BUG_PLUS_1, 100, H, 5.6),
    R(T.SKYSCRAPER, 130, H, 4.0),
    R(T.TWO_STRING_KITE, 150, H, 4.1),
    R(T.TURBOT_FISH, 120, H, 4.2),
    R(T.EMPTY_RECTANGLE, 120, H, 4.2),
    R(T.W_WING, 150, H, 7.0, chained=True),
    R(T.XY_WING, 160, H, 4.2),
    R(T.XYZ_WING, 180, H, 4.4),
    R(T.UNIQUENESS_1, 100, H, 4.5),
    R(T.UNIQUENESS_2, 100, H, 4.5),
    R(T.UNIQUENESS_3, 100, H, 4.6),
    R(T.UNIQUENESS_4, 100, H, 4.5),
    R(T.UNIQUENESS_5, 100, H, 6.5),
    R(T.UNIQUENESS_6, 100, H, 6.5),
    R(T.HIDDEN_RECTANGLE, 100, H, 6.5),
    R(T.AVOIDABLE_RECTANGLE_1, 100, H, 6.5),
    R(T.AVOIDABLE_RECTANGLE_2, 100, H, 6.5),
    R(T.FINNED_X_WING, 130, H, 4.3, walk="fins"),
    R(T.SASHIMI_X_WING, 150, H, 4.3, walk="fins"),
    R(T.FINNED_SWORDFISH, 200, U, 5.7, walk="fins"),
    R(T.SASHIMI_SWORDFISH, 240, U, 5.7, walk="fins"),
    R(T.FINNED_JELLYFISH, 250, U, 6.1, walk="fins"),
    R(T.SASHIMI_JELLYFISH, 260, U, 6.1, walk="fins"),
    R(T.SUE_DE_COQ, 250, U, 6.2, walk="sets"),
    R(T.SIMPLE_COLORS_TRAP, 150, H, 6.6),
    R(T.SIMPLE_COLORS_WRAP, 150, H, 6.6),
    R(T.MULTI_COLORS_1, 200, H, 6.8),
    R(T.MULTI_COLORS_2, 200, H, 6.8),
    R(T.X_CHAIN, 260, U, 6.6, chained=True, walk="chain"),
    R(T.XY_CHAIN, 260, U, 6.6, chained=True, walk="chain"),
    R(T.CONTINUOUS_NICE_LOOP, 280, U, 7.0, chained=True, walk="chain"),
    R(T.DISCONTINUOUS_NICE_LOOP, 280, U, 7.0, chained=True, walk="chain"),
    R(T.AIC, 280, U, 7.0, chained=True, walk="chain"),
    R(T.GROUPED_CONTINUOUS_NICE_LOOP, 300, U, 7.0, chained=True, walk="chain"),
    R(T.GROUPED_DISCONTINUOUS_NICE_LOOP, 300, U, 7.0, chained=True, walk="chain"),
    R(T.GROUPED_AIC, 300, U, 7.0, chained=True, walk="chain"),
    R(T.ALS_XZ, 300, U, 7.5, walk="als"),
    R(T.ALS_XY_WING, 320, U, 7.8, walk="als"),
    R(T.ALS_XY_CHAIN, 340, U, 8.0, walk="als"),
    R(T.DEATH_BLOSSOM, 360, U, 8.2, off=True, walk="als"),
    R(T.FRANKEN_X_WING, 300, U, 6.8),
    R(T.FRANKEN_SWORDFISH, 350, U, 7.0),
    R(T.FRANKEN_JELLYFISH, 370, U, 7.2, off=True),
    R(T.FINNED_FRANKEN_X_WING, 390, U, 7.0, walk="fins"),
    R(T.FINNED_FRANKEN_SWORDFISH, 410, U, 7.2, walk="fins"),
    R(T.FINNED_FRANKEN_JELLYFISH, 430, U, 7.2, off=True, walk="fins"),
    R(T.MUTANT_X_WING, 450, X, 7.2, off=True),
    R(T.MUTANT_SWORDFISH, 450, X, 7.3, off=True),
    R(T.MUTANT_JELLYFISH, 450, X, 7.4, off=True),
    R(T.FINNED_MUTANT_X_WING, 470, X, 7.2, off=True, walk="fins"),
    R(T.FINNED_MUTANT_SWORDFISH, 470, X, 7.3, off=True, walk="fins"),
    R(T.FINNED_MUTANT_JELLYFISH, 470, X, 7.4, off=True, walk="fins"),
    # A Killer's forcing net follows the cages too: asked before the classic forcing chains and nets.
    R(T.KILLER_FORCING_NET, 700, X, 8.5, variant="killer"),
    R(T.KRAKEN_FISH_TYPE_1, 500, X, 8.0, off=True, walk="forcing"),
    R(T.KRAKEN_FISH_TYPE_2, 500, X, 8.0, off=True, walk="forcing"),
    R(T.FORCING_CHAIN_CONTRADICTION, 500, X, 7.5, chained=True, walk="forcing"),
    R(T.FORCING_CHAIN_VERITY, 500, X, 8.0, chained=True, walk="forcing"),
    R(T.FORCING_NET_CONTRADICTION, 700, X, 8.5, chained=True, walk="forcing"),
    R(T.FORCING_NET_VERITY, 700, X, 8.5, chained=True, walk="forcing"),
    R(T.NESTED_FORCING_NET, 1500, X, 9.5, one_solution=True, walk="forcing"),
    R(T.TEMPLATE_SET, 10000, X, 9.0, off=True),
    R(T.TEMPLATE_DEL, 10000, X, 9.0, off=True),
    R(T.BRUTE_FORCE, 10000, X, 11.0),
)
"""Every technique, in solving order: HoDoKu's default configuration (cheap, common patterns first; forcing chains
and nets as the last resort before the labelled brute-force step). Peer Elimination comes first: it only fires
when the candidates still show a digit that a placed digit rules out, and every other deduction is plainer once
those are gone."""
del T, E, M, H, U, X, R

_BY_TECHNIQUE: dict[Technique, TechniqueRecord] = {r.technique: r for r in TABLE}


def record(technique: Technique) -> TechniqueRecord:
    """The record of ``technique``."""
    return _BY_TECHNIQUE[technique]


ORDER: tuple[Technique, ...] = tuple(r.technique for r in TABLE if not r.variant)
"""Every classic technique, in solving order (a variant's own techniques are its solver's: ``variant_order``)."""


def variant_order(variant: str) -> tuple[Technique, ...]:
    """A variant's own techniques, in the table's order ("killer": engine/killer/; "jigsaw": the Law of
    Leftovers)."""
    return tuple(r.technique for r in TABLE if r.variant == variant)


def solving_order(variant: str = "") -> tuple[Technique, ...]:
    """The solving order on a board of ``variant`` ("" or "classic": ``ORDER``): the classic techniques with the
    variant's own in their places in the table (a Jigsaw's Law of Leftovers right after Locked Candidates)."""
    if variant in ("", "classic"):
        return ORDER
    return tuple(r.technique for r in TABLE if not r.variant or r.variant == variant)


DEFAULT_OFF: frozenset[Technique] = frozenset(r.technique for r in TABLE if r.off)
"""Left out unless the player (or ``--techniques``) asks for them: exactly those HoDoKu's default solver
configuration leaves out, so paths and ratings read like HoDoKu's. Kraken fish are forcing chains in disguise and
templates brute force over one digit; Mutant fish and the largest Franken fish cost much searching for steps that a
forcing chain would find anyway; Death Blossom is left to the All steps list in HoDoKu."""
NEEDS_ONE_SOLUTION: frozenset[Technique] = frozenset(r.technique for r in TABLE if r.one_solution)
"""Asked only when the puzzle has exactly one solution, like the uniqueness techniques: the nested net's long
search always ends in a proof there (in practice), and on a puzzle with several solutions it is long and futile."""
SCORES: dict[Technique, tuple[int, Level]] = {r.technique: (r.score, r.level) for r in TABLE}
"""HoDoKu's score and level of each technique."""
SE_VALUES: dict[Technique, float] = {r.technique: r.se for r in TABLE}
"""Each technique's SE value before the length supplement (a hidden single in a row or column: 1.5)."""
CHAINED: frozenset[Technique] = frozenset(r.technique for r in TABLE if r.chained)
"""Techniques whose SE value grows with the chain's length."""
