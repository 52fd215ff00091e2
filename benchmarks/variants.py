"""Brute force, the logic solver and the generator on the variants (issue 26): Sudoku X, Windoku and Jigsaw.

For each variant, ``--count`` puzzles made by engine/generating/variant_puzzles.py from a seed (Jigsaw: each on its
own random region map), then per puzzle:

- ``make``: making it (a random solution of the variant, then givens removed while it stays unique);
- ``solve``: ``solve(grid)``; ``count<=2``: ``count_solutions(grid, 2)`` (the uniqueness proof);
- ``logic``: the logic solver's whole path (default techniques less Brute Force), with how many were solved and
  how many steps were wrong against the solution (target 0);
- ``hint``: the first hint (``find_hint``, most=True) on the position halfway along that path.

Printed: median, p95 and max of wall time and the median of CPU time (steadier on a busy machine), and the load.
For comparison the same brute-force figures on the classic board come from ``python -m sudoku_tk.bench --only solve``.

Run: ``.venv/bin/python benchmarks/variants.py [--count 30] [--seed 26]``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sudoku_tk.engine.board.geometry import variant_geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.variant_puzzles import generate_variant, random_regions
from sudoku_tk.engine.solving.brute_force import count_solutions, solve
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques, find_hint

LOGIC = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}


def timed(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float, float]:
    w, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - w, time.process_time() - c


def note(times: dict[str, tuple[list[float], list[float]]], name: str, wall: float, cpu: float) -> None:
    times[name][0].append(wall)
    times[name][1].append(cpu)


def line(name: str, walls: list[float], cpus: list[float], extra: str = "") -> str:
    walls = sorted(walls)
    p95 = walls[min(len(walls) - 1, int(0.95 * len(walls)))]
    ms = [1000 * x for x in (statistics.median(walls), p95, walls[-1], statistics.median(cpus))]
    return f"  {name:<9} {ms[0]:9.2f} {ms[1]:9.2f} {ms[2]:9.2f} {ms[3]:9.2f}  {extra}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--seed", type=int, default=26)
    args = ap.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    for variant in ("x", "windoku", "jigsaw"):
        rng = random.Random(args.seed)
        times: dict[str, tuple[list[float], list[float]]] = {
            k: ([], []) for k in ("make", "solve", "count<=2", "logic", "hint")
        }
        solved = wrong = 0
        for _ in range(args.count):
            regions = random_regions(rng) if variant == "jigsaw" else None
            geo = variant_geometry(variant, regions=regions)
            grid, w, c = timed(generate_variant, rng, geo)
            note(times, "make", w, c)
            fresh = Grid.from_values(grid.givens, geometry=geo)
            sol, w, c = timed(solve, fresh)
            note(times, "solve", w, c)
            _, w, c = timed(count_solutions, fresh, 2)
            note(times, "count<=2", w, c)
            path, w, c = timed(solve_logically, fresh, LOGIC, unique=True)
            note(times, "logic", w, c)
            solved += path.solved
            for step in path.steps:
                wrong += sum(sol[p.cell] != p.digit for p in step.placements)
                wrong += sum(sol[e.cell] == e.digit for e in step.eliminations)
            grids = list(path.iter_grids())
            middle = grids[len(grids) // 2]
            _, w, c = timed(find_hint, middle, LOGIC, unique=True, most=True)
            note(times, "hint", w, c)
        print(f"== {variant}: {args.count} puzzles (seed {args.seed})")
        print(f"  {'call':<9} {'median':>9} {'p95':>9} {'max':>9} {'CPU med':>9}  (ms)")
        for name, (walls, cpus) in times.items():
            extra = f"solved {solved}/{args.count}, wrong steps {wrong}" if name == "logic" else ""
            print(line(name, walls, cpus, extra))
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
