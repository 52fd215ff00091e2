"""A chain step checked against the definitions, independently of link_graph.py.

Every node of ``step.chain`` must be a candidate, or a group (the digit's places inside one box/line
intersection, at least two cells); consecutive nodes alternate polarity; the link between them is strong
when it leaves an off node and weak when it leaves an on node, and it must be a real link of that kind in the
grid: strong = the two can't both be false (a bivalue cell's two digits, or the only two places of a digit in a
unit, either place possibly a group), weak = the two can't both be true (two digits of one cell, or one digit in
cells that all see each other).
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import ChainNode, Step


def _has(grid: Grid, cell: int, digit: int) -> bool:
    return not grid.values[cell] and bool(grid.candidates[cell] >> (digit - 1) & 1)


def check_node(grid: Grid, node: ChainNode) -> None:
    geo = grid.geometry
    assert node.cells and len(set(node.cells)) == len(node.cells)
    for c in node.cells:
        assert _has(grid, c, node.digit), f"{geo.cell_name(c)} has no candidate {node.digit}"
    if len(node.cells) > 1:
        units = [u for u, cells in enumerate(geo.units) if set(node.cells) <= set(cells)]
        kinds = {geo.unit_kind(u) for u in units}
        assert 2 in kinds and kinds & {0, 1}, f"group {node.cells} is not inside one box and one line"


def is_strong(grid: Grid, a: ChainNode, b: ChainNode) -> bool:
    """Can't both be false."""
    geo = grid.geometry
    if len(a.cells) == 1 and a.cells == b.cells and a.digit != b.digit:
        m = grid.candidates[a.cells[0]]
        return m == (1 << (a.digit - 1)) | (1 << (b.digit - 1))
    if a.digit != b.digit or set(a.cells) & set(b.cells):
        return False
    both = set(a.cells) | set(b.cells)
    for cells in geo.units:
        if both <= set(cells):
            places = {c for c in cells if _has(grid, c, a.digit)}
            if places == both:
                return True
    return False


def is_weak(grid: Grid, a: ChainNode, b: ChainNode) -> bool:
    """Can't both be true."""
    geo = grid.geometry
    if len(a.cells) == 1 and a.cells == b.cells:
        return a.digit != b.digit
    if a.digit != b.digit or set(a.cells) & set(b.cells):
        return False
    return all(geo.sees(x, y) for x in a.cells for y in b.cells)


def check_chain(grid: Grid, chain: Sequence[ChainNode]) -> None:
    """Nodes real, polarity alternating, and each consecutive pair a real link of the kind its reading needs."""
    assert len(chain) >= 2
    for node in chain:
        check_node(grid, node)
    for a, b in zip(chain, chain[1:]):
        assert b.on is not a.on, f"polarity does not alternate at {a} -> {b}"
        if a.on:
            assert is_weak(grid, a, b), f"{a} -> {b} is read as a weak link but is none"
        else:
            assert is_strong(grid, a, b), f"{a} -> {b} is read as a strong link but is none"


def check_chain_step(grid: Grid, step: Step) -> None:
    """A chain step's nodes and its drawn links agree, and the chain is real."""
    check_chain(grid, step.chain)
    assert len(step.links) == len(step.chain) - 1
    for link, a, b in zip(step.links, step.chain, step.chain[1:]):
        assert link.from_cells == a.cells and link.to_cells == b.cells
        assert (link.from_digit, link.to_digit) == (a.digit, b.digit)
        assert link.strong is (not a.on)
