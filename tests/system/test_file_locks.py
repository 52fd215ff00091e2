"""The system's file locks and process ids (system/file_locks.py), as the instance lock and the update lock use them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_tk.system import Platform, pid_alive, sync_folder, update_lock
from sudoku_tk.system.file_locks import removes_open_files, try_lock, unlock

POSIX_ONLY = pytest.mark.skipif(
    Platform.current() is Platform.WINDOWS, reason="two opens in one process: flock's rule; msvcrt's differs"
)


@POSIX_ONLY
def test_a_lock_held_on_one_open_file_keeps_another_out_until_released(tmp_path: Path) -> None:
    path = tmp_path / "shared.lock"
    path.write_bytes(b"")
    first, second = os.open(path, os.O_RDWR), os.open(path, os.O_RDWR)
    try:
        assert try_lock(first) is True
        assert try_lock(second) is False
        unlock(first)
        assert try_lock(second) is True
    finally:
        os.close(first)
        os.close(second)


def test_a_finished_process_is_not_alive_and_this_one_is() -> None:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    assert pid_alive(os.getpid())
    assert not pid_alive(0) and not pid_alive(-5)
    assert not pid_alive(int(done.stdout))  # reaped: its pid is free (reuse within this test is improbable)
    assert removes_open_files() is (Platform.current() is not Platform.WINDOWS)


@POSIX_ONLY
def test_the_update_lock_waits_for_another_holder_then_gives_up_in_words(tmp_path: Path) -> None:
    target = tmp_path / "history.json"
    with update_lock(target):
        holder = os.open(tmp_path / "history.json.lock", os.O_RDWR)
        try:
            assert try_lock(holder) is False  # held by the update
        finally:
            os.close(holder)
    other = os.open(tmp_path / "history.json.lock", os.O_RDWR)
    try:
        assert try_lock(other) is True  # released after the update
        with pytest.raises(TimeoutError, match="history.json is being written by another window"):
            with update_lock(target, wait=0.05):
                pass
    finally:
        unlock(other)
        os.close(other)
    sync_folder(tmp_path)  # never raises
    sync_folder(tmp_path / "missing")
