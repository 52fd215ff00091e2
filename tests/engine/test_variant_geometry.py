"""Variant geometries: houses as data (Sudoku X's diagonals, Windoku's windows, Jigsaw's regions)."""

from __future__ import annotations

import pytest
from variant_examples import JIGSAW_JANKO_108

from sudoku_tk.engine.board.geometry import (
    COLUMN,
    EXTRA,
    REGION,
    ROW,
    Geometry,
    region_problems,
    variant_geometry,
)
from sudoku_tk.engine.board.grid import Grid

JIGSAW_REGIONS = tuple(int(ch) - 1 for ch in JIGSAW_JANKO_108[2])


def _check_consistent(g: Geometry) -> None:
    for cell in range(g.ncells):
        holding = tuple(u for u, cells in enumerate(g.units) if cell in cells)
        assert holding == g.cell_units[cell]
        seen = {p for u in holding for p in g.units[u]} - {cell}
        assert set(g.peers[cell]) == seen
        assert g.peer_masks[cell] == sum(1 << p for p in seen)
        for p in g.peers[cell]:
            assert cell in g.peers[p]
    assert all(len(set(u)) == g.side for u in g.units)


def test_sudoku_x_has_two_diagonal_houses() -> None:
    g = variant_geometry("x")
    _check_consistent(g)
    assert len(g.units) == 29 and g.variant_name == "x"
    assert g.units[27] == tuple(range(0, 81, 10))
    assert g.units[28] == tuple(range(8, 73, 8))
    assert g.cell_units[40] == (4, 13, 22, 27, 28)  # r5c5 is on both diagonals
    assert g.cell_units[1] == (0, 10, 18)  # r1c2 on neither
    assert len(g.peers[40]) == 32 and len(g.peers[0]) == 26 and len(g.peers[1]) == 20
    assert g.sees(0, 80) and g.sees(8, 72) and not g.sees(0, 71)
    assert g.unit_name(27) == "the main diagonal ↘" and g.unit_name(28) == "the anti-diagonal ↙"
    assert [g.unit_kind(u) for u in (0, 9, 18, 27, 28)] == [ROW, COLUMN, REGION, EXTRA, EXTRA]
    assert list(g.extra_units) == [27, 28] and g.square_boxes and not g.is_classic


def test_windoku_has_four_windows() -> None:
    g = variant_geometry("windoku")
    _check_consistent(g)
    assert len(g.units) == 31
    assert g.units[27] == (10, 11, 12, 19, 20, 21, 28, 29, 30)  # r2-4 c2-4
    assert g.units[30] == (50, 51, 52, 59, 60, 61, 68, 69, 70)  # r6-8 c6-8
    assert [g.unit_name(u) for u in range(27, 31)] == ["window 1", "window 2", "window 3", "window 4"]
    assert g.cell_units[10] == (1, 10, 18, 27)
    assert len(g.peers[10]) == 23  # r2c2 gains r3c4, r4c3 and r4c4
    assert g.sees(10, 30) and not g.sees(10, 31)


def test_jigsaw_regions_replace_the_boxes() -> None:
    g = variant_geometry("jigsaw", regions=JIGSAW_REGIONS)
    _check_consistent(g)
    assert len(g.units) == 27 and not g.square_boxes and not g.extra_units
    assert g.units[18 + 8] == (0, 1, 2, 3, 4, 12, 13, 21, 22)  # region "9": r1c1-5, r2c4-5, r3c4-5
    assert g.cell_units[0][2] == 26 and g.box_of(0) == 8
    assert g.unit_name(26) == "region 9" and g.unit_name(3) == "row 4"
    assert g.disconnected_regions() == []


def test_variants_are_shared_and_classic_is_unchanged() -> None:
    assert variant_geometry("x") is variant_geometry("x")
    assert variant_geometry("jigsaw", regions=JIGSAW_REGIONS) is variant_geometry(
        "jigsaw", regions=list(JIGSAW_REGIONS)
    )
    assert variant_geometry("classic") is Geometry.of(3)
    assert Geometry.variant(3, "classic") is Geometry.of(3)
    assert Geometry.of(3).is_classic and Geometry.of(3).unit_name(20) == "box 3"
    assert repr(variant_geometry("windoku")) == "Geometry.variant(3, 'windoku')"


def test_a_disconnected_region_is_allowed_and_reported() -> None:
    columns = tuple(range(9)) * 9  # region i is column i: connected
    assert variant_geometry("jigsaw", regions=columns).disconnected_regions() == []
    rows = [c // 9 for c in range(81)]
    rows[0], rows[9] = 1, 0  # r1c1 joins region 2 and r2c1 region 1: each keeps 9 cells, neither is in one piece
    g = variant_geometry("jigsaw", regions=tuple(rows))
    assert g.disconnected_regions() == [0, 1]


@pytest.mark.parametrize(
    "regions,message",
    [
        ([0] * 81, "region 1 has 81 cells, not 9"),
        ([c // 9 for c in range(80)], "a region map has 81 cells, not 80"),
        ([c // 9 for c in range(80)] + [9], "regions are numbered 1..9"),
        ([1] + [c // 9 for c in range(1, 81)], "region 1 has 8 cells, not 9"),
    ],
)
def test_wrong_region_maps_are_refused(regions: list[int], message: str) -> None:
    assert region_problems(regions, 9)[0] == message
    with pytest.raises(ValueError, match=message):
        variant_geometry("jigsaw", regions=tuple(regions))


def test_unknown_variant_and_misplaced_regions_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        variant_geometry("samurai")
    with pytest.raises(ValueError, match="region map"):
        variant_geometry("jigsaw")
    with pytest.raises(ValueError, match="region map"):
        variant_geometry("x", regions=JIGSAW_REGIONS)


def test_grid_keeps_its_variant_and_candidates_see_every_house() -> None:
    g = variant_geometry("x")
    values = [0] * 81
    values[0] = 5  # r1c1 = 5: 5 leaves the main diagonal
    grid = Grid.from_values(values, geometry=g)
    assert grid.geometry is g and grid.givens_only().geometry is g and grid.with_values(values).geometry is g
    assert not grid.candidates[80] >> 4 & 1 and grid.candidates[71] >> 4 & 1
    values[80] = 5
    problems = Grid.from_values(values, geometry=g).duplicate_problems()
    assert [p.message for p in problems] == ["5 stands twice in the main diagonal ↘: r1c1 and r9c9"]
