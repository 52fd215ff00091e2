"""How long the searches take on the pathological inputs the tests only check for an answer.

Tests may only fail on behaviour, so the times that used to be asserted there are printed here:

- Remote Pairs on a 9×9 grid whose every cell holds only {1, 2} (a broken grid a player could type in): the first
  step and every step (the path search is capped by ``chains.MAX_EXTENSIONS``). The test used to demand under
  0.05 s for the first and 2 s for all;
- the brute-force search on issue 22's 16×16 puzzle (four digits that need the same three cells of a row): no
  solution, proved with ``count_solutions(grid, 2)``.

Run: ``.venv/bin/python benchmarks/bounded_searches.py [--repeat 5]``; prints the median and the maximum of the
runs, and the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import count_solutions
from sudoku_tk.engine.techniques.chains import find_remote_pairs

ISSUE_22 = (
    "....................F.....D.G.E.......DGE......F......E...FG...D........G..D..F......E........G.....G.FD.E......."
    ".......F...E.D....FD..E.......G.....G.F....DE.....G....DFE........D.....G...F.....E.FG......D......E....D...G..."
    ".........GF...E.....D.....EF..."
)


def timed(work: Callable[[], object], repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs of each case (default 5)")
    repeat = parser.parse_args().repeat
    print(f"load average at start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs)")
    pairs = Grid.from_values([0] * 81, None, [0b11] * 81)
    issue = parse_grid(ISSUE_22)
    cases = {
        "Remote Pairs, every cell {1,2}: first step": lambda: next(find_remote_pairs(pairs)),
        "Remote Pairs, every cell {1,2}: every step": lambda: sum(1 for _ in find_remote_pairs(pairs)),
        "issue 22's 16x16 puzzle: count_solutions(grid, 2)": lambda: count_solutions(issue, 2),
    }
    for name, work in cases.items():
        times = timed(work, repeat)
        print(f"  {name:52} median {statistics.median(times) * 1000:9.2f} ms   max {max(times) * 1000:9.2f} ms")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
