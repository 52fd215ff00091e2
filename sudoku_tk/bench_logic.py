"""Benchmark sections of the Step engine: time to the first hint, the full logic path, and coverage.

Registered with ``sudoku_tk.bench`` (``python -m sudoku_tk.bench --only hints --only logic``):

- ``hints``: the first hint on fresh puzzles of top95 and the SE-rated set, both ``find_hint``
  alone and ``next_hint`` (which first finds the unique solution to check the position);
- ``logic``: the full ``solve_logically`` path per puzzle of the SE-rated set (uniqueness check
  included), and how much of each public set the logic solver finishes, the SE set by rating band.
"""

from __future__ import annotations

import gc
import statistics
import sys
from collections import Counter
from typing import Callable, Dict, List, Sequence, Tuple, TypeVar, cast

from .bench import BenchConfig, grid_of, ms, percentile, timed, verdict
from .engine.logic_solver import SolvePath, next_hint, solve_logically
from .engine.techniques import find_hint

# ``python -m sudoku_tk.bench`` runs bench.py as ``__main__``, so ``from .bench import section`` would fill a
# second copy of the registry that the running benchmark never reads: register with the running one.
_main = sys.modules.get("__main__")
_running = _main if getattr(getattr(_main, "__spec__", None), "name", "") == "sudoku_tk.bench" else None
Register = Callable[[str, str], Callable[[Callable[[BenchConfig], None]], Callable[[BenchConfig], None]]]
section: Register = getattr(_running, "section", None) or __import__("sudoku_tk.bench", fromlist=["section"]).section

X = TypeVar("X")
SE_TSV = "sudoku_exchange_se_rated.tsv"


def _sample(items: Sequence[X], count: int) -> List[X]:
    """``count`` items at an even stride (all of them when there are fewer)."""
    if count >= len(items):
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]


def _figures(label: str, times: List[float], target: float | None = None, what: str = "p95") -> None:
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
        ("top95", _sample(cfg.read("top95.txt"), cfg.sample(95, 20))),
        ("SE-rated", _sample(cfg.read("sudoku_exchange_se_rated.txt"), cfg.sample(2294, 40))),
    ]
    for label, lines in sets:
        grids = [grid_of(line) for line in lines]
        gc.collect()
        first = [timed(lambda: find_hint(g))[0] for g in grids]
        full = [timed(lambda: next_hint(g))[0] for g in grids]
        _figures(f"{label}: find_hint", first, 0.030)
        _figures(f"{label}: next_hint (+ solution check)", full)


def _band(rating: str) -> str:
    if rating in ("<1.5", "1.5-2.4"):
        return rating
    return f"{int(float(rating))}.x"


@section("logic", "full logic path per puzzle and coverage of the public sets")
def bench_logic(cfg: BenchConfig) -> None:
    table = [ln.split("\t") for ln in cfg.read(SE_TSV)[1:]]
    rows = _sample(table, cfg.sample(len(table), 60))
    times: List[float] = []
    bands: Dict[str, Tuple[int, int]] = {}
    techniques: Counter[str] = Counter()
    gc.collect()
    for puzzle, rating in rows:
        grid = grid_of(puzzle)
        t, result = timed(lambda: solve_logically(grid))
        path = cast(SolvePath, result)
        times.append(t)
        done, total = bands.get(_band(rating), (0, 0))
        bands[_band(rating)] = (done + path.solved, total + 1)
        techniques.update(s.technique.display_name for s in path.steps)
    _figures("SE-rated: full path (with uniqueness check)", times, 0.060, "median")
    print("  coverage of the SE-rated set by rating band (HoDoKu with this technique set, per issue 5):")
    hodoku = {"4.x": "88%", "5.x": "68%", "6.x": "44%", "7.x": "8%"}
    order = ["<1.5", "1.5-2.4"] + [f"{i}.x" for i in range(2, 10)]
    for band in order:
        if band in bands:
            done, total = bands[band]
            ref = f"  (HoDoKu {hodoku[band]})" if band in hodoku else ""
            print(f"    SE {band:<8} {done:>4}/{total:<4} {100 * done / total:5.1f}%{ref}")
    sets = [
        ("easy50", "easy50.txt", 50, 10),
        ("top95", "top95.txt", 95, 20),
        ("hardest", "hardest.txt", 11, 11),
        ("top1465", "top1465.txt", 1465, 50),
        ("forum hardest 1106", "forum_hardest_1106.txt", 375, 20),
        ("17-clue (2,000 spread)", "17clue_every4th.txt", 2000, 50),
        ("forum hardest 11+ (200 spread)", "forum_hardest_1905_11plus_every4th.txt", 200, 20),
    ]
    print("  share of each public set the logic solver finishes:")
    for label, name, full, quick in sets:
        lines = _sample(cfg.read(name), cfg.sample(full, quick))
        done = sum(solve_logically(grid_of(p), unique=True).solved for p in lines)
        print(f"    {label:<32} {done:>5}/{len(lines):<5} {100 * done / len(lines):5.1f}%")
    common = ", ".join(f"{name} {n}" for name, n in techniques.most_common(12))
    print(f"  most used techniques on the SE set: {common}")
