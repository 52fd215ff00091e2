"""Game: the data of one game and the board recomputed from it; every question the Session answers.

A game is its starting grid, the player's moves, the redo list, the assists, the
counters and the clock. The board is never edited: ``Position`` is always
``engine.propagation.recompute(start, moves, assists)``, cached after each change.
A move that only adds is played on from the last Position (``recompute(after=...)``),
and the last few Positions are kept, so an undo takes one back instead of replaying
the game: a move costs the same on a game of 100,000 moves as on a new one.
The unique solution is computed once, when first asked (None when the puzzle has
several), for a moment only: a puzzle whose count takes longer is ``solution_pending``
(treated as not unique meanwhile) until the window's background check hands the answer
to ``know_solution`` (app/puzzles/solution_check.py).

``Session`` (session.py) is a ``Game`` that takes the requests that change it (moves,
undo and redo, reveals, new games; pencil marks and colours through the request
objects it holds) and tells the listeners that hear about them; this module only
reads and reloads (and keeps the rating and colours it is handed). The clock, the "Why?" texts and the checks against
the solution are in ``clock.py``, ``explanations.py`` and ``checking.py``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone

from sudoku_tk.app.game import checking
from sudoku_tk.app.game.clock import GameClock
from sudoku_tk.app.game.colouring import Colouring
from sudoku_tk.app.game.explanations import Explanation, explain, move_summary
from sudoku_tk.app.game.pencil_mode import CandidateMode, resting_assists
from sudoku_tk.app.puzzles.solution_check import count_now
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.moves import Move, Place
from sudoku_tk.engine.play.propagation import Assist, Position, recompute
from sudoku_tk.engine.rating.score import Rating
from sudoku_tk.engine.steps.step import Step, Technique

REVEAL_NOTE = "revealed"
"""The note of a Place move that shows the solution's digit because the player asked for it."""
ENTERING_ASSISTS = frozenset({Assist.PEERS})
"""The assists that may work while givens are typed in: singles would fill cells the player did not type."""
_NOT_COMPUTED = object()
KEEP_POSITIONS = 8
"""How many earlier Positions a game keeps, so that as many undos in a row cost nothing."""
_PENDING = object()


class Game:
    """One game's data and its recomputed board; ``Session`` adds the requests that change it."""

    _start: Grid
    _name: str
    _puzzle_id: str
    _source: str
    _created: datetime
    _moves: list[Move]
    _redo: list[Move]
    _assists: frozenset[Assist]
    _position: Position
    _mistakes: int
    _hints: int
    _reveals: int
    _colouring: Colouring
    _rating: Rating | None
    _entering: bool
    _candidate_mode: CandidateMode
    _solution: object
    _found_alone: frozenset[Technique]
    _hint_rungs: tuple[int, int, int]

    def __init__(
        self, record: GameRecord, *, entering: bool = False, clock: Callable[[], float] = time.monotonic
    ) -> None:
        """Load the game ``record`` holds (``entering``: givens are being typed in); ``clock`` tells the time."""
        self._clock = GameClock(clock)
        self._load(record, entering)

    def to_record(self, saved: datetime | None = None) -> GameRecord:
        """The game as a record for saving (``saved``: when it is written; None leaves it out)."""
        return GameRecord(
            self._start,
            self.moves,
            self.redo_moves,
            self._assists,
            self.elapsed(),
            self._mistakes,
            self.revealed_cells(),
            self._name,
            self._puzzle_id,
            self._source,
            self._created,
            saved,
            hints=self._hints,
            reveals=self._reveals,
            candidate_mode=self._candidate_mode,
            colouring=self._colouring,
            rating=self._rating,
            found_alone=self._found_alone,
            hint_rungs=self._hint_rungs,
        )

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
    def hints(self) -> int:
        """How many hint steps were made for the player (Apply, Step, Solve to the end); Undo keeps the count."""
        return self._hints

    @property
    def reveals(self) -> int:
        """How many digits were revealed at the player's request (Reveal cell, Solve); Undo keeps the count."""
        return self._reveals

    @property
    def found_alone(self) -> frozenset[Technique]:
        """The techniques the player found themselves in this game ("Let me try", find_it.py); Undo keeps them."""
        return self._found_alone

    @property
    def hint_rungs(self) -> tuple[int, int, int]:
        """How many hint steps reached rung 1, 2 and 3 in this game (see ``GameView.hint_rungs``)."""
        return self._hint_rungs

    @property
    def rating(self) -> Rating | None:
        """The puzzle's rating once known (the window has it computed in the background; see ``set_rating``)."""
        return self._rating

    def set_rating(self, rating: Rating | None) -> None:
        """Keep the puzzle's rating with the game (it is saved with it); nothing on the board changes."""
        self._rating = rating

    @property
    def colouring(self) -> Colouring:
        """The player's colours on cells and candidates (notes only: they never change the board)."""
        return self._colouring

    def set_colouring(self, colouring: Colouring) -> None:
        """Keep the player's colours with the game (they are saved with it); nothing on the board changes."""
        self._colouring = colouring

    @property
    def is_entering(self) -> bool:
        """Is the player typing a puzzle's givens (no singles placed, no mistakes counted)?"""
        return self._entering

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The starting position's only solution, or None when it has none or several (computed once), or while
        it is still being worked out (``solution_pending``)."""
        if self._solution is _NOT_COMPUTED:
            found = None if self._entering else count_now(self._start)
            self._solution = None if self._entering else _PENDING if found is None else found.solution
        return None if self._solution is _PENDING else self._solution  # type: ignore[return-value]

    @property
    def solution_pending(self) -> bool:
        """Did a quick count not finish, so the solution waits for ``know_solution`` (a background check)?"""
        _ = self.solution
        return self._solution is _PENDING

    def know_solution(self, start: Grid, solution: tuple[int, ...] | None) -> bool:
        """Take the solution (None: none or several) that a count made elsewhere found for ``start``, if ``start``
        is still this game's starting position; whether it was taken."""
        if self._entering or start.values != self._start.values or start.candidates != self._start.candidates:
            return False
        self._solution = solution
        return True

    @property
    def is_unique(self) -> bool:
        """Has the puzzle exactly one solution? (Hints that rely on uniqueness need it; mistake checks too.)"""
        return self.solution is not None

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made, first to last (the board's own tuple of them: a long game's moves are not copied)."""
        kept = self._position.moves
        return kept if len(kept) == len(self._moves) else tuple(self._moves)

    @property
    def redo_moves(self) -> tuple[Move, ...]:
        """The moves Redo would replay, next one first."""
        return tuple(reversed(self._redo))

    @property
    def assists(self) -> frozenset[Assist]:
        return self._assists

    @property
    def position(self) -> Position:
        """The board as recomputed after the last change (cached; never stale)."""
        return self._position

    @property
    def candidate_mode(self) -> CandidateMode:
        """Automatic candidates, or the player's own pencil marks (see pencil_mode.py)."""
        return self._candidate_mode

    @property
    def own_marks(self) -> bool:
        """Does the player keep their own pencil marks (the cells show ``Position.marks``)?"""
        return self._candidate_mode is CandidateMode.OWN

    def pencilled(self, cell: Cell, digit: Digit) -> bool:
        """Is ``digit`` shown small in ``cell``: the player's mark in own-marks mode, else the candidate."""
        pos = self._position
        return pos.has_mark(cell, digit) if self.own_marks else pos.has_candidate(cell, digit)

    def is_solved(self) -> bool:
        return self._position.is_solved()

    def can_undo(self) -> bool:
        return bool(self._moves)

    def can_redo(self) -> bool:
        return bool(self._redo)

    def has_assist(self, assist: Assist) -> bool:
        return assist in self._assists

    def revealed_cells(self) -> tuple[Cell, ...]:
        """Cells whose digit on the board was revealed at the player's request (in move order)."""
        pos = self._position
        found = []  # at most one placement is in force per cell: look only there, not through the whole game
        for cell in range(pos.geometry.ncells):
            index = pos.live_place(cell)
            if index is not None:
                move = pos.moves[index]
                if isinstance(move, Place) and move.note == REVEAL_NOTE and pos.values[cell] == move.digit:
                    found.append((index, cell))
        return tuple(cell for _index, cell in sorted(found))

    def wrong_cells(self) -> tuple[Cell, ...]:
        """Cells whose digit differs from the unique solution (none when there is no unique solution)."""
        return checking.wrong_cells(self._position, self.solution)

    def missing_candidates(self) -> tuple[tuple[Cell, Digit], ...]:
        """Empty cells whose true digit (by the unique solution) is no longer a candidate, with that digit."""
        return checking.missing_candidates(self._position, self.solution)

    def missing_shown(self) -> tuple[tuple[Cell, Digit], ...]:
        """The true digits missing from the small digits the board shows, with their cells: removed true
        candidates, or in own-marks mode the cells whose marks leave out the true digit (what Mark mistakes rings)."""
        if self.own_marks:
            return checking.wrong_marks(self._position, self.solution)
        return self.missing_candidates()

    def entered_grid(self) -> Grid:
        """The digits now on the board as the givens of a new puzzle (what "Start" locks while entering)."""
        return Grid.from_values(self._position.values, geometry=self._position.geometry)

    def first_mistake_index(self, solution: Sequence[Digit]) -> int | None:
        """The index of the first move after which the board contradicts ``solution``, or None.

        A contradiction is a wrong digit on the board or a true candidate removed (as
        ``engine.logic_solver.diagnose`` finds them). ``undo_to(index)`` then goes back to
        the last position before it. None when no move led into a contradiction (including
        a starting position that already contradicts the solution: no move can be undone to fix it).
        """
        return checking.first_mistake_index(
            self._start, self._moves, self._effective_assists(), solution, self._position
        )

    # -- explanations -------------------------------------------------------
    def last_move_summary(self) -> str:
        """The last move and what the assists did because of it: ``r1c1=5 → naked single r3c2=4``."""
        return move_summary(self._position, len(self._moves) - 1) if self._moves else ""

    def why_value(self, cell: Cell) -> Step | None:
        """The single that placed ``cell``'s digit, when an assist placed it."""
        return self._position.value_step(cell)

    def explain(self, cell: Cell, digit: Digit | None = None) -> Explanation | None:
        """Say why a candidate is missing (``digit`` given) or why a filled cell holds its digit (see explanations.py)."""
        return explain(self._position, cell, digit)

    # -- clock --------------------------------------------------------------
    def elapsed(self) -> float:
        """Seconds played so far (stops while paused and once the puzzle is solved)."""
        return self._clock.elapsed()

    def is_clock_running(self) -> bool:
        return self._clock.is_running()

    def pause_clock(self) -> None:
        """Stop counting time (window minimised, game paused)."""
        self._clock.pause()

    def resume_clock(self) -> None:
        """Count time again, unless the puzzle is solved or the clock still waits for the first move."""
        if not self._clock.is_running() and not self._position.is_solved():
            self._clock.follow(False, bool(self._moves))

    # -- internals ----------------------------------------------------------
    def _load(self, record: GameRecord, entering: bool = False) -> None:
        """Replace the whole game by the one ``record`` holds (a new game and a loaded one alike)."""
        self._start = record.start
        self._name = record.puzzle_name
        self._puzzle_id = record.puzzle_id
        self._source = record.puzzle_source
        self._created = record.created or datetime.now(timezone.utc).replace(microsecond=0)
        self._moves = list(record.moves)
        self._redo = list(reversed(record.redo))
        self._assists = record.assists
        self._clock.reset(record.elapsed)
        self._mistakes = max(0, record.mistakes)
        self._entering = entering
        self._candidate_mode = record.candidate_mode
        self._solution = _NOT_COMPUTED
        self._earlier: list[Position] = []
        self._position = recompute(self._start, self._moves, self._effective_assists())
        self._hints = max(0, record.hints)
        self._reveals = max(record.reveals, len(self.revealed_cells()))  # files from before the count
        self._colouring = record.colouring
        self._rating = record.rating
        self._found_alone = record.found_alone
        self._hint_rungs = record.hint_rungs
        self._hint_step: Step | None = None  # the hint step whose rungs are being counted, and its highest rung
        self._hint_reached = 0
        self.resume_clock()

    def _effective_assists(self) -> frozenset[Assist]:
        """The assists applied: while entering only ENTERING_ASSISTS; with own marks the singles rest."""
        assists = self._assists - resting_assists(self._candidate_mode)
        return assists & ENTERING_ASSISTS if self._entering else assists

    def _recompute(self) -> None:
        """Recompute the board from the start and the moves; the clock starts with the first move, stops once solved.

        The result is always ``recompute(start, moves, assists)``; it is found among the last
        Positions (an undo), or played on from the last one (a new move), when it can be.
        """
        assists = self._effective_assists()
        previous = self._position
        moves = self._moves
        kept = [p for p in self._earlier if p.assists == assists and len(p.moves) == len(moves)]
        found = next((p for p in kept if p.moves == tuple(moves)), None)
        self._position = found or recompute(self._start, moves, assists, after=previous)
        self._earlier = [p for p in (*self._earlier, previous) if p is not self._position][-KEEP_POSITIONS:]
        self._clock.follow(self._position.is_solved(), bool(self._moves))
