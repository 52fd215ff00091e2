"""Puzzle sheets as PDF: one puzzle or several per page, with their titles, and the solutions on later pages.

Each ``SheetPuzzle`` is drawn as a vector grid (thin cell lines, thick box lines, or a Jigsaw's region
borders, and frame; a variant's extra houses shaded)
with its digits in Helvetica: givens bold, the position's other digits and the solution's
in the player's blue, candidates small and grey in the cell's mini-grid. Every page
carries the sheet's title and "Page i of n"; each puzzle its title (unless the page's
title says it already: a sheet of one game) and a note (the level and rating of a
generated puzzle, "as played" for a position), right above its grid at the top of its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.brute_force import unique_solution

from .layout import CellGeometry
from .palette import LIGHT, rgb
from .pdf import A4, Colour, Page, PdfDocument, text_width
from .variant_marks import marks_of, region_borders

PER_PAGE = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3)}
"""Puzzles per page -> (columns, rows)."""
MARGIN = 42.0
"""Page margin in points (about 15 mm)."""
_HEADER = 26.0
_FOOTER = 22.0
_CAPTION = 18.0


def _colour(hex_colour: str) -> Colour:
    r, g, b = rgb(hex_colour)
    return (r / 255, g / 255, b / 255)


GIVEN = _colour(LIGHT.given)
PLAYER = _colour(LIGHT.player)
CANDIDATE = _colour(LIGHT.candidate)
THIN = _colour(LIGHT.thin_line)
BOX = _colour(LIGHT.box_line)
HOUSE = _colour(LIGHT.house_bg)


@dataclass(frozen=True, slots=True)
class SheetPuzzle:
    """One puzzle on a sheet: its grid (givens), words, and optionally a position and the solution."""

    grid: Grid
    title: str = ""
    note: str = ""
    """A second, lighter line of the caption: "medium, rating 1040"."""
    values: tuple[int, ...] | None = None
    """Digits to show besides the givens (a position as it is); None: the givens only."""
    candidates: tuple[DigitSet, ...] | None = None
    """Candidates of the empty cells (a position with its pencil marks)."""
    solution: tuple[int, ...] | None = None
    """The solution for the solution pages; None: worked out when needed."""


def solutions_per_page(per_page: int) -> int:
    """Solutions take less room: at least four to a page."""
    return per_page if per_page >= 4 else 4


def puzzle_sheets(
    puzzles: Sequence[SheetPuzzle],
    *,
    per_page: int = 1,
    with_solutions: bool = False,
    title: str = "Sudoku",
    page_size: tuple[float, float] = A4,
) -> PdfDocument:
    """Lay ``puzzles`` out ``per_page`` (1, 2, 4 or 6) to a page; the solutions follow on their own pages.

    Raises:
        ValueError: no puzzles, an unsupported ``per_page``, or a solution asked for a puzzle without one.
    """
    if per_page not in PER_PAGE:
        raise ValueError(f"puzzles per page must be one of {', '.join(map(str, PER_PAGE))}, not {per_page!r}")
    if not puzzles:
        raise ValueError("no puzzles to put on the sheet")
    plan: list[tuple[str, int, list[tuple[SheetPuzzle, bool]]]] = []
    for start in range(0, len(puzzles), per_page):
        plan.append((title, per_page, [(p, False) for p in puzzles[start : start + per_page]]))
    if with_solutions:
        n = solutions_per_page(per_page)
        for start in range(0, len(puzzles), n):
            plan.append((f"{title}: solutions", n, [(p, True) for p in puzzles[start : start + n]]))
    doc = PdfDocument(title)
    for number, (heading, count, entries) in enumerate(plan, start=1):
        page = doc.new_page(page_size)
        _page_frame(page, heading, f"Page {number} of {len(plan)}")
        for slot, (puzzle, solved) in zip(_slots(page, count), entries):
            _draw_entry(page, slot, puzzle, solved, heading)
    return doc


def _page_frame(page: Page, heading: str, footer: str) -> None:
    page.text(MARGIN, page.height - MARGIN - 14, heading, 16, bold=True)
    page.text(page.width / 2, MARGIN - 6, footer, 9, align="center", colour=CANDIDATE)


def _slots(page: Page, per_page: int) -> list[tuple[float, float, float, float]]:
    """The (x, y, width, height) of each puzzle's place on the page, left to right, top to bottom."""
    cols, rows = PER_PAGE[per_page]
    x0, y0 = MARGIN, MARGIN + _FOOTER
    w = (page.width - 2 * MARGIN) / cols
    h = (page.height - 2 * MARGIN - _HEADER - _FOOTER) / rows
    out = []
    for r in range(rows):
        for c in range(cols):
            out.append((x0 + c * w, y0 + (rows - 1 - r) * h, w, h))
    return out


def _draw_entry(
    page: Page, slot: tuple[float, float, float, float], puzzle: SheetPuzzle, solved: bool, heading: str = ""
) -> None:
    """One puzzle in its slot: the caption at the slot's top, the grid right under it (a slot taller than the grid
    leaves its room below, not above). A title the page's heading already says is not said again."""
    x, y, w, h = slot
    gap = 14.0
    size = min(w - gap, h - _CAPTION - gap)
    gx = x + (w - size) / 2
    gy = y + h - _CAPTION - size
    caption_y = gy + size + 8
    words = puzzle.title or "Puzzle"
    at = gx
    if words != heading:
        page.text(gx, caption_y, words, 11, bold=True)
        at = gx + text_width(words, 11, True) + 8
    if puzzle.note:
        page.text(at, caption_y, puzzle.note, 10, colour=CANDIDATE)
    _grid(page, puzzle, gx, gy, size, solved)


def _grid(page: Page, puzzle: SheetPuzzle, gx: float, gy: float, size: float, solved: bool) -> None:
    geo = puzzle.grid.geometry
    side, box = geo.side, geo.box
    cell = size / side
    givens = puzzle.grid.givens
    values: Sequence[int] = givens
    if solved:
        found = puzzle.solution or unique_solution(puzzle.grid.givens_only())
        if found is None:
            raise ValueError(f"{puzzle.title or 'the puzzle'} has no single solution to print")
        values = found
    elif puzzle.values is not None:
        values = puzzle.values
    top = gy + size
    marks = marks_of(geo)
    for i in sorted(marks.shaded):  # a variant's extra houses, under everything else
        r, c = divmod(i, side)
        page.rect(gx + c * cell, top - (r + 1) * cell, cell, cell, stroke=None, fill=HOUSE)
    for r in range(side):
        for c in range(side):
            i = r * side + c
            cx, cy = gx + (c + 0.5) * cell, top - (r + 0.5) * cell
            if values[i]:
                given = bool(givens[i])
                font = cell * 0.62
                page.text(
                    cx,
                    cy - font * 0.36,
                    geo.digit_char(values[i]),
                    font,
                    bold=given,
                    align="center",
                    colour=GIVEN if given else PLAYER,
                )
            elif puzzle.candidates is not None and not solved:
                _candidates(page, puzzle.candidates[i], geo.digit_char, cx - cell / 2, cy + cell / 2, cell, box)
    thin = max(0.3, size / 900)
    thick = max(1.2, size / 220)
    regions = marks.regions
    for i in range(1, side):
        if i % box or regions is not None:
            page.line(gx + i * cell, gy, gx + i * cell, top, thin, THIN)
            page.line(gx, top - i * cell, gx + size, top - i * cell, thin, THIN)
    if regions is not None:  # a Jigsaw: its regions' borders in place of the boxes
        for x0, y0, x1, y1 in region_borders(CellGeometry(box, 0, 0, 1), regions):
            page.line(gx + x0 * cell, top - y0 * cell, gx + x1 * cell, top - y1 * cell, thick, BOX)
        page.rect(gx, gy, size, size, stroke=BOX, width=thick * 1.4)
        return
    for i in range(box, side, box):
        page.line(gx + i * cell, gy, gx + i * cell, top, thick, BOX)
        page.line(gx, top - i * cell, gx + size, top - i * cell, thick, BOX)
    page.rect(gx, gy, size, size, stroke=BOX, width=thick * 1.4)


def _candidates(page: Page, cands: DigitSet, char: object, x0: float, top: float, cell: float, box: int) -> None:
    """Candidates in the cell's mini-grid: digit d in slot d-1, row by row (as on the board)."""
    pad = cell * 0.05
    slot = (cell - 2 * pad) / box
    font = slot * 0.72
    for d in cands:
        sr, sc = divmod(d - 1, box)
        cx = x0 + pad + (sc + 0.5) * slot
        cy = top - pad - (sr + 0.5) * slot
        page.text(cx, cy - font * 0.36, char(d), font, align="center", colour=CANDIDATE)  # type: ignore[operator]
