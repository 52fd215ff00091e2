"""The generated app icons: present, the right sizes, the intended motif, and reproducible.

build_scripts/make_icons.py draws them; the committed files must be exactly what it writes.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from importlib import resources
from pathlib import Path
from types import ModuleType

import pytest
from PIL import Image
from shared_data import REPO

SCRIPT = REPO / "build_scripts" / "make_icons.py"
RUNTIME_SIZES = (16, 32, 48, 64, 128, 256)
GENERATED = (
    Path("icons/sudoku-tk.png"),
    Path("icons/sudoku-tk.ico"),
    Path("icons/sudoku-tk.icns"),
    *(Path(f"sudoku_tk/resources/icon-{size}.png") for size in RUNTIME_SIZES),
)


@pytest.fixture(scope="module")
def make_icons() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_icons", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_icons"] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


def test_the_script_writes_exactly_the_committed_files(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(SCRIPT), "--out", str(tmp_path)], check=True, capture_output=True)
    written = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert written == sorted(GENERATED)
    changed = [str(rel) for rel in GENERATED if (tmp_path / rel).read_bytes() != (REPO / rel).read_bytes()]
    assert not changed, f"regenerate with `python {SCRIPT.relative_to(REPO)}` and commit: {changed}"


def test_the_master_is_a_1024_px_rgba_png() -> None:
    with Image.open(REPO / "icons/sudoku-tk.png") as master:
        assert (master.format, master.mode, master.size) == ("PNG", "RGBA", (1024, 1024))


@pytest.mark.parametrize("size", RUNTIME_SIZES)
def test_each_runtime_icon_has_its_size(size: int) -> None:
    data = resources.files("sudoku_tk").joinpath("resources", f"icon-{size}.png").read_bytes()
    with Image.open(REPO / f"sudoku_tk/resources/icon-{size}.png") as icon:
        assert (icon.format, icon.mode, icon.size) == ("PNG", "RGBA", (size, size))
    # The copy the package exposes at run time is the same file.
    assert data == (REPO / f"sudoku_tk/resources/icon-{size}.png").read_bytes()


def test_the_ico_holds_16_to_256_px() -> None:
    with Image.open(REPO / "icons/sudoku-tk.ico") as ico:
        assert sorted(ico.info["sizes"]) == [(s, s) for s in (16, 24, 32, 48, 64, 128, 256)]
        ico.size = (16, 16)
        ico.load()
        with Image.open(REPO / "sudoku_tk/resources/icon-16.png") as small:
            # The 16 px entry is the hand-simplified drawing, not a shrunken master.
            assert ico.convert("RGBA").tobytes() == small.tobytes()


def test_the_icns_is_built_from_the_master() -> None:
    with Image.open(REPO / "icons/sudoku-tk.icns") as icns:
        assert {s[:2] for s in icns.info["sizes"]} == {(16, 16), (32, 32), (128, 128), (256, 256), (512, 512)}
        icns.load()  # the largest entry: 512 px at scale 2
        with Image.open(REPO / "icons/sudoku-tk.png") as master:
            assert icns.size == (1024, 1024)
            assert icns.convert("RGBA").tobytes() == master.tobytes()


def test_the_motif_survives_at_16_px(make_icons: ModuleType) -> None:
    icon = make_icons.render(16)
    assert icon.getpixel((0, 0))[3] == 0, "rounded corner is transparent"
    assert icon.getpixel((8, 0)) == make_icons.FRAME
    assert icon.getpixel((3, 3)) == make_icons.PAPER, "top-left cell"
    assert icon.getpixel((5, 3)) == make_icons.FRAME, "grid line between the top cells"
    assert icon.getpixel((8, 8)) == make_icons.HIGHLIGHT, "the selected centre cell"


@pytest.mark.parametrize("size", (24, 32, 1024))
def test_the_big_digit_is_inked_in_the_centre_cell(make_icons: ModuleType, size: int) -> None:
    icon = make_icons.render(size)
    box = make_icons.layout(size).cell_box(4)
    colours = {colour for _, colour in icon.crop(box).getcolors(maxcolors=size * size)}
    assert make_icons.BIG_DIGIT in colours and make_icons.HIGHLIGHT in colours


def test_candidates_are_drawn_only_at_large_sizes(make_icons: ModuleType) -> None:
    def has_candidate_ink(size: int) -> bool:
        box = make_icons.layout(size).cell_box(0)  # top-left cell holds candidates
        crop = make_icons.render(size).crop(box).convert("RGB")
        return make_icons.CANDIDATE[:3] in {colour for _, colour in crop.getcolors(maxcolors=size * size)}

    assert has_candidate_ink(1024) and has_candidate_ink(64)
    assert not has_candidate_ink(32), "at 32 px candidates would be noise"


def test_no_cell_offers_the_big_digit_as_a_candidate(make_icons: ModuleType) -> None:
    # The picture tells the app's story: every peer of the placed digit lost that candidate.
    cells = [c for c in make_icons.CANDIDATES if c is not None]
    assert len(cells) == 8 and all(make_icons.BIG not in c for c in cells)


@pytest.mark.gui
def test_tk_loads_the_runtime_icons() -> None:
    import tkinter

    root = tkinter.Tk()
    try:
        root.withdraw()
        photos = [
            tkinter.PhotoImage(
                master=root, data=resources.files("sudoku_tk").joinpath("resources", f"icon-{size}.png").read_bytes()
            )
            for size in RUNTIME_SIZES
        ]
        assert [(p.width(), p.height()) for p in photos] == [(s, s) for s in RUNTIME_SIZES]
        root.iconphoto(True, *photos)
    finally:
        root.destroy()
