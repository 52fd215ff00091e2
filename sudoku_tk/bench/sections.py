"""The engine's core timings: ``recompute`` on realistic games and ``solve`` (brute force) on the public sets.

This module owns the sections ``recompute`` and ``solve`` (registered first, so they
run first) and what they need: games of 40–60 moves as a player with every assist
on might make them (``realistic_moves``), and an oracle independent of the
engine's tables that checks every brute-force answer (``is_solution_of``).
"""

from __future__ import annotations

import gc
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Position, recompute
from sudoku_tk.engine.solving.brute_force import count_solutions, solve

from .registry import BenchConfig, grid_of, ms, percentile, section, timed_both, verdict


# -- an oracle independent of the engine's tables -----------------------------------------------
def is_solution_of(givens: Sequence[int], solution: Sequence[int] | None) -> bool:
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
        return (
            self.places + self.eliminations + self.wrong_places + self.clears + self.wrong_eliminations + self.restores
        )


TRIES = 20
"""How many different moves of the drawn kind are tried before falling back to the next kind."""


def realistic_moves(grid: Grid, solution: Sequence[int], rng: random.Random, length: int) -> tuple[list[Move], MoveMix]:
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
    moves: list[Move] = []
    mix = MoveMix()
    pending: list[tuple[int, Move]] = []  # (move number due, the correcting move)
    pos = recompute(grid, moves)

    def keeps_going(move: Move) -> Position | None:
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
        kinds = (
            ("place", "eliminate", "mistake")
            if roll < 0.25
            else (("eliminate", "place", "mistake") if roll < 0.9 else ("mistake", "eliminate", "place"))
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
) -> list[Move]:
    """Up to ``count`` different eliminations of one or two wrong candidates, each inside one unit."""
    out: list[Move] = []
    for unit in rng.sample(list(units), len(units)):
        wrong = [(c, d) for c in unit for d in range(1, 10) if candidates[c] >> (d - 1) & 1 and d != solution[c]]
        if wrong:
            how_many = 1 if rng.random() < 0.7 or len(wrong) == 1 else 2
            out.append(Eliminate(tuple(sorted(rng.sample(wrong, how_many)))))
            if len(out) == count:
                break
    return out


def _mistake(empty: list[int], solution: Sequence[int], rng: random.Random) -> tuple[Move, Move]:
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
    games: list[tuple[Grid, list[Move]]] = []
    mix = MoveMix()
    restarts = 0
    t0 = time.perf_counter()
    for _name, lines in sources:
        for line in rng.sample(lines, games_per_set):
            grid = grid_of(line)
            sol = solve(grid)
            assert sol is not None, line
            moves: list[Move] = []
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
    walls: list[float] = []
    cpus: list[float] = []
    gc.collect()
    for _ in range(repeats):
        for grid, moves in games:
            wall, cpu, _ = timed_both(partial(recompute, grid, moves, ALL_ASSISTS))
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
    # (label, file, full sample, quick sample, solve() median target in seconds or None)
    ("top95", "top95.txt", None, 20, 0.0035),
    ("hardest", "hardest.txt", None, 11, None),
    ("17-clue", "17clue_every4th.txt", 1000, 50, None),
    ("forum1106", "forum_hardest_1106.txt", None, 50, None),
    ("forum11+", "forum_hardest_1905_11plus_every4th.txt", 1000, 50, 0.008),
)


def _spread(lines: list[str], count: int | None) -> list[str]:
    """``count`` puzzles taken at an even stride over the whole file (all when None)."""
    if count is None or count >= len(lines):
        return lines
    step = len(lines) // count
    return lines[::step][:count]


@section("solve", "brute force: solve() per puzzle, then count_solutions(limit=2) (from a Grid; parsing not timed)")
def bench_solve(cfg: BenchConfig) -> None:
    """Time solve() per puzzle, checking every answer with ``is_solution_of``; then the uniqueness proof.

    The second table times ``count_solutions(grid, 2)``, what ``sudoku-tk solve`` and ``check`` run per puzzle
    (every puzzle here has one solution, so a count other than 1 is a wrong answer).
    """
    header = f"{'median':>9} {'p95':>9} {'max':>9} {'CPU med':>9} {'wrong':>6}"
    print(f"  {'set':<10} {'puzzles':>7} {header}  target (median)")
    samples = []
    for label, name, full, quick, target in BRUTE_FORCE_SETS:
        grids = [grid_of(line) for line in _spread(cfg.read(name), quick if cfg.quick else full)]
        samples.append((label, grids))
        figures = _time_each(grids, solve, lambda g, sol: is_solution_of(g.givens, sol))  # type: ignore[arg-type]
        goal = "" if target is None else f"<= {ms(target)}: {verdict(figures[0], target)}"
        print(f"  {label:<10} {len(grids):>7} {_row(figures)}  {goal}{' WRONG ANSWERS' if figures[-1] else ''}")
    print("  uniqueness proof, count_solutions(grid, 2):")
    print(f"  {'call':<9} {'set':<10} {'puzzles':>7} {header}")
    for label, grids in samples:
        figures = _time_each(grids, lambda g: count_solutions(g, 2), lambda g, n: n == 1)
        print(f"  {'count<=2':<9} {label:<10} {len(grids):>7} {_row(figures)}{' WRONG ANSWERS' if figures[-1] else ''}")


def _time_each(
    grids: list[Grid], fn: Callable[[Grid], object], right: Callable[[Grid, object], bool]
) -> tuple[float, float, float, float, int]:
    """(median, p95, max, CPU median, wrong answers) of ``fn`` over ``grids``; ``right`` judges each answer."""
    walls: list[float] = []
    cpus: list[float] = []
    wrong = 0
    gc.collect()
    for grid in grids:
        wall, cpu, answer = timed_both(partial(fn, grid))
        walls.append(wall)
        cpus.append(cpu)
        wrong += not right(grid, answer)
    walls.sort()
    return statistics.median(walls), percentile(walls, 95), walls[-1], statistics.median(cpus), wrong


def _row(figures: tuple[float, float, float, float, int]) -> str:
    med, p95, top, cpu, wrong = figures
    return f"{ms(med):>9} {ms(p95):>9} {ms(top):>9} {ms(cpu):>9} {wrong:>6}"
