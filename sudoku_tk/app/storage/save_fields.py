"""Readers for the fields of a game file: each checks one JSON value and returns it as an engine value.

Every reader takes ``where`` (the field's path, e.g. ``moves[3].cell``) and
raises ``SaveFileError`` naming it and the problem; none evaluates anything.
``save_format.py`` composes them into a whole game file.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.play.moves import Candidate

MAX_TEXT = 500
"""Longest puzzle name, id, source, note or version string accepted."""


def fail(where: str, problem: str) -> SaveFileError:
    """The error for a bad field: ``where: problem`` (just ``problem`` when ``where`` is "")."""
    return SaveFileError(f"{where}: {problem}" if where else problem)


def kind_of(value: Any) -> str:
    """What a JSON value is, in words for the player ("a list", "text", "null")."""
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        type(None): "null",
        int: "a number",
        float: "a number",
    }.get(type(value), type(value).__name__)


def want(value: Any, types: tuple[type, ...], where: str, what: str) -> Any:
    """``value`` when it is one of ``types`` (a bool is never a number), else a SaveFileError saying ``what`` was expected."""
    # bool is an int in Python but never a number in our files.
    if isinstance(value, bool) and bool not in types or not isinstance(value, types):
        raise fail(where, f"expected {what}, found {kind_of(value)}")
    return value


def read_text(value: Any, where: str, limit: int = MAX_TEXT) -> str:
    """A string of at most ``limit`` characters that UTF-8 can encode."""
    s: str = want(value, (str,), where, "text")
    if len(s) > limit:
        raise fail(where, f"text longer than {limit} characters")
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        raise fail(where, "text with an invalid character (a lone surrogate)") from None
    return s


def check_keys(
    obj: dict[str, Any], required: frozenset[str] | Sequence[str], allowed: frozenset[str], where: str
) -> None:
    """Refuse an object that lacks a ``required`` key or holds one not ``allowed``."""
    missing = [k for k in required if k not in obj]
    if missing:
        raise fail(where, f"missing field {missing[0]!r}")
    unknown = sorted(k for k in obj if k not in allowed)
    if unknown:
        raise fail(where, f"unknown field {unknown[0]!r}")


def read_cell(value: Any, geo: Geometry, where: str) -> Cell:
    """A cell name such as ``r3c5`` on a board of ``geo``."""
    name = read_text(value, where, 20)
    try:
        return geo.parse_cell(name)
    except ValueError:
        raise fail(where, f"not a cell of a {geo.side}×{geo.side} board: {name!r}") from None


def read_digit(value: Any, geo: Geometry, where: str) -> Digit:
    """One digit character of a board of ``geo`` (A–G above 9)."""
    ch = read_text(value, where, 20)
    try:
        if len(ch) != 1:
            raise ValueError(ch)
        return geo.parse_digit(ch)
    except ValueError:
        raise fail(where, f"not a digit of a {geo.side}×{geo.side} board: {ch!r}") from None


def read_line(value: Any, geo: Geometry, where: str) -> tuple[int, ...]:
    """One character per cell, a digit or ``.``, as values (0 for empty)."""
    text = read_text(value, where, geo.ncells)
    if len(text) != geo.ncells:
        raise fail(where, f"expected {geo.ncells} characters for a {geo.side}×{geo.side} board, found {len(text)}")
    out = []
    for i, ch in enumerate(text):
        if ch == ".":
            out.append(0)
            continue
        try:
            out.append(geo.parse_digit(ch))
        except ValueError:
            raise fail(where, f"character {i + 1} ({geo.cell_name(i)}) is {ch!r}, not a digit or '.'") from None
    return tuple(out)


def read_candidate_masks(value: Any, geo: Geometry, values: Sequence[int], where: str) -> tuple[int, ...]:
    """The candidate grid: one entry of digits per cell, empty for a filled cell; as masks for ``Grid``."""
    items = want(value, (list,), where, "a list")
    if len(items) != geo.ncells:
        raise fail(where, f"expected {geo.ncells} entries, found {len(items)}")
    masks = []
    for cell, item in enumerate(items):
        at = f"{where}[{geo.cell_name(cell)}]"
        text = read_text(item, at, geo.side)
        if values[cell]:
            if text:
                raise fail(at, f"a filled cell has no candidates, found {text!r}")
            masks.append(0)
            continue
        digits: list[Digit] = []
        for ch in text:
            d = read_digit(ch, geo, at)
            if d in digits:
                raise fail(at, f"digit {ch!r} listed twice")
            digits.append(d)
        if not digits:
            raise fail(at, "an empty cell without any candidate")
        masks.append(DigitSet.from_iterable(digits).mask)
    return tuple(masks)


def read_candidate_list(value: Any, geo: Geometry, where: str) -> tuple[Candidate, ...]:
    """A non-empty list of distinct ``[cell, digit]`` pairs."""
    items = want(value, (list,), where, "a list of [cell, digit] pairs")
    if not items:
        raise fail(where, "no candidates listed")
    out: list[Candidate] = []
    seen = set()  # a pencil move that fills in every candidate lists hundreds
    for i, item in enumerate(items):
        at = f"{where}[{i}]"
        pair = want(item, (list,), at, "a [cell, digit] pair")
        if len(pair) != 2:
            raise fail(at, f"expected a [cell, digit] pair, found a list of {len(pair)}")
        cand = (read_cell(pair[0], geo, at), read_digit(pair[1], geo, at))
        if cand in seen:
            raise fail(at, "candidate listed twice")
        seen.add(cand)
        out.append(cand)
    return tuple(out)


def read_flag(value: Any, where: str) -> bool:
    """``true`` or ``false``."""
    flag: bool = want(value, (bool,), where, "true or false")
    return flag


def read_number(value: Any, where: str, limit: float) -> float:
    """A finite number from 0 to ``limit``."""
    want(value, (int, float), where, "a number")
    # Compare before converting: float() of a huge int overflows.
    if not (0 <= value <= limit) or not math.isfinite(value):
        raise fail(where, f"{value!r:.40} is out of range (0 to {limit:g})")
    return float(value)


def read_count(value: Any, where: str, limit: int) -> int:
    """A whole number from 0 to ``limit``."""
    n: int = want(value, (int,), where, "a whole number")
    if n < 0 or n > limit:
        raise fail(where, f"{n!r:.40} is out of range (0 to {limit})")
    return n


def read_cells(value: Any, geo: Geometry, where: str) -> tuple[Cell, ...]:
    """A list of distinct cell names."""
    items = want(value, (list,), where, "a list of cell names")
    out: list[Cell] = []
    for i, item in enumerate(items):
        cell = read_cell(item, geo, f"{where}[{i}]")
        if cell in out:
            raise fail(f"{where}[{i}]", f"{geo.cell_name(cell)} listed twice")
        out.append(cell)
    return tuple(out)


def read_timestamp(value: Any, where: str) -> datetime | None:
    """An ISO date and time, or None for null."""
    if value is None:
        return None
    text = read_text(value, where, 40)
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise fail(where, f"not a date and time: {text!r}") from None
