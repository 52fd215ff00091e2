"""Helpers for the fault scenarios: a call that must not block on a named pipe, files outside the data folder,
device nodes, and running a scenario again as an unprivileged user."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

import pytest

REPO = Path(__file__).resolve().parents[2]
T = TypeVar("T")
NO_HANG_SECONDS = 10.0


def make_fifo(path: Path) -> Path:
    """A named pipe at ``path`` (skips the test where there are none)."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes (FIFOs) exist only on POSIX systems")
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def make_link(link: Path, target: Path) -> Path:
    """A symbolic link ``link`` -> ``target`` (skips the test where links can't be made)."""
    try:
        os.symlink(target, link)
    except (OSError, NotImplementedError, AttributeError) as exc:
        pytest.skip(f"symbolic links are not available here ({exc})")
    return link


def make_device(path: Path) -> Path:
    """A character device node at ``path`` (the null device's numbers); needs root, else the test is skipped."""
    if not hasattr(os, "mknod") or os.geteuid() != 0:
        pytest.skip("creating a device node needs root (mknod); as a user the /dev/null variant covers this")
    os.mknod(path, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return path


def must_not_block(call: Callable[[], T], pipes: Sequence[Path], seconds: float = NO_HANG_SECONDS) -> T:
    """Run ``call`` here (Tk calls must stay on their thread); if it is still blocked after ``seconds``, a watchdog
    opens the pipes from the other end, which releases it, and the test fails."""
    fired = threading.Event()
    done = threading.Event()

    def watch() -> None:
        if done.wait(seconds):
            return
        fired.set()
        for pipe in pipes:  # a reader blocked in open() is released by a writer, a writer by a reader
            for flags in (os.O_WRONLY | os.O_NONBLOCK, os.O_RDONLY | os.O_NONBLOCK):
                try:
                    os.close(os.open(pipe, flags))
                except OSError:
                    pass

    watchdog = threading.Thread(target=watch, daemon=True)
    watchdog.start()
    try:
        value = call()
    finally:
        done.set()
        watchdog.join()
    if fired.is_set():
        pytest.fail(f"blocked for over {seconds:.0f} s on a named pipe: {[p.name for p in pipes]}")
    return value


def snapshot(folder: Path) -> dict[str, tuple[str, int, bytes]]:
    """Every entry under ``folder``: its kind, permission bits and (for files) bytes, by relative name."""
    seen: dict[str, tuple[str, int, bytes]] = {}
    for path in sorted(folder.rglob("*")):
        info = path.lstat()
        kind = "link" if stat.S_ISLNK(info.st_mode) else "file" if stat.S_ISREG(info.st_mode) else "other"
        data = path.read_bytes() if kind == "file" else b""
        seen[str(path.relative_to(folder))] = (kind, stat.S_IMODE(info.st_mode), data)
    return seen


USERS = ["this user", "nobody"]
"""Who runs a scenario: the test process itself, and (when it is root) the unprivileged ``nobody``."""


def shared_tmp() -> Iterator[Path]:
    """A temporary folder every user can enter (pytest's own is private to the user running the tests)."""
    folder = Path(tempfile.mkdtemp(prefix="sudoku-tk-fault-"))
    os.chmod(folder, 0o777)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run_python(
    script: str, user: str, cwd: Path, owned: Sequence[Path] = (), env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``script`` in a fresh Python, as this user or as ``nobody`` (skipped unless the tests run as root).

    As ``nobody``, the folders ``owned`` (and everything in them) are handed to that user first; everything
    else stays the test's, as a system file stays root's.
    """
    argv = [sys.executable, "-c", script]
    if user == "nobody":
        if os.name != "posix" or os.geteuid() != 0:
            pytest.skip("running a scenario as the unprivileged user 'nobody' needs the tests to run as root")
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("setpriv (util-linux) is needed to run a scenario as 'nobody'")
        argv = [setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups", "--"] + argv
        for folder in owned:
            for path in [folder, *folder.rglob("*")]:
                os.lchown(path, 65534, 65534)
    full_env = dict(os.environ, PYTHONPATH=str(REPO), **(env or {}))
    return subprocess.run(argv, cwd=cwd, env=full_env, capture_output=True, text=True, timeout=120)
