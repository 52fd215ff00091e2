"""File > Export picture / PDF, Print, Copy picture, SudokuWiki and the text copies, on a real window with fakes
for the dialogs, the file chooser, the printer, the clipboard program and the web browser."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pytest
from gui_helpers import HARD, MakeApp, click, pump
from PIL import Image

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.render.content import PictureKind
from sudoku_tk.render.layout import layout_for
from sudoku_tk.render.palette import LIGHT, rgb
from sudoku_tk.system import Desktop, Platform
from sudoku_tk.ui.dialogs.export import PdfChoice, PdfDialog, PictureChoice, PictureDialog

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from pdf_reading import page_texts  # noqa: E402

pytestmark = pytest.mark.gui


class FakeDesktop:
    """Programs on a fake PATH; what ran is recorded."""

    def __init__(self, programs: dict[str, tuple[int, str]]) -> None:
        self.programs = programs
        self.ran: list[tuple[str, ...]] = []

    def which(self, name: str) -> str | None:
        return f"/usr/bin/{name}" if any(k.split()[0] == name for k in self.programs) else None

    def run(self, argv: Sequence[str]) -> tuple[int, str]:
        self.ran.append(tuple(argv))
        name = Path(argv[0]).name
        key = f"{name} {argv[1]}" if len(argv) > 1 and f"{name} {argv[1]}" in self.programs else name
        return self.programs[key]

    def desktop(self) -> Desktop:
        return Desktop(Platform.LINUX, which=self.which, run=self.run, run_detached=self.run, startfile=None, env={})


def menu_labels(app, menu_name: str) -> list[str]:  # type: ignore[no-untyped-def]
    bar = app.menubar
    for i in range((bar.index("end") or 0) + 1):
        if bar.entrycget(i, "label") == menu_name:
            menu = app.root.nametowidget(bar.entrycget(i, "menu"))
            return [
                menu.entrycget(j, "label") for j in range((menu.index("end") or 0) + 1) if menu.type(j) != "separator"
            ]
    raise KeyError(menu_name)


def count_near(image: Image.Image, box: tuple[float, float, float, float], colour: str, tolerance: int = 8) -> int:
    want = rgb(colour)
    px = image.convert("RGB").load()
    x0, y0, x1, y1 = map(int, box)
    return sum(
        1 for y in range(y0, y1) for x in range(x0, x1) if sum(abs(a - b) for a, b in zip(px[x, y], want)) < tolerance
    )


def test_the_menus_offer_pictures_paper_and_sharing(make_app: MakeApp) -> None:
    app = make_app()
    game = menu_labels(app, "Game")
    assert game[game.index("Export candidate grid…") + 1 : game.index("Export candidate grid…") + 4] == [
        "Export picture…",
        "Export PDF…",
        "Print…",
    ]
    edit = menu_labels(app, "Edit")
    for label in ("Copy picture", "Open in SudokuWiki", "Copy as HoDoKu text", "Copy as Simple Sudoku text"):
        assert label in edit


def test_export_picture_draws_the_hint_on_show(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    app.run_command("hint")
    app.run_command("hint")  # the pattern rung: cells drawn on the board
    view = app.hint_panel.ladder.view
    marked = next(h for h in view.highlights if h.cells)
    target = tmp_path / "board.png"
    asked: list[str] = []
    app.exports.ask_picture = lambda: PictureChoice(scale=1)
    app.exports.ask_path = lambda title, suffix, name: asked.append(name) or target
    assert app.run_command("export-picture")
    pump(app)
    assert asked == ["test-puzzle-position.png"]
    assert app.status_text() == "Exported the picture to board.png (456×456 pixels)"
    with Image.open(target) as image:
        assert image.size == (456, 456)
        cell = marked.cells[0]
        r, c = divmod(cell, 9)
        box = (12 + c * 48 + 6, 12 + r * 48 + 6, 12 + c * 48 + 42, 12 + r * 48 + 42)
        style = LIGHT.role(marked.role)
        assert count_near(image, box, style.fill) + count_near(image, box, style.outline) > 20
    # Without the hint, the same cell is plain.
    plain = app.exports.board_picture(PictureChoice(hint=False))
    assert count_near(plain, box, LIGHT.role(marked.role).fill) == 0
    assert Path(app.settings.last_directory) == tmp_path


def test_cancelling_writes_nothing(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    app.exports.ask_picture = lambda: None
    app.exports.ask_path = lambda *a: pytest.fail("no file chooser after a cancelled dialog")
    status = app.status_text()
    app.run_command("export-picture")
    assert app.status_text() == status and list(tmp_path.iterdir()) == []


def test_export_pdf_of_the_puzzle_with_its_solution(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app(name="Top95 first")
    target = tmp_path / "sheet.pdf"
    app.exports.ask_pdf = lambda title, ok: PdfChoice("puzzle", 1, True)
    app.exports.ask_path = lambda title, suffix, name: target
    app.run_command("export-pdf")
    pump(app)
    assert app.status_text() == "Exported 2 pages to sheet.pdf"
    puzzle, solution = page_texts(target.read_bytes())
    assert puzzle[0] == "Top95 first" and "Page 1 of 2" in puzzle
    assert [w for w in puzzle if w.isdigit() and len(w) == 1] == [c for c in HARD if c != "."]
    assert solution[0] == "Top95 first: solutions"


def test_a_booklet_is_made_off_the_tk_thread(make_app: MakeApp, tmp_path: Path) -> None:
    app = make_app()
    target = tmp_path / "booklet.pdf"
    app.exports.ask_pdf = lambda title, ok: PdfChoice("booklet", 6, False, "easy", 2)
    app.exports.ask_path = lambda title, suffix, name: target
    app.run_command("export-pdf")
    assert app.status_text() == "Making 2 new easy puzzles…"
    assert not app.commands.get("export-pdf").is_available()  # one booklet at a time
    deadline = time.monotonic() + 60
    while app.exports.busy and time.monotonic() < deadline:
        pump(app)
        time.sleep(0.05)
    pump(app)
    assert app.status_text() == "Exported 1 page to booklet.pdf"
    (words,) = page_texts(target.read_bytes())
    assert words[0] == "Sudoku: 2 easy puzzles"
    assert sum(w.startswith("easy, rating ") for w in words) == 2


def test_print_without_a_printer_says_so(make_app: MakeApp) -> None:
    app = make_app()
    fake = FakeDesktop({})
    app.exports.desktop = fake.desktop()
    app.exports.ask_pdf = lambda title, ok: PdfChoice("position", 1, False)
    app.run_command("print")
    pump(app)
    assert app.banner_text().startswith(
        "Not printed: printing needs the lp command, which is not installed here. The PDF is saved at "
    )


def test_print_sends_the_sheet_to_the_default_printer(make_app: MakeApp) -> None:
    app = make_app()
    fake = FakeDesktop({"lp": (0, "request id is Laser-1"), "lpstat -d": (0, "system default destination: Laser")})
    app.exports.desktop = fake.desktop()
    app.exports.ask_pdf = lambda title, ok: PdfChoice("puzzle", 1, False)
    app.run_command("print")
    pump(app)
    argv = fake.ran[-1]
    assert argv[:3] == ("/usr/bin/lp", "-d", "Laser") and argv[3].endswith(".pdf")
    assert app.status_text() == f"Sent {Path(argv[3]).name} to the printer Laser"
    assert len(page_texts(Path(argv[3]).read_bytes())) == 1
    Path(argv[3]).unlink()


def test_copy_picture_hands_a_png_to_the_clipboard_program(make_app: MakeApp) -> None:
    app = make_app()
    fake = FakeDesktop({"xclip": (0, "")})
    app.exports.desktop = fake.desktop()
    app.run_command("copy-picture")
    assert app.status_text() == "Copied the picture to the clipboard"
    argv = fake.ran[-1]
    assert argv[:5] == ("/usr/bin/xclip", "-selection", "clipboard", "-t", "image/png")
    with Image.open(argv[-1]) as image:
        assert image.format == "PNG" and image.size == (456, 456)
    app.exports.desktop = FakeDesktop({}).desktop()
    app.run_command("copy-picture")
    assert "needs xclip (X11) or wl-clipboard (Wayland)" in app.banner_text()


def test_sudokuwiki_and_the_text_copies(make_app: MakeApp) -> None:
    app = make_app()
    opened: list[str] = []
    app.exports.open_url = lambda url: opened.append(url) or True
    app.run_command("open-sudokuwiki")
    (url,) = opened
    assert url.startswith("https://www.sudokuwiki.org/sudoku.htm?bd=") and len(url.split("=", 1)[1]) == 162
    assert app.status_text() == "Opened this position in SudokuWiki's solver (in your web browser)"
    app.run_command("copy-hodoku")
    assert app.root.clipboard_get().startswith(":0000:x:4.....8.5")
    app.run_command("copy-simple-sudoku")
    assert app.root.clipboard_get().startswith("*-----------*")
    assert app.status_text() == "Copied the position as Simple Sudoku text"


def test_other_sizes_are_refused_for_sudokuwiki(make_app: MakeApp) -> None:
    app = make_app("1..." * 4)
    app.exports.open_url = lambda url: pytest.fail("no browser for a 4×4 board")
    app.run_command("open-sudokuwiki")
    assert app.banner_text() == "SudokuWiki takes 9×9 boards only; this one is 4×4."


def test_nothing_is_exported_while_paused(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("pause")
    assert not app.commands.get("export-picture").is_available()
    assert not app.commands.get("copy-picture").is_available()


def test_the_picture_dialog_offers_extras_only_for_the_position(make_app: MakeApp) -> None:
    app = make_app()
    dialog = PictureDialog(app.root, has_hint=False, has_colours=False, show=False)
    assert [b.instate(["disabled"]) for b in dialog.extras] == [False, True, True]
    dialog.kind_buttons[PictureKind.SOLUTION].invoke()
    assert all(b.instate(["disabled"]) for b in dialog.extras)
    dialog.scale_var.set("2×")
    dialog.ok()
    assert dialog.result == PictureChoice(PictureKind.SOLUTION, False, False, False, 2.0)


def test_the_pdf_dialog_checks_a_booklet(make_app: MakeApp) -> None:
    app = make_app()
    dialog = PdfDialog(app.root, show=False)
    assert dialog.count_box.instate(["disabled"])
    dialog.contents_buttons["booklet"].invoke()
    assert not dialog.count_box.instate(["disabled"])
    dialog.count_var.set("0")
    dialog.ok()
    assert dialog.result is None and dialog.message.get() == "A booklet holds 1 to 60 puzzles, not 0."
    dialog.count_var.set("4")
    dialog.per_page_var.set("4")
    dialog.ok()
    assert dialog.result == PdfChoice("booklet", 4, False, "medium", 4)


def test_in_own_marks_mode_exports_draw_the_players_marks(make_app: MakeApp, tmp_path: Path) -> None:
    """The picture, the PDF sheet of the position and the dialogs' words follow what the board shows."""
    app = make_app()
    app.run_command("candidates-own")
    pump(app)
    cell = 1  # r1c2: candidates 1 6 7 9
    click(app, cell, 6, button=3)  # right-click pencils a mark
    click(app, cell, 2, button=3)  # a mark the candidates don't have: drawn as the player wrote it
    assert app.session.position.mark_set(cell) == DigitSet.of(2, 6)
    assert [d for d in range(1, 10) if app.board.candidate_visible(cell, d)] == [2, 6]
    image = app.exports.board_picture(PictureChoice(scale=1))
    lay = layout_for(3)
    inked = [d for d in range(1, 10) if count_near(image, _box(lay.candidate_rect(cell, d)), LIGHT.candidate, 40)]
    assert inked == [2, 6]
    assert not any(count_near(image, _box(lay.candidate_rect(2, d)), LIGHT.candidate, 40) for d in range(1, 10))
    # The dialogs name the marks.
    picture_dialog = PictureDialog(app.root, has_hint=False, has_colours=False, own_marks=True, show=False)
    assert picture_dialog.extras[0].cget("text") == "My pencil marks"
    picture_dialog.destroy()
    pdf_dialog = PdfDialog(app.root, own_marks=True, show=False)
    assert pdf_dialog.contents_buttons["position"].cget("text") == "This position, with my pencil marks"
    pdf_dialog.destroy()
    # The PDF of the position: r1c1's given 4, then r1c2's marks 2 and 6 (not its candidates 1 6 7 9).
    target = tmp_path / "marks.pdf"
    app.exports.ask_pdf = lambda title, ok: PdfChoice("position", 1, False)
    app.exports.ask_path = lambda title, suffix, name: target
    app.run_command("export-pdf")
    pump(app)
    (page,) = page_texts(target.read_bytes())
    digits = [w for w in page if w.isdigit() and len(w) == 1]
    assert digits[:3] == ["4", "2", "6"]
    # Back in automatic mode the same exports show the candidates again.
    app.run_command("candidates-automatic")
    pump(app)
    image = app.exports.board_picture(PictureChoice(scale=1))
    inked = [d for d in range(1, 10) if count_near(image, _box(lay.candidate_rect(cell, d)), LIGHT.candidate, 40)]
    assert inked == [1, 6, 7, 9]


def _box(r) -> tuple[float, float, float, float]:  # type: ignore[no-untyped-def]
    return (r.x0, r.y0, r.x1, r.y1)
