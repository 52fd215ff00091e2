"""Generated puzzles kept ready, per level, per variant's level and per practice technique, so New game never waits.

``PuzzleKey`` names what a puzzle was made for (a level, a variant's level, or a technique to practise).
``PuzzleCache`` holds a few ``Generated`` puzzles per key in ``generated.json`` in the
data folder (written atomically and privately; a damaged file, or a damaged entry, is
dropped and the cache rebuilt, never a crash; a link, pipe or device in the file's place
is never read or written through, see file_reading.py and atomic_files.py). ``missing()`` says which puzzles to make next: every
level up to ``per_level`` puzzles (the fullest last), each technique a player has
asked for once up to ``per_technique``, and every level of each variant a player has asked for once up to
``per_variant_level``. The background worker (background_worker.py) makes them; nothing here runs the generator.

The file (a variant's puzzle is its text form, ``puzzle_text``)::

    {"format": "sudoku-tk-generated", "version": 1,
     "puzzles": [{"key": "level:hard", "puzzle": "..5.3..", "seed": "123/0", "tries": 7,
                  "rating": {"level": "hard", ...}},
                 {"key": "x:level:easy", "puzzle": "variant: x\n..5.3..", ...}],
     "practised": ["X_WING"], "variants": ["x"]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sudoku_tk.app.storage.atomic_files import atomic_write_text, ensure_folder
from sudoku_tk.app.storage.damaged_files import set_aside
from sudoku_tk.app.storage.file_reading import NotAFileError, SaveFileError, decode, read_file
from sudoku_tk.app.storage.rating_fields import rating_to_json, read_rating
from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.geometry import CLASSIC, JIGSAW, KILLER, SUDOKU_X, WINDOKU
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle, puzzle_text
from sudoku_tk.engine.generating.level_search import Generated, offered_practice_techniques, practice_techniques
from sudoku_tk.engine.rating.score import Level
from sudoku_tk.engine.steps.step import Technique

CACHE_NAME = "generated.json"
FORMAT_NAME = "sudoku-tk-generated"
FORMAT_VERSION = 1
PER_LEVEL = 2
"""Puzzles kept ready for each level."""
PER_TECHNIQUE = 1
"""Puzzles kept ready for each technique a player has practised."""
PER_VARIANT_LEVEL = 1
"""Puzzles kept ready for each level of a variant a player has asked for a generated puzzle of."""
VARIANT_NAMES = {SUDOKU_X: "Sudoku X", WINDOKU: "Windoku", JIGSAW: "Jigsaw", KILLER: "Killer"}
"""The variants generated puzzles are made for, as players name them."""
MAX_PER_KEY = 20
"""A file never holds more than this per key (a hand-edited file cannot make the cache grow without end)."""


@dataclass(frozen=True, slots=True)
class PuzzleKey:
    """What a generated puzzle is for: a level (``technique`` None), of the classic or of a variant (one of
    ``VARIANT_NAMES``), or practising a technique (classic)."""

    level: Level | None = None
    technique: Technique | None = None
    variant: str = CLASSIC

    @classmethod
    def at(cls, level: Level, variant: str = CLASSIC) -> PuzzleKey:
        return cls(level=level, variant=variant)

    @classmethod
    def practice(cls, technique: Technique) -> PuzzleKey:
        return cls(technique=technique)

    @property
    def text(self) -> str:
        """The key as the cache file writes it.

        >>> PuzzleKey.at(Level.HARD).text, PuzzleKey.practice(Technique.X_WING).text
        ('level:hard', 'practice:X_WING')
        >>> PuzzleKey.at(Level.EASY, "jigsaw").text
        'jigsaw:level:easy'
        """
        if self.technique is not None:
            return f"practice:{self.technique.name}"
        assert self.level is not None
        text = f"level:{self.level.label}"
        return text if self.variant == CLASSIC else f"{self.variant}:{text}"

    @property
    def label(self) -> str:
        """The key for players: "Hard", "X-Wing", "Hard Sudoku X"."""
        if self.technique is not None:
            return self.technique.display_name
        assert self.level is not None
        name = self.level.label.capitalize()
        return name if self.variant == CLASSIC else f"{name} {VARIANT_NAMES[self.variant]}"

    @classmethod
    def parse(cls, text: str) -> PuzzleKey:
        """Read a key as ``text`` writes it.

        Raises:
            ValueError: not a key of a level (of the classic or a variant) or of a practice technique.
        """
        variant = CLASSIC
        kind, _, name = text.partition(":")
        if kind in VARIANT_NAMES:
            variant = kind
            kind, _, name = name.partition(":")
        if kind == "level":
            for level in Level:
                if level.label == name:
                    return cls.at(level, variant)
        elif kind == "practice" and variant == CLASSIC and name in Technique.__members__:
            technique = Technique[name]
            if technique in practice_techniques():
                return cls.practice(technique)
        raise ValueError(f"not a generated-puzzle key: {text!r}")


LEVEL_KEYS: tuple[PuzzleKey, ...] = tuple(PuzzleKey.at(level) for level in Level)


def variant_keys(variant: str) -> tuple[PuzzleKey, ...]:
    """A variant's level keys, easiest first."""
    return tuple(PuzzleKey.at(level, variant) for level in Level)


def generated_to_json(key: PuzzleKey, puzzle: Generated) -> dict[str, Any]:
    out: dict[str, Any] = {"key": key.text, "puzzle": puzzle.puzzle, "seed": puzzle.seed, "tries": puzzle.tries}
    if puzzle.rating is not None:
        out["rating"] = rating_to_json(puzzle.rating)
    return out


def generated_from_json(obj: Any) -> tuple[PuzzleKey, Generated]:
    """One cached puzzle, checked.

    Raises:
        ValueError: anything about it is wrong (a SaveFileError or PuzzleFormatError among them).
    """
    if not isinstance(obj, dict):
        raise ValueError("not an object")
    key = PuzzleKey.parse(str(obj.get("key", "")))
    text, seed, tries = obj.get("puzzle"), obj.get("seed"), obj.get("tries", 1)
    if not isinstance(text, str) or not isinstance(seed, str) or not isinstance(tries, int):
        raise ValueError("puzzle, seed or tries of the wrong kind")
    grid = parse_puzzle(text)
    if grid.geometry.side != 9:
        raise ValueError("not a 9×9 puzzle")
    if grid.geometry.variant_name != key.variant:
        raise ValueError(f"a {grid.geometry.variant_name} puzzle under {key.text}")
    rating = read_rating(obj["rating"]) if "rating" in obj else None
    return key, Generated(puzzle_text(grid), rating, seed, tries, key.technique)


class PuzzleCache:
    """A few generated puzzles per key, kept in ``path`` (None: in memory only)."""

    def __init__(
        self,
        path: Path | None,
        *,
        per_level: int = PER_LEVEL,
        per_technique: int = PER_TECHNIQUE,
        per_variant_level: int = PER_VARIANT_LEVEL,
    ) -> None:
        self.path = path
        self.per_level = per_level
        self.per_technique = per_technique
        self.per_variant_level = per_variant_level
        self._puzzles: dict[PuzzleKey, list[Generated]] = {}
        self._practised: list[Technique] = []
        self._variants: list[str] = []
        self.note = ""
        """Why the file was not read whole ("" when it was, or when there was none)."""
        if path is not None:
            self._load(path)

    # -- questions ------------------------------------------------------------------
    def count(self, key: PuzzleKey) -> int:
        return len(self._puzzles.get(key, ()))

    def puzzles(self, key: PuzzleKey) -> tuple[Generated, ...]:
        """The puzzles kept for ``key``, the next one to be taken first."""
        return tuple(self._puzzles.get(key, ()))

    def practised(self) -> tuple[Technique, ...]:
        """The techniques a player has asked to practise, first asked first."""
        return tuple(self._practised)

    def variants(self) -> tuple[str, ...]:
        """The variants a player has asked for a generated puzzle of, first asked first."""
        return tuple(self._variants)

    def target(self, key: PuzzleKey) -> int:
        """How many puzzles to keep ready for ``key``: none for a technique that is not offered for practice (one
        asked for in an older version: the generator may search for it for ever)."""
        if key.variant != CLASSIC:
            return self.per_variant_level if key.variant in self._variants else 0
        if key.technique is None:
            return self.per_level
        offered = key.technique in offered_practice_techniques()
        return self.per_technique if key.technique in self._practised and offered else 0

    def missing(self) -> list[PuzzleKey]:
        """The puzzles to make, one entry per missing puzzle, the emptiest keys first (levels before techniques, and
        techniques before the variants' levels).

        >>> PuzzleCache(None, per_level=1).missing()[:2] == [PuzzleKey.at(Level.EASY), PuzzleKey.at(Level.MEDIUM)]
        True
        """
        keys = list(LEVEL_KEYS) + [PuzzleKey.practice(t) for t in self._practised]
        keys += [k for v in self._variants for k in variant_keys(v)]
        out: list[PuzzleKey] = []
        rounds = max(self.per_level, self.per_technique, self.per_variant_level)
        for round_ in range(rounds):  # round r lifts every key to r + 1
            out.extend(k for k in keys if self.count(k) <= round_ < self.target(k))
        return out

    # -- changes (each one saved at once) ------------------------------------------------
    def take(self, key: PuzzleKey) -> Generated | None:
        """Remove and return the oldest puzzle kept for ``key`` (None when there is none).

        Asking for a technique marks it as practised, and asking for a variant's level marks the variant as played:
        their puzzles are kept ready from now on (a variant's at every level).
        """
        if key.technique is not None and key.technique not in self._practised:
            self._practised.append(key.technique)
        if key.variant != CLASSIC and key.variant not in self._variants:
            self._variants.append(key.variant)
        kept = self._puzzles.get(key, [])
        taken = kept.pop(0) if kept else None
        self.save()
        return taken

    def put(self, key: PuzzleKey, puzzle: Generated) -> None:
        """Keep ``puzzle`` for ``key`` (the oldest ones go beyond MAX_PER_KEY)."""
        kept = self._puzzles.setdefault(key, [])
        kept.append(puzzle)
        del kept[:-MAX_PER_KEY]
        self.save()

    def remove(self, key: PuzzleKey, puzzle: Generated) -> bool:
        """Take this very puzzle out of the cache (one kept for a player who said "Later"); whether it was there."""
        kept = self._puzzles.get(key, [])
        if puzzle not in kept:
            return False
        kept.remove(puzzle)
        self.save()
        return True

    def save(self) -> None:
        """Write the cache file (nothing in memory-only mode; a failed write is ignored: the cache is a convenience)."""
        if self.path is None:
            return
        obj = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "puzzles": [generated_to_json(k, g) for k, kept in self._puzzles.items() for g in kept],
            "practised": [t.name for t in self._practised],
            "variants": list(self._variants),
        }
        try:
            ensure_folder(self.path.parent, allow_link=True)
            atomic_write_text(
                self.path,
                json.dumps(obj, ensure_ascii=False, indent=1) + "\n",
                backup=False,
                durable=False,
                private=True,
            )
        except (OSError, SaveFileError):
            pass

    def _load(self, path: Path) -> None:
        try:
            obj = json.loads(decode(read_file(path, "the generated puzzles", follow_links=False)))
        except FileNotFoundError:
            return
        except NotAFileError as exc:  # the entry itself goes, so the next save writes a file in its place
            set_aside(path)
            self.note = f"{exc}; the generated puzzles are made again"
            return
        except (OSError, ValueError, RecursionError) as exc:
            self.note = f"{path.name} could not be read ({exc}); the generated puzzles are made again"
            return
        if not isinstance(obj, dict) or obj.get("format") != FORMAT_NAME or obj.get("version") != FORMAT_VERSION:
            self.note = f"{path.name} is not a file of generated puzzles this version reads; they are made again"
            return
        dropped = 0
        items = obj.get("puzzles")
        for item in items if isinstance(items, list) else []:
            try:
                key, puzzle = generated_from_json(item)
            except (ValueError, KeyError, PuzzleFormatError):
                dropped += 1
                continue
            kept = self._puzzles.setdefault(key, [])
            if len(kept) < MAX_PER_KEY:
                kept.append(puzzle)
        names = obj.get("practised")
        for name in names if isinstance(names, list) else []:
            try:
                key = PuzzleKey.parse(f"practice:{name}")
            except ValueError:
                continue
            if key.technique is not None and key.technique not in self._practised:
                self._practised.append(key.technique)
        played = obj.get("variants")
        for name in played if isinstance(played, list) else []:
            if name in VARIANT_NAMES and name not in self._variants:
                self._variants.append(name)
        if dropped:
            self.note = f"{dropped} damaged generated puzzle{'s' * (dropped != 1)} dropped from {path.name}"


__all__ = [
    "CACHE_NAME",
    "LEVEL_KEYS",
    "PER_LEVEL",
    "PER_TECHNIQUE",
    "PER_VARIANT_LEVEL",
    "VARIANT_NAMES",
    "PuzzleCache",
    "PuzzleKey",
    "variant_keys",
]
