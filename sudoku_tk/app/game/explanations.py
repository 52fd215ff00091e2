"""Explanations for the player: why a filled cell holds its digit, why a candidate is gone, what a move did.

Plain functions of a recomputed ``Position`` (which carries the move list it was
built from); the Session calls them for its "Why?" and status-bar texts. Nothing
here changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.play.moves import Place, describe_move
from sudoku_tk.engine.play.propagation import Origin, Position, Reason, ReasonKind
from sudoku_tk.engine.steps.step import Step


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a candidate is missing or a digit stands where it does, for the "Why?" display.

    ``step`` is drawn on the board when present; otherwise ``cells`` are marked.
    """

    text: str
    step: Step | None = None
    cells: tuple[Cell, ...] = ()


def move_summary(position: Position, index: int) -> str:
    """Move ``index`` of the position and what the assists did because of it: ``r1c1=5 → naked single r3c2=4``."""
    geo = position.geometry
    parts = [describe_move(position.moves[index], geo)]
    for step in position.auto_steps(index):
        for p in step.placements:
            parts.append(f"{step.technique.display_name.lower()} {geo.cell_name(p.cell)}={geo.digit_char(p.digit)}")
    return " → ".join(parts)


def explain(position: Position, cell: Cell, digit: Digit | None = None) -> Explanation | None:
    """Say why a candidate is missing (``digit`` given) or why a filled cell holds its digit.

    Returns None when there is nothing to explain (the candidate is still there,
    the cell is empty, or the arguments are off the board).
    """
    geo, pos = position.geometry, position
    if not 0 <= cell < geo.ncells or (digit is not None and not 1 <= digit <= geo.side):
        return None
    if pos.values[cell]:
        return _explain_value(pos, cell)
    if digit is None:
        return None
    reason = pos.reason(cell, digit)
    return None if reason is None else _explain_reason(pos, reason)


def _explain_value(position: Position, cell: Cell) -> Explanation:
    """Why the filled ``cell`` holds its digit: a given, an assist's single, or the player's move."""
    geo, pos = position.geometry, position
    name, d = geo.cell_name(cell), geo.digit_char(pos.values[cell])
    origin = pos.origins[cell]
    if origin is Origin.GIVEN:
        return Explanation(f"{name}={d} is a given", cells=(cell,))
    if origin is Origin.AUTO:
        step = pos.value_step(cell)
        mi = pos.value_move_index(cell)
        after = "" if mi is None else f" (after {describe_move(pos.moves[mi], geo)}, move {mi + 1})"
        text = (step.explanation if step else f"{name}={d} was placed by an assist") + after
        return Explanation(text, step, (cell,))
    i = pos.live_place(cell)
    m = pos.moves[i] if i is not None else None
    if i is not None and isinstance(m, Place):
        how = f" by applying {m.note}" if m.note else ""
        return Explanation(f"You placed {d} in {name}{how} (move {i + 1})", cells=(cell,))
    return Explanation(f"{name}={d} was placed before the start", cells=(cell,))


def _explain_reason(position: Position, reason: Reason) -> Explanation:
    """The player's wording of why a candidate was removed (a peer, the player's move, the starting grid)."""
    geo = position.geometry
    name, d = geo.cell_name(reason.cell), geo.digit_char(reason.digit)
    if reason.kind is ReasonKind.PEER and reason.step is not None:
        return Explanation(reason.step.explanation, reason.step, (reason.cell,))
    if reason.kind is ReasonKind.PLAYER:
        when = "" if reason.move_index is None else f" (move {reason.move_index + 1})"
        if reason.note:
            return Explanation(f"{d} was removed from {name} by applying {reason.note}{when}", cells=(reason.cell,))
        return Explanation(f"You removed {d} from {name}{when}; right-click to bring it back", cells=(reason.cell,))
    return Explanation(f"{d} was not a candidate of {name} in the starting position", cells=(reason.cell,))
