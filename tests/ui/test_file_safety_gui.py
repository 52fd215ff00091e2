"""Issue 22, items 6, 16 and 17 in the window: files the player saves get the umask's mode, Save As never
replaces a device or a pipe, and Game > Open on a named pipe answers at once instead of freezing the window."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from gui_helpers import MakeApp, pump

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from fault_helpers import make_device, make_fifo, must_not_block  # noqa: E402

from sudoku_tk.app.storage.game_io import TextKind  # noqa: E402
from sudoku_tk.ui.dialogs.export import PdfChoice, PictureChoice  # noqa: E402

pytestmark = pytest.mark.gui


@pytest.fixture()
def umask_022() -> Iterator[int]:
    """The usual umask while the test runs: a new file the player saves must come out 0o644."""
    old = os.umask(0o022)
    try:
        yield 0o644
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_pictures_pdfs_texts_and_games_get_the_umasks_mode(make_app: MakeApp, tmp_path: Path, umask_022: int) -> None:
    app = make_app()
    app.exports.ask_picture = lambda: PictureChoice(scale=1)
    app.exports.ask_pdf = lambda title, ok: PdfChoice("puzzle", 1, False)
    app.exports.ask_path = lambda title, suffix, name: tmp_path / f"out{suffix}"
    assert app.run_command("export-picture")
    app.run_command("export-pdf")
    pump(app)
    app.files.ask_export = lambda kind: tmp_path / "puzzle.txt"
    assert app.files.export(TextKind.PUZZLE)
    app.files.ask_save = lambda: tmp_path / "game.json"
    assert app.files.save_as()
    assert {p.name: mode(p) for p in tmp_path.iterdir()} == {
        "out.png": umask_022,
        "out.pdf": umask_022,
        "puzzle.txt": umask_022,
        "game.json": umask_022,
    }


def test_a_file_written_over_keeps_its_mode_and_the_autosave_stays_private(
    make_app: MakeApp, tmp_path: Path, data_dir: Path, umask_022: int
) -> None:
    shared = tmp_path / "shared.png"
    shared.write_bytes(b"old")
    shared.chmod(0o664)
    app = make_app(data_dir=data_dir)
    app.exports.ask_picture = lambda: PictureChoice(scale=1)
    app.exports.ask_path = lambda title, suffix, name: shared
    assert app.run_command("export-picture")
    assert mode(shared) == 0o664 and shared.read_bytes()[:4] == b"\x89PNG"
    app.files.autosave()
    app.update_settings(replace(app.settings, board_zoom=120))
    assert mode(data_dir / "autosave" / "autosave.json") == 0o600
    assert mode(data_dir / "settings.json") == 0o600


def test_save_as_onto_a_device_is_refused_in_words(make_app: MakeApp, tmp_path: Path) -> None:
    device = make_device(tmp_path / "console")
    app = make_app()
    app.files.ask_save = lambda: device
    assert app.files.save_as() is False
    assert "console is a device, not a file" in app.banner_text() and "Saved" not in app.status_text()
    assert stat.S_ISCHR(device.lstat().st_mode)
    assert app.files.path is None  # Save does not go on writing there


def test_save_as_and_export_onto_a_pipe_are_refused_without_blocking(make_app: MakeApp, tmp_path: Path) -> None:
    pipe = make_fifo(tmp_path / "pipe.json")
    app = make_app()
    app.files.ask_save = lambda: pipe
    assert must_not_block(app.files.save_as, [pipe]) is False
    assert "pipe.json is a named pipe (FIFO), not a file" in app.banner_text()
    app.exports.ask_picture = lambda: PictureChoice(scale=1)
    app.exports.ask_path = lambda title, suffix, name: pipe
    assert must_not_block(lambda: app.run_command("export-picture"), [pipe])
    assert "named pipe" in app.banner_text()
    assert stat.S_ISFIFO(pipe.lstat().st_mode)


def test_opening_a_named_pipe_answers_at_once_and_keeps_the_game(make_app: MakeApp, tmp_path: Path) -> None:
    pipe = make_fifo(tmp_path / "puzzles.txt")
    app = make_app()
    before = app.session.to_record()
    app.files.ask_open = lambda: pipe
    must_not_block(app.files.open, [pipe])
    assert (
        app.banner_text()
        == "Can't open puzzles.txt: puzzles.txt is a named pipe (FIFO), not a file. Your game is unchanged."
    )
    assert app.session.to_record().moves == before.moves and app.session.name == before.puzzle_name


def test_open_picture_on_a_pipe_a_device_or_a_folder_answers_at_once(make_app: MakeApp, tmp_path: Path) -> None:
    """Game > Open picture, a picture from Finder or one named on the command line: the same reader as Game > Open."""
    pipe = make_fifo(tmp_path / "photo.png")
    folder = tmp_path / "scans.jpg"
    folder.mkdir()
    app = make_app()
    before = app.session.to_record()
    app.pictures.ask_open = lambda: pipe
    must_not_block(lambda: app.run_command("open-picture"), [pipe])
    assert (
        app.banner_text()
        == "Can't read photo.png: photo.png is a named pipe (FIFO), not a file. Your game is unchanged."
    )
    assert must_not_block(lambda: app.open_document(pipe), [pipe]) is False
    assert app.banner_text().startswith("Can't read photo.png: photo.png is a named pipe (FIFO)")
    assert app.open_document(folder) is False
    assert app.banner_text() == "Can't read scans.jpg: scans.jpg is a folder, not a file. Your game is unchanged."
    assert app.pictures.open_path(Path("/dev/zero")) is False
    assert app.banner_text() == "Can't read zero: zero is a device, not a file. Your game is unchanged."
    assert app.session.to_record().moves == before.moves and app.session.name == before.puzzle_name
    assert stat.S_ISFIFO(pipe.lstat().st_mode)
