"""Which operating system this is: the one place in the package that asks (``sys.platform``).

``Platform`` names the three desktops the app knows; everything that differs between them
(shortcut labels, clipboard programs, data folders, locks) takes a ``Platform`` or asks
``Platform.current()``, never ``sys.platform`` itself.
"""

from __future__ import annotations

import platform as python_platform
import sys
from enum import Enum


class Platform(Enum):
    """The desktop conventions a shortcut follows and the operating system the app runs on."""

    WINDOWS = "windows"
    MAC = "mac"
    """Command instead of Ctrl, Option instead of Alt; symbols in menu labels."""
    LINUX = "linux"
    """Any X11 or Wayland desktop (and other Unix)."""

    @classmethod
    def current(cls, name: str | None = None) -> Platform:
        """The platform for ``sys.platform`` (or ``name``, a ``sys.platform`` value).

        >>> Platform.current("win32"), Platform.current("darwin"), Platform.current("freebsd13")
        (<Platform.WINDOWS: 'windows'>, <Platform.MAC: 'mac'>, <Platform.LINUX: 'linux'>)
        """
        key = sys.platform if name is None else name
        if key.startswith("win"):
            return cls.WINDOWS
        if key == "darwin":
            return cls.MAC
        return cls.LINUX


def system_name() -> str:
    """The operating system's name as it calls itself (``Linux``, ``Windows``, ``Darwin``), for About and reports."""
    return python_platform.system() or "unknown system"


def machine_name() -> str:
    """The processor's kind (``x86_64``, ``arm64``), for benchmark reports."""
    return python_platform.machine()


__all__ = ["Platform", "machine_name", "system_name"]
