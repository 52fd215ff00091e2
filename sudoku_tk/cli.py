"""The command line: solve and check puzzles, hint / steps / rate with the Step engine (and, as it grows, generate).

Output formats are stable: other tools and checks read them. Exit codes: 0 all
good, 1 some puzzle had no or several solutions, 2 unreadable input.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, FrozenSet, Iterator, List, Optional, Sequence, TextIO, Tuple

from . import __version__
from .engine.brute_force import count_solutions, iter_solutions
from .engine.errors import PuzzleFormatError
from .engine.grid import Grid, values_line
from .engine.technique_sets import SelectionError

if TYPE_CHECKING:
    from .engine.step import Technique

SUBCOMMANDS = ("solve", "check", "hint", "steps", "rate", "generate")
"""Every name the command line answers to; anything else opens the app."""


def _read_input(source: str, stdin: TextIO) -> str:
    """The text of a file, or of standard input for ``-``, read as UTF-8 (a byte-order mark is dropped).

    Raises:
        PuzzleFormatError: the file is missing or unreadable, or the bytes are not UTF-8.
    """
    if source == "-":
        raw = getattr(stdin, "buffer", None)
        if raw is None:  # a text stream without bytes underneath (tests, embedding)
            return stdin.read()
        # Decode here rather than trust the terminal's encoding: a bad byte must be a message, not a traceback.
        data: bytes = raw.read()
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PuzzleFormatError(f"standard input is not UTF-8 text: {exc}") from None
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
    grid = _parse_puzzle_arg(ns.puzzle)
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


# -- hint / steps / rate (the Step engine) -------------------------------------------------------------------


def _read_puzzle_arg(source: str) -> str:
    """A puzzle argument: ``-`` (standard input), a file that exists, or else the puzzle text itself."""
    if source == "-" or os.path.exists(source):
        return _read_input(source, sys.stdin)
    return source


def _parse_puzzle_arg(source: str) -> Grid:
    """Parse a puzzle argument (see ``_read_puzzle_arg``).

    Raises:
        PuzzleFormatError: not a puzzle; for a one-line argument that is no file either, the message
            says both (a mistyped file name is the likelier mistake).
    """
    from .engine.formats import parse_grid

    text = _read_puzzle_arg(source)
    try:
        return parse_grid(text)
    except PuzzleFormatError as exc:
        if source != "-" and not os.path.exists(source) and "\n" not in source.strip():
            raise PuzzleFormatError(f"{source!r} is neither a file nor a puzzle: {exc}") from None
        raise


def _selection(ns: argparse.Namespace) -> Optional[FrozenSet["Technique"]]:
    """The techniques ``--techniques`` / ``--max-level`` allow (None: the default set).

    Raises:
        SelectionError: an unknown technique, family or level (reported as a one-line error, status 2).
    """
    from .engine.technique_sets import parse_level, parse_selection, up_to_level
    from .engine.techniques import default_techniques

    chosen: Optional[FrozenSet["Technique"]] = None
    if getattr(ns, "techniques", None):
        chosen = parse_selection(ns.techniques)
    if getattr(ns, "max_level", None):
        chosen = up_to_level(chosen if chosen is not None else default_techniques(), parse_level(ns.max_level))
    return chosen


def _cmd_hint(ns: argparse.Namespace) -> int:
    """Print the next Step (every Step with --all) for one puzzle or candidate grid.

    A position that departs from the unique solution is reported instead ("mistake: ...").
    Exit 0 when a step was printed, 1 for a mistake or when no enabled technique applies.
    """
    import json

    from .engine.brute_force import unique_solution
    from .engine.logic_solver import diagnose
    from .engine.techniques import find_all_steps, find_hint

    enabled = _selection(ns)
    grid = _parse_puzzle_arg(ns.puzzle)
    geo = grid.geometry
    out = sys.stdout
    solution = unique_solution(Grid.from_values(grid.givens))
    mistake = diagnose(grid, solution) if solution is not None else None
    if mistake is not None:
        if ns.json:
            out.write(json.dumps({"mistake": {
                "kind": mistake.kind.value,
                "cell": geo.cell_name(mistake.cell),
                "digit": mistake.digit,
                "message": mistake.message,
            }}) + "\n")
        else:
            out.write(f"mistake: {mistake.message}\n")
        return 1
    unique = solution is not None
    if ns.all:
        steps = find_all_steps(grid, enabled, unique=unique)
    else:
        first = find_hint(grid, enabled, unique=unique)
        steps = [first] if first is not None else []
    if ns.json:
        dicts = [s.to_dict(geo) for s in steps]
        out.write(json.dumps(dicts if ns.all else (dicts[0] if dicts else None)) + "\n")
    else:
        for s in steps:
            out.write(s.explanation + "\n")
        if not steps:
            out.write("no step: none of the enabled techniques applies here\n")
    return 0 if steps else 1


def _cmd_steps(ns: argparse.Namespace) -> int:
    """One JSON line per puzzle: the puzzle, whether the logic solver finished, and its Steps."""
    import json

    from .engine.logic_solver import solve_logically

    enabled = _selection(ns)
    out = sys.stdout
    for _line, grid in iter_puzzles(_read_input(ns.source, sys.stdin)):
        path = solve_logically(grid, enabled)
        record = {
            "puzzle": grid.to_string(),
            "solved": path.solved,
            "steps": [s.to_dict(grid.geometry) for s in path.steps],
        }
        out.write(json.dumps(record) + "\n")
    return 0


def _cmd_rate(ns: argparse.Namespace) -> int:
    """One line per puzzle: level, score, solved or stuck (see engine/rating.py for the scores)."""
    from .engine.logic_solver import solve_logically
    from .engine.rating import rate

    enabled = _selection(ns)
    out = sys.stdout
    for _line, grid in iter_puzzles(_read_input(ns.source, sys.stdin)):
        out.write(str(rate(solve_logically(grid, enabled))) + "\n")
    return 0


def _cmd_generate(ns: argparse.Namespace) -> int:
    """Print new puzzles with a unique solution, one line each, rated by the logic solver."""
    import random

    from .engine.generator import Symmetry, generate, generate_rated
    from .engine.logic_solver import solve_logically
    from .engine.rating import Level, rate

    if ns.count < 1:
        print(f"sudoku-tk: --count must be at least 1 (got {ns.count})", file=sys.stderr)
        return 2
    if ns.level != "any" and ns.size != 9:
        # The levels are HoDoKu's scale for 9×9; ignoring the request would pass off any puzzle as one.
        print(f"sudoku-tk: --level {ns.level} needs --size 9: levels rate 9×9 puzzles only", file=sys.stderr)
        return 2
    rng = random.Random(ns.seed)
    box = {4: 2, 9: 3, 16: 4}[ns.size]
    symmetry = Symmetry(ns.symmetry)
    out = sys.stdout
    status = 0
    for _ in range(ns.count):
        if ns.level == "any" or box != 3:
            grid = generate(rng, box, symmetry)
        else:
            want = Level[ns.level.upper()]
            found = generate_rated(
                rng,
                lambda g: rate(solve_logically(g)).level is want,
                box,
                symmetry,
                time_limit=ns.time_limit,
            )
            if found is None:
                print(f"sudoku-tk: no {ns.level} puzzle found within {ns.time_limit:g} s", file=sys.stderr)
                status = 1
                continue
            grid = found
        line = grid.to_string()
        if ns.rate and box == 3:
            line += f"  # {rate(solve_logically(grid))}"
        out.write(line + "\n")
        out.flush()
    return status


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
    p = sub.add_parser("hint", help="the next logical step (every step with --all) for a puzzle or candidate grid")
    p.add_argument("--all", action="store_true", help="list every step available, not just the first")
    p.add_argument("--json", action="store_true", help="JSON output (the shape of `steps`)")
    p.add_argument("puzzle", help="a puzzle or candidate grid as text, a file, or - for standard input")
    _technique_options(p)
    p.set_defaults(func=_cmd_hint)
    p = sub.add_parser("steps", help="the logic solver's path for each puzzle, one JSON object per line")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, or - for standard input")
    _technique_options(p)
    p.set_defaults(func=_cmd_steps)
    p = sub.add_parser("rate", help="level, score and solved/stuck for each puzzle")
    p.add_argument("source", nargs="?", default="-", help="a file of puzzles, or - for standard input")
    _technique_options(p)
    p.set_defaults(func=_cmd_rate)
    p = sub.add_parser("generate", help="new puzzles with a unique solution, one line each")
    p.add_argument("--level", default="any", choices=["any", "easy", "medium", "hard", "unfair", "extreme"],
                   help="difficulty by the logic solver's rating (9x9 only; default any)")
    p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
    p.add_argument("--size", type=int, default=9, choices=[4, 9, 16], help="board side (default 9)")
    p.add_argument("--symmetry", default="rotational", choices=[s.value for s in _symmetries()],
                   help="which givens go together (default rotational)")
    p.add_argument("--seed", type=int, default=None, help="random seed, for repeatable output")
    p.add_argument("--time-limit", type=float, default=30.0, help="seconds to search per puzzle (default 30)")
    p.add_argument("--rate", action="store_true", help="append the rating as a # comment")
    p.set_defaults(func=_cmd_generate)
    return parser


def _technique_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--techniques", metavar="LIST",
        help="the techniques to use: comma-separated names, HoDoKu codes or families ('chains', 'fish', "
             "'last resort'), 'default' or 'all'; '+x'/'-x' add or remove (a list of only those adjusts the "
             "default set), e.g. --techniques=-forcing-net-contradiction or --techniques singles,x-wing",
    )
    p.add_argument("--max-level", choices=["easy", "medium", "hard", "unfair", "extreme"],
                   help="use only techniques rated at this level or below (HoDoKu's levels)")


def _symmetries() -> list:  # type: ignore[type-arg]
    from .engine.generator import Symmetry

    return list(Symmetry)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = build_parser()
    args: List[str] = list(sys.argv[1:] if argv is None else argv)
    ns = parser.parse_args(args)
    if not getattr(ns, "func", None):
        parser.print_help()
        return 2
    try:
        return int(ns.func(ns))
    except (PuzzleFormatError, SelectionError) as exc:
        print(f"sudoku-tk: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
