"""Puzzle text formats: every format read from a hand-written sample, every writer's layout and
round trip, error messages that say where, the naked-single pitfall, the public puzzle sets and the
HoDoKu library lines, and two hypothesis properties (parse-or-raise; writers keep what they carry).

Expected values are written out by hand or computed from the engine core (``Grid.from_values``,
``basic_candidates``), never from the module under test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_data import HODOKU, LOCAL_PUZZLES, PUZZLES, puzzle_path, shared_file

from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid, basic_candidates
from sudoku_tk.engine.formats import (
    Format,
    detect_format,
    format_grid,
    format_grid_text,
    format_hodoku_line,
    format_line,
    format_opensudoku,
    format_packed,
    format_pencilmarks,
    format_sdk,
    format_ss,
    parse_collection,
    parse_grid,
)

DIGITS = "123456789ABCDEFG"
NINE = Geometry.of(3)


# -- independent helpers ------------------------------------------------------------------------
def digits(line: str) -> list[int]:
    """Cells of a plain line: '.' and '0' empty, 1-9 and A-G digits."""
    return [0 if ch in ".0" else DIGITS.index(ch.upper()) + 1 for ch in line]


def mask(text: str) -> int:
    out = 0
    for ch in text:
        out |= 1 << DIGITS.index(ch)
    return out


def cell(name: str, side: int = 9) -> int:
    r, c = name[1:].split("c")
    return (int(r) - 1) * side + int(c) - 1


def as_read(grid: Grid) -> Grid:
    """The grid as a reader returns it: candidates equal to the values' own carry no pencilmarks."""
    plain = grid.candidates == basic_candidates(grid.geometry, grid.values)
    return replace(grid, has_pencilmarks=grid.has_pencilmarks and not plain)


def raises(text: str | bytes) -> PuzzleFormatError:
    with pytest.raises(PuzzleFormatError) as info:
        parse_grid(text)  # type: ignore[arg-type]
    return info.value


# Project Euler 96, grid 01 (Norvig's easy50, first puzzle) and its solution.
A_LINE = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
A_SOLUTION = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
A = Grid.from_values(digits(A_LINE))


# -- one-line formats ---------------------------------------------------------------------------
def test_line_with_dots_or_zeros_and_trailing_text() -> None:
    for text in (A_LINE, A_LINE.replace(".", "0"), A_LINE + "   rated 1.2", "\n# a comment\n" + A_LINE + "\n"):
        grid = parse_grid(text)
        assert grid.givens == tuple(digits(A_LINE))
        assert grid.values == grid.givens
        assert grid.candidates == basic_candidates(NINE, grid.values)
        assert not grid.has_pencilmarks
    assert detect_format(A_LINE) is Format.LINE
    assert parse_grid(A_LINE) == A


def test_spaced_single_line() -> None:
    assert parse_grid(" ".join(A_LINE)) == A


def test_four_by_four_and_sixteen_by_sixteen_lines() -> None:
    four = parse_grid("1.....2..3....4.")
    assert four.geometry.side == 4
    assert four.givens == (1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 4, 0)
    line16 = "G.a." + "." * 250 + "9b"
    big = parse_grid(line16)
    assert big.geometry.side == 16
    assert big.givens[:4] == (16, 0, 10, 0) and big.givens[254:] == (9, 11)


def test_sixteen_by_sixteen_zero_to_f_only_when_unambiguous() -> None:
    # '0' and '.' together, no 'G': the 0-F convention, '0' is the sixteenth digit.
    hexa = parse_grid("0F1." + "." * 252)
    assert hexa.givens[:4] == (16, 15, 1, 0)
    # '0' without '.': '0' is an empty cell.
    zeros = parse_grid("A" + "0" * 255)
    assert zeros.givens[0] == 10 and zeros.given_count() == 1
    # 'G' present: 1-9 and A-G, '0' empty even with dots around.
    both = parse_grid("G0." + "." * 253)
    assert both.givens[:3] == (16, 0, 0)


def test_packed_line_marks_placed_digits() -> None:
    text = "+4+8" + A_LINE[2:]
    grid = parse_grid(text)
    assert detect_format(text) is Format.PACKED
    assert grid.givens == tuple(digits(A_LINE))
    assert grid.placed()[:3] == (4, 8, 0)
    assert grid.values[:3] == (4, 8, 3)
    assert format_packed(grid) == text


# -- grids of rows ------------------------------------------------------------------------------
A_ROWS = [A_LINE[r * 9 : r * 9 + 9] for r in range(9)]

A_COMPACT = "\n".join(A_ROWS) + "\n"

A_BOXED = """\
..3|.2.|6..
9..|3.5|..1
..1|8.6|4..
---+---+---
..8|1.2|9..
7..|...|..8
..6|7.8|2..
---+---+---
..2|6.9|5..
8..|2.3|..9
..5|.1.|3..
"""

A_FRAMED_SPACED = """\
# Project Euler 96, grid 01
+-------+-------+-------+
| 0 0 3 | 0 2 0 | 6 0 0 |
| 9 0 0 | 3 0 5 | 0 0 1 |
| 0 0 1 | 8 0 6 | 4 0 0 |
+-------+-------+-------+
| 0 0 8 | 1 0 2 | 9 0 0 |
| 7 0 0 | 0 0 0 | 0 0 8 |
| 0 0 6 | 7 0 8 | 2 0 0 |
+-------+-------+-------+
| 0 0 2 | 6 0 9 | 5 0 0 |
| 8 0 0 | 2 0 3 | 0 0 9 |
| 0 0 5 | 0 1 0 | 3 0 0 |
+-------+-------+-------+
"""

A_HODOKU_VALUES = """\
.-------.-------.-------.
| . . 3 | . 2 . | 6 . . |
| 9 . . | 3 . 5 | . . 1 |
| . . 1 | 8 . 6 | 4 . . |
:-------+-------+-------:
| . . 8 | 1 . 2 | 9 . . |
| 7 . . | . . . | . . 8 |
| . . 6 | 7 . 8 | 2 . . |
:-------+-------+-------:
| . . 2 | 6 . 9 | 5 . . |
| 8 . . | 2 . 3 | . . 9 |
| . . 5 | . 1 . | 3 . . |
'-------'-------'-------'
"""


@pytest.mark.parametrize("text", [A_COMPACT, A_BOXED, A_FRAMED_SPACED, A_HODOKU_VALUES])
def test_grid_text_variants(text: str) -> None:
    assert detect_format(text) is Format.GRID_TEXT
    assert parse_grid(text) == A


def test_grid_text_with_placed_marks() -> None:
    text = A_BOXED.replace("..3|.2.|6..", "+4.3|.2.|6..", 1)
    grid = parse_grid(text)
    assert grid.givens == A.givens and grid.placed()[0] == 4


def test_four_and_sixteen_row_grids() -> None:
    four = parse_grid("1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n")
    assert four.givens == (1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4)
    rows16 = ["G" + "." * 15] + ["." * 16] * 14 + ["." * 15 + "5"]
    big = parse_grid("\n".join(rows16))
    assert big.geometry.side == 16 and big.givens[0] == 16 and big.givens[255] == 5


def test_sdk_with_headers_and_sections() -> None:
    text = "#AJane Doe\n#DA test puzzle\n#LEasy\n" + A_COMPACT
    assert detect_format(text) is Format.SDK
    assert parse_grid(text) == A
    sadman = "[Puzzle]\n" + A_COMPACT + "[State]\nanything at all\n"
    assert detect_format(sadman) is Format.SDK
    assert parse_grid(sadman) == A


# -- Simple Sudoku --------------------------------------------------------------------------------
A_SS_GIVENS = """\
*-----------*
|..3|.2.|6..|
|9..|3.5|..1|
|..1|8.6|4..|
|---+---+---|
|..8|1.2|9..|
|7..|...|..8|
|..6|7.8|2..|
|---+---+---|
|..2|6.9|5..|
|8..|2.3|..9|
|..5|.1.|3..|
*-----------*
"""

A_SS_PLACED = A_SS_GIVENS.replace("|..3|.2.|6..|", "|483|.2.|6..|")

A_SS_CANDIDATES = """\
*--------------------------------------------------------*
| 4     8       3  | 79    2      17   | 6   579    57    |
| 9     267     7  | 3     47     5    | 78  278    1     |
| 25    257     1  | 8     79     6    | 4   23579  2357  |
|------------------+-------------------+------------------|
| 35    345     8  | 1     3456   2    | 9   34567  34567 |
| 7     12359   49 | 459   34569  4    | 1   13456  8     |
| 1345  13459   6  | 7     3459   8    | 2   1345   345   |
|------------------+-------------------+------------------|
| 134   1347    2  | 6     478    9    | 5   1478   47    |
| 8     1467    47 | 2     457    3    | 17  1467   9     |
| 46    4679    5  | 4     1      47   | 3   24678  2467  |
*--------------------------------------------------------*
                        Simple Sudoku
                         Version 4.2n
"""


def test_ss_givens_only() -> None:
    assert detect_format(A_SS_GIVENS) is Format.SS
    assert parse_grid(A_SS_GIVENS) == A


def test_ss_givens_and_placed() -> None:
    grid = parse_grid(A_SS_GIVENS + "\n" + A_SS_PLACED)
    assert grid.givens == A.givens
    assert grid.placed()[:2] == (4, 8) and sum(1 for v in grid.placed() if v) == 2


def test_ss_three_blocks_keep_givens_placed_and_candidates() -> None:
    grid = parse_grid(A_SS_GIVENS + "\n" + A_SS_PLACED + "\n" + A_SS_CANDIDATES)
    assert grid.givens == A.givens
    assert grid.placed()[:2] == (4, 8)
    assert grid.has_pencilmarks
    # Lone digits at empty cells are one-candidate cells: the value blocks say which cells hold digits.
    assert grid.candidates[cell("r2c3")] == mask("7")
    assert grid.candidates[cell("r5c6")] == mask("4")
    assert grid.candidates[cell("r1c4")] == mask("79")
    assert grid.candidates[cell("r2c2")] == mask("267")
    assert grid.candidates[cell("r5c2")] == mask("12359")  # 4 removed by hand
    assert grid.candidates[cell("r1c1")] == 0  # a placed digit, not a candidate cell


# -- candidate grids ------------------------------------------------------------------------------
FOUR_PM = """\
.--------.--------.
| 1   24 | 34  3  |
| 34  4  | 2   13 |
:--------+--------:
| 24  3  | 1   12 |
| 2   12 | 13  4  |
'--------'--------'
"""


def test_naked_single_pitfall_lone_digits() -> None:
    grid = parse_grid(FOUR_PM)
    assert detect_format(FOUR_PM) is Format.PENCILMARKS
    # Lone digits whose digit is still a candidate elsewhere in a unit are one-candidate cells...
    assert grid.values[cell("r1c4", 4)] == 0 and grid.candidates[cell("r1c4", 4)] == mask("3")
    assert grid.values[cell("r2c2", 4)] == 0 and grid.candidates[cell("r2c2", 4)] == mask("4")
    assert grid.values[cell("r3c3", 4)] == 0 and grid.candidates[cell("r3c3", 4)] == mask("1")
    assert grid.values[cell("r4c1", 4)] == 0 and grid.candidates[cell("r4c1", 4)] == mask("2")
    # ...the others are givens.
    assert grid.givens == (1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4)
    assert grid.candidates[cell("r1c2", 4)] == mask("24")
    assert grid.has_pencilmarks is False  # these are exactly the candidates the givens allow


def test_naked_single_without_candidates_around_reads_as_given_and_writer_brackets_it() -> None:
    text = FOUR_PM.replace("| 1   24 | 34  3  |", "| 1   24 | 4   3  |").replace(
        "| 34  4  | 2   13 |", "| 34  4  | 2   1  |"
    )
    grid = parse_grid(text)
    # No 3 is listed as a candidate in r1c4's row, column or box: the lone 3 is a given.
    assert grid.givens[cell("r1c4", 4)] == 3
    # A one-candidate cell that the rule would misread is written in brackets and read back exactly.
    position = Grid.from_values(
        [1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4],
        candidates=[
            0,
            mask("24"),
            mask("4"),
            mask("3"),
            mask("34"),
            mask("4"),
            0,
            mask("1"),
            mask("24"),
            0,
            mask("1"),
            mask("12"),
            mask("2"),
            mask("12"),
            mask("13"),
            0,
        ],
    )
    written = format_pencilmarks(position)
    assert written.splitlines()[1] == "| 1   24 | 4   [3] |" and written.count("[") == 1
    assert parse_grid(written) == position


A_PM_EDITED = """\
.------------------.-----------------.------------------.
| 45    578     3  | 49   2      147 | 6   5789   57    |
| 9     24678   47 | 3    47     5   | 78  278    1     |
| 25    257     1  | 8    79     6   | 4   579    2357  |
:------------------+-----------------+------------------:
| 345   345     8  | 1    3456   2   | 9   34567  34567 |
| 7     123459  49 | 459  34569  4   | 1   13456  8     |
| 1345  13459   6  | 7    3459   8   | 2   1345   345   |
:------------------+-----------------+------------------:
| 134   1347    2  | 6    478    9   | 5   1478   47    |
| 8     1467    47 | 2    457    3   | 17  1467   9     |
| 46    4679    5  | 4    1      47  | 3   24678  2467  |
'------------------'-----------------'------------------'
"""


def test_hodoku_candidate_grid() -> None:
    grid = parse_grid(A_PM_EDITED)
    assert detect_format(A_PM_EDITED) is Format.PENCILMARKS
    expected = list(basic_candidates(NINE, A.values))
    expected[cell("r1c2")] &= ~mask("4")  # removed by hand in the text
    expected[cell("r3c8")] &= ~mask("23")
    assert grid.givens == A.givens and grid.values == A.values
    assert grid.candidates == tuple(expected)
    assert grid.has_pencilmarks
    assert grid.candidates[cell("r5c6")] == mask("4")  # a naked single, not a given


def test_sukaku_style_spaced_candidate_grid_without_borders() -> None:
    rows = [" ".join(row.split("|")[1:-1]).split() for row in A_PM_EDITED.splitlines() if row.startswith("|")]
    text = "\n".join(" ".join(r) for r in rows)
    assert parse_grid(text) == parse_grid(A_PM_EDITED)


def test_candidate_grid_marks() -> None:
    text = FOUR_PM.replace("| 1   24 |", "| +1  24 |").replace("| 2   12 | 13  4  |", "| 2   12 | 13  !4 |")
    grid = parse_grid(text)
    assert grid.givens[0] == 0 and grid.placed()[0] == 1
    assert grid.givens[15] == 4
    dead = parse_grid(FOUR_PM.replace("| 24  3  | 1   12 |", "| 24  3  | .   12 |"))
    assert dead.values[cell("r3c3", 4)] == 0 and dead.candidates[cell("r3c3", 4)] == 0


# -- HoDoKu library line ------------------------------------------------------------------------
A_HODOKU = ":0000:x:+4+8" + A_LINE[2:] + ":519 238 338::"


def test_hodoku_library_line() -> None:
    grid = parse_grid(A_HODOKU)
    assert detect_format(A_HODOKU) is Format.HODOKU_LINE
    assert grid.givens == A.givens
    assert grid.placed()[:3] == (4, 8, 0)
    expected = list(basic_candidates(NINE, grid.values))
    assert expected[cell("r1c9")] == mask("57") and expected[cell("r3c8")] == mask("23579")
    expected[cell("r1c9")] = mask("7")
    expected[cell("r3c8")] = mask("579")
    assert grid.candidates == tuple(expected)
    assert format_hodoku_line(grid) == A_HODOKU
    # The technique fields after the deleted candidates are ignored.
    assert parse_grid(":0100:5:+4+8" + A_LINE[2:] + ":519 238 338:457:: extra") == grid


# -- OpenSudoku ---------------------------------------------------------------------------------
A_ZEROS = A_LINE.replace(".", "0")

OPENSUDOKU_V1 = f"""\
<?xml version="1.0" encoding="UTF-8"?>
<opensudoku>
  <name>Hand-made folder</name>
  <author>sudoku-tk tests</author>
  <game data="{A_ZEROS}" />
  <game
     data="{A_SOLUTION[:80]}0"/>
</opensudoku>
"""


def opensudoku_v3(cells: Sequence[str]) -> str:
    return (
        f'<opensudoku version="2"><folder name="x"><game data="version: 3&#10;{"".join(cells)}"/></folder></opensudoku>'
    )


def test_opensudoku_one_game() -> None:
    text = f'<opensudoku><game data="{A_ZEROS}"/></opensudoku>'
    assert detect_format(text) is Format.OPENSUDOKU
    assert parse_grid(text) == A


def test_opensudoku_many_games_in_a_collection() -> None:
    games = list(parse_collection(OPENSUDOKU_V1))
    assert [line for line, _ in games] == [5, 7]
    assert games[0][1] == A
    assert games[1][1].givens == tuple(digits(A_SOLUTION[:80] + "0"))
    error = raises(OPENSUDOKU_V1)
    assert "holds 2 games" in str(error) and "parse_collection" in str(error)


def test_opensudoku_versioned_data_keeps_placed_digits_and_notes() -> None:
    cells = [f"{v}|0|0|" if v else "0|0|1|" for v in digits(A_LINE)]
    cells[0] = "4|0|1|"  # placed by the player
    cells[cell("r1c9")] = f"0|{mask('7')}|1|"
    grid = parse_grid(opensudoku_v3(cells))
    assert grid.givens == A.givens and grid.placed()[0] == 4
    basic = basic_candidates(NINE, grid.values)
    # Cells without a note keep their basic candidates; the noted cell has exactly its note.
    assert grid.candidates[cell("r1c9")] == mask("7") != basic[cell("r1c9")]
    assert grid.candidates[cell("r1c2")] == basic[cell("r1c2")]
    v1 = [c.replace(f"|{mask('7')}|", "|7,|").replace("|0|", "|-|") for c in cells]
    assert parse_grid(opensudoku_v3(v1).replace("version: 3", "version: 1")) == grid


def test_opensudoku_refuses_doctype_and_entities() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE opensudoku [<!ENTITY a "aaaa">]>\n<opensudoku><game data="&a;"/></opensudoku>'
    )
    error = raises(bomb)
    assert "DOCTYPE" in error.reason and error.line == 2


# -- writers: exact layouts ------------------------------------------------------------------------
FOUR = Grid.from_values([1, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0, 0, 0, 0, 0, 4])


def test_format_line_and_grid_text_layouts() -> None:
    assert format_line(A) == A_LINE
    assert format_line(A, empty="0") == A_ZEROS
    solved = Grid.from_values(digits(A_LINE), digits(A_SOLUTION))
    assert format_line(solved) == A_LINE and format_line(solved, values=True) == A_SOLUTION
    assert format_grid_text(FOUR) == "1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4\n"
    placed = Grid.from_values(FOUR.givens, [0, 2] + [0] * 14)
    assert format_grid_text(placed).splitlines()[0] == " 1 +2 |  .  ."


def test_format_sdk_and_ss_layouts() -> None:
    assert format_sdk(A) == "[Puzzle]\n" + A_COMPACT
    assert format_ss(A) == A_SS_GIVENS
    with_pm = parse_grid(A_SS_GIVENS + "\n" + A_SS_PLACED + "\n" + A_SS_CANDIDATES)
    written = format_ss(with_pm)
    assert written.startswith(A_SS_GIVENS + "\n" + A_SS_PLACED + "\n")
    assert written.split("\n\n")[2].splitlines()[1] == "| 4     8      3  | 79   2      17 | 6   579    57    |"


def test_format_pencilmarks_layout() -> None:
    assert format_pencilmarks(FOUR) == FOUR_PM
    assert parse_grid(format_pencilmarks(A)) == A


def test_format_pencilmarks_without_marks_is_plain_hodoku_text() -> None:
    position = parse_grid(A_HODOKU)
    plain = format_pencilmarks(position, marks=False)
    assert not set("+![]") & set("".join(ln for ln in plain.splitlines() if ln.startswith("|")))
    assert plain.splitlines()[1] == "| 4    8       3  | 9    2      17 | 6   579    7     |"
    # Read back by the naked-single rule: placed digits become givens, r1c9's lone 7 (a 7 is still
    # a candidate in column 9) stays a one-candidate cell.
    back = parse_grid(plain)
    assert back.givens[:3] == (4, 8, 3) and back.candidates[cell("r1c9")] == mask("7")


def test_format_opensudoku_layouts() -> None:
    assert (
        format_opensudoku(A)
        == f'<?xml version="1.0" encoding="UTF-8"?>\n<opensudoku><game data="{A_ZEROS}" /></opensudoku>\n'
    )
    progress = parse_grid(A_HODOKU)
    text = format_opensudoku(progress)
    assert 'version="2"' in text and "version: 3&#10;4|0|1|8|0|1|3|0|0|" in text
    assert parse_grid(text) == progress


@pytest.mark.parametrize("fmt", [Format.SDK, Format.SS, Format.HODOKU_LINE, Format.OPENSUDOKU])
def test_nine_by_nine_only_writers_refuse_other_sizes(fmt: Format) -> None:
    with pytest.raises(PuzzleFormatError, match="9×9 boards only, not 4×4"):
        format_grid(FOUR, fmt)


# -- errors say what and where -------------------------------------------------------------------
def test_empty_and_comment_only_text() -> None:
    assert "empty text" in str(raises(""))
    assert "empty text" in str(raises("  \n\t\n"))
    assert "only comment lines" in str(raises("# nothing\n#here\n"))


def test_binary_garbage() -> None:
    assert "not UTF-8" in str(raises(b"\xff\xfe\x00garbage"))
    assert "found 2 grid rows" in str(raises("\x00\x01\x02\x89PNG\r\n\x1a\n"))
    error = raises("\x00\x01\x02\x89PNG" + "\x1a" * 74)
    assert "'\\x00' is not a digit" in error.reason and (error.line, error.column) == (1, 1)


def test_wrong_length_and_bad_characters() -> None:
    error = raises(A_LINE[:80])
    assert "expected 16, 81 or 256 cells, found 80" in str(error) and error.line == 1
    error = raises("\n\n" + A_LINE[:40] + "x" + A_LINE[41:])
    assert "'x'" in error.reason and (error.line, error.column) == (3, 41)
    error = raises("1..5" + "." * 12)
    assert "'5' is not a digit" in error.reason and "4×4" in error.reason and error.column == 4
    error = raises(A_LINE + "+")
    assert "'+' must stand before a digit" in error.reason and error.column == 82
    assert "'+' must stand before a digit, not '.'" in str(raises("+." + A_LINE[1:]))


def test_too_many_or_few_rows_and_cells() -> None:
    error = raises("\n".join(A_ROWS[:8]))
    assert "found 8 grid rows (lines 1-8), expected 4, 9 or 16" in str(error)
    rows = list(A_ROWS)
    rows[4] = rows[4][:8]
    error = raises("\n".join(rows))
    assert error.line == 5 and "expected 9" in error.reason
    error = raises("\n".join(rows[:3]) + "\nVersion 4.2n\n" + "\n".join(rows[4:]))
    assert error.line == 4 and "'Version 4.2n'" in error.reason


def test_inconsistent_candidate_grids() -> None:
    error = raises(FOUR_PM.replace("| 34  4  |", "| 344 4  |"))
    assert "candidate '4' listed twice in '344'" in error.reason and (error.line, error.column) == (3, 5)
    error = raises(FOUR_PM.replace("| 34  4  |", "| 30  4  |"))
    assert "'0' in candidates '30'" in error.reason
    error = raises(FOUR_PM.replace("| 2   12 | 13  4  |", "| 2   12 | 13  |"))
    assert error.line == 6 and "expected 4" in error.reason
    error = raises(A_SS_GIVENS + "\n" + A_SS_PLACED.replace("|483|", "|485|"))
    assert "r1c3 is the given 3 in the first block but '5' here" in error.reason
    wrong = A_SS_CANDIDATES.replace("| 4     8       3  |", "| 4     8       6  |")
    error = raises(A_SS_GIVENS + "\n" + A_SS_PLACED + "\n" + wrong)
    assert "inconsistent candidate grid: r1c3 holds 3" in error.reason


def test_hodoku_line_errors() -> None:
    assert "found 2 ':'-separated fields" in str(raises(":0000:x"))
    error = raises(":0000:x:" + A_LINE + ":43 519::")
    assert "'43' is not <digit><row><column>" in error.reason and error.column == 8 + 81 + 2
    error = raises(":0000:x:" + A_LINE + ":413::")
    assert "r1c3 holds 3" in error.reason
    assert "9×9 boards" in str(raises(":0000:x:" + "." * 16 + ":::"))


def test_opensudoku_errors() -> None:
    assert "no <game data=...> element" in str(raises("<opensudoku><name>x</name></opensudoku>"))
    assert "expected an <opensudoku> document, found <svg>" in str(raises("<svg></svg>"))
    error = raises("<opensudoku>\n  <game data='123'/>\n</opensudoku>")
    assert "81 digits" in error.reason and error.line == 2
    error = raises("<opensudoku>\n<game data='1'>\n</opensudoku>")
    assert "not well-formed XML" in error.reason and error.line == 3
    assert "must list 81 cells, found 2" in str(
        raises('<opensudoku><game data="version: 3&#10;1|0|0|0|0|1|"/></opensudoku>')
    )


def test_several_puzzles_are_not_one() -> None:
    assert "holds 2 one-line puzzles" in str(raises(A_LINE + "\n" + A_LINE))


# -- collections --------------------------------------------------------------------------------
def test_collection_lines_comments_and_trailing_text() -> None:
    text = f"# header comment\n{A_LINE}  easy\n\n+4{A_LINE[1:]}\t# placed\n:0000:x:{A_LINE}:519::\n"
    got = list(parse_collection(text))
    assert [n for n, _ in got] == [2, 4, 5]
    assert got[0][1] == A and got[1][1].placed()[0] == 4
    assert got[2][1].candidates[cell("r1c9")] == basic_candidates(NINE, A.values)[cell("r1c9")] & ~mask("5")


def test_collection_header_line_and_bad_line() -> None:
    got = list(parse_collection(f"puzzle\trating\n{A_LINE}\t1.2\n{A_LINE}\t1.2\n"))
    assert [n for n, _ in got] == [2, 3]
    with pytest.raises(PuzzleFormatError) as info:
        list(parse_collection(f"{A_LINE}\n{A_LINE}\n{A_LINE[:79]}\n"))
    assert info.value.line == 3 and "found 79" in info.value.reason


def test_collection_of_one_other_format_and_sixteen_rows() -> None:
    assert list(parse_collection(A_BOXED)) == [(1, A)]
    rows16 = ["G" + "." * 15] + ["." * 16] * 15
    (only,) = parse_collection("\n".join(rows16))
    assert only[1].geometry.side == 16
    fours = list(parse_collection("\n".join(["1..." + "." * 12] * 16)))
    assert len(fours) == 16 and all(g.geometry.side == 4 for _, g in fours)


# -- public data --------------------------------------------------------------------------------
PUZZLE_FILES = sorted(
    {p.name for folder in (LOCAL_PUZZLES, PUZZLES) for p in folder.glob("*") if p.suffix in (".txt", ".tsv")}
)


@pytest.mark.parametrize("name", PUZZLE_FILES)
def test_public_puzzle_files_first_fifty_lines(name: str) -> None:
    lines = puzzle_path(name).read_text().splitlines()[:50]
    got = list(parse_collection("\n".join(lines)))
    puzzles = [ln.split()[0] for ln in lines if len(ln.split()[0]) == 81]
    assert len(got) == len(puzzles) == len(lines) - (name.endswith(".tsv"))
    for (_, grid), line in zip(got, puzzles):
        assert grid.givens == tuple(digits(line))


def reglib_lines() -> list[str]:
    path = shared_file(HODOKU / "reglib-1.4.txt")
    return [ln for ln in path.read_text().splitlines() if ln.startswith(":")]


def test_hodoku_reglib_lines_and_their_givens_fields() -> None:
    lines = reglib_lines()
    assert len(lines) > 1000
    for line in lines:
        fields = line.split(":")
        grid = parse_grid(line)
        packed = parse_grid(fields[3])
        assert (packed.givens, packed.values) == (grid.givens, grid.values)
        assert grid.givens == tuple(
            0 if ch == "+" else d for ch, d in zip(_marks(fields[3]), digits(fields[3].replace("+", "")))
        )
        for entry in fields[4].split():
            d, r, c = (int(ch) for ch in entry)
            assert not grid.candidates[(r - 1) * 9 + c - 1] >> (d - 1) & 1
        # Real pencilmark positions, naked singles included, survive the carrying writers.
        for fmt in (Format.PENCILMARKS, Format.HODOKU_LINE, Format.SS, Format.OPENSUDOKU):
            assert parse_grid(format_grid(grid, fmt)) == grid, (fmt, line)


def _marks(field: str) -> list[str]:
    """For each cell of a packed field, '+' when it is marked placed, else ' '."""
    out = []
    for i, ch in enumerate(field):
        if ch != "+":
            out.append("+" if i and field[i - 1] == "+" else " ")
    return out


# -- hypothesis properties ------------------------------------------------------------------------
@st.composite
def grids(draw: st.DrawFn, boxes: Sequence[int] = (2, 3, 4)) -> Grid:
    """A grid of a valid solution's digits: givens, placed digits and (maybe) candidate subsets."""
    box = draw(st.sampled_from(boxes))
    geo = Geometry.of(box)
    n = geo.side
    perm = draw(st.permutations(range(1, n + 1)))
    solution = [perm[(box * (r % box) + r // box + c) % n] for r in range(n) for c in range(n)]
    roles = draw(st.lists(st.sampled_from("gpe"), min_size=geo.ncells, max_size=geo.ncells))
    givens = [v if role == "g" else 0 for v, role in zip(solution, roles)]
    placed = [v if role == "p" else 0 for v, role in zip(solution, roles)]
    if not draw(st.booleans()):
        return Grid.from_values(givens, placed)
    values = [g or p for g, p in zip(givens, placed)]
    keep = draw(st.lists(st.integers(0, geo.all_digits), min_size=geo.ncells, max_size=geo.ncells))
    consistent = draw(st.booleans())
    base = basic_candidates(geo, values) if consistent else [geo.all_digits] * geo.ncells
    return Grid.from_values(givens, placed, [b & k for b, k in zip(base, keep)])


def expected_after(fmt: Format, grid: Grid) -> Grid:
    """What a writer's text reads back as, by each writer's documented contract."""
    geo = grid.geometry
    if fmt in (Format.LINE, Format.SDK):
        return Grid.from_values(grid.givens)
    if fmt in (Format.PACKED, Format.GRID_TEXT) or not grid.has_pencilmarks:
        return Grid.from_values(grid.givens, grid.placed())
    basic = basic_candidates(geo, grid.values)
    if fmt is Format.HODOKU_LINE:
        return as_read(Grid.from_values(grid.givens, grid.placed(), [m & b for m, b in zip(grid.candidates, basic)]))
    if fmt is Format.OPENSUDOKU:
        return as_read(Grid.from_values(grid.givens, grid.placed(), [m or b for m, b in zip(grid.candidates, basic)]))
    return as_read(grid)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids())
def test_random_grids_round_trip_through_every_writer(grid: Grid) -> None:
    for fmt in Format:
        if grid.geometry is not NINE and fmt in (Format.SDK, Format.SS, Format.HODOKU_LINE, Format.OPENSUDOKU):
            continue
        text = format_grid(grid, fmt)
        assert parse_grid(text) == expected_after(fmt, grid), (fmt, text)
        assert list(parse_collection(text))[0][1] == expected_after(fmt, grid)


FORMAT_CHARS = "123456789ABCDEFGabcg0.+!|-*:'[]# \n\t=<>/\"x"


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """A writer's output with a few characters deleted, replaced or inserted."""
    grid = draw(grids())
    fmt = draw(st.sampled_from(list(Format)))
    try:
        text = format_grid(grid, fmt)
    except PuzzleFormatError:
        text = format_pencilmarks(grid)
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from("dri"))
        ch = draw(st.sampled_from(FORMAT_CHARS))
        text = text[:i] + ("" if op == "d" else ch) + text[i + (op != "i") :]
    return text


ANY_TEXT = st.one_of(
    st.text(alphabet=FORMAT_CHARS, max_size=300),
    st.text(max_size=120),
    mutated_texts(),
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT)
def test_any_text_parses_or_raises_and_round_trips(text: str) -> None:
    try:
        grid = parse_grid(text)
    except PuzzleFormatError as exc:
        assert exc.reason
    else:
        assert parse_grid(format_pencilmarks(grid)) == grid
    try:
        assert isinstance(detect_format(text), Format)
        collection = list(parse_collection(text))
    except PuzzleFormatError:
        return
    for _, grid in collection:
        assert parse_grid(format_pencilmarks(grid)) == grid


def test_millions_of_tiny_lines_are_refused_before_they_are_split() -> None:
    import subprocess
    import sys

    from sudoku_tk.engine.formats import MAX_LINES

    with pytest.raises(PuzzleFormatError, match=f"over {MAX_LINES:,} lines"):
        parse_grid("1\n" * MAX_LINES)
    with pytest.raises(PuzzleFormatError, match="lines, more than a puzzle file holds"):
        list(parse_collection("1\n" * 8_000_000))  # 16 MB, the size cap: once about 1 GB of memory
    # Peak Python allocations while parsing, in a fresh process (ru_maxrss would inherit the parent's high-water mark).
    code = (
        "import tracemalloc; from sudoku_tk.engine.formats import parse_collection\n"
        "text = '1\\n' * 8_000_000\ntracemalloc.start()\n"
        "try:\n    list(parse_collection(text))\nexcept Exception as e:\n    print(type(e).__name__)\n"
        "print(tracemalloc.get_traced_memory()[1] // 2**20)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out[0] == "PuzzleFormatError" and int(out[1]) < 20, out  # MB allocated beyond the 16 MB text itself


def test_a_collection_just_under_the_line_limit_is_read() -> None:
    from sudoku_tk.engine.formats import MAX_LINES

    line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
    assert len(list(parse_collection(line * 1000 + "\n" * (MAX_LINES - 1001)))) == 1000
