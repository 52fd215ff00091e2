"""Hints for the player: the ladder from a nudge to the applied step, and the logic solver driving the game.

A ``HintLadder`` watches one Session. Each ``press()`` climbs one rung for the same
step: **Nudge** (the technique and where to look), **Pattern** (the pattern and its
reasoning, drawn), **Step** (the whole sentence, eliminations struck through and
placements marked), then **Apply** (the step becomes the player's move, undoable
like any other). Any change of the position made elsewhere (a move, Undo, another
game) resets the ladder, so a hint never speaks about a board that is gone.

Before any reasoning the player's board is compared with the unique solution: a
wrong digit or a removed true candidate is reported first, with an offer to undo
back to before the move that caused it. With the singles assists on, singles are
the assists' job, so the ladder looks past them (and falls back to them only when
nothing else applies); with the assists off, singles are hinted like anything else.

Also here, for the "Step" and "Solve to the end" commands and the hint panel's
lists: ``step_once`` (apply the next logical step), ``all_steps`` (every step
available now) and ``solution_path`` (the logic solver's path from the current
position, with where it got stuck). The views returned are plain values; the UI
draws them (``ui/hint_panel.py``). No Tk here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Callable, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from sudoku_tk.engine.explain import effects_text
from sudoku_tk.engine.geometry import Geometry
from sudoku_tk.engine.grid import Grid
from sudoku_tk.engine.logic_solver import MistakeKind, SolvePath, diagnose, solve_logically
from sudoku_tk.engine.moves import describe_move
from sudoku_tk.engine.propagation import Assist, Origin, Position, recompute
from sudoku_tk.engine.step import Highlight, HighlightRole, Link, Step, Technique
from sudoku_tk.engine.techniques import default_techniques, find_all_steps, find_hint, implemented, iter_steps

from .session import Change, Session
from .technique_help import describe_technique


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

SWITCH_ON_MORE = (
    "Hint > Techniques switches more on: forcing chains and nets go on where patterns end, and Brute Force "
    "reads the next digit from the solution."
)
"""What a stuck hint suggests (only a player's own choice of techniques can leave a one-solution puzzle stuck)."""

APPLIED_LIST_LIMIT = 6
"""How many automatic placements an "Applied" message names before it says "and N more"."""

_CONCLUSIONS = (HighlightRole.ELIMINATION, HighlightRole.PLACEMENT)
_CELL = re.compile(r"r\d+c\d+$")
_CELL_START = re.compile(r"r\d+c\d+")
_UNIT_WORDS = ("row", "rows", "column", "columns", "box", "boxes")


# -- which technique, and how each rung reads ------------------------------------------------

def skipped_by_assists(assists: Iterable[Assist]) -> FrozenSet[Technique]:
    """The techniques the assists already carry out, which the ladder looks past.

    >>> sorted(t.name for t in skipped_by_assists({Assist.HIDDEN_SINGLES}))
    ['FULL_HOUSE', 'HIDDEN_SINGLE']
    """
    on = frozenset(assists)
    skipped = set()
    if Assist.PEERS in on:
        skipped.add(Technique.PEER_ELIMINATION)
    if Assist.NAKED_SINGLES in on:
        skipped.add(Technique.NAKED_SINGLE)
    if Assist.HIDDEN_SINGLES in on:
        skipped.add(Technique.HIDDEN_SINGLE)
    if on & {Assist.NAKED_SINGLES, Assist.HIDDEN_SINGLES}:
        skipped.add(Technique.FULL_HOUSE)  # a full house is both a naked and a hidden single
    return frozenset(skipped)


def choose_step(
    grid: Grid, assists: Iterable[Assist], unique: bool, enabled: Optional[FrozenSet[Technique]] = None
) -> Optional[Step]:
    """The step a hint teaches: the first beyond what the assists do, else the first of those, else None.

    The assists leave the starting grid's singles to the player, so a step beyond the
    singles can lean on a cell that is itself a naked single (a "Locked Pair" of a
    single 3 and a 3/9 cell). That teaches a muddled pattern; the single is the honest
    hint then, and is given instead.

    Args:
        enabled: the techniques the player allows (None: the default set).
    """
    allowed = frozenset(default_techniques()) if enabled is None else enabled
    skipped = skipped_by_assists(assists) & allowed
    # Brute Force reads the solution: it is the hint only when nothing else does, the singles included.
    beyond = [t for t in implemented() if t in allowed and t not in skipped and t is not Technique.BRUTE_FORCE]
    step = find_hint(grid, beyond, unique)
    if step is None:
        single = find_hint(grid, skipped, unique) if skipped else None
        if single is None and Technique.BRUTE_FORCE in allowed:
            return find_hint(grid, [Technique.BRUTE_FORCE], unique)
        return single
    if skipped:
        singles = _naked_single_cells(grid, step)
        if singles:
            for single in iter_steps(grid, skipped, unique):
                if any(p.cell in singles for p in single.placements):
                    return single
    return step


def _naked_single_cells(grid: Grid, step: Step) -> FrozenSet[int]:
    """Empty cells of the step's pattern that hold a single candidate."""
    cells = {c for h in step.highlights if h.role not in _CONCLUSIONS for c in h.cells}
    cands = grid.candidates
    return frozenset(c for c in cells if not grid.values[c] and cands[c] and cands[c] & (cands[c] - 1) == 0)


def _article(name: str) -> str:
    # "an X-Wing", "an Empty Rectangle", but "a Uniqueness Test" (said "you").
    return "an" if name[:1] in "AEIOX" else "a"


def nudge_text(step: Step) -> str:
    """Rung 1: the technique and where to look, e.g. "Look for a Naked Pair in box 9."

    >>> nudge_text(Step(Technique.X_WING, focus="digit 3 in columns 6 and 8"))
    'Look for an X-Wing on digit 3 in columns 6 and 8.'
    """
    name = step.technique.display_name
    focus = step.focus.strip()
    lead = f"Look for {_article(name)} {name}"
    if not focus:
        return lead + "."
    first = focus.split()[0]
    if first in _UNIT_WORDS:
        prep = "in"
    elif _CELL.match(first):
        prep = "at"
    elif first == "the":
        prep = "around"
    else:
        prep = "on"  # "digit 4 …", "4 and 9 in boxes 6 and 9"
    return f"{lead} {prep} {focus}."


def _sentence(text: str) -> str:
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
        text = _sentence(text[len(prefix):])
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
    return effects_text(geometry, [(p.cell, p.digit) for p in step.placements],
                        [(e.cell, e.digit) for e in step.eliminations])


def full_highlights(step: Step) -> Tuple[Highlight, ...]:
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


def rung_drawing(step: Step, rung: Rung) -> Tuple[Tuple[Highlight, ...], Tuple[Link, ...]]:
    """What the board shows of ``step`` at ``rung``: (highlights, links).

    Nudge: the units where the pattern lives. Pattern: every highlight but the
    eliminations and placements, and the chain links. Step and Applied: everything.
    """
    if rung is Rung.NUDGE:
        return tuple(h for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT), ()
    if rung is Rung.PATTERN:
        return tuple(h for h in step.highlights if h.role not in _CONCLUSIONS), step.links
    return full_highlights(step), step.links


def legend(highlights: Sequence[Highlight], links: Sequence[Link] = ()) -> Tuple[Tuple[str, str], ...]:
    """The roles on show, in a fixed order, as (key, label): role values, then "strong" / "weak" for links."""
    present = {h.role for h in highlights}
    out = [(role.value, ROLE_NAMES[role]) for role in HighlightRole if role in present]
    if any(link.strong for link in links):
        out.append(("strong", "strong link: one end is true"))
    if any(not link.strong for link in links):
        out.append(("weak", "weak link: not both"))
    return tuple(out)


def short_text(step: Step, geometry: Geometry) -> str:
    """One list line for a step: "Naked Pair: remove 3 from r4c7"."""
    return f"{step.technique.display_name}: {effects_of(step, geometry)}"


# -- the views ---------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class HintView:
    """What the hint panel shows now and what the board draws for it."""

    kind: HintKind
    title: str
    """The technique's name, or what kind of news this is ("A mistake on the board")."""
    text: str
    """The rung's sentence(s) for the player."""
    rung: Optional[Rung] = None
    step: Optional[Step] = None
    highlights: Tuple[Highlight, ...] = ()
    links: Tuple[Link, ...] = ()
    undo_to: Optional[int] = None
    """For a mistake or problem: the move count ``Session.undo_to`` goes back to (None: nothing to undo)."""

    @property
    def technique(self) -> Optional[Technique]:
        return None if self.step is None else self.step.technique

    @property
    def description(self) -> str:
        """How the technique works in general ("" when the hint is not about a technique)."""
        return "" if self.step is None else describe_technique(self.step.technique)

    @property
    def rung_label(self) -> str:
        """"Hint 2 of 4: the pattern" ("" outside the ladder)."""
        if self.rung is None:
            return ""
        return f"Hint {self.rung.value} of 4: {RUNG_NAMES[self.rung]}"

    @property
    def can_climb(self) -> bool:
        """Does another Hint press show more of this step?"""
        return self.kind is HintKind.STEP and self.rung in (Rung.NUDGE, Rung.PATTERN)

    @property
    def can_apply(self) -> bool:
        """Can the panel's Apply act: make the step, or undo back to before a mistake?"""
        if self.kind is HintKind.STEP:
            return self.rung is not Rung.APPLIED
        return self.kind in (HintKind.MISTAKE, HintKind.PROBLEM) and self.undo_to is not None

    @property
    def legend(self) -> Tuple[Tuple[str, str], ...]:
        """(key, label) per role on show; a mistake's marks are named for what they mean there."""
        entries = legend(self.highlights, self.links)
        if self.step is not None and self.step.chain:
            # In a chain the colours say how each numbered node reads: true (=) or false (≠).
            names = {HighlightRole.COLOR_A.value: "true in the chain (=)",
                     HighlightRole.COLOR_B.value: "false in the chain (≠)",
                     HighlightRole.PIVOT.value: "the assumption"}
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

    entries: Tuple[PathEntry, ...]
    summary: str
    """Solved in N steps, or plainly where and why it got stuck."""
    grids: Tuple[Grid, ...] = ()
    """The grid before each entry, then the grid where the path ends (len(entries) + 1)."""
    solved: bool = False
    blocked: Optional[HintView] = None
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

    steps: Tuple[Step, ...]
    labels: Tuple[str, ...]
    summary: str
    blocked: Optional[HintView] = None


HintListener = Callable[[Optional[HintView]], None]


# -- the ladder ----------------------------------------------------------------------------------

class HintLadder:
    """The hint state of one Session: which step, which rung; reset whenever the position changes elsewhere.

    >>> s = Session(Grid.from_string(
    ...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"))
    >>> ladder = HintLadder(s)
    >>> ladder.press().rung_label
    'Hint 1 of 4: where to look'
    >>> ladder.press().rung.name, ladder.press().rung.name
    ('PATTERN', 'STEP')
    >>> view = ladder.press()
    >>> view.rung.name, len(s.moves)
    ('APPLIED', 1)
    """

    def __init__(self, session: Session, enabled: Optional[FrozenSet[Technique]] = None) -> None:
        self.session = session
        self._enabled = enabled
        self._view: Optional[HintView] = None
        self._listeners: List[HintListener] = []
        self._busy = False
        self._unsubscribe = session.subscribe(self._on_change)

    # -- state ------------------------------------------------------------------------
    @property
    def view(self) -> Optional[HintView]:
        """The hint on show (None: no hint)."""
        return self._view

    def subscribe(self, listener: HintListener) -> Callable[[], None]:
        """Call ``listener(view)`` whenever the hint on show changes (None when it is withdrawn)."""
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def detach(self) -> None:
        """Stop listening to the session (the window is closing)."""
        self._unsubscribe()

    @property
    def enabled(self) -> Optional[FrozenSet[Technique]]:
        """The techniques hints, steps and the solution path may use (None: the default set)."""
        return self._enabled

    @enabled.setter
    def enabled(self, techniques: Optional[FrozenSet[Technique]]) -> None:
        self._enabled = techniques
        if self._view is not None:
            self._show(None)  # the hint on show may use a technique no longer allowed

    @property
    def solution(self) -> Optional[Tuple[int, ...]]:
        """The puzzle's unique solution (None: it has none, or several)."""
        return self.session.solution

    @property
    def is_unique(self) -> bool:
        """Does the puzzle have exactly one solution (so uniqueness techniques may be hinted)?"""
        return self.session.is_unique

    # -- the ladder ------------------------------------------------------------------
    def press(self) -> HintView:
        """Climb one rung: a new hint starts at Nudge; after Step, the step is applied."""
        view = self._view
        if view is not None and view.kind in (HintKind.MISTAKE, HintKind.PROBLEM) and view.undo_to is not None:
            return self.apply()
        if view is None or view.kind is not HintKind.STEP or view.rung is Rung.APPLIED:
            return self._show(self._fresh())
        if view.rung is Rung.STEP:
            return self.apply()
        assert view.step is not None and view.rung is not None
        return self._show(self._step_view(view.step, Rung(view.rung.value + 1)))

    def apply(self) -> HintView:
        """Act on the hint now: make its step the player's move, or undo back to before a mistake."""
        view = self._view if self._view is not None else self._fresh()
        if view.kind in (HintKind.MISTAKE, HintKind.PROBLEM):
            return self._undo_mistake(view)
        if view.kind is not HintKind.STEP or view.rung is Rung.APPLIED or view.step is None:
            return self._show(view)
        return self._apply_step(view.step)

    def close(self) -> None:
        """Withdraw the hint."""
        self._show(None)

    def reveal(self) -> HintView:
        """Show the next hint at once at its Step rung (the animated solve shows each step before making it)."""
        view = self._fresh()
        if view.kind is HintKind.STEP and view.step is not None:
            view = self._step_view(view.step, Rung.STEP)
        return self._show(view)

    def step_once(self) -> HintView:
        """The "Step" command: apply the next logical step at once (or report why there is none)."""
        view = self._fresh()
        if view.kind is not HintKind.STEP or view.step is None:
            return self._show(view)
        return self._apply_step(view.step)

    # -- lists -----------------------------------------------------------------------
    def all_steps(self) -> StepsView:
        """Every distinct step available on the board now, the ones beyond the assists first."""
        blocked = self._check()
        if blocked is not None:
            return StepsView((), (), blocked.text, blocked)
        skipped = skipped_by_assists(self.session.assists)
        found = find_all_steps(self.session.position.to_grid(), self._enabled, self.is_unique)
        steps = tuple(sorted(found, key=lambda s: s.technique in skipped))  # stable: solving order kept
        geo = self.session.geometry
        if not steps:
            summary = "None of the techniques switched on applies here."
        else:
            summary = f"{len(steps)} step{'s' * (len(steps) != 1)} available now; select one to see it."
        return StepsView(steps, tuple(short_text(s, geo) for s in steps), summary)

    def solution_path(self) -> PathView:
        """The logic solver's path from the board as it is, and plainly where it got stuck."""
        blocked = self._check()
        if blocked is not None:
            return PathView((), blocked.text, blocked=blocked)
        path = solve_logically(self.session.position.to_grid(), self._enabled, self.is_unique)
        geo = self.session.geometry
        entries = tuple(PathEntry(i, s, f"{i + 1}. {short_text(s, geo)}") for i, s in enumerate(path.steps))
        return PathView(entries, self._path_summary(path), tuple(path.iter_grids()), path.solved)

    # -- internals -------------------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        if not self._busy:
            self._show(None)

    def _show(self, view: Optional[HintView]) -> HintView:
        self._view = view
        for listener in list(self._listeners):
            listener(view)
        return view  # type: ignore[return-value]  # None only from close(), which ignores it

    def _fresh(self) -> HintView:
        """The hint for the board as it is now, at its first rung."""
        blocked = self._check()
        if blocked is not None:
            return blocked
        step = choose_step(self.session.position.to_grid(), self.session.assists, self.is_unique, self._enabled)
        if step is None:
            return HintView(HintKind.STUCK, "Stuck", self._stuck_text())
        return self._step_view(step, Rung.NUDGE)

    def _check(self) -> Optional[HintView]:
        """A view saying the board is solved or wrong, or None when it is fit to reason from."""
        s = self.session
        if s.is_entering:
            return HintView(HintKind.WAITING, "Entering a puzzle",
                            "Hints start once the puzzle's givens are entered and the puzzle is started.")
        if s.is_solved():
            return HintView(HintKind.SOLVED, "Solved", "The puzzle is solved: there is nothing left to hint.")
        solution = self.solution
        if solution is not None:
            mistake = diagnose(s.position.to_grid(), solution)
            if mistake is not None:
                return self._mistake_view(mistake.message, mistake.kind, mistake.cell, mistake.digit, solution)
            return None
        problems = s.position.problems()
        if problems:
            text = "; ".join(p.message for p in problems[:3])
            undo_to = len(s.moves) - 1 if s.moves else None
            offer = " Press Hint again to undo your last move." if undo_to is not None else ""
            cells = tuple(sorted({c for p in problems for c in p.cells}))
            return HintView(HintKind.PROBLEM, "The board breaks a rule", _sentence(text) + offer,
                            highlights=(Highlight(HighlightRole.ELIMINATION, cells),), undo_to=undo_to)
        return None

    def _mistake_view(self, message: str, kind: MistakeKind, cell: int, digit: int,
                      solution: Sequence[int]) -> HintView:
        s = self.session
        index = s.first_mistake_index(solution)
        text = _sentence(message)
        if kind is MistakeKind.WRONG_DIGIT and s.position.origins[cell] is Origin.AUTO:
            text += " An assist placed it, as a consequence of an earlier move."
        if index is None:
            text += " It was so in the starting position already, so no move can be undone to fix it."
        else:
            move = describe_move(s.moves[index], s.geometry)
            text += (f" It goes back to move {index + 1} ({move}). Press Hint again to undo back to "
                     f"before that move; Redo brings the moves back.")
        if kind is MistakeKind.WRONG_DIGIT:
            mark = Highlight(HighlightRole.ELIMINATION, (cell,))
        else:
            mark = Highlight(HighlightRole.PLACEMENT, (cell,), (digit,))
        return HintView(HintKind.MISTAKE, "A mistake on the board", text, highlights=(mark,), undo_to=index)

    def _step_view(self, step: Step, rung: Rung) -> HintView:
        highlights, links = rung_drawing(step, rung)
        if rung is Rung.NUDGE:
            text = nudge_text(step)
        elif rung is Rung.PATTERN:
            text = pattern_text(step)
        else:
            text = step_text(step)
        return HintView(HintKind.STEP, step.technique.display_name, text, rung, step, highlights, links)

    def _apply_step(self, step: Step) -> HintView:
        s = self.session
        self._busy = True
        try:
            outcome = s.apply_step(step)
        finally:
            self._busy = False
        if not outcome:
            return self._show(HintView(HintKind.STEP, step.technique.display_name,
                                       f"The step could not be made: {outcome.message}", Rung.STEP, step,
                                       *rung_drawing(step, Rung.STEP)))
        text = f"Applied: {effects_of(step, s.geometry)}."
        auto = s.position.auto_steps(len(s.moves) - 1)
        if auto:
            geo = s.geometry
            placed = [f"{geo.cell_name(p.cell)}={geo.digit_char(p.digit)}" for a in auto for p in a.placements]
            shown = ", ".join(placed[:APPLIED_LIST_LIMIT])
            more = len(placed) - APPLIED_LIST_LIMIT
            text += f" Then the assists placed {shown}" + (f" and {more} more." if more > 0 else ".")
        text += " Undo takes it back."
        if s.is_solved():
            text += " The puzzle is solved!"
        highlights, links = rung_drawing(step, Rung.APPLIED)
        return self._show(HintView(HintKind.STEP, step.technique.display_name, text, Rung.APPLIED, step,
                                   highlights, links))

    def _undo_mistake(self, view: HintView) -> HintView:
        if view.undo_to is None:
            return self._show(view)
        self._busy = True
        try:
            outcome = self.session.undo_to(view.undo_to)
        finally:
            self._busy = False
        if not outcome:
            return self._show(view)
        return self._show(HintView(HintKind.UNDONE, "Undone",
                                   f"{outcome.message}: the board is back to before the mistake. "
                                   "Press Hint for the next step."))

    def _stuck_text(self) -> str:
        if not self.is_unique:
            return ("None of the techniques switched on applies, and this puzzle has more than one solution, so "
                    "logic alone can't finish it: a digit has to be chosen.")
        empty = len(self.session.position.empty_cells())
        return (f"None of the techniques switched on applies to the board as it is ({empty} cells still "
                f"empty). {SWITCH_ON_MORE}")

    def _path_summary(self, path: SolvePath) -> str:
        n = len(path.steps)
        steps = f"{n} step{'s' * (n != 1)}"
        if path.solved:
            return f"Logic solves the puzzle from here in {steps}. Select a step to see the board at that point."
        empty = sum(1 for v in path.final.values if not v)
        where = "right away" if n == 0 else f"after {steps}"
        if not path.unique:
            return f"The solver gets stuck {where}, with {empty} cells still empty: the puzzle has more than one solution."
        return (f"The solver gets stuck {where}, with {empty} cells still empty: none of the techniques switched on "
                f"applies there. {SWITCH_ON_MORE}")
