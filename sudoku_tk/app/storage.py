"""Saved games, autosave and safe files: the one place other modules import them from.

The work is done in three modules, re-exported here under their old names:

- ``save_format.py``: ``GameRecord`` and the versioned JSON game file (format
  ``sudoku-tk-game``, documented there); ``save_game`` / ``load_game``.
- ``atomic_files.py``: atomic writes with a ``.bak`` backup, symbolic links
  written through, one size limit (``MAX_FILE_BYTES``) for writing and reading,
  temporary files that another running app's write can be told apart from.
- ``autosave.py``: ``Autosaver``, which never writes over a file it cannot read
  (set aside as ``.damaged``) or one from a newer version (kept in place).
"""

from __future__ import annotations

# Imported for the tests that patch ``storage.os`` / ``storage.json`` (the same module objects).
import json  # noqa: F401
import os  # noqa: F401

from sudoku_tk.app.atomic_files import (
    BACKUP_SUFFIX,
    MAX_FILE_BYTES,
    atomic_write_text,
    backup_path_for,
    decode,
    read_limited,
    remove_stale_temps,
    temp_prefix,
    write_target,
)
from sudoku_tk.app.autosave import AUTOSAVE_NAME, DAMAGED_SUFFIX, KEEP_DAMAGED, Autosaver, set_aside
from sudoku_tk.app.save_format import (
    FORMAT_NAME,
    FORMAT_VERSION,
    MAX_TEXT,
    GameRecord,
    NewerFormatError,
    dumps,
    load_game,
    loads,
    move_from_json,
    move_to_json,
    record_from_json,
    record_to_json,
    save_game,
)

__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "MAX_FILE_BYTES", "MAX_TEXT", "BACKUP_SUFFIX", "AUTOSAVE_NAME",
    "DAMAGED_SUFFIX", "KEEP_DAMAGED", "GameRecord", "NewerFormatError", "Autosaver",
    "dumps", "loads", "save_game", "load_game", "atomic_write_text", "record_to_json", "record_from_json",
    "move_to_json", "move_from_json", "read_limited", "decode", "backup_path_for", "write_target",
    "temp_prefix", "remove_stale_temps", "set_aside",
]
