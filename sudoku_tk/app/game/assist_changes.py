"""What switching an assist did to the board, in words: the player is never left to spot it.

``Session.set_assist`` recomputes the board from the start with the new assists;
digits the assists placed may appear or go, candidates may be removed or come back.
``board_change_text`` compares the two positions and says so (counts and the first
few cells), or that nothing on the board changed.
"""

from __future__ import annotations

from sudoku_tk.engine.board.geometry import Cell
from sudoku_tk.engine.play.propagation import Position

ASSIST_CHANGE_CELLS = 3
"""How many cells a message about switching an assist names before it says "and N more"."""


def board_change_text(before: Position, after: Position) -> str:
    """What switching an assist did to the board, in words: digits placed or taken back, else candidates removed or back.

    >>> from sudoku_tk.engine.formats import parse_grid
    >>> from sudoku_tk.engine.play.propagation import recompute
    >>> p = recompute(parse_grid("12.434..........")); board_change_text(p, p)
    'Nothing on the board changed.'
    """
    geo = after.geometry
    placed = [c for c in range(geo.ncells) if after.values[c] and after.values[c] != before.values[c]]
    gone = [c for c in range(geo.ncells) if before.values[c] and not after.values[c]]
    both_empty = [c for c in range(geo.ncells) if not before.values[c] and not after.values[c]]
    removed = sum(len(before.candidate_set(c) - after.candidate_set(c)) for c in both_empty)
    back = sum(len(after.candidate_set(c) - before.candidate_set(c)) for c in both_empty)

    def cells(chosen: list[Cell], digits: Position) -> str:
        names = [f"{geo.cell_name(c)}={geo.digit_char(digits.values[c])}" for c in chosen[:ASSIST_CHANGE_CELLS]]
        more = len(chosen) - ASSIST_CHANGE_CELLS
        return ", ".join(names) + (f" and {more} more" if more > 0 else "")

    parts = []
    if placed:
        parts.append(f"The assists placed {_count(len(placed), 'digit')} ({cells(placed, after)})")
    if gone:
        parts.append(
            f"{_count(len(gone), 'digit')} the assists had placed "
            f"{'is a candidate' if len(gone) == 1 else 'are candidates'} again ({cells(gone, before)})"
        )
    if not parts:  # the candidates follow from the digits: counted only when no digit changed
        if removed:
            parts.append(f"{_count(removed, 'candidate')} removed")
        if back:
            parts.append(f"{_count(back, 'candidate')} back")
    if not parts:
        return "Nothing on the board changed."
    text = "; ".join(parts) + "."
    return text[0].upper() + text[1:]


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"
