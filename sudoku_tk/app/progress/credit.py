"""Credit where it is due: the words of the solved card, from how much help the game took.

"Solved! Well done" is said only when the player solved the puzzle alone. Hint
steps made for the player (Apply, Step, Solve to the end) and digits revealed at
their request (Reveal cell, Solve) are counted by the session (``Game.hints``,
``Game.reveals``; Undo does not take a count back) and named on the card:
"Solved with 3 hints and 1 revealed cell". The window draws the card; the words
are chosen here.
"""

from __future__ import annotations

from sudoku_tk.app.game.clock import format_duration
from sudoku_tk.app.game.session import GameView


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' * (n != 1)}"


def help_taken(hints: int, reveals: int) -> str:
    """The help a game took, in words ("" for none).

    >>> help_taken(3, 1), help_taken(1, 0), help_taken(0, 2), help_taken(0, 0)
    ('3 hints and 1 revealed cell', '1 hint', '2 revealed cells', '')
    """
    parts = []
    if hints:
        parts.append(_count(hints, "hint"))
    if reveals:
        parts.append(_count(reveals, "revealed cell"))
    return " and ".join(parts)


def solved_alone(view: GameView) -> bool:
    """Did the player solve it without a hint step or a revealed digit?"""
    return not (view.hints or view.reveals)


def solved_title_and_detail(view: GameView) -> tuple[str, str]:
    """The solved card's title and detail for a solved game.

    Alone: "Solved!" and "Time taken: 12:05. Well done!". With help: "Solved, with help"
    and "Solved with 3 hints and 1 revealed cell. Time: 12:05." A puzzle that came solved
    (no move made): "Already solved".
    """
    if not view.move_count:
        return "Already solved", "Nothing is left to place in this puzzle."
    time = format_duration(view.elapsed)
    if solved_alone(view):
        return "Solved!", f"Time taken: {time}. Well done!"
    return "Solved, with help", f"Solved with {help_taken(view.hints, view.reveals)}. Time: {time}."


def new_best_line(size: int, level_name: str) -> str:
    """The solved card's extra line when the time beats every earlier game of that size and level solved alone.

    >>> new_best_line(9, "Easy"), new_best_line(16, "")
    ('A new best for easy 9×9!', 'A new best for 16×16!')
    """
    kind = f"{level_name.lower()} {size}×{size}" if level_name else f"{size}×{size}"
    return f"A new best for {kind}!"


def solved_status(view: GameView) -> str:
    """The status bar's sentence for a solved game: the card's title and detail, said once.

    With help the detail already says it ("Solved with 1 hint. Time: 0:42."), so the title is left out.
    """
    title, detail = solved_title_and_detail(view)
    return detail if view.move_count and not solved_alone(view) else f"{title} {detail}"


__all__ = ["help_taken", "new_best_line", "solved_alone", "solved_status", "solved_title_and_detail"]
