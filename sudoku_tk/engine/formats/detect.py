"""Which format a text is in, and the public readers and writer that dispatch on it.

This module owns ``Format``, ``detect_format``, ``parse_grid``, ``parse_collection``
and ``format_grid``: the size checks made before any text is split (``MAX_LINES``),
the order in which the formats are recognised (OpenSudoku, Simple Sudoku, one-line
puzzles and collections of them, ``.sdk``, candidate grid, grid text), and the
hand-over to the format modules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from enum import Enum

from ..board.errors import PuzzleFormatError
from ..board.grid import Grid
from .common import _BOARD_CELLS, _as_text, _fail, _is_comment
from .grid_text import (
    _SECTION_RE,
    _cell_tokens,
    _grid_rows,
    _is_candidate_grid,
    _read_grid_text,
    _read_tokens,
    format_grid_text,
    format_pencilmarks,
    format_sdk,
)
from .lines import (
    _first_word,
    _looks_like_line_puzzle,
    _read_line_puzzle,
    format_hodoku_line,
    format_line,
    format_packed,
)
from .opensudoku import _opensudoku_games, _read_opensudoku, _read_opensudoku_data, format_opensudoku
from .simple_sudoku import _FRAME_RE, _read_ss, format_ss

_SDK_HEADER_RE = re.compile(r"^#[ADCBSLU]\S")
_FOUR_BY_FOUR = frozenset("1234.0+")


MAX_LINES = 400_000
"""Text with more lines is refused before it is split (a file of 16 MB one-line puzzles has under 200,000)."""


class Format(Enum):
    """A puzzle text format this package reads and writes."""

    LINE = "line"
    """One line of 16, 81 or 256 cells, givens only."""
    PACKED = "packed"
    """One line with ``+`` before placed digits (HoDoKu's givens field)."""
    GRID_TEXT = "grid"
    """One row per line, with or without box borders."""
    SDK = "sdk"
    """SadMan / SudoCue ``.sdk``: header lines and 9 rows of givens."""
    SS = "ss"
    """Simple Sudoku ``.ss``: givens, placed digits and candidates in framed blocks."""
    PENCILMARKS = "pencilmarks"
    """A candidate grid: every cell a value or a candidate string."""
    HODOKU_LINE = "hodoku"
    """HoDoKu library line: type, cells with ``+`` for placed digits, deleted candidates."""
    OPENSUDOKU = "opensudoku"
    """OpenSudoku XML with one or many games."""


def _detect(text: str) -> tuple[Format, list[tuple[int, str]]]:
    """The format of ``text`` and its non-blank lines (comments kept for ``.sdk`` headers)."""
    if not text.strip():
        _fail("empty text: no puzzle found")
    newlines = text.count("\n")  # before any per-line list: millions of tiny lines would cost gigabytes
    if newlines >= MAX_LINES:
        _fail(f"the text has over {MAX_LINES:,} lines, more than a puzzle file holds")
    all_lines = [(n, ln) for n, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if text.lstrip().startswith("<"):
        return Format.OPENSUDOKU, all_lines
    content = [nl for nl in all_lines if not _is_comment(nl[1].strip())]  # the same tuples: no copies
    if not content:
        _fail("only comment lines: no puzzle found")
    if any(_FRAME_RE.match(ln) for _, ln in content):
        return Format.SS, content
    if len(content) == 1:
        return _line_format(content[0][1]), content
    body = _collection_body(content)
    if body is not None:
        return _line_format(body[0][1]), body
    sections = any(_SECTION_RE.match(ln) for _, ln in content)
    headers = any(_SDK_HEADER_RE.match(ln.strip()) for _, ln in all_lines)
    if sections or headers:
        return Format.SDK, content
    try:
        geo, tokens = _cell_tokens(_grid_rows(content))
        if _is_candidate_grid(_read_tokens(geo, tokens)):
            return Format.PENCILMARKS, content
    except PuzzleFormatError:
        pass
    return Format.GRID_TEXT, content


def _line_format(line_text: str) -> Format:
    if line_text.lstrip().startswith(":"):
        return Format.HODOKU_LINE
    return Format.PACKED if "+" in _first_word(line_text)[0] else Format.LINE


def _collection_body(content: Sequence[tuple[int, str]]) -> list[tuple[int, str]] | None:
    """The puzzle lines when ``content`` is a collection of one-line puzzles, else None.

    A first line that is not a puzzle, followed by puzzle lines, is a header (the
    column names of a ``.tsv``) and is dropped.
    """
    if len(content) < 2:
        return None
    body = list(content) if _looks_like_line_puzzle(content[0][1]) else list(content[1:])
    if not body or not _looks_like_line_puzzle(body[0][1]):
        return None
    words = [_first_word(ln)[0] for _, ln in body]
    sixteen = [w for w in words if len(w) == 16]
    board = len(sixteen) == 16 and len(sixteen) == sum(len(w) - w.count("+") in _BOARD_CELLS for w in words)
    # Sixteen rows of sixteen cells are one 16×16 board, unless only 4×4 digits occur.
    if board and not all(set(w) <= _FOUR_BY_FOUR for w in sixteen):
        return None
    return body


def detect_format(text: str) -> Format:
    """Name the format ``parse_grid`` would read ``text`` as (the text may still be malformed).

    >>> detect_format(":0000:x:" + "." * 81 + ":::")
    <Format.HODOKU_LINE: 'hodoku'>

    Raises:
        PuzzleFormatError: the text is empty or holds only comments.
    """
    return _detect(_as_text(text))[0]


def parse_grid(text: str) -> Grid:
    """Read one puzzle in any supported format, detecting the format itself.

    >>> g = parse_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> g.given_count(), g.has_pencilmarks
    (17, False)

    Raises:
        PuzzleFormatError: the text is not one puzzle; the message says what and where.
    """
    text = _as_text(text)
    fmt, lines = _detect(text)
    if fmt is Format.OPENSUDOKU:
        return _read_opensudoku(text)
    if fmt is Format.SS:
        return _read_ss(lines)
    if fmt in (Format.LINE, Format.PACKED, Format.HODOKU_LINE):
        if len(lines) > 1:
            _fail(f"the text holds {len(lines)} one-line puzzles, not one; read it with parse_collection")
        return _read_line_puzzle(lines[0][1], lines[0][0])
    return _read_grid_text(lines)


def parse_collection(text: str) -> Iterator[tuple[int, Grid]]:
    """Yield (line number, grid) for every puzzle in ``text``.

    Text whose every non-blank, non-comment line starts with a one-line puzzle
    (line, packed or HoDoKu) is a collection: text after the puzzle
    on a line is ignored. An OpenSudoku document yields each of its games, with
    the line of its ``<game>`` element. Anything else is one puzzle of any format,
    yielded with the number of its first line.

    Raises:
        PuzzleFormatError: a puzzle is malformed; the message names its line.
    """
    text = _as_text(text)
    fmt, lines = _detect(text)
    if fmt is Format.OPENSUDOKU:
        for line, data in _opensudoku_games(text):
            yield line, _read_opensudoku_data(data, line)
        return
    if fmt in (Format.LINE, Format.PACKED, Format.HODOKU_LINE):
        for line, ln in lines:
            yield line, _read_line_puzzle(ln, line)
        return
    # One puzzle in a grid format, read from the lines at hand: detecting again would hold them twice.
    yield lines[0][0], _read_ss(lines) if fmt is Format.SS else _read_grid_text(lines)


# -- the writer for any format ----------------------------------------------------------------------


_WRITERS: dict[Format, Callable[[Grid], str]] = {
    Format.LINE: format_line,
    Format.PACKED: format_packed,
    Format.GRID_TEXT: format_grid_text,
    Format.SDK: format_sdk,
    Format.SS: format_ss,
    Format.PENCILMARKS: format_pencilmarks,
    Format.HODOKU_LINE: format_hodoku_line,
    Format.OPENSUDOKU: format_opensudoku,
}


def format_grid(grid: Grid, fmt: Format) -> str:
    """Write ``grid`` in ``fmt`` (see each ``format_*`` function for what it keeps).

    Raises:
        PuzzleFormatError: the format holds 9×9 boards only and the grid is another size.
    """
    return _WRITERS[fmt](grid)
