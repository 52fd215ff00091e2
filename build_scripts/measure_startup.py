"""How fast a built or installed app opens its window: its ``--self-test`` run several times, the figures printed.

    python build_scripts/measure_startup.py [PROGRAM ...] [--runs N]

PROGRAM defaults to ``sudoku-tk`` on PATH (an installed .deb puts it in /usr/bin). Each run is timed from
launch to the window being shown (the self-test's mark, see build.py); the figures are what a release note
quotes, measured on the machine at hand, with its load printed beside them. Nothing here passes or fails on
speed: exit status 1 means a self-test failed, 2 that a program was not found.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build  # noqa: E402


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("programs", nargs="*", default=["sudoku-tk"], help="programs to start (default: sudoku-tk)")
    parser.add_argument("--runs", type=int, default=5, help="launches per program (default 5)")
    args = parser.parse_args(argv)
    if hasattr(os, "getloadavg"):
        print("load average " + " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores")
    for name in args.programs:
        program = shutil.which(name) or (name if Path(name).is_file() else None)
        if program is None:
            print(f"measure_startup.py: no program {name!r}", file=sys.stderr)
            return 2
        seconds = []
        for _ in range(args.runs):
            run = build.run_self_test(Path(program))
            if not run.passed or run.startup_seconds is None:
                print(f"{program}: self-test FAILED: {run.describe()}\n{run.stderr.strip()[-2000:]}", file=sys.stderr)
                return 1
            seconds.append(run.startup_seconds)
        print(
            f"{program}: launch to window shown, {args.runs} runs: median {statistics.median(seconds):.2f} s, "
            f"best {min(seconds):.2f} s, worst {max(seconds):.2f} s ({', '.join(f'{s:.2f}' for s in seconds)})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
