"""New game with generated puzzles, and every game's rating in the status bar, on a real window.

The background worker runs on a fake executor in this process (no process is started here;
tests/test_background_worker.py has the one test of the real pool): ratings and level puzzles
are answered at once, practice puzzles and the jobs a test names are held until it releases them.
"""

from __future__ import annotations

import json
import time
import tkinter as tk
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import pytest
from gui_helpers import HARD, choose_new_game, click, key, pump

from sudoku_tk.app.puzzles.background_worker import MAKE_TIME_LIMIT, ORDER_ATTEMPTS, MakeJob, PidJob, RateJob
from sudoku_tk.app.puzzles.cache import CACHE_NAME, PuzzleCache, PuzzleKey
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.level_search import (
    Generated,
    generate_at_level,
    generate_practice,
    offered_practice_techniques,
    practice_techniques,
)
from sudoku_tk.engine.generating.practice_positions import first_non_single, practice_position_techniques
from sudoku_tk.engine.play.moves import Eliminate
from sudoku_tk.engine.rating.score import Level, Rating
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques
from sudoku_tk.system import autosave_dir
from sudoku_tk.ui.dialogs.new_game import (
    GENERATED,
    PRACTICE,
    NewGameDialog,
    PositionRequest,
    generated_ok,
    rating_level_labels,
    technique_label,
    technique_labels,
    technique_tip,
)
from sudoku_tk.ui.games.new_games import with_article
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
PASTED_RATING = Rating(Level.MEDIUM, 640, True, Technique.NAKED_PAIR, 3.0)


class FakeWorker(Executor):
    """The worker's executor, run in this process: answers at once unless a job is held (``hold``)."""

    def __init__(self, hold: Callable[[Any], bool] = lambda job: isinstance(job, MakeJob) and "practice" in job.key):
        self.hold = hold
        self.jobs: list[Any] = []
        self.held: list[tuple[Any, Future[Any]]] = []

    def answer(self, job: Any) -> Any:
        if isinstance(job, RateJob):
            return PASTED_RATING
        if isinstance(job, MakeJob):  # a refill: some puzzle, never the one a test looks for
            return Generated(CLASSIC, PASTED_RATING, job.seed, 1)
        return None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        job = args[0]
        future: Future[Any] = Future()
        if isinstance(job, PidJob):
            future.set_result(fn(job))
            return future
        self.jobs.append(job)
        if self.hold(job):
            self.held.append((job, future))
        else:
            future.set_result((0, self.answer(job)))
        return future

    def release(self, result: Any) -> Any:
        job, future = self.held.pop(0)
        future.set_result((0, result))
        return job

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def until(app: App, condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Let the window run (its timers poll the worker) until ``condition`` holds."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the window never got there"
        pump(app)
        time.sleep(0.01)


@pytest.fixture(scope="module")
def hard_puzzle() -> Generated:
    found = generate_at_level("5/0", Level.HARD)
    assert found is not None and found.rating is not None
    return found


@pytest.fixture(scope="module")
def x_wing_puzzle() -> Generated:
    found = generate_practice("3/0", Technique.X_WING)
    assert found is not None and found.rating is not None
    return found


def choose(app: App, act: Callable[[NewGameDialog], None]) -> None:
    """Ctrl+N, then ``act`` on the dialog, then Return (Play)."""
    choose_new_game(app, act)


def pick_level(label: str) -> Callable[[NewGameDialog], None]:
    def act(dialog: NewGameDialog) -> None:
        dialog.size_buttons[9].invoke()
        dialog.generated_button.invoke()
        assert list(dialog.level_box.cget("values")) == rating_level_labels()
        dialog.level_var.set(label)
        dialog.level_box.event_generate("<<ComboboxSelected>>")

    return act


def pick_technique(name: str, position: bool = False) -> Callable[[NewGameDialog], None]:
    """Choose ``name`` for practice: in a whole new puzzle, or (``position``) from a position."""

    def act(dialog: NewGameDialog) -> None:
        dialog.position_var.set(position)
        dialog.technique_var.set(name)
        dialog.technique_box.event_generate("<<ComboboxSelected>>")
        assert dialog.mode_var.get() == PRACTICE and str(dialog.level_box.cget("state")) == "disabled"

    return act


def test_a_generated_level_from_the_cache_starts_at_once_named_and_rated(
    open_app: Callable[..., App], data_dir: Path, hard_puzzle: Generated
) -> None:
    PuzzleCache(data_dir / CACHE_NAME).put(PuzzleKey.at(Level.HARD), hard_puzzle)
    worker = FakeWorker(hold=lambda job: isinstance(job, MakeJob))
    app = open_app(background=lambda: worker)
    until(app, lambda: app.status.rating_text() == PASTED_RATING.display())  # the opening puzzle, rated
    choose(app, pick_level("Hard"))
    s = app.session
    assert (s.name, s.start.to_string()) == ("Generated · Hard", hard_puzzle.puzzle)
    assert s.source == (
        "Generated by Sudoku Tk from seed 5/0 (sudoku-tk generate --level hard --seed 5 makes it again)"
    )
    assert s.rating == hard_puzzle.rating and app.status.rating_text() == hard_puzzle.rating.display()
    assert app.root.title() == "Sudoku Tk — Generated · Hard"
    assert RateJob(hard_puzzle.puzzle) not in worker.jobs  # its rating came with it
    assert app.new_games.cache.count(PuzzleKey.at(Level.HARD)) == 0
    on_disk = json.loads((data_dir / CACHE_NAME).read_text(encoding="utf-8"))
    assert [p["key"] for p in on_disk["puzzles"]] == []


def test_an_empty_cache_makes_the_puzzle_and_play_it_asks_before_replacing(
    open_app: Callable[..., App], x_wing_puzzle: Generated
) -> None:
    worker = FakeWorker()
    app = open_app(background=lambda: worker)
    choose(app, pick_technique("X-Wing"))
    assert app.banner_text() == "Making an X-Wing puzzle… it opens when ready."
    assert app.session.name == "Test puzzle"  # the dialog did not wait: the game goes on
    solution = solve(parse_grid(HARD))
    assert solution is not None
    cell = app.session.position.empty_cells()[0]
    click(app, cell, solution[cell])  # now a game in progress
    until(app, lambda: bool(worker.held))
    job = worker.release(x_wing_puzzle)
    assert job.key == "practice:X_WING"
    until(app, lambda: app.banner_text() == "Your X-Wing puzzle is ready.")
    assert app.notice_buttons() == ["Play it", "Later"]
    asked: list[str] = []
    app.files.keeper.ask_replace = lambda question: asked.append(question) is None
    app.press_notice("Play it")
    pump(app)
    assert len(asked) == 1 and asked[0].startswith("“Test puzzle” is in progress")
    s = app.session
    assert (s.name, s.start.to_string()) == ("Practice · X-Wing", x_wing_puzzle.puzzle)
    assert '--technique "X-Wing" --seed 3 makes it again' in s.source
    assert app.status.rating_text() == x_wing_puzzle.rating.display()
    assert app.new_games.cache.puzzles(PuzzleKey.practice(Technique.X_WING)) == ()


def _in_progress(app: App) -> list[str]:
    """Make a move (the game is then in progress) and count the replace questions from now on."""
    solution = solve(parse_grid(HARD))
    assert solution is not None
    cell = app.session.position.empty_cells()[0]
    click(app, cell, solution[cell])
    asked: list[str] = []
    app.files.keeper.ask_replace = lambda question: asked.append(question) is None
    return asked


def test_practice_asks_once_and_only_when_the_made_puzzle_is_played(
    open_app: Callable[..., App], x_wing_puzzle: Generated
) -> None:
    """Issue 22.4: not before the dialog and again on "Play it": once, when the game is about to be replaced."""
    worker = FakeWorker()
    app = open_app(background=lambda: worker)
    asked = _in_progress(app)
    choose(app, pick_technique("X-Wing"))
    assert asked == [] and app.banner_text() == "Making an X-Wing puzzle… it opens when ready."
    until(app, lambda: bool(worker.held))
    worker.release(x_wing_puzzle)
    until(app, lambda: app.notice_buttons() == ["Play it", "Later"])
    app.press_notice("Play it")
    pump(app)
    assert len(asked) == 1 and app.session.name == "Practice · X-Wing"


def test_a_ready_puzzle_is_asked_about_after_the_dialog_and_stays_ready_when_kept(
    open_app: Callable[..., App], data_dir: Path, hard_puzzle: Generated
) -> None:
    PuzzleCache(data_dir / CACHE_NAME).put(PuzzleKey.at(Level.HARD), hard_puzzle)
    app = open_app()
    asked = _in_progress(app)
    app.files.keeper.ask_replace = lambda question: asked.append(question) is not None  # Keep playing
    choose(app, pick_level("Hard"))
    assert len(asked) == 1 and "Replace it with a Hard puzzle?" in asked[0]
    assert app.session.name == "Test puzzle" and app.new_games.cache.count(PuzzleKey.at(Level.HARD)) == 1
    app.files.keeper.ask_replace = lambda question: asked.append(question) is None  # Replace
    choose(app, pick_level("Hard"))
    assert len(asked) == 2 and app.session.name == "Generated · Hard"


def test_a_built_in_puzzle_is_asked_about_once_after_the_dialog(open_app: Callable[..., App]) -> None:
    app = open_app()
    asked = _in_progress(app)
    seen: list[str] = []

    def pick_four(dialog: NewGameDialog) -> None:
        seen.append(f"dialog after {len(asked)} questions")
        dialog.size_buttons[4].invoke()

    choose(app, pick_four)
    assert seen == ["dialog after 0 questions"] and len(asked) == 1
    assert app.session.geometry.side == 4


def test_later_keeps_the_made_puzzle_for_the_next_new_game(open_app: Callable[..., App], x_wing_puzzle: Generated):
    worker = FakeWorker()
    app = open_app(background=lambda: worker)
    choose(app, pick_technique("X-Wing"))
    until(app, lambda: bool(worker.held))
    worker.release(x_wing_puzzle)
    until(app, lambda: app.notice_buttons() == ["Play it", "Later"])
    app.press_notice("Later")
    assert app.session.name == "Test puzzle" and app.banner_text() == ""
    choose(app, lambda dialog: None)  # the dialog offers practice with X-Wing again
    assert app.session.name == "Practice · X-Wing" and app.session.start.to_string() == x_wing_puzzle.puzzle


def test_a_pasted_puzzle_is_rated_in_the_background_and_the_rating_is_saved(
    open_app: Callable[..., App], data_dir: Path
) -> None:
    worker = FakeWorker(hold=lambda job: isinstance(job, RateJob) and job.puzzle == CLASSIC)
    app = open_app(background=lambda: worker)
    app.start_grid(parse_grid(CLASSIC), "Pasted puzzle")
    pump(app)
    assert app.status.rating_text() == "Rating…"
    until(app, lambda: bool(worker.held))
    assert worker.release(PASTED_RATING) == RateJob(CLASSIC)
    until(app, lambda: app.status.rating_text() == "Medium · 640 · SE ≈ 3.0")
    assert app.session.rating == PASTED_RATING
    app.close()
    app.root.destroy()
    # The autosave kept it: the game opens again rated, without asking the worker.
    saved = json.loads(next(autosave_dir(data_dir).glob("*.json")).read_text(encoding="utf-8"))
    assert saved["rating"]["level"] == "medium" and saved["rating"]["score"] == 640
    again_worker = FakeWorker(hold=lambda job: True)
    again = open_app(puzzle=None, background=lambda: again_worker)
    assert again.session.name == "Pasted puzzle"
    assert again.status.rating_text() == "Medium · 640 · SE ≈ 3.0"
    pump(again)
    assert RateJob(CLASSIC) not in again_worker.jobs


def test_small_and_big_boards_show_no_rating(open_app: Callable[..., App]) -> None:
    worker = FakeWorker()
    app = open_app(background=lambda: worker)
    app.new_puzzle(4)
    pump(app)
    assert app.session.geometry.side == 4 and app.status.rating_text() == ""
    app.new_puzzle(16)
    pump(app)
    assert app.status.rating_text() == ""
    assert all(not isinstance(j, RateJob) or len(j.puzzle) == 81 for j in worker.jobs)


def test_without_a_worker_a_window_rates_nothing_and_says_so_for_generated(make_app: Callable[..., App]) -> None:
    app = make_app()
    assert app.status.rating_text() == "" and not app.new_games.worker.enabled
    app.new_games.start_generated(PuzzleKey.at(Level.EXTREME))
    assert app.status_text() == "No Extreme puzzle is ready, and this window makes none"


# -- the dialog on its own ------------------------------------------------------------------------


def test_the_dialog_offers_generated_and_practice_for_9x9_only(root: tk.Tk) -> None:
    dlg = NewGameDialog(root, show=False)
    assert str(dlg.generated_button.cget("state")) == "normal"
    dlg.generated_button.invoke()
    assert dlg.level_var.get() == "Medium"  # "Any level" is no level to generate at
    dlg.size_buttons[4].invoke()
    assert dlg.mode_var.get() == "random"
    assert str(dlg.generated_button.cget("state")) == "disabled"
    assert str(dlg.practice_button.cget("state")) == "disabled"
    assert str(dlg.technique_box.cget("state")) == "disabled"
    dlg.cancel()


def test_the_dialog_returns_what_to_make(root: tk.Tk) -> None:
    dlg = NewGameDialog(root, show=False, mode=GENERATED, level="hard")
    dlg.level_var.set("Extreme")
    dlg.ok()
    assert dlg.result == PuzzleKey.at(Level.EXTREME) and dlg.chosen_mode == GENERATED
    dlg = NewGameDialog(root, show=False, mode=PRACTICE, technique=Technique.XY_CHAIN)
    assert dlg.technique_var.get() == "XY-Chain · Chains · Unfair" and dlg.position_var.get()
    dlg.ok()
    assert dlg.result == PositionRequest(Technique.XY_CHAIN) and dlg.chosen_technique is Technique.XY_CHAIN
    dlg = NewGameDialog(root, show=False, mode=PRACTICE, technique=Technique.XY_CHAIN)
    dlg.position_var.set(False)  # a whole new puzzle
    dlg.ok()
    assert dlg.result == PuzzleKey.practice(Technique.XY_CHAIN)


def test_every_technique_is_offered_with_family_and_level_rare_ones_from_a_position_only() -> None:
    labels = technique_labels()
    assert len(labels) == 80 and labels[0] == "Peer Elimination · Basics · Easy"
    assert "Simple Colors Wrap · Coloring · Hard" in labels and "Brute Force · Last Resort · Extreme" in labels
    key, why = generated_ok(9, PRACTICE, "", "Simple Colors Wrap · Coloring · Hard")
    assert key is None and why == (
        "Simple Colors Wrap is too rare for a whole puzzle (the solver always finds an easier step first, so no "
        "puzzle needs it): practise it from a position."
    )
    tip = technique_tip()
    assert "Not in a whole new puzzle: " in tip and "Simple Colors Wrap" in tip and "Multi Colors 2" in tip


def test_an_ordered_puzzle_never_found_is_given_up_with_a_notice(open_app: Callable[..., App]) -> None:
    worker = FakeWorker()  # holds practice jobs until released
    app = open_app(background=lambda: worker)
    choose(app, pick_technique("X-Wing"))
    assert app.banner_text() == "Making an X-Wing puzzle… it opens when ready."
    for _ in range(ORDER_ATTEMPTS):
        until(app, lambda: bool(worker.held))
        worker.release(None)  # this search found nothing: another seed is tried
        pump(app)
    until(app, lambda: app.banner_text().startswith("No X-Wing puzzle was found"))
    assert app.banner_text() == (
        f"No X-Wing puzzle was found in {ORDER_ATTEMPTS * MAKE_TIME_LIMIT / 60:g} minutes of searching. "
        "Try another level or technique."
    )
    assert app.session.name == "Test puzzle"  # the game in play is untouched
    pump(app)
    assert not worker.held  # nothing more is searched for


def test_generated_ok_refuses_what_cannot_be_made() -> None:
    assert generated_ok(9, PRACTICE, "", "Tea") == (None, "Choose a technique to practise from the list, not 'Tea'.")
    assert generated_ok(9, GENERATED, "Any level", "")[1] == (
        "Choose a level for the generated puzzle (Easy, Medium, Hard, Unfair, Extreme)."
    )
    assert generated_ok(16, PRACTICE, "", "X-Wing")[0] is None


@pytest.fixture
def root() -> Any:
    r = tk.Tk()
    r.withdraw()
    yield r
    r.destroy()


def test_the_dialog_offers_last_runs_choice_first(
    open_app: Callable[..., App], data_dir: Path, hard_puzzle: Generated
) -> None:
    """What kind of puzzle the player chose (practice, and which technique) is saved with the settings: the
    next run's New game dialog starts there."""
    worker = FakeWorker(hold=lambda job: isinstance(job, MakeJob))
    app = open_app(background=lambda: worker)
    choose(app, pick_technique("XY-Chain"))
    assert app.settings.new_game_mode == PRACTICE and app.settings.practice_technique is Technique.XY_CHAIN
    app.close()
    app.root.destroy()
    again = open_app(None, background=lambda: FakeWorker(hold=lambda job: isinstance(job, MakeJob)))
    seen: list[tuple[str, str]] = []
    choose(again, lambda dialog: seen.append((dialog.mode_var.get(), dialog.technique_var.get())))
    assert seen == [(PRACTICE, "XY-Chain · Chains · Unfair")]


# -- practice from a position (issue 25) -------------------------------------------------------------------


def _position_technique() -> Technique:
    """The first technique on by default that the old practice (whole puzzles) never offered and that has a
    position served with the default set (no technique switched off)."""
    from sudoku_tk.engine.generating.practice_positions import load_positions, needs_enabling

    never = [t for t in practice_techniques() if t not in offered_practice_techniques()]
    stored = load_positions()
    ready = [t for t in never if stored.of(t) and not needs_enabling(t) and not any(p.techniques for p in stored.of(t))]
    assert ready, "no position for any technique the old practice lacked"
    return ready[0]


def test_a_position_with_techniques_switched_off_says_so_and_the_hint_names_it_with_them_off(
    open_app: Callable[..., App],
) -> None:
    """Multi Colors 2 is never first in the default order (each cell it clears sees its own opposite group, so Multi
    Colors 1 takes it, and a Simple Colors Trap came first on every board found): its position switches both off, the
    status line says so and why, and with them off in the settings the hint names Multi Colors 2."""
    from sudoku_tk.engine.generating.practice_positions import SWITCHED_OFF

    technique = Technique.MULTI_COLORS_2
    app = open_app(background=lambda: FakeWorker())
    choose(app, pick_technique(technique_label(technique), position=True))
    assert app.session.name == f"Practice · {technique.display_name} position"
    text = app.status.text()
    moves = len(app.session.moves)
    off = f"{Technique.SIMPLE_COLORS_TRAP.display_name} and {Technique.MULTI_COLORS_1.display_name}"
    assert text == (
        f"A {technique.display_name} is the next step here with {off} switched off: {SWITCHED_OFF[technique]}."
        f" {moves} moves led here (Undo takes them back). Switch them off in Hint > Techniques for the hint to name"
        " it."
    ), text
    key(app, "h")
    pump(app)
    assert app.hint_panel.title_text() == "Simple Colors Trap"  # the default set: the Trap comes first
    key(app, "Escape")
    off_set = {Technique.SIMPLE_COLORS_TRAP, Technique.MULTI_COLORS_1}
    app.update_settings(app.settings.with_techniques(frozenset(default_techniques()) - off_set))
    key(app, "h")
    pump(app)
    assert app.hint_panel.title_text() == technique.display_name


def test_practice_from_a_position_shows_it_with_its_moves_and_the_hint_names_the_technique(
    open_app: Callable[..., App],
) -> None:
    technique = _position_technique()
    app = open_app(background=lambda: FakeWorker())
    seen: list[str] = []

    def pick(dialog: NewGameDialog) -> None:
        seen.append(dialog.next_label.cget("text"))
        pick_technique(technique_label(technique), position=True)(dialog)

    choose(app, pick)
    assert seen == [f"Next to learn: {technique_label(Technique.FULL_HOUSE)}"]  # nothing recorded yet: the first one
    s = app.session
    assert s.name == f"Practice · {technique.display_name} position"
    moves = s.moves
    assert moves and any(isinstance(m, Eliminate) for m in moves)
    said = with_article(technique.display_name)
    assert app.status.text() == f"{said[0].upper()}{said[1:]} is the next step here: {len(moves)} moves led here" + (
        " (Undo takes them back)."
    )
    # the board is the position: every move in force, and the next step after the singles is the technique
    board = s.position.to_grid()
    step = first_non_single(board)
    assert step is not None and step.technique is technique
    key(app, "h")
    pump(app)
    assert app.hint_panel.title_text() == technique.display_name
    # the moves are the game's: Undo takes the last one back
    key(app, "Escape")
    key(app, "z", CONTROL)
    pump(app)
    assert app.session.moves == moves[:-1]


def test_next_to_learn_suggests_the_first_technique_not_found_alone(root: tk.Tk) -> None:
    status = {t: "alone" for t in practice_position_techniques()[:5]}
    status[Technique.LOCKED_TRIPLE] = "hint"
    dlg = NewGameDialog(root, show=False, status=status)
    nxt = practice_position_techniques()[5]
    assert dlg.next_technique is nxt and dlg.next_label.cget("text") == f"Next to learn: {technique_label(nxt)}"
    dlg.practise_next()
    assert dlg.mode_var.get() == PRACTICE and dlg.technique_var.get() == technique_label(nxt)
    dlg.ok()
    assert dlg.result == PositionRequest(nxt)
    every = NewGameDialog(root, show=False, status={t: "alone" for t in practice_position_techniques()})
    assert every.next_technique is None and str(every.next_button.cget("state")) == "disabled"
    every.cancel()
