"""Assists by level on a real window (Xvfb): the classic starts with the singles left to the player."""

from __future__ import annotations

import pytest
from gui_helpers import click, pump

from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.puzzles.choice import PuzzleChoice
from sudoku_tk.app.storage.settings import DEFAULTS
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist, Origin
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.solving.brute_force import solve

pytestmark = pytest.mark.gui

NOTE = "Easy puzzle: the singles are yours to find; Assist menu turns the singles assists on"


def test_the_classic_with_default_settings_does_not_end_after_the_first_click(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app(None)  # a fresh data folder: the first game is the classic, with the default settings
    assert app.session.puzzle_id == "classic" and DEFAULTS.assists == ALL_ASSISTS
    assert app.status_text() == f"{NOTE}. Click a candidate to place it, right-click to remove it"
    assert [a for a in Assist if app.session.has_assist(a)] == [Assist.PEERS]
    start = app.session.position
    solution = solve(app.session.start)
    assert solution is not None
    cell = 2  # r1c3 (4): any correct first click would have filled the whole board before
    assert not start.values[cell]
    click(app, cell, solution[cell])
    after = app.session.position
    assert after.values[cell] == solution[cell] and after.origins[cell] is Origin.PLAYER
    assert not after.is_solved() and app.card_text() == ""
    assert sum(1 for v in after.values if v) == sum(1 for v in start.values if v) + 1  # nothing placed for them
    assert any(e.text.startswith(NOTE) for e in app.status.log.entries())  # the message log keeps the note
    assert app.settings.assists == ALL_ASSISTS  # the player's choice is kept for other games


def test_the_assist_menu_turns_the_singles_on_and_other_switches_leave_them_alone(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app(None)
    assert not app.session.has_assist(Assist.HIDDEN_SINGLES)
    assert app.run_command("assist-peers")  # peers off: must not switch the singles on with it
    pump(app)
    assert not app.session.has_assist(Assist.PEERS)
    assert not app.session.has_assist(Assist.NAKED_SINGLES) and not app.session.has_assist(Assist.HIDDEN_SINGLES)
    assert app.run_command("assist-peers") and app.run_command("assist-naked")
    pump(app)
    assert app.session.has_assist(Assist.PEERS) and app.session.has_assist(Assist.NAKED_SINGLES)
    assert not app.session.has_assist(Assist.HIDDEN_SINGLES)
    assert app.settings.assists == ALL_ASSISTS


def test_a_harder_puzzle_no_digit_opens_starts_with_the_players_assists(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app(None)
    entry = puzzles.by_id("9x9-very_hard-058")
    assert entry is not None and entry.level is not Level.EASY
    app.start_puzzle(PuzzleChoice(entry.id, entry.name, entry.text, entry.source))
    pump(app)
    assert all(app.session.has_assist(a) for a in Assist)
    assert "singles are yours" not in app.status_text()
    easy = puzzles.puzzles_for(9, Level.EASY)[1]
    app.start_puzzle(PuzzleChoice(easy.id, easy.name, easy.text, easy.source))
    pump(app)
    assert app.status_text() == f"New game: {easy.name}. {NOTE}"
    assert [a for a in Assist if app.session.has_assist(a)] == [Assist.PEERS]
