"""Handing files to the desktop: print a PDF, put a PNG picture on the clipboard, open a file in its viewer.

Each platform has its own way, and some machines have none; every function here picks
the way from what the ``Desktop`` finds (programs on the PATH, a Wayland session,
Windows' shell), runs it, and returns a ``Handoff``: whether it worked and one
sentence for the player that says what happened or what is missing. Nothing raises
for a missing program or printer. Tests pass a ``Desktop`` with fake programs.

- Print: Windows asks the shell to print the file (the PDF viewer's print verb);
  macOS and Linux send it to ``lp`` (the default printer, else the first printer
  ``lpstat -p`` lists); with no printer, or no ``lp``, the PDF opens in the default
  viewer, to be printed from there, and the player is told why.
- Clipboard picture: Linux ``wl-copy`` (Wayland) or ``xclip`` (X11); macOS
  ``osascript``; Windows PowerShell with .NET's clipboard.
- A picture on the clipboard (``paste_image``): Linux ``wl-paste`` or ``xclip`` (asked which types the
  clipboard holds, then for the picture's bytes); macOS ``osascript`` and Windows PowerShell write it
  to a scratch PNG file. The bytes are bounded (``limit``); the reader decodes them (vision/).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sudoku_tk.app.commands import Platform

Run = Callable[[Sequence[str]], tuple[int, str]]
"""Run a program (argv) to its end: (exit status, its output); raises OSError when it can't start."""
StartFile = Callable[[str, str], None]
"""Windows' ``os.startfile(path, operation)``."""


def _run(argv: Sequence[str]) -> tuple[int, str]:
    # No pipes to a program that stays behind (xclip serves the clipboard from a child): its output goes nowhere.
    done = subprocess.run(
        list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=30, check=False
    )
    return done.returncode, done.stdout.decode("utf-8", "replace")


def _run_input(argv: Sequence[str], data: bytes) -> tuple[int, str]:
    """Run a program with ``data`` on its standard input (its children may outlive it: no output pipes)."""
    done = subprocess.run(
        list(argv), input=data, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=30, check=False
    )
    return done.returncode, ""


def _run_detached(argv: Sequence[str]) -> tuple[int, str]:
    """Run a program whose children may outlive it (a clipboard owner, a viewer): no pipes kept."""
    done = subprocess.run(
        list(argv),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=30,
        check=False,
    )
    return done.returncode, ""


def _run_bytes(argv: Sequence[str], limit: int) -> tuple[int, bytes]:
    """Run a program and read at most ``limit`` + 1 bytes of its output; a program that says more is stopped."""
    with subprocess.Popen(list(argv), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL) as p:
        assert p.stdout is not None
        data = p.stdout.read(limit + 1)
        if len(data) > limit:
            p.kill()
            p.wait(timeout=5)
            return -1, data[:limit]
        try:
            status = p.wait(timeout=30)
        except subprocess.TimeoutExpired:
            p.kill()
            return -1, b""
    return status, data


@dataclass(frozen=True)
class Desktop:
    """What this machine offers: its platform, how to find and run programs, Windows' shell, the environment."""

    platform: Platform = field(default_factory=Platform.current)
    which: Callable[[str], str | None] = shutil.which
    run: Run = _run
    run_detached: Run = _run_detached
    run_input: Callable[[Sequence[str], bytes], tuple[int, str]] = _run_input
    startfile: StartFile | None = getattr(os, "startfile", None)
    env: Mapping[str, str] = field(default_factory=lambda: dict(os.environ))
    run_bytes: Callable[[Sequence[str], int], tuple[int, bytes]] = _run_bytes
    """Run a program and take at most ``limit`` bytes of its output (more: the output is cut, status -1)."""


@dataclass(frozen=True, slots=True)
class Handoff:
    """What became of a hand-off: ``done`` when the platform took the file; ``message`` says what happened."""

    done: bool
    message: str
    command: tuple[str, ...] = ()
    """The program run (empty for Windows' shell or when nothing ran), for tests and the log."""


# -- viewer ------------------------------------------------------------------------------------------


def open_file(path: Path, desktop: Desktop) -> Handoff:
    """Open ``path`` in the desktop's default program for it."""
    name = Path(path).name
    if desktop.platform is Platform.WINDOWS:
        if desktop.startfile is None:
            return Handoff(False, f"Can't open {name}: Windows' shell is not available.")
        try:
            desktop.startfile(str(path), "open")
        except OSError as exc:
            return Handoff(False, f"Can't open {name}: {exc}.")
        return Handoff(True, f"Opened {name}.")
    opener = "open" if desktop.platform is Platform.MAC else "xdg-open"
    exe = desktop.which(opener)
    if exe is None:
        return Handoff(False, f"Can't open {name}: there is no {opener} here. The file is {path}.")
    argv = (exe, str(path))
    try:
        status, _ = desktop.run_detached(argv)
    except (OSError, subprocess.SubprocessError) as exc:
        return Handoff(False, f"Can't open {name}: {exc}.", argv)
    if status != 0:
        return Handoff(False, f"Can't open {name}: {opener} failed (status {status}).", argv)
    return Handoff(True, f"Opened {name}.", argv)


# -- printing ------------------------------------------------------------------------------------------


def default_printer(desktop: Desktop) -> str | None:
    """The printer ``lpstat`` names as the default, else the first one it lists, else None."""
    lpstat = desktop.which("lpstat")
    if lpstat is None:
        return None
    try:
        status, out = desktop.run((lpstat, "-d"))
        if status == 0 and ":" in out and "no system default" not in out.lower():
            name = out.split(":", 1)[1].strip().split()
            if name:
                return name[0]
        status, out = desktop.run((lpstat, "-p"))
    except (OSError, subprocess.SubprocessError):
        return None
    if status != 0:
        return None
    for line in out.splitlines():
        words = line.split()
        if len(words) > 1 and words[0] == "printer":
            return words[1]
    return None


def print_pdf(path: Path, desktop: Desktop) -> Handoff:
    """Print the PDF at ``path``: to a printer where there is one, else open it in the viewer and say why."""
    name = Path(path).name
    if desktop.platform is Platform.WINDOWS:
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
    lp = desktop.which("lp")
    if lp is None:
        return _viewer_instead(path, desktop, "printing needs the lp command, which is not installed here")
    printer = default_printer(desktop)
    if printer is None:
        return _viewer_instead(path, desktop, "no printer is set up on this computer")
    argv = (lp, "-d", printer, str(path))
    try:
        status, out = desktop.run(argv)
    except (OSError, subprocess.SubprocessError) as exc:
        return Handoff(False, f"Can't print {name}: {exc}.", argv)
    if status != 0:
        detail = out.strip().splitlines()[-1] if out.strip() else f"status {status}"
        return Handoff(False, f"Can't print {name} on {printer}: {detail}.", argv)
    return Handoff(True, f"Sent {name} to the printer {printer}.", argv)


def _viewer_instead(path: Path, desktop: Desktop, why: str) -> Handoff:
    viewer = open_file(path, desktop)
    if viewer.done:
        return Handoff(False, f"Not printed: {why}. The PDF is open in your viewer instead.", viewer.command)
    return Handoff(False, f"Not printed: {why}. The PDF is saved at {path}.", viewer.command)


# -- clipboard pictures --------------------------------------------------------------------------------


def clipboard_image_command(path: Path, desktop: Desktop) -> tuple[tuple[str, ...] | None, str]:
    """The program that puts the PNG at ``path`` on the clipboard here, or None and what is missing."""
    p = str(path)
    if desktop.platform is Platform.WINDOWS:
        shell = desktop.which("powershell") or desktop.which("pwsh")
        if shell is None:
            return None, "Copying a picture needs PowerShell, which is not found."
        script = (
            "Add-Type -AssemblyName System.Windows.Forms; Add-Type -AssemblyName System.Drawing; "
            f"[System.Windows.Forms.Clipboard]::SetImage([System.Drawing.Image]::FromFile('{p.replace(chr(39), chr(39) * 2)}'))"
        )
        return (shell, "-NoProfile", "-STA", "-Command", script), ""
    if desktop.platform is Platform.MAC:
        exe = desktop.which("osascript")
        if exe is None:
            return None, "Copying a picture needs osascript, which is not found."
        quoted = p.replace("\\", "\\\\").replace('"', '\\"')
        return (exe, "-e", f'set the clipboard to (read (POSIX file "{quoted}") as «class PNGf»)'), ""
    wl_copy = desktop.which("wl-copy") if desktop.env.get("WAYLAND_DISPLAY") else None
    if wl_copy is not None:
        return (wl_copy, "--type", "image/png", "--", p), ""
    xclip = desktop.which("xclip")
    if xclip is not None:
        return (xclip, "-selection", "clipboard", "-t", "image/png", "-i", p), ""
    return None, "Copying a picture needs xclip (X11) or wl-clipboard (Wayland); install one, or use Export picture."


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


# -- pictures from the clipboard -------------------------------------------------------------------------------

IMAGE_LIMIT = 30 * 1024 * 1024
"""The most bytes of a pasted picture taken (the reader refuses bigger pictures anyway)."""


@dataclass(frozen=True, slots=True)
class ClipboardPicture:
    """What the clipboard held: a picture's bytes, or None and one sentence on why there is none."""

    data: bytes | None
    message: str = ""
    command: tuple[str, ...] = ()


_NO_PICTURE = "The clipboard holds no picture."


def paste_image(desktop: Desktop, scratch: Path, limit: int = IMAGE_LIMIT) -> ClipboardPicture:
    """The picture on the clipboard, as its file's bytes (PNG, JPEG…), where the platform lets us read it.

    ``scratch``: a file the macOS and Windows ways may write the picture to (removed afterwards).
    """
    try:
        if desktop.platform is Platform.WINDOWS:
            return _paste_windows(desktop, scratch, limit)
        if desktop.platform is Platform.MAC:
            return _paste_mac(desktop, scratch, limit)
        return _paste_linux(desktop, limit)
    except (OSError, subprocess.SubprocessError) as exc:
        return ClipboardPicture(None, f"Can't read the clipboard: {exc}.")
    finally:
        try:
            Path(scratch).unlink()
        except OSError:
            pass


def _image_type(types: str) -> str | None:
    """The picture type to ask for among the clipboard's types (PNG first), or None."""
    offered = [t.strip() for t in types.splitlines() if t.strip().startswith("image/")]
    for preferred in ("image/png", "image/jpeg", "image/bmp", "image/gif", "image/webp"):
        if preferred in offered:
            return preferred
    return offered[0] if offered else None


def _paste_linux(desktop: Desktop, limit: int) -> ClipboardPicture:
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
        return ClipboardPicture(None, _NO_PICTURE, listing)
    argv = (*getting, kind)
    status, data = desktop.run_bytes(argv, limit)
    if status == -1 and len(data) >= limit:
        return ClipboardPicture(None, f"The picture on the clipboard is over {limit // (1024 * 1024)} MB.", argv)
    if status != 0 or not data:
        return ClipboardPicture(None, f"Can't read the picture on the clipboard ({Path(argv[0]).name} failed).", argv)
    return ClipboardPicture(data, "", argv)


def _scratch_bytes(scratch: Path, limit: int) -> bytes | None:
    try:
        if Path(scratch).stat().st_size > limit:
            return None
        return Path(scratch).read_bytes()
    except OSError:
        return None


def _paste_mac(desktop: Desktop, scratch: Path, limit: int) -> ClipboardPicture:
    exe = desktop.which("osascript")
    if exe is None:
        return ClipboardPicture(None, "Pasting a picture needs osascript, which is not found.")
    quoted = str(scratch).replace("\\", "\\\\").replace('"', '\\"')
    script = (
        f'set f to open for access (POSIX file "{quoted}") with write permission\n'
        "try\n  set eof f to 0\n  write (the clipboard as «class PNGf») to f\n"
        "on error\n  close access f\n  error number 3\nend try\nclose access f"
    )
    argv = (exe, "-e", script)
    status, _ = desktop.run(argv)
    data = _scratch_bytes(scratch, limit) if status == 0 else None
    if not data:
        return ClipboardPicture(None, _NO_PICTURE, argv)
    return ClipboardPicture(data, "", argv)


def _paste_windows(desktop: Desktop, scratch: Path, limit: int) -> ClipboardPicture:
    shell = desktop.which("powershell") or desktop.which("pwsh")
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
    data = _scratch_bytes(scratch, limit) if status == 0 else None
    if not data:
        return ClipboardPicture(None, _NO_PICTURE, argv)
    return ClipboardPicture(data, "", argv)
