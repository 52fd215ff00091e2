"""App: the main window as a thin shell that builds the parts, wires them together and is the one error boundary.

The parts, each in its module: board_input (clicks, keys, pad → Session calls),
game_display (each session change, with its GameView, shown on the window), menus and
app_commands (menus, toolbar, shortcuts from the command registry), status_bar
(messages, notices, the clock), game_files (files, autosave), hint_commands (the hint
panel), why (the hover "why?"), help_windows (Help menu, message log), card_keys (Enter
and Esc on the card). Parts that call back reach the App only through
their port (ports.py); start-up from the command line is in launch.py.

For tests, the self-test and other widgets: ``session``, ``board``, ``commands`` (add a
command, then ``rebuild_menus()``), ``side_panel``, ``files``, ``settings``
(``update_settings`` applies and saves), ``hint_panel``, ``help`` (its open windows); ``status_text()``,
``timer_text()``, ``mistakes_text()``, ``banner_text()``, ``card_text()`` read what is
shown; ``say``, ``show_notice``, ``press_notice``, ``run_command`` act. With
``data_dir`` the settings, the autosave and ``sudoku-tk.log`` live in that folder;
without it nothing is read from or written to disk on its own.
"""

from __future__ import annotations

import sys
import tkinter as tk
import traceback
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from tkinter import ttk
from types import TracebackType

from sudoku_tk.app.game.commands import CommandRegistry
from sudoku_tk.app.game.level_assists import level_of, starting_assists
from sudoku_tk.app.game.session import GameView, Session
from sudoku_tk.app.hints.views import HintView
from sudoku_tk.app.progress.history import technique_status
from sudoku_tk.app.puzzles.background_worker import ExecutorFactory
from sudoku_tk.app.puzzles.choice import PuzzleChoice, choose_puzzle
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.settings import DEFAULTS, Settings, load_settings, save_settings, theme_name
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats.puzzle_text import puzzle_text
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.rating.score import Level as RatingLevel
from sudoku_tk.system import ErrorLog, Platform, settings_path

from ..board.canvas import BoardCanvas
from ..board.card_keys import CardKeys
from ..board.input import BoardInput
from ..board.pencil_commands import PencilCommands
from ..board.view import BoardView, zoom_commands
from ..board.why import WhyOnHover
from ..games.daily_puzzles import DailyPuzzles
from ..games.export_commands import ExportCommands
from ..games.files import GameFiles
from ..games.new_games import NewGames
from ..games.stats import GameStats
from ..hints.commands import install_hints
from ..hints.panel import HintPanel
from ..messages.help_windows import install_help
from ..messages.notice_bar import NoticeAction, NoticeBar
from ..messages.status_bar import Clock, Notices, StatusBar
from ..panel.colour_tool import install_colour_tool
from ..panel.fonts import panel_fonts
from ..panel.pad_fold import PadFold
from ..panel.sash import PanelSash
from ..pictures.input import PICTURE_SUFFIXES, PictureInput
from . import mac_events
from .autosave import AUTOSAVE_NOTICE
from .commands import AppCommands
from .display import GameDisplay
from .menus import Menus
from .modal_clock import ModalClock
from .modal_clock import install as install_modal_clock
from .setup import apply_style, board_size, make_root, set_icon, use_select_all_keys
from .size import WindowSizes
from .theme import Theme, theme_named

WHY_DELAY_MS = 300
"""How long the pointer rests on a removed candidate or an automatic digit before its reason shows."""


class App(ttk.Frame):
    """The main window's content, on ``root`` (a new Tk root when None)."""

    toolbar: ttk.Frame
    notice_bar: NoticeBar
    notices: Notices
    board: BoardCanvas
    board_view: BoardView
    side_panel: ttk.Frame
    status: StatusBar

    def __init__(
        self,
        root: tk.Tk | None = None,
        *,
        session: Session | None = None,
        puzzle: PuzzleChoice | None = None,
        theme: str | None = None,
        platform: Platform | None = None,
        why_delay_ms: int = WHY_DELAY_MS,
        settings: Settings | None = None,
        data_dir: Path | None = None,
        background: ExecutorFactory | None = None,
    ) -> None:
        """Open the window on ``session`` (or ``puzzle``; else the autosaved game; else a built-in puzzle).

        ``theme`` ("light" or "dark") overrides the settings' theme for this run.
        ``data_dir`` is the folder for settings and the autosave (None: no files at all).
        ``background`` makes the executor that rates puzzles and makes generated ones (new_games.py; None: none).
        """
        self._owns_root = root is None
        self.root = make_root() if root is None else root
        super().__init__(self.root)
        self.platform = platform or Platform.current()
        self.data_dir = data_dir
        self.error_log: ErrorLog | None = ErrorLog(data_dir) if data_dir is not None else None
        """Where problems and internal errors are written (a windowed build has no stderr); None: nowhere."""
        notes: list[str] = []
        if settings is None:
            settings, notes = load_settings(settings_path(data_dir)) if data_dir is not None else (DEFAULTS, [])
        self.settings: Settings = settings
        self.theme: Theme = theme_named(theme or theme_name(settings.theme))
        self.why_delay_ms = why_delay_ms
        self.files = GameFiles(self, data_dir)
        if self.files.slot_note:
            notes.append(self.files.slot_note)
        resumed = False
        start_note = ""
        if session is None and puzzle is None:
            session = self.files.resume_session(notes, self.error_log)
            resumed = session is not None
        if session is None:
            choice = puzzle or choose_puzzle(9, settings.recent_ids, first=not settings.recent_ids)
            start = starting_assists(choice.grid(), settings.assists, level_of(choice.id))
            start_note = start.note
            session = Session(
                choice.grid(),
                choice.name,
                puzzle_id=choice.id,
                source=choice.source,
                assists=start.assists,
                candidate_mode=settings.candidate_mode,
            )
        self.session = session
        self.commands = CommandRegistry(menus=("Game", "Edit", "Check", "Assist", "View"))
        self.last_error: BaseException | None = None
        self.hint_panel: HintPanel | None = None
        apply_style(self.root, self.theme, self.platform)
        use_select_all_keys(self.root)
        self._build_widgets()
        self.why = WhyOnHover(self)
        self.board_input = BoardInput(self.board, self.side_panel, session, self.why, self.status, self.platform)
        self.board_input.use_settings(lambda: self.settings, self.update_settings)
        self.board_input.follow_cursor(self.board_view.see)
        self.numpad = self.board_input.numpad
        self.numpad.pack(side="top", fill="x")
        self.menus = Menus(self.root, self.toolbar, self.commands, self.platform, self.say)
        self.menus.set_theme(self.theme)
        # Pictures, PDF, printing and sharing (export_commands.py) join GameFiles' menu groups.
        self.exports = ExportCommands(self, lambda: self.hint_panel.ladder.view if self.hint_panel else None)
        # Puzzles from pictures (ui/pictures/input.py): Game > Open a picture of a puzzle…, and Paste's pictures.
        self.pictures = PictureInput(self)
        self.files.paste_picture = self.pictures.paste
        AppCommands(self, self.board_input, self.status).register(
            self.commands,
            lambda group: self.files.commands(group) + self.exports.commands(group) + self.pictures.commands(group),
        )
        self.colour_tool = self.board_input.colour_tool = install_colour_tool(
            self.side_panel, self.board, session, self.commands, lambda: self.theme, self.status.tell_refusal, self.say
        )
        self.pad_fold = PadFold(self.side_panel, [self.numpad, self.colour_tool])
        for command in zoom_commands(self.board_view, self.say, self.platform):
            self.commands.add(command)
        PencilCommands(self, self.status).register(self.commands)
        self.rebuild_menus()
        self.commands.on_change(self.menus.schedule_rebuild)
        self.modal_clock = ModalClock(self._dialog_opened, self._resume_after_dialog)
        install_modal_clock(self.root, self.modal_clock)  # dialogs and file choosers stop the game clock
        self.stats = GameStats(
            self.root, data_dir, lambda: self.theme, self.say, lambda n: self.notices.show_notes([n])
        )
        if self.stats.note:
            notes.append(self.stats.note)  # a damaged history was set aside: said at start
        self.clock = Clock(
            self.root,
            session,
            self.status,
            self.files.schedule_autosave,
            lambda: self.board.paused or self.modal_clock.is_open,
        )
        self.display = GameDisplay(
            self,
            self.board,
            self.board_input,
            self.why,
            self.status,
            self.notices,
            self.menus,
            self.files.schedule_autosave,
        )
        self.hint_panel = self.display.hint_panel = install_hints(self)
        self.board_input.walk_keys = self.hint_panel.walk_by  # ← and → step a walk through a hint
        # A hint shown is counted with the game (GameView.hint_rungs) though the board did not change: keep it.
        self.hint_panel.ladder.subscribe(self._hint_shown)
        self.new_games = NewGames(self, self.status, background, data_dir, self.files.schedule_autosave)
        # Progress (ui/games/stats.py): games replaced unfinished are recorded too; techniques worked out on the worker.
        self.stats.worker = self.new_games.worker
        self.stats.practise = self.new_games.practise
        self.new_games.practice_status = lambda: technique_status(self.stats.history.games)
        self.stats.follow(session)
        self.daily = DailyPuzzles(self, lambda: self.stats.history.games, self.new_games.worker)
        self.commands.add(self.daily.command())
        self.help = install_help(self.root, self.commands, self.platform, self.status, lambda: self.theme)
        self.notices.log = self.status.log  # notices are kept in the message log too
        CardKeys(self.board).bind(self.root)
        self.board_input.bind(self.root)
        self.why.bind()
        self.root.protocol("WM_DELETE_WINDOW", self.quit_app)
        if mac_events.is_aqua(self.root):  # the application menu and Finder's documents
            mac_events.install(self.root, self.run_command, self.quit_app, self.open_document)
        self._icons = set_icon(self.root)
        self.root.report_callback_exception = self.report_callback_exception
        session.subscribe(self.display.on_change)
        session.subscribe(lambda change: self.board_view.keep_card_in_view())  # the solved card of a zoomed board
        self.status.show_clock(self.settings.show_clock)
        self.files.start()
        self.new_games.start()  # rates each game's puzzle; keeps generated puzzles ready
        if not resumed:
            self.files.schedule_autosave()  # a fresh game is kept even before its first move
        self.pack(fill="both", expand=True)
        how = self.board_input.how_to_play()
        # The note first: a long status line is cut at its end (the title bar names the game).
        first = f"{start_note}. {how[:1].upper()}{how[1:]}" if start_note else f"{session.name or 'Puzzle'}: {how}"
        self.display.show_game(session.view(), first)
        self.notices.show_notes(notes)
        self.clock.start()
        # From now on the board scales inside the window, which keeps its size until the board size changes.
        self.window_sizes = WindowSizes(self.root, self.board_view, lambda: self.settings, self.update_settings)
        self.fit_window(session.geometry.side)

    def _build_widgets(self) -> None:
        self.columnconfigure(0, weight=1)
        self.rowconfigure(2, weight=1)
        self.toolbar = ttk.Frame(self, padding=(4, 2))
        self.toolbar.grid(row=0, column=0, sticky="ew")
        self.notice_bar = NoticeBar(self, self.theme, lasting=(AUTOSAVE_NOTICE,))  # the warning stays with others
        self.notice_bar.grid(row=1, column=0, sticky="ew")
        self.notice_bar.grid_remove()  # shown in this place while a notice is up
        self.notices = Notices(self.notice_bar, self.error_log)
        # Board and side panel share the body across a sash: the player can give the panel (the hint's words)
        # more room, which is kept (ui/panel/sash.py).
        body = ttk.Panedwindow(self, orient="horizontal")
        body.grid(row=2, column=0, sticky="nsew")
        board_pane = ttk.Frame(body)
        board_pane.columnconfigure(0, weight=1)
        board_pane.rowconfigure(0, weight=1)
        body.add(board_pane, weight=1)
        geo = self.session.geometry
        size = board_size(self.root, geo.side)
        self.board_view = BoardView(board_pane, size, self.settings.board_zoom, self._zoomed)
        self.board_view.grid(row=0, column=0, sticky="nsew", padx=(4, 0), pady=4)
        # The side panel's type follows the board's height (see ui/panel/fonts.py).
        self.board_view.bind("<Configure>", lambda e: panel_fonts(self).fit(e.height, self.root.winfo_width()), add="+")
        self.board = BoardCanvas(self.board_view.port, geo, self.theme, size=size)
        self.board_view.attach(self.board)
        self.side_panel = ttk.Frame(body, padding=(4, 8))
        body.add(self.side_panel, weight=0)
        self.sash = PanelSash(
            body,
            lambda: self.settings.panel_width,
            lambda width: self.update_settings(replace(self.settings, panel_width=width)),
        )
        ttk.Separator(self).grid(row=3, column=0, sticky="ew")
        self.status = StatusBar(self, self.theme)
        self.status.grid(row=4, column=0, sticky="ew")

    # -- the game and the settings --------------------------------------------------
    def run_command(self, command_id: str) -> bool:
        """Run a registered command if it is available; say so in the status bar when it is not."""
        return self.menus.run(command_id)

    def rebuild_menus(self) -> None:
        """(Re)build the menu bar, toolbar and key bindings now (adding a command schedules this by itself)."""
        self.menus.rebuild()

    def open_document(self, path: Path) -> bool:
        """Open a file the system hands over (Finder, "Open With", a file dropped on the app's icon): a picture is
        read and checked as Game > Open picture does, anything else opened as Game > Open does. Returns whether a
        game was started."""
        if path.suffix.lower() in PICTURE_SUFFIXES:
            return self.pictures.open_path(path)
        return self.files.open_path(path)

    def new_puzzle(self, side: int | None = None) -> None:
        """Start another built-in puzzle of ``side`` (default: the current size), one not played recently."""
        side = side or self.session.geometry.side
        self.start_puzzle(choose_puzzle(side, self.settings.recent_ids))

    def start_puzzle(self, choice: PuzzleChoice, level: RatingLevel | None = None) -> None:
        """Replace the game with ``choice`` (with the assists of the settings); remember it as played.

        ``level`` is a generated puzzle's level (a built-in puzzle's comes from the library by its id).
        """
        self.hide_notice()
        if choice.id:
            self.update_settings(self.settings.with_played(choice.id))
        s = self.settings
        # An easy puzzle (one the singles solve) starts with the singles off: see level_assists.py.
        start = starting_assists(choice.grid(), s.assists, level or level_of(choice.id))
        self.session.new_game(
            choice.grid(),
            choice.name,
            puzzle_id=choice.id,
            source=choice.source,
            assists=start.assists,
            candidate_mode=s.candidate_mode,
        )
        if start.note:
            self.say(f"New game: {choice.name}. {start.note}")

    def start_grid(self, grid: Grid, name: str, source: str = "") -> None:
        """Replace the game with a puzzle from outside the library (pasted, opened, entered)."""
        self.start_puzzle(PuzzleChoice("", name, puzzle_text(grid), source, grid))

    def choose_new_game(self) -> None:
        """Game > New game…: the dialog, then a built-in or generated puzzle (see new_games.py)."""
        self.new_games.choose()

    def fit_window(self, side: int) -> None:
        """Give the window the size chosen for ``side``×``side`` boards, or the one it asks for (ui/window/size.py)."""
        # The panes ask for their content's widths again (the new board's too), not the sizes the sash gave them,
        # and the sash waits until the window has its size.
        self.sash.fitting = True
        try:
            self.board_view.request(board_size(self.root, side))
            self.sash.forget_sizes()
            width, height = self.window_sizes.fit(side)
        finally:
            self.sash.fitting = False
        if (self.root.winfo_width(), self.root.winfo_height()) == (width, height):
            self.after_idle(self.sash.restore)  # the window has its size already: no <Configure> will come
        # else the window's <Configure> at its new size moves the sash (ui/panel/sash.py)

    def update_settings(self, settings: Settings) -> None:
        """Apply new settings (assists, theme, board size, mistake marks) and save them in the data folder."""
        old, self.settings = self.settings, settings
        if settings.assists != old.assists:
            for assist in Assist:  # only those switched: a game may have started without the singles
                changed = (assist in settings.assists) != (assist in old.assists)
                if changed and (assist in settings.assists) != self.session.has_assist(assist):
                    self.session.set_assist(assist, assist in settings.assists)
        if settings.enabled_techniques() != old.enabled_techniques() and self.hint_panel is not None:
            self.hint_panel.ladder.enabled = settings.enabled_techniques()
        if settings.theme != old.theme:
            self.set_theme(theme_name(settings.theme))
        if settings.board_zoom != old.board_zoom:
            self.board_view.set_zoom(settings.board_zoom, tell=False)
        if settings.show_clock != old.show_clock:
            self.status.show_clock(settings.show_clock)
        self.display.update_marks()
        self.menus.sync_checks()
        if self.data_dir is not None and settings != old:
            try:
                notes = save_settings(settings_path(self.data_dir), settings)
            except (OSError, SaveFileError) as exc:
                self.say(f"Settings could not be saved: {exc}", error=True)
            else:
                self.notices.show_notes(notes)  # a damaged settings file was set aside first

    def _zoomed(self, zoom: int) -> None:
        self.update_settings(replace(self.settings, board_zoom=zoom))

    def set_paused(self, paused: bool) -> None:
        """Pause: stop the clock and hide the board behind a card that offers to resume; input waits."""
        self.display.set_paused(paused)
        self.board_view.keep_card_in_view()  # a zoomed board scrolls to its middle, where the Paused card is

    def _dialog_opened(self) -> None:
        self.session.pause_clock()
        if self.hint_panel is not None:
            # A preview of the solution path is about a board the dialog may replace: back to the real one first.
            self.hint_panel.lists.end_preview()

    def _resume_after_dialog(self) -> None:
        if not self.board.paused:
            self.session.resume_clock()

    def game_finished(self, view: GameView) -> str:
        """Record a game just solved (see ui/games/stats.py); the card's extra line when it is a new best."""
        return self.stats.finished(self.session, view)

    def show_statistics(self) -> None:
        self.stats.show()

    def set_theme(self, name: str) -> None:
        """Draw with the ``light`` or ``dark`` colours from now on."""
        if name == self.theme.name:
            return
        self.theme = theme_named(name)
        apply_style(self.root, self.theme, self.platform)
        self.notice_bar.set_theme(self.theme)
        self.board.set_theme(self.theme)
        self.status.set_theme(self.theme)  # the status bar's colour follows the theme
        self.menus.set_theme(self.theme)
        self.help.set_theme(self.theme)
        self.stats.set_theme(self.theme)
        self.colour_tool.redraw()

    def quit_app(self) -> None:
        self.close()

    def close(self) -> None:
        """Stop timers and destroy the window (the root too when this App created it)."""
        self.files.close()
        self.stats.close()  # a game left unfinished is recorded as abandoned (after its autosave, which comes first)
        self.window_sizes.cancel()
        self.new_games.close()  # ends the worker process, even mid-job
        self.exports.cancel()
        self.why.cancel()
        self.clock.stop()
        self.menus.cancel()
        self.display.cancel()
        if self._owns_root:
            self.root.destroy()
        else:
            self.destroy()

    # -- messages (what parts call through their ports, and what tests read) ----------
    def _hint_shown(self, view: HintView | None) -> None:
        if view is not None and view.step is not None:
            self.files.schedule_autosave()

    def say(self, text: str, error: bool = False) -> None:
        """Put a sentence in the status bar (it stays until the next one)."""
        self.status.say(text, error)

    def show_transient(self, text: str) -> None:
        self.status.show_transient(text)

    def clear_transient(self) -> None:
        self.status.clear_transient()

    def show_notice(
        self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False, kind: str = "notice"
    ) -> None:
        """Show a sentence above the board with buttons (see ``Notices.show``); replaces any notice."""
        self.notices.show(text, buttons, error=error, kind=kind)

    def hide_notice(self, kind: str = "") -> None:
        """Take away the notices of ``kind``; without a kind, every notice but the autosave warning."""
        self.notices.hide(kind)

    def notice_buttons(self) -> list[str]:
        return self.notices.buttons()

    def press_notice(self, label: str) -> None:
        self.notices.press(label)

    def notice_kind(self) -> str:
        return self.notices.kind()

    def toolbar_button(self, command_id: str) -> ttk.Button:
        return self.menus.toolbar_button(command_id)

    @property
    def menubar(self) -> tk.Menu | None:
        return self.menus.menubar

    def status_text(self) -> str:
        return self.status.text()

    def timer_text(self) -> str:
        return self.status.timer_text()

    def mistakes_text(self) -> str:
        return self.status.mistakes_text()

    def banner_text(self) -> str:
        """The message above the board (errors), "" when none."""
        return self.notices.text()

    def card_text(self) -> str:
        """The card over the board (solved, paused), "" when none."""
        return self.board.card_text()

    # -- the error boundary -------------------------------------------------------
    def report_callback_exception(self, exc: type[BaseException], val: BaseException, tb: TracebackType | None) -> None:
        """Any error in a handler: print it for the developer, tell the player plainly, keep the game."""
        self.last_error = val
        if sys.stderr is not None:  # a windowed build has none: the log below keeps it
            traceback.print_exception(exc, val, tb, file=sys.stderr)
        if self.error_log is not None:
            self.error_log.internal(val, tb, "in a window handler")
        try:
            self.board.render(self.session.position)
        except Exception:  # the board itself failed: the message below still reaches the player
            pass
        self.show_notice(
            f"Something went wrong ({type(val).__name__}: {val}). Your game is kept.", error=True, kind="error"
        )
        self.say("Something went wrong; your game is kept", error=True)
