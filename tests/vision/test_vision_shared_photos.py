"""The reader on the shared phone photos (``../shared/data/photos``; skipped in a plain clone, required in CI).

Fast enough for every run (about 30 photos): the split is the fixed one, by puzzle; a sample of the photos
the reader was tuned on must read as well as when it was made, with every wrong cell shown to the player.
The figures on the held-out photos are the benchmark's (benchmarks/read_images.py), not a test's: a test
that failed on them would be tuning on them.
"""

from __future__ import annotations

import pytest
from PIL import Image
from shared_data import shared_file

from sudoku_tk.vision.image_input import open_picture
from sudoku_tk.vision.photo_set import SHARED_PHOTOS, load_photos, score
from sudoku_tk.vision.read_check import CheckStatus, check_reading
from sudoku_tk.vision.reader import read_picture


@pytest.fixture(scope="module")
def photos():  # type: ignore[no-untyped-def]
    shared_file(SHARED_PHOTOS / "README.md")
    return load_photos()


def test_the_split_is_fixed_and_by_puzzle(photos) -> None:  # type: ignore[no-untyped-def]
    held = [p for p in photos if p.held_out]
    assert len(photos) == 160 and len(held) == 42
    assert {p.givens for p in held}.isdisjoint({p.givens for p in photos if not p.held_out})
    assert [p.name for p in held[:3]] == ["image9", "image24", "image27"]


def test_tuned_on_photos_read_with_no_silent_misread(photos) -> None:  # type: ignore[no-untyped-def]
    sample = [p for p in photos if not p.held_out][::4]
    assert len(sample) >= 29
    cells = right = exact = 0
    silent = []
    for photo in sample:
        reading = read_picture(open_picture(photo.path))
        check = check_reading(reading.values, reading.confidences, alternatives=[c.alternatives for c in reading.cells])
        pointed = [f.cell for f in check.fixes]
        if check.status is not CheckStatus.UNIQUE:
            pointed += list(check.suspects[:3]) + list(check.conflicts)
        if check.whole_grid:  # no one-cell fix: the check points at every cell
            pointed = list(range(81))
        s = score(reading.values, reading.unsure(), pointed, photo.givens)
        cells += s.cells
        right += s.right
        exact += s.exact
        silent += [(photo.name, c) for c in s.silent]
    assert right / cells >= 0.995, f"{right}/{cells} cells right"
    assert exact / len(sample) >= 0.85, f"{exact}/{len(sample)} puzzles exactly right"
    assert silent == []


@pytest.mark.parametrize("name", ["image1050", "image1043", "image203"])
def test_a_photo_with_faint_thin_lines_taken_from_further_off_reads_exactly(photos, name: str) -> None:  # type: ignore[no-untyped-def]
    # Tuned-on photos whose thin lines print faint beside bold digits, made smaller until the grid is 250 pixels
    # wide (a page photographed from further off, or a puzzle in a corner of a bigger picture): the cell lines
    # were traced onto the columns of digits beside them.
    photo = next(p for p in photos if p.name == name)
    whole = open_picture(photo.path)
    corners = read_picture(whole).corners
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    margin = 0.12 * (max(xs) - min(xs))
    crop = whole.crop(
        (
            int(max(0, min(xs) - margin)),
            int(max(0, min(ys) - margin)),
            int(min(whole.width, max(xs) + margin)),
            int(min(whole.height, max(ys) + margin)),
        )
    )
    scale = 250 / max(max(xs) - min(xs), max(ys) - min(ys))
    small = crop.resize((round(crop.width * scale), round(crop.height * scale)), Image.Resampling.LANCZOS)
    assert list(read_picture(small).values) == list(photo.givens)
