"""Scalable fonts for board pictures: the board's own family where Pillow can find it, else Pillow's built-in.

A picture is drawn at its final size with TrueType fonts, so 2× is as crisp as 1×.
The faces are looked for in this order, first found wins, once per run:

1. ``fc-match`` (Linux, and any system with fontconfig): the file behind "DejaVu Sans"
   in the style asked for;
2. font files by name, which Pillow itself looks for in the system's font folders
   (Windows ``Fonts``, macOS ``/Library/Fonts``, Linux ``/usr/share/fonts``):
   DejaVu, Segoe UI, Arial, Liberation Sans, Helvetica;
3. Pillow's built-in scalable face (``ImageFont.load_default(size=...)``, Pillow 10.1
   and later), the same on every system; its bold and italic are the regular face.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
from enum import Enum

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


class Face(Enum):
    """The three faces a board uses: givens bold, player digits regular, automatic digits italic."""

    REGULAR = ""
    BOLD = "bold"
    ITALIC = "italic"


_FILES: dict[Face, tuple[str, ...]] = {
    Face.REGULAR: ("DejaVuSans.ttf", "segoeui.ttf", "arial.ttf", "Arial.ttf", "LiberationSans-Regular.ttf"),
    Face.BOLD: ("DejaVuSans-Bold.ttf", "segoeuib.ttf", "arialbd.ttf", "Arial Bold.ttf", "LiberationSans-Bold.ttf"),
    Face.ITALIC: (
        "DejaVuSans-Oblique.ttf",
        "segoeuii.ttf",
        "ariali.ttf",
        "Arial Italic.ttf",
        "LiberationSans-Italic.ttf",
    ),
}
_FC_PATTERNS = {Face.REGULAR: "DejaVu Sans", Face.BOLD: "DejaVu Sans:bold", Face.ITALIC: "DejaVu Sans:oblique"}


def _fc_match(pattern: str) -> str | None:
    """The font file fontconfig picks for ``pattern``, or None (no fc-match, or it failed)."""
    exe = shutil.which("fc-match")
    if exe is None:
        return None
    try:
        done = subprocess.run([exe, "-f", "%{file}", pattern], capture_output=True, text=True, timeout=5, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    path = done.stdout.strip()
    return path if done.returncode == 0 and path.lower().endswith((".ttf", ".otf", ".ttc")) else None


@functools.cache
def font_file(face: Face) -> str | None:
    """The TrueType file used for ``face`` here, or None when only Pillow's built-in face is left."""
    wanted = _fc_match(_FC_PATTERNS[face])
    names = ((wanted,) if wanted else ()) + _FILES[face]
    for name in names:
        try:
            ImageFont.truetype(name, 12)
        except OSError:
            continue
        return name
    return None


@functools.lru_cache(maxsize=256)
def board_font(face: Face, px: int) -> Font:
    """A font of ``face`` whose em is ``px`` pixels (scalable when any TrueType face or Pillow ≥ 10.1 is there)."""
    px = max(1, int(px))
    name = font_file(face)
    if name is not None:
        return ImageFont.truetype(name, px)
    try:
        return ImageFont.load_default(size=px)
    except TypeError:  # Pillow before 10.1: a fixed-size bitmap face, small but readable
        return ImageFont.load_default()


def is_scalable(font: Font) -> bool:
    """Does this font draw at any size (TrueType), not only its one bitmap size?"""
    return isinstance(font, ImageFont.FreeTypeFont)
