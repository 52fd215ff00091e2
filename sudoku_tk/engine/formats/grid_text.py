"""Grids of rows in and out: grid text, SadMan ``.sdk`` and the pencilmark (candidate) grid.

This module owns ``Format.GRID_TEXT``, ``Format.SDK`` and ``Format.PENCILMARKS``:
splitting rows into cell tokens (compact or blank-separated, border lines
dropped), classifying each token (lone digit, empty, ``!`` given, ``+`` placed,
candidate string), settling lone digits by the naked-single rule of the package
docstring, the ``[Puzzle]`` section of an ``.sdk`` file, and the boxed layout
(``_layout``) every grid writer uses, Simple Sudoku's included.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..board.geometry import Geometry
from ..board.grid import Grid
from .common import (
    _alphabet,
    _bad_char,
    _digit_text,
    _fail,
    _finish,
    _is_border,
    _require_nine,
    _shown,
    _value_text,
    _zero_is_digit,
)
from .lines import format_line

_TOKEN_RE = re.compile(r"[^\s|]+")
_SECTION_RE = re.compile(r"^\s*\[([A-Za-z]+)\]\s*$")
_MARKS = "+!"

# Kinds of cell token, as read from text before any rule is applied.
_LONE = 0  # one digit, no mark: a given or a one-candidate cell
_EMPTY = 1  # '.' or '0'
_GIVEN = 2  # '!5'
_PLACED = 3  # '+5'
_CANDS = 4  # two or more digits, or '[…]': a candidate mask


@dataclass(frozen=True, slots=True)
class _Token:
    """One cell's text and where it stands."""

    text: str
    line: int
    column: int


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
    """A candidate grid, lone digits settled by the naked-single rule (package docstring)."""
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


# -- writers ----------------------------------------------------------------------------------------


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


def _layout(geo: Geometry, cells: Sequence[str], style: _Style) -> str:
    """Lay the cell texts out in boxes, every column as wide as its widest cell."""
    side, box = geo.side, geo.box
    widths = [max(len(cells[r * side + c]) for r in range(side)) for c in range(side)]
    stacks = [range(b * box, (b + 1) * box) for b in range(box)]
    seg_len = [len(style.pad) * 2 + sum(widths[c] for c in cols) + len(style.gap) * (box - 1) for cols in stacks]

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


def format_pencilmarks(grid: Grid, *, marks: bool = True) -> str:
    """Write a HoDoKu-style candidate grid (aligned columns, boxes separated).

    Values and candidate strings as HoDoKu writes them. With ``marks`` (the
    default) placed digits carry ``+`` and the other marks of the package docstring
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
