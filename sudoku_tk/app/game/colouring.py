"""Hand-made colouring: colours the player puts on cells and on candidates, as HoDoKu offers for colouring by hand.

There are two colour pairs (HoDoKu's a/A and b/B): a player following a
candidate's conjugate chain gives one member of each link the pair's first colour
and the other its second. ``Colouring`` is an immutable value: each change gives a
new one. Colours are the player's notes, not moves: they never change the board,
the hints or the mistakes; they are saved with the game and cleared by a new game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry

from ..storage.save_fields import check_keys, fail, read_cell, read_digit, want

COLOURS = 4
"""Colour numbers 0..3: pair 1 (0, 1) and pair 2 (2, 3)."""
COLOUR_NAMES = ("colour 1a", "colour 1b", "colour 2a", "colour 2b")
"""How a colour is named in messages and menus."""


def colour_name(colour: int) -> str:
    """``colour_name(2)`` → ``'colour 2a'``."""
    return COLOUR_NAMES[colour]


def partner(colour: int) -> int:
    """The other colour of the same pair.

    >>> [partner(c) for c in range(COLOURS)]
    [1, 0, 3, 2]
    """
    return colour ^ 1


@dataclass(frozen=True, slots=True)
class Colouring:
    """Colours on cells and on candidates (sorted tuples, so two equal colourings compare equal)."""

    cells: tuple[tuple[Cell, int], ...] = ()
    candidates: tuple[tuple[Cell, Digit, int], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.cells or self.candidates)

    def cell_colour(self, cell: Cell) -> int | None:
        return dict(self.cells).get(cell)

    def candidate_colour(self, cell: Cell, digit: Digit) -> int | None:
        return {(c, d): k for c, d, k in self.candidates}.get((cell, digit))

    def cell_map(self) -> dict[Cell, int]:
        return dict(self.cells)

    def candidate_map(self) -> dict[tuple[Cell, Digit], int]:
        return {(c, d): k for c, d, k in self.candidates}

    def toggle_cell(self, cell: Cell, colour: int) -> Colouring:
        """Give ``cell`` the colour, or take it off when the cell has that colour already."""
        _check_colour(colour)
        cells = self.cell_map()
        if cells.get(cell) == colour:
            del cells[cell]
        else:
            cells[cell] = colour
        return Colouring(tuple(sorted(cells.items())), self.candidates)

    def toggle_candidate(self, cell: Cell, digit: Digit, colour: int) -> Colouring:
        """Give candidate (cell, digit) the colour, or take it off when it has that colour already."""
        _check_colour(colour)
        cands = self.candidate_map()
        if cands.get((cell, digit)) == colour:
            del cands[(cell, digit)]
        else:
            cands[(cell, digit)] = colour
        return Colouring(self.cells, tuple(sorted((c, d, k) for (c, d), k in cands.items())))


def _check_colour(colour: int) -> None:
    if not 0 <= colour < COLOURS:
        raise ValueError(f"no colour {colour}: colours are 0 to {COLOURS - 1}")


def colouring_to_json(colouring: Colouring, geo: Geometry) -> dict[str, Any]:
    """``{"cells": [["r1c1", 0], …], "candidates": [["r1c2", "5", 2], …]}`` (colour numbers 0..3)."""
    return {
        "cells": [[geo.cell_name(c), k] for c, k in colouring.cells],
        "candidates": [[geo.cell_name(c), geo.digit_char(d), k] for c, d, k in colouring.candidates],
    }


def read_colouring(value: Any, geo: Geometry, where: str = "colours") -> Colouring:
    """Read ``colouring_to_json`` back, checking every cell, digit and colour.

    Raises:
        SaveFileError: the value is not a colouring of a board of ``geo``'s size; the message says where.
    """
    obj = want(value, (dict,), where, "an object")
    check_keys(obj, (), frozenset({"cells", "candidates"}), where)
    cells: dict[Cell, int] = {}
    cands: dict[tuple[Cell, Digit], int] = {}
    for i, item in enumerate(want(obj.get("cells", []), (list,), f"{where}.cells", "a list")):
        at = f"{where}.cells[{i}]"
        cell_name, colour = _pair(item, 2, at)
        cells[read_cell(cell_name, geo, at)] = _colour(colour, at)
    for i, item in enumerate(want(obj.get("candidates", []), (list,), f"{where}.candidates", "a list")):
        at = f"{where}.candidates[{i}]"
        cell_name, digit, colour = _pair(item, 3, at)
        cands[(read_cell(cell_name, geo, at), read_digit(digit, geo, at))] = _colour(colour, at)
    return Colouring(tuple(sorted(cells.items())), tuple(sorted((c, d, k) for (c, d), k in cands.items())))


def _pair(item: Any, width: int, where: str) -> list[Any]:
    if not isinstance(item, list) or len(item) != width:
        raise fail(where, f"expected a list of {width} items")
    return item


def _colour(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < COLOURS:
        raise fail(where, f"a colour is a number from 0 to {COLOURS - 1}, not {value!r}")
    return value
