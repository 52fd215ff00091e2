"""Issue 25 on a real window (Xvfb): the daily puzzle played from Game > Daily puzzle… and marked done with its
streak; the Progress window's chart, Practise this, Export CSV… and Clear history… (asked first); light and dark."""

from __future__ import annotations

import csv
from datetime import date
from pathlib import Path

import pytest
from gui_helpers import MakeApp, click, pump
from test_statistics_gui import NEARLY, InlineWorker, until

from sudoku_tk.app.progress.history import FinishedGame, GameHistory, history_path
from sudoku_tk.app.progress.summaries import CSV_COLUMNS, path_techniques
from sudoku_tk.app.puzzles.cache import PuzzleKey
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.daily import daily_puzzle
from sudoku_tk.engine.generating.practice_positions import first_non_single, next_to_learn
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.ui.games.daily_puzzles import DailyDialog
from sudoku_tk.ui.progress.window import ProgressWindow

pytestmark = pytest.mark.gui

DAY = date(2026, 12, 1)


def _games() -> list[FinishedGame]:
    out = []
    for i, (level, minutes) in enumerate([("easy", 9), ("easy", 7), ("easy", 6), ("hard", 30), ("hard", 22)]):
        out.append(
            FinishedGame(
                f"g{i}",
                f"2026-11-{20 + i:02d} 10:00",
                f"Game {i}",
                9,
                level,
                minutes * 60.0,
                techniques=("HIDDEN_SINGLE", "X_WING") if level == "hard" else ("HIDDEN_SINGLE",),
                found_alone=("HIDDEN_SINGLE",),
                daily=f"2026-11-{20 + i:02d}" if i >= 3 else "",
            )
        )
    return out


def test_the_daily_puzzle_is_played_marked_done_and_counted_in_the_streak(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(NEARLY, data_dir=tmp_path, background=InlineWorker)
    app.daily.today = lambda: DAY
    app.daily.ask = lambda games, day, level: Level.EASY
    app.run_command("daily-puzzle")
    assert app.status_text() == "Making the easy puzzle of 2026-12-01…"
    until(app, lambda: app.session.name.startswith("Daily"))  # made on the worker, then played
    assert app.session.name == "Daily · Easy · 2026-12-01"
    expected = daily_puzzle(DAY, Level.EASY).puzzle
    assert app.session.start.to_string() == expected
    solution = solve(parse_grid(expected))
    assert solution is not None
    until(app, lambda: bool(app.stats.techniques_of(expected)))  # asked of the worker when the game started
    while not app.session.is_solved():
        cell = next(c for c in app.session.position.empty_cells() if not app.session.position.values[c])
        click(app, cell, solution[cell])
    (game,) = GameHistory.load(history_path(tmp_path)).games
    assert game.daily == "2026-12-01" and game.solved and game.puzzle == expected and game.level == "easy"
    assert game.techniques == tuple(t.name for t in path_techniques(expected)) == game.found_alone
    dialog = DailyDialog(app.root, app.stats.history.games, DAY, Level.MEDIUM, show=False)
    texts = [str(b.cget("text")) for b in dialog.level_buttons]
    assert texts[0].startswith("Easy: solved in ") and texts[0].endswith("✓")
    assert texts[1:] == ["Medium", "Hard", "Unfair", "Extreme"]
    assert dialog.streak_label.cget("text") == "Streak: 1 day in a row with a daily puzzle solved."
    dialog.cancel()


def test_the_progress_window_draws_the_chart_and_offers_practice(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    history = GameHistory(history_path(tmp_path))
    for game in _games():
        history.record(game)
    practised: list[Technique] = []
    app.stats.practise = practised.append
    window = app.stats.show()
    window.geometry("760x560")
    pump(app)
    window.chart.redraw()
    assert window.totals.cget("text") == "5 games: 5 solved, 0 given up  ·  Daily streak: 0 days"
    assert window.level_rows() == [("Easy 9×9", "3", "0", "6:00", "7:00"), ("Hard 9×9", "2", "0", "22:00", "26:00")]
    assert [len(window.chart.points[level]) for level in ("easy", "hard")] == [3, 2]
    easy = window.chart.points["easy"]
    assert easy[0][0] < easy[1][0] < easy[2][0]  # oldest on the left
    assert easy[0][1] < easy[2][1]  # 9 minutes drawn higher than 6
    assert window.chart.find_withtag("line-hard") and len(window.chart.find_withtag("point-easy")) >= 3
    assert window.technique_text(Technique.HIDDEN_SINGLE) == "✔ found alone"
    assert window.technique_text(Technique.X_WING) == "◐ met, with help"
    assert window.technique_text(Technique.SWORDFISH) == "○ not met yet"
    window.tabs.select(1)
    pump(app)
    window.practise_buttons[Technique.X_WING].invoke()
    assert practised == [Technique.X_WING]
    app.set_theme("dark")
    pump(app)
    assert window.chart.cget("background") == app.theme.board
    assert window.chart.itemcget(window.chart.find_withtag("line-easy")[0], "fill") == "#81c784"


def test_practise_this_opens_a_position_where_the_technique_is_next(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    ordered: list[PuzzleKey] = []
    app.new_games.start_generated = ordered.append  # type: ignore[method-assign]
    window = app.stats.show()
    pump(app)
    window.practise_buttons[Technique.SKYSCRAPER].invoke()
    pump(app)
    assert ordered == []  # a stored position, served at once: nothing to generate
    assert app.session.name == "Practice · Skyscraper position"
    step = first_non_single(app.session.position.to_grid())
    assert step is not None and step.technique is Technique.SKYSCRAPER


def test_next_to_learn_reads_the_history(make_app: MakeApp, tmp_path: Path) -> None:
    history = GameHistory(history_path(tmp_path))
    found = ("FULL_HOUSE", "NAKED_SINGLE", "HIDDEN_SINGLE", "PEER_ELIMINATION")
    history.record(FinishedGame("k", "2026-11-20 10:00", "Mine", 9, "easy", 60.0, techniques=found, found_alone=found))
    app = make_app(data_dir=tmp_path)
    status = app.new_games.practice_status()
    assert all(status[Technique[name]] == "alone" for name in found)
    assert next_to_learn(status) not in {Technique[name] for name in found}


def test_export_csv_and_clear_history_asked_first(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(data_dir=tmp_path)
    history = GameHistory(history_path(tmp_path))
    for game in _games():
        history.record(game)
    window = app.stats.show()
    pump(app)
    target = tmp_path / "out" / "mine.csv"
    target.parent.mkdir()
    window.ask_csv_path = lambda: target
    window.export_button.invoke()
    rows = list(csv.reader(target.open()))
    assert tuple(rows[0]) == CSV_COLUMNS and len(rows) == 6
    assert f"Exported 5 games to {target}" in app.status_text()
    asked: list[str] = []
    window.confirm = lambda text: asked.append(text) or False
    window.clear_button.invoke()
    assert len(GameHistory.load(history_path(tmp_path)).games) == 5  # said no
    assert asked == ["Forget all 5 recorded games? This can't be undone (Export CSV… keeps a copy)."]
    window.confirm = lambda text: True
    window.clear_button.invoke()
    pump(app)
    assert GameHistory.load(history_path(tmp_path)).games == []
    assert window.game_rows() == [] and window.level_rows() == [("No games yet", "", "", "", "")]
    assert window.totals.cget("text") == "0 games: 0 solved, 0 given up  ·  Daily streak: 0 days"


def test_the_streak_shows_in_the_progress_window(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    history = GameHistory()
    for game in _games():
        history.record(game)
    window = ProgressWindow(
        app.root, history, app.theme, lambda t: None, app.say, practisable=frozenset(), today=lambda: date(2026, 11, 25)
    )
    pump(app)
    assert window.totals.cget("text").endswith("Daily streak: 2 days")
    assert not window.practise_buttons  # nothing practisable: no buttons
    window.destroy()
