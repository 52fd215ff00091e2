"""Operating-system file locks and process ids, for the instance lock and the update lock.

A lock taken here is held by the running process on its open file and dropped by the
system the moment the process ends, even when it is killed: ``fcntl.flock`` on the whole
file on Linux and macOS (posix.py), ``msvcrt.locking`` on one byte at ``offset`` on Windows
(windows.py). ``pid_alive`` asks whether a process recorded in a lock file still runs.
"""

from __future__ import annotations

import errno
import os

import sudoku_tk.system.posix as posix
import sudoku_tk.system.windows as windows

from .platforms import Platform

BUSY = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES, getattr(errno, "EDEADLOCK", errno.EDEADLK))
"""The errors that mean another process holds the lock (any other error: the system can't lock)."""


def try_lock(fd: int, offset: int = 0) -> bool | None:
    """Lock the open file for this process now: True when locked, False when another holds it, None when the
    system can't lock it (``offset``: the byte Windows locks)."""
    if Platform.current() is Platform.WINDOWS:
        return windows.try_lock(fd, offset, BUSY)
    return posix.try_lock(fd, BUSY)


def unlock(fd: int, offset: int = 0) -> None:
    """Release a lock ``try_lock`` took (never raises; closing the file releases it too)."""
    if Platform.current() is Platform.WINDOWS:
        windows.unlock(fd, offset)
    else:
        posix.unlock(fd)


def pid_alive(pid: int) -> bool:
    """Is a process with this id running on this machine (a pid that cannot be checked counts as running)?"""
    if pid <= 0:
        return False
    if pid == os.getpid():
        return True
    if Platform.current() is Platform.WINDOWS:
        return windows.pid_alive(pid)
    return posix.pid_alive(pid)


def removes_open_files() -> bool:
    """Can a file still open be removed (POSIX), or must it be closed first (Windows)?"""
    return Platform.current() is not Platform.WINDOWS


__all__ = ["BUSY", "pid_alive", "removes_open_files", "try_lock", "unlock"]
