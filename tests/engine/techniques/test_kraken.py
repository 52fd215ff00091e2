"""Kraken fish: case file, wording, the fish and its fins' chains on the board, soundness on real positions."""

from __future__ import annotations

import pytest
from caselib import case_file_tests, first_case_step, load_cases
from sweeps import check_case_mirrored, check_finders_sound, real_positions

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques import DEFAULT_OFF, default_techniques
from sudoku_tk.engine.techniques.kraken import FINDERS

CASES = load_cases("kraken.cases")
GEO = Geometry.of(3)
T = Technique
KRAKEN = (T.KRAKEN_FISH_TYPE_1, T.KRAKEN_FISH_TYPE_2)


def _check(grid: Grid, step: Step) -> None:
    """A fish with fins on the board, and chains that end at the elimination."""
    roles = {h.role for h in step.highlights}
    assert {HighlightRole.DEFINING_UNIT, HighlightRole.COVER_UNIT, HighlightRole.FIN} <= roles
    (target,) = step.eliminations
    ends = {(lk.to_cell, lk.to_digit) for lk in step.links}
    assert (target.cell, target.digit) in ends  # every branch ends at the removed candidate, made false
    assert any(n.cells == (target.cell,) and n.digit == target.digit and not n.on for n in step.chain)


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(
    CASES, FINDERS, KRAKEN, extra_check=_check
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case, expected_only=True)


def test_off_by_default_as_in_hodoku() -> None:
    assert set(KRAKEN) <= DEFAULT_OFF and not set(KRAKEN) & set(default_techniques())


def test_explanations() -> None:
    one = first_case_step(CASES, T.KRAKEN_FISH_TYPE_1)
    assert one.explanation.startswith(
        "Kraken Fish Type 1: in rows 3, 6 and 7, 6 can only go in columns 5, 7 and 8 except for the fins r3c2 and "
        "r6c1; without a fin the Swordfish removes 6 from r2c8, and each fin does too: r3c2=6 → "
    )
    assert one.explanation.endswith("so r2c8≠6 either way — remove 6 from r2c8.")
    two = first_case_step(CASES, T.KRAKEN_FISH_TYPE_2)
    assert "so column 4 gets its 1 in r3c4 or r9c4 unless a fin is 1; each of these leads to r9c1≠3: " in (
        two.explanation
    )


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    # Every fourth of the shared real positions: each one follows every fin of every fish by chains.
    fired = {t: 0 for t in KRAKEN}
    for grid, solution in real_positions()[::4]:
        check_finders_sound(grid, solution, FINDERS, fired)  # type: ignore[arg-type]
    assert fired[T.KRAKEN_FISH_TYPE_1] > 0 and fired[T.KRAKEN_FISH_TYPE_2] > 0, fired
