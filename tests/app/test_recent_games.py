"""The recent unfinished games: what is worth keeping, one copy per game, the newest five, on disk and in memory,
and the words the player reads about each."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.recent_games import (
    KEEP_RECENT,
    RecentGames,
    game_key,
    is_in_progress,
    level_text,
    progress_text,
    record_in_progress,
    replace_question,
)
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.solving.brute_force import solve

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_GRID = parse_grid(HARD)
SOLUTION = solve(HARD_GRID)
assert SOLUTION is not None
T0 = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)


def _game(n_moves: int, created: datetime = T0, name: str = "top95 #1", saved: datetime | None = None) -> GameRecord:
    """A record of a game on HARD with the first ``n_moves`` right digits placed."""
    assert SOLUTION is not None
    s = Session(HARD_GRID, name, created=created, assists=[Assist.PEERS])
    for cell in s.position.empty_cells()[:n_moves]:
        s.place(cell, SOLUTION[cell])
    return s.to_record(saved or created + timedelta(minutes=n_moves))


@pytest.fixture(params=["disk", "memory"])
def recent(request: pytest.FixtureRequest, tmp_path: Path) -> RecentGames:
    return RecentGames(tmp_path / "recent" if request.param == "disk" else None)


# -- what is worth keeping -------------------------------------------------------------------------


def test_in_progress_means_a_move_made_and_not_solved() -> None:
    assert SOLUTION is not None
    s = Session(HARD_GRID)
    assert not is_in_progress(s)  # just started
    s.place(1, SOLUTION[1])
    assert is_in_progress(s)
    s.restart()
    assert is_in_progress(s)  # the moves wait on the redo list
    s.redo()
    s.solve()
    assert s.is_solved() and not is_in_progress(s)


def test_a_board_being_entered_is_not_in_progress() -> None:
    s = Session(Grid.from_values([0] * 81), entering=True)
    s.place(0, 5)
    assert not is_in_progress(s)


def test_only_games_in_progress_are_kept(recent: RecentGames) -> None:
    assert not record_in_progress(_game(0))
    assert not recent.add(_game(0))
    assert recent.add(_game(3))
    assert len(recent.entries()) == 1 and len(recent) == 1


# -- one copy per game, the newest first, five at most ------------------------------------------------


def test_the_same_game_kept_again_replaces_its_older_copy(recent: RecentGames) -> None:
    recent.add(_game(2))
    recent.add(_game(5))
    entries = recent.entries()
    assert len(entries) == 1 and len(entries[0].record.moves) == 5


def test_the_newest_five_are_kept_newest_first(recent: RecentGames) -> None:
    for i in range(KEEP_RECENT + 2):
        recent.add(_game(1 + i, created=T0 + timedelta(hours=i), name=f"game {i}"))
    names = [e.record.puzzle_name for e in recent.entries()]
    assert names == [f"game {i}" for i in range(KEEP_RECENT + 1, 1, -1)]
    assert len(recent) == KEEP_RECENT


def test_a_kept_game_comes_back_exactly(recent: RecentGames) -> None:
    assert SOLUTION is not None
    now = [100.0]
    s = Session(HARD_GRID, "top95 #1", created=T0, assists=[Assist.PEERS, Assist.NAKED_SINGLES], clock=lambda: now[0])
    for cell in s.position.empty_cells()[:4]:
        s.place(cell, SOLUTION[cell])
        now[0] += 30
    s.undo()
    record = s.to_record(T0 + timedelta(minutes=9))
    recent.add(record)
    (entry,) = recent.entries()
    again = Session.from_record(entry.record, clock=lambda: now[0])
    assert again.moves == s.moves and again.redo_moves == s.redo_moves and again.redo_moves
    assert again.assists == s.assists and again.elapsed() == record.elapsed == 120.0
    assert again.created == T0 and game_key(entry.record) == game_key(record)


def test_remove_forgets_a_game_taken_back_into_play(recent: RecentGames) -> None:
    first, second = _game(2), _game(3, created=T0 + timedelta(days=1), name="other")
    recent.add(first)
    recent.add(second)
    assert recent.remove(game_key(first))
    assert [e.record.puzzle_name for e in recent.entries()] == ["other"]
    assert not recent.remove(game_key(first)) and not recent.remove("")


def test_games_on_disk_are_one_file_each_and_seen_by_a_second_list(tmp_path: Path) -> None:
    folder = tmp_path / "recent"
    one = RecentGames(folder)
    one.add(_game(2))
    one.add(_game(4))
    assert len(list(folder.glob("*.json"))) == 1
    other = RecentGames(folder)  # another window, or the next start
    assert [len(e.record.moves) for e in other.entries()] == [4]


def test_an_unreadable_file_is_left_alone_and_not_listed(tmp_path: Path) -> None:
    folder = tmp_path / "recent"
    folder.mkdir()
    bad = folder / "game-20240101-000000-0000000000.json"
    bad.write_text("{ not json", encoding="utf-8")
    recent = RecentGames(folder)
    recent.add(_game(2))
    assert len(recent.entries()) == 1 and bad.exists()


def test_an_unwritable_folder_raises_and_keeps_nothing_half_written(tmp_path: Path) -> None:
    blocker = tmp_path / "recent"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    recent = RecentGames(blocker)
    with pytest.raises(SaveFileError, match="recent in .* is a file, not a folder, so nothing can be saved in it"):
        recent.add(_game(2))
    assert recent.entries() == []


# -- what the player reads -------------------------------------------------------------------------


def test_the_summary_names_the_game_its_level_progress_and_when() -> None:
    record = _game(3, saved=T0)
    from sudoku_tk.app.progress.recent_games import RecentGame

    name, middle, when = RecentGame(record).summary(T0 + timedelta(minutes=5))
    assert name == "top95 #1"
    assert middle == f"9×9; {progress_text(record)}"
    assert progress_text(record).startswith("3 of 64 cells filled, 3 moves, ")
    assert when == "5 minutes ago"


def test_the_level_of_a_library_puzzle_is_named() -> None:
    from sudoku_tk.app.puzzles import built_in as puzzles

    entry = puzzles.puzzles_for(9)[0]
    record = GameRecord.new(entry.grid(), name=entry.name, puzzle_id=entry.id, source=entry.source)
    assert level_text(record) == f"{entry.level.display_name} 9×9"
    pasted = GameRecord.new(HARD_GRID, name="Pasted puzzle", source="pasted")
    assert level_text(pasted) == "9×9, pasted"


def test_a_generated_game_shows_its_level_and_progress_not_its_seed() -> None:
    """Issue 22.12: "Continue a recent game" showed a generated game's seed and command where its progress goes."""
    from dataclasses import replace

    from sudoku_tk.app.progress.recent_games import RecentGame
    from sudoku_tk.engine.rating.score import rate_puzzle

    source = "Generated by Sudoku Tk from seed 4242/0 (sudoku-tk generate --level hard --seed 4242 makes it again)"
    record = replace(_game(2, saved=T0), puzzle_name="Generated · Hard", puzzle_source=source)
    rated = replace(record, rating=rate_puzzle(HARD_GRID))
    for kept in (record, rated):
        line = RecentGame(kept).describe(T0 + timedelta(hours=3))
        assert "seed" not in line and "sudoku-tk" not in line
        assert line.endswith(f"; {progress_text(kept)} — 3 hours ago") and ", 2 moves, " in line
    assert level_text(rated).endswith(" 9×9") and level_text(rated) != "9×9"
    assert level_text(record) == "9×9"


def test_the_question_names_the_game_and_where_it_is_kept() -> None:
    assert SOLUTION is not None
    s = Session(HARD_GRID, "top95 #1")
    s.place(1, SOLUTION[1])
    text = replace_question(s, "a new game", kept_on_disk=True)
    assert text.startswith("“top95 #1” is in progress (")
    assert "Replace it with a new game?" in text and "Game > Continue a recent game…" in text
    assert "while this window is open" in replace_question(s, "a new game", kept_on_disk=False)
