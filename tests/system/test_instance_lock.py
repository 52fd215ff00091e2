"""InstanceLock: one app window per data folder; stale locks (dead holder) are taken over."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from sudoku_tk.system import LOCK_NAME, InstanceLock, LockHeldError, pid_alive

REPO = Path(__file__).resolve().parents[2]
HOLD = """
import sys, time
from sudoku_tk.system import InstanceLock
lock = InstanceLock(sys.argv[1])
print(lock.acquire(), flush=True)
time.sleep(120)
"""


@pytest.fixture()
def dead_pid() -> int:
    """The id of a process that has run and exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(timeout=30)
    return child.pid


def write_lock_file(folder: Path, pid: int, host: str, age: float = 0.0) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / LOCK_NAME
    path.write_text(json.dumps({"pid": pid, "host": host, "started": "2024-06-07T10:00:00+00:00"}))
    if age:
        then = time.time() - age
        os.utime(path, (then, then))
    return path


def test_a_second_lock_in_the_same_process_is_refused_until_the_first_is_released(tmp_path: Path) -> None:
    first, second = InstanceLock(tmp_path / "data"), InstanceLock(tmp_path / "data")
    assert first.acquire()
    assert first.acquire()  # holding it already
    assert not second.acquire()
    holder = second.holder()
    assert holder is not None and holder.pid == os.getpid() and holder.host == socket.gethostname()
    assert holder.started.tzinfo is not None
    first.release()
    assert not (tmp_path / "data" / LOCK_NAME).exists()
    assert second.holder() is None
    assert second.acquire()
    second.release()
    second.release()  # twice is harmless


def test_locks_on_different_folders_are_independent(tmp_path: Path) -> None:
    with InstanceLock(tmp_path / "one"), InstanceLock(tmp_path / "two") as two:
        assert two.holder() is not None


def test_the_context_manager_raises_with_the_holder_when_taken(tmp_path: Path) -> None:
    with InstanceLock(tmp_path) as held:
        with pytest.raises(LockHeldError, match=f"pid {os.getpid()}") as info:
            with InstanceLock(tmp_path):
                pass  # pragma: no cover - never entered
        assert info.value.holder == held.holder()
    assert InstanceLock(tmp_path).holder() is None


@pytest.mark.parametrize("os_lock", [True, False], ids=["os-lock", "pid-only"])
def test_a_lock_left_by_a_dead_process_is_taken_over(tmp_path: Path, dead_pid: int, os_lock: bool) -> None:
    path = write_lock_file(tmp_path, dead_pid, socket.gethostname())
    lock = InstanceLock(tmp_path, os_lock=os_lock)
    assert lock.holder() is None  # a dead holder holds nothing
    assert lock.acquire()
    info = json.loads(path.read_text())
    assert info["pid"] == os.getpid() and info["host"] == socket.gethostname()
    lock.release()


def test_without_os_locks_a_live_pid_or_a_fresh_foreign_host_keeps_the_lock(tmp_path: Path) -> None:
    write_lock_file(tmp_path / "a", os.getppid(), socket.gethostname())
    assert pid_alive(os.getppid())
    assert not InstanceLock(tmp_path / "a", os_lock=False).acquire()
    write_lock_file(tmp_path / "b", 12345, "another-host.example")
    assert not InstanceLock(tmp_path / "b", os_lock=False).acquire()
    write_lock_file(tmp_path / "c", 12345, "another-host.example", age=3600)
    assert InstanceLock(tmp_path / "c", os_lock=False).acquire()


def test_a_heartbeat_keeps_a_lock_fresh(tmp_path: Path) -> None:
    lock = InstanceLock(tmp_path)
    assert lock.acquire()
    then = time.time() - 3600
    os.utime(tmp_path / LOCK_NAME, (then, then))
    lock.heartbeat()
    assert time.time() - (tmp_path / LOCK_NAME).stat().st_mtime < 60
    lock.release()


def test_pid_alive() -> None:
    assert pid_alive(os.getpid())
    assert not pid_alive(0) and not pid_alive(-5)


@pytest.fixture()
def holding_child(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen([sys.executable, "-c", HOLD, str(tmp_path)], stdout=subprocess.PIPE, text=True, env=env)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "True"
        yield child
    finally:
        child.kill()
        child.wait(timeout=30)


def test_a_lock_held_by_another_process_is_refused_then_taken_after_it_dies(
    tmp_path: Path, holding_child: subprocess.Popen[str]
) -> None:
    lock = InstanceLock(tmp_path)
    assert not lock.acquire()
    holder = lock.holder()
    assert holder is not None and holder.pid == holding_child.pid
    holding_child.kill()
    holding_child.wait(timeout=30)
    assert (tmp_path / LOCK_NAME).exists()  # killed: it could not clean up
    assert lock.acquire()
    holder = lock.holder()
    assert holder is not None and holder.pid == os.getpid()
    lock.release()
