"""Handing files to the desktop: print a PDF, put a PNG picture on the clipboard, take one from it, open a file.

Each platform has its own way, and some machines have none; every function here picks
the way from what the ``Desktop`` finds (programs on the PATH, a Wayland session,
Windows' shell) through the per-OS parts (linux.py, macos.py, windows.py, and posix.py
for what Linux and macOS share), runs it, and returns a ``Handoff``: whether it worked
and one sentence for the player that says what happened or what is missing. Nothing
raises for a missing program or printer. Tests pass a ``Desktop`` with fake programs.

- Print: Windows asks the shell to print the file (the PDF viewer's print verb);
  macOS and Linux send it to ``lp`` (the default printer, else the first printer
  ``lpstat -p`` lists); with no printer, or no ``lp``, the PDF opens in the default
  viewer, to be printed from there, and the player is told why.
- Clipboard picture: Linux ``wl-copy`` (Wayland) or ``xclip`` (X11); macOS
  ``osascript``; Windows PowerShell with .NET's clipboard.
- A picture on the clipboard (``paste_image``): Linux ``wl-paste`` or ``xclip`` (asked which types the
  clipboard holds, then for the picture's bytes); macOS ``osascript`` and Windows PowerShell write it
  to a scratch PNG file. The bytes are bounded (``limit``); the reader decodes them (vision/).

Text goes to and from the clipboard through Tk (``clipboard_append``/``clipboard_get``), which knows
each platform's clipboard itself: nothing here.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import sudoku_tk.system.linux as linux
import sudoku_tk.system.macos as macos
import sudoku_tk.system.posix as posix
import sudoku_tk.system.windows as windows

from .platforms import Platform
from .programs import IMAGE_LIMIT, ClipboardPicture, Desktop, Handoff


def open_file(path: Path, desktop: Desktop) -> Handoff:
    """Open ``path`` in the desktop's default program for it."""
    if desktop.platform is Platform.WINDOWS:
        return windows.open_file(path, desktop)
    return posix.open_with(macos.OPENER if desktop.platform is Platform.MAC else linux.OPENER, path, desktop)


def default_printer(desktop: Desktop) -> str | None:
    """The printer ``lpstat`` names as the default, else the first one it lists, else None (macOS and Linux)."""
    return posix.default_printer(desktop)


def print_pdf(path: Path, desktop: Desktop) -> Handoff:
    """Print the PDF at ``path``: to a printer where there is one, else open it in the viewer and say why."""
    if desktop.platform is Platform.WINDOWS:
        return windows.print_pdf(path, desktop)
    return posix.print_pdf(path, desktop, open_file)


def clipboard_image_command(path: Path, desktop: Desktop) -> tuple[tuple[str, ...] | None, str]:
    """The program that puts the PNG at ``path`` on the clipboard here, or None and what is missing."""
    if desktop.platform is Platform.WINDOWS:
        return windows.copy_image_command(path, desktop)
    if desktop.platform is Platform.MAC:
        return macos.copy_image_command(path, desktop)
    return linux.copy_image_command(path, desktop)


def copy_image(path: Path, desktop: Desktop) -> Handoff:
    """Put the PNG picture at ``path`` on the clipboard where the platform allows."""
    argv, missing = clipboard_image_command(path, desktop)
    if argv is None:
        return Handoff(False, missing)
    try:
        if argv[-2] == "--":  # wl-copy reads the picture from its standard input
            argv = argv[:-2]
            status, _ = desktop.run_input(argv, Path(path).read_bytes())
        else:
            status, _ = desktop.run_detached(argv)
    except (OSError, subprocess.SubprocessError) as exc:
        return Handoff(False, f"Can't copy the picture: {exc}.", argv)
    if status != 0:
        return Handoff(False, f"Can't copy the picture: {Path(argv[0]).name} failed (status {status}).", argv)
    return Handoff(True, "Copied the picture to the clipboard.", argv)


def paste_image(desktop: Desktop, scratch: Path, limit: int = IMAGE_LIMIT) -> ClipboardPicture:
    """The picture on the clipboard, as its file's bytes (PNG, JPEG…), where the platform lets us read it.

    ``scratch``: a file the macOS and Windows ways may write the picture to (removed afterwards).
    """
    try:
        if desktop.platform is Platform.WINDOWS:
            return windows.paste_image(desktop, scratch, limit)
        if desktop.platform is Platform.MAC:
            return macos.paste_image(desktop, scratch, limit)
        return linux.paste_image(desktop, limit)
    except (OSError, subprocess.SubprocessError) as exc:
        return ClipboardPicture(None, f"Can't read the clipboard: {exc}.")
    finally:
        try:
            Path(scratch).unlink()
        except OSError:
            pass


__all__ = [
    "IMAGE_LIMIT",
    "ClipboardPicture",
    "Desktop",
    "Handoff",
    "clipboard_image_command",
    "copy_image",
    "default_printer",
    "open_file",
    "paste_image",
    "print_pdf",
]
