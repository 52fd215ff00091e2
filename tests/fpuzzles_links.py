"""Test helper: f-puzzles links made from puzzle JSON, with an LZ-string (base64) compressor written for the tests.

The app only reads links (engine/formats/fpuzzles.py); making them is the tests' job, so the
compressor lives here. It follows LZ-string's scheme: a dictionary of seen strings, codes of
``num_bits`` bits written lowest bit first into 6-bit characters, 0/1 before a new 8/16-bit
character, 2 at the end, the last character padded.
"""

from __future__ import annotations

import json
from typing import Any

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


class _Writer:
    def __init__(self) -> None:
        self.out: list[str] = []
        self.val = 0
        self.pos = 0

    def write(self, value: int, n: int) -> None:
        for _ in range(n):
            self.val = (self.val << 1) | (value & 1)
            value >>= 1
            self.pos += 1
            if self.pos == 6:
                self.out.append(_ALPHABET[self.val])
                self.val = self.pos = 0

    def flush(self) -> str:
        while self.pos:
            self.write(0, 1)
        text = "".join(self.out)
        return text + "=" * (-len(text) % 4)


def compress_base64(text: str) -> str:
    """``text`` compressed with LZ-string and written in its base64 alphabet (with ``=`` padding)."""
    w = _Writer()
    dictionary: dict[str, int] = {}
    to_create: set[str] = set()
    size, num_bits, enlarge_in = 3, 2, 2
    current = ""

    def grow() -> None:
        nonlocal enlarge_in, num_bits
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << num_bits
            num_bits += 1

    def emit(s: str) -> None:
        if s in to_create:
            code = ord(s[0])
            if code < 256:
                w.write(0, num_bits)
                w.write(code, 8)
            else:
                w.write(1, num_bits)
                w.write(code, 16)
            grow()
            to_create.discard(s)
        else:
            w.write(dictionary[s], num_bits)
        grow()

    units = text.encode("utf-16-le", "surrogatepass")
    for i in range(0, len(units), 2):  # LZ-string works on UTF-16 code units, as JavaScript strings are
        ch = chr(units[i] | units[i + 1] << 8)
        if ch not in dictionary:
            dictionary[ch] = size
            size += 1
            to_create.add(ch)
        joined = current + ch
        if joined in dictionary:
            current = joined
            continue
        emit(current)
        dictionary[joined] = size
        size += 1
        current = ch
    if current:
        emit(current)
    w.write(2, num_bits)
    return w.flush()


def link(puzzle: dict[str, Any]) -> str:
    """An f-puzzles link to ``puzzle`` (its JSON as a dict)."""
    return "https://www.f-puzzles.com/?load=" + compress_base64(json.dumps(puzzle, separators=(",", ":")))


def grid(givens: str = "." * 81, regions: list[int] | None = None) -> list[list[dict[str, Any]]]:
    """An f-puzzles grid: givens as 81 characters, each cell's 0-based region when not the boxes."""
    rows = []
    for r in range(9):
        row = []
        for c in range(9):
            cell: dict[str, Any] = {}
            ch = givens[r * 9 + c]
            if ch not in ".0":
                cell = {"value": int(ch), "given": True}
            if regions is not None:
                cell["region"] = regions[r * 9 + c]
            row.append(cell)
        rows.append(row)
    return rows
