"""Contradictions as the player is told them: one sentence naming the move that led there, and what to mark.

The engine records each contradiction on the board (``Position.contradictions()``: a cell
with no candidate left, a digit with no place left in a unit, a digit twice in a unit) with
the move after which it appeared. ``note_contradictions`` turns them into a
``ContradictionNote``: the sentence for the status bar and plain lists of what the board
marks, so the window draws without knowing the rules. Nothing here changes the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_tk.engine.board.geometry import Cell, Digit, Unit
from sudoku_tk.engine.play.moves import describe_move
from sudoku_tk.engine.play.propagation import Contradiction, ContradictionKind, Position


@dataclass(frozen=True, slots=True)
class ContradictionNote:
    """What the window shows of the contradictions on the board."""

    sentence: str
    """One line for the status bar, e.g. ``Contradiction: r4c5 has no candidate left — after r1c1=7, move 3``."""
    dead_cells: tuple[Cell, ...]
    """Empty cells with no candidate left."""
    lost_digits: tuple[tuple[Unit, Digit], ...]
    """Units where a digit has no place left, with the digit."""
    clash_cells: tuple[Cell, ...]
    """Cells holding a digit that stands more than once in a unit."""
    contradictions: tuple[Contradiction, ...]
    """The engine's record, first one first (the sentence is about it)."""


def describe_contradiction(position: Position, contradiction: Contradiction) -> str:
    """Say what is broken, in the board's notation: ``r4c5 has no candidate left``, ``7 has no place left in row 4``.

    >>> from sudoku_tk.engine.board.grid import Grid
    >>> from sudoku_tk.engine.play.propagation import recompute
    >>> pos = recompute(Grid.from_values([0] * 81), ())
    >>> describe_contradiction(pos, Contradiction(ContradictionKind.NO_PLACE, 7, (), 3, 0))
    '7 has no place left in row 4'
    """
    geo = position.geometry
    kind = contradiction.kind
    if kind is ContradictionKind.NO_CANDIDATE:
        return f"{geo.cell_name(contradiction.cells[0])} has no candidate left"
    digit = geo.digit_char(contradiction.digit)
    unit = "a unit" if contradiction.unit is None else geo.unit_name(contradiction.unit)
    if kind is ContradictionKind.NO_PLACE:
        return f"{digit} has no place left in {unit}"
    times = len(contradiction.cells)
    return f"{digit} stands {'twice' if times <= 2 else f'{times} times'} in {unit}"


def when_it_appeared(position: Position, contradiction: Contradiction) -> str:
    """Name the move after which it appeared: ``after r1c1=7, move 3``, or ``in the starting position``."""
    index = contradiction.move_index
    if index is None or not 0 <= index < len(position.moves):
        return "in the starting position"
    return f"after {describe_move(position.moves[index], position.geometry)}, move {index + 1}"


def note_contradictions(position: Position) -> ContradictionNote | None:
    """The note the window shows for the contradictions on the board, or None when it holds none."""
    found = position.contradictions()
    if not found:
        return None
    first = found[0]
    sentence = f"Contradiction: {describe_contradiction(position, first)} — {when_it_appeared(position, first)}"
    more = len(found) - 1
    if more:
        sentence += f" ({more} more marked on the board)"
    return ContradictionNote(
        sentence,
        dead_cells=tuple(c.cells[0] for c in found if c.kind is ContradictionKind.NO_CANDIDATE),
        lost_digits=tuple(
            (c.unit, c.digit) for c in found if c.kind is ContradictionKind.NO_PLACE and c.unit is not None
        ),
        clash_cells=tuple(sorted({cell for c in found if c.kind is ContradictionKind.DUPLICATE for cell in c.cells})),
        contradictions=found,
    )
