"""Uniqueness techniques: Unique Rectangles (Uniqueness Test 1–6, Hidden Rectangle), Avoidable Rectangles and BUG+1.

All of them rest on one fact: the puzzle has exactly one solution. The registry runs
these finders only when the caller says so; each explanation says it too. This module
gathers the family for the registry; the finders live by job:

- ``rectangles``: the deadly pattern, two-box rectangles and possible unique rectangles
  of a grid, and the shared wording;
- ``unique_rectangles``: Uniqueness Test 1–6 and Hidden Rectangle;
- ``avoidable_rectangles``: Avoidable Rectangle Type 1 and 2;
- ``bug``: Bivalue Universal Grave + 1.

Definitions follow HoDoKu. Soundness rests on the player's candidates containing the
solution (the hint layer checks that first) and on placed digits being right; where a
finder accepts more than HoDoKu does, its module says so, and each difference is a
sound generalisation. Finders work on 9×9 boards and yield nothing on other sizes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from ..board.grid import Grid
from ..steps.step import Step, Technique
from .avoidable_rectangles import find_avoidable_rectangle_1, find_avoidable_rectangle_2
from .bug import find_bug_plus_1
from .unique_rectangles import (
    find_hidden_rectangle,
    find_uniqueness_1,
    find_uniqueness_2,
    find_uniqueness_3,
    find_uniqueness_4,
    find_uniqueness_5,
    find_uniqueness_6,
)

FINDERS: tuple[tuple[Technique, Callable[[Grid], Iterator[Step]]], ...] = (
    (Technique.BUG_PLUS_1, find_bug_plus_1),
    (Technique.UNIQUENESS_1, find_uniqueness_1),
    (Technique.UNIQUENESS_2, find_uniqueness_2),
    (Technique.UNIQUENESS_3, find_uniqueness_3),
    (Technique.UNIQUENESS_4, find_uniqueness_4),
    (Technique.UNIQUENESS_5, find_uniqueness_5),
    (Technique.UNIQUENESS_6, find_uniqueness_6),
    (Technique.HIDDEN_RECTANGLE, find_hidden_rectangle),
    (Technique.AVOIDABLE_RECTANGLE_1, find_avoidable_rectangle_1),
    (Technique.AVOIDABLE_RECTANGLE_2, find_avoidable_rectangle_2),
)
"""One finder per uniqueness technique (the registry orders them)."""
