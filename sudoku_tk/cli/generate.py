"""``sudoku-tk generate``: new unique, minimal puzzles, at a level or for practising a technique, on every core.

One puzzle per line, in order; with ``--rate`` the rating follows as a ``# level score solved`` comment. The
i-th puzzle has its own seed (``<seed>/<i>``, see engine/generating/level_search.py), so ``--seed`` gives the same lines
whatever ``--jobs`` is. Exit codes as for the other subcommands: 0 every puzzle printed, 1 some puzzle not found
within ``--time-limit`` (said on standard error, the others still printed), 2 unusable options.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..engine.rating.levels import LABELS
from ..engine.steps.step import Technique
from . import console as cli_io

if TYPE_CHECKING:
    from ..engine.rating.levels import Level

LEVELS = list(LABELS)
SYMMETRIES = ["none", "rotational", "mirror", "diagonal"]


def add_generate_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser], seconds: Callable[[str], float]
) -> argparse.ArgumentParser:
    """Add the ``generate`` subcommand and return its parser (``seconds`` is the type of ``--time-limit``)."""
    p = sub.add_parser("generate", help="new unique, minimal puzzles, one line each (at a level, or for practice)")
    p.add_argument(
        "--level",
        default="any",
        choices=["any", *LEVELS],
        help="difficulty by the logic solver's rating, never needing Brute Force (9x9 only; default any)",
    )
    p.add_argument(
        "--technique",
        metavar="NAME",
        help="a practice puzzle: its solving path takes this technique (name or HoDoKu code, e.g. x-wing, "
        "xy-chain; 9x9 only)",
    )
    p.add_argument(
        "--position",
        action="store_true",
        help="with --technique: a practice position where that technique is the next step (any of the 80), "
        "printed as a pencil-mark grid that hint reads back (see README)",
    )
    p.add_argument("--count", type=int, default=1, help="how many puzzles (default 1)")
    p.add_argument("--size", type=int, default=9, choices=[4, 9, 16], help="board side (default 9)")
    p.add_argument(
        "--symmetry",
        default=None,
        choices=SYMMETRIES,
        help="which givens go together (default rotational; none for --technique)",
    )
    p.add_argument("--seed", type=int, default=None, help="random seed, for repeatable output (any --jobs)")
    p.add_argument("--jobs", type=int, default=None, help="worker processes (default: every core)")
    p.add_argument("--time-limit", type=seconds, default=30.0, help="seconds to search per puzzle (default 30)")
    p.add_argument("--rate", action="store_true", help="append the rating as a # comment")
    p.add_argument(
        "--variant",
        choices=["x", "windoku", "jigsaw", "killer"],
        help="a Sudoku X, Windoku or Jigsaw puzzle (9x9; a Jigsaw line is the givens, a space and its region map)",
    )
    return p


def _error(message: str) -> None:
    print(cli_io.fit(f"sudoku-tk: {message}", sys.stderr), file=sys.stderr)


def _option_problem(ns: argparse.Namespace) -> str | None:
    if ns.count < 1:
        return f"--count must be at least 1 (got {ns.count})"
    if ns.jobs is not None and ns.jobs < 1:
        return f"--jobs must be at least 1 (got {ns.jobs})"
    if ns.level != "any" and ns.technique:
        return "--level and --technique don't go together: a practice puzzle is at the level its path gives"
    if ns.level != "any" and ns.size != 9:
        # The levels are HoDoKu's scale for 9×9; ignoring the request would pass off any puzzle as one.
        return f"--level {ns.level} needs --size 9: levels rate 9×9 puzzles only"
    if ns.position and not ns.technique:
        return "--position needs --technique: a practice position is for one technique"
    if ns.technique and ns.size != 9:
        return "--technique needs --size 9: practice puzzles are rated 9×9 puzzles"
    if ns.variant and (ns.technique or ns.size != 9):
        return "--variant makes 9×9 puzzles at a level (--level), not practice puzzles or other sizes"
    return None


def run_generate(ns: argparse.Namespace) -> int:
    """Print the puzzles ``ns`` asks for (see the module docstring)."""
    from ..engine.generating.batch import Request, generate_batch
    from ..engine.generating.generator import Symmetry
    from ..engine.generating.level_search import practice_techniques
    from ..engine.rating.score import Level
    from ..engine.solving.technique_sets import SelectionError, parse_selection

    problem = _option_problem(ns)
    if problem:
        _error(problem)
        return 2
    if ns.variant:
        return _print_variants(ns, None if ns.level == "any" else Level[ns.level.upper()])
    technique = None
    if ns.technique:
        try:
            chosen = parse_selection(ns.technique)
        except SelectionError as exc:
            _error(str(exc))
            return 2
        if len(chosen) != 1:
            _error(f"--technique takes one technique, not {ns.technique!r}")
            return 2
        (technique,) = chosen
        if ns.position:
            return _print_positions(ns, technique)
        if technique not in practice_techniques():
            # No whole puzzle's default path takes it: answer with a position, where it is the next step.
            _error(
                f"no whole puzzle's solving path takes {technique.display_name} (off by default, or never "
                "reached): here is a practice position instead (--position)"
            )
            return _print_positions(ns, technique)
    request = Request(
        level=None if ns.level == "any" else Level[ns.level.upper()],
        technique=technique,
        symmetry=None if ns.symmetry is None else Symmetry(ns.symmetry),
        time_limit=ns.time_limit,
        box={4: 2, 9: 3, 16: 4}[ns.size],
        rated=ns.rate,
    )
    base = ns.seed if ns.seed is not None else random.SystemRandom().randrange(1 << 62)
    what = technique.display_name + " practice" if technique else ns.level if ns.level != "any" else "unique"
    out = cli_io.Console(sys.stdout)
    status = 0
    for seed, found in generate_batch(request, base, ns.count, ns.jobs):
        if found is None:
            _error(f"no {what} puzzle found within {ns.time_limit:g} s (seed {seed})")
            status = 1
            continue
        line = found.puzzle
        if ns.rate and found.rating is not None:
            line += f"  # {found.rating}"
        out.write(line + "\n")
        out.flush()
    return status


def _print_variants(ns: argparse.Namespace, level: Level | None) -> int:
    """Print ``ns.count`` puzzles of ``ns.variant`` (engine/generating/variant_puzzles.py), one line each, one after
    another (the i-th from seed ``<seed>/<i>``)."""
    from ..engine.generating.level_search import puzzle_seed
    from ..engine.generating.variant_puzzles import generate_variant_puzzle

    base = ns.seed if ns.seed is not None else random.SystemRandom().randrange(1 << 62)
    out = cli_io.Console(sys.stdout)
    status = 0
    for i in range(ns.count):
        seed = puzzle_seed(base, i)
        found = generate_variant_puzzle(random.Random(seed), ns.variant, level, ns.time_limit)
        if found is None:
            _error(f"no {ns.variant} puzzle{f' at {ns.level}' if level else ''} found within {ns.time_limit:g} s")
            status = 1
            continue
        out.write(found.line() + (f"  # {found.rating}" if ns.rate else "") + "\n")
        out.flush()
    return status


def _print_positions(ns: argparse.Namespace, technique: Technique) -> int:
    """Print ``ns.count`` practice positions for ``technique`` (engine/generating/practice_positions.py): comment lines (the
    technique, the puzzle, the ``--techniques`` option a hint needs when the technique is off by default or the
    position is served with techniques switched off, and why), then the position as
    a HoDoKu-style pencil-mark grid (placed digits marked ``+``), a blank line between two positions."""
    from ..engine.formats.grid_text import format_pencilmarks
    from ..engine.generating.level_search import puzzle_seed
    from ..engine.generating.practice_positions import NO_POSITION, SWITCHED_OFF, load_positions, serve_position

    base = ns.seed if ns.seed is not None else random.SystemRandom().randrange(1 << 62)
    out = cli_io.Console(sys.stdout)
    for i in range(ns.count):
        seed = puzzle_seed(base, i)
        got = serve_position(seed, technique)
        if got is None:
            stored = len(load_positions().of(technique))
            why = f"none of the {stored} stored passed the check" if stored else "none was found when mining"
            if not stored and technique in NO_POSITION:
                why = NO_POSITION[technique]
            _error(f"no practice position for {technique.display_name}: {why} (seed {seed})")
            return 1
        lines = [
            f"# Practice position: {technique.display_name} ({technique.family.value}) is the next step",
            f"# puzzle: {got.puzzle.to_string()}",
            f"# moves to here: {len(got.moves)}; seed {seed}",
        ]
        if got.switched_off:
            names = ", ".join(t.display_name for t in got.switched_off)
            lines.append(f"# served with {names} switched off: {SWITCHED_OFF.get(technique, 'they come first here')}")
            lines.append(f"# ask with  sudoku-tk hint --techniques={got.hint_option}")
        elif got.needs_enabling:
            lines.append(f"# off by default: ask with  sudoku-tk hint --techniques {got.hint_option}")
        if i:
            out.write("\n")
        out.write("\n".join(lines) + "\n" + format_pencilmarks(got.grid))
        out.flush()
    return 0
