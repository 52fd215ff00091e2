"""Benchmark sections for the chain, ALS and last-resort techniques (issue 10).

Registered with ``sudoku_tk.bench`` (``python -m sudoku_tk.bench --only stuck --only coverage``):

- ``stuck``: the first hint (``next_hint``: the solution check, then the first step) on positions where
  the techniques up to Multi Colors get stuck ("stuck today" before chains, ALS and nets), from top95,
  top1465, the SE-rated set and the forum's hardest; target p95 <= 150 ms. Also which technique gives that
  hint, and that none is missing.
- ``coverage``: every public set solved by logic alone, forcing nets allowed as the last resort (no
  Brute Force step), and without forcing chains and nets, beside HoDoKu's share; every step of every
  path is checked against the unique solution (wrong steps counted, target 0).
"""

from __future__ import annotations

import gc
import time
from collections import Counter

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import next_hint, solve_logically
from sudoku_tk.engine.steps.step import Family, Step, Technique
from sudoku_tk.engine.steps.walk import walk_of
from sudoku_tk.engine.techniques import ORDER, default_techniques, find_hint

from .registry import BenchConfig, even_sample, grid_of, ms, percentile, section, verdict

BEFORE_CHAINS: frozenset[Technique] = frozenset(
    t
    for t in default_techniques()
    if ORDER.index(t) <= ORDER.index(Technique.MULTI_COLORS_2) and t is not Technique.SUE_DE_COQ
)
"""The technique set before issue 10: where it gets stuck is "stuck today"."""

LOGIC: frozenset[Technique] = frozenset(default_techniques()) - {Technique.BRUTE_FORCE}
"""Logic alone: every default technique, forcing nets as the last resort, no reading of the solution."""

NO_FORCING: frozenset[Technique] = LOGIC - {
    Technique.FORCING_CHAIN_CONTRADICTION,
    Technique.FORCING_CHAIN_VERITY,
    Technique.FORCING_NET_CONTRADICTION,
    Technique.FORCING_NET_VERITY,
    Technique.NESTED_FORCING_NET,
}
"""Without forcing chains and nets (what HoDoKu's share below is measured with too)."""

HODOKU_NO_FORCING = {
    "top95.txt": "HoDoKu 75.8%: 72/95",
    "top1465.txt": "HoDoKu 63.5%: 127/200 spread",
    "sudoku_exchange_se_rated.txt": "HoDoKu 87.3%: 262/300 spread",
    "17clue_every4th.txt": "HoDoKu 100%: 200/200 spread",
    "forum_hardest_1106.txt": "HoDoKu 0%: 0/40 spread",
}
"""HoDoKu's share without forcing chains, nets and brute force (its default configuration otherwise), measured
on 2026-11-23 with the hodoku-py port 0.2.1 ("full fidelity with HoDoKu 2.2.0", GPL, installed outside the
project) on evenly spread samples of each set, the same spreading as ``even_sample`` here."""


def _figures(label: str, times: list[float], target: float | None = None, what: str = "p95") -> None:
    times = sorted(times)
    if not times:
        print(f"  {label:<48} n=0")
        return
    med, p95 = times[len(times) // 2], percentile(times, 95)
    goal = ""
    if target is not None:
        value = p95 if what == "p95" else med
        goal = f"  target {what} <= {ms(target)}: {verdict(value, target)}"
    print(f"  {label:<48} n={len(times):<5} median {ms(med):>9}  p95 {ms(p95):>9}  max {ms(times[-1]):>9}{goal}")


def _stuck_positions(cfg: BenchConfig) -> list[tuple[str, Grid]]:
    sets = [
        ("top95", "top95.txt", 95, 20),
        ("top1465", "top1465.txt", 300, 40),
        ("SE-rated", "sudoku_exchange_se_rated.txt", 600, 60),
        ("forum hardest", "forum_hardest_1106.txt", 60, 6),
    ]
    out: list[tuple[str, Grid]] = []
    for label, name, full, quick in sets:
        for line in even_sample(cfg.read(name), cfg.sample(full, quick)):
            path = solve_logically(grid_of(line), BEFORE_CHAINS, unique=True)
            if not path.solved:
                out.append((label, path.final))
    return out


@section("stuck", "first hint where the techniques before chains get stuck (target p95 <= 150 ms)")
def bench_stuck(cfg: BenchConfig) -> None:
    positions = _stuck_positions(cfg)
    times: list[float] = []
    by_set: Counter[str] = Counter()
    first: Counter[str] = Counter()
    missing = 0
    gc.collect()
    for label, grid in positions:
        fresh = Grid(grid.geometry, grid.givens, grid.values, grid.candidates, True)  # no cached tables
        t0 = time.perf_counter()
        hint = next_hint(fresh)
        times.append(time.perf_counter() - t0)
        by_set[label] += 1
        if isinstance(hint, Step):
            first[hint.technique.display_name] += 1
        else:
            missing += 1
    # The hint the window gives (issue 21): of its technique, the step that does the most, and its walk.
    chosen: list[float] = []
    walks: list[float] = []
    for _label, grid in positions:
        fresh = Grid(grid.geometry, grid.givens, grid.values, grid.candidates, True)
        t0 = time.perf_counter()
        step = find_hint(fresh, most=True)
        chosen.append(time.perf_counter() - t0)
        if step is not None:
            t0 = time.perf_counter()
            walk_of(step, fresh.geometry, fresh.candidates)
            walks.append(time.perf_counter() - t0)
    print(f"  stuck positions: {', '.join(f'{k} {v}' for k, v in by_set.items())}")
    _figures("first hint (next_hint, default techniques)", times, 0.150)
    _figures("the window's hint (find_hint most=True: the step that does the most)", chosen, 0.150)
    _figures("its walk (walk_of)", walks, 0.010)
    print(f"  positions with no hint at all: {missing} (target 0)")
    print(f"  first hint by technique: {', '.join(f'{k} {v}' for k, v in first.most_common())}")


def _check_path(grid: Grid, techniques: frozenset[Technique]) -> tuple[bool, int, float, Counter[str]]:
    """(solved, wrong steps, seconds, techniques used) of the logic path with ``techniques``."""
    solution = unique_solution(grid)
    assert solution is not None, "the public sets used here have one solution each"
    t0 = time.perf_counter()
    path = solve_logically(grid, techniques, unique=True)
    took = time.perf_counter() - t0
    wrong = 0
    used: Counter[str] = Counter()
    for step in path.steps:
        used[step.technique.display_name] += 1
        wrong += sum(solution[e.cell] == e.digit for e in step.eliminations)
        wrong += sum(solution[p.cell] != p.digit for p in step.placements)
    return path.solved, wrong, took, used


@section("coverage", "public sets solved by logic alone, with and without forcing nets; wrong steps (target 0)")
def bench_coverage(cfg: BenchConfig) -> None:
    sets = [
        ("top95", "top95.txt", 95, 20),
        ("top1465", "top1465.txt", 1465, 40),
        ("SE-rated", "sudoku_exchange_se_rated.txt", 2294, 60),
        ("17-clue (2,000 spread)", "17clue_every4th.txt", 2000, 40),
        ("forum hardest 1106", "forum_hardest_1106.txt", 375, 5),
    ]
    for label, name, full, quick in sets:
        lines = even_sample(cfg.read(name), cfg.sample(full, quick))
        for config, techniques in (("logic, nets last", LOGIC), ("no forcing", NO_FORCING)):
            solved = wrong = 0
            times: list[float] = []
            last: Counter[str] = Counter()
            for line in lines:
                ok, bad, took, used = _check_path(grid_of(line), techniques)
                solved += ok
                wrong += bad
                times.append(took)
                last.update(k for k in used if Technique.from_name(k).family is Family.LAST_RESORT)
            ref = f"   ({HODOKU_NO_FORCING[name]})" if config == "no forcing" and name in HODOKU_NO_FORCING else ""
            times.sort()
            print(
                f"  {label:<24} {config:<17} solved {solved:>5}/{len(lines):<5} {100 * solved / len(lines):5.1f}%  "
                f"wrong steps {wrong}  median {ms(times[len(times) // 2])}  p95 {ms(percentile(times, 95))}{ref}"
            )
            if config == "logic, nets last" and last:
                print(f"  {'':<24} last-resort puzzles: {', '.join(f'{k} {v}' for k, v in last.most_common())}")
