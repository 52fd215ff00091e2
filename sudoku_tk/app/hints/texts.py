"""The words of a hint: each rung's sentence for a Step, list lines, and the legend of what the board shows.

Pure functions of a ``Step`` (and the board's ``Geometry`` where cells are
named); ``app/hints/views.py`` and the ``HintLadder`` (app/hints/ladder.py) put them together.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.steps.explain import effects_text, units_text
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Link, Step, Technique

ROLE_NAMES = {
    HighlightRole.CAUSE: "cause",
    HighlightRole.PATTERN: "pattern",
    HighlightRole.DEFINING_UNIT: "where it lives",
    HighlightRole.COVER_UNIT: "where it acts",
    HighlightRole.FIN: "fin",
    HighlightRole.PIVOT: "pivot",
    HighlightRole.COLOR_A: "colour A",
    HighlightRole.COLOR_B: "colour B",
    HighlightRole.COLOR_C: "colour C",
    HighlightRole.COLOR_D: "colour D",
    HighlightRole.ELIMINATION: "remove",
    HighlightRole.PLACEMENT: "place",
}
"""A word or two per highlight role, for the panel's legend."""

CONCLUSION_ROLES = (HighlightRole.ELIMINATION, HighlightRole.PLACEMENT)
"""The roles that mark what a step concludes (not part of its pattern)."""
_CELL = re.compile(r"r\d+c\d+$")
_CELL_START = re.compile(r"r\d+c\d+")
_UNIT_WORDS = ("row", "rows", "column", "columns", "box", "boxes")


def _article(name: str) -> str:
    # "an X-Wing", "an Empty Rectangle", but "a Uniqueness Test" (said "you").
    return "an" if name[:1] in "AEIOX" else "a"


_SINGLE_NUDGES = {
    Technique.FULL_HOUSE: ("only one of its cells is still empty", "a unit with only one cell still empty"),
    Technique.HIDDEN_SINGLE: ("one digit has only one place left there", "a digit with only one place left in a unit"),
    Technique.NAKED_SINGLE: ("one of its cells has only one candidate left", "a cell with only one candidate left"),
}
"""What a single's nudge says, about its unit and when no unit is known: never which cell."""


def nudge_text(step: Step, geometry: Geometry | None = None) -> str:
    """Rung 1: the technique and where to look, e.g. "Look for a Naked Pair in box 9."

    A single's nudge names its unit, never its cell (that would give the answer away); a naked
    single, found in the cell itself, is placed in its box (``geometry`` names it).

    >>> nudge_text(Step(Technique.X_WING, focus="digit 3 in columns 6 and 8"))
    'Look for an X-Wing on digit 3 in columns 6 and 8.'
    >>> nudge_text(Step(Technique.HIDDEN_SINGLE, focus="box 4"))
    'Look for a Hidden Single in box 4: one digit has only one place left there.'
    """
    name = step.technique.display_name
    focus = step.focus.strip()
    lead = f"Look for {_article(name)} {name}"
    single = _SINGLE_NUDGES.get(step.technique)
    if single is not None:
        unit = _single_unit(step, geometry)
        in_unit, anywhere = single
        return f"{lead}: {anywhere}." if unit is None else f"{lead} in {unit}: {in_unit}."
    where = _where(focus)
    return f"{lead} {where}." if where else lead + "."


def _where(focus: str) -> str:
    """A step's focus with the word that leads into it: "in row 6", "at r3c5", "on digit 4 in rows 2 and 7"."""
    focus = focus.strip()
    if not focus:
        return ""
    first = focus.split()[0]
    if first in _UNIT_WORDS:
        prep = "in"
    elif _CELL.match(first):
        prep = "at"
    elif first == "the":
        prep = "around"
    else:
        prep = "on"  # "digit 4 …", "4 and 9 in boxes 6 and 9"
    return f"{prep} {focus}"


def step_name(step: Step, geometry: Geometry | None = None) -> str:
    """A step's short name as the nudge gives it: its technique and where it lives.

    >>> step_name(Step(Technique.X_WING, focus="digit 3 in columns 6 and 8"))
    'X-Wing on digit 3 in columns 6 and 8'
    >>> step_name(Step(Technique.HIDDEN_SINGLE, focus="box 4"))
    'Hidden Single in box 4'
    """
    name = step.technique.display_name
    if step.technique in _SINGLE_NUDGES:
        unit = _single_unit(step, geometry)
        return name if unit is None else f"{name} in {unit}"
    where = _where(step.focus)
    return f"{name} {where}" if where else name


def nudge_unit(step: Step, geometry: Geometry | None = None) -> int | None:
    """The unit a single's nudge points at: its defining unit, or a naked single's box (None: not known)."""
    for h in step.highlights:
        if h.role is HighlightRole.DEFINING_UNIT and h.units:
            return h.units[0]
    if geometry is not None and step.placements:
        cell = step.placements[0].cell
        return geometry.cell_units[cell][2]  # rows, columns, boxes: the third unit of a cell is its box
    return None


def _single_unit(step: Step, geometry: Geometry | None) -> str | None:
    """The name of the unit a single's nudge points at: its focus when that is a unit, else its box."""
    focus = step.focus.strip()
    if focus.split(" ", 1)[0] in _UNIT_WORDS:
        return focus
    unit = nudge_unit(step, geometry)
    return None if unit is None or geometry is None else geometry.unit_name(unit)


def as_sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter (cell names like r1c2 stay as they are) and a full stop."""
    text = text.strip().rstrip(".")
    if text and not _CELL_START.match(text):  # a cell name or a chain ("r1c2≠4 → …") keeps its lower case
        text = text[0].upper() + text[1:]
    return text + "."


def _body(step: Step) -> str:
    """The explanation without its "<Technique>: " lead (the panel shows the name above it)."""
    text = step.explanation.strip()
    prefix = step.technique.display_name + ": "
    if text.startswith(prefix):
        text = as_sentence(text[len(prefix) :])
    return text


def pattern_text(step: Step) -> str:
    """Rung 2: the reasoning without the conclusion (the part of the sentence before " — ")."""
    body = _body(step)
    reason = body.split(" — ", 1)[0].rstrip(" .")
    return reason + "."


def step_text(step: Step) -> str:
    """Rung 3: the whole explanation."""
    return _body(step)


def effects_of(step: Step, geometry: Geometry) -> str:
    """What a step does, in words: "remove 3 from r4c7"."""
    return effects_text(
        geometry, [(p.cell, p.digit) for p in step.placements], [(e.cell, e.digit) for e in step.eliminations]
    )


def full_highlights(step: Step) -> tuple[Highlight, ...]:
    """The step's highlights plus a mark for every elimination and placement it does not highlight itself."""
    highlights = list(step.highlights)
    drawn = {(h.role, c, d) for h in step.highlights for c in h.cells for d in h.digits}
    for e in step.eliminations:
        if (HighlightRole.ELIMINATION, e.cell, e.digit) not in drawn:
            highlights.append(Highlight(HighlightRole.ELIMINATION, (e.cell,), (e.digit,)))
    for p in step.placements:
        if (HighlightRole.PLACEMENT, p.cell, p.digit) not in drawn:
            highlights.append(Highlight(HighlightRole.PLACEMENT, (p.cell,), (p.digit,)))
    return tuple(highlights)


def legend(highlights: Sequence[Highlight], links: Sequence[Link] = ()) -> tuple[tuple[str, str], ...]:
    """The roles on show, in a fixed order, as (key, label): role values, then "strong" / "weak" for links."""
    present = {h.role for h in highlights}
    out = [(role.value, ROLE_NAMES[role]) for role in HighlightRole if role in present]
    if any(link.strong for link in links):
        out.append(("strong", "strong link: one end is true"))
    if any(not link.strong for link in links):
        out.append(("weak", "weak link: not both"))
    return tuple(out)


_SET_NAMES = {
    HighlightRole.COLOR_A: "set A",
    HighlightRole.COLOR_B: "set B",
    HighlightRole.COLOR_C: "set C",
    HighlightRole.COLOR_D: "set D",
}
_SETS = frozenset(
    (
        Technique.ALS_XZ,
        Technique.ALS_XY_WING,
        Technique.ALS_XY_CHAIN,
        Technique.DEATH_BLOSSOM,
    )
)


def _cells_digits(geometry: Geometry, h: Highlight) -> str:
    cells = ", ".join(geometry.cell_name(c) for c in h.cells[:6]) + ("…" if len(h.cells) > 6 else "")
    digits = ", ".join(geometry.digit_char(d) for d in h.digits)
    return f"{cells} ({digits})" if digits else cells


def _groups(geometry: Geometry, highlights: list[Highlight]) -> str:
    """Cells drawn as a unit that is no house: a Killer's cage by its name ('the 17-cage at r1c1'), else the cells."""
    names = []
    for h in highlights:
        cages = {geometry.cage_of[c] for c in h.cells} if geometry.cages else {-1}
        cage = next(iter(cages))
        houses = _whole_houses(geometry, set(h.cells))
        if len(cages) == 1 and cage >= 0 and set(geometry.cages[cage]) == set(h.cells):
            names.append(geometry.cage_name(cage))
        elif houses:
            names.append(units_text(geometry, houses))
        elif h.cells:
            names.append(_cells_digits(geometry, Highlight(h.role, h.cells)))
    return "; ".join(dict.fromkeys(names))


def _whole_houses(geometry: Geometry, cells: set[int]) -> list[int]:
    """The rows, else the columns, else the boxes that ``cells`` is made of exactly (a Killer's 45-rule region such as
    rows 1–4); empty when it is no such union."""
    n = geometry.side
    for kind in range(3):
        inside = [u for u in range(kind * n, kind * n + n) if cells.issuperset(geometry.units[u])]
        if inside and sum(len(geometry.units[u]) for u in inside) == len(cells):
            return inside
    return []


def legend_names(step: Step, geometry: Geometry | None, walking: bool = False) -> dict[str, str]:
    """What each role is in this step, for the legend: "set A: r5c8, r6c9 (2, 4, 9)", "base: rows 2 and 7",
    "true in the chain (=)". Roles not named here keep their generic names (``ROLE_NAMES``)."""
    names: dict[str, str] = {}
    by_role: dict[HighlightRole, list[Highlight]] = {}
    for h in step.highlights:
        by_role.setdefault(h.role, []).append(h)

    def units(role: HighlightRole) -> str:
        if geometry is None:
            return ""
        named = units_text(geometry, [u for h in by_role.get(role, ()) for u in h.units])
        return named or _groups(geometry, [h for h in by_role.get(role, ()) if not h.units])

    chain_colours = bool(step.chain) and (walking or step.technique not in _SETS)
    if step.technique in _SETS and not chain_colours:
        for role, label in _SET_NAMES.items():
            hs = by_role.get(role)
            if hs and geometry is not None:
                names[role.value] = f"{label}: {_cells_digits(geometry, hs[0])}"
            elif hs:
                names[role.value] = label
        names[HighlightRole.PATTERN.value] = "the digits that link the sets"
        names[HighlightRole.PIVOT.value] = "the stem"
        names[HighlightRole.DEFINING_UNIT.value] = "the sets' units"
    elif step.technique is Technique.SUE_DE_COQ:
        for role, label in ((HighlightRole.COLOR_A, "line set"), (HighlightRole.COLOR_B, "box set")):
            hs = by_role.get(role)
            if hs and geometry is not None:
                pattern = {c for h in by_role.get(HighlightRole.PATTERN, ()) for c in h.cells}
                own = Highlight(role, tuple(c for c in hs[0].cells if c not in pattern), hs[0].digits)
                names[role.value] = f"{label}: {_cells_digits(geometry, own)}"
        names[HighlightRole.PATTERN.value] = "the middle cells"
        names[HighlightRole.DEFINING_UNIT.value] = f"where it lives: {units(HighlightRole.DEFINING_UNIT)}"
    elif chain_colours:
        names[HighlightRole.COLOR_A.value] = "true so far (=)" if walking else "true in the chain (=)"
        names[HighlightRole.COLOR_B.value] = "false so far (≠)" if walking else "false in the chain (≠)"
        names[HighlightRole.PIVOT.value] = "the assumption"
    else:
        names[HighlightRole.PIVOT.value] = "the pivot"
    if HighlightRole.DEFINING_UNIT in by_role and step.technique.family.name == "FISH":
        names[HighlightRole.DEFINING_UNIT.value] = f"base: {units(HighlightRole.DEFINING_UNIT)}"
        names[HighlightRole.COVER_UNIT.value] = f"cover: {units(HighlightRole.COVER_UNIT)}"
        names[HighlightRole.PATTERN.value] = "the fish"
    elif (
        HighlightRole.DEFINING_UNIT.value not in names
        and geometry is not None
        and by_role.get(HighlightRole.DEFINING_UNIT)
    ):
        names[HighlightRole.DEFINING_UNIT.value] = f"where it lives: {units(HighlightRole.DEFINING_UNIT)}"
    return names


def short_text(step: Step, geometry: Geometry) -> str:
    """One list line for a step: "Naked Pair: remove 3 from r4c7"."""
    return f"{step.technique.display_name}: {effects_of(step, geometry)}"
