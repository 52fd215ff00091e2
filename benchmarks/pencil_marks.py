"""What the player's own pencil marks add to ``recompute`` (which runs after every click), and to a game file.

    .venv/bin/python benchmarks/pencil_marks.py [games]

For ``games`` random games (default 200) on top95 #1 (9×9) and on a built-in 16×16 puzzle,
a move list of 30 placements, eliminations and clears is timed through ``recompute``
with every assist on, then the same list with 30 Pencil moves mixed in (each up to
4 marks) and last with one "fill in all candidates" move on top. CPU time per call
(this process only, so a busy shared machine does not inflate it) is printed as
the median and the slowest, and the game file's size with and without the marks.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sudoku_tk.engine.formats import parse_grid

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.app.game.pencil_mode import fill_move  # noqa: E402
from sudoku_tk.app.puzzles import built_in as puzzles  # noqa: E402
from sudoku_tk.app.storage.game_record import GameRecord  # noqa: E402
from sudoku_tk.app.storage.save_format import dumps  # noqa: E402
from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Pencil, Place  # noqa: E402
from sudoku_tk.engine.play.propagation import recompute  # noqa: E402

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def plain_moves(grid: Grid, rng: random.Random, count: int) -> list[Move]:
    geo = grid.geometry
    empty = [c for c, v in enumerate(grid.values) if not v]
    out: list[Move] = []
    for _ in range(count):
        cell, digit = rng.choice(empty), rng.randint(1, geo.side)
        kind = rng.random()
        out.append(Place(cell, digit) if kind < 0.4 else Clear(cell) if kind < 0.5 else Eliminate(((cell, digit),)))
    return out


def with_pencil(grid: Grid, moves: list[Move], rng: random.Random) -> list[Move]:
    geo = grid.geometry
    empty = [c for c, v in enumerate(grid.values) if not v]
    out = list(moves)
    for _ in range(len(moves)):
        marks = tuple((rng.choice(empty), rng.randint(1, geo.side)) for _ in range(rng.randint(1, 4)))
        out.insert(rng.randint(0, len(out)), Pencil(tuple(dict.fromkeys(marks)), rng.random() < 0.8))
    return out


def cpu_ms(call: Callable[[], object]) -> float:
    start = time.process_time()
    call()
    return (time.process_time() - start) * 1000


def main() -> int:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sixteen = next(e for e in puzzles.library() if e.grid().geometry.side == 16)
    for name, grid in (("9×9 top95 #1", parse_grid(HARD)), (f"16×16 {sixteen.id}", sixteen.grid())):
        rng = random.Random(19)
        rows = {"plain": [], "with pencil": [], "with fill-in": []}  # type: ignore[var-annotated]
        sizes = {key: [] for key in rows}  # type: ignore[var-annotated]
        for _ in range(games):
            plain = plain_moves(grid, rng, 30)
            pencilled = with_pencil(grid, plain, rng)
            fill = fill_move(recompute(grid, pencilled))
            filled = pencilled + ([fill] if isinstance(fill, Pencil) else [])
            for key, moves in (("plain", plain), ("with pencil", pencilled), ("with fill-in", filled)):
                rows[key].append(cpu_ms(lambda m=moves, g=grid: recompute(g, m)))  # type: ignore[misc]
                sizes[key].append(len(dumps(GameRecord(grid, tuple(moves)))))
        print(f"{name}, {games} games, 30 moves each (+30 Pencil moves, + one fill-in):")
        for key, times in rows.items():
            print(
                f"  {key:13s} recompute median {statistics.median(times):6.2f} ms, slowest {max(times):6.2f} ms;"
                f" file median {statistics.median(sizes[key]) / 1000:5.1f} kB"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
