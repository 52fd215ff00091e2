"""Wording helpers shared by every technique: lists of cells, digits and units, effect clauses, and the sentences of
the basic steps.

Explanations are one plain sentence: "<Technique>: <why>, so <consequence> — <what to do>."
These helpers keep lists and effects worded the same way in every family, and the basic
steps (peer elimination and the singles) worded the same way whether an assist or a hint
made them:

>>> from sudoku_tk.engine.board.geometry import Geometry
>>> g = Geometry.of(3)
>>> cells_text(g, [69, 78])
'r8c7 and r9c7'
>>> digits_text(g, [3, 5])
'3 or 5'
>>> units_text(g, [1, 6])
'rows 2 and 7'
>>> effects_text(g, [], [(69, 3), (78, 3)])
'remove 3 from r8c7 and r9c7'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..board.geometry import Cell, Digit, Geometry, Unit, digits_of
from .step import Technique

_KIND_PLURAL = ("rows", "columns", "boxes")


def join_words(items: Sequence[str], conj: str = "and") -> str:
    """'a', 'a and b', 'a, b and c' (no serial comma).

    >>> join_words(["a", "b", "c"], "or")
    'a, b or c'
    """
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {conj} " + items[-1]


def cells_text(geometry: Geometry, cells: Iterable[Cell], conj: str = "and") -> str:
    """Cells in board order, named r1c1-style: 'r1c1, r1c2 and r1c3'."""
    return join_words([geometry.cell_name(c) for c in sorted(set(cells))], conj)


def digits_text(geometry: Geometry, digits: Iterable[Digit], conj: str = "or") -> str:
    """Digits ascending: '3 or 5', '1, 4 or 7' (letters above 9 on 16×16)."""
    return join_words([geometry.digit_char(d) for d in sorted(set(digits))], conj)


def mask_text(geometry: Geometry, mask: int, conj: str = "or") -> str:
    """Digits of a candidate mask, as ``digits_text``."""
    return digits_text(geometry, digits_of(mask), conj)


def unit_text(geometry: Geometry, unit: Unit) -> str:
    """'row 3', 'column 5' or 'box 9'."""
    return geometry.unit_name(unit)


def units_text(geometry: Geometry, units: Iterable[Unit], conj: str = "and") -> str:
    """Units with one kind word when they share it: 'rows 2 and 7'; otherwise 'row 2 and box 3'."""
    us = sorted(set(units))
    if not us:
        return ""
    n = geometry.side
    kinds = {geometry.unit_kind(u) for u in us}
    if len(us) > 1 and len(kinds) == 1 and kinds != {3}:
        kind = kinds.pop()
        plural = _KIND_PLURAL[kind] if kind < 2 or geometry.square_boxes else "regions"
        return plural + " " + join_words([str(u % n + 1) for u in us], conj)
    return join_words([geometry.unit_name(u) for u in us], conj)


def _group_by_cells(pairs: Iterable[tuple[Cell, Digit]]) -> list[tuple[tuple[Digit, ...], tuple[Cell, ...]]]:
    """Group (cell, digit) pairs into (digits, cells) blocks: digits sharing the same cells go together."""
    by_digit: dict[Digit, list[Cell]] = {}
    for c, d in sorted(set(pairs), key=lambda p: (p[1], p[0])):
        by_digit.setdefault(d, []).append(c)
    by_cells: dict[tuple[Cell, ...], list[Digit]] = {}
    for d, cs in by_digit.items():
        by_cells.setdefault(tuple(cs), []).append(d)
    return [(tuple(ds), cs) for cs, ds in by_cells.items()]


def eliminations_text(geometry: Geometry, pairs: Iterable[tuple[Cell, Digit]]) -> str:
    """'remove 3 from r8c7 and r9c7', 'remove 3 and 5 from r1c1, and 7 from r2c2'."""
    groups = [
        f"{digits_text(geometry, ds, 'and')} from {cells_text(geometry, cs)}" for ds, cs in _group_by_cells(pairs)
    ]
    if not groups:
        return ""
    if len(groups) == 1:
        return "remove " + groups[0]
    return "remove " + ", ".join(groups[:-1]) + ", and " + groups[-1]


def placements_text(geometry: Geometry, pairs: Iterable[tuple[Cell, Digit]]) -> str:
    """'place 5 in r1c1', 'place 5 in r1c1 and 7 in r2c2'."""
    parts = [f"{geometry.digit_char(d)} in {geometry.cell_name(c)}" for c, d in sorted(set(pairs))]
    return "place " + join_words(parts) if parts else ""


def effects_text(
    geometry: Geometry,
    placements: Iterable[tuple[Cell, Digit]],
    eliminations: Iterable[tuple[Cell, Digit]],
) -> str:
    """What a step does, placements first: 'place 5 in r1c1', 'remove 3 from r8c7 and r9c7', or both."""
    parts = [p for p in (placements_text(geometry, placements), eliminations_text(geometry, eliminations)) if p]
    return "; ".join(parts)


def sentence(name: str, reason: str, effects: str) -> str:
    """Assemble '<name>: <reason> — <effects>.' (the reason already says 'so …')."""
    return f"{name}: {reason} — {effects}."


def peer_elimination_text(geometry: Geometry, cause: Cell, digit: Digit, cells: Iterable[Cell]) -> str:
    """The Peer Elimination sentence: the digit in ``cause`` leaves ``cells``, its peers.

    One cell (what "Why?" explains after the assist removed a candidate) is named with the unit it shares:

    >>> g = Geometry.of(3)
    >>> peer_elimination_text(g, 0, 5, [1])
    "r1c1 holds 5, so r1c2 in the same row (row 1) can't be 5."
    >>> peer_elimination_text(g, 0, 5, [1, 9])
    'Peer Elimination: r1c1 holds 5, so no other cell of its row, column or box can hold 5 — remove 5 from r1c2 and r2c1.'
    """
    targets = list(cells)
    d = geometry.digit_char(digit)
    if len(targets) == 1:
        cell = targets[0]
        shared = [u for u in geometry.cell_units[cause] if u in geometry.cell_units[cell]]
        cage = geometry.cage_of[cause]
        if not shared and cage >= 0 and geometry.cage_of[cell] == cage:
            name = geometry.cage_name(cage)
            return (
                f"{geometry.cell_name(cause)} holds {d}, so {geometry.cell_name(cell)} in the same cage ({name}) "
                f"can't be {d}: no digit repeats in a cage."
            )
        unit = geometry.unit_name(shared[0]) if shared else "the same unit"
        return (
            f"{geometry.cell_name(cause)} holds {d}, so {geometry.cell_name(cell)} in the same "
            f"{unit.split()[0]} ({unit}) can't be {d}."
        )
    houses = "row, column, box or cage" if geometry.cage_of[cause] >= 0 else "row, column or box"
    return sentence(
        Technique.PEER_ELIMINATION.display_name,
        f"{geometry.cell_name(cause)} holds {d}, so no other cell of its {houses} can hold {d}",
        eliminations_text(geometry, [(c, digit) for c in targets]),
    )


def single_text(geometry: Geometry, technique: Technique, cell: Cell, digit: Digit, unit: Unit | None = None) -> str:
    """The sentence of a Full House, Naked Single or Hidden Single placing ``digit`` in ``cell``.

    ``unit`` is the unit a full house or hidden single was found in (a naked single needs none).

    >>> single_text(Geometry.of(3), Technique.HIDDEN_SINGLE, 0, 1, 18)
    'Hidden Single: r1c1 is the only cell of box 1 that can still hold 1 — place 1 in r1c1.'
    """
    name, d = geometry.cell_name(cell), geometry.digit_char(digit)
    if technique is Technique.NAKED_SINGLE:
        reason = f"every digit but {d} is ruled out in {name}"
    elif unit is not None and technique is Technique.FULL_HOUSE:
        reason = f"{name} is the only empty cell left in {geometry.unit_name(unit)}, so it takes the one missing digit"
    elif unit is not None and technique is Technique.HIDDEN_SINGLE:
        reason = f"{name} is the only cell of {geometry.unit_name(unit)} that can still hold {d}"
    else:
        raise ValueError(f"not a single found in a unit: {technique!r}, unit {unit!r}")
    return sentence(technique.display_name, reason, placements_text(geometry, [(cell, digit)]))
