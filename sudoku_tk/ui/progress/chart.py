"""SolveTimeChart: the solve times of each level over time, drawn on a Tk canvas (the Progress window's picture).

One line of points per level, oldest game on the left; minutes up the side, the first and last day along the
bottom. Each level has its colour and its own marker shape (circle, square, triangle, diamond, cross), so the
lines tell apart without colour too; a legend names them. The chart is redrawn to the canvas's size whenever
it changes (everything under the tag ``chart``); ``points`` keeps what was drawn, for tests.
"""

from __future__ import annotations

import math
import tkinter as tk
from collections.abc import Mapping, Sequence
from datetime import datetime

from ..window.theme import Theme

LIGHT_COLOURS = {
    "easy": "#2e7d32",
    "medium": "#1565c0",
    "hard": "#e65100",
    "unfair": "#c62828",
    "extreme": "#6a1b9a",
}
DARK_COLOURS = {
    "easy": "#81c784",
    "medium": "#64b5f6",
    "hard": "#ffb74d",
    "unfair": "#ef9a9a",
    "extreme": "#ce93d8",
}
SHAPES = {"easy": "circle", "medium": "square", "hard": "triangle", "unfair": "diamond", "extreme": "cross"}
MARGIN = (52, 34, 16, 34)
"""Room around the plot: left (minutes), top (legend), right, bottom (days)."""
Series = Mapping[str, Sequence[tuple[datetime, float]]]


def nice_step(top: float) -> float:
    """A round step for about four grid lines up to ``top`` minutes.

    >>> nice_step(3.2), nice_step(17), nice_step(0.5)
    (1.0, 5.0, 0.2)
    """
    raw = max(top, 0.1) / 4
    power: float = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            step = factor * power
            return float(int(step)) if step >= 1 else round(step, 3)
    return 10 * power  # pragma: no cover - the loop always returns


class SolveTimeChart(tk.Canvas):
    """Solve times per level over time."""

    def __init__(self, master: tk.Misc, theme: Theme, *, height: int = 220) -> None:
        super().__init__(master, height=height, highlightthickness=0, borderwidth=0)
        self._series: Series = {}
        self._theme = theme
        self.points: dict[str, list[tuple[float, float]]] = {}
        """The canvas coordinates of each level's points as last drawn."""
        self.bind("<Configure>", lambda _e: self.redraw())
        self.set_theme(theme)

    def set_theme(self, theme: Theme) -> None:
        self._theme = theme
        self.configure(background=theme.board)
        self.redraw()

    def show(self, series: Series) -> None:
        """Draw ``series`` (level value -> (when, seconds), oldest first)."""
        self._series = series
        self.redraw()

    def colour(self, level: str) -> str:
        colours = DARK_COLOURS if self._theme.name == "dark" else LIGHT_COLOURS
        return colours.get(level, self._theme.text)

    def redraw(self) -> None:
        self.delete("chart")
        self.points = {}
        width, height = self.winfo_width(), self.winfo_height()
        if width < 80 or height < 80:
            return
        theme = self._theme
        left, top, right, bottom = MARGIN
        x0, y0, x1, y1 = left, top, width - right, height - bottom
        every = [(when, seconds) for points in self._series.values() for when, seconds in points]
        if not every:
            self.create_text(
                width / 2,
                height / 2,
                text="Solve a puzzle with a level to see your times here.",
                fill=theme.text,
                tags="chart",
            )
            return
        top_minutes = max(seconds for _when, seconds in every) / 60
        step = nice_step(top_minutes)
        ceiling = step * max(1, math.ceil(top_minutes / step))
        first = min(when for when, _s in every)
        last = max(when for when, _s in every)
        span = (last - first).total_seconds()

        def x_of(when: datetime) -> float:
            return x0 + (x1 - x0) * ((when - first).total_seconds() / span if span else 0.5)

        def y_of(seconds: float) -> float:
            return y1 - (y1 - y0) * (seconds / 60) / ceiling

        lines = 0
        while lines * step <= ceiling + 1e-9:
            y = y_of(lines * step * 60)
            self.create_line(x0, y, x1, y, fill=theme.thin_line, tags="chart")
            self.create_text(x0 - 6, y, text=f"{lines * step:g}", anchor="e", fill=theme.text, tags="chart")
            lines += 1
        self.create_text(6, y0 - 20, text="minutes", anchor="w", fill=theme.text, tags="chart")
        self.create_line(x0, y1, x1, y1, fill=theme.text, tags="chart")
        self.create_text(x0, y1 + 6, text=f"{first:%d %b}", anchor="nw", fill=theme.text, tags="chart")
        if span:
            self.create_text(x1, y1 + 6, text=f"{last:%d %b}", anchor="ne", fill=theme.text, tags="chart")
        legend_x = x1
        for level in reversed(list(self._series)):
            name = level.capitalize()
            item = self.create_text(legend_x, y0 - 20, text=name, anchor="e", fill=theme.text, tags="chart")
            bbox = self.bbox(item)
            marker_x = (bbox[0] if bbox else legend_x) - 9
            self._marker(level, marker_x, y0 - 20)
            legend_x = marker_x - 16
        for level, points in self._series.items():
            coords = [(x_of(when), y_of(seconds)) for when, seconds in points]
            self.points[level] = coords
            if len(coords) > 1:
                flat = [v for xy in coords for v in xy]
                self.create_line(*flat, fill=self.colour(level), width=2, tags=("chart", f"line-{level}"))
            for x, y in coords:
                self._marker(level, x, y)

    def _marker(self, level: str, x: float, y: float) -> None:
        r = 4
        colour = self.colour(level)
        shape = SHAPES.get(level, "circle")
        tags = ("chart", f"point-{level}")
        if shape == "square":
            self.create_rectangle(x - r, y - r, x + r, y + r, fill=colour, outline=colour, tags=tags)
        elif shape == "triangle":
            self.create_polygon(
                x, y - r - 1, x + r + 1, y + r, x - r - 1, y + r, fill=colour, outline=colour, tags=tags
            )
        elif shape == "diamond":
            self.create_polygon(x, y - r - 1, x + r + 1, y, x, y + r + 1, x - r - 1, y, fill=colour, tags=tags)
        elif shape == "cross":
            self.create_line(x - r, y - r, x + r, y + r, fill=colour, width=2, tags=tags)
            self.create_line(x - r, y + r, x + r, y - r, fill=colour, width=2, tags=tags)
        else:
            self.create_oval(x - r, y - r, x + r, y + r, fill=colour, outline=colour, tags=tags)


__all__ = ["SolveTimeChart", "nice_step"]
