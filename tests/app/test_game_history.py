"""GameHistory: finished games recorded once, best times among unaided games, 50 kept, damage tolerated."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.credit import new_best_line
from sudoku_tk.app.progress.history import MAX_GAMES, FinishedGame, GameHistory, finished_game, history_path
from sudoku_tk.app.puzzles import built_in as puzzles


def game(
    key: str, seconds: float, size: int = 9, level: str = "easy", hints: int = 0, reveals: int = 0
) -> FinishedGame:
    return FinishedGame(key, "2026-11-23 10:00", f"Puzzle {key}", size, level, seconds, hints, reveals)


def test_record_keeps_newest_first_and_once_per_game(tmp_path: Path) -> None:
    h = GameHistory(history_path(tmp_path))
    assert h.record(game("a", 300)) is False  # nothing to beat yet
    h.record(game("b", 200))
    assert h.record(game("a", 100)) is False  # the same game solved again after an undo
    assert [g.key for g in h.games] == ["b", "a"]
    assert h.games[1].seconds == 300


def test_best_counts_only_games_solved_alone_per_size_and_level() -> None:
    h = GameHistory()
    h.record(game("slow", 500))
    assert h.record(game("hinted", 60, hints=2)) is False
    assert h.record(game("revealed", 50, reveals=1)) is False
    assert h.best(9, "easy").key == "slow"
    assert h.record(game("hard", 40, level="hard")) is False  # another level: its first
    assert h.record(game("fast", 400)) is True
    assert h.best(9, "easy").key == "fast"
    assert h.best(9, "hard").key == "hard"
    assert h.best(16, "easy") is None
    assert [(b.size, b.level, b.key) for b in h.bests()] == [(9, "easy", "fast"), (9, "hard", "hard")]
    assert h.record(game("slower", 450)) is False


def test_only_the_last_50_are_kept(tmp_path: Path) -> None:
    h = GameHistory(history_path(tmp_path))
    for i in range(MAX_GAMES + 7):
        h.record(game(f"g{i}", 100 + i))
    assert len(h.games) == MAX_GAMES
    assert h.games[0].key == f"g{MAX_GAMES + 6}" and h.games[-1].key == "g7"
    assert len(GameHistory.load(history_path(tmp_path)).games) == MAX_GAMES


def test_round_trip(tmp_path: Path) -> None:
    path = history_path(tmp_path / "new folder")
    h = GameHistory(path)
    h.record(game("a", 61.5, size=16, level="", hints=3, reveals=1))
    h.record(game("b", 42))
    again = GameHistory.load(path)
    assert again.games == h.games
    assert again.games[1] == FinishedGame("a", "2026-11-23 10:00", "Puzzle a", 16, "", 61.5, 3, 1)


def test_damaged_files_give_an_empty_history(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    assert GameHistory.load(path).games == []  # missing
    for text in ("{not json", "[1, 2]", '{"games": 5}', "\x00\xff\xfe", ""):
        path.write_bytes(text.encode("latin-1"))
        assert GameHistory.load(path).games == []
    path.write_text(json.dumps({"games": [{"key": "x"}, {"key": "ok", "size": 9, "seconds": 12}, "junk"]}))
    loaded = GameHistory.load(path)
    assert [g.key for g in loaded.games] == ["ok"]
    assert GameHistory.load(None).games == []


def test_finished_game_from_a_solved_session() -> None:
    entry = puzzles.puzzles_for(4)[0]
    s = Session(entry.grid(), entry.name, puzzle_id=entry.id)
    record = finished_game(s.view(), datetime(2026, 1, 2, 3, 4), entry.id, now=datetime(2026, 1, 2, 3, 10))
    assert record.size == 4 and record.level == entry.level.label and record.name == entry.name
    assert record.finished == "2026-01-02 03:10" and record.key.startswith("2026-01-02T03:04:00")
    assert finished_game(s.view(), datetime(2026, 1, 2), "", now=datetime(2026, 1, 2)).level == ""


def test_new_best_wording() -> None:
    assert new_best_line(9, "Easy") == "A new best for easy 9×9!"
    assert new_best_line(4, "Very hard") == "A new best for very hard 4×4!"
