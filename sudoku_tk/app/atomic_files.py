"""Files on disk, safely: atomic writes with a backup, one size limit for writing and reading, temp files.

Every file the app writes (games, the autosave, settings, exports) goes through
``atomic_write_text`` and every file it reads through ``read_limited``; both
use ``MAX_FILE_BYTES``, so nothing is ever written that the app then refuses to
read. A symbolic link is followed: the file and its backup are written where
the link points and the link stays.

Temporary files are named ``.<name>.<host>-<pid>.<random>.tmp`` (``host`` is a
short hash of the machine's name) so that ``remove_stale_temps`` can tell the
leftovers of a crash from the write another running app is doing right now.
"""

from __future__ import annotations

import os
import re
import tempfile
import time
from pathlib import Path
from typing import Iterable, List, Optional

from sudoku_tk.app.instance_lock import host_tag, pid_alive
from sudoku_tk.engine.errors import SaveFileError

MAX_FILE_BYTES = 16_000_000
"""The largest file the app writes or reads: a game of about 240,000 moves (about 66 bytes each)."""
BACKUP_SUFFIX = ".bak"
STALE_TEMP_SECONDS = 10 * 60.0
"""A temporary file older than this is a leftover whoever made it: no write takes that long."""

_TEMP_NAME = re.compile(r"\.(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]+)\.[^.]*\.tmp\Z")


def write_target(path: Path | str) -> Path:
    """The file that writing ``path`` changes: where a symbolic link points (to its end), else ``path`` itself."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def backup_path_for(path: Path | str) -> Path:
    """Where ``atomic_write_text(path, ..., backup=True)`` keeps the previous content: beside the write target."""
    target = write_target(path)
    return target.with_name(target.name + BACKUP_SUFFIX)


def temp_prefix(path: Path | str, pid: Optional[int] = None) -> str:
    """The start of the name of a temporary file written for ``path`` by process ``pid`` (default: this one).

    >>> temp_prefix("/x/autosave.json", 42).startswith(".autosave.json.") and temp_prefix("a", 42).endswith("-42.")
    True
    """
    return f".{Path(path).name}.{host_tag()}-{os.getpid() if pid is None else pid}."


def check_size(data: bytes, name: str) -> None:
    """Refuse to write ``data`` the reader would refuse (over MAX_FILE_BYTES).

    Raises:
        SaveFileError: too large; the message names the file, the size and the limit.
    """
    if len(data) > MAX_FILE_BYTES:
        raise SaveFileError(
            f"{name} is too large to save ({len(data)} bytes; the limit is {MAX_FILE_BYTES} bytes, "
            f"so the app could not open it again). Nothing was written."
        )


def _fsync_folder(folder: Path) -> None:
    # The rename itself is only durable once the folder entry is on disk (POSIX only).
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_temp(folder: Path, prefix: str, data: bytes, durable: bool = True) -> Path:
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
    except BaseException:
        unlink_quietly(Path(tmp))
        raise
    return Path(tmp)


def unlink_quietly(path: Path) -> None:
    """Remove a file if it is there; never raise."""
    try:
        path.unlink()
    except OSError:
        pass


def _keep_backup(path: Path, prefix: str, durable: bool) -> None:
    """Make ``<path>.bak`` hold the current content of ``path`` without ever removing ``path``."""
    folder = path.parent
    backup = path.with_name(path.name + BACKUP_SUFFIX)
    tmp = folder / f"{prefix}bak.tmp"
    unlink_quietly(tmp)
    try:
        # A second name for the same file costs nothing; filesystems without hard links get a copy.
        os.link(path, tmp)
    except OSError:
        tmp = _write_temp(folder, prefix, path.read_bytes(), durable)
    try:
        os.replace(tmp, backup)
    except BaseException:
        unlink_quietly(tmp)
        raise


def atomic_write_text(path: Path | str, text: str, *, backup: bool = True, durable: bool = True) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that a crash leaves the old file or the new one, never a mix.

    The text goes to a temporary file in the same folder, is flushed to disk and
    then replaces ``path``. With ``backup``, the previous content is kept as
    ``<path>.bak`` first. When ``path`` is a symbolic link, the file it points to
    is replaced (in that file's folder, the backup beside it) and the link stays.

    ``durable=False`` skips the fsync calls (about 10 ms on a typical disk): the
    write is still atomic when the app is killed, because the kernel keeps what
    was written, but a power cut may lose the latest version.

    Raises:
        SaveFileError: the text is over MAX_FILE_BYTES in UTF-8; nothing is written.
        OSError: the folder is not writable; the old file is then untouched.
    """
    target = write_target(path)
    data = text.encode("utf-8")
    check_size(data, Path(path).name)
    folder = target.parent
    prefix = temp_prefix(target)
    tmp = _write_temp(folder, prefix, data, durable)
    try:
        if backup and target.is_file():
            _keep_backup(target, prefix, durable)
        os.replace(tmp, target)
    except BaseException:
        unlink_quietly(tmp)
        raise
    if durable:
        _fsync_folder(folder)


def is_stale_temp(path: Path, now: Optional[float] = None) -> bool:
    """Is this temporary file a leftover: older than STALE_TEMP_SECONDS, or named by a gone process of this machine?"""
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return False
    if age > STALE_TEMP_SECONDS:
        return True
    named = _TEMP_NAME.search(path.name)
    return named is not None and named["host"] == host_tag() and not pid_alive(int(named["pid"]))


def remove_stale_temps(folder: Path, patterns: Iterable[str]) -> List[Path]:
    """Delete the stale temporary files (see is_stale_temp) matching the glob ``patterns`` in ``folder``; return them.

    Another running app's write in progress is left alone. Never raises.
    """
    removed = []
    try:
        for pattern in patterns:
            for tmp in folder.glob(pattern):
                if is_stale_temp(tmp):
                    unlink_quietly(tmp)
                    removed.append(tmp)
    except OSError:
        pass
    return removed


def read_limited(path: Path | str, what: str = "a game") -> bytes:
    """The bytes of a file, refusing one over MAX_FILE_BYTES before reading it (``what`` names it in the message).

    Raises:
        SaveFileError: the file is too large.
        OSError: it cannot be opened or read.
    """
    path = Path(path)
    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > MAX_FILE_BYTES:
            raise SaveFileError(f"{path.name} is too large for {what} ({size} bytes; the limit is {MAX_FILE_BYTES})")
        # The file may grow while we read; never take more than the limit.
        data = fh.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise SaveFileError(f"{path.name} is too large for {what} (over {MAX_FILE_BYTES} bytes)")
    return data


def decode(data: bytes) -> str:
    """Bytes of a text file as text (UTF-8, a leading byte-order mark allowed).

    Raises:
        SaveFileError: the bytes are not UTF-8 text.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"not a text file (byte {exc.start + 1} is not UTF-8)") from None
    if "\x00" in text:
        raise SaveFileError("not a text file (it contains NUL bytes)")
    return text


__all__ = [
    "MAX_FILE_BYTES",
    "BACKUP_SUFFIX",
    "STALE_TEMP_SECONDS",
    "atomic_write_text",
    "backup_path_for",
    "check_size",
    "decode",
    "is_stale_temp",
    "read_limited",
    "remove_stale_temps",
    "temp_prefix",
    "unlink_quietly",
    "write_target",
]
