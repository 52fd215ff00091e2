"""How long the daily puzzle takes to make, per level: the seconds a player waits after Game > Daily puzzle…
(the app makes it on its background worker) or `sudoku-tk daily` runs.

    .venv/bin/python benchmarks/daily_puzzles.py [--days 20] [--start 2026-12-01] [--levels easy,hard]

Each day's puzzle is ``daily_puzzle(day, level)`` (engine/generating/daily.py: the generator from the date, no time
limit), timed by the wall clock and this process's CPU time, for ``--days`` days from ``--start``. Printed per
level: median, 95th percentile and the slowest, with the number of generated candidates looked at (tries).
The load average is printed first: the machine is shared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.engine.generating.daily import daily_puzzle  # noqa: E402
from sudoku_tk.engine.rating.levels import Level  # noqa: E402


def nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * q // 100) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=20)
    parser.add_argument("--start", type=date.fromisoformat, default=date(2026, 12, 1))
    parser.add_argument("--levels", default=",".join(level.label for level in Level))
    ns = parser.parse_args()
    levels = [Level.parse(name) for name in ns.levels.split(",")]
    if hasattr(os, "getloadavg"):
        print("load average: " + ", ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores")
    head = f"{'level':<8} {'days':>4} {'median s':>9} {'p95 s':>7} {'max s':>7} {'median CPU s':>12} {'max CPU s':>9}"
    print(head + f" {'median tries':>12}")
    for level in levels:
        walls, cpus, tries = [], [], []
        for i in range(ns.days):
            day = ns.start + timedelta(days=i)
            wall, cpu = time.perf_counter(), time.process_time()
            found = daily_puzzle(day, level)
            walls.append(time.perf_counter() - wall)
            cpus.append(time.process_time() - cpu)
            tries.append(found.tries)
        print(
            f"{level.label:<8} {ns.days:>4} {statistics.median(walls):>9.2f} {nearest_rank(walls, 95):>7.2f}"
            f" {max(walls):>7.2f} {statistics.median(cpus):>12.2f} {max(cpus):>9.2f} {statistics.median(tries):>12g}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
