"""One puzzle of any kind this app plays, in and out of text: ``parse_puzzle`` and ``puzzle_text``.

The window keeps a puzzle as text in many places (the game's rating, the history, recent games,
the New game list). A classic puzzle's text is its givens line, as before; a variant's is its
text form (README: "Variants"): a ``variant:`` line, then the givens (and a Jigsaw's region
map). ``parse_puzzle`` reads that back, any classic format, a variant's text form, or an
f-puzzles/SudokuPad link, so ``parse_puzzle(puzzle_text(grid))`` is the same puzzle on the same
houses.
"""

from __future__ import annotations

from ..board.errors import PuzzleFormatError
from ..board.geometry import CLASSIC, Geometry
from ..board.grid import Grid
from ..killer.cages import puzzle_on
from ..killer.text import format_killer
from .detect import parse_grid
from .fpuzzles import is_link, read_link
from .variants import read_variant_puzzles, variant_of

REGION_SYMBOLS = "123456789ABCDEFG"
"""How ``puzzle_text`` writes a Jigsaw's regions: region 1 as ``1``, … (any symbols read back)."""


def parse_puzzle(text: str) -> Grid:
    """The first puzzle of ``text``: a classic format (``parse_grid``), a variant's text form, or an f-puzzles link.

    Raises:
        PuzzleFormatError: not a puzzle (the message says why), or a Killer (played from the command line only).
    """
    if is_link(text):
        text = read_link(text)
    name = variant_of(text)
    if name == CLASSIC:
        return parse_grid(text) if "variant" not in text.lower() else _first(text, CLASSIC)
    return _first(text, name)


def _first(text: str, name: str) -> Grid:
    for _, grid in read_variant_puzzles(text, name):
        return grid
    raise PuzzleFormatError("no puzzle found")


def is_variant_text(text: str) -> bool:
    """Does ``text`` name a variant (a ``variant:`` line other than classic) or hold an f-puzzles link?"""
    if is_link(text):
        return True
    try:
        return variant_of(text) != CLASSIC
    except PuzzleFormatError:
        return True  # an unknown variant's name: the variant reader says what is wrong


def puzzle_text(grid: Grid) -> str:
    """The puzzle's givens as text ``parse_puzzle`` reads back on the same houses: the givens line for a classic
    board; for a variant its ``variant:`` line first, and a Jigsaw's region map after the givens (a Killer's cage
    map and sums)."""
    return with_variant(grid.geometry, grid.to_string())


def with_variant(geo: Geometry, line: str) -> str:
    """A line of 81 cells (givens, or every digit on the board) as the text of ``geo``'s variant: the line itself
    on a classic board, else after a ``variant:`` line, with a Jigsaw's region map (a Killer's cages) after it."""
    if geo.cages:
        digits = tuple(0 if ch == "." else int(ch) for ch in line)
        return format_killer(puzzle_on(geo, digits), variant_line=True)
    return variant_text(geo.variant_name, line, region_map(geo))


def region_map(geo: Geometry) -> str:
    """A Jigsaw's regions, one symbol per cell (region 1 as ``1``, …); empty for square boxes."""
    return "" if geo.region_of is None else "".join(REGION_SYMBOLS[r] for r in geo.region_of)


def variant_text(variant: str, line: str, regions: str = "") -> str:
    """The text form of a ``variant`` puzzle from its line of cells and (a Jigsaw's) region map."""
    if variant == CLASSIC:
        return line
    return f"variant: {variant}\n{line}" + (f" {regions}" if regions else "")
