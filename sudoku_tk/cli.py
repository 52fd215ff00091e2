"""The command line: solve and check puzzles (and, as the engine grows, hint, steps, rate, generate).

Output formats are stable: other tools and checks read them. Exit codes: 0 all
good, 1 some puzzle had no or several solutions, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import sys
from typing import Iterator, List, Optional, Sequence, TextIO, Tuple

from . import __version__
from .engine.brute_force import count_solutions, iter_solutions
from .engine.errors import PuzzleFormatError
from .engine.grid import Grid, values_line

SUBCOMMANDS = ("solve", "check", "hint", "steps", "rate", "generate")
"""Every name the command line answers to; anything else opens the app."""


def _read_input(source: str, stdin: TextIO) -> str:
    if source == "-":
        return stdin.read()
    try:
        with open(source, encoding="utf-8-sig") as fh:
            return fh.read()
    except FileNotFoundError:
        raise PuzzleFormatError(f"no such file: {source!r}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PuzzleFormatError(f"can't read {source!r}: {exc}") from None


def iter_puzzles(text: str) -> Iterator[Tuple[int, Grid]]:
    """Yield (line number, grid) for each puzzle in ``text``.

    A text where every non-comment line is a one-line puzzle is a collection;
    anything else is read as one puzzle in any supported format.
    """
    from .engine.formats import parse_collection

    yield from parse_collection(text)


def _cmd_solve(ns: argparse.Namespace) -> int:
    text = _read_input(ns.source, sys.stdin)
    status = 0
    out = sys.stdout
    for _line, grid in iter_puzzles(text):
        sols = []
        for sol in iter_solutions(grid):
            sols.append(sol)
            if len(sols) > 1:
                break
        if not sols:
            out.write("no solution\n")
            status = 1
        elif len(sols) > 1:
            out.write("multiple solutions\n")
            status = 1
        else:
            out.write(values_line(grid.geometry, sols[0]) + "\n")
    return status


def _cmd_check(ns: argparse.Namespace) -> int:
    import os

    source = ns.puzzle
    if source == "-" or os.path.exists(source):
        text = _read_input(source, sys.stdin)
    else:
        text = source
    from .engine.formats import parse_grid

    grid = parse_grid(text)
    out = sys.stdout
    out.write(f"givens: {grid.given_count()}\n")
    problems = grid.problems(check_solutions=False)
    for p in problems:
        out.write(f"problem: {p.message}\n")
    if problems:
        out.write("no solution\n")
        return 1
    n = count_solutions(grid, 2)
    out.write({0: "no solution\n", 1: "unique\n"}.get(n, "multiple solutions\n"))
    return 0 if n == 1 else 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku-tk",
        description="Sudoku solver-assistant. With no subcommand, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku-tk {__version__}")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("solve", help="solve puzzles, one result line per puzzle")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, or - for standard input")
    p.set_defaults(func=_cmd_solve)
    p = sub.add_parser("check", help="count givens, list problems, tell unique / multiple / none")
    p.add_argument("puzzle", help="a puzzle as text, a file, or - for standard input")
    p.set_defaults(func=_cmd_check)
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args: List[str] = list(sys.argv[1:] if argv is None else argv)
    ns = parser.parse_args(args)
    if not getattr(ns, "func", None):
        parser.print_help()
        return 2
    try:
        return int(ns.func(ns))
    except PuzzleFormatError as exc:
        print(f"sudoku-tk: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
