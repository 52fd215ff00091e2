"""The check screen of a puzzle read from a picture: the picture beside the board read, every cell editable.

Nothing is played before the player says so. The left half shows the grid as it was cut out of the picture
(straightened, turned upright), the right half the board read from it, cell for cell in the same places.
Cells the reader was unsure of have a dashed outline and a "?" (not colour alone); the puzzle check below
(vision/read_check.py) runs after every change: a conflict's cells turn red, and when the puzzle has a
conflict or no solution the likeliest misread cells get a heavy outline and the one-cell fixes that make
it a proper puzzle are offered as buttons. Keys: arrows move, a digit (A–G on 16×16) sets the cell,
0 / Delete / Backspace / Space empties it, Enter plays, Esc cancels; a click selects a cell. A screenshot whose
every empty cell shows pencil marks may start the game with those marks as its candidates (a check box).

``result`` is the puzzle accepted (a Grid) or None. Tests pass ``show=False`` and drive it with
``set_cell``, ``press_key``, ``apply_fix`` and ``accept``; ``unsure_marked()``, ``check_text()`` and
``cell_text()`` read what is shown.
"""

from __future__ import annotations

import base64
import io
import tkinter as tk
from functools import partial
from tkinter import ttk
from typing import TYPE_CHECKING

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.system import Platform
from sudoku_tk.vision.read_check import CheckStatus, Fix, ReadCheck, check_reading
from sudoku_tk.vision.reading import GridReading

from ..window.keys import KeyKind, decode_key, move_cursor
from ..window.modal_clock import modal
from ..window.theme import Theme

if TYPE_CHECKING:
    from PIL import Image

CHECK_BUDGET = 0.4
"""Seconds the check may spend looking for fixes after each change (the first check gets more)."""
UNSURE_DASH = (4, 3)


def board_side_for(screen_width: int, screen_height: int) -> int:
    """The side, in pixels, of the picture and of the board on a screen this big (both fit beside each other).

    >>> board_side_for(800, 600), board_side_for(1366, 768), board_side_for(1920, 1080)
    (330, 498, 520)
    """
    return max(200, min(520, (screen_width - 110) // 2, screen_height - 270))


def picture_data(picture: Image.Image, side: int) -> str:
    """The straightened grid scaled to a ``side``-pixel square, as base64 PNG for ``tk.PhotoImage(data=…)``."""
    shown = picture.resize((side, side))
    buffer = io.BytesIO()
    shown.save(buffer, "PNG")
    return base64.b64encode(buffer.getvalue()).decode("ascii")


class PictureCheck(tk.Toplevel):
    """The check screen; ``result`` holds the accepted puzzle once it closes (None: cancelled)."""

    def __init__(
        self,
        parent: tk.Misc,
        reading: GridReading,
        picture: Image.Image,
        theme: Theme,
        name: str = "the picture",
        *,
        platform: Platform | None = None,
        show: bool = True,
    ) -> None:
        super().__init__(parent)
        self.withdraw()
        self.title(f"Check the puzzle read from {name}")
        self.configure(background=ttk.Style(self).lookup("TFrame", "background") or self.cget("background"))
        if parent.winfo_toplevel().winfo_viewable():
            self.transient(parent.winfo_toplevel())
        self.result: Grid | None = None
        self.reading = reading
        self.theme = theme
        self.platform = platform or Platform.current()
        self.geometry_ = Geometry.for_side(reading.side)
        self.values: list[int] = list(reading.values)
        self.confidence: list[float] = list(reading.confidences)
        self.edited: set[int] = set()
        self.cursor = 0
        self.check: ReadCheck = check_reading(
            self.values, self.confidence, alternatives=[c.alternatives for c in reading.cells]
        )
        side = board_side_for(self.winfo_screenwidth(), self.winfo_screenheight())
        self._build(picture, side)
        self._show_check()
        if show:
            self.show_modal()

    # -- building ----------------------------------------------------------------------------------------------
    def _build(self, picture: Image.Image, side: int) -> None:
        body = ttk.Frame(self, padding=10)
        body.grid(row=0, column=0, sticky="nsew")
        self.columnconfigure(0, weight=1)
        self.rowconfigure(0, weight=1)
        ttk.Label(body, text="The picture, straightened").grid(row=0, column=0, sticky="w")
        ttk.Label(body, text="The puzzle read").grid(row=0, column=1, sticky="w", padx=(10, 0))
        self.cell_px = side // self.reading.side
        self.photo = tk.PhotoImage(master=self, data=picture_data(picture, self.cell_px * self.reading.side))
        self.picture_label = ttk.Label(body, image=self.photo, padding=2)
        self.picture_label.grid(row=1, column=0, sticky="n")
        size = self.cell_px * self.reading.side + 4
        self.board = tk.Canvas(
            body, width=size, height=size, background=self.theme.window, highlightthickness=2, takefocus=1
        )
        self.board.grid(row=1, column=1, sticky="n", padx=(10, 0))
        self.board.configure(highlightcolor=self.theme.cursor, highlightbackground=self.theme.window)
        self.board.bind("<Button-1>", self._on_click)
        self.board.bind("<KeyPress>", self._on_key)
        wrap = 2 * side
        self.summary = ttk.Label(body, wraplength=wrap, justify="left")
        self.summary.grid(row=2, column=0, columnspan=2, sticky="w", pady=(8, 0))
        self.check_label = ttk.Label(body, wraplength=wrap, justify="left")
        self.check_label.grid(row=3, column=0, columnspan=2, sticky="w", pady=(4, 0))
        self.fix_bar = ttk.Frame(body)
        self.fix_bar.grid(row=4, column=0, columnspan=2, sticky="w", pady=(4, 0))
        self.keep_marks = tk.BooleanVar(self, self._marks_cover_the_board())
        """Start with the pencil marks read as the candidates (offered when every empty cell had marks)."""
        if self.keep_marks.get():
            count = len(self.reading.marks())
            ttk.Checkbutton(
                body,
                text=f"Start with the pencil marks read ({count} cells) as the candidates",
                variable=self.keep_marks,
                command=self._draw,
            ).grid(row=6, column=0, columnspan=2, sticky="w", pady=(6, 0))
        buttons = ttk.Frame(body)
        buttons.grid(row=7, column=0, columnspan=2, sticky="e", pady=(10, 0))
        self.play_button = ttk.Button(buttons, text="Play this puzzle", command=self.accept, default="active")
        self.play_button.grid(row=0, column=0, padx=(0, 6))
        self.cancel_button = ttk.Button(buttons, text="Cancel", command=self.cancel)
        self.cancel_button.grid(row=0, column=1)
        self.bind("<Return>", lambda e: self._on_return())
        self.bind("<KP_Enter>", lambda e: self._on_return())
        self.bind("<Escape>", lambda e: self.cancel())
        self.protocol("WM_DELETE_WINDOW", self.cancel)

    def show_modal(self) -> None:
        """Show the screen over its parent, take the input grab and wait until it closes (the clock waits too)."""
        with modal(self.master or self):
            self.deiconify()
            self.update_idletasks()
            parent = self.master.winfo_toplevel() if self.master else None
            if parent is not None and parent.winfo_viewable():
                x = parent.winfo_rootx() + max(0, (parent.winfo_width() - self.winfo_reqwidth()) // 2)
                y = parent.winfo_rooty() + max(0, (parent.winfo_height() - self.winfo_reqheight()) // 4)
                self.geometry(f"+{x}+{y}")
            self.wait_visibility()
            try:
                self.grab_set()
            except tk.TclError:
                pass  # another application holds a grab: stay usable without one
            self.board.focus_set()
            self.wait_window()

    # -- drawing ---------------------------------------------------------------------------------------------
    def _cell_box(self, cell: int) -> tuple[int, int, int, int]:
        row, col = divmod(cell, self.reading.side)
        x0, y0 = 2 + col * self.cell_px, 2 + row * self.cell_px
        return x0, y0, x0 + self.cell_px, y0 + self.cell_px

    def _draw(self) -> None:
        t, c, geo = self.theme, self.board, self.geometry_
        side, box = geo.side, geo.box
        c.delete("all")
        conflicts = set(self.check.conflicts)
        pointed = {f.cell for f in self.check.fixes} | (
            set(self.check.suspects[:3]) if self.check.status is not CheckStatus.SEVERAL else set()
        )
        size = self.cell_px
        font = ("DejaVu Sans", -max(8, int(size * 0.55)), "bold")
        small = ("DejaVu Sans", -max(7, int(size * 0.3)))
        for cell in range(side * side):
            x0, y0, x1, y1 = self._cell_box(cell)
            fill = t.cursor_bg if cell == self.cursor else (t.conflict_bg if cell in conflicts else t.board)
            c.create_rectangle(x0, y0, x1, y1, fill=fill, outline="", tags=("cell", f"cell{cell}"))
            value = self.values[cell]
            if value:
                colour = t.conflict if cell in conflicts else (t.player if cell in self.edited else t.given)
                c.create_text(
                    (x0 + x1) / 2, (y0 + y1) / 2, text=geo.digit_char(value), font=font, fill=colour,
                    tags=("digit", f"digit{cell}"),
                )  # fmt: skip
            marks = self.reading.cells[cell].marks
            if not value and marks and self.keep_marks.get() and cell not in self.edited:
                self._draw_marks(cell, marks, x0, y0)
            left_out = self.reading.cells[cell].left_out
            if not value and left_out and cell not in self.edited:
                c.create_text(
                    x0 + 3, y1 - 2, text=f"✎{geo.digit_char(left_out)}", anchor="sw", font=small,
                    fill=t.candidate, tags=("left-out", f"left-out{cell}"),
                )  # fmt: skip
        for k in range(side + 1):
            width = 2 if k % box == 0 else 1
            colour = t.box_line if k % box == 0 else t.thin_line
            at = 2 + k * size
            c.create_line(2, at, 2 + side * size, at, fill=colour, width=width, tags="grid")
            c.create_line(at, 2, at, 2 + side * size, fill=colour, width=width, tags="grid")
        for cell in self.unsure_cells():
            x0, y0, x1, y1 = self._cell_box(cell)
            c.create_rectangle(
                x0 + 3,
                y0 + 3,
                x1 - 3,
                y1 - 3,
                outline=t.cursor,
                width=2,
                dash=UNSURE_DASH,
                tags=("unsure", f"unsure{cell}"),
            )
            c.create_text(
                x1 - 3, y0 + 2, text="?", anchor="ne", font=small, fill=t.cursor, tags=("unsure", f"unsure{cell}")
            )
        for cell in sorted(pointed):
            x0, y0, x1, y1 = self._cell_box(cell)
            c.create_rectangle(
                x0 + 1, y0 + 1, x1 - 1, y1 - 1, outline=t.contradiction, width=3, tags=("suspect", f"suspect{cell}")
            )
        if self.check.whole_grid:  # no one-cell fix: the misreads may be anywhere, the whole board is to compare
            end = 2 + side * size
            c.create_rectangle(2, 2, end, end, outline=t.contradiction, width=3, tags="whole-grid")
        x0, y0, x1, y1 = self._cell_box(self.cursor)
        c.create_rectangle(x0 + 1, y0 + 1, x1 - 1, y1 - 1, outline=t.cursor, width=2, tags="cursor")

    def _draw_marks(self, cell: int, marks: frozenset[int], x0: int, y0: int) -> None:
        box, slot = self.geometry_.box, self.cell_px / self.geometry_.box
        font = ("DejaVu Sans", -max(6, int(slot * 0.7)))
        for digit in sorted(marks):
            row, col = divmod(digit - 1, box)
            self.board.create_text(
                x0 + (col + 0.5) * slot, y0 + (row + 0.5) * slot, text=self.geometry_.digit_char(digit), font=font,
                fill=self.theme.candidate, tags=("mark", f"mark{cell}"),
            )  # fmt: skip

    def _marks_cover_the_board(self) -> bool:
        """Did every empty cell show pencil marks (a screenshot of a candidate grid)?"""
        empty = [i for i, c in enumerate(self.reading.cells) if not c.value and not c.left_out]
        return bool(empty) and all(self.reading.cells[i].marks for i in empty)

    def unsure_cells(self) -> list[int]:
        """The cells marked unsure now (a cell the player typed is sure)."""
        return [i for i in self.reading.unsure() if i not in self.edited]

    # -- the check -------------------------------------------------------------------------------------------
    def _recheck(self) -> None:
        alternatives = [() if i in self.edited else c.alternatives for i, c in enumerate(self.reading.cells)]
        self.check = check_reading(
            self.values, self.confidence, alternatives=alternatives, keep=self.edited, budget=CHECK_BUDGET
        )
        self._show_check()

    def _show_check(self) -> None:
        geo = self.geometry_
        givens = sum(1 for v in self.values if v)
        unsure = len(self.unsure_cells())
        changed = len(self.edited)
        parts = [f"{givens} given{'s' if givens != 1 else ''} on a {geo.side}×{geo.side} grid"]
        parts[0] += f" ({changed} cell{'s' if changed != 1 else ''} changed by you)." if changed else ", as read."
        if unsure:
            parts.append(
                "1 cell is unsure (dashed, with “?”): compare it with the picture."
                if unsure == 1
                else f"{unsure} cells are unsure (dashed, with “?”): compare them with the picture."
            )
        parts += list(self.reading.notes)
        keys = "A–G" if geo.side > 9 else "a digit"
        parts.append(
            f"To correct a cell: click it or move with the arrows, then type {keys}, or 0 / Delete to empty it."
        )
        self.summary.configure(text=" ".join(parts))
        self.check_label.configure(
            text=self.check.message, foreground=self.theme.contradiction if self._blocked() else self.theme.text
        )
        for child in self.fix_bar.winfo_children():
            child.destroy()
        for fix in self.check.fixes:
            ttk.Button(
                self.fix_bar, text=f"Fix {fix.describe(geo)}", command=partial(self.apply_fix, fix), takefocus=1
            ).pack(side="left", padx=(0, 6))
        status = self.check.status
        self.play_button.configure(text="Play anyway" if status is CheckStatus.SEVERAL else "Play this puzzle")
        self.play_button.state(["disabled" if self._blocked() else "!disabled"])
        self._draw()

    def _blocked(self) -> bool:
        """Can't be played: a conflict, no solution, or nothing read."""
        return self.check.status in (CheckStatus.CONFLICT, CheckStatus.NONE, CheckStatus.EMPTY)

    def check_text(self) -> str:
        return str(self.check_label.cget("text"))

    def summary_text(self) -> str:
        return str(self.summary.cget("text"))

    def cell_text(self, cell: int) -> str:
        """The digit shown in a cell ("" when empty)."""
        items = self.board.find_withtag(f"digit{cell}")
        return str(self.board.itemcget(items[0], "text")) if items else ""

    def unsure_marked(self) -> list[int]:
        """The cells drawn with the unsure mark."""
        return sorted(
            {int(t[6:]) for i in self.board.find_withtag("unsure") for t in self.board.gettags(i) if t[6:].isdigit()}
        )

    def whole_grid_marked(self) -> bool:
        """Is the whole board framed for comparing (the check found no one-cell fix)?"""
        return bool(self.board.find_withtag("whole-grid"))

    def fix_labels(self) -> list[str]:
        return [str(b.cget("text")) for b in self.fix_bar.winfo_children()]

    # -- editing -----------------------------------------------------------------------------------------------
    def set_cell(self, cell: int, value: int) -> None:
        """Put ``value`` (0: empty) in ``cell`` as the player's correction, then check again."""
        self.values[cell] = value
        self.confidence[cell] = 1.0
        self.edited.add(cell)
        self._recheck()

    def apply_fix(self, fix: Fix) -> None:
        self.cursor = fix.cell
        self.set_cell(fix.cell, fix.value)

    def press_key(self, keysym: str, state: int = 0) -> None:
        """What a key press on the board does (arrows, digits, clearing keys)."""
        action = decode_key(keysym, state, self.reading.side, self.platform)
        if action.kind is KeyKind.PLACE:
            self.set_cell(self.cursor, action.digit)
        elif action.kind is KeyKind.CLEAR or keysym == "space":
            self.set_cell(self.cursor, 0)
        elif action.kind is not KeyKind.NONE and action.kind is not KeyKind.TOGGLE:
            self.cursor = move_cursor(self.cursor, action, self.reading.side, self.values)
            self._draw()

    def _on_key(self, event: tk.Event) -> str | None:
        if event.keysym in ("Return", "KP_Enter", "Escape", "Tab", "ISO_Left_Tab"):
            return None
        self.press_key(event.keysym, int(event.state))
        return "break"

    def _on_click(self, event: tk.Event) -> None:
        self.board.focus_set()
        col, row = (event.x - 2) // self.cell_px, (event.y - 2) // self.cell_px
        if 0 <= row < self.reading.side and 0 <= col < self.reading.side:
            self.cursor = row * self.reading.side + col
            self._draw()

    # -- closing -----------------------------------------------------------------------------------------------
    def _on_return(self) -> None:
        if not self._blocked():
            self.accept()

    def accept(self) -> None:
        """Close with the puzzle as it stands (refused while it has a conflict or no solution)."""
        if self._blocked():
            self.bell()
            return
        if self.keep_marks.get():
            masks = [
                0 if v or i in self.edited else sum(1 << (d - 1) for d in self.reading.cells[i].marks)
                for i, v in enumerate(self.values)
            ]
            if all(m or v for m, v in zip(masks, self.values)):
                self.result = Grid.from_values(self.values, candidates=masks)
                self.destroy()
                return
        self.result = Grid.from_values(self.values)
        self.destroy()

    def cancel(self) -> None:
        self.result = None
        self.destroy()


__all__ = ["PictureCheck", "board_side_for", "picture_data"]
