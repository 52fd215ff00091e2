"""What Linux and macOS share: printing with ``lp``, opening with the desktop's opener, process ids, ``flock``
locks, and syncing a folder's entries to disk.

- Print: ``lp`` to the default printer, else the first printer ``lpstat -p`` lists; with no printer, or no
  ``lp``, the PDF opens in the default viewer, to be printed from there, and the player is told why.
- Locks: ``fcntl.flock`` on the whole open file (released by the system when the process ends).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path

from .programs import Desktop, Handoff


def open_with(opener: str, path: Path, desktop: Desktop) -> Handoff:
    """Open ``path`` with the desktop's ``opener`` program (``xdg-open``, ``open``)."""
    name = Path(path).name
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


def print_pdf(path: Path, desktop: Desktop, open_file: Callable[[Path, Desktop], Handoff]) -> Handoff:
    """Print the PDF with ``lp``: to a printer where there is one, else open it (``open_file``) and say why."""
    name = Path(path).name
    lp = desktop.which("lp")
    if lp is None:
        return _viewer_instead(path, desktop, open_file, "printing needs the lp command, which is not installed here")
    printer = default_printer(desktop)
    if printer is None:
        return _viewer_instead(path, desktop, open_file, "no printer is set up on this computer")
    argv = (lp, "-d", printer, str(path))
    try:
        status, out = desktop.run(argv)
    except (OSError, subprocess.SubprocessError) as exc:
        return Handoff(False, f"Can't print {name}: {exc}.", argv)
    if status != 0:
        detail = out.strip().splitlines()[-1] if out.strip() else f"status {status}"
        return Handoff(False, f"Can't print {name} on {printer}: {detail}.", argv)
    return Handoff(True, f"Sent {name} to the printer {printer}.", argv)


def _viewer_instead(path: Path, desktop: Desktop, open_file: Callable[[Path, Desktop], Handoff], why: str) -> Handoff:
    viewer = open_file(path, desktop)
    if viewer.done:
        return Handoff(False, f"Not printed: {why}. The PDF is open in your viewer instead.", viewer.command)
    return Handoff(False, f"Not printed: {why}. The PDF is saved at {path}.", viewer.command)


def pid_alive(pid: int) -> bool:
    """Is process ``pid`` running (another user's process counts as running)?"""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True  # e.g. another user's process: it exists
    return True


def try_lock(fd: int, busy: tuple[int, ...]) -> bool | None:
    """``flock`` the open file: True, False when another holds it (``busy`` errnos), None when the system can't."""
    try:
        import fcntl
    except ImportError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        return False if exc.errno in busy else None
    return True


def unlock(fd: int) -> None:
    """Release the ``flock`` taken by ``try_lock`` (closing the file releases it too)."""
    try:
        import fcntl

        fcntl.flock(fd, fcntl.LOCK_UN)
    except (ImportError, OSError):
        pass


def sync_folder(folder: Path) -> None:
    """Flush the folder's entries to disk, so a rename in it is durable (nothing is raised)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


__all__ = ["default_printer", "open_with", "pid_alive", "print_pdf", "sync_folder", "try_lock", "unlock"]
