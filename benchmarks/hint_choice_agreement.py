"""How often the app's hint is HoDoKu's first step, with and without the "does the most" choice (issue 21).

A measurement, not a test, and not tuned to: the app's rule is its own (``find_hint(most=True)``: of the first
technique that applies, the step that removes or places the most, among those no longer than the first found).
Positions: along the logic solver's path over puzzles spread over the public-domain SE-rated set (kept with the
repository), every ``--every``-th position that needs more than singles, up to ``--positions``. Each position is
handed, as a HoDoKu library line with its candidates, to the HoDoKu port installed outside the project
(``--hodoku-python``, default /tmp/hvenv/bin/python: ``python3 -m venv /tmp/hvenv && /tmp/hvenv/bin/pip install
hodoku-py``), whose ``get_hint`` gives its first step. Printed: how often the technique agrees, and how often the
effects agree exactly, for the app's first-found step and for its chosen step.

    .venv/bin/python benchmarks/hint_choice_agreement.py --positions 50
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from sudoku_tk.engine.formats import parse_grid

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.engine.solving.logic import solve_logically  # noqa: E402
from sudoku_tk.engine.steps.step import Family, Step  # noqa: E402
from sudoku_tk.engine.techniques import find_hint  # noqa: E402

SE_SET = REPO / "tests" / "data" / "puzzles" / "sudoku_exchange_se_rated.txt"

HODOKU_SCRIPT = r"""
import json, sys
from hodoku.api import Grid, Solver, SudokuStepFinder
s = Solver()
for line in sys.stdin:
    if not line.strip():
        continue
    values, deleted = line.split()  # the position's digits ('+' before a placed one), then "cell,digit;…"
    grid = Grid()
    grid.set_sudoku(values)
    for item in deleted.split(";"):
        if item and item != "-":
            cell, digit = map(int, item.split(","))
            grid.del_candidate(cell, digit)
    finder = SudokuStepFinder(grid, s._config.solve_search)
    st = None
    for cfg in s._config.solver_steps:
        st = finder.get_step(cfg.solution_type)
        if st is not None:
            break
    if st is None:
        print(json.dumps(None), flush=True)
        continue
    print(json.dumps({"type": st.type.value, "single": st.type.is_single(),
                      "set": [[i, v] for i, v in zip(st.indices, st.values)],
                      "del": sorted([c.index, c.value] for c in st.candidates_to_delete)}), flush=True)
"""


def positions(count: int, every: int) -> list[Grid]:
    lines = [ln.strip() for ln in SE_SET.read_text().splitlines() if ln.strip()]
    out: list[Grid] = []
    seen = 0
    for line in lines[len(lines) // 3 :: 23]:  # the harder two thirds, spread out
        path = solve_logically(parse_grid(line))
        for grid, step in zip(path.iter_grids(), path.steps):
            if step.technique.family in (Family.SINGLES, Family.BASICS):
                continue
            seen += 1
            if seen % every == 0:
                out.append(grid)
                if len(out) >= count:
                    return out
    return out


def _hodoku_input(grid: Grid) -> str:
    """The position for the script: its digits ('+' before a placed one) and its removed candidates."""
    digits = "".join(
        ("" if grid.givens[c] else "+") + str(v) if (v := grid.values[c]) else "." for c in range(grid.geometry.ncells)
    )
    gone = [
        f"{c},{d}"
        for c in range(grid.geometry.ncells)
        if not grid.values[c]
        for d in range(1, 10)
        if not grid.candidates[c] >> (d - 1) & 1
    ]
    return f"{digits} {';'.join(gone) or '-'}"


def effects(step: Step) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    return (
        tuple(sorted((p.cell, p.digit) for p in step.placements)),
        tuple(sorted((e.cell, e.digit) for e in step.eliminations)),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=50)
    parser.add_argument("--every", type=int, default=3, help="take every Nth position past the singles (default 3)")
    parser.add_argument("--hodoku-python", default="/tmp/hvenv/bin/python")
    args = parser.parse_args(argv)
    if not Path(args.hodoku_python).exists():
        print(f"no HoDoKu port at {args.hodoku_python}: see this script's docstring", file=sys.stderr)
        return 2
    grids = positions(args.positions, args.every)
    lines = "\n".join(_hodoku_input(g) for g in grids) + "\n"
    proc = subprocess.run(
        [args.hodoku_python, "-c", HODOKU_SCRIPT], input=lines, capture_output=True, text=True, check=True
    )
    theirs = [json.loads(ln) for ln in proc.stdout.splitlines()]
    agree = {"first": [0, 0], "most": [0, 0]}
    changed = 0
    for grid, hd in zip(grids, theirs):
        first, most = find_hint(grid), find_hint(grid, most=True)
        assert first is not None and most is not None
        changed += first.key() != most.key()
        if hd is None:
            continue
        # A single's cells and values are what it places; other steps list their pattern's cells there instead.
        placed = tuple(sorted(map(tuple, hd["set"]))) if hd["single"] else ()
        want = (placed, tuple(sorted(map(tuple, hd["del"]))))
        # HoDoKu's cell indices and values are 0-80 and 1-9, as the app's.
        for label, step in (("first", first), ("most", most)):
            same_kind = hd["type"] == step.technique.display_name
            agree[label][0] += same_kind
            agree[label][1] += effects(step) == want
    n = len(grids)
    print(f"{n} positions past the singles along SE-rated solving paths; HoDoKu's get_hint against the app's hint")
    print(f"the app's choice took another step than its first-found one at {changed} of {n} positions")
    for label, text in (("first", "first-found step"), ("most", "chosen step (does the most)")):
        kind, exact = agree[label]
        print(
            f"  {text}: same technique {kind}/{n} ({100 * kind / n:.0f}%), same effects {exact}/{n} ({100 * exact / n:.0f}%)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
