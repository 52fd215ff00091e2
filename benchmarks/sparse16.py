"""How long the brute-force search takes on sparse 16×16 puzzles: 200 made from a seed, unique and not.

Six kinds, each puzzle from its own random draws (the same seed gives the same 200):

- ``holes`` (40): 60 to 170 cells of a random full grid kept (few givens: several solutions; many: unique);
- ``wrong`` (30): ``holes`` with one kept digit changed to one its row, column and box don't hold (most have no
  solution, found at once; some have another);
- ``digits`` (30): 70 to 90% of the cells of 3 to 6 digits of a full grid kept, nothing else (several solutions);
- ``pigeonhole`` (40): issue 22's construction: k+1 digits (k = 2 to 4) given in every column but k, so in one
  row they all need the same k cells. No solution, but singles and locked candidates don't see it, and a search
  that branches on cells has the twelve-odd free digits to go through first;
- ``minimal`` (30): a unique puzzle with no given that can go (the generator's, without symmetry: about 90
  givens). The generator uses the search to make them; a correct search makes the same ones;
- ``fewer`` (30): a ``minimal`` puzzle less one to three givens (several solutions, a second found late).

Each puzzle is timed on ``count_solutions(grid, 2)`` (what ``sudoku-tk check`` and the app's uniqueness check
run) with a limit per puzzle; a puzzle that reaches the limit counts as the limit in the figures and is listed.
Printed: the median and maximum per kind and over all 200, of wall time and of CPU time (steadier on a busy
machine), how many were unique / several / none, and the load.

Run: ``.venv/bin/python benchmarks/sparse16.py [--seed 22] [--limit 10]``. Making the puzzles takes about a
minute (the minimal ones); ``--write FILE`` keeps them and ``--puzzles FILE`` times those instead, e.g. with an
older checkout first on ``PYTHONPATH``. The limit is kept by a timer signal, so it holds for a search without
a limit of its own.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.generating.generator import Symmetry, generate, random_solution
from sudoku_tk.engine.solving.brute_force import count_solutions

SIDE = 16
BOX = 4
KINDS = {"holes": 40, "wrong": 30, "digits": 30, "pigeonhole": 40, "minimal": 30, "fewer": 30}


def _peers(cell: int) -> list[int]:
    r, c = divmod(cell, SIDE)
    br, bc = r - r % BOX, c - c % BOX
    out = {r * SIDE + k for k in range(SIDE)} | {k * SIDE + c for k in range(SIDE)}
    out |= {(br + i) * SIDE + bc + j for i in range(BOX) for j in range(BOX)}
    out.discard(cell)
    return sorted(out)


PEERS = [_peers(c) for c in range(SIDE * SIDE)]


def _holes(rng: random.Random) -> list[int]:
    full = random_solution(rng, BOX)
    keep = set(rng.sample(range(SIDE * SIDE), rng.randint(60, 170)))
    return [v if c in keep else 0 for c, v in enumerate(full)]


def _wrong(rng: random.Random) -> list[int]:
    values = _holes(rng)
    kept = [c for c, v in enumerate(values) if v]
    rng.shuffle(kept)
    for cell in kept:
        seen = {values[p] for p in PEERS[cell]}
        others = [d for d in range(1, SIDE + 1) if d != values[cell] and d not in seen]
        if others:
            values[cell] = rng.choice(others)
            return values
    return values


def _digits(rng: random.Random) -> list[int]:
    full = random_solution(rng, BOX)
    chosen = set(rng.sample(range(1, SIDE + 1), rng.randint(3, 6)))
    kept = rng.uniform(0.7, 0.9)
    return [v if v in chosen and rng.random() < kept else 0 for v in full]


def _pigeonhole(rng: random.Random) -> list[int]:
    """k+1 digits, each given once in every column but k, never in row ``r``: row r can't hold them all."""
    k = rng.randint(2, 4)
    row = rng.randrange(SIDE)
    spared = set(rng.sample(range(SIDE), k))
    digits = rng.sample(range(1, SIDE + 1), k + 1)
    while True:
        values = [0] * (SIDE * SIDE)
        if all(_give_in_columns(rng, values, d, row, spared) for d in digits):
            break
    if rng.random() < 0.5:  # the row becomes a column
        values = [values[(c % SIDE) * SIDE + c // SIDE] for c in range(SIDE * SIDE)]
    return values


def _give_in_columns(rng: random.Random, values: list[int], digit: int, row: int, spared: set) -> bool:
    """Give ``digit`` once in each column outside ``spared``, outside ``row``, without a clash; False if stuck."""
    columns = [c for c in range(SIDE) if c not in spared]
    rng.shuffle(columns)
    for c in columns:
        rows = [
            r
            for r in range(SIDE)
            if r != row and not values[r * SIDE + c] and all(values[p] != digit for p in PEERS[r * SIDE + c])
        ]
        if not rows:
            return False
        values[rng.choice(rows) * SIDE + c] = digit
    return True


def _minimal(rng: random.Random) -> list[int]:
    return list(generate(rng, BOX, Symmetry.NONE).givens)


def _fewer(rng: random.Random) -> list[int]:
    values = _minimal(rng)
    for cell in rng.sample([c for c, v in enumerate(values) if v], rng.randint(1, 3)):
        values[cell] = 0
    return values


MAKERS: dict[str, Callable[[random.Random], list[int]]] = {
    "holes": _holes,
    "wrong": _wrong,
    "digits": _digits,
    "pigeonhole": _pigeonhole,
    "minimal": _minimal,
    "fewer": _fewer,
}


def make_puzzles(seed: int) -> list[tuple[str, Grid]]:
    """The puzzles of every kind (kind, grid), each drawn from its own generator seeded from ``seed``."""
    out = []
    for kind, count in KINDS.items():
        for i in range(count):
            rng = random.Random(f"{seed}/{kind}/{i}")
            out.append((kind, Grid.from_values(MAKERS[kind](rng))))
    return out


class _OverLimit(Exception):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _OverLimit


def time_count(grid: Grid, limit: float) -> tuple[float, float, int | None]:
    """(seconds, CPU seconds, count up to 2) of ``count_solutions(grid, 2)``; the count is None when the wall time
    reached ``limit`` (the seconds are then the limit)."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, limit)
    start, cpu = time.perf_counter(), time.process_time()
    try:
        n: int | None = count_solutions(grid, 2)
    except _OverLimit:
        return limit, time.process_time() - cpu, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return time.perf_counter() - start, time.process_time() - cpu, n


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:9.1f} ms"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=22, help="the puzzles' seed (default 22)")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per puzzle before giving up (default 10)")
    parser.add_argument("--write", type=Path, help="also write the puzzles to this file (kind and puzzle a line)")
    parser.add_argument("--puzzles", type=Path, help="time the puzzles of this file (from --write) instead")
    parser.add_argument("--show", action="store_true", help="print every puzzle with its time")
    ns = parser.parse_args(argv)
    if ns.puzzles:
        puzzles = [(k, parse_grid(p)) for k, p in (ln.split() for ln in ns.puzzles.read_text().splitlines())]
        origin = str(ns.puzzles)
    else:
        puzzles = make_puzzles(ns.seed)
        origin = f"seed {ns.seed}"
    if ns.write:
        ns.write.write_text("".join(f"{k} {g.to_string()}\n" for k, g in puzzles))
    print(f"load average at start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} CPUs)")
    kinds = list(dict.fromkeys(k for k, _g in puzzles))
    times: dict[str, list[float]] = {k: [] for k in kinds}
    cpus: dict[str, list[float]] = {k: [] for k in kinds}
    answers: dict[str, dict[str, int]] = {k: {"unique": 0, "several": 0, "none": 0, "over": 0} for k in kinds}
    over: list[str] = []
    for kind, grid in puzzles:
        seconds, cpu, n = time_count(grid, ns.limit)
        times[kind].append(seconds)
        cpus[kind].append(cpu)
        word = "over" if n is None else {0: "none", 1: "unique"}.get(n, "several")
        answers[kind][word] += 1
        if n is None:
            over.append(f"{kind}: {grid.to_string()}")
        if ns.show:
            print(f"{kind:10} {_ms(seconds)} {word:8} {grid.given_count():3} givens {grid.to_string()}", flush=True)
    print(f"{len(puzzles)} sparse 16x16 puzzles ({origin}), count_solutions(grid, 2), limit {ns.limit:g} s each")
    print(
        f"  {'kind':10} {'puzzles':>7} {'givens':>9} {'median':>12} {'max':>12} {'CPU median':>12} {'CPU max':>12}"
        "   unique several none over-limit"
    )
    for kind in kinds:
        givens = [g.given_count() for k, g in puzzles if k == kind]
        a = answers[kind]
        print(
            f"  {kind:10} {len(givens):7} {min(givens):4}-{max(givens):<4} {_ms(statistics.median(times[kind]))} "
            f"{_ms(max(times[kind]))} {_ms(statistics.median(cpus[kind]))} {_ms(max(cpus[kind]))}"
            f"   {a['unique']:6} {a['several']:7} {a['none']:4} {a['over']:10}"
        )
    every = [t for k in kinds for t in times[k]]
    every_cpu = [t for k in kinds for t in cpus[k]]
    print(
        f"  {'all':10} {len(every):7} {'':9} {_ms(statistics.median(every))} {_ms(max(every))} "
        f"{_ms(statistics.median(every_cpu))} {_ms(max(every_cpu))}"
    )
    print(f"  total {sum(every):.1f} s; {len(over)} reached the limit of {ns.limit:g} s")
    for line in over[:10]:
        print(f"    {line}")
    print(f"load average at end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
