"""The window's own commands (menus Game, Edit, Check, Assist, View) and the handlers that are not one call elsewhere.

``AppCommands.register`` adds every command to the registry in menu order, the file
commands of GameFiles and the board's Clear cell among them; menus.py builds the menu
bar, toolbar and shortcuts from the registry. Handlers here are thin: a dialog, a
confirmation in the notice bar, or a settings change, then one call to the Session
or to the window through its ``CommandHost`` port. New game and the New N×N puzzles
go through ``host.files.replace_game``, which asks before a game in progress is
replaced and keeps it among the recent games (ui/games/keeper.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from sudoku_tk.app.game.commands import Command, CommandRegistry, Shortcut
from sudoku_tk.app.game.pencil_mode import SINGLES
from sudoku_tk.app.game.session import ASSIST_LABELS, Session
from sudoku_tk.app.storage.settings import Theme as ThemeSetting
from sudoku_tk.engine.play.moves import describe_move
from sudoku_tk.engine.play.propagation import Assist

from ..board.input import CHOOSE_A_CELL, BoardInput
from ..dialogs.puzzle_and_preferences import PreferencesDialog
from ..messages.status_bar import StatusBar
from .ports import CommandHost

_ASSIST_IDS = {
    Assist.PEERS: "assist-peers",
    Assist.NAKED_SINGLES: "assist-naked",
    Assist.HIDDEN_SINGLES: "assist-hidden",
}


class AppCommands:
    """The handlers behind the window's own commands; ``register`` adds the commands."""

    def __init__(self, host: CommandHost, board_input: BoardInput, status: StatusBar) -> None:
        self._host = host
        self._input = board_input
        self._status = status

    def register(self, registry: CommandRegistry, file_commands: Callable[[str], list[Command]]) -> None:
        """Add the commands to ``registry`` in menu order (``file_commands(group)``: GameFiles' groups)."""
        host, add, sc = self._host, registry.add, Shortcut.parse
        s = host.session
        act = self._status.tell_refusal
        playing = self._playing
        shown = lambda: not host.board.paused  # noqa: E731 - moves wait while the pause hides the board
        add(
            Command(
                "new",
                "New game…",
                self.new_game_dialog,
                shortcuts=(sc("Mod+N"),),
                menu="Game",
                group="new",
                toolbar=True,
                help="Choose a size and a level, or a puzzle from the library",
            )
        )
        add(
            Command(
                "continue-recent",
                "Continue a recent game…",
                host.files.continue_recent,
                host.files.has_recent,
                menu="Game",
                group="new",
                help="Play on with a game a new one replaced",
            )
        )
        for side in (4, 9, 16):
            add(
                Command(
                    f"new-{side}",
                    f"New {side}×{side} puzzle",
                    partial(self.new_sized_puzzle, side),
                    menu="Game",
                    group="size",
                )
            )
        for group in ("file", "puzzle-in", "export"):
            for command in file_commands(group):
                add(command)
        add(
            Command(
                "restart",
                "Restart",
                lambda: act(s.restart()),
                lambda: shown() and playing() and s.can_undo(),
                menu="Game",
                group="restart",
                toolbar=True,
                help="Take back every move (Redo replays them)",
            )
        )
        add(
            Command(
                "pause",
                "Pause",
                lambda: host.set_paused(not host.board.paused),
                shortcuts=(sc("Mod+P"),),
                menu="Game",
                group="restart",
                is_checked=lambda: host.board.paused,
                help="Stop the clock and hide the board",
            )
        )
        add(
            Command(
                "statistics",
                "Progress…",
                host.show_statistics,
                menu="Game",
                group="restart",
                help="Your games, times per level, the techniques you found, the daily streak",
            )
        )
        add(Command("quit", "Quit", host.quit_app, shortcuts=(sc("Mod+Q"),), menu="Game", group="quit"))
        add(
            Command(
                "undo",
                "Undo",
                lambda: act(s.undo()),
                lambda: shown() and s.can_undo(),
                (sc("Mod+Z"),),
                menu="Edit",
                group="history",
                toolbar=True,
            )
        )
        add(
            Command(
                "redo",
                "Redo",
                lambda: act(s.redo()),
                lambda: shown() and s.can_redo(),
                (sc("Mod+Y"), sc("Mod+Shift+Z")),
                menu="Edit",
                group="history",
                toolbar=True,
            )
        )
        add(
            Command(
                "clear-cell",
                "Clear cell",
                self._input.clear_cursor_cell,
                self._input.cursor_has_player_digit,
                (sc("Delete"), sc("BackSpace")),
                menu="Edit",
                group="cell",
            )
        )
        for command in file_commands("clipboard"):
            add(command)
        add(Command("preferences", "Preferences…", self.preferences_dialog, menu="Edit", group="preferences"))
        unique = lambda: shown() and playing() and s.is_unique  # noqa: E731 - asked when a menu opens
        add(
            Command(
                "check-mistakes",
                "Mark mistakes",
                lambda: self._toggle_setting("check_mistakes"),
                menu="Check",
                group="check",
                is_checked=lambda: host.settings.check_mistakes,
                help="Mark digits and removed candidates that differ from the solution",
            )
        )
        add(
            Command(
                "count-mistakes",
                "Count mistakes",
                lambda: self._toggle_setting("show_mistake_count"),
                menu="Check",
                group="check",
                is_checked=lambda: host.settings.show_mistake_count,
            )
        )
        add(
            Command(
                "undo-to-mistake",
                "Undo to before my first mistake",
                self.undo_to_first_mistake,
                lambda: unique() and s.can_undo(),
                menu="Check",
                group="mistakes",
            )
        )
        add(
            Command(
                "reveal-cell",
                "Reveal cell…",
                self.reveal_cell,
                self._can_reveal,
                menu="Check",
                group="give-up",
                help="Show the digit of the selected cell",
            )
        )
        add(
            Command(
                "solve",
                "Solve…",
                self.solve,
                lambda: unique() and not s.is_solved(),
                menu="Check",
                group="give-up",
                help="Show the whole solution",
            )
        )
        for assist, cid in _ASSIST_IDS.items():
            add(
                Command(
                    cid,
                    ASSIST_LABELS[assist],
                    partial(self._toggle_assist, assist),
                    partial(_assist_available, s, assist),  # the singles rest with own marks
                    menu="Assist",
                    group="assists",
                    is_checked=partial(s.has_assist, assist),
                )
            )
        add(
            Command(
                "clear-highlight",
                "Clear highlight",
                self._input.clear_highlight,
                shortcuts=(sc("Escape"),),
                menu="View",
                group="highlight",
            )
        )
        add(
            Command(
                "theme-dark",
                "Dark theme",
                self.toggle_theme,
                menu="View",
                group="theme",
                is_checked=lambda: host.theme.name == "dark",
            )
        )
        add(
            Command(
                "show-clock",
                "Show the clock",
                lambda: self._toggle_setting("show_clock"),
                menu="View",
                group="theme",
                is_checked=lambda: host.settings.show_clock,
                help="Hide the clock to play without the time in view (it still counts, for Progress)",
            )
        )

    # -- game and settings -----------------------------------------------------------
    def new_game_dialog(self) -> None:
        """Ask for a size and level (or a listed puzzle) and start it; the choices are offered first next time.

        A game in progress is asked about once, when the chosen puzzle is about to replace it (new_games.py):
        after the dialog, or on "Play it" for a puzzle that had to be made first.
        """
        self._host.choose_new_game()

    def new_sized_puzzle(self, side: int) -> None:
        """Start a built-in ``side``×``side`` puzzle, once a game in progress may be replaced."""
        self._host.files.replace_game(f"a new {side}×{side} puzzle", lambda: self._host.new_puzzle(side))

    def preferences_dialog(self) -> None:
        """Show the Preferences dialog and apply what the player chose."""
        host = self._host
        dialog = PreferencesDialog(host.root, host.settings)
        if dialog.result is not None:
            host.update_settings(dialog.result)
            host.say("Preferences saved" if host.data_dir is not None else "Preferences applied")

    def set_assist(self, assist: Assist, on: bool) -> None:
        """Switch an assist for this game and for new games."""
        host = self._host
        self._status.tell_refusal(host.session.set_assist(assist, on))
        chosen = host.settings.assists | {assist} if on else host.settings.assists - {assist}
        host.update_settings(replace(host.settings, assists=frozenset(chosen)))

    def _toggle_assist(self, assist: Assist) -> None:
        self.set_assist(assist, not self._host.session.has_assist(assist))

    def toggle_theme(self) -> None:
        """Switch between the light and the dark theme (and keep the choice in the settings)."""
        host = self._host
        dark = host.theme.name != "dark"
        host.update_settings(replace(host.settings, theme=ThemeSetting.DARK if dark else ThemeSetting.LIGHT))
        host.set_theme("dark" if dark else "light")

    def _toggle_setting(self, name: str) -> None:
        host = self._host
        changes: dict[str, Any] = {name: not getattr(host.settings, name)}
        host.update_settings(replace(host.settings, **changes))

    # -- checking and giving up ----------------------------------------------------
    def _playing(self) -> bool:
        return not self._host.session.is_entering

    def _can_reveal(self) -> bool:
        board, session = self._host.board, self._host.session
        cursor = board.cursor
        return (
            self._playing()
            and not board.paused
            and cursor is not None
            and not session.position.values[cursor]
            and session.is_unique
        )

    def undo_to_first_mistake(self) -> None:
        """Take back every move from the first one that led away from the solution (Redo brings them back)."""
        host = self._host
        s = host.session
        solution = s.solution
        if solution is None:
            host.say("This puzzle has no unique solution to check against", error=True)
            return
        index = s.first_mistake_index(solution)
        if index is None:
            marks = len(s.missing_shown()) if s.own_marks else 0
            if marks and not s.wrong_cells():  # the marks are notes, not moves: nothing to take back
                whose = "1 cell's" if marks == 1 else f"{marks} cells'"
                host.say(
                    f"No wrong digit so far, but {whose} pencil marks leave out the true digit "
                    "(Mark mistakes rings the missing digit)"
                )
                return
            host.say(
                "No mistake so far"
                if not (s.wrong_cells() or s.missing_candidates())
                else "The starting position already differs from the solution",
                error=bool(s.wrong_cells()),
            )
            return
        first = describe_move(s.moves[index], s.geometry)
        if s.undo_to(index):
            host.say(f"Back to before your first mistake ({first}, move {index + 1}); Redo replays the moves")

    def reveal_cell(self) -> None:
        """Ask, then show the selected cell's digit (marked as revealed)."""
        host = self._host
        cursor = host.board.cursor
        if cursor is None:
            host.say(CHOOSE_A_CELL)
            return
        name = host.session.geometry.cell_name(cursor)
        host.show_notice(
            f"Reveal the digit of {name}? It will be marked as revealed.",
            [("Reveal", lambda: self._status.tell_outcome(host.session.reveal_cell(cursor))), ("Cancel", None)],
            kind="confirm",
        )

    def solve(self) -> None:
        """Ask, then fill in the whole solution (mistakes are taken back first)."""
        host = self._host
        host.show_notice(
            "Show the whole solution? Every empty cell will be filled in and marked as revealed.",
            [("Solve", lambda: self._status.tell_outcome(host.session.solve())), ("Cancel", None)],
            kind="confirm",
        )


def _assist_available(session: Session, assist: Assist) -> bool:
    """Can ``assist`` be switched now? The singles rest while the player keeps their own pencil marks."""
    return assist not in SINGLES or not session.own_marks
