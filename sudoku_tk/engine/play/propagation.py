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
with the board (see pencil_marks.py); they never change anything else here.

The replay itself is replay.py's: ``recompute(..., after=position)`` plays only the moves
added since ``position`` (from a checkpoint when one of them takes back an earlier move),
so a click costs the same on a long game as on a short one, and gives exactly the Position
the full replay gives (tests/engine/test_incremental_recompute.py compares them).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum

from ..board.digitset import DigitSet
from ..board.geometry import Cell, Digit, Geometry
from ..board.grid import Grid, Problem, ProblemKind, duplicate_message
from ..steps.explain import peer_elimination_text, single_text
from ..steps.step import Elimination, Highlight, HighlightRole, Placement, Step, Technique
from .moves import Eliminate, Move
from .replay import Origin as Origin
from .replay import Rejected as Rejected
from .replay import Replay, ReplayState
from .rules import KEY_STRIDE, SingleCause, WorkingBoard, apply_singles
from .rules import Contradiction as Contradiction
from .rules import ContradictionKind as ContradictionKind


class Assist(Enum):
    """The automatic help a player can switch on or off."""

    PEERS = "peers"
    """Remove candidates seen by placed digits."""
    NAKED_SINGLES = "naked_singles"
    """Place a digit in a cell with one candidate left."""
    HIDDEN_SINGLES = "hidden_singles"
    """Place a digit with one place left in a unit."""


ALL_ASSISTS: frozenset[Assist] = frozenset(Assist)
NO_ASSISTS: frozenset[Assist] = frozenset()


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
    move_index: int | None
    cause: Cell | None
    """The placed digit's cell for a peer elimination."""
    step: Step | None
    """The deduction as a Step (peer eliminations); None when the player removed it."""
    note: str = ""
    """The technique name when the player removed it by applying a hint."""


@dataclass(frozen=True, slots=True)
class Conflict:
    """A digit standing more than once in a unit, or in a Killer's cage; or a full cage that misses its sum."""

    digit: Digit
    """The digit standing twice; 0 for a full cage whose digits miss its sum."""
    cells: tuple[Cell, ...]
    unit: int
    """The unit (index into ``Geometry.units``); for a cage ``-1 - i``, cage ``i`` of ``Geometry.cages``."""

    @property
    def cage(self) -> int:
        """The cage's index when the conflict is in a Killer's cage, else -1."""
        return -1 - self.unit if self.unit < 0 else -1


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
        "rejected",
        "_live_flags",
        "_live_tuple",
        "_live_places",
        "_replay",
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
    moves: tuple[Move, ...]
    assists: frozenset[Assist]
    values: tuple[int, ...]
    candidates: tuple[int, ...]
    marks: tuple[int, ...]
    """The player's own pencil marks per cell (digit masks; empty for filled cells), see pencil_marks.py."""
    origins: tuple[Origin, ...]
    rejected: tuple[Rejected, ...]
    _live_flags: bytearray
    _live_tuple: tuple[bool, ...] | None
    _live_places: dict[Cell, int]
    _replay: Replay
    # Provenance as the rules recorded it (see WorkingBoard), turned into Reasons and Steps only when asked for.
    _placed_by: list[int | None]
    _peer_removals: dict[int, Cell]
    _player_removals: dict[int, int]
    _missing_at_start: set[int]
    _singles: dict[Cell, SingleCause]
    _auto_order: tuple[Cell, ...]
    _contradictions: tuple[Contradiction, ...]
    _conflicts: tuple[Conflict, ...] | None

    def __init__(self, **kw: object) -> None:
        for k, v in kw.items():
            object.__setattr__(self, k, v)
        object.__setattr__(self, "_conflicts", None)
        object.__setattr__(self, "_live_tuple", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    # -- plain questions ----------------------------------------------------
    @property
    def givens(self) -> tuple[int, ...]:
        return self.start.givens

    @property
    def live(self) -> tuple[bool, ...]:
        """Per move, whether it is still in force (see ``moves.live_moves``)."""
        cached = self._live_tuple
        if cached is None:
            cached = tuple(map(bool, self._live_flags))
            object.__setattr__(self, "_live_tuple", cached)
        return cached

    def live_place(self, cell: Cell) -> int | None:
        """The index of the player's Place move in force in ``cell`` (None: no placement of the player's is)."""
        return self._live_places.get(cell)

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
        """Is every cell filled with no digit twice in a unit (and, on a Killer, every cage adding up to its sum)?"""
        return self.is_complete() and not self.conflicts()

    def has_candidate(self, cell: Cell, digit: Digit) -> bool:
        """Is ``digit`` still a candidate of ``cell`` (always False for a filled cell)?"""
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def complete_digits(self) -> frozenset[Digit]:
        """Digits placed in every unit already (each appears ``side`` times on the board)."""
        side = self.geometry.side
        counts = [0] * (side + 1)
        for v in self.values:
            counts[v] += 1
        return frozenset(d for d in range(1, side + 1) if counts[d] >= side)

    def empty_cells(self) -> list[Cell]:
        return [c for c, v in enumerate(self.values) if not v]

    def dead_cells(self) -> list[Cell]:
        """Empty cells with no candidate left: the position is broken there."""
        return [c for c, v in enumerate(self.values) if not v and not self.candidates[c]]

    def conflicts(self) -> tuple[Conflict, ...]:
        """Every digit that stands twice in a unit (cells listed in board order)."""
        cached = self._conflicts
        if cached is not None:
            return cached
        out = []
        vals = self.values
        for u, cells in enumerate(self.geometry.units):
            seen: dict[int, list[Cell]] = {}
            for c in cells:
                v = vals[c]
                if v:
                    seen.setdefault(v, []).append(c)
            for d, cs in seen.items():
                if len(cs) > 1:
                    out.append(Conflict(d, tuple(cs), u))
        if self.geometry.cages:
            grid = Grid(self.geometry, self.start.givens, vals, self.candidates, True)
            for p in grid.cage_problems():
                out.append(Conflict(p.digit, p.cells, -1 - self.geometry.cage_of[p.cells[0]]))
        result = tuple(out)
        object.__setattr__(self, "_conflicts", result)
        return result

    def contradictions(self) -> tuple[Contradiction, ...]:
        """The contradictions the board holds, in the order they appeared, each with the move that led to it.

        Watched only with Peer Elimination on (otherwise the candidates are the player's own notes):
        empty when the board breaks no rule a player can see yet. While there is one, no single is placed.
        """
        return self._contradictions

    def conflict_cells(self) -> frozenset[Cell]:
        return frozenset(c for k in self.conflicts() for c in k.cells)

    def problems(self) -> list[Problem]:
        """Duplicates and dead cells as Problems (no solver call: this is the live board)."""
        geo = self.geometry
        out = [
            Problem(ProblemKind.DUPLICATE, duplicate_message(geo, k.digit, k.unit, k.cells), k.cells, k.digit)
            for k in self.conflicts()
            if k.unit >= 0
        ]
        if any(k.unit < 0 for k in self.conflicts()):
            out += self.to_grid().cage_problems()
        out += [
            Problem(ProblemKind.NO_CANDIDATES, f"{geo.cell_name(c)} has no candidate left", (c,))
            for c in self.dead_cells()
        ]
        return out

    def to_grid(self) -> Grid:
        """This position as a candidate grid (givens, values and the current candidates)."""
        return Grid(self.geometry, self.start.givens, self.values, self.candidates, True)

    # -- provenance ---------------------------------------------------------
    def reason(self, cell: Cell, digit: Digit) -> Reason | None:
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

    def value_step(self, cell: Cell) -> Step | None:
        """The single that placed the digit of ``cell``, if an assist placed it."""
        single = self._singles.get(cell)
        if single is None:
            return None
        return self._single_step(cell, single)

    def value_move_index(self, cell: Cell) -> int | None:
        """Index of the move that led to an automatic digit (None: it follows from the start)."""
        return self._placed_by[cell] if cell in self._singles else None

    def auto_steps(self, move_index: int | None = None) -> list[Step]:
        """The singles placed automatically, in order; only those triggered by one move if given (-1: by the start)."""
        singles = self._singles
        return [self._single_step(cell, singles[cell]) for cell in self.auto_cells(move_index)]

    def auto_cells(self, move_index: int | None = None) -> list[Cell]:
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
        hl: tuple[Highlight, ...] = () if unit is None else (Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),)
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
    after: Position | None = None,
) -> Position:
    """Rebuild the board from the starting grid and the moves, with the assists switched on.

    Naked and hidden singles are applied as consequences of the moves: a single is
    placed automatically when a move (or an automatic placement it caused) made it so.
    The puzzle itself is left for the player: singles already present in the starting
    grid are not filled in, unless ``singles_from_start`` asks for that (used to test
    whether singles alone solve a puzzle). With Peer Elimination on, no single is placed
    while the board holds a contradiction (see ``Position.contradictions``). The same inputs
    always give the same Position.

    ``after``: a Position recomputed earlier for the same start and assists. When ``moves``
    begins with its moves, only the new moves are played, from its replay (see replay.py):
    the result is the same Position, at the cost of the new moves rather than the game.
    """
    assists = frozenset(assists)
    if after is not None and not singles_from_start and after.start is start and after.assists == assists:
        replay = after._replay.extended(moves)
        if replay is not None:
            return _position(start, assists, replay)
    naked = Assist.NAKED_SINGLES in assists
    hidden = Assist.HIDDEN_SINGLES in assists
    first = start_state(start, Assist.PEERS in assists, naked, hidden, singles_from_start)
    return _position(start, assists, Replay.full(start.givens, moves, naked, hidden, first))


def start_state(start: Grid, peers: bool, naked: bool, hidden: bool, singles_from_start: bool) -> ReplayState:
    """The replay's state before the first move: the starting grid (and its singles when ``singles_from_start``)."""
    board = WorkingBoard(start, peers)
    origins = [
        Origin.GIVEN if g else (Origin.PLAYER if v else Origin.EMPTY) for g, v in zip(start.givens, start.values)
    ]
    if singles_from_start:
        board.note_all_changed()
        apply_singles(board, None, naked, hidden)
        for cell in board.auto_order:
            origins[cell] = Origin.AUTO
    return ReplayState(0, board, origins, [], [0] * start.geometry.ncells)


def _position(start: Grid, assists: frozenset[Assist], replay: Replay) -> Position:
    """The Position a replay ended in (it shares the replay's final state, which nothing changes any more)."""
    end = replay.end
    board = end.board
    values = board.values
    return Position(
        geometry=start.geometry,
        start=start,
        moves=replay.moves,
        assists=assists,
        values=tuple(values),
        candidates=tuple(board.candidates),
        marks=tuple(0 if v else m for v, m in zip(values, end.marks)),
        origins=tuple(end.origins),
        rejected=tuple(end.rejected),
        _live_flags=replay.live.flags,
        _live_places=replay.live.last_place,
        _replay=replay,
        _placed_by=board.placed_by,
        _peer_removals=board.peer_removals,
        _player_removals=board.player_removals,
        _missing_at_start=board.missing_at_start,
        _singles=board.singles,
        _auto_order=tuple(board.auto_order),
        _contradictions=board.final_contradictions(),
    )
