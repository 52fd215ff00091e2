"""The position as a SudokuWiki link, a HoDoKu line and a Simple Sudoku text: what each program reads back."""

from __future__ import annotations

from sudoku_tk.app.storage.share_texts import ShareKind, share_problem, share_text
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Place
from sudoku_tk.engine.play.propagation import recompute

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def position():
    return recompute(parse_grid(HARD), (Place(1, 1), Eliminate(((2, 2),))))


def test_the_sudokuwiki_link_carries_givens_placed_digits_and_candidates() -> None:
    pos = position()
    url = share_text(ShareKind.SUDOKUWIKI, pos)
    assert url.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=")
    board = url.split("=", 1)[1]
    assert len(board) == 162
    assert board[:2] == "0h"  # r1c1: given 4 -> (8 << 1) | 1 = 17 = "0h" in base 32
    assert board[2:4] == "02"  # r1c2: placed 1 -> (1 << 1) = 2
    for cell in range(81):
        n = int(board[2 * cell : 2 * cell + 2], 32)
        digits = {d for d in range(1, 10) if (n >> 1) >> (d - 1) & 1}
        value = pos.values[cell]
        assert digits == ({value} if value else set(pos.candidate_set(cell))), cell
        assert n & 1 == (1 if pos.start.givens[cell] else 0), cell


def test_the_hodoku_and_simple_sudoku_texts_read_back_as_the_same_position() -> None:
    pos = position()
    for kind in (ShareKind.HODOKU, ShareKind.SIMPLE_SUDOKU):
        grid = parse_grid(share_text(kind, pos))
        assert grid.givens == pos.start.givens, kind
        assert grid.values == pos.values, kind
        assert [grid.candidate_set(c) for c in range(81)] == [pos.candidate_set(c) for c in range(81)], kind
    assert share_text(ShareKind.HODOKU, pos).startswith(":0000:x:4+1")


def test_other_sizes_are_refused_with_a_sentence() -> None:
    small = recompute(Grid.from_values([0] * 16), ())
    assert share_problem(ShareKind.SUDOKUWIKI, small) == "SudokuWiki takes 9×9 boards only; this one is 4×4."
    assert share_problem(ShareKind.HODOKU, position()) is None
