"""View > Candidates: automatic candidates or the player's own pencil marks; fill them all in, or clear them.

``PencilCommands.register`` adds the commands to the registry (menus.py builds the View
menu entries and the Mod+M shortcut from it). The handlers are thin: one Session call
(``set_candidate_mode``, ``pencil.fill``, ``pencil.clear``), its sentence in the status bar,
and for a switch of mode the settings' default for new games. What the modes mean and
what a switch says are in app/game/pencil_mode.py.
"""

from __future__ import annotations

from dataclasses import replace

from sudoku_tk.app.game.commands import Command, CommandRegistry, Shortcut
from sudoku_tk.app.game.pencil_mode import MODE_LABELS, CandidateMode

from ..messages.status_bar import StatusBar
from ..window.ports import CommandHost

MODE_SHORTCUT = "Mod+M"
"""Switches between automatic candidates and the player's own marks."""


class PencilCommands:
    """The candidates-mode commands of the View menu."""

    def __init__(self, host: CommandHost, status: StatusBar) -> None:
        self._host = host
        self._status = status

    def register(self, registry: CommandRegistry) -> None:
        """Add the View menu's candidates group: the two modes, then Fill in all candidates and Clear my marks."""
        host, add = self._host, registry.add
        shown = lambda: not host.board.paused  # noqa: E731 - moves wait while the pause hides the board
        own = lambda: host.session.own_marks  # noqa: E731 - asked when the menu opens
        add(
            Command(
                "candidates-automatic",
                f"Candidates: {MODE_LABELS[CandidateMode.AUTOMATIC]}",
                lambda: self.set_mode(CandidateMode.AUTOMATIC),
                shown,
                menu="View",
                group="candidates",
                is_checked=lambda: not own(),
                help="The board works out the candidates; right-click removes one",
            )
        )
        add(
            Command(
                "candidates-own",
                f"Candidates: {MODE_LABELS[CandidateMode.OWN]}",
                self.toggle_mode,
                shown,
                (Shortcut.parse(MODE_SHORTCUT),),
                menu="View",
                group="candidates",
                is_checked=own,
                help="Empty cells start blank; Shift+digit or right-click pencils a mark",
            )
        )
        add(
            Command(
                "fill-marks",
                "Fill in all candidates",
                lambda: self._status.tell_refusal(host.session.pencil.fill()),
                lambda: shown() and own(),
                menu="View",
                group="candidates",
                help="Pencil every candidate into every empty cell (one move: Undo takes it back)",
            )
        )
        add(
            Command(
                "clear-marks",
                "Clear my pencil marks",
                lambda: self._status.tell_refusal(host.session.pencil.clear()),
                lambda: shown() and own(),
                menu="View",
                group="candidates",
                help="Rub out every pencil mark (one move: Undo brings them back)",
            )
        )

    def set_mode(self, mode: CandidateMode) -> None:
        """Show ``mode`` in this game, and start new games in it."""
        host = self._host
        self._status.tell_refusal(host.session.set_candidate_mode(mode))
        if host.settings.candidate_mode is not mode:
            host.update_settings(replace(host.settings, candidate_mode=mode))

    def toggle_mode(self) -> None:
        """Switch between automatic candidates and the player's own marks."""
        own = self._host.session.own_marks
        self.set_mode(CandidateMode.AUTOMATIC if own else CandidateMode.OWN)
