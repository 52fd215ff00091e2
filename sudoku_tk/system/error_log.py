"""The error log: a small text file in the data folder where problems go when nobody sees stderr.

A windowed build (PyInstaller ``--windowed``, a desktop launcher) has no console,
so a traceback printed to stderr is lost. The app writes two kinds of entries to
``sudoku-tk.log`` in the user's data folder instead, each line starting with its kind:

- ``USER``: a problem the player was told about and can act on (a file that can't
  be read, a folder that can't be written, a puzzle with clashing givens). One line,
  no traceback: it is the player's situation, not a bug.
- ``INTERNAL``: an error in the program itself (an exception in a handler), with its
  traceback, so it can be reported.

The entries go through the standard ``logging`` machinery: each ``ErrorLog`` has its own
logger (not the root logger's tree, so nothing else the process logs lands here) and a
``logging.handlers.RotatingFileHandler`` capped at ``MAX_LOG_BYTES``: when the next entry
would take the file past the cap it is renamed ``sudoku-tk.log.1`` (replacing an older one)
and a new file begins. The handler opens the log for each entry and closes it after, so two
windows writing to one log never write into a file the other has just rotated. Writing never
raises: a log that can't be written must not take the game with it. Like the app's other
files, the log is private (0o600) and only ever a regular file: it is opened without
following a link and without blocking on a pipe; a link or a pipe in its place is set aside
as ``sudoku-tk.log.damaged`` (entries.py) and a new log begins.
"""

from __future__ import annotations

import io
import logging
import logging.handlers
import os
import stat
from datetime import datetime
from pathlib import Path
from types import TracebackType

from .entries import set_aside

LOG_NAME = "sudoku-tk.log"
MAX_LOG_BYTES = 256 * 1024
"""Past this size the log is rotated to ``sudoku-tk.log.1``: two files at most, about half a megabyte."""
USER = "USER"
INTERNAL = "INTERNAL"
_LEVELS = {USER: logging.WARNING, INTERNAL: logging.ERROR}
_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def _open_private(path: Path) -> int:
    """The log opened for appending: a regular file, never through a link, never blocking on a pipe."""
    for attempt in range(2):
        try:
            fd = os.open(path, _APPEND, 0o600)
        except OSError:
            if attempt or not os.path.lexists(path):
                raise
            set_aside(path)  # a link (O_NOFOLLOW) or a pipe nobody reads (ENXIO)
            continue
        if stat.S_ISREG(os.fstat(fd).st_mode):
            if getattr(os, "O_NONBLOCK", 0):
                os.set_blocking(fd, True)
            return fd
        os.close(fd)
        if attempt or set_aside(path) is None:
            break
    raise OSError(f"{path.name} is not a file")


class _LogFile(logging.handlers.RotatingFileHandler):
    """A RotatingFileHandler that opens the log as the app opens its own files, for one entry at a time, and
    never complains (the player has been told on screen already)."""

    def _open(self) -> io.TextIOWrapper:
        path = Path(self.baseFilename)
        path.parent.mkdir(parents=True, exist_ok=True)
        return open(_open_private(path), "a", encoding=self.encoding, errors=self.errors, newline="")

    def emit(self, record: logging.LogRecord) -> None:
        try:
            super().emit(record)
        finally:
            self.close()  # the next entry opens the file again (another window may have rotated it)

    def handleError(self, record: logging.LogRecord) -> None:
        pass  # nowhere to write: the player has already been told on screen


class _Entry(logging.Formatter):
    """``<local time, ISO 8601 to the second> <KIND> <text>``, the traceback on the lines after."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(kind)s %(message)s")

    def formatTime(self, record: logging.LogRecord, datefmt: str | None = None) -> str:
        return datetime.fromtimestamp(record.created).astimezone().isoformat(timespec="seconds")


class ErrorLog:
    """Appends USER and INTERNAL entries to ``folder/sudoku-tk.log`` (see the module docstring)."""

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / LOG_NAME
        handler = _LogFile(
            self.path, maxBytes=MAX_LOG_BYTES, backupCount=1, encoding="utf-8", errors="backslashreplace", delay=True
        )
        handler.setFormatter(_Entry())
        self._logger = logging.Logger(f"sudoku_tk.error_log:{self.path}", logging.INFO)
        self._logger.addHandler(handler)

    def user(self, message: str) -> None:
        """Log a problem the player was shown (one line)."""
        self._write(USER, " ".join(message.split()))

    def internal(self, exc: BaseException, tb: TracebackType | None = None, where: str = "") -> None:
        """Log an error in the program, with its traceback (``where`` says what was running)."""
        head = f"{where}: " if where else ""
        trace = tb if tb is not None else exc.__traceback__
        self._write(INTERNAL, head + f"{type(exc).__name__}: {exc}", (type(exc), exc, trace))

    def _write(
        self,
        kind: str,
        text: str,
        exc_info: tuple[type[BaseException], BaseException, TracebackType | None] | None = None,
    ) -> None:
        self._logger.log(_LEVELS[kind], "%s", text, exc_info=exc_info, extra={"kind": kind})


__all__ = ["INTERNAL", "LOG_NAME", "MAX_LOG_BYTES", "USER", "ErrorLog"]
