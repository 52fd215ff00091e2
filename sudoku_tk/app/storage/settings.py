"""The player's preferences: the ``Settings`` value, and reading and writing it as tolerant JSON.

Settings are saved per user (``paths.settings_path()``) as a small JSON object.
Reading never fails: a missing file gives the defaults; a file that can't be read
(broken JSON, not settings, too large, or a link, pipe or device, see file_reading.py)
is set aside as ``settings.json.damaged`` (damaged_files.py) and the defaults come
with a note saying so; each bad value is replaced by its default with a note saying
which and why. Saving is atomic and private (mode 0o600, see atomic_files.py) and keeps
what this version does not know: the fields it doesn't read and a newer version number
stay in the file (``save_settings`` reads the file first), so a newer version's settings
survive a run of this one. ``theme_name`` turns the
theme setting into the colours to draw with, reading the desktop's light/dark
mode for ``Theme.SYSTEM`` where it can (``system.prefers_dark``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.puzzles.built_in import parse_level
from sudoku_tk.app.storage.atomic_files import atomic_write_text, ensure_folder
from sudoku_tk.app.storage.damaged_files import damage_note
from sudoku_tk.app.storage.file_reading import SaveFileError, decode, read_file
from sudoku_tk.app.storage.save_format import json_problem
from sudoku_tk.engine.board.geometry import VARIANTS
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques, implemented
from sudoku_tk.system import prefers_dark

SETTINGS_FORMAT = "sudoku-tk-settings"
SETTINGS_VERSION = 1
RECENT_LIMIT = 30
"""How many recently played puzzle ids are remembered (random picks avoid them)."""
ZOOM_MIN, ZOOM_MAX = 50, 300
ANY_LEVEL = "any"
NEW_GAME_MODES = ("random", "list", "generated", "practice")
"""What the New Game dialog can start: a random built-in puzzle, a listed one, a generated one, practice."""
MAX_PATH_TEXT = 4096
PANEL_WIDTH_MAX = 4000
E = TypeVar("E", bound=Enum)


class Theme(Enum):
    """The board's colours."""

    LIGHT = "light"
    """Dark digits on a light board."""
    DARK = "dark"
    """Light digits on a dark board."""
    SYSTEM = "system"
    """Follow the desktop's light/dark setting where it can be read; light otherwise."""


class ClickMode(Enum):
    """What a left click on a candidate does (a click anywhere else in a cell only selects the cell)."""

    PLACES = "places"
    """The candidate is placed at once: one click per digit, what the board has always done."""
    SELECTS = "selects"
    """The cell is only selected; a digit key, a pad button or a double click places."""

    @property
    def label(self) -> str:
        return "Click places" if self is ClickMode.PLACES else "Click selects"


class PadMode(Enum):
    """What pressing a digit on the number pad does."""

    PLACE = "place"
    """Write the digit into the selected cell."""
    CANDIDATE = "candidate"
    """Remove or bring back the candidate in the selected cell."""
    HIGHLIGHT = "highlight"
    """Highlight the digit everywhere on the board."""

    @property
    def label(self) -> str:
        return self.value.capitalize()


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the player can set that outlives a game."""

    assists: frozenset[Assist] = ALL_ASSISTS
    check_mistakes: bool = False
    """Mark digits that differ from the unique solution (off by default)."""
    show_mistake_count: bool = False
    """Show how many wrong digits were placed so far (the "lives" counter)."""
    theme: Theme = Theme.SYSTEM
    board_zoom: int = 100
    """The board's size in percent of the space it has in the window (50 to 300; above 100 it scrolls)."""
    click_mode: ClickMode = ClickMode.PLACES
    """What a left click on a candidate does (Shift+click does the other)."""
    pad_mode: PadMode = PadMode.PLACE
    """What a press on the number pad does; it changes only when the player changes it."""
    candidate_mode: CandidateMode = CandidateMode.AUTOMATIC
    """What new games show in empty cells: the automatic candidates or the player's own pencil marks."""
    recent_ids: tuple[str, ...] = ()
    """Built-in puzzles played lately, most recent first (at most RECENT_LIMIT)."""
    last_directory: str = ""
    """The folder the last Open / Save / Export dialog was in ("" for none yet)."""
    new_game_size: int = 9
    new_game_variant: str = "classic"
    """The rules the New Game dialog offers first: classic, x, windoku or jigsaw (what was chosen last)."""
    new_game_level: str = ANY_LEVEL
    """A ``Level`` label, or ``"any"``: what the New Game dialog offers first."""
    new_game_mode: str = NEW_GAME_MODES[0]
    """Which kind of puzzle the New Game dialog offers first (one of ``NEW_GAME_MODES``): what was chosen last."""
    practice_technique: Technique = Technique.X_WING
    """The technique the New Game dialog offers to practise first: the last one chosen."""
    practice_from_position: bool = True
    """Practice starts from a position where the technique is the next step (False: a whole new puzzle)."""
    techniques_off: frozenset[Technique] = frozenset()
    """Techniques of the default set the player switched off for hints and the solver."""
    techniques_on: frozenset[Technique] = frozenset()
    """Techniques outside the default set (Kraken fish, templates) the player switched on.

    Kept as changes to the default set, so a technique a later version adds arrives switched on.
    """
    panel_width: int = 0
    """The side panel's width in pixels, as the player dragged the sash between board and panel (0: as laid out)."""
    legend_folded: bool = False
    """The hint panel's legend is folded to its one-line header."""
    window_sizes: tuple[tuple[int, int, int], ...] = ()
    """The window size the player chose for each board size, as (side, width, height); a size switch restores it."""
    show_clock: bool = True
    """Show the game clock in the status bar (hidden, it still counts: the history keeps every game's time)."""

    def enabled_techniques(self) -> frozenset[Technique] | None:
        """The techniques hints and the solver use; None when the player kept the default set."""
        if not self.techniques_off and not self.techniques_on:
            return None
        return (frozenset(default_techniques()) - self.techniques_off) | self.techniques_on

    def with_techniques(self, chosen: frozenset[Technique]) -> Settings:
        """These settings with ``chosen`` as the techniques to use (stored as changes to the default set)."""
        default = frozenset(default_techniques())
        known = frozenset(implemented())
        return replace(self, techniques_off=(default - chosen) & known, techniques_on=(chosen - default) & known)

    def window_size(self, side: int) -> tuple[int, int] | None:
        """The window size the player chose for ``side``×``side`` boards (None: none yet).

        >>> Settings(window_sizes=((9, 900, 640),)).window_size(9), Settings().window_size(4)
        ((900, 640), None)
        """
        return next(((w, h) for s, w, h in self.window_sizes if s == side), None)

    def with_window_size(self, side: int, width: int, height: int) -> Settings:
        """These settings with (``width``, ``height``) as the window size chosen for ``side``×``side`` boards."""
        others = tuple(entry for entry in self.window_sizes if entry[0] != side)
        return replace(self, window_sizes=tuple(sorted(others + ((side, width, height),))))

    def with_played(self, puzzle_id: str) -> Settings:
        """These settings with ``puzzle_id`` as the most recently played puzzle."""
        if not puzzle_id:
            return self
        recent = (puzzle_id,) + tuple(p for p in self.recent_ids if p != puzzle_id)
        return replace(self, recent_ids=recent[:RECENT_LIMIT])


DEFAULTS = Settings()


# -- JSON -----------------------------------------------------------------------


def settings_to_json(settings: Settings) -> dict[str, Any]:
    """The settings as the JSON object written to the file."""
    return {
        "format": SETTINGS_FORMAT,
        "version": SETTINGS_VERSION,
        "assists": [a.value for a in Assist if a in settings.assists],
        "check_mistakes": settings.check_mistakes,
        "show_mistake_count": settings.show_mistake_count,
        "theme": settings.theme.value,
        "board_zoom": settings.board_zoom,
        "click_mode": settings.click_mode.value,
        "pad_mode": settings.pad_mode.value,
        "candidate_mode": settings.candidate_mode.value,
        "recent_ids": list(settings.recent_ids),
        "last_directory": settings.last_directory,
        "new_game_size": settings.new_game_size,
        "new_game_variant": settings.new_game_variant,
        "new_game_level": settings.new_game_level,
        "new_game_mode": settings.new_game_mode,
        "practice_technique": settings.practice_technique.name,
        "practice_from_position": settings.practice_from_position,
        "techniques_off": sorted(t.name for t in settings.techniques_off),
        "techniques_on": sorted(t.name for t in settings.techniques_on),
        "panel_width": settings.panel_width,
        "legend_folded": settings.legend_folded,
        "window_sizes": {str(side): [w, h] for side, w, h in settings.window_sizes},
        "show_clock": settings.show_clock,
    }


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, found {value!r:.60}")
    return value


def _assists(value: Any) -> frozenset[Assist]:
    if not isinstance(value, list):
        raise ValueError(f"expected a list of assist names, found {value!r:.60}")
    known = {a.value: a for a in Assist}
    bad = [v for v in value if not isinstance(v, str) or v not in known]
    if bad:
        raise ValueError(f"unknown assist {bad[0]!r:.60}")
    return frozenset(known[v] for v in value)


def _member(enum: type[E]) -> Callable[[Any], E]:
    """A reader of one member of ``enum``, by its value."""

    def read(value: Any) -> E:
        for member in enum:
            if value == member.value:
                return member
        raise ValueError(f"{value!r:.60} is not one of {', '.join(str(m.value) for m in enum)}")

    return read


_theme = _member(Theme)


def _zoom(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not ZOOM_MIN <= value <= ZOOM_MAX:
        raise ValueError(f"expected a whole number from {ZOOM_MIN} to {ZOOM_MAX}, found {value!r:.60}")
    return value


def _recent(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and 0 < len(v) <= 100 for v in value):
        raise ValueError(f"expected a list of puzzle ids, found {value!r:.60}")
    out: list[str] = []
    for v in value:
        if v not in out:
            out.append(v)
    return tuple(out[:RECENT_LIMIT])


def _directory(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_PATH_TEXT or "\x00" in value:
        raise ValueError(f"expected a folder name, found {value!r:.60}")
    return value


def _panel_width(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= PANEL_WIDTH_MAX:
        raise ValueError(f"expected a whole number from 0 to {PANEL_WIDTH_MAX}, found {value!r:.60}")
    return value


def _size(value: Any) -> int:
    if isinstance(value, bool) or value not in (4, 9, 16):
        raise ValueError(f"expected 4, 9 or 16, found {value!r:.60}")
    return int(value)


def _variant(value: Any) -> str:
    if value not in VARIANTS:
        raise ValueError(f"expected one of {', '.join(VARIANTS)}, found {value!r:.60}")
    return str(value)


def _level(value: Any) -> str:
    if value == ANY_LEVEL:
        return ANY_LEVEL
    if isinstance(value, str):
        try:
            return parse_level(value).label
        except ValueError:
            pass
    raise ValueError(
        f"expected {ANY_LEVEL!r} or a level ({', '.join(lvl.label for lvl in Level)}), found {value!r:.60}"
    )


def _new_game_mode(value: Any) -> str:
    if value not in NEW_GAME_MODES:
        raise ValueError(f"expected one of {', '.join(NEW_GAME_MODES)}, found {value!r:.60}")
    return str(value)


def _technique(value: Any) -> Technique:
    known = {t.name: t for t in Technique}
    if not isinstance(value, str) or value not in known:
        raise ValueError(f"expected a technique name, found {value!r:.60}")
    return known[value]


def _techniques(value: Any) -> frozenset[Technique]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError(f"expected a list of technique names, found {value!r:.60}")
    known = {t.name: t for t in Technique}
    # A name this version doesn't know (a newer version's technique) is dropped, not an error.
    return frozenset(known[v] for v in value if v in known)


WINDOW_PX = (100, 20000)
"""The window sizes (width and height, in pixels) read back from the file."""


def _window_sizes(value: Any) -> tuple[tuple[int, int, int], ...]:
    lo, hi = WINDOW_PX
    ok = isinstance(value, dict) and all(
        k in ("4", "9", "16")
        and isinstance(v, list)
        and len(v) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and lo <= n <= hi for n in v)
        for k, v in value.items()
    )
    if not ok:
        raise ValueError(f"expected board sizes with a width and a height, found {value!r:.60}")
    return tuple(sorted((int(k), v[0], v[1]) for k, v in value.items()))


_READERS: dict[str, Callable[[Any], Any]] = {
    "assists": _assists,
    "check_mistakes": _bool,
    "show_mistake_count": _bool,
    "theme": _theme,
    "board_zoom": _zoom,
    "click_mode": _member(ClickMode),
    "pad_mode": _member(PadMode),
    "candidate_mode": _member(CandidateMode),
    "recent_ids": _recent,
    "last_directory": _directory,
    "new_game_size": _size,
    "new_game_variant": _variant,
    "new_game_level": _level,
    "new_game_mode": _new_game_mode,
    "practice_technique": _technique,
    "practice_from_position": _bool,
    "techniques_off": _techniques,
    "techniques_on": _techniques,
    "panel_width": _panel_width,
    "legend_folded": _bool,
    "window_sizes": _window_sizes,
    "show_clock": _bool,
}


def settings_from_json(obj: Any) -> tuple[Settings, list[str]]:
    """Read settings from parsed JSON: bad values become defaults, each with a note; never raises."""
    if not isinstance(obj, dict):
        return DEFAULTS, [f"the settings file holds {type(obj).__name__}, not an object; defaults are used"]
    if obj.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
        return DEFAULTS, [
            f"the settings file is not Sudoku Tk settings (format {obj.get('format')!r:.60}); defaults are used"
        ]
    values: dict[str, Any] = {}
    notes: list[str] = []
    for key, read in _READERS.items():
        if key not in obj:
            continue
        try:
            values[key] = read(obj[key])
        except ValueError as exc:
            notes.append(f"{key}: {exc}; using the default ({_default_text(key)})")
    return Settings(**values), notes


def _default_text(key: str) -> str:
    value = settings_to_json(DEFAULTS)[key]
    return json.dumps(value)


def _read_file(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    """The settings file's JSON object, or why it can't be used (both None: there is no file)."""
    try:
        text = decode(read_file(path, "a settings file", follow_links=False))
    except FileNotFoundError:
        return None, None
    except (OSError, SaveFileError) as exc:
        return None, f"it could not be read: {exc}"
    try:
        obj = json.loads(text)
    except (ValueError, RecursionError) as exc:
        return None, f"it is not valid JSON: {json_problem(exc)}"
    if not isinstance(obj, dict):
        return None, f"it holds {type(obj).__name__}, not an object"
    if obj.get("format", SETTINGS_FORMAT) != SETTINGS_FORMAT:
        return None, f"it is not Sudoku Tk settings (format {obj.get('format')!r:.60})"
    return obj, None


def load_settings(path: Path | str) -> tuple[Settings, list[str]]:
    """Read the settings file; returns the settings and notes for the player. Never raises.

    A missing file gives the defaults and no notes; a file that can't be used is set
    aside as ``.damaged`` (the note says why and where).
    """
    path = Path(path)
    obj, problem = _read_file(path)
    if problem is not None:
        return DEFAULTS, [damage_note(path, "the settings file", problem, "defaults are used")]
    if obj is None:
        return DEFAULTS, []
    return settings_from_json(obj)


def _version(obj: dict[str, Any]) -> int:
    version = obj.get("version")
    return version if isinstance(version, int) and not isinstance(version, bool) else SETTINGS_VERSION


def save_settings(path: Path | str, settings: Settings) -> list[str]:
    """Write the settings atomically, creating the folder if needed; return notes for the player.

    The file on disk is read first: fields this version doesn't know are kept, and so is
    a newer version number (never downgraded). A file that can't be read is set aside as
    ``.damaged`` first (the note says so), never overwritten.

    Raises:
        OSError: the folder cannot be created or written (the caller tells the player).
        SaveFileError: something that is not a file has the settings' name and can't be moved aside.
    """
    path = Path(path)
    ensure_folder(path.parent, allow_link=True)
    obj, problem = _read_file(path)
    notes = [damage_note(path, "the settings file", problem, "new settings were saved")] if problem is not None else []
    out = settings_to_json(settings)
    if obj is not None:
        out.update((k, v) for k, v in obj.items() if k not in out)
        out["version"] = max(_version(obj), SETTINGS_VERSION)
    atomic_write_text(path, json.dumps(out, indent=2) + "\n", backup=False, private=True)
    return notes


def theme_name(theme: Theme, detect: Callable[[], bool | None] = prefers_dark) -> str:
    """The colour theme to draw with, ``light`` or ``dark`` (SYSTEM asks ``detect``; light when it can't tell).

    >>> theme_name(Theme.DARK), theme_name(Theme.SYSTEM, lambda: None), theme_name(Theme.SYSTEM, lambda: True)
    ('dark', 'light', 'dark')
    """
    if theme is Theme.SYSTEM:
        return "dark" if detect() else "light"
    return str(theme.value)
