"""The one "why" type: a Step is a frozen value naming a technique, what it places and removes, and why.

Automatic propagation records Steps (peer elimination, naked and hidden singles), a
hint is a Step, the logic solver's path is a list of Steps and the board draws any
Step from its role-tagged highlights and links.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Tuple

from .geometry import Cell, Digit, Geometry, Unit


class Family(Enum):
    """Groups of techniques, in the order a human meets them."""

    BASICS = "Basics"
    """What propagation does by itself: candidates seen by a placed digit."""
    SINGLES = "Singles"
    INTERSECTIONS = "Intersections"
    SUBSETS = "Subsets"
    FISH = "Fish"
    SINGLE_DIGIT = "Single Digit Patterns"
    WINGS = "Wings"
    UNIQUENESS = "Uniqueness"
    COLORING = "Coloring"
    CHAINS = "Chains"
    ALS = "Almost Locked Sets"


class Technique(Enum):
    """Every technique the engine knows, with HoDoKu's display name, family and library code."""

    PEER_ELIMINATION = ("Peer Elimination", Family.BASICS, "")
    """A placed digit removes itself from the candidates of every peer."""
    FULL_HOUSE = ("Full House", Family.SINGLES, "0000")
    """The last empty cell of a unit."""
    NAKED_SINGLE = ("Naked Single", Family.SINGLES, "0003")
    """A cell with one candidate left."""
    HIDDEN_SINGLE = ("Hidden Single", Family.SINGLES, "0002")
    """A digit with one place left in a unit."""
    LOCKED_PAIR = ("Locked Pair", Family.INTERSECTIONS, "0110")
    """A naked pair inside the intersection of a box and a line."""
    LOCKED_TRIPLE = ("Locked Triple", Family.INTERSECTIONS, "0111")
    """A naked triple inside the intersection of a box and a line."""
    LOCKED_CANDIDATES_1 = ("Locked Candidates Type 1 (Pointing)", Family.INTERSECTIONS, "0100")
    """A digit confined to one line inside a box leaves the rest of the line."""
    LOCKED_CANDIDATES_2 = ("Locked Candidates Type 2 (Claiming)", Family.INTERSECTIONS, "0101")
    """A digit confined to one box inside a line leaves the rest of the box."""
    NAKED_PAIR = ("Naked Pair", Family.SUBSETS, "0200")
    NAKED_TRIPLE = ("Naked Triple", Family.SUBSETS, "0201")
    NAKED_QUADRUPLE = ("Naked Quadruple", Family.SUBSETS, "0202")
    HIDDEN_PAIR = ("Hidden Pair", Family.SUBSETS, "0210")
    HIDDEN_TRIPLE = ("Hidden Triple", Family.SUBSETS, "0211")
    HIDDEN_QUADRUPLE = ("Hidden Quadruple", Family.SUBSETS, "0212")
    X_WING = ("X-Wing", Family.FISH, "0300")
    SWORDFISH = ("Swordfish", Family.FISH, "0301")
    JELLYFISH = ("Jellyfish", Family.FISH, "0302")
    REMOTE_PAIR = ("Remote Pair", Family.CHAINS, "0703")
    BUG_PLUS_1 = ("Bivalue Universal Grave + 1", Family.UNIQUENESS, "0610")
    SKYSCRAPER = ("Skyscraper", Family.SINGLE_DIGIT, "0400")
    TWO_STRING_KITE = ("2-String Kite", Family.SINGLE_DIGIT, "0401")
    TURBOT_FISH = ("Turbot Fish", Family.SINGLE_DIGIT, "0403")
    EMPTY_RECTANGLE = ("Empty Rectangle", Family.SINGLE_DIGIT, "0402")
    W_WING = ("W-Wing", Family.WINGS, "0803")
    XY_WING = ("XY-Wing", Family.WINGS, "0800")
    XYZ_WING = ("XYZ-Wing", Family.WINGS, "0801")
    UNIQUENESS_1 = ("Uniqueness Test 1", Family.UNIQUENESS, "0600")
    UNIQUENESS_2 = ("Uniqueness Test 2", Family.UNIQUENESS, "0601")
    UNIQUENESS_3 = ("Uniqueness Test 3", Family.UNIQUENESS, "0602")
    UNIQUENESS_4 = ("Uniqueness Test 4", Family.UNIQUENESS, "0603")
    UNIQUENESS_5 = ("Uniqueness Test 5", Family.UNIQUENESS, "0604")
    UNIQUENESS_6 = ("Uniqueness Test 6", Family.UNIQUENESS, "0605")
    HIDDEN_RECTANGLE = ("Hidden Rectangle", Family.UNIQUENESS, "0606")
    AVOIDABLE_RECTANGLE_1 = ("Avoidable Rectangle Type 1", Family.UNIQUENESS, "0607")
    AVOIDABLE_RECTANGLE_2 = ("Avoidable Rectangle Type 2", Family.UNIQUENESS, "0608")
    FINNED_X_WING = ("Finned X-Wing", Family.FISH, "0310")
    FINNED_SWORDFISH = ("Finned Swordfish", Family.FISH, "0311")
    FINNED_JELLYFISH = ("Finned Jellyfish", Family.FISH, "0312")
    SASHIMI_X_WING = ("Sashimi X-Wing", Family.FISH, "0320")
    SASHIMI_SWORDFISH = ("Sashimi Swordfish", Family.FISH, "0321")
    SASHIMI_JELLYFISH = ("Sashimi Jellyfish", Family.FISH, "0322")
    SIMPLE_COLORS_TRAP = ("Simple Colors Trap", Family.COLORING, "0500")
    SIMPLE_COLORS_WRAP = ("Simple Colors Wrap", Family.COLORING, "0501")
    MULTI_COLORS_1 = ("Multi Colors 1", Family.COLORING, "0502")
    MULTI_COLORS_2 = ("Multi Colors 2", Family.COLORING, "0503")

    def __init__(self, display_name: str, family: Family, code: str) -> None:
        self.display_name = display_name
        self.family = family
        self.code = code

    @classmethod
    def from_name(cls, name: str) -> "Technique":
        """Find a technique by its display name, member name or HoDoKu code (case-insensitive)."""
        key = name.strip().lower()
        for t in cls:
            if key in (t.display_name.lower(), t.name.lower(), t.code):
                return t
        raise ValueError(f"unknown technique: {name!r}")

    def __str__(self) -> str:
        return self.display_name


class HighlightRole(Enum):
    """What a highlighted cell, candidate or unit does in a Step; ui/theme.py gives each a colour and a shape."""

    CAUSE = "cause"
    """A placed digit (or cell) whose presence causes the step."""
    PATTERN = "pattern"
    """A candidate or cell that forms the pattern (pair cells, fish corners, wing cells)."""
    DEFINING_UNIT = "defining_unit"
    """A unit the pattern lives in (base set)."""
    COVER_UNIT = "cover_unit"
    """A unit the eliminations come from (cover set)."""
    FIN = "fin"
    """An extra candidate that makes a fish finned."""
    PIVOT = "pivot"
    """The hinge of a wing."""
    COLOR_A = "color_a"
    COLOR_B = "color_b"
    COLOR_C = "color_c"
    COLOR_D = "color_d"
    ELIMINATION = "elimination"
    """A candidate the step removes."""
    PLACEMENT = "placement"
    """A digit the step places."""


@dataclass(frozen=True, slots=True)
class Placement:
    cell: Cell
    digit: Digit


@dataclass(frozen=True, slots=True)
class Elimination:
    cell: Cell
    digit: Digit


@dataclass(frozen=True, slots=True)
class Highlight:
    """Cells, candidates (cells × digits) or units that play one role in a Step."""

    role: HighlightRole
    cells: Tuple[Cell, ...] = ()
    digits: Tuple[Digit, ...] = ()
    """Empty: the whole cells; otherwise just these candidates of the cells."""
    units: Tuple[Unit, ...] = ()


@dataclass(frozen=True, slots=True)
class Link:
    """A chain link between two candidates: strong (one of them is true) or weak (not both)."""

    from_cell: Cell
    from_digit: Digit
    to_cell: Cell
    to_digit: Digit
    strong: bool


@dataclass(frozen=True, slots=True)
class Step:
    """One logical deduction: what it places and removes, and one plain sentence why."""

    technique: Technique
    placements: Tuple[Placement, ...] = ()
    eliminations: Tuple[Elimination, ...] = ()
    explanation: str = ""
    highlights: Tuple[Highlight, ...] = ()
    links: Tuple[Link, ...] = ()
    focus: str = ""
    """Where to look, for a nudge: e.g. "box 9" or "rows 2 and 7"."""

    @property
    def name(self) -> str:
        return self.technique.display_name

    def is_empty(self) -> bool:
        return not self.placements and not self.eliminations

    def key(self) -> tuple[Technique, frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
        """What makes two steps the same deduction: technique and effects, not wording."""
        return (
            self.technique,
            frozenset((p.cell, p.digit) for p in self.placements),
            frozenset((e.cell, e.digit) for e in self.eliminations),
        )

    def to_dict(self, geometry: Geometry) -> dict[str, Any]:
        """The stable JSON shape used by the command line."""
        return {
            "technique": self.technique.display_name,
            "placements": [
                {"cell": geometry.cell_name(p.cell), "digit": p.digit} for p in self.placements
            ],
            "eliminations": [
                {"cell": geometry.cell_name(e.cell), "digit": e.digit} for e in self.eliminations
            ],
            "explanation": self.explanation,
        }


def effects_key(step: Step) -> tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]:
    """Placements and eliminations of a step as comparable sets."""
    return (
        frozenset((p.cell, p.digit) for p in step.placements),
        frozenset((e.cell, e.digit) for e in step.eliminations),
    )

