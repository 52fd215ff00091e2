"""Puzzle text formats in and out (bootstrap: one-line puzzles; the full set lands with the formats work)."""

from __future__ import annotations

from .errors import PuzzleFormatError
from .geometry import Geometry
from .grid import Grid


def parse_grid(text: str) -> Grid:
    """Parse a one-line puzzle (``.`` or ``0`` for empty cells)."""
    line = "".join(text.split())
    try:
        geo = Geometry.for_cell_count(len(line))
    except ValueError:
        raise PuzzleFormatError(f"expected 16, 81 or 256 cells, found {len(line)}") from None
    vals = []
    for i, ch in enumerate(line):
        if ch in ".0":
            vals.append(0)
        else:
            try:
                vals.append(geo.parse_digit(ch))
            except ValueError:
                raise PuzzleFormatError(f"unexpected character {ch!r}", line=1, column=i + 1) from None
    return Grid.from_values(vals)


def parse_collection(text: str):  # type: ignore[no-untyped-def]
    """Yield (line number, grid) for every one-line puzzle; other text is read as one puzzle."""
    lines = [(i + 1, ln.strip()) for i, ln in enumerate(text.splitlines())]
    body = [(n, ln) for n, ln in lines if ln and not ln.startswith("#")]
    if body and all(len(ln.split()[0]) in (16, 81, 256) for _, ln in body):
        for n, ln in body:
            try:
                yield n, parse_grid(ln.split()[0])
            except PuzzleFormatError as exc:
                raise PuzzleFormatError(exc.reason, line=n, column=exc.column) from None
        return
    yield 1, parse_grid(text)
