"""App: the main window: menus, toolbar, board, number pad, status bar, key and mouse bindings, one error boundary.

Every handler is thin: an event becomes one Session call (or a view change such as
the cursor or the highlighted digit), and the Session's change listener redraws.
The rules live in the Session and the engine; here are only events and drawing.

For tests, the self-test and other widgets:

- ``App.session`` is the Session (subscribe to it to hear every change);
  ``App.board`` is the BoardCanvas (see its module for item tags);
  ``App.commands`` is the CommandRegistry menus, toolbar and keys are built from
  (add a command, then call ``App.rebuild_menus()``);
  ``App.side_panel`` is the frame right of the board (the number pad is in it;
  a hint panel can be packed below it); ``App.status_text()`` and
  ``App.timer_text()`` read the status bar; ``App.say(text)`` writes it;
  ``App.banner_text()`` reads the message shown above the board ("" when none).
- ``App.files`` is the GameFiles (open, save, paste, enter, copy, export,
  autosave); ``App.settings`` the player's Settings (``update_settings`` applies
  and saves new ones); ``App.show_notice`` / ``notice_buttons`` / ``press_notice``
  drive the notice bar above the board (problems and confirmations; the bar is
  ``App.notice_bar``, see notice_bar.py); ``App.mistakes_text()`` reads the
  mistakes counter.
- ``App.why`` follows the pointer over the board and shows "why?" (see why.py).
- ``App.error_log`` (with a data folder) keeps the problems shown and any internal
  error with its traceback in ``sudoku-tk.log`` there: a windowed build has no stderr.
- ``App(data_dir=...)`` reads the settings and resumes the autosaved game from
  that folder and autosaves there; without it (the default: tests, the
  self-test, benchmarks) nothing is read from or written to disk on its own.
- ``run_gui(argv)`` parses the command line and runs the main loop with the
  user's data folder.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import sys
import traceback
from dataclasses import replace
from importlib import resources
from pathlib import Path
from tkinter import ttk
from types import TracebackType
from typing import Callable, List, Optional, Sequence, Tuple

import tkinter as tk
import tkinter.font as tkfont

from sudoku_tk import APP_NAME
from sudoku_tk.app.commands import Command, CommandRegistry, Platform, Shortcut
from sudoku_tk.app.error_log import LOG_NAME, ErrorLog
from sudoku_tk.app.paths import settings_path, user_data_dir
from sudoku_tk.app.session import Change, ChangeKind, Outcome, PuzzleChoice, Session, choose_puzzle
from sudoku_tk.app.settings import DEFAULTS, Settings, Theme as ThemeSetting, load_settings, save_settings, theme_name
from sudoku_tk.engine.errors import PuzzleFormatError
from sudoku_tk.engine.grid import Grid, ProblemKind
from sudoku_tk.engine.propagation import Assist, Origin

from .board_canvas import BoardCanvas
from .dialogs import NewGameDialog, PreferencesDialog
from .game_files import TEST_REPORT_ENV, GameFiles, report_for_tests
from .hint_panel import install_hints
from .keys import KeyKind, decode_key, move_cursor, tk_sequences
from .notice_bar import NoticeAction, NoticeBar
from .numpad import NumberPad, PadMode
from .theme import Theme, theme_named
from .why import WhyOnHover

BOARD_INCHES = {4: 4.2, 9: 5.8, 16: 8.4}
"""Preferred board width on screen, by board side; capped by the screen height."""
CLOCK_SAVE_SECONDS = 30
"""While the clock runs, the game is autosaved this often even without a move."""
WHY_DELAY_MS = 300
"""How long the pointer rests on a removed candidate or an automatic digit before its reason shows."""

_ASSIST_COMMANDS = (
    ("assist-peers", Assist.PEERS, "Remove candidates seen by placed digits"),
    ("assist-naked", Assist.NAKED_SINGLES, "Place naked singles"),
    ("assist-hidden", Assist.HIDDEN_SINGLES, "Place hidden singles"),
)


def format_elapsed(seconds: float) -> str:
    """Show a duration as ``m:ss`` or ``h:mm:ss``.

    >>> format_elapsed(65.9), format_elapsed(3723)
    ('1:05', '1:02:03')
    """
    total = int(seconds)
    h, rest = divmod(total, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def _sentence(text: str) -> str:
    """A note as a sentence: capital first letter, full stop at the end."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def make_root() -> tk.Tk:
    """Create the Tk root, DPI-aware on Windows (must happen before Tk starts, as IDLE does)."""
    if sys.platform.startswith("win"):
        try:
            import ctypes

            ctypes.windll.shcore.SetProcessDpiAwareness(1)  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            pass  # older Windows: Tk scales itself
    return tk.Tk(className="SudokuTk")


class App(ttk.Frame):
    """The main window's content, on ``root`` (a new Tk root when None)."""

    def __init__(
        self,
        root: Optional[tk.Tk] = None,
        *,
        session: Optional[Session] = None,
        puzzle: Optional[PuzzleChoice] = None,
        theme: Optional[str] = None,
        platform: Optional[Platform] = None,
        why_delay_ms: int = WHY_DELAY_MS,
        settings: Optional[Settings] = None,
        data_dir: Optional[Path] = None,
    ) -> None:
        """Open the window on ``session`` (or ``puzzle``; else the autosaved game; else a built-in puzzle).

        ``theme`` ("light" or "dark") overrides the settings' theme for this run.
        ``data_dir`` is the folder for settings and the autosave (None: no files at all).
        """
        self._owns_root = root is None
        self.root = make_root() if root is None else root
        super().__init__(self.root)
        self.platform = platform or Platform.current()
        self.data_dir = data_dir
        self.error_log: Optional[ErrorLog] = ErrorLog(data_dir) if data_dir is not None else None
        """Where problems and internal errors are written (a windowed build has no stderr); None: nowhere."""
        notes: List[str] = []
        if settings is None:
            settings, notes = load_settings(settings_path(data_dir)) if data_dir is not None else (DEFAULTS, [])
        self.settings: Settings = settings
        self._theme_override = theme
        self.theme: Theme = theme_named(theme or theme_name(settings.theme))
        self.why_delay_ms = why_delay_ms
        self.files = GameFiles(self, data_dir)
        if self.files.slot_note:
            notes.append(self.files.slot_note)
        resumed = False
        if session is None and puzzle is None:
            record, resume_note = self.files.resume()
            if resume_note:
                notes.append(resume_note)
            if record is not None:
                try:
                    session = Session.from_record(record)
                    resumed = True
                except Exception as exc:  # noqa: BLE001 - the app always starts; the note keeps the reason
                    kept = self.files.set_aside_unplayable()
                    notes.append(f"The autosaved game could not be continued ({type(exc).__name__}: {exc}); "
                                 f"a new game was started. {kept}".rstrip())
                    if self.error_log is not None:
                        self.error_log.internal(exc, where="continuing the autosaved game")
        if session is None:
            choice = puzzle or choose_puzzle(9, settings.recent_ids, first=not settings.recent_ids)
            session = Session(choice.grid(), choice.name, puzzle_id=choice.id, source=choice.source,
                              assists=settings.assists)
        self.session = session
        self.commands = CommandRegistry(menus=("Game", "Edit", "Check", "Assist", "View"))
        self.last_error: Optional[BaseException] = None
        self._message = ""
        self._message_error = False
        self._transient = False  # the status bar shows a "why?" over self._message
        self.why = WhyOnHover(self)
        self._tick_job: Optional[str] = None
        self._icons: List[tk.PhotoImage] = []
        self._check_vars: dict[str, tk.BooleanVar] = {}
        self._menu_entries: List[Tuple[tk.Menu, int, Command]] = []
        self._toolbar_buttons: dict[str, ttk.Button] = {}
        self._bound: List[str] = []
        self._shown_solved = False
        self._warm_job: Optional[str] = None
        self._ticks = 0

        self._style()
        self._build_widgets()
        self._register_commands()
        self.rebuild_menus()
        self._rebuild_job: Optional[str] = None
        self.commands.on_change(self._commands_changed)
        self.hint_panel = install_hints(self)
        self._bind_events()
        self._set_icon()
        self.root.report_callback_exception = self.report_callback_exception  # type: ignore[method-assign]
        self.session.subscribe(self._on_change)
        self.files.start()
        if not resumed:
            self.files.schedule_autosave()  # a fresh game is kept even before its first move
        self.pack(fill="both", expand=True)
        self._show_game(f"{session.name or 'Puzzle'}: click a candidate to place it, right-click to remove it")
        if notes:
            self.show_notice(" ".join(_sentence(n) for n in notes))
            for note in notes:
                self._log_user(note)
        self._tick()

    # -- building ----------------------------------------------------------------
    def _style(self) -> None:
        style = ttk.Style(self.root)
        if self.platform is Platform.LINUX and style.theme_use() == "default":
            style.theme_use("clam")
        t = self.theme
        if t.name == "dark" or self.platform is Platform.LINUX:
            # Native Windows and macOS themes draw their own buttons; clam (Linux) takes our colours.
            style.configure(".", background=t.window, foreground=t.text)
            style.configure("TButton", background=t.board, foreground=t.text, bordercolor=t.thin_line)
            style.map("TButton", background=[("disabled", t.window), ("active", t.seen_bg)],
                      foreground=[("disabled", t.thin_line)])
            style.map("Toolbutton", background=[("selected", t.digit_bg), ("active", t.seen_bg)])
            style.configure("Toolbutton", background=t.window, foreground=t.text)
        size = abs(int(tkfont.nametofont("TkDefaultFont", self.root).actual("size"))) or 10
        style.configure("Pad.Toolbutton", font=("TkDefaultFont", int(size * 1.5), "bold"), anchor="center",
                        padding=(6, 3), foreground=t.text)
        style.configure("PadDone.Toolbutton", font=("TkDefaultFont", int(size * 1.5)), anchor="center",
                        padding=(6, 3), foreground=t.thin_line)
        style.configure("Status.TLabel", padding=(6, 2))
        self.root.configure(background=t.window)

    def _build_widgets(self) -> None:
        self.columnconfigure(0, weight=1)
        self.rowconfigure(2, weight=1)
        self.toolbar = ttk.Frame(self, padding=(4, 2))
        self.toolbar.grid(row=0, column=0, sticky="ew")
        self.notice_bar = NoticeBar(self, self.theme)
        self.notice_bar.grid(row=1, column=0, sticky="ew")
        self.notice_bar.grid_remove()  # shown in this place while a notice is up
        body = ttk.Frame(self)
        body.grid(row=2, column=0, sticky="nsew")
        body.columnconfigure(0, weight=1)
        body.rowconfigure(0, weight=1)
        geo = self.session.geometry
        self.board = BoardCanvas(body, geo, self.theme, size=self._board_size(geo.side))
        self.board.grid(row=0, column=0, sticky="nsew", padx=(4, 0), pady=4)
        self.side_panel = ttk.Frame(body, padding=(4, 8))
        self.side_panel.grid(row=0, column=1, sticky="ns")
        self.numpad = NumberPad(self.side_panel, geo, self._on_pad_digit, self._clear_cursor_cell)
        self.numpad.pack(side="top", fill="x")
        ttk.Separator(self).grid(row=3, column=0, sticky="ew")
        status = ttk.Frame(self)
        status.grid(row=4, column=0, sticky="ew")
        # width=1: a long message is cut at the window's edge instead of widening the window (and the board).
        self._status = ttk.Label(status, style="Status.TLabel", anchor="w", width=1)
        self._status.pack(side="left", fill="x", expand=True)
        self._timer = ttk.Label(status, style="Status.TLabel", anchor="e")
        self._timer.pack(side="right")
        self._mistakes_label = ttk.Label(status, style="Status.TLabel", anchor="e")
        self._mistakes_label.pack(side="right")

    def _board_size(self, side: int) -> int:
        """The board's starting width: a few inches at the screen's DPI, leaving room for the window's chrome."""
        inch = self.root.winfo_fpixels("1i")
        cap = max(200.0, self.root.winfo_screenheight() - 2.4 * inch)
        return int(min(BOARD_INCHES[side] * inch * self.settings.board_zoom / 100, cap))

    def _register_commands(self) -> None:
        s, add, sc = self.session, self.commands.add, Shortcut.parse
        playing = self._playing
        shown = lambda: not self.board.paused  # noqa: E731 - moves wait while the pause hides the board
        add(Command("new", "New game…", self.new_game_dialog, shortcuts=(sc("Mod+N"),), menu="Game",
                    group="new", toolbar=True, help="Choose a size and a level, or a puzzle from the library"))
        for side in (4, 9, 16):
            add(Command(f"new-{side}", f"New {side}×{side} puzzle", lambda side=side: self.new_puzzle(side),
                        menu="Game", group="size"))
        for group in ("file", "puzzle-in", "export"):
            for command in self.files.commands(group):
                add(command)
        add(Command("restart", "Restart", lambda: self._act(s.restart()),
                    lambda: shown() and playing() and s.can_undo(), menu="Game", group="restart", toolbar=True,
                    help="Take back every move (Redo replays them)"))
        add(Command("pause", "Pause", lambda: self.set_paused(not self.board.paused), shortcuts=(sc("Mod+P"),),
                    menu="Game", group="restart", is_checked=lambda: self.board.paused,
                    help="Stop the clock and hide the board"))
        add(Command("quit", "Quit", self.quit_app, shortcuts=(sc("Mod+Q"),), menu="Game", group="quit"))
        add(Command("undo", "Undo", lambda: self._act(s.undo()), lambda: shown() and s.can_undo(), (sc("Mod+Z"),),
                    menu="Edit", group="history", toolbar=True))
        add(Command("redo", "Redo", lambda: self._act(s.redo()), lambda: shown() and s.can_redo(),
                    (sc("Mod+Y"), sc("Mod+Shift+Z")), menu="Edit", group="history", toolbar=True))
        add(Command("clear-cell", "Clear cell", self._clear_cursor_cell, self._cursor_has_player_digit,
                    (sc("Delete"), sc("BackSpace")), menu="Edit", group="cell"))
        for command in self.files.commands("clipboard"):
            add(command)
        add(Command("preferences", "Preferences…", self.preferences_dialog, menu="Edit", group="preferences"))
        unique = lambda: shown() and playing() and s.is_unique  # noqa: E731 - asked when a menu opens
        add(Command("check-mistakes", "Mark mistakes", lambda: self._toggle_setting("check_mistakes"),
                    menu="Check", group="check", is_checked=lambda: self.settings.check_mistakes,
                    help="Mark digits and removed candidates that differ from the solution"))
        add(Command("count-mistakes", "Count mistakes", lambda: self._toggle_setting("show_mistake_count"),
                    menu="Check", group="check", is_checked=lambda: self.settings.show_mistake_count))
        add(Command("undo-to-mistake", "Undo to before my first mistake", self.undo_to_first_mistake,
                    lambda: unique() and s.can_undo(), menu="Check", group="mistakes"))
        add(Command("reveal-cell", "Reveal cell…", self.reveal_cell, self._can_reveal, menu="Check",
                    group="give-up", help="Show the digit of the selected cell"))
        add(Command("solve", "Solve…", self.solve, lambda: unique() and not s.is_solved(), menu="Check",
                    group="give-up", help="Show the whole solution"))
        for cid, assist, label in _ASSIST_COMMANDS:
            add(Command(cid, label, lambda a=assist: self.set_assist(a, not s.has_assist(a)),
                        menu="Assist", group="assists", is_checked=lambda a=assist: s.has_assist(a)))
        add(Command("clear-highlight", "Clear highlight", self.clear_highlight, shortcuts=(sc("Escape"),),
                    menu="View", group="highlight"))
        add(Command("theme-dark", "Dark theme", self.toggle_theme, menu="View", group="theme",
                    is_checked=lambda: self.theme.name == "dark"))

    def _commands_changed(self) -> None:
        # Several commands are usually added in a row: rebuild once, when they are all in.
        if self._rebuild_job is None:
            self._rebuild_job = self.after_idle(self.rebuild_menus)

    def rebuild_menus(self) -> None:
        """(Re)build the menu bar, toolbar and key bindings from the command registry.

        Adding a command to ``App.commands`` schedules this by itself; call it to see the
        result at once.
        """
        if getattr(self, "_rebuild_job", None) is not None:
            self.after_cancel(self._rebuild_job)  # type: ignore[arg-type]
        self._rebuild_job = None
        menubar = tk.Menu(self.root, tearoff=False)
        self._menu_entries.clear()
        for name in self.commands.menus():
            menu = tk.Menu(menubar, tearoff=False)
            menu.configure(postcommand=lambda m=menu: self._refresh_menu(m))
            for i, group in enumerate(self.commands.menu_groups(name)):
                if i:
                    menu.add_separator()
                for command in group:
                    self._add_menu_entry(menu, command)
            menubar.add_cascade(label=name, menu=menu, underline=0)
        self.root.configure(menu=menubar)
        self.menubar = menubar
        self._bind_shortcuts()
        self._build_toolbar()

    def _add_menu_entry(self, menu: tk.Menu, command: Command) -> None:
        accel = command.accelerator(self.platform)
        if command.is_checked is not None:
            var = self._check_vars.setdefault(command.id, tk.BooleanVar(self, command.is_checked()))
            menu.add_checkbutton(label=command.label, variable=var, accelerator=accel,
                                 command=lambda c=command: self.run_command(c.id))
        else:
            menu.add_command(label=command.label, accelerator=accel,
                             command=lambda c=command: self.run_command(c.id))
        self._menu_entries.append((menu, menu.index("end") or 0, command))

    def _refresh_menu(self, menu: tk.Menu) -> None:
        """Enable only what can run now (asked when the menu opens, so it is never stale)."""
        for m, index, command in self._menu_entries:
            if m is menu:
                m.entryconfigure(index, state="normal" if command.is_available() else "disabled")
        self._sync_checks()

    def _sync_checks(self) -> None:
        for cid, var in self._check_vars.items():
            checked = self.commands.get(cid).is_checked
            if checked is not None and var.get() != checked():
                var.set(checked())

    def _bind_shortcuts(self) -> None:
        for seq in self._bound:
            self.root.unbind(seq)
        self._bound.clear()
        for command in self.commands:
            for shortcut in command.shortcuts:
                for seq in tk_sequences(shortcut, self.platform):
                    self.root.bind(seq, lambda e, c=command: self._shortcut(c.id))
                    self._bound.append(seq)

    def _build_toolbar(self) -> None:
        for child in self.toolbar.winfo_children():
            child.destroy()
        self._toolbar_buttons.clear()
        for command in self.commands.toolbar():
            button = ttk.Button(self.toolbar, text=command.label, takefocus=0,
                                command=lambda c=command: self.run_command(c.id))
            button.pack(side="left", padx=(0, 4))
            if not command.is_available():
                button.state(["disabled"])
            self._toolbar_buttons[command.id] = button

    def _bind_events(self) -> None:
        b = self.board
        b.bind("<Button-1>", self._on_click)
        for seq in (("<Button-2>", "<Control-Button-1>") if self.platform is Platform.MAC else ("<Button-3>",)):
            b.bind(seq, self._on_right_click)
        b.bind("<Motion>", self.why.on_motion)
        b.bind("<Leave>", self.why.on_leave)
        self.root.bind("<KeyPress>", self._on_key)
        self.root.bind("<Unmap>", self._on_unmap, add="+")
        self.root.bind("<Map>", self._on_map, add="+")
        self.root.protocol("WM_DELETE_WINDOW", self.quit_app)

    def _set_icon(self) -> None:
        """Use the packaged icon PNGs as the window icon; without them keep Tk's (never an error)."""
        try:
            folder = resources.files("sudoku_tk").joinpath("resources")
            found = []
            for item in folder.iterdir():
                m = re.fullmatch(r"icon-(\d+)\.png", item.name)
                if m:
                    found.append((int(m.group(1)), item))
            found.sort(key=lambda p: -p[0])
            self._icons = [tk.PhotoImage(master=self.root, data=base64.b64encode(item.read_bytes()))
                           for _, item in found]
            if self._icons:
                self.root.iconphoto(True, *self._icons)
        except (OSError, tk.TclError, ModuleNotFoundError):
            self._icons = []

    # -- public actions -------------------------------------------------------------
    def run_command(self, command_id: str) -> bool:
        """Run a registered command if it is available; say so in the status bar when it is not."""
        command = self.commands.get(command_id)
        ran = self.commands.run(command_id)
        if not ran:
            self.say(f"{command.label}: not available now")
        self._sync_checks()
        return ran

    def new_puzzle(self, side: Optional[int] = None) -> None:
        """Start another built-in puzzle of ``side`` (default: the current size), one not played recently."""
        side = side or self.session.geometry.side
        choice = choose_puzzle(side, self.settings.recent_ids)
        self.start_puzzle(choice)

    def start_puzzle(self, choice: PuzzleChoice) -> None:
        """Replace the game with ``choice`` (with the assists of the settings); remember it as played."""
        self.hide_notice()
        if choice.id:
            self.update_settings(self.settings.with_played(choice.id))
        self.session.new_game(choice.grid(), choice.name, puzzle_id=choice.id, source=choice.source,
                              assists=self.settings.assists)

    def start_grid(self, grid: Grid, name: str, source: str = "") -> None:
        """Replace the game with a puzzle from outside the library (pasted, opened, entered)."""
        self.start_puzzle(PuzzleChoice("", name, grid.to_string(), source, grid))

    def new_game_dialog(self) -> None:
        """Ask for a size and level (or a listed puzzle) and start it; the choices are offered first next time."""
        s = self.settings
        dialog = NewGameDialog(self.root, size=s.new_game_size, level=s.new_game_level, recent_ids=s.recent_ids)
        if dialog.result is None:
            return
        self.update_settings(replace(self.settings, new_game_size=dialog.chosen_size,
                                     new_game_level=dialog.chosen_level))
        entry = dialog.result
        self.start_puzzle(PuzzleChoice(entry.id, entry.name, entry.text, entry.source))

    def preferences_dialog(self) -> None:
        """Show the Preferences dialog and apply what the player chose."""
        dialog = PreferencesDialog(self.root, self.settings)
        if dialog.result is not None:
            self.update_settings(dialog.result)
            self.say("Preferences saved" if self.data_dir is not None else "Preferences applied")

    def update_settings(self, settings: Settings) -> None:
        """Apply new settings (assists, theme, board size, mistake marks) and save them in the data folder."""
        old, self.settings = self.settings, settings
        if settings.assists != old.assists:
            for assist in Assist:
                if (assist in settings.assists) != self.session.has_assist(assist):
                    self.session.set_assist(assist, assist in settings.assists)
        if settings.enabled_techniques() != old.enabled_techniques():
            panel = getattr(self, "hint_panel", None)
            if panel is not None:
                panel.ladder.enabled = settings.enabled_techniques()
        if settings.theme != old.theme:
            self._theme_override = None
            self.set_theme(theme_name(settings.theme))
        if settings.board_zoom != old.board_zoom:
            size = self._board_size(self.session.geometry.side)
            self.board.configure(width=size, height=size)
        self._update_marks()
        self._sync_checks()
        if self.data_dir is not None and settings != old:
            try:
                save_settings(settings_path(self.data_dir), settings)
            except OSError as exc:
                self.say(f"Settings could not be saved: {exc}", error=True)

    def remember_directory(self, path: Path) -> None:
        """Open / Save / Export start in this file's folder next time."""
        folder = str(Path(path).parent)
        if folder != self.settings.last_directory:
            self.update_settings(replace(self.settings, last_directory=folder))

    def set_assist(self, assist: Assist, on: bool) -> None:
        """Switch an assist for this game and for new games."""
        self._act(self.session.set_assist(assist, on))
        chosen = self.settings.assists | {assist} if on else self.settings.assists - {assist}
        self.update_settings(replace(self.settings, assists=frozenset(chosen)))

    def _toggle_setting(self, name: str) -> None:
        self.update_settings(replace(self.settings, **{name: not getattr(self.settings, name)}))

    # -- checking and giving up ----------------------------------------------------
    def _playing(self) -> bool:
        return not self.session.is_entering

    def _can_reveal(self) -> bool:
        cursor = self.board.cursor
        return (self._playing() and not self.board.paused and cursor is not None
                and not self.session.position.values[cursor] and self.session.is_unique)

    def undo_to_first_mistake(self) -> None:
        """Take back every move from the first one that led away from the solution (Redo brings them back)."""
        s = self.session
        solution = s.solution
        if solution is None:
            self.say("This puzzle has no unique solution to check against", error=True)
            return
        index = s.first_mistake_index(solution)
        if index is None:
            self.say("No mistake so far" if not (s.wrong_cells() or s.missing_candidates())
                     else "The starting position already differs from the solution", error=bool(s.wrong_cells()))
            return
        from sudoku_tk.engine.moves import describe_move

        first = describe_move(s.moves[index], s.geometry)
        if s.undo_to(index):
            self.say(f"Back to before your first mistake ({first}, move {index + 1}); Redo replays the moves")

    def reveal_cell(self) -> None:
        """Ask, then show the selected cell's digit (marked as revealed)."""
        cursor = self.board.cursor
        if cursor is None:
            self.say("Choose a cell first: click it, or move there with the arrow keys")
            return
        name = self.session.geometry.cell_name(cursor)
        self.show_notice(f"Reveal the digit of {name}? It will be marked as revealed.",
                         [("Reveal", lambda: self._act_say(self.session.reveal_cell(cursor))), ("Cancel", None)],
                         kind="confirm")

    def solve(self) -> None:
        """Ask, then fill in the whole solution (mistakes are taken back first)."""
        self.show_notice("Show the whole solution? Every empty cell will be filled in and marked as revealed.",
                         [("Solve", lambda: self._act_say(self.session.solve())), ("Cancel", None)], kind="confirm")

    def _act_say(self, outcome: Outcome) -> None:
        self.say(outcome.message, error=not outcome.done)

    def _update_marks(self) -> None:
        """Show revealed cells always, and mistakes when the player asked for them (never while paused)."""
        s, board = self.session, self.board
        if board.paused:
            board.set_marks()
            return
        check = self.settings.check_mistakes and s.is_unique
        board.set_marks(s.wrong_cells() if check else (), s.missing_candidates() if check else (),
                        s.revealed_cells())
        self._update_counter()

    def _update_counter(self) -> None:
        s = self.session
        shown = self.settings.show_mistake_count and s.is_unique and not s.is_entering
        self._mistakes_label.configure(text=f"Mistakes {s.mistakes}" if shown else "")

    def mistakes_text(self) -> str:
        """The mistakes counter in the status bar ("" when it is not shown)."""
        return str(self._mistakes_label.cget("text"))

    # -- the notice bar ------------------------------------------------------------
    def show_notice(self, text: str, buttons: Sequence[NoticeAction] = (), *, error: bool = False,
                    kind: str = "notice") -> None:
        """Show a sentence above the board with buttons (each closes the notice, then acts); replaces any notice.

        Without buttons the notice gets a Dismiss button. Problems use ``error`` colours.
        """
        self.notice_bar.show(text, buttons, error=error, kind=kind)
        if error and kind != "error":  # a crash is logged with its traceback by the error boundary
            self._log_user(text)

    def _log_user(self, text: str) -> None:
        if self.error_log is not None:
            self.error_log.user(text)

    def hide_notice(self) -> None:
        self.notice_bar.hide()

    def notice_buttons(self) -> List[str]:
        """The labels of the notice's buttons (none when no notice is shown)."""
        return self.notice_bar.button_labels()

    def press_notice(self, label: str) -> None:
        """Press a button of the notice (what a click does).

        Raises:
            KeyError: no such button.
        """
        self.notice_bar.press(label)

    def notice_kind(self) -> str:
        """What the notice is about ("" when none): ``notice``, ``confirm``, ``entering``, ``error`` (a crash)."""
        return self.notice_bar.kind

    def set_paused(self, paused: bool) -> None:
        """Pause: stop the clock and hide the board behind a card that offers to resume; input waits."""
        if paused == self.board.paused:
            return
        if paused:
            self.session.pause_clock()
            self.why.clear()
            self.board.set_hover(None)
            self.board.set_paused(True)
            self.board.set_marks()
            panel = getattr(self, "hint_panel", None)
            stopped = panel is not None and panel.is_solving
            if panel is not None:
                panel.close_hint()  # its text would tell what the hidden board holds
            self.board.show_card("Paused", "The board is hidden while the clock is stopped.",
                                 [("Resume", lambda: self.set_paused(False))])
            self.say("Stopped solving: the game is paused" if stopped else "Paused")
            self.files.schedule_autosave()  # the clock is saved with the game
        else:
            self.board.hide_card()
            self.board.set_paused(False)
            self.session.resume_clock()
            self._shown_solved = False
            self._update_solved()
            self._update_marks()
            self.say("Resumed")
        self._update_after_change()  # the toolbar too: moves wait while paused

    def clear_highlight(self) -> None:
        """Escape: drop the highlighted digit and any "why" display."""
        self._set_highlight(None)
        self.why.clear()
        self.board.clear_step()

    def toggle_theme(self) -> None:
        """Switch between the light and the dark theme (and keep the choice in the settings)."""
        dark = self.theme.name != "dark"
        self.update_settings(replace(self.settings, theme=ThemeSetting.DARK if dark else ThemeSetting.LIGHT))
        self.set_theme("dark" if dark else "light")

    def set_theme(self, name: str) -> None:
        """Draw with the ``light`` or ``dark`` colours from now on."""
        if name == self.theme.name:
            return
        self.theme = theme_named(name)
        self._style()
        self.notice_bar.set_theme(self.theme)
        self.board.set_theme(self.theme)
        self.say(self._message, self._message_error)  # the status bar's colour follows the theme

    def quit_app(self) -> None:
        self.close()

    def close(self) -> None:
        """Stop timers and destroy the window (the root too when this App created it)."""
        self.files.close()
        self.why.cancel()
        for job in (self._tick_job, self._rebuild_job, self._warm_job):
            if job is not None:
                self.after_cancel(job)
        self._tick_job = self._rebuild_job = self._warm_job = None
        if self._owns_root:
            self.root.destroy()
        else:
            self.destroy()

    def say(self, text: str, error: bool = False) -> None:
        """Put a sentence in the status bar (it stays until the next one)."""
        self._message = text
        self._message_error = error
        self._transient = False
        self._status.configure(text=text, foreground=self.theme.conflict if error else self.theme.text)

    def show_transient(self, text: str) -> None:
        """Show ``text`` in the status bar only until ``clear_transient`` (or ``say``); the last message stays."""
        self._transient = True
        self._status.configure(text=text, foreground=self.theme.text)

    def clear_transient(self) -> None:
        """Put the last ``say`` message back if a transient text covers it."""
        if self._transient:
            self._transient = False
            self._status.configure(text=self._message)

    def toolbar_button(self, command_id: str) -> ttk.Button:
        """The toolbar's button for a command.

        Raises:
            KeyError: the command has no toolbar button.
        """
        return self._toolbar_buttons[command_id]

    def status_text(self) -> str:
        return str(self._status.cget("text"))

    def timer_text(self) -> str:
        return str(self._timer.cget("text"))

    def banner_text(self) -> str:
        """The message above the board (errors), "" when none."""
        return self.notice_bar.text()

    def card_text(self) -> str:
        """The card over the board (solved), "" when none."""
        return self.board.card_text()

    # -- the error boundary -------------------------------------------------------
    def report_callback_exception(self, exc: type[BaseException], val: BaseException,
                                  tb: Optional[TracebackType]) -> None:
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
        self.show_notice(f"Something went wrong ({type(val).__name__}: {val}). Your game is kept.",
                         error=True, kind="error")
        self.say("Something went wrong; your game is kept", error=True)

    # -- session changes ----------------------------------------------------------
    def _on_change(self, change: Change) -> None:
        self.why.clear()
        if change.kind is ChangeKind.NEW_GAME:
            self._show_game(change.message)
            return
        self.board.render(self.session.position)
        self.why.refresh_hover()
        self.say(change.message)
        self._update_after_change()
        self._update_marks()

    def _show_game(self, message: str) -> None:
        """Show a (new) game: size, title, board, pad, solved state."""
        self.board.set_paused(False)
        self.why.forget_pointer()
        self._shown_solved = False
        self.board.set_solved(False)
        self.board.hide_card()
        geo = self.session.geometry
        if geo is not self.board.geometry:
            size = self._board_size(geo.side)
            self.board.configure(width=size, height=size)
            self.board.set_geometry(geo)
        self.numpad.set_geometry(geo)
        self.root.title(f"{APP_NAME} — {self.session.name or 'Puzzle'}")
        self.board.set_cursor(None)
        self._set_highlight(None)
        self.board.clear_step()
        self.board.render(self.session.position)
        self.say(message)
        self._update_after_change()
        self._update_marks()
        if not (self.session.is_entering and self.notice_kind() == "entering"):
            self.hide_notice()  # it was about the game that was just replaced
        # Work out the solution while the player looks at the new board, not on the first click.
        if self._warm_job is not None:
            self.after_cancel(self._warm_job)
        self._warm_job = self.after_idle(self._warm_solution)
        self.board.focus_set()

    def _warm_solution(self) -> None:
        self._warm_job = None
        _ = self.session.solution

    def _update_after_change(self) -> None:
        s = self.session
        for cid, button in self._toolbar_buttons.items():
            button.state(["!disabled" if self.commands.get(cid).is_available() else "disabled"])
        values, side = s.position.values, s.geometry.side
        counts = [0] * (side + 1)
        for v in values:
            counts[v] += 1
        self.numpad.set_complete({d for d in range(1, side + 1) if counts[d] >= side})
        self._sync_checks()
        self._update_solved()
        self._update_timer()

    def _update_solved(self) -> None:
        if self.board.paused:
            return  # the pause card stays; resuming looks again
        s = self.session
        solved = s.is_solved()
        if solved == self._shown_solved:
            return
        self._shown_solved = solved
        self.board.set_solved(solved)
        if not solved:
            self.board.hide_card()
            return
        actions: List[Tuple[str, Callable[[], None]]] = [("New puzzle", self.new_puzzle)]
        revealed = len(s.revealed_cells())
        if not s.moves:
            title, detail = "Already solved", "Nothing is left to place in this puzzle."
        elif revealed:
            title = "Solved, with help"
            detail = f"Time: {format_elapsed(s.elapsed())}. {revealed} cell{'s' * (revealed != 1)} revealed."
            actions.append(("Close", self.board.hide_card))
        else:
            title, detail = "Solved!", f"Time taken: {format_elapsed(s.elapsed())}. Well done!"
            actions.append(("Close", self.board.hide_card))
        self.board.show_card(title, detail, actions, success=True)
        self.say(f"{title} {detail}")

    # -- mouse ----------------------------------------------------------------------
    def _on_click(self, event: tk.Event) -> None:
        self.board.focus_set()
        if self.board.paused or self.board.card_contains(event.x, event.y):
            return  # the card's buttons answer for themselves
        self.why.clear()  # a click answers for itself; a pending hover "why" would hide its message
        hit = self.board.hit_test(event.x, event.y)
        if hit is None:
            return
        pos = self.session.position
        self.board.set_cursor(hit.cell)
        value = pos.values[hit.cell]
        if value:
            self._set_highlight(value)
            why = self.session.explain(hit.cell)
            if why is not None:
                self.say(why.text)
            return
        if hit.digit is None:
            self._say_cell(hit.cell)
            return
        if pos.candidates[hit.cell] >> (hit.digit - 1) & 1:
            self._act(self.session.place(hit.cell, hit.digit))
        else:
            self.why.show_now(hit.cell, hit.digit)

    def _on_right_click(self, event: tk.Event) -> None:
        self.why.clear()
        if self.board.paused or self.board.card_contains(event.x, event.y):
            return
        hit = self.board.hit_test(event.x, event.y)
        if hit is None or hit.digit is None:
            return
        self.board.set_cursor(hit.cell)
        if self.session.position.values[hit.cell]:
            return
        self._act(self.session.toggle_candidate(hit.cell, hit.digit))

    # -- keyboard -----------------------------------------------------------------
    def _shortcut(self, command_id: str) -> str:
        self.run_command(command_id)
        return "break"

    def _on_key(self, event: tk.Event) -> Optional[str]:
        widget_class = event.widget.winfo_class() if isinstance(event.widget, tk.Misc) else ""
        if widget_class in ("Entry", "TEntry", "Text", "Spinbox", "TSpinbox", "TCombobox"):
            return None  # typing into a field of a panel, not onto the board
        if self.board.paused:
            return None
        side = self.session.geometry.side
        action = decode_key(event.keysym, int(event.state), side, self.platform)
        kind = action.kind
        if kind is KeyKind.NONE:
            return None
        cursor = self.board.cursor
        if kind in (KeyKind.MOVE, KeyKind.JUMP, KeyKind.ROW_START, KeyKind.ROW_END, KeyKind.FIRST, KeyKind.LAST):
            start = 0 if cursor is None else cursor
            target = start if cursor is None and kind is KeyKind.MOVE else \
                move_cursor(start, action, side, self.session.position.values)
            self.board.set_cursor(target)
            self._say_cell(target)
            return "break"
        if cursor is None:
            self.say("Choose a cell first: click it, or move there with the arrow keys")
            return "break"
        if kind is KeyKind.PLACE:
            self._act(self.session.place(cursor, action.digit))
        elif kind is KeyKind.TOGGLE:
            self._act(self.session.toggle_candidate(cursor, action.digit))
        elif kind is KeyKind.CLEAR:
            self._act(self.session.clear(cursor))
        return "break"

    def _say_cell(self, cell: int) -> None:
        geo, pos = self.session.geometry, self.session.position
        v = pos.values[cell]
        if v:
            why = self.session.explain(cell)
            self.say(why.text if why else geo.cell_name(cell))
        else:
            cands = " ".join(geo.digit_char(d) for d in pos.candidate_set(cell))
            self.say(f"{geo.cell_name(cell)}: candidates {cands or 'none'}")

    # -- pad, highlight, cursor -----------------------------------------------------
    def _on_pad_digit(self, digit: int, mode: PadMode) -> None:
        if self.board.paused:
            self.numpad.set_active(self.board.highlight_digit)
            return
        if mode is PadMode.HIGHLIGHT:
            self._set_highlight(None if self.board.highlight_digit == digit else digit)
            return
        self.numpad.set_active(self.board.highlight_digit)
        cursor = self.board.cursor
        if cursor is None:
            self.say("Choose a cell first: click it, or move there with the arrow keys")
            return
        if mode is PadMode.PLACE:
            self._act(self.session.place(cursor, digit))
        else:
            self._act(self.session.toggle_candidate(cursor, digit))

    def _set_highlight(self, digit: Optional[int]) -> None:
        self.board.set_highlight_digit(digit)
        self.numpad.set_active(digit)

    def _cursor_has_player_digit(self) -> bool:
        cursor = self.board.cursor
        return not self.board.paused and cursor is not None and self.session.position.origins[cursor] is Origin.PLAYER

    def _clear_cursor_cell(self) -> None:
        cursor = self.board.cursor
        if cursor is None:
            self.say("Choose a cell first: click it, or move there with the arrow keys")
            return
        self._act(self.session.clear(cursor))

    def _act(self, outcome: Outcome) -> None:
        """Show a refusal; a done request has already been shown by the change listener."""
        if not outcome.done:
            self.say(outcome.message, error=True)

    # -- clock ----------------------------------------------------------------------
    def _tick(self) -> None:
        self._update_timer()
        self._ticks += 1
        if self._ticks % CLOCK_SAVE_SECONDS == 0 and self.session.is_clock_running():
            self.files.schedule_autosave()  # a long think without moves still counts after a crash
        self._tick_job = self.after(1000, self._tick)

    def _update_timer(self) -> None:
        self._timer.configure(text=f"Time {format_elapsed(self.session.elapsed())}")

    def _on_unmap(self, event: tk.Event) -> None:
        if event.widget is self.root:
            self.session.pause_clock()
            self.files.schedule_autosave()  # minimised: the time so far is kept

    def _on_map(self, event: tk.Event) -> None:
        if event.widget is self.root and not self.board.paused:
            self.session.resume_clock()


# -- command line -----------------------------------------------------------------------

def _parse_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="sudoku-tk", description="Play Sudoku with candidates and explained moves.")
    parser.add_argument("puzzle", nargs="?", help="a puzzle as one line of givens, or a file holding one")
    parser.add_argument("--size", type=int, choices=(4, 9, 16), help="start a built-in puzzle of this size")
    parser.add_argument("--theme", choices=("light", "dark", "system"),
                        help="colours for this run (default: the Preferences setting)")
    return parser.parse_args(list(argv))


def puzzle_from_argument(text: str) -> PuzzleChoice:
    """Read a PUZZLE argument: a file path or the givens themselves.

    Raises:
        PuzzleFormatError: the text (or file) is not a puzzle.
        ValueError: the puzzle has clashing givens or no solution (the message names them).
    """
    path = Path(text)
    name = "Puzzle"
    if len(text) < 1024 and path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise ValueError(f"can't read {str(path)!r}: {exc}") from None
        name = path.stem
    grid = Grid.from_string(text)
    fatal = [p for p in grid.problems() if p.kind is not ProblemKind.MULTIPLE_SOLUTIONS]
    if fatal:
        raise ValueError("; ".join(p.message for p in fatal))
    return PuzzleChoice("", name, grid.to_string())


def run_gui(argv: Sequence[str] = ()) -> int:
    """Open the window and run until it is closed; 2 on a bad command line or puzzle.

    Without a PUZZLE or ``--size`` the last game is resumed from the user's data folder.
    """
    args = _parse_args(argv)
    choice: Optional[PuzzleChoice] = None
    try:
        if args.puzzle:
            choice = puzzle_from_argument(args.puzzle)
        elif args.size:
            choice = choose_puzzle(args.size, first=args.size == 9)
    except (PuzzleFormatError, ValueError) as exc:
        _tell(f"sudoku-tk: {exc}")
        return 2
    theme = None if args.theme in (None, "system") else args.theme
    data_dir = user_data_dir()
    try:
        app = App(puzzle=choice, theme=theme, data_dir=data_dir)
    except tk.TclError as exc:
        _tell(f"sudoku-tk: the window can't open: {exc}")
        return 2
    except Exception as exc:  # noqa: BLE001 - a bug at start-up: kept in the log for a windowed build
        ErrorLog(data_dir).internal(exc, where="starting the window")
        _tell(f"sudoku-tk: the window can't open because of an internal error ({type(exc).__name__}: {exc}); "
              f"details are in {data_dir / LOG_NAME}")
        return 1
    _report_when_shown(app)
    app.mainloop()
    return 0


def _tell(message: str) -> None:
    """A start-up problem: on stderr, or in the log when there is none (a windowed build)."""
    if sys.stderr is not None:
        print(message, file=sys.stderr)
    else:
        ErrorLog(user_data_dir()).user(message)


def _report_when_shown(app: App) -> None:
    """For a test driving this process: say where the board is once the window is on screen (see game_files)."""
    def report() -> None:
        if not app.root.winfo_viewable() or app.board.winfo_width() < 50:
            app.after(20, report)
            return
        app.update_idletasks()
        b = app.board
        report_for_tests(ready=True, board=[b.winfo_rootx(), b.winfo_rooty(), b.winfo_width(), b.winfo_height()],
                         box=app.session.geometry.box, moves=len(app.session.moves),
                         name=app.session.name, elapsed=app.session.elapsed(), notice=app.banner_text())

    if os.environ.get(TEST_REPORT_ENV):
        app.after(50, report)
