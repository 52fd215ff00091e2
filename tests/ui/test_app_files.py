"""Puzzles and games in and out of a real window (Xvfb): paste, open, save, new game, enter, copy, export,
resume from the autosave, and settings kept between runs. Every App here keeps its files in a temporary folder."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from gui_helpers import HARD, click, clipboard, key, pump, when_dialog_opens

from sudoku_tk.app.puzzles.built_in import by_id
from sudoku_tk.app.storage.file_reading import MAX_FILE_BYTES
from sudoku_tk.app.storage.game_io import TextKind, copy_text, export_text
from sudoku_tk.app.storage.save_format import load_game
from sudoku_tk.app.storage.settings import Theme, load_settings
from sudoku_tk.engine.formats import format_pencilmarks, parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Place
from sudoku_tk.engine.play.propagation import Assist, recompute
from sudoku_tk.engine.solving.brute_force import count_solutions, solve
from sudoku_tk.ui.dialogs.new_game import NewGameDialog
from sudoku_tk.ui.dialogs.puzzle_and_preferences import PuzzleTextDialog
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# First line of the public multi-solution set: two solutions.
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
SOLUTION = solve(parse_grid(HARD))
assert SOLUTION is not None


def _play_right(app: App, count: int) -> None:
    """Place ``count`` correct digits by clicks (whatever puzzle the app is playing)."""
    solution = SOLUTION if app.session.start.to_string() == HARD else solve(app.session.start)
    assert solution is not None
    for _ in range(count):
        moves = len(app.session.moves)
        cell = app.session.position.empty_cells()[0]
        click(app, cell, solution[cell])
        assert len(app.session.moves) == moves + 1


def _state(app: App) -> tuple:  # type: ignore[type-arg]
    s = app.session
    return s.start, s.moves, s.redo_moves, s.name, s.position.values, s.position.candidates


# -- paste ------------------------------------------------------------------------------------


def test_ctrl_v_plays_the_puzzle_on_the_clipboard(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app(CLASSIC)
    clipboard(app, "  " + HARD + "\n")
    key(app, "v", CONTROL)
    assert app.session.start.givens == parse_grid(HARD).givens
    assert app.session.name == "Pasted puzzle" and app.session.source == "pasted" and not app.session.moves
    assert app.root.title() == "Sudoku Tk — Pasted puzzle"
    assert app.board.digit_text(0) == "4" and app.notice_buttons() == []


def test_a_pasted_candidate_grid_becomes_the_starting_position(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app(CLASSIC)
    start = parse_grid(HARD)
    wrong = [next(d for d in range(1, 10) if d != SOLUTION[c] and recompute(start).has_candidate(c, d)) for c in (1, 2)]
    pos = recompute(start, (Eliminate(((1, wrong[0]), (2, wrong[1]))), Place(10, SOLUTION[10])))
    clipboard(app, format_pencilmarks(pos.to_grid()))
    app.run_command("paste")
    pump(app)
    start = app.session.start
    assert start.has_pencilmarks and start.candidates == pos.candidates and start.values == pos.values
    assert not app.board.candidate_visible(1, wrong[0]) and app.board.digit_text(10) == str(SOLUTION[10])


def test_pasted_conflicts_are_named_and_the_game_stays(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    _play_right(app, 2)
    before = _state(app)
    clipboard(app, "55" + "." * 79)
    key(app, "v", CONTROL)
    assert "5 stands twice in row 1: r1c1 and r1c2" in app.banner_text()
    assert "Your game is unchanged" in app.banner_text() and app.notice_buttons() == ["Dismiss"]
    assert _state(app) == before
    app.press_notice("Dismiss")
    assert app.banner_text() == ""


def test_unreadable_and_empty_clipboards_say_so(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    before = _state(app)
    clipboard(app, "hello there")
    app.run_command("paste")
    assert app.banner_text().startswith("This is not a puzzle the app can read")
    clipboard(app, None)
    app.run_command("paste")
    assert "clipboard holds no text" in app.banner_text()
    assert _state(app) == before


def test_several_solutions_are_played_only_after_confirming(open_app) -> None:  # type: ignore[no-untyped-def]
    assert count_solutions(parse_grid(SEVERAL)) == 2
    app = open_app()
    before = _state(app)
    clipboard(app, SEVERAL)
    app.run_command("paste")
    assert "more than one solution" in app.banner_text()
    assert app.notice_buttons() == ["Play anyway", "Cancel"]
    app.press_notice("Cancel")
    assert _state(app) == before and app.banner_text() == ""
    app.run_command("paste")
    app.press_notice("Play anyway")
    pump(app)
    assert app.session.start.givens == parse_grid(SEVERAL).givens
    assert app.session.is_unique is False
    assert not app.commands.get("solve").is_available() and not app.commands.get("reveal-cell").is_available()


def test_puzzle_text_dialog_plays_what_was_typed(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    errors: list[BaseException] = []

    def type_and_play(dialog: PuzzleTextDialog) -> None:
        dialog.set_text(CLASSIC)
        dialog.ok()

    when_dialog_opens(app, PuzzleTextDialog, type_and_play, errors)
    app.run_command("puzzle-text")
    pump(app)
    assert not errors, errors
    assert app.session.start.to_string() == CLASSIC and app.session.name == "Typed puzzle"


# -- open and save ------------------------------------------------------------------------------


def test_save_and_open_round_trip(open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app(name="Round trip")
    _play_right(app, 4)
    app.run_command("undo")
    pump(app)
    saved_state = _state(app)
    path = tmp_path / "game.sudoku.json"
    app.files.ask_save = lambda: path
    app.run_command("save")
    assert path.is_file() and app.status_text() == "Saved game.sudoku.json"
    assert json.loads(path.read_text())["format"] == "sudoku-tk-game"
    app.files.keeper.ask_replace = lambda question: True  # a game in progress: the player answers Replace
    app.run_command("new-9")
    pump(app)
    assert app.session.name != "Round trip"
    app.files.ask_open = lambda: path
    app.run_command("open")
    pump(app)
    assert _state(app) == saved_state
    assert app.root.title() == "Sudoku Tk — Round trip" and app.files.path == path
    # Save again goes to the same file without asking.
    app.files.ask_save = lambda: pytest.fail("Save asked for a file it already has")  # type: ignore[assignment, return-value]
    _play_right(app, 1)
    app.run_command("save")
    assert len(load_game(path).moves) == len(saved_state[1]) + 1
    assert app.settings.last_directory == str(tmp_path)


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ('{"format": "sudoku-tk-game", "version": 1, "size": 9, "givens": "', "not valid JSON"),
        (
            '{"format": "sudoku-tk-game", "version": 1, "size": 9, "givens": "' + CLASSIC + '", "moves": '
            '[{"kind": "place", "cell": "r10c1", "digit": "5"}]}',
            "moves[0].cell",
        ),
        ('{"format": "sudoku-tk-game", "version": 7, "size": 9, "givens": "' + CLASSIC + '"}', "newer version"),
        ("55" + "." * 79, "5 stands twice in row 1"),
        ("this is no puzzle", "not a puzzle the app can read"),
    ],
)
def test_a_bad_file_gives_a_message_and_changes_nothing(
    open_app,
    tmp_path: Path,
    content: str,  # type: ignore[no-untyped-def]
    needle: str,
) -> None:
    app = open_app()
    _play_right(app, 2)
    before = _state(app)
    path = tmp_path / "bad.json"
    path.write_text(content)
    app.files.ask_open = lambda: path
    app.run_command("open")
    pump(app)
    assert needle in app.banner_text(), app.banner_text()
    assert _state(app) == before and app.files.path is None


def test_a_huge_file_is_refused_unread(open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    before = _state(app)
    path = tmp_path / "huge.txt"
    path.write_bytes(b"." * (MAX_FILE_BYTES + 1))
    assert not app.files.open_path(path)
    assert "too large" in app.banner_text() and _state(app) == before


def test_opening_a_puzzle_file_plays_it_named_after_the_file(open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    path = tmp_path / "my puzzle.sdk"
    path.write_text("#AMe\n" + "\n".join(CLASSIC[i : i + 9] for i in range(0, 81, 9)) + "\n")
    assert app.files.open_path(path)
    pump(app)
    assert app.session.start.to_string() == CLASSIC and app.session.name == "my puzzle"
    assert app.session.source == "file my puzzle.sdk"


HARDEST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_opening_a_collection_offers_its_puzzles_and_plays_the_one_chosen(open_app, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from sudoku_tk.ui.dialogs.collection import CollectionDialog

    app = open_app()
    path = tmp_path / "mine.txt"
    path.write_text(f"# my puzzles\n{CLASSIC}\n{HARDEST} the hardest\n{HARD}\n")
    errors: list[BaseException] = []
    listed: list[str] = []

    dialog_texts: list[str] = []

    def choose(dialog: CollectionDialog) -> None:
        listed.extend(dialog.puzzle_list.get(0, "end"))
        dialog_texts.append(dialog.heading.cget("text"))
        dialog.puzzle_list.focus_force()
        dialog.update()
        dialog.puzzle_list.event_generate("<Down>")  # the keyboard, as a player would: second puzzle
        dialog.update()
        dialog.event_generate("<Return>")

    when_dialog_opens(app, CollectionDialog, choose, errors)
    app.files.ask_open = lambda: path
    app.run_command("open")
    pump(app)
    assert not errors, errors
    assert listed[0] == "1.   30 givens  53..7....6..195....98....6.…  (line 2)" and len(listed) == 3
    assert dialog_texts[0] == "mine.txt holds 3 puzzles. Choose one to play."
    assert app.session.start.to_string() == HARDEST
    assert app.session.name == "mine #2" and app.session.source == "file mine.txt, line 3"


def test_a_pasted_collection_is_offered_too_and_cancel_keeps_the_game(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    _play_right(app, 1)
    before = _state(app)
    asked: list[int] = []

    def cancel(collection, name):  # type: ignore[no-untyped-def]
        asked.append(len(collection.puzzles))
        return None

    app.files.ask_collection = cancel
    clipboard(app, f"{CLASSIC}\n{HARDEST}\n")
    key(app, "v", CONTROL)
    pump(app)
    assert asked == [2] and _state(app) == before
    assert app.status_text() == "No puzzle chosen; your game is unchanged"
    app.files.ask_collection = lambda collection, name: 0
    app.files.keeper.ask_replace = lambda question: True  # a game in progress: the player answers Replace
    key(app, "v", CONTROL)
    pump(app)
    assert app.session.start.to_string() == CLASSIC and app.session.name == "Pasted puzzle #1"


def test_an_endless_paste_is_refused_with_a_message(open_app, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from sudoku_tk.ui.games import files as game_files

    monkeypatch.setattr(game_files, "MAX_PASTE_CHARS", 1000)
    app = open_app()
    before = _state(app)
    clipboard(app, "1" * 1001)
    key(app, "v", CONTROL)
    pump(app)
    assert app.banner_text() == (
        "The clipboard holds 1,001 characters of text, too much for puzzles "
        "(the limit is 1,000). Your game is unchanged."
    )
    assert _state(app) == before


# -- new game ------------------------------------------------------------------------------------


def test_new_game_dialog_starts_the_chosen_puzzle_and_remembers_it(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    errors: list[BaseException] = []

    def choose_four(dialog: NewGameDialog) -> None:
        dialog.size_var.set(4)
        dialog._refresh()  # what clicking the size radio button runs
        dialog.select_puzzle(dialog.shown[0].id)
        dialog.ok()

    when_dialog_opens(app, NewGameDialog, choose_four, errors)
    app.run_command("new")
    pump(app)
    assert not errors, errors
    s = app.session
    entry = by_id(s.puzzle_id)
    assert entry is not None and s.geometry.side == 4 and s.name == entry.name and s.source == entry.source
    assert app.settings.recent_ids[0] == entry.id and app.settings.new_game_size == 4
    saved, notes = load_settings(data_dir / "settings.json")
    assert not notes and saved.recent_ids[0] == entry.id and saved.new_game_size == 4


def test_new_game_dialog_cancel_keeps_the_game(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    before = _state(app)
    errors: list[BaseException] = []
    when_dialog_opens(app, NewGameDialog, lambda d: d.cancel(), errors)
    app.run_command("new")
    pump(app)
    assert not errors and _state(app) == before


def test_random_new_puzzles_avoid_recently_played_ones(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    seen = []
    for _ in range(6):
        app.run_command("new-4")
        pump(app)
        seen.append(app.session.puzzle_id)
    assert len(set(seen)) == 6 and list(app.settings.recent_ids[:6]) == seen[::-1]


# -- entering a puzzle on the board ----------------------------------------------------------------


def test_enter_a_puzzle_then_start_locks_the_givens(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    _play_right(app, 1)
    app.files.keeper.ask_replace = lambda question: True  # a game in progress: the player answers Replace
    app.run_command("enter-puzzle")
    pump(app)
    s = app.session
    assert s.is_entering and app.notice_buttons() == ["Start", "Cancel"]
    assert all(v == 0 for v in s.position.values) and app.root.title() == "Sudoku Tk — New puzzle"
    givens = parse_grid(CLASSIC).givens
    cells = [c for c, v in enumerate(givens) if v]
    click(app, cells[0], givens[cells[0]])  # a click on a candidate types a given
    for c in cells[1:]:
        assert s.place(c, givens[c])
    pump(app)
    # A clashing extra digit: Start names the problem and keeps the entering board.
    assert s.place(2, 5)
    app.press_notice("Start")
    assert "5 stands twice in row 1" in app.banner_text() and s.is_entering
    assert app.notice_buttons() == ["Start", "Cancel"]
    app.run_command("undo")
    app.press_notice("Start")
    pump(app)
    assert not s.is_entering and s.start.givens == givens and s.name == "Entered puzzle"
    assert app.board.digit_role(cells[0]) == "given" and app.banner_text() == ""


def test_cancel_entering_brings_the_game_back(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    _play_right(app, 2)
    before = _state(app)
    app.files.keeper.ask_replace = lambda question: True  # a game in progress: the player answers Replace
    app.run_command("enter-puzzle")
    app.session.place(0, 1)
    assert not app.commands.get("save").is_available()
    app.press_notice("Cancel")
    pump(app)
    assert _state(app) == before and not app.session.is_entering


# -- copy and export -------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(TextKind))
def test_copy_puts_each_text_on_the_clipboard(open_app, kind: TextKind) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    _play_right(app, 2)
    app.run_command(f"copy-{kind.value}")
    assert app.root.clipboard_get() == copy_text(kind, app.session.position)
    assert app.status_text() == f"Copied the {kind.label.lower()} to the clipboard"


def test_ctrl_c_copies_the_puzzle_line(open_app) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    clipboard(app, None)
    key(app, "c", CONTROL)
    assert app.root.clipboard_get() == HARD


@pytest.mark.parametrize("kind", list(TextKind))
def test_export_writes_each_text(open_app, tmp_path: Path, kind: TextKind) -> None:  # type: ignore[no-untyped-def]
    app = open_app(name="Export me")
    _play_right(app, 2)
    path = tmp_path / f"out-{kind.value}.txt"
    app.files.ask_export = lambda k: path if k is kind else None
    app.run_command(f"export-{kind.value}")
    assert path.read_text() == export_text(kind, app.session.position, "Export me")
    assert app.status_text().endswith(path.name)


# -- autosave and resume ---------------------------------------------------------------------------


def test_the_next_start_resumes_the_game_exactly(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app(name="Resume me")
    _play_right(app, 5)
    app.run_command("undo")
    app.run_command("undo")
    app.session.set_assist(Assist.HIDDEN_SINGLES, False)
    pump(app)
    before = _state(app)
    elapsed = app.session.elapsed()
    t0 = time.monotonic()
    app.close()
    app.root.destroy()
    saved = load_game(data_dir / "autosave" / "autosave.json").elapsed
    # The clock saved is the one at closing: it ran on only while the window closed (bounds from the wall clock,
    # so a busy machine can't break them).
    assert elapsed <= saved <= elapsed + (time.monotonic() - t0) + 0.01
    t1 = time.monotonic()
    again = open_app(None)
    assert _state(again) == before
    assert again.session.assists == frozenset({Assist.PEERS, Assist.NAKED_SINGLES})
    # It goes on from there, not from zero: at most the time the reopening took has been added.
    assert saved <= again.session.elapsed() <= saved + (time.monotonic() - t1) + 0.01
    assert again.root.title() == "Sudoku Tk — Resume me" and again.banner_text() == ""
    again.run_command("redo")
    assert len(again.session.moves) == len(before[1]) + 1


def test_every_move_is_autosaved(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    for n in range(1, 4):
        _play_right(app, 1)
        time.sleep(0.01)  # the save waits for an after(1) timer: the click is drawn first
        pump(app)
        assert len(load_game(data_dir / "autosave" / "autosave.json").moves) == n


def test_an_unreadable_autosave_falls_back_to_the_backup(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    for _ in range(3):
        _play_right(app, 1)
        time.sleep(0.01)
        pump(app)  # each move's autosave is written
    moves = app.session.moves
    assert len(load_game(data_dir / "autosave" / "autosave.json").moves) == 3
    (data_dir / "autosave" / "autosave.json").write_text("{ damaged")
    app.files.lock.release()  # as if the window had been killed: no save at exit, its lock gone
    again = open_app(None)
    assert again.files.slot == 1
    assert again.session.moves == moves[:2]  # the backup is the save before the last
    assert "restored from the backup" in again.banner_text()


def test_the_app_starts_even_when_nothing_can_be_read(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    (data_dir / "autosave").mkdir(parents=True)
    (data_dir / "autosave" / "autosave.json").write_bytes(b"\xff\xfe garbage")
    (data_dir / "settings.json").write_text("[1, 2")
    app = open_app(None)
    assert app.session.geometry.side == 9 and app.session.name
    assert "new game was started" in app.banner_text() and "settings file" in app.banner_text()


def _blocked_autosave(data_dir: Path) -> Path:
    """Make the autosave folder impossible to create (a file in its place: this fails even for root)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    blocker = data_dir / "autosave"
    if blocker.is_dir():
        for f in blocker.iterdir():
            f.unlink()
        blocker.rmdir()
    blocker.write_text("not a folder")
    return blocker


def test_a_failing_autosave_stays_visible_until_a_save_works_again(
    open_app,
    data_dir: Path,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    app = open_app()
    blocker = _blocked_autosave(data_dir)
    _play_right(app, 1)
    time.sleep(0.01)
    pump(app)
    assert app.files.autosave_failing and app.notice_kind() == "autosave"
    assert app.banner_text().startswith("Autosave failed (")
    assert "Use Save As to keep this game somewhere else" in app.banner_text()
    assert app.notice_buttons() == ["Save As…", "Try again"]  # no Dismiss: it stays while saving fails
    # Another notice joins it below (issue 22.21: the failure is never hidden behind another notice).
    app.show_notice("Something else to say")
    _play_right(app, 1)
    time.sleep(0.01)
    pump(app)
    assert app.notice_kind() == "autosave" and app.notice_bar.texts()[1:] == ["Something else to say"]
    app.press_notice("Dismiss")
    assert app.notice_kind() == "autosave" and len(app.notice_bar.texts()) == 1
    _play_right(app, 1)
    time.sleep(0.01)
    pump(app)
    assert app.notice_bar.kinds() == ["autosave"]
    # Save As from the warning keeps the game in another folder; the warning stays (autosave still fails).
    elsewhere = tmp_path / "elsewhere.sudoku.json"
    app.files.ask_save = lambda: elsewhere
    app.press_notice("Save As…")
    pump(app)
    assert len(load_game(elsewhere).moves) == 3
    assert app.notice_kind() == "autosave" and "autosave still fails" in app.status_text()
    # The folder is fixed: the next move's autosave works and the warning goes.
    blocker.unlink()
    _play_right(app, 1)
    time.sleep(0.01)
    pump(app)
    assert not app.files.autosave_failing and app.notice_kind() == ""
    assert app.status_text() == "Autosave works again: your moves are kept"
    assert len(load_game(data_dir / "autosave" / "autosave.json").moves) == 4


def test_try_again_on_the_autosave_warning_saves_once_the_folder_is_back(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    blocker = _blocked_autosave(data_dir)
    _play_right(app, 2)
    time.sleep(0.01)
    pump(app)
    assert app.notice_kind() == "autosave"
    app.press_notice("Try again")
    pump(app)
    assert app.notice_kind() == "autosave"  # still failing: shown again
    blocker.unlink()
    app.press_notice("Try again")
    pump(app)
    assert app.notice_kind() == "" and len(load_game(data_dir / "autosave" / "autosave.json").moves) == 2


def test_an_autosave_that_cannot_be_continued_is_kept_not_overwritten(
    open_app,
    data_dir: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sudoku_tk.app.game.session import Session

    app = open_app()
    _play_right(app, 3)
    app.close()
    app.root.destroy()
    saved = (data_dir / "autosave" / "autosave.json").read_bytes()

    def refuse(record):  # type: ignore[no-untyped-def]
        raise ValueError("a rule this version does not know")

    monkeypatch.setattr(Session, "from_record", staticmethod(refuse))
    again = open_app(None)
    assert again.session.moves == ()
    assert "could not be continued (ValueError: a rule this version does not know)" in again.banner_text()
    assert "kept as autosave.json.damaged" in again.banner_text()
    for _ in range(3):  # a new game's saves rotate the autosave and its backup: the old game must survive
        again.files.autosave()
    assert (data_dir / "autosave" / "autosave.json.damaged").read_bytes() == saved
    assert "INTERNAL continuing the autosaved game: ValueError" in (data_dir / "sudoku-tk.log").read_text()


# -- two windows on one data folder ----------------------------------------------------------------


def test_a_second_window_keeps_its_own_game_and_never_touches_the_first(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    first = open_app()
    _play_right(first, 3)
    time.sleep(0.01)
    pump(first)
    second = open_app(None)  # would resume the autosave: it is the first window's, so it must not
    assert second.files.slot == 2 and first.files.slot == 1
    assert "already open in another window" in second.banner_text() and "slot 2" in second.banner_text()
    assert second.session.moves == ()  # a game of its own, not a copy that would race the first
    _play_right(second, 1)
    _play_right(first, 1)
    time.sleep(0.01)
    pump(first)
    pump(second)
    assert len(load_game(data_dir / "autosave" / "autosave.json").moves) == 4
    assert len(load_game(data_dir / "autosave-2" / "autosave.json").moves) == 1
    # The first window closes: its lock goes, and the next start resumes its game on the usual slot.
    first.close()
    first.root.destroy()
    second.close()
    second.root.destroy()
    again = open_app(None)
    assert again.files.slot == 1 and len(again.session.moves) == 4
    assert again.banner_text().startswith("Another window left")  # the second window's game is kept (issue 22.23)


def test_a_lock_left_by_a_killed_window_does_not_block_the_next_start(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    import subprocess
    import sys

    folder = data_dir / "autosave"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            (
                "import sys, time; from sudoku_tk.system import InstanceLock; "
                f"assert InstanceLock({str(folder)!r}).acquire(); print('held', flush=True); time.sleep(60)"
            ),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        blocked = open_app(None)
        assert blocked.files.slot == 2
        blocked.close()
        blocked.root.destroy()
    finally:
        holder.kill()
        holder.wait()
    assert (folder / "sudoku-tk.lock").exists()  # killed: it never removed its lock file
    app = open_app(None)
    assert app.files.slot == 1 and app.banner_text() == ""


# -- the error log (a windowed build has no stderr) -------------------------------------------------


@pytest.mark.tk_errors_expected
def test_errors_go_to_the_log_in_the_data_folder_user_and_internal_apart(
    open_app,
    data_dir: Path,  # type: ignore[no-untyped-def]
    tmp_path: Path,
) -> None:
    app = open_app()
    bad = tmp_path / "bad.sdk"
    bad.write_text("this is not a puzzle")
    app.files.ask_open = lambda: bad
    app.run_command("open")
    pump(app)
    shown = app.banner_text()
    assert shown.startswith("This is not a puzzle the app can read")

    def broken() -> None:
        raise ZeroDivisionError("a bug in a handler")

    app.after(0, broken)
    pump(app)
    pump(app)
    log = (data_dir / "sudoku-tk.log").read_text(encoding="utf-8")
    user = [line for line in log.splitlines() if " USER " in line]
    internal = log.split(" INTERNAL ", 1)[1]
    assert len(user) == 1 and user[0].endswith(" USER " + shown)  # the crash notice is not logged as a user problem
    assert internal.startswith("in a window handler: ZeroDivisionError: a bug in a handler")
    assert "Traceback (most recent call last)" in internal and "in broken" in internal


@pytest.mark.tk_errors_expected
def test_without_stderr_a_handler_error_is_still_kept(
    open_app,
    data_dir: Path,  # type: ignore[no-untyped-def]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    app = open_app()
    monkeypatch.setattr(sys, "stderr", None)  # what a windowed build has

    def broken() -> None:
        raise RuntimeError("nobody sees stderr")

    app.after(0, broken)
    pump(app)
    pump(app)
    assert app.notice_kind() == "error"
    assert "INTERNAL in a window handler: RuntimeError: nobody sees stderr" in (data_dir / "sudoku-tk.log").read_text(
        encoding="utf-8"
    )


def test_a_bad_puzzle_argument_without_stderr_is_logged(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from sudoku_tk.ui.window.launch import run_gui

    monkeypatch.setattr(sys, "stderr", None)
    assert run_gui(["11" + "." * 79]) == 2
    line = (data_dir / "sudoku-tk.log").read_text(encoding="utf-8").strip()
    assert " USER sudoku-tk: " in line and "1" in line


# -- settings ---------------------------------------------------------------------------------------


def test_settings_are_saved_and_restored(open_app, data_dir: Path) -> None:  # type: ignore[no-untyped-def]
    app = open_app()
    app.run_command("check-mistakes")
    app.run_command("theme-dark")
    app.run_command("assist-hidden")
    pump(app)
    saved, _ = load_settings(data_dir / "settings.json")
    assert saved.check_mistakes and saved.theme is Theme.DARK and Assist.HIDDEN_SINGLES not in saved.assists
    app.close()
    app.root.destroy()
    again = open_app(CLASSIC)
    assert again.settings == saved and again.theme.name == "dark"
    assert Assist.HIDDEN_SINGLES not in again.session.assists  # new games take the assists of the settings
    assert again.commands.get("check-mistakes").is_checked() is True  # type: ignore[misc]


def test_preferences_change_board_size_and_theme(open_app) -> None:  # type: ignore[no-untyped-def]
    from sudoku_tk.ui.dialogs.puzzle_and_preferences import PreferencesDialog

    app = open_app()
    width = app.board.winfo_reqwidth()
    errors: list[BaseException] = []

    def choose(dialog: PreferencesDialog) -> None:
        dialog.zoom_var.set("150")
        dialog.theme_var.set("dark")
        dialog.ok()

    when_dialog_opens(app, PreferencesDialog, choose, errors)
    app.run_command("preferences")
    pump(app)
    assert not errors, errors
    assert app.settings.board_zoom == 150 and app.theme.name == "dark"
    assert app.board.winfo_reqwidth() > width * 1.3 or app.board.winfo_reqwidth() >= app.root.winfo_screenheight() - 300
