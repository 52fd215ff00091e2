"""BoardInput: clicks, right-clicks and keys on the board, and the number pad, turned into Session calls.

Nothing else handles board events. Each handler is thin: an event becomes one
Session call (place, toggle a candidate, clear) or a view change (the cursor, the
highlighted digit); the Session's change listener (ui/window/display.py) redraws. A
refused request is said in the status bar. While the game is paused, input waits.

- A left click selects the cell under it (the cursor). On a candidate (the inner
  part of its slot, see ui/board/layout.py) it also places it while the click mode
  is "Click places" (the default); in "Click selects" it only selects, and a
  double click places. Shift+click does what the other mode does. On a removed
  candidate it explains why; on a filled cell it highlights that digit and says
  why it stands there. Between candidates and near the border it only selects.
- Right click (Button-2 or Control-click on macOS) removes or brings back a candidate. With
  own pencil marks (pencil_mode.py) it, Shift/Alt+digit and the pad's Candidate mode toggle the
  player's mark instead, the cells show those marks, and a blank slot has no "why?".
- Keys: arrows and friends move the cursor (keys.py decodes them), a digit places,
  Alt/Option + digit toggles a candidate, Delete/BackSpace clears.
- The pad (``numpad``, made here): Place (the default), Candidate or Highlight,
  as its mode says; the mode changes only when the player presses another one.

With ``use_settings`` the pad shows the modes kept in the settings and a change of
either mode is saved there.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from dataclasses import replace

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.storage.settings import ClickMode, Settings
from sudoku_tk.engine.board.geometry import Cell, Digit
from sudoku_tk.engine.play.propagation import Origin
from sudoku_tk.system import Platform

from ..messages.status_bar import StatusBar
from ..panel.colour_tool import ColourTool
from ..panel.numpad import NumberPad, PadMode
from ..window.keys import SHIFT, TEXT_FIELDS, KeyKind, decode_key, move_cursor
from .canvas import BoardCanvas
from .layout import Hit
from .why import WhyOnHover

CHOOSE_A_CELL = "Choose a cell first: click it, or move there with the arrow keys"
"""What the player is told when a digit, a clear or a reveal needs a cell and none is chosen."""
_PAD_SAYS = {
    PadMode.PLACE: "The pad places its digit in the selected cell",
    PadMode.CANDIDATE: "The pad removes or brings back that candidate (your own mark) in the selected cell",
    PadMode.HIGHLIGHT: "The pad highlights its digit on the board",
}
_CLICK_SAYS = {
    ClickMode.PLACES: "a click on a candidate places it (Shift+click only selects its cell)",
    ClickMode.SELECTS: "a click on a candidate selects its cell (double-click, a digit key or the pad places)",
}


class BoardInput:
    """The board's controller: binds its events and the pad's presses to Session calls."""

    def __init__(
        self,
        board: BoardCanvas,
        pad_master: tk.Misc,
        session: Session,
        why: WhyOnHover,
        status: StatusBar,
        platform: Platform,
    ) -> None:
        self._board = board
        self._session = session
        self._why = why
        self._status = status
        self._platform = platform
        self.numpad = NumberPad(
            pad_master, session.geometry, self.on_pad_digit, self.clear_cursor_cell, self._on_modes_chosen
        )
        self._settings: Callable[[], Settings] | None = None
        self._update_settings: Callable[[Settings], None] | None = None
        self._see: Callable[[Cell], None] = lambda cell: None
        self._last_hit: Hit | None = None
        """What the last left click hit (a double click places only where its first click was)."""
        self.colour_tool: ColourTool | None = None
        self.walk_keys: Callable[[int], bool] | None = None
        """Set by the window: steps a hint's walk (-1 back, 1 on) and says whether one is on show."""
        """While its colour is chosen, clicks, digit keys and Space colour instead (see colour_tool.py)."""

    def use_settings(self, settings: Callable[[], Settings], update: Callable[[Settings], None]) -> None:
        """Show the modes of ``settings()`` on the pad, and keep the player's changes with ``update``."""
        self._settings, self._update_settings = settings, update
        s = settings()
        self.numpad.show_modes(s.pad_mode, s.click_mode)

    def follow_cursor(self, see: Callable[[Cell], None]) -> None:
        """Call ``see(cell)`` when the keyboard moves the cursor (a zoomed board scrolls to show it)."""
        self._see = see

    def how_to_play(self) -> str:
        """The first words a game shows: how to place a digit and remove a candidate in the current click mode."""
        if self.click_mode is ClickMode.SELECTS:
            return "click a cell, then type a digit or press it on the pad; right-click a candidate to remove it"
        return "click a candidate to place it, right-click to remove it"

    @property
    def click_mode(self) -> ClickMode:
        """What a left click on a candidate does (as the pad shows it)."""
        return self.numpad.click_mode

    def _colouring(self) -> bool:
        return self.colour_tool is not None and self.colour_tool.active is not None

    def _on_modes_chosen(self) -> None:
        if self.colour_tool is not None and self._colouring():
            self.colour_tool.choose(None)  # choosing how the pad and clicks work ends colouring
        pad, click = self.numpad.mode, self.numpad.click_mode
        self._status.say(f"{_PAD_SAYS[pad]}; {_CLICK_SAYS[click]}")
        if self._settings is None or self._update_settings is None:
            return
        s = self._settings()
        if (s.pad_mode, s.click_mode) != (pad, click):
            self._update_settings(replace(s, pad_mode=pad, click_mode=click))

    def bind(self, root: tk.Tk) -> None:
        """Listen to the board's mouse buttons and to keys anywhere in the window."""
        b = self._board
        b.bind("<Button-1>", self.on_click)
        b.bind("<Double-Button-1>", self.on_double_click)
        for seq in ("<Button-2>", "<Control-Button-1>") if self._platform is Platform.MAC else ("<Button-3>",):
            b.bind(seq, self.on_right_click)
        root.bind("<KeyPress>", self.on_key)

    # -- mouse ----------------------------------------------------------------------
    def on_click(self, event: tk.Event) -> None:
        if self.colour_tool is not None and self._colouring():
            self._why.clear()
            self.colour_tool.click(event.x, event.y)
            return
        hit = self._last_hit = self._select(event)
        if hit is None or hit.digit is None:
            return
        session = self._session
        if not session.pencilled(hit.cell, hit.digit):
            if session.own_marks:
                self.say_cell(hit.cell)  # a slot the player left blank: nothing to explain
            else:
                self._why.show_now(hit.cell, hit.digit)
        elif self._click_places(event):
            self._status.tell_refusal(self._session.place(hit.cell, hit.digit))
        else:
            self.say_cell(hit.cell)

    def on_double_click(self, event: tk.Event) -> None:
        """A double click on a candidate places it while a single click only selects; else it is a click."""
        if self._click_places(event) or self._colouring():
            self.on_click(event)  # the first click did its work; this one is a click of its own
            return
        first, hit = self._last_hit, self._select(event)
        self._last_hit = hit
        if hit is None or hit.digit is None or hit != first:
            return  # two quick clicks on different candidates are two selections, not a double click
        if self._session.pencilled(hit.cell, hit.digit):
            self._status.tell_refusal(self._session.place(hit.cell, hit.digit))
        else:
            self.say_cell(hit.cell)

    def _click_places(self, event: tk.Event) -> bool:
        """Does a left click on a candidate place it (the click mode, turned round by Shift)?"""
        places = self.click_mode is ClickMode.PLACES
        return places != bool(int(event.state) & SHIFT)

    def _select(self, event: tk.Event) -> Hit | None:
        """Move the cursor to the clicked cell; a filled cell also highlights its digit and says why it stands.

        Returns the hit when the click may still act on an empty cell's candidate (else None).
        """
        self._board.focus_set()
        if self._board.paused or self._board.card_contains(event.x, event.y):
            return None  # the card's buttons answer for themselves
        self._why.clear()  # a click answers for itself; a pending hover "why" would hide its message
        hit = self._board.hit_test(event.x, event.y)
        if hit is None:
            return None
        self._board.set_cursor(hit.cell)
        value = self._session.position.values[hit.cell]
        if value:
            self.set_highlight(value)
            why = self._session.explain(hit.cell)
            if why is not None:
                self._status.say(why.text)
            return None
        if hit.digit is None:
            self.say_cell(hit.cell)
        return hit

    def on_right_click(self, event: tk.Event) -> None:
        self._why.clear()
        if self._board.paused or self._board.card_contains(event.x, event.y):
            return
        hit = self._board.hit_test(event.x, event.y)
        if hit is None or hit.digit is None:
            return
        self._board.set_cursor(hit.cell)
        if self._session.position.values[hit.cell]:
            return
        self._status.tell_refusal(self._session.pencil.toggle(hit.cell, hit.digit))

    # -- keyboard -----------------------------------------------------------------
    def on_key(self, event: tk.Event) -> str | None:
        widget_class = event.widget.winfo_class() if isinstance(event.widget, tk.Misc) else ""
        if widget_class in TEXT_FIELDS:
            return None  # typing into a field of a panel, not onto the board
        if self._board.paused:
            return None
        side = self._session.geometry.side
        if event.keysym == "space" and self.colour_tool is not None and self.colour_tool.colour_cursor_cell():
            return "break"
        action = decode_key(event.keysym, int(event.state), side, self._platform)
        kind = action.kind
        if kind is KeyKind.NONE:
            return None
        # While a hint is walked through link by link, ← and → step the walk instead of the cursor.
        walking = kind is KeyKind.MOVE and event.keysym in ("Left", "Right") and self.walk_keys is not None
        if walking and self.walk_keys is not None and self.walk_keys(-1 if event.keysym == "Left" else 1):
            return "break"
        cursor = self._board.cursor
        if kind in (KeyKind.MOVE, KeyKind.JUMP, KeyKind.ROW_START, KeyKind.ROW_END, KeyKind.FIRST, KeyKind.LAST):
            start = 0 if cursor is None else cursor
            target = (
                start
                if cursor is None and kind is KeyKind.MOVE
                else move_cursor(start, action, side, self._session.position.values)
            )
            self._board.set_cursor(target)
            self._see(target)
            self.say_cell(target)
            return "break"
        if cursor is None:
            self._status.say(CHOOSE_A_CELL)
            return "break"
        if kind is KeyKind.PLACE and self.colour_tool is not None and self.colour_tool.colour_digit(action.digit):
            pass  # the colour tool is on: the digit names the candidate to colour
        elif kind is KeyKind.PLACE:
            self._status.tell_refusal(self._session.place(cursor, action.digit))
        elif kind is KeyKind.TOGGLE:
            self._status.tell_refusal(self._session.pencil.toggle(cursor, action.digit))
        elif kind is KeyKind.CLEAR:
            self._status.tell_refusal(self._session.clear(cursor))
        return "break"

    def say_cell(self, cell: Cell) -> None:
        """Say what a cell holds: why its digit stands there, or its candidates (the player's own marks in that mode)."""
        geo, pos = self._session.geometry, self._session.position
        v = pos.values[cell]
        if v:
            why = self._session.explain(cell)
            self._status.say(why.text if why else geo.cell_name(cell))
        else:
            own = self._session.own_marks
            small = " ".join(geo.digit_char(d) for d in (pos.mark_set(cell) if own else pos.candidate_set(cell)))
            self._status.say(f"{geo.cell_name(cell)}: {'your marks' if own else 'candidates'} {small or 'none'}")

    # -- pad, highlight, cursor -----------------------------------------------------
    def on_pad_digit(self, digit: Digit, mode: PadMode) -> None:
        board = self._board
        if board.paused:
            self.numpad.set_active(board.highlight_digit)
            return
        if mode is PadMode.HIGHLIGHT:
            self.set_highlight(None if board.highlight_digit == digit else digit)
            return
        self.numpad.set_active(board.highlight_digit)
        cursor = board.cursor
        if cursor is None:
            self._status.say(CHOOSE_A_CELL)
            return
        if mode is PadMode.PLACE:
            self._status.tell_refusal(self._session.place(cursor, digit))
        else:
            self._status.tell_refusal(self._session.pencil.toggle(cursor, digit))

    def set_highlight(self, digit: Digit | None) -> None:
        """Highlight ``digit`` on the board and the pad (None: none)."""
        self._board.set_highlight_digit(digit)
        self.numpad.set_active(digit)

    def clear_highlight(self) -> None:
        """Escape: drop the highlighted digit, any "why" display and the colour tool."""
        if self.colour_tool is not None and self._colouring():
            self.colour_tool.choose(None)
        self.set_highlight(None)
        self._why.clear()
        self._board.clear_step()

    def cursor_has_player_digit(self) -> bool:
        """Is the cursor on a digit the player placed (what Clear cell can take back)?"""
        cursor = self._board.cursor
        return not self._board.paused and cursor is not None and self._session.position.origins[cursor] is Origin.PLAYER

    def clear_cursor_cell(self) -> None:
        """Take back the digit the player placed in the cursor cell."""
        cursor = self._board.cursor
        if cursor is None:
            self._status.say(CHOOSE_A_CELL)
            return
        self._status.tell_refusal(self._session.clear(cursor))
