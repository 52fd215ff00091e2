"""Puzzle text formats in and out: reading picks the format itself; writers exist for every format.

This package owns the translation between puzzle text and ``Grid`` values. Nothing
here solves or judges a puzzle: duplicates and unsolvable grids parse fine and are
reported by ``Grid.rule_problems()`` and ``puzzle_problems(grid)``. Text that is not a puzzle raises
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

Modules: ``detect`` (``Format``, detection, ``parse_grid``, ``parse_collection``,
``format_grid``), ``lines`` (LINE, PACKED, HODOKU_LINE), ``grid_text`` (GRID_TEXT,
SDK, PENCILMARKS and the boxed layout), ``simple_sudoku`` (SS), ``opensudoku``
(OPENSUDOKU) and ``common`` (errors, alphabets, shared helpers). This file only
re-exports the public names.

Not supported: SudokuWiki's 162-character packed candidate string. Its published
description (sudokuwiki.org, "Sudoku String Definitions") does not decode the
page's own example consistently, so its layout could not be verified.
"""

from __future__ import annotations

from .detect import MAX_LINES, Format, detect_format, format_grid, parse_collection, parse_grid
from .grid_text import format_grid_text, format_pencilmarks, format_sdk
from .lines import format_hodoku_line, format_line, format_packed
from .opensudoku import format_opensudoku
from .simple_sudoku import format_ss

__all__ = [
    "Format",
    "MAX_LINES",
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
