"""The game file: ``GameRecord``, its versioned JSON text, and ``save_game`` / ``load_game``.

A game file is small, human-readable JSON (format ``sudoku-tk-game``, version 1)::

    {
      "format": "sudoku-tk-game",
      "version": 1,
      "app_version": "0.1.0",
      "size": 9,
      "puzzle": {"name": "The classic", "id": "classic", "source": "..."},
      "givens": "53..7....6..195....98....6.8...",
      "placed": "...",                       (optional: digits placed before the game began)
      "candidates": ["", "124", ...],        (optional: the starting candidate grid, one entry per cell)
      "moves": [
        {"kind": "place", "cell": "r1c3", "digit": "4"},
        {"kind": "eliminate", "candidates": [["r1c4", "6"], ["r1c6", "6"]], "note": "X-Wing"},
        {"kind": "restore", "candidates": [["r1c4", "6"]]},
        {"kind": "clear", "cell": "r1c3"}
      ],
      "redo": [],                            (moves undone, the next one to redo first)
      "assists": ["peers", "naked_singles", "hidden_singles"],
      "elapsed_seconds": 312.5,
      "mistakes": 0,
      "revealed": ["r5c5"],
      "created": "2024-06-07T10:00:00+00:00",
      "saved": "2024-06-07T10:05:12+00:00"
    }

Reading validates every field and raises ``SaveFileError`` naming the field and
the problem (``NewerFormatError`` for a file from a newer version of the app);
it never evaluates anything and refuses files over ``MAX_FILE_BYTES`` before
parsing. Writing is atomic with a backup and refuses a record whose text is over
that same limit (see ``atomic_files.py``), so every saved game can be opened again.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Sequence, Tuple

from sudoku_tk import __version__
from sudoku_tk.app.atomic_files import MAX_FILE_BYTES, atomic_write_text, decode, read_limited
from sudoku_tk.engine.errors import SaveFileError
from sudoku_tk.engine.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.grid import Grid, values_line
from sudoku_tk.engine.moves import Candidate, Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.propagation import ALL_ASSISTS, Assist, Position, recompute

FORMAT_NAME = "sudoku-tk-game"
FORMAT_VERSION = 1
MAX_TEXT = 500
"""Longest puzzle name, id, source, note or version string accepted."""
MAX_ELAPSED = 10 * 365 * 24 * 3600.0
MAX_MISTAKES = 10**9

_TOP_KEYS = frozenset({
    "format", "version", "app_version", "size", "puzzle", "givens", "placed", "candidates",
    "moves", "redo", "assists", "elapsed_seconds", "mistakes", "revealed", "created", "saved",
})
_REQUIRED = ("format", "version", "size", "givens")
_PUZZLE_KEYS = frozenset({"name", "id", "source"})
_MOVE_KEYS = {
    "place": (frozenset({"kind", "cell", "digit"}), frozenset({"note"})),
    "clear": (frozenset({"kind", "cell"}), frozenset()),
    "eliminate": (frozenset({"kind", "candidates"}), frozenset({"note"})),
    "restore": (frozenset({"kind", "candidates"}), frozenset()),
}


# -- the record -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything a saved game holds, as engine values: the starting grid, the moves and the game's clock.

    The Session converts itself to and from a record; this module turns records
    into files and back. ``start`` may be a candidate grid (``has_pencilmarks``) or
    hold digits placed before the game began.
    """

    start: Grid
    moves: Tuple[Move, ...] = ()
    redo: Tuple[Move, ...] = ()
    """Moves undone, in the order they would be redone (the next redo first)."""
    assists: FrozenSet[Assist] = ALL_ASSISTS
    elapsed: float = 0.0
    """Seconds of play so far (the timer stops while paused)."""
    mistakes: int = 0
    revealed: Tuple[Cell, ...] = ()
    """Cells whose digit the player asked to be shown."""
    puzzle_name: str = ""
    puzzle_id: str = ""
    """The built-in library id, or "" for a puzzle from elsewhere."""
    puzzle_source: str = ""
    created: Optional[datetime] = None
    saved: Optional[datetime] = None
    app_version: str = field(default=__version__)
    """The version of the app that wrote the record."""

    @classmethod
    def new(
        cls,
        start: Grid,
        *,
        name: str = "",
        puzzle_id: str = "",
        source: str = "",
        assists: FrozenSet[Assist] | Sequence[Assist] = ALL_ASSISTS,
        now: Optional[datetime] = None,
    ) -> "GameRecord":
        """A fresh game on ``start``: no moves, clock at zero, created ``now``."""
        return cls(start, assists=frozenset(assists), puzzle_name=name, puzzle_id=puzzle_id,
                   puzzle_source=source, created=now)

    def with_progress(
        self,
        moves: Sequence[Move],
        redo: Sequence[Move] = (),
        *,
        elapsed: Optional[float] = None,
        mistakes: Optional[int] = None,
        revealed: Optional[Sequence[Cell]] = None,
        assists: FrozenSet[Assist] | Sequence[Assist] | None = None,
        saved: Optional[datetime] = None,
    ) -> "GameRecord":
        """The same game with the player's current moves (and clock, counters and assists when given)."""
        return replace(
            self,
            moves=tuple(moves),
            redo=tuple(redo),
            elapsed=self.elapsed if elapsed is None else float(elapsed),
            mistakes=self.mistakes if mistakes is None else mistakes,
            revealed=self.revealed if revealed is None else tuple(revealed),
            assists=self.assists if assists is None else frozenset(assists),
            saved=self.saved if saved is None else saved,
            app_version=__version__,
        )

    def position(self) -> Position:
        """The board this record describes, recomputed from the start and the moves."""
        return recompute(self.start, self.moves, self.assists)


# -- writing --------------------------------------------------------------------


def _candidates_json(geo: Geometry, candidates: Sequence[Candidate]) -> List[List[str]]:
    return [[geo.cell_name(c), geo.digit_char(d)] for c, d in candidates]


def move_to_json(move: Move, geo: Geometry) -> Dict[str, Any]:
    """One move as the JSON object the file holds."""
    out: Dict[str, Any]
    if isinstance(move, Place):
        out = {"kind": "place", "cell": geo.cell_name(move.cell), "digit": geo.digit_char(move.digit)}
    elif isinstance(move, Clear):
        out = {"kind": "clear", "cell": geo.cell_name(move.cell)}
    elif isinstance(move, Eliminate):
        out = {"kind": "eliminate", "candidates": _candidates_json(geo, move.candidates)}
    elif isinstance(move, Restore):
        out = {"kind": "restore", "candidates": _candidates_json(geo, move.candidates)}
    else:
        raise TypeError(f"not a move: {move!r}")
    note = getattr(move, "note", "")
    if note:
        out["note"] = note
    return out


def record_to_json(record: GameRecord) -> Dict[str, Any]:
    """The record as the JSON object written to a file (keys in the documented order)."""
    start = record.start
    geo = start.geometry
    out: Dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "app_version": record.app_version,
        "size": geo.side,
        "puzzle": {"name": record.puzzle_name, "id": record.puzzle_id, "source": record.puzzle_source},
        "givens": values_line(geo, start.givens),
    }
    placed = start.placed()
    if any(placed):
        out["placed"] = values_line(geo, placed)
    if start.has_pencilmarks:
        out["candidates"] = [
            "" if v else "".join(geo.digit_char(d) for d in range(1, geo.side + 1) if m >> (d - 1) & 1)
            for v, m in zip(start.values, start.candidates)
        ]
    out["moves"] = [move_to_json(m, geo) for m in record.moves]
    out["redo"] = [move_to_json(m, geo) for m in record.redo]
    out["assists"] = [a.value for a in Assist if a in record.assists]
    out["elapsed_seconds"] = record.elapsed
    out["mistakes"] = record.mistakes
    out["revealed"] = [geo.cell_name(c) for c in record.revealed]
    out["created"] = record.created.isoformat() if record.created else None
    out["saved"] = record.saved.isoformat() if record.saved else None
    return out


def dumps(record: GameRecord) -> str:
    """The record as file text: indented JSON, one move per line, the candidate grid one board row per line."""
    obj = record_to_json(record)
    side = record.start.geometry.side
    parts = []
    for key, value in obj.items():
        if key in ("moves", "redo") and value:
            rendered = _lines_list([json.dumps(v, ensure_ascii=False) for v in value])
        elif key == "candidates":
            rows = [value[r * side:(r + 1) * side] for r in range(side)]
            rendered = _lines_list([", ".join(json.dumps(v) for v in row) for row in rows])
        else:
            rendered = json.dumps(value, ensure_ascii=False)
        parts.append(f"  {json.dumps(key)}: {rendered}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _lines_list(items: Sequence[str]) -> str:
    return "[\n" + ",\n".join("    " + item for item in items) + "\n  ]"


def save_game(path: Path | str, record: GameRecord, *, backup: bool = True, durable: bool = True) -> None:
    """Write a game file atomically, keeping the previous version as ``<path>.bak`` (see atomic_write_text).

    Raises:
        SaveFileError: the game's text is over MAX_FILE_BYTES; nothing is written, the old file stays.
        OSError: the folder is not writable; the old file is then untouched.
    """
    atomic_write_text(path, dumps(record), backup=backup, durable=durable)


# -- reading --------------------------------------------------------------------


def _fail(where: str, problem: str) -> SaveFileError:
    return SaveFileError(f"{where}: {problem}" if where else problem)


def _kind(value: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true/false", type(None): "null",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _want(value: Any, types: tuple[type, ...], where: str, what: str) -> Any:
    # bool is an int in Python but never a number in our files.
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        raise _fail(where, f"expected {what}, found {_kind(value)}")
    return value


def _text(value: Any, where: str, limit: int = MAX_TEXT) -> str:
    s: str = _want(value, (str,), where, "text")
    if len(s) > limit:
        raise _fail(where, f"text longer than {limit} characters")
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise _fail(where, "text with an invalid character (a lone surrogate)") from None
    return s


def _check_keys(obj: Dict[str, Any], required: FrozenSet[str] | Sequence[str], allowed: FrozenSet[str], where: str) -> None:
    missing = [k for k in required if k not in obj]
    if missing:
        raise _fail(where, f"missing field {missing[0]!r}")
    unknown = sorted(k for k in obj if k not in allowed)
    if unknown:
        raise _fail(where, f"unknown field {unknown[0]!r}")


def _cell(value: Any, geo: Geometry, where: str) -> Cell:
    name = _text(value, where, 20)
    try:
        return geo.parse_cell(name)
    except ValueError:
        raise _fail(where, f"not a cell of a {geo.side}×{geo.side} board: {name!r}") from None


def _digit(value: Any, geo: Geometry, where: str) -> Digit:
    ch = _text(value, where, 20)
    try:
        if len(ch) != 1:
            raise ValueError(ch)
        return geo.parse_digit(ch)
    except ValueError:
        raise _fail(where, f"not a digit of a {geo.side}×{geo.side} board: {ch!r}") from None


def _line(value: Any, geo: Geometry, where: str) -> Tuple[int, ...]:
    text = _text(value, where, geo.ncells)
    if len(text) != geo.ncells:
        raise _fail(where, f"expected {geo.ncells} characters for a {geo.side}×{geo.side} board, found {len(text)}")
    out = []
    for i, ch in enumerate(text):
        if ch == ".":
            out.append(0)
            continue
        try:
            out.append(geo.parse_digit(ch))
        except ValueError:
            raise _fail(where, f"character {i + 1} ({geo.cell_name(i)}) is {ch!r}, not a digit or '.'") from None
    return tuple(out)


def _candidate_masks(value: Any, geo: Geometry, values: Sequence[int], where: str) -> Tuple[int, ...]:
    items = _want(value, (list,), where, "a list")
    if len(items) != geo.ncells:
        raise _fail(where, f"expected {geo.ncells} entries, found {len(items)}")
    masks = []
    for cell, item in enumerate(items):
        at = f"{where}[{geo.cell_name(cell)}]"
        text = _text(item, at, geo.side)
        if values[cell]:
            if text:
                raise _fail(at, f"a filled cell has no candidates, found {text!r}")
            masks.append(0)
            continue
        mask = 0
        for ch in text:
            d = _digit(ch, geo, at)
            if mask >> (d - 1) & 1:
                raise _fail(at, f"digit {ch!r} listed twice")
            mask |= 1 << (d - 1)
        if not mask:
            raise _fail(at, "an empty cell without any candidate")
        masks.append(mask)
    return tuple(masks)


def _start_grid(obj: Dict[str, Any], geo: Geometry) -> Grid:
    givens = _line(obj["givens"], geo, "givens")
    placed = _line(obj["placed"], geo, "placed") if "placed" in obj else None
    if placed is not None:
        both = [geo.cell_name(c) for c in range(geo.ncells) if givens[c] and placed[c]]
        if both:
            raise _fail("placed", f"{both[0]} holds a given and a placed digit")
    values = tuple(g or p for g, p in zip(givens, placed or givens))
    masks = _candidate_masks(obj["candidates"], geo, values, "candidates") if "candidates" in obj else None
    grid = Grid.from_values(givens, placed, masks)
    dups = grid.duplicate_problems()
    if dups:
        raise _fail("givens" if placed is None else "givens and placed", dups[0].message)
    return grid


def _candidate_list(value: Any, geo: Geometry, where: str) -> Tuple[Candidate, ...]:
    items = _want(value, (list,), where, "a list of [cell, digit] pairs")
    if not items:
        raise _fail(where, "no candidates listed")
    out: List[Candidate] = []
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        pair = _want(item, (list,), at, "a [cell, digit] pair")
        if len(pair) != 2:
            raise _fail(at, f"expected a [cell, digit] pair, found a list of {len(pair)}")
        cand = (_cell(pair[0], geo, at), _digit(pair[1], geo, at))
        if cand in out:
            raise _fail(at, "candidate listed twice")
        out.append(cand)
    return tuple(out)


def move_from_json(value: Any, geo: Geometry, where: str = "move") -> Move:
    """Read one move object, checking its kind, fields, cell names and digits.

    Raises:
        SaveFileError: anything about the move is wrong; the message says what and where.
    """
    obj = _want(value, (dict,), where, "a move object")
    kind = _text(obj.get("kind"), f"{where}.kind", 20) if "kind" in obj else None
    if kind is None:
        raise _fail(where, "missing field 'kind'")
    if kind not in _MOVE_KEYS:
        raise _fail(f"{where}.kind", f"unknown move kind {kind!r} (expected place, clear, eliminate or restore)")
    required, optional = _MOVE_KEYS[kind]
    _check_keys(obj, sorted(required), required | optional, where)
    note = _text(obj.get("note", ""), f"{where}.note")
    if kind == "place":
        return Place(_cell(obj["cell"], geo, f"{where}.cell"), _digit(obj["digit"], geo, f"{where}.digit"), note)
    if kind == "clear":
        return Clear(_cell(obj["cell"], geo, f"{where}.cell"))
    cands = _candidate_list(obj["candidates"], geo, f"{where}.candidates")
    return Eliminate(cands, note) if kind == "eliminate" else Restore(cands)


def _moves(obj: Dict[str, Any], key: str, geo: Geometry) -> Tuple[Move, ...]:
    items = _want(obj.get(key, []), (list,), key, "a list of moves")
    return tuple(move_from_json(item, geo, f"{key}[{i}]") for i, item in enumerate(items))


def _assists(value: Any) -> FrozenSet[Assist]:
    items = _want(value, (list,), "assists", "a list of assist names")
    known = {a.value: a for a in Assist}
    out = set()
    for i, item in enumerate(items):
        name = _text(item, f"assists[{i}]", 40)
        if name not in known:
            raise _fail(f"assists[{i}]", f"unknown assist {name!r} (known: {', '.join(known)})")
        out.add(known[name])
    return frozenset(out)


def _number(value: Any, where: str, limit: float) -> float:
    _want(value, (int, float), where, "a number")
    # Compare before converting: float() of a huge int overflows.
    if not (0 <= value <= limit) or not math.isfinite(value):
        raise _fail(where, f"{value!r:.40} is out of range (0 to {limit:g})")
    return float(value)


def _count(value: Any, where: str, limit: int) -> int:
    n: int = _want(value, (int,), where, "a whole number")
    if n < 0 or n > limit:
        raise _fail(where, f"{n!r:.40} is out of range (0 to {limit})")
    return n


def _cells(value: Any, geo: Geometry, where: str) -> Tuple[Cell, ...]:
    items = _want(value, (list,), where, "a list of cell names")
    out: List[Cell] = []
    for i, item in enumerate(items):
        cell = _cell(item, geo, f"{where}[{i}]")
        if cell in out:
            raise _fail(f"{where}[{i}]", f"{geo.cell_name(cell)} listed twice")
        out.append(cell)
    return tuple(out)


def _timestamp(value: Any, where: str) -> Optional[datetime]:
    if value is None:
        return None
    text = _text(value, where, 40)
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise _fail(where, f"not a date and time: {text!r}") from None


def _puzzle_info(value: Any) -> Tuple[str, str, str]:
    obj = _want(value, (dict,), "puzzle", "an object")
    _check_keys(obj, (), _PUZZLE_KEYS, "puzzle")
    return tuple(_text(obj.get(k, ""), f"puzzle.{k}") for k in ("name", "id", "source"))  # type: ignore[return-value]


class NewerFormatError(SaveFileError):
    """A game file written by a newer version of the app (a higher format ``version``): keep it, don't repair it."""

    def __init__(self, version: int) -> None:
        self.version = version
        super().__init__(
            f"this game was saved by a newer version of Sudoku Tk (file format version {version}; "
            f"this version reads up to {FORMAT_VERSION}). Please update the app to open it.")


def _check_format(obj: Dict[str, Any]) -> None:
    fmt = obj.get("format")
    if fmt != FORMAT_NAME:
        found = "no 'format' field" if "format" not in obj else f"format is {fmt!r}"
        raise SaveFileError(f"not a Sudoku Tk game file ({found}, expected {FORMAT_NAME!r})")
    version = _want(obj.get("version"), (int,), "version", "a whole number") if "version" in obj else None
    if version is None:
        raise _fail("", "missing field 'version'")
    if version > FORMAT_VERSION:
        raise NewerFormatError(version)
    if version < 1:
        raise _fail("version", f"{version!r} is not a valid format version")


def record_from_json(obj: Any) -> GameRecord:
    """Build a record from parsed JSON, validating every field.

    Raises:
        SaveFileError: not a game file, an unknown version, or any field wrong; the message names it.
    """
    if not isinstance(obj, dict):
        raise SaveFileError(f"not a Sudoku Tk game file (it holds {_kind(obj)}, not an object)")
    _check_format(obj)
    _check_keys(obj, _REQUIRED, _TOP_KEYS, "")
    size = _want(obj["size"], (int,), "size", "a whole number")
    try:
        geo = Geometry.for_side(size)
    except ValueError:
        raise _fail("size", f"a board is 4, 9 or 16 cells wide, not {size!r}") from None
    name, pid, source = _puzzle_info(obj.get("puzzle", {}))
    return GameRecord(
        start=_start_grid(obj, geo),
        moves=_moves(obj, "moves", geo),
        redo=_moves(obj, "redo", geo),
        assists=_assists(obj["assists"]) if "assists" in obj else ALL_ASSISTS,
        elapsed=_number(obj.get("elapsed_seconds", 0.0), "elapsed_seconds", MAX_ELAPSED),
        mistakes=_count(obj.get("mistakes", 0), "mistakes", MAX_MISTAKES),
        revealed=_cells(obj.get("revealed", []), geo, "revealed"),
        puzzle_name=name,
        puzzle_id=pid,
        puzzle_source=source,
        created=_timestamp(obj.get("created"), "created"),
        saved=_timestamp(obj.get("saved"), "saved"),
        app_version=_text(obj.get("app_version", ""), "app_version", 50),
    )


def _no_duplicate_keys(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise SaveFileError(f"field {key!r} appears twice")
        out[key] = value
    return out


def _reject_constant(name: str) -> Any:
    raise SaveFileError(f"{name} is not a number a game file can hold")


def json_problem(exc: BaseException) -> str:
    """Why ``json.loads`` refused some text, in words for the player (Python's own messages name its internals)."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} (line {exc.lineno}, column {exc.colno})"
    if isinstance(exc, RecursionError):
        return "the JSON is nested too deeply"
    if "integer string conversion" in str(exc):
        return "it holds a number thousands of digits long"
    return str(exc)


def loads(text: str) -> GameRecord:
    """Read a game from file text.

    Raises:
        SaveFileError: too large, not JSON, not a game file, an unknown version or a bad field.
    """
    if not isinstance(text, str):
        raise SaveFileError(f"expected text, got {type(text).__name__}")
    if len(text) > MAX_FILE_BYTES:
        raise SaveFileError(f"the file is too large for a game ({len(text)} characters; the limit is {MAX_FILE_BYTES})")
    if not text.strip():
        raise SaveFileError("the file is empty")
    try:
        obj = json.loads(text, object_pairs_hook=_no_duplicate_keys, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise SaveFileError(f"not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, SaveFileError):
            raise
        raise SaveFileError(f"not a game file: {json_problem(exc)}") from None
    return record_from_json(obj)


def load_game(path: Path | str) -> GameRecord:
    """Read and validate a game file; nothing on disk changes.

    Raises:
        SaveFileError: damaged, foreign, too large or of an unknown version (the message says which).
        OSError: the file cannot be opened (missing, no permission).
    """
    return loads(decode(read_limited(path)))


__all__ = [
    "FORMAT_NAME", "FORMAT_VERSION", "GameRecord", "NewerFormatError", "dumps", "loads", "save_game", "load_game",
    "record_to_json", "record_from_json", "move_to_json", "move_from_json",
]
