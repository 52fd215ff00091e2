"""How long one generated puzzle takes: per level, and per practice technique (one process, so per puzzle).

    .venv/bin/python benchmarks/generate_levels.py [--seeds 20] [--practice-seeds 5] [--time-limit 30]
        [--levels easy,hard] [--techniques x-wing,xy-chain | offered | all | none] [--symmetry none] [--ready]

``--ready`` measures what a player waits for instead: the time from ordering a practice puzzle in the New game
dialog (cache empty) to "ready", through the app's own background worker (one spawned low-priority process,
``PuzzleSupply.order``) while that worker refills the cache as it does after the window opens, so the order
waits for the refill job that is running.

Each puzzle is ``generate_at_level(puzzle_seed(base, i), level)`` or ``generate_practice(...)`` timed by the wall
clock (and this process's CPU time, which a busy shared machine does not inflate), then checked outside the
timing against the app's solver: unique, minimal for its symmetry, ``rate_puzzle(grid)`` (what ``sudoku-tk rate``
says) equal to the rating it came with (the level asked for), no Brute Force on the path, the technique on a
practice path. The
targets of issue 14: median ≤ 2 s and p95 ≤ 6 s per level, median ≤ 5 s per practice technique. A practice line
says how many of its puzzles were isomorphs of practice-pool puzzles (``from pool``; see practice_pool.py).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.engine.generating.generator import Symmetry, is_minimal  # noqa: E402
from sudoku_tk.engine.generating.level_search import (  # noqa: E402
    DEFAULT_LEVEL_SYMMETRY,
    DEFAULT_PRACTICE_SYMMETRY,
    Generated,
    generate_at_level,
    generate_practice,
    offered_practice_techniques,
    practice_techniques,
    puzzle_seed,
)
from sudoku_tk.engine.rating.score import Level, rate_puzzle  # noqa: E402
from sudoku_tk.engine.solving.brute_force import count_solutions  # noqa: E402
from sudoku_tk.engine.solving.logic import solve_logically  # noqa: E402
from sudoku_tk.engine.solving.technique_sets import parse_selection  # noqa: E402
from sudoku_tk.engine.steps.step import Technique  # noqa: E402


def nearest_rank(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * q // 100) - 1))]


def problems(found: Generated, symmetry: Symmetry, technique: Technique | None) -> list[str]:
    """What is wrong with a generated puzzle (nothing, for a fair one)."""
    grid = found.grid
    out = []
    if count_solutions(grid, 2) != 1:
        out.append("not unique")
    if not is_minimal(grid, symmetry):
        out.append("not minimal or not symmetric")
    path = solve_logically(grid)
    if not path.solved or Technique.BRUTE_FORCE in path.techniques():
        out.append("needs Brute Force")
    rated = rate_puzzle(grid)
    if rated != found.rating:
        out.append(f"rated {rated}, said {found.rating}")
    if technique is not None and technique not in path.techniques():
        out.append(f"no {technique.display_name} on the path")
    return out


def measure(
    label: str,
    make: Callable[[str], Generated | None],
    seeds: int,
    symmetry: Symmetry,
    technique: Technique | None = None,
) -> tuple[float, float, float, int, int]:
    walls: list[float] = []
    cpus: list[float] = []
    tries: list[int] = []
    failures = bad = pooled = 0
    for i in range(seeds):
        seed = puzzle_seed("bench", i)
        w0, c0 = time.perf_counter(), time.process_time()
        found = make(seed)
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        if found is None:
            failures += 1
            continue
        tries.append(found.tries)
        pooled += found.pool_seed is not None
        wrong = problems(found, symmetry, technique)
        if wrong:
            bad += 1
            print(f"    {seed}: {found.puzzle}: {'; '.join(wrong)}")
    med, p95, top = statistics.median(walls), nearest_rank(walls, 95), max(walls)
    print(
        f"  {label:34s} n={seeds:3d}  median {med:6.2f} s  p95 {p95:6.2f} s  max {top:6.2f} s  "
        f"cpu median {statistics.median(cpus):6.2f} s  tries median {statistics.median(tries) if tries else 0:5.0f}  "
        f"timeouts {failures}  wrong {bad}" + (f"  from pool {pooled}" if technique is not None else ""),
        flush=True,
    )
    return med, p95, top, failures, bad


def time_to_ready(techniques: list[Technique], repeats: int, refilling: bool = True) -> None:
    """Order each technique's practice puzzle on the app's worker while it refills the cache; print the waits."""
    from sudoku_tk.app.puzzles.background_worker import BackgroundWorker, PuzzleSupply, process_pool
    from sudoku_tk.app.puzzles.cache import PuzzleCache, PuzzleKey

    worker = BackgroundWorker(process_pool)
    cache = PuzzleCache(None, per_level=20 if refilling else 0)  # per_level 20: a refill job is always running
    supply = PuzzleSupply(cache, worker)
    waits: list[float] = []
    try:
        supply.refill()
        _poll_for(
            worker, 3.0 if refilling else 0.0
        )  # the process is up and a refill job is under way, as after the window opens
        for t in techniques:
            for _ in range(repeats):
                done: list[Generated | None] = []
                running = worker.queued()
                behind = PuzzleKey.parse(running[0].key).label if running and hasattr(running[0], "key") else "nothing"
                start = time.perf_counter()
                supply.order(PuzzleKey.practice(t), done.append, lambda done=done: done.append(None))
                while not done:
                    worker.poll()
                    time.sleep(0.02)
                wait = time.perf_counter() - start
                waits.append(wait)
                found = done[0]
                how = "pool" if found is not None and found.pool_seed else "random" if found else "NOT FOUND"
                print(
                    f"  {t.display_name:34s} ready after {wait:6.2f} s  ({how}; behind a refill of {behind})",
                    flush=True,
                )
                _poll_for(worker, 0.5)  # let the refill go on between orders
    finally:
        worker.close()
    if waits:
        print(
            f"  time to ready over {len(waits)} orders: median {statistics.median(waits):.2f} s, "
            f"p95 {nearest_rank(waits, 95):.2f} s, max {max(waits):.2f} s"
        )


def _poll_for(worker: object, seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        worker.poll()  # type: ignore[attr-defined]
        time.sleep(0.02)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20, help="puzzles per level (default 20)")
    ap.add_argument("--practice-seeds", type=int, default=5, help="puzzles per practice technique (default 5)")
    ap.add_argument("--time-limit", type=float, default=30.0, help="seconds per puzzle before it counts as a timeout")
    ap.add_argument("--levels", default="easy,medium,hard,unfair,extreme")
    ap.add_argument(
        "--techniques",
        default="offered",
        help="comma-separated, 'offered' (those the New game dialog offers), 'all' (every practice technique) or 'none'",
    )
    ap.add_argument("--symmetry", default=None, help="default: rotational for levels, none for practice")
    ap.add_argument("--ready", action="store_true", help="time to ready of ordered practice puzzles (see above)")
    ap.add_argument("--repeats", type=int, default=1, help="orders per technique with --ready (default 1)")
    ap.add_argument("--idle", action="store_true", help="with --ready: no refill runs (the job's own time)")
    ns = ap.parse_args(argv)
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    if ns.ready:
        offered = offered_practice_techniques()
        picked_ready = (
            offered
            if ns.techniques in ("offered", "all")
            else [t for t in offered if t in set().union(*(parse_selection(n) for n in ns.techniques.split(",")))]
        )
        print(f"== time to ready: practice puzzles ordered on the app's worker while it refills ({len(picked_ready)})")
        time_to_ready(list(picked_ready), ns.repeats, refilling=not ns.idle)
        print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        return 0
    level_sym = Symmetry(ns.symmetry) if ns.symmetry else DEFAULT_LEVEL_SYMMETRY
    practice_sym = Symmetry(ns.symmetry) if ns.symmetry else DEFAULT_PRACTICE_SYMMETRY
    ok = True
    levels = [Level[name.strip().upper()] for name in ns.levels.split(",") if name.strip()]
    if levels:
        print(f"== levels ({level_sym.value} symmetry; target median <= 2 s, p95 <= 6 s)")
    for level in levels:
        med, p95, _, fails, bad = measure(
            level.label,
            lambda s, lv=level: generate_at_level(s, lv, level_sym, ns.time_limit),
            ns.seeds,
            level_sym,
        )
        ok &= med <= 2 and p95 <= 6 and not fails and not bad
    if ns.techniques == "none":
        chosen: list[Technique] = []
    elif ns.techniques == "offered":
        chosen = list(offered_practice_techniques())
    elif ns.techniques == "all":
        chosen = list(practice_techniques())
    else:
        picked = set().union(*(parse_selection(name) for name in ns.techniques.split(",")))
        chosen = [t for t in practice_techniques() if t in picked]
    if chosen:
        print(f"== practice ({practice_sym.value} symmetry; target median <= 5 s; timeout {ns.time_limit:g} s)")
    met, missed = [], []
    for t in chosen:
        med, _, _, fails, bad = measure(
            t.display_name,
            lambda s, t=t: generate_practice(s, t, practice_sym, ns.time_limit),
            ns.practice_seeds,
            practice_sym,
            t,
        )
        (met if med <= 5 and not bad else missed).append(t.display_name)
    if chosen:
        print(f"  median <= 5 s: {len(met)} of {len(chosen)}; not met: {', '.join(missed) or 'none'}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0 if ok and not missed else 1


if __name__ == "__main__":
    sys.exit(main())
