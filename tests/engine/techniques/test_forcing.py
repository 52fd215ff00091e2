"""Last resort: forcing chains and nets, the nested net and the brute-force step.

Case files, wording, drawing, and oracles: following a premise that agrees with the solution never meets a
contradiction and forces only facts that agree with it too; nested refutations never refute a true candidate.
"""

from __future__ import annotations

import pytest
from caselib import case_file_tests, first_case_step, load_cases
from shared_data import read_puzzles
from sweeps import check_case_mirrored

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import apply_step
from sudoku_tk.engine.steps.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import find_hint, forcing, last_resort, nested
from sudoku_tk.engine.techniques.link_graph import graph_of
from sudoku_tk.engine.techniques.nested import refute
from sudoku_tk.engine.techniques.propagator import Propagator

CASES = load_cases("forcing.cases")
GEO = Geometry.of(3)
T = Technique
FINDERS = forcing.FINDERS + nested.FINDERS + last_resort.FINDERS
FORCING = (T.FORCING_CHAIN_CONTRADICTION, T.FORCING_CHAIN_VERITY, T.FORCING_NET_CONTRADICTION, T.FORCING_NET_VERITY)


def _check(grid: Grid, step: Step) -> None:
    """Drawn proof: numbered facts start at the assumption, and links join facts of the proof."""
    if step.technique is T.BRUTE_FORCE:
        assert len(step.placements) == 1 and not step.eliminations and not step.chain
        return
    assert step.chain and step.links
    facts = {(n.cells[0], n.digit, n.on) for n in step.chain}
    for link in step.links:
        assert any((link.from_cell, link.from_digit) == (c, d) for c, d, _ in facts)
        assert any((link.to_cell, link.to_digit) == (c, d) for c, d, _ in facts)
    pivots = [h for h in step.highlights if h.role is HighlightRole.PIVOT]
    assert pivots and step.chain[0].cells[0] in pivots[0].cells


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(
    CASES, FINDERS, FORCING + (T.NESTED_FORCING_NET, T.BRUTE_FORCE), extra_check=_check
)


@pytest.mark.parametrize("case", [c for c in CASES if c.technique in FORCING], ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case, expected_only=True)


def test_explanations() -> None:
    assert first_case_step(CASES, T.FORCING_NET_CONTRADICTION).explanation == (
        "Forcing Net Contradiction: assume r2c6=8: r2c6=8 → r6c6≠8 → r4c4=8 (the last 8 of box 5); from r2c6=8, "
        "r1c5≠8 → r9c5=8 (the last 8 of column 5, with r2c5≠8) → r9c1≠8 → r4c1=8 (the last 8 of column 1, with "
        "r2c1≠8); so r4c4 and r4c1 "
        "would both be 8, so r2c6≠8 — remove 8 from r2c6."
    )
    assert first_case_step(CASES, T.FORCING_CHAIN_VERITY).explanation == (
        "Forcing Chain Verity: the 4 of box 7 is in r8c3, r9c1 or r9c2: r8c3=4 → r8c3≠3 → r3c3=3 → r3c3≠7; "
        "r9c1=4 → r2c1≠4 → r2c1=7 → r3c3≠7; r9c2=4 → r6c2≠4 → r6c2=8 → r5c3≠8 → r5c3=7 → r3c3≠7; either way "
        "r3c3≠7 — remove 7 from r3c3."
    )
    nested_step = first_case_step(CASES, T.NESTED_FORCING_NET)
    assert nested_step.explanation.startswith(
        "Nested Forcing Net: assume r2c2=9: inside that assumption r1c1=1 would clash with the singles, so it "
        "goes; then r2c2=9 → r6c2≠9 → r6c2=5 (its last candidate) → "
    )
    assert nested_step.explanation.endswith("so r2c2≠9 — remove 9 from r2c2.")
    brute = first_case_step(CASES, T.BRUTE_FORCE)
    assert brute.explanation == (
        "Brute Force: none of the techniques switched on applies here, so the solution is read instead: it puts 8 "
        "in r7c5 — place 8 in r7c5."
    )


# -- oracles ---------------------------------------------------------------------------------------------


def _positions(count: int) -> list[tuple[Grid, tuple[int, ...]]]:
    """Positions of SE-rated puzzles where the solver reached a forcing step, with their solutions."""
    out = []
    for line in read_puzzles("sudoku_exchange_se_rated.txt")[1950::40][:count]:
        grid = parse_grid(line)
        sol = unique_solution(grid)
        assert sol is not None
        for _ in range(200):
            step = find_hint(grid, [t for t in FORCING] + _BEFORE, True)
            if step is None or step.technique in FORCING:
                break
            grid = apply_step(grid, step)
        out.append((grid, sol))
    return out


def _candidates(grid: Grid) -> list[tuple[int, int, int]]:
    """(node id, cell, digit) of every candidate of the grid."""
    nc = GEO.ncells
    return [
        (v, v % nc, v // nc + 1)
        for v in range(9 * nc)
        if not grid.values[v % nc] and grid.candidates[v % nc] >> (v // nc) & 1
    ]


_BEFORE = [
    T.FULL_HOUSE,
    T.NAKED_SINGLE,
    T.HIDDEN_SINGLE,
    T.LOCKED_CANDIDATES_1,
    T.LOCKED_CANDIDATES_2,
    T.NAKED_PAIR,
    T.HIDDEN_PAIR,
]


@pytest.mark.parametrize("nets", [False, True], ids=["chains", "nets"])
def test_a_true_premise_forces_only_true_facts(nets: bool) -> None:
    for grid, sol in _positions(6):
        prop = Propagator(graph_of(grid), nets)
        nc = GEO.ncells
        for v, cell, d in _candidates(grid):
            true = sol[cell] == d
            oc = prop.outcome((v, true))  # "d is in the cell" when it is, "it is not" when it is not
            assert oc.clash is None, (GEO.cell_name(cell), d, oc.clash)
            for w in range(9 * nc):
                if oc.on >> w & 1:
                    assert sol[w % nc] == w // nc + 1
                if oc.off >> w & 1:
                    assert sol[w % nc] != w // nc + 1


def test_nested_refutations_never_refute_a_true_candidate() -> None:
    line = read_puzzles("hardest.txt")[1]
    grid = parse_grid(line)
    sol = unique_solution(grid)
    assert sol is not None
    checked = 0
    for cell in range(81):
        d = sol[cell]
        if not grid.values[cell]:
            assert refute(grid, cell, d) is None
            checked += 1
            if checked >= 12:
                break
    assert checked == 12


def test_brute_force_is_silent_without_a_single_completion() -> None:
    puzzle = read_puzzles("sudoku_exchange_se_rated.txt")[0]
    grid = parse_grid(puzzle)
    sol = unique_solution(grid)
    assert sol is not None
    # A true candidate removed: the position has no completion at all, so nothing can be read from it.
    cell = next(c for c in range(81) if not grid.values[c])
    cands = list(grid.candidates)
    cands[cell] &= ~(1 << (sol[cell] - 1))
    broken = Grid(grid.geometry, grid.givens, grid.values, tuple(cands), True)
    assert list(last_resort.find_brute_force(broken)) == []
    # Solved grids have nothing left to read.
    assert list(last_resort.find_brute_force(Grid.from_values(sol))) == []


def test_brute_force_works_on_every_board_size() -> None:
    four = parse_grid("..3..4.221....2.")
    sol = unique_solution(four)
    assert sol is not None
    (step,) = list(last_resort.find_brute_force(four))
    (p,) = step.placements
    assert sol[p.cell] == p.digit and four.candidates[p.cell].bit_count() == min(
        four.candidates[c].bit_count() for c in range(16) if not four.values[c]
    )


@pytest.mark.parametrize("nets", [False, True], ids=["chains", "nets"])
def test_the_quick_scan_and_the_full_follow_agree(nets: bool) -> None:
    # Ranking uses the scan (masks only), explanations the full follow (every fact's reasons): same verdicts.
    for grid, _sol in _positions(6):
        prop = Propagator(graph_of(grid), nets)
        for v, cell, d in _candidates(grid):
            for on in (True, False):
                scan, full = prop.scan((v, on)), prop.outcome((v, on))
                assert (scan.clash is None) == (full.clash is None), (GEO.cell_name(cell), d, on)
                if scan.clash is None:
                    assert (scan.on, scan.off) == (full.on, full.off)
                    assert all(scan.depth(f) <= full.depth[f] for f in list(full.depth)[:40])
