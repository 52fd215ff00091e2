"""How long serving one practice position takes, per technique (issue 25: median ≤ 1 s, none over 5 s).

    .venv/bin/python benchmarks/practice_positions.py [--seeds 5] [--techniques x-wing,mutant-x-wing]

Each serve is ``serve_position(f"bench/{i}", technique)`` (engine/generating/practice_positions.py): choose a stored
position, show it as a random isomorph, play its moves with the singles, check that the technique is the next
step (with it switched on), as ``sudoku-tk generate --technique NAME --position`` and the practice dialog do.
Timed by the wall clock and this process's CPU time (which a busy shared machine does not inflate); the
positions file is read once before timing. The load average is printed first and last: on a shared machine
the wall times are only as good as the load lets them be.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.engine.generating.practice_positions import (  # noqa: E402
    load_positions,
    practice_position_techniques,
    serve_position,
)
from sudoku_tk.engine.solving.technique_sets import parse_selection  # noqa: E402
from sudoku_tk.engine.steps.step import Technique  # noqa: E402

MEDIAN_TARGET = 1.0
MAX_TARGET = 5.0


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=5, help="positions served per technique (default 5)")
    ap.add_argument("--techniques", default="", help="comma-separated techniques (default: all 80)")
    ns = ap.parse_args(argv)
    chosen = parse_selection(ns.techniques) if ns.techniques else None
    techniques = [t for t in practice_position_techniques() if chosen is None or t in chosen]
    load_positions()
    print(load(), flush=True)
    print(f"{'technique':44s} {'median s':>9s} {'max s':>7s} {'cpu med':>8s}  served", flush=True)
    medians: list[float] = []
    everything: list[float] = []
    missing: list[Technique] = []
    for t in techniques:
        walls: list[float] = []
        cpus: list[float] = []
        served = 0
        for i in range(ns.seeds):
            w0, c0 = time.perf_counter(), time.process_time()
            got = serve_position(f"bench/{i}", t)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            served += got is not None
        med = statistics.median(walls)
        if not served:
            missing.append(t)  # nothing to serve: its (instant) times are left out of the summary
        else:
            medians.append(med)
            everything += walls
        flag = "" if med <= MEDIAN_TARGET and max(walls) <= MAX_TARGET else "  over target"
        print(
            f"{t.display_name:44s} {med:9.3f} {max(walls):7.3f} {statistics.median(cpus):8.3f}  "
            f"{served}/{ns.seeds}{flag}",
            flush=True,
        )
    print(
        f"{len(medians)} of {len(techniques)} techniques served: median of medians {statistics.median(medians):.3f} s, "
        f"worst median {max(medians):.3f} s, max {max(everything):.3f} s "
        f"(targets: median ≤ {MEDIAN_TARGET:g} s, max ≤ {MAX_TARGET:g} s)",
        flush=True,
    )
    if missing:
        print("no position served for: " + ", ".join(t.display_name for t in missing), flush=True)
    print(load(), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
