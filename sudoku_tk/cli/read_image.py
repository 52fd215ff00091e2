"""``sudoku-tk read-image``: the puzzle in a screenshot, scan or photo, as one line (or JSON with confidences).

    sudoku-tk read-image FILE            # one line: 81 characters (16 / 256 on 4×4 / 16×16), '.' for empty
    sudoku-tk read-image -               # the picture on standard input (xclip -t image/png -o | …)
    sudoku-tk read-image FILE --json     # also each cell's confidence, the unsure cells, the grid's corners,
                                         # pencil marks and left-out handwriting, and the puzzle check

Exit codes: 0 a grid was read (whatever the puzzle check says: ``--json`` gives it), 2 no grid found, a file
that is not a picture or can't be read, or one over the limits (30 MB, 50 megapixels): one line on standard
error, never a traceback. The reader (numpy, the classifier) is loaded only when this command runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import BinaryIO, TextIO

from ..app.storage.file_reading import FileTooLargeError, NotAFileError, read_bounded, read_file
from .console import fit


def add_read_image_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``read-image`` subcommand to the command line's subparsers."""
    p = sub.add_parser(
        "read-image",
        help="read a puzzle from a screenshot, scan or photo (PNG, JPEG, GIF, BMP, WebP)",
        description="Find the Sudoku grid in a picture and print its givens as one line ('.' for empty).",
    )
    p.add_argument("file", help="the picture, or - for standard input")
    p.add_argument(
        "--json", action="store_true", help="print JSON: the line, each cell's confidence, the corners, the check"
    )
    p.set_defaults(func=run_read_image)


def _name(source: str) -> str:
    return "standard input" if source == "-" else (Path(source).name or source)


def _picture_bytes(source: str, stdin: BinaryIO | None) -> bytes:
    """The bytes of the picture file ``source``, or of standard input for ``-``: at most the picture limit and one
    byte more (which picture_from_bytes refuses). Read by the app's one reader; a pipe or a device is read too, as
    the command line reads them (``read-image <(curl …)``), bounded.

    Raises:
        PictureError: the file is missing, a folder, unreadable or over the limit; standard input is empty.
    """
    from ..vision.image_input import MAX_BYTES, PictureError, too_large

    name = _name(source)
    if source == "-":
        data = read_bounded(stdin, MAX_BYTES) if stdin is not None else b""
        if not data:
            raise PictureError("standard input is empty: no picture to read")
        return data
    try:
        return read_file(source, "a picture", regular_only=False, limit=MAX_BYTES)
    except FileTooLargeError:
        raise too_large(name) from None
    except NotAFileError as exc:
        raise PictureError(str(exc)) from None
    except OSError as exc:
        raise PictureError(f"can't read {name}: {exc.strerror or exc}") from None


def run_read_image(
    ns: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr, stdin: BinaryIO | None = None
) -> int:
    """Read the picture ``ns.file`` (``-``: standard input); print the puzzle (or JSON). Returns the exit code."""
    if stdin is None and ns.file == "-":
        stdin = getattr(sys.stdin, "buffer", None)
    try:
        from ..vision.image_input import PictureError, picture_from_bytes
        from ..vision.locate import NoGridFound
        from ..vision.read_check import check_reading
        from ..vision.reader import read_picture
    except ImportError as exc:  # numpy missing, or its libraries broken (a build that stripped them)
        reason = [line.strip() for line in str(exc).splitlines() if line.strip()][-1:] or ["not installed"]
        print(fit(f"sudoku-tk: reading pictures needs numpy, which can't be loaded here: {reason[0]}", err), file=err)
        return 2
    shown = "" if ns.file == "-" else f"{ns.file}: "
    try:
        reading = read_picture(picture_from_bytes(_picture_bytes(ns.file, stdin), _name(ns.file)))
    except (PictureError, NoGridFound) as exc:
        print(fit(f"sudoku-tk: {shown}{exc}", err), file=err)
        return 2
    except MemoryError:
        print(fit(f"sudoku-tk: {shown}not enough memory to read the picture", err), file=err)
        return 2
    if not ns.json:
        out.write(reading.to_line() + "\n")
        return 0
    data = reading.to_json()
    check = check_reading(reading.values, reading.confidences, alternatives=[c.alternatives for c in reading.cells])
    data["check"] = {
        "status": check.status.value,
        "message": check.message,
        "conflicts": list(check.conflicts),
        "suspects": list(check.suspects[:5]),
        "fixes": [{"cell": f.cell, "value": f.value, "was": f.was} for f in check.fixes],
        "whole_grid": check.whole_grid,
    }
    out.write(json.dumps(data, ensure_ascii=False) + "\n")
    return 0
