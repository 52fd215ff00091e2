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
raises: a log that can't be written must not take the game with it.
"""

from __future__ import annotations

import os
import traceback
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Optional

LOG_NAME = "sudoku-tk.log"
MAX_LOG_BYTES = 256 * 1024
"""Past this size the log is rotated to ``sudoku-tk.log.1``: two files at most, about half a megabyte."""
USER = "USER"
INTERNAL = "INTERNAL"


class ErrorLog:
    """Appends USER and INTERNAL entries to ``folder/sudoku-tk.log`` (see the module docstring)."""

    def __init__(self, folder: Path | str) -> None:
        self.path = Path(folder) / LOG_NAME

    def user(self, message: str) -> None:
        """Log a problem the player was shown (one line)."""
        self._write(USER, " ".join(message.split()))

    def internal(self, exc: BaseException, tb: Optional[TracebackType] = None, where: str = "") -> None:
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
            with open(self.path, "a", encoding="utf-8", errors="backslashreplace") as fh:
                fh.write(entry)
        except OSError:
            pass  # nowhere to write: the player has already been told on screen

    def _rotate_if_full(self) -> None:
        try:
            if self.path.stat().st_size < MAX_LOG_BYTES:
                return
        except OSError:
            return  # no log yet
        os.replace(self.path, self.path.with_name(LOG_NAME + ".1"))


__all__ = ["ErrorLog", "LOG_NAME", "MAX_LOG_BYTES", "USER", "INTERNAL"]
