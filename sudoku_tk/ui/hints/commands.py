"""Installing hints in a window: the hint panel under the number pad and the Hint menu's commands.

``install_hints(host)`` packs a ``HintPanel`` into ``host.side_panel`` and adds its
commands to ``host.commands`` (menu "Hint"; Hint on H and F1, Let me try on T (find_it.py), Step on S, Solve to
the end on Shift+S; Hint and Step also on the toolbar; Techniques… opens the
techniques dialog). The window is reached only through its ``HintCommandsHost`` port.
"""

from __future__ import annotations

from sudoku_tk.app.game.commands import Command, Shortcut

from ..window.ports import HintCommandsHost
from .panel import PAGES_MIN_INCHES, HintPanel


def install_hints(host: HintCommandsHost) -> HintPanel:
    """Add the hint panel under the number pad and the hint commands to the registry; return the panel."""
    panel = HintPanel(host.side_panel, host)
    panel.pack(side="top", fill="both", expand=True, pady=(10, 0))
    # Ask for little height: the side panel is stretched to the board's height anyway and the pages fill
    # it, while a tall request would make the window taller than the board (and jump as texts change).
    panel.fit_height(int(PAGES_MIN_INCHES * panel.winfo_fpixels("1i")))
    add, sc = host.commands.add, Shortcut.parse

    def playing() -> bool:
        return not host.board.paused  # a hint would show what the pause hides

    def can_apply() -> bool:
        view = panel.ladder.view
        return playing() and view is not None and view.can_apply

    def unsolved() -> bool:
        return playing() and not host.session.is_solved()

    add(
        Command(
            "hint",
            "Hint",
            panel.hint,
            playing,
            shortcuts=(sc("h"), sc("F1")),
            menu="Hint",
            group="ladder",
            toolbar=True,
            help="Where to look, then the pattern, then the whole step, then the move",
        )
    )
    add(
        Command(
            "hint-apply",
            "Apply hint",
            panel.apply,
            can_apply,
            menu="Hint",
            group="ladder",
            help="Make the hinted step now",
        )
    )
    add(
        Command(
            "hint-try",
            "Let me try",
            panel.try_it,
            lambda: playing() and panel.ladder.can_try,
            shortcuts=(sc("t"),),
            menu="Hint",
            group="ladder",
            help="Find the hinted step yourself: your moves are checked, and you are told when you have it",
        )
    )
    add(
        Command(
            "hint-show-me",
            "Show me",
            panel.show_me,
            lambda: playing() and panel.ladder.trying,
            menu="Hint",
            group="ladder",
            help="End your try and show the whole step",
        )
    )
    add(
        Command(
            "hint-close",
            "Close hint",
            panel.close_hint,
            lambda: panel.ladder.view is not None,
            menu="Hint",
            group="ladder",
        )
    )
    add(
        Command(
            "step",
            "Step",
            panel.step,
            unsolved,
            shortcuts=(sc("s"),),
            menu="Hint",
            group="solve",
            toolbar=True,
            help="Apply the next logical step",
        )
    )
    add(
        Command(
            "solve-to-end",
            "Solve to the end",
            panel.toggle_solving,
            lambda: panel.is_solving or unsolved(),
            shortcuts=(sc("Shift+S"),),
            menu="Hint",
            group="solve",
            toolbar=True,
            is_checked=lambda: panel.is_solving,
            help="Watch the puzzle solve itself, step by step; again to stop",
        )
    )
    add(Command("all-steps", "Show all steps", panel.show_all_steps, playing, menu="Hint", group="lists"))
    add(Command("solution-path", "Solution path", panel.show_solution_path, playing, menu="Hint", group="lists"))

    def choose_techniques() -> None:
        from .techniques_dialog import TechniquesDialog

        dialog = TechniquesDialog(host.root, host.settings.enabled_techniques())
        if dialog.result is not None:
            host.update_settings(host.settings.with_techniques(dialog.result))

    add(
        Command(
            "techniques",
            "Techniques…",
            choose_techniques,
            menu="Hint",
            group="config",
            help="Choose the techniques hints and the solver use",
        )
    )
    host.rebuild_menus()
    return panel
