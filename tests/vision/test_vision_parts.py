"""The reader's parts on their own: blobs of ink, perspective maps, ink against uneven light, the lattice fit,
the lines of a strip placed all together."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from sudoku_tk.vision.components import find_blobs
from sudoku_tk.vision.grid_finder import find_grids
from sudoku_tk.vision.homography import Homography
from sudoku_tk.vision.ink import ink_mask


def flood_fill_labels(mask: np.ndarray) -> tuple[int, list[int]]:
    """8-connected blobs by a plain flood fill: the oracle for the run-based labelling."""
    h, w = mask.shape
    seen = np.zeros_like(mask, bool)
    sizes = []
    for y in range(h):
        for x in range(w):
            if mask[y, x] and not seen[y, x]:
                stack, size = [(y, x)], 0
                seen[y, x] = True
                while stack:
                    a, b = stack.pop()
                    size += 1
                    for dy in (-1, 0, 1):
                        for dx in (-1, 0, 1):
                            yy, xx = a + dy, b + dx
                            if 0 <= yy < h and 0 <= xx < w and mask[yy, xx] and not seen[yy, xx]:
                                seen[yy, xx] = True
                                stack.append((yy, xx))
                sizes.append(size)
    return len(sizes), sorted(sizes)


@settings(max_examples=60)
@given(arrays(np.bool_, st.tuples(st.integers(1, 24), st.integers(1, 24))))
def test_blobs_match_a_flood_fill(mask: np.ndarray) -> None:
    blobs = find_blobs(mask)
    count, sizes = flood_fill_labels(mask)
    assert blobs.count == count
    assert sorted(blobs.area.tolist()) == sizes
    if count:
        rebuilt = np.zeros_like(mask)
        for blob in range(blobs.count):
            one = blobs.mask(blob)
            assert one.sum() == blobs.area[blob]
            assert one[blobs.top[blob]].any() and one[blobs.bottom[blob]].any()
            rebuilt |= one
        assert np.array_equal(rebuilt, mask)


def test_a_long_winding_blob_is_one_blob() -> None:
    mask = np.zeros((60, 60), bool)
    for k in range(0, 60, 4):  # a snake: the worst case for joining labels
        mask[k, :] = True
        mask[k : k + 4, 59 if (k // 4) % 2 == 0 else 0] = True
    assert find_blobs(mask).count == 1


def test_a_homography_maps_the_corners_and_back() -> None:
    square = [(0, 0), (100, 0), (100, 100), (0, 100)]
    quad = [(12, 30), (140, 22), (150, 160), (5, 140)]
    h = Homography.from_points(square, quad)
    assert np.allclose(h.apply(np.array(square, float)), quad)
    assert np.allclose(h.inverse().apply(np.array(quad, float)), square)


def test_ink_is_found_in_a_shadow_as_in_the_light() -> None:
    grey = np.tile(np.linspace(250, 90, 200, dtype=np.float32), (120, 1))  # light to deep shadow
    grey[60:62, 10:190] -= 60  # one line across both
    ink = ink_mask(grey, 6)
    assert ink[60:62, 20].all() and ink[60:62, 180].all()
    assert ink[:50].mean() < 0.01 and ink[70:].mean() < 0.01


def _lattice(side: int, cell: int, turn: float) -> np.ndarray:
    size = side * cell
    pad = cell
    mask = np.zeros((size + 2 * pad, size + 2 * pad), bool)
    for k in range(side + 1):
        width = 3 if k % int(round(side**0.5)) == 0 else 1
        mask[pad + k * cell : pad + k * cell + width, pad : pad + size + 3] = True
        mask[pad : pad + size + 3, pad + k * cell : pad + k * cell + width] = True
    if turn:
        from PIL import Image

        picture = Image.fromarray(mask.astype(np.uint8) * 255).rotate(turn, expand=True)
        mask = np.asarray(picture) > 100
    return mask


def test_grids_of_every_size_are_found_with_their_side() -> None:
    for side, cell in ((4, 40), (9, 30), (16, 24)):
        grids = find_grids(_lattice(side, cell, 0))
        assert grids and grids[0].side == side, side


def test_a_turned_grid_is_found_with_its_corners() -> None:
    grids = find_grids(_lattice(9, 30, 12))
    assert grids and grids[0].side == 9
    corners = grids[0].corners
    top = corners[1] - corners[0]
    assert abs(np.degrees(np.arctan2(-top[1], top[0])) - 12) < 1.5


def test_nothing_is_found_in_text_alone() -> None:
    rng = np.random.default_rng(4)
    mask = np.zeros((300, 400), bool)
    for y in range(10, 290, 14):
        x = 10
        while x < 380:
            w = int(rng.integers(3, 30))
            mask[y : y + 8, x : x + w] = rng.random((8, w)) < 0.5
            x += w + int(rng.integers(4, 9))
    assert find_grids(mask) == []


def _cell_with(digit: str, crease: float) -> np.ndarray:
    """A 40-pixel cell's darkness: a digit in full ink and, when ``crease`` > 0, a faint line of that darkness
    across the whole cell through the digit (a fold of the paper)."""
    from PIL import Image, ImageDraw

    from sudoku_tk.vision.synthetic import _font, find_font

    picture = Image.new("L", (40, 40), 0)
    draw = ImageDraw.Draw(picture)
    draw.text((20, 20), digit, font=_font(find_font("DejaVuSans.ttf"), 24), fill=255, anchor="mm")
    dark = np.asarray(picture, np.float32) / 255
    if crease:
        dark[21:24, :] = np.maximum(dark[21:24, :], crease)
    return dark


def test_a_faint_crease_through_a_digit_is_not_part_of_it() -> None:
    # With the crease kept as part of the character, most of these read as "not a given" (a scribble).
    from sudoku_tk.vision.cells import read_cell
    from sudoku_tk.vision.digit_model import classify

    for digit in "123456789":
        clean, creased = read_cell(_cell_with(digit, 0.0), 3), read_cell(_cell_with(digit, 0.35), 3)
        assert creased.kind == "digit" and creased.height == clean.height
        assert creased.patch is not None
        assert int(classify(creased.patch[None])[0].argmax()) == int(digit)


def test_a_stroke_across_a_whole_cell_is_taken_for_a_line_but_the_cell_is_not_sure() -> None:
    # A thin stroke from the cell's top edge to its bottom is what a grid line running into the cell leaves (a
    # bent page); a tall 1 between lines placed a little off looks the same, so the empty cell is marked unsure.
    from sudoku_tk.vision.cells import read_cell
    from sudoku_tk.vision.reader import LONE_MARK_SURE, empty_confidence

    stroke = np.zeros((40, 40), np.float32)
    stroke[:, 19:22] = 1.0
    content = read_cell(stroke, 3)
    assert content.kind == "empty" and content.crossed
    assert read_cell(np.zeros((40, 40), np.float32), 3).crossed is False
    assert empty_confidence(content) <= LONE_MARK_SURE
    faint = stroke * 0.5
    faint[:, 19:21] = 0.0  # one faint column: little ink, which alone would leave the cell sure
    thin = read_cell(faint, 3)
    assert thin.kind == "empty" and thin.crossed and empty_confidence(thin) <= LONE_MARK_SURE
    thin.crossed = False
    assert empty_confidence(thin) > LONE_MARK_SURE
