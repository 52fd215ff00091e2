"""Puzzles at a level and practice puzzles (engine/generating/level_search.py, engine/generating/batch.py, `generate` on the CLI).

Every generated puzzle is checked against the app's own solver: unique, minimal for its symmetry, rated the
level asked for by ``rate(solve_logically(grid))`` (the default techniques), solved without Brute Force; a
practice puzzle's default path takes the technique.
"""

from __future__ import annotations

import pickle
import random

import pytest

from sudoku_tk.cli import commands as cli
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.batch import Request, generate_batch
from sudoku_tk.engine.generating.generator import Symmetry, generate, is_minimal
from sudoku_tk.engine.generating.level_search import (
    DEFAULT_LEVEL_SYMMETRY,
    Generated,
    generate_at_level,
    generate_practice,
    level_prefix,
    path_at_level,
    path_with_technique,
    practice_prefix,
    practice_techniques,
    puzzle_seed,
)
from sudoku_tk.engine.rating.score import Level, rate, rate_puzzle
from sudoku_tk.engine.rating.se import path_se
from sudoku_tk.engine.solving.brute_force import count_solutions
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import DEFAULT_OFF

T = Technique


def assert_fair(found: Generated | None, symmetry: Symmetry, level: Level | None = None) -> None:
    """Unique, minimal and symmetric, rated as it says by the default path, which never needs Brute Force."""
    assert found is not None
    grid = found.grid
    assert count_solutions(grid, 2) == 1
    assert is_minimal(grid, symmetry)
    path = solve_logically(grid)
    assert path.solved and T.BRUTE_FORCE not in path.techniques()
    # The rating the generator gives is the one ``sudoku-tk rate`` and the window give the same puzzle.
    assert rate_puzzle(grid) == found.rating
    assert rate(path).level is found.rating.level and rate(path).score == found.rating.score
    if level is not None:
        assert found.rating is not None and found.rating.level is level


# -- the cheap first look is the default path -----------------------------------------------------------------
def test_prefixes_follow_the_solving_order() -> None:
    assert level_prefix(Level.EASY) == {T.PEER_ELIMINATION, T.FULL_HOUSE, T.NAKED_SINGLE, T.HIDDEN_SINGLE}
    # Finned Swordfish (unfair) comes before Multi Colors (hard) in the solving order, so the hard prefix has it.
    assert T.MULTI_COLORS_2 in level_prefix(Level.HARD) and T.FINNED_SWORDFISH in level_prefix(Level.HARD)
    assert T.X_CHAIN not in level_prefix(Level.HARD)
    assert T.FORCING_CHAIN_CONTRADICTION not in level_prefix(Level.UNFAIR)
    assert T.BRUTE_FORCE not in level_prefix(Level.EXTREME) and T.NESTED_FORCING_NET in level_prefix(Level.EXTREME)
    # One search finds all three Nice Loop kinds, shortest first: it runs whole or not at all.
    assert {T.CONTINUOUS_NICE_LOOP, T.DISCONTINUOUS_NICE_LOOP, T.AIC} <= practice_prefix(T.CONTINUOUS_NICE_LOOP)
    assert practice_prefix(T.X_WING) == level_prefix(Level.MEDIUM) | {T.NAKED_QUADRUPLE, T.HIDDEN_QUADRUPLE, T.X_WING}


def test_practice_techniques_are_those_a_default_path_can_take() -> None:
    got = set(practice_techniques())
    assert {T.X_WING, T.XY_CHAIN, T.HIDDEN_SINGLE, T.FORCING_NET_VERITY} <= got
    assert not got & (DEFAULT_OFF | {T.BRUTE_FORCE, T.PEER_ELIMINATION})
    with pytest.raises(ValueError, match="Brute Force"):
        generate_practice(1, T.BRUTE_FORCE)
    with pytest.raises(ValueError, match="9×9"):
        generate_at_level(1, Level.EASY, box=2)


def test_the_level_check_gives_the_default_path_or_nothing() -> None:
    found = generate_at_level("prefix", Level.HARD)
    assert found is not None
    grid = found.grid
    assert path_at_level(grid, Level.EASY) is None and path_at_level(grid, Level.MEDIUM) is None
    assert path_at_level(grid, Level.UNFAIR) is None
    got = path_at_level(grid, Level.HARD)
    assert got is not None and got.steps == solve_logically(grid).steps


# -- levels --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", list(Level))
def test_each_level_is_unique_minimal_symmetric_and_rated_by_the_app(level: Level) -> None:
    found = generate_at_level(puzzle_seed(7, 0), level)
    assert_fair(found, DEFAULT_LEVEL_SYMMETRY, level)


@pytest.mark.parametrize("symmetry", [Symmetry.NONE, Symmetry.MIRROR, Symmetry.DIAGONAL])
def test_levels_keep_the_symmetry_asked_for(symmetry: Symmetry) -> None:
    assert_fair(generate_at_level(3, Level.MEDIUM, symmetry), symmetry, Level.MEDIUM)


def test_a_generated_puzzles_se_estimate_is_the_puzzles_not_its_first_paths() -> None:
    """This seed's default path takes a chain (SE 7.1) where an easiest-first path needs no more than SE 4.2:
    the estimate shown with the puzzle is the lower one, as ``rate`` gives for it."""
    found = generate_at_level("t/HARD/2", Level.HARD)
    assert found is not None and found.rating is not None
    path = solve_logically(found.grid)
    assert path_se(path) > found.rating.se
    assert found.rating == rate_puzzle(found.grid)


def test_the_same_seed_gives_the_same_puzzle() -> None:
    a = generate_at_level("same", Level.HARD)
    b = generate_at_level("same", Level.HARD)
    c = generate_at_level("other", Level.HARD)
    assert a is not None and b is not None and c is not None
    assert a == b and a.seed == "same" and a.tries >= 1
    assert c.puzzle != a.puzzle


def test_a_generated_puzzle_travels_between_processes() -> None:
    found = generate_at_level(1, Level.EASY)
    assert pickle.loads(pickle.dumps(found)) == found


@pytest.mark.parametrize("seed", ["0", "0/0"])
def test_the_time_limit_gives_up_with_none(seed: str) -> None:
    # The first candidate of this seed is no Jellyfish practice; a zero time limit stops after it.
    first = generate(random.Random(seed), 3, Symmetry.NONE)
    assert path_with_technique(first, T.JELLYFISH) is None
    assert generate_practice(seed, T.JELLYFISH, time_limit=0) is None


# -- practice ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("technique", [T.LOCKED_CANDIDATES_1, T.X_WING, T.XY_CHAIN, T.ALS_XZ])
def test_practice_paths_take_the_technique(technique: Technique) -> None:
    found = generate_practice(puzzle_seed(2, 0), technique)
    assert_fair(found, Symmetry.NONE)
    assert found is not None and found.technique is technique
    assert technique in solve_logically(found.grid).techniques()


def test_practice_keeps_a_symmetry_when_asked() -> None:
    found = generate_practice(4, T.NAKED_PAIR, Symmetry.ROTATIONAL)
    assert_fair(found, Symmetry.ROTATIONAL)
    assert found is not None and T.NAKED_PAIR in solve_logically(found.grid).techniques()


# -- batches -------------------------------------------------------------------------------------------------
def test_a_batch_is_the_same_on_one_or_two_processes() -> None:
    request = Request(level=Level.MEDIUM)
    one = list(generate_batch(request, 11, 3, jobs=1))
    two = list(generate_batch(request, 11, 3, jobs=2))
    assert one == two
    assert [seed for seed, _ in one] == ["11/0", "11/1", "11/2"]
    alone = [generate_at_level(f"11/{i}", Level.MEDIUM) for i in range(3)]
    assert [g for _, g in one] == alone


def test_cli_output_depends_on_the_seed_not_on_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "--level", "medium", "--count", "3", "--seed", "5", "--rate"]
    assert cli.main([*args, "--jobs", "1"]) == 0
    one = capsys.readouterr().out
    assert cli.main([*args, "--jobs", "2"]) == 0
    assert capsys.readouterr().out == one
    lines = one.splitlines()
    assert len(lines) == 3
    for line in lines:
        puzzle, comment = line.split("  # ")
        grid = parse_grid(puzzle)
        assert comment == str(rate(solve_logically(grid))) and comment.startswith("medium ")
        assert is_minimal(grid, Symmetry.ROTATIONAL)


def test_cli_practice_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["generate", "--technique", "x-wing", "--seed", "2", "--jobs", "1"]) == 0
    grid = parse_grid(capsys.readouterr().out.strip())
    assert T.X_WING in solve_logically(grid).techniques() and is_minimal(grid, Symmetry.NONE)


@pytest.mark.parametrize(
    "args,message",
    [
        (["--level", "hard", "--technique", "x-wing"], "--level and --technique don't go together"),
        (["--technique", "no-such-thing"], "unknown technique or family 'no-such-thing'"),
        (["--technique", "singles"], "--technique takes one technique, not 'singles'"),
        (["--position"], "--position needs --technique"),
        (["--technique", "x-wing", "--size", "4"], "--technique needs --size 9"),
        (["--jobs", "0"], "--jobs must be at least 1 (got 0)"),
    ],
)
def test_cli_refuses_options_that_do_not_fit(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["generate", *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err


def test_cli_says_which_puzzle_ran_out_of_time(capsys: pytest.CaptureFixture[str]) -> None:
    # Seed 0/0 is the one of test_the_time_limit_gives_up_with_none: its first candidate is no Jellyfish practice.
    assert cli.main(["generate", "--technique", "jellyfish", "--seed", "0", "--time-limit", "0.001"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "no Jellyfish practice puzzle found within 0.001 s (seed 0/0)" in err


def test_is_minimal_sees_a_spare_given_and_a_broken_symmetry() -> None:
    found = generate_at_level("spare", Level.EASY, Symmetry.NONE)
    assert found is not None
    grid = found.grid
    solution = solve_logically(grid).final.values
    empty = grid.givens.index(0)
    extra = list(grid.givens)
    extra[empty] = solution[empty]
    assert is_minimal(grid) and not is_minimal(Grid.from_values(extra))
    # The mirror cell of some given is empty: not a mirror-symmetric puzzle at all.
    lopsided = [c for c, v in enumerate(grid.givens) if v and not grid.givens[c - c % 9 + 8 - c % 9]]
    assert lopsided and not is_minimal(grid, Symmetry.MIRROR)
