"""Benchmark section ``finders``: what each family module's finders cost on positions where a real solver stood.

Positions: 40 of top95's puzzles (evenly spread) solved by ``solve_logically`` (default techniques), the position
before every step that is not a single, every ``EVERY``-th of them. Per family module (fish.py, franken.py,
kraken.py, forcing.py, ...) every finder is asked for its first ``CAP`` steps on every position, as ``find_hint``
and the finder reference (tests/engine/techniques/finder_reference.py) ask them; each module starts from fresh
copies of the positions, so no module profits from another's per-grid caches (the candidate index, the link
graph). Printed per module: wall and CPU seconds in all, and the steps found, so two versions can be compared
module by module.
"""

from __future__ import annotations

import gc
import itertools
import time
from collections.abc import Sequence

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Family
from sudoku_tk.engine.techniques import FAMILY_MODULES

from .registry import BenchConfig, even_sample, grid_of, section

EVERY = 6
"""Every sixth position of the paths (about 130 on 40 puzzles of top95, about a minute)."""
CAP = 20
"""At most this many steps of one finder per position (the forcing finders yield hundreds)."""


def path_positions(lines: Sequence[str]) -> list[Grid]:
    """The position before every step that is not a single on the puzzles' logic paths, every ``EVERY``-th."""
    out: list[Grid] = []
    for line in lines:
        path = solve_logically(grid_of(line))
        out.extend(
            grid for step, grid in zip(path.steps, path.iter_grids()) if step.technique.family is not Family.SINGLES
        )
    return out[::EVERY]


def _copy(grid: Grid) -> Grid:
    return Grid(grid.geometry, grid.givens, grid.values, grid.candidates, grid.has_pencilmarks)


@section("finders", "each family module's finders on positions from top95's logic paths (first 20 steps each)")
def bench_finders(cfg: BenchConfig) -> None:
    positions = path_positions(even_sample(cfg.read("top95.txt"), cfg.sample(40, 10)))
    print(f"  {len(positions)} positions (every {EVERY}th before a step that is not a single)")
    total_wall = total_cpu = 0.0
    for module in FAMILY_MODULES:
        finders = [finder for _served, finder in module.FINDERS]
        grids = [_copy(g) for g in positions]
        gc.collect()
        steps = 0
        c0, t0 = time.thread_time(), time.perf_counter()
        for grid in grids:
            for finder in finders:
                steps += sum(1 for _ in itertools.islice(finder(grid), CAP))
        wall, cpu = time.perf_counter() - t0, time.thread_time() - c0
        total_wall += wall
        total_cpu += cpu
        name = module.__name__.rsplit(".", 1)[-1]
        print(f"  {name:<22} wall {wall:8.2f} s  cpu {cpu:8.2f} s  steps {steps:>6}")
    print(f"  {'all modules':<22} wall {total_wall:8.2f} s  cpu {total_cpu:8.2f} s")
