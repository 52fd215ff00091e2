"""Files in: one reader and one size limit for every file the app and the command line read.

Saves, settings, the history, the generated-puzzle cache, recent games, puzzles and
games the player opens, the ``sudoku-tk FILE`` argument and the command line's input
files all come through ``read_file``, bounded by ``MAX_FILE_BYTES``: nothing larger is
ever read into memory, and every file the app writes fits (atomic_files.py refuses to
write more).

The window must never hang on a file. ``read_file`` therefore opens only regular files
(``regular_only``): it looks at the path first, then opens it without blocking
(``O_NONBLOCK``, so a named pipe with no writer cannot stop the open) and checks again
on the open file (``fstat``), so a pipe, a device, a socket or a folder is refused in
words before a byte is read. The app's own files in its data folder are read with
``follow_links=False``: a symbolic link there is refused too (``O_NOFOLLOW``), never read
through. The command line, a process the user waits on, may also read a pipe or a
device (``regular_only=False``: ``solve <(cat puzzles.txt)`` works), still bounded.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from sudoku_tk.system import kind_of_mode, link_text

MAX_FILE_BYTES = 16 * 2**20
"""The largest file the app and the command line read, and the app writes: 16 MiB (about 250,000 moves of a game,
or 200,000 one-line puzzles)."""

_CHUNK = 1 << 20
_NONBLOCK: int = getattr(os, "O_NONBLOCK", 0)
_NOFOLLOW: int = getattr(os, "O_NOFOLLOW", 0)
_BINARY: int = getattr(os, "O_BINARY", 0)
_CLOEXEC: int = getattr(os, "O_CLOEXEC", 0)


class SaveFileError(ValueError):
    """A saved game or another file of the app's that cannot be read: damaged, foreign, too large, not a file,
    or of an unknown version."""


class FileTooLargeError(SaveFileError):
    """A file over the limit, refused before it is read; the message names it, its size and the limit."""

    def __init__(self, message: str, limit: int) -> None:
        self.limit = limit
        super().__init__(message)


class NotAFileError(SaveFileError):
    """A path that is not a regular file (a folder, a link, a pipe, a device); the message says what it is."""

    def __init__(self, message: str, kind: str) -> None:
        self.kind = kind
        super().__init__(message)


def size_text(n: int) -> str:
    """A byte count for a message: whole megabytes as ``16 MB``, anything else in bytes.

    >>> size_text(16 * 2**20), size_text(200)
    ('16 MB', '200 bytes')
    """
    return f"{n // 2**20} MB" if n and n % 2**20 == 0 else f"{n} bytes"


def not_a_file(path: Path, mode: int, *, label: str | None = None) -> NotAFileError:
    """The error for ``path``, which is not a regular file (``mode`` from lstat or fstat)."""
    name = label or path.name or str(path)
    kind = link_text(path) if stat.S_ISLNK(mode) else kind_of_mode(mode)
    if stat.S_ISLNK(mode):
        return NotAFileError(f"{name} is {kind}; the app does not follow links among its own files", "a symbolic link")
    return NotAFileError(f"{name} is {kind}, not a file", kind)


def too_large(label: str, what: str, size: int | None, limit: int) -> FileTooLargeError:
    """The error for a file over ``limit`` (``size`` None: it grew past the limit while being read)."""
    if size is None:
        return FileTooLargeError(f"{label} is too large for {what} (over {size_text(limit)})", limit)
    return FileTooLargeError(f"{label} is too large for {what} ({size} bytes; the limit is {size_text(limit)})", limit)


def read_file(
    path: Path | str,
    what: str = "a game",
    *,
    follow_links: bool = True,
    regular_only: bool = True,
    limit: int = MAX_FILE_BYTES,
    label: str | None = None,
) -> bytes:
    """The bytes of a file, at most ``limit``, without ever blocking on it (see the module).

    Args:
        what: what the file should hold, for the message (``a settings file``).
        follow_links: False for the app's own files: a symbolic link is refused, not read through.
        regular_only: refuse pipes and devices (the window); False: read them too, bounded (the command line).
        label: how the message names the file (default: its name).

    Raises:
        NotAFileError: the path is a folder, a link (``follow_links=False``), a pipe, a device or a socket.
        FileTooLargeError: the file is over ``limit`` (told before reading when its size is known).
        OSError: it is missing or cannot be opened or read (FileNotFoundError when missing).
    """
    path = Path(path)
    name = label or path.name or str(path)
    info = os.stat(path) if follow_links else os.lstat(path)
    if not stat.S_ISREG(info.st_mode) and (regular_only or stat.S_ISDIR(info.st_mode) or stat.S_ISLNK(info.st_mode)):
        raise not_a_file(path, info.st_mode, label=label)
    flags = os.O_RDONLY | _BINARY | _CLOEXEC | (0 if follow_links else _NOFOLLOW)
    if regular_only:
        flags |= _NONBLOCK  # a pipe put here since the stat must not stop the open
    fd = os.open(path, flags)
    with os.fdopen(fd, "rb", buffering=0) as fh:
        opened = os.fstat(fh.fileno())
        if not stat.S_ISREG(opened.st_mode) and (regular_only or stat.S_ISDIR(opened.st_mode)):
            raise not_a_file(path, opened.st_mode, label=label)
        if stat.S_ISREG(opened.st_mode):
            if opened.st_size > limit:
                raise too_large(name, what, opened.st_size, limit)
            if _NONBLOCK:
                os.set_blocking(fh.fileno(), True)
        data = read_bounded(fh, limit)
    if len(data) > limit:
        raise too_large(name, what, None, limit)
    return data


def read_bounded(stream: BinaryIO, limit: int = MAX_FILE_BYTES) -> bytes:
    """Read ``stream`` to its end or to ``limit`` + 1 bytes, whichever comes first (more means too large)."""
    parts = []
    left = limit + 1
    while left > 0:
        chunk = stream.read(min(_CHUNK, left))
        if not chunk:
            break
        parts.append(chunk)
        left -= len(chunk)
    return b"".join(parts)


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
    "FileTooLargeError",
    "SaveFileError",
    "NotAFileError",
    "decode",
    "kind_of_mode",
    "link_text",
    "not_a_file",
    "read_bounded",
    "read_file",
    "size_text",
    "too_large",
]
