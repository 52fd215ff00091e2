"""Opening a picture safely: size limits checked before any pixel is decoded, one error type with the reason.

A file over ``MAX_BYTES`` is refused unread; one whose header promises more than ``MAX_PIXELS`` pixels is refused
before decoding (a decompression bomb: a small PNG that unpacks to gigabytes), and Pillow's own bomb check is
held to the same limit while it decodes. A big JPEG is decoded at a reduced scale (JPEG can do that almost for
free), and any other big picture is shrunk by a whole factor as soon as it is decoded, since the reader never
needs more than a couple of thousand pixels a side. Formats: PNG, JPEG (and
phones' MPO), GIF (its first frame), BMP, WebP, TIFF, and HEIC/AVIF where a Pillow plug-in that reads them
is installed.
"""

from __future__ import annotations

import io
import os
import warnings
from pathlib import Path

from PIL import Image, UnidentifiedImageError

MAX_BYTES = 30 * 1024 * 1024
"""Pictures larger than this (30 MB) are not read."""
MAX_PIXELS = 50_000_000
"""Pictures with more pixels than this (50 megapixels) are not decoded."""
FORMATS = frozenset({"PNG", "JPEG", "MPO", "GIF", "BMP", "WEBP", "TIFF", "HEIF", "AVIF"})
"""What Pillow may decode here (it knows many more; these are the ones a player's picture comes in)."""
DECODE_SIDE = 2048
"""A JPEG is decoded at a reduced scale down to about this many pixels on its longer side."""


class PictureError(ValueError):
    """A picture that is not read: too big, not a picture, or a format that can't be decoded here."""


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f} MB"


def _register_plugins() -> None:
    """Let Pillow read HEIC/AVIF when the pillow-heif plug-in is installed (it is optional)."""
    try:
        from pillow_heif import register_heif_opener  # type: ignore[import-not-found]
    except ImportError:
        return
    register_heif_opener()


def too_large(name: str) -> PictureError:
    """The error for a picture over ``MAX_BYTES``, refused before it is decoded."""
    return PictureError(f"{name} is over {_megabytes(MAX_BYTES)}; such pictures are not read")


def open_picture(path: str | Path) -> Image.Image:
    """The picture in the file at ``path``, decoded (RGB or L), within the limits: for the project's own scripts
    and tests, which read files they made or were given. The window and the command line read the player's files
    with the app's one reader (``app/storage/file_reading.read_file``: never blocked by a named pipe, a device
    refused in words) and decode the bytes with ``picture_from_bytes``.

    Raises:
        PictureError: too big, unreadable, or not a picture; the message names the file and the reason.
    """
    path = Path(path)
    try:
        size = os.stat(path).st_size
    except OSError as exc:
        raise PictureError(f"can't read {path.name}: {exc.strerror or exc}") from exc
    if size > MAX_BYTES:
        raise PictureError(f"{path.name} is {_megabytes(size)}; pictures over {_megabytes(MAX_BYTES)} are not read")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise PictureError(f"can't read {path.name}: {exc.strerror or exc}") from exc
    return picture_from_bytes(data, path.name)


def picture_from_bytes(data: bytes, name: str = "the picture") -> Image.Image:
    """The picture in ``data`` (a file's bytes, or the clipboard's), decoded within the limits.

    Raises:
        PictureError: too big, unreadable, or not a picture.
    """
    if len(data) > MAX_BYTES:
        raise too_large(name)
    _register_plugins()
    limit = Image.MAX_IMAGE_PIXELS
    try:
        Image.MAX_IMAGE_PIXELS = None  # the header's size is checked below, with the numbers in the message
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(data))
            Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # and Pillow's own check, at our limit, while decoding
            fmt = picture.format or ""
            if fmt not in FORMATS:
                raise PictureError(f"{name} is a {fmt or 'kind of'} file, not a picture this app reads")
            width, height = picture.size
            if width * height > MAX_PIXELS:
                raise PictureError(
                    f"{name} is {width}×{height} pixels ({width * height / 1e6:.0f} megapixels); "
                    f"pictures over {MAX_PIXELS // 1_000_000} megapixels are not read"
                )
            if fmt in ("JPEG", "MPO") and max(width, height) > 2 * DECODE_SIDE:
                scale = max(width, height) // DECODE_SIDE
                picture.draft("RGB", (width // scale, height // scale))
            picture.seek(0)
            picture.load()
            return _plain(_smaller(picture))
    except PictureError:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning) as exc:
        raise PictureError(f"{name} unpacks to too many pixels; it is not read") from exc
    except UnidentifiedImageError as exc:
        raise PictureError(f"{name} is not a picture (PNG, JPEG, GIF, BMP, WebP or TIFF)") from exc
    except (OSError, SyntaxError, ValueError, EOFError, MemoryError) as exc:
        raise PictureError(f"{name} is not a picture that can be read ({_short(exc)})") from exc
    finally:
        Image.MAX_IMAGE_PIXELS = limit


def _smaller(picture: Image.Image) -> Image.Image:
    """A picture far bigger than the reader needs, shrunk by a whole factor at once (the big one is let go)."""
    longest = max(picture.size)
    if longest <= 2 * DECODE_SIDE or picture.mode not in ("RGB", "RGBA", "L", "LA"):
        return picture
    exif = picture.getexif()
    small = picture.reduce(longest // DECODE_SIDE)
    if len(exif):
        small.info["exif"] = exif.tobytes()
    return small


def _plain(picture: Image.Image) -> Image.Image:
    """The picture as RGB or L, its EXIF orientation kept (RGBA on white; palettes expanded)."""
    exif = picture.getexif() if hasattr(picture, "getexif") else None
    if picture.mode in ("RGB", "L"):
        out = picture
    elif picture.mode in ("RGBA", "LA", "PA") or (picture.mode == "P" and "transparency" in picture.info):
        rgba = picture.convert("RGBA")
        out = Image.new("RGB", rgba.size, (255, 255, 255))
        out.paste(rgba, mask=rgba.getchannel("A"))
    elif picture.mode in ("I;16", "I", "F"):
        out = picture.convert("L")
    else:
        out = picture.convert("RGB")
    if exif is not None and out is not picture and len(exif):
        out.info["exif"] = exif.tobytes()
    return out


def _short(exc: BaseException) -> str:
    text = str(exc).strip() or type(exc).__name__
    return text if len(text) <= 80 else text[:77] + "…"
