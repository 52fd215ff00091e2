"""The grid found where a page's edge (or another grid) lies close to it: a puzzle cut out of the paper lying on a
darker table, a page ending just under the grid, a picture cropped tightly to the puzzle."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from PIL import Image

from sudoku_tk.vision.grid_finder import find_grids
from sudoku_tk.vision.ink import ink_mask
from sudoku_tk.vision.reader import read_picture
from sudoku_tk.vision.synthetic import STYLES, Board, draw_board
from sudoku_tk.vision.synthetic import on_table as lay_on_table

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
VALUES = [int(c) if c != "." else 0 for c in PUZZLE]
CELL = 40
TABLE = (80, 74, 66)


def on_table(board: Board, paper: tuple[float | None, ...], shown: tuple[float, ...]) -> tuple[Image.Image, np.ndarray]:
    """The board's page cut ``paper`` cells beyond the grid's frame, on a darker table, the picture showing ``shown``
    cells beyond it (``synthetic.on_table``): the picture and the grid's corners in it."""
    lying = lay_on_table(board, paper, shown, TABLE)
    return lying.picture, np.array(lying.corners)


def board(style: str) -> Board:
    return draw_board(VALUES, replace(STYLES[style], margin=0.05), CELL)


def found_corners(picture: Image.Image) -> np.ndarray:
    grey = np.asarray(picture.convert("L"), np.float32)
    found = find_grids(ink_mask(grey, max(3, max(grey.shape) // 50)))
    assert found, "no grid found"
    return found[0].corners


def error(corners: np.ndarray | tuple[tuple[float, float], ...], truth: np.ndarray) -> float:
    """The largest distance of ``corners`` from the grid's, in cells."""
    return float(np.hypot(*(np.asarray(corners) - truth).T).max()) / CELL


@pytest.mark.parametrize("style", ["plain", "serif", "thin-lines"])
def test_a_puzzle_cut_out_and_lying_on_a_dark_table_reads_exactly(style: str) -> None:
    # The table fills most of the picture: the paper is still the light page in its middle, not the table.
    picture, truth = on_table(board(style), (0.5, 0.8, 0.6, 0.4), (3.5, 3.8, 3.6, 3.4))
    assert float(np.median(np.asarray(picture.convert("L")))) < 100  # most of the picture is the dark table
    read = read_picture(picture)
    assert list(read.values) == VALUES
    assert error(read.corners, truth) < 0.25


@pytest.mark.parametrize("paper", [(0.6, 0.7, 0.5, 0.6), (0.3, 0.4, 0.5, 0.3), (1.0, 0.8, 1.2, 0.9)])
def test_the_outline_of_a_page_round_the_grid_is_not_taken_for_the_grid(paper: tuple[float, ...]) -> None:
    # The ink where the table meets the page is a rectangle round the grid, apart from it; fitted with a lattice
    # it takes the grid's lines inside for its own.
    picture, truth = on_table(board("mono"), paper, tuple(gap + 1.0 for gap in paper))
    assert error(found_corners(picture), truth) < 0.25


@pytest.mark.parametrize("style", ["plain", "serif", "thin-lines"])
def test_a_page_edge_joined_to_the_grid_does_not_pull_its_corner_away(style: str) -> None:
    # The page is cut along the grid's bottom line and runs on out of the picture to the left, five cells beyond
    # the grid: the ink along the page's edge is one with the grid's, and its far end is the blob's bottom-left.
    picture, truth = on_table(board(style), (None, 0.3, 0.0, None), (1.0, 1.3, 1.0, 5.0))
    read = read_picture(picture)
    assert list(read.values) == VALUES
    assert error(read.corners, truth) < 0.25
