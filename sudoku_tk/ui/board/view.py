"""BoardView: the frame that holds the board's canvas, zooms it, and scrolls it when it is larger than the frame.

The window keeps its size while a game is played (``ui/window/size.py`` fits it to each
board size) and the board scales inside the space it is given. ``zoom`` is the board's size in percent of that
space: at 100 the board fits; below, it is smaller and centred; above, it is
larger, scroll bars appear and the wheel scrolls it (Shift+wheel sideways). The
canvas is placed inside a clipping frame (``port``), so its own pixel math
(ui/board/layout.py) and every event's coordinates stay those of the canvas.
Ctrl+wheel (Command+wheel on macOS) zooms around the pointer; ``zoom_commands``
gives the View menu's Zoom in, Zoom out and Fit the window (Ctrl+plus, Ctrl+minus,
Ctrl+0). A zoom the player makes is reported to ``on_zoom`` (the settings keep it).
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable
from tkinter import ttk

from sudoku_tk.app.game.commands import Command, Shortcut
from sudoku_tk.app.storage.settings import ZOOM_MAX, ZOOM_MIN
from sudoku_tk.engine.board.geometry import Cell
from sudoku_tk.system import Platform

from ..window.keys import ALT_X11, CONTROL, SHIFT
from .canvas import BoardCanvas
from .layout import BoardLayout

ZOOM_STEPS = (50, 60, 70, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300)
"""The zooms Zoom in and Zoom out go through, in percent."""
FIT = 100
MIN_BOARD_PX = 40


def clamp_zoom(zoom: int) -> int:
    """``zoom`` within ZOOM_MIN..ZOOM_MAX.

    >>> clamp_zoom(10), clamp_zoom(140), clamp_zoom(1000)
    (50, 140, 300)
    """
    return max(ZOOM_MIN, min(ZOOM_MAX, int(zoom)))


def next_zoom(zoom: int, step: int) -> int:
    """The zoom one step in (``step`` > 0) or out (< 0) from ``zoom``; at an end, ``zoom`` itself.

    >>> next_zoom(100, 1), next_zoom(100, -1), next_zoom(115, 1), next_zoom(115, -1), next_zoom(300, 1)
    (110, 90, 125, 110, 300)
    """
    if step > 0:
        return next((z for z in ZOOM_STEPS if z > zoom), clamp_zoom(zoom))
    return next((z for z in reversed(ZOOM_STEPS) if z < zoom), clamp_zoom(zoom))


class BoardView(ttk.Frame):
    """A clipping frame for the board: ``attach`` the canvas (made with ``port`` as its master)."""

    def __init__(
        self, master: tk.Misc, size: int, zoom: int = FIT, on_zoom: Callable[[int], None] = lambda z: None
    ) -> None:
        super().__init__(master)
        self.rowconfigure(0, weight=1)
        self.columnconfigure(0, weight=1)
        self.port = ttk.Frame(self, width=size, height=size)
        """The canvas's master; it shows the part of the board that fits."""
        self.port.grid(row=0, column=0, sticky="nsew")
        self._vbar = ttk.Scrollbar(self, orient="vertical", command=lambda *a: self._scroll_command(1, a))
        self._hbar = ttk.Scrollbar(self, orient="horizontal", command=lambda *a: self._scroll_command(0, a))
        self._zoom = clamp_zoom(zoom)
        self._on_zoom = on_zoom
        self._board: BoardCanvas | None = None
        self._zoom_mask = CONTROL
        self._size = size
        """The board canvas's width and height now."""
        self._view: tuple[int, int] = (size, size)
        """The port's width and height (what is visible of the board)."""
        self._scroll = [0, 0]
        """Board pixels scrolled out of view to the left and above (only while the board is larger)."""
        self._anchor: tuple[float, float, float, float] | None = None
        self._job: str | None = None
        self.bind("<Configure>", lambda e: self._schedule(), add="+")

    def request(self, size: int) -> None:
        """Ask the window for room for a ``size`` pixel board (the window fits itself to it: ui/window/size.py)."""
        self.port.configure(width=size, height=size)

    def attach(self, board: BoardCanvas) -> None:
        """Show ``board`` (a child of ``port``) here and let the wheel scroll and zoom it."""
        self._board = board
        board.place(x=0, y=0, width=self._size, height=self._size)
        aqua = str(self.tk.call("tk", "windowingsystem")) == "aqua"
        self._zoom_mask = ALT_X11 if aqua else CONTROL  # Mod1 is Command on macOS
        for seq in ("MouseWheel", "Button-4", "Button-5"):
            board.bind(f"<{seq}>", self._on_wheel, add="+")
            board.bind(f"<{'Command' if aqua else 'Control'}-{seq}>", self._on_zoom_wheel, add="+")

    # -- zoom -------------------------------------------------------------------------
    @property
    def zoom(self) -> int:
        """The board's size in percent of the space it has (100: it fits)."""
        return self._zoom

    @property
    def board_size(self) -> int:
        """The board canvas's width and height in pixels now."""
        return self._size

    @property
    def scrolled(self) -> tuple[int, int]:
        """How far the board is scrolled, in pixels (left, top); (0, 0) while it fits."""
        return (self._scroll[0], self._scroll[1])

    def set_zoom(self, zoom: int, anchor: tuple[float, float] | None = None, tell: bool = True) -> None:
        """Show the board at ``zoom`` percent, keeping the board point under ``anchor`` (port pixels; default:
        the middle) where it is; ``on_zoom`` is told unless ``tell`` is False."""
        zoom = clamp_zoom(zoom)
        if zoom == self._zoom:
            return
        pw, ph = self._view
        px, py = anchor if anchor is not None else (pw / 2, ph / 2)
        x, y = self._placed_at()
        size = max(1, self._size)
        self._anchor = (px, py, (px - x) / size, (py - y) / size)
        self._zoom = zoom
        self._layout()
        if tell:
            self._on_zoom(zoom)

    def zoom_in(self) -> int:
        self.set_zoom(next_zoom(self._zoom, 1))
        return self._zoom

    def zoom_out(self) -> int:
        self.set_zoom(next_zoom(self._zoom, -1))
        return self._zoom

    def zoom_fit(self) -> int:
        self.set_zoom(FIT)
        return self._zoom

    # -- scrolling --------------------------------------------------------------------
    def scroll_by(self, dx: float, dy: float) -> None:
        """Scroll the board by (dx, dy) pixels (nothing moves while it fits)."""
        self._scroll[0] += int(dx)
        self._scroll[1] += int(dy)
        self._clamp()
        self._place()

    def see(self, cell: Cell) -> None:
        """Scroll so that ``cell`` is in view (a zoomed board follows the keyboard's cursor)."""
        board = self._board
        if board is None:
            return
        rect = BoardLayout.fit(board.geometry.box, self._size, self._size).cell_rect(cell)
        margin = rect.width / 2
        for axis, (lo, hi) in enumerate(((rect.x0, rect.x1), (rect.y0, rect.y1))):
            view = self._view[axis]
            if self._size <= view:
                continue
            if lo - margin < self._scroll[axis]:
                self._scroll[axis] = int(lo - margin)
            elif hi + margin > self._scroll[axis] + view:
                self._scroll[axis] = int(hi + margin - view)
        self._clamp()
        self._place()

    def keep_card_in_view(self) -> None:
        """When a card is shown over a board larger than its frame, scroll to the board's middle, where it is."""
        board = self._board
        if board is None or not board.card_text():
            return
        for axis in (0, 1):
            self._scroll[axis] = (self._size - self._view[axis]) // 2
        self._clamp()
        self._place()

    def _scroll_command(self, axis: int, args: tuple[str, ...]) -> None:
        """A scroll bar's request: ``moveto FRACTION`` or ``scroll N units|pages``."""
        if not args:
            return
        if args[0] == "moveto":
            self._scroll[axis] = int(float(args[1]) * self._size)
        elif args[0] == "scroll":
            count = int(args[1])
            step = self._view[axis] * 0.9 if args[2].startswith("page") else max(8, self._size / 20)
            self._scroll[axis] += int(count * step)
        self._clamp()
        self._place()

    def _on_wheel(self, event: tk.Event) -> str | None:
        if int(event.state) & self._zoom_mask:
            return None  # the zoom binding answers
        step = -_wheel_direction(event) * max(8.0, self._size / 20)
        if int(event.state) & SHIFT:
            self.scroll_by(step, 0)
        else:
            self.scroll_by(0, step)
        return "break"

    def _on_zoom_wheel(self, event: tk.Event) -> str:
        x, y = self._placed_at()
        self.set_zoom(next_zoom(self._zoom, _wheel_direction(event)), anchor=(event.x + x, event.y + y))
        return "break"

    # -- placing the canvas -----------------------------------------------------------
    def _schedule(self) -> None:
        if self._job is None:
            self._job = self.after_idle(self._layout)

    def _layout(self) -> None:
        """Size the board for the frame and the zoom; show scroll bars when it is larger than the frame."""
        if self._job is not None:
            self.after_cancel(self._job)
            self._job = None
        width, height = self.winfo_width(), self.winfo_height()
        if width < 2 or height < 2:
            return  # not laid out yet: the canvas keeps its first size
        size = max(MIN_BOARD_PX, round(min(width, height) * self._zoom / 100))
        bar_w, bar_h = self._vbar.winfo_reqwidth(), self._hbar.winfo_reqheight()
        need_v = size > height
        need_h = size > width - (bar_w if need_v else 0)
        need_v = need_v or (need_h and size > height - bar_h)
        _show(self._vbar, need_v, row=0, column=1, sticky="ns")
        _show(self._hbar, need_h, row=1, column=0, sticky="ew")
        self._size = size
        self._view = (width - (bar_w if need_v else 0), height - (bar_h if need_h else 0))
        if self._anchor is not None:
            px, py, fx, fy = self._anchor
            self._anchor = None
            self._scroll = [int(fx * size - px), int(fy * size - py)]
        self._clamp()
        self._place()

    def _clamp(self) -> None:
        for axis in (0, 1):
            self._scroll[axis] = max(0, min(self._scroll[axis], self._size - self._view[axis]))

    def _placed_at(self) -> tuple[int, int]:
        """Where the canvas's top-left corner sits in the port."""
        (pw, ph), size = self._view, self._size
        x = (pw - size) // 2 if size <= pw else -self._scroll[0]
        y = (ph - size) // 2 if size <= ph else -self._scroll[1]
        return x, y

    def _place(self) -> None:
        board = self._board
        if board is None:
            return
        x, y = self._placed_at()
        size = self._size
        board.place_configure(x=x, y=y, width=size, height=size)
        if int(board.cget("width")) != size:
            board.configure(width=size, height=size)  # what the canvas asks for, read by tests and the self-test
        for axis, bar in enumerate((self._hbar, self._vbar)):
            view = self._view[axis]
            if size > view:
                bar.set(self._scroll[axis] / size, (self._scroll[axis] + view) / size)
            else:
                bar.set(0.0, 1.0)


def _show(bar: ttk.Scrollbar, shown: bool, **grid: object) -> None:
    if shown:
        bar.grid(**grid)  # type: ignore[arg-type]
    else:
        bar.grid_remove()


def _wheel_direction(event: tk.Event) -> int:
    """+1 for a wheel turned up (away from the player), -1 for down."""
    if getattr(event, "num", None) == 4:
        return 1
    if getattr(event, "num", None) == 5:
        return -1
    return 1 if int(getattr(event, "delta", 0)) > 0 else -1


def zoom_commands(view: BoardView, say: Callable[[str], None], platform: Platform) -> list[Command]:
    """View > Zoom in, Zoom out and Fit the window, with their shortcuts (plus and minus on the keypad too)."""
    sc = Shortcut.parse
    fit_key = "Mod+0"

    def told(action: Callable[[], int]) -> Callable[[], None]:
        def run() -> None:
            zoom = action()
            where = "fits the window" if zoom == FIT else "scroll with the wheel" if zoom > FIT else "smaller"
            say(f"Board at {zoom}% ({where}); {Shortcut.parse(fit_key).label(platform)} fits it to the window")

        return run

    return [
        Command(
            "zoom-in",
            "Zoom in",
            told(view.zoom_in),
            lambda: view.zoom < ZOOM_MAX,
            (sc("Mod+plus"), sc("Mod+equal"), sc("Mod+KP_Add")),
            menu="View",
            group="zoom",
            help="Make the board larger (or turn the wheel with Ctrl held); a board larger than the window scrolls",
        ),
        Command(
            "zoom-out",
            "Zoom out",
            told(view.zoom_out),
            lambda: view.zoom > ZOOM_MIN,
            (sc("Mod+minus"), sc("Mod+KP_Subtract")),
            menu="View",
            group="zoom",
            help="Make the board smaller",
        ),
        Command(
            "zoom-fit",
            "Fit the window",
            told(view.zoom_fit),
            shortcuts=(sc(fit_key), sc("Mod+KP_0")),
            menu="View",
            group="zoom",
            help="Show the whole board as large as the window allows",
        ),
    ]
