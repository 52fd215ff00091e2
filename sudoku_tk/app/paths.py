"""Where the app keeps per-user files (settings, autosave, recent games): the platform's data folder, by its own rules.

``SUDOKU_TK_DATA_DIR`` overrides everything (tests and portable installs use it).
Otherwise, without a third-party dependency:

- Windows: ``%APPDATA%\\sudoku-tk`` (the roaming profile; ``~\\AppData\\Roaming`` when unset)
- macOS: ``~/Library/Application Support/sudoku-tk``
- Linux and other Unixes: ``$XDG_DATA_HOME/sudoku-tk``, or ``~/.local/share/sudoku-tk``
  when the variable is unset, empty or not an absolute path (as the XDG spec says)

Nothing here creates a folder on its own: the writers create what they write into,
through ``ensure_folder``, which says in words what is wrong when something else
(a file, a link, a pipe) has a folder's name.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Mapping
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath

from sudoku_tk.app.file_reading import NotAFileError, kind_of_mode, link_text

APP_DIR_NAME = "sudoku-tk"
ENV_OVERRIDE = "SUDOKU_TK_DATA_DIR"
SETTINGS_NAME = "settings.json"
AUTOSAVE_DIR_NAME = "autosave"
RECENT_DIR_NAME = "recent"


def data_dir_for(platform: str, environ: Mapping[str, str], home: str) -> PurePath:
    """The per-user data folder for ``platform`` (a ``sys.platform`` value), as a pure path.

    >>> str(data_dir_for("linux", {}, "/home/ann"))
    '/home/ann/.local/share/sudoku-tk'
    >>> str(data_dir_for("win32", {"APPDATA": "C:\\\\Users\\\\ann\\\\AppData\\\\Roaming"}, "C:\\\\Users\\\\ann"))
    'C:\\\\Users\\\\ann\\\\AppData\\\\Roaming\\\\sudoku-tk'
    """
    override = environ.get(ENV_OVERRIDE, "").strip()
    flavour = PureWindowsPath if platform.startswith("win") else PurePosixPath
    if override:
        return flavour(override)
    if platform.startswith("win"):
        appdata = environ.get("APPDATA", "").strip()
        base = PureWindowsPath(appdata) if appdata else PureWindowsPath(home) / "AppData" / "Roaming"
        return base / APP_DIR_NAME
    if platform == "darwin":
        return PurePosixPath(home) / "Library" / "Application Support" / APP_DIR_NAME
    xdg = environ.get("XDG_DATA_HOME", "").strip()
    xdg_base = PurePosixPath(xdg) if xdg.startswith("/") else PurePosixPath(home) / ".local" / "share"
    return xdg_base / APP_DIR_NAME


def user_data_dir(environ: Mapping[str, str] | None = None) -> Path:
    """This user's data folder on this machine (not created here)."""
    env = os.environ if environ is None else environ
    override = env.get(ENV_OVERRIDE, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(data_dir_for(sys.platform, env, str(Path.home())))


def settings_path(base: Path | None = None) -> Path:
    """The settings file inside ``base`` (default: the user's data folder)."""
    return (base or user_data_dir()) / SETTINGS_NAME


MAX_SLOTS = 9
"""How many windows may keep their own game at once (slot 1 is the usual one)."""


def autosave_dir(base: Path | None = None, slot: int = 1) -> Path:
    """The autosave folder of ``slot`` inside ``base`` (default: the user's data folder).

    Slot 1 is ``autosave``; a second window open at the same time keeps its game in
    ``autosave-2``, and so on (see ui/game_files.py).

    >>> autosave_dir(Path("/d"), 2).as_posix()
    '/d/autosave-2'
    """
    if not 1 <= slot <= MAX_SLOTS:
        raise ValueError(f"slot {slot} is not between 1 and {MAX_SLOTS}")
    name = AUTOSAVE_DIR_NAME if slot == 1 else f"{AUTOSAVE_DIR_NAME}-{slot}"
    return (base or user_data_dir()) / name


def recent_dir(base: Path | None = None) -> Path:
    """The folder of the recent unfinished games inside ``base`` (default: the user's data folder).

    It sits next to the autosave folders and is shared by every window (see app/recent_games.py).

    >>> recent_dir(Path("/d")).as_posix()
    '/d/recent'
    """
    return (base or user_data_dir()) / RECENT_DIR_NAME


def ensure_folder(folder: Path, *, allow_link: bool = False) -> None:
    """Create ``folder`` and its parents unless it is there; refuse, in words, whatever is there instead.

    ``allow_link``: a symbolic link to a folder is accepted (the data folder itself may live
    elsewhere by the player's choice); the app's own sub-folders must be real folders.

    Raises:
        NotAFileError: a file, a link, a pipe or a device has the folder's name ("autosave is a file, not a folder").
        OSError: the folder cannot be created.
    """
    try:
        os.makedirs(folder, exist_ok=True)
    except FileExistsError:
        pass  # something that is not a folder has the name: said below
    info = os.stat(folder) if allow_link else os.lstat(folder)
    if stat.S_ISDIR(info.st_mode):
        return
    where = f"{folder.name} in {folder.parent}"
    if stat.S_ISLNK(info.st_mode):
        kind = link_text(folder)
        raise NotAFileError(f"{where} is {kind}, not a folder; the app does not follow links among its own files", kind)
    kind = kind_of_mode(info.st_mode)
    raise NotAFileError(f"{where} is {kind}, not a folder, so nothing can be saved in it", kind)
