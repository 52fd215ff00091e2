"""What a variant draws: cage outlines, Jigsaw region borders, sums placed clear of the candidates (pixel math)."""

from __future__ import annotations

from collections import Counter

import pytest

from sudoku_tk.render.layout import CellGeometry
from sudoku_tk.render.variant_marks import (
    CageMark,
    VariantMarks,
    cage_outline,
    is_rectangle,
    label_cell,
    label_point,
    outline_segments,
    region_borders,
)

GEO = CellGeometry(3, 0, 0, 50, frozenset({0}))


def _ends(segments: list[tuple[float, float, float, float]]) -> Counter[tuple[float, float]]:
    ends: Counter[tuple[float, float]] = Counter()
    for x0, y0, x1, y1 in segments:
        ends[(round(x0, 6), round(y0, 6))] += 1
        ends[(round(x1, 6), round(y1, 6))] += 1
    return ends


def test_a_one_cell_cage_is_a_square_just_inside_the_cell() -> None:
    d = GEO.cage_inset
    segments = cage_outline(GEO, [10])  # r2c2: x and y from 50 to 100
    assert sorted(segments) == sorted(
        [
            (50 + d, 50 + d, 100 - d, 50 + d),
            (50 + d, 100 - d, 100 - d, 100 - d),
            (50 + d, 50 + d, 50 + d, 100 - d),
            (100 - d, 50 + d, 100 - d, 100 - d),
        ]
    )


@pytest.mark.parametrize(
    "cells",
    [
        (0, 1),  # a domino along a row
        (0, 9, 10),  # an L: one concave corner
        (10, 11, 12, 19, 28, 27, 26, 17),  # a ring round r3c3: an inner and an outer outline
        (30, 31, 39, 40),  # a square of four
        (0, 1, 2, 11, 20, 19, 18),  # a U
    ],
)
def test_a_cage_outline_is_closed(cells: tuple[int, ...]) -> None:
    """Every segment end meets exactly one other segment's end: the outline has no gap and no overlap."""
    ends = _ends(cage_outline(GEO, cells))
    assert ends and all(n == 2 for n in ends.values()), ends


def test_an_l_shaped_cage_turns_inwards_at_its_concave_corner() -> None:
    d = GEO.cage_inset
    segments = cage_outline(GEO, (0, 9, 10))  # r1c1, r2c1, r2c2
    # r1c1's right side runs down past the cell's bottom edge to meet r2c2's top side.
    assert (50 - d, d, 50 - d, 50 + d) in segments
    assert (50 - d, 50 + d, 100 - d, 50 + d) in segments


def test_region_borders_of_the_boxes_are_the_box_lines() -> None:
    boxes = tuple((r // 3) * 3 + c // 3 for r in range(9) for c in range(9))
    segments = region_borders(GEO, boxes)
    assert sorted(segments) == sorted(
        [(150.0, 0.0, 150.0, 450.0), (300.0, 0.0, 300.0, 450.0), (0.0, 150.0, 450.0, 150.0), (0.0, 300.0, 450.0, 300.0)]
    )


def test_region_borders_follow_a_jigsaw_region() -> None:
    # Region 1 is column 1 (r1c1..r9c1); every other cell is region 0 (not a valid Jigsaw, only the drawing).
    regions = tuple(1 if c == 0 else 0 for r in range(9) for c in range(9))
    assert region_borders(GEO, regions) == [(50.0, 0.0, 50.0, 450.0)]


def test_the_sum_is_written_in_the_first_cell_of_the_cage_above_its_candidates() -> None:
    cage = CageMark((11, 2, 10), 17)
    marks = VariantMarks(cages=(cage,))
    assert label_cell(cage.cells) == 2 and marks.label_cells == frozenset({2})
    geo = CellGeometry(3, 0, 0, 50, marks.label_cells)
    x, y = label_point(geo, 2)
    cr = geo.cell_rect(2)
    assert cr.x0 < x < cr.center[0] and cr.y0 < y < geo.candidate_rect(2, 1).y0
    assert y + geo.label_px / 2 <= geo.candidate_rect(2, 1).y0 + 0.5


def test_a_classic_board_has_no_marks() -> None:
    assert not VariantMarks() and VariantMarks(shaded=frozenset({0}))


def test_rows_columns_boxes_and_windows_are_rectangles_diagonals_and_jigsaw_regions_are_not() -> None:
    from sudoku_tk.engine.board.geometry import Geometry

    for unit in Geometry.of(3).units:
        assert is_rectangle(GEO, unit)
    window = tuple(r * 9 + c for r in range(1, 4) for c in range(1, 4))
    assert is_rectangle(GEO, window)
    assert not is_rectangle(GEO, tuple(i * 10 for i in range(9)))  # the main diagonal
    assert not is_rectangle(GEO, (0, 9, 10))  # an L
    assert not is_rectangle(GEO, (0, 2))  # two cells with a gap


def test_a_diagonal_is_outlined_cell_by_cell() -> None:
    segments = outline_segments(GEO, (0, 10, 20), 2)
    assert len(segments) == 12  # three squares: cells touching at a corner share no side
    assert all(n == 2 for n in _ends(segments).values())
