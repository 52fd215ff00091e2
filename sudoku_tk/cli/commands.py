"""The command line: solve and check puzzles, hint / steps / rate with the Step engine (and, as it grows, generate).

Output formats are stable: other tools and checks read them. Exit codes: 0 all
good, 1 a puzzle with conflicts or no solution (solve and check: several solutions
too) or no hint to give, 2 unusable input or options, a puzzle that took longer than
``--time-limit`` (cli/limits.py), or output that can't be written (a full disk): one line
on standard error for each.

Input is read bounded: at most 16 MB (``MAX_INPUT_BYTES``) from a file or standard
input, so ``/dev/zero`` or a runaway pipe is a one-line message, not a memory error.
Output never fails on a console that can't show the engine's typography ("→",
"≠", "—"): such text is spelled in ASCII there ("->", "!=", "-"). Both live in cli/console.py.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, TextIO

from .. import __version__
from ..engine.board.errors import PuzzleFormatError
from ..engine.board.grid import Grid, Problem, ProblemKind, values_line
from ..engine.rating.levels import LABELS
from ..engine.solving.brute_force import count_solutions, first_solutions, puzzle_problems
from . import console as cli_io
from .console import OutputError
from .console import fit as _fit
from .console import quoted as _quoted
from .daily import add_daily_parser
from .export import add_export_parser
from .generate import add_generate_parser
from .limits import DEFAULT_SECONDS, TimeLimitExceeded, time_limit
from .read_image import add_read_image_parser

if TYPE_CHECKING:
    from ..engine.board.geometry import Geometry
    from ..engine.steps.step import Technique

SUBCOMMANDS = ("solve", "check", "hint", "steps", "rate", "generate", "daily", "export", "read-image")
"""Every name the command line answers to; anything else opens the app."""

MAX_INPUT_BYTES = cli_io.MAX_INPUT_BYTES
"""The most read from one file or from standard input (see cli_io)."""

# Words of the stable output and of the help, each defined once.
_NO_SOLUTION = "no solution\n"
_SEVERAL_SOLUTIONS = "multiple solutions\n"
_PROBLEM = "problem: "
_SOURCE_HELP = "a file of puzzles, or - for standard input"
_LEVELS = list(LABELS)


def _read_input(source: str, stdin: TextIO) -> str:
    """The text of a file, or of standard input for ``-`` (bounded by ``MAX_INPUT_BYTES``, see cli_io)."""
    return cli_io.read_input(source, stdin, MAX_INPUT_BYTES)


def _error(message: str) -> None:
    """Say ``message`` on standard error as the one line ``sudoku-tk: message``."""
    print(_fit(f"sudoku-tk: {message}", sys.stderr), file=sys.stderr)


def iter_puzzles(text: str, variant: str | None = None) -> Iterator[tuple[int, Grid]]:
    """Yield (line number, grid) for each puzzle in ``text``.

    A text where every non-comment line is a one-line puzzle is a collection;
    anything else is read as one puzzle in any supported format. ``variant`` (``--variant``) or a ``variant:``
    line in the text reads a variant's form (engine/formats/variants.py); Killer goes to cli/killer.py. An
    f-puzzles or SudokuPad link is read as its variant's text form (engine/formats/fpuzzles.py).
    """
    from ..engine.formats import parse_collection
    from ..engine.formats.fpuzzles import is_link, read_link

    if is_link(text):  # an f-puzzles or SudokuPad link: read as the text form of its variant
        text = read_link(text)
    if variant is None and "variant" not in text.lower():
        yield from parse_collection(text)
        return
    from ..engine.board.geometry import KILLER
    from ..engine.formats.variants import read_variant_puzzles, variant_of

    if variant_of(text, variant) == KILLER:
        raise KillerText(text)
    yield from read_variant_puzzles(text, variant)


class KillerText(Exception):
    """The input is a Killer puzzle: ``_run`` hands it to cli/killer.py (written with the Killer engine)."""

    def __init__(self, text: str) -> None:
        super().__init__("a Killer puzzle")
        self.text = text


def _cmd_solve(ns: argparse.Namespace) -> int:
    text = _read_input(ns.source, sys.stdin)
    status = 0
    out = cli_io.stdout()
    for line, grid in iter_puzzles(text, ns.variant):
        with time_limit(ns.time_limit, f"the puzzle on line {line}"):
            sols = first_solutions(grid, 2)
        if not sols:
            out.write(_NO_SOLUTION)
            status = 1
        elif len(sols) > 1:
            out.write(_SEVERAL_SOLUTIONS)
            status = 1
        else:
            out.write(values_line(grid.geometry, sols[0]) + "\n")
    return status


def _cmd_check(ns: argparse.Namespace) -> int:
    grid = _parse_puzzle_arg(ns.puzzle, "check", ns.variant)
    out = cli_io.stdout()
    problems = grid.rule_problems()
    if not problems:
        with time_limit(ns.time_limit, "the puzzle"):
            n = count_solutions(grid, 2)
    out.write(f"givens: {grid.given_count()}\n")
    for p in problems:
        out.write(f"{_PROBLEM}{p.message}\n")
    if problems:
        out.write(_NO_SOLUTION)
        return 1
    out.write({0: _NO_SOLUTION, 1: "unique\n"}.get(n, _SEVERAL_SOLUTIONS))
    return 0 if n == 1 else 1


# -- hint / steps / rate (the Step engine) -------------------------------------------------------------------


def _read_puzzle_arg(source: str) -> str:
    """A puzzle argument: ``-`` (standard input), a file that exists, or else the puzzle text itself."""
    if source == "-" or os.path.exists(source):
        return _read_input(source, sys.stdin)
    return source


def _parse_puzzle_arg(source: str, command: str, variant: str | None = None) -> Grid:
    """Parse the one puzzle of a puzzle argument (see ``_read_puzzle_arg``) for ``command``.

    Raises:
        PuzzleFormatError: not a puzzle; for a one-line argument that is no file either, the message
            says both (a mistyped file name is the likelier mistake); more than one puzzle.
    """
    text = _read_puzzle_arg(source)
    is_text = source != "-" and not os.path.exists(source)
    try:
        puzzles = iter_puzzles(text, variant)
        _line, grid = next(puzzles)
        more = next(puzzles, None) is not None
    except PuzzleFormatError as exc:
        if is_text and "\n" not in source.strip():
            raise PuzzleFormatError(f"{_quoted(source)} is neither a file nor a puzzle: {exc}") from None
        raise
    if more:
        name = "standard input" if source == "-" else "the text" if is_text else repr(source)
        raise PuzzleFormatError(
            f"{name} holds more than one puzzle; {command} takes one (solve, steps and rate read many)"
        )
    return grid


def _puzzle_problems(grid: Grid) -> list[Problem]:
    """Everything wrong with the puzzle under ``grid`` and, when that still has a solution, with ``grid`` itself.

    The givens are judged by ``puzzle_problems`` (a digit twice in a unit, a cell without candidates, no
    solution, several solutions); then the placed digits and candidates of the position. An empty list
    means one solution and a sound board. Several solutions is listed but blocks nothing: see ``_blocking``.
    """
    problems = puzzle_problems(grid.givens_only())
    if not _blocking(problems):
        problems += grid.rule_problems()
    return problems


def _blocking(problems: Sequence[Problem]) -> list[Problem]:
    """The problems that leave nothing to reason about: all but several solutions (the logic still applies)."""
    return [p for p in problems if p.kind is not ProblemKind.MULTIPLE_SOLUTIONS]


def _problem_dict(problem: Problem, geo: Geometry) -> dict[str, Any]:
    """A problem as JSON: kind, the cells involved (``r1c1``), the digit or null, the sentence."""
    return {
        "kind": problem.kind.value,
        "cells": [geo.cell_name(c) for c in problem.cells],
        "digit": problem.digit or None,
        "message": problem.message,
    }


def _selection(ns: argparse.Namespace) -> frozenset[Technique] | None:
    """The techniques ``--techniques`` / ``--max-level`` allow (None: the default set).

    Raises:
        SelectionError: an unknown technique, family or level (reported as a one-line error, status 2).
    """
    from ..engine.solving.technique_sets import parse_level, parse_selection, up_to_level
    from ..engine.techniques import default_techniques

    chosen: frozenset[Technique] | None = None
    if getattr(ns, "techniques", None):
        chosen = parse_selection(ns.techniques)
    if getattr(ns, "max_level", None):
        chosen = up_to_level(chosen if chosen is not None else default_techniques(), parse_level(ns.max_level))
    return chosen


def _cmd_hint(ns: argparse.Namespace) -> int:
    """Print the next Step (every Step with --all) for one puzzle or candidate grid.

    A position that departs from the unique solution is reported instead ("mistake: ..."), and so is a
    puzzle or board that can't be solved ("problem: ...", one line each). Several solutions is said on
    standard error; the hint follows without uniqueness techniques. Exit 0 when a step was printed, 1 for
    a mistake, a problem, or when no enabled technique applies.
    """
    enabled = _selection(ns)
    grid = _parse_puzzle_arg(ns.puzzle, "hint", ns.variant)
    with time_limit(ns.time_limit, "the puzzle"):
        text, status = _hint_text(grid, enabled, ns.all, ns.json)
    cli_io.stdout().write(text)
    return status


def _hint_text(grid: Grid, enabled: frozenset[Technique] | None, every: bool, as_json: bool) -> tuple[str, int]:
    """What ``hint`` prints for ``grid`` and its exit status (see ``_cmd_hint``)."""
    import json

    from ..engine.solving.brute_force import unique_solution
    from ..engine.solving.logic import diagnose
    from ..engine.techniques import find_all_steps, find_hint

    geo = grid.geometry
    solution = unique_solution(grid.givens_only())
    if solution is None:
        problems = _puzzle_problems(grid)
        blocking = _blocking(problems)
        if blocking:
            if as_json:
                return json.dumps({"problems": [_problem_dict(p, geo) for p in blocking]}) + "\n", 1
            return "".join(f"{_PROBLEM}{p.message}\n" for p in blocking), 1
        _error("the puzzle has more than one solution: no uniqueness techniques, no mistake check")
    mistake = diagnose(grid, solution) if solution is not None else None
    if mistake is not None:
        if as_json:
            found = {
                "kind": mistake.kind.value,
                "cell": geo.cell_name(mistake.cell),
                "digit": mistake.digit,
                "message": mistake.message,
            }
            return json.dumps({"mistake": found}) + "\n", 1
        return f"mistake: {mistake.message}\n", 1
    unique = solution is not None
    if every:
        steps = find_all_steps(grid, enabled, unique=unique)
    else:
        first = find_hint(grid, enabled, unique=unique, most=True)
        steps = [first] if first is not None else []
    if as_json:
        dicts = [s.to_dict(geo) for s in steps]
        return json.dumps(dicts if every else (dicts[0] if dicts else None)) + "\n", 0 if steps else 1
    if not steps:
        return "no step: none of the enabled techniques applies here\n", 1
    return "".join(s.explanation + "\n" for s in steps), 0


def _cmd_steps(ns: argparse.Namespace) -> int:
    """One JSON line per puzzle: the puzzle, whether the logic solver finished, and its Steps.

    A puzzle with problems (``Grid.problems``: conflicts, no solution, several solutions) also gets
    ``"problems"``, their sentences; one that can't be solved gets no steps and makes the exit status 1.
    """
    import json

    from ..engine.solving.logic import solve_logically

    enabled = _selection(ns)
    out = cli_io.stdout()
    status = 0
    for line, grid in iter_puzzles(_read_input(ns.source, sys.stdin), ns.variant):
        record: dict[str, Any] = {"puzzle": grid.to_string(), "solved": False, "steps": []}
        with time_limit(ns.time_limit, f"the puzzle on line {line}"):
            problems = _puzzle_problems(grid)
            if not _blocking(problems):
                path = solve_logically(grid, enabled, unique=not problems, most=True)
                record["solved"] = path.solved
                record["steps"] = [s.to_dict(grid.geometry) for s in path.steps]
        if _blocking(problems):
            status = 1
        if problems:
            record["problems"] = [p.message for p in problems]
        out.write(json.dumps(record) + "\n")
    return status


def _cmd_rate(ns: argparse.Namespace) -> int:
    """One line per puzzle: level, score, solved or stuck (see engine/rating/score.py for the scores); with ``--se``
    also ``se=4.2``, the SE-like estimate (engine/rating/se.py; about twice the work).

    A puzzle that can't be solved (conflicts, no solution) gets ``problem: ...`` instead and makes the exit
    status 1; one with several solutions is rated as before and said so on standard error.
    """
    from ..engine.rating.score import rate, rate_puzzle
    from ..engine.solving.logic import solve_logically

    enabled = _selection(ns)
    out = cli_io.stdout()
    status = 0
    for line, grid in iter_puzzles(_read_input(ns.source, sys.stdin), ns.variant):
        with time_limit(ns.time_limit, f"the puzzle on line {line}"):
            problems = _puzzle_problems(grid)
            blocking = _blocking(problems)
            if blocking:
                text = _PROBLEM + "; ".join(p.message for p in blocking) + "\n"
            elif ns.se:
                rating = rate_puzzle(grid, enabled, unique=not problems)
                text = f"{rating} se={rating.se:.1f}\n"
            else:
                text = str(rate(solve_logically(grid, enabled, unique=not problems))) + "\n"
        if blocking:
            status = 1
        elif problems:
            _error(f"line {line}: the puzzle has more than one solution: rated without uniqueness techniques")
        out.write(text)
    return status


def _cmd_generate(ns: argparse.Namespace) -> int:
    """Print new unique, minimal puzzles, at a level or for practice (cli/generate.py)."""
    from .generate import run_generate

    return run_generate(ns)


def _cmd_daily(ns: argparse.Namespace) -> int:
    """Print the daily puzzle of a level and a date (cli/daily.py)."""
    from .daily import run_daily

    return run_daily(ns)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sudoku-tk",
        description="Sudoku solver-assistant. With no subcommand, opens the app.",
    )
    parser.add_argument("--version", action="version", version=f"sudoku-tk {__version__}")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("solve", help="solve puzzles, one result line per puzzle")
    p.add_argument("source", nargs="?", default="-", help=_SOURCE_HELP)
    _time_limit_option(p)
    _variant_option(p)
    p.set_defaults(func=_cmd_solve)
    p = sub.add_parser("check", help="count givens, list problems, tell unique / multiple / none")
    p.add_argument("puzzle", help="a puzzle as text, a file, or - for standard input")
    _time_limit_option(p)
    _variant_option(p)
    p.set_defaults(func=_cmd_check)
    p = sub.add_parser("hint", help="the next logical step (every step with --all) for a puzzle or candidate grid")
    p.add_argument("--all", action="store_true", help="list every step available, not just the first")
    p.add_argument("--json", action="store_true", help="JSON output (the shape of `steps`)")
    p.add_argument("puzzle", help="a puzzle or candidate grid as text, a file, or - for standard input")
    _technique_options(p)
    _time_limit_option(p)
    _variant_option(p)
    p.set_defaults(func=_cmd_hint)
    p = sub.add_parser("steps", help="the logic solver's path for each puzzle, one JSON object per line")
    p.add_argument("source", nargs="?", default="-", help=_SOURCE_HELP)
    _technique_options(p)
    _time_limit_option(p)
    _variant_option(p)
    p.set_defaults(func=_cmd_steps)
    p = sub.add_parser("rate", help="level, score and solved/stuck for each puzzle")
    p.add_argument("source", nargs="?", default="-", help=_SOURCE_HELP)
    p.add_argument("--se", action="store_true", help="add se=N.N, an estimate of the Sudoku Explainer rating")
    _technique_options(p)
    _time_limit_option(p)
    _variant_option(p)
    p.set_defaults(func=_cmd_rate)
    add_generate_parser(sub, _seconds).set_defaults(func=_cmd_generate)  # levels, practice, --jobs: cli/generate.py
    add_daily_parser(sub, _seconds, DEFAULT_SECONDS).set_defaults(func=_cmd_daily)  # the daily puzzle: cli/daily.py
    add_export_parser(sub)  # pictures and PDF sheets: cli/export.py
    add_read_image_parser(sub)  # a puzzle from a picture: cli/read_image.py
    return parser


def _seconds(text: str) -> float:
    """The ``--time-limit`` type: a finite number of seconds above zero (nan, inf, 0 and below are refused)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {_quoted(text)}")
    return value


def _time_limit_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--time-limit",
        type=_seconds,
        default=DEFAULT_SECONDS,
        metavar="SECONDS",
        help=f"give up on a puzzle after this many seconds: one line on standard error, exit status 2 "
        f"(default {DEFAULT_SECONDS:g})",
    )


def _variant_option(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--variant",
        type=str.lower,
        metavar="NAME",
        help="x, windoku, jigsaw or killer (a 'variant: NAME' line in the text says it too); Jigsaw text is the "
        "81 givens and an 81-character region map separated by white space",
    )


def _technique_options(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--techniques",
        metavar="LIST",
        help="the techniques to use: comma-separated names, HoDoKu codes or families ('chains', 'fish', "
        "'last resort'), 'default' or 'all'; '+x'/'-x' add or remove (a list of only those adjusts the "
        "default set), e.g. --techniques=-forcing-net-contradiction or --techniques singles,x-wing",
    )
    p.add_argument(
        "--max-level", choices=_LEVELS, help="use only techniques rated at this level or below (HoDoKu's levels)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args: list[str] = list(sys.argv[1:] if argv is None else argv)
    try:
        try:
            ns = parser.parse_args(args)
        except SystemExit:  # --help, --version, or a usage error: argparse printed it; make sure it was written
            cli_io.stdout().flush()
            raise
        if not getattr(ns, "func", None):
            parser.print_help()
            cli_io.stdout().flush()
            return 2
        status = _run(ns)
        cli_io.stdout().flush()
        return status
    except OutputError as exc:
        _error(f"can't write the output: {exc.reason}")
        cli_io.drop_unwritten_output()
        return 2
    except BrokenPipeError:  # the reader went away (`| head`): nothing more to say
        cli_io.drop_unwritten_output()
        return 0


def _killer_input(ns: argparse.Namespace) -> str:
    source = getattr(ns, "source", None)
    return _read_input(source, sys.stdin) if source is not None else _read_puzzle_arg(ns.puzzle)


def _run_killer(ns: argparse.Namespace, text: str) -> int:
    """Hand a Killer puzzle to ``sudoku_tk.cli.killer.run`` (the Killer engine's module), or say it is not here."""
    try:
        from . import killer  # type: ignore[attr-defined,unused-ignore]
    except ImportError:
        _error("killer puzzles are not in this build")
        return 2
    return int(killer.run(ns.command, text, sys.stdout, sys.stderr))  # the contract: (command, text, out, err)


_KILLER_COMMANDS = ("solve", "check", "hint", "steps", "rate")
"""The commands cli/killer.py answers for a Killer (``export`` draws one like any other board)."""


def _run(ns: argparse.Namespace) -> int:
    """Run the chosen subcommand; its problems with the input, options or time as one line and status 2."""
    try:
        if getattr(ns, "variant", None) == "killer" and ns.command in _KILLER_COMMANDS:
            return _run_killer(ns, _killer_input(ns))
        return int(ns.func(ns))
    except KillerText as killer:
        return _run_killer(ns, killer.text)
    except (PuzzleFormatError, TimeLimitExceeded) as exc:
        _error(str(exc))
        return 2
    except ValueError as exc:
        # Imported here, not at the top: it pulls in every technique, which solve and check never need.
        from ..engine.solving.technique_sets import SelectionError

        if not isinstance(exc, SelectionError):
            raise
        _error(str(exc))
        return 2
