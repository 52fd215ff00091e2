"""What the assists by level cost at game start, and how many built-in games start without the singles.

    .venv/bin/python benchmarks/level_assists.py

For every built-in puzzle (the whole library), ``starting_assists`` with every assist
on is timed by the wall clock and this process's CPU time (a busy shared machine
inflates only the first); printed per board size and level: how many puzzles, how
many start with the singles off, the median and the slowest start.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.app.game.level_assists import SINGLES, starting_assists  # noqa: E402
from sudoku_tk.app.puzzles import built_in as puzzles  # noqa: E402
from sudoku_tk.engine.play.propagation import ALL_ASSISTS  # noqa: E402
from sudoku_tk.engine.rating.levels import Level  # noqa: E402


def main() -> int:
    rows: dict[tuple[int, str], list[tuple[float, float, bool]]] = defaultdict(list)
    for entry in puzzles.library():
        grid = entry.grid()
        wall, cpu = time.perf_counter(), time.process_time()
        start = starting_assists(grid, ALL_ASSISTS, entry.level)
        rows[(entry.size, entry.level.label)].append(
            (time.perf_counter() - wall, time.process_time() - cpu, not start.assists & SINGLES)
        )
    print(
        f"{'size':>5} {'level':<8} {'puzzles':>7} {'singles off':>11} {'median ms':>9} {'max ms':>7} {'max cpu ms':>10}"
    )
    for (size, level), got in sorted(rows.items(), key=lambda kv: (kv[0][0], list(Level).index(Level.parse(kv[0][1])))):
        walls = [w for w, _, _ in got]
        print(
            f"{size:>5} {level:<8} {len(got):>7} {sum(off for _, _, off in got):>11} "
            f"{statistics.median(walls) * 1000:>9.1f} {max(walls) * 1000:>7.1f} {max(c for _, c, _ in got) * 1000:>10.1f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
