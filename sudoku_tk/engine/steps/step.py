"""The one "why" type: a Step is a frozen value naming a technique, what it places and removes, and why.

Automatic propagation records Steps (peer elimination, naked and hidden singles), a
hint is a Step, the logic solver's path is a list of Steps and the board draws any
Step from its role-tagged highlights and links.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..board.geometry import Cell, Digit, Geometry, Unit


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
    MISCELLANEOUS = "Miscellaneous"
    """Sue de Coq."""
    LAST_RESORT = "Last Resort"
    """Kraken fish, forcing chains and nets, templates and the labelled brute-force step."""
    KILLER = "Killer"
    """Steps from Killer Sudoku's cages and their sums (engine/killer/)."""


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
    SUE_DE_COQ = ("Sue de Coq", Family.MISCELLANEOUS, "1101")
    """Two sets of cells around a box/line intersection that share out their digits."""
    X_CHAIN = ("X-Chain", Family.CHAINS, "0701")
    """An alternating chain on one digit: one of its two ends holds the digit."""
    XY_CHAIN = ("XY-Chain", Family.CHAINS, "0702")
    """A chain of bivalue cells: one of its two ends holds the digit they share."""
    CONTINUOUS_NICE_LOOP = ("Continuous Nice Loop", Family.CHAINS, "0706")
    """A closed alternating loop: every weak link in it is really strong."""
    DISCONTINUOUS_NICE_LOOP = ("Discontinuous Nice Loop", Family.CHAINS, "0707")
    """A loop that comes back to its first cell with two links of one kind: that candidate is false (or true)."""
    AIC = ("AIC", Family.CHAINS, "0708")
    """An Alternating Inference Chain: one of its two ends is true."""
    GROUPED_CONTINUOUS_NICE_LOOP = ("Grouped Continuous Nice Loop", Family.CHAINS, "0709")
    GROUPED_DISCONTINUOUS_NICE_LOOP = ("Grouped Discontinuous Nice Loop", Family.CHAINS, "0710")
    GROUPED_AIC = ("Grouped AIC", Family.CHAINS, "0711")
    """Nice loops and AICs with grouped nodes: candidates of a digit inside one box/line intersection."""
    ALS_XZ = ("Almost Locked Set XZ-Rule", Family.ALS, "0901")
    """Two almost locked sets joined by a restricted common digit."""
    ALS_XY_WING = ("Almost Locked Set XY-Wing", Family.ALS, "0902")
    """Three almost locked sets: a pivot joined to two wings."""
    ALS_XY_CHAIN = ("Almost Locked Set XY-Chain", Family.ALS, "0903")
    """A chain of almost locked sets joined by restricted common digits."""
    DEATH_BLOSSOM = ("Death Blossom", Family.ALS, "0904")
    """A stem cell whose every candidate leads into an almost locked set (a petal)."""
    FRANKEN_X_WING = ("Franken X-Wing", Family.FISH, "0330")
    """A fish whose base or cover sets mix boxes with lines."""
    FRANKEN_SWORDFISH = ("Franken Swordfish", Family.FISH, "0331")
    FRANKEN_JELLYFISH = ("Franken Jellyfish", Family.FISH, "0332")
    FINNED_FRANKEN_X_WING = ("Finned Franken X-Wing", Family.FISH, "0340")
    FINNED_FRANKEN_SWORDFISH = ("Finned Franken Swordfish", Family.FISH, "0341")
    FINNED_FRANKEN_JELLYFISH = ("Finned Franken Jellyfish", Family.FISH, "0342")
    MUTANT_X_WING = ("Mutant X-Wing", Family.FISH, "0350")
    """A fish whose base or cover sets mix rows with columns."""
    MUTANT_SWORDFISH = ("Mutant Swordfish", Family.FISH, "0351")
    MUTANT_JELLYFISH = ("Mutant Jellyfish", Family.FISH, "0352")
    FINNED_MUTANT_X_WING = ("Finned Mutant X-Wing", Family.FISH, "0360")
    FINNED_MUTANT_SWORDFISH = ("Finned Mutant Swordfish", Family.FISH, "0361")
    FINNED_MUTANT_JELLYFISH = ("Finned Mutant Jellyfish", Family.FISH, "0362")
    KRAKEN_FISH_TYPE_1 = ("Kraken Fish Type 1", Family.LAST_RESORT, "0371")
    """A finned fish whose every fin, by a chain, removes the same candidate the fish removes."""
    KRAKEN_FISH_TYPE_2 = ("Kraken Fish Type 2", Family.LAST_RESORT, "0372")
    """A fish whose every cover candidate in one cell (or line) leads, by a chain, to the same elimination."""
    FORCING_CHAIN_CONTRADICTION = ("Forcing Chain Contradiction", Family.LAST_RESORT, "1301")
    """Assuming a candidate leads, along one chain, to a contradiction: the candidate is false (or true)."""
    FORCING_CHAIN_VERITY = ("Forcing Chain Verity", Family.LAST_RESORT, "1302")
    """Every candidate of a cell (or every place of a digit in a unit) leads to the same conclusion."""
    FORCING_NET_CONTRADICTION = ("Forcing Net Contradiction", Family.LAST_RESORT, "1303")
    """As a forcing chain, but the consequences branch and join (a net)."""
    FORCING_NET_VERITY = ("Forcing Net Verity", Family.LAST_RESORT, "1304")
    NESTED_FORCING_NET = ("Nested Forcing Net", Family.LAST_RESORT, "")
    """A forcing net whose assumption is followed with smaller contradictions inside it (beyond HoDoKu)."""
    TEMPLATE_SET = ("Template Set", Family.LAST_RESORT, "1201")
    """A digit that sits in the same cell in every way the digit can still fill the board."""
    TEMPLATE_DEL = ("Template Delete", Family.LAST_RESORT, "1202")
    """A candidate that no way of filling the board with its digit uses."""
    BRUTE_FORCE = ("Brute Force", Family.LAST_RESORT, "")
    """Not logic: the solution's digit for one cell, given only when nothing else applies."""
    KILLER_CAGE_COMBINATIONS = ("Cage Combinations", Family.KILLER, "")
    """Killer: a cage's candidates that no combination of its size and sum can place are removed."""
    KILLER_ONE_CELL_45 = ("Innie/Outie: One Cell", Family.KILLER, "")
    """Killer, the 45 rule: a house (or houses side by side) minus its cages leaves one cell, whose digit it gives."""
    KILLER_CAGE_POINTING = ("Cage Pointing", Family.KILLER, "")
    """Killer: a digit every combination of a cage needs, whose places in the cage all see a cell, leaves that cell."""
    KILLER_CAGE_CLAIMING = ("Cage Claiming", Family.KILLER, "")
    """Killer: a digit whose every place in a house lies in one cage is in that cage: the cage's other cells lose it."""
    KILLER_INNIES_OUTIES = ("Innies and Outies", Family.KILLER, "")
    """Killer, the 45 rule: the cells a house's cages leave over (or stick out) have a known sum."""
    KILLER_CAGE_SPLITTING = ("Cage Splitting", Family.KILLER, "")
    """Killer: the 45 rule gives the sum of part of a cage, so the cage splits into two smaller cages."""
    KILLER_INNIE_OUTIE_DIFFERENCE = ("Innie-Outie Difference", Family.KILLER, "")
    """Killer, the 45 rule: an innie minus an outie (or two) is a known number."""
    KILLER_SUBSET = ("Killer Subset", Family.KILLER, "")
    """Killer: two cages in one house whose combinations, taken together, always use a digit."""
    KILLER_FORCING_NET = ("Killer Forcing Net", Family.LAST_RESORT, "")
    """Killer's last resort: a candidate that, placed, leads by the cages and the singles to a contradiction."""
    LAW_OF_LEFTOVERS = ("Law of Leftovers", Family.INTERSECTIONS, "")
    """Jigsaw only: whole lines and as many whole regions leave the same digits over (techniques/leftovers.py)."""

    def __init__(self, display_name: str, family: Family, code: str) -> None:
        self.display_name = display_name
        self.family = family
        self.code = code

    @classmethod
    def from_name(cls, name: str) -> Technique:
        """Find a technique by its display name, member name or HoDoKu code (case-insensitive)."""
        key = name.strip().lower()
        for t in cls:
            if key in (t.display_name.lower(), t.name.lower(), t.code):
                return t
        raise ValueError(f"unknown technique: {name!r}")

    def __str__(self) -> str:
        return self.display_name


class HighlightRole(Enum):
    """What a highlighted cell, candidate or unit does in a Step; ui/window/theme.py gives each a colour and a shape."""

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
    cells: tuple[Cell, ...] = ()
    digits: tuple[Digit, ...] = ()
    """Empty: the whole cells; otherwise just these candidates of the cells."""
    units: tuple[Unit, ...] = ()


@dataclass(frozen=True, slots=True)
class Link:
    """A chain link between two candidates: strong (one of them is true) or weak (not both).

    An end may be a group (the digit's candidates in several cells of one box/line intersection, true
    when one of them is): ``from_group`` / ``to_group`` then list its cells, and ``from_cell`` /
    ``to_cell`` is the first of them.
    """

    from_cell: Cell
    from_digit: Digit
    to_cell: Cell
    to_digit: Digit
    strong: bool
    from_group: tuple[Cell, ...] = ()
    to_group: tuple[Cell, ...] = ()

    @property
    def from_cells(self) -> tuple[Cell, ...]:
        return self.from_group or (self.from_cell,)

    @property
    def to_cells(self) -> tuple[Cell, ...]:
        return self.to_group or (self.to_cell,)


class Rule(Enum):
    """Why a node of a chain or net holds, given the earlier nodes it needs (``Reason.needs``)."""

    ASSUMPTION = "assumption"
    """The start of a chain, or of one case of a verity: supposed, not derived."""
    SEES = "sees"
    """Off: a true node of the same digit sees every cell of this one (in ``unit``)."""
    SAME_CELL = "same cell"
    """Off: a true node of another digit sits in this node's one cell."""
    LAST_CANDIDATE = "last candidate"
    """On: every other candidate of this node's cell is off (by a needed node) or already gone."""
    LAST_PLACE = "last place"
    """On: every other place of the digit in ``unit`` is off (by a needed node) or already gone."""
    ALS = "als"
    """On: an almost locked set (``cells``, holding ``digits``) lost one digit, so it holds all the others."""
    REFUTED_INSIDE = "refuted inside"
    """Off: assuming this node on as well leads to a contradiction (``walk``: that refutation, numbered on its own)."""


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a chain node holds: the rule, where it applies and the earlier nodes (1-based) it needs.

    >>> Reason(Rule.LAST_PLACE, (3,), unit=19).rule.value
    'last place'
    """

    rule: Rule
    needs: tuple[int, ...] = ()
    unit: Unit | None = None
    """The unit a ``sees`` or ``last place`` acts in (None where no unit applies)."""
    cells: tuple[Cell, ...] = ()
    """An ``als``: the cells of the set."""
    digits: tuple[Digit, ...] = ()
    """An ``als``: every candidate of the set."""
    walk: tuple[ChainNode, ...] = ()
    """A ``refuted inside``: the nodes of the inner refutation, numbered from 1 on their own."""

    def to_dict(self, geometry: Geometry) -> dict[str, Any]:
        """The ``because`` object of ``hint --json``: rule, unit, needs, and an ALS's cells or an inner walk."""
        out: dict[str, Any] = {"rule": self.rule.value, "needs": list(self.needs)}
        if self.unit is not None:
            out["unit"] = geometry.unit_name(self.unit)
        if self.cells:
            out["cells"] = [geometry.cell_name(c) for c in self.cells]
            out["digits"] = list(self.digits)
        if self.walk:
            out["walk"] = chain_to_dicts(self.walk, geometry)
        return out


ASSUMED = Reason(Rule.ASSUMPTION)
"""The reason of a chain's first node (and of each case of a verity)."""


@dataclass(frozen=True, slots=True)
class ChainNode:
    """One numbered node of a chain as a player reads it: "r1c7=9" (``on``) or "r1c7≠4".

    ``cells`` has one cell for a candidate and several for a group (the digit is in one of them).
    ``because`` says why the node holds, naming the earlier nodes it needs (None: not recorded).
    """

    cells: tuple[Cell, ...]
    digit: Digit
    on: bool
    because: Reason | None = None

    def text(self, geometry: Geometry) -> str:
        """'r1c7=9', 'r1c7≠4', or for a group 'r1c78=9' (the cells' common row or column written once)."""
        return f"{group_name(geometry, self.cells)}{'=' if self.on else '≠'}{geometry.digit_char(self.digit)}"


def group_name(geometry: Geometry, cells: tuple[Cell, ...]) -> str:
    """A cell's name, or a group's in compact form: 'r1c78' (one row), 'r45c3' (one column).

    >>> group_name(Geometry.of(3), (6, 7))
    'r1c78'
    >>> group_name(Geometry.of(3), (30, 39))
    'r45c4'
    """
    if len(cells) == 1:
        return geometry.cell_name(cells[0])
    rows = sorted({geometry.row(c) + 1 for c in cells})
    cols = sorted({geometry.col(c) + 1 for c in cells})
    sep = "" if geometry.side <= 9 else ","
    return "r" + sep.join(map(str, rows)) + "c" + sep.join(map(str, cols))


@dataclass(frozen=True, slots=True)
class Step:
    """One logical deduction: what it places and removes, and one plain sentence why."""

    technique: Technique
    placements: tuple[Placement, ...] = ()
    eliminations: tuple[Elimination, ...] = ()
    explanation: str = ""
    highlights: tuple[Highlight, ...] = ()
    links: tuple[Link, ...] = ()
    focus: str = ""
    """Where to look, for a nudge: e.g. "box 9" or "rows 2 and 7"."""
    chain: tuple[ChainNode, ...] = ()
    """A chain's nodes in reading order, numbered 1, 2, … on the board (empty for other steps)."""
    conclusion: str = ""
    """The last sentence of the walk through the step: what the nodes prove and what it removes or places
    ("" : the walk says it from the technique and the effects)."""

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
        """The stable JSON shape used by the command line: effects, sentence, and what a drawing needs."""
        name = geometry.cell_name
        return {
            "technique": self.technique.display_name,
            "placements": [{"cell": name(p.cell), "digit": p.digit} for p in self.placements],
            "eliminations": [{"cell": name(e.cell), "digit": e.digit} for e in self.eliminations],
            "explanation": self.explanation,
            "code": self.technique.code,
            "focus": self.focus,
            "highlights": [
                {
                    "role": h.role.value,
                    "cells": [name(c) for c in h.cells],
                    "digits": list(h.digits),
                    "units": [geometry.unit_name(u) for u in h.units],
                }
                for h in self.highlights
            ],
            "links": [
                {
                    "from": {"cells": [name(c) for c in lk.from_cells], "digit": lk.from_digit},
                    "to": {"cells": [name(c) for c in lk.to_cells], "digit": lk.to_digit},
                    "strong": lk.strong,
                }
                for lk in self.links
            ],
            "chain": chain_to_dicts(self.chain, geometry),
        }


def chain_to_dicts(chain: Sequence[ChainNode], geometry: Geometry) -> list[dict[str, Any]]:
    """A chain's nodes as ``hint --json`` writes them: number, cells, digit, on/off, text and ``because``."""
    out = []
    for i, node in enumerate(chain, 1):
        item: dict[str, Any] = {
            "n": i,
            "cells": [geometry.cell_name(c) for c in node.cells],
            "digit": node.digit,
            "on": node.on,
            "text": node.text(geometry),
        }
        if node.because is not None:
            item["because"] = node.because.to_dict(geometry)
        out.append(item)
    return out
