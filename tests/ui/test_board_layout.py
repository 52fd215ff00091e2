"""Board layout: pixel -> (cell, candidate) for 4×4, 9×9 and 16×16 boards at several window sizes. No Tk."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sudoku_tk.ui.board.layout import BoardLayout, Hit, Rect

WINDOWS = [(200, 200), (520, 480), (480, 520), (1000, 700), (1913, 1137), (61, 3000)]


@pytest.mark.parametrize("box", [2, 3, 4])
@pytest.mark.parametrize("width,height", WINDOWS)
def test_board_is_square_centred_and_inside_the_window(box: int, width: int, height: int) -> None:
    lay = BoardLayout.fit(box, width, height)
    b = lay.bounds
    assert b.width == lay.size == lay.cell * box * box
    assert b.x0 >= 0 and b.y0 >= 0
    if lay.cell > 4:  # only the smallest legal board may overflow a tiny window
        assert b.x1 <= width and b.y1 <= height
        assert abs((width - b.x1) - b.x0) <= 1 and abs((height - b.y1) - b.y0) <= 1


@pytest.mark.parametrize("box", [2, 3, 4])
@pytest.mark.parametrize("width,height", WINDOWS)
def test_every_candidate_centre_hits_its_own_slot(box: int, width: int, height: int) -> None:
    lay = BoardLayout.fit(box, width, height)
    side = box * box
    for cell in range(side * side):
        cr = lay.cell_rect(cell)
        for digit in range(1, side + 1):
            rect = lay.candidate_rect(cell, digit)
            assert cr.x0 < rect.x0 < rect.x1 < cr.x1 and cr.y0 < rect.y0 < rect.y1 < cr.y1
            assert lay.hit_test(*rect.center) == Hit(cell, digit)
            # Just inside the hit area's corners still hits the candidate; the slot's own corners
            # (the margin between candidates) hit the cell alone.
            area = lay.candidate_hit_rect(cell, digit)
            assert lay.hit_test(area.x0 + 0.01, area.y0 + 0.01) == Hit(cell, digit)
            assert lay.hit_test(area.x1 - 0.01, area.y1 - 0.01) == Hit(cell, digit)
            assert lay.hit_test(rect.x0 + 0.01, rect.y0 + 0.01) == Hit(cell, None)
            assert lay.hit_test(rect.x1 - 0.01, rect.y1 - 0.01) == Hit(cell, None)


@pytest.mark.parametrize(
    "box,digit,slot", [(2, 3, (1, 0)), (3, 6, (1, 2)), (3, 7, (2, 0)), (4, 16, (3, 3)), (4, 10, (2, 1))]
)
def test_mini_grid_positions_are_fixed(box: int, digit: int, slot: tuple[int, int]) -> None:
    lay = BoardLayout(box, 0, 0, 60)
    rect = lay.candidate_rect(0, digit)
    row, col = slot
    assert rect.x0 == pytest.approx(lay.pad + col * lay.slot)
    assert rect.y0 == pytest.approx(lay.pad + row * lay.slot)


def test_rim_hits_the_cell_without_a_candidate_and_outside_hits_nothing() -> None:
    lay = BoardLayout(3, 10, 20, 50)
    cr = lay.cell_rect(40)  # r5c5
    assert lay.hit_test(cr.x0 + 0.5, cr.center[1]) == Hit(40, None)
    assert lay.hit_test(cr.center[0], cr.y1 - 0.5) == Hit(40, None)
    assert lay.hit_test(9.9, 30) is None
    assert lay.hit_test(10 + 450, 30) is None
    assert lay.hit_test(30, 20 + 450) is None
    assert lay.hit_test(10, 20) == Hit(0, None)


@pytest.mark.parametrize("box", [2, 3, 4])
def test_lines_thin_then_thick_on_cell_edges(box: int) -> None:
    lay = BoardLayout(box, 5, 7, 30)
    side = box * box
    lines = lay.lines()
    assert len(lines) == 2 * (side - 1)
    thick = [ln for ln in lines if ln.thick]
    assert len(thick) == 2 * (box - 1)
    assert lines[-len(thick) :] == thick  # drawn last, over the thin ones
    for ln in thick:
        offset = (ln.x0 - 5) if ln.x0 == ln.x1 else (ln.y0 - 7)
        assert offset % (box * 30) == 0


def test_unit_rect_covers_a_box() -> None:
    lay = BoardLayout(3, 0, 0, 10)
    assert lay.unit_rect((30, 31, 32, 39, 40, 41, 48, 49, 50)) == Rect(30, 30, 60, 60)


def test_fonts_fit_their_slots() -> None:
    for box in (2, 3, 4):
        for cell in (20, 40, 64, 100):
            lay = BoardLayout(box, 0, 0, cell)
            # The glyph fits its slot (on 16×16 the font is a little taller than the slot: its ink is not).
            assert lay.candidate_glyph_px <= lay.slot or lay.candidate_px == 5
            assert lay.candidate_px <= lay.slot or box == 4
            assert lay.digit_px < cell
            assert lay.thin_width < lay.thick_width < lay.frame_width


@pytest.mark.parametrize("box", [2, 3, 4])
def test_between_candidates_and_near_the_border_only_the_cell_is_hit(box: int) -> None:
    lay = BoardLayout(box, 0, 0, 60)
    cr = lay.cell_rect(0)
    one, two = lay.candidate_rect(0, 1), lay.candidate_rect(0, 2)
    assert lay.hit_test(one.x1, one.center[1]) == Hit(0, None)  # on the line between 1 and 2
    assert lay.hit_test(two.x0 + 0.5, two.center[1]) == Hit(0, None)
    assert lay.hit_test(cr.x0 + lay.pad + 1, cr.center[1]) == Hit(0, None)  # near the left border
    if box % 2 == 0:  # an even mini-grid: the cell's middle is where four slots meet
        assert lay.hit_test(*cr.center) == Hit(0, None)
    # The hit area is the inner part of the slot, wide enough to hold the candidate's glyph.
    area = lay.candidate_hit_rect(0, 1)
    assert area.width == pytest.approx(lay.slot * (1 - 2 * lay.hit_margin))
    assert area.width >= lay.candidate_px * 0.6


def test_bad_layouts_are_refused() -> None:
    with pytest.raises(ValueError, match="box size"):
        BoardLayout(5, 0, 0, 40)
    with pytest.raises(ValueError, match="at least 4 pixels"):
        BoardLayout(3, 0, 0, 3)
    assert BoardLayout.fit(3, 10, 10).cell == 4


@settings(max_examples=200, deadline=None)
@given(
    box=st.sampled_from([2, 3, 4]),
    w=st.integers(60, 2000),
    h=st.integers(60, 2000),
    fx=st.floats(0, 0.9999),
    fy=st.floats(0, 0.9999),
)
@example(box=3, w=260, h=538, fx=0.5, fy=0.45)  # a point on the candidate area's edge (float rounding)
def test_any_point_on_the_board_hits_the_cell_and_slot_that_contain_it(
    box: int, w: int, h: int, fx: float, fy: float
) -> None:
    lay = BoardLayout.fit(box, w, h)
    b = lay.bounds
    x, y = b.x0 + fx * b.width, b.y0 + fy * b.width
    hit = lay.hit_test(x, y)
    assert hit is not None
    assert lay.cell_rect(hit.cell).contains(x, y)
    if hit.digit is None:
        side = box * box
        assert not any(lay.candidate_hit_rect(hit.cell, d).inset(1e-9).contains(x, y) for d in range(1, side + 1))
    else:
        assert lay.candidate_hit_rect(hit.cell, hit.digit).inset(-1e-9).contains(x, y)


# -- Killer boards: a cage's sum in its first cell's top band squeezes that cell's candidates below it -------------
KILLER_LABELS = frozenset(range(0, 81, 2))


@pytest.mark.parametrize("width,height", [(200, 200), (520, 480), (800, 600), (1366, 768)])
def test_on_a_killer_board_every_candidate_still_hits_its_own_slot_and_stays_below_the_sum(
    width: int, height: int
) -> None:
    lay = BoardLayout.fit(3, width, height, label_cells=KILLER_LABELS)
    for cell in range(81):
        cr = lay.cell_rect(cell)
        for digit in range(1, 10):
            rect = lay.candidate_rect(cell, digit)
            assert cr.x0 < rect.x0 < rect.x1 < cr.x1 and cr.y0 < rect.y0 < rect.y1 < cr.y1
            assert lay.hit_test(*rect.center) == Hit(cell, digit)
            area = lay.candidate_hit_rect(cell, digit)
            assert lay.hit_test(area.x0 + 0.01, area.y0 + 0.01) == Hit(cell, digit)
            assert lay.hit_test(area.x1 - 0.01, area.y1 - 0.01) == Hit(cell, digit)
            # No candidate slot reaches into the cage's outline or, in a label cell, the sum's band.
            assert rect.x0 >= cr.x0 + lay.cage_inset and rect.x1 <= cr.x1 - lay.cage_inset
            top = cr.y0 + (lay.label_band if cell in KILLER_LABELS else lay.cage_inset)
            assert rect.y0 >= top and rect.y1 <= cr.y1 - lay.cage_inset
        # A candidate's glyph fits its (squeezed) slot.
        assert lay.candidate_px_in(cell) * 0.8 <= lay.slot_height(cell) + 0.5
    # The band of a sum hits the cell alone.
    cr = lay.cell_rect(0)
    assert lay.hit_test(cr.x0 + lay.slot, cr.y0 + lay.label_band - 1) == Hit(0, None)


def test_a_classic_layout_is_unchanged_by_the_killer_rules() -> None:
    plain = BoardLayout.fit(3, 800, 600)
    assert plain.label_cells == frozenset()
    assert plain.candidate_rect(0, 1) == BoardLayout(3, plain.x0, plain.y0, plain.cell).candidate_rect(0, 1)
    assert plain.slot_height(0) == plain.slot and plain.candidate_px_in(0) == plain.candidate_px
