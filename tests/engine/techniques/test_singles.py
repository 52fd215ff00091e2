"""Singles (Full House, Naked Single, Hidden Single) and peer eliminations, on case files and by hand."""

from __future__ import annotations

from caselib import case_file_tests, case_steps, check_step_contract, load_cases

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import finder_for
from sudoku_tk.engine.techniques.singles import FINDERS

CASES = load_cases("singles.cases")
TECHNIQUES = (Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE)


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS, TECHNIQUES)


def test_peer_elimination_when_candidates_are_stale() -> None:
    geo = Geometry.of(3)
    givens = [0] * 81
    givens[0] = 5
    # Every empty cell shows every digit: 5 is still pencilled in the 20 peers of r1c1.
    grid = Grid.from_values(givens, None, [geo.all_digits] * 81)
    steps = list(finder_for(Technique.PEER_ELIMINATION)(grid))  # type: ignore[misc]
    assert len(steps) == 1
    step = steps[0]
    assert {(e.cell, e.digit) for e in step.eliminations} == {(p, 5) for p in geo.peers[0]}
    check_step_contract(grid, step)
    assert step.explanation.startswith("Peer Elimination: r1c1 holds 5")


def test_peer_elimination_silent_on_clean_candidates() -> None:
    grid = Grid.from_values([5] + [0] * 80)
    assert list(finder_for(Technique.PEER_ELIMINATION)(grid)) == []  # type: ignore[misc]


def test_explanations_read_well() -> None:
    case = next(c for c in CASES if c.technique is Technique.HIDDEN_SINGLE and c.line and not c.must_not_fire)
    step = next(s for s in case_steps(case) if (s.placements[0].cell, s.placements[0].digit) in case.expected_places)
    assert step.explanation == (
        "Hidden Single: r1c1 is the only cell of box 1 that can still hold 1 — place 1 in r1c1."
    )
    assert step.focus == "box 1"


def test_every_single_shows_its_cell_as_the_pattern() -> None:
    """The hint's "pattern" rung draws the pattern roles: a single's pattern is its cell."""
    from sudoku_tk.engine.steps.step import HighlightRole
    from sudoku_tk.engine.techniques.singles import FINDERS

    grid = parse_grid("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    seen = 0
    for _tech, finder in FINDERS:
        for step in finder(grid):
            if not step.placements:
                continue
            cell = step.placements[0].cell
            pattern = [h for h in step.highlights if h.role is HighlightRole.PATTERN]
            assert pattern and pattern[0].cells == (cell,), step
            seen += 1
    assert seen > 0
