"""Damaged files set aside: an unreadable file of the app's own is renamed to ``<name>.damaged``, never overwritten.

The autosave, its backup, the settings and the history get the same care: a file the
app cannot read (broken JSON, a foreign file, too large) or that is not a plain file at
all (a symbolic link, a named pipe, a device) is renamed in its own folder to
``<name>.damaged`` (older copies move up to ``.damaged.1`` … ``.damaged.4``) before
anything new is written under its name, and the player is told where it was kept
(``damage_note``). The rename moves the entry itself: a link is moved as a link, so
nothing outside the data folder is renamed or written. ``set_aside`` itself is the system layer's
(system/entries.py); this module adds the sentence the player reads.
"""

from __future__ import annotations

from pathlib import Path

from sudoku_tk.system import DAMAGED_SUFFIX, KEEP_DAMAGED, set_aside


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
