"""GameDisplay: the session's listener in the window: it shows each change on the board, pad, toolbar and status bar.

Every change arrives with its ``GameView`` (what a window shows, taken once by the
Session), so nothing is asked back: the board renders ``view.position``, the pad
dims ``view.complete_digits``, the title shows ``view.name`` and the solved card
reads ``view.solved``, ``view.revealed`` and ``view.elapsed``; a contradiction
(``view.contradiction``) is marked on the board and its sentence said. A new game resets
the board's size, cursor, highlight and card. Pausing hides the board behind a
card and stops the clock; mistake marks and the counter follow the settings. A game
whose solution could not be worked out at once (``Session.solution_pending``) has it
counted in the background (solution_checks.py), said in the status bar.
"""

from __future__ import annotations

from collections.abc import Callable

from sudoku_tk import APP_NAME
from sudoku_tk.app.game.session import Change, ChangeKind, GameView
from sudoku_tk.app.progress.credit import solved_status, solved_title_and_detail
from sudoku_tk.engine.board.grid import Grid

from ..board.canvas import BoardCanvas
from ..board.input import BoardInput
from ..board.why import WhyOnHover
from ..games.solution_checks import CHECKING, WindowCheck
from ..hints.panel import HintPanel
from ..messages.status_bar import Notices, StatusBar
from .menus import Menus
from .ports import DisplayHost


class GameDisplay:
    """Shows the game of ``host.session`` on the window's parts (subscribe ``on_change`` to the session)."""

    def __init__(
        self,
        host: DisplayHost,
        board: BoardCanvas,
        board_input: BoardInput,
        why: WhyOnHover,
        status: StatusBar,
        notices: Notices,
        menus: Menus,
        schedule_autosave: Callable[[], None],
    ) -> None:
        self._host = host
        self._board = board
        self._input = board_input
        self._why = why
        self._status = status
        self._notices = notices
        self._menus = menus
        self._schedule_autosave = schedule_autosave
        self.hint_panel: HintPanel | None = None
        """Closed while the game is paused (set once the panel is installed)."""
        self._shown_solved = False
        self._warm_job: str | None = None
        self._check: WindowCheck | None = None

    def on_change(self, change: Change) -> None:
        """Show one change of the session (its view came with it)."""
        self._why.clear()
        view = change.view if change.view is not None else self._host.session.view()
        if change.kind is ChangeKind.NEW_GAME:
            self.show_game(view, change.message)
            return
        self._board.set_own_marks(view.own_marks)
        self._board.render(view.position)
        self._why.refresh_hover()
        self._say(change.message, view)
        self._update_after_change(view)
        self.update_marks()

    def show_game(self, view: GameView, message: str) -> None:
        """Show a (new) game: size, title, board, pad, solved state."""
        board = self._board
        board.set_paused(False)
        self._why.forget_pointer()
        self._shown_solved = False
        board.set_solved(False)
        board.hide_card()
        geo = view.geometry
        if geo is not board.geometry:
            board.set_geometry(geo)
            self._host.fit_window(geo.side)  # a 4×4 window is too small for a 9×9 board (ui/window/size.py)
        self._input.numpad.set_geometry(geo)
        self._host.root.title(f"{APP_NAME} — {view.name or 'Puzzle'}")
        board.set_cursor(None)
        self._input.set_highlight(None)
        board.clear_step()
        board.set_own_marks(view.own_marks)
        board.render(view.position)
        self._say(message, view)
        self._update_after_change(view)
        self.update_marks()
        if not (view.entering and self._notices.kind() == "entering"):
            self._notices.hide()  # it was about the game that was just replaced
        # Work out the solution while the player looks at the new board, not on the first click.
        self.cancel()
        self._warm_job = board.after_idle(self._warm_solution)
        board.focus_set()

    def _say(self, message: str, view: GameView) -> None:
        """Say the change, or, while the board holds a contradiction, mark it and say its sentence instead."""
        note = view.contradiction
        if note is None:
            self._board.set_contradictions()
            self._status.say(message)
        else:
            self._board.set_contradictions(note.dead_cells, note.lost_digits, note.clash_cells)
            self._status.say(note.sentence, error=True)

    def cancel(self) -> None:
        """Drop the pending work-out of the solution (a newer game, or the window is closing)."""
        if self._warm_job is not None:
            self._board.after_cancel(self._warm_job)
        self._warm_job = None
        if self._check is not None:
            self._check.cancel()
            self._check = None

    def _warm_solution(self) -> None:
        self._warm_job = None
        session = self._host.session
        if session.solution_pending:
            start = session.start
            self._check = WindowCheck(self._board, start, lambda count: self._solution_known(start, count.solution))
            self._status.say(CHECKING)

    def _solution_known(self, start: Grid, solution: tuple[int, ...] | None) -> None:
        """The background count finished: the game takes its solution, the marks and menus follow."""
        self._check = None
        session = self._host.session
        if not session.know_solution(start, solution):
            return  # another game meanwhile
        self.update_marks()
        self._menus.refresh_toolbar()
        self._status.say(
            "Checked: the puzzle has one solution"
            if solution is not None
            else "Checked: the puzzle has no single solution, so hints that need one are off"
        )

    def _update_after_change(self, view: GameView) -> None:
        self._board.set_colours(view.colouring)
        self._menus.refresh_toolbar()
        self._input.numpad.set_complete(view.complete_digits)
        self._menus.sync_checks()
        self._update_solved(view)
        self._status.show_time(view.elapsed)

    def _update_solved(self, view: GameView) -> None:
        board = self._board
        if board.paused:
            return  # the pause card stays; resuming looks again
        solved = view.solved
        if solved == self._shown_solved:
            return
        self._shown_solved = solved
        board.set_solved(solved)
        if not solved:
            board.hide_card()
            return
        actions: list[tuple[str, Callable[[], None]]] = [("New puzzle", self._host.new_puzzle)]
        title, detail = solved_title_and_detail(view)  # the words (and the credit) are the app's
        detail = " ".join(filter(None, (detail, self._host.game_finished(view))))  # recorded once; a new best?
        if view.move_count:
            actions.append(("Close", board.hide_card))
        board.show_card(title, detail, actions, success=True)
        self._status.say(solved_status(view))

    def update_marks(self) -> None:
        """Show revealed cells always, and mistakes when the player asked for them (never while paused)."""
        s, board, settings = self._host.session, self._board, self._host.settings
        if board.paused:
            board.set_marks()
            return
        check = settings.check_mistakes and s.is_unique
        board.set_marks(s.wrong_cells() if check else (), s.missing_shown() if check else (), s.revealed_cells())
        shown = settings.show_mistake_count and s.is_unique and not s.is_entering
        self._status.show_mistakes(s.mistakes if shown else None)

    def set_paused(self, paused: bool) -> None:
        """Pause: stop the clock and hide the board behind a card that offers to resume; input waits."""
        board, session = self._board, self._host.session
        if paused == board.paused:
            return
        if paused:
            session.pause_clock()
            self._why.clear()
            board.set_hover(None)
            board.set_paused(True)
            board.set_marks()
            panel = self.hint_panel
            stopped = panel is not None and panel.is_solving
            if panel is not None:
                panel.close_hint()  # its text would tell what the hidden board holds
            board.show_card(
                "Paused",
                "The board is hidden while the clock is stopped.",
                [("Resume", lambda: self.set_paused(False))],
            )
            self._status.say("Stopped solving: the game is paused" if stopped else "Paused")
            self._schedule_autosave()  # the clock is saved with the game
        else:
            board.hide_card()
            board.set_paused(False)
            session.resume_clock()
            self._shown_solved = False
            self._update_solved(session.view())
            self.update_marks()
            self._status.say("Resumed")
        self._update_after_change(session.view())  # the toolbar too: moves wait while paused
