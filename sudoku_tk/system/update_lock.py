"""update_lock: an exclusive lock held while a file several windows share is read, changed and written back.

Two windows may finish a game at the same moment; each reads ``history.json``, adds its
game and writes the file. Without a lock the second write would drop the first
window's game. ``with update_lock(path):`` holds an operating-system lock on
``<path>.lock`` (file_locks.py: ``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows)
for the few milliseconds of the update; the other window waits. The lock file is opened
without following a link and stays in place (removing it would let a third window lock a
different file); a link, pipe or device in its place is set aside once (``<name>.damaged``),
then refused with ``LockFileError`` (an OSError). Where the system has no such locks the
update goes ahead unlocked.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .entries import kind_of_mode, link_text, set_aside
from .file_locks import try_lock, unlock

LOCK_SUFFIX = ".lock"
WAIT_SECONDS = 5.0
"""How long an update waits for another window's update to finish before giving up."""
_POLL_SECONDS = 0.01
_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_BINARY: int = getattr(os, "O_BINARY", 0)
_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)


class LockFileError(OSError):
    """Something that is not a regular file (a link, a pipe, a device) has the lock file's name and can't be moved."""


def _not_a_file(path: Path, mode: int) -> LockFileError:
    if stat.S_ISLNK(mode):
        return LockFileError(f"{path.name} is {link_text(path)}; the app does not follow links among its own files")
    return LockFileError(f"{path.name} is {kind_of_mode(mode)}, not a file")


def _open(lock_path: Path) -> int:
    """Open (or create) the lock file itself; a link, pipe or device in its place is set aside once, then refused."""
    flags = os.O_RDWR | os.O_CREAT | _NOFOLLOW | _NONBLOCK | _BINARY | _CLOEXEC
    for attempt in range(2):
        try:
            fd = os.open(lock_path, flags, 0o600)
        except OSError as exc:
            if exc.errno != errno.ELOOP:  # O_NOFOLLOW met a link
                raise
            mode = os.lstat(lock_path).st_mode
        else:
            mode = os.fstat(fd).st_mode
            if stat.S_ISREG(mode):
                return fd
            os.close(fd)
        if attempt or set_aside(lock_path) is None:
            raise _not_a_file(lock_path, mode)
    raise AssertionError("unreachable")


@contextmanager
def update_lock(path: Path, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Hold the update lock of ``path`` (the file ``<path>.lock`` beside it) for the body of a ``with``.

    Raises:
        TimeoutError: another window held it for over ``wait`` seconds (the update is not made).
        LockFileError: something that is not a file (a link, a pipe) has the lock file's name.
        OSError: the lock file cannot be created.
    """
    fd = _open(path.with_name(path.name + LOCK_SUFFIX))
    try:
        deadline = time.monotonic() + wait
        locked = try_lock(fd)
        while locked is False:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{path.name} is being written by another window for over {wait:.0f} seconds")
            time.sleep(_POLL_SECONDS)
            locked = try_lock(fd)
        try:
            yield
        finally:
            if locked:
                unlock(fd)
    finally:
        os.close(fd)


__all__ = ["LOCK_SUFFIX", "WAIT_SECONDS", "LockFileError", "update_lock"]
