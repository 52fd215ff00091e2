"""What is at a path on this file system, in words; making a folder; moving an odd entry aside; syncing a folder.

The app keeps its files in its own folder and trusts only regular files and real folders
there. ``kind_of_mode`` and ``link_text`` name whatever else has a file's or folder's name
(a symbolic link, a named pipe, a device) for a message; ``make_folder`` creates a folder or
says in words what is in its place (``NotAFolderError``); ``set_aside`` renames an entry
that can't be used to ``<name>.damaged`` in its own folder (the entry itself: a link is
moved as a link, so nothing outside the folder is renamed or written).
"""

from __future__ import annotations

import glob
import os
import stat
from pathlib import Path

import sudoku_tk.system.posix as posix

from .platforms import Platform

DAMAGED_SUFFIX = ".damaged"
KEEP_DAMAGED = 5
"""How many unreadable copies of each file are kept; older ones are removed."""


def kind_of_mode(mode: int) -> str:
    """What a file-system entry is, in words (``a named pipe (FIFO)``), from its ``st_mode``.

    >>> kind_of_mode(stat.S_IFIFO | 0o644), kind_of_mode(stat.S_IFREG | 0o600)
    ('a named pipe (FIFO)', 'a file')
    """
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def link_text(path: Path) -> str:
    """``a symbolic link (to /the/target)``: what the link at ``path`` is, for a message."""
    try:
        return f"a symbolic link (to {os.readlink(path)})"
    except OSError:
        return "a symbolic link"


class NotAFolderError(NotADirectoryError):
    """Something that is not a folder has a folder's name; the message says what it is (``kind``)."""

    def __init__(self, message: str, kind: str) -> None:
        self.kind = kind
        super().__init__(message)


def make_folder(folder: Path, *, allow_link: bool = False) -> None:
    """Create ``folder`` and its parents unless it is there; refuse, in words, whatever is there instead.

    ``allow_link``: a symbolic link to a folder is accepted (the data folder itself may live
    elsewhere by the player's choice); the app's own sub-folders must be real folders.

    Raises:
        NotAFolderError: a file, a link, a pipe or a device has the folder's name ("autosave is a file, not a folder").
        OSError: the folder cannot be created.
    """
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        pass  # something that is not a folder has the name: said below
    info = os.stat(folder) if allow_link else os.lstat(folder)
    if stat.S_ISDIR(info.st_mode):
        return
    where = f"{folder.name} in {folder.parent}"
    if stat.S_ISLNK(info.st_mode):
        kind = link_text(folder)
        raise NotAFolderError(
            f"{where} is {kind}, not a folder; the app does not follow links among its own files", kind
        )
    kind = kind_of_mode(info.st_mode)
    raise NotAFolderError(f"{where} is {kind}, not a folder, so nothing can be saved in it", kind)


def _unlink_quietly(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def set_aside(path: Path, keep: int = KEEP_DAMAGED) -> Path | None:
    """Rename an unreadable file to ``<name>.damaged`` (older copies move up: ``.damaged.1``, …); return its new path.

    Copies beyond ``keep`` are removed. A symbolic link is renamed itself, never
    what it points to. Returns None (and overwrites nothing) when the file cannot
    be moved.
    """
    first = path.with_name(path.name + DAMAGED_SUFFIX)
    names = [first] + [first.with_name(f"{first.name}.{i}") for i in range(1, keep)]
    try:
        for old in path.parent.glob(glob.escape(first.name) + ".*"):
            number = old.name[len(first.name) + 1 :]
            if number.isdigit() and int(number) >= keep - 1:
                _unlink_quietly(old)
        for older, newer in zip(reversed(names[:-1]), reversed(names[1:])):
            if os.path.lexists(older):
                if os.path.lexists(newer):
                    return None  # could not make room: never write over a kept copy
                os.replace(older, newer)
        if os.path.lexists(first):
            return None
        os.replace(path, first)
    except OSError:
        return None
    return first


def sync_folder(folder: Path) -> None:
    """Make the renames in ``folder`` durable: flush its entries to disk where the system can (POSIX)."""
    if Platform.current() is not Platform.WINDOWS:
        posix.sync_folder(folder)


__all__ = [
    "DAMAGED_SUFFIX",
    "KEEP_DAMAGED",
    "NotAFolderError",
    "kind_of_mode",
    "link_text",
    "make_folder",
    "set_aside",
    "sync_folder",
]
