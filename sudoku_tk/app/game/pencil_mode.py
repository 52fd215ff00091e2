"""Own pencil marks: the candidates mode of a game, the Pencil moves the player asks for, and what switching says.

A game shows its candidates in one of two modes. ``AUTOMATIC`` (what the app always did):
the board works the candidates out and the player removes or restores them. ``OWN`` (as in
GNOME Sudoku and HoDoKu): every empty cell starts without marks and the player pencils
them in (``Position.marks``, replayed from ``Pencil`` moves by the engine). The logical
candidates are still worked out underneath: hints, contradictions and mistake checks use
them in both modes.

In own mode the singles assists rest: a player who pencils by hand wants to find the
singles too, and a digit appearing by itself in a cell they are still pencilling would be
a surprise neither GNOME Sudoku nor HoDoKu springs. They are not switched off, only not
applied (``resting_assists``): the Assist menu keeps their check marks, and switching
back to automatic brings them and the digits they placed back exactly. Peer Elimination
keeps working, and in own mode it also takes a placed digit out of its peers' marks
(GNOME Sudoku's "remove pencil marks automatically").

Here are the pure parts: the moves for toggling a mark, filling in every candidate and
clearing every mark, or the sentence refusing them, and the sentence a switch of mode
says. The Session makes the moves (session.py).
"""

from __future__ import annotations

from enum import Enum

from sudoku_tk.app.game.rules import off_board
from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.play.moves import Candidate, Pencil
from sudoku_tk.engine.play.propagation import Assist, Position


class CandidateMode(Enum):
    """What the small digits in an empty cell are."""

    AUTOMATIC = "automatic"
    """The candidates the board works out; the player removes and restores them."""
    OWN = "own"
    """The player's own pencil marks: none at the start, added and removed by hand."""


MODE_LABELS = {CandidateMode.AUTOMATIC: "Automatic", CandidateMode.OWN: "My own pencil marks"}
"""How each mode is named in the View menu ("Candidates: …")."""
SINGLES: frozenset[Assist] = frozenset({Assist.NAKED_SINGLES, Assist.HIDDEN_SINGLES})
"""The assists that rest while the player keeps their own marks."""
_NAMES = {Assist.NAKED_SINGLES: "Place naked singles", Assist.HIDDEN_SINGLES: "Place hidden singles"}

PencilOrRefusal = Pencil | str
"""A Pencil move to make, or the sentence that refuses the request."""


def resting_assists(mode: CandidateMode) -> frozenset[Assist]:
    """The assists that are not applied in ``mode`` (their setting is kept)."""
    return SINGLES if mode is CandidateMode.OWN else frozenset()


def toggle_move(position: Position, cell: Cell, digit: Digit) -> PencilOrRefusal:
    """Pencil ``digit`` into the empty ``cell``, or rub it out when it is there."""
    refusal = off_board(position, cell, digit, need_empty=True)
    if refusal is not None:
        return refusal.replace("it has no candidates", "it takes no pencil marks")
    return Pencil(((cell, digit),), add=not position.has_mark(cell, digit))


def fill_move(position: Position) -> PencilOrRefusal:
    """Pencil every current candidate of every empty cell that is not marked yet (one move, as HoDoKu offers)."""
    missing: list[Candidate] = [
        (cell, d) for cell in position.empty_cells() for d in position.candidate_set(cell) - position.mark_set(cell)
    ]
    if not missing:
        return "Every candidate is pencilled in already" if position.empty_cells() else "No empty cell to pencil"
    return Pencil(tuple(missing), add=True)


def clear_move(position: Position) -> PencilOrRefusal:
    """Rub out every pencil mark on the board (one move)."""
    marked: list[Candidate] = [(cell, d) for cell in position.empty_cells() for d in position.mark_set(cell)]
    return Pencil(tuple(marked), add=False) if marked else "You have no pencil marks to clear"


def count_marks(position: Position) -> int:
    """How many pencil marks the board holds."""
    return sum(len(position.mark_set(cell)) for cell in position.empty_cells())


def switch_text(mode: CandidateMode, assists: frozenset[Assist], before: Position, after: Position) -> str:
    """What switching to ``mode`` changed, in words: what the cells show, the singles, digits taken back or back.

    ``assists`` are the game's assists as the player set them; ``before`` and ``after`` the board around the switch.
    """
    geo = after.geometry
    singles = " and ".join(_NAMES[a] for a in (Assist.NAKED_SINGLES, Assist.HIDDEN_SINGLES) if a in assists)
    gone = [c for c in range(geo.ncells) if before.values[c] and not after.values[c]]
    back = [c for c in range(geo.ncells) if after.values[c] and not before.values[c]]
    marks = count_marks(after)
    if mode is CandidateMode.OWN:
        kept = f"your {_count(marks, 'mark')} {_be(marks)} back; " if marks else ""
        text = f"Candidates: your own pencil marks ({kept}Shift+digit or right-click pencils one)."
        if singles:
            text += f" {singles} rest until you switch back"
            text += (
                f": {_count(len(gone), 'digit')} they had placed taken back ({_cells(gone, before)})." if gone else "."
            )
        return text
    text = "Candidates: automatic" + (
        f"; your {_count(marks, 'pencil mark')} {_be(marks)} kept for later." if marks else "."
    )
    if singles:
        text += f" {singles} work again"
        text += f": they placed {_count(len(back), 'digit')} ({_cells(back, after)})." if back else "."
    return text


def _cells(cells: list[Cell], position: Position) -> str:
    """The first few cells with their digits: ``r1c3=7, r2c5=1 and 4 more``."""
    g = position.geometry
    names = [f"{g.cell_name(c)}={g.digit_char(position.values[c])}" for c in cells[:3]]
    return ", ".join(names) + (f" and {len(cells) - 3} more" if len(cells) > 3 else "")


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def _be(n: int) -> str:
    return "is" if n == 1 else "are"
