"""One-line formats in and out: the 81-character line (16 and 256 too), the packed line and HoDoKu's library line.

This module owns ``Format.LINE`` (givens only, ``.`` or ``0`` for an empty cell),
``Format.PACKED`` (``+`` before each placed digit) and ``Format.HODOKU_LINE``
(``:<type>:<digits>:<cells>:<deleted candidates>:…``): reading one such line with the
column of any error, telling whether a line starts with a one-line puzzle (which
the detector uses to recognise a collection), and the three writers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..board.geometry import Geometry
from ..board.grid import Grid, basic_candidates
from .common import (
    _BOARD_CELLS,
    _NINE,
    _alphabet,
    _bad_char,
    _fail,
    _finish,
    _geometry_for_cells,
    _is_border,
    _require_nine,
    _shown,
    _value_text,
    _zero_is_digit,
)


def _line_cells(
    chars: str, line: int | None, columns: Sequence[int] | None = None, first_column: int = 1
) -> tuple[Geometry, list[int], list[int] | None]:
    """Read packed cells (``+`` before a placed digit) into givens and placed digits.

    ``columns`` gives the text column of each character when ``chars`` was
    gathered from several places; otherwise character ``i`` stands in column
    ``first_column + i``.
    """
    marks = chars.count("+")
    geo = _geometry_for_cells(len(chars) - marks, line)
    side = geo.side
    table = _alphabet(side, _zero_is_digit(side, chars))

    def column(i: int) -> int:
        return columns[i] if columns is not None else first_column + i

    if not marks:
        try:
            return geo, [table[ch] for ch in chars], None
        except KeyError:
            i = next(i for i, ch in enumerate(chars) if ch not in table)
            _bad_char(chars[i], side, line, column(i))
    givens = [0] * geo.ncells
    placed = [0] * geo.ncells
    cell = 0
    plus = False
    for i, ch in enumerate(chars):
        if ch == "+":
            if plus:
                _fail("'+' twice in a row", line, column(i))
            plus = True
            continue
        d = table.get(ch)
        if d is None:
            _bad_char(ch, side, line, column(i))
        if plus:
            if not d:
                _fail(f"'+' must stand before a digit, not {ch!r}", line, column(i))
            placed[cell] = d
            plus = False
        else:
            givens[cell] = d
        cell += 1
    if plus:
        _fail("'+' must stand before a digit, not at the end", line, column(len(chars) - 1))
    return geo, givens, placed


def _read_line_puzzle(line_text: str, line: int) -> Grid:
    """Read one line: its first blank-separated word if that is a board, else all its cells."""
    if line_text.lstrip().startswith(":"):
        return _read_hodoku_line(line_text, line)
    word, column = _first_word(line_text)
    if len(word) - word.count("+") in _BOARD_CELLS:
        geo, givens, placed = _line_cells(word, line, first_column=column)
        return _finish(geo, givens, placed)
    # A spaced or boxed single line ("5 3 . | . 7 ."): every non-blank character is a cell.
    cells = re.sub(r"[\s|]", "", line_text)
    _geometry_for_cells(len(cells) - cells.count("+"), line)  # before a column list the size of the line
    cols = [i + 1 for i, ch in enumerate(line_text) if not ch.isspace() and ch != "|"]
    chars = "".join(line_text[c - 1] for c in cols)
    geo, givens, placed = _line_cells(chars, line, columns=cols)
    return _finish(geo, givens, placed)


def _first_word(line_text: str) -> tuple[str, int]:
    """The first blank-separated word of a line and its column."""
    match = re.search(r"\S+", line_text)
    if match is None:
        return "", 1
    return match.group(), match.start() + 1


def _looks_like_line_puzzle(line_text: str) -> bool:
    """Does this line start with a one-line puzzle (a board-sized word or a HoDoKu line)?"""
    if line_text.lstrip().startswith(":"):
        return True
    word, _ = _first_word(line_text)
    return len(word) - word.count("+") in _BOARD_CELLS and not _is_border(word)


def _read_hodoku_line(line_text: str, line: int) -> Grid:
    """Read ``:<type>:<digits>:<cells>:<deleted candidates>:…`` (HoDoKu's library format)."""
    offset = len(line_text) - len(line_text.lstrip())
    fields = line_text.strip().split(":")
    if len(fields) < 4 or fields[0]:
        _fail(
            f"a HoDoKu library line needs ':<type>:<digits>:<cells>:', found {len(fields) - 1} ':'-separated fields",
            line,
        )
    starts = [offset + 1]
    for f in fields[:-1]:
        starts.append(starts[-1] + len(f) + 1)
    cells_text = fields[3].strip()
    if not cells_text:
        _fail("the cells field of the HoDoKu line is empty", line, starts[3])
    lead = len(fields[3]) - len(fields[3].lstrip())
    geo, givens, placed = _line_cells(cells_text, line, first_column=starts[3] + lead)
    if geo is not _NINE:
        _fail(f"HoDoKu library lines hold 9×9 boards, found {geo.ncells} cells", line, starts[3])
    values = [g or (placed[c] if placed else 0) for c, g in enumerate(givens)]
    cands = list(basic_candidates(geo, values))
    deleted = fields[4] if len(fields) > 4 else ""
    for m in re.finditer(r"\S+", deleted):
        entry = m.group()
        col = starts[4] + m.start()
        if len(entry) != 3 or not all("1" <= ch <= "9" for ch in entry):
            _fail(f"deleted candidate {_shown(entry)} is not <digit><row><column> (three digits 1-9)", line, col)
        d, r, c = (int(ch) for ch in entry)
        cell = (r - 1) * 9 + c - 1
        if values[cell]:
            _fail(f"deleted candidate {_shown(entry)}: {geo.cell_name(cell)} holds {values[cell]}", line, col)
        cands[cell] &= ~(1 << (d - 1))
    return _finish(geo, givens, placed, cands)


# -- writers ----------------------------------------------------------------------------------------


def format_line(grid: Grid, *, values: bool = False, empty: str = ".") -> str:
    """Write the givens (or, with ``values=True``, givens and placed digits) as one line.

    >>> format_line(Grid.from_values([1, 0, 0, 0] * 4))
    '1...1...1...1...'
    """
    ch = grid.geometry.digit_char
    cells = grid.values if values else grid.givens
    return "".join(ch(v) if v else empty for v in cells)


def format_packed(grid: Grid) -> str:
    """Write givens and placed digits on one line, ``+`` before each placed digit."""
    ch = grid.geometry.digit_char
    return "".join(_value_text(ch, g, v, "+") for g, v in zip(grid.givens, grid.values))


def format_hodoku_line(grid: Grid) -> str:
    """Write a HoDoKu library line ``:0000:x:<cells>:<deleted candidates>::``.

    Deleted candidates are those the values allow but the grid lacks; candidates
    the values rule out cannot be written and are dropped.
    """
    _require_nine(grid, "the HoDoKu library format")
    deleted: list[str] = []
    if grid.has_pencilmarks:
        basic = basic_candidates(grid.geometry, grid.values)
        for cell, (v, b, m) in enumerate(zip(grid.values, basic, grid.candidates)):
            if not v:
                r, c = divmod(cell, 9)
                deleted.extend(f"{d}{r + 1}{c + 1}" for d in range(1, 10) if (b & ~m) >> (d - 1) & 1)
    return f":0000:x:{format_packed(grid)}:{' '.join(deleted)}::"
