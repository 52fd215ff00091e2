"""The built-in library: integrity of the shipped data, the classifier and the picking rules."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.puzzles.built_in import (
    CLASSIC_GIVENS,
    LibraryError,
    PuzzleEntry,
    by_id,
    classify,
    default_puzzle,
    levels,
    library,
    parse_level,
    parse_library_text,
    pick,
    puzzles_for,
    rating_upper_bound,
    solves_with_singles,
)
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.rating.score import rate_puzzle
from sudoku_tk.engine.solving.brute_force import count_solutions

REPO = Path(__file__).resolve().parents[2]

# -- integrity of the shipped library ------------------------------------------


def test_library_has_at_least_200_nine_by_nine_puzzles_over_every_level() -> None:
    nine = [e for e in library() if e.size == 9]
    assert len(nine) >= 200
    per_level = Counter(e.level for e in nine)
    assert set(per_level) == set(Level)
    assert min(per_level.values()) >= 40


def test_library_has_four_and_sixteen() -> None:
    assert puzzles_for(4) and puzzles_for(16)
    assert puzzles.sizes() == [4, 9, 16]


def test_ids_and_givens_are_unique() -> None:
    entries = library()
    assert len({e.id for e in entries}) == len(entries)
    assert len({e.puzzle for e in entries}) == len(entries)  # a Killer without givens is its cages, not its givens


def test_every_entry_parses_to_its_size_and_text() -> None:
    for e in library():
        grid = e.grid()
        assert grid.geometry.side == e.size, e.id
        assert grid.to_string() == e.text, e.id
        assert e.name and e.source, e.id


def test_every_puzzle_has_exactly_one_solution() -> None:
    for e in library():
        assert count_solutions(e.grid(), 2) == 1, e.id


def test_every_small_or_large_level_is_what_the_classifier_gives() -> None:
    # 9×9 levels are the engine's rating: tests/test_library_levels.py checks them (a slow sweep).
    for e in library():
        if e.size != 9:
            assert classify(e.grid()) is e.level, e.id


def test_classic_puzzle_is_the_default_and_easy() -> None:
    entry = default_puzzle()
    assert entry.text == CLASSIC_GIVENS
    assert entry.level is Level.EASY and entry.size == 9
    assert by_id("classic") == entry


def test_library_is_ordered_by_size_then_level() -> None:
    rank = {lvl: i for i, lvl in enumerate(Level)}
    keys = [(e.size, rank[e.level]) for e in library()]
    assert keys == sorted(keys)


def test_data_readme_names_every_source() -> None:
    readme = (REPO / "sudoku_tk" / "data" / "README.md").read_text(encoding="utf-8")
    assert "public domain" in readme
    sources = {e.source for e in library()}
    assert any("Sudoku Exchange" in s for s in sources)
    assert "Sudoku Exchange" in readme and "make_library.py" in readme


@pytest.mark.slow
def test_data_files_are_what_the_build_script_writes() -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "build_scripts" / "make_library.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr


# -- classifier ----------------------------------------------------------------


def test_singles_solve_the_classic_but_not_a_hard_one() -> None:
    assert solves_with_singles(parse_grid(CLASSIC_GIVENS))
    # Norvig's "hardest" first puzzle needs far more than singles.
    hard = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    assert not solves_with_singles(parse_grid(hard))


def test_nine_by_nine_levels_come_from_the_engines_rating() -> None:
    # Norvig's "hardest" first puzzle (hard for a guessing solver) needs more than singles.
    hard = parse_grid("85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4.")
    assert classify(hard) is rate_puzzle(hard).level
    assert classify(hard) is not Level.EASY


def test_singles_make_easy() -> None:
    assert classify(parse_grid(CLASSIC_GIVENS)) is Level.EASY


def test_rating_labels() -> None:
    assert rating_upper_bound("4.2") == 4.2
    assert rating_upper_bound("<1.5") == 1.4
    assert rating_upper_bound("1.5-2.4") == 2.4
    assert rating_upper_bound("-") is None
    with pytest.raises(ValueError, match="'hard'"):
        rating_upper_bound("hard")


def test_level_names() -> None:
    assert parse_level("Very hard") is Level.UNFAIR  # the old word: its nearest level
    assert parse_level("very_hard") is Level.UNFAIR
    assert Level.UNFAIR.display_name == "Unfair"
    with pytest.raises(ValueError, match="'impossible'"):
        parse_level("impossible")


def test_levels_per_size() -> None:
    assert levels(9) == list(Level)
    assert levels(4) == [Level.EASY]
    assert levels() == list(Level)


# -- picking -------------------------------------------------------------------


def test_pick_is_deterministic_for_a_seeded_rng() -> None:
    a = [pick(9, Level.HARD, rng=random.Random(7)).id for _ in range(3)]
    b = [pick(9, Level.HARD, rng=random.Random(7)).id for _ in range(3)]
    assert a == b
    assert all(by_id(pid).level is Level.HARD for pid in a)  # type: ignore[union-attr]


def test_pick_honours_size_and_level_strings() -> None:
    e = pick(16, "easy", rng=random.Random(1))
    assert e.size == 16 and e.level is Level.EASY


def test_pick_any_level_covers_several_levels() -> None:
    rng = random.Random(3)
    seen = {pick(9, None, rng=rng).level for _ in range(200)}
    assert seen == set(Level)


def test_pick_avoids_recent_ids() -> None:
    pool = puzzles_for(4, Level.EASY)
    recent = [e.id for e in pool[:-1]]
    for seed in range(20):
        assert pick(4, Level.EASY, recent, rng=random.Random(seed)) == pool[-1]


def test_pick_when_all_were_played_returns_the_oldest() -> None:
    pool = puzzles_for(4, Level.EASY)
    recent = [e.id for e in reversed(pool)]  # most recent first: pool[0] was played longest ago
    assert pick(4, Level.EASY, recent, rng=random.Random(0)) == pool[0]


def test_pick_without_such_puzzles_raises_lookup_error() -> None:
    with pytest.raises(LookupError, match="4×4"):
        pick(4, Level.EXTREME)


# -- data file parsing -----------------------------------------------------------


def test_parse_library_text_reads_lines_and_skips_comments() -> None:
    text = "# comment\n\nx1\tOne\thard\t" + CLASSIC_GIVENS + "\t3.4\tsomewhere\n"
    assert parse_library_text(text) == [PuzzleEntry("x1", "One", Level.HARD, 9, CLASSIC_GIVENS, "somewhere", "3.4")]


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("x1\tOne\thard\t" + CLASSIC_GIVENS + "\t3.4", "expected 6"),
        ("x1\tOne\tsilly\t" + CLASSIC_GIVENS + "\t3.4\ts", "'silly'"),
        ("x1\tOne\thard\t" + CLASSIC_GIVENS[:-1] + "\t3.4\ts", "80"),
        ("x1\tOne\thard\t" + CLASSIC_GIVENS + "\tbad\ts", "'bad'"),
        ("\tOne\thard\t" + CLASSIC_GIVENS + "\t3.4\ts", "empty id"),
    ],
)
def test_parse_library_text_names_the_bad_line(line: str, needle: str) -> None:
    with pytest.raises(LibraryError, match="f.txt line 2") as info:
        parse_library_text("# header\n" + line + "\n", "f.txt")
    assert needle in str(info.value)
