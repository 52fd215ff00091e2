"""Whether the desktop asks for dark colours, for the ``System`` theme: each platform's source, read through an
injected runner so tests answer for it.

- Windows: the ``AppsUseLightTheme`` value in the user's registry (windows.py).
- macOS: ``defaults read -g AppleInterfaceStyle`` says ``Dark`` (it fails in light mode; macos.py).
- Linux: ``GTK_THEME`` naming a dark variant, else GNOME's ``color-scheme`` (``prefer-dark``), else a GTK theme
  whose name ends in ``-dark`` (linux.py).
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable, Mapping

import sudoku_tk.system.linux as linux
import sudoku_tk.system.macos as macos
import sudoku_tk.system.windows as windows

from .platforms import Platform

Runner = Callable[[list[str]], str]
"""Runs a command and returns its standard output; raises OSError, ValueError or CalledProcessError when it can't."""
_DETECT_TIMEOUT_S = 1.0


def _run(command: list[str]) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=_DETECT_TIMEOUT_S, check=True)
    return done.stdout


def prefers_dark(
    platform: str | Platform | None = None,
    environ: Mapping[str, str] | None = None,
    run: Runner = _run,
) -> bool | None:
    """Does the desktop ask for dark colours? None when it can't be read (then light is used).

    ``platform``: a ``Platform`` or a ``sys.platform`` value (default: this machine's).
    """
    kind = platform if isinstance(platform, Platform) else Platform.current(platform)
    if kind is Platform.WINDOWS:
        return windows.prefers_dark()
    if kind is Platform.MAC:
        return macos.prefers_dark(run)
    return linux.prefers_dark(os.environ if environ is None else environ, run)


__all__ = ["Runner", "prefers_dark"]
