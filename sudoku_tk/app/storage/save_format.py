"""The game file: a ``GameRecord`` as versioned JSON text, and ``save_game`` / ``load_game``.

A game file is small, human-readable JSON (format ``sudoku-tk-game``, version 1)::

    {
      "format": "sudoku-tk-game",
      "version": 1,
      "app_version": "0.1.0",
      "size": 9,
      "puzzle": {"name": "The classic", "id": "classic", "source": "..."},
      "variant": {"name": "jigsaw", "regions": "111222333..."},
                                             (a variant's game only: x, windoku, jigsaw or killer, a Jigsaw's
                                             region of each cell, a Killer's "cages" map and "sums" as in its
                                             text form, "AAB..." and "A=17,B=5,..."; such a file is version 2,
                                             which older apps refuse)
      "givens": "53..7....6..195....98....6.8...",
      "placed": "...",                       (optional: digits placed before the game began)
      "candidates": ["", "124", ...],        (optional: the starting candidate grid, one entry per cell)
      "moves": [
        {"kind": "place", "cell": "r1c3", "digit": "4"},
        {"kind": "eliminate", "candidates": [["r1c4", "6"], ["r1c6", "6"]], "note": "X-Wing"},
        {"kind": "restore", "candidates": [["r1c4", "6"]]},
        {"kind": "clear", "cell": "r1c3"},
        {"kind": "pencil", "candidates": [["r2c2", "7"]], "add": true}   (the player's own mark; false: rubbed out)
      ],
      "redo": [],                            (moves undone, the next one to redo first)
      "assists": ["peers", "naked_singles", "hidden_singles"],
      "elapsed_seconds": 312.5,
      "mistakes": 0,
      "revealed": ["r5c5"],
      "created": "2024-06-07T10:00:00+00:00",
      "saved": "2024-06-07T10:05:12+00:00",
      "hints": 2,                            (optional: hint steps made for the player)
      "reveals": 1,                          (optional: digits revealed at the player's request)
      "colours": {"cells": [["r1c1", 0]],    (optional: the player's colours, 0..3 = 1a, 1b, 2a, 2b)
                  "candidates": [["r2c3", "5", 2]]},
      "rating": {"level": "hard", "score": 1234, "solved": true, "hardest": "X_WING", "se": 4.2},
                                             (optional: the puzzle's rating, see rating_fields.py)
      "found_alone": ["X_WING"],             (optional: techniques the player found themselves, member names)
      "hint_rungs": [3, 2, 1]                (optional: hint steps that reached rung 1, 2 and 3)
    }

``hints`` and ``reveals`` are written only when they are not zero, so a game
played without help reads in versions of the app that predate them; a file
without them reads as no help taken. Likewise ``"candidate_mode": "own"`` (the player
keeps their own pencil marks) is written only for such a game; a file without it
shows automatic candidates. ``rating`` is written once the puzzle has been rated; a file
without it (an older one, a 4×4 or 16×16 game) is rated again when opened. ``found_alone`` and ``hint_rungs``
are written only when not empty (a file without them: nothing found alone, no hint shown).

Reading validates every field and raises ``SaveFileError`` naming the field and
the problem (``NewerFormatError`` for a file from a newer version of the app;
the readers of single fields are in ``save_fields.py``);
it never evaluates anything and refuses files over ``MAX_FILE_BYTES`` before
parsing. Writing is atomic with a backup and refuses a record whose text is over
that same limit (see ``atomic_files.py``), so every saved game can be opened again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sudoku_tk.app.game.colouring import Colouring, colouring_to_json, read_colouring
from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.storage.atomic_files import atomic_write_text
from sudoku_tk.app.storage.file_reading import MAX_FILE_BYTES, SaveFileError, decode, read_file
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.rating_fields import rating_to_json, read_rating
from sudoku_tk.app.storage.save_fields import (
    check_keys,
    fail,
    kind_of,
    read_candidate_list,
    read_candidate_masks,
    read_cell,
    read_cells,
    read_count,
    read_digit,
    read_flag,
    read_line,
    read_number,
    read_text,
    read_timestamp,
    want,
)
from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.geometry import KILLER, Geometry, variant_geometry
from sudoku_tk.engine.board.grid import Grid, values_line
from sudoku_tk.engine.formats.puzzle_text import REGION_SYMBOLS, region_map
from sudoku_tk.engine.killer.cages import geometry_of, puzzle_on
from sudoku_tk.engine.killer.text import format_killer, parse_killer
from sudoku_tk.engine.play.moves import Candidate, Clear, Eliminate, Move, Pencil, Place, Restore
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist
from sudoku_tk.engine.steps.step import Technique

FORMAT_NAME = "sudoku-tk-game"
FORMAT_VERSION = 1
"""The version of a classic game's file (every game file before variants)."""
VARIANT_VERSION = 2
"""The version of a variant's game file: an app that reads only version 1 would not know its ``variant`` field, so
it says the file needs a newer app rather than opening the puzzle on the wrong houses."""
NEWEST_VERSION = VARIANT_VERSION
"""The newest version this app reads."""
MAX_ELAPSED = 10 * 365 * 24 * 3600.0
MAX_MISTAKES = 10**9
"""The largest count a game file holds (mistakes, hints, reveals)."""

_TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "app_version",
        "size",
        "puzzle",
        "givens",
        "placed",
        "candidates",
        "moves",
        "redo",
        "assists",
        "elapsed_seconds",
        "mistakes",
        "revealed",
        "created",
        "saved",
        "hints",
        "reveals",
        "candidate_mode",
        "colours",
        "rating",
        "found_alone",
        "hint_rungs",
        "variant",
    }
)
_REQUIRED = ("format", "version", "size", "givens")
_PUZZLE_KEYS = frozenset({"name", "id", "source"})
_MOVE_KEYS = {
    "place": (frozenset({"kind", "cell", "digit"}), frozenset({"note"})),
    "clear": (frozenset({"kind", "cell"}), frozenset()),
    "eliminate": (frozenset({"kind", "candidates"}), frozenset({"note"})),
    "restore": (frozenset({"kind", "candidates"}), frozenset()),
    "pencil": (frozenset({"kind", "candidates"}), frozenset({"add"})),
}


# -- writing --------------------------------------------------------------------


def _candidates_json(geo: Geometry, candidates: Sequence[Candidate]) -> list[list[str]]:
    return [[geo.cell_name(c), geo.digit_char(d)] for c, d in candidates]


def move_to_json(move: Move, geo: Geometry) -> dict[str, Any]:
    """One move as the JSON object the file holds."""
    out: dict[str, Any]
    if isinstance(move, Place):
        out = {"kind": "place", "cell": geo.cell_name(move.cell), "digit": geo.digit_char(move.digit)}
    elif isinstance(move, Clear):
        out = {"kind": "clear", "cell": geo.cell_name(move.cell)}
    elif isinstance(move, Eliminate):
        out = {"kind": "eliminate", "candidates": _candidates_json(geo, move.candidates)}
    elif isinstance(move, Restore):
        out = {"kind": "restore", "candidates": _candidates_json(geo, move.candidates)}
    elif isinstance(move, Pencil):
        out = {"kind": "pencil", "candidates": _candidates_json(geo, move.candidates), "add": move.add}
    else:
        raise TypeError(f"not a move: {move!r}")
    note = getattr(move, "note", "")
    if note:
        out["note"] = note
    return out


def record_to_json(record: GameRecord, *, with_moves: bool = True) -> dict[str, Any]:
    """The record as the JSON object written to a file (keys in the documented order).

    ``with_moves=False`` leaves out ``moves`` and ``redo``: the rest, whose size does not grow with the game (the
    autosave's journal writes what changed of it).
    """
    start = record.start
    geo = start.geometry
    out: dict[str, Any] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION if geo.is_classic else VARIANT_VERSION,
        "app_version": record.app_version,
        "size": geo.side,
        "puzzle": {"name": record.puzzle_name, "id": record.puzzle_id, "source": record.puzzle_source},
    }
    if not geo.is_classic:
        out["variant"] = _variant_json(geo)
    out["givens"] = values_line(geo, start.givens)
    placed = start.placed()
    if any(placed):
        out["placed"] = values_line(geo, placed)
    if start.has_pencilmarks:
        out["candidates"] = [
            "" if v else "".join(geo.digit_char(d) for d in start.candidate_set(cell))
            for cell, v in enumerate(start.values)
        ]
    if with_moves:
        out["moves"] = [move_to_json(m, geo) for m in record.moves]
        out["redo"] = [move_to_json(m, geo) for m in record.redo]
    out["assists"] = [a.value for a in Assist if a in record.assists]
    out["elapsed_seconds"] = record.elapsed
    out["mistakes"] = record.mistakes
    out["revealed"] = [geo.cell_name(c) for c in record.revealed]
    out["created"] = record.created.isoformat() if record.created else None
    out["saved"] = record.saved.isoformat() if record.saved else None
    if record.hints:
        out["hints"] = record.hints
    if record.reveals:
        out["reveals"] = record.reveals
    if record.candidate_mode is not CandidateMode.AUTOMATIC:
        out["candidate_mode"] = record.candidate_mode.value
    if record.colouring:
        out["colours"] = colouring_to_json(record.colouring, geo)
    if record.rating is not None:
        out["rating"] = rating_to_json(record.rating)
    if record.found_alone:
        out["found_alone"] = [t.name for t in Technique if t in record.found_alone]
    if any(record.hint_rungs):
        out["hint_rungs"] = list(record.hint_rungs)
    return out


def _variant_json(geo: Geometry) -> dict[str, str]:
    """``{"name": "x"}``; a Jigsaw's also has its ``regions``, one symbol per cell (``1`` for region 1, …), a
    Killer's its ``cages`` (one cage symbol per cell) and ``sums`` (``A=17,B=5,…``), as the Killer text form."""
    out = {"name": geo.variant_name}
    if geo.region_of is not None:
        out["regions"] = region_map(geo)
    if geo.cages:
        cages, sums = format_killer(puzzle_on(geo, (0,) * geo.ncells)).split()
        out["cages"], out["sums"] = cages, sums
    return out


def _variant_geometry(value: Any, size: int) -> Geometry:
    """The geometry a file's ``variant`` field names, on a board ``size`` wide."""
    if not isinstance(value, dict):
        raise fail("variant", f"{kind_of(value)} is not a variant (expected an object with a name)")
    check_keys(value, ("name",), frozenset({"name", "regions", "cages", "sums"}), "variant")
    name = want(value["name"], (str,), "variant.name", "a variant's name")
    if name == KILLER or "cages" in value or "sums" in value:
        return _killer_geometry(value, name, size)
    regions = None
    if "regions" in value:
        text = want(value["regions"], (str,), "variant.regions", "one region symbol per cell")
        symbols = REGION_SYMBOLS[:size]
        if len(text) != size * size or any(ch not in symbols for ch in text):
            raise fail("variant.regions", f"a region map is {size * size} symbols from {symbols}")
        regions = tuple(symbols.index(ch) for ch in text)
    try:
        return variant_geometry(name, box=round(size**0.5), regions=regions)
    except ValueError as exc:
        raise fail("variant", str(exc)) from None


def _killer_geometry(value: dict[str, Any], name: str, size: int) -> Geometry:
    """A Killer's board from a file's ``variant`` field: its ``cages`` map and ``sums``, read as the text form is."""
    if name != KILLER:
        raise fail("variant", f"only a Killer has cages, not a {name!r} game")
    if size != 9:
        raise fail("variant", f"a Killer is played on a 9×9 board, not {size}×{size}")
    check_keys(value, ("name", "cages", "sums"), frozenset({"name", "cages", "sums"}), "variant")
    cages = want(value["cages"], (str,), "variant.cages", "one cage symbol per cell")
    sums = want(value["sums"], (str,), "variant.sums", "the cages' sums, as A=17,B=5")
    if len(cages) != 81 or any(ch.isspace() for ch in cages) or any(ch.isspace() for ch in sums):
        raise fail("variant.cages", "a cage map is 81 symbols, and neither it nor the sums hold white space")
    try:
        return geometry_of(parse_killer(f"{cages} {sums}"))
    except PuzzleFormatError as exc:
        raise fail("variant", str(exc)) from None


def dumps(record: GameRecord) -> str:
    """The record as file text: indented JSON, one move per line, the candidate grid one board row per line."""
    obj = record_to_json(record)
    side = record.start.geometry.side
    parts = []
    for key, value in obj.items():
        if key in ("moves", "redo") and value:
            rendered = _lines_list([json.dumps(v, ensure_ascii=False) for v in value])
        elif key == "candidates":
            rows = [value[r * side : (r + 1) * side] for r in range(side)]
            rendered = _lines_list([", ".join(json.dumps(v) for v in row) for row in rows])
        else:
            rendered = json.dumps(value, ensure_ascii=False)
        parts.append(f"  {json.dumps(key)}: {rendered}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def _lines_list(items: Sequence[str]) -> str:
    return "[\n" + ",\n".join("    " + item for item in items) + "\n  ]"


def save_game(
    path: Path | str, record: GameRecord, *, backup: bool = True, durable: bool = True, private: bool = False
) -> None:
    """Write a game file atomically, keeping the previous version as ``<path>.bak`` (see atomic_write_text).

    Only a regular file or a new name is written (never through a link, onto a pipe or a
    device); ``private``: mode 0o600 (the autosave), else the umask's mode.

    Raises:
        SaveFileError: the game's text is over MAX_FILE_BYTES, or ``path`` or its backup is not a regular file
            (``NotAFileError``); nothing is written, the old file stays.
        OSError: the folder is not writable; the old file is then untouched.
    """
    atomic_write_text(path, dumps(record), backup=backup, durable=durable, private=private)


# -- reading --------------------------------------------------------------------


def _start_grid(obj: dict[str, Any], geo: Geometry) -> Grid:
    givens = read_line(obj["givens"], geo, "givens")
    placed = read_line(obj["placed"], geo, "placed") if "placed" in obj else None
    if placed is not None:
        both = [geo.cell_name(c) for c in range(geo.ncells) if givens[c] and placed[c]]
        if both:
            raise fail("placed", f"{both[0]} holds a given and a placed digit")
    values = tuple(g or p for g, p in zip(givens, placed or givens))
    masks = read_candidate_masks(obj["candidates"], geo, values, "candidates") if "candidates" in obj else None
    grid = Grid.from_values(givens, placed, masks, geometry=geo)
    dups = grid.duplicate_problems()
    if dups:
        raise fail("givens" if placed is None else "givens and placed", dups[0].message)
    return grid


def move_from_json(value: Any, geo: Geometry, where: str = "move") -> Move:
    """Read one move object, checking its kind, fields, cell names and digits.

    Raises:
        SaveFileError: anything about the move is wrong; the message says what and where.
    """
    obj = want(value, (dict,), where, "a move object")
    kind = read_text(obj.get("kind"), f"{where}.kind", 20) if "kind" in obj else None
    if kind is None:
        raise fail(where, "missing field 'kind'")
    if kind not in _MOVE_KEYS:
        raise fail(f"{where}.kind", f"unknown move kind {kind!r} (expected place, clear, eliminate, restore or pencil)")
    required, optional = _MOVE_KEYS[kind]
    check_keys(obj, sorted(required), required | optional, where)
    note = read_text(obj.get("note", ""), f"{where}.note")
    if kind == "place":
        return Place(
            read_cell(obj["cell"], geo, f"{where}.cell"), read_digit(obj["digit"], geo, f"{where}.digit"), note
        )
    if kind == "clear":
        return Clear(read_cell(obj["cell"], geo, f"{where}.cell"))
    cands = read_candidate_list(obj["candidates"], geo, f"{where}.candidates")
    if kind == "pencil":
        return Pencil(cands, read_flag(obj.get("add", True), f"{where}.add"))
    return Eliminate(cands, note) if kind == "eliminate" else Restore(cands)


def _moves(obj: dict[str, Any], key: str, geo: Geometry) -> tuple[Move, ...]:
    items = want(obj.get(key, []), (list,), key, "a list of moves")
    return tuple(move_from_json(item, geo, f"{key}[{i}]") for i, item in enumerate(items))


def _assists(value: Any) -> frozenset[Assist]:
    items = want(value, (list,), "assists", "a list of assist names")
    known = {a.value: a for a in Assist}
    out = set()
    for i, item in enumerate(items):
        name = read_text(item, f"assists[{i}]", 40)
        if name not in known:
            raise fail(f"assists[{i}]", f"unknown assist {name!r} (known: {', '.join(known)})")
        out.add(known[name])
    return frozenset(out)


def _candidate_mode(value: Any) -> CandidateMode:
    name = read_text(value, "candidate_mode", 40)
    known = {m.value: m for m in CandidateMode}
    if name not in known:
        raise fail("candidate_mode", f"unknown candidates mode {name!r} (known: {', '.join(known)})")
    return known[name]


def _found_alone(value: Any) -> frozenset[Technique]:
    items = want(value, (list,), "found_alone", "a list of technique names")
    out = set()
    for i, item in enumerate(items):
        name = read_text(item, f"found_alone[{i}]", 60)
        if name not in Technique.__members__:
            raise fail(f"found_alone[{i}]", f"unknown technique {name!r}")
        out.add(Technique[name])
    return frozenset(out)


def _hint_rungs(value: Any) -> tuple[int, int, int]:
    items = want(value, (list,), "hint_rungs", "a list of three counts")
    if len(items) != 3:
        raise fail("hint_rungs", f"holds {len(items)} counts, not 3 (rungs 1, 2 and 3)")
    a, b, c = (read_count(v, f"hint_rungs[{i}]", MAX_MISTAKES) for i, v in enumerate(items))
    return a, b, c


def _puzzle_info(value: Any) -> tuple[str, str, str]:
    obj = want(value, (dict,), "puzzle", "an object")
    check_keys(obj, (), _PUZZLE_KEYS, "puzzle")
    return tuple(read_text(obj.get(k, ""), f"puzzle.{k}") for k in ("name", "id", "source"))  # type: ignore[return-value]


class NewerFormatError(SaveFileError):
    """A game file written by a newer version of the app (a higher format ``version``): keep it, don't repair it."""

    def __init__(self, version: int) -> None:
        self.version = version
        super().__init__(
            f"this game was saved by a newer version of Sudoku Tk (file format version {version}; "
            f"this version reads up to {NEWEST_VERSION}). Please update the app to open it."
        )


def _check_format(obj: dict[str, Any]) -> None:
    fmt = obj.get("format")
    if fmt != FORMAT_NAME:
        found = "no 'format' field" if "format" not in obj else f"format is {fmt!r}"
        raise SaveFileError(f"not a Sudoku Tk game file ({found}, expected {FORMAT_NAME!r})")
    version = want(obj.get("version"), (int,), "version", "a whole number") if "version" in obj else None
    if version is None:
        raise fail("", "missing field 'version'")
    if version > NEWEST_VERSION:
        raise NewerFormatError(version)
    if version < 1:
        raise fail("version", f"{version!r} is not a valid format version")


def record_from_json(obj: Any) -> GameRecord:
    """Build a record from parsed JSON, validating every field.

    Raises:
        SaveFileError: not a game file, an unknown version, or any field wrong; the message names it.
    """
    if not isinstance(obj, dict):
        raise SaveFileError(f"not a Sudoku Tk game file (it holds {kind_of(obj)}, not an object)")
    _check_format(obj)
    check_keys(obj, _REQUIRED, _TOP_KEYS, "")
    size = want(obj["size"], (int,), "size", "a whole number")
    try:
        geo = Geometry.for_side(size)
    except ValueError:
        raise fail("size", f"a board is 4, 9 or 16 cells wide, not {size!r}") from None
    if "variant" in obj:
        geo = _variant_geometry(obj["variant"], size)
    name, pid, source = _puzzle_info(obj.get("puzzle", {}))
    return GameRecord(
        start=_start_grid(obj, geo),
        moves=_moves(obj, "moves", geo),
        redo=_moves(obj, "redo", geo),
        assists=_assists(obj["assists"]) if "assists" in obj else ALL_ASSISTS,
        elapsed=read_number(obj.get("elapsed_seconds", 0.0), "elapsed_seconds", MAX_ELAPSED),
        mistakes=read_count(obj.get("mistakes", 0), "mistakes", MAX_MISTAKES),
        revealed=read_cells(obj.get("revealed", []), geo, "revealed"),
        puzzle_name=name,
        puzzle_id=pid,
        puzzle_source=source,
        created=read_timestamp(obj.get("created"), "created"),
        saved=read_timestamp(obj.get("saved"), "saved"),
        app_version=read_text(obj.get("app_version", ""), "app_version", 50),
        hints=read_count(obj.get("hints", 0), "hints", MAX_MISTAKES),
        reveals=read_count(obj.get("reveals", 0), "reveals", MAX_MISTAKES),
        candidate_mode=_candidate_mode(obj.get("candidate_mode", CandidateMode.AUTOMATIC.value)),
        colouring=read_colouring(obj["colours"], geo) if "colours" in obj else Colouring(),
        rating=read_rating(obj["rating"]) if obj.get("rating") is not None else None,
        found_alone=_found_alone(obj["found_alone"]) if "found_alone" in obj else frozenset(),
        hint_rungs=_hint_rungs(obj["hint_rungs"]) if "hint_rungs" in obj else (0, 0, 0),
    )


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
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
    return record_from_json(parse_json(text))


def parse_json(text: str) -> Any:
    """The JSON value of a game file's text, parsed as strictly as ``loads`` parses it (nothing checked beyond).

    Raises:
        SaveFileError: too large, empty, not JSON, a key twice, or NaN / Infinity.
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
    return obj


def load_game(path: Path | str, *, follow_links: bool = True) -> GameRecord:
    """Read and validate a game file; nothing on disk changes.

    ``follow_links=False`` for the app's own files (the autosave, recent games): a link there is refused.

    Raises:
        SaveFileError: damaged, foreign, too large or of an unknown version (the message says which), or not a
            regular file (``NotAFileError``: a folder, a pipe, a device; a link when not followed).
        OSError: the file cannot be opened (missing, no permission).
    """
    return loads(decode(read_file(path, "a game", follow_links=follow_links)))


__all__ = [
    "FORMAT_NAME",
    "FORMAT_VERSION",
    "NEWEST_VERSION",
    "VARIANT_VERSION",
    "NewerFormatError",
    "dumps",
    "loads",
    "parse_json",
    "save_game",
    "load_game",
    "record_to_json",
    "record_from_json",
    "move_to_json",
    "move_from_json",
]
