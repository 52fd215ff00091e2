"""Issue 25, Progress: what a record holds (solved and abandoned games), old files still read, an abandoned game
replaced when it is played on, clearing for every window, technique status, the streak, the summaries, CSV."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import date, datetime
from pathlib import Path

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.history import FinishedGame, GameHistory, finished_game, history_path, technique_status
from sudoku_tk.app.progress.summaries import (
    CSV_COLUMNS,
    daily_solved,
    daily_streak,
    history_csv,
    level_summaries,
    solve_times,
)
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.score import Level, Rating
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique

NEARLY_PUZZLE = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def full(key: str, **changes: object) -> FinishedGame:
    base = FinishedGame(
        key,
        "2026-11-23 10:00",
        f"Puzzle {key}",
        9,
        "hard",
        300.0,
        puzzle="." * 81,
        score=722,
        moves=64,
        mistakes=2,
        hint_rungs=(2, 1, 0),
        techniques=("HIDDEN_SINGLE", "X_WING"),
        found_alone=("X_WING",),
        daily="2026-11-23",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def test_every_new_field_round_trips_through_the_file(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    GameHistory(path).record(full("a"))
    GameHistory(path).record(full("b", abandoned=True, finished="2026-11-23 09:00", daily=""))
    again = GameHistory.load(path).games
    assert again == [full("a"), full("b", abandoned=True, finished="2026-11-23 09:00", daily="")]
    written = json.loads(path.read_text())
    assert written["version"] == 2 and written["games"][0]["hint_rungs"] == [2, 1, 0]


def test_a_version_1_file_still_reads(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    old = {
        "format": "sudoku-tk-history",
        "version": 1,
        "games": [
            {"key": "k", "finished": "2026-11-01 09:00", "name": "Old", "size": 9, "level": "easy", "seconds": 90.0}
        ],
    }
    path.write_text(json.dumps(old))
    (game,) = GameHistory.load(path).games
    assert game == FinishedGame("k", "2026-11-01 09:00", "Old", 9, "easy", 90.0)
    assert game.solved and game.techniques == () and game.hint_rungs == (0, 0, 0)


def test_damaged_new_fields_are_read_as_their_defaults(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    entry = {"key": "k", "size": 9, "seconds": 5, "hint_rungs": [1, "x", 2], "techniques": "X_WING", "abandoned": 1}
    path.write_text(json.dumps({"games": [entry]}))
    (game,) = GameHistory.load(path).games
    assert game.hint_rungs == (0, 0, 0) and game.techniques == () and game.abandoned is False


def test_an_abandoned_game_is_replaced_when_played_on_a_solved_one_never(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    h = GameHistory(path)
    h.record(full("a", abandoned=True, moves=10, finished="2026-11-23 10:00"))
    h.record(full("a", abandoned=True, moves=20, finished="2026-11-23 10:05"))  # continued, abandoned again
    assert [(g.moves, g.abandoned) for g in h.games] == [(20, True)]
    h.record(full("a", moves=50, finished="2026-11-23 10:30"))  # continued and solved
    h.record(full("a", abandoned=True, moves=60, finished="2026-11-23 10:40"))
    assert [(g.moves, g.abandoned) for g in GameHistory.load(path).games] == [(50, False)]
    other = GameHistory(path)  # a window that knew only the abandoned record: the solved one stays
    other._games = [full("a", abandoned=True, moves=20)]
    other.save()
    assert [(g.moves, g.abandoned) for g in GameHistory.load(path).games] == [(50, False)]


def test_abandoned_games_set_no_best_time() -> None:
    h = GameHistory()
    h.record(full("slow", seconds=500.0, hint_rungs=(0, 0, 0)))
    assert h.record(full("quit", seconds=20.0, abandoned=True)) is False
    assert h.best(9, "hard").key == "slow"  # type: ignore[union-attr]


def test_clear_forgets_the_games_of_every_window(tmp_path: Path) -> None:
    path = history_path(tmp_path)
    a, b = GameHistory.load(path), GameHistory.load(path)
    a.record(full("a", finished="2026-11-23 10:00"))
    b.record(full("b", finished="2026-11-23 10:01"))
    a.clear()
    assert a.games == [] and GameHistory.load(path).games == []
    b.record(full("c", finished="2026-11-23 10:02"))  # B held a and b: they stay forgotten
    assert [g.key for g in GameHistory.load(path).games] == ["c"]
    a.refresh()
    assert [g.key for g in a.games] == ["c"]


def test_technique_status_alone_hint_unmet() -> None:
    games = [
        full("a", techniques=("HIDDEN_SINGLE", "X_WING", "SKYSCRAPER"), found_alone=("X_WING",)),
        full("b", techniques=("XY_WING",), found_alone=(), abandoned=True),  # met only in a game given up
        full("c", techniques=("NEWER_THAN_THIS_VERSION",), found_alone=("W_WING",)),
    ]
    status = technique_status(games)
    assert status[Technique.X_WING] == "alone" and status[Technique.W_WING] == "alone"
    assert status[Technique.SKYSCRAPER] == "hint" and status[Technique.HIDDEN_SINGLE] == "hint"
    assert status[Technique.XY_WING] == "unmet" and status[Technique.SWORDFISH] == "unmet"
    assert set(status) == set(Technique)


def test_finished_game_from_a_session_counts_the_path_as_found_alone_without_help() -> None:
    s = Session(parse_grid("." + NEARLY_PUZZLE[1:]), "One left")
    s.place(0, 5)
    rating = Rating(Level.EASY, 4, True, Technique.FULL_HOUSE)
    record = finished_game(
        s.view(),
        datetime(2026, 12, 1, 9, 0),
        "",
        datetime(2026, 12, 1, 9, 5),
        puzzle=s.start.to_string(),
        rating=rating,
        techniques=[Technique.FULL_HOUSE, Technique.FULL_HOUSE],
        daily="2026-12-01",
    )
    assert record.level == "easy" and record.score == 4 and record.moves == 1 and record.mistakes == 0
    assert record.puzzle == "." + NEARLY_PUZZLE[1:] and record.daily == "2026-12-01"
    assert record.techniques == ("FULL_HOUSE",) and record.found_alone == ("FULL_HOUSE",)
    helped = replace(s.view(), hint_rungs=(1, 1, 0), found_alone=frozenset({Technique.X_WING}))
    record = finished_game(helped, datetime(2026, 12, 1), "", techniques=[Technique.FULL_HOUSE])
    assert record.found_alone == ("X_WING",) and record.hint_rungs == (1, 1, 0)
    quit_ = finished_game(s.view(), datetime(2026, 12, 1), "", techniques=[Technique.FULL_HOUSE], abandoned=True)
    assert quit_.found_alone == () and quit_.abandoned


def test_the_streak_counts_days_with_a_daily_solved() -> None:
    days = ["2026-11-28", "2026-11-30", "2026-12-01", "2026-12-02"]
    games = [full(d, daily=d) for d in days] + [full("gave up", daily="2026-11-29", abandoned=True)]
    games.append(full("not daily", daily=""))
    assert daily_streak(games, date(2026, 12, 2)) == 3
    assert daily_streak(games, date(2026, 12, 3)) == 3  # today not solved yet: the streak runs to yesterday
    assert daily_streak(games, date(2026, 12, 4)) == 0
    assert daily_streak(games, date(2026, 11, 29)) == 1
    assert set(daily_solved(games, date(2026, 12, 1))) == {"hard"}
    assert daily_solved(games, date(2026, 11, 29)) == {}


def test_level_summaries_and_solve_times() -> None:
    games = [
        full("e1", level="easy", seconds=100.0, hints=0, finished="2026-11-20 10:00"),
        full("e2", level="easy", seconds=80.0, hints=2, finished="2026-11-21 10:00"),
        full("e3", level="easy", seconds=300.0, finished="2026-11-19 10:00"),
        full("h1", level="hard", seconds=50.0, abandoned=True),
        full("s", size=4, level="", seconds=30.0),
    ]
    summaries = [(s.size, s.level, s.solved, s.abandoned, s.best, s.median) for s in level_summaries(games)]
    assert summaries == [(4, "", 1, 0, 30.0, 30.0), (9, "easy", 3, 0, 100.0, 100.0), (9, "hard", 0, 1, None, None)]
    times = solve_times(games)
    assert list(times) == ["easy"]
    assert [s for _when, s in times["easy"]] == [300.0, 100.0, 80.0]


def test_csv_has_a_row_per_game_under_the_field_names() -> None:
    games = [full("a"), full("b, with a comma", abandoned=True)]
    rows = list(csv.reader(io.StringIO(history_csv(games))))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert len(rows) == 3
    first = dict(zip(rows[0], rows[1]))
    assert first["techniques"] == "HIDDEN_SINGLE X_WING" and first["hint_rungs"] == "2 1 0"
    assert first["abandoned"] == "no" and first["score"] == "722" and first["puzzle"] == "." * 81
    assert dict(zip(rows[0], rows[2]))["key"] == "b, with a comma"


def test_the_background_worker_works_out_a_path_s_techniques() -> None:
    from sudoku_tk.app.puzzles.background_worker import PathJob, run_job

    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    _pid, found = run_job(PathJob(hard))
    expected = tuple(dict.fromkeys(solve_logically(parse_grid(hard)).techniques()))
    assert found == expected and len(found) > 3
    assert found[0] in (Technique.HIDDEN_SINGLE, Technique.NAKED_SINGLE, Technique.FULL_HOUSE)
