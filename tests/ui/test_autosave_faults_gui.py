"""Issue 22 in the window: the autosave's lock after a full disk, its folder's problems in words (item 27), the
failure shown at once over a start-up notice (item 21) and the second window's game offered again (item 23)."""

from __future__ import annotations

import errno
import os
import time
from pathlib import Path
from typing import Any

import pytest
from gui_helpers import pump

from sudoku_tk.app.storage.save_format import load_game
from sudoku_tk.system import InstanceLock

pytestmark = pytest.mark.gui


def _move(app: Any) -> None:
    """One move the board takes (a candidate of the first empty cell removed), and its autosave written."""
    pos = app.session.position
    cell = next(c for c in range(app.session.geometry.ncells) if not pos.values[c])
    digit = next(iter(pos.candidate_set(cell)))
    assert app.session.eliminate(cell, digit)
    time.sleep(0.01)
    pump(app)


def test_a_window_that_could_not_lock_at_start_takes_its_lock_before_saving(
    open_app: Any, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = InstanceLock.acquire
    calls = []

    def full_disk_once(self: InstanceLock) -> bool:
        calls.append(self.folder)
        if len(calls) == 1:
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(self)

    monkeypatch.setattr(InstanceLock, "acquire", full_disk_once)
    app = open_app(None)  # its first autosave (a new game is kept at once) finds room on the disk again
    assert app.files.slot == 1 and len(calls) == 2  # so the lock was taken before that save
    assert app.files.lock is not None and app.files.lock.is_held
    _move(app)
    assert not app.files.autosave_failing
    assert len(load_game(data_dir / "autosave" / "autosave.json").moves) == 1
    second = open_app(None)  # and a second window is kept out of slot 1
    assert second.files.slot == 2


def test_a_window_that_could_not_lock_never_saves_over_a_window_that_did(
    open_app: Any, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = InstanceLock.acquire
    monkeypatch.setattr(InstanceLock, "acquire", lambda self: (_ for _ in ()).throw(OSError(errno.ENOSPC, "full")))
    first = open_app(None)
    monkeypatch.setattr(InstanceLock, "acquire", real)
    other = InstanceLock(data_dir / "autosave")
    assert other.acquire()  # another window took slot 1 meanwhile
    try:
        _move(first)
        assert first.files.autosave_failing
        assert "another window keeps its game in" in first.banner_text()
        assert not (data_dir / "autosave" / "autosave.json").exists()
    finally:
        other.release()


def test_a_file_where_the_autosave_folder_belongs_is_named_in_words(open_app: Any, data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "autosave").write_text("not a folder")
    app = open_app(None)
    _move(app)
    text = app.banner_text()
    assert text.startswith(f"Autosave failed (autosave in {data_dir} is a file, not a folder, so nothing can be saved")
    assert "file exists" not in text.lower() and "errno" not in text.lower()


# -- item 21: the failure shows at once, over a start-up notice -------------------------------------------------
def test_an_autosave_failure_shows_at_once_above_the_start_up_notice(open_app: Any, data_dir: Path) -> None:
    data_dir.mkdir(parents=True)
    (data_dir / "settings.json").write_text("[1, 2")  # a start-up note: the settings were set aside
    app = open_app()
    assert app.notice_kind() == "notice" and "settings file" in app.banner_text()
    (data_dir / "autosave").rename(data_dir / "moved")
    (data_dir / "autosave").write_text("a file where the folder belongs")
    _move(app)  # the very first failed save: no Dismiss, no second move needed
    texts = app.notice_bar.texts()
    assert len(texts) == 2 and texts[0].startswith("Autosave failed (") and "settings file" in texts[1]
    assert app.notice_kind() == "autosave"  # the problem comes first
    app.press_notice("Dismiss")  # the start-up note goes; the warning stays
    assert app.notice_bar.texts() == texts[:1]
    (data_dir / "autosave").unlink()
    (data_dir / "moved").rename(data_dir / "autosave")
    _move(app)
    assert app.notice_bar.texts() == [] and app.status_text() == "Autosave works again: your moves are kept"


def test_a_new_notice_joins_the_autosave_warning_instead_of_hiding_it(open_app: Any, data_dir: Path) -> None:
    app = open_app()
    (data_dir / "autosave" / "autosave.json").unlink()
    (data_dir / "autosave").rename(data_dir / "moved")
    (data_dir / "autosave").write_text("a file")
    _move(app)
    app.show_notice("Replace your game?", [("Replace", None), ("Keep playing", None)], kind="confirm")
    assert [t[:16] for t in app.notice_bar.texts()] == ["Autosave failed ", "Replace your gam"]
    app.hide_notice()  # what a new game does with the old game's notices: the warning is not about the game
    assert app.notice_kind() == "autosave"


# -- item 23: the second window's game is offered again -----------------------------------------------------------
def test_the_second_windows_game_is_offered_after_both_windows_closed(open_app: Any, data_dir: Path) -> None:
    first = open_app()
    _move(first)
    second = open_app(None)
    assert second.files.slot == 2
    _move(second)
    _move(second)
    seconds_game = second.session.to_record()
    for app in (second, first):
        app.close()
        app.root.destroy()
    again = open_app(None)
    assert again.files.slot == 1 and len(again.session.moves) == 1  # the first window's game, as before
    assert f"Another window left “{seconds_game.puzzle_name}” unfinished (" in again.banner_text()
    assert "Game > Continue a recent game… brings it back" in again.banner_text()
    entries = again.files.keeper.recent.entries()
    assert [e.record.moves for e in entries] == [seconds_game.moves]
    again.files.keeper.ask_recent = lambda entries: 0
    again.files.continue_recent()
    pump(again)
    assert again.session.moves == seconds_game.moves
    third = open_app(None)  # a new second window starts a game of its own: the old one is not played twice
    assert third.files.slot == 2 and third.session.moves == ()


# -- issue 24: the running window keeps its lock fresh, so no other machine takes it as abandoned -----------------


def test_an_open_window_refreshes_its_lock_and_stops_when_closed(
    open_app: Any, data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sudoku_tk.system import LOCK_NAME, STALE_AFTER
    from sudoku_tk.ui.window import autosave as window_autosave

    monkeypatch.setattr(window_autosave, "HEARTBEAT_MS", 30)  # the window's timer, shortened (60 s in use)
    assert window_autosave.HEARTBEAT_EVERY * 1000 < STALE_AFTER * 1000 / 2
    app = open_app(None)
    lock_file = data_dir / "autosave" / LOCK_NAME
    assert app.files.lock is not None and app.files.lock.is_held
    old = time.time() - 2 * STALE_AFTER  # as a shared folder would see a window that never beat: abandoned
    os.utime(lock_file, (old, old))
    deadline = time.monotonic() + 5
    while lock_file.stat().st_mtime < time.time() - STALE_AFTER / 2 and time.monotonic() < deadline:
        time.sleep(0.01)
        pump(app)
    assert time.time() - lock_file.stat().st_mtime < 60  # refreshed by the window's own timer
    app.close()  # the last save, the lock released, the timer stopped
    assert not lock_file.exists()
    pump(app)
    time.sleep(0.1)
    pump(app)
    assert not lock_file.exists()  # no beat after close recreated or touched it
