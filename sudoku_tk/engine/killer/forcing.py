"""Killer Forcing Net, the last resort: a candidate that, placed, leads by the cages and the singles to a
contradiction is false.

The consequences are those the brute-force search propagates (solver.py): singles, each cage's workable
combinations, the innies of every house and the innie and outie sums of houses side by side. The sentence follows
them as a player would check them: "if r1c1 were 5, then r1c2 = 9 (the 14-cage at r1c1), r2c3 = 4 (the last
place for 4 in box 1), … and the 10-cage at r4c4 could not make its sum — so r1c1 can't be 5". Cells with fewest
candidates are tried first, so the net starts where a player would.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from ..board.geometry import digits_of
from ..board.grid import Grid
from ..steps.step import Highlight, HighlightRole, Step, Technique
from .cage_steps import killer_step
from .cages import GEOMETRY, KillerPuzzle
from .solver import SearchTables, Trace, refutes, search_tables

_SHOWN = 12
"""The most consequences a sentence lists before it leaves out the middle of the net."""


@lru_cache(maxsize=4)
def _tables(puzzle: KillerPuzzle) -> SearchTables:
    return search_tables(puzzle)


def find_killer_forcing_net(puzzle: KillerPuzzle, grid: Grid) -> Iterator[Step]:
    """Yield the removal of each candidate whose placement propagates to a contradiction (fewest-candidate cells
    first)."""
    t = _tables(puzzle)
    cands, values = grid.candidates, grid.values
    order = sorted((c for c in range(81) if not values[c] and cands[c]), key=lambda c: (cands[c].bit_count(), c))
    for cell in order:
        for digit in digits_of(cands[cell]):
            if not refutes(t, cands, values, cell, digit):
                continue
            trace = Trace()
            refutes(t, cands, values, cell, digit, trace)
            yield killer_step(
                Technique.KILLER_FORCING_NET,
                _reason(t, trace, cell, digit),
                [(cell, digit)],
                (Highlight(HighlightRole.PATTERN, tuple(c for c, _ in trace.order[1:])),),
                GEOMETRY.cell_name(cell),
            )


def _because(t: SearchTables, cause: tuple[str, int], digit: int) -> str:
    kind, where = cause
    if kind == "group":
        return t.group_names[where]
    if kind == "sum":
        return t.sum_names[where]
    if kind == "unit":
        return f"the last place for {digit} in {GEOMETRY.unit_name(where)}"
    return "its last candidate"


def _failure(t: SearchTables, trace: Trace) -> str:
    kind, where = trace.failure
    name = GEOMETRY.cell_name
    if kind == "twice":
        last, digit = trace.order[-1]
        return f"{name(last)} and {name(where)} would both be {digit}"
    if kind == "empty":
        return f"{name(where)} would have no candidate left"
    if kind in ("group", "sum"):
        group = t.group_names[where] if kind == "group" else t.sum_names[where]
        whose = "its" if group.startswith("the ") and "-cage" in group else "their"
        return f"{group} could not make {whose} sum"
    if kind == "unit":
        return f"some digit would have no place left in {GEOMETRY.unit_name(where)}"
    return f"{name(where)} would need two digits at once"


def _reason(t: SearchTables, trace: Trace, cell: int, digit: int) -> str:
    name = GEOMETRY.cell_name
    steps = [f"{name(c)} = {d} ({_because(t, trace.cause.get(c, ('last', -1)), d)})" for c, d in trace.order[1:]]
    if len(steps) > _SHOWN:
        steps = steps[: _SHOWN - 3] + [f"… {len(steps) - _SHOWN + 1} more …"] + steps[-2:]
    chain = ", ".join(steps)
    then = f"then {chain}, and " if chain else "then "
    return f"if {name(cell)} were {digit}, {then}{_failure(t, trace)}, so {name(cell)} can't be {digit}"
