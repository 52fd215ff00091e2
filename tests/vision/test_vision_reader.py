"""Reading whole pictures the tests draw themselves: styles, sizes, a phone's faults, pencil marks, handwriting.

Every picture here is drawn by ``sudoku_tk.vision.synthetic`` (or this app's own render/) from a fixed seed,
so the tests need nothing outside the repository. The reader must read each exactly, or, where a cell can't
be read for sure, mark it unsure: never a silent misread.
"""

from __future__ import annotations

import random

import pytest
from PIL import Image, ImageDraw

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.play.propagation import recompute
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.render.board_picture import picture
from sudoku_tk.render.content import PictureKind
from sudoku_tk.vision.locate import NoGridFound
from sudoku_tk.vision.read_check import CheckStatus, check_reading
from sudoku_tk.vision.reader import read_picture, read_with_picture
from sudoku_tk.vision.synthetic import STYLES, Camera, draw_board, photograph, random_values, styled_board

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FOUR = "....4.1..2.4...."
SIXTEEN = "".join("123456789ABCDEFG"[v - 1] if v else "." for v in random_values(random.Random(16), 16, 0.45))


def digits(text: str) -> list[int]:
    return list(parse_grid(text).givens)


def assert_read(picture_: Image.Image, expected: list[int]) -> None:
    reading = read_picture(picture_)
    wrong = [i for i, (a, b) in enumerate(zip(reading.values, expected)) if a != b]
    silent = [i for i in wrong if i not in reading.unsure()]
    assert silent == [], f"misread without a mark: {[(i, reading.values[i], expected[i]) for i in silent]}"
    assert wrong == []


@pytest.mark.parametrize("style", sorted(STYLES))
def test_every_style_reads_exactly(style: str) -> None:
    assert_read(styled_board(style, digits(PUZZLE), 44).picture, digits(PUZZLE))


@pytest.mark.parametrize("text", [FOUR, SIXTEEN], ids=["4x4", "16x16"])
def test_four_and_sixteen_a_side_read_where_the_grid_is_clean(text: str) -> None:
    values = digits(text)
    reading = read_picture(styled_board("plain", values, 40).picture)
    assert reading.side in (4, 16) and list(reading.values) == values


@pytest.mark.parametrize("scale", [0.5, 1.0, 2.0])
def test_this_apps_puzzle_pictures_read_exactly(scale: float) -> None:
    grid = parse_grid(HARD)
    assert_read(picture(recompute(grid, ()), PictureKind.PUZZLE, scale=scale), list(grid.givens))


def test_a_position_reads_its_givens_leaves_the_players_digits_out_and_reads_candidates_as_empty() -> None:
    grid = parse_grid(HARD)
    solution = solve(grid)
    assert solution is not None
    position = recompute(grid, (Place(1, solution[1]), Place(2, solution[2])))
    reading = read_picture(picture(position, PictureKind.POSITION))
    assert list(reading.values) == list(grid.givens)
    assert reading.cells[1].left_out == solution[1] and reading.cells[2].left_out == solution[2]
    assert set(reading.unsure()) >= {1, 2}, "digits left out are shown to the player"
    marks = reading.marks()
    assert marks, "the candidates of the empty cells are read as pencil marks"
    assert all(not reading.values[c] for c in marks)


@pytest.mark.parametrize("seed", range(6))
def test_a_phones_faults_turn_tilt_bend_blur_noise_shadow_jpeg(seed: int) -> None:
    rng = random.Random(seed)
    camera = Camera(
        turn=rng.choice([-14, -8, 9, 15]),
        tilt=0.05,
        bend=0.015 if seed % 2 else 0.0,
        blur=0.8,
        noise=5,
        shadow=0.35,
        jpeg=70,
        scale=0.8,
    )
    board = photograph(draw_board(digits(PUZZLE), STYLES["serif"], 48), camera, rng)
    assert_read(board.picture, digits(PUZZLE))


def curled(seed: int, curl: float = 0.05) -> tuple[Image.Image, list[int]]:
    """A page curled strongly (a smooth random bend: up to about half a cell off a perspective), photographed."""
    values = digits(PUZZLE if seed % 2 else HARD)
    rng = random.Random(f"curl/{seed}")
    style = STYLES[["serif", "plain", "thin-lines", "thick-lines"][seed % 4]]
    camera = Camera(turn=rng.uniform(-8, 8), tilt=0.03, blur=0.6, noise=4, jpeg=80, curl=curl)
    return photograph(draw_board(values, style, 44), camera, rng).picture, values


@pytest.mark.parametrize("seed", [2, 7, 9, 14])
def test_a_strongly_curled_page_reads_exactly(seed: int) -> None:
    # Seeds 2 and 14: the perspective fit leaves a row outside; placed all together, the lines are found.
    picture_, values = curled(seed)
    assert_read(picture_, values)


@pytest.mark.parametrize("seed", range(2, 16))
def test_on_a_curled_page_every_misread_is_shown_to_the_player(seed: int) -> None:
    picture_, values = curled(seed, 0.07)
    try:
        reading = read_picture(picture_)
    except NoGridFound:
        return  # nothing read, nothing misread: the player is told no grid was found
    check = check_reading(reading.values, reading.confidences, alternatives=[c.alternatives for c in reading.cells])
    shown = set(reading.unsure()) | {f.cell for f in check.fixes}
    if check.status is not CheckStatus.UNIQUE:
        shown |= set(check.suspects[:3]) | set(check.conflicts)
    if check.whole_grid:
        shown |= set(range(81))
    wrong = [i for i, (a, b) in enumerate(zip(reading.values, values)) if a != b]
    assert [i for i in wrong if i not in shown] == []


def test_a_grid_in_part_of_a_busy_page() -> None:
    board = styled_board("busy-page", digits(HARD), 36)
    assert board.picture.width > 36 * 9 * 1.8
    assert_read(board.picture, digits(HARD))


def test_an_upside_down_photo_is_read_the_right_way_up() -> None:
    board = draw_board(digits(PUZZLE), STYLES["plain"], 44)
    reading, flat = read_with_picture(board.picture.rotate(180))
    assert reading.turned == 2 and list(reading.values) == digits(PUZZLE)
    assert flat.size[0] == flat.size[1]


def test_handwriting_is_left_out_of_the_givens() -> None:
    others = {2: "scribble", 30: "scribble", 62: "turned"}
    board = draw_board(digits(PUZZLE), STYLES["plain"], 48, others=others, rng=random.Random(1))
    reading = read_picture(board.picture)
    assert all(reading.values[c] == 0 for c in others)
    assert list(reading.values) == digits(PUZZLE)


@pytest.mark.parametrize("style", ["red-digits", "plain"])
def test_a_shadow_across_the_page_leaves_no_printed_digit_out(style: str) -> None:
    # A newspaper printing its grid in red, half of it in the phone's shadow: the red digits in the light and in
    # the shade are printed alike and are all givens (a shadow darkens paper and ink alike).
    board = draw_board(digits(PUZZLE), STYLES[style], 48)
    shaded = board.picture.copy()
    split = int(round(board.crossings[5][0]))  # on the line between the fifth and sixth columns
    dim = shaded.crop((split, 0, shaded.width, shaded.height)).point(lambda v: int(v * 0.45))
    shaded.paste(dim, (split, 0))
    reading = read_picture(shaded)
    assert [c for c in reading.cells if c.left_out] == []
    assert list(reading.values) == digits(PUZZLE)


def test_a_cell_of_pencil_marks_is_empty_and_its_marks_are_read() -> None:
    marks = {2: frozenset({1, 5, 9}), 40: frozenset({2, 3})}
    board = draw_board(digits(PUZZLE), STYLES["plain"], 60, marks=marks)
    reading = read_picture(board.picture)
    assert list(reading.values) == digits(PUZZLE)
    assert reading.marks() == marks


def test_a_smudged_digit_is_marked_unsure_or_read_right() -> None:
    board = draw_board(digits(PUZZLE), STYLES["plain"], 44)
    smudged = board.picture.copy()
    draw = ImageDraw.Draw(smudged)
    x0, y0 = board.corners[0]
    cell = 44
    # Half of r1c2's 3 rubbed out.
    draw.rectangle([x0 + cell + 6, y0 + cell / 2, x0 + 2 * cell - 6, y0 + cell - 6], fill="white")
    reading = read_picture(smudged)
    assert reading.values[1] == 3 or 1 in reading.unsure()


def test_a_picture_without_a_grid_says_so() -> None:
    page = Image.new("RGB", (500, 400), "white")
    draw = ImageDraw.Draw(page)
    for y in range(20, 380, 18):
        draw.text((20, y), "Just some text, and no grid at all, here on this page.", fill="black")
    with pytest.raises(NoGridFound):
        read_picture(page)
    with pytest.raises(NoGridFound):
        read_picture(Image.new("L", (300, 300), 255))


def test_the_corners_are_found_where_the_grid_is() -> None:
    board = draw_board(digits(PUZZLE), STYLES["plain"], 40)
    reading = read_picture(board.picture)
    for (x, y), (ex, ey) in zip(reading.corners, board.corners):
        assert abs(x - ex) < 4 and abs(y - ey) < 4


def test_a_position_at_half_size_whose_thin_lines_are_faint_reads_its_givens() -> None:
    # Half of the thin lines' segments show too faintly to count: that is faint lines, not box lines misplaced.
    grid = parse_grid(PUZZLE)
    solution = solve(grid)
    assert solution is not None
    empties = [c for c, v in enumerate(grid.givens) if not v]
    moves = tuple(Place(c, solution[c]) for c in random.Random(PUZZLE).sample(empties, 6))
    reading = read_picture(picture(recompute(grid, moves), PictureKind.POSITION, scale=0.5))
    assert list(reading.values) == list(grid.givens)


def test_digits_with_a_fold_of_the_paper_through_them_read_exactly() -> None:
    values = [int(c) if c != "." else 0 for c in PUZZLE]
    board = styled_board("plain", values, 44)
    draw = ImageDraw.Draw(board.picture)
    w, h = board.picture.size
    for row in (1, 5, 8):  # a faint line across the page through the middle of a row of digits
        y = board.corners[0][1] + (row + 0.55) * 44
        draw.line([(0, y), (w, y + 6)], fill=(170, 170, 170), width=3)
    camera = Camera(turn=3, tilt=0.02, blur=0.8, noise=3, jpeg=85)
    assert_read(photograph(board, camera, random.Random(1)).picture, values)


def test_a_cell_squeezed_to_a_sliver_by_its_lines_is_never_read_as_sure() -> None:
    """A line traced onto its neighbour on a strongly bent page squeezes a cell to a sliver: what the sliver
    shows (often nothing) is not what the cell holds, so the cell is marked unsure, whatever it seems to hold."""
    from dataclasses import replace

    import numpy as np

    from sudoku_tk.vision.locate import locate, misshapen_cells
    from sudoku_tk.vision.reader import MISSHAPEN_SURE, read_located

    k = np.arange(10.0)
    even = np.stack(np.meshgrid(k * 40, k * 40), axis=-1)
    assert misshapen_cells(even) == ()
    sliver = even.copy()
    sliver[6:, 8, 0] = 7 * 40 + 4  # the bottom of the line left of the last column followed onto the one before
    odd = misshapen_cells(sliver)
    cells = {divmod(i, 9) for i in odd}
    # The slivers, the cells grown over them and the cells sharing the sliver's line; row 6's cells end on a
    # moved crossing, half squeezed.
    assert {(r, c) for r in (6, 7, 8) for c in (6, 7, 8)} <= cells <= {(r, c) for r in (5, 6, 7, 8) for c in (6, 7, 8)}
    crossed = even.copy()
    crossed[4, 4] = (5.5 * 40, 5.5 * 40)  # a crossing beyond its neighbours: the cells' lines cross
    assert 0 not in misshapen_cells(crossed) and 4 * 9 + 4 in misshapen_cells(crossed)

    found = locate(draw_board(digits(PUZZLE), STYLES["plain"], 40).picture)
    assert found.misshapen == ()
    reading = read_located(replace(found, misshapen=(0, 2, 71)))  # r1c1 holds a 5, r1c3 and r8c9 are empty
    assert reading.values == tuple(digits(PUZZLE))
    assert [reading.cells[i].confidence for i in (0, 2, 71)] == [MISSHAPEN_SURE] * 3
    assert set(reading.unsure()) == {0, 2, 71}
    assert (
        "The lines of 3 cells could not be followed on the page (a strongly bent page?): compare them with the picture."
        in reading.notes
    )


def test_a_turn_whose_reading_is_no_puzzle_gives_way_to_one_whose_reading_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a strongly bent page upright digits may look more like digits turned round; the turn read is then the
    one whose reading is a proper puzzle (a wrong turn reads most digits as others, inconsistently)."""
    import numpy as np

    from sudoku_tk.vision import reader

    real = reader.classify
    calls: list[int] = []

    def blurred_upright_crisp_upside_down(patches: np.ndarray) -> np.ndarray:
        probs = real(patches)
        calls.append(len(patches))
        if len(calls) == 1:  # upright: no character sure (so the other turns are tried), each still its digit
            return 0.3 * probs + 0.7 / probs.shape[1]
        n = len(patches) // 3
        out = np.full_like(probs, 0.01)
        out[n : 2 * n, 1] = 0.99  # turned round: every character a crisp 1 (a digit twice in every unit)
        return out

    monkeypatch.setattr(reader, "classify", blurred_upright_crisp_upside_down)
    reading = read_picture(styled_board("plain", digits(PUZZLE), 40).picture)
    assert len(calls) == 2, "the turns were tried"
    assert reading.turned == 0 and reading.values == tuple(digits(PUZZLE))
