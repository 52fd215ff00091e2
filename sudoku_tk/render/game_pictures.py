"""Pictures and sheets of a game in the app: what to draw, taken from the session and the hint ladder's view.

The window asks for a picture of its game with ``game_overlay`` (the hint the panel
shows, the mistake marks the player asked for, the contradiction the board holds, the
player's colours) and ``game_sheet`` (the puzzle, or the position with its candidates,
for a PDF). Nothing is read from the canvas.
"""

from __future__ import annotations

from sudoku_tk.app.game.game import Game
from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.game.session import Session
from sudoku_tk.app.hints.views import HintView
from sudoku_tk.engine.steps.step import Highlight, Link

from .overlays import Overlay
from .sheets import SheetPuzzle


def hint_overlay_parts(view: HintView | None) -> tuple[tuple[Highlight, ...], tuple[Link, ...], bool]:
    """(highlights, links, numbered) of the hint on show, as the board draws it; empty without a hint."""
    if view is None:
        return (), (), False
    return tuple(view.highlights), tuple(view.links), view.step is not None and bool(view.step.chain)


def game_overlay(
    game: Session,
    hint: HintView | None = None,
    *,
    mistakes: bool = False,
    colours: bool = True,
) -> Overlay:
    """What a position picture of ``game`` draws over the board.

    ``hint``: the hint ladder's view (None: no hint drawn). ``mistakes``: mark wrong digits and
    removed true candidates (as the window does when the player asked for it; needs a unique
    solution). ``colours``: the player's own colours on cells and candidates. Revealed cells
    and any contradiction are always marked, as on the board.
    """
    highlights, links, numbered = hint_overlay_parts(hint)
    check = mistakes and game.is_unique and not game.is_entering
    note = game.view().contradiction
    colouring = game.colouring
    return Overlay(
        highlights=highlights,
        links=links,
        numbered=numbered,
        cell_colours=colouring.cell_map() if colours else {},
        candidate_colours=colouring.candidate_map() if colours else {},
        mistakes=tuple(game.wrong_cells()) if check else (),
        missing=tuple(game.missing_shown()) if check else (),
        revealed=tuple(game.revealed_cells()),
        dead=note.dead_cells if note else (),
        lost=note.lost_digits if note else (),
        clashes=note.clash_cells if note else (),
    )


def game_sheet(game: Game, *, position: bool = False, title: str = "", note: str = "") -> SheetPuzzle:
    """The game's puzzle for a PDF sheet; with ``position`` the digits placed so far and the candidates too (the
    player's own pencil marks instead while the game shows those)."""
    pos = game.position
    start = pos.start.givens_only()
    solution = game.solution
    name = title or game.name or "Puzzle"
    if not position:
        return SheetPuzzle(start, name, note, solution=solution)
    small = pos.mark_set if game.candidate_mode is CandidateMode.OWN else pos.candidate_set
    cands = tuple(small(c) for c in range(pos.geometry.ncells))
    return SheetPuzzle(start, name, note or "as played", values=pos.values, candidates=cands, solution=solution)
