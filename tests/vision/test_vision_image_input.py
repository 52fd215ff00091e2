"""Opening pictures (vision/image_input.py): the formats, and the limits checked before anything is decoded."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from sudoku_tk.vision.image_input import MAX_BYTES, PictureError, open_picture, picture_from_bytes


def _picture(mode: str = "RGB", size: tuple[int, int] = (40, 30)) -> Image.Image:
    picture = Image.new(mode, size, "white" if mode != "RGBA" else (0, 0, 0, 0))
    picture.putpixel((3, 4), (200, 10, 10, 255) if mode == "RGBA" else (200, 10, 10) if mode == "RGB" else 7)
    return picture


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "GIF", "BMP", "WEBP", "TIFF"])
def test_every_common_format_opens(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / f"board.{fmt.lower()}"
    _picture().save(path, fmt)
    opened = open_picture(path)
    assert opened.size == (40, 30) and opened.mode in ("RGB", "L")


def test_a_transparent_png_lies_on_white(tmp_path: Path) -> None:
    path = tmp_path / "clear.png"
    _picture("RGBA").save(path)
    opened = open_picture(path)
    assert opened.mode == "RGB" and opened.getpixel((0, 0)) == (255, 255, 255)


def test_the_exif_turn_is_kept_for_the_reader(tmp_path: Path) -> None:
    path = tmp_path / "phone.jpg"
    exif = Image.Exif()
    exif[274] = 6  # stored on its side: turn it a quarter clockwise to view
    _picture().save(path, "JPEG", exif=exif.tobytes())
    opened = open_picture(path)
    assert opened.getexif().get(274) == 6


def test_a_file_that_is_not_a_picture_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "notes.png"
    path.write_text("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    with pytest.raises(PictureError, match="notes.png"):
        open_picture(path)


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(PictureError, match="can't read gone.png"):
        open_picture(tmp_path / "gone.png")


def test_a_file_over_30_mb_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "huge.png"
    with open(path, "wb") as f:
        f.truncate(MAX_BYTES + 1)  # a sparse file: its size is all that is looked at
    with pytest.raises(PictureError, match="30.0 MB"):
        open_picture(path)


def _png_header_only(width: int, height: int) -> bytes:
    """A PNG whose header claims width×height pixels, with almost no data (a decompression bomb's shape)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")
    )


def test_a_picture_over_50_megapixels_is_refused_before_decoding() -> None:
    bomb = _png_header_only(10_000, 6_000)  # 60 megapixels promised in a few dozen bytes
    assert len(bomb) < 200
    with pytest.raises(PictureError, match="60 megapixels"):
        picture_from_bytes(bomb, "bomb.png")


def test_a_truncated_picture_is_refused() -> None:
    buffer = io.BytesIO()
    _picture(size=(300, 300)).save(buffer, "PNG")
    with pytest.raises(PictureError, match="cut.png"):
        picture_from_bytes(buffer.getvalue()[:60], "cut.png")


def test_a_big_jpeg_is_decoded_at_a_reduced_scale() -> None:
    buffer = io.BytesIO()
    Image.new("RGB", (6000, 4000), "white").save(buffer, "JPEG", quality=50)
    opened = picture_from_bytes(buffer.getvalue(), "big.jpg")
    assert max(opened.size) <= 3000  # JPEG's own scaling: never the whole 24 megapixels in memory
