"""BoardCanvas: draws a Position (and any Step) on a Tk canvas in tagged layers, touching only what changed.

Items are made once per layout (a text item per cell digit and per candidate, a
rectangle per cell background) and afterwards only re-configured when their
state changes, because itemconfigure on a few items is far cheaper than a redraw.

Layers, bottom to top: cell backgrounds; step shading (units, cells); grid lines
and the outer frame; step candidate marks; candidates; digits; step links and
strokes; hover outlines; the cursor.

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
- ``step`` (with ``role-<role>`` and ``step-cell-<cell>``): what ``show_step`` drew.
- ``hover-cand``, ``hover-cell``, ``cursor``, ``frame`` (tagged ``solved`` when solved).
- ``card``: the message card over the board (``show_card``), its buttons ``card-button``.
- ``mark`` (with ``mark-mistake``, ``mark-missing`` or ``mark-revealed`` and
  ``mark-cell-<cell>``): what ``set_marks`` drew (wrong digits, removed true
  candidates, revealed cells).

``digit_item``, ``candidate_item``, ``candidate_visible``, ``digit_role`` and
``candidate_center`` answer the same questions without knowing the tags.
This widget holds no game rule: it draws what it is given.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from sudoku_tk.engine.geometry import Cell, Digit, Geometry
from sudoku_tk.engine.propagation import Origin, Position
from sudoku_tk.app.hints import full_highlights
from sudoku_tk.engine.step import Highlight, HighlightRole, Link, Step

from .board_layout import BoardLayout, Hit, Rect
from .theme import FONT_FAMILIES, RoleStyle, Shape, Theme

_ORIGIN_TAG = {Origin.GIVEN: "given", Origin.PLAYER: "player", Origin.AUTO: "auto", Origin.EMPTY: "empty"}


def pick_font_family(root: tk.Misc) -> str:
    """The first preferred board font installed here, else Tk's default family."""
    installed = set(tkfont.families(root))
    for family in FONT_FAMILIES:
        if family in installed:
            return family
    return str(tkfont.nametofont("TkDefaultFont", root).actual("family"))


def role_shape(canvas: tk.Canvas, r: Rect, style: RoleStyle, tags: Tuple[str, ...]) -> Tuple[List[int], List[int]]:
    """Draw a role's candidate shape in ``r`` on ``canvas``: (items to lie under the digit, items over it).

    Shared by the board and the hint panel's legend, so the legend shows exactly what the board draws.
    """
    under: List[int] = []
    over: List[int] = []
    shape, fill, outline, dash = style.shape, style.fill, style.outline, style.dash or ()
    w = style.width
    cx, cy = r.center
    if shape is Shape.CIRCLE:
        under.append(canvas.create_oval(*r.inset(w / 2).coords(), fill=fill, outline=outline, width=w, tags=tags))
    elif shape is Shape.DISC:
        under.append(canvas.create_oval(*r.coords(), fill=fill, outline="", width=0, tags=tags))
    elif shape is Shape.RING:
        under.append(canvas.create_oval(*r.inset(w / 2).coords(), outline=outline, width=w, tags=tags))
    elif shape is Shape.CROSS:
        under.append(canvas.create_oval(*r.coords(), fill=fill, outline="", tags=tags))
        x = r.inset(max(1.0, (r.x1 - r.x0) * 0.16))
        for coords in ((x.x0, x.y0, x.x1, x.y1), (x.x0, x.y1, x.x1, x.y0)):
            over.append(canvas.create_line(*coords, fill=outline, width=w, capstyle="round", tags=tags + ("strike",)))
    elif shape is Shape.DIAMOND:
        under.append(canvas.create_polygon(cx, r.y0, r.x1, cy, cx, r.y1, r.x0, cy, fill=fill, outline=outline,
                                           width=w, dash=dash, tags=tags))
    elif shape is Shape.TRIANGLE:
        under.append(canvas.create_polygon(cx, r.y0, r.x1, r.y1, r.x0, r.y1, fill=fill, outline=outline,
                                           width=1, tags=tags))
    elif shape is Shape.SQUARE_RING:
        under.append(canvas.create_rectangle(*r.inset(w / 2).coords(), outline=outline, width=w, tags=tags))
    elif shape is Shape.THICK_BOX:
        under.append(canvas.create_rectangle(*r.coords(), fill=fill, width=0, tags=tags))
        over.append(canvas.create_rectangle(*r.inset(0.5 - w / 2).coords(), outline=outline, width=w, tags=tags))
    elif shape is Shape.DOUBLE_BOX:
        under.append(canvas.create_rectangle(*r.inset(2.5).coords(), fill=fill, outline=outline, width=1,
                                             tags=tags))
        over.append(canvas.create_rectangle(*r.coords(), outline=outline, width=1, tags=tags))
    else:
        under.append(canvas.create_rectangle(*r.coords(), fill=fill, outline=outline, width=1, dash=dash,
                                             tags=tags))
    return under, over


class BoardCanvas(tk.Canvas):
    """A square Sudoku board that scales with its widget; draw with ``render`` and the ``set_*`` methods."""

    def __init__(self, master: tk.Misc, geometry: Geometry, theme: Theme, size: int = 540, **kw: object) -> None:
        super().__init__(master, width=size, height=size, highlightthickness=0, background=theme.window,
                         takefocus=1, **kw)  # type: ignore[arg-type]
        self.geometry = geometry
        self.theme = theme
        family = pick_font_family(self)
        self._fonts = {
            "given": tkfont.Font(self, family=family, weight="bold"),
            "player": tkfont.Font(self, family=family),
            "auto": tkfont.Font(self, family=family, slant="italic"),
            "cand": tkfont.Font(self, family=family),
            "cand_hl": tkfont.Font(self, family=family, weight="bold"),
            "node": tkfont.Font(self, family=family, weight="bold"),
        }
        self._fonts["card_title"] = tkfont.Font(self, family=family, weight="bold")
        self._fonts["card_text"] = tkfont.Font(self, family=family)
        self.layout = BoardLayout.fit(geometry.box, size, size)
        self._position: Optional[Position] = None
        self._cursor: Optional[Cell] = None
        self._hl_digit: Optional[Digit] = None
        self._solved = False
        self._step: Optional[Tuple[Tuple[Highlight, ...], Tuple[Link, ...], bool]] = None
        self._relayout_job: Optional[str] = None
        self._card: Optional[Tuple[str, str, Tuple[Tuple[str, Callable[[], None]], ...], bool]] = None
        self._paused = False
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
        self._apply_digits(position)
        self._apply_candidates(position)
        self._apply_backgrounds()
        if self._step is not None:
            self._draw_step()  # a ghost may have become a candidate again, or a cell filled

    def set_geometry(self, geometry: Geometry) -> None:
        """Switch to another board size (a new puzzle); everything is rebuilt."""
        if geometry is self.geometry:
            return
        self.geometry = geometry
        self._position = None
        self._cursor = None
        self._hl_digit = None
        self._step = None
        self.layout = BoardLayout.fit(geometry.box, max(self.winfo_width(), 40), max(self.winfo_height(), 40))
        self._rebuild()

    def set_theme(self, theme: Theme) -> None:
        self.theme = theme
        self.configure(background=theme.window)
        self._rebuild()

    def set_cursor(self, cell: Optional[Cell]) -> None:
        """Put the cursor on ``cell`` (None hides it)."""
        self._cursor = cell
        self._place_cursor()
        self._apply_backgrounds()

    @property
    def cursor(self) -> Optional[Cell]:
        return self._cursor

    def set_highlight_digit(self, digit: Optional[Digit]) -> None:
        """Highlight ``digit`` everywhere (placed and as a candidate) and shade the cells it sees; None clears."""
        self._hl_digit = digit
        if self._position is not None:
            self._apply_candidates(self._position)
        self._apply_backgrounds()

    @property
    def highlight_digit(self) -> Optional[Digit]:
        return self._hl_digit

    def set_hover(self, hit: Optional[Hit], show_candidate: bool = True) -> None:
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
            return
        self.itemconfigure("digit", state="normal")
        # Forget what the candidates showed, so render() shows exactly the current ones.
        self._cand_shown = [0] * self.geometry.ncells
        self._place_cursor()
        if self._position is not None:
            self.render(self._position)

    @property
    def paused(self) -> bool:
        return self._paused

    def set_solved(self, solved: bool) -> None:
        """Show the solved state on the board's frame."""
        self._solved = solved
        frame = self._static["frame"]
        self.itemconfigure(frame, outline=self.theme.frame_solved if solved else self.theme.frame,
                           width=self.layout.frame_width + (2 if solved else 0))
        if solved:
            self.addtag_withtag("solved", frame)
        else:
            self.dtag(frame, "solved")

    def show_step(self, step: Optional[Step]) -> None:
        """Draw a Step's highlights and links, with every placement boxed and every elimination struck; None clears."""
        if step is None:
            self.clear_step()
            return
        self.show_highlights(full_highlights(step), step.links, numbered=bool(step.chain))

    def show_highlights(self, highlights: Sequence[Highlight], links: Sequence[Link] = (),
                        numbered: bool = False) -> None:
        """Draw role-tagged highlights and links over the board (replacing what was drawn).

        ``numbered``: the links are a chain (or a forcing net's branches), so number its nodes in reading order.
        """
        self._step = (tuple(highlights), tuple(links), numbered)
        self._draw_step()

    def clear_step(self) -> None:
        if self._step is not None:
            self._step = None
            self.delete("step")

    def has_step(self) -> bool:
        return self._step is not None

    def current_highlights(self) -> Optional[Tuple[Tuple[Highlight, ...], Tuple[Link, ...], bool]]:
        """What ``show_step``/``show_highlights`` drew last (to restore it later), or None."""
        return self._step

    def show_card(self, title: str, detail: str = "", actions: Sequence[Tuple[str, Callable[[], None]]] = (),
                  success: bool = False) -> None:
        """Show a message card over the middle of the board with buttons (label, callback); replaces any card.

        A card changes no widget's size, so showing it costs no relayout of the window.
        """
        self._card = (title, detail, tuple(actions), success)
        self._draw_card()

    def hide_card(self) -> None:
        if self._card is not None:
            self._card = None
            self.delete("card")

    def card_text(self) -> str:
        """The card's title and detail, one per line ("" when no card is shown)."""
        if self._card is None:
            return ""
        title, detail, _, _ = self._card
        return f"{title}\n{detail}" if detail else title

    def card_contains(self, x: float, y: float) -> bool:
        """Is widget point (x, y) on the card (where board clicks must not reach the cells)?"""
        box = self.bbox("card-body") if self._card is not None else None
        if not box:
            return False
        cx, cy = self.canvasx(x), self.canvasy(y)
        return box[0] <= cx <= box[2] and box[1] <= cy <= box[3]

    def card_button_center(self, label: str) -> Tuple[float, float]:
        """Where the card's button ``label`` is (for tests and the self-test).

        Raises:
            KeyError: no card, or no such button on it.
        """
        for item in self.find_withtag("card-button"):
            if self.type(item) == "text" and self.itemcget(item, "text") == label:
                x, y = self.coords(item)
                return (x, y)
        raise KeyError(f"no card button {label!r}")

    # -- finding things (tests, self-test, other widgets) -------------------------
    def hit_test(self, x: float, y: float) -> Optional[Hit]:
        """The cell and candidate slot under widget point (x, y)."""
        return self.layout.hit_test(self.canvasx(x), self.canvasy(y))

    def digit_item(self, cell: Cell) -> int:
        return self._digit_items[cell]

    def candidate_item(self, cell: Cell, digit: Digit) -> int:
        """The candidate's text item (made, hidden, if it never was shown)."""
        index = cell * self.geometry.side + digit - 1
        item = self._cand_items[index]
        if not item:
            item = self._make_candidate(cell, digit, False)
        return item

    def cell_item(self, cell: Cell) -> int:
        return self._bg_items[cell]

    def candidate_visible(self, cell: Cell, digit: Digit) -> bool:
        item = self._cand_items[cell * self.geometry.side + digit - 1]
        return bool(item) and self.itemcget(item, "state") != "hidden" and bool(self.itemcget(item, "text"))

    def digit_text(self, cell: Cell) -> str:
        return str(self.itemcget(self.digit_item(cell), "text"))

    def digit_role(self, cell: Cell) -> str:
        """"given", "player", "auto" or "empty", read from the digit item's tags."""
        tags = self.gettags(self.digit_item(cell))
        return next(t for t in tags if t in ("given", "player", "auto", "empty"))

    def background_kind(self, cell: Cell) -> str:
        tags = self.gettags(self.cell_item(cell))
        return next(t[3:] for t in tags if t.startswith("bg-"))

    def candidate_center(self, cell: Cell, digit: Digit) -> Tuple[float, float]:
        """Widget coordinates of a candidate slot's centre (where a click places it)."""
        return self.layout.candidate_rect(cell, digit).center

    def cell_center(self, cell: Cell) -> Tuple[float, float]:
        return self.layout.cell_rect(cell).center

    # -- building -----------------------------------------------------------------
    def _reset_items(self) -> None:
        self._bg_items: List[int] = []
        self._digit_items: List[int] = []
        n = self.geometry.ncells
        self._cand_items: List[int] = [0] * (n * self.geometry.side)
        self._static: Dict[str, int] = {}
        self._digit_state: List[Optional[Tuple[int, Origin, bool]]] = [None] * n
        self._cand_shown: List[int] = [0] * n
        self._cand_hl: List[int] = [0] * n
        self._bg_state: List[str] = [""] * n

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
        lay, theme, geo = self.layout, self.theme, self.geometry
        self._fonts["given"].configure(size=-lay.digit_px)
        self._fonts["player"].configure(size=-lay.digit_px)
        self._fonts["auto"].configure(size=-lay.digit_px)
        self._fonts["cand"].configure(size=-lay.candidate_px)
        self._fonts["cand_hl"].configure(size=-lay.candidate_px)
        self._fonts["node"].configure(size=-max(7, int(lay.candidate_px * 0.5)))
        create_rect, create_text = self.create_rectangle, self.create_text
        for cell in range(geo.ncells):
            self._bg_items.append(create_rect(*lay.cell_rect(cell).coords(), width=0, fill=theme.board,
                                              tags=("cellbg", f"cellbg-{cell}", f"cell-{cell}", "bg-plain")))
            self._bg_state[cell] = "plain"
        self._static["z-shade"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        for ln in lay.lines():
            create = self.create_line
            create(ln.x0, ln.y0, ln.x1, ln.y1, fill=theme.box_line if ln.thick else theme.thin_line,
                   width=lay.thick_width if ln.thick else lay.thin_width, capstyle="projecting",
                   tags=("grid", "thick" if ln.thick else "thin"))
        half = lay.frame_width / 2
        self._static["frame"] = create_rect(*lay.bounds.inset(-half + 0.5).coords(), outline=theme.frame,
                                            width=lay.frame_width, tags=("grid", "frame"))
        self._static["z-marks"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        for cell in range(geo.ncells):
            x, y = lay.cell_rect(cell).center
            self._digit_items.append(create_text(
                x, y + lay.cell * 0.02, text="", font=self._fonts["player"], fill=theme.player,
                tags=("digit", f"digit-{cell}", f"cell-{cell}", "empty")))
        self._static["z-top"] = create_rect(0, 0, 0, 0, state="hidden", tags=("z",))
        self._static["hover-cell"] = create_rect(0, 0, 0, 0, outline=theme.hover_cell, width=2, state="hidden",
                                                 tags=("hover", "hover-cell"))
        self._static["hover-cand"] = create_rect(0, 0, 0, 0, outline=theme.hover, width=1.5, state="hidden",
                                                 tags=("hover", "hover-cand"))
        self._static["cursor"] = create_rect(0, 0, 0, 0, outline=theme.cursor, width=max(2, lay.thick_width),
                                             state="hidden", tags=("cursor",))
        self._place_cursor()
        if self._solved:
            self.set_solved(True)
        if self._card is not None:
            self._draw_card()
        self._draw_marks()

    def _make_candidate(self, cell: Cell, digit: Digit, shown: bool) -> int:
        """Make a candidate's text item on first need, below the hover outlines and the cursor."""
        x, y = self.layout.candidate_rect(cell, digit).center
        item = self.create_text(x, y, text=self.geometry.digit_char(digit), font=self._fonts["cand"],
                                fill=self.theme.candidate, state="normal" if shown else "hidden",
                                tags=("cand", f"cand-{cell}-{digit}", f"cell-{cell}"))
        # A cell shows either its digit or its candidates, so being above the digits is harmless.
        self.tag_lower(item, self._static["z-top"])
        self._cand_items[cell * self.geometry.side + digit - 1] = item
        return item

    def _on_configure(self, event: tk.Event) -> None:
        if self._relayout_job is not None:
            self.after_cancel(self._relayout_job)
        # Wait for the size to settle: rebuilding on every intermediate size of a drag is wasted work.
        self._relayout_job = self.after(40, self._relayout)

    def _relayout(self) -> None:
        self._relayout_job = None
        lay = BoardLayout.fit(self.geometry.box, self.winfo_width(), self.winfo_height())
        if lay != self.layout:
            self.layout = lay
            self._rebuild()

    # -- applying state -------------------------------------------------------------
    def _apply_digits(self, pos: Position) -> None:
        theme, geo, fonts = self.theme, self.geometry, self._fonts
        conflicts = pos.conflict_cells() if pos.conflicts() else frozenset()
        states = self._digit_state
        items = self._digit_items
        configure = self.itemconfigure
        for cell, (v, origin) in enumerate(zip(pos.values, pos.origins)):
            state = (v, origin, cell in conflicts)
            if states[cell] == state:
                continue
            states[cell] = state
            tag = _ORIGIN_TAG[origin if v else Origin.EMPTY]
            tags = ["digit", f"digit-{cell}", f"cell-{cell}", tag]
            colour = getattr(theme, tag) if v else theme.player
            if state[2]:
                tags.append("conflict")
                colour = theme.conflict
            configure(items[cell], text=geo.digit_char(v) if v else "", fill=colour,
                      font=fonts[tag] if v else fonts["player"], tags=tags)

    def _apply_candidates(self, pos: Position) -> None:
        side = self.geometry.side
        shown, hl = self._cand_shown, self._cand_hl
        items = self._cand_items
        configure = self.itemconfigure
        hl_bit = 1 << (self._hl_digit - 1) if self._hl_digit else 0
        theme, fonts = self.theme, self._fonts
        for cell, mask in enumerate(pos.candidates):
            old = shown[cell]
            if mask != old:
                diff = mask ^ old
                base = cell * side
                while diff:
                    low = diff & -diff
                    diff ^= low
                    index = base + low.bit_length() - 1
                    if items[index]:
                        configure(items[index], state="normal" if mask & low else "hidden")
                    elif mask & low:
                        self._make_candidate(cell, low.bit_length(), True)
                shown[cell] = mask
            want = mask & hl_bit
            if want != hl[cell]:
                for bit in (want, hl[cell]):
                    item = items[cell * side + bit.bit_length() - 1] if bit else 0
                    if item:
                        on = bit == want
                        configure(item, fill=theme.candidate_hl if on else theme.candidate,
                                  font=fonts["cand_hl" if on else "cand"],
                                  tags=(("cand", f"cand-{cell}-{bit.bit_length()}", f"cell-{cell}")
                                        + (("hl",) if on else ())))
                hl[cell] = want

    def _apply_backgrounds(self) -> None:
        """Give each cell the background its state asks for: conflict > highlighted digit > seen > cursor."""
        if not self._bg_items:
            return
        pos, theme = self._position, self.theme
        n = self.geometry.ncells
        kinds = ["plain"] * n
        if self._cursor is not None:
            kinds[self._cursor] = "cursor"
        if pos is not None:
            values = pos.values
            d = self._hl_digit
            if d:
                peers = self.geometry.peers
                holding = [c for c in range(n) if values[c] == d]
                for c in holding:
                    for p in peers[c]:
                        if kinds[p] == "plain" or kinds[p] == "cursor":
                            kinds[p] = "seen"
                for c in holding:
                    kinds[c] = "digit"
            for c in (pos.conflict_cells() if pos.conflicts() else ()):
                kinds[c] = "conflict"
        fills = {"plain": theme.board, "cursor": theme.cursor_bg, "digit": theme.digit_bg,
                 "seen": theme.seen_bg, "conflict": theme.conflict_bg}
        state, items, configure = self._bg_state, self._bg_items, self.itemconfigure
        for cell, kind in enumerate(kinds):
            if state[cell] != kind:
                state[cell] = kind
                configure(items[cell], fill=fills[kind],
                          tags=("cellbg", f"cellbg-{cell}", f"cell-{cell}", f"bg-{kind}"))

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

    # -- the card -------------------------------------------------------------------
    def _draw_card(self) -> None:
        self.delete("card")
        if self._card is None:
            return
        title, detail, actions, success = self._card
        lay, theme = self.layout, self.theme
        cell = min(lay.cell, lay.size / 9)  # a 4×4 board's huge cells would make a huge card
        title_font, text_font = self._fonts["card_title"], self._fonts["card_text"]
        title_font.configure(size=-max(10, round(cell * 0.4)))
        text_font.configure(size=-max(9, round(cell * 0.3)))
        pad = cell * 0.35
        cx, cy = lay.bounds.center
        width = lay.size * 0.8
        inner = width - 2 * pad
        texts = [self.create_text(cx, 0, text=title, font=title_font, fill=theme.banner_fg, width=inner,
                                  justify="center", anchor="n", tags=("card", "card-title"))]
        if detail:
            texts.append(self.create_text(cx, 0, text=detail, font=text_font, fill=theme.banner_fg, width=inner,
                                          justify="center", anchor="n", tags=("card", "card-detail")))
        heights = [(lambda b: b[3] - b[1])(self.bbox(t)) for t in texts]
        button_h = text_font.metrics("linespace") + pad * 0.8
        height = pad + sum(heights) + pad * 0.4 * (len(texts) - 1) + (pad + button_h if actions else 0) + pad
        top = cy - height / 2
        body = self.create_rectangle(cx - width / 2, top, cx + width / 2, top + height,
                                     fill=theme.solved_bg if success else theme.banner_bg,
                                     outline=theme.frame_solved if success else theme.frame, width=2,
                                     tags=("card", "card-body"))
        self.tag_lower(body, texts[0])
        y = top + pad
        for item, h in zip(texts, heights):
            self.coords(item, cx, y)
            y += h + pad * 0.4
        y += pad * 0.6
        widths = [text_font.measure(label) + 2 * pad for label, _ in actions]
        x = cx - (sum(widths) + pad * (len(widths) - 1)) / 2
        for i, ((label, callback), w) in enumerate(zip(actions, widths)):
            tag = f"card-action-{i}"
            self.create_rectangle(x, y, x + w, y + button_h, fill=theme.board, outline=theme.frame, width=1,
                                  activefill=theme.seen_bg, tags=("card", "card-button", tag))
            self.create_text(x + w / 2, y + button_h / 2, text=label, font=text_font, fill=theme.text,
                             tags=("card", "card-button", tag))
            # After the click is over: the board's own click handler must still see the card and stay out.
            self.tag_bind(tag, "<Button-1>", lambda e, cb=callback: self.after_idle(cb))
            self.tag_bind(tag, "<Enter>", lambda e: self.configure(cursor="hand2"))
            self.tag_bind(tag, "<Leave>", lambda e: self.configure(cursor=""))
            x += w + pad

    # -- step drawing ---------------------------------------------------------------
    def _draw_step(self) -> None:
        """Draw the current highlights and links in three layers: shading, marks under the text, strokes over it.

        Every item carries ``step`` and its ``role-<role>`` (links: ``link`` and ``strong`` or
        ``weak``); cell items also ``step-cell-<cell>``.
        """
        self.delete("step")
        if self._step is None or self._paused:
            return
        highlights, links, numbered = self._step
        lay, theme, geo = self.layout, self.theme, self.geometry
        pos = self._position
        # Units first, so the shading of a cell lies over the shading of its unit.
        ordered = sorted(highlights, key=lambda h: not h.units)
        for h in ordered:
            style = theme.role(h.role)
            tags = ("step", f"role-{h.role.value}")
            for unit in h.units:
                rect = lay.unit_rect(geo.units[unit])
                self.create_rectangle(*rect.coords(), fill=style.fill, width=0, tags=tags + ("step-shade",))
                self.create_rectangle(*rect.inset(2).coords(), outline=style.outline, width=style.width,
                                      dash=style.dash or (), tags=tags + ("step-mark",))
            for cell in h.cells:
                ctags = tags + (f"step-cell-{cell}",)
                filled = pos is not None and pos.values[cell] != 0
                if filled and h.digits and h.role is HighlightRole.ELIMINATION:
                    continue  # the cell was filled since (an applied step's singles): nothing left to strike
                if not h.digits or filled:
                    self._cell_mark(cell, style, ctags)
                    continue
                for d in h.digits:
                    present = pos is None or bool(pos.candidates[cell] >> (d - 1) & 1)
                    self._candidate_mark(cell, d, style, present, ctags + (f"step-cand-{cell}-{d}",))
        for i, link in enumerate(links):
            self._link_line(link, i)
        if numbered:
            self._node_numbers(links)
        self.tag_raise("step-shade", self._static["z-shade"])
        self.tag_raise("step-mark", self._static["z-marks"])
        self.tag_raise("step-top", self._static["z-top"])

    def _cell_mark(self, cell: Cell, style: RoleStyle, tags: Tuple[str, ...]) -> None:
        """A whole cell: shaded, and outlined in the role's dash (a pivot twice)."""
        rect = self.layout.cell_rect(cell)
        self.create_rectangle(*rect.coords(), fill=style.fill, width=0, tags=tags + ("step-shade",))
        w = style.width
        self.create_rectangle(*rect.inset(w / 2 + 1).coords(), outline=style.outline, width=w,
                              dash=style.dash or (), tags=tags + ("step-top",))
        if style.shape is Shape.DOUBLE_BOX:
            self.create_rectangle(*rect.inset(w * 2 + 2.5).coords(), outline=style.outline, width=1,
                                  tags=tags + ("step-top",))

    def _candidate_mark(self, cell: Cell, digit: Digit, style: RoleStyle, present: bool,
                        tags: Tuple[str, ...]) -> None:
        """One candidate: the role's shape under the text, strokes (and a ghost of a removed candidate) over it."""
        r: Rect = self.layout.candidate_rect(cell, digit).inset(0.5)
        under, over = role_shape(self, r, style, tags)
        for item in under:
            self.addtag_withtag("step-mark", item)
        for item in over:
            self.addtag_withtag("step-top", item)
        if not present:
            # The candidate is gone: show which one the highlight is about, as a ghost.
            cx, cy = r.center
            self.create_text(cx, cy, text=self.geometry.digit_char(digit), font=self._fonts["cand"],
                             fill=self.theme.ghost, tags=tags + ("ghost", "step-top"))

    def _end_center(self, cells: Tuple[Cell, ...], digit: Digit) -> Tuple[float, float]:
        """The centre of a link's end: a candidate's, or the middle of a group's candidates."""
        centres = [self.layout.candidate_rect(c, digit).center for c in cells]
        return (sum(x for x, _ in centres) / len(centres), sum(y for _, y in centres) / len(centres))

    def _node_numbers(self, links: Sequence[Link]) -> None:
        """Number the chain's nodes 1, 2, … in the order the links first reach them (a chain, a loop or the
        branches of a forcing net alike): a small bold number on a plate at the top-left of the candidate."""
        order: Dict[Tuple[Tuple[Cell, ...], Digit], int] = {}
        for link in links:
            for end in ((link.from_cells, link.from_digit), (link.to_cells, link.to_digit)):
                if end not in order:
                    order[end] = len(order) + 1
        font = self._fonts["node"]
        lay = self.layout
        for (cells, digit), n in order.items():
            r = lay.candidate_rect(cells[0], digit)
            # On the candidate's top-left corner, where the mini-grid leaves a gap between digits.
            x, y = r.x0 + (r.x1 - r.x0) * 0.1, r.y0 + (r.y1 - r.y0) * 0.12
            label = self.create_text(x, y, text=str(n), anchor="center", font=font, fill=self.theme.link,
                                     tags=("step", "node", f"node-{n}", "step-top"))
            x0, y0, x1, y1 = self.bbox(label)
            plate = self.create_rectangle(x0 - 1, y0, x1 + 1, y1, fill=self.theme.window, outline=self.theme.link,
                                          width=1, tags=("step", "node-plate", f"node-{n}", "step-top"))
            self.tag_lower(plate, label)

    def _link_line(self, link: Link, index: int) -> None:
        """A chain link: a gently curved arrow between candidate centres, solid when strong, dashed when weak."""
        lay = self.layout
        a = lay.candidate_rect(link.from_cell, link.from_digit)
        b = lay.candidate_rect(link.to_cell, link.to_digit)
        (x0, y0) = self._end_center(link.from_cells, link.from_digit)
        (x1, y1) = self._end_center(link.to_cells, link.to_digit)
        dx, dy = x1 - x0, y1 - y0
        length = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / length, dy / length
        gap = min(length / 3, (a.x1 - a.x0) * 0.62)  # start and end just outside the candidate's mark
        x0, y0, x1, y1 = x0 + ux * gap, y0 + uy * gap, x1 - ux * gap, y1 - uy * gap
        # Bend the line a little, so links along one row or column don't hide each other.
        bend = min(length * 0.12, lay.cell * 0.35)
        mx, my = (x0 + x1) / 2 - uy * bend, (y0 + y1) / 2 + ux * bend
        width = max(1.5, lay.thin_width * 2)
        head = max(6.0, lay.cell * 0.12)
        self.create_line([(x0, y0), (mx, my), (x1, y1)], smooth=True, fill=self.theme.link, width=width,
                         dash=() if link.strong else (5, 4), arrow="last",
                         arrowshape=(head, head * 1.2, head * 0.45), capstyle="round",
                         tags=("step", "link", "strong" if link.strong else "weak", f"link-{index}", "step-top"))

    # -- marks: mistakes and revealed cells --------------------------------------------
    _marks: Tuple[Tuple[Cell, ...], Tuple[Tuple[Cell, Digit], ...], Tuple[Cell, ...]] = ((), (), ())

    def set_marks(self, mistakes: Sequence[Cell] = (), missing: Sequence[Tuple[Cell, Digit]] = (),
                  revealed: Sequence[Cell] = ()) -> None:
        """Mark wrong digits (a ring round the digit), removed true candidates (a ring on the empty slot)
        and revealed cells (a flag in the top-right corner); replaces the marks shown. Hidden while paused."""
        marks = (tuple(mistakes), tuple(missing), tuple(revealed))
        if marks != self._marks:
            self._marks = marks
            self._draw_marks()

    def marked_cells(self, kind: str) -> Tuple[Cell, ...]:
        """The cells carrying a mark of ``kind`` (``mistake``, ``missing`` or ``revealed``), in board order."""
        cells = set()
        for item in self.find_withtag(f"mark-{kind}"):
            cells.update(int(t[10:]) for t in self.gettags(item) if t.startswith("mark-cell-"))
        return tuple(sorted(cells))

    def _draw_marks(self) -> None:
        self.delete("mark")
        mistakes, missing, revealed = self._marks
        if self._paused or not (mistakes or missing or revealed) or "z-top" not in self._static:
            return
        lay, theme = self.layout, self.theme
        ring = max(1.5, lay.thick_width)
        for cell in mistakes:
            self.create_oval(*lay.cell_rect(cell).inset(lay.cell * 0.1).coords(), outline=theme.conflict,
                             width=ring, tags=("mark", "mark-mistake", f"mark-cell-{cell}"))
        for cell, digit in missing:
            self.create_oval(*lay.candidate_rect(cell, digit).inset(0.5).coords(), outline=theme.conflict,
                             width=ring, tags=("mark", "mark-missing", f"mark-cell-{cell}"))
        flag = theme.role(HighlightRole.PIVOT).outline
        for cell in revealed:
            r = lay.cell_rect(cell).inset(max(2.0, lay.thin_width + 1))
            size = lay.cell * 0.24
            self.create_polygon(r.x1 - size, r.y0, r.x1, r.y0, r.x1, r.y0 + size, fill=flag, outline="",
                                tags=("mark", "mark-revealed", f"mark-cell-{cell}"))
        # Above digits and candidates, below the hover outlines, the cursor and any card.
        self.tag_lower("mark", self._static["z-top"])

    def destroy(self) -> None:
        if self._relayout_job is not None:
            self.after_cancel(self._relayout_job)
            self._relayout_job = None
        super().destroy()
