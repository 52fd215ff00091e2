"""Ports: what each part of the window may call on the window that holds it, as ``typing.Protocol`` classes.

The App satisfies every port; a part is typed against its port only and never
imports the App, so there is no import circle in ui/ and each part's reach is
written down here. Read-only properties mark what a part may read but not replace.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Sequence
from pathlib import Path
from tkinter import ttk
from typing import Protocol

from sudoku_tk.app.game.commands import CommandRegistry
from sudoku_tk.app.game.session import GameView, Session
from sudoku_tk.app.puzzles.choice import PuzzleChoice
from sudoku_tk.app.storage.settings import Settings
from sudoku_tk.engine.board.grid import Grid

from ..board.canvas import BoardCanvas
from ..messages.notice_bar import NoticeAction
from ..panel.pad_fold import PadFold
from .theme import Theme


class Timers(Protocol):
    """Tk's timers on the window (``after`` / ``after_cancel``)."""

    def after(self, ms: int, func: Callable[[], object]) -> str: ...

    def after_cancel(self, id: str) -> None: ...


class Messages(Protocol):
    """The status bar's sentence and the notice bar above the board."""

    def say(self, text: str, error: bool = False) -> None: ...

    def show_notice(
        self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False, kind: str = "notice"
    ) -> None: ...

    def hide_notice(self, kind: str = "") -> None: ...

    def notice_kind(self) -> str: ...


class WindowParts(Protocol):
    """The three parts most commands need: the Tk root (dialogs, timers), the game and the settings."""

    @property
    def root(self) -> tk.Tk: ...

    @property
    def session(self) -> Session: ...

    @property
    def settings(self) -> Settings: ...


class KeeperHost(Messages, Protocol):
    """What keeping replaced games (ui/games/keeper.py) may call: the root (its dialogs), the game, messages."""

    @property
    def root(self) -> tk.Tk: ...

    @property
    def session(self) -> Session: ...


class GameKeeping(Protocol):
    """What the window's commands may ask of the part that keeps a replaced game (GameFiles, ui/games/keeper.py)."""

    def replace_game(self, instead: str, start: Callable[[], object]) -> bool: ...

    def continue_recent(self) -> None: ...

    def has_recent(self) -> bool: ...


class AutosaveHost(Timers, Messages, Protocol):
    """What the autosave may call: timers, messages, and the game to save."""

    @property
    def session(self) -> Session: ...


class FilesHost(AutosaveHost, Protocol):
    """What GameFiles may call besides: the root (clipboard, dialogs, focus), the settings (its folder), and
    starting a puzzle."""

    @property
    def root(self) -> tk.Tk: ...

    @property
    def settings(self) -> Settings: ...

    def start_grid(self, grid: Grid, name: str, source: str = "") -> None: ...

    def update_settings(self, settings: Settings) -> None: ...


class WhyHost(Timers, Protocol):
    """What the hover "why?" may call: the board, the game, and a transient status message."""

    @property
    def board(self) -> BoardCanvas: ...

    @property
    def session(self) -> Session: ...

    @property
    def why_delay_ms(self) -> int: ...

    def show_transient(self, text: str) -> None: ...

    def clear_transient(self) -> None: ...


class HintHost(Protocol):
    """What the hint panel may call: the game, the board it draws on, the colours, the status bar, the pad's fold
    (a long hint folds the pad away for its words) and saving settings (the legend's fold)."""

    @property
    def session(self) -> Session: ...

    @property
    def settings(self) -> Settings: ...

    @property
    def theme(self) -> Theme: ...

    @property
    def board(self) -> BoardCanvas: ...

    @property
    def pad_fold(self) -> PadFold: ...

    def say(self, text: str, error: bool = False) -> None: ...

    def update_settings(self, settings: Settings) -> None: ...


class HintCommandsHost(HintHost, Protocol):
    """What installing the hint panel and its commands may call besides."""

    @property
    def root(self) -> tk.Tk: ...

    @property
    def side_panel(self) -> ttk.Frame: ...

    @property
    def commands(self) -> CommandRegistry: ...

    def rebuild_menus(self) -> None: ...


class NewGameHost(Messages, WindowParts, Protocol):
    """What New game (new_games.py) may call: the root (dialog, timers), the game, settings, starting a puzzle."""

    @property
    def files(self) -> GameKeeping: ...

    def update_settings(self, settings: Settings) -> None: ...

    def start_puzzle(self, choice: PuzzleChoice) -> None: ...


class CommandHost(Messages, WindowParts, Protocol):
    """What the window's own commands (ui/window/commands.py) may call."""

    @property
    def theme(self) -> Theme: ...

    @property
    def board(self) -> BoardCanvas: ...

    @property
    def data_dir(self) -> Path | None: ...

    @property
    def files(self) -> GameKeeping: ...

    def update_settings(self, settings: Settings) -> None: ...

    def new_puzzle(self, side: int | None = None) -> None: ...

    def start_puzzle(self, choice: PuzzleChoice) -> None: ...

    def choose_new_game(self) -> None: ...

    def set_paused(self, paused: bool) -> None: ...

    def set_theme(self, name: str) -> None: ...

    def show_statistics(self) -> None: ...

    def quit_app(self) -> None: ...


class PictureHost(Messages, WindowParts, Protocol):
    """What reading a puzzle from a picture (ui/pictures/input.py) may call: the root (its dialogs), the game, the
    settings (the last folder), the theme (the check screen), replacing the game through its keeper."""

    @property
    def theme(self) -> Theme: ...

    @property
    def files(self) -> GameKeeping: ...

    def start_grid(self, grid: Grid, name: str, source: str = "") -> None: ...

    def update_settings(self, settings: Settings) -> None: ...


class DisplayHost(WindowParts, Protocol):
    """What showing the game (ui/window/display.py) may call besides the parts it is given."""

    def new_puzzle(self, side: int | None = None) -> None: ...

    def fit_window(self, side: int) -> None:
        """Size the window for a board of ``side``×``side`` (the player's size for it, else the one it asks for)."""
        ...

    def game_finished(self, view: GameView) -> str:
        """Record a game that has just become solved; the solved card's extra line ("" for none)."""
        ...
