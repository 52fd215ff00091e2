"""``sudoku-tk export``: PNG pictures, PDF sheets and booklets from the command line; exit codes and messages."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_reading import page_texts
from PIL import Image

from sudoku_tk.__main__ import main
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.score import rate
from sudoku_tk.engine.solving.logic import solve_logically

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple:  # type: ignore[type-arg]
    status = main(["export", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_png_of_the_puzzle_and_at_twice_the_size(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    one, two = tmp_path / "one.png", tmp_path / "two.png"
    assert run(capsys, HARD, "--png", str(one), "--scale", "1") == (0, f"wrote {one}: 456x456 pixels\n", "")
    assert run(capsys, HARD, "--png", str(two), "--scale", "2")[0] == 0
    with Image.open(one) as a, Image.open(two) as b:
        assert a.size == (456, 456) and b.size == (912, 912)
    status, out, _ = run(capsys, HARD, "--png", str(one), "--size", "900")
    assert (status, out) == (0, f"wrote {one}: 950x950 pixels\n")  # 100-pixel cells, a quarter-cell margin


def test_solution_candidates_and_hint_pictures_differ(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pictures = {}
    for name, extra in {"plain": [], "solution": ["--solution"], "cands": ["--candidates"], "hint": ["--hint"]}.items():
        path = tmp_path / f"{name}.png"
        assert run(capsys, EASY, "--png", str(path), *extra)[0] == 0
        with Image.open(path) as image:
            pictures[name] = image.convert("RGB").tobytes()
    assert len(set(pictures.values())) == 4


def test_a_pdf_of_a_collection_with_solutions(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "two.txt"
    source.write_text(f"{HARD}\n{EASY}\n")
    pdf = tmp_path / "two.pdf"
    status, out, err = run(capsys, str(source), "--pdf", str(pdf), "--per-page", "2", "--with-solutions", "--rate")
    assert (status, out, err) == (0, f"wrote {pdf}: 2 pages, 2 puzzles\n", "")
    first, solutions = page_texts(pdf.read_bytes())
    assert first[:4] == ["Sudoku", "Page 1 of 2", "Puzzle 1", first[3]]
    rating = rate(solve_logically(parse_grid(HARD)))
    assert first[3] == f"{rating.level}, rating {rating.score}" and "Puzzle 2" in first
    assert solutions[0] == "Sudoku: solutions"


def test_a_booklet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pdf = tmp_path / "book.pdf"
    args = ("--booklet", "--level", "easy", "--count", "4", "--seed", "3", "--per-page", "4", "--pdf", str(pdf))
    assert run(capsys, *args) == (0, f"wrote {pdf}: 1 page, 4 puzzles\n", "")
    (words,) = page_texts(pdf.read_bytes())
    assert words[0] == "Sudoku: 4 easy puzzles"
    assert sum(w.startswith("easy, rating ") for w in words) == 4


@pytest.mark.parametrize(
    "args, message",
    [
        ([HARD], "export needs one of --png FILE or --pdf FILE"),
        (["--png", "x.png"], "give a PUZZLE (text, a file or -) or --booklet"),
        (["--booklet", "--png", "x.png"], "--booklet makes a PDF: use --pdf FILE"),
        ([HARD, "--booklet", "--pdf", "x.pdf"], "--booklet makes new puzzles: give no PUZZLE with it"),
        (
            [HARD, "--png", "x.png", "--solution", "--hint"],
            "--solution draws a full grid: it takes no --candidates or --hint",
        ),
        ([HARD, "--png", "x.png", "--scale", "2", "--size", "500"], "give --scale or --size, not both"),
        (["12x", "--png", "x.png"], "expected 16, 81 or 256 cells, found 3"),
        (["--booklet", "--level", "tricky", "--pdf", "x.pdf"], "no level called 'tricky'"),
        ([HARD + "\n" + EASY, "--png", "x.png"], "--png draws one puzzle; the input holds 2 (use --pdf for several)"),
        ([HARD, "--png", "x.png", "--size", "20"], "at least 8 pixels"),
    ],
)
def test_unusable_requests_exit_2_with_one_line(
    args: list, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[type-arg]
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *args)
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1 and err.startswith("sudoku-tk: ")
    assert not (tmp_path / "x.png").exists() and not (tmp_path / "x.pdf").exists()


def test_no_solution_to_draw_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "." * 81, "--png", str(tmp_path / "x.png"), "--solution")
    assert (status, out) == (1, "")
    assert err == "sudoku-tk: the puzzle has no single solution to show\n"


def test_an_unwritable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, HARD, "--pdf", str(tmp_path / "no" / "such" / "dir.pdf"))
    assert status == 2 and out == "" and "can't write" in err


def test_the_export_command_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_tk.cli.commands import SUBCOMMANDS, build_parser

    assert "export" in SUBCOMMANDS
    assert "export" in build_parser().format_help()
