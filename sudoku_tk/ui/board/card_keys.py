"""CardKeys: the card over the board answers the keyboard: Enter presses its first button, Esc closes it.

The card is drawn by ui/board/card.py, its buttons as canvas items tagged
``card-action-<i>``. Enter does exactly what a click on the first button does (New
puzzle on the Solved card, Resume on the Paused one): the click is made on that
button, so the card keeps one way of acting. Esc presses the card's Close button, or
takes a card without one away; the Paused card stays up, since the board it hides
must stay hidden. Esc is bound on the board through a bind tag of its own, ahead of
the window's Escape shortcut (Clear highlight); Enter anywhere in the window but a
text field.
"""

from __future__ import annotations

import tkinter as tk

from ..window.keys import TEXT_FIELDS
from .canvas import BoardCanvas

CLOSE = "Close"
"""The label of a card's closing button."""


class CardKeys:
    """Enter and Esc for the card shown on ``board``."""

    def __init__(self, board: BoardCanvas) -> None:
        self._board = board
        self._tag = f"CardKeys{id(board)}"  # a bind tag must not start with a dot (a window)

    def bind(self, root: tk.Misc) -> None:
        """Listen for Enter and Esc on the board (before its other keys) and for Enter in the whole window."""
        board = self._board
        tags = list(board.bindtags())
        if self._tag not in tags:
            board.bindtags((tags[0], self._tag, *tags[1:]))
        for sequence in ("<Key-Return>", "<Key-KP_Enter>"):
            board.bind_class(self._tag, sequence, self._on_enter)
            root.bind(sequence, self._on_enter, add="+")
        board.bind_class(self._tag, "<Key-Escape>", self._on_escape)

    def button_labels(self) -> list[str]:
        """The labels of the card's buttons, in order (none when no card is shown)."""
        board, labels = self._board, list[str]()
        if not board.card_text():
            return labels
        while True:
            texts = [i for i in board.find_withtag(f"card-action-{len(labels)}") if str(board.type(i)) == "text"]
            if not texts:
                return labels
            labels.append(str(board.itemcget(texts[0], "text")))

    def press_first(self) -> bool:
        """Press the card's first button; False when no card (or no button) is shown."""
        labels = self.button_labels()
        if not labels:
            return False
        self._press(labels[0])
        return True

    def close(self) -> bool:
        """Close the card (its Close button, or away when it has none); False when none, or it is the Paused card."""
        board = self._board
        if not board.card_text() or board.paused:
            return False
        if CLOSE in self.button_labels():
            self._press(CLOSE)
        else:
            board.hide_card()
        return True

    def _press(self, label: str) -> None:
        """Click the button ``label`` as the mouse would (the card's own click binding acts)."""
        board = self._board
        x, y = (int(v) for v in board.card_button_center(label))
        board.event_generate("<Button-1>", x=x, y=y)
        board.event_generate("<ButtonRelease-1>", x=x, y=y)

    def _on_enter(self, event: tk.Event) -> str | None:
        widget = event.widget
        if isinstance(widget, tk.Misc) and widget.winfo_class() in TEXT_FIELDS:
            return None  # a new line in a text box, not the card
        return "break" if self.press_first() else None

    def _on_escape(self, event: tk.Event) -> str | None:
        return "break" if self.close() else None
