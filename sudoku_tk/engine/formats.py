"""Puzzle text formats in and out: reading picks the format itself; writers exist for every format.

This module owns the translation between puzzle text and ``Grid`` values. Nothing
here solves or judges a puzzle: duplicates and unsolvable grids parse fine and are
reported by ``Grid.problems()``. Text that is not a puzzle raises
``PuzzleFormatError`` saying what is wrong and where (line and column, or the
number of cells or rows found against the number expected); no other exception
escapes ``parse_grid``, ``parse_collection`` or ``detect_format``.

Formats read (``Format`` member, board sizes, what the format carries):

=========== ======== ===================================================================
LINE        4, 9, 16 one line of 16, 81 or 256 cells; ``.`` or ``0`` for an empty cell;
                     trailing text after the first blank is ignored; givens only
PACKED      4, 9, 16 a LINE with ``+`` before each placed (non-given) digit, as in the
                     givens field of a HoDoKu library line; givens and placed digits
GRID_TEXT   4, 9, 16 one row per line, compact (``53..7....``) or spaced (``5 3 . .``),
                     with or without ``|`` and border lines (``---+---``, ``+---+``,
                     ``*-----*``, ``.---.``/``:---+``/``'---'``); ``+`` before a
                     digit marks it placed
SDK         9        SadMan/SudoCue ``.sdk``: optional ``#A``/``#D``/``#C``/``#B``/
                     ``#S``/``#L``/``#U`` header lines and an optional ``[Puzzle]``
                     section header (other ``[Section]``s are ignored); givens only
SS          9        Simple Sudoku ``.ss``: up to three ``*-----*`` framed blocks:
                     givens; givens and placed digits; candidate grid. Text outside
                     the frames (Simple Sudoku's version banner) is ignored
PENCILMARKS 4, 9, 16 candidate grid (HoDoKu, Simple Sudoku, Sukaku style): a cell is a
                     value or a candidate string; see "Candidate grids" below
HODOKU_LINE 9        ``:<type>:<digits>:<cells, + before placed>:<deleted candidates>:…``;
                     deleted candidates are ``<digit><row><col>`` separated by blanks;
                     the fields after them (technique eliminations, placements, extra)
                     are ignored
OPENSUDOKU  9        OpenSudoku XML, ``<opensudoku>`` with one or many
                     ``<game data="…"/>`` (version 1 files and version 2 exports; data
                     as 81 digits with ``0`` for empty, or the ``version: 1|2|3``
                     cell lists that carry placed digits and notes). DOCTYPE and entity
                     declarations are refused
=========== ======== ===================================================================

Digits: ``1``–``4``, ``1``–``9``, or ``1``–``9`` and ``A``–``G`` (either case) on
16×16 boards, where ``0`` and ``.`` mean an empty cell. The other common 16×16
convention, symbols ``0``–``F`` with ``.`` for empty, is accepted only when it is
unambiguous: the cells contain no ``G`` and contain both ``0`` and ``.`` (or, in a
candidate grid, ``0`` inside a candidate string). ``0`` is then read as the
sixteenth digit (written back as ``G``); ``1``–``9`` and ``A``–``F`` keep their
meaning.

Candidate grids: a cell of two or more digits lists candidates; ``.`` or ``0`` is an
empty cell with no candidate left (HoDoKu writes it so). A lone digit is
ambiguous: a given, or an empty cell whose only candidate it is (a naked single).
Like HoDoKu, a lone digit is read as a given unless that digit is still a
candidate in another cell of one of its units (a cell listing two or more
candidates, or a bracketed one), in which case it is a one-candidate cell. The
writer keeps every case exact with three marks read back here: ``+5`` is a placed
digit, ``[5]`` an empty cell whose candidates are exactly 5 (``[]``: none), and
``!5`` a given that the rule above would otherwise read as a candidate. Plain
HoDoKu grids need none of them.

``Grid.has_pencilmarks`` is True for a parsed grid when its text gave candidates
that differ from the ones the values alone allow; equal candidates carry no extra
information, so such a grid compares equal to the same grid read from a line.

What each writer keeps (everything else is dropped): ``format_line`` givens (or
all values); ``format_packed`` and ``format_grid_text`` givens and placed digits;
``format_sdk`` givens; ``format_ss``, ``format_pencilmarks`` and
``format_opensudoku`` givens, placed digits and candidates (OpenSudoku cannot mark
a cell with no candidate left: an empty note reads back as the cell's basic
candidates); ``format_hodoku_line`` givens, placed digits and the candidates that
the values allow.

Not supported: SudokuWiki's 162-character packed candidate string. Its published
description (sudokuwiki.org, "Sudoku String Definitions") does not decode the
page's own example consistently, so its layout could not be verified.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache
from typing import Callable, Iterator, NoReturn, Sequence

from .errors import PuzzleFormatError
from .geometry import DIGIT_CHARS, Geometry
from .grid import Grid, basic_candidates

__all__ = [
    "Format",
    "parse_grid",
    "parse_collection",
    "detect_format",
    "format_grid",
    "format_line",
    "format_packed",
    "format_grid_text",
    "format_sdk",
    "format_ss",
    "format_pencilmarks",
    "format_hodoku_line",
    "format_opensudoku",
]


class Format(Enum):
    """A puzzle text format this module reads and writes."""

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


# ---------------------------------------------------------------------------
# small shared pieces
# ---------------------------------------------------------------------------

_BOARD_CELLS = (16, 81, 256)
_NINE = Geometry.of(3)
_TOKEN_RE = re.compile(r"[^\s|]+")
_FRAME_RE = re.compile(r"^\s*\*-+\*\s*$")
_SECTION_RE = re.compile(r"^\s*\[([A-Za-z]+)\]\s*$")
_SDK_HEADER_RE = re.compile(r"^#[ADCBSLU]\S")
_BORDER_CHARS = frozenset("-=+|*.:'")
_MARKS = "+!"
_FOUR_BY_FOUR = frozenset("1234.0+")

# Kinds of cell token, as read from text before any rule is applied.
_LONE = 0  # one digit, no mark: a given or a one-candidate cell
_EMPTY = 1  # '.' or '0'
_GIVEN = 2  # '!5'
_PLACED = 3  # '+5'
_CANDS = 4  # two or more digits, or '[…]': a candidate mask


def _fail(reason: str, line: int | None = None, column: int | None = None) -> NoReturn:
    raise PuzzleFormatError(reason, line=line, column=column)


def _geometry_for_cells(count: int, line: int | None = None) -> Geometry:
    if count not in _BOARD_CELLS:
        _fail(f"expected 16, 81 or 256 cells, found {count}", line)
    return Geometry.for_cell_count(count)


@lru_cache(maxsize=None)
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
    """Do these 16×16 cells use the 0-F convention (see the module docstring)?"""
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


MAX_LINES = 400_000
"""Text with more lines is refused before it is split (a file of 16 MB one-line puzzles has under 200,000)."""


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


# ---------------------------------------------------------------------------
# one-line formats: LINE, PACKED, HODOKU_LINE
# ---------------------------------------------------------------------------


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
            "a HoDoKu library line needs ':<type>:<digits>:<cells>:', "
            f"found {len(fields) - 1} ':'-separated fields",
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


# ---------------------------------------------------------------------------
# grids of rows: GRID_TEXT, SDK, PENCILMARKS and the blocks of SS
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Token:
    """One cell's text and where it stands."""

    text: str
    line: int
    column: int


def _is_border(line_text: str) -> bool:
    body = "".join(line_text.split())
    return bool(body) and ("-" in body or "=" in body) and set(body) <= _BORDER_CHARS


def _grid_rows(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines that hold cells: border lines dropped."""
    return [nl for nl in lines if not _is_border(nl[1])]


def _cell_tokens(rows: Sequence[tuple[int, str]]) -> tuple[Geometry, list[_Token]]:
    """Split board rows into one token per cell (compact or blank-separated rows)."""
    side = len(rows)
    if side not in (4, 9, 16):
        where = f" (lines {rows[0][0]}-{rows[-1][0]})" if rows else ""
        _fail(f"found {side} grid rows{where}, expected 4, 9 or 16")
    geo = Geometry.for_side(side)
    cells: list[_Token] = []
    for n, text in rows:
        words = [(m.start() + 1, m.group()) for m in _TOKEN_RE.finditer(text)]
        if len(words) == side:
            cells.extend(_Token(w, n, col) for col, w in words)
            continue
        compact = _compact_tokens(words, n)
        if len(compact) != side:
            _fail(
                f"found {len(words)} blank-separated cells ({len(compact)} cell characters) "
                f"in row {text.strip()[:40]!r}, expected {side}",
                n,
            )
        cells.extend(compact)
    return geo, cells


def _compact_tokens(words: Sequence[tuple[int, str]], line: int) -> list[_Token]:
    """Every character a cell, a ``+`` or ``!`` joined to the digit after it."""
    out: list[_Token] = []
    for col, word in words:
        i = 0
        while i < len(word):
            j = i + 2 if word[i] in _MARKS and i + 1 < len(word) else i + 1
            out.append(_Token(word[i:j], line, col + i))
            i = j
    return out


def _read_token(tok: _Token, table: dict[str, int], side: int) -> tuple[int, int]:
    """Classify one cell token: (kind, digit) or (``_CANDS``, candidate mask)."""
    text = tok.text
    first = text[0]
    if first in _MARKS:
        d = table.get(text[1:]) if len(text) == 2 else None
        if not d:
            _fail(f"{first!r} must stand before one digit, found {_shown(text)}", tok.line, tok.column)
        return (_PLACED if first == "+" else _GIVEN), d
    if first == "[":
        if not text.endswith("]") or len(text) < 2:
            _fail(f"{_shown(text)} opens '[' without closing it", tok.line, tok.column)
        return _CANDS, _candidate_mask(text[1:-1], tok, table, side, 1)
    if len(text) == 1:
        d = table.get(text)
        if d is None:
            _bad_char(text, side, tok.line, tok.column)
        return (_LONE, d) if d else (_EMPTY, 0)
    return _CANDS, _candidate_mask(text, tok, table, side, 0)


def _candidate_mask(text: str, tok: _Token, table: dict[str, int], side: int, skip: int) -> int:
    mask = 0
    for i, ch in enumerate(text):
        d = table.get(ch)
        if not d:
            if d is None:
                _bad_char(ch, side, tok.line, tok.column + skip + i)
            _fail(f"{ch!r} in candidates {_shown(tok.text)} is not a digit", tok.line, tok.column + skip + i)
        bit = 1 << (d - 1)
        if mask & bit:
            _fail(f"candidate {ch!r} listed twice in {_shown(tok.text)}", tok.line, tok.column + skip + i)
        mask |= bit
    return mask


def _token_table(geo: Geometry, tokens: Sequence[_Token]) -> dict[str, int]:
    side = geo.side
    if side != 16:
        return _alphabet(side, False)
    text = "".join(t.text for t in tokens)
    zero_in_cands = any(len(t.text) > 1 and "0" in t.text and t.text[0] not in _MARKS for t in tokens)
    return _alphabet(side, _zero_is_digit(side, text, zero_in_cands))


def _read_tokens(geo: Geometry, tokens: Sequence[_Token]) -> list[tuple[int, int]]:
    table = _token_table(geo, tokens)
    return [_read_token(t, table, geo.side) for t in tokens]


def _is_candidate_grid(cells: Sequence[tuple[int, int]]) -> bool:
    return any(kind == _CANDS for kind, _ in cells)


def _values_board(geo: Geometry, cells: Sequence[tuple[int, int]]) -> Grid:
    """Cells without candidate strings: digits are givens unless marked ``+``."""
    givens = [0] * geo.ncells
    placed = [0] * geo.ncells
    for c, (kind, d) in enumerate(cells):
        if kind == _PLACED:
            placed[c] = d
        else:
            givens[c] = d
    return _finish(geo, givens, placed)


def _unit_evidence(geo: Geometry, cells: Sequence[tuple[int, int]]) -> list[int]:
    """For each unit, the digits listed as candidates by its candidate-string cells."""
    ev = [0] * (3 * geo.side)
    units = geo.cell_units
    for c, (kind, v) in enumerate(cells):
        if kind == _CANDS:
            for u in units[c]:
                ev[u] |= v
    return ev


def _pencilmark_board(geo: Geometry, cells: Sequence[tuple[int, int]]) -> Grid:
    """A candidate grid, lone digits settled by the naked-single rule (module docstring)."""
    n = geo.ncells
    givens = [0] * n
    placed = [0] * n
    cands = [0] * n
    ev = _unit_evidence(geo, cells)
    units = geo.cell_units
    for c, (kind, v) in enumerate(cells):
        if kind == _CANDS:
            cands[c] = v
        elif kind == _PLACED:
            placed[c] = v
        elif kind == _GIVEN:
            givens[c] = v
        elif kind == _LONE:
            r, col, b = units[c]
            bit = 1 << (v - 1)
            if (ev[r] | ev[col] | ev[b]) & bit:
                cands[c] = bit
            else:
                givens[c] = v
    return _finish(geo, givens, placed, cands)


def _puzzle_section(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The lines of the ``[Puzzle]`` section when the text has ``[Section]`` headers."""
    heads = [(i, m.group(1).lower()) for i, (_, ln) in enumerate(lines) if (m := _SECTION_RE.match(ln))]
    if not heads:
        return list(lines)
    for k, (i, name) in enumerate(heads):
        if name == "puzzle":
            end = heads[k + 1][0] if k + 1 < len(heads) else len(lines)
            return list(lines[i + 1 : end])
    n = lines[heads[0][0]][0]
    _fail("found [Section] headers but no [Puzzle] section", n)


def _read_grid_text(lines: Sequence[tuple[int, str]]) -> Grid:
    geo, tokens = _cell_tokens(_grid_rows(_puzzle_section(lines)))
    cells = _read_tokens(geo, tokens)
    if _is_candidate_grid(cells):
        return _pencilmark_board(geo, cells)
    return _values_board(geo, cells)


# -- Simple Sudoku ----------------------------------------------------------


def _ss_blocks(lines: Sequence[tuple[int, str]]) -> list[list[tuple[int, str]]]:
    """The rows inside each ``*-----*`` frame pair."""
    frames = [i for i, (_, ln) in enumerate(lines) if _FRAME_RE.match(ln)]
    if len(frames) % 2:
        _fail("a '*---*' frame is opened but never closed", lines[frames[-1]][0])
    return [list(lines[a + 1 : b]) for a, b in zip(frames[::2], frames[1::2])]


def _read_ss(lines: Sequence[tuple[int, str]]) -> Grid:
    """Blocks: [givens], [givens, values], [givens, candidates] or [givens, values, candidates].

    A lone candidate grid is read like any candidate grid. Lone digits of a
    candidate block at cells the value blocks leave empty are one-candidate cells.
    """
    blocks = _ss_blocks(lines)
    if len(blocks) > 3:
        _fail(f"a Simple Sudoku text has at most 3 framed blocks, found {len(blocks)}")
    read = []
    for block in blocks:
        geo, tokens = _cell_tokens(_grid_rows(block))
        read.append((geo, tokens, _read_tokens(geo, tokens)))
    geo, first_tokens, first = read[0]
    if len(read) == 1:
        return _pencilmark_board(geo, first) if _is_candidate_grid(first) else _values_board(geo, first)
    if any(g is not geo for g, _, _ in read):
        _fail("the framed blocks differ in size")
    if _is_candidate_grid(first):
        tok = next(t for t, (k, _) in zip(first_tokens, first) if k == _CANDS)
        _fail("the first framed block must hold the givens, found candidates", tok.line, tok.column)
    givens = [v for _, v in first]
    values = givens
    if len(read) == 3 or not _is_candidate_grid(read[1][2]):
        values = _ss_values(geo, givens, read[1][1], read[1][2])
    placed = [0 if g else v for g, v in zip(givens, values)]
    if len(read) == 2 and values is not givens:
        return _finish(geo, givens, placed)
    cands = _ss_candidates(geo, values, read[-1][1], read[-1][2])
    return _finish(geo, givens, placed, cands)


def _ss_values(
    geo: Geometry, givens: Sequence[int], tokens: Sequence[_Token], cells: Sequence[tuple[int, int]]
) -> list[int]:
    """The digits of a value block; it must keep every given of the first block."""
    values = []
    for c, (tok, (kind, v)) in enumerate(zip(tokens, cells)):
        if kind == _CANDS:
            _fail("the second framed block must hold digits, found candidates", tok.line, tok.column)
        if givens[c] and v != givens[c]:
            _fail(
                f"{geo.cell_name(c)} is the given {givens[c]} in the first block but {_shown(tok.text)} here",
                tok.line,
                tok.column,
            )
        values.append(v)
    return values


def _ss_candidates(
    geo: Geometry, values: Sequence[int], tokens: Sequence[_Token], cells: Sequence[tuple[int, int]]
) -> list[int]:
    """Candidate masks from the candidate block; its digits must agree with the value blocks."""
    cands = [0] * geo.ncells
    for c, (tok, (kind, v)) in enumerate(zip(tokens, cells)):
        if values[c]:
            if kind not in (_LONE, _GIVEN, _PLACED) or v != values[c]:
                _fail(
                    f"inconsistent candidate grid: {geo.cell_name(c)} holds {values[c]} "
                    f"but the candidate grid shows {_shown(tok.text)}",
                    tok.line,
                    tok.column,
                )
        elif kind in (_GIVEN, _PLACED):
            where = geo.cell_name(c)
            marked = _shown(tok.text)
            _fail(f"inconsistent candidate grid: {where} is empty but marked {marked}", tok.line, tok.column)
        elif kind == _LONE:
            cands[c] = 1 << (v - 1)
        elif kind == _CANDS:
            cands[c] = v
    return cands


# -- OpenSudoku ---------------------------------------------------------------


def _opensudoku_games(text: str) -> list[tuple[int, str]]:
    """(line, data) of every ``<game>`` in an OpenSudoku document."""
    declared = [i for i in (text.find("<!DOCTYPE"), text.find("<!ENTITY")) if i >= 0]
    if declared:
        _fail("XML with a DOCTYPE or entity declaration is refused", text.count("\n", 0, min(declared)) + 1)
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
    games: list[tuple[int, str]] = []
    root_seen = False
    try:
        for n, line in enumerate(text.splitlines(keepends=True), 1):
            parser.feed(line)
            for event in parser.read_events():
                elem = event[-1]
                if not isinstance(elem, ET.Element):
                    continue
                if not root_seen:
                    root_seen = True
                    _check_opensudoku_root(elem, n)
                if elem.tag == "game":
                    data = elem.get("data")
                    if data is None:
                        _fail("<game> without a data attribute", n)
                    games.append((n, data))
        parser.close()
    except ET.ParseError as exc:
        row, col = getattr(exc, "position", (None, None))
        what = re.sub(r": line \d+, column \d+$", "", str(exc))
        _fail(f"not well-formed XML: {what}", row, None if col is None else col + 1)
    except ValueError as exc:  # expat refuses some encodings of a str document
        if isinstance(exc, PuzzleFormatError):
            raise
        _fail(f"unreadable XML: {exc}")
    if not games:
        _fail("the OpenSudoku document has no <game data=...> element")
    return games


def _check_opensudoku_root(elem: ET.Element, line: int) -> None:
    if elem.tag != "opensudoku":
        _fail(f"expected an <opensudoku> document, found <{elem.tag}>", line)
    version = elem.get("version")
    if version not in (None, "1", "2"):
        _fail(f"unknown OpenSudoku version {_shown(version or '')}", line)


def _read_opensudoku_data(data: str, line: int) -> Grid:
    body = data.strip()
    match = re.match(r"version:\s*(\S*)\s*", body)
    if match is None:
        digits = "".join(body.split())
        if len(digits) != 81 or not digits.isdigit() or not digits.isascii():
            _fail(f"game data must be 81 digits 0-9, found {len(digits)} characters {digits[:20]!r}…", line)
        return _finish(_NINE, [int(ch) for ch in digits])
    if match.group(1) not in ("1", "2", "3"):
        _fail(f"unknown OpenSudoku data version {match.group(1)[:20]!r}", line)
    version = int(match.group(1))
    fields = body[match.end() :].split("|")
    if fields and fields[-1] == "":
        fields.pop()
    if version == 2:  # version 2 files may hold '||' (OpenSudoku's own bug, fixed by version 3)
        fields = [f for f in fields if f != ""]
    if len(fields) != 3 * 81:
        _fail(f"game data version {version} must list 81 cells, found {len(fields) / 3:g}", line)
    givens = [0] * 81
    placed = [0] * 81
    values = [0] * 81
    notes = [0] * 81
    for c in range(81):
        value, note, editable = (f.strip() for f in fields[3 * c : 3 * c + 3])
        if len(value) != 1 or not "0" <= value <= "9" or editable not in ("0", "1"):
            bad = "|".join((value, note, editable))
            _fail(f"bad cell {bad[:30]!r} for {_NINE.cell_name(c)} in game data", line)
        v = int(value)
        values[c] = v
        if v:
            (givens if editable == "0" else placed)[c] = v
        notes[c] = _opensudoku_note(note, version, c, line)
    if not any(m for v, m in zip(values, notes) if not v):
        return _finish(_NINE, givens, placed)
    basic = basic_candidates(_NINE, values)
    # An empty note is a cell the player did not annotate, not one without candidates.
    cands = [m if m else b for m, b in zip(notes, basic)]
    return _finish(_NINE, givens, placed, cands)


def _opensudoku_note(note: str, version: int, cell: int, line: int) -> int:
    if note in ("", "-"):
        return 0
    if version == 1:
        parts = [p for p in note.split(",") if p]
        if all(len(p) == 1 and "1" <= p <= "9" for p in parts):
            mask = 0
            for p in parts:
                mask |= 1 << (int(p) - 1)
            return mask
    elif len(note) <= 3 and note.isdigit() and note.isascii() and int(note) < 512:
        return int(note)
    _fail(f"bad note {note[:20]!r} for {_NINE.cell_name(cell)} in game data", line)


def _read_opensudoku(text: str) -> Grid:
    games = _opensudoku_games(text)
    if len(games) > 1:
        _fail(f"the OpenSudoku document holds {len(games)} games; read them with parse_collection")
    line, data = games[0]
    return _read_opensudoku_data(data, line)


# ---------------------------------------------------------------------------
# detection and the public readers
# ---------------------------------------------------------------------------


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
    if len(sixteen) == 16 and len(sixteen) == sum(len(w) - w.count("+") in _BOARD_CELLS for w in words):
        # Sixteen rows of sixteen cells are one 16×16 board, unless only 4×4 digits occur.
        if not all(set(w) <= _FOUR_BY_FOUR for w in sixteen):
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


# ---------------------------------------------------------------------------
# writers
# ---------------------------------------------------------------------------


def _require_nine(grid: Grid, what: str) -> None:
    if grid.geometry is not _NINE:
        side = grid.geometry.side
        _fail(f"{what} holds 9×9 boards only, not {side}×{side}")


def _digit_text(geo: Geometry, mask: int) -> str:
    ch = geo.digit_char
    return "".join(ch(d) for d in range(1, geo.side + 1) if mask >> (d - 1) & 1)


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


def _value_text(ch: Callable[[int], str], given: int, value: int, mark: str) -> str:
    if given:
        return ch(given)
    return mark + ch(value) if value else "."


@dataclass(frozen=True, slots=True)
class _Style:
    """How a boxed layout draws its lines: cell gap, box padding and the three border rows."""

    gap: str
    pad: str
    top: str | None  # left, junction, right characters of the top border (None: no border)
    middle: str
    bottom: str | None
    bars: bool  # draw '|' at the left and right ends of the cell rows


_GRID_TEXT = _Style(" ", " ", None, "-+-", None, False)
_HODOKU = _Style("  ", " ", "...", ":+:", "'''", True)
_SIMPLE_VALUES = _Style("", "", "*-*", "|+|", "*-*", True)
_SIMPLE_CANDIDATES = _Style("  ", " ", "*-*", "|+|", "*-*", True)


def _layout(geo: Geometry, cells: Sequence[str], style: _Style) -> str:
    """Lay the cell texts out in boxes, every column as wide as its widest cell."""
    side, box = geo.side, geo.box
    widths = [max(len(cells[r * side + c]) for r in range(side)) for c in range(side)]
    stacks = [range(b * box, (b + 1) * box) for b in range(box)]
    seg_len = [
        len(style.pad) * 2 + sum(widths[c] for c in cols) + len(style.gap) * (box - 1) for cols in stacks
    ]

    def border(chars: str) -> str:
        left, mid, right = chars[0], chars[1], chars[2]
        line = mid.join("-" * n for n in seg_len)
        return (left + line + right) if style.bars else line[1:-1]

    def row(r: int) -> str:
        segs = [
            style.pad + style.gap.join(cells[r * side + c].ljust(widths[c]) for c in cols) + style.pad
            for cols in stacks
        ]
        text = "|".join(segs)
        return ("|" + text + "|") if style.bars else text[len(style.pad) : len(text) - len(style.pad)]

    out = []
    if style.top:
        out.append(border(style.top))
    for r in range(side):
        if r and r % box == 0:
            out.append(border(style.middle))
        out.append(row(r))
    if style.bottom:
        out.append(border(style.bottom))
    if not style.bars:
        out = [ln.rstrip() for ln in out]
    return "\n".join(out) + "\n"


def format_grid_text(grid: Grid) -> str:
    """Write givens and placed digits (marked ``+``) as rows of cells with box borders.

    >>> print(format_grid_text(Grid.from_values([1, 2, 3, 4, 3, 4, 1, 2] + [0] * 8)), end="")
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    . . | . .
    . . | . .
    """
    ch = grid.geometry.digit_char
    cells = [_value_text(ch, g, v, "+") for g, v in zip(grid.givens, grid.values)]
    width = max(len(c) for c in cells)
    return _layout(grid.geometry, [c.rjust(width) for c in cells], _GRID_TEXT)


def format_sdk(grid: Grid) -> str:
    """Write the givens as a SadMan ``.sdk`` file: ``[Puzzle]`` and 9 rows."""
    _require_nine(grid, "the .sdk format")
    line = format_line(grid)
    return "[Puzzle]\n" + "".join(line[r * 9 : r * 9 + 9] + "\n" for r in range(9))


def format_ss(grid: Grid) -> str:
    """Write a Simple Sudoku ``.ss`` text: the givens; the values when digits were placed
    or candidates given; the candidate grid when the grid has pencilmarks."""
    _require_nine(grid, "the Simple Sudoku format")
    geo = grid.geometry
    blocks = [_layout(geo, [str(v) if v else "." for v in grid.givens], _SIMPLE_VALUES)]
    if grid.has_pencilmarks or any(grid.placed()):
        blocks.append(_layout(geo, [str(v) if v else "." for v in grid.values], _SIMPLE_VALUES))
    if grid.has_pencilmarks:
        cells = [str(v) if v else (_digit_text(geo, m) or ".") for v, m in zip(grid.values, grid.candidates)]
        blocks.append(_layout(geo, cells, _SIMPLE_CANDIDATES))
    return "\n".join(blocks)


def format_pencilmarks(grid: Grid, *, marks: bool = True) -> str:
    """Write a HoDoKu-style candidate grid (aligned columns, boxes separated).

    Values and candidate strings as HoDoKu writes them. With ``marks`` (the
    default) placed digits carry ``+`` and the other marks of the module docstring
    appear wherever a plain cell would read back differently, so the grid reads
    back exactly. ``marks=False`` writes plain HoDoKu text for other programs.
    """
    geo = grid.geometry
    ch = geo.digit_char
    units = geo.cell_units
    n = geo.ncells
    cands = grid.candidates
    multi = [not v and m & (m - 1) != 0 for v, m in zip(grid.values, cands)]
    ev = [0] * (3 * geo.side)

    def add_evidence(c: int) -> None:
        for u in units[c]:
            ev[u] |= cands[c]

    def seen(c: int, bit: int) -> bool:
        r, col, b = units[c]
        return bool((ev[r] | ev[col] | ev[b]) & bit)

    for c in range(n):
        if multi[c]:
            add_evidence(c)
    singles = [c for c in range(n) if not grid.values[c] and cands[c] and not multi[c]]
    bracketed = {c for c in singles if marks and not seen(c, cands[c])}
    for c in bracketed:
        add_evidence(c)
    explicit = any(multi) or bool(bracketed) or not marks
    cells = []
    for c in range(n):
        g, v, m = grid.givens[c], grid.values[c], cands[c]
        if g:
            cells.append(("!" if marks and explicit and seen(c, 1 << (g - 1)) else "") + ch(g))
        elif v:
            cells.append(("+" if marks else "") + ch(v))
        elif multi[c]:
            cells.append(_digit_text(geo, m))
        elif m:
            cells.append(f"[{ch(m.bit_length())}]" if c in bracketed else ch(m.bit_length()))
        else:
            cells.append("." if explicit else "[]")
    return _layout(geo, cells, _HODOKU)


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


def format_opensudoku(grid: Grid) -> str:
    """Write an OpenSudoku XML document with one game.

    A plain puzzle is written as a version 1 document (81 digits, ``0`` for
    empty); a grid with placed digits or pencilmarks as a version 2 document whose
    game data (``version: 3``) keeps givens, placed digits and candidates as notes.
    """
    _require_nine(grid, "the OpenSudoku format")
    root = ET.Element("opensudoku")
    if not grid.has_pencilmarks and not any(grid.placed()):
        ET.SubElement(root, "game", data=format_line(grid, empty="0"))
    else:
        root.set("version", "2")
        folder = ET.SubElement(root, "folder", name="sudoku-tk")
        cells = []
        for g, v, m in zip(grid.givens, grid.values, grid.candidates):
            note = m if grid.has_pencilmarks and not v else 0
            cells.append(f"{v}|{note}|{0 if g else 1}|")
        ET.SubElement(folder, "game", data="version: 3\n" + "".join(cells))
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"


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
