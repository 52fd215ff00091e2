"""Find it yourself: after "Let me try" at rung 1 or 2 of a hint, the player makes the step with their own moves.

The ``HintLadder`` (app/hints/ladder.py) holds a ``Try`` while the player looks: the step stays secret (the board shows no
more than the rung it was tried from), and after every change of the board the try is judged again, in this order:

1. a wrong digit or a removed true candidate (the puzzle's unique solution says so) is answered at once with the
   mistake diagnosis a hint gives; the try goes on, and once the mistake is undone the player keeps looking;
2. the step is *carried out* (``carried_out``) when every elimination of the step is gone from the board and every
   placement of it is made. The board is recomputed from the givens and the moves with the assists, so what the
   assists did after the player's moves counts as the player's, and so does doing more than the step asks
   (more candidates removed, the cell filled), as long as nothing true was removed (1. comes first). The
   technique is then counted as found alone (``Session.note_found_alone``) and the panel says
   "You found it: X-Wing on digit 4 in rows 2 and 7.";
3. otherwise the try goes on.

"Show me" (or Hint) ends the try at rung 3, counted as a hint; Close, a new game, a revealed digit, another hint
command end it too. Plain functions of engine values and the views of app/hints/views.py; no Tk here.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.play.propagation import Position
from sudoku_tk.engine.steps.step import Step

from .texts import nudge_text, pattern_text, step_name, step_text
from .views import HintKind, HintView, Rung, rung_drawing

HOW_TO_TRY = (
    "Your turn: make this step yourself. {how} You are told as soon as your board has it, and at once if a move "
    "removes a true candidate or places a wrong digit. Show me (H) gives the whole step."
)
"""What the panel says under the rung's words while the player tries (``how``: what the step does, in general)."""
REMOVE = "Remove the candidates it removes (right-click, or Shift+digit)."
PLACE = "Place the digit it places."
REMOVE_AND_PLACE = "Remove the candidates it removes (right-click, or Shift+digit) and place the digits it places."
SO_FAR_SO_GOOD = "So far so good: nothing true is removed, but the step is not complete yet."
"""Said while trying, once the player has moved and the board holds no mistake."""
TRY_GOES_ON = " Your try goes on: once the mistake is undone, keep looking (Show me gives the whole step)."
"""Added to the mistake diagnosis shown during a try."""


@dataclass(frozen=True, slots=True)
class Try:
    """The step the player is finding themselves, the rung they asked to try from, and the moves made before it."""

    step: Step
    rung: Rung
    moves_before: int


def carried_out(step: Step, position: Position) -> bool:
    """Does ``position`` hold what ``step`` does: every placement made, every elimination gone (a filled cell has
    no candidates left, so filling it counts)? Whether it was done soundly is the solution's question, not this one.

    >>> from sudoku_tk.engine.board.grid import Grid
    >>> from sudoku_tk.engine.play.moves import Eliminate
    >>> from sudoku_tk.engine.play.propagation import recompute
    >>> from sudoku_tk.engine.steps.step import Elimination, Technique
    >>> from sudoku_tk.engine.formats import parse_grid
    >>> grid = parse_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    >>> step = Step(Technique.X_WING, eliminations=(Elimination(2, 9), Elimination(4, 9)))
    >>> carried_out(step, recompute(grid, (Eliminate(((2, 9),)),), frozenset()))
    False
    >>> carried_out(step, recompute(grid, (Eliminate(((2, 9), (4, 9))),), frozenset()))
    True
    """
    if any(position.values[p.cell] != p.digit for p in step.placements):
        return False
    return not any(position.has_candidate(e.cell, e.digit) for e in step.eliminations)


def trying_view(attempt: Try, geometry: Geometry, moved: bool) -> HintView:
    """The panel while the player tries: the rung's words and drawing, how to try, and (``moved``) that all is well
    so far."""
    step, rung = attempt.step, attempt.rung
    words = nudge_text(step, geometry) if rung is Rung.NUDGE else pattern_text(step)
    how = REMOVE_AND_PLACE if step.eliminations and step.placements else REMOVE if step.eliminations else PLACE
    text = f"{words}\n\n{SO_FAR_SO_GOOD if moved else HOW_TO_TRY.format(how=how)}"
    highlights, links = rung_drawing(step, rung, geometry)
    return HintView(
        HintKind.STEP,
        step.technique.display_name,
        text,
        rung,
        step,
        highlights,
        links,
        geometry_for_names=geometry,
        trying=True,
    )


def found_text(step: Step, geometry: Geometry) -> str:
    """The words when the player found the step: "You found it: X-Wing on digit 2 in rows 1 and 9.", then the
    whole step as its hint's rung 3 tells it."""
    return (
        f"You found it: {step_name(step, geometry)}.\n\n{step_text(step)}\n\n"
        "Counted as found by yourself. Press Hint for the next step."
    )


def found_view(step: Step, geometry: Geometry) -> HintView:
    """The panel once the player's moves carried the step out: the step drawn whole (its removals are gone)."""
    highlights, links = rung_drawing(step, Rung.APPLIED, geometry)
    return HintView(
        HintKind.FOUND,
        step.technique.display_name,
        found_text(step, geometry),
        None,
        step,
        highlights,
        links,
        geometry_for_names=geometry,
    )
