"""Old import path of saved games and safe files, kept only for the ui/ modules (and their tests) not yet moved.

The work is done in four modules; import from them directly:

- ``game_record.py``: ``GameRecord``, everything a saved game holds.
- ``save_format.py``: the versioned JSON game file (format ``sudoku-tk-game``,
  documented there); ``save_game`` / ``load_game``. Field readers: ``save_fields.py``.
- ``atomic_files.py``: atomic writes with a ``.bak`` backup, symbolic links
  written through, one size limit (``MAX_FILE_BYTES``) for writing and reading,
  temporary files that another running app's write can be told apart from.
- ``autosave.py``: ``Autosaver``, which never writes over a file it cannot read
  (set aside as ``.damaged``) or one from a newer version (kept in place).
"""

from __future__ import annotations

# re-exported for callers not yet moved (ui/game_files.py, tests/ui)
from sudoku_tk.app.atomic_files import MAX_FILE_BYTES, atomic_write_text
from sudoku_tk.app.autosave import Autosaver
from sudoku_tk.app.game_record import GameRecord
from sudoku_tk.app.save_format import load_game, save_game

__all__ = ["MAX_FILE_BYTES", "Autosaver", "GameRecord", "atomic_write_text", "load_game", "save_game"]
