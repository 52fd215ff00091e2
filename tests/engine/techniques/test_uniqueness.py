"""Uniqueness techniques (UT 1-6, Hidden Rectangle, Avoidable Rectangles, BUG+1): cases, wording, symmetry, soundness.

The case file holds hand-checked positions with exact effects and must-not-fire
near misses (four-box rectangles, a given corner, two trivalue cells). The sweeps run
every uniqueness finder on real positions of puzzles with a unique solution and check
each elimination against that solution.
"""

from __future__ import annotations

import random

import pytest
from caselib import case_steps, check_counts, check_registered, load_cases, run_case
from sweeps import check_finders_sound, check_silent, check_transpose_invariant, sample_puzzles

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.moves import Eliminate, Move, Place
from sudoku_tk.engine.play.propagation import Assist, recompute
from sudoku_tk.engine.steps.step import Family, HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import ORDER, find_hint, finder_for
from sudoku_tk.engine.techniques.uniqueness import FINDERS

CASES = load_cases("uniqueness.cases")
TECHNIQUES = tuple(t for t, _ in FINDERS)


# -- the case file --------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_case(case) -> None:  # type: ignore[no-untyped-def]
    run_case(case, require_solution=True)


def test_every_technique_has_enough_cases() -> None:
    check_counts(CASES, TECHNIQUES, firing=3, silent=1)


def test_finders_cover_exactly_the_uniqueness_family() -> None:
    assert set(TECHNIQUES) == {t for t in Technique if t.family is Family.UNIQUENESS}
    assert len(TECHNIQUES) == len(set(TECHNIQUES))
    check_registered(FINDERS)


# -- wording and highlights -----------------------------------------------------


def _case_steps() -> list[tuple[Grid, Step]]:
    return [(c.grid, s) for c in CASES for s in case_steps(c)]


def test_explanations_say_the_puzzle_is_unique_and_end_with_the_effects() -> None:
    for _grid, step in _case_steps():
        text = step.explanation
        assert "because the puzzle has a unique solution" in text, text
        assert text.count(" — remove ") == 1 and text.endswith("."), text
        assert "r0" not in text and "c0" not in text, text


def test_rectangle_steps_highlight_the_rectangle_and_the_eliminations() -> None:
    for grid, step in _case_steps():
        roles = {h.role for h in step.highlights}
        assert HighlightRole.ELIMINATION in roles
        eliminated = {
            (c, d) for h in step.highlights if h.role is HighlightRole.ELIMINATION for c in h.cells for d in h.digits
        }
        assert eliminated == {(e.cell, e.digit) for e in step.eliminations}
        if step.technique is Technique.BUG_PLUS_1:
            continue
        if step.technique in (Technique.AVOIDABLE_RECTANGLE_1, Technique.AVOIDABLE_RECTANGLE_2):
            placed = [h for h in step.highlights if h.role is HighlightRole.CAUSE]
            assert placed and all(grid.values[c] and not grid.givens[c] for h in placed for c in h.cells)
            continue
        (pattern,) = [h for h in step.highlights if h.role is HighlightRole.PATTERN]
        assert len(pattern.cells) == 4 and len(pattern.digits) == 2
        assert len({grid.geometry.box_of(c) for c in pattern.cells}) == 2


def test_hidden_rectangle_explanation_reads_as_a_sentence() -> None:
    case = next(c for c in CASES if c.technique is Technique.HIDDEN_RECTANGLE and not c.must_not_fire)
    (step,) = case_steps(case)
    assert step.explanation == (
        "Hidden Rectangle: because the puzzle has a unique solution, r2c5, r2c9, r3c5 and r3c9 must not end up "
        "holding only 1 and 2, which could then be swapped; r2c5 holds nothing but 1 or 2, and in row 3 and "
        "column 9, digit 2 can only go in cells of the rectangle, so if r3c9 were 1, r2c9 and r3c5 would be 2 "
        "and r2c5 1 — remove 1 from r3c9."
    )
    assert step.focus == "1 and 2 in boxes 2 and 3"


# -- behaviour ------------------------------------------------------------------


@pytest.mark.parametrize("case", [c for c in CASES if not c.must_not_fire], ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    finder = finder_for(case.technique)
    assert finder is not None
    check_transpose_invariant(case.grid, finder)


def test_finders_are_deterministic_and_leave_the_grid_alone() -> None:
    for case in CASES:
        before = (case.grid.values, case.grid.candidates)
        for _t, finder in FINDERS:
            first = [s.key() for s in finder(case.grid)]
            assert first == [s.key() for s in finder(case.grid)]
        assert (case.grid.values, case.grid.candidates) == before


def test_each_finder_yields_distinct_steps() -> None:
    for case in CASES:
        for _t, finder in FINDERS:
            keys = [s.key() for s in finder(case.grid)]
            assert len(keys) == len(set(keys))


@pytest.mark.parametrize("box", [2, 4])
def test_other_board_sizes_yield_nothing(box: int) -> None:
    check_silent(FINDERS, Grid.from_values([0] * box**4))


def test_the_registry_skips_uniqueness_when_not_unique() -> None:
    case = next(c for c in CASES if c.technique is Technique.UNIQUENESS_1 and not c.must_not_fire)
    hint = find_hint(case.grid, enabled=[Technique.UNIQUENESS_1], unique=True)
    assert hint is not None and hint.technique is Technique.UNIQUENESS_1
    assert find_hint(case.grid, enabled=[Technique.UNIQUENESS_1], unique=False) is None


# -- soundness on real positions -----------------------------------------------


def _apply(moves: list[Move], step: Step) -> None:
    moves.extend(Place(p.cell, p.digit) for p in step.placements)
    if step.eliminations:
        moves.append(Eliminate(tuple((e.cell, e.digit) for e in step.eliminations)))


BEFORE_CHAINS = [t for t in ORDER if ORDER.index(t) <= ORDER.index(Technique.MULTI_COLORS_2)]
"""The walk's steps: the patterns up to colouring (chains and nets would end the walk in a few long steps)."""


def test_sound_along_solving_paths() -> None:
    """After singles, then after each simpler step (the registry without uniqueness): no wrong elimination."""
    fired = {t: 0 for t in TECHNIQUES}
    states = 0
    for start, solution in sample_puzzles(150):
        moves: list[Move] = []
        for _ in range(40):
            pos = recompute(start, moves)
            if pos.is_solved():
                break
            grid = pos.to_grid()
            states += 1
            check_finders_sound(grid, solution, FINDERS, fired)
            step = find_hint(grid, BEFORE_CHAINS, unique=False)
            if step is None:
                break
            _apply(moves, step)
    assert states > 1000
    # The common patterns do show up on these paths; the rarer ones are covered by the cases and the next test.
    for t in (
        Technique.UNIQUENESS_1,
        Technique.UNIQUENESS_2,
        Technique.UNIQUENESS_3,
        Technique.UNIQUENESS_4,
        Technique.HIDDEN_RECTANGLE,
    ):
        assert fired[t] > 0, f"{t} never fired: {fired}"


def test_sound_after_random_correct_moves() -> None:
    """Random correct placements (so avoidable rectangles have placed corners) and random false candidates removed."""
    rng = random.Random(20240605)
    fired = {t: 0 for t in TECHNIQUES}
    for start, solution in sample_puzzles(150)[::3]:
        empty = [c for c in range(81) if not start.values[c]]
        for placed in (8, 20, 35):
            moves: list[Move] = [Place(c, solution[c]) for c in rng.sample(empty, placed)]
            grid = recompute(start, moves, assists=[Assist.PEERS]).to_grid()
            false = [
                (c, d)
                for c in range(81)
                for d in range(1, 10)
                if grid.candidates[c] >> (d - 1) & 1 and solution[c] != d
            ]
            moves.append(Eliminate(tuple(rng.sample(false, len(false) // 4))))
            grid = recompute(start, moves, assists=[Assist.PEERS]).to_grid()
            check_finders_sound(grid, solution, FINDERS, fired)
    assert fired[Technique.AVOIDABLE_RECTANGLE_1] > 0, fired
    assert sum(fired.values()) > 50, fired
