"""recompute(start, moves, assists) -> Position: the board, rebuilt from scratch, with a reason for everything.

The player's board is never edited in place. It is the result of replaying the
moves that are still in force on top of the starting grid, running the switched-on
assists to a fixpoint after each: candidates seen by placed digits are removed,
then naked singles are placed, then hidden singles (rows, then columns, then
boxes; digits ascending), and round again until nothing changes. The rules
themselves live in ``propagation_rules``; this module replays the moves and answers
questions about the result.

A move stops being in force when a later move takes it back: ``Clear`` cancels the
last placement in its cell, ``Restore`` cancels the player's earlier removal of
those candidates. Replaying only the moves in force makes "correct an early
mistake" exact: consequences of a cancelled move disappear with it.

Every missing candidate of an empty cell has a ``Reason``; every automatically
placed digit has its Step. Reasons are stored compactly and turned into Steps only
when asked for, because this runs after every click.

With Peer Elimination on, the replay notices each contradiction the moment it appears
(a cell with no candidate left, a digit with no place left in a unit, a digit twice in a
unit) and places no single while the board holds one: the consequences of a wrong move
stop where the move shows itself wrong. ``Position.contradictions()`` lists them with
the move after which each appeared.

The player's own pencil marks (``Position.marks``) are replayed from the ``Pencil`` moves
after the board (see pencil_marks.py); they never change anything else here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from .digitset import DigitSet
from .explain import peer_elimination_text, single_text
from .geometry import Cell, Digit, Geometry
from .grid import Grid, Problem, ProblemKind, duplicate_message
from .moves import Eliminate, Move, Pencil, Place, live_moves
from .pencil_marks import replay_marks
from .propagation_rules import (
    KEY_STRIDE,
    SingleCause,
    WorkingBoard,
    apply_singles,
)
from .propagation_rules import Contradiction as Contradiction
from .propagation_rules import ContradictionKind as ContradictionKind
from .step import Elimination, Highlight, HighlightRole, Placement, Step, Technique


class Assist(Enum):
    """The automatic help a player can switch on or off."""

    PEERS = "peers"
    """Remove candidates seen by placed digits."""
    NAKED_SINGLES = "naked_singles"
    """Place a digit in a cell with one candidate left."""
    HIDDEN_SINGLES = "hidden_singles"
    """Place a digit with one place left in a unit."""


ALL_ASSISTS: FrozenSet[Assist] = frozenset(Assist)
NO_ASSISTS: FrozenSet[Assist] = frozenset()


class Origin(Enum):
    """Where a cell's digit came from."""

    EMPTY = "empty"
    GIVEN = "given"
    PLAYER = "player"
    """Placed by the player (or present as a placed digit in the starting grid)."""
    AUTO = "auto"
    """Placed by an assist (naked or hidden single)."""


class ReasonKind(Enum):
    """Why a candidate is missing."""

    PEER = "peer"
    """A placed digit in the same unit."""
    PLAYER = "player"
    """The player removed it (by hand or by applying a hint)."""
    START = "start"
    """It was not in the starting candidate grid."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one candidate is gone: the kind, the move that caused it (None: the start) and, for a peer, the Step."""

    kind: ReasonKind
    cell: Cell
    digit: Digit
    move_index: Optional[int]
    cause: Optional[Cell]
    """The placed digit's cell for a peer elimination."""
    step: Optional[Step]
    """The deduction as a Step (peer eliminations); None when the player removed it."""
    note: str = ""
    """The technique name when the player removed it by applying a hint."""


@dataclass(frozen=True, slots=True)
class Conflict:
    """A digit standing more than once in a unit."""

    digit: Digit
    cells: Tuple[Cell, ...]
    unit: int


@dataclass(frozen=True, slots=True)
class Rejected:
    """A move that could not be carried out (e.g. writing over a given), with the reason."""

    move_index: int
    message: str


class Position:
    """The player's board as recomputed: values, candidates, origins and the reason for each.

    Build it with ``recompute``; it is never changed afterwards.
    """

    __slots__ = (
        "geometry",
        "start",
        "moves",
        "assists",
        "values",
        "candidates",
        "marks",
        "origins",
        "live",
        "rejected",
        "_placed_by",
        "_peer_removals",
        "_player_removals",
        "_missing_at_start",
        "_singles",
        "_auto_order",
        "_contradictions",
        "_conflicts",
    )

    geometry: Geometry
    start: Grid
    moves: Tuple[Move, ...]
    assists: FrozenSet[Assist]
    values: Tuple[int, ...]
    candidates: Tuple[int, ...]
    marks: Tuple[int, ...]
    """The player's own pencil marks per cell (digit masks; empty for filled cells), see pencil_marks.py."""
    origins: Tuple[Origin, ...]
    live: Tuple[bool, ...]
    rejected: Tuple[Rejected, ...]
    # Provenance as the rules recorded it (see WorkingBoard), turned into Reasons and Steps only when asked for.
    _placed_by: List[Optional[int]]
    _peer_removals: Dict[int, Cell]
    _player_removals: Dict[int, int]
    _missing_at_start: Set[int]
    _singles: Dict[Cell, SingleCause]
    _auto_order: Tuple[Cell, ...]
    _contradictions: Tuple[Contradiction, ...]
    _conflicts: Optional[Tuple[Conflict, ...]]

    def __init__(self, **kw: object) -> None:
        for k, v in kw.items():
            object.__setattr__(self, k, v)
        object.__setattr__(self, "_conflicts", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    # -- plain questions ----------------------------------------------------
    @property
    def givens(self) -> Tuple[int, ...]:
        return self.start.givens

    def candidate_set(self, cell: Cell) -> DigitSet:
        return DigitSet(self.candidates[cell])

    def mark_set(self, cell: Cell) -> DigitSet:
        """The digits the player pencilled in ``cell`` (empty for a filled cell)."""
        return DigitSet(self.marks[cell])

    def has_mark(self, cell: Cell, digit: Digit) -> bool:
        """Has the player pencilled ``digit`` in ``cell`` (always False for a filled cell)?"""
        return bool(self.marks[cell] >> (digit - 1) & 1)

    def is_complete(self) -> bool:
        return all(self.values)

    def is_solved(self) -> bool:
        """Is every cell filled with no digit twice in a unit?"""
        return self.is_complete() and not self.conflicts()

    def has_candidate(self, cell: Cell, digit: Digit) -> bool:
        """Is ``digit`` still a candidate of ``cell`` (always False for a filled cell)?"""
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def complete_digits(self) -> FrozenSet[Digit]:
        """Digits placed in every unit already (each appears ``side`` times on the board)."""
        side = self.geometry.side
        counts = [0] * (side + 1)
        for v in self.values:
            counts[v] += 1
        return frozenset(d for d in range(1, side + 1) if counts[d] >= side)

    def empty_cells(self) -> List[Cell]:
        return [c for c, v in enumerate(self.values) if not v]

    def dead_cells(self) -> List[Cell]:
        """Empty cells with no candidate left: the position is broken there."""
        return [c for c, v in enumerate(self.values) if not v and not self.candidates[c]]

    def conflicts(self) -> Tuple[Conflict, ...]:
        """Every digit that stands twice in a unit (cells listed in board order)."""
        cached = self._conflicts
        if cached is not None:
            return cached
        out = []
        vals = self.values
        for u, cells in enumerate(self.geometry.units):
            seen: Dict[int, List[Cell]] = {}
            for c in cells:
                v = vals[c]
                if v:
                    seen.setdefault(v, []).append(c)
            for d, cs in seen.items():
                if len(cs) > 1:
                    out.append(Conflict(d, tuple(cs), u))
        result = tuple(out)
        object.__setattr__(self, "_conflicts", result)
        return result

    def contradictions(self) -> Tuple[Contradiction, ...]:
        """The contradictions the board holds, in the order they appeared, each with the move that led to it.

        Watched only with Peer Elimination on (otherwise the candidates are the player's own notes):
        empty when the board breaks no rule a player can see yet. While there is one, no single is placed.
        """
        return self._contradictions

    def conflict_cells(self) -> FrozenSet[Cell]:
        return frozenset(c for k in self.conflicts() for c in k.cells)

    def problems(self) -> List[Problem]:
        """Duplicates and dead cells as Problems (no solver call: this is the live board)."""
        geo = self.geometry
        out = [
            Problem(ProblemKind.DUPLICATE, duplicate_message(geo, k.digit, k.unit, k.cells), k.cells, k.digit)
            for k in self.conflicts()
        ]
        out += [
            Problem(ProblemKind.NO_CANDIDATES, f"{geo.cell_name(c)} has no candidate left", (c,))
            for c in self.dead_cells()
        ]
        return out

    def to_grid(self) -> Grid:
        """This position as a candidate grid (givens, values and the current candidates)."""
        return Grid(self.geometry, self.start.givens, self.values, self.candidates, True)

    # -- provenance ---------------------------------------------------------
    def reason(self, cell: Cell, digit: Digit) -> Optional[Reason]:
        """Why ``digit`` is not a candidate of ``cell`` (None if it still is, or the cell is filled)."""
        if self.values[cell] or self.candidates[cell] >> (digit - 1) & 1:
            return None
        key = cell * KEY_STRIDE + digit
        cause = self._peer_removals.get(key)
        if cause is not None:
            step = self._peer_step(cause, cell, digit)
            return Reason(ReasonKind.PEER, cell, digit, self._placed_by[cause], cause, step)
        move_index = self._player_removals.get(key)
        if move_index is not None:
            move = self.moves[move_index]
            note = move.note if isinstance(move, Eliminate) else ""
            return Reason(ReasonKind.PLAYER, cell, digit, move_index, None, None, note)
        if key in self._missing_at_start:
            return Reason(ReasonKind.START, cell, digit, None, None, None)
        return None

    def value_step(self, cell: Cell) -> Optional[Step]:
        """The single that placed the digit of ``cell``, if an assist placed it."""
        single = self._singles.get(cell)
        if single is None:
            return None
        return self._single_step(cell, single)

    def value_move_index(self, cell: Cell) -> Optional[int]:
        """Index of the move that led to an automatic digit (None: it follows from the start)."""
        return self._placed_by[cell] if cell in self._singles else None

    def auto_steps(self, move_index: Optional[int] = None) -> List[Step]:
        """The singles placed automatically, in order; only those triggered by one move if given (-1: by the start)."""
        singles = self._singles
        return [self._single_step(cell, singles[cell]) for cell in self.auto_cells(move_index)]

    def auto_cells(self, move_index: Optional[int] = None) -> List[Cell]:
        """Cells filled by an assist, in the order they were filled; only those one move triggered if given."""
        if move_index is None:
            return list(self._auto_order)
        wanted = None if move_index == -1 else move_index
        placed_by = self._placed_by
        return [c for c in self._auto_order if placed_by[c] == wanted]

    # -- step builders (lazy) -----------------------------------------------
    def _peer_step(self, cause: Cell, cell: Cell, digit: Digit) -> Step:
        geo = self.geometry
        shared = [u for u in geo.cell_units[cause] if u in geo.cell_units[cell]]
        return Step(
            Technique.PEER_ELIMINATION,
            eliminations=(Elimination(cell, digit),),
            explanation=peer_elimination_text(geo, cause, digit, (cell,)),
            highlights=(
                Highlight(HighlightRole.CAUSE, (cause,)),
                Highlight(HighlightRole.DEFINING_UNIT, units=tuple(shared[:1])),
                Highlight(HighlightRole.ELIMINATION, (cell,), (digit,)),
            ),
            focus=geo.unit_name(shared[0]) if shared else "the same unit",
        )

    def _single_step(self, cell: Cell, single: SingleCause) -> Step:
        geo = self.geometry
        digit = self.values[cell]
        unit = single.unit
        hl: Tuple[Highlight, ...] = () if unit is None else (Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),)
        return Step(
            single.technique,
            placements=(Placement(cell, digit),),
            explanation=single_text(geo, single.technique, cell, digit, unit),
            highlights=hl + (Highlight(HighlightRole.PLACEMENT, (cell,), (digit,)),),
            focus=geo.cell_name(cell) if unit is None else geo.unit_name(unit),
        )

    def __repr__(self) -> str:
        return f"<Position {sum(1 for v in self.values if v)}/{self.geometry.ncells} filled, {len(self.moves)} moves>"


def recompute(
    start: Grid,
    moves: Sequence[Move] = (),
    assists: Iterable[Assist] = ALL_ASSISTS,
    *,
    singles_from_start: bool = False,
) -> Position:
    """Rebuild the board from the starting grid and the moves, with the assists switched on.

    Naked and hidden singles are applied as consequences of the moves: a single is
    placed automatically when a move (or an automatic placement it caused) made it so.
    The puzzle itself is left for the player: singles already present in the starting
    grid are not filled in, unless ``singles_from_start`` asks for that (used to test
    whether singles alone solve a puzzle). With Peer Elimination on, no single is placed
    while the board holds a contradiction (see ``Position.contradictions``). The same inputs
    always give the same Position.
    """
    assists = frozenset(assists)
    geo = start.geometry
    side, ncells = geo.side, geo.ncells
    naked = Assist.NAKED_SINGLES in assists
    hidden = Assist.HIDDEN_SINGLES in assists
    board = WorkingBoard(start, Assist.PEERS in assists)
    values = board.values
    origins = [
        Origin.GIVEN if g else (Origin.PLAYER if v else Origin.EMPTY) for g, v in zip(start.givens, start.values)
    ]
    rejected: List[Rejected] = []

    if singles_from_start:
        board.note_all_changed()
        apply_singles(board, None, naked, hidden)

    live, elim_left, restore_start = live_moves(moves)
    for i, move in enumerate(moves):
        if not live[i]:
            for cell, d in restore_start.get(i, ()):  # a Restore (never in force itself) may still do this
                if 0 <= cell < ncells and 1 <= d <= side:
                    board.restore_from_start(cell, d)
            continue
        if isinstance(move, Place):
            cell, d = move.cell, move.digit
            if not 0 <= cell < ncells or not 1 <= d <= side:
                rejected.append(Rejected(i, f"no such cell or digit: {move!r}"))
                continue
            if start.givens[cell]:
                rejected.append(Rejected(i, f"{geo.cell_name(cell)} is a given and can't be changed"))
                continue
            if values[cell]:
                if values[cell] != d:
                    rejected.append(Rejected(i, f"{geo.cell_name(cell)} already holds {geo.digit_char(values[cell])}"))
                continue
            board.place(cell, d, i)
            origins[cell] = Origin.PLAYER
        elif isinstance(move, Eliminate):
            for cell, d in elim_left.get(i, ()):
                if not 0 <= cell < ncells or not 1 <= d <= side:
                    rejected.append(Rejected(i, f"no such candidate: cell {cell}, digit {d}"))
                    continue
                board.remove(cell, d, i)
        elif isinstance(move, Pencil):
            bad = [(c, d) for c, d in move.candidates if not (0 <= c < ncells and 1 <= d <= side)]
            if bad:
                rejected.append(Rejected(i, f"no such cell or digit to pencil: cell {bad[0][0]}, digit {bad[0][1]}"))
            continue  # marks are replayed after the board; they change nothing a single could follow from
        apply_singles(board, i, naked, hidden)
    for cell in board.auto_order:
        origins[cell] = Origin.AUTO

    return Position(
        geometry=geo,
        start=start,
        moves=tuple(moves),
        assists=assists,
        values=tuple(values),
        candidates=tuple(board.candidates),
        marks=replay_marks(geo, moves, live, values, board.placed_by, board.peers_on, elim_left),
        origins=tuple(origins),
        live=live,
        rejected=tuple(rejected),
        _placed_by=board.placed_by,
        _peer_removals=board.peer_removals,
        _player_removals=board.player_removals,
        _missing_at_start=board.missing_at_start,
        _singles=board.singles,
        _auto_order=tuple(board.auto_order),
        _contradictions=board.final_contradictions(),
    )
