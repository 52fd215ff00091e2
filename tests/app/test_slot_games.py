"""Issue 22, item 23: the game a second window left in ``autosave-2`` is kept among the recent games at the next
start (and only a slot no window holds is touched)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from sudoku_tk.app.progress.recent_games import RecentGames
from sudoku_tk.app.progress.slot_games import keep_other_slots, kept_note
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.system import InstanceLock, autosave_dir, recent_dir

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
T0 = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)


def in_progress(name: str = "Second window", moves: int = 2) -> GameRecord:
    places = [Place(1, 1), Place(2, 2), Place(3, 3)]
    return GameRecord.new(parse_grid(HARD), name=name, now=T0).with_progress(places[:moves])


def test_an_unheld_slots_game_is_kept_among_the_recent_games_and_leaves_the_slot(tmp_path: Path) -> None:
    slot2 = autosave_dir(tmp_path, 2)
    Autosaver(slot2).save(in_progress(moves=1))
    Autosaver(slot2).save(in_progress())
    recent = RecentGames(recent_dir(tmp_path))
    kept = keep_other_slots(tmp_path, 1, recent)
    assert kept == [in_progress()]
    assert [e.record for e in RecentGames(recent_dir(tmp_path)).entries()] == [in_progress()]
    assert not (slot2 / "autosave.json").exists() and not (slot2 / "autosave.json.bak").exists()
    note = kept_note(kept)
    assert note.startswith("Another window left “Second window” unfinished (")
    assert note.endswith("Game > Continue a recent game… brings it back.")
    assert keep_other_slots(tmp_path, 1, recent) == []  # kept once


def test_a_slot_a_window_holds_is_never_touched(tmp_path: Path) -> None:
    slot2 = autosave_dir(tmp_path, 2)
    Autosaver(slot2).save(in_progress())
    holder = InstanceLock(slot2)
    assert holder.acquire()
    try:
        assert keep_other_slots(tmp_path, 1, RecentGames(recent_dir(tmp_path))) == []
        assert (slot2 / "autosave.json").exists()
    finally:
        holder.release()


def test_a_game_without_moves_stays_in_its_slot(tmp_path: Path) -> None:
    slot3 = autosave_dir(tmp_path, 3)
    Autosaver(slot3).save(in_progress(moves=0))
    assert keep_other_slots(tmp_path, 1, RecentGames(recent_dir(tmp_path))) == []
    assert (slot3 / "autosave.json").exists()


def test_a_game_that_cannot_be_kept_stays_in_its_slot(tmp_path: Path) -> None:
    slot2 = autosave_dir(tmp_path, 2)
    Autosaver(slot2).save(in_progress())
    recent_dir(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    recent_dir(tmp_path).write_text("a file where the recent folder belongs")
    assert keep_other_slots(tmp_path, 1, RecentGames(recent_dir(tmp_path))) == []
    assert (slot2 / "autosave.json").exists()


def test_several_games_are_counted() -> None:
    assert kept_note([in_progress("a"), in_progress("b")]) == (
        "Other windows left 2 games unfinished; they are kept among your recent games (Game > Continue a recent game…)."
    )
