"""Hints for the player: the ladder from a nudge to the applied step, and the logic solver driving the game.

A ``HintLadder`` watches one Session. Each ``press()`` climbs one rung for the same
step: **Nudge** (the technique and where to look), **Pattern** (the pattern and its
reasoning, drawn), **Step** (the whole sentence, eliminations struck through and
placements marked), then **Apply** (the step becomes the player's move, undoable
like any other). Any change of the position made elsewhere (a move, Undo, another
game) resets the ladder, so a hint never speaks about a board that is gone; except during a
try ("Let me try" at rung 1 or 2, find_it.py), when each change is judged instead: a mistake at
once, the step found, or the try goes on. Every step the ladder shows is counted with the game
(``Session.note_hint_rung``; ``GameView.hint_rungs``).

Before any reasoning the player's board is compared with the unique solution: a
wrong digit or a removed true candidate is reported first, with an offer to undo
back to before the move that caused it. The step hinted is the first step of the
solution path (and what ``sudoku-tk hint`` prints for the same board): the assists
place only the singles a move brings about, so a single left on the board (the
starting grid's) is the hint, and its nudge names the unit, never the cell.

Also here, for the "Step" and "Solve to the end" commands and the hint panel's
lists: ``step_once`` (apply the next logical step), ``all_steps`` (every step
available now) and ``solution_path`` (the logic solver's path from the current
position, with where it got stuck). The views returned are plain values
(``app/hints/views.py``, worded by ``app/hints/texts.py``; the step itself is chosen by
``app/hints/choice.py``); the UI draws them (``ui/hints/panel.py``). No Tk here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TypeVar

from sudoku_tk.engine.play.moves import describe_move
from sudoku_tk.engine.play.propagation import Origin
from sudoku_tk.engine.solving.logic import MistakeKind, SolvePath, diagnose, solve_logically
from sudoku_tk.engine.steps.step import Highlight, HighlightRole, Step, Technique
from sudoku_tk.engine.steps.walk import WalkStep, walk_of
from sudoku_tk.engine.techniques import find_all_steps

from ..game.session import Change, ChangeKind, Session
from .choice import choose_step, skipped_by_assists
from .find_it import TRY_GOES_ON, Try, carried_out, found_view, trying_view
from .texts import as_sentence, effects_of, nudge_text, pattern_text, short_text, step_text
from .views import HintKind, HintView, PathEntry, PathView, Rung, StepsView, rung_drawing, walk_drawing

SWITCH_ON_MORE = (
    "Hint > Techniques switches more on: forcing chains and nets go on where patterns end, and Brute Force "
    "reads the next digit from the solution."
)
"""What a stuck hint suggests (only a player's own choice of techniques can leave a one-solution puzzle stuck)."""

APPLIED_LIST_LIMIT = 6
"""How many automatic placements an "Applied" message names before it says "and N more"."""


HintListener = Callable[[HintView | None], None]
V = TypeVar("V")
ListJob = Callable[[Callable[[], bool]], V]
"""A list's work with the board it is about already read: call it with a ``stop`` question."""


def _never() -> bool:
    return False


# -- the ladder ----------------------------------------------------------------------------------


class HintLadder:
    """The hint state of one Session: which step, which rung; reset whenever the position changes elsewhere.

    >>> from sudoku_tk.engine.formats import parse_grid
    >>> s = Session(parse_grid(
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

    def __init__(self, session: Session, enabled: frozenset[Technique] | None = None) -> None:
        self.session = session
        self._enabled = enabled
        self._view: HintView | None = None
        self._listeners: list[HintListener] = []
        self._busy = False
        self._try: Try | None = None
        self._unsubscribe = session.subscribe(self._on_change)

    # -- state ------------------------------------------------------------------------
    @property
    def view(self) -> HintView | None:
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
    def enabled(self) -> frozenset[Technique] | None:
        """The techniques hints, steps and the solution path may use (None: the default set)."""
        return self._enabled

    @enabled.setter
    def enabled(self, techniques: frozenset[Technique] | None) -> None:
        self._enabled = techniques
        if self._view is not None:
            self._show(None)  # the hint on show may use a technique no longer allowed

    @property
    def solution(self) -> tuple[int, ...] | None:
        """The puzzle's unique solution (None: it has none, or several)."""
        return self.session.solution

    @property
    def is_unique(self) -> bool:
        """Does the puzzle have exactly one solution (so uniqueness techniques may be hinted)?"""
        return self.session.is_unique

    # -- the ladder ------------------------------------------------------------------
    def press(self) -> HintView:
        """Climb one rung: a new hint starts at Nudge; after Step, the step is applied; during a try, Show me."""
        view = self._view
        shown = self.show_me() if view is not None and view.trying else None
        if shown is not None:
            return shown
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
        """Withdraw the hint (a try ends with it)."""
        self._show(None)

    # -- finding it yourself (find_it.py) ---------------------------------------------------
    @property
    def can_try(self) -> bool:
        """Can the player say "Let me try" now: rung 1 or 2 of a step, on a puzzle with one solution (so every move
        can be checked), with the automatic candidates on show?"""
        view = self._view
        return view is not None and view.can_try and self.is_unique and not self.session.own_marks

    @property
    def trying(self) -> bool:
        """Is the player finding the hinted step themselves (also while a mistake made during the try is shown)?"""
        return self._try is not None

    def try_it(self) -> HintView | None:
        """ "Let me try": keep the step on show secret and watch the player's moves carry it out (None: not now)."""
        view = self._view
        if not self.can_try or view is None or view.step is None or view.rung is None:
            return None
        self._try = Try(view.step, view.rung, len(self.session.moves))
        return self._show(trying_view(self._try, self.session.geometry, moved=False), keep_try=True)

    def show_me(self) -> HintView | None:
        """ "Show me": end the try and show the whole step (rung 3, counted as a hint). None: no try on."""
        attempt = self._try
        if attempt is None:
            return None
        return self._show(self._step_view(attempt.step, Rung.STEP))

    # -- walking through a step ----------------------------------------------------------
    def walk(self, to: int) -> HintView | None:
        """Walk through the step on show: show walk step ``to`` (clamped; the Step rung is reached first).

        Returns the view, or None when the hint on show has no walk.
        """
        view = self._view
        if view is None or view.kind is not HintKind.STEP or view.step is None or view.rung is Rung.APPLIED:
            return None
        if view.rung is not Rung.STEP:
            view = self._step_view(view.step, Rung.STEP)
        if not view.walk:
            return None
        at = max(0, min(to, len(view.walk) - 1))
        return self._show(self._walk_view(view, at))

    def walk_by(self, delta: int) -> HintView | None:
        """One step on (``delta`` 1) or back (-1) in the walk; starting at its first step when not walking."""
        view = self._view
        if view is None or view.walk_at is None:
            return self.walk(0 if delta >= 0 else len(view.walk) - 1 if view is not None and view.walk else 0)
        return self.walk(view.walk_at + delta)

    def stop_walking(self) -> HintView | None:
        """Back to the whole step (the Step rung) from a walk."""
        view = self._view
        if view is None or view.walk_at is None or view.step is None:
            return view
        return self._show(self._step_view(view.step, Rung.STEP))

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
        return self.all_steps_job()(_never)

    def all_steps_job(self) -> ListJob[StepsView]:
        """``all_steps`` in two halves: the board is read now, the work is done by the job (on any thread: it
        touches only what it was given), which returns early, with what it has, when its ``stop`` says so."""
        blocked = self._check()
        if blocked is not None:
            view = StepsView((), (), blocked.text, blocked)
            return lambda stop: view
        skipped = skipped_by_assists(self.session.assists)
        grid, enabled, unique, geo = (
            self.session.position.to_grid(),
            self._enabled,
            self.is_unique,
            self.session.geometry,
        )

        def job(stop: Callable[[], bool]) -> StepsView:
            found = find_all_steps(grid, enabled, unique, stop)
            steps = tuple(sorted(found, key=lambda s: s.technique in skipped))  # stable: solving order kept
            if not steps:
                summary = "None of the techniques switched on applies here."
            else:
                summary = f"{len(steps)} step{'s' * (len(steps) != 1)} available now; select one to see it."
            return StepsView(steps, tuple(short_text(s, geo) for s in steps), summary)

        return job

    def solution_path(self) -> PathView:
        """The logic solver's path from the board as it is, and plainly where it got stuck."""
        return self.solution_path_job()(_never)

    def solution_path_job(self) -> ListJob[PathView]:
        """``solution_path`` in two halves, as ``all_steps_job``."""
        blocked = self._check()
        if blocked is not None:
            view = PathView((), blocked.text, blocked=blocked)
            return lambda stop: view
        grid, enabled, unique, geo = (
            self.session.position.to_grid(),
            self._enabled,
            self.is_unique,
            self.session.geometry,
        )

        def job(stop: Callable[[], bool]) -> PathView:
            path = solve_logically(grid, enabled, unique, stop, most=True)
            entries = tuple(PathEntry(i, s, f"{i + 1}. {short_text(s, geo)}") for i, s in enumerate(path.steps))
            return PathView(entries, self._path_summary(path), tuple(path.iter_grids()), path.solved)

        return job

    # -- internals -------------------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        if self._busy:
            return
        if self._try is not None and change.kind not in (ChangeKind.NEW_GAME, ChangeKind.REVEAL):
            self._follow_try()  # the player's own move (or undo, redo, an assist switched): judge the try again
        else:
            self._show(None)

    def _follow_try(self) -> HintView | None:
        """Judge the try on the board as it is now: a mistake at once, else found, else it goes on."""
        attempt, s = self._try, self.session
        assert attempt is not None
        solution = s.solution
        if solution is None or s.own_marks:
            return self._show(None)  # the moves can no longer be checked (the player's own marks are not candidates)
        mistake = diagnose(s.position.to_grid(), solution)
        if mistake is not None:
            view = self._mistake_view(mistake.message, mistake.kind, mistake.cell, mistake.digit, solution)
            return self._show(replace(view, text=view.text + TRY_GOES_ON), keep_try=True)
        if carried_out(attempt.step, s.position):
            s.note_found_alone(attempt.step.technique)
            return self._show(found_view(attempt.step, s.geometry))
        moved = len(s.moves) > attempt.moves_before
        return self._show(trying_view(attempt, s.geometry, moved), keep_try=True)

    def _show(self, view: HintView | None, keep_try: bool = False) -> HintView:
        if not keep_try:
            self._try = None
        if view is not None and view.step is not None and view.kind is HintKind.STEP and view.rung is not None:
            # The ladder's rungs as the game counts them (GameView.hint_rungs): applied and walked steps were
            # shown whole.
            self.session.note_hint_rung(view.step, min(view.rung.value, Rung.STEP.value))
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

    def _check(self) -> HintView | None:
        """A view saying the board is solved or wrong, or None when it is fit to reason from."""
        s = self.session
        if s.is_entering:
            return HintView(
                HintKind.WAITING,
                "Entering a puzzle",
                "Hints start once the puzzle's givens are entered and the puzzle is started.",
            )
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
            return HintView(
                HintKind.PROBLEM,
                "The board breaks a rule",
                as_sentence(text) + offer,
                highlights=(Highlight(HighlightRole.ELIMINATION, cells),),
                undo_to=undo_to,
            )
        return None

    def _mistake_view(
        self, message: str, kind: MistakeKind, cell: int, digit: int, solution: Sequence[int]
    ) -> HintView:
        s = self.session
        index = s.first_mistake_index(solution)
        text = as_sentence(message)
        if kind is MistakeKind.WRONG_DIGIT and s.position.origins[cell] is Origin.AUTO:
            text += " An assist placed it, as a consequence of an earlier move."
        if index is None:
            text += " It was so in the starting position already, so no move can be undone to fix it."
        else:
            move = describe_move(s.moves[index], s.geometry)
            text += (
                f" It goes back to move {index + 1} ({move}). Press Hint again to undo back to "
                f"before that move; Redo brings the moves back."
            )
        if kind is MistakeKind.WRONG_DIGIT:
            mark = Highlight(HighlightRole.ELIMINATION, (cell,))
        else:
            mark = Highlight(HighlightRole.PLACEMENT, (cell,), (digit,))
        return HintView(HintKind.MISTAKE, "A mistake on the board", text, highlights=(mark,), undo_to=index)

    def _step_view(self, step: Step, rung: Rung) -> HintView:
        geo = self.session.geometry
        highlights, links = rung_drawing(step, rung, geo)
        walk: tuple[WalkStep, ...] = ()
        if rung is Rung.NUDGE:
            text = nudge_text(step, geo)
        elif rung is Rung.PATTERN:
            text = pattern_text(step)
        else:
            text = step_text(step)
            walk = walk_of(step, geo, self.session.position.to_grid().candidates)
        return HintView(
            HintKind.STEP,
            step.technique.display_name,
            text,
            rung,
            step,
            highlights,
            links,
            walk=walk,
            geometry_for_names=geo,
        )

    def _walk_view(self, view: HintView, at: int) -> HintView:
        assert view.step is not None
        highlights, links = walk_drawing(view.step, view.walk[at])
        return replace(view, text=view.walk[at].text, highlights=highlights, links=links, walk_at=at)

    def _apply_step(self, step: Step) -> HintView:
        s = self.session
        self._busy = True
        try:
            outcome = s.apply_step(step)
        finally:
            self._busy = False
        if not outcome:
            return self._show(
                HintView(
                    HintKind.STEP,
                    step.technique.display_name,
                    f"The step could not be made: {outcome.message}",
                    Rung.STEP,
                    step,
                    *rung_drawing(step, Rung.STEP),
                )
            )
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
        return self._show(
            HintView(HintKind.STEP, step.technique.display_name, text, Rung.APPLIED, step, highlights, links)
        )

    def _undo_mistake(self, view: HintView) -> HintView:
        if view.undo_to is None:
            return self._show(view, keep_try=True)
        self._busy = True
        try:
            outcome = self.session.undo_to(view.undo_to)
        finally:
            self._busy = False
        if not outcome:
            return self._show(view, keep_try=True)
        followed = self._follow_try() if self._try is not None else None  # back to before it: the try goes on
        if followed is not None:
            return followed
        return self._show(
            HintView(
                HintKind.UNDONE,
                "Undone",
                f"{outcome.message}: the board is back to before the mistake. Press Hint for the next step.",
            )
        )

    def _stuck_text(self) -> str:
        if not self.is_unique:
            return (
                "None of the techniques switched on applies, and this puzzle has more than one solution, so "
                "logic alone can't finish it: a digit has to be chosen."
            )
        empty = len(self.session.position.empty_cells())
        return (
            f"None of the techniques switched on applies to the board as it is ({empty} cells still "
            f"empty). {SWITCH_ON_MORE}"
        )

    def _path_summary(self, path: SolvePath) -> str:
        n = len(path.steps)
        steps = f"{n} step{'s' * (n != 1)}"
        if path.solved:
            return f"Logic solves the puzzle from here in {steps}. Select a step to see the board at that point."
        empty = sum(1 for v in path.final.values if not v)
        where = "right away" if n == 0 else f"after {steps}"
        if not path.unique:
            return (
                f"The solver gets stuck {where}, with {empty} cells still empty: the puzzle has more than one solution."
            )
        return (
            f"The solver gets stuck {where}, with {empty} cells still empty: none of the techniques switched on "
            f"applies there. {SWITCH_ON_MORE}"
        )
