"""What the rules let the player do: for each kind of request, the sentence that refuses it, or None.

The Session asks here before it makes a move (place, eliminate, restore, clear,
reveal) and turns a refusal into an ``Outcome``; nothing here changes the game
or raises for a bad click. Cell and digit checks come first, so a request off the
board is refused before anything reads the board.
"""

from __future__ import annotations

from collections.abc import Sequence

from sudoku_tk.app.game.explanations import explain
from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.propagation import Origin, Position, ReasonKind


def off_board(position: Position, cell: Cell, digit: Digit, need_empty: bool = False) -> str | None:
    """A refusal when the cell or digit is off the board (or the cell is filled and must be empty)."""
    geo = position.geometry
    if not isinstance(cell, int) or not 0 <= cell < geo.ncells:
        return f"no cell {cell!r} on a {geo.side}×{geo.side} board"
    if not isinstance(digit, int) or not 1 <= digit <= geo.side:
        return f"no digit {digit!r} on a {geo.side}×{geo.side} board"
    v = position.values[cell]
    if need_empty and v:
        return f"{geo.cell_name(cell)} is filled ({geo.digit_char(v)}): it has no candidates"
    return None


def place_refusal(start: Grid, position: Position, cell: Cell, digit: Digit) -> str | None:
    """Why ``digit`` can't be written into ``cell`` (a given or a filled cell), or None."""
    bad = off_board(position, cell, digit)
    if bad is not None:
        return bad
    geo, pos = position.geometry, position
    name = geo.cell_name(cell)
    if start.givens[cell]:
        return _given(name)
    if pos.values[cell]:
        held = geo.digit_char(pos.values[cell])
        if pos.origins[cell] is Origin.AUTO:
            return f"{name} already holds {held} (placed by an assist)"
        return f"{name} already holds {held}: clear it first"
    return None


def eliminate_refusal(position: Position, cell: Cell, digit: Digit) -> str | None:
    """Why the candidate can't be removed (not there, or the cell's last one), or None."""
    bad = off_board(position, cell, digit, need_empty=True)
    if bad is not None:
        return bad
    geo, candidates = position.geometry, position.candidate_set(cell)
    name, d = geo.cell_name(cell), geo.digit_char(digit)
    if digit not in candidates:
        return f"{d} is not a candidate of {name}"
    if len(candidates) == 1:  # ``digit`` is in it: the last candidate
        return f"{d} is the last candidate of {name}: place it instead"
    return None


def restore_refusal(position: Position, cell: Cell, digit: Digit) -> str | None:
    """Why the candidate can't be brought back (only the player's own removals can), or None."""
    bad = off_board(position, cell, digit, need_empty=True)
    if bad is not None:
        return bad
    geo, pos = position.geometry, position
    name, d = geo.cell_name(cell), geo.digit_char(digit)
    if pos.has_candidate(cell, digit):
        return f"{d} is already a candidate of {name}"
    reason = pos.reason(cell, digit)
    if reason is None or reason.kind is not ReasonKind.PLAYER:
        why = explain(pos, cell, digit)
        return f"Can't bring back {d} in {name}: " + (why.text if why else "no reason known")
    return None


def clear_refusal(start: Grid, position: Position, cell: Cell) -> str | None:
    """Why ``cell`` can't be cleared (only a digit the player placed can), or None."""
    bad = off_board(position, cell, 1)
    if bad is not None:
        return bad
    geo, pos = position.geometry, position
    name = geo.cell_name(cell)
    if start.givens[cell]:
        return _given(name)
    if not pos.values[cell]:
        return f"{name} is empty"
    if pos.origins[cell] is Origin.AUTO:
        return f"{name} was filled by an assist: undo the move that led to it, or switch the assist off"
    if pos.live_place(cell) is None:
        return f"{name} is part of the starting position"
    return None


def reveal_refusal(position: Position, solution: Sequence[Digit] | None, cell: Cell) -> str | None:
    """Why the solution's digit can't be shown in the on-board ``cell`` (no unique solution, a filled cell), or None."""
    geo, pos = position.geometry, position
    name = geo.cell_name(cell)
    if solution is None:
        return "This puzzle has no unique solution, so there is no digit to reveal"
    if pos.values[cell]:
        if pos.values[cell] == solution[cell]:
            return f"{name} already holds its digit"
        return f"{name} holds {geo.digit_char(pos.values[cell])}, which is wrong: undo or clear it first"
    return None


def _given(name: str) -> str:
    return f"{name} is a given and can't be changed"
