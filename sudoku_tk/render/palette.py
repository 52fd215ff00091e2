"""The colours, shapes and strokes of a board picture, which are also the window's light theme.

The board's light colours are kept once, here, as plain data: ``ui/window/theme.py`` builds its
light theme from them and adds the window's own colours (cursor, hover, banners), so a
picture always looks like the canvas. ``RoleStyle`` and its ``Shape`` are the one description of a highlight
role that the pictures and the canvas (ui/board/steps.py) both draw.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from sudoku_tk.engine.steps.step import HighlightRole


class Shape(Enum):
    """How a highlighted candidate is marked; no two candidate roles share a shape, so shape alone tells them apart."""

    BOX = "box"
    """A filled square behind the candidate."""
    THICK_BOX = "thick_box"
    """A square with a heavy outline round the candidate (placements)."""
    DOUBLE_BOX = "double_box"
    """A filled square inside a second outline (the pivot of a wing)."""
    CIRCLE = "circle"
    """A lightly filled circle with a solid outline (pattern candidates)."""
    DISC = "disc"
    """A strongly filled circle (colour A)."""
    RING = "ring"
    """A hollow circle with a heavy outline (colour B)."""
    TRIANGLE = "triangle"
    """A filled triangle, point up (colour C)."""
    SQUARE_RING = "square_ring"
    """A hollow square with a heavy outline (colour D)."""
    DIAMOND = "diamond"
    """A filled diamond with a dashed outline (fins)."""
    CROSS = "cross"
    """A light circle with an X struck through the candidate (eliminations)."""


@dataclass(frozen=True, slots=True)
class RoleStyle:
    """How one highlight role is drawn: fill, outline colour, candidate shape, outline dash and width (canvas px).

    Units and whole cells of a role are shaded with ``fill`` and outlined with
    ``outline`` in the role's ``dash`` (solid when empty), so they too read without colour.
    """

    fill: str
    outline: str
    shape: Shape = Shape.BOX
    dash: tuple[int, ...] = ()
    width: float = 1.5


@dataclass(frozen=True, slots=True)
class Palette:
    """Every colour a board picture uses; the names are those of ``ui.theme.Theme``."""

    window: str
    board: str
    thin_line: str
    box_line: str
    frame: str
    given: str
    player: str
    auto: str
    candidate: str
    conflict: str
    conflict_bg: str
    ghost: str
    link: str
    contradiction: str
    contradiction_bg: str
    contradiction_dash: tuple[int, ...]
    roles: dict[HighlightRole, RoleStyle] = field(hash=False, compare=False, default_factory=dict)
    paint: tuple[str, ...] = ()
    """The player's colours 1a, 1b, 2a, 2b (indices 0..3) on cells and behind candidates."""
    paint_edge: tuple[str, ...] = ()
    """The outline of a pair's second colour (1b, 2b)."""
    house_bg: str = "#ebe5d6"
    """Cells of a variant's extra houses (Sudoku X's diagonals, Windoku's windows)."""
    cage_line: str = "#3f4650"
    """A Killer cage's dashed outline."""
    cage_sum: str = "#2d323a"
    """A Killer cage's sum."""
    cage_dash: tuple[int, ...] = (4, 3)

    def role(self, role: HighlightRole) -> RoleStyle:
        return self.roles[role]


_ROLES = {
    HighlightRole.CAUSE: RoleStyle("#c4ecd9", "#007a5a", Shape.BOX, (2, 2)),
    HighlightRole.PATTERN: RoleStyle("#cfe4fb", "#0072b2", Shape.CIRCLE),
    HighlightRole.DEFINING_UNIT: RoleStyle("#eef5df", "#5c7f1a", Shape.BOX, (6, 3), 2),
    HighlightRole.COVER_UNIT: RoleStyle("#f4e8f6", "#8a3f8f", Shape.BOX, (2, 3), 2),
    HighlightRole.FIN: RoleStyle("#ffdcbc", "#d55e00", Shape.DIAMOND, (3, 2)),
    HighlightRole.PIVOT: RoleStyle("#fbee9c", "#8a6f00", Shape.DOUBLE_BOX, (), 2),
    HighlightRole.COLOR_A: RoleStyle("#9dcff5", "#0b5a8f", Shape.DISC),
    HighlightRole.COLOR_B: RoleStyle("#ffffff", "#d55e00", Shape.RING, (), 2.5),
    HighlightRole.COLOR_C: RoleStyle("#9ee0b0", "#1b7f3b", Shape.TRIANGLE),
    HighlightRole.COLOR_D: RoleStyle("#ffffff", "#a0468c", Shape.SQUARE_RING, (), 2.5),
    HighlightRole.ELIMINATION: RoleStyle("#ffd3d0", "#c62828", Shape.CROSS, (5, 3), 1.6),
    HighlightRole.PLACEMENT: RoleStyle("#c4ecd9", "#007a5a", Shape.THICK_BOX, (), 2),
}

LIGHT = Palette(
    window="#eceff3",
    board="#ffffff",
    thin_line="#b9bec7",
    box_line="#2d323a",
    frame="#2d323a",
    given="#15181c",
    player="#0b5cad",
    auto="#7b3f98",
    candidate="#5d6470",
    conflict="#c62828",
    conflict_bg="#fde0dc",
    ghost="#c62828",
    link="#6a1b9a",
    contradiction="#b00020",
    contradiction_bg="#ffe3e0",
    contradiction_dash=(6, 3),
    roles=_ROLES,
    paint=("#f7c283", "#fde8cc", "#cdbff5", "#e6defb"),
    paint_edge=("#b8660b", "#5b3fb5"),
    house_bg="#ebe5d6",
    cage_line="#3f4650",
    cage_sum="#2d323a",
    cage_dash=(4, 3),
)
"""The light theme: what every picture is drawn in (paper is white)."""


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rrggbb`` as an (r, g, b) tuple of 0..255.

    >>> rgb("#0b5cad")
    (11, 92, 173)
    """
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))
