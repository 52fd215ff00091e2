"""Puzzle sheets: puzzles per page, solution pages, titles and page numbers; booklets of rated new puzzles."""

from __future__ import annotations

import re

import pytest
from pdf_reading import page_streams, page_texts

from sudoku_tk.app.game.session import Session
from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.score import rate
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.render.booklet import BookletError, booklet_puzzles
from sudoku_tk.render.game_pictures import game_sheet
from sudoku_tk.render.sheets import SheetPuzzle, puzzle_sheets

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GRID = parse_grid(HARD)


def digits(words: list) -> list:  # type: ignore[type-arg]
    return [w for w in words if re.fullmatch(r"[1-9A-G]", w)]


@pytest.mark.parametrize(
    "count, per_page, with_solutions, pages",
    [(1, 1, False, 1), (1, 1, True, 2), (5, 1, False, 5), (5, 2, True, 3 + 2), (7, 4, True, 2 + 2), (6, 6, True, 2)],
)
def test_page_count(count: int, per_page: int, with_solutions: bool, pages: int) -> None:
    puzzles = [SheetPuzzle(GRID, f"No. {i}") for i in range(count)]
    data = puzzle_sheets(puzzles, per_page=per_page, with_solutions=with_solutions).to_bytes(compress=True)
    texts = page_texts(data)
    assert len(texts) == pages
    for n, words in enumerate(texts, start=1):
        assert f"Page {n} of {pages}" in words


def test_the_words_on_each_page() -> None:
    puzzles = [SheetPuzzle(GRID, "Top95 #1", "extreme, rating 4242"), SheetPuzzle(GRID, "Again")]
    texts = page_texts(puzzle_sheets(puzzles, per_page=2, with_solutions=True, title="My sheet").to_bytes())
    first, solutions = texts
    assert first[0] == "My sheet" and solutions[0] == "My sheet: solutions"
    assert first[1:4] == ["Page 1 of 2", "Top95 #1", "extreme, rating 4242"]
    # The givens, twice: 17 digits per puzzle, in reading order.
    givens = [c for c in HARD if c != "."]
    assert digits(first) == givens * 2
    # The solution pages show every cell of both puzzles, row 1 first.
    assert len(digits(solutions)) == 2 * 81
    assert digits(solutions)[:9] == list("417369825")


def test_a_position_shows_its_digits_and_candidates() -> None:
    values = list(GRID.givens)
    values[1] = 1
    cands = tuple(DigitSet.of(2, 7) if c == 2 else DigitSet() for c in range(81))
    sheet = SheetPuzzle(GRID, "As played", values=tuple(values), candidates=cands)
    (words,) = page_texts(puzzle_sheets([sheet]).to_bytes())
    shown = digits(words)
    assert shown[:4] == ["4", "1", "2", "7"]  # r1c1 given, r1c2 placed, r1c3's candidates 2 and 7
    assert len(shown) == 17 + 1 + 2


def test_sixteen_by_sixteen_digits_are_letters() -> None:
    values = [0] * 256
    values[0], values[17] = 16, 10
    (words,) = page_texts(puzzle_sheets([SheetPuzzle(Grid.from_values(values), "Big")]).to_bytes())
    assert digits(words) == ["G", "A"]


def test_bad_requests_are_refused() -> None:
    with pytest.raises(ValueError, match="per page"):
        puzzle_sheets([SheetPuzzle(GRID)], per_page=3)
    with pytest.raises(ValueError, match="no puzzles"):
        puzzle_sheets([])
    with pytest.raises(ValueError, match="no single solution"):
        puzzle_sheets([SheetPuzzle(Grid.from_values([0] * 81), "Empty")], with_solutions=True)


def test_a_booklet_holds_puzzles_of_its_level_with_their_rating() -> None:
    seen = []
    puzzles = booklet_puzzles("easy", 3, seed=7, progress=seen.append)
    assert seen == [1, 2, 3]
    assert [p.title for p in puzzles] == ["Puzzle 1", "Puzzle 2", "Puzzle 3"]
    for p in puzzles:
        rating = rate(solve_logically(p.grid))
        assert rating.level.label == "easy"
        assert p.note == f"easy, rating {rating.score}"
    again = booklet_puzzles("easy", 3, seed=7)
    assert [p.grid for p in again] == [p.grid for p in puzzles]
    texts = page_texts(puzzle_sheets(puzzles, per_page=6, with_solutions=True).to_bytes(compress=True))
    assert len(texts) == 2
    assert [w for w in texts[0] if w.startswith("easy, rating ")] == [p.note for p in puzzles]


def test_booklet_requests_are_checked() -> None:
    with pytest.raises(BookletError, match="no level called 'tricky'"):
        booklet_puzzles("tricky", 1)
    with pytest.raises(BookletError, match="at least one"):
        booklet_puzzles("easy", 0)
    with pytest.raises(BookletError, match="9×9"):
        booklet_puzzles("easy", 1, box=2)
    four = booklet_puzzles("any", 2, seed=1, box=2)
    assert [p.note for p in four] == ["4×4", "4×4"]


def _placed(data: bytes) -> list[tuple[float, float, str]]:
    """Every text shown on the first page, with where it starts (x, y in points, y up)."""
    stream = page_streams(data)[0]
    return [
        (float(m.group(1)), float(m.group(2)), re.sub(r"\\(.)", r"\1", m.group(3)))
        for m in re.finditer(r"([-\d.]+) ([-\d.]+) Td \(((?:\\.|[^\\)])*)\) Tj", stream)
    ]


def _frame_top(data: bytes) -> float:
    """The top edge of the grid's frame (the ``re`` rectangle) on the first page."""
    x, y, w, h = map(float, re.search(r"([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re", page_streams(data)[0]).groups())
    return y + h


def test_a_sheet_of_one_game_names_it_once_and_puts_the_grid_right_under_the_title() -> None:
    """Issue 22.12: "This position" printed the game's name twice and left a large gap above the grid."""
    sheet = game_sheet(Session(GRID, "Unfair 31"), position=True)
    data = puzzle_sheets([sheet], per_page=1, title=sheet.title).to_bytes()
    (words,) = page_texts(data)
    assert words.count("Unfair 31") == 1 and "as played" in words
    placed = _placed(data)
    heading_y = next(y for x, y, text in placed if text == "Unfair 31")
    gap = heading_y - _frame_top(data)
    assert 0 < gap < 60, gap  # the caption line and a little air, not a hand's width


def test_several_to_a_page_keep_their_titles_and_line_up_at_the_top() -> None:
    puzzles = [SheetPuzzle(GRID, f"No. {i}") for i in range(4)]
    data = puzzle_sheets(puzzles, per_page=4, title="Four").to_bytes()
    placed = _placed(data)
    tops = sorted({round(y) for x, y, text in placed if text.startswith("No. ")}, reverse=True)
    assert [text for _, _, text in placed if text.startswith("No. ")] == [f"No. {i}" for i in range(4)]
    assert len(tops) == 2  # two rows, each caption right above its grid


# -- variants on paper ----------------------------------------------------------------------------------------------
def _heavy_lines(data: bytes, colour: str) -> int:
    """How many stroked lines of the box lines' colour and more than a hairline's width the first page draws."""
    stream = page_streams(data)[0]
    return sum(
        1
        for m in re.finditer(rf"q {re.escape(colour)} RG ([\d.]+) w 2 J [-\d. ]+ m [-\d. ]+ l S Q", stream)
        if float(m.group(1)) >= 1.2
    )


def test_a_jigsaw_sheet_draws_its_regions_and_a_sudoku_x_its_shaded_diagonals() -> None:
    from engine.variant_examples import JIGSAW_JANKO_108, X_UDACITY

    from sudoku_tk.engine.formats.puzzle_text import parse_puzzle
    from sudoku_tk.render.layout import CellGeometry
    from sudoku_tk.render.sheets import BOX, HOUSE
    from sudoku_tk.render.variant_marks import region_borders

    box = " ".join(f"{c:.2f}".rstrip("0").rstrip(".") for c in BOX)
    jigsaw = parse_puzzle(f"variant: jigsaw\n{JIGSAW_JANKO_108[0]} {JIGSAW_JANKO_108[2]}")
    data = puzzle_sheets([SheetPuzzle(jigsaw, "Jigsaw")], with_solutions=True).to_bytes()
    borders = region_borders(CellGeometry(3, 0, 0, 1), jigsaw.geometry.region_of or ())
    assert _heavy_lines(data, box) == len(borders) > 4
    classic = puzzle_sheets([SheetPuzzle(parse_grid(X_UDACITY[0]), "Classic")]).to_bytes()
    assert _heavy_lines(classic, box) == 4  # the box lines
    x = puzzle_sheets([SheetPuzzle(parse_puzzle("variant: x\n" + X_UDACITY[0]), "X")]).to_bytes()
    house = " ".join(f"{c:.2f}".rstrip("0").rstrip(".") for c in HOUSE)
    assert page_streams(x)[0].count(f"{house} rg") == 17  # the two diagonals share their middle cell
    # The solution page of the Jigsaw is its own solution.
    assert "".join(digits(page_texts(data)[1])) == JIGSAW_JANKO_108[1]
