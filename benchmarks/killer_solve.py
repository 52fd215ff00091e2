"""How long Killer's brute-force search takes to prove a no-given Killer unique, and how long the generator takes.

The set: the published Killers of ``engine/killer/published.py`` and the generated set kept for the tests
(``tests/data/killer/generated.txt``, made by ``--make N``: ``generate_killer`` with seeds 0..N-1). Each puzzle is
solved with ``killer_solutions(puzzle, 2)`` (so the search goes on until it has proved there is no second
solution) and the answer is checked against the known solution.

With ``--logic`` it also runs the Killer logic solver (engine/killer/logic.py) on each puzzle: how many it solves
without Brute Force, seconds per puzzle, how often each technique was used, and every position on the way checked
against the solution.

Run: ``.venv/bin/python benchmarks/killer_solve.py [--repeat 1] [--make N] [--logic]``; prints the median and the
maximum, the slowest puzzles, and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from pathlib import Path

from sudoku_tk.engine.killer.generate import generate_killer
from sudoku_tk.engine.killer.published import PUBLISHED
from sudoku_tk.engine.killer.solver import killer_solutions
from sudoku_tk.engine.killer.text import format_killer, parse_killer

SET = Path(__file__).resolve().parent.parent / "tests" / "data" / "killer" / "generated.txt"


def load_set() -> list[tuple[str, str, str]]:
    """(name, text form, solution) for every puzzle of the benchmark set."""
    out = [(p.source, p.text, p.solution) for p in PUBLISHED]
    for n, line in enumerate(SET.read_text().splitlines(), 1):
        if line and not line.startswith("#"):
            text, solution = line.split("\t")
            out.append((f"generated line {n}", text, solution))
    return out


def make_set(count: int) -> None:
    """Write ``count`` generated Killers (seeds 0..count-1) with their solutions, and print the generator's times."""
    times = []
    lines = ["# Killers without givens from engine/killer/generate.py (seeds 0..N-1): text form, tab, solution"]
    for seed in range(count):
        start = time.perf_counter()
        puzzle, solution = generate_killer(random.Random(seed))
        times.append(time.perf_counter() - start)
        lines.append(format_killer(puzzle) + "\t" + "".join(map(str, solution)))
    SET.parent.mkdir(parents=True, exist_ok=True)
    SET.write_text("\n".join(lines) + "\n")
    print(f"generator: {count} puzzles, median {statistics.median(times):.2f} s, max {max(times):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs per puzzle (the fastest is kept)")
    parser.add_argument("--make", type=int, default=0, help="first write a new generated set of this many")
    parser.add_argument("--logic", action="store_true", help="also the logic solver: solved, time, techniques")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    if args.make:
        make_set(args.make)
    results = []
    for name, text, solution in load_set():
        puzzle = parse_killer(text)
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            sols = killer_solutions(puzzle, 2)
            best = min(best, time.perf_counter() - start)
        assert len(sols) == 1 and "".join(map(str, sols[0])) == solution, name
        results.append((best, name))
    times = [t for t, _ in results]
    print(
        f"killer brute force, {len(times)} puzzles without givens: median {statistics.median(times) * 1000:.1f} ms, "
        f"max {max(times) * 1000:.1f} ms"
    )
    for t, name in sorted(results, reverse=True)[:3]:
        print(f"  slowest: {name}: {t * 1000:.1f} ms")
    if args.logic:
        logic(load_set())
    print(f"load average after: {os.getloadavg()[0]:.2f}")


def logic(puzzles: list[tuple[str, str, str]]) -> None:
    """The Killer logic solver over the set: solved without Brute Force, seconds, techniques, no wrong step."""
    from collections import Counter

    from sudoku_tk.engine.killer.logic import solve_killer_logically
    from sudoku_tk.engine.solving.logic import diagnose

    solved = 0
    times = []
    used: Counter[str] = Counter()
    stuck = []
    for name, text, solution_text in puzzles:
        solution = tuple(int(ch) for ch in solution_text)
        start = time.perf_counter()
        path = solve_killer_logically(parse_killer(text))
        times.append(time.perf_counter() - start)
        for grid in path.iter_grids():
            mistake = diagnose(grid, solution)
            assert mistake is None, f"{name}: {mistake.message}"
        solved += path.solved
        if not path.solved:
            stuck.append(name)
        used.update(s.technique.display_name for s in path.steps)
    print(
        f"killer logic: {solved} of {len(puzzles)} solved without Brute Force, no wrong step; "
        f"median {statistics.median(times):.2f} s, max {max(times):.2f} s per puzzle"
    )
    print("  stuck: " + (", ".join(stuck) or "none"))
    print("  steps: " + ", ".join(f"{k} {v}" for k, v in used.most_common()))


if __name__ == "__main__":
    main()
