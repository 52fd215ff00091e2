"""Issue 22, item 22: the game history gets the saves' care. Two windows each record their solved game and both
stay; a history cut short is kept as ``history.json.damaged`` with a note; a newer version's fields are kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from sudoku_tk.app.progress.history import HISTORY_FORMAT, MAX_GAMES, FinishedGame, GameHistory, history_path

REPO = Path(__file__).resolve().parents[2]


def game(key: str, seconds: float = 100.0, finished: str = "2026-11-23 10:00") -> FinishedGame:
    return FinishedGame(key, finished, f"Puzzle {key}", 9, "easy", seconds)


def test_two_windows_each_keep_their_solved_game(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    a, b = GameHistory.load(path), GameHistory.load(path)  # both opened before either solved
    a.record(game("a", finished="2026-11-23 10:00"))
    b.record(game("b", finished="2026-11-23 10:05"))
    assert [g.key for g in GameHistory.load(path).games] == ["b", "a"]
    assert [g.key for g in b.games] == ["b", "a"]  # B knows A's game too (its best time counts)
    a.refresh()
    assert [g.key for g in a.games] == ["b", "a"]


def test_the_best_time_counts_the_other_windows_games(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    a, b = GameHistory.load(path), GameHistory.load(path)
    a.record(game("a", 300))
    assert b.record(game("b", 200)) is True  # beats A's time, which B had not seen


WRITER = """
import sys
from sudoku_tk.app.progress.history import FinishedGame, GameHistory
history = GameHistory.load(__import__("pathlib").Path(sys.argv[1]))
for i in range(int(sys.argv[3])):
    history.record(FinishedGame(f"{sys.argv[2]}-{i}", "2026-11-23 10:00", "P", 9, "easy", 100.0 + i))
"""


def test_windows_recording_at_the_same_moment_lose_nothing(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(REPO))
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(path), name, "10"], env=env) for name in "abcd"]
    assert [w.wait(timeout=120) for w in writers] == [0, 0, 0, 0]
    keys = {g.key for g in GameHistory.load(path).games}
    assert keys == {f"{name}-{i}" for name in "abcd" for i in range(10)}


def test_a_history_cut_short_is_kept_as_damaged_with_a_note(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    GameHistory.load(path).record(game("a"))
    cut = path.read_bytes()[:-20]
    path.write_bytes(cut)
    history = GameHistory.load(path)
    assert history.games == []
    assert history.note.startswith("the game history history.json could not be read (it is not valid JSON")
    assert history.note.endswith("it was kept as history.json.damaged and a new history was started")
    assert (tmp_path / "history.json.damaged").read_bytes() == cut
    history.record(game("b"))
    assert [g.key for g in GameHistory.load(path).games] == ["b"]
    assert (tmp_path / "history.json.damaged").read_bytes() == cut


def test_a_history_damaged_after_start_up_is_set_aside_before_recording(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    history = GameHistory.load(path)
    history.record(game("a"))
    path.write_text('{"games": [{"key": "x"')
    history.record(game("b", finished="2026-11-23 11:00"))
    assert "kept as history.json.damaged" in history.note
    assert [g.key for g in GameHistory.load(path).games] == ["b", "a"]  # A was still in memory


def test_a_newer_versions_history_keeps_its_version_and_fields(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    entry = {"key": "old", "finished": "2026-01-01 09:00", "name": "Old", "size": 9, "level": "easy",
             "seconds": 90.0, "mood": "happy"}  # fmt: skip
    path.write_text(json.dumps({"format": HISTORY_FORMAT, "version": 7, "games": [entry], "streak": 12}))
    history = GameHistory.load(path)
    assert [g.key for g in history.games] == ["old"] and history.note == ""
    history.record(game("new", finished="2026-11-23 10:00"))
    written = json.loads(path.read_text())
    assert written["version"] == 7 and written["streak"] == 12 and written["format"] == HISTORY_FORMAT
    assert [e["key"] for e in written["games"]] == ["new", "old"] and written["games"][1]["mood"] == "happy"


def test_only_the_newest_games_are_kept_across_windows(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    a, b = GameHistory.load(path), GameHistory.load(path)
    for i in range(MAX_GAMES):
        a.record(game(f"a{i:02}", finished=f"2026-11-23 10:{i:02}"))
    b.record(game("b", finished="2026-11-23 11:00"))
    keys = [g.key for g in GameHistory.load(path).games]
    assert len(keys) == MAX_GAMES and keys[0] == "b" and "a00" not in keys
