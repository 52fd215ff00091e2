"""Pieces every format module shares: the error helper, digit alphabets, text checks and the grid builder.

This module owns what is not particular to one format: raising ``PuzzleFormatError``
with a line and column, the character-to-digit tables of each board size (the 0-F
convention of 16×16 boards included, see the package docstring), quoting input in a
message, decoding bytes, telling a border line from a row of cells, building the
``Grid`` a reader returns, and the small helpers the writers share.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from typing import NoReturn

from ..board.errors import PuzzleFormatError
from ..board.geometry import DIGIT_CHARS, Geometry
from ..board.grid import Grid, basic_candidates

_BOARD_CELLS = (16, 81, 256)
_NINE = Geometry.of(3)
_BORDER_CHARS = frozenset("-=+|*.:'")


def _fail(reason: str, line: int | None = None, column: int | None = None) -> NoReturn:
    raise PuzzleFormatError(reason, line=line, column=column)


def _geometry_for_cells(count: int, line: int | None = None) -> Geometry:
    if count not in _BOARD_CELLS:
        _fail(f"expected 16, 81 or 256 cells, found {count}", line)
    return Geometry.for_cell_count(count)


@cache
def _alphabet(side: int, zero_is_digit: bool) -> dict[str, int]:
    """Map each character of a ``side``-wide board to its digit (0: an empty cell)."""
    table = {ch: d for d, ch in enumerate(DIGIT_CHARS[:side], 1)}
    table.update({ch.lower(): d for ch, d in list(table.items()) if ch.isalpha()})
    table["."] = 0
    if zero_is_digit:
        # The 0-F convention: '0' takes the place of the sixteenth digit, 'G'.
        del table["G"], table["g"]
        table["0"] = 16
    else:
        table["0"] = 0
    return table


def _zero_is_digit(side: int, cells: str, zero_in_candidates: bool = False) -> bool:
    """Do these 16×16 cells use the 0-F convention (see the package docstring)?"""
    if side != 16 or "0" not in cells or "G" in cells or "g" in cells:
        return False
    return zero_in_candidates or "." in cells


def _shown(text: str, limit: int = 20) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters: a message quotes the input, not pages of it.

    >>> _shown("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[")
    "'[[[[[[[[[[[[[[[[[[[['…"
    """
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}…"


def _bad_char(ch: str, side: int, line: int | None, column: int | None) -> NoReturn:
    _fail(
        f"{ch!r} is not a digit or an empty cell ('.' or '0') on a {side}×{side} board",
        line,
        column,
    )


def _as_text(text: object) -> str:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            _fail(f"not UTF-8 text: byte 0x{exc.object[exc.start]:02x} at offset {exc.start}")
    if not isinstance(text, str):
        _fail(f"expected puzzle text, got {type(text).__name__}")
    return text[1:] if text.startswith("\ufeff") else text


def _is_comment(stripped: str) -> bool:
    return stripped.startswith("#")


def _finish(
    geo: Geometry,
    givens: Sequence[int],
    placed: Sequence[int] | None = None,
    candidates: Sequence[int] | None = None,
) -> Grid:
    """Build the grid; candidates equal to what the values allow count as no pencilmarks."""
    if placed is not None and not any(placed):
        placed = None
    grid = Grid.from_values(givens, placed, candidates)
    if candidates is not None and grid.candidates == basic_candidates(geo, grid.values):
        grid = replace(grid, has_pencilmarks=False)
    return grid


def _is_border(line_text: str) -> bool:
    body = "".join(line_text.split())
    return bool(body) and ("-" in body or "=" in body) and set(body) <= _BORDER_CHARS


# -- shared by the writers ---------------------------------------------------------------------------


def _require_nine(grid: Grid, what: str) -> None:
    if grid.geometry is not _NINE:
        side = grid.geometry.side
        _fail(f"{what} holds 9×9 boards only, not {side}×{side}")


def _digit_text(geo: Geometry, mask: int) -> str:
    ch = geo.digit_char
    return "".join(ch(d) for d in range(1, geo.side + 1) if mask >> (d - 1) & 1)


def _value_text(ch: Callable[[int], str], given: int, value: int, mark: str) -> str:
    if given:
        return ch(given)
    return mark + ch(value) if value else "."
