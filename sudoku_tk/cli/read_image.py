"""``sudoku-tk read-image``: the puzzle in a screenshot, scan or photo, as one line (or JSON with confidences).

    sudoku-tk read-image FILE            # one line: 81 characters (16 / 256 on 4×4 / 16×16), '.' for empty
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
from typing import TextIO

from .console import fit


def add_read_image_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``read-image`` subcommand to the command line's subparsers."""
    p = sub.add_parser(
        "read-image",
        help="read a puzzle from a screenshot, scan or photo (PNG, JPEG, GIF, BMP, WebP)",
        description="Find the Sudoku grid in a picture and print its givens as one line ('.' for empty).",
    )
    p.add_argument("file", help="the picture")
    p.add_argument(
        "--json", action="store_true", help="print JSON: the line, each cell's confidence, the corners, the check"
    )
    p.set_defaults(func=run_read_image)


def run_read_image(ns: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """Read the picture ``ns.file``; print the puzzle (or JSON). Returns the exit code."""
    try:
        from ..vision.image_input import PictureError, open_picture
        from ..vision.locate import NoGridFound
        from ..vision.read_check import check_reading
        from ..vision.reader import read_picture
    except ImportError as exc:  # numpy missing, or its libraries broken (a build that stripped them)
        reason = [line.strip() for line in str(exc).splitlines() if line.strip()][-1:] or ["not installed"]
        print(fit(f"sudoku-tk: reading pictures needs numpy, which can't be loaded here: {reason[0]}", err), file=err)
        return 2
    try:
        reading = read_picture(open_picture(ns.file))
    except (PictureError, NoGridFound) as exc:
        print(fit(f"sudoku-tk: {ns.file}: {exc}", err), file=err)
        return 2
    except MemoryError:
        print(fit(f"sudoku-tk: {ns.file}: not enough memory to read the picture", err), file=err)
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
