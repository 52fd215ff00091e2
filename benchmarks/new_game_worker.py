"""How long New game and the rating take with the background worker (prints figures; no assertions).

    .venv/bin/python benchmarks/new_game_worker.py [--pools 3] [--refill]

- a New game from the cache: ``PuzzleSupply.take`` (the cache file rewritten) on the window's thread;
- the first rating of a window: a fresh spawned worker process started, a puzzle rated, the result polled;
- a rating on a running worker (the classic and a hard puzzle);
- with ``--refill``: filling an empty cache (2 puzzles per level, one job at a time) through the real worker.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.app.puzzles.background_worker import BackgroundWorker, PuzzleSupply, process_pool  # noqa: E402
from sudoku_tk.app.puzzles.cache import CACHE_NAME, LEVEL_KEYS, PuzzleCache, PuzzleKey  # noqa: E402
from sudoku_tk.engine.generating.level_search import generate_at_level  # noqa: E402
from sudoku_tk.engine.rating.score import Level  # noqa: E402

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
HARDEST = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def wait(worker: BackgroundWorker, done: Callable[[], bool]) -> None:
    while not done():
        worker.poll()
        time.sleep(0.005)


def ms(values: list[float]) -> str:
    return f"median {statistics.median(values) * 1000:.1f} ms, max {max(values) * 1000:.1f} ms (n={len(values)})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pools", type=int, default=3, help="fresh worker processes to time (default 3)")
    parser.add_argument("--refill", action="store_true", help="also fill an empty cache through the worker")
    ns = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        cache = PuzzleCache(Path(folder) / CACHE_NAME)
        key = PuzzleKey.at(Level.HARD)
        puzzle = generate_at_level("1/0", Level.HARD)
        assert puzzle is not None
        takes = []
        for _ in range(50):
            cache.put(key, puzzle)
            start = time.perf_counter()
            taken = PuzzleSupply(cache, BackgroundWorker(None)).take(key)
            takes.append(time.perf_counter() - start)
            assert taken == puzzle
        print(f"New game from the cache (take + file rewritten): {ms(takes)}")

    firsts: list[float] = []
    warm: list[float] = []
    for _ in range(ns.pools):
        worker = BackgroundWorker(process_pool)
        got: list[Any] = []
        start = time.perf_counter()
        worker.rate(CLASSIC, got.append)
        wait(worker, lambda got=got: bool(got))
        firsts.append(time.perf_counter() - start)
        for text in (CLASSIC, HARDEST):
            got.clear()
            start = time.perf_counter()
            worker.rate(text, got.append)
            wait(worker, lambda got=got: bool(got))
            warm.append(time.perf_counter() - start)
        worker.close()
    print(f"First rating of a window (process spawned, classic rated): {ms(firsts)}")
    print(f"Rating on a running worker (classic, and the 'hardest' of gui_helpers): {ms(warm)}")

    if ns.refill:
        with tempfile.TemporaryDirectory() as folder:
            worker = BackgroundWorker(process_pool)
            cache = PuzzleCache(Path(folder) / CACHE_NAME)
            supply = PuzzleSupply(cache, worker)
            start = time.perf_counter()
            supply.refill()
            wait(worker, lambda: not cache.missing())
            total = time.perf_counter() - start
            worker.close()
            print(f"Empty cache filled ({sum(cache.count(k) for k in LEVEL_KEYS)} puzzles, 2 per level): {total:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
