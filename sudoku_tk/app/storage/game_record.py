"""GameRecord: everything a saved game holds, as engine values; the Session converts itself to and from one.

A record knows nothing of files: ``save_format.py`` turns records into the
versioned JSON text and back, ``autosave.py`` keeps one on disk while a game is
played.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from sudoku_tk import __version__
from sudoku_tk.app.game.colouring import Colouring
from sudoku_tk.app.game.pencil_mode import CandidateMode, resting_assists
from sudoku_tk.engine.board.geometry import Cell
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.moves import Move
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist, Position, recompute
from sudoku_tk.engine.rating.score import Rating
from sudoku_tk.engine.steps.step import Technique


@dataclass(frozen=True, slots=True)
class GameRecord:
    """Everything a saved game holds, as engine values: the starting grid, the moves and the game's clock.

    The Session converts itself to and from a record; ``save_format.py`` turns
    records into files and back. ``start may be a candidate grid (``has_pencilmarks``) or
    hold digits placed before the game began.
    """

    start: Grid
    moves: tuple[Move, ...] = ()
    redo: tuple[Move, ...] = ()
    """Moves undone, in the order they would be redone (the next redo first)."""
    assists: frozenset[Assist] = ALL_ASSISTS
    elapsed: float = 0.0
    """Seconds of play so far (the timer stops while paused)."""
    mistakes: int = 0
    revealed: tuple[Cell, ...] = ()
    """Cells whose digit the player asked to be shown."""
    puzzle_name: str = ""
    puzzle_id: str = ""
    """The built-in library id, or "" for a puzzle from elsewhere."""
    puzzle_source: str = ""
    created: datetime | None = None
    saved: datetime | None = None
    app_version: str = field(default=__version__)
    """The version of the app that wrote the record."""
    hints: int = 0
    """Hint steps made for the player (Apply, Step, Solve to the end); undoing one does not take it back."""
    reveals: int = 0
    """Digits shown at the player's request (Reveal cell, Solve); undoing one does not take it back."""
    colouring: Colouring = Colouring()
    """The player's colours on cells and candidates (see colouring.py)."""
    candidate_mode: CandidateMode = CandidateMode.AUTOMATIC
    """Automatic candidates or the player's own pencil marks (see pencil_mode.py)."""
    rating: Rating | None = None
    """The puzzle's rating (level, score, SE estimate) once known; None for 4×4 and 16×16 and before rating."""
    found_alone: frozenset[Technique] = frozenset()
    """Techniques the player found themselves after "Let me try" (see ``Game.found_alone``)."""
    hint_rungs: tuple[int, int, int] = (0, 0, 0)
    """How many hint steps reached rung 1, 2 and 3 (see ``GameView.hint_rungs``)."""

    @classmethod
    def new(
        cls,
        start: Grid,
        *,
        name: str = "",
        puzzle_id: str = "",
        source: str = "",
        assists: frozenset[Assist] | Sequence[Assist] = ALL_ASSISTS,
        now: datetime | None = None,
    ) -> GameRecord:
        """A fresh game on ``start``: no moves, clock at zero, created ``now``."""
        return cls(
            start, assists=frozenset(assists), puzzle_name=name, puzzle_id=puzzle_id, puzzle_source=source, created=now
        )

    def with_progress(
        self,
        moves: Sequence[Move],
        redo: Sequence[Move] = (),
        *,
        elapsed: float | None = None,
        mistakes: int | None = None,
        revealed: Sequence[Cell] | None = None,
        assists: frozenset[Assist] | Sequence[Assist] | None = None,
        saved: datetime | None = None,
        hints: int | None = None,
        reveals: int | None = None,
    ) -> GameRecord:
        """The same game with the player's current moves (and clock, counters and assists when given)."""
        return replace(
            self,
            moves=tuple(moves),
            redo=tuple(redo),
            elapsed=self.elapsed if elapsed is None else float(elapsed),
            mistakes=self.mistakes if mistakes is None else mistakes,
            revealed=self.revealed if revealed is None else tuple(revealed),
            assists=self.assists if assists is None else frozenset(assists),
            saved=self.saved if saved is None else saved,
            app_version=__version__,
            hints=self.hints if hints is None else hints,
            reveals=self.reveals if reveals is None else reveals,
        )

    def position(self) -> Position:
        """The board this record describes, recomputed from the start and the moves."""
        return recompute(self.start, self.moves, self.assists - resting_assists(self.candidate_mode))
