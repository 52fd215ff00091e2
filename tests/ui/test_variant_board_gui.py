"""A variant's board in the window: shaded extra houses, Jigsaw regions and Killer cages drawn on the canvas, and
a click on a candidate below a cage's sum still places that candidate."""

from __future__ import annotations

from gui_helpers import MakeApp, click, pump
from PIL import ImageGrab

from sudoku_tk.render.palette import rgb
from sudoku_tk.render.variant_marks import CageMark, VariantMarks
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.theme import DARK, LIGHT

DIAGONALS = frozenset([i * 10 for i in range(9)] + [i * 8 for i in range(1, 10)])
# r1c2-r1c3 is a cage with its sum in r1c2 (HARD's r1c2 holds candidate 1, which a click places).
CAGES = (CageMark((1, 2), 8), CageMark((9, 10, 18), 17), CageMark((40,), 5))


def _dark_ink_in_slots(app: App, cell: int) -> list[tuple[int, int, int]]:
    """Pixels on screen, inside ``cell``'s candidate slots, darker than a candidate's own colour (a sum's ink or a
    cage's outline would be)."""
    board = app.board
    lay = board.layout
    x0, y0 = board.winfo_rootx(), board.winfo_rooty()
    shot = ImageGrab.grab(bbox=(x0, y0, x0 + board.winfo_width(), y0 + board.winfo_height()))
    limit = sum(rgb(LIGHT.candidate)) - 10
    dark = []
    for digit in range(1, 10):
        r = lay.candidate_rect(cell, digit)
        for y in range(int(r.y0) + 1, int(r.y1)):
            for x in range(int(r.x0) + 1, int(r.x1)):
                if sum(shot.getpixel((x, y))) < limit:
                    dark.append((digit, x, y))
    return dark


def test_cages_and_shaded_houses_are_drawn_and_a_candidate_below_a_sum_is_placed_by_a_click(
    make_app: MakeApp,
) -> None:
    app = make_app()
    app.root.geometry("800x600")
    pump(app)
    board = app.board
    board.set_variant_marks(VariantMarks(shaded=DIAGONALS, cages=CAGES))
    pump(app)
    sums = sorted(board.itemcget(i, "text") for i in board.find_withtag("cage-sum"))
    assert sums == ["17", "5", "8"]
    lines = board.find_withtag("cage-0")
    assert len(lines) == 6 and all(board.itemcget(i, "dash") for i in lines)  # a domino: 2 long sides, 4 short
    assert board.background_kind(0) == "house" and board.background_kind(1) == "plain"
    # On screen, no sum and no outline reaches into a candidate's slot; the sums are there.
    app.root.lift()
    pump(app)
    empty = [c for c in (1, 9, 40) if not app.session.position.values[c]]
    assert empty == [1, 9]  # r5c5 holds a given 8
    for cell in empty:
        assert not _dark_ink_in_slots(app, cell), cell
    click(app, 1, 1)
    assert board.digit_text(1) == "1" and board.digit_role(1) == "player"
    # The cages stay through a move and through a change of theme and size.
    board.set_theme(DARK)
    app.root.geometry("1366x768")
    pump(app)
    board.event_generate("<Configure>")
    app.after(100)
    pump(app)
    assert len(board.find_withtag("cage-sum")) == 3 and board.background_kind(0) == "house"
    assert board.itemcget(board.find_withtag("cage-sum-0")[0], "fill") == DARK.cage_sum


def test_a_jigsaw_board_draws_its_regions_instead_of_the_boxes(make_app: MakeApp) -> None:
    app = make_app()
    board = app.board
    regions = tuple(0 if c < 4 else 1 for r in range(9) for c in range(9))  # one border, after column 4
    board.set_variant_marks(VariantMarks(regions=regions))
    pump(app)
    region_lines = [board.coords(i) for i in board.find_withtag("region")]
    x = board.layout.x0 + 4 * board.layout.cell
    assert region_lines == [[x, board.layout.y0, x, board.layout.y0 + board.layout.size]]
    assert all("region" in board.gettags(i) for i in board.find_withtag("thick"))
