"""Nothing lost, ever: long games fit, unreadable and newer autosaves are kept, fsync, temps.

(Links, pipes and devices in the data folder are refused and set aside: see test_links_and_pipes.py.)
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest

from sudoku_tk.app.storage.atomic_files import MAX_FILE_BYTES, atomic_write_text, temp_prefix
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import FORMAT_VERSION, NEWEST_VERSION, dumps, load_game, save_game
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
T0 = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)


def game(moves: int = 0, name: str = "test") -> GameRecord:
    """A 9×9 game with ``moves`` moves of a fixed mix (place, eliminate with a note, clear)."""

    def move(i: int) -> Move:
        cell, digit = (i * 7) % 81, i % 9 + 1
        kinds: list[Move] = [Place(cell, digit), Eliminate(((cell, digit),), note="Naked Single"), Clear(cell)]
        return kinds[i % 3]

    return GameRecord.new(parse_grid(CLASSIC), name=name, now=T0).with_progress([move(i) for i in range(moves)])


def files(folder: Path) -> dict[str, bytes]:
    """Every regular file under ``folder`` (names relative to it) with its bytes."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


# -- 1. one size limit for writing and reading ------------------------------------------


def test_a_twenty_thousand_move_game_saves_and_loads_back(tmp_path: Path) -> None:
    record = game(20_000)
    path = tmp_path / "long.sudoku.json"
    save_game(path, record)
    assert path.stat().st_size > 1_000_000  # over the old limit
    assert load_game(path) == record
    saver = Autosaver(tmp_path / "autosave", durable=False)
    saver.save(record)
    assert Autosaver(saver.folder).load_latest() == (record, None)


def huge_record() -> GameRecord:
    """A record whose file text is just over MAX_FILE_BYTES (long notes make it without a million moves)."""
    note = "n" * 500
    per_move = len(json.dumps({"kind": "place", "cell": "r1c1", "digit": "1", "note": note})) + 6
    count = MAX_FILE_BYTES // per_move + 10
    return GameRecord.new(parse_grid(CLASSIC)).with_progress([Place(i % 81, i % 9 + 1, note) for i in range(count)])


def test_a_record_over_the_limit_is_refused_at_save_time_and_the_old_file_is_kept(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_game(path, game(3))
    save_game(path, game(5))
    before = files(tmp_path)
    record = huge_record()
    with pytest.raises(SaveFileError, match=r"too large to save.*limit is 16777216 bytes"):
        save_game(path, record)
    assert files(tmp_path) == before  # no temp file, no new backup, the old file as it was
    saver = Autosaver(tmp_path / "autosave")
    saver.save(game(2))
    saved = files(saver.folder)
    with pytest.raises(SaveFileError, match="too large to save"):
        saver.save(record)
    assert files(saver.folder) == saved


def test_atomic_write_text_refuses_text_over_the_limit_in_bytes(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    atomic_write_text(path, "old\n")
    # Under the limit in characters, over it in UTF-8 bytes: the reader counts bytes.
    text = "é" * (MAX_FILE_BYTES // 2 + 1)
    with pytest.raises(SaveFileError, match="too large to save"):
        atomic_write_text(path, text)
    assert files(tmp_path) == {"settings.json": b"old\n"}


# -- 2. a failed resume never lets a new game push the old files away ----------------------


def damage_both(saver: Autosaver) -> tuple[bytes, bytes]:
    """Save twice, then make the autosave and its backup unreadable; return their damaged bytes."""
    saver.save(game(1))
    saver.save(game(2))
    saver.path.write_bytes(b'{"format": "sudoku-tk-game", "version": 1, "size": 9, "giv')
    saver.backup_path.write_bytes(b"\x00\x01 backup garbage")
    return saver.path.read_bytes(), saver.backup_path.read_bytes()


@pytest.mark.parametrize("resume_first", [True, False], ids=["after-load_latest", "save-without-load"])
def test_unreadable_autosave_and_backup_survive_new_games(tmp_path: Path, resume_first: bool) -> None:
    damaged, damaged_backup = damage_both(Autosaver(tmp_path / "a"))
    saver = Autosaver(tmp_path / "a")
    if resume_first:
        record, message = saver.load_latest()
        assert record is None and message is not None and "new game" in message
    saver.save(game(0, "new"))
    saver.save(game(1, "new"))
    saver.save(game(2, "new"))
    contents = files(saver.folder)
    assert damaged in contents.values() and damaged_backup in contents.values()
    assert contents["autosave.json.damaged"] == damaged
    assert contents["autosave.json.bak.damaged"] == damaged_backup
    assert sorted(saver.kept_aside) == sorted(
        [saver.folder / "autosave.json.damaged", saver.folder / "autosave.json.bak.damaged"]
    )
    assert load_game(saver.path) == game(2, "new")


def test_resume_from_the_backup_keeps_the_unreadable_autosave(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "a")
    saver.save(game(1))
    saver.save(game(2))
    saver.path.write_text("{")
    record, message = saver.load_latest()
    assert record == game(1)
    assert message is not None and "backup" in message and "autosave.json.damaged" in message
    for n in range(3, 6):
        saver.save(game(n))
    assert (saver.folder / "autosave.json.damaged").read_text() == "{"


def test_an_unreadable_autosave_that_cannot_be_moved_aside_is_never_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saver = Autosaver(tmp_path / "a")
    saver.save(game(1))
    saver.save(game(2))
    saver.path.write_text("{ unreadable")
    before = files(saver.folder)
    real_replace = os.replace

    def no_renaming_aside(src: object, dst: object) -> None:
        if ".damaged" in str(dst):
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", no_renaming_aside)
    fresh = Autosaver(saver.folder)
    record, message = fresh.load_latest()
    assert record == game(1)  # from the backup, which stays where it is
    assert message is not None and "could not be moved aside" in message and "autosave-v1.json" in message
    assert fresh.kept_aside == [saver.path]
    for n in range(3):
        fresh.save(game(n, "new"))
    after = files(saver.folder)
    assert {k: after[k] for k in before} == before
    assert load_game(fresh.path) == game(2, "new") and fresh.path.name == "autosave-v1.json"


# -- 3. a save from a newer version is left in place ------------------------------------------


def newer_text(record: GameRecord) -> bytes:
    obj = json.loads(dumps(record))
    obj["version"] = NEWEST_VERSION + 1  # newer than this app reads (variant games are version 2)
    obj["a_field_from_the_future"] = {"x": 1}
    return json.dumps(obj, indent=1).encode()


@pytest.mark.parametrize("backup_is", ["newer", "ours", "missing"])
def test_a_newer_versions_autosave_is_kept_byte_identical_at_its_path(tmp_path: Path, backup_is: str) -> None:
    folder = tmp_path / "a"
    folder.mkdir()
    newer = newer_text(game(7))
    (folder / "autosave.json").write_bytes(newer)
    if backup_is == "newer":
        (folder / "autosave.json.bak").write_bytes(newer_text(game(6)))
    elif backup_is == "ours":
        (folder / "autosave.json.bak").write_text(dumps(game(4)))
    untouched = files(folder)

    saver = Autosaver(folder)
    record, message = saver.load_latest()
    assert message is not None
    assert "newer version of Sudoku Tk" in message and "kept as it is" in message
    # The last game this version can read is resumed; otherwise a new game starts.
    assert record == (game(4) if backup_is == "ours" else None)
    assert saver.folder / "autosave.json" in saver.kept_aside
    assert saver.path == folder / f"autosave-v{FORMAT_VERSION}.json"
    for n in range(5):
        saver.save(game(n, "older app"))
    # A fresh Autosaver (e.g. the durable save at exit) makes the same choice without a load first.
    Autosaver(folder).save(game(9, "older app"))
    after = files(folder)
    assert {k: after[k] for k in untouched} == untouched
    assert not any(name.endswith(".damaged") for name in after)
    again, message = Autosaver(folder).load_latest()
    assert again == game(9, "older app")
    assert message is not None and "newer version" in message


# -- 4. several damaged copies ----------------------------------------------------------------


def test_the_last_five_damaged_autosaves_are_kept(tmp_path: Path) -> None:
    folder = tmp_path / "a"
    for n in range(8):
        saver = Autosaver(folder)
        saver.save(game(n))
        saver.path.write_text(f"damaged number {n}")
        saver.load_latest()
    names = sorted(p.name for p in folder.iterdir() if ".damaged" in p.name)
    assert names == ["autosave.json.damaged"] + [f"autosave.json.damaged.{i}" for i in range(1, 5)]
    assert (folder / "autosave.json.damaged").read_text() == "damaged number 7"
    assert [(folder / f"autosave.json.damaged.{i}").read_text() for i in range(1, 5)] == [
        f"damaged number {n}" for n in (6, 5, 4, 3)
    ]


# -- 6. fsync every n-th autosave and at exit --------------------------------------------------


@pytest.fixture()
def fsyncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = os.fsync

    def counting(fd: int) -> None:
        calls.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", counting)
    return calls


def test_every_tenth_autosave_and_the_final_one_are_fsynced(tmp_path: Path, fsyncs: list[int]) -> None:
    saver = Autosaver(tmp_path / "a", durable=False, durable_every=10)
    synced_at = []
    for n in range(1, 26):
        before = len(fsyncs)
        saver.save(game(n))
        if len(fsyncs) > before:
            synced_at.append(n)
    assert synced_at == [10, 20]
    before = len(fsyncs)
    saver.save(game(26), durable=True)  # the save at exit
    assert len(fsyncs) > before
    # The count starts again after a durable save: at most nine saves in a row without fsync.
    synced_at = []
    for n in range(27, 40):
        before = len(fsyncs)
        saver.save(game(n))
        if len(fsyncs) > before:
            synced_at.append(n)
    assert synced_at == [36]


def test_durable_every_zero_never_fsyncs_and_durable_always_does(tmp_path: Path, fsyncs: list[int]) -> None:
    never = Autosaver(tmp_path / "a", durable=False, durable_every=0)
    for n in range(12):
        never.save(game(n))
    assert fsyncs == []
    always = Autosaver(tmp_path / "b")
    always.save(game(1))
    assert fsyncs


# -- 7. start-up removes only stale temporary files ------------------------------------------


@pytest.fixture()
def other_processes() -> Iterator[tuple[int, int]]:
    """(pid of a live process, pid of a process that has exited)."""
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait(timeout=30)
    alive = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        yield alive.pid, done.pid
    finally:
        alive.kill()
        alive.wait(timeout=30)


def test_start_up_keeps_a_live_instances_temp_and_removes_stale_ones(
    tmp_path: Path, other_processes: tuple[int, int]
) -> None:
    alive, dead = other_processes
    saver = Autosaver(tmp_path / "a")
    saver.save(game(1))
    folder = saver.folder
    live_temp = folder / f"{temp_prefix(saver.path, alive)}x1y2z3.tmp"
    dead_temp = folder / f"{temp_prefix(saver.path, dead)}x1y2z3.tmp"
    old_live_temp = folder / f"{temp_prefix(saver.path, alive)}old.tmp"
    nameless_fresh = folder / ".autosave.json.abc123.tmp"
    nameless_old = folder / ".autosave.json.def456.tmp"
    for tmp in (live_temp, dead_temp, old_live_temp, nameless_fresh, nameless_old):
        tmp.write_text("half a game")
    an_hour_ago = time.time() - 3600
    for tmp in (old_live_temp, nameless_old):
        os.utime(tmp, (an_hour_ago, an_hour_ago))
    assert saver.load_latest() == (game(1), None)
    assert live_temp.exists() and nameless_fresh.exists()
    assert not dead_temp.exists() and not old_live_temp.exists() and not nameless_old.exists()


def test_temp_names_carry_this_process_id(tmp_path: Path) -> None:
    prefix = temp_prefix(tmp_path / "autosave.json")
    assert prefix.startswith(".autosave.json.") and f"-{os.getpid()}." in prefix
