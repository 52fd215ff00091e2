"""The rating: HoDoKu's score and level on known paths, and the SE-like estimate (engine/rating/se.py).

Paths are built from Steps whose values are known, so every expected number is worked out by hand from the
published tables (HoDoKu's base scores and ceilings, Sudoku Explainer's technique values). The SE-rated set kept
with the repository checks the estimate on real puzzles in the obvious cases.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence

import pytest
from shared_data import LOCAL_PUZZLES

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.rating.score import Level, Rating, rate, rate_puzzle
from sudoku_tk.engine.rating.se import SE_VALUES, length_supplement, path_se, se_path, step_se
from sudoku_tk.engine.solving.logic import SolvePath, solve_logically
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Link, Step, Technique

T = Technique
GEO = Geometry.of(3)
BLANK = Grid.from_values([0] * 81)
BOX_1, ROW_1 = 18, 0
"""Unit numbers: rows 0-8, columns 9-17, boxes 18-26."""


def hidden_single(unit: int) -> Step:
    return Step(T.HIDDEN_SINGLE, highlights=(Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),))


def chain(technique: Technique, links: int) -> Step:
    """A chain step with ``links`` links (links + 1 nodes); the cells don't matter to the rating."""
    return Step(technique, links=tuple(Link(i, 1, i + 1, 1, i % 2 == 0) for i in range(links)))


def path(steps: Sequence[Step], solved: bool = True) -> SolvePath:
    return SolvePath(BLANK, tuple(steps), solved, BLANK, True)


# -- HoDoKu's score and level on known paths -------------------------------------------------------------------


def test_a_singles_path_scores_the_sum_of_hodoku_base_scores() -> None:
    r = rate(path([Step(T.FULL_HOUSE), Step(T.NAKED_SINGLE), hidden_single(ROW_1), hidden_single(BOX_1)]))
    assert (r.level, r.score, r.solved, r.hardest) == (Level.EASY, 4 + 4 + 14 + 14, True, T.FULL_HOUSE)
    assert r.se == 2.3  # the naked single: SE 2.3 beats the row's hidden single (1.5)


def test_the_hardest_technique_sets_the_level() -> None:
    r = rate(path([hidden_single(BOX_1), Step(T.LOCKED_CANDIDATES_1), Step(T.X_WING), Step(T.NAKED_PAIR)]))
    assert (r.level, r.score, r.hardest) == (Level.HARD, 14 + 50 + 140 + 60, T.X_WING)
    assert r.se == 3.2


def test_a_score_over_the_ceiling_raises_the_level() -> None:
    # 58 hidden singles score 812, over easy's ceiling of 800: medium, though every step is easy.
    r = rate(path([hidden_single(BOX_1)] * 58))
    assert (r.level, r.score, r.se) == (Level.MEDIUM, 812, 1.2)
    r = rate(path([hidden_single(BOX_1)] * 57))
    assert (r.level, r.score) == (Level.EASY, 798)


def test_an_unfair_path_over_1800_is_extreme() -> None:
    r = rate(path([Step(T.SUE_DE_COQ)] * 8))
    assert (r.level, r.score) == (Level.EXTREME, 2000)
    r = rate(path([Step(T.SUE_DE_COQ)] * 7))
    assert (r.level, r.score) == (Level.UNFAIR, 1750)


def test_a_stuck_path_is_extreme_and_its_se_a_lower_bound() -> None:
    r = rate(path([Step(T.NAKED_PAIR)], solved=False))
    assert (r.level, r.score, r.solved, r.se) == (Level.EXTREME, 60, False, 3.0)
    assert r.display() == "Extreme · 60 · SE ≥ 3.0 · stuck"


def test_an_empty_path() -> None:
    r = rate(path([]))
    assert (r.level, r.score, r.hardest, r.se) == (Level.EASY, 0, None, 0.0)


# -- the display text -------------------------------------------------------------------------------------------


def test_display_text() -> None:
    assert Rating(Level.HARD, 1234, True, T.X_WING, 4.2).display() == "Hard · 1,234 · SE ≈ 4.2"
    assert Rating(Level.EASY, 212, True, T.NAKED_SINGLE, 2.3).display() == "Easy · 212 · SE ≈ 2.3"
    assert str(Rating(Level.HARD, 1234, True, T.X_WING, 4.2)) == "hard 1234 solved"


# -- SE values of single steps ---------------------------------------------------------------------------------


def test_every_technique_has_an_se_value() -> None:
    assert set(SE_VALUES) == set(Technique)


@pytest.mark.parametrize(
    "step, value",
    [
        (Step(T.FULL_HOUSE), 1.0),
        (hidden_single(BOX_1), 1.2),
        (hidden_single(ROW_1), 1.5),
        (hidden_single(9), 1.5),  # column 1
        (Step(T.NAKED_SINGLE), 2.3),
        (Step(T.LOCKED_CANDIDATES_1), 2.6),
        (Step(T.LOCKED_CANDIDATES_2), 2.8),
        (Step(T.NAKED_PAIR), 3.0),
        (Step(T.LOCKED_PAIR), 3.0),
        (Step(T.X_WING), 3.2),
        (Step(T.HIDDEN_PAIR), 3.4),
        (Step(T.NAKED_TRIPLE), 3.6),
        (Step(T.SWORDFISH), 3.8),
        (Step(T.HIDDEN_TRIPLE), 4.0),
        (Step(T.SKYSCRAPER), 4.0),
        (Step(T.TWO_STRING_KITE), 4.1),
        (Step(T.XY_WING), 4.2),
        (Step(T.XYZ_WING), 4.4),
        (Step(T.UNIQUENESS_1), 4.5),
        (Step(T.NAKED_QUADRUPLE), 5.0),
        (Step(T.JELLYFISH), 5.2),
        (Step(T.HIDDEN_QUADRUPLE), 5.4),
        (Step(T.BUG_PLUS_1), 5.6),
        (Step(T.BRUTE_FORCE), 11.0),
    ],
)
def test_step_values(step: Step, value: float) -> None:
    assert step_se(step, GEO) == value


@pytest.mark.parametrize("nodes, tenths", [(4, 0), (5, 1), (6, 1), (7, 2), (8, 2), (9, 3), (12, 3), (13, 4), (17, 5)])
def test_length_supplement_follows_se_thresholds(nodes: int, tenths: int) -> None:
    assert length_supplement(nodes) == tenths / 10


def test_chains_grow_with_their_length() -> None:
    assert step_se(chain(T.XY_CHAIN, 3), GEO) == 6.6  # 4 nodes: no supplement
    assert step_se(chain(T.XY_CHAIN, 6), GEO) == 6.8  # 7 nodes: passes 4 and 6
    assert step_se(chain(T.DISCONTINUOUS_NICE_LOOP, 8), GEO) == 7.3  # 9 nodes: passes 4, 6, 8
    assert step_se(chain(T.FORCING_CHAIN_CONTRADICTION, 12), GEO) == 7.9  # 13 nodes: passes 4, 6, 8, 12
    assert step_se(chain(T.FORCING_CHAIN_CONTRADICTION, 16), GEO) == 8.0  # 17 nodes: passes 16 too
    # a fixed pattern keeps its value whatever links it draws
    assert step_se(chain(T.SKYSCRAPER, 3), GEO) == 4.0


def test_path_se_is_the_hardest_step() -> None:
    assert path_se(path([hidden_single(BOX_1), Step(T.SWORDFISH), Step(T.NAKED_PAIR)])) == 3.8


# -- real puzzles ----------------------------------------------------------------------------------------------

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
"""Project Euler's first grid: solved by singles."""


def se_rows() -> list[tuple[str, str]]:
    lines = (LOCAL_PUZZLES / "sudoku_exchange_se_rated.tsv").read_text().splitlines()[1:]
    return [(p, label) for p, label in (ln.split("\t") for ln in lines if ln.strip())]


def test_a_singles_puzzle_is_rated_like_se() -> None:
    grid = Grid.from_values([0 if ch == "." else int(ch) for ch in EASY])
    r = rate_puzzle(grid)
    assert r.level is Level.EASY and r.solved
    assert r.se <= 2.3
    easiest = se_path(grid)
    assert easiest.solved
    assert {s.technique for s in easiest.steps} <= {T.FULL_HOUSE, T.HIDDEN_SINGLE, T.NAKED_SINGLE}
    assert r.se == path_se(easiest)


def test_the_easiest_path_takes_a_box_hidden_single_before_a_line_one() -> None:
    grid = Grid.from_values([0 if ch == "." else int(ch) for ch in EASY])
    first = se_path(grid).steps[0]
    assert first.technique in (T.FULL_HOUSE, T.HIDDEN_SINGLE)
    assert step_se(first, GEO) <= 1.2


def test_se_estimate_is_never_above_the_hodoku_paths_hardest_step() -> None:
    for puzzle, _ in se_rows()[::230]:
        grid = Grid.from_values([0 if ch == "." else int(ch) for ch in puzzle])
        full = solve_logically(grid)
        r = rate_puzzle(grid)
        assert r.se <= path_se(full), puzzle
        assert (r.level, r.score) == (rate(full).level, rate(full).score)


def _estimates(label_ok: Callable[[str], bool], count: int) -> list[float]:
    rows = [p for p, label in se_rows() if label_ok(label)][:count]
    return [rate_puzzle(Grid.from_values([0 if ch == "." else int(ch) for ch in p])).se for p in rows]


def _published(label: str) -> float:
    return {"<1.5": 1.0, "1.5-2.4": 2.0}.get(label) or float(label)


def test_se_estimate_of_the_easy_buckets() -> None:
    # SE < 1.5: hidden singles suffice, so the easiest path needs nothing above a hidden single in a line.
    assert max(_estimates(lambda lb: lb == "<1.5", 15)) <= 1.5
    # SE 1.5-2.4: singles, and SE's "direct" patterns (direct pointing 1.7, claiming 1.9, hidden pair 2.0: the
    # pattern and the single it makes at once), which the app takes as the pattern itself (2.6 to 3.0).
    estimates = _estimates(lambda lb: lb == "1.5-2.4", 15)
    assert max(estimates) <= 3.0 and statistics.median(estimates) <= 2.3


def test_se_estimate_rises_with_the_published_rating() -> None:
    bands = [(1.0, 1.0), (2.5, 2.9), (3.0, 3.9), (4.0, 4.9), (6.5, 7.4), (8.0, 8.9)]
    medians = [
        statistics.median(_estimates(lambda lb, lo=lo, hi=hi: lo <= _published(lb) <= hi, 6)) for lo, hi in bands
    ]
    assert medians == sorted(medians), medians
    assert medians[0] <= 1.5 and medians[-1] >= 7.0, medians
