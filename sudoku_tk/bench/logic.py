"""Benchmark sections of the Step engine: time to the first hint, the full logic path, and coverage.

Registered with ``sudoku_tk.bench`` (``python -m sudoku_tk.bench --only hints --only logic``):

- ``hints``: the first hint on fresh puzzles of top95 and the SE-rated set, both ``find_hint``
  alone and ``next_hint`` (which first finds the unique solution to check the position);
- ``logic``: the full ``solve_logically`` path per puzzle of top95 (issue 10: median <= 300 ms,
  p95 <= 2 s) and of the SE-rated set (uniqueness check included), the SE set solved by rating band.

Coverage of every public set, with and without forcing chains and nets, is ``chains``'s.
"""

from __future__ import annotations

import gc
import statistics
from collections import Counter
from functools import partial
from typing import cast

from sudoku_tk.engine.solving.logic import SolvePath, next_hint, solve_logically
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import find_hint

from .registry import BenchConfig, even_sample, grid_of, ms, percentile, section, timed, verdict

SE_TSV = "sudoku_exchange_se_rated.tsv"


def _figures(label: str, times: list[float], target: float | None = None, what: str = "p95") -> None:
    times.sort()
    med, p95 = statistics.median(times), percentile(times, 95)
    goal = ""
    if target is not None:
        value = p95 if what == "p95" else med
        goal = f"  target {what} <= {ms(target)}: {verdict(value, target)}"
    print(f"  {label:<44} n={len(times):<5} median {ms(med):>9}  p95 {ms(p95):>9}  max {ms(times[-1]):>9}{goal}")


@section("hints", "first hint on fresh puzzles (find_hint; next_hint adds the solution check)")
def bench_hints(cfg: BenchConfig) -> None:
    sets = [
        ("top95", even_sample(cfg.read("top95.txt"), cfg.sample(95, 20))),
        ("SE-rated", even_sample(cfg.read("sudoku_exchange_se_rated.txt"), cfg.sample(2294, 40))),
    ]
    for label, lines in sets:
        grids = [grid_of(line) for line in lines]
        gc.collect()
        first = [timed(partial(find_hint, g))[0] for g in grids]
        full = [timed(partial(next_hint, g))[0] for g in grids]
        _figures(f"{label}: find_hint", first, 0.030)
        _figures(f"{label}: next_hint (+ solution check)", full)


def _band(rating: str) -> str:
    if rating in ("<1.5", "1.5-2.4"):
        return rating
    return f"{int(float(rating))}.x"


@section("logic", "full logic path per puzzle: top95 (issue 10's targets) and the SE-rated set by band")
def bench_logic(cfg: BenchConfig) -> None:
    top = even_sample(cfg.read("top95.txt"), cfg.sample(95, 20))
    times: list[float] = []
    techniques: Counter[str] = Counter()
    gc.collect()
    for puzzle in top:
        grid = grid_of(puzzle)
        t, result = timed(partial(solve_logically, grid))
        times.append(t)
        techniques.update(s.technique.display_name for s in cast(SolvePath, result).steps)
    _figures("top95: full path (default techniques)", list(times), 0.300, "median")
    _figures("top95: full path (default techniques)", times, 2.0, "p95")
    table = [ln.split("\t") for ln in cfg.read(SE_TSV)[1:]]
    rows = even_sample(table, cfg.sample(len(table), 60))
    se_times: list[float] = []
    bands: dict[str, tuple[int, int]] = {}
    gc.collect()
    for puzzle, rating in rows:
        grid = grid_of(puzzle)
        t, result = timed(partial(solve_logically, grid))
        path = cast(SolvePath, result)
        se_times.append(t)
        done, total = bands.get(_band(rating), (0, 0))
        bands[_band(rating)] = (done + (path.solved and not _brute(path)), total + 1)
        techniques.update(s.technique.display_name for s in path.steps)
    _figures("SE-rated: full path (with uniqueness check)", se_times)
    print("  SE-rated set by rating band, solved without a Brute Force step:")
    order = ["<1.5", "1.5-2.4"] + [f"{i}.x" for i in range(2, 10)]
    for band in order:
        if band in bands:
            done, total = bands[band]
            print(f"    SE {band:<8} {done:>4}/{total:<4} {100 * done / total:5.1f}%")
    common = ", ".join(f"{name} {n}" for name, n in techniques.most_common(14))
    print(f"  most used techniques (top95 and SE): {common}")


def _brute(path: SolvePath) -> bool:
    """Did the path need the labelled brute-force step (so logic alone did not finish it)?"""
    return any(s.technique is Technique.BRUTE_FORCE for s in path.steps)
