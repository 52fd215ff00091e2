"""CellItems: the items each cell owns on the board (background, digit, candidates), kept up to date with a Position.

Items are made once per layout (a rectangle per cell background and a text per
digit; a candidate's text the first time it is shown) and afterwards only
re-configured when their state changes, because itemconfigure on a few items is far
cheaper than a redraw. ``BoardCanvas`` makes a new CellItems whenever it rebuilds
(new layout, size or theme) and decides where in the stacking order each kind goes.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Mapping

from sudoku_tk.engine.board.digitset import DigitSet
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.play.propagation import Origin, Position

from ..window.theme import Theme
from .layout import BoardLayout

ORIGIN_TAGS = {Origin.GIVEN: "given", Origin.PLAYER: "player", Origin.AUTO: "auto", Origin.EMPTY: "empty"}
"""The tag a digit item carries for its origin."""
_NO_DIGITS = DigitSet()


class CellItems:
    """Every cell's background, digit and candidate items for one layout; ``apply_*`` touch only what changed."""

    def __init__(
        self,
        canvas: tk.Canvas,
        layout: BoardLayout,
        theme: Theme,
        geometry: Geometry,
        fonts: Mapping[str, tkfont.Font],
        own_marks: bool = False,
        shaded: frozenset[Cell] = frozenset(),
    ) -> None:
        self.canvas = canvas
        self.layout = layout
        self.theme = theme
        self.geometry = geometry
        self.fonts = fonts
        n = geometry.ncells
        self.backgrounds: list[int] = []
        self.digits: list[int] = []
        self.candidates: list[int] = [0] * (n * geometry.side)
        """Candidate text items by ``cell * side + digit - 1``; 0 where none was made yet."""
        self.z_top = 0
        """The stacking marker new candidate items go under (set by the canvas once it is made)."""
        self.own_marks = own_marks
        """Empty cells show the player's own pencil marks (``Position.marks``) instead of the candidates."""
        self.shaded = shaded
        """Cells of a variant's extra houses: their plain background is ``Theme.house_bg``."""
        self._digit_state: list[tuple[int, Origin, bool] | None] = [None] * n
        self._cand_shown: list[DigitSet] = [_NO_DIGITS] * n
        self._cand_hl: list[Digit] = [0] * n  # the highlighted candidate drawn in each cell (0: none)
        self._bg_state: list[str] = [""] * n

    # -- making items ------------------------------------------------------------
    def make_backgrounds(self) -> None:
        """A plain background rectangle per cell (tinted in a variant's extra houses)."""
        lay, theme, create_rect = self.layout, self.theme, self.canvas.create_rectangle
        for cell in range(self.geometry.ncells):
            kind = "house" if cell in self.shaded else "plain"
            self.backgrounds.append(
                create_rect(
                    *lay.cell_rect(cell).coords(),
                    width=0,
                    fill=theme.house_bg if kind == "house" else theme.board,
                    tags=("cellbg", f"cellbg-{cell}", f"cell-{cell}", f"bg-{kind}"),
                )
            )
            self._bg_state[cell] = kind

    def make_digits(self) -> None:
        """An empty digit text per cell."""
        lay, theme, create_text = self.layout, self.theme, self.canvas.create_text
        for cell in range(self.geometry.ncells):
            x, y = lay.cell_rect(cell).center
            self.digits.append(
                create_text(
                    x,
                    y + lay.cell * 0.02,
                    text="",
                    font=self.fonts["player"],
                    fill=theme.player,
                    tags=("digit", f"digit-{cell}", f"cell-{cell}", "empty"),
                )
            )

    def make_candidate(self, cell: Cell, digit: Digit, shown: bool) -> int:
        """Make a candidate's text item on first need, below the hover outlines and the cursor."""
        canvas = self.canvas
        x, y = self.layout.candidate_rect(cell, digit).center
        item = canvas.create_text(
            x,
            y,
            text=self.geometry.digit_char(digit),
            font=self.fonts[self._cand_font(cell, False)],
            fill=self.theme.candidate,
            state="normal" if shown else "hidden",
            tags=("cand", f"cand-{cell}-{digit}", f"cell-{cell}"),
        )
        # A cell shows either its digit or its candidates, so being above the digits is harmless.
        canvas.tag_lower(item, self.z_top)
        self.candidates[cell * self.geometry.side + digit - 1] = item
        return item

    def forget_candidates(self) -> None:
        """Forget what the candidates showed, so the next ``apply_candidates`` shows exactly the current ones."""
        self._cand_shown = [_NO_DIGITS] * self.geometry.ncells

    def show_own_marks(self, on: bool) -> None:
        """Show the player's own marks (or the candidates) from the next ``apply_candidates`` on."""
        if on != self.own_marks:
            self.own_marks = on
            self.canvas.itemconfigure("cand", state="hidden")
            self.forget_candidates()

    # -- applying state -----------------------------------------------------------
    def apply_digits(self, pos: Position) -> None:
        theme, geo, fonts = self.theme, self.geometry, self.fonts
        conflicts = pos.conflict_cells() if pos.conflicts() else frozenset()
        states = self._digit_state
        items = self.digits
        configure = self.canvas.itemconfigure
        for cell, (v, origin) in enumerate(zip(pos.values, pos.origins)):
            state = (v, origin, cell in conflicts)
            if states[cell] == state:
                continue
            states[cell] = state
            tag = ORIGIN_TAGS[origin if v else Origin.EMPTY]
            tags = ["digit", f"digit-{cell}", f"cell-{cell}", tag]
            colour = getattr(theme, tag) if v else theme.player
            if state[2]:
                tags.append("conflict")
                colour = theme.conflict
            configure(
                items[cell],
                text=geo.digit_char(v) if v else "",
                fill=colour,
                font=fonts[tag] if v else fonts["player"],
                tags=tags,
            )

    def apply_candidates(self, pos: Position, digit: Digit | None) -> None:
        """Show each cell's candidates (or the player's own marks), ``digit`` (if any) in the highlighted font and colour."""
        side = self.geometry.side
        shown, hl = self._cand_shown, self._cand_hl
        items = self.candidates
        configure = self.canvas.itemconfigure
        theme, fonts = self.theme, self.fonts
        for cell in range(len(shown)):
            cands = pos.mark_set(cell) if self.own_marks else pos.candidate_set(cell)
            old = shown[cell]
            if cands != old:
                base = cell * side - 1
                for d in cands - old:
                    if items[base + d]:
                        configure(items[base + d], state="normal")
                    else:
                        self.make_candidate(cell, d, True)
                for d in old - cands:
                    if items[base + d]:
                        configure(items[base + d], state="hidden")
                shown[cell] = cands
            want = digit if digit and digit in cands else 0
            if want != hl[cell]:
                for d in (want, hl[cell]):
                    item = items[cell * side + d - 1] if d else 0
                    if item:
                        on = d == want
                        configure(
                            item,
                            fill=theme.candidate_hl if on else theme.candidate,
                            font=fonts[self._cand_font(cell, on)],
                            tags=(("cand", f"cand-{cell}-{d}", f"cell-{cell}") + (("hl",) if on else ())),
                        )
                hl[cell] = want

    def _cand_font(self, cell: Cell, highlighted: bool) -> str:
        """The font of ``cell``'s candidates: smaller below a Killer cage's sum (``CellGeometry.label_cells``)."""
        name = "cand_hl" if highlighted else "cand"
        return name + "_squeezed" if cell in self.layout.label_cells else name

    def shows_candidate(self, cell: Cell, digit: Digit) -> bool:
        """Is candidate ``digit`` of ``cell`` drawn now?"""
        return digit in self._cand_shown[cell]

    def apply_backgrounds(
        self, pos: Position | None, cursor: Cell | None, digit: Digit | None, bivalue: bool = False
    ) -> None:
        """Give each cell the background its state asks for: conflict > highlighted digit > seen > cursor >
        bivalue (an empty cell showing exactly two candidates, while ``bivalue`` asks for them)."""
        if not self.backgrounds:
            return
        theme = self.theme
        n = self.geometry.ncells
        shaded = self.shaded
        kinds = ["house" if c in shaded else "plain" for c in range(n)] if shaded else ["plain"] * n
        if bivalue and pos is not None:
            for c, shown in enumerate(self._cand_shown):
                if not pos.values[c] and len(shown) == 2:
                    kinds[c] = "bivalue"
        if cursor is not None:
            kinds[cursor] = "cursor"
        if pos is not None:
            values = pos.values
            d = digit
            if d:
                peers = self.geometry.peers
                holding = [c for c in range(n) if values[c] == d]
                for c in holding:
                    for p in peers[c]:
                        if kinds[p] in ("plain", "house", "cursor", "bivalue"):
                            kinds[p] = "seen"
                for c in holding:
                    kinds[c] = "digit"
            for c in pos.conflict_cells() if pos.conflicts() else ():
                kinds[c] = "conflict"
        fills = {
            "plain": theme.board,
            "house": theme.house_bg,
            "cursor": theme.cursor_bg,
            "digit": theme.digit_bg,
            "seen": theme.seen_bg,
            "conflict": theme.conflict_bg,
            "bivalue": theme.bivalue_bg,
        }
        state, items, configure = self._bg_state, self.backgrounds, self.canvas.itemconfigure
        for cell, kind in enumerate(kinds):
            if state[cell] != kind:
                state[cell] = kind
                configure(
                    items[cell], fill=fills[kind], tags=("cellbg", f"cellbg-{cell}", f"cell-{cell}", f"bg-{kind}")
                )
