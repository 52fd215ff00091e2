"""Board pictures: known positions rendered and checked pixel by pixel at known cells."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Pencil, Place
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, NO_ASSISTS, recompute
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Link
from sudoku_tk.render.board_picture import picture, render_board, save_png
from sudoku_tk.render.content import NoSolutionError, PictureKind, board_content
from sudoku_tk.render.fonts import Face, board_font, is_scalable
from sudoku_tk.render.layout import PictureLayout, Rect, layout_for
from sudoku_tk.render.overlays import Overlay
from sudoku_tk.render.palette import LIGHT, rgb
from sudoku_tk.render.variant_marks import CageMark, VariantMarks

# top95 #1: r1c1 = 4 is a given; its solution starts 4 1 7 3 6 9 8 2 5.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLUTION_ROW_1 = (4, 1, 7, 3, 6, 9, 8, 2, 5)


def ink_box(
    image: Image.Image, r: Rect, margin: int = 4, colour: str | None = None
) -> tuple[int, int, int, int] | None:
    """The box (x0, y0, x1, y1 inclusive) of the pixels inside ``r`` (less ``margin``) that are ink:
    near ``colour`` when given, else clearly darker than white."""
    x0, y0, x1, y1 = (int(r.x0) + margin, int(r.y0) + margin, int(r.x1) - margin, int(r.y1) - margin)
    want = rgb(colour) if colour else None
    xs, ys = [], []
    px = image.load()
    for y in range(y0, y1):
        for x in range(x0, x1):
            p = px[x, y]
            hit = sum(abs(a - b) for a, b in zip(p, want)) < 40 if want else sum(p) < 600
            if hit:
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def count_near(image: Image.Image, r: Rect, colour: str, tolerance: int = 30) -> int:
    want = rgb(colour)
    px = image.load()
    return sum(
        1
        for y in range(int(r.y0), int(r.y1))
        for x in range(int(r.x0), int(r.x1))
        if sum(abs(a - b) for a, b in zip(px[x, y], want)) < tolerance
    )


@pytest.fixture(scope="module")
def position():
    return recompute(parse_grid(HARD), ())


def test_the_faces_are_scalable_truetype() -> None:
    for face in Face:
        small, big = board_font(face, 20), board_font(face, 40)
        assert is_scalable(small)
        assert small.getbbox("8")[3] * 2 - big.getbbox("8")[3] in range(-3, 4)


def test_a_given_digit_sits_inside_its_cell_in_the_given_colour(position) -> None:
    lay = layout_for(3)
    image = picture(position, PictureKind.PUZZLE)
    assert image.size == (lay.image_size, lay.image_size) == (456, 456)
    cell = lay.cell_rect(0)
    box = ink_box(image, cell, colour=LIGHT.given)
    assert box is not None
    x0, y0, x1, y1 = box
    assert cell.x0 < x0 < x1 < cell.x1 and cell.y0 < y0 < y1 < cell.y1
    # Centred, and about as tall as the digit font asks (a digit's ink is ~70% of its em).
    assert abs((x0 + x1) / 2 - cell.center[0]) <= 2 and abs((y0 + y1) / 2 - cell.center[1]) <= 2
    assert 0.6 * lay.digit_px <= y1 - y0 + 1 <= 0.8 * lay.digit_px
    # An empty cell of the puzzle holds no ink at all.
    assert ink_box(image, lay.cell_rect(1)) is None


def test_given_player_and_automatic_digits_differ_in_colour() -> None:
    grid = parse_grid(HARD)
    pos = recompute(grid, (Place(1, 1),), ALL_ASSISTS)
    auto = [c for c, o in enumerate(pos.origins) if o.value == "auto"]
    assert pos.values[1] == 1 and auto, "placing 1 in r1c2 should make a single somewhere"
    lay = layout_for(3)
    image = picture(pos)
    assert count_near(image, lay.cell_rect(1), LIGHT.player) > 15
    assert count_near(image, lay.cell_rect(1), LIGHT.given) == 0
    assert count_near(image, lay.cell_rect(0), LIGHT.given) > 15
    assert count_near(image, lay.cell_rect(0), LIGHT.player) == 0
    assert count_near(image, lay.cell_rect(auto[0]), LIGHT.auto) > 15


def test_candidates_sit_in_their_slot_of_the_mini_grid(position) -> None:
    lay = layout_for(3)
    image = picture(position)
    cell = 1  # r1c2: candidates 1 6 7 9
    assert {d for d in range(1, 10) if position.has_candidate(cell, d)} == {1, 6, 7, 9}
    for d in range(1, 10):
        box = ink_box(image, lay.candidate_rect(cell, d), margin=1, colour=LIGHT.candidate)
        assert (box is not None) == (d in {1, 6, 7, 9}), d
    # Without candidates the cell is blank.
    assert ink_box(picture(position, candidates=False), lay.cell_rect(cell)) is None


@pytest.mark.parametrize("box, digit, quadrant", [(2, 4, (1, 1)), (4, 16, (3, 3)), (4, 1, (0, 0))])
def test_the_mini_grid_follows_the_board_size(box: int, digit: int, quadrant: tuple[int, int]) -> None:
    side = box * box
    pos = recompute(Grid.from_values([0] * side * side), (), NO_ASSISTS)
    image = picture(pos)
    lay = layout_for(box)
    cell = lay.cell_rect(0)
    found = ink_box(image, lay.candidate_rect(0, digit), margin=1)
    assert found is not None
    # The digit's ink lies in the expected part of the cell: row and column ``quadrant`` of a box×box split.
    qx = int(((found[0] + found[2]) / 2 - cell.x0) // (lay.cell / box))
    qy = int(((found[1] + found[3]) / 2 - cell.y0) // (lay.cell / box))
    assert (qy, qx) == quadrant
    # Every candidate of the empty cell is drawn: box × box separate digits.
    assert sum(ink_box(image, lay.candidate_rect(0, d), margin=1) is not None for d in range(1, side + 1)) == side


def test_the_solution_fills_every_cell(position) -> None:
    lay = layout_for(3)
    image = picture(position, PictureKind.SOLUTION)
    content = board_content(PictureKind.SOLUTION, position)
    assert content.values[:9] == SOLUTION_ROW_1
    assert all(ink_box(image, lay.cell_rect(c)) is not None for c in range(81))
    assert count_near(image, lay.cell_rect(1), LIGHT.player) > 10  # r1c2 = 1 from the solution
    assert count_near(image, lay.cell_rect(0), LIGHT.given) > 10


def test_no_solution_picture_without_a_single_solution() -> None:
    pos = recompute(Grid.from_values([0] * 81), ())
    with pytest.raises(NoSolutionError):
        picture(pos, PictureKind.SOLUTION)


def test_two_times_is_twice_the_size_and_the_digit_scales(position) -> None:
    one, two = picture(position, PictureKind.PUZZLE), picture(position, PictureKind.PUZZLE, scale=2)
    assert two.size == (2 * one.size[0], 2 * one.size[1])
    b1 = ink_box(one, layout_for(3, 1).cell_rect(0), colour=LIGHT.given)
    b2 = ink_box(two, layout_for(3, 2).cell_rect(0), colour=LIGHT.given)
    h1, h2 = b1[3] - b1[1] + 1, b2[3] - b2[1] + 1
    w1, w2 = b1[2] - b1[0] + 1, b2[2] - b2[0] + 1
    assert 1.8 <= h2 / h1 <= 2.2 and 1.8 <= w2 / w1 <= 2.2


def test_grid_lines_are_thin_inside_boxes_and_thick_between(position) -> None:
    image = picture(position, PictureKind.PUZZLE)
    lay = layout_for(3)
    y = int(lay.cell_rect(4 * 9).center[1])  # a row without a given at its first columns
    row = [image.getpixel((x, y)) for x in range(lay.x0, lay.x0 + 3 * lay.cell + 3)]
    dark = [x for x, p in enumerate(row) if p == rgb(LIGHT.box_line)]
    thin = [x for x, p in enumerate(row) if p == rgb(LIGHT.thin_line)]
    assert len(thin) == 2 * lay.thin_width  # the lines at columns 1 and 2
    assert len(dark) == lay.thick_width  # the box line after column 3


def test_a_hints_marks_are_drawn_in_their_roles_colours(position) -> None:
    lay = layout_for(3)
    place = Highlight(HighlightRole.PLACEMENT, (1,), (1,))
    strike = Highlight(HighlightRole.ELIMINATION, (2,), (6,))
    unit = Highlight(HighlightRole.DEFINING_UNIT, units=(0,))
    image = picture(position, overlay=Overlay((unit, place, strike)))
    assert count_near(image, lay.candidate_rect(1, 1), LIGHT.role(HighlightRole.PLACEMENT).outline) > 10
    assert count_near(image, lay.candidate_rect(2, 6), LIGHT.role(HighlightRole.ELIMINATION).outline) > 4
    # The unit (row 1) is shaded where nothing else is drawn: an empty slot's background.
    assert count_near(image, lay.candidate_rect(3, 5), LIGHT.role(HighlightRole.DEFINING_UNIT).fill, 6) > 20
    assert count_near(image, lay.candidate_rect(12, 5), LIGHT.role(HighlightRole.DEFINING_UNIT).fill, 6) == 0
    # A puzzle picture draws no overlay.
    plain = picture(position, PictureKind.PUZZLE, Overlay((place,)))
    assert count_near(plain, lay.candidate_rect(1, 1), LIGHT.role(HighlightRole.PLACEMENT).outline) == 0


def test_a_removed_candidate_in_a_hint_shows_as_a_ghost(position) -> None:
    lay = layout_for(3)
    assert not position.has_candidate(1, 2)
    image = picture(position, overlay=Overlay((Highlight(HighlightRole.ELIMINATION, (1,), (2,)),)))
    assert count_near(image, lay.candidate_rect(1, 2), LIGHT.ghost) > 10


def test_chain_links_and_node_numbers_are_drawn(position) -> None:
    lay = layout_for(3)
    link = Link(1, 9, 73, 9, True)  # r1c2 9 -> r9c2 9, down column 2
    image = picture(position, overlay=Overlay(links=(link,), numbered=True))
    mid = lay.unit_rect((37,))  # r5c2, on the way
    assert count_near(image, mid, LIGHT.link) > 10
    assert count_near(image, lay.candidate_rect(1, 9).inset(-4), LIGHT.link) > 5  # the plate of node 1
    weak = picture(position, overlay=Overlay(links=(Link(1, 9, 73, 9, False),)))
    assert 0 < count_near(weak, mid, LIGHT.link) < count_near(image, mid, LIGHT.link)


def test_the_players_colours_paint_cells_and_candidates(position) -> None:
    lay = layout_for(3)
    image = picture(position, overlay=Overlay(cell_colours={10: 0}, candidate_colours={(1, 6): 2, (1, 2): 1}))
    assert count_near(image, lay.cell_rect(10), LIGHT.paint[0], 6) > 200
    assert count_near(image, lay.candidate_rect(1, 6), LIGHT.paint[2], 6) > 20
    assert count_near(image, lay.candidate_rect(1, 2), LIGHT.paint[1], 6) == 0  # not a candidate: not shown
    with pytest.raises(ValueError, match="colour index 4"):
        Overlay(cell_colours={0: 4})


def test_mistakes_and_contradictions_are_marked(position) -> None:
    lay = layout_for(3)
    image = picture(position, overlay=Overlay(mistakes=(0,), dead=(10,), lost=((18, 5),)))
    assert count_near(image, lay.cell_rect(0), LIGHT.conflict) > 20
    assert count_near(image, lay.cell_rect(10), LIGHT.contradiction) > 20
    assert count_near(image, lay.cell_rect(20), LIGHT.contradiction_bg, 6) > 10  # box 1: "no 5" at r3c3


def test_a_clash_is_drawn_in_the_conflict_colours() -> None:
    pos = recompute(parse_grid(HARD), (Place(1, 4),), NO_ASSISTS)
    lay = layout_for(3)
    image = picture(pos)
    assert count_near(image, lay.cell_rect(1), LIGHT.conflict) > 15
    assert count_near(image, lay.cell_rect(1), LIGHT.conflict_bg, 6) > 200


def test_sixteen_by_sixteen_shows_letters_above_nine(tmp_path: Path) -> None:
    values = [0] * 256
    values[0] = 16
    pos = recompute(Grid.from_values(values), ())
    lay = layout_for(4)
    image = picture(pos, PictureKind.PUZZLE)
    assert image.size == (lay.image_size,) * 2 == (660, 660)
    assert ink_box(image, lay.cell_rect(0), colour=LIGHT.given) is not None
    save_png(image, tmp_path / "sixteen.png")
    with Image.open(tmp_path / "sixteen.png") as back:
        assert back.size == image.size and back.format == "PNG"


def test_render_board_refuses_a_layout_of_another_size(position) -> None:
    with pytest.raises(ValueError, match="can't draw"):
        render_board(board_content(PictureKind.PUZZLE, position), layout=PictureLayout.for_cell(2, 40))


def test_own_pencil_marks_are_drawn_in_place_of_the_candidates() -> None:
    """A picture of a game in own-marks mode shows what the board shows: the player's marks, not the candidates."""
    lay = layout_for(3)
    # r1c2 has candidates 1 6 7 9; the player pencilled 6 and 2 (a wrong mark is drawn as the player wrote it).
    pos = recompute(parse_grid(HARD), (Pencil(((1, 6), (1, 2))),))
    assert pos.mark_set(1) == DigitSet.of(2, 6) and pos.candidate_set(1) == DigitSet.of(1, 6, 7, 9)
    marked = picture(pos, own_marks=True)
    automatic = picture(pos)
    for d in range(1, 10):
        assert (ink_box(marked, lay.candidate_rect(1, d), margin=1, colour=LIGHT.candidate) is not None) == (
            d in (2, 6)
        ), d
        assert (ink_box(automatic, lay.candidate_rect(1, d), margin=1, colour=LIGHT.candidate) is not None) == (
            d in (1, 6, 7, 9)
        ), d
    # A cell without marks is blank in own-marks mode.
    assert ink_box(marked, lay.cell_rect(2)) is None
    assert board_content(PictureKind.POSITION, pos, own_marks=True).candidates[1] == DigitSet.of(2, 6)


# -- variants: shaded houses, Jigsaw regions, Killer cages (render/variant_marks.py) ---------------------------------
EMPTY_BOARD = "." * 81
DIAGONALS = frozenset([i * 10 for i in range(9)] + [i * 8 for i in range(1, 10)])
# Cages of this test only: r1c1-r1c3 (sum 6), r2c1-r2c2 (sum 17), the rest unlabelled dominoes of no interest.
CAGES = (CageMark((0, 1, 2), 6), CageMark((9, 10), 17), CageMark((40,), 5))


def test_the_cells_of_extra_houses_are_shaded_and_the_others_are_not() -> None:
    pos = recompute(parse_grid(EMPTY_BOARD), ())
    image = picture(pos, marks=VariantMarks(shaded=DIAGONALS))
    lay = layout_for(3)
    for cell, shaded in ((0, True), (8, True), (40, True), (1, False), (41, False)):
        r = lay.cell_rect(cell)
        corner = image.getpixel((int(r.x0) + 3, int(r.y0) + 3))
        assert corner == rgb(LIGHT.house_bg if shaded else LIGHT.board), cell


def test_a_jigsaw_draws_its_region_borders_in_place_of_the_boxes() -> None:
    # Two regions only (columns 1-4 and 5-9): not a playable Jigsaw, a drawing of one border.
    regions = tuple(0 if c < 4 else 1 for r in range(9) for c in range(9))
    pos = recompute(parse_grid(EMPTY_BOARD), ())
    image = picture(pos, PictureKind.PUZZLE, marks=VariantMarks(regions=regions))
    lay = layout_for(3)
    y = int(lay.cell_rect(4 * 9).center[1])
    row = [image.getpixel((x, y)) for x in range(lay.x0, lay.x0 + lay.size)]
    dark = [x for x, p in enumerate(row) if p == rgb(LIGHT.box_line)]
    assert len(dark) == lay.thick_width and abs(dark[0] - 4 * lay.cell) <= lay.thick_width  # after column 4 only


@pytest.mark.parametrize("scale", [0.34, 1.0, 2.0])
def test_a_cage_sum_never_covers_a_candidate(scale: float) -> None:
    """In the cells carrying a sum, the candidates' slots hold no ink darker than a candidate's own colour, and
    the sum's band holds the sum; the cage's dashed outline runs outside every slot."""
    pos = recompute(parse_grid(EMPTY_BOARD), ())
    marks = VariantMarks(cages=CAGES)
    image = picture(pos, scale=scale, marks=marks)
    lay = replace(layout_for(3, scale), label_cells=marks.label_cells)
    limit = sum(rgb(LIGHT.candidate)) - 10
    px = image.load()
    for cell in (0, 1, 9, 40):
        for digit in range(1, 10):
            r = lay.candidate_rect(cell, digit)
            darker = [
                (x, y)
                for y in range(int(r.y0) + 1, int(r.y1))
                for x in range(int(r.x0) + 1, int(r.x1))
                if sum(px[x, y]) < limit
            ]
            assert not darker, (cell, digit, darker[:5])
    for cell in (0, 9, 40):
        band = Rect(*lay.cell_rect(cell).coords()[:2], lay.cell_rect(cell).x1, lay.cell_rect(cell).y0 + lay.label_band)
        assert count_near(image, band, LIGHT.cage_sum, 60) > 0, cell
