"""Autosaver: the current game kept after every move, without ever writing over a save the player may still need.

The autosave folder holds:

- ``autosave.json`` and ``autosave.json.bak``: the latest save and the one before it.
- ``autosave.json.damaged``, ``.damaged.1`` … ``.damaged.4`` (newest first): unreadable
  autosaves set aside, the last ``KEEP_DAMAGED``; ``autosave.json.bak.damaged…`` likewise.
- ``autosave-v1.json`` (and its ``.bak``): this version's own slot while
  ``autosave.json`` or its backup was written by a newer version of the app.

Before its first save (in ``load_latest``, or in ``save`` when nothing was
loaded) the Autosaver checks the files it is about to rotate. An unreadable
file is renamed to a ``.damaged`` name first, so a new game's saves can never
push it away. A file from a newer version is left exactly where it is: renaming
or copying it would hide it from the newer version, which still reads it at its
own path; this version autosaves to ``autosave-v<FORMAT_VERSION>.json`` instead
(the name is fixed, so every start, and a second Autosaver, makes the same
choice). ``kept_aside`` lists every file kept that way.

A game of ``JOURNAL_FROM_MOVES`` moves or more is not written whole after every move:
each save appends one line to ``autosave.journal`` (autosave_journal.py) and the whole
game is written, with its backup, only when the journal has grown as large as it; the
backup is then the full save before that one (a damaged ``autosave.json`` falls back to
it, without the journal's moves, which belong to the damaged file).

Anything at ``autosave.json`` or its backup that is not a plain file (a symbolic
link, a named pipe, a device) counts as damaged: it is never read through or
written through, and the entry itself is set aside under a ``.damaged`` name in this
folder (see damaged_files.py), so nothing outside the data folder is ever renamed or
changed. A named pipe is never opened in a way that could block (file_reading.py).
"""

from __future__ import annotations

import itertools
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from sudoku_tk.app.storage.atomic_files import atomic_write_text, backup_path_for, ensure_folder, remove_stale_temps
from sudoku_tk.app.storage.autosave_journal import Journal
from sudoku_tk.app.storage.damaged_files import DAMAGED_SUFFIX, KEEP_DAMAGED, set_aside
from sudoku_tk.app.storage.file_reading import SaveFileError, decode, kind_of_mode, link_text, read_file
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import FORMAT_VERSION, NewerFormatError, dumps, parse_json, record_from_json

AUTOSAVE_NAME = "autosave.json"


@dataclass(frozen=True, slots=True)
class _Found:
    """What one autosave file holds: a record, a reason it cannot be read, or nothing (missing)."""

    path: Path
    record: GameRecord | None = None
    problem: str | None = None
    newer: int | None = None
    """The format version, when the file comes from a newer version of the app."""
    kept_as: Path | None = None
    """Where the unreadable file was set aside."""
    snapshot: bytes = b""
    """The file's bytes, when it was read (the journal's base)."""
    journal_problem: str | None = None
    """Why the journal's lines were not all applied (None when they were, or there was none)."""


def _probe(path: Path, journal: Journal | None = None) -> _Found:
    """Read one autosave file (and, given its ``journal``, the moves saved since), never raising."""
    if not os.path.lexists(path):
        return _Found(path)
    try:
        data = read_file(path, "a game", follow_links=False)
        game = parse_json(decode(data))
        if journal is None or not isinstance(game, dict):
            return _Found(path, record=record_from_json(game), snapshot=data)
        applied, why = journal.apply(data, game)
        try:
            return _Found(path, record=record_from_json(game), snapshot=data, journal_problem=why)
        except SaveFileError as exc:
            if not applied:
                raise
            set_aside(journal.path)  # kept for a look; the game goes on from the last full save
            plain = record_from_json(parse_json(decode(data)))
            why = f"the moves in {journal.path.name} could not be read ({exc}); it was kept as .damaged"
            return _Found(path, record=plain, snapshot=data, journal_problem=why)
    except FileNotFoundError:
        return _Found(path)
    except NewerFormatError as exc:
        return _Found(path, problem=str(exc), newer=exc.version)
    except (SaveFileError, OSError) as exc:
        return _Found(path, problem=str(exc))
    except Exception as exc:  # noqa: BLE001 - start-up must survive any file; the message keeps the reason
        return _Found(path, problem=f"unexpected {type(exc).__name__}: {exc}")


class Autosaver:
    """Keeps the current game in ``folder`` after every move, with the previous save as a backup (see the module)."""

    def __init__(self, folder: Path | str, *, durable: bool = True, durable_every: int = 10) -> None:
        """Save into ``folder``; fsync every save (``durable``), or else every ``durable_every``-th one (0: never).

        Without fsync a save is still atomic when the app is killed, but a power
        cut may lose it (see atomic_write_text); ``save(..., durable=True)`` forces
        one, e.g. when the window closes.
        """
        self.folder = Path(folder)
        self.durable = durable
        self.durable_every = durable_every
        self.kept_aside: list[Path] = []
        """Files this Autosaver leaves alone: unreadable ones at their ``.damaged`` names, newer ones in place."""
        self.message: str | None = None
        """What the last check of the folder found, for the player (None when all was well)."""
        self.news: list[str] = []
        """What saves found and set aside since the check (see ``take_news``)."""
        self._name = AUTOSAVE_NAME
        self._checked = False
        self._unsynced = 0
        self._journal: Journal | None = None
        self._loaded: tuple[GameRecord, bytes] | None = None

    @property
    def path(self) -> Path:
        """The autosave file this Autosaver writes (``autosave.json`` unless a newer version's file holds it)."""
        return self.folder / self._name

    @property
    def backup_path(self) -> Path:
        """The backup of ``path``: the save before the latest."""
        return backup_path_for(self.path)

    def save(self, record: GameRecord, *, durable: bool = False) -> None:
        """Write the record as the autosave, keeping the previous one as the backup; ``durable`` forces an fsync.

        The first save of an Autosaver that has not loaded checks the folder
        first, as ``load_latest`` does, so it never rotates away a file it cannot read.

        Raises:
            SaveFileError: the game is too large to save (nothing is written).
            OSError: the folder cannot be created or written (the caller tells the player).
        """
        if not self._checked:
            self._check()
        ensure_folder(self.folder)
        journal = self.journal
        for path in (self.path, self.backup_path, journal.path):
            self._clear_the_way(path)
        self._unsynced += 1
        sync = durable or self.durable or 0 < self.durable_every <= self._unsynced
        if self._loaded is not None:  # a large game read at start: its journal goes on (or begins) from there
            loaded, data = self._loaded
            self._loaded = None
            if not journal.active and journal.worth_it(loaded):
                journal.start(data, loaded, durable=sync)
        if journal.wants_snapshot(record):
            self._write_snapshot(record, sync)
        else:
            journal.append(record, durable=sync)
        if sync:
            self._unsynced = 0

    @property
    def journal(self) -> Journal:
        """The journal of ``path``: the moves saved since the last full save of a long game (autosave_journal.py)."""
        if self._journal is None or self._journal.snapshot != self.path:
            self._journal = Journal(self.path)
        return self._journal

    def _write_snapshot(self, record: GameRecord, sync: bool) -> None:
        """Write the whole game (the previous one kept as the backup); a long game's journal starts again after it."""
        text = dumps(record)
        atomic_write_text(self.path, text, backup=True, durable=sync, private=True)
        journal = self.journal
        if journal.worth_it(record):
            try:
                journal.start(text.encode("utf-8"), record, durable=sync)
            except (OSError, SaveFileError):
                journal.stop()  # the game is saved; the next save writes it whole again
        else:
            journal.stop()

    def _clear_the_way(self, path: Path) -> None:
        """Set aside a link, pipe or device that appeared at ``path`` since the check (it is never written through)."""
        try:
            info = os.lstat(path)
        except OSError:
            return
        if stat.S_ISREG(info.st_mode):
            return
        kind = link_text(path) if stat.S_ISLNK(info.st_mode) else kind_of_mode(info.st_mode)
        moved = set_aside(path)
        if moved is None:
            return  # the save refuses it and the player is told why
        self._keep([moved])
        self.news.append(
            f"{path.name} in {self.folder} had become {kind}; the app never writes through such a thing, "
            f"so it was kept as {moved.name} and your game is saved as a file there again."
        )

    def take_news(self) -> list[str]:
        """What the saves since the last call set aside, for the player (then forgotten)."""
        news, self.news = self.news, []
        return news

    def load_latest(self) -> tuple[GameRecord | None, str | None]:
        """The last autosaved game and a message for the player (None when all went well); never raises.

        Returns (None, None) when there is no autosave. Unreadable files are set
        aside under ``.damaged`` names and the backup is loaded instead; a newer
        version's files are kept in place and this version's own slot is used.
        Stale temporary files of crashed writes are removed (never another
        running app's, see atomic_files.is_stale_temp).
        """
        remove_stale_temps(self.folder, [".autosave*.tmp"])
        return self._check()

    def _slot_names(self) -> Iterator[str]:
        # Ends: a missing file never holds a slot, and the folder holds finitely many files.
        yield AUTOSAVE_NAME
        yield f"autosave-v{FORMAT_VERSION}.json"
        yield from (f"autosave-v{FORMAT_VERSION}-{n}.json" for n in itertools.count(2))

    def _keep(self, paths: Iterable[Path]) -> None:
        for path in paths:
            if path not in self.kept_aside:
                self.kept_aside.append(path)

    def _check(self) -> tuple[GameRecord | None, str | None]:
        """Choose the slot to write, set unreadable files aside, and find the game to resume."""
        self._checked = True
        notes: list[str] = []
        fallback: GameRecord | None = None
        for name in self._slot_names():
            self._name = name
            found = [_probe(self.path, self.journal), _probe(backup_path_for(self.path))]
            newer = [f for f in found if f.newer is not None]
            if not newer:
                found = [self._set_aside(f) for f in found]
            stuck = [] if newer else [f for f in found if f.problem is not None and f.kept_as is None]
            if not newer and not stuck:
                break
            if fallback is None:
                fallback = next((f.record for f in found if f.record is not None), None)
            if newer:
                self._keep(f.path for f in newer)
                notes.append(
                    f"The autosave {newer[0].path.name} was saved by a newer version of Sudoku Tk "
                    f"(file format version {newer[0].newer}) and is kept as it is."
                )
            else:
                self._keep(f.path for f in stuck)
                notes.append(
                    f"The unreadable file {stuck[0].path.name} could not be moved aside "
                    f"({stuck[0].problem}) and is kept as it is."
                )
        if notes:
            notes.append(f"This version autosaves to {self._name} instead.")
        return self._resume(found[0], found[1], fallback, notes)

    def _set_aside(self, found: _Found) -> _Found:
        if found.problem is None:
            return found
        moved = set_aside(found.path)
        if moved is None:
            return found
        self._keep([moved])
        return replace(found, kept_as=moved)

    def _resume(
        self, autosave: _Found, backup: _Found, fallback: GameRecord | None, notes: list[str]
    ) -> tuple[GameRecord | None, str | None]:
        """The game to continue from the chosen slot's files, and the message for the player."""
        record: GameRecord | None = None
        if autosave.record is not None:
            record = autosave.record
            journal = self.journal
            if autosave.journal_problem is not None:
                notes.append(f"Part of the autosave could not be read: {autosave.journal_problem}.")
                if os.path.lexists(journal.path):
                    set_aside(journal.path)  # kept; the first save writes the game whole again
            elif journal.belongs:
                journal.follow(record, len(autosave.snapshot))  # its next line goes after the ones just read
            else:
                self._loaded = (record, autosave.snapshot)  # no journal yet for this snapshot
            if backup.problem is not None:
                notes.append(f"The backup {backup.path.name} could not be read ({backup.problem}).")
        elif backup.record is not None:
            record = backup.record
            if autosave.problem is None:
                notes.append("The last autosave was missing; the game was restored from the backup.")
            else:
                notes.append(
                    f"The last autosave could not be read ({autosave.problem}); the game was restored from the backup."
                )
        elif fallback is not None:
            record = fallback
            notes.append("The last game this version can read was restored.")
        else:
            why = autosave.problem or backup.problem
            if why is not None:
                notes.append(f"The autosaved game could not be read ({why}); a new game was started.")
            elif notes:
                notes.append("A new game was started.")
        kept = [f.kept_as.name for f in (autosave, backup) if f.kept_as is not None]
        if kept:
            files = "files are" if len(kept) > 1 else "file is"
            notes.append(f"The unreadable {files} kept as {' and '.join(kept)}.")
        self.message = " ".join(notes) or None
        return record, self.message


__all__ = ["AUTOSAVE_NAME", "DAMAGED_SUFFIX", "KEEP_DAMAGED", "Autosaver", "set_aside"]
