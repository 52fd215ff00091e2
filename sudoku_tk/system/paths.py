"""Where the app keeps per-user files (settings, autosave, recent games): the platform's data folder, by its own rules.

``SUDOKU_TK_DATA_DIR`` overrides everything (tests and portable installs use it).
Otherwise, without a third-party dependency (each rule lives in its OS part):

- Windows: ``%APPDATA%\\sudoku-tk`` (the roaming profile; ``~\\AppData\\Roaming`` when unset)
- macOS: ``~/Library/Application Support/sudoku-tk``
- Linux and other Unixes: ``$XDG_DATA_HOME/sudoku-tk``, or ``~/.local/share/sudoku-tk``
  when the variable is unset, empty or not an absolute path (as the XDG spec says)

Nothing here creates a folder on its own: the writers create what they write into,
through ``entries.make_folder`` (the app's ``ensure_folder``), which says in words what
is wrong when something else (a file, a link, a pipe) has a folder's name.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

import sudoku_tk.system.linux as linux
import sudoku_tk.system.macos as macos
import sudoku_tk.system.windows as windows

from .platforms import Platform

APP_DIR_NAME = "sudoku-tk"
ENV_OVERRIDE = "SUDOKU_TK_DATA_DIR"
SETTINGS_NAME = "settings.json"
AUTOSAVE_DIR_NAME = "autosave"
RECENT_DIR_NAME = "recent"


def data_dir_for(platform: str | Platform, environ: Mapping[str, str], home: str) -> PurePath:
    """The per-user data folder for ``platform`` (a ``Platform`` or a ``sys.platform`` value), as a pure path.

    >>> str(data_dir_for("linux", {}, "/home/ann"))
    '/home/ann/.local/share/sudoku-tk'
    >>> str(data_dir_for("win32", {"APPDATA": "C:\\\\Users\\\\ann\\\\AppData\\\\Roaming"}, "C:\\\\Users\\\\ann"))
    'C:\\\\Users\\\\ann\\\\AppData\\\\Roaming\\\\sudoku-tk'
    """
    kind = platform if isinstance(platform, Platform) else Platform.current(platform)
    override = environ.get(ENV_OVERRIDE, "").strip()
    if override:
        return PureWindowsPath(override) if kind is Platform.WINDOWS else PurePosixPath(override)
    if kind is Platform.WINDOWS:
        return windows.data_dir(environ, home, APP_DIR_NAME)
    if kind is Platform.MAC:
        return macos.data_dir(home, APP_DIR_NAME)
    return linux.data_dir(environ, home, APP_DIR_NAME)


def user_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """This user's data folder on this machine (not created here)."""
    env = os.environ if environ is None else environ
    override = env.get(ENV_OVERRIDE, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(data_dir_for(Platform.current(), env, str(Path.home())))


def settings_path(base: Path | None = None) -> Path:
    """The settings file inside ``base`` (default: the user's data folder)."""
    return (base or user_data_dir()) / SETTINGS_NAME


MAX_SLOTS = 9
"""How many windows may keep their own game at once (slot 1 is the usual one)."""


def autosave_dir(base: Path | None = None, slot: int = 1) -> Path:
    """The autosave folder of ``slot`` inside ``base`` (default: the user's data folder).

    Slot 1 is ``autosave``; a second window open at the same time keeps its game in
    ``autosave-2``, and so on (see ui/games/files.py).

    >>> autosave_dir(Path("/d"), 2).as_posix()
    '/d/autosave-2'
    """
    if not 1 <= slot <= MAX_SLOTS:
        raise ValueError(f"slot {slot} is not between 1 and {MAX_SLOTS}")
    name = AUTOSAVE_DIR_NAME if slot == 1 else f"{AUTOSAVE_DIR_NAME}-{slot}"
    return (base or user_data_dir()) / name


def recent_dir(base: Path | None = None) -> Path:
    """The folder of the recent unfinished games inside ``base`` (default: the user's data folder).

    It sits next to the autosave folders and is shared by every window (see app/progress/recent_games.py).

    >>> recent_dir(Path("/d")).as_posix()
    '/d/recent'
    """
    return (base or user_data_dir()) / RECENT_DIR_NAME


__all__ = [
    "APP_DIR_NAME",
    "AUTOSAVE_DIR_NAME",
    "ENV_OVERRIDE",
    "MAX_SLOTS",
    "RECENT_DIR_NAME",
    "SETTINGS_NAME",
    "autosave_dir",
    "data_dir_for",
    "recent_dir",
    "settings_path",
    "user_data_dir",
]
