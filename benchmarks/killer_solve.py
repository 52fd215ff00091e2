"""How long Killer's brute-force search takes to prove a no-given Killer unique, and how long the generator takes.

The set: the published Killers of ``engine/killer/published.py`` and the generated set kept for the tests
(``tests/data/killer/generated.txt``, made by ``--make N``: ``generate_killer`` with seeds 0..N-1). Each puzzle is
solved with ``killer_solutions(puzzle, 2)`` (so the search goes on until it has proved there is no second
solution) and the answer is checked against the known solution.

Run: ``.venv/bin/python benchmarks/killer_solve.py [--repeat 1] [--make N]``; prints the median and the maximum,
the slowest puzzles, and the load average before and after.
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
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
