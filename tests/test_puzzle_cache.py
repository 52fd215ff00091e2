"""The generated-puzzle cache: keys, take and refill order, the file it keeps, and damaged files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_tk.app.puzzles.cache import CACHE_NAME, LEVEL_KEYS, MAX_PER_KEY, PuzzleCache, PuzzleKey
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.rating_fields import rating_to_json, read_rating
from sudoku_tk.engine.generating.level_search import Generated, offered_practice_techniques
from sudoku_tk.engine.rating.score import Level, Rating
from sudoku_tk.engine.steps.step import Technique

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
OTHER = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD = PuzzleKey.at(Level.HARD)
X_WING = PuzzleKey.practice(Technique.X_WING)


def made(puzzle: str = CLASSIC, seed: str = "1/0", level: Level = Level.HARD, technique: Technique | None = None):
    rating = Rating(level, 1234, True, Technique.X_WING, 4.2)
    return Generated(puzzle, rating, seed, 3, technique)


def test_keys_read_back_and_name_themselves() -> None:
    for key in LEVEL_KEYS + (X_WING,):
        assert PuzzleKey.parse(key.text) == key
    assert (HARD.text, HARD.label) == ("level:hard", "Hard")
    assert (X_WING.text, X_WING.label) == ("practice:X_WING", "X-Wing")
    for bad in ("level:insane", "practice:BRUTE_FORCE", "practice:NOPE", "hard", ""):
        with pytest.raises(ValueError):
            PuzzleKey.parse(bad)


def test_missing_fills_every_level_once_before_any_twice() -> None:
    cache = PuzzleCache(None)
    assert cache.missing() == list(LEVEL_KEYS) * 2
    cache.put(HARD, made())
    assert cache.missing() == [k for k in LEVEL_KEYS if k != HARD] + list(LEVEL_KEYS)
    assert cache.target(X_WING) == 0  # a technique is kept ready only once asked for


def test_take_gives_the_oldest_and_marks_a_technique_as_practised() -> None:
    cache = PuzzleCache(None)
    first, second = made(seed="1/0"), made(OTHER, seed="2/0")
    cache.put(HARD, first)
    cache.put(HARD, second)
    assert cache.take(HARD) == first
    assert cache.puzzles(HARD) == (second,)
    assert cache.take(X_WING) is None
    assert cache.practised() == (Technique.X_WING,)
    assert cache.missing().count(X_WING) == 1 and cache.target(X_WING) == 1


def test_a_practised_technique_that_is_not_offered_is_not_kept_ready() -> None:
    """One asked for in an older version (Simple Colors Wrap: never in the pool) would keep the worker searching."""
    wrap = PuzzleKey.practice(Technique.SIMPLE_COLORS_WRAP)
    assert Technique.SIMPLE_COLORS_WRAP not in offered_practice_techniques()
    cache = PuzzleCache(None, per_level=0)
    assert cache.take(wrap) is None and cache.practised() == (Technique.SIMPLE_COLORS_WRAP,)
    assert cache.target(wrap) == 0 and cache.missing() == []


def test_remove_takes_out_that_very_puzzle() -> None:
    cache = PuzzleCache(None)
    first, second = made(seed="1/0"), made(OTHER, seed="2/0")
    cache.put(HARD, first)
    cache.put(HARD, second)
    assert cache.remove(HARD, second) is True
    assert cache.remove(HARD, second) is False
    assert cache.puzzles(HARD) == (first,)


def test_the_file_keeps_puzzles_ratings_and_practised_techniques(tmp_path: Path) -> None:
    path = tmp_path / "data" / CACHE_NAME
    cache = PuzzleCache(path)
    practice = made(OTHER, seed="9/0", technique=Technique.X_WING)
    cache.put(HARD, made())
    cache.take(X_WING)
    cache.put(X_WING, practice)
    again = PuzzleCache(path)
    assert again.note == ""
    assert again.puzzles(HARD) == (made(),)
    assert again.puzzles(X_WING) == (practice,)
    assert again.practised() == (Technique.X_WING,)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["format"] == "sudoku-tk-generated" and saved["practised"] == ["X_WING"]
    assert saved["puzzles"][0]["rating"] == {
        "level": "hard",
        "score": 1234,
        "solved": True,
        "hardest": "X_WING",
        "se": 4.2,
    }


JIGSAW_TEXT = (
    "variant: jigsaw\n"
    ".35.......89.......2.97.......7..2.43..468..18....2....7..93.68....3..8.6.....72. "
    "111222233111223234111223334555666334555676844955677844995667844999767888999777888"
)


def test_a_variant_key_reads_back_names_itself_and_is_kept_ready_once_asked_for() -> None:
    key = PuzzleKey.at(Level.UNFAIR, "jigsaw")
    assert (key.text, key.label) == ("jigsaw:level:unfair", "Unfair Jigsaw")
    assert PuzzleKey.parse(key.text) == key and PuzzleKey.parse("x:level:easy") == PuzzleKey.at(Level.EASY, "x")
    assert PuzzleKey.parse("killer:level:easy") == PuzzleKey.at(Level.EASY, "killer")  # Killer has a generator now
    for bad in ("hexagon:level:easy", "x:practice:X_WING", "x:level:insane", "x:"):
        with pytest.raises(ValueError):
            PuzzleKey.parse(bad)
    cache = PuzzleCache(None, per_level=1)
    assert cache.target(key) == 0 and key not in cache.missing()
    assert cache.take(key) is None
    assert cache.variants() == ("jigsaw",)
    assert cache.missing() == list(LEVEL_KEYS) + [PuzzleKey.at(lv, "jigsaw") for lv in Level]


def test_the_file_keeps_variant_puzzles_on_their_houses_and_the_variants_asked_for(tmp_path: Path) -> None:
    path = tmp_path / CACHE_NAME
    cache = PuzzleCache(path)
    key = PuzzleKey.at(Level.EASY, "jigsaw")
    cache.take(key)
    cache.put(key, made(JIGSAW_TEXT, level=Level.EASY))
    # A classic puzzle filed under a variant's key (or the other way round) is damaged: dropped on reading.
    cache.put(PuzzleKey.at(Level.HARD, "x"), made(CLASSIC))
    again = PuzzleCache(path)
    assert again.variants() == ("jigsaw",) and again.note == f"1 damaged generated puzzle dropped from {CACHE_NAME}"
    (kept,) = again.puzzles(key)
    assert kept.puzzle == JIGSAW_TEXT and kept.grid.geometry.variant_name == "jigsaw"
    assert again.puzzles(PuzzleKey.at(Level.HARD, "x")) == ()


def test_a_damaged_file_is_ignored_and_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / CACHE_NAME
    path.write_bytes(b"\x00\xff not json")
    cache = PuzzleCache(path)
    assert cache.puzzles(HARD) == () and cache.missing() == list(LEVEL_KEYS) * 2
    assert cache.note.startswith(f"{CACHE_NAME} could not be read")
    cache.put(HARD, made())
    assert PuzzleCache(path).puzzles(HARD) == (made(),)


def test_a_foreign_file_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / CACHE_NAME
    path.write_text(json.dumps({"format": "something-else", "version": 1, "puzzles": []}), encoding="utf-8")
    cache = PuzzleCache(path)
    assert cache.note.endswith("they are made again") and cache.count(HARD) == 0


def test_damaged_entries_are_dropped_and_the_good_ones_kept(tmp_path: Path) -> None:
    path = tmp_path / CACHE_NAME
    good = {"key": "level:hard", "puzzle": CLASSIC, "seed": "1/0", "tries": 3, "rating": rating_to_json(made().rating)}
    bad = [
        {**good, "key": "level:insane"},
        {**good, "puzzle": "12345"},
        {**good, "puzzle": "....4.1..2.4...."},  # a 4×4 puzzle
        {**good, "rating": {"level": "hard"}},
        {**good, "seed": 7},
        "not an object",
    ]
    obj = {"format": "sudoku-tk-generated", "version": 1, "puzzles": [good] + bad, "practised": ["X_WING", "NOPE", 3]}
    path.write_text(json.dumps(obj), encoding="utf-8")
    cache = PuzzleCache(path)
    assert cache.puzzles(HARD) == (made(),)
    assert cache.practised() == (Technique.X_WING,)
    assert cache.note == f"6 damaged generated puzzles dropped from {CACHE_NAME}"


def test_a_key_never_holds_more_than_the_limit() -> None:
    cache = PuzzleCache(None)
    for i in range(MAX_PER_KEY + 3):
        cache.put(HARD, made(seed=f"{i}/0"))
    kept = cache.puzzles(HARD)
    assert len(kept) == MAX_PER_KEY and kept[0].seed == "3/0" and kept[-1].seed == f"{MAX_PER_KEY + 2}/0"


def test_an_unwritable_folder_keeps_the_cache_in_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    cache = PuzzleCache(blocker / CACHE_NAME)  # its folder is a file: nothing can be written there
    cache.put(HARD, made())
    assert cache.puzzles(HARD) == (made(),)


def test_rating_json_round_trip_and_refusals() -> None:
    rating = Rating(Level.UNFAIR, 1790, False, None, 7.3)
    assert read_rating(rating_to_json(rating)) == rating
    for bad, where in [
        ({"level": "hard", "score": -1, "solved": True}, "rating.score"),
        ({"level": "insane", "score": 1, "solved": True}, "rating.level"),
        ({"level": "hard", "score": 1, "solved": "yes"}, "rating.solved"),
        ({"level": "hard", "score": 1, "solved": True, "hardest": "NOPE"}, "rating.hardest"),
        ({"level": "hard", "score": 1, "solved": True, "extra": 1}, "rating"),
        ({"score": 1, "solved": True}, "rating"),
    ]:
        with pytest.raises(SaveFileError) as info:
            read_rating(bad)
        assert str(info.value).startswith(where + ":"), str(info.value)
