"""The colour tool: hand-made colouring of cells and candidates, and the bivalue filter.

A row under the pad holds four swatches (colour pairs 1a/1b and 2a/2b, as in
HoDoKu) and a "Bivalue" switch. Picking a swatch (or Ctrl+1…4) turns the tool on:
a left click on a candidate then colours that candidate, a click elsewhere in a
cell colours the cell; with the keyboard a digit key colours that candidate of the
selected cell and Space colours the cell. Clicking the same colour again takes it
off. Picking the chosen swatch again, Esc, or any pad mode turns the tool off.
Colours are the player's notes (app/game/colouring.py): the board, hints and mistakes
never change because of them. "Bivalue" (Ctrl+B) shades every empty cell that
shows exactly two candidates.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from functools import partial
from tkinter import ttk

from sudoku_tk.app.game.colouring import COLOUR_NAMES, COLOURS
from sudoku_tk.app.game.commands import Command, CommandRegistry, Shortcut
from sudoku_tk.app.game.outcome import Outcome
from sudoku_tk.app.game.session import Session
from sudoku_tk.engine.board.geometry import Digit

from ..board.canvas import BoardCanvas
from ..messages.tooltip import Tooltip
from ..window.theme import Theme
from .fonts import panel_fonts

SWATCH_PX = 20


class ColourTool(ttk.Frame):
    """The swatches and the bivalue switch; ``active`` is the chosen colour (None: the tool is off)."""

    def __init__(
        self,
        master: tk.Misc,
        board: BoardCanvas,
        session: Session,
        theme: Callable[[], Theme],
        tell: Callable[[Outcome], None],
        say: Callable[[str], None],
    ) -> None:
        super().__init__(master, padding=(6, 2))
        self._board = board
        self._session = session
        self._theme = theme
        self._tell = tell
        self._say = say
        self.active: int | None = None
        self._px = SWATCH_PX
        ttk.Label(self, text="Colour", font="SudokuPanel").pack(side="left", padx=(0, 6))
        self.swatches: list[tk.Canvas] = []
        for colour in range(COLOURS):
            swatch = tk.Canvas(self, width=SWATCH_PX, height=SWATCH_PX, highlightthickness=0, takefocus=0)
            swatch.pack(side="left", padx=2)
            swatch.bind("<Button-1>", partial(self._on_swatch, colour))
            Tooltip(swatch, f"{COLOUR_NAMES[colour].capitalize()} (Ctrl+{colour + 1}): click cells or candidates")
            self.swatches.append(swatch)
        self.bivalue_var = tk.BooleanVar(self, False)
        self.bivalue_button = ttk.Checkbutton(
            self,
            text="Bivalue",
            variable=self.bivalue_var,
            style="Panel.Toolbutton",
            takefocus=0,
            command=lambda: self.set_bivalue(self.bivalue_var.get()),
        )
        self.bivalue_button.pack(side="right")
        Tooltip(self.bivalue_button, "Shade the cells with exactly two candidates (Ctrl+B)")
        self._fonts = panel_fonts(self)
        self._fonts.subscribe(self._on_scale)
        self._on_scale(self._fonts.scale)

    def _on_scale(self, scale: float) -> None:
        """The swatches grow and shrink with the panel's type (see ui/panel/fonts.py)."""
        self._px = round(SWATCH_PX * scale)
        for swatch in self.swatches:
            swatch.configure(width=self._px, height=self._px)
        self.redraw()

    def destroy(self) -> None:
        self._fonts.unsubscribe(self._on_scale)
        super().destroy()

    # -- the tool -----------------------------------------------------------------
    def _on_swatch(self, colour: int, event: tk.Event) -> None:
        self.choose(colour)

    def choose(self, colour: int | None) -> None:
        """Make ``colour`` the tool's colour; the chosen one again (or None) turns the tool off."""
        self.active = None if colour is None or colour == self.active else colour
        self.redraw()
        if self.active is None:
            self._say("Colour tool off: clicks place and select again")
        else:
            name = COLOUR_NAMES[self.active]
            self._say(f"Colouring with {name}: click a candidate or a cell (again to take the colour off)")

    def redraw(self) -> None:
        """Draw the swatches, the chosen one with a ring (the theme may have changed)."""
        theme = self._theme()
        for colour, swatch in enumerate(self.swatches):
            swatch.delete("all")
            swatch.configure(background=theme.window)
            chosen = colour == self.active
            px = self._px
            inset = 1 if chosen else round(px / 5)
            edge = theme.paint_edge[colour // 2] if colour % 2 else theme.paint[colour]
            swatch.create_rectangle(
                inset, inset, px - inset, px - inset, fill=theme.paint[colour], outline=edge, width=2
            )
            if chosen:
                swatch.create_rectangle(0, 0, px - 1, px - 1, outline=theme.cursor, width=2)

    def click(self, x: float, y: float) -> None:
        """A left click on the board while the tool is on: colour the candidate or the cell under it."""
        if self.active is None or self._board.paused:
            return
        hit = self._board.hit_test(x, y)
        if hit is None:
            return
        self._board.set_cursor(hit.cell)
        if hit.digit is not None and self._board.candidate_visible(hit.cell, hit.digit):
            self._tell(self._session.colours.toggle_candidate(hit.cell, hit.digit, self.active))
        else:
            self._tell(self._session.colours.toggle_cell(hit.cell, self.active))

    def colour_digit(self, digit: Digit) -> bool:
        """A digit key while the tool is on: colour that candidate of the selected cell (True: handled)."""
        cell = self._board.cursor
        if self.active is None or cell is None:
            return False
        if self._board.candidate_visible(cell, digit):
            self._tell(self._session.colours.toggle_candidate(cell, digit, self.active))
        else:
            geo = self._session.geometry
            self._say(f"{geo.cell_name(cell)} shows no candidate {geo.digit_char(digit)} to colour")
        return True

    def colour_cursor_cell(self) -> bool:
        """Space while the tool is on: colour the selected cell (True: handled)."""
        cell = self._board.cursor
        if self.active is None or cell is None:
            return False
        self._tell(self._session.colours.toggle_cell(cell, self.active))
        return True

    # -- bivalue filter -------------------------------------------------------------
    def set_bivalue(self, on: bool) -> None:
        """Shade the bivalue cells (or stop)."""
        self.bivalue_var.set(on)
        self._board.set_bivalue_filter(on)
        self._say("Bivalue filter on: cells with exactly two candidates are shaded" if on else "Bivalue filter off")

    def toggle_bivalue(self) -> None:
        self.set_bivalue(not self._board.bivalue_filter)


def colour_commands(tool: ColourTool, session: Session, tell: Callable[[Outcome], None]) -> list[Command]:
    """The View menu's colour commands: pick a colour (Ctrl+1…4), clear the colours, the bivalue filter (Ctrl+B)."""
    out = [
        Command(
            f"colour-{colour + 1}",
            f"Colour with {COLOUR_NAMES[colour]}",
            partial(tool.choose, colour),
            shortcuts=(Shortcut.parse(f"Mod+{colour + 1}"),),
            menu="View",
            group="colours",
            is_checked=partial(lambda c: tool.active == c, colour),
            help="Colour cells and candidates by hand with this colour (again: the colour tool off)",
        )
        for colour in range(COLOURS)
    ]
    out.append(
        Command(
            "clear-colours",
            "Clear colours",
            lambda: tell(session.colours.clear()),
            is_available=lambda: bool(session.colouring),
            menu="View",
            group="colours",
            help="Take every colour off the board",
        )
    )
    out.append(
        Command(
            "bivalue-filter",
            "Shade bivalue cells",
            tool.toggle_bivalue,
            shortcuts=(Shortcut.parse("Mod+B"),),
            menu="View",
            group="colours",
            is_checked=lambda: tool.bivalue_var.get(),
            help="Shade every empty cell that shows exactly two candidates",
        )
    )
    return out


def install_colour_tool(
    master: tk.Misc,
    board: BoardCanvas,
    session: Session,
    commands: CommandRegistry,
    theme: Callable[[], Theme],
    tell: Callable[[Outcome], None],
    say: Callable[[str], None],
) -> ColourTool:
    """Make the tool's row in ``master`` (packed at the top) and register its commands."""
    tool = ColourTool(master, board, session, theme, tell, say)
    tool.pack(side="top", fill="x")
    for command in colour_commands(tool, session, tell):
        commands.add(command)
    return tool


__all__ = ["ColourTool", "colour_commands", "install_colour_tool"]
