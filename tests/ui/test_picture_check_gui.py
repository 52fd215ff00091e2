"""A puzzle from a picture in the real window (Xvfb): paste a picture, check it, play it; or keep the game.

The clipboard is read through the desktop layer with a fake ``xclip`` (the test's own Desktop), so the whole
way from Edit > Paste to the new game runs as it does for a player: the picture's bytes, the reader, the check
screen (a real Toplevel, answered by the test once it is on screen), the keeper's question, the new game.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from gui_helpers import HARD, click, clipboard, key, pump, when_dialog_opens
from PIL import Image, ImageDraw, ImageFont

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.system import Desktop, Platform
from sudoku_tk.ui.pictures.check import PictureCheck, board_side_for
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL
from sudoku_tk.vision.synthetic import STYLES, draw_board, find_font

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CELL = 44


def _board_with_a_pen_digit() -> tuple[bytes, int]:
    """A PNG of CLASSIC with a 4 written in blue pen in the empty r1c3 (not a given: left out, marked unsure)."""
    board = draw_board(parse_grid(CLASSIC).givens, STYLES["plain"], CELL)
    picture = board.picture.copy()
    x0, y0 = board.corners[0]
    draw = ImageDraw.Draw(picture)
    font = ImageFont.truetype(find_font("DejaVuSerif.ttf"), 30) if find_font("DejaVuSerif.ttf") else None
    draw.text((x0 + 2 * CELL + 12, y0 + 5), "4", fill=(20, 40, 170), font=font)
    buffer = io.BytesIO()
    picture.save(buffer, "PNG")
    return buffer.getvalue(), 2


def _fake_xclip(data: bytes, calls: list[Sequence[str]]) -> Desktop:
    """A Linux desktop whose xclip offers ``data`` as image/png (b"" offers no picture)."""

    def run(argv: Sequence[str]) -> tuple[int, str]:
        calls.append(tuple(argv))
        return 0, "TARGETS\nimage/png\n" if data else "TARGETS\nUTF8_STRING\n"

    def run_bytes(argv: Sequence[str], limit: int) -> tuple[int, bytes]:
        calls.append(tuple(argv))
        return 0, data

    return Desktop(
        platform=Platform.LINUX, which=lambda name: f"/usr/bin/{name}" if name == "xclip" else None,
        run=run, run_bytes=run_bytes, env={},
    )  # fmt: skip


def _paste_picture(app: App, data: bytes) -> list[Sequence[str]]:
    calls: list[Sequence[str]] = []
    app.pictures.desktop = _fake_xclip(data, calls)
    clipboard(app, None)  # no text: Paste turns to the clipboard's picture
    return calls


def test_a_pasted_picture_is_checked_then_played(open_app: Callable[..., App]) -> None:
    app = open_app(HARD)
    click(app, 1, 9)  # a game in progress: the keeper asks before it is replaced
    assert app.session.moves
    data, pen = _board_with_a_pen_digit()
    calls = _paste_picture(app, data)
    questions: list[str] = []
    app.files.keeper.ask_replace = lambda question: questions.append(question) or True  # type: ignore[func-returns-value]
    seen: dict[str, Any] = {}
    errors: list[BaseException] = []

    def check(screen: PictureCheck) -> None:
        pump(app)
        seen["digits"] = [screen.cell_text(c) for c in range(81)]
        seen["unsure"] = screen.unsure_marked()
        seen["summary"] = screen.summary_text()
        seen["picture"] = (screen.photo.width(), screen.photo.height())
        seen["pen"] = [screen.board.itemcget(i, "text") for i in screen.board.find_withtag(f"left-out{pen}")]
        seen["check"] = screen.check_text()
        screen.accept()

    when_dialog_opens(app, PictureCheck, check, errors)
    key(app, "v", CONTROL)
    for error in errors:
        raise error
    assert ("/usr/bin/xclip", "-selection", "clipboard", "-t", "TARGETS", "-o") in calls
    assert seen["digits"] == [d if d != "." else "" for d in CLASSIC], "the printed givens, the pen's 4 left out"
    assert pen in seen["unsure"], "the digit written in pen is marked for the player to check"
    assert seen["pen"] == ["✎4"]
    assert "left out" in seen["summary"]
    count = len(seen["unsure"])
    assert (
        "1 cell is unsure (dashed, with “?”): compare it with the picture." in seen["summary"]
        if count == 1
        else f"{count} cells are unsure (dashed, with “?”): compare them with the picture." in seen["summary"]
    )
    assert seen["picture"][0] == seen["picture"][1] > 100
    assert seen["check"] == "The puzzle has exactly one solution."
    assert len(questions) == 1, "a game in progress is only replaced after the keeper's question"
    assert app.session.start.givens == parse_grid(CLASSIC).givens
    assert app.session.name == "Puzzle from a picture" and not app.session.moves
    assert app.board.digit_text(0) == "5"


def test_a_picture_without_a_grid_keeps_the_game(open_app: Callable[..., App]) -> None:
    app = open_app(HARD)
    click(app, 1, 9)
    before = (app.session.start, app.session.moves)
    buffer = io.BytesIO()
    Image.new("RGB", (400, 300), "white").save(buffer, "PNG")
    _paste_picture(app, buffer.getvalue())
    app.run_command("paste")
    pump(app)
    assert "No Sudoku grid found in the pasted picture" in app.banner_text()
    assert "Your game is unchanged" in app.banner_text()
    assert (app.session.start, app.session.moves) == before


def test_a_clipboard_with_neither_text_nor_picture_says_so(open_app: Callable[..., App]) -> None:
    app = open_app(HARD)
    _paste_picture(app, b"")
    app.run_command("paste")
    assert "holds no text to read a puzzle from" in app.banner_text() and "no picture" in app.banner_text()


def test_open_picture_reads_a_file_and_cancel_keeps_the_game(open_app: Callable[..., App], tmp_path: Path) -> None:
    app = open_app(HARD)
    path = tmp_path / "newspaper.png"
    draw_board(parse_grid(CLASSIC).givens, STYLES["serif"], 40).picture.save(path)
    app.pictures.ask_open = lambda: path
    offered: list[tuple[str, str]] = []

    def answer(reading: Any, picture: Image.Image, name: str) -> None:
        offered.append((reading.to_line(), name))
        return None  # the player cancels the check screen

    app.pictures.ask_check = answer  # type: ignore[assignment]
    assert "open-picture" in app.commands
    app.run_command("open-picture")
    assert offered == [(CLASSIC, "newspaper.png")]
    assert app.session.start.givens == parse_grid(HARD).givens
    assert "unchanged" in app.status_text()


def test_a_file_that_is_not_a_picture_is_refused_plainly(open_app: Callable[..., App], tmp_path: Path) -> None:
    app = open_app(HARD)
    path = tmp_path / "puzzle.png"
    path.write_text(CLASSIC)
    app.pictures.ask_open = lambda: path
    app.run_command("open-picture")
    assert app.banner_text().startswith("Can't read puzzle.png:") and "unchanged" in app.banner_text()


def test_the_check_screen_offers_the_fix_of_a_misread_and_edits_with_the_keyboard(make_app: Callable[..., App]) -> None:
    from sudoku_tk.vision.reader import read_with_picture

    app = make_app(HARD)
    values = list(parse_grid(CLASSIC).givens)
    reading, flat = read_with_picture(draw_board(values, STYLES["plain"], 40).picture)
    misread = values.copy()
    misread[1] = 5  # as if r1c2's 3 had been read as 5, unsure: two 5s in row 1
    reading = reading.with_values(misread, confidence=0.55)
    screen = PictureCheck(app.root, reading, flat, app.theme, "board.png", show=False)
    try:
        assert 1 in screen.unsure_marked()
        assert "5 stands twice in row 1" in screen.check_text()
        assert "disabled" in screen.play_button.state()
        assert any("r1c2: 5 → 3" in label for label in screen.fix_labels())
        fix = next(f for f in screen.check.fixes if f.cell == 1 and f.value == 3)
        screen.apply_fix(fix)
        assert screen.cell_text(1) == "3" and "disabled" not in screen.play_button.state()
        assert screen.check_text() == "The puzzle has exactly one solution."
        screen.cursor = 2
        screen.press_key("3")  # the player's own slip: a conflict, shown, and Play waits
        assert screen.cell_text(2) == "3" and "3 stands twice in row 1" in screen.check_text()
        assert "disabled" in screen.play_button.state()
        screen.press_key("Delete")
        assert screen.cell_text(2) == ""
        screen.press_key("Left")
        assert screen.cursor == 1
        screen.accept()
        assert screen.result is not None and list(screen.result.givens) == values
    finally:
        if screen.winfo_exists():
            screen.destroy()


def test_a_misread_no_one_change_mends_frames_the_whole_board_and_play_waits(make_app: Callable[..., App]) -> None:
    from sudoku_tk.vision.reader import read_with_picture

    app = make_app(HARD)
    values = list(parse_grid(CLASSIC).givens)
    reading, flat = read_with_picture(draw_board(values, STYLES["plain"], 40).picture)
    shifted = values.copy()
    shifted[27:36] = values[28:36] + [1]  # row 4 read a cell to the left, its edge line taken for a 1
    screen = PictureCheck(app.root, reading.with_values(shifted, confidence=0.99), flat, app.theme, "p.png", show=False)
    try:
        assert screen.whole_grid_marked()
        assert "disabled" in screen.play_button.state()
        assert "compare every cell with the picture" in screen.check_text() or "grid itself" in screen.check_text()
        for cell, value in zip(range(27, 36), values[27:36]):  # the player puts the row right
            screen.cursor = cell
            screen.press_key(str(value) if value else "Delete")
        assert not screen.whole_grid_marked() and "disabled" not in screen.play_button.state()
    finally:
        if screen.winfo_exists():
            screen.destroy()


def test_the_check_screen_fits_small_screens() -> None:
    assert 2 * board_side_for(800, 600) + 110 <= 800 and board_side_for(800, 600) + 270 <= 600


def test_a_screenshot_of_candidates_can_start_with_them(make_app: Callable[..., App]) -> None:
    from sudoku_tk.engine.play.propagation import recompute
    from sudoku_tk.render.board_picture import picture
    from sudoku_tk.render.content import PictureKind
    from sudoku_tk.vision.reader import read_with_picture

    app = make_app(CLASSIC)
    grid = parse_grid(HARD)
    position = recompute(grid, ())
    reading, flat = read_with_picture(picture(position, PictureKind.POSITION, scale=1.5))
    screen = PictureCheck(app.root, reading, flat, app.theme, "screenshot.png", show=False)
    try:
        assert screen.keep_marks.get(), "every empty cell shows candidates: keeping them is offered, ticked"
        assert screen.board.find_withtag("mark2")
        screen.accept()
        assert screen.result is not None and screen.result.has_pencilmarks
        assert screen.result.givens == grid.givens
        assert screen.result.candidates == position.candidates
    finally:
        if screen.winfo_exists():
            screen.destroy()


def test_without_a_working_numpy_the_window_says_so_and_keeps_the_game(
    open_app: Callable[..., App], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    app = open_app(HARD)
    path = tmp_path / "board.png"
    draw_board(parse_grid(CLASSIC).givens, STYLES["plain"], 40).picture.save(path)
    monkeypatch.setitem(sys.modules, "sudoku_tk.vision.reader", None)  # as if numpy could not be loaded
    app.pictures.ask_open = lambda: path
    app.run_command("open-picture")
    assert app.banner_text().startswith("Pictures can't be read in this installation: numpy can't be loaded")
    assert app.session.start.givens == parse_grid(HARD).givens
