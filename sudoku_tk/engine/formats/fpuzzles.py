"""f-puzzles and SudokuPad links: a variant puzzle read from its link and written in this app's text forms.

An f-puzzles link (``https://www.f-puzzles.com/?load=…``, also what SudokuPad opens as
``https://sudokupad.app/fpuzzles…``) carries the puzzle as JSON compressed with the LZ-string
scheme and written in base64. The JSON has ``size``, a ``grid`` of rows of cells (``value``,
``given``, and ``region``, the cell's 0-based region where the regions are not the boxes) and
one list per constraint: ``killercage`` (``cells`` named ``R1C1`` and a ``value``),
``extraregion`` (extra houses, which are Windoku's windows), ``diagonal+`` and ``diagonal-``.

``read_link`` turns such a link into the text this app reads (README: "Variants"): a
``variant:`` line, then the 81 givens, then the region map (Jigsaw) or the cage map and sums
(Killer). A puzzle with a constraint this app does not play (arrows, thermometers, one diagonal,
a variant combined with another, …) is refused with one sentence naming what it has. SudokuPad's
own compact links (``scl…``) are not f-puzzles data and are refused the same way.

Standard library only; the decoder is bounded (the link's length is checked first).
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote

from ..board.errors import PuzzleFormatError

MAX_LINK_CHARS = 200_000
"""A longer text is not read (a real 9×9 link is a few hundred to a few thousand characters)."""
MAX_TEXT_CHARS = 2_000_000
"""The decompressed JSON may be at most this long (a bound on a crafted link's work)."""

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VALUE = {ch: i for i, ch in enumerate(_ALPHABET)}
_LINK = re.compile(r"(?:f-puzzles\.com/\?(?:[^\s]*&)?load=|sudokupad\.app/(?:\?puzzle=)?fpuzzles)([A-Za-z0-9+/=%-]+)")
_CAGE_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_CELL = re.compile(r"R(\d+)C(\d+)", re.IGNORECASE)

PLAYED = frozenset({"size", "grid", "killercage", "extraregion", "diagonal+", "diagonal-"})
"""The f-puzzles keys this app plays (with the right combinations); everything else is refused."""
IGNORED = frozenset(
    {
        "title",
        "author",
        "ruleset",
        "solution",
        "highlightConflicts",
        "activeConstraints",
        "disabledlogic",
        "truecandidatesoptions",
    }
)
"""Keys that carry no rule (titles, the editor's own settings): read past. Shapes, lines and texts the setter drew
are not in here: they often carry a rule told in the ruleset, so such a puzzle is refused."""


def is_link(text: str) -> bool:
    """Does ``text`` hold an f-puzzles link (or SudokuPad's link to one)?"""
    return bool(_LINK.search(text[:MAX_LINK_CHARS]))


def read_link(text: str) -> str:
    """The puzzle of the f-puzzles link in ``text``, in this app's text form (see the module's docstring).

    Raises:
        PuzzleFormatError: no link, a damaged link, or a puzzle this app does not play (the sentence says which).
    """
    if len(text) > MAX_LINK_CHARS:
        raise PuzzleFormatError(f"this text is too long for a puzzle link ({len(text):,} characters)")
    if "sudokupad.app/scl" in text or "sudokupad.app/?puzzle=scl" in text:
        raise PuzzleFormatError(
            "this is a SudokuPad link in its own compact form, which Sudoku Tk does not read; "
            "open the puzzle in f-puzzles and copy its link instead"
        )
    match = _LINK.search(text)
    if match is None:
        raise PuzzleFormatError("no f-puzzles link found")
    data = decompress_base64(unquote(match.group(1)))
    if data is None:
        raise PuzzleFormatError("the f-puzzles link is damaged (its data does not decompress)")
    try:
        puzzle = json.loads(data)
    except ValueError as exc:
        raise PuzzleFormatError("the f-puzzles link is damaged (its data is not a puzzle)") from exc
    if not isinstance(puzzle, dict):
        raise PuzzleFormatError("the f-puzzles link is damaged (its data is not a puzzle)")
    return puzzle_text(puzzle)


def puzzle_text(puzzle: dict[str, Any]) -> str:
    """An f-puzzles puzzle (its JSON as a dict) in this app's text form.

    Raises:
        PuzzleFormatError: a size other than 9, a constraint not played here, or damaged fields.
    """
    if puzzle.get("size") != 9:
        raise PuzzleFormatError(f"Sudoku Tk plays variants on 9×9 boards; this puzzle is {puzzle.get('size')!r} wide")
    present = {k for k, v in puzzle.items() if v not in (None, False, [], "", {})}
    unknown = sorted(present - PLAYED - IGNORED)
    if unknown:
        raise PuzzleFormatError(
            "this puzzle has rules Sudoku Tk does not play: "
            + ", ".join(unknown)
            + " (it plays classic, Sudoku X, Windoku, Jigsaw and Killer)"
        )
    givens, regions = _grid(puzzle.get("grid"))
    diagonals = [k for k in ("diagonal+", "diagonal-") if puzzle.get(k)]
    cages = puzzle.get("killercage") or []
    extra = puzzle.get("extraregion") or []
    jigsaw = regions != _BOXES
    kinds = [
        name
        for name, on in (
            ("diagonals", diagonals),
            ("killer cages", cages),
            ("extra regions", extra),
            ("irregular regions", jigsaw),
        )
        if on
    ]
    if len(kinds) > 1:
        raise PuzzleFormatError(
            "this puzzle combines " + " and ".join(kinds) + "; Sudoku Tk plays one variant at a time"
        )
    line = "".join(str(v) if v else "." for v in givens)
    if diagonals:
        if len(diagonals) != 2:
            raise PuzzleFormatError("this puzzle has one diagonal only; Sudoku X has both")
        return f"variant: x\n{line}\n"
    if extra:
        windows = sorted(tuple(sorted(_cells(e, "extra region"))) for e in extra)
        if windows != _WINDOWS:
            raise PuzzleFormatError("this puzzle's extra regions are not Windoku's four windows")
        return f"variant: windoku\n{line}\n"
    if jigsaw:
        return f"variant: jigsaw\n{line}\n{''.join(_CAGE_SYMBOLS[r] for r in regions)}\n"
    if cages:
        return "variant: killer\n" + _killer(line, cages) + "\n"
    return line + "\n"


def _grid(grid: Any) -> tuple[list[int], tuple[int, ...]]:
    """The givens and each cell's region (the boxes unless cells say otherwise) of a 9×9 f-puzzles grid."""
    if not isinstance(grid, list) or len(grid) != 9 or not all(isinstance(row, list) and len(row) == 9 for row in grid):
        raise PuzzleFormatError("the f-puzzles grid is not 9 rows of 9 cells")
    givens: list[int] = []
    regions: list[int] = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                raise PuzzleFormatError(f"r{r + 1}c{c + 1} of the f-puzzles grid is not a cell")
            value = cell.get("value")
            given = bool(cell.get("given")) and value not in (None, 0, "")
            if given and (not isinstance(value, int) or not 1 <= value <= 9):
                raise PuzzleFormatError(f"r{r + 1}c{c + 1} holds {value!r}, not a digit 1–9")
            givens.append(value if given and isinstance(value, int) else 0)  # a value typed in is not a given
            region = cell.get("region", (r // 3) * 3 + c // 3)
            if not isinstance(region, int) or not 0 <= region <= 8:
                raise PuzzleFormatError(f"r{r + 1}c{c + 1} is in region {region!r}, not one of 0–8")
            regions.append(region)
    return givens, tuple(regions)


def _cells(entry: Any, what: str) -> list[int]:
    if not isinstance(entry, dict) or not isinstance(entry.get("cells"), list) or not entry["cells"]:
        raise PuzzleFormatError(f"an f-puzzles {what} has no cells")
    out = []
    for name in entry["cells"]:
        m = _CELL.fullmatch(str(name))
        if m is None or not (1 <= int(m.group(1)) <= 9 and 1 <= int(m.group(2)) <= 9):
            raise PuzzleFormatError(f"an f-puzzles {what} names the cell {name!r}, not one of R1C1–R9C9")
        out.append((int(m.group(1)) - 1) * 9 + int(m.group(2)) - 1)
    return out


def _killer(line: str, cages: list[Any]) -> str:
    """Givens, cage map and sums: ``[givens81] cagemap81 A=12,B=7,…`` (the givens left out when there are none)."""
    if len(cages) > len(_CAGE_SYMBOLS):
        raise PuzzleFormatError(f"this puzzle has {len(cages)} cages; the cage map names at most {len(_CAGE_SYMBOLS)}")
    cage_map = ["."] * 81
    sums = []
    for i, cage in enumerate(cages):
        symbol = _CAGE_SYMBOLS[i]
        for cell in _cells(cage, "killer cage"):
            if cage_map[cell] != ".":
                raise PuzzleFormatError(f"r{cell // 9 + 1}c{cell % 9 + 1} is in two killer cages")
            cage_map[cell] = symbol
        value = str(cage.get("value", "")).strip()
        if not value.isdigit():
            raise PuzzleFormatError(f"killer cage {i + 1} has no sum (Sudoku Tk plays cages with their sums)")
        sums.append(f"{symbol}={int(value)}")
    parts = [] if set(line) == {"."} else [line]
    return " ".join([*parts, "".join(cage_map), ",".join(sums)])


_BOXES = tuple((r // 3) * 3 + c // 3 for r in range(9) for c in range(9))
_WINDOWS = sorted(
    tuple(sorted((r0 + r) * 9 + c0 + c for r in range(3) for c in range(3))) for r0 in (1, 5) for c0 in (1, 5)
)


# -- LZ-string, base64 flavour ----------------------------------------------------------------------------------
def decompress_base64(data: str) -> str | None:
    """Decompress LZ-string's base64 form; None when the data is damaged.

    The stream is read in 6-bit base64 characters, each consumed from its highest bit down, and
    values are assembled lowest bit first. A code of ``numBits`` bits is 0 (a new 8-bit character
    follows), 1 (a new 16-bit character follows), 2 (the end), or the number of a dictionary
    entry. The dictionary starts with those three codes; every step adds the previous entry plus
    the first character of this one, and ``numBits`` grows whenever the dictionary reaches a power
    of two (the ``enlarge_in`` countdown).
    """
    data = data.rstrip("=")
    if not data or any(ch not in _VALUE for ch in data):
        return None
    values = [_VALUE[ch] for ch in data]
    reader = _Bits(values)
    dictionary: list[str] = ["", "", ""]
    first = reader.read(2)
    if first == 2 or first is None:
        return "" if first == 2 else None
    width = 8 if first == 0 else 16
    ch = reader.read(width)
    if ch is None:
        return None
    w = chr(ch)
    dictionary.append(w)
    out = [w]
    total = len(w)
    num_bits, enlarge_in = 3, 4
    while True:
        code = reader.read(num_bits)
        if code is None:
            return None
        if code in (0, 1):
            ch = reader.read(8 if code == 0 else 16)
            if ch is None:
                return None
            dictionary.append(chr(ch))
            code = len(dictionary) - 1
            enlarge_in -= 1
        elif code == 2:
            return _from_utf16_units("".join(out))
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            return None
        out.append(entry)
        total += len(entry)
        if total > MAX_TEXT_CHARS:
            return None
        dictionary.append(w + entry[0])
        enlarge_in -= 1
        w = entry
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1


def _from_utf16_units(text: str) -> str | None:
    """Join the UTF-16 surrogate pairs the stream carries (it holds JavaScript's 16-bit code units); None when a
    surrogate is left alone (damaged data)."""
    if not any("\ud800" <= ch <= "\udfff" for ch in text):
        return text
    try:
        return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    except UnicodeDecodeError:
        return None


class _Bits:
    """Bits of 6-bit values, each read from its highest bit down; ``read(n)`` assembles n of them lowest first."""

    def __init__(self, values: list[int]) -> None:
        self.values = values
        self.index = 0
        self.mask = 32

    def read(self, n: int) -> int | None:
        out = 0
        for i in range(n):
            if self.index >= len(self.values):
                return None
            if self.values[self.index] & self.mask:
                out |= 1 << i
            self.mask >>= 1
            if not self.mask:
                self.mask = 32
                self.index += 1
        return out
