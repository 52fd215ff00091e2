"""The error log: a small text file in the data folder where problems go when nobody sees stderr.

A windowed build (PyInstaller ``--windowed``, a desktop launcher) has no console,
so a traceback printed to stderr is lost. The app writes two kinds of entries to
``sudoku-tk.log`` in the user's data folder instead, each line starting with its kind:

- ``USER``: a problem the player was told about and can act on (a file that can't
  be read, a folder that can't be written, a puzzle with clashing givens). One line,
  no traceback: it is the player's situation, not a bug.
- ``INTERNAL``: an error in the program itself (an exception in a handler), with its
  traceback, so it can be reported.

The file is capped (``MAX_LOG_BYTES``): when it grows past the cap it is renamed
``sudoku-tk.log.1`` (replacing an older one) and a new file begins. Writing never
raises: a log that can't be written must not take the game with it. Like the app's
other files, the log is private (0o600) and only ever a regular file: it is opened
without following a link and without blocking on a pipe; a link or a pipe in its place
is set aside as ``sudoku-tk.log.damaged`` (damaged_files.py) and a new log begins.
"""

from __future__ import annotations

import os
import stat
import traceback
from datetime import datetime
from pathlib import Path
from types import TracebackType

from sudoku_tk.app.damaged_files import set_aside

LOG_NAME = "sudoku-tk.log"
MAX_LOG_BYTES = 256 * 1024
"""Past this size the log is rotated to ``sudoku-tk.log.1``: two files at most, about half a megabyte."""
USER = "USER"
INTERNAL = "INTERNAL"
_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class ErrorLog:
    """Appends USER and INTERNAL entries to ``folder/sudoku-tk.log`` (see the module docstring)."""

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / LOG_NAME

    def user(self, message: str) -> None:
        """Log a problem the player was shown (one line)."""
        self._write(USER, " ".join(message.split()))

    def internal(self, exc: BaseException, tb: TracebackType | None = None, where: str = "") -> None:
        """Log an error in the program, with its traceback (``where`` says what was running)."""
        lines = traceback.format_exception(type(exc), exc, tb if tb is not None else exc.__traceback__)
        head = f"{where}: " if where else ""
        self._write(INTERNAL, head + f"{type(exc).__name__}: {exc}\n" + "".join(lines).rstrip("\n"))

    def _write(self, kind: str, text: str) -> None:
        stamp = datetime.now().astimezone().isoformat(timespec="seconds")
        entry = f"{stamp} {kind} {text}\n"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._rotate_if_full()
            fd = self._open()
            with os.fdopen(fd, "ab") as fh:
                fh.write(entry.encode("utf-8", "backslashreplace"))
        except OSError:
            pass  # nowhere to write: the player has already been told on screen

    def _open(self) -> int:
        """The log opened for appending: a regular file, never through a link, never blocking on a pipe."""
        for attempt in range(2):
            try:
                fd = os.open(self.path, _APPEND, 0o600)
            except OSError:
                if attempt or not os.path.lexists(self.path):
                    raise
                set_aside(self.path)  # a link (O_NOFOLLOW) or a pipe nobody reads (ENXIO)
                continue
            if stat.S_ISREG(os.fstat(fd).st_mode):
                if getattr(os, "O_NONBLOCK", 0):
                    os.set_blocking(fd, True)
                return fd
            os.close(fd)
            if attempt or set_aside(self.path) is None:
                break
        raise OSError(f"{self.path.name} is not a file")

    def _rotate_if_full(self) -> None:
        try:
            info = os.lstat(self.path)
        except OSError:
            return  # no log yet
        if stat.S_ISREG(info.st_mode) and info.st_size >= MAX_LOG_BYTES:
            os.replace(self.path, self.path.with_name(LOG_NAME + ".1"))


__all__ = ["ErrorLog", "LOG_NAME", "MAX_LOG_BYTES", "USER", "INTERNAL"]
