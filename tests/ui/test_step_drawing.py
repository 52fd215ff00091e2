"""How BoardCanvas draws a Step (Xvfb): every role with its own shape as well as colour, role tags on every item,
strikes and ghosts, chain links (strong solid, weak dashed), layers, and each role's look in both themes.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Iterator

import pytest

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import recompute
from sudoku_tk.engine.steps.step import Elimination, Highlight, HighlightRole, Link, Placement, Step, Technique
from sudoku_tk.render.palette import Shape
from sudoku_tk.ui.board.canvas import BoardCanvas
from sudoku_tk.ui.window.theme import DARK, LIGHT, Theme, contrast_ratio

pytestmark = pytest.mark.gui

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
CANDIDATE_ROLES = [r for r in HighlightRole if r not in (HighlightRole.DEFINING_UNIT, HighlightRole.COVER_UNIT)]


@pytest.fixture
def board() -> Iterator[BoardCanvas]:
    root = tk.Tk()
    canvas = BoardCanvas(root, parse_grid(PUZZLE).geometry, LIGHT, size=540)
    canvas.pack()
    canvas.render(recompute(parse_grid(PUZZLE)))
    root.update()
    yield canvas
    root.destroy()


def _empty_with(board: BoardCanvas, digit: int, count: int) -> tuple[int, ...]:
    pos = board._position
    assert pos is not None
    cells = tuple(c for c in pos.empty_cells() if pos.has_candidate(c, digit))[:count]
    assert len(cells) == count
    return cells


def _signature(board: BoardCanvas, role: HighlightRole) -> tuple[tuple[str, str, str, str], ...]:
    """What a candidate mark of ``role`` looks like without its colours: item kinds, filled or hollow, dash, width."""
    items = board.find_withtag(f"role-{role.value}")
    out = []
    for i in items:
        kind = board.type(i)
        fill = board.itemcget(i, "fill") if kind != "line" else "stroke"
        out.append(
            (
                kind,
                "filled" if fill else "hollow",
                board.itemcget(i, "dash") or "-",
                str(round(float(board.itemcget(i, "width")), 1)),
            )
        )
    return tuple(sorted(out))


def test_every_candidate_role_has_its_own_shape(board: BoardCanvas) -> None:
    cell = _empty_with(board, 2, 1)[0]
    signatures: dict[HighlightRole, tuple] = {}
    for role in CANDIDATE_ROLES:
        board.show_highlights([Highlight(role, (cell,), (2,))])
        board.update_idletasks()
        signatures[role] = _signature(board, role)
        assert signatures[role], role
    # Told apart with the colours taken away: no two roles look alike.
    assert len(set(signatures.values())) == len(CANDIDATE_ROLES), signatures


@pytest.mark.parametrize("theme", [LIGHT, DARK])
def test_themes_give_every_role_a_shape_and_no_two_candidate_roles_the_same(theme: Theme) -> None:
    shapes = [theme.role(r).shape for r in CANDIDATE_ROLES]
    assert len(set(shapes)) == len(shapes)
    units = [theme.role(r) for r in (HighlightRole.DEFINING_UNIT, HighlightRole.COVER_UNIT)]
    assert units[0].dash and units[1].dash and units[0].dash != units[1].dash
    assert theme.role(HighlightRole.FIN).dash  # fins dashed
    assert theme.role(HighlightRole.ELIMINATION).shape is Shape.CROSS
    assert theme.role(HighlightRole.PLACEMENT).shape is Shape.THICK_BOX


def test_specific_shapes(board: BoardCanvas) -> None:
    a, b, c, d = _empty_with(board, 5, 4)
    board.show_highlights(
        [
            Highlight(HighlightRole.COLOR_A, (a,), (5,)),
            Highlight(HighlightRole.COLOR_B, (b,), (5,)),
            Highlight(HighlightRole.FIN, (c,), (5,)),
            Highlight(HighlightRole.ELIMINATION, (d,), (5,)),
        ]
    )
    board.update_idletasks()
    disc = board.find_withtag("role-color_a")
    assert [board.type(i) for i in disc] == ["oval"] and board.itemcget(disc[0], "fill")
    ring = board.find_withtag("role-color_b")
    assert [board.type(i) for i in ring] == ["oval"] and board.itemcget(ring[0], "fill") == ""
    fin = board.find_withtag("role-fin")
    assert board.type(fin[0]) == "polygon" and board.itemcget(fin[0], "dash")
    cross = [i for i in board.find_withtag("role-elimination") if "strike" in board.gettags(i)]
    assert len(cross) == 2 and all(board.type(i) == "line" for i in cross)


def test_every_item_carries_step_its_role_and_cell(board: BoardCanvas) -> None:
    cells = _empty_with(board, 2, 3)
    step = Step(
        Technique.X_WING,
        eliminations=(Elimination(cells[2], 2),),
        highlights=(
            Highlight(HighlightRole.DEFINING_UNIT, units=(0, 8)),
            Highlight(HighlightRole.COVER_UNIT, units=(10,)),
            Highlight(HighlightRole.PATTERN, cells[:2], (2,)),
            Highlight(HighlightRole.PIVOT, (cells[0],)),
        ),
    )
    board.show_step(step)
    board.update_idletasks()
    items = board.find_withtag("step")
    assert items
    for item in items:
        tags = board.gettags(item)
        assert any(t.startswith("role-") for t in tags), tags
    for item in board.find_withtag("role-pattern") + board.find_withtag("role-elimination"):
        assert any(t.startswith("step-cell-") for t in board.gettags(item))
    # show_step adds the elimination the highlights left out; the pivot cell is outlined twice.
    assert any(f"step-cand-{cells[2]}-2" in board.gettags(i) for i in board.find_withtag("role-elimination"))
    pivot = [i for i in board.find_withtag("role-pivot") if board.type(i) == "rectangle"]
    assert len(pivot) == 3  # shading, outer outline, inner outline


def test_layers_marks_under_the_candidate_strokes_over_it(board: BoardCanvas) -> None:
    cell = _empty_with(board, 7, 1)[0]
    board.show_step(Step(Technique.NAKED_PAIR, eliminations=(Elimination(cell, 7),)))
    board.update_idletasks()
    order = board.find_all()
    text = board.candidate_item(cell, 7)
    circle = next(i for i in board.find_withtag("role-elimination") if board.type(i) == "oval")
    stroke = next(i for i in board.find_withtag("strike"))
    assert order.index(circle) < order.index(text) < order.index(stroke)
    # Unit shading lies under the grid lines.
    board.show_highlights([Highlight(HighlightRole.DEFINING_UNIT, units=(0,))])
    board.update_idletasks()
    order = board.find_all()
    shade = next(i for i in board.find_withtag("role-defining_unit") if board.itemcget(i, "width") == "0.0")
    assert order.index(shade) < order.index(board.find_withtag("grid")[0])


def test_removed_candidates_show_as_ghosts_and_filled_cells_drop_their_strikes(board: BoardCanvas) -> None:
    pos = board._position
    assert pos is not None
    cell = pos.empty_cells()[0]
    missing = next(d for d in range(1, 10) if not pos.has_candidate(cell, d))
    board.show_highlights(
        [Highlight(HighlightRole.ELIMINATION, (cell,), (missing,)), Highlight(HighlightRole.ELIMINATION, (0,), (3,))]
    )  # r1c1 holds a given 4
    board.update_idletasks()
    ghosts = board.find_withtag("ghost")
    assert [board.itemcget(g, "text") for g in ghosts] == [str(missing)]
    assert not [i for i in board.find_withtag("step-cell-0")]


def test_links_are_arrows_strong_solid_weak_dashed(board: BoardCanvas) -> None:
    a, b, c = _empty_with(board, 1, 3)
    board.show_highlights(
        [Highlight(HighlightRole.COLOR_A, (a, c), (1,)), Highlight(HighlightRole.COLOR_B, (b,), (1,))],
        [Link(a, 1, b, 1, True), Link(b, 1, c, 1, False)],
    )
    board.update_idletasks()
    strong, weak = board.find_withtag("strong"), board.find_withtag("weak")
    assert len(strong) == len(weak) == 1
    assert board.itemcget(strong[0], "dash") == "" and board.itemcget(weak[0], "dash") != ""
    for item in strong + weak:
        assert board.type(item) == "line" and board.itemcget(item, "arrow") == "last"
        assert {"step", "link"} <= set(board.gettags(item))
    # The line starts at the edge of the candidate, not over its digit.
    x0, y0 = board.coords(strong[0])[:2]
    cx, cy = board.candidate_center(a, 1)
    assert (x0 - cx) ** 2 + (y0 - cy) ** 2 > 4


def test_clear_and_redraw_after_render(board: BoardCanvas) -> None:
    cell = _empty_with(board, 2, 1)[0]
    board.show_step(Step(Technique.HIDDEN_SINGLE, placements=(Placement(cell, 2),)))
    board.update_idletasks()
    assert board.find_withtag("role-placement")
    pos = board._position
    assert pos is not None
    board.render(pos)  # a re-render keeps the step on show
    assert board.find_withtag("role-placement")
    board.show_step(None)
    assert not board.find_withtag("step")


@pytest.mark.parametrize("theme", [LIGHT, DARK])
def test_candidates_stay_readable_on_every_role_fill(theme: Theme) -> None:
    for role in HighlightRole:
        fill = theme.role(role).fill
        assert contrast_ratio(theme.candidate, fill) >= 3.0, (role, fill)
        assert contrast_ratio(theme.given, fill) >= 4.5, (role, fill)
    assert contrast_ratio(theme.link, theme.board) >= 4.5
