"""What the hint panel is given: ``HintView`` (one hint at one rung), ``PathView``, ``StepsView``, and the rungs.

Plain frozen values built by the ``HintLadder`` (app/hints/ladder.py) and drawn by
``ui/hints/panel.py``; ``rung_drawing`` says which highlights and links the
board shows of a step at each rung. No Tk here.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.propagation import Position, recompute
from sudoku_tk.engine.steps.step import ChainNode, Highlight, HighlightRole, Link, Step, Technique
from sudoku_tk.engine.steps.walk import WalkStep
from sudoku_tk.engine.techniques.reasons import links_of

from .technique_help import describe_technique, walk_lesson
from .texts import CONCLUSION_ROLES, full_highlights, legend, legend_names, nudge_unit


class Rung(Enum):
    """How much of a step the hint shows; each Hint press climbs one rung."""

    NUDGE = 1
    """The technique and where to look; only the units where the pattern lives are marked."""
    PATTERN = 2
    """The pattern drawn on the board, with its reasoning but not what it removes or places."""
    STEP = 3
    """The whole explanation; candidates to remove struck through, placements boxed."""
    APPLIED = 4
    """The step was made as the player's move (Undo takes it back)."""


RUNG_NAMES = {
    Rung.NUDGE: "where to look",
    Rung.PATTERN: "the pattern",
    Rung.STEP: "the full step",
    Rung.APPLIED: "applied",
}
"""How the panel names each rung."""


class HintKind(Enum):
    """What a hint is about."""

    STEP = "step"
    """A logical step to learn, then apply."""
    MISTAKE = "mistake"
    """The board contradicts the puzzle's solution; undoing to before the cause is offered."""
    PROBLEM = "problem"
    """The board breaks a rule (a clash, a cell with no candidate) and there is no unique solution to compare."""
    STUCK = "stuck"
    """No technique the app knows applies."""
    SOLVED = "solved"
    """Nothing left to do."""
    UNDONE = "undone"
    """A mistake was undone; the next press starts a new hint."""
    WAITING = "waiting"
    """The player is still entering the puzzle's givens: nothing to hint yet."""
    FOUND = "found"
    """The player's own moves carried out the step they chose to find themselves ("Let me try", find_it.py)."""


def rung_drawing(
    step: Step, rung: Rung, geometry: Geometry | None = None
) -> tuple[tuple[Highlight, ...], tuple[Link, ...]]:
    """What the board shows of ``step`` at ``rung``: (highlights, links).

    Nudge: the units where the pattern lives (a naked single, found in its cell, shows
    its box, which ``geometry`` knows; never the cell). Pattern: every highlight but the
    eliminations and placements, and the chain links. Step and Applied: everything.
    """
    if rung is Rung.NUDGE:
        units = tuple(h for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT)
        if not units and step.technique is Technique.NAKED_SINGLE:
            box = nudge_unit(step, geometry)
            units = () if box is None else (Highlight(HighlightRole.DEFINING_UNIT, units=(box,)),)
        return units, ()
    if rung is Rung.PATTERN:
        return tuple(h for h in step.highlights if h.role not in CONCLUSION_ROLES), step.links
    return full_highlights(step), step.links


def walk_drawing(step: Step, walk: WalkStep) -> tuple[tuple[Highlight, ...], tuple[Link, ...]]:
    """What the board shows with one step of a walk: (highlights, links).

    A chain's walk shows its nodes so far (true ones as colour A, false ones as colour B, the assumption as the
    pivot) and the links into each from the nodes it needs; the last step adds what the step removes or places.
    A walk that is not a chain shows the highlights of its step.
    """
    if walk.highlights is not None:
        extra = full_highlights(step) if walk.final else ()
        return walk.highlights + tuple(h for h in extra if h.role in CONCLUSION_ROLES), ()
    if not walk.chain:
        return full_highlights(step), step.links
    shown = walk.chain[: walk.shown]
    out = []
    for node in shown:
        role = HighlightRole.COLOR_A if node.on else HighlightRole.COLOR_B
        if node.because is not None and node.because.rule.value == "assumption":
            role = HighlightRole.PIVOT
        out.append(Highlight(role, node.cells, (node.digit,)))
    if walk.final and walk.chain is step.chain:
        out += [h for h in full_highlights(step) if h.role in CONCLUSION_ROLES]
    return tuple(out), links_of(shown)


@dataclass(frozen=True, slots=True)
class HintView:
    """What the hint panel shows now and what the board draws for it."""

    kind: HintKind
    title: str
    """The technique's name, or what kind of news this is ("A mistake on the board")."""
    text: str
    """The rung's sentence(s) for the player."""
    rung: Rung | None = None
    step: Step | None = None
    highlights: tuple[Highlight, ...] = ()
    links: tuple[Link, ...] = ()
    undo_to: int | None = None
    """For a mistake or problem: the move count ``Session.undo_to`` goes back to (None: nothing to undo)."""
    walk: tuple[WalkStep, ...] = ()
    """At the Step rung, the step told link by link (empty: the step is short enough as one sentence)."""
    walk_at: int | None = None
    """While walking: the index in ``walk`` on show (None: not walking)."""
    geometry_for_names: Geometry | None = None
    """The board's geometry, for naming cells in the legend (None: roles keep their generic names)."""
    trying: bool = False
    """The player chose to find the step themselves ("Let me try"): the board shows no more than ``rung`` did."""

    @property
    def technique(self) -> Technique | None:
        return None if self.step is None else self.step.technique

    @property
    def description(self) -> str:
        """How the technique works in general ("" when the hint is not about a technique); from the Step rung on,
        also how to read its walk."""
        if self.step is None:
            return ""
        text = describe_technique(self.step.technique, self.geometry_for_names)
        lesson = walk_lesson(self.step.technique) if self.walk else ""
        return f"{text}\n\n{lesson}" if lesson else text

    @property
    def rung_label(self) -> str:
        """ "Hint 2 of 4: the pattern" ("" outside the ladder)."""
        if self.kind is HintKind.FOUND:
            return "Found by yourself"
        if self.rung is None:
            return ""
        if self.trying:
            return f"Your try (after hint {self.rung.value} of 4)"
        return f"Hint {self.rung.value} of 4: {RUNG_NAMES[self.rung]}"

    @property
    def can_walk(self) -> bool:
        """Can the player walk through this step link by link (it is at the Step rung and has a walk)?"""
        return self.kind is HintKind.STEP and self.rung is Rung.STEP and bool(self.walk)

    @property
    def walking(self) -> bool:
        return self.walk_at is not None

    @property
    def walk_step(self) -> WalkStep | None:
        """The walk step on show (None: not walking)."""
        return None if self.walk_at is None else self.walk[self.walk_at]

    @property
    def walk_label(self) -> str:
        """ "3 of 12" while walking ("" otherwise); the last step is "Conclusion"."""
        if self.walk_at is None:
            return ""
        if self.walk[self.walk_at].final:
            return "Conclusion"
        return f"{self.walk_at + 1} of {len(self.walk)}"

    @property
    def numbered(self) -> tuple[ChainNode, ...]:
        """The chain nodes the board numbers 1, 2, … with this view (empty: none)."""
        walk = self.walk_step
        if walk is not None:
            return walk.chain[: walk.shown]
        if self.step is not None and self.links:
            return self.step.chain
        return ()

    @property
    def current_node(self) -> int:
        """While walking, the node the sentence is about (0: none)."""
        walk = self.walk_step
        return 0 if walk is None else walk.current

    @property
    def can_climb(self) -> bool:
        """Does another Hint press show more of this step?"""
        return self.kind is HintKind.STEP and self.rung in (Rung.NUDGE, Rung.PATTERN) and not self.trying

    @property
    def can_try(self) -> bool:
        """Can the player say "Let me try" here (rung 1 or 2 of a step, not already trying)?"""
        return self.can_climb

    @property
    def can_apply(self) -> bool:
        """Can the panel's Apply act: make the step, or undo back to before a mistake? (Not during a try.)"""
        if self.kind is HintKind.STEP:
            return self.rung is not Rung.APPLIED and not self.trying
        return self.kind in (HintKind.MISTAKE, HintKind.PROBLEM) and self.undo_to is not None

    @property
    def legend(self) -> tuple[tuple[str, str], ...]:
        """(key, label) per role on show, named by what it is in this step ("set A: r5c8, r6c9 (2, 4, 9)", "the
        pivot", "true in the chain"); a mistake's marks are named for what they mean there."""
        entries = legend(self.highlights, self.links)
        if self.step is not None and self.kind in (HintKind.STEP, HintKind.FOUND):
            names = legend_names(self.step, self.geometry_for_names, walking=self.walking)
            entries = tuple((key, names.get(key, label)) for key, label in entries)
        if self.kind in (HintKind.MISTAKE, HintKind.PROBLEM):
            names = {HighlightRole.ELIMINATION.value: "wrong", HighlightRole.PLACEMENT.value: "belongs here"}
            entries = tuple((key, names.get(key, label)) for key, label in entries)
        return entries


@dataclass(frozen=True, slots=True)
class PathEntry:
    """One step of the solution path, with the grid before it."""

    index: int
    step: Step
    label: str
    """"3. Naked Pair: remove 3 from r4c7"."""


@dataclass(frozen=True, slots=True)
class PathView:
    """The logic solver's path from the player's current position, or why there is none."""

    entries: tuple[PathEntry, ...]
    summary: str
    """Solved in N steps, or plainly where and why it got stuck."""
    grids: tuple[Grid, ...] = ()
    """The grid before each entry, then the grid where the path ends (len(entries) + 1)."""
    solved: bool = False
    blocked: HintView | None = None
    """Set when the board is wrong: the path is not computed from a broken position."""

    @property
    def stuck(self) -> bool:
        return not self.solved and self.blocked is None

    @property
    def end_label(self) -> str:
        """The list line for where the path ends ("" when there is no path)."""
        if self.blocked is not None or not self.grids:
            return ""
        if self.solved:
            return "Solved."
        empty = sum(1 for v in self.grids[-1].values if not v)
        return f"Stuck here: {empty} cells empty."

    def position_at(self, index: int) -> Position:
        """The board before entry ``index`` (``len(entries)``: where the path ends), for showing it.

        Raises:
            IndexError: no such point on the path.
        """
        if not 0 <= index < len(self.grids):
            raise IndexError(f"no point {index!r} on a path of {len(self.entries)} steps")
        # Without assists and moves, recompute shows the grid exactly as the solver saw it.
        return recompute(self.grids[index], (), frozenset())


@dataclass(frozen=True, slots=True)
class StepsView:
    """Every step available on the board now, or why none is listed."""

    steps: tuple[Step, ...]
    labels: tuple[str, ...]
    summary: str
    blocked: HintView | None = None
