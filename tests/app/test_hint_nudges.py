"""A single's first rung names its unit, never its cell; the hint agrees with the solution path and `sudoku-tk hint`.

Positions are public puzzles (../shared/data/puzzles, SE-rated set): #503 starts with a Hidden Single,
#194 with a Naked Single; a solved grid with one cell emptied is a Full House.
"""

from __future__ import annotations

import re

import pytest
from shared_data import read_puzzles

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.hints.ladder import HintLadder
from sudoku_tk.app.hints.texts import nudge_text
from sudoku_tk.app.hints.views import Rung, rung_drawing
from sudoku_tk.cli.commands import main
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, NO_ASSISTS, Assist
from sudoku_tk.engine.steps.step import Step, Technique
from sudoku_tk.engine.techniques import find_all_steps

SE = "sudoku_exchange_se_rated.txt"
CELL_NAME = re.compile(r"r\d+c\d+")
SINGLES = (Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE)


def se(index: int) -> str:
    return read_puzzles(SE)[index]


def full_house_puzzle() -> str:
    solution = Session(parse_grid(se(503))).solution
    assert solution is not None
    return "." + "".join(str(v) for v in solution[1:])  # r1c1 emptied: the last empty cell of row 1


FIRST_SINGLE = {  # the puzzle, the single its first hint gives, the unit its nudge names
    Technique.HIDDEN_SINGLE: (se(503), "box 3"),
    Technique.NAKED_SINGLE: (se(194), "box 3"),
    Technique.FULL_HOUSE: (full_house_puzzle(), "row 1"),
}


def assert_hides_the_cell(step: Step, geo: Geometry) -> None:
    """Rung 1 of ``step``: no cell name in its words, no cell on the board, and a unit that holds the placement."""
    text = nudge_text(step, geo)
    assert not CELL_NAME.search(text), text
    highlights, links = rung_drawing(step, Rung.NUDGE, geo)
    assert links == () and highlights, step.explanation
    assert all(not h.cells for h in highlights), highlights
    cell = step.placements[0].cell
    assert any(cell in geo.units[u] for h in highlights for u in h.units)


@pytest.mark.parametrize("technique", SINGLES, ids=lambda t: t.name)
def test_the_first_rung_of_each_single_names_its_unit_not_its_cell(technique: Technique) -> None:
    puzzle, unit = FIRST_SINGLE[technique]
    session = Session(parse_grid(puzzle), assists=ALL_ASSISTS)
    view = HintLadder(session).press()
    assert view.rung is Rung.NUDGE and view.technique is technique
    assert view.step is not None
    assert view.text.startswith(f"Look for a {technique.display_name} in {unit}: ")
    assert not CELL_NAME.search(view.text)
    assert [h.units for h in view.highlights] == [(_unit_index(session.geometry, unit),)]
    assert all(not h.cells for h in view.highlights)
    assert_hides_the_cell(view.step, session.geometry)


def _unit_index(geo: Geometry, name: str) -> int:
    return next(u for u in range(len(geo.units)) if geo.unit_name(u) == name)


@pytest.mark.parametrize("index", [0, 17, 194, 367, 503])
def test_every_single_on_a_starting_board_keeps_its_cell_to_itself(index: int) -> None:
    grid = parse_grid(se(index))
    singles = [s for s in find_all_steps(grid) if s.technique in SINGLES]
    assert singles
    for step in singles:
        assert_hides_the_cell(step, grid.geometry)


def test_a_single_without_a_board_still_names_no_cell() -> None:
    for technique in SINGLES:
        text = nudge_text(Step(technique, focus="r4c5"))
        assert text.startswith(f"Look for a {technique.display_name}: ") and not CELL_NAME.search(text)


@pytest.mark.parametrize("assists", [ALL_ASSISTS, NO_ASSISTS | {Assist.PEERS}], ids=["all assists", "peers only"])
@pytest.mark.parametrize("index", [194, 367, 503])
def test_the_hint_at_the_start_is_the_first_step_of_the_path_and_the_cli_hint(
    index: int, assists: frozenset, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzle = se(index)
    ladder = HintLadder(Session(parse_grid(puzzle), assists=assists))
    view = ladder.press()
    assert view.step is not None and view.step.technique in SINGLES  # a single is available at the start
    path = ladder.solution_path()
    assert path.entries and path.entries[0].step.key() == view.step.key()
    assert main(["hint", puzzle]) == 0
    assert capsys.readouterr().out == view.step.explanation + "\n"
