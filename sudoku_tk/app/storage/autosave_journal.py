"""The autosave's journal: what changed since the last full save, appended as one line of JSON per save.

Writing the whole game after every move costs as much as the game is long. Once a game
holds ``JOURNAL_FROM_MOVES`` moves, the Autosaver (autosave.py) writes the full game
(the *snapshot*, ``autosave.json``) only now and then, and after every other move appends
one line to ``autosave.journal`` beside it, so a move costs the same at move 100,000 as at
move 10. The file::

    {"format": "sudoku-tk-journal", "version": 1, "base": "<sha256 of the snapshot's bytes>"}
    {"n": 1, "keep": 20000, "add": [{"kind": "place", "cell": "r1c2", "digit": "4"}],
     "redo_keep": 0, "redo_add": [], "set": {"elapsed_seconds": 812.5, "saved": "..."}, "drop": []}
    ...

Each line says how the game file's JSON changed: keep the first ``keep`` moves and add
``add``; keep the last ``redo_keep`` moves to redo and put ``redo_add`` before them; set
the fields in ``set`` and drop those in ``drop`` (fields a file leaves out when empty).
``n`` counts the lines from 1. Reading starts from the snapshot's JSON and applies the
lines in order, then checks the result as a game file; it stops at the first line that is
cut short or wrong (a crash while appending leaves at most the last line torn): that line
and any after it are ignored. A journal whose ``base`` is not the snapshot it lies beside
(the app stopped between writing a new snapshot and starting its journal) is ignored
whole: the snapshot already holds all of it.

The journal is rewritten whole (compacted into a new snapshot) once it grows as large as
the snapshot, so reading it never costs more than reading the game twice. Writes are
appends to a regular file of the data folder, never through a link (O_NOFOLLOW); a failed
append is cut back so that no torn line is ever followed by another.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path
from typing import Any

from sudoku_tk.app.storage.atomic_files import atomic_write_text
from sudoku_tk.app.storage.file_reading import NotAFileError, SaveFileError, decode, not_a_file, read_file
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import move_to_json, record_to_json
from sudoku_tk.engine.play.moves import Move

JOURNAL_FORMAT = "sudoku-tk-journal"
JOURNAL_VERSION = 1
JOURNAL_SUFFIX = ".journal"
JOURNAL_FROM_MOVES = 1000
"""Games with fewer moves (and moves to redo) are saved whole every time, as that costs a few milliseconds."""
COMPACT_MIN_BYTES = 256 * 1024
"""The journal is compacted once it is larger than the snapshot and than this."""
START_FIELDS = ("size", "givens", "placed", "candidates", "created")
"""Fields that tell one game from another: when one changes, a new snapshot is written instead of a line."""
_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def journal_path(snapshot: Path) -> Path:
    """The journal beside ``snapshot``: ``autosave.json`` -> ``autosave.journal``.

    >>> journal_path(Path("/d/autosave-v1.json")).name
    'autosave-v1.journal'
    """
    return snapshot.with_name(snapshot.stem + JOURNAL_SUFFIX)


def digest(data: bytes) -> str:
    """The snapshot's identity in its journal's header: the SHA-256 of its bytes."""
    return hashlib.sha256(data).hexdigest()


def _common_prefix(old: tuple[Move, ...], new: tuple[Move, ...]) -> int:
    """How many moves ``old`` and ``new`` share from the start (fast when one extends the other)."""
    if len(new) >= len(old) and new[: len(old)] == old:
        return len(old)
    if len(new) < len(old) and old[: len(new)] == new:
        return len(new)
    n = 0
    for a, b in zip(old, new):
        if a != b:
            break
        n += 1
    return n


def _common_suffix(old: tuple[Move, ...], new: tuple[Move, ...]) -> int:
    """How many moves ``old`` and ``new`` share at the end (the redo list grows at its front)."""
    if len(new) >= len(old) and new[len(new) - len(old) :] == old:
        return len(old)
    if len(new) < len(old) and old[len(old) - len(new) :] == new:
        return len(new)
    n = 0
    for a, b in zip(reversed(old), reversed(new)):
        if a != b:
            break
        n += 1
    return n


class Journal:
    """The journal of one snapshot file (see the module): started for a snapshot, appended to, read back."""

    def __init__(self, snapshot: Path) -> None:
        self.snapshot = snapshot
        self.path = journal_path(snapshot)
        self._state: tuple[tuple[Move, ...], tuple[Move, ...], dict[str, Any]] | None = None
        self._lines = 0
        self.size = 0
        """Bytes in the journal file (0 when there is none for the current snapshot)."""
        self.snapshot_size = 0
        """Bytes in the snapshot it belongs to."""
        self._valid = 0  # the bytes worth keeping (a torn last line is cut before the next append)
        self.belongs = False
        """The journal file ``apply`` read belongs to the snapshot it was given (its base is that snapshot)."""

    @property
    def active(self) -> bool:
        """Is there a journal for the current snapshot that the next save may append to?"""
        return self._state is not None

    def stop(self) -> None:
        """The snapshot holds everything now: forget the journal and remove its file."""
        self._state = None
        self.size = self._lines = self._valid = 0
        try:
            if os.path.lexists(self.path):
                os.unlink(self.path)
        except OSError:
            pass  # a stale journal never applies to another snapshot (its base differs)

    def start(self, snapshot_bytes: bytes, record: GameRecord, *, durable: bool) -> None:
        """Begin a new journal for the snapshot just written (whose bytes these are), holding ``record``.

        Raises:
            OSError, SaveFileError: the header could not be written (the next save writes a snapshot again).
        """
        self._state = None
        header = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "base": digest(snapshot_bytes)}
        text = json.dumps(header) + "\n"
        atomic_write_text(self.path, text, backup=False, durable=durable, private=True)
        self._follow(record, len(text.encode("utf-8")), 0, len(snapshot_bytes))

    def _follow(self, record: GameRecord, size: int, lines: int, snapshot_size: int) -> None:
        self._state = (record.moves, record.redo, record_to_json(record, with_moves=False))
        self.size = self._valid = size
        self._lines = lines
        self.snapshot_size = snapshot_size

    @staticmethod
    def worth_it(record: GameRecord) -> bool:
        """Is the game long enough for a journal (JOURNAL_FROM_MOVES moves and moves to redo)?"""
        return len(record.moves) + len(record.redo) >= JOURNAL_FROM_MOVES

    def wants_snapshot(self, record: GameRecord) -> bool:
        """Should ``record`` be written whole (a small game, another game, no journal, or a journal grown large)?"""
        if not self.worth_it(record) or self._state is None:
            return True
        if self.size >= max(self.snapshot_size, COMPACT_MIN_BYTES):
            return True
        fields = self._state[2]
        new = record_to_json(record, with_moves=False)
        return any(fields.get(k) != new.get(k) for k in START_FIELDS)

    def append(self, record: GameRecord, *, durable: bool) -> None:
        """Append the line that turns the last saved game into ``record``.

        Raises:
            OSError: the line could not be written; the journal is cut back to its last whole line.
            NotAFileError: something that is not the journal file has its name.
        """
        assert self._state is not None
        old_moves, old_redo, old_fields = self._state
        geo = record.start.geometry
        fields = record_to_json(record, with_moves=False)
        keep = _common_prefix(old_moves, record.moves)
        redo_keep = _common_suffix(old_redo, record.redo)
        line = {
            "n": self._lines + 1,
            "keep": keep,
            "add": [move_to_json(m, geo) for m in record.moves[keep:]],
            "redo_keep": redo_keep,
            "redo_add": [move_to_json(m, geo) for m in record.redo[: len(record.redo) - redo_keep]],
            "set": {k: v for k, v in fields.items() if old_fields.get(k) != v},
            "drop": [k for k in old_fields if k not in fields],
        }
        data = (json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        self._write(data, durable)
        self._state = (record.moves, record.redo, fields)
        self._lines += 1
        self.size = self._valid = self.size + len(data)

    def _write(self, data: bytes, durable: bool) -> None:
        fd = os.open(self.path, _APPEND)
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode):
                raise not_a_file(self.path, info.st_mode)
            if info.st_size != self._valid:
                os.ftruncate(fd, self._valid)  # a torn line from a crash, or a write that failed half-way
            try:
                written = os.write(fd, data)
                if written != len(data):
                    raise OSError(f"only {written} of {len(data)} bytes of the journal line were written")
                if durable:
                    os.fsync(fd)
            except OSError:
                os.ftruncate(fd, self._valid)
                raise
        finally:
            os.close(fd)

    # -- reading ------------------------------------------------------------------------------
    def apply(self, snapshot_bytes: bytes, game: dict[str, Any]) -> tuple[int, str | None]:
        """Apply this snapshot's journal to ``game`` (the snapshot's JSON, changed in place).

        Returns how many lines were applied and why the rest was not (None when all was well,
        or when only a torn last line was left out). Never raises.
        """
        self._state = None
        self.belongs = False
        try:
            text = decode(read_file(self.path, "the autosave's journal", follow_links=False))
        except FileNotFoundError:
            return 0, None
        except NotAFileError as exc:
            return 0, str(exc)
        except (OSError, SaveFileError) as exc:
            return 0, f"the journal could not be read ({exc})"
        lines = text.split("\n")
        try:
            header = json.loads(lines[0])
        except ValueError:
            return 0, None
        if not isinstance(header, dict) or header.get("base") != digest(snapshot_bytes):
            return 0, None  # another snapshot's journal: this one holds all of it already
        if header.get("format") != JOURNAL_FORMAT or header.get("version") != JOURNAL_VERSION:
            return 0, f"the journal is of an unknown kind ({header.get('format')!r:.40}, {header.get('version')!r:.10})"
        self.belongs = True
        valid = len(lines[0]) + 1
        applied = 0
        problem: str | None = None
        for i, raw in enumerate(lines[1:], start=1):
            if i == len(lines) - 1:
                if raw:
                    problem = None  # the last line has no newline: cut short by a crash, and left out
                break
            why = _apply_line(raw, applied + 1, game)
            if why is not None:
                problem = f"line {i + 1} of the journal {why}; the moves after it were lost"
                break
            applied += 1
            valid += len(raw.encode("utf-8")) + 1
        self._valid = valid
        self._lines = applied
        return applied, problem

    def follow(self, record: GameRecord, snapshot_size: int) -> None:
        """Go on appending after the lines ``apply`` read (``record`` is the game they led to; ``belongs`` holds)."""
        valid, lines = self._valid, self._lines
        self._follow(record, valid, lines, snapshot_size)


_SETTABLE = frozenset(
    {
        "app_version",
        "puzzle",
        "assists",
        "elapsed_seconds",
        "mistakes",
        "revealed",
        "saved",
        "hints",
        "reveals",
        "candidate_mode",
        "colours",
        "rating",
        "found_alone",
        "hint_rungs",
    }
)


def _apply_line(raw: str, n: int, game: dict[str, Any]) -> str | None:
    """Apply one journal line to ``game``; why it could not be applied, or None."""
    try:
        line = json.loads(raw)
    except ValueError:
        return "is not valid JSON"
    if not isinstance(line, dict) or line.get("n") != n:
        return "is out of order"
    moves, redo = game.setdefault("moves", []), game.setdefault("redo", [])
    keep, add = line.get("keep"), line.get("add")
    redo_keep, redo_add = line.get("redo_keep"), line.get("redo_add")
    changes, drops = line.get("set", {}), line.get("drop", [])
    if not (_count(keep, len(moves)) and _count(redo_keep, len(redo))):
        return "keeps more moves than there are"
    assert isinstance(keep, int) and isinstance(redo_keep, int)
    if not (isinstance(add, list) and isinstance(redo_add, list) and isinstance(changes, dict)):
        return "is not a journal line"
    if not isinstance(drops, list) or not set(changes).union(drops) <= _SETTABLE:
        return "changes a field a journal line may not change"
    del moves[keep:]
    moves.extend(add)
    del redo[: len(redo) - redo_keep]
    redo[0:0] = redo_add
    game.update(changes)
    for key in drops:
        game.pop(key, None)
    return None


def _count(value: Any, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= most


__all__ = [
    "COMPACT_MIN_BYTES",
    "JOURNAL_FORMAT",
    "JOURNAL_FROM_MOVES",
    "JOURNAL_SUFFIX",
    "Journal",
    "digest",
    "journal_path",
]
