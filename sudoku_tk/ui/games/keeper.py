"""GameKeeper: nothing thrown away without asking: the question before a game in progress is replaced, the list
of recent unfinished games, and continuing one of them.

Every command that replaces the game (New game, the New N×N puzzles, Open, Paste,
Type a puzzle, Enter a puzzle) goes through ``replace_game(instead, start)``: a game
that is not in progress (no move yet, solved, givens being typed) is replaced at once;
otherwise the player is asked (``ReplaceGameDialog``: Enter replaces, Esc keeps
playing). On Replace the game is kept in the recent list (``app/progress/recent_games.py``)
before ``start`` runs, and forgotten again when ``start`` did not replace it after
all (a chooser was cancelled). When the game cannot be kept (a full disk)
it is not replaced: the notice bar says why and offers to replace it anyway.

``continue_recent`` (Game > Continue a recent game…) lists the kept games and loads
the chosen one exactly as it was (moves, redo list, clock, counts); the game it
replaces is kept in its place, without a question, since nothing is lost.
GameFiles owns the window's GameKeeper; it reaches the window only through its
``KeeperHost`` port (ports.py).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sudoku_tk.app.game.session import Change, ChangeKind
from sudoku_tk.app.progress.recent_games import RecentGame, RecentGames, game_key, is_in_progress, replace_question
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.system import recent_dir

from ..dialogs.recent import RecentGamesDialog, ReplaceGameDialog
from ..window.autosave import failure_reason
from ..window.autosave import now as _now
from ..window.ports import KeeperHost


class GameKeeper:
    """Asks before a game in progress is replaced, keeps it among the recent games, and brings one back."""

    def __init__(self, host: KeeperHost, data_dir: Path | None) -> None:
        """Keep the recent games in ``data_dir``'s ``recent`` folder (None: in memory, while the window is open)."""
        self._host = host
        self.recent = RecentGames(recent_dir(data_dir) if data_dir is not None else None)
        self.recent.entries()  # how many there are, for the menu
        self._new_games = 0
        self.ask_replace: Callable[[str], bool] = lambda question: ReplaceGameDialog(host.root, question).result is True
        """Ask the question (True: replace); the dialog, which tests may replace."""
        self.ask_recent: Callable[[list[RecentGame]], int | None] = lambda entries: (
            RecentGamesDialog(host.root, entries, _now()).result
        )
        """Which recent game to continue (an index), or None; the dialog, which tests may replace."""

    def start(self) -> None:
        """Listen to the session (to know whether a command replaced the game)."""
        self._host.session.subscribe(self._on_change)

    def _on_change(self, change: Change) -> None:
        if change.kind is ChangeKind.NEW_GAME:
            self._new_games += 1

    # -- replacing -------------------------------------------------------------------------
    def replace_game(self, instead: str, start: Callable[[], object]) -> bool:
        """Run ``start`` (which replaces the game with ``instead``) once the player agrees; return whether it ran.

        A game in progress is asked about first and kept among the recent games.
        """
        session = self._host.session
        if not is_in_progress(session):
            start()
            return True
        if not self.ask_replace(replace_question(session, instead, self.recent.on_disk)):
            self._host.say("Your game goes on")
            return False
        record = session.to_record(_now())
        if not self._keep(record, start):
            return False
        before = self._new_games
        start()
        if self._new_games == before:  # not replaced after all (a chooser was cancelled)
            self.recent.remove(game_key(record))
        return True

    def _keep(self, record: GameRecord, start: Callable[[], object]) -> bool:
        """Keep ``record`` among the recent games; when it can't be, say so and offer to replace anyway."""
        try:
            self.recent.add(record)
        except (OSError, SaveFileError) as exc:
            self._host.show_notice(
                f"Your game could not be kept among the recent games ({failure_reason(exc)}), "
                "so it was not replaced. Save it with Save As, or replace it anyway.",
                [("Replace anyway", lambda: self._start(start)), ("Keep playing", None)],
                error=True,
                kind="confirm",
            )
            return False
        return True

    @staticmethod
    def _start(start: Callable[[], object]) -> None:
        start()

    def forget(self, record: GameRecord) -> None:
        """The game ``record`` holds is back in play (Cancel while entering a puzzle): it leaves the list."""
        self.recent.remove(game_key(record))

    # -- continuing -------------------------------------------------------------------------
    def has_recent(self) -> bool:
        """Is there a kept game to continue (as last read)?"""
        return len(self.recent) > 0

    def continue_recent(self) -> None:
        """List the kept games; load the chosen one exactly as it was, keeping the game it replaces."""
        host = self._host
        entries = self.recent.entries()
        if not entries:
            host.say("There is no unfinished game to continue")
            return
        index = self.ask_recent(entries)
        if index is None:
            return
        chosen = entries[index]
        session = host.session
        kept = is_in_progress(session)
        if kept and not self._keep(session.to_record(_now()), lambda: self._continue(chosen, False)):
            return
        self._continue(chosen, kept)

    def _continue(self, chosen: RecentGame, kept: bool) -> None:
        session = self._host.session
        session.load_record(chosen.record)
        self.recent.remove(chosen.key)
        name = chosen.record.puzzle_name or "your game"
        self._host.say(
            f"Continued {name}" + ("; the game you were playing is kept among the recent games" if kept else "")
        )


__all__ = ["GameKeeper"]
