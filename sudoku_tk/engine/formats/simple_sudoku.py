"""Simple Sudoku ``.ss`` in and out: up to three ``*-----*`` framed blocks of givens, values and candidates.

This module owns ``Format.SS``: finding the framed blocks (text outside them, such
as Simple Sudoku's version banner, is ignored), checking that the value and
candidate blocks agree with the givens, and writing the blocks back. The rows of
each block are read as any grid of rows (``grid_text``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..board.geometry import Geometry
from ..board.grid import Grid
from .common import _digit_text, _fail, _finish, _require_nine, _shown
from .grid_text import (
    _CANDS,
    _GIVEN,
    _LONE,
    _PLACED,
    _cell_tokens,
    _grid_rows,
    _is_candidate_grid,
    _layout,
    _pencilmark_board,
    _read_tokens,
    _Style,
    _Token,
    _values_board,
)

_FRAME_RE = re.compile(r"^\s*\*-+\*\s*$")


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


# -- writer -----------------------------------------------------------------------------------------


_SIMPLE_VALUES = _Style("", "", "*-*", "|+|", "*-*", True)
_SIMPLE_CANDIDATES = _Style("  ", " ", "*-*", "|+|", "*-*", True)


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
