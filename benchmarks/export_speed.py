"""How long pictures and sheets take: board PNGs at 1× and 2× (9×9, 16×16, with a chain hint) and PDF sheets.

Run: ``python benchmarks/export_speed.py [--repeat N]``. Prints the median of N runs (default 10) per case.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.generator import generate
from sudoku_tk.engine.play.propagation import recompute
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Link
from sudoku_tk.render.board_picture import picture, save_png
from sudoku_tk.render.content import PictureKind
from sudoku_tk.render.overlays import Overlay
from sudoku_tk.render.sheets import SheetPuzzle, puzzle_sheets

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def median_ms(work: Callable[[], object], repeat: int) -> float:
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=10)
    n = parser.parse_args().repeat
    import random

    pos = recompute(parse_grid(HARD), ())
    big = recompute(generate(random.Random(3), 4), ())
    chain = Overlay(
        (Highlight(HighlightRole.COLOR_A, (1, 5), (9,)), Highlight(HighlightRole.ELIMINATION, (73,), (9,))),
        tuple(Link(a, 9, b, 9, i % 2 == 0) for i, (a, b) in enumerate([(1, 5), (5, 41), (41, 37), (37, 73)])),
        True,
    )

    def png(image_fn: Callable[[], object]) -> Callable[[], object]:
        return lambda: save_png(image_fn(), io.BytesIO())  # type: ignore[arg-type]

    cases = {
        "9x9 puzzle 1x (456 px) + PNG": png(lambda: picture(pos, PictureKind.PUZZLE)),
        "9x9 position with candidates 1x": png(lambda: picture(pos)),
        "9x9 position with candidates 2x (912 px)": png(lambda: picture(pos, scale=2)),
        "9x9 position, chain hint, 2x": png(lambda: picture(pos, overlay=chain, scale=2)),
        "16x16 position with candidates 1x (660 px)": png(lambda: picture(big)),
        "16x16 position with candidates 2x (1320 px)": png(lambda: picture(big, scale=2)),
        "PDF: 6 puzzles, 6 per page + solutions": lambda: puzzle_sheets(
            [SheetPuzzle(parse_grid(HARD), f"P{i}") for i in range(6)], per_page=6, with_solutions=True
        ).to_bytes(compress=True),
    }
    print(f"median of {n} runs each")
    for name, work in cases.items():
        print(f"{name:48s} {median_ms(work, n):8.1f} ms")


if __name__ == "__main__":
    main()
