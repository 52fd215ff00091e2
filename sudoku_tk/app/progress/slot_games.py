"""The games other windows left behind: an autosave slot no window holds, taken into the recent games at start.

A second window open at the same time keeps its game in ``autosave-2`` (paths.autosave_dir).
Once that window has closed, nothing would ever resume that game again: the next start
takes slot 1. So a window, when it starts, looks at every other slot: one whose lock it can
take (no window is using it) and whose autosave holds a game in progress is kept among
the recent games (recent_games.py; Game > Continue a recent game…), and only once it is
kept there are that slot's autosave, backup and journal removed, so the game lives on in one place.
Unreadable files are set aside as usual (autosave.py) and stay; a slot a window is using
is never touched. ``kept_note`` is what the player is told at start.
"""

from __future__ import annotations

import os
from pathlib import Path

from sudoku_tk.app.progress.recent_games import RecentGames, progress_text, record_in_progress
from sudoku_tk.app.storage.atomic_files import unlink_quietly
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.system import MAX_SLOTS, InstanceLock, autosave_dir


def keep_other_slots(data_dir: Path, own_slot: int, recent: RecentGames) -> list[GameRecord]:
    """Move the games in progress of every autosave slot but ``own_slot`` that no window holds into ``recent``.

    Returns the games kept, lowest slot first. Never raises: a slot that can't be read,
    locked or kept is left as it is.
    """
    kept: list[GameRecord] = []
    for slot in range(1, MAX_SLOTS + 1):
        if slot == own_slot:
            continue
        folder = autosave_dir(data_dir, slot)
        if not os.path.isdir(folder) or os.path.islink(folder):
            continue
        lock = InstanceLock(folder)
        try:
            if not lock.acquire():
                continue  # a window is using it
        except (OSError, SaveFileError):
            continue
        try:
            record = _take(folder, recent)
        finally:
            lock.release()
        if record is not None:
            kept.append(record)
    return kept


def _take(folder: Path, recent: RecentGames) -> GameRecord | None:
    saver = Autosaver(folder)
    record, _message = saver.load_latest()
    if record is None or not record_in_progress(record):
        return None
    try:
        if not recent.add(record):
            return None
    except (OSError, SaveFileError):
        return None  # kept in its slot: nothing is lost
    for path in (saver.path, saver.backup_path, saver.journal.path):
        unlink_quietly(path)
    return record


def kept_note(records: list[GameRecord]) -> str:
    """What the player is told at start about the games ``keep_other_slots`` kept ("" for none).

    One game is named with its progress; several are counted.
    """
    if not records:
        return ""
    if len(records) == 1:
        record = records[0]
        name = f"“{record.puzzle_name}”" if record.puzzle_name else "a game"
        return (
            f"Another window left {name} unfinished ({progress_text(record)}); it is kept among your recent games: "
            "Game > Continue a recent game… brings it back."
        )
    return (
        f"Other windows left {len(records)} games unfinished; they are kept among your recent games "
        "(Game > Continue a recent game…)."
    )


__all__ = ["keep_other_slots", "kept_note"]
