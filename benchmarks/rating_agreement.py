"""How well the app's rating agrees with others: Spearman against published SE ratings, levels against HoDoKu.

A measurement tool, not a test. Two parts (both by default):

``--se``: every ``--stride``-th puzzle of the SE-rated set (tests/data/puzzles/sudoku_exchange_se_rated.tsv) is
rated with ``rate_puzzle``; Spearman's rank correlation is printed between the published SE rating and the
HoDoKu score, the HoDoKu level, the SE estimate (``Rating.se``) and the path-only SE value (the hardest step of
HoDoKu's path). The two easy buckets have no per-puzzle rating: ``<1.5`` and ``1.5-2.4`` are ranked as two tied
groups below 2.5 (only the order matters to Spearman). Unsolved puzzles (a stuck path) are counted; they are
kept with their lower-bound values in "all" and dropped in "solved".

``--hodoku``: fresh puzzles from ``engine.generator.generate`` (seeded), kept per app level until each level has
``--per-level`` puzzles (the generator gives mostly easy and medium, so many are made and most dropped), are
rated by the app and by the HoDoKu port installed outside the project (``--hodoku-python``, default
/tmp/hvenv/bin/python, run once in a subprocess); the confusion matrix, agreement per level and overall, and
for every disagreement the first step where the two paths differ are printed. Without the port this part says
so and is skipped.

    .venv/bin/python benchmarks/rating_agreement.py --stride 4 --per-level 40
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.engine.generating.generator import generate  # noqa: E402
from sudoku_tk.engine.rating.score import Level, rate  # noqa: E402
from sudoku_tk.engine.rating.se import path_se, se_estimate  # noqa: E402
from sudoku_tk.engine.solving.logic import solve_logically  # noqa: E402

SE_TSV = REPO / "tests" / "data" / "puzzles" / "sudoku_exchange_se_rated.tsv"
BUCKETS = {"<1.5": 1.0, "1.5-2.4": 2.0}
"""The easy buckets as sort keys: one tied group each, below every published value (2.5 and up)."""
LEVELS = [lv.label for lv in Level]

HODOKU_SCRIPT = r"""
import json, sys
from hodoku.api import Solver
s = Solver()
for line in sys.stdin:
    p = line.strip()
    if not p:
        continue
    r = s.solve(p)
    print(json.dumps({"level": r.level.name.lower(), "score": r.score, "solved": r.solved,
                      "steps": [st.type.name for st in r.steps]}), flush=True)
"""


def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties given their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: Sequence[float], b: Sequence[float]) -> float:
    """Spearman's rho: Pearson's correlation of the ranks (ties averaged)."""
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cov / (va * vb) ** 0.5 if va and vb else float("nan")


def grid_of(line: str) -> Grid:
    return Grid.from_values([0 if ch in ".0" else int(ch) for ch in line[:81]])


def se_part(stride: int) -> None:
    rows = [ln.split("\t") for ln in SE_TSV.read_text().splitlines()[1:] if ln.strip()]
    sample = rows[::stride]
    print(f"SE-rated set: {len(sample)} of {len(rows)} puzzles (one in {stride}), rated as rate_puzzle does")
    published: list[float] = []
    cols: dict[str, list[float]] = {"HoDoKu score": [], "HoDoKu level": [], "SE estimate": [], "SE path-only": []}
    solved: list[bool] = []
    path_times: list[float] = []
    se_times: list[float] = []
    by_value: dict[float, list[float]] = {}
    for puzzle, label in sample:
        grid = grid_of(puzzle)
        t = time.perf_counter()
        path = solve_logically(grid)
        r = rate(path)
        path_times.append(time.perf_counter() - t)
        t = time.perf_counter()
        est = se_estimate(path)
        se_times.append(time.perf_counter() - t)
        value = BUCKETS.get(label) or float(label)
        published.append(value)
        cols["HoDoKu score"].append(r.score)
        cols["HoDoKu level"].append(LEVELS.index(r.level.label))
        cols["SE estimate"].append(est)
        cols["SE path-only"].append(path_se(path))
        solved.append(r.solved)
        by_value.setdefault(value, []).append(est)
    stuck = solved.count(False)
    print(f"  unsolved (stuck) paths: {stuck}")
    for name, ts in (("HoDoKu path + rate", path_times), ("se_estimate (the easier path)", se_times)):
        ts.sort()
        print(f"  time {name:<30} median {ts[len(ts) // 2]:.3f} s  p95 {ts[int(0.95 * len(ts))]:.3f} s")
    for name, xs in cols.items():
        every = spearman(xs, published)
        only = [i for i, ok in enumerate(solved) if ok]
        ok = spearman([xs[i] for i in only], [published[i] for i in only])
        print(f"  Spearman {name:<13} all {every:.3f}   solved only {ok:.3f}")
    print("  published SE -> SE estimate (median, n):")
    line = []
    for value in sorted(by_value):
        ests = by_value[value]
        name = next((k for k, v in BUCKETS.items() if v == value), f"{value:.1f}")
        line.append(f"{name}:{statistics.median(ests):.1f}({len(ests)})")
    for i in range(0, len(line), 8):
        print("    " + "  ".join(line[i : i + 8]))


def fresh_puzzles(per_level: int, max_tries: int, seed: int) -> list[tuple[str, str, int, list[str]]]:
    """Generated puzzles kept per app level: (puzzle, app level, app score, app step technique names)."""
    rng = random.Random(seed)
    kept: dict[str, list[tuple[str, str, int, list[str]]]] = {lv: [] for lv in LEVELS}
    tries = 0
    while tries < max_tries and any(len(v) < per_level for v in kept.values()):
        tries += 1
        grid = generate(rng)
        path = solve_logically(grid)
        rating = rate(path)
        level = rating.level.label
        if len(kept[level]) < per_level:
            line = "".join(str(v) if v else "." for v in grid.values)
            names = [s.technique.name for s in path.steps if s.technique.name != "PEER_ELIMINATION"]
            kept[level].append((line, level, rating.score, names))
    print(
        f"fresh puzzles: {tries} generated (seed {seed}), kept per app level: "
        + ", ".join(f"{k} {len(v)}" for k, v in kept.items())
    )
    return [p for v in kept.values() for p in v]


def hodoku_rate(python: str, puzzles: Sequence[str]) -> list[dict]:
    proc = subprocess.run(
        [python, "-c", HODOKU_SCRIPT], input="\n".join(puzzles) + "\n", capture_output=True, text=True, check=True
    )
    return [json.loads(ln) for ln in proc.stdout.splitlines() if ln.strip()]


def first_difference(ours: list[str], theirs: list[str]) -> str:
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            return f"step {i + 1}: app {a} / HoDoKu {b}"
    if len(ours) != len(theirs):
        return f"same first {min(len(ours), len(theirs))} steps; lengths {len(ours)} / {len(theirs)}"
    return "same techniques in the same order"


def hodoku_part(python: str, per_level: int, max_tries: int, seed: int, show: int) -> None:
    if not os.path.exists(python):
        print(f"HoDoKu port not found at {python}: level agreement skipped (install it outside the project)")
        return
    puzzles = fresh_puzzles(per_level, max_tries, seed)
    t = time.perf_counter()
    theirs = hodoku_rate(python, [p[0] for p in puzzles])
    print(f"HoDoKu port ({python}) rated {len(theirs)} puzzles in {time.perf_counter() - t:.0f} s")
    matrix: Counter[tuple[str, str]] = Counter()
    differ: list[tuple[str, str, str, str]] = []
    for (puzzle, ours, score, steps), h in zip(puzzles, theirs):
        matrix[h["level"], ours] += 1
        if h["level"] != ours:
            where = first_difference(steps, h["steps"])
            differ.append((puzzle, f"{h['level']} {h['score']}", f"{ours} {score}", where))
    print("  confusion matrix (rows HoDoKu, columns app):")
    print("    " + " " * 9 + "".join(f"{lv:>9}" for lv in LEVELS) + "   agree")
    for hl in LEVELS:
        row = [matrix[hl, al] for al in LEVELS]
        n = sum(row)
        agree = f"{matrix[hl, hl] / n:6.1%} of {n}" if n else "     -"
        print(f"    {hl:<9}" + "".join(f"{x:>9}" for x in row) + f"   {agree}")
    print("  agreement per app level: " + ", ".join(_per_app_level(matrix, al) for al in LEVELS))
    total = sum(matrix.values())
    same = sum(matrix[lv, lv] for lv in LEVELS)
    print(f"  overall agreement {same}/{total} = {same / total:.1%} (per-level sample: {per_level} per app level)")
    for puzzle, hl, al, where in differ[:show]:
        print(f"    {puzzle}  HoDoKu {hl}, app {al}: {where}")


def _per_app_level(matrix: Counter[tuple[str, str]], al: str) -> str:
    n = sum(matrix[hl, al] for hl in LEVELS)
    return f"{al} {matrix[al, al]}/{n}" if n else f"{al} -"


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--se", action="store_true", help="only the SE-rated set part")
    ap.add_argument("--hodoku", action="store_true", help="only the HoDoKu level part")
    ap.add_argument("--stride", type=int, default=4, help="every n-th puzzle of the SE-rated set (default 4)")
    ap.add_argument("--per-level", type=int, default=40, help="fresh puzzles kept per app level (default 40)")
    ap.add_argument("--max-tries", type=int, default=4000, help="puzzles generated at most (default 4000)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--show", type=int, default=20, help="disagreements printed with their first difference")
    ap.add_argument("--hodoku-python", default="/tmp/hvenv/bin/python")
    ns = ap.parse_args(argv)
    both = not ns.se and not ns.hodoku
    if ns.se or both:
        se_part(ns.stride)
    if ns.hodoku or both:
        hodoku_part(ns.hodoku_python, ns.per_level, ns.max_tries, ns.seed, ns.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
