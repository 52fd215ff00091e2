"""Files out, safely: atomic writes with a backup, only ever onto a regular file or a new name, temp files.

Every file the app writes (games, the autosave, settings, the history, exports) goes
through ``atomic_write_bytes`` / ``atomic_write_text``: the data goes to a temporary file
in the destination's own folder, is flushed, and then replaces the destination's name
(``os.replace`` of the path itself). A symbolic link, a named pipe, a device, a socket or
a folder at the destination (or at its ``.bak``) is refused in words and left exactly as
it is: the app never writes through a link, so it never changes or renames anything
outside the folder it writes in. Files are written up to ``MAX_FILE_BYTES``, the limit
the one reader (file_reading.py) reads, so nothing is ever written that the app then
refuses to read.

A file the player chooses (Save As, exports) gets the mode the umask gives a new file
(``0o644`` under umask 022), or keeps the mode of the file it replaces; the app's own
files in its data folder (``private``) are ``0o600``.

Temporary files are named ``.<name>.<host>-<pid>.<random>.tmp`` (``host`` is a
short hash of the machine's name) so that ``remove_stale_temps`` can tell the
leftovers of a crash from the write another running app is doing right now.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Iterable
from pathlib import Path

from sudoku_tk.app.storage.file_reading import MAX_FILE_BYTES, NotAFileError, SaveFileError, not_a_file, read_file
from sudoku_tk.system import NotAFolderError, host_tag, make_folder, pid_alive, sync_folder

BACKUP_SUFFIX = ".bak"
STALE_TEMP_SECONDS = 10 * 60.0
"""A temporary file older than this is a leftover whoever made it: no write takes that long."""
PRIVATE_MODE = 0o600
"""The mode of the app's own files (autosave, settings, history): only the player reads them."""

_TEMP_NAME = re.compile(r"\.(?P<host>[0-9a-f]{8})-(?P<pid>[0-9]+)\.[^.]*\.tmp\Z")
_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_BINARY: int = getattr(os, "O_BINARY", 0)
_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)


def backup_path_for(path: Path | str) -> Path:
    """Where ``atomic_write_text(path, ..., backup=True)`` keeps the previous content: ``<path>.bak`` beside it."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def temp_prefix(path: Path | str, pid: int | None = None) -> str:
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


def existing_file(path: Path) -> os.stat_result | None:
    """The lstat of ``path`` when it is a regular file, None when nothing is there.

    Raises:
        NotAFileError: something else is there (a link, a pipe, a device, a socket, a folder); it says what.
    """
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return None
    if not stat.S_ISREG(info.st_mode):
        error = not_a_file(path, info.st_mode)
        raise type(error)(f"{error}; nothing was written", error.kind)
    return info


def ensure_folder(folder: Path, *, allow_link: bool = False) -> None:
    """Create ``folder`` and its parents unless it is there; refuse, in words, whatever is there instead.

    ``allow_link``: a symbolic link to a folder is accepted (the data folder itself may live
    elsewhere by the player's choice); the app's own sub-folders must be real folders.

    Raises:
        NotAFileError: a file, a link, a pipe or a device has the folder's name ("autosave is a file, not a folder").
        OSError: the folder cannot be created.
    """
    try:
        make_folder(folder, allow_link=allow_link)
    except NotAFolderError as exc:
        raise NotAFileError(str(exc), exc.kind) from None


def _new_temp(folder: Path, prefix: str, mode: int) -> tuple[int, Path]:
    """Create a new temporary file in ``folder`` (never following a link), open for writing; ``mode`` before umask."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _BINARY | _CLOEXEC
    for _attempt in range(100):
        tmp = folder / f"{prefix}{secrets.token_hex(4)}.tmp"
        try:
            return os.open(tmp, flags, mode), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name in {folder}")


def _write_temp(folder: Path, prefix: str, data: bytes, durable: bool = True, mode: int | None = None) -> Path:
    """The data in a new temporary file of ``folder``: ``mode`` set exactly, or None for what the umask gives."""
    fd, tmp = _new_temp(folder, prefix, PRIVATE_MODE if mode == PRIVATE_MODE else 0o666)
    try:
        if mode is not None and mode != PRIVATE_MODE and hasattr(os, "fchmod"):
            os.fchmod(fd, mode)  # the mode of the file it replaces, past the umask
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
    except BaseException:
        unlink_quietly(tmp)
        raise
    return tmp


def unlink_quietly(path: Path) -> None:
    """Remove a file if it is there; never raise."""
    try:
        path.unlink()
    except OSError:
        pass


def _keep_backup(path: Path, prefix: str, durable: bool, mode: int | None) -> None:
    """Make ``<path>.bak`` hold the current content of ``path`` without ever removing ``path``."""
    folder = path.parent
    backup = backup_path_for(path)
    existing_file(backup)  # a link, pipe or device there is refused, never replaced
    tmp = folder / f"{prefix}bak.tmp"
    unlink_quietly(tmp)
    try:
        # A second name for the same file costs nothing; filesystems without hard links get a copy.
        os.link(path, tmp)  # link(2) names the entry itself: path is a regular file (checked)
    except OSError:
        tmp = _write_temp(folder, prefix, read_file(path, "a backup", follow_links=False), durable, mode)
    try:
        os.replace(tmp, backup)
    except BaseException:
        unlink_quietly(tmp)
        raise


def atomic_write_bytes(
    path: Path | str, data: bytes, *, backup: bool = False, durable: bool = True, private: bool = False
) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one, never a mix.

    The data goes to a temporary file in the same folder, is flushed to disk and
    then replaces the name ``path``. With ``backup``, the previous content is kept as
    ``<path>.bak`` first. Only a regular file or a new name is written: anything
    else at ``path`` or at its backup is refused and left as it is (see the module).
    ``private`` files are ``0o600``; others get the umask's mode, or keep the mode
    of the file they replace.

    ``durable=False`` skips the fsync calls (about 10 ms on a typical disk): the
    write is still atomic when the app is killed, because the kernel keeps what
    was written, but a power cut may lose the latest version.

    Raises:
        NotAFileError: ``path`` or its backup is a link, a pipe, a device, a socket or a folder; nothing is written.
        SaveFileError: the data is over MAX_FILE_BYTES; nothing is written.
        OSError: the folder is not writable; the old file is then untouched.
    """
    path = Path(path)
    check_size(data, path.name)
    old = existing_file(path)
    if backup and old is not None:
        existing_file(backup_path_for(path))
    mode = PRIVATE_MODE if private else (stat.S_IMODE(old.st_mode) if old is not None else None)
    folder = path.parent
    prefix = temp_prefix(path)
    tmp = _write_temp(folder, prefix, data, durable, mode)
    try:
        if backup and old is not None:
            _keep_backup(path, prefix, durable, mode)
        existing_file(path)  # nothing else may have taken the name meanwhile
        os.replace(tmp, path)
    except BaseException:
        unlink_quietly(tmp)
        raise
    if durable:
        sync_folder(folder)


def atomic_write_text(
    path: Path | str, text: str, *, backup: bool = True, durable: bool = True, private: bool = False
) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, by ``atomic_write_bytes`` (see there; a backup by default).

    Raises:
        NotAFileError: ``path`` or its backup is not a regular file; nothing is written.
        SaveFileError: the text is over MAX_FILE_BYTES in UTF-8; nothing is written.
        OSError: the folder is not writable; the old file is then untouched.
    """
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup, durable=durable, private=private)


def is_stale_temp(path: Path, now: float | None = None) -> bool:
    """Is this temporary file a leftover: older than STALE_TEMP_SECONDS, or named by a gone process of this machine?"""
    try:
        age = (time.time() if now is None else now) - path.stat().st_mtime
    except OSError:
        return False
    if age > STALE_TEMP_SECONDS:
        return True
    named = _TEMP_NAME.search(path.name)
    return named is not None and named["host"] == host_tag() and not pid_alive(int(named["pid"]))


def remove_stale_temps(folder: Path, patterns: Iterable[str]) -> list[Path]:
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


__all__ = [
    "MAX_FILE_BYTES",
    "BACKUP_SUFFIX",
    "PRIVATE_MODE",
    "STALE_TEMP_SECONDS",
    "atomic_write_bytes",
    "atomic_write_text",
    "backup_path_for",
    "check_size",
    "ensure_folder",
    "existing_file",
    "is_stale_temp",
    "remove_stale_temps",
    "temp_prefix",
    "unlink_quietly",
]
