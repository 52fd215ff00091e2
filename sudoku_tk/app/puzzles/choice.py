"""Choosing a puzzle to start: ``PuzzleChoice`` and ``choose_puzzle``, with the few puzzles kept here as a fallback.

``choose_puzzle`` asks the built-in library (``app/puzzles/built_in.py``) for a puzzle of a
size; while the library is missing, has no puzzle of that size or holds a damaged
data file, it picks from ``FALLBACK_PUZZLES`` instead (``CLASSIC`` among them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle

CLASSIC = ("classic", "Classic", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
# Used only while the built-in library has no puzzle of a size (made with engine.generator; unique).
FALLBACK_PUZZLES = {
    4: (("fallback-4x4", "Little one (4×4)", "....4.1..2.4...."),),
    9: (CLASSIC,),
    16: (
        (
            "fallback-16x16",
            "Big one (16×16)",
            "2C..D...9.F.1..5..84.F.......G2.3B....CGD......F..FE......C.4AD..4A..6E.5.1...7....95..B.2G..8.A"
            ".....2..4.A89..6..2C4..8E.6..5.31.B..C.7A..4FE..G..7A8.4..9.....E.9..B3.G..78....A...9.F.B3..7G."
            ".513.G......69..C......DF6....51.84.......5.G2..9..6.1.3...2..84",
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class PuzzleChoice:
    """A puzzle to start: its library id ("" for none), a name for the title bar and its givens as one line.

    ``start`` is the starting grid when it holds more than givens (a candidate grid
    or placed digits); ``text`` then still names the givens.
    """

    id: str
    name: str
    text: str
    source: str = ""
    """Where the puzzle comes from, in a few words."""
    start: Grid | None = None

    def grid(self) -> Grid:
        return self.start if self.start is not None else parse_puzzle(self.text)


def choose_puzzle(
    size: int = 9,
    exclude_ids: Sequence[str] = (),
    rng: random.Random | None = None,
    *,
    first: bool = False,
) -> PuzzleChoice:
    """A puzzle of side ``size`` from the built-in library (``first``: the default puzzle).

    Falls back to a few puzzles kept here while the library lacks the size.

    Raises:
        ValueError: ``size`` is not 4, 9 or 16.
    """
    if size not in FALLBACK_PUZZLES:
        raise ValueError(f"board size must be 4, 9 or 16, not {size!r}")
    try:
        from sudoku_tk.app.puzzles import built_in as puzzles

        entry = puzzles.default_puzzle() if first and size == 9 else puzzles.pick(size, None, exclude_ids, rng)
        return PuzzleChoice(entry.id, entry.name, entry.puzzle, entry.source)
    except (ImportError, LookupError, ValueError):
        # The library is missing, has no puzzle of this size, or a data file is damaged.
        pool = [p for p in FALLBACK_PUZZLES[size] if p[0] not in exclude_ids] or list(FALLBACK_PUZZLES[size])
        pid, name, text = (rng or random.Random()).choice(pool)
        return PuzzleChoice(pid, name, text)
