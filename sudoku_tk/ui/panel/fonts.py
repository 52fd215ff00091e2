"""The side panel's fonts and text width, scaled with the board.

The pad's digits, its mode switches and the hint panel's texts use named Tk fonts
held here, one set per window (``panel_fonts(widget)``). ``fit(height)`` is called with
the height the board has on screen and the window's width: on a small screen
(800×600) the panel's type is a little smaller and its text column narrower, so the
board keeps its room; in a large window both grow with the board. The scale follows
the room the board is given (its height, and ``BOARD_SHARE`` of the window's width),
never the panel's own width, so a wider panel cannot shrink the board into a smaller
scale and back (no feedback between the two), and the board always gets its share.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
import weakref
from collections.abc import Callable
from typing import Literal

BOARD_INCHES_AT_1 = 5.8
"""The board height (inches) at which the panel has its normal size (the 9×9 board's preferred size)."""
BOARD_SHARE = 0.55
"""The part of the window's width the panel's scale leaves for the board (the panel takes the rest, at most)."""
SCALE_MIN = 0.85
SCALE_MAX = 1.5
SCALE_STEP = 0.05
"""Scales are rounded to this step, so a window dragged a few pixels does not re-lay out the panel."""
PANEL_INCHES = 3.1
"""The panel's text width at scale 1."""

_SPECS: dict[str, tuple[float, int, str]] = {
    # name: (size as a multiple of the default font's, points added, weight)
    "SudokuPad": (1.5, 0, "bold"),
    "SudokuPadDone": (1.5, 0, "normal"),
    "SudokuPanel": (1.0, 0, "normal"),
    "SudokuPanelBold": (1.0, 0, "bold"),
    "SudokuPanelTitle": (1.25, 0, "bold"),
    "SudokuPanelSmall": (1.0, -1, "normal"),
    "SudokuPanelSmallBold": (1.0, -1, "bold"),
}
"""The panel's named fonts, relative to TkDefaultFont."""


def scale_for(board_height: float, inch: float) -> float:
    """The panel's scale for a board ``board_height`` pixels high on a screen of ``inch`` pixels per inch.

    >>> scale_for(557, 96), scale_for(400, 96), scale_for(900, 96), scale_for(2000, 96)
    (1.0, 0.85, 1.5, 1.5)
    """
    raw = board_height / (BOARD_INCHES_AT_1 * inch) if inch > 0 else 1.0
    stepped = round(raw / SCALE_STEP) * SCALE_STEP
    return round(max(SCALE_MIN, min(SCALE_MAX, stepped)), 2)


class PanelFonts:
    """The named fonts of one window's side panel and the scale they are drawn at."""

    def __init__(self, root: tk.Misc) -> None:
        self._root = root
        self.inch = float(root.winfo_fpixels("1i"))
        base = tkfont.nametofont("TkDefaultFont", root)
        self._family = str(base.actual("family"))
        self._points = abs(int(base.actual("size"))) or 10
        self.fonts: dict[str, tkfont.Font] = {}
        for name in _SPECS:
            try:
                font = tkfont.nametofont(name, root)
            except tk.TclError:
                font = tkfont.Font(root, name=name, family=self._family)
            self.fonts[name] = font
        self._listeners: list[Callable[[float], None]] = []
        self.scale = 0.0
        self.set_scale(1.0)

    def set_scale(self, scale: float) -> None:
        """Draw the panel at ``scale`` (1: its normal size); listeners hear of a change."""
        if scale == self.scale:
            return
        self.scale = scale
        for name, (times, plus, weight) in _SPECS.items():
            points = (self._points * times + plus) * scale
            bold: Literal["normal", "bold"] = "bold" if weight == "bold" else "normal"
            self.fonts[name].configure(family=self._family, size=-max(6, round(points * self.inch / 72)), weight=bold)
        for listener in list(self._listeners):
            listener(scale)

    def fit(self, board_height: float, window_width: float) -> None:
        """Scale the panel for a board with ``board_height`` pixels of height in a window ``window_width`` wide."""
        room = min(board_height, window_width * BOARD_SHARE)
        if room > 1:
            self.set_scale(scale_for(room, self.inch))

    @property
    def wrap(self) -> int:
        """The panel's text width in pixels at the present scale."""
        return int(PANEL_INCHES * self.inch * self.scale)

    def subscribe(self, listener: Callable[[float], None]) -> None:
        """Call ``listener(scale)`` after every change of scale."""
        self._listeners.append(listener)

    def unsubscribe(self, listener: Callable[[float], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)


_BY_ROOT: weakref.WeakKeyDictionary[tk.Misc, PanelFonts] = weakref.WeakKeyDictionary()


def panel_fonts(widget: tk.Misc) -> PanelFonts:
    """The panel fonts of ``widget``'s window (made on first use)."""
    root = widget._root()  # type: ignore[attr-defined]
    found = _BY_ROOT.get(root)
    if found is None:
        found = _BY_ROOT[root] = PanelFonts(root)
    return found
