"""BoardCanvas: draws a Position (and any Step) on a Tk canvas in tagged layers, touching only what changed.

It owns the layout, the stacking order, the grid lines and frame, the cursor and the
hover outlines; each cell's own items are kept by ui/board/cells.py, and steps, the card
and mistake marks are drawn by ui/board/steps.py, ui/board/card.py and ui/board/marks.py.

Layers, bottom to top: cell backgrounds; step shading (units, cells); grid lines
and the outer frame; step candidate marks; digits and candidates; mistake and
contradiction marks; step links and strokes; hover outlines; the cursor.

Finding items (for tests, the self-test and other widgets):

- ``digit-<cell>``: the text of the cell's digit ("" when empty). Its tags also
  hold its origin (``given``, ``player``, ``auto`` or ``empty``) and ``conflict``
  when the digit clashes.
- ``cand-<cell>-<digit>``: a candidate's text; hidden (``state`` "hidden") when
  the digit is not a candidate; tagged ``hl`` while the highlighted digit. A
  candidate's item is made the first time it is shown (or asked for with
  ``candidate_item``), so a candidate never shown has no item at all.
- ``cellbg-<cell>``: the cell's background; ``bg-<kind>`` tells its state
  (``plain``, ``cursor``, ``digit``, ``seen``, ``conflict``).
- ``cell-<cell>``: all three of the above.
- ``step`` (with ``role-<role>`` and ``step-cell-<cell>``): what ``show_step`` drew
  (drawn by ui/board/steps.py).
- ``hover-cand``, ``hover-cell``, ``cursor``, ``frame`` (tagged ``solved`` when solved).
- ``card``: the message card over the board (``show_card``, see ui/board/card.py), its
  buttons ``card-button``.
- ``mark`` (with ``mark-mistake``, ``mark-missing`` or ``mark-revealed`` and
  ``mark-cell-<cell>``): what ``set_marks`` drew (see ui/board/marks.py).
- ``contradiction`` (with ``contradiction-dead``, ``-unit``, ``-clash``, ``-label``, ``-glyph``,
  ``contradiction-cell-<cell>``, ``contradiction-unit-<unit>``): what ``set_contradictions`` drew.

``digit_item``, ``candidate_item``, ``candidate_visible``, ``digit_role`` and
``candidate_center`` answer the same questions without knowing the tags.
This widget holds no game rule: it draws what it is given.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable, Sequence

from sudoku_tk.app.game.colouring import Colouring
from sudoku_tk.app.hints.texts import full_highlights
from sudoku_tk.engine.board.geometry import Cell, Digit, Geometry, Unit
from sudoku_tk.engine.play.propagation import Position
from sudoku_tk.engine.steps.step import ChainNode, Highlight, Link, Step
from sudoku_tk.render.variant_marks import (
    VariantMarks,
    cage_outline,
    label_cell,
    label_point,
    marks_of,
    region_borders,
)

from ..window.theme import FONT_FAMILIES, Theme
from .card import Card, card_button_center, card_contains, draw_card
from .cells import CellItems
from .colours import BoardPaint
from .layout import BoardLayout, Hit
from .marks import NO_CONTRADICTIONS, NO_MARKS, ContradictionMarks, Marks, draw_contradictions, draw_marks, marked_cells
from .queries import BoardQueries
from .steps import NODE_PX, StepDrawing, StepPainter


def pick_font_family(root: tk.Misc) -> str:
    """The first preferred board font installed here, else Tk's default family."""
    installed = set(tkfont.families(root))
    for family in FONT_FAMILIES:
        if family in installed:
            return family
    return str(tkfont.nametofont("TkDefaultFont", root).actual("family"))


class BoardCanvas(BoardQueries, tk.Canvas):
    """A square Sudoku board that scales with its widget; draw with ``render`` and the ``set_*`` methods."""

    def __init__(self, master: tk.Misc, geometry: Geometry, theme: Theme, size: int = 540, **kw: object) -> None:
        super().__init__(
            master,
            width=size,
            height=size,
            highlightthickness=0,
            background=theme.window,
            takefocus=1,
            **kw,  # type: ignore[arg-type]  # any Canvas option, passed through
        )
        self.geometry = geometry
        self.theme = theme
        family = pick_font_family(self)
        self._fonts = {
            "given": tkfont.Font(self, family=family, weight="bold"),
            "player": tkfont.Font(self, family=family),
            "auto": tkfont.Font(self, family=family, slant="italic"),
            "cand": tkfont.Font(self, family=family),
            "cand_hl": tkfont.Font(self, family=family, weight="bold"),
            "cand_squeezed": tkfont.Font(self, family=family),
            "cand_hl_squeezed": tkfont.Font(self, family=family, weight="bold"),
            "cage_sum": tkfont.Font(self, family=family),
            "node": tkfont.Font(self, family=family, weight="bold"),
        }
        self._fonts["card_title"] = tkfont.Font(self, family=family, weight="bold")
        self._fonts["card_text"] = tkfont.Font(self, family=family)
        self._variant = marks_of(geometry)
        self.layout = BoardLayout.fit(geometry.box, size, size, label_cells=self._variant.label_cells)
        self._position: Position | None = None
        self._cursor: Cell | None = None
        self._hl_digit: Digit | None = None
        self._solved = False
        self._step: StepDrawing | None = None
        self._drawn_step: Step | None = None
        self._relayout_job: str | None = None
        self._card: Card | None = None
        self._marks: Marks = NO_MARKS
        self._contradictions: ContradictionMarks = NO_CONTRADICTIONS
        self._paused = False
        self.paint = BoardPaint(self)
        """The player's colours (see ui/board/colours.py)."""
        self._bivalue = False
        self._own_marks = False
        self._reset_items()
        self._build()
        self.bind("<Configure>", self._on_configure, add="+")

    # -- public drawing API -------------------------------------------------------
    def render(self, position: Position) -> None:
        """Show ``position``; only digits, candidates and backgrounds that differ are reconfigured."""
        if position.geometry is not self.geometry:
            self.set_geometry(position.geometry)
        self._position = position
        if self._paused:
            return  # drawn when the game resumes
        self._cells.apply_digits(position)
        self._cells.apply_candidates(position, self._hl_digit)
        self._apply_backgrounds()
        self._draw_paint()  # a coloured candidate may have gone or come back
        if self._contradictions != NO_CONTRADICTIONS:
            self._draw_contradictions()  # a digit with no place is struck out in the cells still empty
        if self._step is not None:
            self._draw_step()  # a ghost may have become a candidate again, or a cell filled

    def set_geometry(self, geometry: Geometry) -> None:
        """Switch to another board size (a new puzzle); everything is rebuilt.

        Whatever names cells of the old size is dropped here, before the rebuild draws it: the step, the
        player's colours, the mistake and contradiction marks, the cursor and the highlight (the new game's
        are set afterwards).
        """
        if geometry is self.geometry:
            return
        self.geometry = geometry
        self._position = None
        self._cursor = None
        self._hl_digit = None
        self._step = None
        self._drawn_step = None
        self._marks = NO_MARKS
        self._contradictions = NO_CONTRADICTIONS
        self.paint.set(Colouring())
        self._variant = marks_of(geometry)
        self.layout = self._fit(max(self.winfo_width(), 40), max(self.winfo_height(), 40))
        self._rebuild()

    def set_variant_marks(self, marks: VariantMarks) -> None:
        """Draw what the puzzle's variant adds: shaded extra houses, Jigsaw regions, Killer cages and their sums.
        A new geometry (``render`` of a position on another board) sets the marks its houses ask for."""
        if marks == self._variant:
            return
        self._variant = marks
        self.layout = self._fit(self.winfo_width(), self.winfo_height())
        self._rebuild()

    @property
    def variant_marks(self) -> VariantMarks:
        return self._variant

    def _fit(self, width: int, height: int) -> BoardLayout:
        return BoardLayout.fit(self.geometry.box, width, height, label_cells=self._variant.label_cells)

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.configure(background=theme.window)
        self._rebuild()

    def set_cursor(self, cell: Cell | None) -> None:
        """Put the cursor on ``cell`` (None hides it)."""
        self._cursor = cell
        self._place_cursor()
        self._apply_backgrounds()

    @property
    def cursor(self) -> Cell | None:
        return self._cursor

    def set_highlight_digit(self, digit: Digit | None) -> None:
        """Highlight ``digit`` everywhere (placed and as a candidate) and shade the cells it sees; None clears."""
        self._hl_digit = digit
        if self._position is not None:
            self._cells.apply_candidates(self._position, self._hl_digit)
        self._apply_backgrounds()

    @property
    def highlight_digit(self) -> Digit | None:
        return self._hl_digit

    def set_hover(self, hit: Hit | None, show_candidate: bool = True) -> None:
        """Outline the cell under the pointer and, if ``show_candidate``, the candidate slot."""
        cell_item, cand_item = self._static["hover-cell"], self._static["hover-cand"]
        if hit is None:
            self.itemconfigure(cell_item, state="hidden")
            self.itemconfigure(cand_item, state="hidden")
            return
        lay = self.layout
        self.coords(cell_item, *lay.cell_rect(hit.cell).inset(1).coords())
        self.itemconfigure(cell_item, state="normal")
        if hit.digit is not None and show_candidate:
            self.coords(cand_item, *lay.candidate_rect(hit.cell, hit.digit).inset(0.5).coords())
            self.itemconfigure(cand_item, state="normal")
        else:
            self.itemconfigure(cand_item, state="hidden")

    def set_paused(self, paused: bool) -> None:
        """Hide every digit, candidate and highlight while the game is paused; show them again after."""
        if paused == self._paused:
            return
        self._paused = paused
        if paused:
            self.itemconfigure("digit", state="hidden")
            self.itemconfigure("cand", state="hidden")
            self.itemconfigure("cursor", state="hidden")
            self.delete("step")
            self.delete("contradiction")
            self.delete("paint")
            return
        self.itemconfigure("digit", state="normal")
        # Forget what the candidates showed, so render() shows exactly the current ones.
        self._cells.forget_candidates()
        self._place_cursor()
        if self._position is not None:
            self.render(self._position)
        self._draw_contradictions()

    @property
    def paused(self) -> bool:
        return self._paused

    def set_solved(self, solved: bool) -> None:
        """Show the solved state on the board's frame."""
        self._solved = solved
        frame = self._static["frame"]
        self.itemconfigure(
            frame,
            outline=self.theme.frame_solved if solved else self.theme.frame,
            width=self.layout.frame_width + (2 if solved else 0),
        )
        if solved:
            self.addtag_withtag("solved", frame)
        else:
            self.dtag(frame, "solved")

    def show_step(self, step: Step | None) -> None:
        """Draw a Step's highlights and links, with every placement boxed and every elimination struck; None clears."""
        if step is None:
            self.clear_step()
            return
        self.show_highlights(full_highlights(step), step.links, nodes=step.chain)
        self._drawn_step = step

    def show_highlights(
        self,
        highlights: Sequence[Highlight],
        links: Sequence[Link] = (),
        nodes: Sequence[ChainNode] = (),
        current: int = 0,
    ) -> None:
        """Draw role-tagged highlights and links over the board (replacing what was drawn).

        ``nodes``: a chain's nodes (or a forcing net's), numbered 1, 2, … in that order. ``current``: while
        walking through a step, the node the sentence is about: it and the links into it stand out.
        """
        self.show_drawing(StepDrawing(tuple(highlights), tuple(links), tuple(nodes), current))

    def show_drawing(self, drawing: StepDrawing) -> None:
        """Draw ``drawing`` (what ``current_highlights`` gave back, to restore it)."""
        self._step = drawing
        self._drawn_step = None
        self._draw_step()

    def clear_step(self) -> None:
        self._drawn_step = None
        if self._step is not None:
            self._step = None
            self.delete("step")

    @property
    def drawn_step(self) -> Step | None:
        """The Step whose drawing is on show when ``show_step`` drew it (a listed step, a path preview), else None."""
        return self._drawn_step

    def current_highlights(self) -> StepDrawing | None:
        """What ``show_step``/``show_highlights`` drew last (to restore it later), or None."""
        return self._step

    def show_card(
        self,
        title: str,
        detail: str = "",
        actions: Sequence[tuple[str, Callable[[], None]]] = (),
        success: bool = False,
    ) -> None:
        """Show a message card over the middle of the board with buttons (label, callback); replaces any card.

        A card changes no widget's size, so showing it costs no relayout of the window.
        """
        self._card = Card(title, detail, tuple(actions), success)
        self._draw_card()

    def hide_card(self) -> None:
        if self._card is not None:
            self._card = None
            self.delete("card")

    def card_text(self) -> str:
        """The card's title and detail, one per line ("" when no card is shown)."""
        return "" if self._card is None else self._card.text()

    def card_contains(self, x: float, y: float) -> bool:
        """Is widget point (x, y) on the card (where board clicks must not reach the cells)?"""
        return self._card is not None and card_contains(self, x, y)

    def card_button_center(self, label: str) -> tuple[float, float]:
        """Where the card's button ``label`` is (for tests and the self-test).

        Raises:
            KeyError: no card, or no such button on it.
        """
        return card_button_center(self, label)

    # -- finding things (tests, self-test, other widgets) -------------------------
    def hit_test(self, x: float, y: float) -> Hit | None:
        """The cell and candidate slot under widget point (x, y)."""
        return self.layout.hit_test(self.canvasx(x), self.canvasy(y))

    # -- building -----------------------------------------------------------------
    def _reset_items(self) -> None:
        self._static: dict[str, int] = {}
        self._cells = CellItems(
            self, self.layout, self.theme, self.geometry, self._fonts, self._own_marks, self._variant.shaded
        )

    def _rebuild(self) -> None:
        self.delete("all")
        self._reset_items()
        self._build()
        if self._position is not None:
            self.render(self._position)
        elif self._step is not None:
            self._draw_step()

    def _build(self) -> None:
        """Create every item for the current layout, empty; ``render`` fills them in."""
        lay, theme = self.layout, self.theme
        self._fonts["given"].configure(size=-lay.digit_px)
        self._fonts["player"].configure(size=-lay.digit_px)
        self._fonts["auto"].configure(size=-lay.digit_px)
        self._fonts["cand"].configure(size=-lay.candidate_px)
        self._fonts["cand_hl"].configure(size=-lay.candidate_px)
        if lay.label_cells:
            squeezed = -lay.candidate_px_in(min(lay.label_cells))
            self._fonts["cand_squeezed"].configure(size=squeezed)
            self._fonts["cand_hl_squeezed"].configure(size=squeezed)
            self._fonts["cage_sum"].configure(size=-lay.label_px)
        self._fonts["node"].configure(size=-max(NODE_PX, int(lay.candidate_px * 0.6)))
        create_rect = self.create_rectangle
        self._cells.make_backgrounds()
        self._static["z-shade"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        regions = self._variant.regions
        for ln in lay.lines():
            thick = ln.thick and regions is None  # a Jigsaw's regions take the boxes' place
            self.create_line(
                ln.x0,
                ln.y0,
                ln.x1,
                ln.y1,
                fill=theme.box_line if thick else theme.thin_line,
                width=lay.thick_width if thick else lay.thin_width,
                capstyle="projecting",
                tags=("grid", "thick" if thick else "thin"),
            )
        if regions is not None:
            for x0, y0, x1, y1 in region_borders(lay, regions):
                self.create_line(
                    x0,
                    y0,
                    x1,
                    y1,
                    fill=theme.box_line,
                    width=lay.thick_width,
                    capstyle="projecting",
                    tags=("grid", "thick", "region"),
                )
        half = lay.frame_width / 2
        self._static["frame"] = create_rect(
            *lay.bounds.inset(-half + 0.5).coords(), outline=theme.frame, width=lay.frame_width, tags=("grid", "frame")
        )
        self._draw_cages()
        self._static["z-marks"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        self._cells.make_digits()
        # Candidates are made on first need under this marker, so they never cover the marks made before them.
        self._cells.z_top = self._static["z-cands"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        self._static["z-top"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        self._static["hover-cell"] = create_rect(
            0, 0, 0, 0, outline=theme.hover_cell, width=2, state="hidden", tags=("hover", "hover-cell")
        )
        self._static["hover-cand"] = create_rect(
            0, 0, 0, 0, outline=theme.hover, width=1.5, state="hidden", tags=("hover", "hover-cand")
        )
        self._static["cursor"] = create_rect(
            0, 0, 0, 0, outline=theme.cursor, width=max(2, lay.thick_width), state="hidden", tags=("cursor",)
        )
        self._place_cursor()
        if self._solved:
            self.set_solved(True)
        if self._card is not None:
            self._draw_card()
        self._draw_marks()
        self._draw_contradictions()
        self._draw_paint()

    def _draw_cages(self) -> None:
        """Each Killer cage's dashed outline just inside its cells, and its sum in its first cell's top band."""
        lay, theme = self.layout, self.theme
        for i, cage in enumerate(self._variant.cages):
            for x0, y0, x1, y1 in cage_outline(lay, cage.cells):
                self.create_line(
                    x0, y0, x1, y1, fill=theme.cage_line, width=1, dash=theme.cage_dash, tags=("cage", f"cage-{i}")
                )
            x, y = label_point(lay, label_cell(cage.cells))
            self.create_text(
                x,
                y,
                text=str(cage.total),
                anchor="w",
                font=self._fonts["cage_sum"],
                fill=theme.cage_sum,
                tags=("cage-sum", f"cage-sum-{i}"),
            )

    def _on_configure(self, event: tk.Event) -> None:
        if self._relayout_job is not None:
            self.after_cancel(self._relayout_job)
        # Wait for the size to settle: rebuilding on every intermediate size of a drag is wasted work.
        self._relayout_job = self.after(40, self._relayout)

    def _relayout(self) -> None:
        self._relayout_job = None
        lay = self._fit(self.winfo_width(), self.winfo_height())
        if lay != self.layout:
            self.layout = lay
            self._rebuild()

    def _apply_backgrounds(self) -> None:
        self._cells.apply_backgrounds(self._position, self._cursor, self._hl_digit, self._bivalue)

    def set_colours(self, colouring: Colouring) -> None:
        """Show the player's colours on cells and candidates (see ui/board/colours.py)."""
        if self.paint.set(colouring):
            self._draw_paint()

    def set_own_marks(self, on: bool) -> None:
        """Draw the player's own pencil marks in the empty cells instead of the candidates (from the next render)."""
        self._own_marks = on
        self._cells.show_own_marks(on)

    def set_bivalue_filter(self, on: bool) -> None:
        """Shade every empty cell with exactly two candidates (HoDoKu's bivalue filter) while ``on``."""
        if on != self._bivalue:
            self._bivalue = on
            self._apply_backgrounds()

    @property
    def bivalue_filter(self) -> bool:
        return self._bivalue

    def _draw_paint(self) -> None:
        if self._paused:
            return
        z = self._static
        self.paint.draw(self.layout, self.theme, z.get("z-shade"), z.get("z-marks"), self._cells.shows_candidate)

    def _place_cursor(self) -> None:
        item = self._static.get("cursor")
        if item is None:
            return
        if self._cursor is None:
            self.itemconfigure(item, state="hidden")
            return
        w = max(2, self.layout.thick_width)
        self.coords(item, *self.layout.cell_rect(self._cursor).inset(w / 2 + 0.5).coords())
        self.itemconfigure(item, state="normal", width=w)

    # -- layers drawn by their own modules ------------------------------------------
    def _draw_card(self) -> None:
        self.delete("card")
        if self._card is not None:
            draw_card(self, self._card, self.layout, self.theme, self._fonts["card_title"], self._fonts["card_text"])

    def _draw_step(self) -> None:
        """Draw the current highlights and links (see ui/board/steps.py for the layers and tags)."""
        self.delete("step")
        if self._step is None or self._paused:
            return
        painter = StepPainter(self, self.layout, self.theme, self.geometry, self._fonts["cand"], self._fonts["node"])
        painter.draw(self._step, self._position, self._static)

    def set_marks(
        self, mistakes: Sequence[Cell] = (), missing: Sequence[tuple[Cell, Digit]] = (), revealed: Sequence[Cell] = ()
    ) -> None:
        """Mark wrong digits (a ring round the digit), removed true candidates (a ring on the empty slot)
        and revealed cells (a flag in the top-right corner); replaces the marks shown. Hidden while paused."""
        marks = (tuple(mistakes), tuple(missing), tuple(revealed))
        if marks != self._marks:
            self._marks = marks
            self._draw_marks()

    def marked_cells(self, kind: str) -> tuple[Cell, ...]:
        """The cells carrying a mark of ``kind`` (``mistake``, ``missing`` or ``revealed``), in board order."""
        return marked_cells(self, kind)

    def _draw_marks(self) -> None:
        self.delete("mark")
        mistakes, missing, revealed = self._marks
        if self._paused or not (mistakes or missing or revealed) or "z-top" not in self._static:
            return
        draw_marks(self, self._marks, self.layout, self.theme, self._static["z-top"])

    def set_contradictions(
        self, dead: Sequence[Cell] = (), lost: Sequence[tuple[Unit, Digit]] = (), clashes: Sequence[Cell] = ()
    ) -> None:
        """Mark what the board breaks: cells with no candidate left, units where a digit has no place left
        (unit, digit) and the cells of a digit twice in a unit; replaces what was marked. Hidden while paused."""
        marks = (tuple(dead), tuple(lost), tuple(clashes))
        if marks != self._contradictions:
            self._contradictions = marks
            self._draw_contradictions()

    def _draw_contradictions(self) -> None:
        self.delete("contradiction")
        if self._paused or self._contradictions == NO_CONTRADICTIONS or "z-top" not in self._static:
            return
        fonts = (self._fonts["given"], self._fonts["cand_hl"])
        pos = self._position
        draw_contradictions(
            self,
            self._contradictions,
            self.layout,
            self.theme,
            self.geometry,
            fonts,
            self._static["z-top"],
            (lambda cell: not pos.values[cell]) if pos is not None else (lambda cell: True),
        )

    def destroy(self) -> None:
        if self._relayout_job is not None:
            self.after_cancel(self._relayout_job)
            self._relayout_job = None
        super().destroy()
