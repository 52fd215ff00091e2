"""Killer on the window's board (cages in the geometry), through the entry points every board uses (issue 26).

For ``--count`` Killers made by ``generate_killer`` (seeds ``sweep-0``, ``sweep-1``, …; every one it makes, not
only those its ``explainable`` filter would keep), each read into a board (``killer_grid``):

- ``make``: the generator's time;
- ``logic``: ``solve_logically`` on the board (Killer's steps first, the classic steps, the Killer Forcing Net and
  the classic nets; no Brute Force): solved or not, and every placement and elimination checked against the
  solution (target: 0 wrong);
- ``level``: the rating of that path (``rate``);
- ``hint``: ``find_hint(most=True)``, as the hint button asks, on the hard positions of the path: those where the
  next step is not a single (median, p95, max).

With ``--levels N``: instead, ``generate_killer_at`` makes N Killers at each level (seeds ``level-<name>-<i>``), and
the seconds each took are printed per level (median and max; the target is a median of 5 s or less).

Run: ``.venv/bin/python benchmarks/killer_board.py [--count 300] [--levels N]``; prints the figures and the load
before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections import Counter

from sudoku_tk.engine.killer.cages import killer_grid
from sudoku_tk.engine.killer.generate import generate_killer, generate_killer_at
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.rating.score import rate
from sudoku_tk.engine.solving.logic import apply_step, solve_logically
from sudoku_tk.engine.steps.step import Family, Technique
from sudoku_tk.engine.techniques import default_techniques, find_hint

LOGIC = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
HINTS_PER_PUZZLE = 6
"""Hard positions timed per puzzle (spread along its path)."""


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=30)
    parser.add_argument("--levels", type=int, default=0, help="time generate_killer_at: N Killers per level")
    ns = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.1f}", flush=True)
    if ns.levels:
        for level in Level:
            times = []
            for i in range(ns.levels):
                t = time.perf_counter()
                made = generate_killer_at(random.Random(f"level-{level.label}-{i}"), level)
                times.append(time.perf_counter() - t)
                assert made is not None and made[2].level is level
            print(f"{level.label}: median {statistics.median(times):.2f} s, max {max(times):.2f} s over {ns.levels}")
        print(f"load after: {os.getloadavg()[0]:.1f}")
        return
    make_s, logic_s, hint_ms = [], [], []
    solved = wrong = 0
    levels: Counter[str] = Counter()
    techniques: Counter[str] = Counter()
    stuck = []
    for i in range(ns.count):
        t = time.perf_counter()
        puzzle, solution = generate_killer(random.Random(f"sweep-{i}"))
        make_s.append(time.perf_counter() - t)
        grid = killer_grid(puzzle)
        t = time.perf_counter()
        path = solve_logically(grid, LOGIC)
        logic_s.append(time.perf_counter() - t)
        for step in path.steps:
            techniques[step.technique.display_name] += 1
            wrong += sum(1 for p in step.placements if solution[p.cell] != p.digit)
            wrong += sum(1 for e in step.eliminations if solution[e.cell] == e.digit)
        if path.solved and path.final.values == solution:
            solved += 1
        else:
            stuck.append(i)
        levels[rate(path).level.label] += 1
        hard = [k for k, s in enumerate(path.steps) if s.technique.family is not Family.SINGLES]
        picked = set(hard[:: max(1, len(hard) // HINTS_PER_PUZZLE)][:HINTS_PER_PUZZLE])
        g = path.start
        for k, step in enumerate(path.steps):
            if k in picked:
                t = time.perf_counter()
                find_hint(g, LOGIC, most=True)
                hint_ms.append((time.perf_counter() - t) * 1000)
            g = apply_step(g, step)
        if (i + 1) % 25 == 0:
            print(f"  {i + 1} made, {solved} solved, {wrong} wrong", flush=True)
    print(f"Killers: {ns.count}, solved by logic {solved} ({100 * solved / ns.count:.1f}%), wrong steps {wrong}")
    print(f"not solved: seeds {', '.join(f'sweep-{i}' for i in stuck) or 'none'}")
    print(f"levels: {dict(levels)}")
    for name, xs, unit in (
        ("make", make_s, "s"),
        ("logic path", logic_s, "s"),
        ("hint (hard positions)", hint_ms, "ms"),
    ):
        print(
            f"{name}: median {statistics.median(xs):.3g} {unit}, p95 {pct(xs, 0.95):.3g} {unit}, "
            f"max {max(xs):.3g} {unit} over {len(xs)}"
        )
    print(f"techniques used (steps): {dict(techniques.most_common(14))}")
    print(f"load after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
