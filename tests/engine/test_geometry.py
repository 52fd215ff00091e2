from __future__ import annotations

import pytest

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.geometry import Geometry


@pytest.mark.parametrize("box,units,peers", [(2, 12, 7), (3, 27, 20), (4, 48, 39)])
def test_unit_and_peer_counts(box: int, units: int, peers: int) -> None:
    g = Geometry.of(box)
    assert len(g.units) == units
    assert all(len(p) == peers for p in g.peers)
    assert all(len(u) == g.side for u in g.units)


@pytest.mark.parametrize("box", [2, 3, 4])
def test_every_cell_in_three_units_and_peers_symmetric(box: int) -> None:
    g = Geometry.of(box)
    for cell in range(g.ncells):
        holding = [u for u, cells in enumerate(g.units) if cell in cells]
        assert tuple(holding) == g.cell_units[cell]
        for p in g.peers[cell]:
            assert cell in g.peers[p]
            assert g.sees(cell, p)
        assert not g.sees(cell, cell)


def test_tables_are_shared() -> None:
    assert Geometry.of(3) is Geometry.of(3)
    assert Geometry.for_side(16) is Geometry.of(4)


def test_names_round_trip() -> None:
    g = Geometry.of(4)
    for cell in range(g.ncells):
        assert g.parse_cell(g.cell_name(cell)) == cell
    assert g.cell_name(255) == "r16c16"
    assert g.digit_char(16) == "G" and g.parse_digit("g") == 16
    assert Geometry.of(3).unit_name(20) == "box 3"


@pytest.mark.parametrize("text", ["r0c1", "r10c1", "x1", "", "r1c"])
def test_bad_cell_names(text: str) -> None:
    with pytest.raises(ValueError):
        Geometry.of(3).parse_cell(text)


def test_digitset() -> None:
    s = DigitSet.of(3, 1, 9)
    assert list(s) == [1, 3, 9] and len(s) == 3 and 3 in s and 2 not in s
    assert eval(repr(s)) == s
    with pytest.raises(AttributeError):
        s.mask = 1  # type: ignore[misc]
