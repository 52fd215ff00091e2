"""What every technique finder says on 2,000 real positions, folded into one digest per technique.

The reference (``finder_reference.txt`` beside this file) was recorded from the finders as they were before the
chain and fish core was unified (issue 24), so that a refactor can show it changes no finder's output: same
steps, in the same order, with the same effects, pattern (highlights: base and cover sets, fins, defining
units), links, chain nodes with their reasons, and text.

Positions: the Sudoku Exchange bank kept in this repository (``tests/data/puzzles``, public domain), every
``STRIDE``-th puzzle from ``FIRST`` on (the harder part: the file is sorted by rating); each puzzle is solved by
``solve_logically`` with the default techniques, and the position before every step that is not a single is
taken, until ``POSITIONS`` positions.

Per position every registered finder is asked for its first ``CAP`` steps (a finder yields shortest or simplest
first, and ``find_hint`` takes from the front, so the order is part of what is compared). Each step is written in
one canonical line (effects sorted, highlights and links sorted, chain nodes in order); the lines of one
technique over all positions go into one SHA-256 digest.

Regenerate (only on purpose, with the code whose output is the reference)::

    python tests/engine/techniques/finder_reference.py --write

The reference was written at commit 4fb22bb (before the core was unified). To see where two versions differ,
dump the canonical lines of one family module with each version and diff them::

    python tests/engine/techniques/finder_reference.py --dump fish > fish.txt
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import Family, Step
from sudoku_tk.engine.techniques import FAMILY_MODULES

HERE = Path(__file__).resolve().parent
REFERENCE = HERE / "finder_reference.txt"
PUZZLES = HERE.parent.parent / "data" / "puzzles" / "sudoku_exchange_se_rated.txt"

FIRST = 600
STRIDE = 11
POSITIONS = 2000
CAP = 20
"""At most this many steps of one finder per position (the long forcing finders yield hundreds)."""


def module_name(module: object) -> str:
    return str(getattr(module, "__name__", "")).rsplit(".", 1)[-1]


MODULES = {module_name(m): m for m in FAMILY_MODULES}


@cache
def positions() -> tuple[Grid, ...]:
    """The positions, in order (see the module docstring)."""
    lines = [s.strip() for s in PUZZLES.read_text(encoding="utf-8").splitlines() if s.strip()]
    out: list[Grid] = []
    for puzzle in lines[FIRST::STRIDE]:
        path = solve_logically(parse_grid(puzzle), unique=True)
        for step, grid in zip(path.steps, path.iter_grids()):
            if step.technique.family is not Family.SINGLES:
                out.append(grid)
                if len(out) == POSITIONS:
                    return tuple(out)
    return tuple(out)


def position_line(grid: Grid) -> str:
    return ",".join(f"{v}:{m}" for v, m in zip(grid.values, grid.candidates))


def step_line(step: Step) -> str:
    """One step as one canonical line."""
    highlights = sorted(
        (h.role.name, tuple(sorted(h.cells)), tuple(sorted(h.digits)), tuple(sorted(h.units))) for h in step.highlights
    )
    links = sorted(
        (k.from_cell, k.from_digit, k.to_cell, k.to_digit, k.strong, k.from_group, k.to_group) for k in step.links
    )
    chain = [
        (
            n.cells,
            n.digit,
            n.on,
            None
            if n.because is None
            else (n.because.rule.name, n.because.needs, n.because.unit, n.because.cells, n.because.digits),
        )
        for n in step.chain
    ]
    return repr(
        (
            step.technique.name,
            sorted((p.cell, p.digit) for p in step.placements),
            sorted((e.cell, e.digit) for e in step.eliminations),
            highlights,
            links,
            chain,
            step.explanation,
            step.conclusion,
            step.focus,
        )
    )


def module_lines(name: str) -> Iterator[tuple[str, str]]:
    """(technique name, canonical line) for every step the module's finders yield on every position."""
    module = MODULES[name]
    for i, grid in enumerate(positions()):
        for _served, finder in module.FINDERS:
            for step in itertools.islice(finder(grid), CAP):
                yield step.technique.name, f"{i} {step_line(step)}"


def module_digests(name: str) -> dict[str, str]:
    """One digest per technique the module's finders served (techniques never found are left out)."""
    hashes: dict[str, hashlib._Hash] = {}
    for technique, line in module_lines(name):
        hashes.setdefault(technique, hashlib.sha256()).update(line.encode() + b"\n")
    return {t: h.hexdigest() for t, h in sorted(hashes.items())}


def positions_digest() -> str:
    h = hashlib.sha256()
    for grid in positions():
        h.update(position_line(grid).encode() + b"\n")
    return h.hexdigest()


def read_reference() -> tuple[str, dict[str, dict[str, str]]]:
    """(the positions' digest, module -> technique -> digest) from the reference file."""
    where = ""
    per_module: dict[str, dict[str, str]] = {}
    for raw in REFERENCE.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        module, technique, digest = raw.split()
        if module == "positions":
            where = digest
        else:
            per_module.setdefault(module, {})[technique] = digest
    return where, per_module


def write_reference() -> None:
    lines = [
        "# Digests of every finder's output on 2,000 positions: see finder_reference.py (module, technique, SHA-256).",
        f"positions {len(positions())} {positions_digest()}",
    ]
    for name in MODULES:
        for technique, digest in module_digests(name).items():
            lines.append(f"{name} {technique} {digest}")
    REFERENCE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="write the reference from the code as it is")
    parser.add_argument("--dump", metavar="MODULE", help="print a family module's canonical lines")
    ns = parser.parse_args(argv)
    if ns.write:
        write_reference()
    elif ns.dump:
        for technique, line in module_lines(ns.dump):
            print(technique, line)
    else:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
