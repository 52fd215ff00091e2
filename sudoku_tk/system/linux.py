"""Linux and other Unix desktops (X11 and Wayland): the clipboard programs, dark mode, the data folder, the opener.

- Clipboard pictures: ``wl-copy`` / ``wl-paste`` in a Wayland session (``WAYLAND_DISPLAY``), else ``xclip``
  (X11); pasting first asks which types the clipboard holds, then for the picture's bytes.
- Dark mode: ``GTK_THEME`` naming a dark variant, else GNOME's ``color-scheme`` (``prefer-dark``), else a
  GTK theme whose name ends in ``-dark``.
- The data folder: ``$XDG_DATA_HOME/sudoku-tk``, or ``~/.local/share/sudoku-tk`` when the variable is unset,
  empty or not an absolute path (as the XDG spec says).
- Files open with ``xdg-open``; printing is ``lp`` (posix.py).
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path, PurePosixPath

from .programs import NO_PICTURE, ClipboardPicture, Desktop

OPENER = "xdg-open"
"""The program that opens a file in its default viewer."""


def data_dir(environ: Mapping[str, str], home: str, app_dir: str) -> PurePosixPath:
    """The per-user data folder: under ``$XDG_DATA_HOME`` when it is an absolute path, else ``~/.local/share``."""
    xdg = environ.get("XDG_DATA_HOME", "").strip()
    base = PurePosixPath(xdg) if xdg.startswith("/") else PurePosixPath(home) / ".local" / "share"
    return base / app_dir


def prefers_dark(environ: Mapping[str, str], run: Callable[[list[str]], str]) -> bool | None:
    """Does the desktop ask for dark colours (see the module docstring)? None when nothing says."""
    try:
        gtk = environ.get("GTK_THEME", "").strip().lower()
        if gtk:
            return gtk.endswith(":dark") or gtk.endswith("-dark")
        scheme = run(["gsettings", "get", "org.gnome.desktop.interface", "color-scheme"]).strip().strip("'\"")
        if scheme == "prefer-dark":
            return True
        if scheme == "prefer-light":
            return False
        name = run(["gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"]).strip().strip("'\"").lower()
        return name.endswith("-dark") if name else None
    except (OSError, ValueError, subprocess.SubprocessError):
        return None  # no gsettings, no schema, no desktop session: nothing to follow


def copy_image_command(path: Path, desktop: Desktop) -> tuple[tuple[str, ...] | None, str]:
    """``wl-copy`` (Wayland; it reads the picture after ``--``) or ``xclip``, or None and what is missing."""
    wl_copy = desktop.which("wl-copy") if desktop.env.get("WAYLAND_DISPLAY") else None
    if wl_copy is not None:
        return (wl_copy, "--type", "image/png", "--", str(path)), ""
    xclip = desktop.which("xclip")
    if xclip is not None:
        return (xclip, "-selection", "clipboard", "-t", "image/png", "-i", str(path)), ""
    return None, "Copying a picture needs xclip (X11) or wl-clipboard (Wayland); install one, or use Export picture."


def _image_type(types: str) -> str | None:
    """The picture type to ask for among the clipboard's types (PNG first), or None."""
    offered = [t.strip() for t in types.splitlines() if t.strip().startswith("image/")]
    for preferred in ("image/png", "image/jpeg", "image/bmp", "image/gif", "image/webp"):
        if preferred in offered:
            return preferred
    return offered[0] if offered else None


def paste_image(desktop: Desktop, limit: int) -> ClipboardPicture:
    """The picture on the clipboard through ``wl-paste`` or ``xclip``: its bytes, at most ``limit``."""
    listing: tuple[str, ...]
    getting: tuple[str, ...]
    wl_paste = desktop.which("wl-paste") if desktop.env.get("WAYLAND_DISPLAY") else None
    if wl_paste is not None:
        listing, getting = (wl_paste, "--list-types"), (wl_paste, "--no-newline", "--type")
    else:
        xclip = desktop.which("xclip")
        if xclip is None:
            return ClipboardPicture(
                None, "Pasting a picture needs xclip (X11) or wl-clipboard (Wayland); or open the picture's file."
            )
        listing = (xclip, "-selection", "clipboard", "-t", "TARGETS", "-o")
        getting = (xclip, "-selection", "clipboard", "-o", "-t")
    status, types = desktop.run(listing)
    kind = _image_type(types) if status == 0 else None
    if kind is None:
        return ClipboardPicture(None, NO_PICTURE, listing)
    argv = (*getting, kind)
    status, data = desktop.run_bytes(argv, limit)
    if status == -1 and len(data) >= limit:
        return ClipboardPicture(None, f"The picture on the clipboard is over {limit // (1024 * 1024)} MB.", argv)
    if status != 0 or not data:
        return ClipboardPicture(None, f"Can't read the picture on the clipboard ({Path(argv[0]).name} failed).", argv)
    return ClipboardPicture(data, "", argv)


__all__ = ["OPENER", "copy_image_command", "data_dir", "paste_image", "prefers_dark"]
