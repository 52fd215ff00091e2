"""What this machine offers to hand things to: its platform, its programs, Windows' shell; and what became of it.

``Desktop`` bundles how programs are found (``which``) and run (the runners below),
Windows' ``os.startfile`` and the environment, so every hand-off (desktop.py and the
per-OS parts) is tested with fake programs. ``Handoff`` and ``ClipboardPicture`` are what
a hand-off returns: whether it worked and one sentence for the player.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from .platforms import Platform

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


IMAGE_LIMIT = 30 * 1024 * 1024
"""The most bytes of a pasted picture taken (the reader refuses bigger pictures anyway)."""

NO_PICTURE = "The clipboard holds no picture."


@dataclass(frozen=True, slots=True)
class ClipboardPicture:
    """What the clipboard held: a picture's bytes, or None and one sentence on why there is none."""

    data: bytes | None
    message: str = ""
    command: tuple[str, ...] = ()


def scratch_bytes(scratch: Path, limit: int) -> bytes | None:
    """The bytes a program wrote to the scratch file, or None when there are none or more than ``limit``."""
    try:
        if Path(scratch).stat().st_size > limit:
            return None
        return Path(scratch).read_bytes()
    except OSError:
        return None


__all__ = ["IMAGE_LIMIT", "NO_PICTURE", "ClipboardPicture", "Desktop", "Handoff", "Run", "StartFile", "scratch_bytes"]
