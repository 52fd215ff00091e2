"""WhyOnHover: the pointer over the board: its hover outline and the "why?" it asks after a rest.

Resting the pointer on a removed candidate or an automatically placed digit for
``why_delay_ms`` shows the reason: the Step (or the cells) behind it drawn on the
board and its sentence in the status bar, until the pointer moves on or a click, a key
or a change clears it; the board's earlier highlights then come back. Resting it on a
candidate that a drawn step marks (a step of the All steps list, a Solution path
preview: tabs without a legend) says what the mark means, in the legend's words
("r5c1's 1: true in the chain (=) (XY-Chain)"). The reason comes
from ``Session.explain``; here are only pointer events, the delay and what is drawn.
It reaches the window only through its ``WhyHost`` port (ports.py).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Sequence

from sudoku_tk.app.hints.views import HintKind, HintView
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.play.propagation import Origin
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Link, Step

from ..window.ports import WhyHost
from .layout import Hit
from .steps import StepDrawing

WhyTarget = tuple[Cell, Digit | None, bool]
"""What "why?" is asked about: a removed candidate (cell, digit, False), an automatic digit (cell, None, False), or
the mark a drawn step puts on a shown candidate (cell, digit, True)."""


def drawn_mark_text(
    step: Step, highlights: Sequence[Highlight], links: Sequence[Link], cell: Cell, digit: Digit, geometry: Geometry
) -> str | None:
    """What the mark on candidate ``digit`` of ``cell`` means in ``step``'s drawing, in the legend's own words (the
    hint panel's legend; the All steps and Solution path tabs have none), or None when nothing marks it."""
    view = HintView(HintKind.STEP, step.name, "", step=step, highlights=tuple(highlights), links=tuple(links))
    names = dict(view.legend)
    roles = [h.role for h in highlights if cell in h.cells and digit in h.digits and h.role.value in names]
    if not roles:
        return None
    meaning = " and ".join(dict.fromkeys(names[role.value] for role in roles))
    return f"{geometry.cell_name(cell)}'s {geometry.digit_char(digit)}: {meaning} ({step.technique.display_name})"


class WhyOnHover:
    """Follows the pointer over ``host.board`` and explains what it rests on (``bind`` listens to it)."""

    def __init__(self, host: WhyHost) -> None:
        self._host = host
        self._target: WhyTarget | None = None
        self._job: str | None = None
        self._saved: StepDrawing | None = None  # the board's highlights before "why?"
        self._shown = False
        self._pointer: Hit | None = None  # what the pointer is over, to redraw its outline after a move

    # -- pointer ------------------------------------------------------------------
    def bind(self) -> None:
        """Follow the pointer over the board."""
        self._host.board.bind("<Motion>", self.on_motion)
        self._host.board.bind("<Leave>", self.on_leave)

    def on_motion(self, event: tk.Event) -> None:
        """Outline what the pointer is over and (re)start the wait before its "why?"."""
        board, pos = self._host.board, self._host.session.position
        covered = board.paused or board.card_contains(event.x, event.y)
        hit = None if covered else board.hit_test(event.x, event.y)
        self._pointer = hit
        if hit is None:
            board.set_hover(None)
            self._set_target(None)
            return
        filled = bool(pos.values[hit.cell])
        board.set_hover(hit, show_candidate=not filled)
        self._set_target(self._target_for(hit))

    def on_leave(self, event: tk.Event) -> None:
        """The pointer left the board: no outline, no "why?"."""
        self._pointer = None
        self._host.board.set_hover(None)
        self._set_target(None)

    def refresh_hover(self) -> None:
        """Redraw the outline under a pointer that has not moved, after the position changed."""
        # A move fills or empties cells under a still pointer: a candidate outline over a new digit would
        # cross it, and one over a candidate an undo brought back should show again.
        board, values = self._host.board, self._host.session.position.values
        hit = self._pointer
        if hit is None or board.paused or hit.cell >= len(values):
            return
        board.set_hover(hit, show_candidate=not values[hit.cell])

    def forget_pointer(self) -> None:
        """A new game: the cells under the pointer may have moved, so its outline waits for the next motion."""
        self._pointer = None

    def _target_for(self, hit: Hit) -> WhyTarget | None:
        """What hovering over ``hit`` asks "why?" about: an automatic digit, a removed candidate, or the mark a
        drawn step (a listed step, a path preview) puts on a candidate."""
        pos = self._host.session.position
        cell = hit.cell
        if pos.values[cell]:
            return (cell, None, False) if pos.origins[cell] is Origin.AUTO else None
        if hit.digit is not None and not pos.has_candidate(cell, hit.digit) and not self._host.session.own_marks:
            return (cell, hit.digit, False)  # the player's own marks have no reason to give
        if hit.digit is not None and self._host.board.drawn_step is not None:
            return (cell, hit.digit, True)
        return None

    # -- why? ---------------------------------------------------------------------
    def _set_target(self, target: WhyTarget | None) -> None:
        if target == self._target:
            return
        self.clear()
        self._target = target
        if target is not None:
            self._job = self._host.after(self._host.why_delay_ms, self._show)

    def show_now(self, cell: Cell, digit: Digit | None) -> None:
        """Explain ``digit`` removed from ``cell`` (or ``cell``'s automatic digit when None) without waiting."""
        self._target = (cell, digit, False)
        self._show()

    def _show(self) -> None:
        self._job = None
        if self._target is None:
            return
        host, board = self._host, self._host.board
        cell, digit, drawn = self._target
        if drawn:
            self._show_drawn_mark(cell, digit)
            return
        why = host.session.explain(cell, digit)
        if why is None:
            return
        if not self._shown:
            self._saved = board.current_highlights()
        board.set_hover(Hit(cell, None))  # the candidate's own outline would cover its mark
        if why.step is not None:
            board.show_step(why.step)
        else:
            role = HighlightRole.ELIMINATION if digit is not None else HighlightRole.PLACEMENT
            board.show_highlights([Highlight(role, why.cells, (digit,) if digit else ())])
        self._shown = True
        host.show_transient(f"Why? {why.text}")

    def _show_drawn_mark(self, cell: Cell, digit: Digit | None) -> None:
        """Say what the drawn step's mark on this candidate means (the drawing stays as it is)."""
        board = self._host.board
        step, drawing = board.drawn_step, board.current_highlights()
        if step is None or drawing is None or digit is None:
            return
        text = drawn_mark_text(step, drawing.highlights, drawing.links, cell, digit, board.geometry)
        if text is not None:
            self._host.show_transient(text)

    def clear(self) -> None:
        """Drop any pending or shown "why?": the board's highlights and the status bar's message come back."""
        self.cancel()
        self._target = None
        if self._shown:
            self._shown = False
            saved, self._saved = self._saved, None
            if saved is not None:
                self._host.board.show_drawing(saved)
            else:
                self._host.board.clear_step()
        self._host.clear_transient()

    def cancel(self) -> None:
        """Stop waiting to show a "why?" (closing the window)."""
        if self._job is not None:
            self._host.after_cancel(self._job)
            self._job = None
