"""``python -m sudoku_tk.bench``: timings of the engine on the public puzzle sets (never imports tkinter).

The benchmark is a registry of named sections. ``--only NAME`` runs one (or
several, repeated), ``--list`` names them, ``--quick`` shrinks every sample for a
smoke run. Sections live here or in any module ``sudoku_tk/bench_*.py`` (other
than ``bench_gui``), which is imported at start and registers its own with
``@section(name, title)``. ``--gui`` hands over to ``sudoku_tk.bench_gui.main()``
when that module exists, with the options that follow it.

Figures are wall-clock per call (``time.perf_counter``), garbage collector on,
as in the app, and where it matters also this thread's CPU time: on a shared
machine the wall-clock tail includes waiting for a core, the CPU time does not.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import math
import os
import pkgutil
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from . import __version__
from .engine.brute_force import solve
from .engine.grid import Grid
from .engine.moves import Clear, Eliminate, Move, Place, Restore
from .engine.propagation import ALL_ASSISTS, Position, recompute

DEFAULT_PUZZLES = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "puzzles"
"""Where the public puzzle sets sit next to a checkout (``../shared/data/puzzles``)."""


@dataclass(frozen=True)
class BenchConfig:
    """What every section gets: where the puzzle sets are, how big the samples are, the random seed."""

    puzzles: Path
    quick: bool = False
    seed: int = 1

    def sample(self, full: int, quick: int) -> int:
        """The sample size to use: ``full`` normally, ``quick`` in a smoke run."""
        return quick if self.quick else full

    def read(self, name: str) -> List[str]:
        """The puzzle lines of one set (comments and blank lines dropped)."""
        path = self.puzzles / name
        with open(path, encoding="utf-8") as fh:
            return [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]


@dataclass(frozen=True)
class Section:
    """One named part of the benchmark: ``run(config)`` prints its own labelled figures."""

    name: str
    title: str
    run: Callable[[BenchConfig], None] = field(compare=False)


SECTIONS: Dict[str, Section] = {}
"""Every registered section by name, in registration order."""


def section(name: str, title: str) -> Callable[[Callable[[BenchConfig], None]], Callable[[BenchConfig], None]]:
    """Register ``fn(config)`` as the section ``name``; the title heads its output.

    Raises:
        ValueError: the name is taken already.
    """

    def register(fn: Callable[[BenchConfig], None]) -> Callable[[BenchConfig], None]:
        if name in SECTIONS:
            raise ValueError(f"benchmark section {name!r} is registered twice")
        SECTIONS[name] = Section(name, title, fn)
        return fn

    return register


# -- figures ---------------------------------------------------------------------------------------
def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of an ascending list.

    >>> percentile([1.0, 2.0, 3.0, 4.0], 50), percentile([1.0, 2.0, 3.0, 4.0], 99)
    (2.0, 4.0)
    """
    if not sorted_values:
        raise ValueError("no values to take a percentile of")
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


def ms(seconds: float) -> str:
    """Seconds as milliseconds with three significant-ish digits: ``0.82 ms``, ``12.4 ms``, ``153 ms``."""
    v = seconds * 1000
    if v < 10:
        return f"{v:.2f} ms"
    if v < 100:
        return f"{v:.1f} ms"
    return f"{v:.0f} ms"


def verdict(value: float, limit: float) -> str:
    """``OK`` when ``value`` is within ``limit``, else ``MISSED``."""
    return "OK" if value <= limit else "MISSED"


def timed(fn: Callable[[], object]) -> Tuple[float, object]:
    """Run ``fn`` once; return (wall seconds, result)."""
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def timed_both(fn: Callable[[], object]) -> Tuple[float, float, object]:
    """Run ``fn`` once; return (wall seconds, this thread's CPU seconds, result).

    Wall time is what a player waits; CPU time leaves out the moments the
    operating system gave the core to another process, so on a busy machine it
    shows what the code itself costs.
    """
    c0 = time.thread_time()
    t0 = time.perf_counter()
    result = fn()
    t1 = time.perf_counter()
    return t1 - t0, time.thread_time() - c0, result


# -- an oracle independent of the engine's tables -----------------------------------------------
def is_solution_of(givens: Sequence[int], solution: Optional[Sequence[int]]) -> bool:
    """Does ``solution`` fill the board with each digit once per row, column and box, keeping the givens?"""
    if solution is None or len(solution) != len(givens):
        return False
    n = math.isqrt(len(givens))
    box = math.isqrt(n)
    want = set(range(1, n + 1))
    for i in range(n):
        row = {solution[i * n + c] for c in range(n)}
        col = {solution[r * n + i] for r in range(n)}
        br, bc = divmod(i, box)
        blk = {solution[(br * box + r) * n + bc * box + c] for r in range(box) for c in range(box)}
        if row != want or col != want or blk != want:
            return False
    return all(not g or g == s for g, s in zip(givens, solution))


def grid_of(line: str) -> Grid:
    """A grid from an 81-character line, without going through the format reader (not what is timed)."""
    return Grid.from_values([0 if ch in ".0" else int(ch) for ch in line[:81]])


# -- realistic move lists ------------------------------------------------------------------------
@dataclass
class MoveMix:
    """Counts of what a generated game holds."""

    places: int = 0
    eliminations: int = 0
    wrong_places: int = 0
    clears: int = 0
    wrong_eliminations: int = 0
    restores: int = 0

    def total(self) -> int:
        return self.places + self.eliminations + self.wrong_places + self.clears + self.wrong_eliminations + self.restores


TRIES = 20
"""How many different moves of the drawn kind are tried before falling back to the next kind."""


def realistic_moves(
    grid: Grid, solution: Sequence[int], rng: random.Random, length: int
) -> Tuple[List[Move], MoveMix]:
    """Up to ``length`` moves as a player with every assist on might make them on a hard puzzle.

    Each move is drawn from the position recomputed after the previous one:
    about 25 % correct placements (the solution's digit in an empty cell), 65 %
    eliminations of wrong candidates still on the board (one, or two inside one
    unit: crossing out by hand or applying a hint's eliminations) and 10 % mistakes
    corrected one to four moves later: a true candidate crossed out and then
    restored (Restore), or, one time in three, a wrong digit placed and then
    cleared (Clear). When no move of the drawn kind works the next kind in that
    order is tried (up to ``TRIES`` different moves each). No move may let the
    assists fill the board (rightly, or wrongly after a mistake), with or without
    the corrections still due: a finished game has no more moves, and the point is
    a long game. On a hard puzzle with every assist on, about 25 correct moves
    bring the board to where any further correct move finishes it, so the rest of
    a 40–60-move game is mistakes and their corrections. The list is shorter than
    ``length`` only when a correction finishes the board anyway.
    """
    geo = grid.geometry
    moves: List[Move] = []
    mix = MoveMix()
    pending: List[Tuple[int, Move]] = []  # (move number due, the correcting move)
    pos = recompute(grid, moves)

    def keeps_going(move: Move) -> Optional[Position]:
        after = recompute(grid, moves + [move])
        if all(after.values):
            return None
        if pending and all(recompute(grid, moves + [move] + [fix for _n, fix in pending]).values):
            return None
        return after

    while len(moves) < length:
        empty = [c for c in range(geo.ncells) if not pos.values[c]]
        if not empty:
            break
        due = [p for p in pending if p[0] <= len(moves)]
        if due:
            pending.remove(due[0])
            fix = due[0][1]
            if isinstance(fix, Clear):
                mix.clears += 1
            else:
                mix.restores += 1
            moves.append(fix)
            pos = recompute(grid, moves)
            continue
        room = length - len(moves) - len(pending)
        roll = rng.random()
        kinds = ("place", "eliminate", "mistake") if roll < 0.25 else (
            ("eliminate", "place", "mistake") if roll < 0.9 else ("mistake", "eliminate", "place")
        )
        for kind in kinds:
            if kind == "mistake" and room < 2:
                continue
            if kind == "mistake":
                pairs = [_mistake(empty, solution, rng) for _ in range(TRIES)]
                tries = [wrong for wrong, _fix in pairs]
            elif kind == "place":
                tries = [Place(c, solution[c]) for c in rng.sample(empty, min(len(empty), TRIES))]
            else:
                tries = _correct_eliminations(geo.units, pos.candidates, solution, rng, TRIES)
            found = next(((i, after) for i, m in enumerate(tries) if (after := keeps_going(m)) is not None), None)
            if found is None:
                continue
            i, pos = found
            moves.append(tries[i])
            if kind == "mistake":
                pending.append((len(moves) + rng.randrange(min(4, room - 1)), pairs[i][1]))
                if isinstance(tries[i], Place):
                    mix.wrong_places += 1
                else:
                    mix.wrong_eliminations += 1
            elif kind == "place":
                mix.places += 1
            else:
                mix.eliminations += 1
            break
        else:
            break  # no move of any kind keeps the game going
    return moves, mix


def _correct_eliminations(
    units: Sequence[Sequence[int]], candidates: Sequence[int], solution: Sequence[int], rng: random.Random, count: int
) -> List[Move]:
    """Up to ``count`` different eliminations of one or two wrong candidates, each inside one unit."""
    out: List[Move] = []
    for unit in rng.sample(list(units), len(units)):
        wrong = [(c, d) for c in unit for d in range(1, 10) if candidates[c] >> (d - 1) & 1 and d != solution[c]]
        if wrong:
            how_many = 1 if rng.random() < 0.7 or len(wrong) == 1 else 2
            out.append(Eliminate(tuple(sorted(rng.sample(wrong, how_many)))))
            if len(out) == count:
                break
    return out


def _mistake(empty: List[int], solution: Sequence[int], rng: random.Random) -> Tuple[Move, Move]:
    cell = rng.choice(empty)
    if rng.random() < 1 / 3:
        wrong = rng.choice([d for d in range(1, 10) if d != solution[cell]])
        return Place(cell, wrong), Clear(cell)
    cand = ((cell, solution[cell]),)
    return Eliminate(cand), Restore(cand)


@section("recompute", "recompute(): 9×9 positions, every assist on, givens + 40–60 moves")
def bench_recompute(cfg: BenchConfig) -> None:
    """Time recompute() on whole generated games (see ``realistic_moves``) of top95 and forum11+ puzzles."""
    rng = random.Random(cfg.seed)
    games_per_set = cfg.sample(30, 4)
    repeats = cfg.sample(20, 5)
    sources = [
        ("top95", cfg.read("top95.txt")),
        ("forum11+", cfg.read("forum_hardest_1905_11plus_every4th.txt")),
    ]
    games: List[Tuple[Grid, List[Move]]] = []
    mix = MoveMix()
    restarts = 0
    t0 = time.perf_counter()
    for _name, lines in sources:
        for line in rng.sample(lines, games_per_set):
            grid = grid_of(line)
            sol = solve(grid)
            assert sol is not None, line
            moves: List[Move] = []
            for _attempt in range(5):  # a game the assists finished early is played again
                moves, m = realistic_moves(grid, sol, rng, rng.randint(40, 60))
                if len(moves) >= 40:
                    break
                restarts += 1
            for f in vars(mix):
                setattr(mix, f, getattr(mix, f) + getattr(m, f))
            games.append((grid, moves))
    t_gen = time.perf_counter() - t0
    n = len(games)
    lens = [len(mv) for _g, mv in games]
    print(
        f"  games: {n} ({games_per_set} from top95, {games_per_set} from forum11+), "
        f"{mix.total() / n:.1f} moves each on average ({min(lens)}–{max(lens)}), generated in {t_gen:.1f} s"
    )
    print(
        f"  per game: {mix.places / n:.1f} correct placements, {mix.eliminations / n:.1f} eliminations "
        f"(1 or 2 wrong candidates), {mix.wrong_places / n:.1f} wrong digits later cleared, "
        f"{mix.wrong_eliminations / n:.1f} true candidates later restored; "
        f"{restarts} games replayed because a correction let the assists finish the board"
    )
    filled = sum(sum(1 for v in recompute(g, mv).values if v) - g.given_count() for g, mv in games) / n
    print(f"  cells filled beyond the givens at the end: {filled:.1f} on average (player + assists)")
    walls: List[float] = []
    cpus: List[float] = []
    gc.collect()
    for _ in range(repeats):
        for grid, moves in games:
            wall, cpu, _ = timed_both(lambda: recompute(grid, moves, ALL_ASSISTS))
            walls.append(wall)
            cpus.append(cpu)
    print(f"  recompute latency over {len(walls)} runs (each game's whole move list, {repeats} times):")
    for label, times in (("wall", walls), ("CPU", cpus)):
        times.sort()
        med, p99 = statistics.median(times), percentile(times, 99)
        print(
            f"    {label:<4} median {ms(med)}, p99 {ms(p99)}, max {ms(times[-1])}   "
            f"target median <= 1.5 ms: {verdict(med, 0.0015)}, p99 <= 4 ms: {verdict(p99, 0.004)}"
        )


BRUTE_FORCE_SETS = (
    # (label, file, full sample, quick sample, median target in seconds or None)
    ("top95", "top95.txt", None, 20, 0.0035),
    ("hardest", "hardest.txt", None, 11, None),
    ("17-clue", "17clue_every4th.txt", 1000, 50, None),
    ("forum11+", "forum_hardest_1905_11plus_every4th.txt", 1000, 50, 0.008),
)


def _spread(lines: List[str], count: Optional[int]) -> List[str]:
    """``count`` puzzles taken at an even stride over the whole file (all when None)."""
    if count is None or count >= len(lines):
        return lines
    step = len(lines) // count
    return lines[::step][:count]


@section("solve", "brute force: solve() per puzzle (from a Grid; parsing not timed)")
def bench_solve(cfg: BenchConfig) -> None:
    """Time solve() per puzzle and check every answer with ``is_solution_of``."""
    print(
        f"  {'set':<10} {'puzzles':>7} {'median':>9} {'p95':>9} {'max':>9} {'CPU med':>9} {'wrong':>6}  target (median)"
    )
    for label, name, full, quick, target in BRUTE_FORCE_SETS:
        lines = _spread(cfg.read(name), quick if cfg.quick else full)
        grids = [grid_of(line) for line in lines]
        walls: List[float] = []
        cpus: List[float] = []
        wrong = 0
        gc.collect()
        for grid in grids:
            wall, cpu, sol = timed_both(lambda: solve(grid))
            walls.append(wall)
            cpus.append(cpu)
            if not is_solution_of(grid.givens, sol):  # type: ignore[arg-type]
                wrong += 1
        walls.sort()
        med = statistics.median(walls)
        goal = "" if target is None else f"<= {ms(target)}: {verdict(med, target)}"
        if wrong:
            goal += " WRONG ANSWERS"
        print(
            f"  {label:<10} {len(walls):>7} {ms(med):>9} {ms(percentile(walls, 95)):>9} "
            f"{ms(walls[-1]):>9} {ms(statistics.median(cpus)):>9} {wrong:>6}  {goal}"
        )


# -- discovery and the command line -----------------------------------------------------------------
def load_plugins() -> List[str]:
    """Import every ``sudoku_tk.bench_*`` module except ``bench_gui`` so it can register sections."""
    pkg_dir = Path(__file__).resolve().parent
    loaded = []
    for info in pkgutil.iter_modules([str(pkg_dir)]):
        if info.name.startswith("bench_") and info.name != "bench_gui":
            importlib.import_module(f"{__package__}.{info.name}")
            loaded.append(info.name)
    return loaded


def run_gui_bench(argv: Sequence[str] = ()) -> int:
    """Hand over to ``sudoku_tk.bench_gui.main(argv)`` when it exists; say so plainly when it does not."""
    name = f"{__package__}.bench_gui"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the GUI bench exists but something it needs does not: show that
        print("GUI benchmark: not available (sudoku_tk/bench_gui.py does not exist in this build)")
        return 1
    return int(module.main(list(argv)) or 0)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m sudoku_tk.bench", description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", metavar="NAME", help="run this section only (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the sections and exit")
    parser.add_argument("--quick", action="store_true", help="small samples: a smoke run, not a measurement")
    parser.add_argument(
        "--gui", action="store_true", help="run the GUI benchmark instead (sudoku_tk.bench_gui; its options follow)"
    )
    parser.add_argument("--seed", type=int, default=1, help="random seed for sampled games (default 1)")
    parser.add_argument(
        "--puzzles",
        type=Path,
        default=Path(os.environ.get("SUDOKU_TK_PUZZLES", DEFAULT_PUZZLES)),
        help="folder of the public puzzle sets (default: ../shared/data/puzzles)",
    )
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Run the chosen sections (all by default) and print their figures; 2 on a bad request."""
    parser = build_parser()
    ns, rest = parser.parse_known_args(argv)
    if ns.gui:
        return run_gui_bench(rest)  # the GUI bench reads its own options (e.g. --clicks)
    if rest:
        parser.error(f"unrecognized arguments: {' '.join(rest)}")
    load_plugins()
    if ns.list:
        for s in SECTIONS.values():
            print(f"{s.name:<12} {s.title}")
        return 0
    names = ns.only or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        print(f"bench: no section named {unknown[0]!r}; sections: {', '.join(SECTIONS)}", file=sys.stderr)
        return 2
    if not ns.puzzles.is_dir():
        print(f"bench: puzzle sets not found in {str(ns.puzzles)!r} (use --puzzles DIR)", file=sys.stderr)
        return 2
    cfg = BenchConfig(ns.puzzles, ns.quick, ns.seed)
    print(
        f"sudoku_tk {__version__} benchmark: Python {platform.python_version()} on {platform.system()} "
        f"{platform.machine()}, {os.cpu_count()} CPUs{' (quick run: small samples)' if cfg.quick else ''}"
    )
    if hasattr(os, "getloadavg"):
        load, cpus = os.getloadavg()[0], os.cpu_count() or 1
        busy = " (more than the CPUs: wall times include waiting for a core)" if load > cpus else ""
        print(f"load average at start: {load:.2f}{busy}")
    started = time.perf_counter()
    for name in names:
        s = SECTIONS[name]
        print(f"\n== {s.name}: {s.title}")
        t0 = time.perf_counter()
        s.run(cfg)
        print(f"  ({time.perf_counter() - t0:.1f} s)")
    print(f"\ntotal {time.perf_counter() - started:.1f} s")
    return 0


if __name__ == "__main__":
    # ``python -m`` runs this file as ``__main__``; make ``from sudoku_tk.bench import section`` in a
    # plugin reach this very module, so its sections land in the registry that main() reads.
    sys.modules.setdefault(f"{__spec__.parent}.bench", sys.modules[__name__])
    sys.exit(main())
