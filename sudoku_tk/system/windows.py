"""Windows: the shell opens and prints files, PowerShell reaches the clipboard, the registry says dark mode;
the data folder, process ids, byte-range file locks, and DPI awareness.

- Open and print: ``os.startfile`` with the ``open`` or ``print`` verb (the PDF viewer's print verb); a PDF
  nobody can print is opened in the viewer instead.
- Clipboard pictures: PowerShell with .NET's ``System.Windows.Forms.Clipboard`` (set from the PNG file; the
  clipboard's picture saved as PNG to a scratch file to paste it).
- Dark mode: ``AppsUseLightTheme`` in the user's registry.
- The data folder: ``%APPDATA%\\sudoku-tk`` (the roaming profile; ``~\\AppData\\Roaming`` when unset).
- Locks: ``msvcrt.locking`` on one byte of the open file (released by the system when the process ends).

The Windows-only modules (``msvcrt``, ``winreg``, ``ctypes.windll``) are imported inside the functions, so this
part loads (and its command lines are tested) anywhere; the ``sys.platform`` checks around them are for the type
checker, which only knows those modules on Windows.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path, PureWindowsPath

from .programs import NO_PICTURE, ClipboardPicture, Desktop, Handoff, scratch_bytes

_STILL_ACTIVE = 259
_ACCESS_DENIED = 5
_QUERY_LIMITED_INFORMATION = 0x1000


def data_dir(environ: Mapping[str, str], home: str, app_dir: str) -> PureWindowsPath:
    """The per-user data folder: ``%APPDATA%\\<app_dir>``, or under ``~\\AppData\\Roaming`` when unset."""
    appdata = environ.get("APPDATA", "").strip()
    base = PureWindowsPath(appdata) if appdata else PureWindowsPath(home) / "AppData" / "Roaming"
    return base / app_dir


def prefers_dark() -> bool | None:
    """Does the user's registry ask apps for dark colours? None when it can't be read."""
    try:
        import winreg  # type: ignore[import-not-found, unused-ignore]

        key = winreg.OpenKey(  # type: ignore[attr-defined, unused-ignore]
            winreg.HKEY_CURRENT_USER,  # type: ignore[attr-defined, unused-ignore]
            r"Software\Microsoft\Windows\CurrentVersion\Themes\Personalize",
        )
        value, _ = winreg.QueryValueEx(key, "AppsUseLightTheme")  # type: ignore[attr-defined, unused-ignore]
        return int(value) == 0
    except (ImportError, OSError, ValueError, TypeError):
        return None


def open_file(path: Path, desktop: Desktop) -> Handoff:
    """Open ``path`` with the program Windows' shell has for it."""
    name = Path(path).name
    if desktop.startfile is None:
        return Handoff(False, f"Can't open {name}: Windows' shell is not available.")
    try:
        desktop.startfile(str(path), "open")
    except OSError as exc:
        return Handoff(False, f"Can't open {name}: {exc}.")
    return Handoff(True, f"Opened {name}.")


def print_pdf(path: Path, desktop: Desktop) -> Handoff:
    """Ask the shell to print the PDF; when no program prints PDFs, open it in the viewer and say so."""
    name = Path(path).name
    if desktop.startfile is not None:
        try:
            desktop.startfile(str(path), "print")
            return Handoff(True, f"Sent {name} to the printer.")
        except OSError:
            pass  # no program registered to print PDFs: open it instead
    viewer = open_file(path, desktop)
    if viewer.done:
        return Handoff(False, f"Windows could not print {name} by itself: it is open in your viewer to print.")
    return viewer


def _powershell(desktop: Desktop) -> str | None:
    return desktop.which("powershell") or desktop.which("pwsh")


def copy_image_command(path: Path, desktop: Desktop) -> tuple[tuple[str, ...] | None, str]:
    """PowerShell putting the PNG at ``path`` on the clipboard, or None and what is missing."""
    shell = _powershell(desktop)
    if shell is None:
        return None, "Copying a picture needs PowerShell, which is not found."
    quoted = str(path).replace("'", "''")
    script = (
        "Add-Type -AssemblyName System.Windows.Forms; Add-Type -AssemblyName System.Drawing; "
        f"[System.Windows.Forms.Clipboard]::SetImage([System.Drawing.Image]::FromFile('{quoted}'))"
    )
    return (shell, "-NoProfile", "-STA", "-Command", script), ""


def paste_image(desktop: Desktop, scratch: Path, limit: int) -> ClipboardPicture:
    """The clipboard's picture as PNG bytes, saved by PowerShell to ``scratch`` (at most ``limit`` bytes)."""
    shell = _powershell(desktop)
    if shell is None:
        return ClipboardPicture(None, "Pasting a picture needs PowerShell, which is not found.")
    target = str(scratch).replace("'", "''")
    script = (
        "Add-Type -AssemblyName System.Windows.Forms; Add-Type -AssemblyName System.Drawing; "
        "$img = [System.Windows.Forms.Clipboard]::GetImage(); if ($img -eq $null) { exit 3 }; "
        f"$img.Save('{target}', [System.Drawing.Imaging.ImageFormat]::Png)"
    )
    argv = (shell, "-NoProfile", "-STA", "-Command", script)
    status, _ = desktop.run(argv)
    data = scratch_bytes(scratch, limit) if status == 0 else None
    if not data:
        return ClipboardPicture(None, NO_PICTURE, argv)
    return ClipboardPicture(data, "", argv)


def pid_alive(pid: int) -> bool:
    """Is process ``pid`` running (one that can't be asked about counts as running)?"""
    if sys.platform == "win32":
        import ctypes

        kernel32 = ctypes.windll.kernel32
        handle = kernel32.OpenProcess(_QUERY_LIMITED_INFORMATION, False, pid)
        if not handle:
            return bool(kernel32.GetLastError() == _ACCESS_DENIED)  # access denied: it exists
        code = ctypes.c_ulong()
        ok = kernel32.GetExitCodeProcess(handle, ctypes.byref(code))
        kernel32.CloseHandle(handle)
        return not ok or code.value == _STILL_ACTIVE
    return True


def try_lock(fd: int, offset: int, busy: tuple[int, ...]) -> bool | None:
    """Lock the byte at ``offset`` of the open file: True, False when another holds it (``busy`` errnos), None
    when the system can't."""
    if sys.platform == "win32":
        import msvcrt

        try:
            os.lseek(fd, offset, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            return False if exc.errno in busy else None
        return True
    return None


def unlock(fd: int, offset: int) -> None:
    """Release the byte lock taken by ``try_lock`` (closing the file releases it too)."""
    if sys.platform == "win32":
        import msvcrt

        try:
            os.lseek(fd, offset, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass


def make_dpi_aware() -> None:
    """Ask Windows to let the app scale itself (before Tk starts, as IDLE does); older Windows: Tk scales."""
    if sys.platform == "win32":
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(1)
        except (AttributeError, OSError):
            pass


__all__ = [
    "copy_image_command",
    "data_dir",
    "make_dpi_aware",
    "open_file",
    "paste_image",
    "pid_alive",
    "prefers_dark",
    "print_pdf",
    "try_lock",
    "unlock",
]
