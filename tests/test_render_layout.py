"""The picture's palette and pixel math agree with the window's (the window builds its light theme and layout on them)."""

from __future__ import annotations

import pytest

from sudoku_tk.engine.steps.step import HighlightRole
from sudoku_tk.render.layout import BASE_CELL, PictureLayout, layout_for
from sudoku_tk.render.palette import LIGHT
from sudoku_tk.ui.board.layout import BoardLayout
from sudoku_tk.ui.window.theme import LIGHT as UI_LIGHT

SHARED_FIELDS = [
    "window",
    "board",
    "thin_line",
    "box_line",
    "frame",
    "given",
    "player",
    "auto",
    "candidate",
    "conflict",
    "conflict_bg",
    "ghost",
    "link",
    "contradiction",
    "contradiction_bg",
    "contradiction_dash",
]


@pytest.mark.parametrize("name", SHARED_FIELDS)
def test_each_colour_is_the_light_themes(name: str) -> None:
    assert getattr(LIGHT, name) == getattr(UI_LIGHT, name)


def test_the_players_colours_are_the_light_themes() -> None:
    assert LIGHT.paint == tuple(UI_LIGHT.paint)
    assert LIGHT.paint_edge == tuple(UI_LIGHT.paint_edge)
    assert len(LIGHT.paint) == 4


@pytest.mark.parametrize("role", list(HighlightRole))
def test_each_role_is_drawn_in_the_themes_colours_and_shape(role: HighlightRole) -> None:
    mine, theirs = LIGHT.role(role), UI_LIGHT.role(role)
    assert (mine.fill, mine.outline, mine.shape, tuple(mine.dash), mine.width) == (
        theirs.fill,
        theirs.outline,
        theirs.shape,
        tuple(theirs.dash),
        theirs.width,
    )


@pytest.mark.parametrize("box", [2, 3, 4])
@pytest.mark.parametrize("cell", [20, 37, 48, 58, 96])
def test_the_layout_matches_the_windows(box: int, cell: int) -> None:
    mine, theirs = PictureLayout(box, 7, 9, cell), BoardLayout(box, 7, 9, cell)
    for prop in ("side", "size", "pad", "slot", "thin_width", "thick_width", "frame_width", "digit_px", "candidate_px"):
        assert getattr(mine, prop) == getattr(theirs, prop), prop
    side = box * box
    for c in (0, side + 1, side * side - 1):
        assert mine.cell_rect(c).coords() == theirs.cell_rect(c).coords()
        for d in (1, side):
            assert mine.candidate_rect(c, d).coords() == theirs.candidate_rect(c, d).coords()
    offsets = sorted((ln.offset, ln.vertical, ln.thick) for ln in mine.lines())
    expected = sorted(
        ((ln.x0 - 7, True, ln.thick) if ln.x0 == ln.x1 else (ln.y0 - 9, False, ln.thick)) for ln in theirs.lines()
    )
    assert offsets == expected


def test_scale_two_doubles_every_length() -> None:
    one, two = layout_for(3, 1.0), layout_for(3, 2.0)
    assert (one.cell, one.x0, one.image_size) == (48, 12, 456)
    assert (two.cell, two.x0, two.image_size) == (96, 24, 912)
    assert two.candidate_rect(40, 9).coords() == tuple(2 * v for v in one.candidate_rect(40, 9).coords())


def test_a_width_in_pixels_gives_whole_cells() -> None:
    lay = layout_for(4, board_px=800)
    assert (lay.cell, lay.size) == (50, 800)
    assert layout_for(2).cell == BASE_CELL[2]


@pytest.mark.parametrize("bad", [0, -1.5, float("nan")])
def test_a_scale_must_be_positive(bad: float) -> None:
    with pytest.raises(ValueError, match="scale"):
        layout_for(3, bad)


def test_absurd_sizes_are_refused() -> None:
    with pytest.raises(ValueError, match="too big"):
        layout_for(3, 400.0)
    with pytest.raises(ValueError, match="at least 8 pixels"):
        layout_for(3, board_px=30)
