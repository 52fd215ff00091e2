"""The built-in library's levels (HoDoKu's five, by the app's own rating), old level words, and assists by level."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from datetime import datetime
from pathlib import Path

import pytest

from sudoku_tk.app.game.level_assists import level_of, singles_note, singles_solve, starting_assists
from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.history import GameHistory, finished_game, level_name
from sudoku_tk.app.progress.recent_games import level_text
from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.puzzles.built_in import (
    CLASSIC_GIVENS,
    classify,
    hints_finish,
    no_guessing,
    parse_level,
    parse_library_text,
)
from sudoku_tk.app.puzzles.choice import choose_puzzle
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.settings import DEFAULTS, load_settings, settings_from_json
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist, recompute
from sudoku_tk.engine.rating import score as engine_rating
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.engine.solving.logic import solve_logically

REPO = Path(__file__).resolve().parents[1]
NINE = puzzles.puzzles_for(9)

# A built-in 9×9 puzzle of an earlier version (its id and givens as they were shipped), now rated unfair.
OLD_VERY_HARD_001 = ".4.....9.....5....8.6...4.7....8......5.2.7....21659....76.35..6.9.7.3.2........."


# -- levels ---------------------------------------------------------------------------------------------------


def test_the_levels_are_hodokus_five_in_order() -> None:
    assert [lvl.label for lvl in Level] == ["easy", "medium", "hard", "unfair", "extreme"]
    assert [lvl.display_name for lvl in Level] == ["Easy", "Medium", "Hard", "Unfair", "Extreme"]
    assert {type(e.level) for e in puzzles.library()} == {engine_rating.Level}  # one Level type


@pytest.mark.parametrize(
    ("text", "level"),
    [
        ("easy", Level.EASY),
        ("Medium", Level.MEDIUM),
        (" hard ", Level.HARD),
        ("Unfair", Level.UNFAIR),
        ("EXTREME", Level.EXTREME),
        ("very_hard", Level.UNFAIR),
        ("Very hard", Level.UNFAIR),
    ],
)
def test_level_words_old_and_new_parse(text: str, level: Level) -> None:
    assert parse_level(text) is level


def test_an_unknown_level_word_is_refused_with_the_word() -> None:
    with pytest.raises(ValueError, match="'insane'"):
        parse_level("insane")


def test_a_data_file_with_the_old_level_word_still_loads() -> None:
    line = f"x1\tOld one\tvery_hard\t{OLD_VERY_HARD_001}\t5.0\tsomewhere\n"
    (entry,) = parse_library_text(line, "old.txt")
    assert entry.level is Level.UNFAIR and entry.id == "x1"


def test_saved_settings_with_the_old_level_load_as_unfair(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"new_game_level": "very_hard", "theme": "dark"}), encoding="utf-8")
    settings, notes = load_settings(path)
    assert settings.new_game_level == "unfair" and notes == []
    assert settings_from_json({"new_game_level": "Extreme"})[0].new_game_level == "extreme"


def test_history_keeps_the_old_level_name_and_sorts_it_last(tmp_path: Path) -> None:
    assert level_name("very_hard") == "Very hard"
    assert level_name("unfair") == "Unfair" and level_name("extreme") == "Extreme" and level_name("") == ""
    games = [
        {"key": k, "finished": "2026-01-02 03:04", "name": k, "size": 9, "level": lvl, "seconds": s}
        for k, lvl, s in (("a", "very_hard", 600.0), ("b", "extreme", 900.0), ("c", "easy", 100.0))
    ]
    path = tmp_path / "history.json"
    path.write_text(json.dumps({"games": games}), encoding="utf-8")
    bests = GameHistory.load(path).bests()
    assert [(g.level, g.seconds) for g in bests] == [("easy", 100.0), ("extreme", 900.0), ("very_hard", 600.0)]


# -- the shipped library ----------------------------------------------------------------------------------------


def test_every_nine_by_nine_level_has_at_least_sixty_puzzles() -> None:
    per_level = Counter(e.level for e in NINE)
    assert set(per_level) == set(Level)
    assert min(per_level.values()) >= 60
    assert puzzles.levels(9) == list(Level)


def test_small_and_large_boards_keep_their_own_levels() -> None:
    assert puzzles.levels(4) == [Level.EASY]
    assert puzzles.levels(16) == [Level.EASY, Level.MEDIUM]
    for e in puzzles.library():
        if e.size != 9:
            assert classify(e.grid()) is e.level, e.id


def test_sixteen_by_sixteen_medium_needs_more_than_singles_but_no_more_than_medium_techniques() -> None:
    medium = [e for e in puzzles.puzzles_for(16, Level.MEDIUM)]
    assert [e.id for e in medium] == [f"16x16-medium-{n:03d}" for n in (5, 6, 7, 8)]
    for e in medium:
        assert not puzzles.solves_with_singles(e.grid()), e.id
        assert hints_finish(e.grid()), e.id


def test_no_guessing_leaves_out_exactly_brute_force_and_templates() -> None:
    from sudoku_tk.engine.steps.step import Technique
    from sudoku_tk.engine.techniques import default_techniques

    assert set(default_techniques()) - no_guessing() == {Technique.BRUTE_FORCE} | (
        {Technique.TEMPLATE_SET, Technique.TEMPLATE_DEL} & set(default_techniques())
    )


def test_the_classic_and_the_first_of_each_level_are_rated_at_their_level() -> None:
    sample = [puzzles.by_id("classic")] + [puzzles.puzzles_for(9, lvl)[0] for lvl in Level]
    for e in sample:
        assert e is not None
        assert engine_rating.rate_puzzle(e.grid()).level is e.level, e.id
        assert solve_logically(e.grid(), no_guessing()).solved, e.id


@pytest.mark.slow
def test_every_nine_by_nine_puzzle_is_at_its_rated_level_and_finished_without_guessing() -> None:
    # About 2 minutes here (315 puzzles, two solves each): the rating, then the path without guessing.
    for e in NINE:
        grid = e.grid()
        assert engine_rating.rate_puzzle(grid).level is e.level, e.id
        path = solve_logically(grid, no_guessing())
        assert path.solved, e.id


def _legacy_ids() -> dict[str, str]:
    sys.path.insert(0, str(REPO / "build_scripts"))
    try:
        import make_library
    finally:
        sys.path.remove(str(REPO / "build_scripts"))
    return make_library.legacy_ids(make_library.read_se_tsv(make_library.DEFAULT_SE_FILE))


def test_every_puzzle_of_earlier_versions_keeps_its_id_and_givens() -> None:
    old = _legacy_ids()
    assert len(old) == 240 and old[OLD_VERY_HARD_001] == "9x9-very_hard-001"
    for givens, pid in old.items():
        entry = puzzles.by_id(pid)
        assert entry is not None and entry.text == givens, pid
    added = [e for e in NINE if e.id not in set(old.values()) and e.id != "classic"]
    assert added and all(e.id.startswith("9x9-se-") for e in added)


def test_a_removed_id_breaks_nothing() -> None:
    gone = "16x16-medium-001"  # shipped earlier, replaced: its hints needed guessing
    assert puzzles.by_id(gone) is None and level_of(gone) is None
    choice = choose_puzzle(16, [gone, "no-such-id"], random.Random(2))
    assert choice.id and puzzles.by_id(choice.id) is not None
    assert puzzles.pick(16, Level.MEDIUM, [gone], random.Random(1)).level is Level.MEDIUM
    session = Session(parse_grid(CLASSIC_GIVENS), "Old game", puzzle_id=gone)
    assert finished_game(session.view(), datetime(2026, 1, 2), gone).level == ""
    record = GameRecord(parse_grid(CLASSIC_GIVENS), (), puzzle_name="Old game", puzzle_id=gone)
    assert level_text(record) == "9×9"


# -- assists by level ---------------------------------------------------------------------------------------------


def test_the_classic_starts_with_only_peer_elimination_and_says_why() -> None:
    classic = puzzles.default_puzzle()
    start = starting_assists(classic.grid(), DEFAULTS.assists, level_of(classic.id))
    assert DEFAULTS.assists == ALL_ASSISTS
    assert start.assists == {Assist.PEERS}
    assert start.note == "Easy puzzle: the singles are yours to find; Assist menu turns the singles assists on"
    assert start.note == singles_note(Level.EASY)


def test_a_player_without_the_singles_keeps_their_choice_and_gets_no_note() -> None:
    start = starting_assists(parse_grid(CLASSIC_GIVENS), {Assist.PEERS}, Level.EASY)
    assert start.assists == {Assist.PEERS} and start.note == ""
    mixed = starting_assists(parse_grid(CLASSIC_GIVENS), {Assist.NAKED_SINGLES}, Level.EASY)
    assert mixed.assists == frozenset() and mixed.note


def test_a_generated_puzzle_gives_its_level_as_the_engine_rates_it() -> None:
    start = starting_assists(parse_grid(CLASSIC_GIVENS), ALL_ASSISTS, engine_rating.Level.EASY)
    assert start.assists == {Assist.PEERS} and start.note == singles_note(Level.EASY)


def test_a_puzzle_from_elsewhere_starts_with_the_players_assists_unless_singles_solve_it() -> None:
    hardest = "85...24..72......9..4.........1.7..23.5...9...4...........8..7..17..........36.4."
    start = starting_assists(parse_grid(hardest), ALL_ASSISTS, None)
    assert start.assists == ALL_ASSISTS and start.note == ""
    pasted_easy = starting_assists(parse_grid(CLASSIC_GIVENS), ALL_ASSISTS, None)
    assert pasted_easy.assists == {Assist.PEERS} and pasted_easy.note == singles_note(Level.EASY)


def test_singles_solve_exactly_the_easy_puzzles_of_the_library() -> None:
    assert singles_solve(parse_grid(CLASSIC_GIVENS), ALL_ASSISTS)
    assert not singles_solve(parse_grid(CLASSIC_GIVENS), {Assist.PEERS})
    for e in NINE:
        assert singles_solve(e.grid(), ALL_ASSISTS) == (e.level is Level.EASY), e.id


def test_harder_puzzles_keep_the_players_singles() -> None:
    for e in NINE:
        start = starting_assists(e.grid(), ALL_ASSISTS, e.level)
        assert (start.assists == ALL_ASSISTS) == (e.level is not Level.EASY), e.id


def test_no_first_single_ends_a_built_in_game_with_the_assists_it_starts_with() -> None:
    # Every first click a player can make by logic: each single of the start position, on every 9×9 puzzle.
    from sudoku_tk.engine.play.propagation import Assist as A

    for e in NINE:
        grid = e.grid()
        assists = starting_assists(grid, DEFAULTS.assists, level_of(e.id)).assists
        solution = solve(grid)
        assert solution is not None
        start = recompute(grid, (), assists)
        singles = [c for c in range(81) if not grid.values[c] and len(start.candidate_set(c)) == 1]
        for cell in singles:
            after = recompute(grid, (Place(cell, solution[cell]),), assists)
            assert not after.is_solved(), (e.id, cell)
        if e.level is Level.EASY:
            assert not assists & {A.NAKED_SINGLES, A.HIDDEN_SINGLES}


# -- the variants' built-in puzzles (build_scripts/make_variant_library.py) ----------------------------------------
@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw", "killer"])
def test_each_variant_has_thirty_puzzles_at_mixed_levels_on_its_houses(variant: str) -> None:
    entries = puzzles.puzzles_for(9, None, variant)
    assert len(entries) >= 30
    assert len({e.level for e in entries}) >= 3
    assert puzzles.variants() == ["classic", "x", "windoku", "jigsaw", "killer"]
    first = entries[0].grid()
    assert first.geometry.variant_name == variant and first.to_string() == entries[0].text
    assert not [e for e in NINE if e.variant != "classic"]  # the classic lists keep to the classic


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["x", "windoku", "jigsaw", "killer"])
def test_every_variant_puzzle_is_at_its_rated_level_and_finished_without_guessing(variant: str) -> None:
    for e in puzzles.puzzles_for(9, None, variant):
        grid = e.grid()
        assert engine_rating.rate_puzzle(grid).level is e.level, e.id
        assert solve_logically(grid, no_guessing()).solved, e.id
