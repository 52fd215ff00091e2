"""Every reason of every chain-like hint replays on its position, and every such hint has a walk (issue 21).

A chain, loop, ALS chain, forcing chain or net, nested net or Kraken fish numbers its nodes and gives each a
typed reason naming the earlier nodes it needs (step.py). ``reason_replay.unstated`` checks them against the
position: a reason may lean on no fact it does not name. Positions: every case of the chain families' case
files, and the logic solver's whole path on the hardest puzzles of the SE-rated set (kept in the repository);
the soundness sweeps (sweeps.py) replay every reason on their 600 real positions too, and ``hint --json`` on 200
hard positions carries ``because`` on every node.
"""

from __future__ import annotations

import json

import pytest
from caselib import load_cases
from reason_replay import check_reasons, contradicts, unstated
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import ASSUMED, ChainNode, Reason, Rule, Step, Technique
from sudoku_tk.engine.steps.walk import walk_of
from sudoku_tk.engine.techniques import find_hint, finder_for

CHAIN_FILES = ("chains.cases", "nice_loops.cases", "als.cases", "forcing.cases", "kraken.cases")
WALKED_ALWAYS = frozenset(
    t for t in Technique if t.family.name in ("CHAINS", "ALS") or t.name.startswith(("FORCING_", "KRAKEN_", "NESTED_"))
)
"""Techniques whose every step must come with numbered nodes and a walk (a doubly linked ALS-XZ, which is no chain
of nodes, is told by its sentence alone)."""


def _doubly_linked(step: Step) -> bool:
    return step.technique is Technique.ALS_XZ and len([lk for lk in step.links if not lk.strong]) > 1


def _cases() -> list:  # type: ignore[type-arg]
    out = []
    for name in CHAIN_FILES:
        out += [c for c in load_cases(name) if not c.must_not_fire]
    return out


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c.ident)
def test_every_reason_of_a_case_replays(case) -> None:  # type: ignore[no-untyped-def]
    finder = finder_for(case.technique)
    assert finder is not None
    checked = 0
    for step in finder(case.grid):
        check_reasons(case.grid, step)
        if step.chain:
            assert walk_of(step, case.grid.geometry, case.grid.candidates)
            checked += 1
        if checked >= 5:
            break


def _hard_puzzles(n: int) -> list[str]:
    lines = [ln.split("\t") for ln in read_puzzles("sudoku_exchange_se_rated.tsv")[1:]]
    rated = [(float(r), p) for p, r in lines if r.replace(".", "", 1).isdigit()]
    rated.sort(reverse=True)
    return [p for _r, p in rated[:n]]


@pytest.mark.parametrize("puzzle", _hard_puzzles(12))
def test_every_reason_on_a_hard_solving_path_replays(puzzle: str) -> None:
    path = solve_logically(parse_grid(puzzle))
    chained = 0
    for grid, step in zip(path.iter_grids(), path.steps):
        check_reasons(grid, step)
        if step.technique in WALKED_ALWAYS and not _doubly_linked(step):
            assert step.chain, step.explanation
            chained += 1
    assert path.solved


def test_the_replay_catches_a_reason_that_leans_on_an_unstated_fact() -> None:
    """The checker itself: a 'last place' that leaves out an open place, a 'sees' of nothing, a lost candidate."""
    grid = parse_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    geo = grid.geometry
    # r1c2 (cell 1) and digit 1: find a row-1 unit with several places of some digit.
    digit = next(d for d in range(1, 10) if sum(1 for c in geo.units[0] if grid.candidates[c] >> (d - 1) & 1) >= 3)
    places = [c for c in geo.units[0] if grid.candidates[c] >> (digit - 1) & 1]
    chain = (
        ChainNode((places[0],), digit, False, ASSUMED),
        ChainNode((places[1],), digit, True, Reason(Rule.LAST_PLACE, (1,), unit=0)),
    )
    problems = unstated(grid, chain)
    assert problems and "leaves out" in problems[0]
    lonely = (ChainNode((places[0],), digit, False, Reason(Rule.SEES, ())),)
    assert unstated(grid, lonely)
    assert not contradicts(grid, chain[:1])


def _hard_positions(count: int) -> list[Grid]:
    """Positions where the next step is a chain-like one: along the paths of the forum's hardest puzzles."""
    out: list[Grid] = []
    for line in read_puzzles("forum_hardest_1905_11plus_every4th.txt"):
        path = solve_logically(parse_grid(line[:81]))
        for grid, step in zip(path.iter_grids(), path.steps):
            if step.technique in WALKED_ALWAYS and not _doubly_linked(step):
                out.append(grid)
                if len(out) % 4 == 0:
                    break  # a few positions per puzzle, many puzzles
        if len(out) >= count:
            return out[:count]
    return out


@pytest.mark.slow
def test_hint_json_on_200_hard_positions_has_a_reason_on_every_node() -> None:
    positions = _hard_positions(200)
    assert len(positions) == 200
    incomplete = 0
    for grid in positions:
        step = find_hint(grid)
        assert isinstance(step, Step)
        data = json.loads(json.dumps(step.to_dict(grid.geometry)))
        for node in data["chain"]:
            assert "because" in node and node["because"]["rule"] in {r.value for r in Rule}
            assert all(1 <= k < node["n"] for k in node["because"]["needs"])
        incomplete += bool(unstated(grid, step.chain))
    assert incomplete == 0
