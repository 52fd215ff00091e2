"""OpenSudoku XML in and out: ``<opensudoku>`` documents with one or many ``<game data="…"/>``.

This module owns ``Format.OPENSUDOKU``: reading the games of a document line by
line with a pull parser (DOCTYPE and entity declarations refused before parsing),
the game data of version 1 (81 digits) and of the ``version: 1|2|3`` cell lists
with placed digits and notes, and writing a document with one game.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from ..board.errors import PuzzleFormatError
from ..board.grid import Grid, basic_candidates
from .common import _NINE, _fail, _finish, _require_nine, _shown
from .lines import format_line


def _opensudoku_games(text: str) -> list[tuple[int, str]]:
    """(line, data) of every ``<game>`` in an OpenSudoku document."""
    declared = [i for i in (text.find("<!DOCTYPE"), text.find("<!ENTITY")) if i >= 0]
    if declared:
        _fail("XML with a DOCTYPE or entity declaration is refused", text.count("\n", 0, min(declared)) + 1)
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(events=("start",))
    games: list[tuple[int, str]] = []
    root_seen = False
    try:
        for n, line in enumerate(text.splitlines(keepends=True), 1):
            parser.feed(line)
            for event in parser.read_events():
                elem = event[-1]
                if not isinstance(elem, ET.Element):
                    continue
                if not root_seen:
                    root_seen = True
                    _check_opensudoku_root(elem, n)
                if elem.tag == "game":
                    data = elem.get("data")
                    if data is None:
                        _fail("<game> without a data attribute", n)
                    games.append((n, data))
        parser.close()
    except ET.ParseError as exc:
        row, col = getattr(exc, "position", (None, None))
        what = re.sub(r": line \d+, column \d+$", "", str(exc))
        _fail(f"not well-formed XML: {what}", row, None if col is None else col + 1)
    except ValueError as exc:  # expat refuses some encodings of a str document
        if isinstance(exc, PuzzleFormatError):
            raise
        _fail(f"unreadable XML: {exc}")
    if not games:
        _fail("the OpenSudoku document has no <game data=...> element")
    return games


def _check_opensudoku_root(elem: ET.Element, line: int) -> None:
    if elem.tag != "opensudoku":
        _fail(f"expected an <opensudoku> document, found <{elem.tag}>", line)
    version = elem.get("version")
    if version not in (None, "1", "2"):
        _fail(f"unknown OpenSudoku version {_shown(version or '')}", line)


def _read_opensudoku_data(data: str, line: int) -> Grid:
    body = data.strip()
    match = re.match(r"version:\s*(\S*)\s*", body)
    if match is None:
        digits = "".join(body.split())
        if len(digits) != 81 or not digits.isdigit() or not digits.isascii():
            _fail(f"game data must be 81 digits 0-9, found {len(digits)} characters {digits[:20]!r}…", line)
        return _finish(_NINE, [int(ch) for ch in digits])
    if match.group(1) not in ("1", "2", "3"):
        _fail(f"unknown OpenSudoku data version {match.group(1)[:20]!r}", line)
    version = int(match.group(1))
    fields = body[match.end() :].split("|")
    if fields and fields[-1] == "":
        fields.pop()
    if version == 2:  # version 2 files may hold '||' (OpenSudoku's own bug, fixed by version 3)
        fields = [f for f in fields if f != ""]
    if len(fields) != 3 * 81:
        _fail(f"game data version {version} must list 81 cells, found {len(fields) / 3:g}", line)
    givens = [0] * 81
    placed = [0] * 81
    values = [0] * 81
    notes = [0] * 81
    for c in range(81):
        value, note, editable = (f.strip() for f in fields[3 * c : 3 * c + 3])
        if len(value) != 1 or not "0" <= value <= "9" or editable not in ("0", "1"):
            bad = "|".join((value, note, editable))
            _fail(f"bad cell {bad[:30]!r} for {_NINE.cell_name(c)} in game data", line)
        v = int(value)
        values[c] = v
        if v:
            (givens if editable == "0" else placed)[c] = v
        notes[c] = _opensudoku_note(note, version, c, line)
    if not any(m for v, m in zip(values, notes) if not v):
        return _finish(_NINE, givens, placed)
    basic = basic_candidates(_NINE, values)
    # An empty note is a cell the player did not annotate, not one without candidates.
    cands = [m if m else b for m, b in zip(notes, basic)]
    return _finish(_NINE, givens, placed, cands)


def _opensudoku_note(note: str, version: int, cell: int, line: int) -> int:
    if note in ("", "-"):
        return 0
    if version == 1:
        parts = [p for p in note.split(",") if p]
        if all(len(p) == 1 and "1" <= p <= "9" for p in parts):
            mask = 0
            for p in parts:
                mask |= 1 << (int(p) - 1)
            return mask
    elif len(note) <= 3 and note.isdigit() and note.isascii() and int(note) < 512:
        return int(note)
    _fail(f"bad note {note[:20]!r} for {_NINE.cell_name(cell)} in game data", line)


def _read_opensudoku(text: str) -> Grid:
    games = _opensudoku_games(text)
    if len(games) > 1:
        _fail(f"the OpenSudoku document holds {len(games)} games; read them with parse_collection")
    line, data = games[0]
    return _read_opensudoku_data(data, line)


# -- writer -----------------------------------------------------------------------------------------


def format_opensudoku(grid: Grid) -> str:
    """Write an OpenSudoku XML document with one game.

    A plain puzzle is written as a version 1 document (81 digits, ``0`` for
    empty); a grid with placed digits or pencilmarks as a version 2 document whose
    game data (``version: 3``) keeps givens, placed digits and candidates as notes.
    """
    _require_nine(grid, "the OpenSudoku format")
    root = ET.Element("opensudoku")
    if not grid.has_pencilmarks and not any(grid.placed()):
        ET.SubElement(root, "game", data=format_line(grid, empty="0"))
    else:
        root.set("version", "2")
        folder = ET.SubElement(root, "folder", name="sudoku-tk")
        cells = []
        for g, v, m in zip(grid.givens, grid.values, grid.candidates):
            note = m if grid.has_pencilmarks and not v else 0
            cells.append(f"{v}|{note}|{0 if g else 1}|")
        ET.SubElement(folder, "game", data="version: 3\n" + "".join(cells))
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n"
