"""Law of Leftovers on Jigsaw boards: the exact eliminations on a published puzzle, each checked against its published
solution, and the boards where it must not fire."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))
from variant_examples import JIGSAW_JANKO_108  # noqa: E402

from sudoku_tk.engine.board.geometry import Geometry, variant_geometry  # noqa: E402
from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.engine.steps.step import Technique  # noqa: E402
from sudoku_tk.engine.techniques import find_all_steps  # noqa: E402
from sudoku_tk.engine.techniques.leftovers import find_law_of_leftovers  # noqa: E402

GIVENS = [0 if ch == "." else int(ch) for ch in JIGSAW_JANKO_108[0]]
SOLUTION = [int(ch) for ch in JIGSAW_JANKO_108[1]]
REGIONS = tuple(int(ch) - 1 for ch in JIGSAW_JANKO_108[2])


def steps_on(geometry: Geometry) -> list[tuple[str, list[tuple[int, int]]]]:
    grid = Grid.from_values(GIVENS, geometry=geometry)
    return [(s.focus, [(e.cell, e.digit) for e in s.eliminations]) for s in find_law_of_leftovers(grid)]


def test_leftovers_of_the_janko_108_start() -> None:
    found = dict(steps_on(variant_geometry("jigsaw", regions=REGIONS)))
    # Rows 1–2 against regions 8 and 9 (the map's symbols): r2c1–r2c3 mirror r3c4–r3c6.
    assert found["rows 1 and 2"] == [(9, 4), (9, 6), (10, 4), (10, 6), (10, 8), (11, 4), (11, 6), (11, 8), (23, 1)]
    # Rows 8–9 against regions 6 and 7: r8c7–r8c9 mirror r7c4–r7c6.
    assert found["rows 8 and 9"] == [(59, 2), (69, 9), (71, 9)]
    # Columns 1–3 against regions 2, 5 and 7: r1c1–r1c3 mirror r7c4, r8c4 and r9c4.
    assert found["columns 1, 2 and 3"] == [(1, 2), (1, 6), (2, 6)]
    assert len(found) == 9
    for elims in found.values():
        for cell, digit in elims:
            assert SOLUTION[cell] != digit


def test_the_reason_names_both_sides() -> None:
    grid = Grid.from_values(GIVENS, geometry=variant_geometry("jigsaw", regions=REGIONS))
    first = next(find_law_of_leftovers(grid))
    assert first.technique is Technique.LAW_OF_LEFTOVERS
    assert first.explanation.startswith(
        "Law of Leftovers: rows 1 and 2 and regions 8 and 9 each hold every digit twice, so the cells of rows 1 "
        "and 2 outside regions 8 and 9 (r2c1, r2c2 and r2c3) hold the same digits as the cells of regions 8 and 9 "
        "outside rows 1 and 2 (r3c4, r3c5 and r3c6)"
    )


def test_square_boxes_leave_nothing_over() -> None:
    assert steps_on(Geometry.of(3)) == []
    assert steps_on(variant_geometry("x")) == []
    # A Jigsaw whose regions happen to be the boxes: every band is three whole regions, nothing is left over.
    boxes = tuple((c // 27) * 3 + (c % 9) // 3 for c in range(81))
    assert steps_on(variant_geometry("jigsaw", regions=boxes)) == []


def test_the_solver_offers_it_on_jigsaw_only() -> None:
    jigsaw = Grid.from_values(GIVENS, geometry=variant_geometry("jigsaw", regions=REGIONS))
    assert {s.technique for s in find_all_steps(jigsaw, {Technique.LAW_OF_LEFTOVERS})} == {Technique.LAW_OF_LEFTOVERS}
    assert find_all_steps(Grid.from_values(GIVENS), {Technique.LAW_OF_LEFTOVERS}) == []
