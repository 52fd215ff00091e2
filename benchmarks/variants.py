"""Brute force, the logic solver, the generator at each level and the hints on the variants (issue 26): Sudoku X,
Windoku and Jigsaw.

Sections (``--only``; all by default):

- ``basics``: ``--count`` minimal puzzles per variant made by ``generate_variant`` from a seed (Jigsaw: each on its
  own random region map), then per puzzle ``make`` (a random solution, givens removed while unique), ``solve`` and
  ``count<=2`` (brute force, the uniqueness proof), ``logic`` (the whole path with the default techniques less
  Brute Force; solved, wrong steps against the solution) and ``hint`` (``find_hint`` halfway along).
- ``levels``: ``--per-level`` puzzles per variant and level from ``generate_variant_puzzle`` (what
  ``sudoku-tk generate --variant V --level L`` and the window's worker run; the i-th from seed ``<seed>/<i>``):
  seconds per puzzle (target median <= 2 s at every level), minimal puzzles tried, how many are minimal and how many
  givens were given back; then each puzzle's logic path (default techniques less Brute Force, as the player's hints)
  with every step checked against the solution: solved by logic (target 100%) and wrong steps (target 0).
- ``hints`` (needs ``levels``): the hint a player asks for (``choose_step``, app/hints/choice.py) on the variants'
  **hard positions**: every position along the logic path of the hard, unfair and extreme puzzles of ``levels``
  where the next step is not a single (Full House, Naked or Hidden Single): target p95 <= 150 ms.

Printed: median, p95 and max of wall time and the median of CPU time (steadier on a busy machine), and the load.
For comparison the brute-force figures on the classic board come from ``python -m sudoku_tk.bench --only solve``.

Run: ``nice -n 10 .venv/bin/python benchmarks/variants.py [--count 30] [--per-level 60] [--seed 26] [--only levels]``
(``--per-level 60``: 300 puzzles per variant across the five levels).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sudoku_tk.app.hints.choice import choose_step
from sudoku_tk.engine.board.geometry import variant_geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.generating.level_search import puzzle_seed
from sudoku_tk.engine.generating.variant_puzzles import (
    VariantPuzzle,
    generate_variant,
    generate_variant_puzzle,
    random_regions,
)
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.solving.brute_force import count_solutions, solve
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Family, Technique
from sudoku_tk.engine.techniques import default_techniques, find_hint

LOGIC = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
VARIANTS = ("x", "windoku", "jigsaw")
HARD_LEVELS = (Level.HARD, Level.UNFAIR, Level.EXTREME)
SECTIONS = ("basics", "levels", "hints")


def timed(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[Any, float, float]:
    w, c = time.perf_counter(), time.process_time()
    out = fn(*args, **kwargs)
    return out, time.perf_counter() - w, time.process_time() - c


def note(times: dict[str, tuple[list[float], list[float]]], name: str, wall: float, cpu: float) -> None:
    times[name][0].append(wall)
    times[name][1].append(cpu)


def line(name: str, walls: list[float], cpus: list[float], extra: str = "", unit: float = 1000.0) -> str:
    walls = sorted(walls)
    p95 = walls[min(len(walls) - 1, int(0.95 * len(walls)))]
    figures = [unit * x for x in (statistics.median(walls), p95, walls[-1], statistics.median(cpus))]
    return f"  {name:<9} {figures[0]:9.2f} {figures[1]:9.2f} {figures[2]:9.2f} {figures[3]:9.2f}  {extra}"


def wrong_steps(grid: Grid, solution: tuple[int, ...], steps: Any) -> int:
    wrong = 0
    for step in steps:
        wrong += sum(solution[p.cell] != p.digit for p in step.placements)
        wrong += sum(solution[e.cell] == e.digit for e in step.eliminations)
    return wrong


def basics(variant: str, count: int, seed: int) -> None:
    rng = random.Random(seed)
    times: dict[str, tuple[list[float], list[float]]] = {
        k: ([], []) for k in ("make", "solve", "count<=2", "logic", "hint")
    }
    solved = wrong = 0
    for _ in range(count):
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
        wrong += wrong_steps(fresh, sol, path.steps)
        grids = list(path.iter_grids())
        _, w, c = timed(find_hint, grids[len(grids) // 2], LOGIC, unique=True, most=True)
        note(times, "hint", w, c)
    print(f"== {variant}: {count} minimal puzzles (seed {seed})")
    print(f"  {'call':<9} {'median':>9} {'p95':>9} {'max':>9} {'CPU med':>9}  (ms)")
    for name, (walls, cpus) in times.items():
        extra = f"solved {solved}/{count}, wrong steps {wrong}" if name == "logic" else ""
        print(line(name, walls, cpus, extra))


def levels(variant: str, per_level: int, seed: int) -> dict[Level, list[VariantPuzzle]]:
    """Make and check ``per_level`` puzzles at each level; print the figures; the puzzles by level."""
    made: dict[Level, list[VariantPuzzle]] = {}
    print(f"== {variant}: {per_level} puzzles per level (seed {seed}/<i>)")
    print(f"  {'level':<9} {'median':>9} {'p95':>9} {'max':>9} {'CPU med':>9}  (s per puzzle)")
    total = solved_all = wrong_all = 0
    for level in Level:
        walls: list[float] = []
        cpus: list[float] = []
        kept: list[VariantPuzzle] = []
        for i in range(per_level):
            rng = random.Random(puzzle_seed(f"{seed}-{variant}-{level.label}", i))
            found, w, c = timed(generate_variant_puzzle, rng, variant, level, None)
            walls.append(w)
            cpus.append(c)
            kept.append(found)
        made[level] = kept
        solved = wrong = 0
        for puzzle in kept:
            solution = solve(puzzle.grid)
            assert solution is not None
            path = solve_logically(puzzle.grid, LOGIC, unique=True, most=True)
            solved += path.solved
            assert puzzle.rating.level is level, (variant, level, puzzle.line())
            wrong += wrong_steps(puzzle.grid, solution, path.steps)
        total += len(kept)
        solved_all += solved
        wrong_all += wrong
        tries = statistics.mean(p.tries for p in kept)
        minimal = sum(p.added == 0 for p in kept)
        added = statistics.mean(p.added for p in kept)
        extra = (
            f"tries {tries:.1f}, minimal {minimal}/{len(kept)}, givens given back {added:.1f}; "
            f"solved by logic {solved}/{len(kept)}, wrong steps {wrong}"
        )
        print(line(level.label, walls, cpus, extra, unit=1.0))
    print(f"  all levels: solved by logic at their level {solved_all}/{total}, wrong steps {wrong_all}")
    return made


def hints(variant: str, made: dict[Level, list[VariantPuzzle]]) -> None:
    walls: list[float] = []
    cpus: list[float] = []
    worst: tuple[float, str] = (0.0, "")
    for level in HARD_LEVELS:
        for puzzle in made.get(level, []):
            path = solve_logically(puzzle.grid, LOGIC, unique=True, most=True)
            for grid, step in zip(path.iter_grids(), path.steps, strict=False):
                if step.technique.family is Family.SINGLES:
                    continue
                _, w, c = timed(choose_step, grid, (), True)
                walls.append(w)
                cpus.append(c)
                worst = max(worst, (w, step.technique.display_name))
    if not walls:
        print(f"== {variant}: no hard positions (run the levels section first)")
        return
    print(
        f"== {variant}: hint (choose_step) on {len(walls)} hard positions (hard, unfair, extreme paths; next step not a single)"
    )
    print(f"  {'call':<9} {'median':>9} {'p95':>9} {'max':>9} {'CPU med':>9}  (ms)")
    print(line("hint", walls, cpus, f"slowest: a {worst[1]} position"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--count", type=int, default=30, help="minimal puzzles per variant in the basics (default 30)")
    ap.add_argument("--per-level", type=int, default=10, help="puzzles per variant and level (default 10; 60: 300)")
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--only", choices=SECTIONS, action="append", help="run only these sections (repeatable)")
    ap.add_argument("--variant", choices=VARIANTS, action="append", help="only these variants (repeatable)")
    args = ap.parse_args()
    sections = args.only or list(SECTIONS)
    print(f"load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs", flush=True)
    for variant in args.variant or VARIANTS:
        if "basics" in sections:
            basics(variant, args.count, args.seed)
        made = levels(variant, args.per_level, args.seed) if {"levels", "hints"} & set(sections) else {}
        if "hints" in sections:
            hints(variant, made)
        print(f"load average now: {os.getloadavg()[0]:.2f}", flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
