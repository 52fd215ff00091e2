"""The command line's input and output: bounded, decoded input and output any console can show.

Input is read bounded: at most ``MAX_INPUT_BYTES`` from a file or standard input,
so ``/dev/zero`` or a runaway pipe is a one-line message, not a memory error. Files
are read by the app's one reader (``app/storage/file_reading.py``, the same limit as the
window's); a pipe or a device is read too (``solve <(cat puzzles.txt)``), bounded.
Output never fails on a console that can't show the engine's typography ("→",
"≠", "—"): such text is spelled in ASCII there ("->", "!=", "-"). Output that can't be
written (a full disk, a closed device) is ``OutputError``, which the command line turns
into one line on standard error and exit status 2; ``os_error_words`` says an OSError in
words ("the disk is full") rather than "[Errno 28]".
"""

from __future__ import annotations

import codecs
import errno
import os
import sys
from typing import TextIO

from ..app.storage.file_reading import (
    MAX_FILE_BYTES,
    FileTooLargeError,
    NotAFileError,
    read_bounded,
    read_file,
    size_text,
)
from ..engine.board.errors import PuzzleFormatError

MAX_INPUT_BYTES = MAX_FILE_BYTES
"""The most read from one file or from standard input (16 MB, the app's one limit): far more than any puzzle
collection needs (about 200,000 one-line puzzles), and a bound on memory whatever is piped in."""

_ASCII_SPELLINGS = str.maketrans(
    {
        "→": "->",
        "≠": "!=",
        "×": "x",
        "—": "-",
        "–": "-",
        "…": "...",
        "≤": "<=",
        "≥": ">=",
        "°": " degrees",
    }
)
"""The engine's typography as a console without it shows it: readable ASCII rather than escapes."""


# -- input ---------------------------------------------------------------------------------------------------


def _too_large(name: str, limit: int) -> PuzzleFormatError:
    return PuzzleFormatError(f"{name} is too large (over {size_text(limit)}); split it into smaller files")


def read_input(source: str, stdin: TextIO, limit: int = MAX_INPUT_BYTES) -> str:
    """The text of a file, or of standard input for ``-``: at most ``limit`` bytes, read as UTF-8.

    Never reads more than the cap and one byte, so an endless source costs no more than the cap.

    Raises:
        PuzzleFormatError: the file is missing, a directory or unreadable; the input is over the cap; the
            bytes are binary or not UTF-8.
    """
    name = "standard input" if source == "-" else repr(source)
    if source == "-":
        raw = getattr(stdin, "buffer", None)
        if raw is None:  # a text stream without bytes underneath (tests, embedding): count characters instead
            text = stdin.read(limit + 1)
            if len(text) > limit:
                raise _too_large(name, limit)
            return text
        # Decode here rather than trust the terminal's encoding: a bad byte must be a message, not a traceback.
        data: bytes = read_bounded(raw, limit)
    else:
        try:
            data = read_file(source, "puzzles", regular_only=False, limit=limit)
        except FileNotFoundError:
            raise PuzzleFormatError(f"no such file: {source!r}") from None
        except FileTooLargeError:
            raise _too_large(name, limit) from None
        except NotAFileError as exc:
            if exc.kind == "a folder":
                raise PuzzleFormatError(f"{source!r} is a directory, not a puzzle file") from None
            raise PuzzleFormatError(f"can't read {source!r}: {exc}") from None
        except OSError as exc:
            raise PuzzleFormatError(f"can't read {source!r}: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise _too_large(name, limit)
    return _decode(data, name)


def _decode(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text, a byte-order mark dropped.

    Raises:
        PuzzleFormatError: a zero byte (binary data, which no text holds) or bytes that are not UTF-8,
            with the offset of the first.
    """
    if b"\0" in data:
        raise PuzzleFormatError(f"{name} holds binary data, not puzzle text (a zero byte at offset {data.index(0)})")
    skip = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        return data[skip:].decode("utf-8")
    except UnicodeDecodeError as exc:
        at = skip + exc.start
        raise PuzzleFormatError(f"{name} is not UTF-8 text: byte 0x{data[at]:02x} at offset {at}") from None


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters so a message stays a readable line."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


# -- output --------------------------------------------------------------------------------------------------


def fit(text: str, stream: TextIO) -> str:
    """``text`` as ``stream``'s encoding can hold it: typography spelled in ASCII, anything else escaped."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:
        return text
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return text.translate(_ASCII_SPELLINGS).encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        pass
    return text


_ERRNO_WORDS = {
    getattr(errno, name): words
    for name, words in (
        ("ENOSPC", "the disk is full"),
        ("EDQUOT", "the disk quota is used up"),
        ("EROFS", "the disk is read-only"),
        ("EACCES", "permission denied"),
        ("EPERM", "permission denied"),
        ("ENOENT", "the folder does not exist"),
        ("ENOTDIR", "a part of the path is not a folder"),
        ("EISDIR", "it is a folder"),
        ("EFBIG", "the file would be too large"),
        ("EIO", "the device failed (an input/output error)"),
        ("ENXIO", "the device is not there"),
    )
    if hasattr(errno, name)  # not every system has every code (Windows has no EDQUOT)
}
"""What an OSError means, for the errors a user can meet writing output; anything else keeps its own wording."""


def os_error_words(exc: OSError) -> str:
    """An OSError in words for a message: "the disk is full", not "[Errno 28] No space left on device"."""
    words = _ERRNO_WORDS.get(exc.errno or 0)
    if words:
        return words
    text = exc.strerror or str(exc) or type(exc).__name__
    return text[:1].lower() + text[1:]


class OutputError(Exception):
    """Standard output could not be written; ``reason`` says why in words (see ``os_error_words``)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Console:
    """The commands' standard output: writes what the stream's encoding can't hold in ASCII (see ``fit``)
    instead of failing with UnicodeEncodeError (a Windows console, ``PYTHONIOENCODING=ascii``, the C locale).

    Raises:
        OutputError: from ``write`` and ``flush``, when the stream can't be written (a full disk, a closed
            device); a reader that went away stays BrokenPipeError.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> None:
        try:
            self._stream.write(fit(text, self._stream))
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(os_error_words(exc)) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise OutputError(os_error_words(exc)) from None


def stdout() -> Console:
    """The process's standard output as a ``Console`` (looked up now: tests replace ``sys.stdout``)."""
    return Console(sys.stdout)


def drop_unwritten_output() -> None:
    """Point standard output at the null device, so the output that could not be written is not tried again
    when Python exits (which would print an "Exception ignored" traceback and exit 120)."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):
        return  # not a real file (a test's capture): nothing is flushed at exit
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass
