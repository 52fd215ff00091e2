"""The GUI's command line: PUZZLE and --size are read and checked before any window opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.ui.messages.status_bar import format_elapsed
from sudoku_tk.ui.window.launch import puzzle_from_argument, run_gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_a_puzzle_line_is_read_as_givens() -> None:
    choice = puzzle_from_argument(CLASSIC)
    assert choice.text == CLASSIC and choice.name == "Puzzle" and choice.id == ""


def test_a_puzzle_file_is_read_and_named_after_itself(tmp_path: Path) -> None:
    path = tmp_path / "sunday.txt"
    path.write_text(CLASSIC + "\n", encoding="utf-8")
    choice = puzzle_from_argument(str(path))
    assert choice.text == CLASSIC and choice.name == "sunday"


def test_clashing_givens_are_refused_with_the_cells() -> None:
    with pytest.raises(ValueError, match="r1c1") as info:
        puzzle_from_argument("55" + CLASSIC[2:])
    assert not isinstance(info.value, PuzzleFormatError)


def test_text_that_is_no_puzzle_is_refused() -> None:
    with pytest.raises(PuzzleFormatError):
        puzzle_from_argument("hello")


def test_run_gui_returns_2_on_a_bad_puzzle_without_opening_a_window(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_gui(["55" + CLASSIC[2:]]) == 2
    assert capsys.readouterr().err.startswith("sudoku-tk: ")


def test_run_gui_rejects_an_unknown_size() -> None:
    with pytest.raises(SystemExit) as info:
        run_gui(["--size", "5"])
    assert info.value.code == 2


def test_format_elapsed() -> None:
    assert [format_elapsed(s) for s in (0, 59.99, 60, 3599, 3600, 36000)] == [
        "0:00",
        "0:59",
        "1:00",
        "59:59",
        "1:00:00",
        "10:00:00",
    ]


@pytest.mark.gui
@pytest.mark.parametrize(
    "argv,side,name",
    [(["--size", "16"], 16, None), (["--size", "4"], 4, None), ([CLASSIC, "--theme", "dark"], 9, "Puzzle")],
)
def test_run_gui_opens_the_asked_puzzle(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, argv: list[str], side: int, name: str | None
) -> None:
    from sudoku_tk.ui.window.app import App

    monkeypatch.setenv("SUDOKU_TK_DATA_DIR", str(tmp_path))  # run_gui keeps settings and autosave there

    seen: list[tuple[int, str, str, str]] = []

    def fake_mainloop(self: App, n: int = 0) -> None:
        self.update()
        seen.append((self.session.geometry.side, self.session.name, self.root.title(), self.theme.name))
        self.close()

    monkeypatch.setattr(App, "mainloop", fake_mainloop)
    assert run_gui(argv) == 0
    [(got_side, got_name, title, theme)] = seen
    assert got_side == side and title == f"Sudoku Tk — {got_name}"
    assert name is None or got_name == name
    assert theme == ("dark" if "dark" in argv else "light")
