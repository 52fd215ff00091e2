"""Choosing the techniques hints and the solver may use, as HoDoKu's step configuration or SudokuWiki's boxes.

A selection is a frozenset of Techniques. ``parse_selection`` reads the command line's
``--techniques`` list: comma-separated items, each a technique (display name, member
name or HoDoKu code), a family ("chains", "fish", "last resort", …), ``default`` or
``all``. Plain items make up the set; items with ``+`` or ``-`` add to or remove from
it, and a list of only ``+``/``-`` items adjusts the default set. ``up_to_level`` keeps
the techniques rated at or below a level (``--max-level``), with HoDoKu's levels.

>>> sorted(t.name for t in parse_selection("singles"))
['FULL_HOUSE', 'HIDDEN_SINGLE', 'NAKED_SINGLE']
>>> Technique.BRUTE_FORCE in parse_selection("-brute-force")
False
>>> parse_selection("x_wing") == parse_selection("X-Wing") == parse_selection("0300")
True
>>> Technique.X_WING in up_to_level(parse_selection("all"), Level.MEDIUM)
False
"""

from __future__ import annotations

from collections.abc import Iterable

from ..rating.score import SCORES, Level
from ..steps.step import Family, Technique
from ..techniques import default_techniques, implemented

Selection = frozenset[Technique]

_LEVELS = tuple(Level)


class SelectionError(ValueError):
    """A technique list that names something unknown; the message quotes it."""


def family_members(family: Family) -> list[Technique]:
    """The implemented techniques of ``family``, in solving order."""
    return [t for t in implemented() if t.family is family]


def _norm(text: str) -> str:
    """Lower case without spaces, hyphens and other punctuation: 'X-Wing', 'x wing' and 'x_wing' all match."""
    return "".join(ch for ch in text.lower() if ch.isalnum())


def _item(word: str) -> list[Technique]:
    key = _norm(word)
    if key == "all":
        return list(implemented())
    if key == "default":
        return list(default_techniques())
    for family in Family:
        if key in (_norm(family.value), _norm(family.name)):
            return family_members(family)
    for t in Technique:
        if key in (_norm(t.display_name), _norm(t.name), t.code):
            return [t]
    raise SelectionError(
        f"unknown technique or family {word.strip()!r} (use a technique's name or HoDoKu code, a family "
        f"such as 'chains', 'default' or 'all')"
    )


def parse_selection(text: str) -> Selection:
    """The techniques a ``--techniques`` list names (see the module docstring).

    Raises:
        SelectionError: an item names no technique or family; or the list is empty.
    """
    items = [w for w in text.split(",") if w.strip()]
    if not items:
        raise SelectionError("the technique list is empty")
    signed = all(w.strip()[0] in "+-" for w in items)
    chosen = set(default_techniques()) if signed else set()
    for w in items:
        w = w.strip()
        if w[0] == "-":
            chosen -= set(_item(w[1:]))
        else:
            chosen |= set(_item(w[1:] if w[0] == "+" else w))
    return frozenset(chosen)


def level_of(technique: Technique) -> Level:
    """HoDoKu's level of a technique (the one its steps raise a rating to)."""
    return SCORES[technique][1]


def up_to_level(selection: Iterable[Technique], level: Level) -> Selection:
    """The techniques of ``selection`` rated at ``level`` or below."""
    top = _LEVELS.index(level)
    return frozenset(t for t in selection if _LEVELS.index(level_of(t)) <= top)


def matching_level(selection: Iterable[Technique]) -> Level | None:
    """The level whose default techniques up to it are exactly ``selection`` (the lowest such), else None.

    >>> matching_level(default_techniques()), matching_level(up_to_level(default_techniques(), Level.HARD))
    (<Level.EXTREME: ('extreme', 4611686018427387904)>, <Level.HARD: ('hard', 1600)>)
    >>> matching_level(parse_selection("x-wing")) is None
    True
    """
    chosen = frozenset(selection)
    default = default_techniques()
    return next((level for level in _LEVELS if up_to_level(default, level) == chosen), None)


def parse_level(text: str) -> Level:
    """A level by its name ("easy" … "extreme").

    Raises:
        SelectionError: not a level.
    """
    for level in Level:
        if text.strip().lower() == level.label:
            return level
    raise SelectionError(f"unknown level {text!r} (one of {', '.join(lv.label for lv in Level)})")
