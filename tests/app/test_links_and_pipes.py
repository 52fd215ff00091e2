"""Issue 22, items 15-17: the app's files are never written through a link, a pipe or a device, and never block.

The fault run put a symbolic link at ``autosave.json`` pointing at a copy of a system file: the app renamed the
target, wrote game JSON into it and left ``passwd.bak`` beside it. A named pipe at a save or at the settings hung
start-up. Each scenario runs here for every file of the data folder; the ones where permissions matter run again
as the unprivileged user ``nobody`` (when the tests run as root).
"""

from __future__ import annotations

import json
import os
import stat
import textwrap
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest
from fault_helpers import (
    USERS,
    make_device,
    make_fifo,
    make_link,
    must_not_block,
    run_python,
    shared_tmp,
    snapshot,
)

from sudoku_tk.app.progress.history import FinishedGame, GameHistory, history_path
from sudoku_tk.app.progress.recent_games import RecentGames
from sudoku_tk.app.puzzles.cache import CACHE_NAME, PuzzleCache
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import NotAFileError, SaveFileError, read_file
from sudoku_tk.app.storage.game_io import open_file
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import load_game, save_game
from sudoku_tk.app.storage.settings import DEFAULTS, Settings, Theme, load_settings, save_settings
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.system import InstanceLock

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
T0 = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)
SYSTEM_TEXT = b"root:x:0:0:root:/root:/bin/bash\n"


def game(moves: int) -> GameRecord:
    places = [Place(c, d) for c, d in ((2, 4), (3, 6), (5, 8), (6, 9), (7, 1))]
    return GameRecord.new(parse_grid(CLASSIC), name="test", now=T0).with_progress(places[:moves])


@pytest.fixture()
def outside(tmp_path: Path) -> Path:
    """A folder outside the data folder holding a copy of a system file (mode 644)."""
    folder = tmp_path / "outside"
    folder.mkdir()
    target = folder / "passwd"
    target.write_bytes(SYSTEM_TEXT)
    target.chmod(0o644)
    return folder


def assert_untouched(outside: Path) -> None:
    assert snapshot(outside) == {"passwd": ("file", 0o644, SYSTEM_TEXT)}


# -- 15. links: set aside, never written through, nothing outside renamed ------------------------------------
@pytest.mark.parametrize("linked", ["autosave.json", "autosave.json.bak"])
def test_a_linked_autosave_is_set_aside_and_its_target_never_touched(
    tmp_path: Path, outside: Path, linked: str
) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    save_game(folder / "autosave.json", game(2))
    save_game(folder / "autosave.json", game(3))  # the previous one becomes the backup
    kept = game(3) if linked.endswith(".bak") else game(2)
    (folder / linked).unlink()
    make_link(folder / linked, outside / "passwd")

    saver = Autosaver(folder)
    record, message = saver.load_latest()
    assert record == kept
    assert message is not None and "symbolic link" in message and f"{linked}.damaged" in message
    assert (folder / f"{linked}.damaged").is_symlink()  # the link itself, set aside in the data folder
    saver.save(game(4))
    saver.save(game(5))
    assert not (folder / "autosave.json").is_symlink() and load_game(folder / "autosave.json") == game(5)
    assert not (folder / "autosave.json.bak").is_symlink() and load_game(folder / "autosave.json.bak") == game(4)
    assert_untouched(outside)


def test_a_link_to_nowhere_is_set_aside_too(tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    make_link(folder / "autosave.json", outside / "new-file")
    saver = Autosaver(folder)
    record, message = saver.load_latest()
    assert record is None and message is not None and "symbolic link" in message
    saver.save(game(1))
    assert not (outside / "new-file").exists() and load_game(folder / "autosave.json") == game(1)
    assert_untouched(outside)


def test_a_linked_settings_file_is_set_aside_and_its_target_never_written(tmp_path: Path, outside: Path) -> None:
    path = tmp_path / "settings.json"
    make_link(path, outside / "passwd")
    settings, notes = load_settings(path)
    assert settings == DEFAULTS
    assert any("symbolic link" in n and "settings.json.damaged" in n for n in notes), notes
    save_settings(path, Settings(theme=Theme.DARK))
    assert not path.is_symlink() and load_settings(path) == (Settings(theme=Theme.DARK), [])
    assert (tmp_path / "settings.json.damaged").is_symlink()
    assert_untouched(outside)


def test_settings_saved_onto_a_link_made_meanwhile_replace_the_link_only(tmp_path: Path, outside: Path) -> None:
    path = tmp_path / "settings.json"
    make_link(path, outside / "passwd")  # appeared after start-up
    save_settings(path, Settings(theme=Theme.DARK))
    assert not path.is_symlink() and load_settings(path)[0].theme is Theme.DARK
    assert_untouched(outside)


def test_a_linked_history_is_set_aside_and_its_target_never_written(tmp_path: Path, outside: Path) -> None:
    path = history_path(tmp_path)
    make_link(path, outside / "passwd")
    history = GameHistory.load(path)
    assert history.games == [] and "symbolic link" in history.note and "history.json.damaged" in history.note
    history.record(FinishedGame("k", "2026-01-01 10:00", "P", 9, "easy", 100.0))
    assert not path.is_symlink() and [g.key for g in GameHistory.load(path).games] == ["k"]
    assert_untouched(outside)


def test_a_linked_puzzle_cache_is_replaced_not_written_through(tmp_path: Path, outside: Path) -> None:
    path = tmp_path / CACHE_NAME
    make_link(path, outside / "passwd")
    cache = PuzzleCache(path)
    assert "symbolic link" in cache.note
    cache.save()
    assert not path.is_symlink() and json.loads(path.read_text())["puzzles"] == []
    assert_untouched(outside)


def test_a_linked_game_file_or_backup_is_refused_by_save(tmp_path: Path, outside: Path) -> None:
    link = make_link(tmp_path / "sunday.json", outside / "passwd")
    with pytest.raises(SaveFileError, match="symbolic link"):
        save_game(link, game(1))
    link.unlink()
    save_game(tmp_path / "sunday.json", game(1))
    make_link(tmp_path / "sunday.json.bak", outside / "passwd")
    with pytest.raises(SaveFileError, match=r"sunday\.json\.bak is a symbolic link"):
        save_game(tmp_path / "sunday.json", game(2))
    assert load_game(tmp_path / "sunday.json") == game(1)
    assert_untouched(outside)


def test_a_linked_lock_file_is_never_written_through(tmp_path: Path, outside: Path) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    make_link(folder / "sudoku-tk.lock", outside / "passwd")
    lock = InstanceLock(folder)
    assert lock.acquire()
    assert not (folder / "sudoku-tk.lock").is_symlink()
    lock.release()
    assert_untouched(outside)


# -- 16. pipes: never opened blocking, set aside like damage ---------------------------------------------------
@pytest.mark.parametrize("piped", ["autosave.json", "autosave.json.bak"])
def test_a_pipe_in_the_autosave_never_blocks_start_up(tmp_path: Path, piped: str) -> None:
    folder = tmp_path / "autosave"
    folder.mkdir()
    save_game(folder / "autosave.json", game(2))
    save_game(folder / "autosave.json", game(3))
    (folder / piped).unlink()
    pipe = make_fifo(folder / piped)
    record, message = must_not_block(lambda: Autosaver(folder).load_latest(), [pipe])
    assert record == (game(3) if piped.endswith(".bak") else game(2))
    assert message is not None and "named pipe" in message
    assert stat.S_ISFIFO((folder / f"{piped}.damaged").lstat().st_mode)


def test_pipes_at_settings_history_and_cache_never_block(tmp_path: Path) -> None:
    pipes = [make_fifo(tmp_path / name) for name in ("settings.json", "history.json", CACHE_NAME)]
    settings, notes = must_not_block(lambda: load_settings(tmp_path / "settings.json"), pipes)
    assert settings == DEFAULTS and any("named pipe" in n for n in notes)
    history = must_not_block(lambda: GameHistory.load(tmp_path / "history.json"), pipes)
    assert "named pipe" in history.note
    cache = must_not_block(lambda: PuzzleCache(tmp_path / CACHE_NAME), pipes)
    assert "named pipe" in cache.note


def test_a_pipe_among_the_recent_games_is_skipped(tmp_path: Path) -> None:
    hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    record = GameRecord.new(parse_grid(hard), name="hard", now=T0).with_progress([Place(1, 1)])
    recent = RecentGames(tmp_path / "recent")
    assert recent.add(record)
    pipe = make_fifo(tmp_path / "recent" / "game-20240607-100000-ffffffffff.json")
    entries = must_not_block(recent.entries, [pipe])
    assert [e.record for e in entries] == [record]


def test_opening_a_pipe_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    pipe = make_fifo(tmp_path / "puzzle.txt")
    with pytest.raises(NotAFileError, match="named pipe"):
        must_not_block(lambda: open_file(pipe), [pipe])
    if os.path.exists("/dev/zero"):
        with pytest.raises(NotAFileError, match="zero is a device, not a file"):
            open_file("/dev/zero")


def test_the_reader_refuses_a_link_among_the_apps_own_files(tmp_path: Path, outside: Path) -> None:
    link = make_link(tmp_path / "autosave.json", outside / "passwd")
    with pytest.raises(NotAFileError, match="symbolic link"):
        read_file(link, follow_links=False)
    assert read_file(link) == SYSTEM_TEXT  # a file the player chose may be a link


# -- 17. Save As onto a device ---------------------------------------------------------------------------------
def test_save_onto_a_device_is_refused_and_the_device_kept(tmp_path: Path) -> None:
    device = make_device(tmp_path / "tty-like")
    with pytest.raises(SaveFileError, match="tty-like is a device, not a file"):
        save_game(device, game(1))
    assert stat.S_ISCHR(device.lstat().st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tty-like"]  # no temporary file left


def test_save_onto_dev_null_is_refused(tmp_path: Path) -> None:
    assert os.path.exists("/dev/null")
    if os.name == "posix" and os.geteuid() == 0:
        # Never aim at the real device as root (a regression would replace it): run the save as 'nobody', who
        # can't replace /dev/null whatever happens, and check the refusal it reports.
        script = (
            "from pathlib import Path\n"
            "from sudoku_tk.app.storage.game_record import GameRecord\n"
            "from sudoku_tk.app.storage.save_format import save_game\n"
            "from sudoku_tk.app.storage.file_reading import SaveFileError\n"
            "from sudoku_tk.engine.formats import parse_grid\n"
            f"record = GameRecord.new(parse_grid({CLASSIC!r}), name='test')\n"
            "try:\n"
            "    save_game(Path('/dev/null'), record)\n"
            "except SaveFileError as exc:\n"
            "    print('refused:', exc)\n"
        )
        done = run_python(script, "nobody", tmp_path)
        assert "null is a device, not a file" in done.stdout, done.stdout + done.stderr
    else:
        with pytest.raises(SaveFileError, match="null is a device, not a file"):
            save_game(Path("/dev/null"), game(1))
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_save_onto_a_pipe_or_a_folder_is_refused(tmp_path: Path) -> None:
    pipe = make_fifo(tmp_path / "game.json")
    with pytest.raises(SaveFileError, match="named pipe"):
        must_not_block(lambda: save_game(pipe, game(1)), [pipe])
    (tmp_path / "dir.json").mkdir()
    with pytest.raises(SaveFileError, match="dir.json is a folder, not a file"):
        save_game(tmp_path / "dir.json", game(1))


# -- the same scenarios as an unprivileged user ----------------------------------------------------------------
@pytest.fixture()
def open_tmp() -> Iterator[Path]:
    yield from shared_tmp()


SCENARIO = textwrap.dedent(
    """
    import json, os, sys
    from pathlib import Path
    from sudoku_tk.app.storage.autosave import Autosaver
    from sudoku_tk.app.storage.settings import Settings, Theme, load_settings, save_settings
    from sudoku_tk.app.progress.history import GameHistory, FinishedGame
    from sudoku_tk.app.storage.game_record import GameRecord
    from sudoku_tk.engine.formats import parse_grid
    from sudoku_tk.engine.play.moves import Place

    data, target = Path("data"), Path(sys.argv[1] if len(sys.argv) > 1 else "outside/passwd").resolve()
    folder = data / "autosave"
    folder.mkdir(parents=True)
    start = GameRecord.new(parse_grid("{classic}"), name="t")
    Autosaver(folder).save(start.with_progress([Place(2, 4)]))
    Autosaver(folder).save(start.with_progress([Place(2, 4), Place(3, 6)]))
    (folder / "autosave.json").unlink()
    os.symlink(target, folder / "autosave.json")
    os.symlink(target, data / "settings.json")
    os.symlink(target, data / "history.json")
    saver = Autosaver(folder)
    record, message = saver.load_latest()
    saver.save(start.with_progress([Place(2, 4), Place(3, 6), Place(5, 8)]))
    settings, notes = load_settings(data / "settings.json")
    save_settings(data / "settings.json", Settings(theme=Theme.DARK))
    history = GameHistory.load(data / "history.json")
    history.record(FinishedGame("k", "2026-01-01 10:00", "P", 9, "easy", 100.0))
    print(json.dumps({{"moves": len(record.moves), "message": message, "notes": notes, "history": history.note,
                      "links": sorted(p.name for p in data.rglob("*") if p.is_symlink())}}))
    """
).format(classic=CLASSIC)


@pytest.mark.parametrize("user", USERS)
def test_the_fault_runs_symlink_scenario_as_each_user(open_tmp: Path, user: str) -> None:
    outside = open_tmp / "outside"
    outside.mkdir()
    (outside / "passwd").write_bytes(SYSTEM_TEXT)
    (outside / "passwd").chmod(0o644)
    (open_tmp / "data").mkdir()
    done = run_python(SCENARIO, user, open_tmp, owned=[open_tmp / "data"])
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["moves"] == 1  # the backup, not a new game
    assert "symbolic link" in result["message"] and "symbolic link" in " ".join(result["notes"])
    assert "symbolic link" in result["history"]
    assert result["links"] == ["autosave.json.damaged", "history.json.damaged", "settings.json.damaged"]
    assert_untouched(outside)
    assert sorted(p.name for p in outside.iterdir()) == ["passwd"]


def test_save_onto_dev_null_is_refused_as_an_unprivileged_user(open_tmp: Path) -> None:
    if not os.path.exists("/dev/null"):
        pytest.skip("no /dev/null here")
    script = textwrap.dedent(
        f"""
        from pathlib import Path
        from sudoku_tk.app.storage.game_record import GameRecord
        from sudoku_tk.app.storage.save_format import save_game
        from sudoku_tk.app.storage.file_reading import SaveFileError
        from sudoku_tk.engine.formats import parse_grid
        try:
            save_game(Path("/dev/null"), GameRecord.new(parse_grid("{CLASSIC}")))
        except SaveFileError as exc:
            print(exc)
        """
    )
    done = run_python(script, "nobody", open_tmp)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith("null is a device, not a file")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


# -- the error log is one of the app's own files too ---------------------------------------------------------------
def test_a_linked_error_log_is_set_aside_and_its_target_never_appended_to(tmp_path: Path, outside: Path) -> None:
    from sudoku_tk.system import LOG_NAME, ErrorLog

    make_link(tmp_path / LOG_NAME, outside / "passwd")
    ErrorLog(tmp_path).user("a problem the player was told about")
    assert_untouched(outside)
    assert (tmp_path / f"{LOG_NAME}.damaged").is_symlink()
    log = tmp_path / LOG_NAME
    assert not log.is_symlink() and log.read_text().endswith("USER a problem the player was told about\n")
    assert stat.S_IMODE(log.stat().st_mode) == 0o600


def test_a_pipe_at_the_error_log_never_blocks(tmp_path: Path) -> None:
    from sudoku_tk.system import LOG_NAME, ErrorLog

    pipe = make_fifo(tmp_path / LOG_NAME)
    must_not_block(lambda: ErrorLog(tmp_path).user("kept"), [pipe])
    assert (tmp_path / LOG_NAME).read_text().endswith("USER kept\n")
