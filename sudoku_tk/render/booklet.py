"""A booklet: new puzzles of one level, each rated by the logic solver, ready for ``puzzle_sheets``.

Only the engine's public generator and rating are used (``generate``, ``generate_rated``,
``solve_logically``, ``rate``), so a faster generator speeds this up by itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.generator import Symmetry, generate, generate_rated
from sudoku_tk.engine.rating.score import Level, Rating, rate
from sudoku_tk.engine.solving.logic import solve_logically

from .sheets import SheetPuzzle

LEVEL_NAMES = tuple(level.label for level in Level)


class BookletError(ValueError):
    """A booklet that can't be made as asked (a bad level or count, or no puzzle of the level in time)."""


def rating_note(rating: Rating) -> str:
    """How a sheet names a puzzle's rating: ``medium, rating 1040``."""
    return f"{rating.level}, rating {rating.score}"


def booklet_puzzles(
    level: str = "any",
    count: int = 6,
    *,
    seed: int | None = None,
    box: int = 3,
    time_limit: float = 30.0,
    progress: Callable[[int], None] | None = None,
) -> list[SheetPuzzle]:
    """``count`` new puzzles of ``level`` (``any``, ``easy`` … ``extreme``), titled "Puzzle 1" … with their rating.

    ``progress(n)`` is called after each puzzle. Levels rate 9×9 puzzles only; other sizes take ``any``.

    Raises:
        BookletError: an unknown level, a count below 1, a level with another size, or no puzzle of the level
            found within ``time_limit`` seconds.
    """
    if count < 1:
        raise BookletError(f"a booklet needs at least one puzzle, not {count!r}")
    if level != "any" and level not in LEVEL_NAMES:
        raise BookletError(f"no level called {level!r} (choose any, {', '.join(LEVEL_NAMES)})")
    if level != "any" and box != 3:
        raise BookletError("levels rate 9×9 puzzles only")
    rng = random.Random(seed)
    out: list[SheetPuzzle] = []
    for n in range(1, count + 1):
        grid: Grid | None
        if level == "any":
            grid = generate(rng, box, Symmetry.ROTATIONAL)
        else:
            want = Level[level.upper()]
            grid = generate_rated(
                rng,
                partial(_rated_at, want),
                box,
                Symmetry.ROTATIONAL,
                time_limit=time_limit,
            )
            if grid is None:
                raise BookletError(f"no {level} puzzle found within {time_limit:g} s")
        note = rating_note(rate(solve_logically(grid))) if box == 3 else f"{grid.geometry.side}×{grid.geometry.side}"
        out.append(SheetPuzzle(grid, f"Puzzle {n}", note))
        if progress is not None:
            progress(n)
    return out


def _rated_at(want: Level, grid: Grid) -> bool:
    """Does ``grid`` rate at level ``want``?"""
    return rate(solve_logically(grid)).level is want
