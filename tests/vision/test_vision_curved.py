"""The grid's lines followed as curves: crossings on curled, squeezed and faded pages drawn with their truth."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest
from PIL import ImageDraw

from sudoku_tk.vision.curved_lattice import lattice_clarity, line_darkness, trace_lattice
from sudoku_tk.vision.grid_finder import find_grids
from sudoku_tk.vision.ink import ink_mask
from sudoku_tk.vision.reader import read_picture
from sudoku_tk.vision.synthetic import STYLES, Board, Camera, draw_board, on_table, photograph

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
VALUES = [int(c) if c != "." else 0 for c in PUZZLE]


def photographed(seed: int, style: str, **faults: float | str) -> Board:
    rng = random.Random(f"curved/{seed}")
    camera = Camera(turn=rng.uniform(-8, 8), tilt=0.03, blur=0.6, noise=4, jpeg=80, **faults)  # type: ignore[arg-type]
    return photograph(draw_board(VALUES, STYLES[style], 44), camera, rng)


def crossing_error(board: Board, corners: np.ndarray | None = None) -> float:
    """The largest distance (in cells) of a traced crossing from the drawn one."""
    grey = np.asarray(board.picture.convert("L"), np.float32)
    truth = board.crossing_array()
    start = truth[[0, 0, -1, -1], [0, -1, -1, 0]] if corners is None else corners
    points = trace_lattice(line_darkness(grey, start, 9), start, 9)
    cell = float(np.hypot(*(truth[0, -1] - truth[0, 0]))) / 9
    return float(np.hypot(*(points - truth).transpose(2, 0, 1)).max()) / cell


def corner_error(board: Board) -> float:
    """The largest distance (in cells) of the grid finder's corners from the drawn grid's (a grid must be found)."""
    grey = np.asarray(board.picture.convert("L"), np.float32)
    found = find_grids(ink_mask(grey, max(3, max(grey.shape) // 50)))
    truth = np.array(board.corners)
    cell = float(np.hypot(*(truth[1] - truth[0]))) / 9
    assert found, "no grid found"
    return float(np.hypot(*(found[0].corners - truth).T).max()) / cell


def test_drawn_boards_know_their_crossings() -> None:
    board = draw_board(VALUES, STYLES["plain"], 40)
    grey = np.asarray(board.picture.convert("L"))
    for x, y in board.crossings:
        assert grey[int(round(y)), int(round(x))] < 60  # on a line


@pytest.mark.parametrize(("seed", "style"), [(1, "plain"), (2, "serif"), (3, "thin-lines"), (4, "mono")])
def test_every_crossing_of_a_curled_page_is_found(seed: int, style: str) -> None:
    assert crossing_error(photographed(seed, style, curl=0.05)) < 0.15


@pytest.mark.parametrize(("seed", "style"), [(1, "plain"), (2, "thick-lines"), (3, "thin-lines"), (5, "serif")])
def test_every_crossing_of_a_squeezed_page_is_found(seed: int, style: str) -> None:
    # The cells narrow towards one edge by 40 %: evenly spaced lines would leave a row out.
    assert crossing_error(photographed(seed, style, squeeze=0.4)) < 0.15


def test_lines_are_followed_from_corners_a_little_off() -> None:
    board = photographed(6, "plain", curl=0.04)
    truth = board.crossing_array()
    cell = float(np.hypot(*(truth[0, -1] - truth[0, 0]))) / 9
    rough = truth[[0, 0, -1, -1], [0, -1, -1, 0]] + np.array([[1, -1], [-1, 1], [1, 1], [-1, -1]]) * 0.2 * cell
    assert crossing_error(board, rough) < 0.15


def test_a_faded_line_is_placed_between_its_neighbours() -> None:
    board = draw_board(VALUES, STYLES["plain"], 44)
    truth = board.crossing_array()
    picture = board.picture.copy()
    # Most of the fifth level line is gone (a shadow, a fold): its crossings still follow its neighbours.
    y = truth[4, 0, 1]
    ImageDraw.Draw(picture).rectangle([truth[4, 1, 0] + 3, y - 2, truth[4, 8, 0] - 3, y + 2], fill="white")
    faded = Board(board.side, board.values, picture, board.corners, crossings=board.crossings)
    assert crossing_error(faded) < 0.15


def test_a_lattice_on_the_lines_is_clearer_than_one_a_row_off() -> None:
    board = photographed(7, "plain", curl=0.03)
    grey = np.asarray(board.picture.convert("L"), np.float32)
    ink = ink_mask(grey, max(3, max(grey.shape) // 50)).astype(np.float32)
    truth = board.crossing_array()
    off = truth.copy()
    off[:-1] = truth[1:]
    off[-1] = 2 * truth[-1] - truth[-2]
    assert lattice_clarity(ink, truth) > 0.5
    assert lattice_clarity(ink, off) < lattice_clarity(ink, truth) - 0.2


def test_text_alone_shows_no_clear_lattice() -> None:
    rng = np.random.default_rng(3)
    mask = np.zeros((300, 420), np.float32)
    for y in range(10, 290, 14):
        x = 10
        while x < 380:
            w = int(rng.integers(3, 30))
            mask[y : y + 8, x : x + w] = rng.random((8, w)) < 0.5
            x += w + int(rng.integers(4, 9))
    corners = np.array([[50, 20], [350, 20], [350, 280], [50, 280]], float)
    points = trace_lattice(mask, corners, 9, settle=False)
    assert lattice_clarity(mask, points) < 0.3


@pytest.mark.parametrize(("seed", "style"), [(1, "plain"), (8, "coloured-boxes"), (9, "dark-mode")])
def test_a_squeezed_page_reads_exactly(seed: int, style: str) -> None:
    board = photographed(seed, style, squeeze=0.4)
    assert list(read_picture(board.picture).values) == VALUES


@pytest.mark.parametrize(("seed", "style"), [(2, "plain"), (2, "thick-lines"), (6, "serif")])
def test_the_grid_finder_keeps_the_narrowest_column_of_a_strongly_squeezed_page(seed: int, style: str) -> None:
    # The cells narrow by 55 % towards one edge: the evenly spaced lattice fitted to the grid leaves the narrowest
    # column out, and the lattice traced from the blob's own corners (which holds it) has unevenly spaced lines.
    board = photographed(seed, style, squeeze=0.55)
    assert corner_error(board) < 0.25
    assert list(read_picture(board.picture).values) == VALUES


@pytest.mark.parametrize(("seed", "style"), [(3, "coloured-boxes"), (5, "mono"), (6, "dark-mode")])
def test_a_curled_page_whose_straight_lattice_shows_faintly_reads_exactly(seed: int, style: str) -> None:
    # Straight lattices fitted to these grids show less clearly than the grid finder asks (they were not found).
    rng = random.Random(f"bench-curl/{seed}")
    camera = Camera(turn=rng.uniform(-8, 8), tilt=0.03, blur=0.6, noise=4, jpeg=80, curl=0.05)
    board = photograph(draw_board(VALUES, STYLES[style], 44), camera, rng)
    assert list(read_picture(board.picture).values) == VALUES


def test_an_image_with_nothing_traces_nothing_clear() -> None:
    blank = np.zeros((200, 200), np.float32)
    points = trace_lattice(blank, np.array([[20, 20], [180, 20], [180, 180], [20, 180]], float), 9)
    assert points.shape == (10, 10, 2)
    assert lattice_clarity(blank, points) <= 0.0


@pytest.mark.parametrize(("seed", "style"), [(1, "serif"), (2, "plain"), (4, "thin-lines")])
def test_a_page_rolled_along_one_axis_reads_exactly(seed: int, style: str) -> None:
    board = photographed(seed, style, curl=0.10, curl_kind="cylinder")
    assert list(read_picture(board.picture).values) == VALUES


@pytest.mark.parametrize(("seed", "style"), [(3, "serif"), (20, "plain"), (20, "mono")])
def test_lines_inside_a_box_follow_the_box_lines_of_a_strongly_curled_page(seed: int, style: str) -> None:
    # The page is stretched unevenly along its lines: guessed from the frame alone, the crossings of the lines
    # inside a box lie half a cell or more along the box lines from where those lines cross them.
    assert crossing_error(photographed(seed, style, curl=0.08)) < 0.15


@pytest.mark.parametrize("style", ["plain", "serif"])
def test_a_strongly_curled_page_reads_exactly(style: str) -> None:
    rng = random.Random("bench-curl/8")
    camera = Camera(turn=rng.uniform(-8, 8), tilt=0.03, blur=0.6, noise=4, jpeg=80, curl=0.08)
    board = photograph(draw_board(VALUES, STYLES[style], 44), camera, rng)
    assert list(read_picture(board.picture).values) == VALUES


@pytest.mark.parametrize("style", ["plain", "thin-lines"])
def test_a_box_line_traced_on_its_neighbour_is_traced_again_a_cell_over(style: str) -> None:
    # The frame's guess puts the box lines a cell off: traced from there, a line of a box finds no line to follow,
    # and the box lines guessed a cell to one side let every line show.
    assert crossing_error(photographed(5, style, curl=0.08)) < 0.15


@pytest.mark.parametrize(("seed", "style"), [(32, "serif"), (48, "plain"), (54, "serif"), (56, "plain")])
def test_the_grid_finder_finds_a_strongly_bent_grid_that_no_straight_lattice_fits(seed: int, style: str) -> None:
    # Bent 10 %: neither a straight lattice nor the quickly traced bent one (discounted) shows clearly enough; the
    # lattice followed to the pixel does, and the grid's corners are found.
    board = photographed(seed, style, curl=0.10)
    assert corner_error(board) < 0.25


@pytest.mark.parametrize("style", ["plain", "serif", "mono"])
def test_bold_box_lines_a_cell_from_their_guess_are_found_by_their_darkness(style: str) -> None:
    # Bent 8 %: the frame's guess puts box lines a cell off and turned across their segments, next to a thin line
    # that the trace takes instead; the box lines are darker than the thin ones, and found by that from further.
    assert crossing_error(photographed(54, style, curl=0.08)) < 0.15


def test_the_frame_of_a_page_rolled_away_at_one_edge_is_followed_where_it_bends_fastest() -> None:
    # Rolled 20 % along one axis: near the lifted edge the frame turns across each segment between its crossings,
    # so sampled straight along the segment it does not show there, and the lattice ran on past it.
    assert crossing_error(photographed(15, "plain", curl=0.2, curl_kind="cylinder")) < 0.15


def test_the_grid_finder_takes_the_corners_of_a_page_rolled_away_at_one_edge() -> None:
    # Rolled 20 %: the frame bows further from its chord than a straight trace reaches, so the lattice traced from
    # the grid's true corners showed less clearly than a straight one fitted a column short.
    board = photographed(9, "mono", curl=0.2, curl_kind="cylinder")
    assert corner_error(board) < 0.25


@pytest.mark.parametrize(("seed", "edge"), [(2, "right"), (2, "bottom"), (6, "left"), (8, "bottom")])
def test_a_page_edge_beside_a_thin_frame_is_not_taken_for_it(seed: int, edge: str) -> None:
    # A grid drawn with thin lines, its frame too, half a cell from the page's edge on a darker table: the edge
    # is darker than the frame, and the frame is first followed onto it; the lines inside show where it runs.
    rng = random.Random(f"page-edge/{seed}")
    board = draw_board(VALUES, replace(STYLES["plain"], thin=1.0, thick=1.5), 44)
    camera = Camera(turn=rng.uniform(-8, 8), tilt=0.03, blur=1.6, noise=4, jpeg=80)
    paper: list[float | None] = [None] * 4
    paper["trbl".index(edge[0])] = 0.5  # top, right, bottom, left
    shown = [0.5 + 2.0 if gap is not None else 0.72 for gap in paper]  # the drawing's own margin where not cut
    page = on_table(board, paper, shown, (90, 90, 90))
    assert crossing_error(photograph(page, camera, rng)) < 0.15
