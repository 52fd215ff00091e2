"""The command line for Killer Sudoku: ``solve``, ``check``, ``hint``, ``steps`` and ``rate`` on one Killer text.

``run(command, text, out, err)`` is the whole contract: the variants' command line (``--variant killer``) hands it
the command's name and the puzzle's text (engine/killer/text.py: ``[givens81] cagemap81 sums``) and returns the
exit status. Outputs follow the classic commands' (cli/commands.py):

- ``solve``: the solution as 81 digits; ``no solution`` or ``multiple solutions`` (status 1);
- ``check``: ``givens: N``, ``cages: N``, any ``problem: …`` lines, then ``unique``, ``no solution`` or
  ``multiple solutions`` (status 0 only for unique);
- ``hint``: the next step's sentence (the Killer logic solver, engine/killer/logic.py); status 1 when no step
  applies or the puzzle can't be solved;
- ``steps``: one JSON line: the puzzle, whether the logic solver finished, and its steps (``Step.to_dict``);
- ``rate``: ``level score solved|stuck`` from the technique table's scores.

A text that is not a Killer puzzle, a command this module does not handle, or a search that takes longer than
``SEARCH_SECONDS`` is one line on ``err`` (``sudoku-tk: …``) and status 2, never a traceback.
"""

from __future__ import annotations

import json
from typing import TextIO

from ..engine.board.grid import Grid
from ..engine.killer.cages import KillerError, KillerPuzzle
from ..engine.killer.logic import find_killer_hint, solve_killer_logically, start_grid
from ..engine.killer.solver import killer_solutions
from ..engine.killer.text import format_killer, parse_killer
from ..engine.rating.score import rate
from ..engine.solving.brute_force import SearchStopped, deadline
from .console import fit

COMMANDS = ("solve", "check", "hint", "steps", "rate")
"""The commands ``run`` handles."""
SEARCH_SECONDS = 60.0
"""How long the brute-force search may take to count a puzzle's solutions before the command gives up."""

_NO_SOLUTION = "no solution"
_SEVERAL = "multiple solutions"


class _Unusable(Exception):
    """The command can't go on: the one line for ``err`` and status 2."""


def run(command: str, text: str, out: TextIO, err: TextIO) -> int:
    """Run ``command`` on the Killer puzzle in ``text``, writing to ``out`` and ``err``; return the exit status.

    0: done (solved, unique, a step given); 1: no solution, several, a problem, or no step; 2: unusable input, an
    unknown command or a search over its time.
    """
    try:
        if command not in COMMANDS:
            raise _Unusable(f"the Killer variant does not handle {command!r}: use one of {', '.join(COMMANDS)}")
        try:
            puzzle = parse_killer(text)
        except KillerError as exc:
            raise _Unusable(f"not a Killer puzzle: {exc}") from None
        lines, status = _COMMANDS[command](puzzle, err)
    except _Unusable as exc:
        err.write(fit(f"sudoku-tk: {exc}", err) + "\n")
        return 2
    for line in lines:
        out.write(fit(line, out) + "\n")
    return status


def _solutions(puzzle: KillerPuzzle) -> list[tuple[int, ...]]:
    try:
        return killer_solutions(puzzle, 2, stop=deadline(SEARCH_SECONDS))
    except SearchStopped:
        raise _Unusable(f"the search for the puzzle's solutions took longer than {SEARCH_SECONDS:.0f} s") from None


def _rule_problems(puzzle: KillerPuzzle) -> list[str]:
    """Givens that break the classic rules (a digit twice in a row, column or box)."""
    return [p.message for p in Grid.from_values(puzzle.givens).duplicate_problems()]


def _solve(puzzle: KillerPuzzle, err: TextIO) -> tuple[list[str], int]:
    if _rule_problems(puzzle):
        return [_NO_SOLUTION], 1
    sols = _solutions(puzzle)
    if not sols:
        return [_NO_SOLUTION], 1
    if len(sols) > 1:
        return [_SEVERAL], 1
    return ["".join(map(str, sols[0]))], 0


def _check(puzzle: KillerPuzzle, err: TextIO) -> tuple[list[str], int]:
    lines = [f"givens: {sum(1 for v in puzzle.givens if v)}", f"cages: {len(puzzle.cages)}"]
    problems = _rule_problems(puzzle)
    lines += [f"problem: {p}" for p in problems]
    if problems:
        return lines + [_NO_SOLUTION], 1
    count = len(_solutions(puzzle))
    lines.append({0: _NO_SOLUTION, 1: "unique"}.get(count, _SEVERAL))
    return lines, 0 if count == 1 else 1


def _blocking(puzzle: KillerPuzzle, err: TextIO) -> list[str]:
    """Problem lines when the puzzle can't be solved at all; a note on ``err`` when it has several solutions."""
    problems = _rule_problems(puzzle)
    if problems:
        return [f"problem: {p}" for p in problems]
    count = len(_solutions(puzzle))
    if count == 0:
        return ["problem: the puzzle has no solution"]
    if count > 1:
        err.write(fit("sudoku-tk: the puzzle has more than one solution", err) + "\n")
    return []


def _hint(puzzle: KillerPuzzle, err: TextIO) -> tuple[list[str], int]:
    problems = _blocking(puzzle, err)
    if problems:
        return problems, 1
    step = find_killer_hint(puzzle, start_grid(puzzle), most=True)
    if step is None:
        return ["no step: none of the techniques applies here"], 1
    return [step.explanation], 0


def _steps(puzzle: KillerPuzzle, err: TextIO) -> tuple[list[str], int]:
    record: dict[str, object] = {"puzzle": format_killer(puzzle), "solved": False, "steps": []}
    problems = _blocking(puzzle, err)
    if problems:
        record["problems"] = [p.removeprefix("problem: ") for p in problems]
        return [json.dumps(record, ensure_ascii=False)], 1
    path = solve_killer_logically(puzzle, most=True)
    geo = path.final.geometry
    record["solved"] = path.solved
    record["steps"] = [s.to_dict(geo) for s in path.steps]
    return [json.dumps(record, ensure_ascii=False)], 0


def _rate(puzzle: KillerPuzzle, err: TextIO) -> tuple[list[str], int]:
    problems = _blocking(puzzle, err)
    if problems:
        return ["problem: " + "; ".join(p.removeprefix("problem: ") for p in problems)], 1
    return [str(rate(solve_killer_logically(puzzle).path))], 0


_COMMANDS = {"solve": _solve, "check": _check, "hint": _hint, "steps": _steps, "rate": _rate}
