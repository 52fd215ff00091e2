"""Text forms of the variants: Sudoku X and Windoku as any classic form plus the variant's name, Jigsaw as givens and
a region map.

- Sudoku X, Windoku: any classic text (``parse_collection``); the variant comes from the caller (the CLI's
  ``--variant``) or from a line ``variant: x`` (``windoku``) in the text.
- Jigsaw: 81 givens and an 81-character region map (one symbol per region, any symbols but white space and ``#``),
  separated by white space; both may be spread over lines (9 lines of 9 each, say). Several puzzles: one per line,
  ``givens map``. A ``variant: jigsaw`` line is optional when the command says ``--variant jigsaw``.
- Killer: ``[givens81] cagemap81 sums`` (engine/killer/text.py reads it); the grid's geometry holds the cages.

Lines starting with ``#`` are comments. ``read_variant_puzzles(text, variant)`` yields (line number, Grid), each
grid on its variant's geometry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..board.errors import PuzzleFormatError
from ..board.geometry import CLASSIC, JIGSAW, KILLER, VARIANTS, Geometry, variant_geometry
from ..board.grid import Grid
from ..killer.cages import killer_grid
from ..killer.text import parse_killer
from .detect import parse_collection

NAMES = VARIANTS
"""Every name ``--variant`` and a ``variant:`` line accept."""

_TRAILING_COMMENT = re.compile(r"\s+#.*$")
_VARIANT_LINE = re.compile(r"^\s*variant\s*:\s*(\S*)\s*$", re.IGNORECASE | re.MULTILINE)


def variant_of(text: str, given: str | None = None) -> str:
    """The variant a text is in: ``given`` (the command line's), else its ``variant:`` line, else classic.

    Raises:
        PuzzleFormatError: an unknown variant name, or a ``variant:`` line that says another variant than ``given``.
    """
    found = _VARIANT_LINE.search(text)
    named = found.group(1).lower() if found else None
    for name in (given, named):
        if name is not None and name not in NAMES:
            raise PuzzleFormatError(f"unknown variant {name!r}: one of {', '.join(NAMES)}")
    if given is not None and named is not None and given != named:
        raise PuzzleFormatError(f"the text says variant: {named}, the command line --variant {given}")
    return given or named or CLASSIC


def _first_line(text: str) -> int:
    """The number of the first line that is not blank, a comment or the variant line (where the puzzle starts)."""
    for i, ln in enumerate(text.splitlines(), 1):
        if ln.strip() and not ln.lstrip().startswith("#") and not _VARIANT_LINE.match(ln):
            return i
    return 1


def _without_variant_line(text: str) -> str:
    return _VARIANT_LINE.sub("", text)


def read_variant_puzzles(text: str, variant: str | None = None) -> Iterator[tuple[int, Grid]]:
    """Yield (line number, grid) for each puzzle of ``text`` in ``variant`` (or its ``variant:`` line).

    Raises:
        PuzzleFormatError: not a puzzle of that variant (the message says why: a region of the wrong size, a region
            map of the wrong length, an unknown variant, a cage without a sum, sums that cannot work).
    """
    name = variant_of(text, variant)
    if name == KILLER:
        yield _first_line(text), killer_grid(parse_killer(text))
        return
    body = _without_variant_line(text)
    if name == JIGSAW:
        yield from _read_jigsaws(body)
        return
    geometry = variant_geometry(name)
    for line, grid in parse_collection(body):
        yield line, _on(grid, geometry) if name != CLASSIC else grid


def _on(grid: Grid, geometry: Geometry) -> Grid:
    """``grid`` on a variant's geometry: its own candidates kept if the text gave them, else the variant's."""
    if geometry.ncells != grid.geometry.ncells:
        raise PuzzleFormatError(
            f"a {geometry.variant_name} puzzle has {geometry.ncells} cells, not {grid.geometry.ncells}"
        )
    cands = grid.candidates if grid.has_pencilmarks else None
    return Grid.from_values(grid.givens, grid.values, cands, geometry=geometry)


def _read_jigsaws(text: str) -> Iterator[tuple[int, Grid]]:
    # A comment is a line starting with #, or white space and # after a puzzle (generate --rate writes one).
    cut = [(i, _TRAILING_COMMENT.sub("", ln)) for i, ln in enumerate(text.splitlines(), 1)]
    lines = [(i, ln.split()) for i, ln in cut if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        raise PuzzleFormatError("no puzzle found: a Jigsaw is 81 givens and an 81-character region map")
    if len(lines) == 1 and len(lines[0][1]) == 2:
        number, (givens, regions) = lines[0]
        yield number, jigsaw_grid(givens, regions, number)
        return
    if len(lines) > 1 and all(len(t) == 2 and len(t[0]) == len(t[1]) == 81 for _, t in lines):
        for number, (givens, regions) in lines:
            yield number, jigsaw_grid(givens, regions, number)
        return
    joined = "".join(tok for _, toks in lines for tok in toks)
    if len(joined) != 162:
        raise PuzzleFormatError(
            f"a Jigsaw is 81 givens and an 81-character region map (162 characters), found {len(joined)}",
            line=lines[0][0],
        )
    yield lines[0][0], jigsaw_grid(joined[:81], joined[81:], lines[0][0])


def jigsaw_grid(givens: str, region_map: str, line: int | None = None) -> Grid:
    """A Jigsaw from 81 givens (``.`` or ``0`` for an empty cell) and an 81-character region map.

    >>> g = jigsaw_grid("." * 81, "".join(str(c // 9 + 1) for c in range(81)))
    >>> g.geometry.unit_name(18), g.geometry.units[18][:3]
    ('region 1', (0, 1, 2))

    Raises:
        PuzzleFormatError: a length, digit, region count or region size that does not fit a 9×9 Jigsaw.
    """
    if len(region_map) != 81:
        raise PuzzleFormatError(f"a Jigsaw's region map has 81 characters, not {len(region_map)}", line=line)
    if len(givens) != 81:
        raise PuzzleFormatError(f"a Jigsaw has 81 givens, not {len(givens)}", line=line)
    symbols: list[str] = []
    for ch in region_map:
        if ch not in symbols:
            symbols.append(ch)
    if len(symbols) != 9:
        raise PuzzleFormatError(f"a Jigsaw's region map has 9 symbols, not {len(symbols)}", line=line)
    for sym in symbols:
        size = region_map.count(sym)
        if size != 9:
            raise PuzzleFormatError(f"region {sym!r} of the map has {size} cells, not 9", line=line)
    values = []
    for ch in givens:
        if ch in ".0":
            values.append(0)
        elif ch in "123456789":
            values.append(int(ch))
        else:
            raise PuzzleFormatError(f"{ch!r} is not a digit or an empty cell (. or 0) in a Jigsaw's givens", line=line)
    geometry = variant_geometry(JIGSAW, regions=tuple(symbols.index(ch) for ch in region_map))
    return Grid.from_values(values, geometry=geometry)
