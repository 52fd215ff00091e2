"""The compiled bit-parallel rounds (engine/solving/bitboards.py) against their definitions, cell by cell, on random boards.

Each reference below reads the board one digit, unit and cell at a time, with units rebuilt from arithmetic
(sudoku_oracle.units), so a wrong shift or mask in a template can't hide behind the same mistake here. Boards are
random candidate sets of all three sizes, thin and dense, so that every count (none, one, two, three and more) occurs.
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from sudoku_oracle import units

from sudoku_tk.engine.solving.bitboards import Tables, tables


def _bit(t: Tables, digit: int, cell: int) -> int:
    """The board bit of ``digit`` (0-based) in ``cell``."""
    return 1 << (digit * t.cells + cell)


def _has(t: Tables, free: int, digit: int, cell: int) -> bool:
    return bool(free & _bit(t, digit, cell))


def _rows_cols_boxes(box: int) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    every = units(box)
    side = box * box
    return every[:side], every[side : 2 * side], every[2 * side :]


def reference_locked(t: Tables, free: int) -> int:
    """Locked candidates by their definition, every elimination from the same snapshot of ``free``."""
    rows, cols, boxes = _rows_cols_boxes(t.box)
    drop: set[tuple[int, int]] = set()
    for d in range(t.side):
        for box in boxes:
            for lines in (rows, cols):
                held = [line for line in lines if any(c in box and _has(t, free, d, c) for c in line)]
                if len(held) == 1:  # pointing: the digit leaves the rest of that line
                    drop.update((d, c) for c in held[0] if c not in box)
        for lines in (rows, cols):
            for line in lines:
                held = [box for box in boxes if any(c in line and _has(t, free, d, c) for c in box)]
                if len(held) == 1:  # claiming: the digit leaves the rest of that box
                    drop.update((d, c) for c in held[0] if c not in line)
    for d, c in drop:
        free &= ~_bit(t, d, c)
    return free


def reference_bivalue(t: Tables, free: int) -> int:
    """Digit 1's bit of every cell with exactly two candidates."""
    out = 0
    for c in range(t.cells):
        if sum(_has(t, free, d, c) for d in range(t.side)) == 2:
            out |= 1 << c
    return out


def reference_bilocal(t: Tables, free: int) -> tuple[int, int, int]:
    """For rows, columns and boxes: the bit of the unit's first cell in the plane of each digit with two places."""
    found = []
    for kind in _rows_cols_boxes(t.box):
        out = 0
        for d in range(t.side):
            for unit in kind:
                if sum(_has(t, free, d, c) for c in unit) == 2:
                    out |= _bit(t, d, min(unit))
        found.append(out)
    return found[0], found[1], found[2]


@st.composite
def boards(draw: st.DrawFn, box: int) -> int:
    """A random candidate board: each digit of each cell kept with one chance in ``spread`` (thin to dense)."""
    t = tables(box)
    spread = draw(st.sampled_from([2, 3, 5, 9, 20]))
    rng = random.Random(draw(st.integers(0, 2**32)))
    free = 0
    for bit in range(t.side * t.cells):
        if rng.randrange(spread) == 0:
            free |= 1 << bit
    return free


@given(st.sampled_from([2, 3, 4]).flatmap(lambda box: st.tuples(st.just(box), boards(box))))
def test_locked_candidates_match_their_definition(case: tuple[int, int]) -> None:
    box, free = case
    t = tables(box)
    assert t.locked(free) == reference_locked(t, free)


@given(st.sampled_from([2, 3, 4]).flatmap(lambda box: st.tuples(st.just(box), boards(box))))
def test_two_way_choices_match_their_definition(case: tuple[int, int]) -> None:
    box, free = case
    t = tables(box)
    assert t.bivalue(free) == reference_bivalue(t, free)
    assert t.bilocal(free) == reference_bilocal(t, free)


def _digit_one_everywhere_but(t: Tables, missing: set[int]) -> int:
    return sum(_bit(t, 0, c) for c in range(t.cells) if c not in missing)


def test_a_box_pointing_along_a_row() -> None:
    # 9×9, digit 1 everywhere but in box 1, where only r1c1 and r1c2 hold it: it leaves r1c4…r1c9.
    t = tables(3)
    free = _digit_one_everywhere_but(t, {2, 9, 10, 11, 18, 19, 20})
    dropped = {c for c in range(81) if _has(t, free, 0, c) and not _has(t, t.locked(free), 0, c)}
    assert dropped == {3, 4, 5, 6, 7, 8}


def test_a_row_claiming_a_box() -> None:
    # 9×9, digit 1 everywhere but in row 5 outside box 5: it leaves the rest of box 5 (rows 4 and 6 there).
    t = tables(3)
    free = _digit_one_everywhere_but(t, {36, 37, 38, 42, 43, 44})
    dropped = {c for c in range(81) if _has(t, free, 0, c) and not _has(t, t.locked(free), 0, c)}
    assert dropped == {30, 31, 32, 48, 49, 50}
