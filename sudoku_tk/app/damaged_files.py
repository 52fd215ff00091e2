"""Damaged files set aside: an unreadable file of the app's own is renamed to ``<name>.damaged``, never overwritten.

The autosave, its backup, the settings and the history get the same care: a file the
app cannot read (broken JSON, a foreign file, too large) or that is not a plain file at
all (a symbolic link, a named pipe, a device) is renamed in its own folder to
``<name>.damaged`` (older copies move up to ``.damaged.1`` … ``.damaged.4``) before
anything new is written under its name, and the player is told where it was kept
(``damage_note``). The rename moves the entry itself: a link is moved as a link, so
nothing outside the data folder is renamed or written.
"""

from __future__ import annotations

import glob
import os
from pathlib import Path

from sudoku_tk.app.atomic_files import unlink_quietly

DAMAGED_SUFFIX = ".damaged"
KEEP_DAMAGED = 5
"""How many unreadable copies of each file are kept; older ones are removed."""


def set_aside(path: Path, keep: int = KEEP_DAMAGED) -> Path | None:
    """Rename an unreadable file to ``<name>.damaged`` (older copies move up: ``.damaged.1``, …); return its new path.

    Copies beyond ``keep`` are removed. A symbolic link is renamed itself, never
    what it points to. Returns None (and overwrites nothing) when the file cannot
    be moved.
    """
    first = path.with_name(path.name + DAMAGED_SUFFIX)
    names = [first] + [first.with_name(f"{first.name}.{i}") for i in range(1, keep)]
    try:
        for old in path.parent.glob(glob.escape(first.name) + ".*"):
            number = old.name[len(first.name) + 1 :]
            if number.isdigit() and int(number) >= keep - 1:
                unlink_quietly(old)
        for older, newer in zip(reversed(names[:-1]), reversed(names[1:])):
            if os.path.lexists(older):
                if os.path.lexists(newer):
                    return None  # could not make room: never write over a kept copy
                os.replace(older, newer)
        if os.path.lexists(first):
            return None
        os.replace(path, first)
    except OSError:
        return None
    return first


def damage_note(path: Path, what: str, problem: str, then: str) -> str:
    """Set ``path`` aside (see ``set_aside``) and say so in one sentence: what and why, where it is kept, ``then``.

    ``what`` names the file for the player (``the settings file``); ``then`` says what the app
    does instead (``defaults are used``).

    >>> import tempfile; folder = Path(tempfile.mkdtemp()); _ = (folder / "s.json").write_text("{")
    >>> damage_note(folder / "s.json", "the settings file", "it is cut short", "defaults are used")
    'the settings file s.json could not be read (it is cut short); it was kept as s.json.damaged and defaults are used'
    """
    kept = set_aside(path)
    if kept is None:
        return f"{what} {path.name} could not be read ({problem}) and could not be moved aside; {then}"
    return f"{what} {path.name} could not be read ({problem}); it was kept as {kept.name} and {then}"


__all__ = ["DAMAGED_SUFFIX", "KEEP_DAMAGED", "damage_note", "set_aside"]
