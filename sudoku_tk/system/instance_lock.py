"""InstanceLock: one running app per data folder, so two windows never autosave over each other's moves.

The lock is the file ``sudoku-tk.lock`` in the folder, created with
``O_CREAT | O_EXCL`` and holding ``{"pid", "host", "started"}`` as JSON. While
the app runs it also holds an operating-system lock on the open file
(``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows). The system drops
that lock the moment the process ends, even when it is killed, so a lock file
left by a crash is taken over at once and a live holder is never pushed out.

Where the filesystem has no such locks, the recorded pid decides: a holder on
this machine whose pid is gone is stale; a holder on another machine (a shared
folder) is stale once the file is older than ``stale_after`` seconds, so a
holder there calls ``heartbeat()`` now and then (the window does, every
``HEARTBEAT_EVERY`` seconds). Within one process a second lock on the same folder
is always refused. The operating-system parts (the lock, process ids) are in
file_locks.py.

    lock = InstanceLock(data_dir)
    if not lock.acquire():
        info = lock.holder()   # who has it: pid, host, started (or None)
    ...
    lock.release()             # or: with InstanceLock(data_dir): ...
"""

from __future__ import annotations

import errno
import json
import os
import socket
import stat
import time
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from types import TracebackType

from .entries import make_folder
from .file_locks import pid_alive, removes_open_files, try_lock

LOCK_NAME = "sudoku-tk.lock"
STALE_AFTER = 10 * 60.0
"""Seconds after which a lock file from another machine, not refreshed by ``heartbeat()``, counts as abandoned."""
HEARTBEAT_EVERY = 60.0
"""How often a holder refreshes its lock file (``heartbeat()``): well within ``STALE_AFTER``."""
_EMPTY_GRACE = 10.0  # a lock file without readable content: its holder is writing it, or crashed doing so
_WINDOWS_LOCK_OFFSET = 1 << 20  # lock a byte past the JSON so that readers are not blocked on Windows

_BINARY: int = getattr(os, "O_BINARY", 0)  # Windows: no newline translation
_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)  # a link in the lock file's place is never written through
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)  # nor does a pipe there stop the open
_FLAGS = os.O_RDWR | _BINARY | _NOFOLLOW | _NONBLOCK
_held_here: set[str] = set()  # lock files this process holds (a second InstanceLock object is refused)


def host_name() -> str:
    """This machine's network name, as recorded in lock files."""
    return socket.gethostname()


def host_tag() -> str:
    """Eight hex digits naming this machine in file names (a hash of its name)."""
    return f"{zlib.crc32(host_name().encode('utf-8', 'replace')):08x}"


@dataclass(frozen=True, slots=True)
class LockInfo:
    """Who holds a lock: process id, machine name and when it took the lock."""

    pid: int
    host: str
    started: datetime

    def to_json(self) -> str:
        """The lock file's content."""
        return json.dumps({"pid": self.pid, "host": self.host, "started": self.started.isoformat()})

    @classmethod
    def from_json(cls, text: str) -> LockInfo | None:
        """Read a lock file's content; None when it is empty or not what ``to_json`` writes."""
        try:
            obj = json.loads(text)
            pid, host, started = obj["pid"], obj["host"], datetime.fromisoformat(obj["started"])
        except (ValueError, TypeError, KeyError):
            return None
        if not isinstance(pid, int) or isinstance(pid, bool) or not isinstance(host, str):
            return None
        return cls(pid, host, started)

    def __str__(self) -> str:
        return f"pid {self.pid} on {self.host}, since {self.started:%Y-%m-%d %H:%M}"


class LockHeldError(RuntimeError):
    """Entering ``with InstanceLock(...)`` while another app holds the lock; ``holder`` says who (or None)."""

    def __init__(self, path: Path, holder: LockInfo | None) -> None:
        self.path = path
        self.holder = holder
        super().__init__(f"{path} is held by {holder if holder else 'another running app'}")


def _read(fd: int) -> tuple[LockInfo | None, float]:
    """The info in an open lock file and the file's age in seconds."""
    os.lseek(fd, 0, os.SEEK_SET)
    text = os.read(fd, 4096).decode("utf-8", "replace")
    return LockInfo.from_json(text), time.time() - os.fstat(fd).st_mtime


class InstanceLock:
    """A non-blocking lock on a data folder (see the module docstring); not for use across threads."""

    def __init__(self, folder: Path | str, *, os_lock: bool = True, stale_after: float = STALE_AFTER) -> None:
        """``os_lock=False`` relies on the recorded pid alone, as on a filesystem without locks."""
        self.folder = Path(folder)
        self.path = self.folder / LOCK_NAME
        self.os_lock = os_lock
        self.stale_after = stale_after
        self._fd: int | None = None
        self._info: LockInfo | None = None
        self.note = ""
        """A problem met while taking the lock that the player may want to know ("" when none)."""

    @property
    def is_held(self) -> bool:
        """Does this object hold the lock?"""
        return self._fd is not None

    def _key(self) -> str:
        return os.path.normcase(os.path.join(os.path.realpath(self.folder), LOCK_NAME))

    def acquire(self) -> bool:
        """Take the lock if it is free or stale; False when another app (or another object here) holds it.

        Raises:
            OSError: the folder cannot be created or the lock file created.
            NotAFolderError: something that is not a folder has the folder's name (it says what; an OSError).
        """
        if self._fd is not None:
            return True
        make_folder(self.folder)
        if self._key() in _held_here:
            return False
        for _attempt in range(5):
            try:
                fd, created = os.open(self.path, _FLAGS | os.O_CREAT | os.O_EXCL, 0o644), True
            except FileExistsError:
                try:
                    fd, created = os.open(self.path, _FLAGS), False
                except FileNotFoundError:
                    continue  # released meanwhile: try creating it again
                except OSError as exc:
                    if exc.errno != errno.ELOOP:
                        raise
                    self._set_aside_odd_file()  # a symbolic link: moved, never followed
                    continue
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                os.close(fd)
                self._set_aside_odd_file()  # a pipe or a device
                continue
            info = LockInfo(os.getpid(), host_name(), datetime.now(timezone.utc))
            try:
                taken = self._try_take(fd, created)
            except BaseException:
                os.close(fd)
                raise
            if taken is None:
                os.close(fd)
                continue
            if not taken:
                os.close(fd)
                return False
            self._fd, self._info = fd, info
            _held_here.add(self._key())
            self._write_info(fd, info)
            return True
        return False

    def _write_info(self, fd: int, info: LockInfo) -> None:
        """Record who holds the lock in its file; a full disk leaves it empty, and the lock is held all the same.

        The operating-system lock is what keeps other windows out; the recorded pid only
        helps where there is none. ``note`` says when it could not be written.
        """
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, info.to_json().encode("utf-8"))
        except OSError as exc:
            self.note = f"the lock file {self.path.name} could not be written ({exc.strerror or exc})"

    def _set_aside_odd_file(self) -> None:
        """Move a link, pipe or device out of the lock file's way (renaming the entry itself, inside the folder)."""
        aside = self.path.with_name(self.path.name + ".damaged")
        try:
            if os.path.lexists(aside):
                os.unlink(aside)  # an older odd lock entry: it held no one's data
            os.replace(self.path, aside)
        except FileNotFoundError:
            pass

    def _try_take(self, fd: int, created: bool) -> bool | None:
        """May we take this open lock file: True, False (held), or None (it was replaced: start again)."""
        locked = try_lock(fd, _WINDOWS_LOCK_OFFSET) if self.os_lock else None
        if locked is False:
            return False
        try:
            same = os.path.samestat(os.fstat(fd), os.stat(self.path))
        except OSError:
            same = False
        if not same:
            return None  # the holder released (removed) it between our open and our lock
        if created:
            return True
        info, age = _read(fd)
        if info is None:
            return bool(locked) or age > _EMPTY_GRACE
        if info.host != host_name():
            # Locks may not reach across machines on a shared folder: trust only a lock file that went quiet.
            return age > self.stale_after
        if locked:
            return True  # the system says nobody holds it, whatever pid is recorded (pids are reused)
        return not pid_alive(info.pid) or (info.pid == os.getpid() and self._key() not in _held_here)

    def heartbeat(self) -> None:
        """Mark the lock as still in use (refreshes the file's time); call it every ``HEARTBEAT_EVERY`` seconds."""
        if self._fd is not None:
            try:
                os.utime(self.path)
            except OSError:
                pass

    def release(self) -> None:
        """Give the lock up and remove the lock file (harmless when not held)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        _held_here.discard(self._key())
        if removes_open_files():
            self._unlink_if_ours(fd)  # before unlocking, so nobody takes a file about to vanish
            os.close(fd)
        else:
            os.close(fd)  # Windows cannot remove an open file; a newcomer may have opened it: then it stays
            self._unlink_if_ours()

    def _unlink_if_ours(self, fd: int | None = None) -> None:
        try:
            if fd is not None and not os.path.samestat(os.fstat(fd), os.stat(self.path)):
                return
            os.unlink(self.path)
        except OSError:
            pass

    def holder(self) -> LockInfo | None:
        """Who holds the lock now (this object included), or None when it is free or its holder is gone."""
        if self._info is not None and self._fd is not None:
            return self._info
        try:
            fd = os.open(self.path, os.O_RDONLY | _BINARY | _NOFOLLOW | _NONBLOCK)
        except OSError:
            return None
        try:
            info, age = _read(fd)
        except OSError:
            return None
        finally:
            os.close(fd)
        if info is None:
            return None
        if info.host == host_name():
            return info if pid_alive(info.pid) else None
        return info if age <= self.stale_after else None

    def __enter__(self) -> InstanceLock:
        """Take the lock or raise LockHeldError naming the holder."""
        if not self.acquire():
            raise LockHeldError(self.path, self.holder())
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.release()

    def __repr__(self) -> str:
        return f"InstanceLock({str(self.folder)!r}, held={self.is_held})"


__all__ = [
    "HEARTBEAT_EVERY",
    "LOCK_NAME",
    "STALE_AFTER",
    "InstanceLock",
    "LockHeldError",
    "LockInfo",
    "host_name",
    "host_tag",
    "pid_alive",
]
