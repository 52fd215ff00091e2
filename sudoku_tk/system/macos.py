"""macOS: the clipboard through ``osascript``, dark mode from ``defaults``, the data folder, the opener.

- Clipboard pictures: ``osascript`` sets the clipboard from the PNG file, and writes the clipboard's
  picture (as PNG) to a scratch file to paste it.
- Dark mode: ``defaults read -g AppleInterfaceStyle`` says ``Dark`` (the key is absent in light mode).
- The data folder: ``~/Library/Application Support/sudoku-tk``.
- Files open with ``open``; printing is ``lp`` (posix.py).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path, PurePosixPath

from .programs import NO_PICTURE, ClipboardPicture, Desktop, scratch_bytes

OPENER = "open"
"""The program that opens a file in its default viewer."""


def data_dir(home: str, app_dir: str) -> PurePosixPath:
    """The per-user data folder: ``~/Library/Application Support/<app_dir>``."""
    return PurePosixPath(home) / "Library" / "Application Support" / app_dir


def prefers_dark(run: Callable[[list[str]], str]) -> bool | None:
    """Does the desktop ask for dark colours? None when ``defaults`` can't be run."""
    try:
        try:
            return run(["defaults", "read", "-g", "AppleInterfaceStyle"]).strip().lower() == "dark"
        except subprocess.CalledProcessError:
            return False  # the key is absent in light mode
    except (OSError, ValueError, subprocess.SubprocessError):
        return None


def _quoted(path: Path) -> str:
    return str(path).replace("\\", "\\\\").replace('"', '\\"')


def copy_image_command(path: Path, desktop: Desktop) -> tuple[tuple[str, ...] | None, str]:
    """``osascript`` setting the clipboard to the PNG at ``path``, or None and what is missing."""
    exe = desktop.which("osascript")
    if exe is None:
        return None, "Copying a picture needs osascript, which is not found."
    return (exe, "-e", f'set the clipboard to (read (POSIX file "{_quoted(path)}") as «class PNGf»)'), ""


def paste_image(desktop: Desktop, scratch: Path, limit: int) -> ClipboardPicture:
    """The clipboard's picture as PNG bytes, written by ``osascript`` to ``scratch`` (at most ``limit`` bytes)."""
    exe = desktop.which("osascript")
    if exe is None:
        return ClipboardPicture(None, "Pasting a picture needs osascript, which is not found.")
    script = (
        f'set f to open for access (POSIX file "{_quoted(scratch)}") with write permission\n'
        "try\n  set eof f to 0\n  write (the clipboard as «class PNGf») to f\n"
        "on error\n  close access f\n  error number 3\nend try\nclose access f"
    )
    argv = (exe, "-e", script)
    status, _ = desktop.run(argv)
    data = scratch_bytes(scratch, limit) if status == 0 else None
    if not data:
        return ClipboardPicture(None, NO_PICTURE, argv)
    return ClipboardPicture(data, "", argv)


__all__ = ["OPENER", "copy_image_command", "data_dir", "paste_image", "prefers_dark"]
