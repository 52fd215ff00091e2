"""Session: one game in play, changed only by requests that are refused with a reason or made as moves.

The board the player sees is never edited: every call that changes the game
appends to (or pops from) the move list and recomputes the whole Position (see
``game.Game``, which holds the data and answers every question). Undo pops a move
onto the redo list; any new move empties the redo list; restart moves every move
onto the redo list, so Redo can replay the game one move at a time.

The session counts wrong digits placed (the "mistakes" counter), reveals cells
and solves on request (a revealed digit is a ``Place`` noted ``REVEAL_NOTE``, so
Undo takes it back like any move), and converts itself to and from a
``game_record.GameRecord`` for saving.

While *entering* a puzzle (``entering=True``) the player types givens onto an
empty board: moves place digits as usual, but no single is placed automatically
and no mistake is counted; ``entered_grid()`` gives the puzzle typed so far.

A request the rules do not allow (changing a given, placing on a filled cell,
removing a candidate that is not there) is refused with an ``Outcome`` that
says why (the rules are in ``app/game/rules.py``); nothing here raises into the UI
for a bad click. Listeners subscribed with ``subscribe`` hear about every change
(the board redraws, autosave writes), with a ``GameView`` of the game after it;
a listener that raises does not keep the later ones from hearing (the first error
is raised once all have been told).
This module knows nothing of Tk.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum

from sudoku_tk.app.game import rules as move_rules
from sudoku_tk.app.game.assist_changes import board_change_text
from sudoku_tk.app.game.colour_requests import ColourRequests
from sudoku_tk.app.game.colouring import Colouring
from sudoku_tk.app.game.contradictions import ContradictionNote, note_contradictions
from sudoku_tk.app.game.game import REVEAL_NOTE, Game
from sudoku_tk.app.game.outcome import Outcome
from sudoku_tk.app.game.pencil_mode import CandidateMode, switch_text
from sudoku_tk.app.game.pencil_requests import PencilRequests
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore, describe_move
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist, Position
from sudoku_tk.engine.steps.step import Step, Technique

ASSIST_LABELS = {
    Assist.PEERS: "Remove candidates seen by placed digits",
    Assist.NAKED_SINGLES: "Place naked singles",
    Assist.HIDDEN_SINGLES: "Place hidden singles",
}
"""How each assist is named in menus and messages."""


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
    COLOURS = "colours"
    """The player's colours on cells or candidates changed (the board's digits and candidates did not)."""


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
    complete_digits: frozenset[Digit]
    """Digits already placed in every unit (the pad greys them out)."""
    hints: int = 0
    """Hint steps made for the player in this game (see ``Game.hints``)."""
    reveals: int = 0
    """Digits revealed at the player's request in this game (see ``Game.reveals``)."""
    contradiction: ContradictionNote | None = None
    """What the board breaks, with its sentence and what to mark (None: nothing; see contradictions.py)."""
    own_marks: bool = False
    """The cells show the player's own pencil marks (``Position.marks``), not the candidates (see pencil_mode.py)."""
    colouring: Colouring = Colouring()
    """The player's colours on cells and candidates (see colouring.py)."""
    found_alone: frozenset[Technique] = frozenset()
    """The techniques the player found themselves in this game: after "Let me try" at rung 1 or 2 of a hint, their
    own moves carried the step out, soundly, before any "Show me" (see find_it.py). Undo does not take one back."""
    hint_rungs: tuple[int, int, int] = (0, 0, 0)
    """How many hint steps of this game reached rung 1, 2 and 3 of the ladder (Nudge, Pattern, Step), each counted
    once per distinct step however often it is shown: ``hint_rungs[k - 1]`` counts the steps whose highest rung shown
    was ``k`` or more, so the three never go up (a >= b >= c). A step made for the player (Apply, Step, Solve to the
    end) or walked through counts as reaching rung 3 (and so 1 and 2); a step found alone after "Let me try" counts
    only the rungs shown before it. Undo does not take a count back."""


@dataclass(frozen=True, slots=True)
class Change:
    """One change of the session, as told to listeners."""

    kind: ChangeKind
    message: str
    """The sentence for the status bar, e.g. ``r1c1=5 → naked single r3c2=4``."""
    move: Move | None = None
    """The move made, undone or redone (None for restart, assists and new games)."""
    view: GameView | None = None
    """The game as it stands after the change; filled in by the session when it tells its listeners."""


Listener = Callable[[Change], None]


class Session(Game):
    """A game in play; every query answers from the recomputed Position (``Game``), every change is a request.

    It holds the request objects of two parts of the game: ``pencil`` (the player's own pencil marks, each
    request one move) and ``colours`` (hand-made colours, notes that are not moves).

    >>> from sudoku_tk.engine.formats import parse_grid
    >>> s = Session(parse_grid("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
    >>> s.place(1, 1).message.split(" → ")[:2]
    ['r1c2=1', 'hidden single r1c3=7']
    >>> s.place(0, 5).message
    "r1c1 is a given and can't be changed"
    >>> s.undo().message
    'Undid r1c2=1'
    """

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
        created: datetime | None = None,
        entering: bool = False,
        clock: Callable[[], float] = time.monotonic,
        candidate_mode: CandidateMode = CandidateMode.AUTOMATIC,
    ) -> None:
        """Start a game on ``start``; ``redo`` lists undone moves, the next one to redo first."""
        self._listeners: list[Listener] = []
        self.pencil = PencilRequests(self, self._push, self.toggle_candidate)
        """The player's own pencil marks: ``toggle``, ``fill``, ``clear`` (see pencil_requests.py)."""
        self.colours = ColourRequests(self, self._tell_colours)
        """Hand-made colours: ``toggle_cell``, ``toggle_candidate``, ``clear`` (see colour_requests.py)."""
        record = GameRecord(
            start,
            tuple(moves),
            tuple(redo),
            frozenset(assists),
            elapsed,
            mistakes,
            puzzle_name=name,
            puzzle_id=puzzle_id,
            puzzle_source=source,
            created=created,
            candidate_mode=candidate_mode,
        )
        super().__init__(record, entering=entering, clock=clock)

    @classmethod
    def from_record(cls, record: GameRecord, *, clock: Callable[[], float] = time.monotonic) -> Session:
        """A session that continues a saved game exactly: board, moves, redo list, clock and counters."""
        session = cls(record.start, clock=clock)
        session._load(record)
        return session

    def load_record(self, record: GameRecord) -> Outcome:
        """Replace the game with a saved one (listeners stay subscribed and hear a NEW_GAME change)."""
        self._load(record)
        message = f"Opened {record.puzzle_name}" if record.puzzle_name else "Opened a saved game"
        self._notify(Change(ChangeKind.NEW_GAME, message))
        return Outcome(True, message)

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
        refusal = move_rules.place_refusal(self._start, self._position, cell, digit)
        return self._push(Place(cell, digit)) if refusal is None else Outcome(False, refusal)

    def eliminate(self, cell: Cell, digit: Digit) -> Outcome:
        """Remove the candidate ``digit`` from the empty ``cell`` (not its last candidate)."""
        refusal = move_rules.eliminate_refusal(self._position, cell, digit)
        return self._push(Eliminate(((cell, digit),))) if refusal is None else Outcome(False, refusal)

    def restore(self, cell: Cell, digit: Digit) -> Outcome:
        """Bring back a candidate the player removed; other removals are refused with their reason."""
        refusal = move_rules.restore_refusal(self._position, cell, digit)
        return self._push(Restore(((cell, digit),))) if refusal is None else Outcome(False, refusal)

    def toggle_candidate(self, cell: Cell, digit: Digit) -> Outcome:
        """Remove ``digit`` from ``cell`` if it is a candidate, bring it back otherwise."""
        refusal = move_rules.off_board(self._position, cell, digit, need_empty=True)
        if refusal is not None:
            return Outcome(False, refusal)
        if self._position.has_candidate(cell, digit):
            return self.eliminate(cell, digit)
        return self.restore(cell, digit)

    def set_candidate_mode(self, mode: CandidateMode) -> Outcome:
        """Show the automatic candidates or the player's own marks; the moves stay, the board says what changed."""
        if mode is self._candidate_mode:
            return Outcome(False, f"Already showing {'your own pencil marks' if self.own_marks else 'the candidates'}")
        before, self._candidate_mode = self._position, mode
        self._recompute()
        message = switch_text(mode, self._assists, before, self._position)
        self._notify(Change(ChangeKind.ASSISTS, message))
        return Outcome(True, message)

    def clear(self, cell: Cell) -> Outcome:
        """Take back the digit the player placed in ``cell``."""
        refusal = move_rules.clear_refusal(self._start, self._position, cell)
        return self._push(Clear(cell)) if refusal is None else Outcome(False, refusal)

    def apply_step(self, step: Step) -> Outcome:
        """Perform a hint's Step as the player's move, named after its technique.

        A step with one placement and no eliminations becomes one ``Place``; a step with
        eliminations only becomes one ``Eliminate``, so Undo takes it back at once.
        A step with both becomes its eliminations followed by its placements.
        """
        if step.is_empty():
            return Outcome(False, f"{step.name} changes nothing")
        note = step.technique.display_name
        moves: list[Move] = []
        if step.eliminations:
            moves.append(Eliminate(tuple((e.cell, e.digit) for e in step.eliminations), note))
        moves += [Place(p.cell, p.digit, note) for p in step.placements]
        outcome = Outcome(False, "")
        self._hints += 1  # before the moves: the change that solves the puzzle carries its own help
        for i, move in enumerate(moves):
            outcome = self._push(move)
            if not outcome:
                if i == 0:
                    self._hints -= 1  # nothing was made
                break
        return outcome

    # -- what the player learned ----------------------------------------------
    def note_hint_rung(self, step: Step, rung: int) -> None:
        """Count that the hint on ``step`` reached ``rung`` (1 to 3; see ``GameView.hint_rungs``).

        A step counts once per rung: shown again (the same hint after a move elsewhere) it only climbs. Listeners
        are not told (the board did not change); the autosave keeps the count with the next save.
        """
        rung = max(0, min(3, rung))
        if step != self._hint_step:
            self._hint_step, self._hint_reached = step, 0
        if rung <= self._hint_reached:
            return
        counts = list(self._hint_rungs)
        for k in range(self._hint_reached, rung):
            counts[k] += 1
        self._hint_rungs = (counts[0], counts[1], counts[2])
        self._hint_reached = rung

    def note_found_alone(self, technique: Technique) -> None:
        """Count ``technique`` as found by the player alone in this game (kept through Undo; saved with the game)."""
        self._found_alone = self._found_alone | {technique}

    # -- history ------------------------------------------------------------
    def undo(self) -> Outcome:
        """Take back the last move (with every automatic consequence of it)."""
        if not self._moves:
            return Outcome(False, "Nothing to undo")
        move = self._moves.pop()
        self._redo.append(move)
        message = f"Undid {describe_move(move, self.geometry)}"
        self._recompute()
        self._notify(Change(ChangeKind.UNDO, message, move))
        return Outcome(True, message)

    def redo(self) -> Outcome:
        """Make the last undone move again."""
        if not self._redo:
            return Outcome(False, "Nothing to redo")
        move = self._redo.pop()
        self._moves.append(move)
        self._recompute()
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
        self._clock.reset()  # the clock waits for the first move again
        self._recompute()
        self._notify(Change(ChangeKind.RESTART, message))
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
        self._recompute()
        self._notify(Change(ChangeKind.UNDO, message))
        return Outcome(True, message)

    def set_assist(self, assist: Assist, on: bool) -> Outcome:
        """Switch an assist on or off, recompute the board from the start and say what changed on it.

        The message names the digits the assists placed or took back (count and the first few
        cells) and the candidates removed or back, or says that nothing on the board changed.
        """
        if (assist in self._assists) == on:
            return Outcome(False, f"{ASSIST_LABELS[assist]}: already {'on' if on else 'off'}")
        self._assists = self._assists | {assist} if on else self._assists - {assist}
        before = self._position
        self._recompute()
        message = f"{ASSIST_LABELS[assist]}: {'on' if on else 'off'}. {board_change_text(before, self._position)}"
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
        assists: Iterable[Assist] | None = None,
        elapsed: float = 0.0,
        entering: bool = False,
        candidate_mode: CandidateMode | None = None,
    ) -> Outcome:
        """Replace the game (a new puzzle or a loaded one); listeners stay subscribed.

        ``assists`` and ``candidate_mode`` None keep the current ones. ``entering`` starts a board on which
        the player types a puzzle's givens (see the module docstring).
        """
        chosen = self._assists if assists is None else frozenset(assists)
        record = GameRecord(
            start, tuple(moves), (), chosen, elapsed, 0, puzzle_name=name, puzzle_id=puzzle_id, puzzle_source=source
        )
        mode = self._candidate_mode if candidate_mode is None else candidate_mode
        self._load(replace(record, candidate_mode=mode), entering)
        message = f"New game: {name}" if name else "New game"
        self._notify(Change(ChangeKind.NEW_GAME, message))
        return Outcome(True, message)

    # -- giving up ------------------------------------------------------------
    def reveal_cell(self, cell: Cell) -> Outcome:
        """Place the solution's digit in the empty ``cell`` as a move noted REVEAL_NOTE (Undo takes it back)."""
        # ``or``: the solution is not computed for a cell off the board.
        refusal = move_rules.off_board(self._position, cell, 1) or move_rules.reveal_refusal(
            self._position, self.solution, cell
        )
        if refusal is not None:
            return Outcome(False, refusal)
        solution, geo = self.solution, self.geometry
        assert solution is not None  # reveal_refusal refuses a puzzle without a unique solution
        self._reveals += 1  # before the move, as in apply_step
        outcome = self._push(Place(cell, solution[cell], REVEAL_NOTE), ChangeKind.REVEAL)
        if not outcome:
            self._reveals -= 1  # nothing was revealed
            return outcome
        return Outcome(True, f"Revealed {geo.cell_name(cell)}={geo.digit_char(solution[cell])}")

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
            self._recompute()
            note = f" ({taken} move{'s' * (taken != 1)} from your first mistake on taken back)"
        revealed = 0
        for cell in range(self.geometry.ncells):
            if not self._position.values[cell]:
                # Assists may fill later cells from earlier reveals: recompute as we go.
                self._moves.append(Place(cell, solution[cell], REVEAL_NOTE))
                self._recompute()
                revealed += 1
        self._redo.clear()
        self._reveals += revealed
        message = f"Solved for you: {revealed} cell{'s' * (revealed != 1)} revealed{note}"
        self._notify(Change(ChangeKind.REVEAL, message))
        return Outcome(True, message)

    # -- internals ----------------------------------------------------------
    def _push(self, move: Move, kind: ChangeKind = ChangeKind.MOVE) -> Outcome:
        self._moves.append(move)
        self._recompute()
        rejected = [r for r in self._position.rejected if r.move_index == len(self._moves) - 1]
        if rejected:
            # Checked above already; this keeps the move list clean if the engine disagrees.
            self._moves.pop()
            self._recompute()
            return Outcome(False, rejected[0].message)
        self._redo.clear()
        if isinstance(move, Place) and not self._entering:
            solution = self.solution
            if solution is not None and solution[move.cell] != move.digit:
                self._mistakes += 1
        message = self.last_move_summary()
        self._notify(Change(kind, message, move))
        return Outcome(True, message)

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
            hints=self._hints,
            reveals=self._reveals,
            contradiction=note_contradictions(pos),
            colouring=self.colouring,
            own_marks=self.own_marks,
            found_alone=self._found_alone,
            hint_rungs=self._hint_rungs,
        )

    def _tell_colours(self, message: str) -> None:
        self._notify(Change(ChangeKind.COLOURS, message))

    def _notify(self, change: Change) -> None:
        if not self._listeners:
            return
        told = replace(change, view=self.view())
        failed: Exception | None = None
        for listener in list(self._listeners):
            # One part that fails must not leave the others showing the game as it was (a new game's title,
            # hint and rating): every listener hears the change, then the first error is raised.
            try:
                listener(told)
            except Exception as exc:
                failed = failed or exc
        if failed is not None:
            raise failed
