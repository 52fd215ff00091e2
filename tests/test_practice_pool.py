"""The practice pool (engine/generating/practice_pool.py, sudoku_tk/data/practice/pool.txt) and practice puzzles taken from
it (engine/generating/level_search.py: ``generate_practice``, ``pool_practice``, ``random_tries``).

Each pool puzzle is one this project generated (its seed gives it again), and a practice puzzle from the pool
is an isomorph of one whose default path takes the technique asked for.
"""

from __future__ import annotations

import configparser
import random
from fnmatch import fnmatch
from pathlib import Path

import pytest

from sudoku_tk.engine.generating import level_search
from sudoku_tk.engine.generating.generator import Symmetry, generate, is_minimal
from sudoku_tk.engine.generating.level_search import (
    generate_practice,
    offered_practice_techniques,
    pool_practice,
    practice_techniques,
    random_tries,
)
from sudoku_tk.engine.generating.practice_pool import Pool, PoolEntry, format_pool, load_pool, parse_pool
from sudoku_tk.engine.solving.brute_force import count_solutions
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique

T = Technique
ROOT = Path(__file__).resolve().parent.parent
POOL = load_pool()
IN_POOL = [t for t in practice_techniques() if POOL.of(t)]
EMPTY = "." * 81


# -- the format -----------------------------------------------------------------------------------------------
def test_the_format_reads_back_what_it_writes() -> None:
    pool = Pool(mined=40, hits={T.X_WING: 3, T.JELLYFISH: 1})
    pool.add(PoolEntry(T.JELLYFISH, "1" + EMPTY[1:], "pool/7"))
    pool.add(PoolEntry(T.X_WING, EMPTY, "pool/2"))
    pool.add(PoolEntry(T.X_WING, "2" + EMPTY[1:], "pool/9"))
    text = format_pool(pool, ["a note"])
    assert text.splitlines()[:4] == ["# a note", "# mined\t40", "# hits\tX_WING\t3", "# hits\tJELLYFISH\t1"]
    # techniques in solving-order of the enum (X-Wing before Jellyfish), entries in the order added
    assert text.splitlines()[4:] == [
        f"X_WING\t{EMPTY}\tpool/2",
        f"X_WING\t2{EMPTY[1:]}\tpool/9",
        f"JELLYFISH\t1{EMPTY[1:]}\tpool/7",
    ]
    back = parse_pool(text.splitlines())
    assert back.mined == 40 and back.hits == pool.hits and back.entries == pool.entries
    assert back.frequency(T.X_WING) == 3 / 40 and back.frequency(T.SWORDFISH) == 0.0


@pytest.mark.parametrize(
    "line, problem",
    [("NOT_A_TECHNIQUE\t" + EMPTY + "\ts", "NOT_A_TECHNIQUE"), ("X_WING\t...\ts", "3 cells"), ("X_WING\t" + EMPTY, "")],
)
def test_a_bad_line_is_refused_with_its_number(line: str, problem: str) -> None:
    with pytest.raises(ValueError, match="line 2") as err:
        parse_pool(["# mined\t1", line])
    assert problem in str(err.value)


# -- the shipped pool -----------------------------------------------------------------------------------------
def test_the_pool_ships_with_the_package() -> None:
    # setup.cfg's package data and the PyInstaller spec both take data/practice/pool.txt
    cfg = configparser.ConfigParser()
    cfg.read(ROOT / "setup.cfg")
    globs = [g.strip() for g in cfg["options.package_data"]["sudoku_tk"].split(",")]
    assert any(fnmatch("data/practice/pool.txt", g) for g in globs)
    assert '"data/**/*"' in (ROOT / "build_scripts" / "sudoku_tk.spec").read_text(encoding="utf-8")
    assert POOL.mined > 1000 and len(IN_POOL) >= 40


def test_every_pool_technique_is_a_practice_technique() -> None:
    assert set(POOL.entries) <= set(practice_techniques())
    assert all(e.technique is t for t, es in POOL.entries.items() for e in es)


def test_pool_puzzles_are_the_generator_s_own() -> None:
    # the first entry of every technique: its seed gives it again, unique and minimal without symmetry
    for t in IN_POOL:
        entry = POOL.of(t)[0]
        grid = generate(random.Random(entry.seed), 3, Symmetry.NONE)
        assert grid.to_string() == entry.givens, entry
        assert count_solutions(grid, 2) == 1


# -- practice puzzles from the pool ---------------------------------------------------------------------------
@pytest.mark.parametrize("technique", IN_POOL, ids=lambda t: t.name)
def test_a_pool_practice_puzzle_takes_the_technique(technique: Technique) -> None:
    found = pool_practice(f"test/{technique.name}", technique)
    assert found is not None and found.technique is technique
    assert found.pool_seed in {e.seed for e in POOL.of(technique)}
    grid = found.grid
    assert count_solutions(grid, 2) == 1
    path = solve_logically(grid)
    assert path.solved and technique in path.techniques() and T.BRUTE_FORCE not in path.techniques()


def test_a_pool_practice_puzzle_is_an_isomorph_not_the_stored_one() -> None:
    found = pool_practice("iso", T.JELLYFISH) if POOL.of(T.JELLYFISH) else pool_practice("iso", T.X_WING)
    assert found is not None
    stored = {e.givens for e in POOL.of(found.technique)}
    assert found.puzzle not in stored
    assert is_minimal(found.grid, Symmetry.NONE)
    assert sorted(found.puzzle.count(ch) for ch in "123456789") in [
        sorted(g.count(ch) for ch in "123456789") for g in stored
    ]


def test_a_rare_technique_comes_from_the_pool_and_the_seed_gives_it_again() -> None:
    rare = next(t for t in IN_POOL if POOL.frequency(t) < 0.01)
    a = generate_practice("same", rare)
    b = generate_practice("same", rare)
    c = generate_practice("other", rare)
    assert a is not None and c is not None
    assert a == b and a.pool_seed is not None and a.technique is rare
    assert c.puzzle != a.puzzle
    assert rare in solve_logically(a.grid).techniques()


def test_how_many_random_tries_follow_the_mined_frequency(monkeypatch: pytest.MonkeyPatch) -> None:
    pool = Pool(mined=1000, hits={T.FULL_HOUSE: 1000, T.X_WING: 150, T.SWORDFISH: 20, T.JELLYFISH: 1})
    for t in (T.FULL_HOUSE, T.X_WING, T.SWORDFISH, T.JELLYFISH):
        pool.add(PoolEntry(t, EMPTY, "pool/0"))
    monkeypatch.setattr(level_search, "load_pool", lambda: pool)
    assert random_tries(T.FULL_HOUSE) == 3  # met every time: 3 tries
    assert random_tries(T.X_WING) == 20  # 3 / 0.15
    assert random_tries(T.SWORDFISH) == 1  # 2%: straight to the pool after one try
    assert random_tries(T.JELLYFISH) == 1
    assert random_tries(T.XY_CHAIN) is None  # nothing mined: random puzzles only
    pool.hits[T.X_WING] = 50
    assert random_tries(T.X_WING) == 60  # the most: 5%
    pool.hits[T.X_WING] = 49
    assert random_tries(T.X_WING) == 1


def test_a_symmetric_practice_request_never_takes_the_pool() -> None:
    found = generate_practice(5, T.X_WING, Symmetry.ROTATIONAL)
    assert found is not None and found.pool_seed is None
    assert is_minimal(found.grid, Symmetry.ROTATIONAL)


def test_the_player_is_offered_the_techniques_the_pool_holds() -> None:
    """The New game dialog offers practice only where a puzzle comes in seconds: every technique with pool
    puzzles. The six the default path never took in the mining run are left out, with the reason."""
    offered = offered_practice_techniques()
    assert set(offered) == {t for t in practice_techniques() if POOL.of(t)}
    assert list(offered) == [t for t in practice_techniques() if t in offered]  # solving order kept
    left_out = [t for t in practice_techniques() if t not in offered]
    assert Technique.SIMPLE_COLORS_WRAP in left_out and Technique.X_WING in offered
