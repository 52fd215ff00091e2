"""Session: one game in play: the starting grid, the player's moves, the redo list, the assists and the clock.

The board the player sees is never edited: every call that changes the game
appends to (or pops from) the move list and recomputes the whole Position with
``engine.propagation.recompute``. Undo pops a move onto the redo list; any new
move empties the redo list; restart moves every move onto the redo list, so
Redo can replay the game one move at a time.

The session also knows the puzzle's unique solution (computed once, when first
asked; None when the puzzle has several), counts wrong digits placed (the
"mistakes" counter), reveals cells and solves on request (a revealed digit is a
``Place`` noted ``REVEAL_NOTE``, so Undo takes it back like any move), and
converts itself to and from a ``storage.GameRecord`` for saving.

While *entering* a puzzle (``entering=True``) the player types givens onto an
empty board: moves place digits as usual, but no single is placed automatically
and no mistake is counted; ``entered_grid()`` gives the puzzle typed so far.

A request the rules do not allow (changing a given, placing on a filled cell,
removing a candidate that is not there) is refused with an ``Outcome`` that
says why; nothing here raises into the UI for a bad click. Listeners subscribed
with ``subscribe`` hear about every change (the board redraws, autosave writes).

This module knows nothing of Tk.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from datetime import datetime, timezone
from enum import Enum
from typing import Callable, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from sudoku_tk.engine.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.grid import Grid
from sudoku_tk.engine.logic_solver import diagnose
from sudoku_tk.engine.moves import Clear, Eliminate, Move, Place, Restore, describe_move
from sudoku_tk.app.storage import GameRecord
from sudoku_tk.engine.brute_force import unique_solution
from sudoku_tk.engine.propagation import ALL_ASSISTS, Assist, Origin, Position, Reason, ReasonKind, recompute
from sudoku_tk.engine.step import Step

ASSIST_LABELS = {
    Assist.PEERS: "Remove candidates seen by placed digits",
    Assist.NAKED_SINGLES: "Place naked singles",
    Assist.HIDDEN_SINGLES: "Place hidden singles",
}
"""How each assist is named in menus and messages."""

REVEAL_NOTE = "revealed"
"""The note of a Place move that shows the solution's digit because the player asked for it."""
ENTERING_ASSISTS = frozenset({Assist.PEERS})
"""The assists that may work while givens are typed in: singles would fill cells the player did not type."""
_NOT_COMPUTED = object()


class ChangeKind(Enum):
    """What kind of change a listener is told about."""

    MOVE = "move"
    """The player (or an applied hint) made a move."""
    UNDO = "undo"
    REDO = "redo"
    RESTART = "restart"
    """Every move went onto the redo list."""
    ASSISTS = "assists"
    """An assist was switched on or off; the board was recomputed."""
    NEW_GAME = "new_game"
    """Another puzzle (or a loaded game) replaced the current one."""
    REVEAL = "reveal"
    """The player asked for a cell's digit, or for the whole solution."""


@dataclass(frozen=True, slots=True)
class GameView:
    """What a window shows of the game, taken once when a change is told, so listeners need not query back."""

    position: Position
    geometry: Geometry
    name: str
    entering: bool
    """Givens are being typed in (see ``Session.is_entering``)."""
    solved: bool
    can_undo: bool
    can_redo: bool
    move_count: int
    revealed: int
    """How many digits on the board were revealed at the player's request."""
    mistakes: int
    elapsed: float
    """Seconds on the clock when the change happened."""
    complete_digits: FrozenSet[Digit]
    """Digits already placed in every unit (the pad greys them out)."""


@dataclass(frozen=True, slots=True)
class Change:
    """One change of the session, as told to listeners."""

    kind: ChangeKind
    message: str
    """The sentence for the status bar, e.g. ``r1c1=5 → naked single r3c2=4``."""
    move: Optional[Move] = None
    """The move made, undone or redone (None for restart, assists and new games)."""
    view: Optional[GameView] = None
    """The game as it stands after the change; filled in by the session when it tells its listeners."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer to a request: done or refused, with a sentence for the player either way."""

    done: bool
    message: str

    def __bool__(self) -> bool:
        return self.done


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a candidate is missing or a digit stands where it does, for the "Why?" display.

    ``step`` is drawn on the board when present; otherwise ``cells`` are marked.
    """

    text: str
    step: Optional[Step] = None
    cells: Tuple[Cell, ...] = ()


Listener = Callable[[Change], None]


class Session:
    """A game in play; every query answers from the recomputed Position.

    >>> s = Session(Grid.from_string("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
    >>> s.place(1, 1).message.split(" → ")[:2]
    ['r1c2=1', 'hidden single r1c3=7']
    >>> s.place(0, 5).message
    "r1c1 is a given and can't be changed"
    >>> s.undo().message
    'Undid r1c2=1'
    """

    _start: Grid
    _name: str
    _puzzle_id: str
    _source: str
    _created: datetime
    _moves: List[Move]
    _redo: List[Move]
    _assists: FrozenSet[Assist]
    _elapsed: float
    _running_since: Optional[float]
    _position: Position
    _mistakes: int
    _entering: bool
    _solution: object

    def __init__(
        self,
        start: Grid,
        name: str = "",
        *,
        puzzle_id: str = "",
        source: str = "",
        moves: Sequence[Move] = (),
        redo: Sequence[Move] = (),
        assists: Iterable[Assist] = ALL_ASSISTS,
        elapsed: float = 0.0,
        mistakes: int = 0,
        created: Optional[datetime] = None,
        entering: bool = False,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """Start a game on ``start``; ``redo`` lists undone moves, the next one to redo first."""
        self._listeners: List[Listener] = []
        self._clock = clock
        self._load(_GameState(start, name, puzzle_id, source, tuple(moves), tuple(redo), frozenset(assists),
                              elapsed, mistakes, created, entering))

    @classmethod
    def from_record(cls, record: GameRecord, *, clock: Callable[[], float] = time.monotonic) -> "Session":
        """A session that continues a saved game exactly: board, moves, redo list, clock and counters."""
        session = cls(record.start, clock=clock)
        session._load(_GameState.of_record(record))
        return session

    def to_record(self, saved: Optional[datetime] = None) -> GameRecord:
        """The game as a record for saving (``saved``: when it is written; None leaves it out)."""
        return GameRecord(self._start, tuple(self._moves), self.redo_moves, self._assists, self.elapsed(),
                          self._mistakes, self.revealed_cells(), self._name, self._puzzle_id, self._source,
                          self._created, saved)

    def load_record(self, record: GameRecord) -> Outcome:
        """Replace the game with a saved one (listeners stay subscribed and hear a NEW_GAME change)."""
        self._load(_GameState.of_record(record))
        message = f"Opened {record.puzzle_name}" if record.puzzle_name else "Opened a saved game"
        self._notify(Change(ChangeKind.NEW_GAME, message))
        return Outcome(True, message)

    # -- the game as data ---------------------------------------------------
    @property
    def start(self) -> Grid:
        return self._start

    @property
    def geometry(self) -> Geometry:
        return self._start.geometry

    @property
    def name(self) -> str:
        return self._name

    @property
    def puzzle_id(self) -> str:
        """The built-in library id of the puzzle ("" when it came from elsewhere)."""
        return self._puzzle_id

    @property
    def source(self) -> str:
        """Where the puzzle came from, in a few words ("" when unknown)."""
        return self._source

    @property
    def created(self) -> datetime:
        """When this game was started."""
        return self._created

    @property
    def mistakes(self) -> int:
        """How many wrong digits the player placed in this game (undoing one does not take it back)."""
        return self._mistakes

    @property
    def is_entering(self) -> bool:
        """Is the player typing a puzzle's givens (no singles placed, no mistakes counted)?"""
        return self._entering

    @property
    def solution(self) -> Optional[Tuple[int, ...]]:
        """The starting position's only solution, or None when it has none or several (computed once)."""
        if self._solution is _NOT_COMPUTED:
            self._solution = None if self._entering else unique_solution(self._start)
        return self._solution  # type: ignore[return-value]

    @property
    def is_unique(self) -> bool:
        """Has the puzzle exactly one solution? (Hints that rely on uniqueness need it; mistake checks too.)"""
        return self.solution is not None

    @property
    def moves(self) -> Tuple[Move, ...]:
        return tuple(self._moves)

    @property
    def redo_moves(self) -> Tuple[Move, ...]:
        """The moves Redo would replay, next one first."""
        return tuple(reversed(self._redo))

    @property
    def assists(self) -> FrozenSet[Assist]:
        return self._assists

    @property
    def position(self) -> Position:
        """The board as recomputed after the last change (cached; never stale)."""
        return self._position

    def is_solved(self) -> bool:
        return self._position.is_solved()

    def can_undo(self) -> bool:
        return bool(self._moves)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def has_assist(self, assist: Assist) -> bool:
        return assist in self._assists

    def revealed_cells(self) -> Tuple[Cell, ...]:
        """Cells whose digit on the board was revealed at the player's request (in move order)."""
        pos = self._position
        out: List[Cell] = []
        for move, live in zip(pos.moves, pos.live):
            if (live and isinstance(move, Place) and move.note == REVEAL_NOTE
                    and pos.values[move.cell] == move.digit and move.cell not in out):
                out.append(move.cell)
        return tuple(out)

    def wrong_cells(self) -> Tuple[Cell, ...]:
        """Cells whose digit differs from the unique solution (none when there is no unique solution)."""
        solution = self.solution
        if solution is None:
            return ()
        pos = self._position
        return tuple(c for c, (v, s) in enumerate(zip(pos.values, solution)) if v and v != s)

    def missing_candidates(self) -> Tuple[Tuple[Cell, Digit], ...]:
        """Empty cells whose true digit (by the unique solution) is no longer a candidate, with that digit."""
        solution = self.solution
        if solution is None:
            return ()
        pos = self._position
        return tuple((c, s) for c, (v, m, s) in enumerate(zip(pos.values, pos.candidates, solution))
                     if not v and not m >> (s - 1) & 1)

    def entered_grid(self) -> Grid:
        """The digits now on the board as the givens of a new puzzle (what "Start" locks while entering)."""
        return Grid.from_values(self._position.values)

    # -- listeners ----------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call ``listener(change)`` after every change; return a function that unsubscribes it."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    # -- moves --------------------------------------------------------------
    def place(self, cell: Cell, digit: Digit) -> Outcome:
        """Write ``digit`` into the empty, non-given ``cell`` (a digit that clashes is allowed and shown)."""
        bad = self._check_cell_digit(cell, digit)
        if bad is not None:
            return bad
        geo, pos = self.geometry, self._position
        name = geo.cell_name(cell)
        if self._start.givens[cell]:
            return Outcome(False, f"{name} is a given and can't be changed")
        if pos.values[cell]:
            held = geo.digit_char(pos.values[cell])
            if pos.origins[cell] is Origin.AUTO:
                return Outcome(False, f"{name} already holds {held} (placed by an assist)")
            return Outcome(False, f"{name} already holds {held}: clear it first")
        return self._push(Place(cell, digit))

    def eliminate(self, cell: Cell, digit: Digit) -> Outcome:
        """Remove the candidate ``digit`` from the empty ``cell`` (not its last candidate)."""
        bad = self._check_cell_digit(cell, digit, need_empty=True)
        if bad is not None:
            return bad
        geo, mask = self.geometry, self._position.candidates[cell]
        name, d = geo.cell_name(cell), geo.digit_char(digit)
        if not mask >> (digit - 1) & 1:
            return Outcome(False, f"{d} is not a candidate of {name}")
        if mask == 1 << (digit - 1):
            return Outcome(False, f"{d} is the last candidate of {name}: place it instead")
        return self._push(Eliminate(((cell, digit),)))

    def restore(self, cell: Cell, digit: Digit) -> Outcome:
        """Bring back a candidate the player removed; other removals are refused with their reason."""
        bad = self._check_cell_digit(cell, digit, need_empty=True)
        if bad is not None:
            return bad
        geo, pos = self.geometry, self._position
        name, d = geo.cell_name(cell), geo.digit_char(digit)
        if pos.candidates[cell] >> (digit - 1) & 1:
            return Outcome(False, f"{d} is already a candidate of {name}")
        reason = pos.reason(cell, digit)
        if reason is None or reason.kind is not ReasonKind.PLAYER:
            why = self.explain(cell, digit)
            return Outcome(False, f"Can't bring back {d} in {name}: " + (why.text if why else "no reason known"))
        return self._push(Restore(((cell, digit),)))

    def toggle_candidate(self, cell: Cell, digit: Digit) -> Outcome:
        """Remove ``digit`` from ``cell`` if it is a candidate, bring it back otherwise."""
        bad = self._check_cell_digit(cell, digit, need_empty=True)
        if bad is not None:
            return bad
        if self._position.candidates[cell] >> (digit - 1) & 1:
            return self.eliminate(cell, digit)
        return self.restore(cell, digit)

    def clear(self, cell: Cell) -> Outcome:
        """Take back the digit the player placed in ``cell``."""
        bad = self._check_cell_digit(cell, 1)
        if bad is not None:
            return bad
        geo, pos = self.geometry, self._position
        name = geo.cell_name(cell)
        if self._start.givens[cell]:
            return Outcome(False, f"{name} is a given and can't be changed")
        if not pos.values[cell]:
            return Outcome(False, f"{name} is empty")
        if pos.origins[cell] is Origin.AUTO:
            return Outcome(False, f"{name} was filled by an assist: undo the move that led to it, "
                                  "or switch the assist off")
        if not any(live and isinstance(m, Place) and m.cell == cell for m, live in zip(pos.moves, pos.live)):
            return Outcome(False, f"{name} is part of the starting position")
        return self._push(Clear(cell))

    def apply_step(self, step: Step) -> Outcome:
        """Perform a hint's Step as the player's move, named after its technique.

        A step with one placement and no eliminations becomes one ``Place``; a step with
        eliminations only becomes one ``Eliminate``, so Undo takes it back at once.
        A step with both becomes its eliminations followed by its placements.
        """
        if step.is_empty():
            return Outcome(False, f"{step.name} changes nothing")
        note = step.technique.display_name
        moves: List[Move] = []
        if step.eliminations:
            moves.append(Eliminate(tuple((e.cell, e.digit) for e in step.eliminations), note))
        moves += [Place(p.cell, p.digit, note) for p in step.placements]
        outcome = Outcome(False, "")
        for move in moves:
            outcome = self._push(move)
            if not outcome:
                break
        return outcome

    # -- history ------------------------------------------------------------
    def undo(self) -> Outcome:
        """Take back the last move (with every automatic consequence of it)."""
        if not self._moves:
            return Outcome(False, "Nothing to undo")
        move = self._moves.pop()
        self._redo.append(move)
        message = f"Undid {describe_move(move, self.geometry)}"
        self._recompute(Change(ChangeKind.UNDO, message, move))
        return Outcome(True, message)

    def redo(self) -> Outcome:
        """Make the last undone move again."""
        if not self._redo:
            return Outcome(False, "Nothing to redo")
        move = self._redo.pop()
        self._moves.append(move)
        self._recompute(None)
        message = "Redid " + self.last_move_summary()
        self._notify(Change(ChangeKind.REDO, message, move))
        return Outcome(True, message)

    def restart(self) -> Outcome:
        """Go back to the starting position; every move goes onto the redo list, first move next."""
        if not self._moves:
            return Outcome(False, "Already at the start")
        count = len(self._moves)
        self._redo.extend(reversed(self._moves))
        self._moves.clear()
        message = f"Restarted: {count} move{'s' * (count != 1)} can be redone"
        self._recompute(Change(ChangeKind.RESTART, message))
        return Outcome(True, message)

    def undo_to(self, move_count: int) -> Outcome:
        """Take back every move after the first ``move_count`` as one action (one recompute, one change).

        The moves taken back go onto the redo list in order, so Redo replays them one at a time,
        the earliest first (``undo_to(0)`` is Restart with an "Undid" message).
        """
        if not isinstance(move_count, int) or not 0 <= move_count <= len(self._moves):
            return Outcome(False, f"no move {move_count!r} to go back to (there are {len(self._moves)})")
        count = len(self._moves) - move_count
        if count == 0:
            return Outcome(False, "Nothing to undo")
        self._redo.extend(reversed(self._moves[move_count:]))
        del self._moves[move_count:]
        message = f"Undid {count} move{'s' * (count != 1)}"
        self._recompute(Change(ChangeKind.UNDO, message))
        return Outcome(True, message)

    def first_mistake_index(self, solution: Sequence[Digit]) -> Optional[int]:
        """The index of the first move after which the board contradicts ``solution``, or None.

        A contradiction is a wrong digit on the board or a true candidate removed (as
        ``engine.logic_solver.diagnose`` finds them). ``undo_to(index)`` then goes back to
        the last position before it. None when no move led into a contradiction (including
        a starting position that already contradicts the solution: no move can be undone to fix it).
        """
        if len(solution) != self.geometry.ncells:
            raise ValueError(f"solution has {len(solution)} cells, the board {self.geometry.ncells}")
        assists = self._effective_assists()
        if diagnose(recompute(self._start, (), assists).to_grid(), solution) is not None:
            return None
        for index in range(len(self._moves)):
            # Each prefix is recomputed from scratch: a later Clear can cancel an earlier move,
            # so the first contradiction is not found by bisection.
            pos = self._position if index == len(self._moves) - 1 else recompute(
                self._start, self._moves[: index + 1], assists)
            if diagnose(pos.to_grid(), solution) is not None:
                return index
        return None

    def set_assist(self, assist: Assist, on: bool) -> Outcome:
        """Switch an assist on or off and recompute the board from the start."""
        if (assist in self._assists) == on:
            return Outcome(False, f"{ASSIST_LABELS[assist]}: already {'on' if on else 'off'}")
        self._assists = self._assists | {assist} if on else self._assists - {assist}
        message = f"{ASSIST_LABELS[assist]}: {'on' if on else 'off'}"
        self._recompute(None)
        dropped = len(self._position.rejected)
        if dropped:
            message += f" ({dropped} earlier move{'s' * (dropped != 1)} no longer apply)"
        self._notify(Change(ChangeKind.ASSISTS, message))
        return Outcome(True, message)

    def new_game(
        self,
        start: Grid,
        name: str = "",
        *,
        puzzle_id: str = "",
        source: str = "",
        moves: Sequence[Move] = (),
        assists: Optional[Iterable[Assist]] = None,
        elapsed: float = 0.0,
        entering: bool = False,
    ) -> Outcome:
        """Replace the game (a new puzzle or a loaded one); listeners stay subscribed.

        ``assists`` None keeps the current ones. ``entering`` starts a board on which
        the player types a puzzle's givens (see the module docstring).
        """
        chosen = self._assists if assists is None else frozenset(assists)
        self._load(_GameState(start, name, puzzle_id, source, tuple(moves), (), chosen, elapsed, 0, None, entering))
        message = f"New game: {name}" if name else "New game"
        self._notify(Change(ChangeKind.NEW_GAME, message))
        return Outcome(True, message)

    # -- giving up ------------------------------------------------------------
    def reveal_cell(self, cell: Cell) -> Outcome:
        """Place the solution's digit in the empty ``cell`` as a move noted REVEAL_NOTE (Undo takes it back)."""
        bad = self._check_cell_digit(cell, 1)
        if bad is not None:
            return bad
        solution = self.solution
        geo, pos = self.geometry, self._position
        name = geo.cell_name(cell)
        if solution is None:
            return Outcome(False, "This puzzle has no unique solution, so there is no digit to reveal")
        if pos.values[cell]:
            if pos.values[cell] == solution[cell]:
                return Outcome(False, f"{name} already holds its digit")
            return Outcome(False, f"{name} holds {geo.digit_char(pos.values[cell])}, which is wrong: "
                                  "undo or clear it first")
        outcome = self._push(Place(cell, solution[cell], REVEAL_NOTE), ChangeKind.REVEAL)
        if outcome:
            return Outcome(True, f"Revealed {name}={geo.digit_char(solution[cell])}")
        return outcome

    def solve(self) -> Outcome:
        """Fill every empty cell with the solution's digits (revealed moves, one change).

        Moves that led into a mistake are taken back first (onto the redo list), so
        the finished board is the solution.
        """
        solution = self.solution
        if solution is None:
            return Outcome(False, "This puzzle has no unique solution, so it can't be solved for you")
        if self._position.is_solved():
            return Outcome(False, "Already solved")
        note = ""
        if self.wrong_cells() or self.missing_candidates():
            index = self.first_mistake_index(solution)
            if index is None:
                return Outcome(False, "The starting position already contradicts the solution")
            taken = len(self._moves) - index
            self._redo.extend(reversed(self._moves[index:]))
            del self._moves[index:]
            self._recompute(None)
            note = f" ({taken} move{'s' * (taken != 1)} from your first mistake on taken back)"
        revealed = 0
        for cell in range(self.geometry.ncells):
            if not self._position.values[cell]:
                # Assists may fill later cells from earlier reveals: recompute as we go.
                self._moves.append(Place(cell, solution[cell], REVEAL_NOTE))
                self._recompute(None)
                revealed += 1
        self._redo.clear()
        message = f"Solved for you: {revealed} cell{'s' * (revealed != 1)} revealed{note}"
        self._notify(Change(ChangeKind.REVEAL, message))
        return Outcome(True, message)

    # -- explanations -------------------------------------------------------
    def last_move_summary(self) -> str:
        """The last move and what the assists did because of it: ``r1c1=5 → naked single r3c2=4``."""
        if not self._moves:
            return ""
        index = len(self._moves) - 1
        geo = self.geometry
        parts = [describe_move(self._moves[index], geo)]
        for step in self._position.auto_steps(index):
            for p in step.placements:
                parts.append(
                    f"{step.technique.display_name.lower()} {geo.cell_name(p.cell)}={geo.digit_char(p.digit)}"
                )
        return " → ".join(parts)

    def why(self, cell: Cell, digit: Digit) -> Optional[Reason]:
        """Why ``digit`` is not a candidate of the empty ``cell`` (None when it is, or the cell is filled)."""
        return self._position.reason(cell, digit)

    def why_value(self, cell: Cell) -> Optional[Step]:
        """The single that placed ``cell``'s digit, when an assist placed it."""
        return self._position.value_step(cell)

    def explain(self, cell: Cell, digit: Optional[Digit] = None) -> Optional[Explanation]:
        """Say why a candidate is missing (``digit`` given) or why a filled cell holds its digit.

        Returns None when there is nothing to explain (the candidate is still there,
        the cell is empty, or the arguments are off the board).
        """
        geo, pos = self.geometry, self._position
        if not 0 <= cell < geo.ncells or (digit is not None and not 1 <= digit <= geo.side):
            return None
        if pos.values[cell]:
            return self._explain_value(cell)
        if digit is None:
            return None
        reason = pos.reason(cell, digit)
        return None if reason is None else self._explain_reason(reason)

    def _explain_value(self, cell: Cell) -> Optional[Explanation]:
        geo, pos = self.geometry, self._position
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
        for i in range(len(pos.moves) - 1, -1, -1):
            m = pos.moves[i]
            if pos.live[i] and isinstance(m, Place) and m.cell == cell:
                how = f" by applying {m.note}" if m.note else ""
                return Explanation(f"You placed {d} in {name}{how} (move {i + 1})", cells=(cell,))
        return Explanation(f"{name}={d} was placed before the start", cells=(cell,))

    def _explain_reason(self, reason: Reason) -> Explanation:
        geo = self.geometry
        name, d = geo.cell_name(reason.cell), geo.digit_char(reason.digit)
        if reason.kind is ReasonKind.PEER and reason.step is not None:
            return Explanation(reason.step.explanation, reason.step, (reason.cell,))
        if reason.kind is ReasonKind.PLAYER:
            when = "" if reason.move_index is None else f" (move {reason.move_index + 1})"
            if reason.note:
                return Explanation(f"{d} was removed from {name} by applying {reason.note}{when}",
                                   cells=(reason.cell,))
            return Explanation(f"You removed {d} from {name}{when}; right-click to bring it back",
                               cells=(reason.cell,))
        return Explanation(f"{d} was not a candidate of {name} in the starting position", cells=(reason.cell,))

    # -- clock --------------------------------------------------------------
    def elapsed(self) -> float:
        """Seconds played so far (stops while paused and once the puzzle is solved)."""
        if self._running_since is None:
            return self._elapsed
        return self._elapsed + self._clock() - self._running_since

    def is_clock_running(self) -> bool:
        return self._running_since is not None

    def pause_clock(self) -> None:
        """Stop counting time (window minimised, game paused)."""
        if self._running_since is not None:
            self._elapsed += self._clock() - self._running_since
            self._running_since = None

    def resume_clock(self) -> None:
        """Count time again, unless the puzzle is solved."""
        if self._running_since is None and not self._position.is_solved():
            self._running_since = self._clock()

    # -- internals ----------------------------------------------------------
    def _load(self, state: "_GameState") -> None:
        self._start = state.start
        self._name = state.name
        self._puzzle_id = state.puzzle_id
        self._source = state.source
        self._created = state.created or datetime.now(timezone.utc).replace(microsecond=0)
        self._moves = list(state.moves)
        self._redo = list(reversed(state.redo))
        self._assists = state.assists
        self._elapsed = max(0.0, float(state.elapsed))
        self._mistakes = max(0, state.mistakes)
        self._entering = state.entering
        self._solution = _NOT_COMPUTED
        self._running_since = None
        self._position = recompute(self._start, self._moves, self._effective_assists())
        self.resume_clock()

    def _effective_assists(self) -> FrozenSet[Assist]:
        return self._assists & ENTERING_ASSISTS if self._entering else self._assists

    def _check_cell_digit(self, cell: Cell, digit: Digit, need_empty: bool = False) -> Optional[Outcome]:
        """A refusal when the cell or digit is off the board (or the cell is filled and must be empty)."""
        geo = self.geometry
        if not isinstance(cell, int) or not 0 <= cell < geo.ncells:
            return Outcome(False, f"no cell {cell!r} on a {geo.side}×{geo.side} board")
        if not isinstance(digit, int) or not 1 <= digit <= geo.side:
            return Outcome(False, f"no digit {digit!r} on a {geo.side}×{geo.side} board")
        v = self._position.values[cell]
        if need_empty and v:
            return Outcome(False, f"{geo.cell_name(cell)} is filled ({geo.digit_char(v)}): it has no candidates")
        return None

    def _push(self, move: Move, kind: ChangeKind = ChangeKind.MOVE) -> Outcome:
        self._moves.append(move)
        self._recompute(None)
        rejected = [r for r in self._position.rejected if r.move_index == len(self._moves) - 1]
        if rejected:
            # Checked above already; this keeps the move list clean if the engine disagrees.
            self._moves.pop()
            self._recompute(None)
            return Outcome(False, rejected[0].message)
        self._redo.clear()
        if isinstance(move, Place) and not self._entering:
            solution = self.solution
            if solution is not None and solution[move.cell] != move.digit:
                self._mistakes += 1
        message = self.last_move_summary()
        self._notify(Change(kind, message, move))
        return Outcome(True, message)

    def _recompute(self, change: Optional[Change]) -> None:
        self._position = recompute(self._start, self._moves, self._effective_assists())
        if self._position.is_solved():
            self.pause_clock()
        else:
            self.resume_clock()
        if change is not None:
            self._notify(change)

    def view(self) -> GameView:
        """A snapshot of what a window shows (the same value every listener is given with a change)."""
        pos = self._position
        return GameView(
            position=pos,
            geometry=pos.geometry,
            name=self.name,
            entering=self._entering,
            solved=pos.is_solved(),
            can_undo=self.can_undo(),
            can_redo=self.can_redo(),
            move_count=len(self._moves),
            revealed=len(self.revealed_cells()),
            mistakes=self._mistakes,
            elapsed=self.elapsed(),
            complete_digits=pos.complete_digits(),
        )

    def _notify(self, change: Change) -> None:
        if not self._listeners:
            return
        told = replace(change, view=self.view())
        for listener in list(self._listeners):
            listener(told)


@dataclass(frozen=True, slots=True)
class _GameState:
    """Everything ``Session._load`` sets, in one value (a new game and a loaded record alike)."""

    start: Grid
    name: str = ""
    puzzle_id: str = ""
    source: str = ""
    moves: Tuple[Move, ...] = ()
    redo: Tuple[Move, ...] = ()
    """Next redo first."""
    assists: FrozenSet[Assist] = ALL_ASSISTS
    elapsed: float = 0.0
    mistakes: int = 0
    created: Optional[datetime] = None
    entering: bool = False

    @classmethod
    def of_record(cls, record: GameRecord) -> "_GameState":
        return cls(record.start, record.puzzle_name, record.puzzle_id, record.puzzle_source, record.moves,
                   record.redo, record.assists, record.elapsed, record.mistakes, record.created)


# -- choosing a puzzle ----------------------------------------------------------

CLASSIC = ("classic", "Classic", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
# Used only while the built-in library has no puzzle of a size (made with engine.generator; unique).
FALLBACK_PUZZLES = {
    4: (("fallback-4x4", "Little one (4×4)", "....4.1..2.4...."),),
    9: (CLASSIC,),
    16: (
        (
            "fallback-16x16",
            "Big one (16×16)",
            "2C..D...9.F.1..5..84.F.......G2.3B....CGD......F..FE......C.4AD..4A..6E.5.1...7....95..B.2G..8.A"
            ".....2..4.A89..6..2C4..8E.6..5.31.B..C.7A..4FE..G..7A8.4..9.....E.9..B3.G..78....A...9.F.B3..7G."
            ".513.G......69..C......DF6....51.84.......5.G2..9..6.1.3...2..84",
        ),
    ),
}


@dataclass(frozen=True, slots=True)
class PuzzleChoice:
    """A puzzle to start: its library id ("" for none), a name for the title bar and its givens as one line.

    ``start`` is the starting grid when it holds more than givens (a candidate grid
    or placed digits); ``text`` then still names the givens.
    """

    id: str
    name: str
    text: str
    source: str = ""
    """Where the puzzle comes from, in a few words."""
    start: Optional[Grid] = None

    def grid(self) -> Grid:
        return self.start if self.start is not None else Grid.from_string(self.text)


def choose_puzzle(
    size: int = 9,
    exclude_ids: Sequence[str] = (),
    rng: Optional[random.Random] = None,
    *,
    first: bool = False,
) -> PuzzleChoice:
    """A puzzle of side ``size`` from the built-in library (``first``: the default puzzle).

    Falls back to a few puzzles kept here while the library lacks the size.

    Raises:
        ValueError: ``size`` is not 4, 9 or 16.
    """
    if size not in FALLBACK_PUZZLES:
        raise ValueError(f"board size must be 4, 9 or 16, not {size!r}")
    try:
        from sudoku_tk.app import puzzles

        entry = puzzles.default_puzzle() if first and size == 9 else puzzles.pick(size, None, exclude_ids, rng)
        return PuzzleChoice(entry.id, entry.name, entry.text, entry.source)
    except (ImportError, LookupError, ValueError):
        # The library is missing, has no puzzle of this size, or a data file is damaged.
        pool = [p for p in FALLBACK_PUZZLES[size] if p[0] not in exclude_ids] or list(FALLBACK_PUZZLES[size])
        pid, name, text = (rng or random.Random()).choice(pool)
        return PuzzleChoice(pid, name, text)
