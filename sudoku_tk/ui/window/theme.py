"""Colours, shapes and font choices for the board, keyed by what a thing is (its role), in a light and a dark theme.

Nothing else in the UI names a colour. Digits are told apart by origin not only
by colour but by weight and slant (given: bold; player: regular; automatic:
italic); each Step highlight role has a colour **and** a shape, so a board reads
without colour vision. Colours lean on the Okabe–Ito palette.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from sudoku_tk.engine.steps.step import HighlightRole
from sudoku_tk.render.palette import LIGHT as PAPER
from sudoku_tk.render.palette import RoleStyle


@dataclass(frozen=True, slots=True)
class Theme:
    """Every colour the board and its surroundings use."""

    name: str
    window: str
    """Background around the board (the canvas outside the grid)."""
    text: str
    board: str
    """Plain cell background."""
    thin_line: str
    box_line: str
    frame: str
    frame_solved: str
    given: str
    player: str
    auto: str
    candidate: str
    conflict: str
    """Text of a digit that clashes with another in a unit."""
    conflict_bg: str
    cursor: str
    cursor_bg: str
    hover: str
    """Outline of the candidate slot under the pointer."""
    hover_cell: str
    digit_bg: str
    """Cells holding the highlighted digit."""
    seen_bg: str
    """Cells that see the highlighted digit (it can't go there)."""
    candidate_hl: str
    """Text of a highlighted candidate."""
    candidate_hl_bg: str
    ghost: str
    """A removed candidate shown while its "why" is on display."""
    banner_bg: str
    banner_fg: str
    solved_bg: str
    error_bg: str
    roles: dict[HighlightRole, RoleStyle] = field(hash=False, compare=False, default_factory=dict)
    link: str = "#6a1b9a"
    """Chain links between candidates (strong solid, weak dashed: the dash tells them apart, not the colour)."""
    contradiction: str = "#b00020"
    """Outline and "!" of a contradiction: a dead cell, a unit a digit has no place in, a digit twice in a unit."""
    contradiction_bg: str = "#ffe3e0"
    """Behind the label of a unit where a digit has no place left."""
    contradiction_dash: tuple[int, ...] = (6, 3)
    """A contradiction's outline is dashed and heavy, so it reads without colour (a mistake's ring is solid)."""
    paint: tuple[str, str, str, str] = ("#f7c283", "#fde8cc", "#cdbff5", "#e6defb")
    """The player's colours 1a, 1b, 2a, 2b (cells and candidates): a pair shares a hue, its first is deeper."""
    paint_edge: tuple[str, str] = ("#b8660b", "#5b3fb5")
    """The outline of a pair's second colour (1b, 2b), so the two colours of a pair differ by shape too."""
    bivalue_bg: str = "#dff3e4"
    """Cells with exactly two candidates while the bivalue filter is on."""
    house_bg: str = "#ebe5d6"
    """Cells of a variant's extra houses (Sudoku X's diagonals, Windoku's windows)."""
    cage_line: str = "#3f4650"
    """A Killer cage's dashed outline."""
    cage_sum: str = "#2d323a"
    """A Killer cage's sum."""
    cage_dash: tuple[int, ...] = (4, 3)
    """A cage's outline is dashed (the grid's lines are solid), so it reads without colour."""

    def role(self, role: HighlightRole) -> RoleStyle:
        """The style of a Step highlight role (every role has one)."""
        return self.roles[role]


FONT_FAMILIES = ("DejaVu Sans", "Segoe UI", "Helvetica Neue", "Helvetica", "Arial", "Liberation Sans")
"""Preferred board fonts, first installed one wins; Tk's default font otherwise."""

_LIGHT_ROLES = dict(PAPER.roles)
"""The light theme's roles are the pictures' (render/palette.py keeps them once for both)."""

_DARK_COLOURS = {
    HighlightRole.CAUSE: ("#1f4f3f", "#4fd1a5"),
    HighlightRole.PATTERN: ("#1d3d5c", "#6cb8f0"),
    HighlightRole.DEFINING_UNIT: ("#2b3322", "#a3c95a"),
    HighlightRole.COVER_UNIT: ("#35283a", "#d08fd6"),
    HighlightRole.FIN: ("#5a3417", "#ff9a4d"),
    HighlightRole.PIVOT: ("#4d4417", "#f0d54a"),
    HighlightRole.COLOR_A: ("#1f4f7a", "#9fd3ff"),
    HighlightRole.COLOR_B: ("#25282d", "#ff9a4d"),
    HighlightRole.COLOR_C: ("#1e5030", "#8fe3a8"),
    HighlightRole.COLOR_D: ("#25282d", "#e58fd2"),
    HighlightRole.ELIMINATION: ("#5c2326", "#ff7b72"),
    HighlightRole.PLACEMENT: ("#1f4f3f", "#4fd1a5"),
}
"""The dark theme's (fill, outline) per role."""
_DARK_ROLES = {
    role: replace(_LIGHT_ROLES[role], fill=fill, outline=outline) for role, (fill, outline) in _DARK_COLOURS.items()
}
"""Each role drawn as in the light theme (shape, dash, width), in the dark colours."""

LIGHT = Theme(
    name="light",
    window=PAPER.window,
    text="#1d2024",
    board=PAPER.board,
    thin_line=PAPER.thin_line,
    box_line=PAPER.box_line,
    frame=PAPER.frame,
    frame_solved="#009e73",
    given=PAPER.given,
    player=PAPER.player,
    auto=PAPER.auto,
    candidate=PAPER.candidate,
    conflict=PAPER.conflict,
    conflict_bg=PAPER.conflict_bg,
    cursor="#e69f00",
    cursor_bg="#fff5d9",
    hover="#0072b2",
    hover_cell="#8dbbe6",
    digit_bg="#cfe4fb",
    seen_bg="#e5eaf1",
    candidate_hl="#0a3d8f",
    candidate_hl_bg="#ffe58a",
    ghost=PAPER.ghost,
    banner_bg="#fff5d9",
    banner_fg="#1d2024",
    solved_bg="#d4f2e4",
    error_bg="#fde0dc",
    roles=_LIGHT_ROLES,
    link=PAPER.link,
    contradiction=PAPER.contradiction,
    contradiction_bg=PAPER.contradiction_bg,
    contradiction_dash=PAPER.contradiction_dash,
    paint=(PAPER.paint[0], PAPER.paint[1], PAPER.paint[2], PAPER.paint[3]),
    paint_edge=(PAPER.paint_edge[0], PAPER.paint_edge[1]),
    house_bg=PAPER.house_bg,
    cage_line=PAPER.cage_line,
    cage_sum=PAPER.cage_sum,
    cage_dash=PAPER.cage_dash,
)
"""The light theme: the board's colours are the pictures' (``render.palette.LIGHT``), so a picture looks like the
canvas; the window's own colours (cursor, hover, banners) are added here."""

DARK = Theme(
    name="dark",
    window="#1b1d21",
    text="#e3e5e8",
    board="#25282d",
    thin_line="#474c55",
    box_line="#b8bdc6",
    frame="#b8bdc6",
    frame_solved="#35c99a",
    given="#f1f3f5",
    player="#7db7ff",
    auto="#d3a6f0",
    candidate="#a2a9b4",
    conflict="#ff7b72",
    conflict_bg="#4d2427",
    cursor="#f0b429",
    cursor_bg="#3d3520",
    hover="#6cb8f0",
    hover_cell="#3f6d99",
    digit_bg="#1f3f63",
    seen_bg="#2d3138",
    candidate_hl="#ffe58a",
    candidate_hl_bg="#5a4a12",
    ghost="#ff7b72",
    banner_bg="#3d3520",
    banner_fg="#e3e5e8",
    solved_bg="#1f4f3f",
    error_bg="#4d2427",
    roles=_DARK_ROLES,
    link="#f0a6ff",
    contradiction="#ff8a80",
    contradiction_bg="#4d2427",
    paint=("#704a16", "#4d3a22", "#4e3f91", "#38304f"),
    paint_edge=("#f0a54a", "#ab97f5"),
    bivalue_bg="#1e4030",
    house_bg="#3a3529",
    cage_line="#aeb4be",
    cage_sum="#d9dde2",
)

THEMES = {t.name: t for t in (LIGHT, DARK)}


def theme_named(name: str) -> Theme:
    """The theme called ``name`` ("light" or "dark").

    Raises:
        ValueError: no such theme; the message quotes the name.
    """
    try:
        return THEMES[name.strip().lower()]
    except KeyError:
        raise ValueError(f"no theme called {name!r} (choose {' or '.join(THEMES)})") from None


def contrast_ratio(fg: str, bg: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21); readable text needs about 4.5.

    >>> round(contrast_ratio("#000000", "#ffffff"), 1)
    21.0
    """

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)
