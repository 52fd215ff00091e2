"""Whole-process time of ``sudoku-tk-cli solve FILE`` (a uniqueness proof per puzzle) against a Norvig-style
first-solution solver (benchmarks/norvig_ref.py) on the same file.

The input is top95.txt (95 puzzles) plus the first 200 puzzles of forum_hardest_1106.txt, both from
../shared/data/puzzles: 295 hard puzzles in one file. Each round runs both commands once, one after the other
(interleaved, the order alternating between rounds); the figures are the medians over the rounds, of wall time
and of the process's CPU time (user + system: steadier than wall time on a busy machine). Every answer of
both solvers is checked (each line a full grid that keeps the givens and holds every digit once per unit), so a
fast wrong answer can't pass. Both run in the caller's environment: where PYTHONDONTWRITEBYTECODE=1 (as on the
project's test machine) every start compiles the modules it imports, and that is counted.

Usage: ``.venv/bin/python benchmarks/solve_vs_norvig.py [--rounds N] [--keep FILE]``.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
PUZZLES = REPO.parent / "shared" / "data" / "puzzles"
CLI = REPO / ".venv" / "bin" / "sudoku-tk-cli"
FORUM_COUNT = 200


def read_lines(path: Path) -> list[str]:
    return [ln.strip() for ln in path.read_text().splitlines() if ln.strip() and not ln.startswith("#")]


def build_input() -> list[str]:
    """top95 (all 95) + the first 200 of forum_hardest_1106."""
    top = read_lines(PUZZLES / "top95.txt")
    forum = read_lines(PUZZLES / "forum_hardest_1106.txt")[:FORUM_COUNT]
    assert len(top) == 95 and len(forum) == FORUM_COUNT
    return top + forum


def _units() -> list[list[int]]:
    rows = [[r * 9 + c for c in range(9)] for r in range(9)]
    cols = [[r * 9 + c for r in range(9)] for c in range(9)]
    boxes = [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
    return rows + cols + boxes


def check_answers(who: str, puzzles: Sequence[str], output: str) -> None:
    """Each output line solves its puzzle: a full grid, every unit 1..9 once, the givens kept."""
    lines = output.split()
    if len(lines) != len(puzzles):
        raise SystemExit(f"{who}: {len(lines)} answer lines for {len(puzzles)} puzzles")
    units = _units()
    for i, (puzzle, answer) in enumerate(zip(puzzles, lines), 1):
        ok = len(answer) == 81 and answer.isdigit()
        ok = ok and all(sorted(answer[c] for c in u) == list("123456789") for u in units)
        ok = ok and all(p in ".0" or p == a for p, a in zip(puzzle, answer))
        if not ok:
            raise SystemExit(f"{who}: wrong answer for puzzle {i}: {answer!r}")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(cmd: Sequence[str]) -> tuple[float, float, str]:
    """Run ``cmd`` to its end: (wall seconds, CPU seconds of the process, its standard output)."""
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=REPO)
    elapsed = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0
    if proc.returncode != 0:
        raise SystemExit(f"{cmd} failed ({proc.returncode}): {proc.stderr.strip()[-500:]}")
    return elapsed, cpu, proc.stdout


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    ap.add_argument("--keep", type=Path, default=None, help="write the input file here instead of a temp file")
    ns = ap.parse_args(argv)
    if not PUZZLES.is_dir():
        print(f"needs {PUZZLES} (the shared puzzle sets)", file=sys.stderr)
        return 2
    puzzles = build_input()
    with tempfile.TemporaryDirectory() as tmp:
        path = ns.keep or Path(tmp) / "top95_forum200.txt"
        path.write_text("\n".join(puzzles) + "\n")
        commands = {
            "sudoku-tk-cli solve": [str(CLI), "solve", str(path)],
            "norvig_ref.py": [sys.executable, str(HERE / "norvig_ref.py"), str(path)],
        }
        wall: dict[str, list[float]] = {name: [] for name in commands}
        cpu: dict[str, list[float]] = {name: [] for name in commands}
        for r in range(ns.rounds):
            order = list(commands) if r % 2 == 0 else list(reversed(commands))
            for name in order:
                elapsed, used, out = run(commands[name])
                check_answers(name, puzzles, out)
                wall[name].append(elapsed)
                cpu[name].append(used)
            print(
                f"round {r + 1}: " + ", ".join(f"{n} {wall[n][-1]:.2f} s ({cpu[n][-1]:.2f} s CPU)" for n in commands),
                flush=True,
            )
    print(f"input: {len(puzzles)} puzzles (top95 + first {FORUM_COUNT} of forum_hardest_1106), {ns.rounds} rounds")
    ours, ref = "sudoku-tk-cli solve", "norvig_ref.py"
    for label, figures in (("wall", wall), ("CPU", cpu)):
        a, b = statistics.median(figures[ours]), statistics.median(figures[ref])
        print(
            f"{label:>4}: sudoku-tk-cli solve (uniqueness proved) median {a:.3f} s; "
            f"norvig_ref.py (first solution) median {b:.3f} s; ratio {b / a:.2f}x"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
