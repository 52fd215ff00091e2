"""Nice Loops and AICs, plain and grouped: case file, wording, the chain read against the definitions, symmetry,
hand-built loops, soundness on real positions."""

from __future__ import annotations

import pytest
from caselib import case_file_tests, first_case_step, load_cases
from chainchecks import check_chain_step
from sweeps import check_case_mirrored, check_sound_on_real_positions

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import Step, Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.nice_loops import FINDERS, GROUPED, PLAIN

CASES = load_cases("nice_loops.cases")
GEO = Geometry.of(3)
T = Technique


def _check(grid: Grid, step: Step) -> None:
    """The chain is real, groups appear exactly in the grouped kinds, and the effects follow from its shape."""
    check_chain_step(grid, step)
    grouped = any(len(n.cells) > 1 for n in step.chain)
    assert grouped == (step.technique in GROUPED), step.explanation
    first, last = step.chain[0], step.chain[-1]
    if step.technique in (T.CONTINUOUS_NICE_LOOP, T.GROUPED_CONTINUOUS_NICE_LOOP):
        assert (first.cells, first.digit, first.on) == (last.cells, last.digit, last.on) and not first.on
    elif step.technique in (T.AIC, T.GROUPED_AIC):
        assert not first.on and last.on and len(step.eliminations) >= 2
    else:  # a discontinuous loop: back at its first cell
        assert first.cells == last.cells or (first.cells[0],) == last.cells[:1] or not first.on
        cells = {e.cell for e in step.eliminations}
        assert len(cells) == 1


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(
    CASES, FINDERS, PLAIN + GROUPED, extra_check=_check
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    # Which of several equally short loops through a start is met first depends on the cells' order, so a
    # continuous loop's other finds may differ on the mirrored board; its own loop must be found there too.
    loops = (T.CONTINUOUS_NICE_LOOP, T.GROUPED_CONTINUOUS_NICE_LOOP)
    check_case_mirrored(case, expected_only=case.technique in loops)


def test_explanations() -> None:
    assert first_case_step(CASES, T.CONTINUOUS_NICE_LOOP).explanation == (
        "Continuous Nice Loop: r2c2≠2 → r2c2=8 → r2c6≠8 → r7c6=8 → r7c1≠8 → r7c1=2 → r5c1≠2 → r4c2=2 → r2c2≠2, "
        "back where it started: around the loop each weak link has one true end, so whatever sees both ends of "
        "one can go — remove 2 from r3c2, and 8 from r2c7, r7c3 and r7c7."
    )
    assert first_case_step(CASES, T.DISCONTINUOUS_NICE_LOOP).explanation == (
        "Discontinuous Nice Loop: r9c9=5 → r9c7≠5 → r5c7=5 → r5c3≠5 → r5c3=9 → r5c9≠9 → r9c9=9 → r9c9≠5, so 5 in "
        "r9c9 would rule itself out — remove 5 from r9c9."
    )
    assert first_case_step(CASES, T.AIC).explanation == (
        "AIC: r7c4≠7 → r7c6=7 → r7c6≠6 → r3c6=6 → r3c6≠9 → r3c4=9, so if r7c4 is not 7 then r3c4 is 9; as the "
        "two see each other, r3c4 can't be 7 and r7c4 can't be 9 — remove 7 from r3c4, and 9 from r7c4."
    )
    grouped = first_case_step(CASES, T.GROUPED_AIC)
    assert "r78c1=7 → r9c23≠7" in grouped.explanation  # groups are written with their cells' common row or column
    assert grouped.focus == "the ends r6c8 and r9c8"


def test_grouped_link_ends_name_every_cell_of_the_group() -> None:
    step = first_case_step(CASES, T.GROUPED_AIC)
    groups = [lk for lk in step.links if lk.from_group or lk.to_group]
    assert groups
    for lk in groups:
        for cells in (lk.from_group, lk.to_group):
            if cells:
                assert len(cells) >= 2 and lk.from_cells[0] in lk.from_cells


# -- loops built by hand -------------------------------------------------------------------------------


def _board(cells: dict[str, str]) -> Grid:
    """Every cell holds every digit except the cells listed, which hold only the digits given."""
    cands = [GEO.all_digits] * 81
    for name, digits in cells.items():
        cands[GEO.parse_cell(name)] = sum(1 << (int(d) - 1) for d in digits)
    return Grid.from_values([0] * 81, None, cands)


def _effects(technique: Technique, grid: Grid) -> list[list[str]]:
    finder = finder_for(technique)
    assert finder is not None
    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in finder(grid)]


def test_a_cell_entered_and_left_on_two_digits_keeps_only_them() -> None:
    # r1c1 = 1 or 2 … via three bivalue cells: r1c1(1) off → r1c5=1 … ; built so the loop returns to r1c1 on 2.
    grid = _board({"r1c5": "13", "r5c5": "34", "r5c1": "42"})
    # r1c1 holds every digit; links: r1c1-1 … r1c5 is weak (row 1, digit 1) — with only bivalue cells strong,
    # the chain r1c5≠… is read from the bivalue cells: 1=3 in r1c5, 3-3 to r5c5, 3=4, 4-4 to r5c1, 4=2.
    # Its ends r1c5(1) and r5c1(2): a candidate seeing both on its digit… none has both digits, so the loop
    # through r1c1 is the one: with r1c1 weakly linked to both ends (1 in row 1, 2 in column 1) it closes.
    steps = list(finder_for(T.AIC)(grid)) + list(finder_for(T.DISCONTINUOUS_NICE_LOOP)(grid))  # type: ignore[misc]
    for step in steps:
        _check(grid, step)


def test_no_loop_on_a_board_without_strong_links() -> None:
    grid = Grid.from_values([0] * 81)
    for t in PLAIN + GROUPED:
        assert _effects(t, grid) == []


def test_other_board_sizes_yield_nothing() -> None:
    for t in PLAIN + GROUPED:
        assert _effects(t, Grid.from_values([0] * 16)) == []


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    fired = check_sound_on_real_positions(FINDERS)  # type: ignore[arg-type]
    assert all(fired[t] > 0 for t in (T.DISCONTINUOUS_NICE_LOOP, T.AIC, T.GROUPED_DISCONTINUOUS_NICE_LOOP)), fired
