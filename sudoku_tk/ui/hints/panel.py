"""The hint panel beside the board: the hint ladder's text and buttons, all steps, the solution path, and
solving to the end.

``install_hints`` (ui/hints/commands.py) packs a ``HintPanel`` under the number pad and
adds its commands. The panel is thin: every button is one ``HintLadder`` call
(``app/hints/ladder.py``), and the view that comes back is shown here and drawn on the
board with ``BoardCanvas.show_highlights``. It reaches the window only through its
``HintHost`` port (ports.py); the list tabs live in ui/hints/lists.py, the legend in
ui/hints/legend.py.

Three tabs:

- **Hint**: the rung ("Hint 2 of 4: the pattern"), the technique, the rung's text, a
  legend of the shapes on the board, Next / Apply / Close, and a paragraph on how
  the technique works in general. At rung 1 or 2 "Let me try" lets the player make the step themselves
  (app/hints/find_it.py): Next becomes "Show me", and the panel says "You found it: …" once their board has it.
- **All steps**: every step available now; selecting one draws it.
- **Solution path**: the logic solver's path from here; selecting a line shows the
  board at that point with its step drawn (a preview: a click on the board, another
  tab or any move returns to the real board). The last line says where it ended.

For tests: ``text()``, ``title_text()``, ``rung_text()``, ``help_text()``,
``summary_text()``, ``steps_list`` and ``path_list`` (Listboxes), ``select_step(i)``,
``select_path(i)``, ``show_tab(name)``, ``is_previewing``, ``is_solving`` and
``solve_delay_ms`` (set 0 to run Solve to the end without waiting).
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Sequence
from dataclasses import replace
from tkinter import ttk

from sudoku_tk.app.hints.ladder import HintLadder
from sudoku_tk.app.hints.views import HintKind, HintView, Rung
from sudoku_tk.engine.steps.step import Highlight

from ..panel.fonts import panel_fonts
from ..panel.pad_fold import MIN_LINES
from ..window.ports import HintHost
from .legend import draw_legend, legend_text
from .lists import HintLists, show_view_on_board
from .walk import WalkBar, write_walk

SOLVE_DELAY_MS = 900
"""How long Solve to the end shows each step before making it (then half that before the next)."""
PAGES_MIN_INCHES = 1.8
"""The tabs' pages ask for this much height; they grow to fill the space beside the board."""

_TABS = ("hint", "steps", "path")
_IDLE_TEXT = (
    "Press H (or F1) for a hint. The first press says where to look, the second draws the pattern, "
    "the third shows the whole step, and the fourth makes the move for you."
)


def _wants_room(view: HintView) -> bool:
    """Does the view bring long words (the whole step, a try's instructions, a step found) that may fold the pad?"""
    return view.kind is HintKind.FOUND or view.trying or (view.kind is HintKind.STEP and view.rung is Rung.STEP)


class HintPanel(ttk.Frame):
    """The side panel of hints for one window (see the module docstring)."""

    def __init__(self, master: tk.Misc, host: HintHost) -> None:
        super().__init__(master)
        self._host = host
        self.ladder = HintLadder(host.session, host.settings.enabled_techniques())
        self.solve_delay_ms = SOLVE_DELAY_MS
        self._solve_job: str | None = None
        self._solving = False
        self._tab_shown = "hint"
        self._idle_shown = False
        self._scroll_job: str | None = None
        self._panel_fonts = panel_fonts(self)
        self._wrap = self._panel_fonts.wrap
        names = {"title": "SudokuPanelTitle", "small": "SudokuPanelSmall", "small_bold": "SudokuPanelSmallBold"}
        self._fonts = {key: self._panel_fonts.fonts[name] for key, name in names.items()}
        self._fonts["legend"] = self._fonts["small"]
        self._themed = ""
        self._build()
        self._apply_theme()
        self.bind("<<ThemeChanged>>", lambda e: self._apply_theme(), add="+")
        self._unsubscribe = self.ladder.subscribe(self._on_view)
        self._unsubscribe_session = host.session.subscribe(lambda change: self._on_session_change())
        self._panel_fonts.subscribe(self._on_scale)
        self._on_view(None)

    # -- building ---------------------------------------------------------------------
    def _apply_theme(self) -> None:
        """Give the Tk widgets (text, legend, lists) and the tabs the app's theme; ttk widgets follow by
        themselves. Called on <<ThemeChanged>>, which the app's restyling sends."""
        theme = self._host.theme
        if theme.name == self._themed:
            return
        self._themed = theme.name
        style = ttk.Style(self)
        style.configure("Hint.TNotebook", background=theme.window)
        style.configure("Hint.TNotebook.Tab", background=theme.window, foreground=theme.text, font="SudokuPanel")
        style.map("Hint.TNotebook.Tab", background=[("selected", theme.board)], foreground=[("selected", theme.text)])
        self._body.configure(background=theme.window, foreground=theme.text)
        self._legend.configure(background=theme.window)
        self.lists.apply_theme(theme)
        view = self.ladder.view
        if view is not None:
            self._draw_legend(view.legend, view.highlights)

    def _build(self) -> None:
        self.notebook = ttk.Notebook(self, style="Hint.TNotebook")
        self.notebook.pack(fill="both", expand=True)
        self._build_hint_tab()
        self.lists = HintLists(self.notebook, self._host, self.ladder, self._fonts["small"], self._wrap)
        self.steps_list, self.path_list = self.lists.steps_list, self.lists.path_list
        self.notebook.bind("<<NotebookTabChanged>>", self._on_tab)

    def _build_hint_tab(self) -> None:
        tab = self._hint_tab = ttk.Frame(self.notebook, padding=(6, 6))
        self.notebook.add(tab, text="Hint")
        tab.bind("<Configure>", self._on_tab_width, add="+")
        self._rung = ttk.Label(tab, font=self._fonts["small"], anchor="w")
        self._rung.pack(fill="x")
        # width=1: what wraps at the panel's width never asks for more width itself (the sash sets the width).
        self._title = ttk.Label(tab, font=self._fonts["title"], anchor="w", wraplength=self._wrap, width=1)
        self._title.pack(fill="x", pady=(2, 4))
        # Buttons sit above the text, so a long explanation can never push them out of sight.
        buttons = ttk.Frame(tab)
        buttons.pack(fill="x", pady=(0, 4))
        panel = "Panel.TButton"  # the panel's type, scaled with the board (ui/panel/fonts.py)
        self.next_button = ttk.Button(buttons, text="Hint", takefocus=0, command=self.hint, style=panel)
        self.apply_button = ttk.Button(buttons, text="Apply", takefocus=0, command=self.apply, style=panel)
        self.close_button = ttk.Button(buttons, text="Close", takefocus=0, command=self.close_hint, style=panel)
        # Three equal columns: in a panel narrower than the buttons ask for, all three give up the same width
        # (packed side by side, the last one was cut to "Cl"); their request, and so the sash, stays as it was.
        for column, b in enumerate((self.next_button, self.apply_button, self.close_button)):
            b.grid(row=0, column=column, sticky="ew", padx=(0, 4))
            buttons.columnconfigure(column, weight=1, uniform="hint-buttons")
        self.stop_button = ttk.Button(tab, text="Stop solving", takefocus=0, command=self.stop_solving)
        # "Let me try" at rung 1 or 2; "Show me" while a mistake made during the try is on show (find_it.py).
        self.try_button = ttk.Button(tab, text="Let me try", takefocus=0, command=self.try_or_show, style=panel)
        self._buttons = buttons
        # Walking through the step link by link (shown at the Step rung of a step that has a walk).
        self.walk_bar = WalkBar(tab, self.toggle_walk, self.walk_by, self._fonts["small"])
        self.walk_button = self.walk_bar.walk_button
        # The legend sits at the bottom and folds to its header line; the text takes the room between.
        legend_block = ttk.Frame(tab)
        legend_block.pack(side="bottom", fill="x", pady=(4, 0))
        self.legend_toggle = ttk.Button(
            legend_block, text="", style="Fold.Toolbutton", takefocus=0, command=self.toggle_legend, cursor="hand2"
        )
        self.legend_toggle.pack(fill="x")
        self._legend = tk.Canvas(legend_block, width=1, height=1, highlightthickness=0, takefocus=0)
        self._legend_folded = self._host.settings.legend_folded
        if not self._legend_folded:
            self._legend.pack(fill="x", pady=(2, 0))
        # The rung's text and how the technique works share one text area that takes the room left and
        # scrolls when it needs more, so the panel never grows past the board (the window would jump).
        frame = ttk.Frame(tab)
        frame.pack(fill="both", expand=True)
        theme = self._host.theme
        self._body = tk.Text(
            frame,
            wrap="word",
            height=4,
            width=1,
            borderwidth=0,
            highlightthickness=0,
            font="SudokuPanel",
            background=theme.window,
            foreground=theme.text,
            cursor="arrow",
            takefocus=0,
            spacing2=1,
        )
        self._body.tag_configure("heading", font=self._fonts["small_bold"], spacing1=10, spacing3=2)
        self._body.tag_configure("help", font=self._fonts["small"])
        self._body.tag_configure("walk-done", spacing3=3)
        self._body.tag_configure("walk-current", font="SudokuPanelBold", spacing3=3)
        self._body_scroll = ttk.Scrollbar(frame, orient="vertical", command=self._body.yview)
        self._body.configure(yscrollcommand=self._body_scroll.set, state="disabled")
        self._body.pack(side="left", fill="both", expand=True)
        self._body.bind("<Configure>", lambda e: self._schedule_scrollbar(), add="+")
        self._text_value = ""
        self._help_value = ""

    # -- actions (one ladder call each) ---------------------------------------------------
    def hint(self) -> None:
        """The Hint command: climb one rung (a new hint starts at the nudge)."""
        self.lists.end_preview()
        self.show_tab("hint")
        self.ladder.press()

    def apply(self) -> None:
        """Make the hinted step (or undo back to before a mistake) now."""
        self.lists.end_preview()
        self.ladder.apply()

    def try_it(self) -> None:
        """ "Let me try": find the hinted step yourself; the board shows no more than it does now."""
        self.lists.end_preview()
        self.show_tab("hint")
        self.ladder.try_it()

    def show_me(self) -> None:
        """ "Show me": end the try with the whole step."""
        self.lists.end_preview()
        self.show_tab("hint")
        self.ladder.show_me()

    def try_or_show(self) -> None:
        """The try button: "Let me try", or "Show me" while a try is on."""
        if self.ladder.trying:
            self.show_me()
        else:
            self.try_it()

    def close_hint(self) -> None:
        self.stop_solving()
        self.lists.end_preview()
        self.ladder.close()

    def step(self) -> None:
        """The Step command: apply the next logical step at once."""
        self.stop_solving()
        self.lists.end_preview()
        self.show_tab("hint")
        view = self.ladder.step_once()
        if view.kind is HintKind.STEP:
            self._host.say(f"Step: {view.title}. {view.text}")

    def toggle_solving(self) -> None:
        """Solve to the end: show each step, make it, go on; again (or Stop) to stop."""
        if self._solving:
            self.stop_solving()
            return
        self.lists.end_preview()
        self.show_tab("hint")
        self._solving = True
        self.stop_button.pack(fill="x", pady=(0, 4), after=self._buttons)
        self._solve_next()

    def stop_solving(self, reason: str = "") -> None:
        if self._solve_job is not None:
            self.after_cancel(self._solve_job)
            self._solve_job = None
        if self._solving:
            self._solving = False
            self.stop_button.pack_forget()
            self._host.say(reason or "Stopped solving")

    @property
    def is_solving(self) -> bool:
        return self._solving

    def show_all_steps(self) -> None:
        self.show_tab("steps")

    def show_solution_path(self) -> None:
        self.show_tab("path")

    def show_tab(self, name: str) -> None:
        """Show the "hint", "steps" or "path" tab (the lists are computed when shown)."""
        self.notebook.select(_TABS.index(name))
        self._on_tab()  # at once: <<NotebookTabChanged>> arrives later and then finds nothing new

    # -- solving to the end ------------------------------------------------------------------
    def _solve_next(self) -> None:
        self._solve_job = None
        if self._host.board.paused:
            self.stop_solving("Stopped solving: the game is paused")
            return
        view = self.ladder.reveal()
        if view.kind is not HintKind.STEP:
            self.stop_solving(f"Solve to the end: {view.text}")
            return
        self._solve_job = self.after(self.solve_delay_ms, self._solve_apply)

    def _solve_apply(self) -> None:
        self._solve_job = None
        if self._host.board.paused:
            self.stop_solving("Stopped solving: the game is paused")
            return
        view = self.ladder.apply()
        if view.rung is not Rung.APPLIED:
            self.stop_solving(f"Solve to the end stopped: {view.text}")
            return
        if self._host.session.is_solved():
            self.stop_solving("Solved to the end")
            return
        self._solve_job = self.after(self.solve_delay_ms // 2, self._solve_next)

    # -- showing a view -----------------------------------------------------------------------
    def _on_view(self, view: HintView | None) -> None:
        if view is None and self._solving and self._solve_job is not None:
            # The board changed under the animation (the player moved): let the player have it.
            self.stop_solving("Stopped solving: the board changed")
        board = self._host.board
        if view is None:
            if not self.lists.is_previewing:
                board.clear_step()
            self._host.pad_fold.hint_closed()
            self._show_walk_bar(None)
            self._show_try_button(None)
            if self._idle_shown:
                return  # already showing the invitation: a move costs nothing more here
            self._idle_shown = True
            self._rung.configure(text="")
            self._title.configure(text="Hints")
            self._set_body(_IDLE_TEXT, "", "")
            self.next_button.configure(text="Hint")
            self.apply_button.configure(text="Apply")
            self.apply_button.state(["disabled"])
            self.close_button.state(["disabled"])
            self._draw_legend(())
            return
        self._idle_shown = False
        self._rung.configure(text=view.rung_label)
        self._title.configure(text=view.title)
        technique = view.technique
        if view.walking:
            self._set_walk_body(view)
        else:
            heading = f"How it works: {technique.display_name}" if technique else ""
            self._set_body(view.text, heading, view.description)
        # Through the Step rung the next press goes on up the ladder (the fourth makes the move).
        climbing = view.kind is HintKind.STEP and view.rung in (Rung.NUDGE, Rung.PATTERN, Rung.STEP)
        self.next_button.configure(text="Show me" if view.trying else "Next" if climbing else "Hint")
        apply_label = "Undo to there" if view.kind in (HintKind.MISTAKE, HintKind.PROBLEM) else "Apply"
        self.apply_button.configure(text=apply_label)
        self.apply_button.state(["!disabled" if view.can_apply else "disabled"])
        self.close_button.state(["!disabled"])
        self._show_walk_bar(view)
        self._show_try_button(view)
        self._draw_legend(view.legend, view.highlights)
        show_view_on_board(board, view)
        if _wants_room(view):
            self.after_idle(self._make_room)  # once laid out: do the words have room?

    # -- walking through a step -------------------------------------------------------------
    def toggle_walk(self) -> None:
        """Walk me through it (from the first link), or back to the whole step."""
        view = self.ladder.view
        if view is not None and view.walking:
            self.ladder.stop_walking()
        else:
            self.lists.end_preview()
            self.show_tab("hint")
            self.ladder.walk(0)

    def walk_by(self, delta: int) -> bool:
        """One link on (1) or back (-1) in the walk; True when a walk was on show (the keys ← and → call this)."""
        view = self.ladder.view
        if view is None or not view.walking:
            return False
        self.ladder.walk_by(delta)
        return True

    def _show_try_button(self, view: HintView | None) -> None:
        """ "Let me try" under the buttons at rung 1 or 2; "Show me" there while a try's mistake is on show."""
        if view is not None and self.ladder.can_try:
            label = "Let me try"
        elif view is not None and self.ladder.trying and not view.trying:
            label = "Show me"
        else:
            self.try_button.pack_forget()
            return
        self.try_button.configure(text=label)
        if not self.try_button.winfo_manager():
            self.try_button.pack(anchor="w", pady=(0, 4), after=self._buttons)

    def _show_walk_bar(self, view: HintView | None) -> None:
        self.walk_bar.show(view, after=self._buttons)

    def _set_walk_body(self, view: HintView) -> None:
        """The walk so far, one numbered line per step, the current one in bold and scrolled into view."""
        self._text_value, self._help_value = view.text, ""
        theme = self._host.theme
        self._body.configure(background=theme.window, foreground=theme.text)
        write_walk(self._body, view)
        self._schedule_scrollbar()

    def _make_room(self) -> None:
        """With long words (the whole step, a try, a step found), fold the pad away when they would get fewer than
        MIN_LINES lines."""
        if self._tab_shown != "hint" or not self.winfo_ismapped():
            return
        body = self._body
        line = max(1, tkfont.nametofont("SudokuPanel").metrics("linespace"))
        height = body.winfo_height() if body.winfo_ismapped() else 0
        if height / line < MIN_LINES:
            self._host.pad_fold.fold_for_hint()

    # -- the legend -----------------------------------------------------------------------------
    def toggle_legend(self) -> None:
        """Fold the legend to its header line, or open it (kept in Settings)."""
        self._legend_folded = not self._legend_folded
        if self._legend_folded:
            self._legend.pack_forget()
        else:
            self._legend.pack(fill="x", pady=(2, 0))
        settings = self._host.settings
        if settings.legend_folded != self._legend_folded:
            self._host.update_settings(replace(settings, legend_folded=self._legend_folded))
        view = self.ladder.view
        self._draw_legend(view.legend if view is not None else (), view.highlights if view is not None else ())

    def _set_body(self, text: str, heading: str, help_text: str) -> None:
        self._text_value, self._help_value = text, help_text
        body, theme = self._body, self._host.theme
        body.configure(state="normal", background=theme.window, foreground=theme.text)
        body.delete("1.0", "end")
        body.insert("end", text)
        if heading:
            body.insert("end", "\n" + heading, "heading")
        if help_text:
            body.insert("end", "\n" + help_text, "help")
        body.configure(state="disabled")
        if self._scroll_job is None:
            # Whether the text overflows is known once it is laid out.
            self._scroll_job = self.after_idle(self._update_scrollbar)

    def _schedule_scrollbar(self) -> None:
        if self._scroll_job is None:
            self._scroll_job = self.after_idle(self._update_scrollbar)

    def _update_scrollbar(self) -> None:
        self._scroll_job = None
        if self._body.yview() != (0.0, 1.0):
            self._body_scroll.pack(side="right", fill="y", before=self._body)
            view = self.ladder.view
            if view is not None and view.walking:
                self._body.update_idletasks()  # narrower by the scroll bar: the walk's last line moved down
                self._body.yview_moveto(1.0)
            view = self.ladder.view
            if view is not None and _wants_room(view):
                self._make_room()  # laid out now: the words need more room than they have
        else:
            self._body_scroll.pack_forget()

    def _on_scale(self, scale: float) -> None:
        """The panel's fonts changed size with the board: the text column follows."""
        self._set_wrap(self._panel_fonts.wrap)

    def _on_tab_width(self, event: tk.Event) -> None:
        """The panel got wider or narrower (the sash, the window): titles, legend and lists follow its width."""
        view = self.ladder.view
        if view is not None and _wants_room(view):
            self.after_idle(self._make_room)
        width = int(event.width) - 12
        if width > 50 and abs(width - self._wrap) > 4:
            self._set_wrap(width)

    def _set_wrap(self, wrap: int) -> None:
        tab_width = self._hint_tab.winfo_width() - 12 if self._hint_tab.winfo_ismapped() else 0
        self._wrap = max(wrap, tab_width) if tab_width > 50 else wrap
        self._title.configure(wraplength=self._wrap)
        self.lists.set_wrap(self._wrap)
        view = self.ladder.view
        self._draw_legend(view.legend if view is not None else (), view.highlights if view is not None else ())
        self._schedule_scrollbar()

    def fit_height(self, height: int) -> None:
        """Ask for pages ``height`` pixels tall, whatever they hold (more when the panel is stretched)."""
        self.notebook.configure(height=max(120, height))

    def _draw_legend(self, entries: Sequence[tuple[str, str]], highlights: Sequence[Highlight] = ()) -> None:
        if not entries:
            self.legend_toggle.pack_forget()
        elif not self.legend_toggle.winfo_manager():
            if self._legend.winfo_manager():
                self.legend_toggle.pack(fill="x", before=self._legend)
            else:
                self.legend_toggle.pack(fill="x")
        marks = f"{len(entries)} mark{'s' * (len(entries) != 1)}"
        self.legend_toggle.configure(text=f"▸ Legend ({marks})" if self._legend_folded else "▾ Legend")
        draw_legend(self._legend, entries, highlights, self._host.theme, self._fonts["legend"], self._wrap)

    # -- lists ---------------------------------------------------------------------------------
    def _on_tab(self, event: tk.Event | None = None, refresh: bool = False) -> None:
        current = _TABS[self.notebook.index("current")]
        if current == self._tab_shown and not refresh:
            return
        self._tab_shown = current
        if current != "path":
            self.lists.end_preview()
        self.lists.stop_all()  # a list is worked out only while its tab is on show
        if current == "steps":
            self.lists.fill_steps()
        elif current == "path":
            self.lists.fill_path()
        else:
            self._on_view(self.ladder.view)

    def select_step(self, index: int) -> None:
        """Select line ``index`` of All steps (as a click would) and draw it."""
        self.show_tab("steps")
        self.lists.select_step(index)

    def select_path(self, index: int) -> None:
        """Select line ``index`` of the Solution path (as a click would) and preview it."""
        self.show_tab("path")
        self.lists.select_path(index)

    @property
    def is_previewing(self) -> bool:
        return self.lists.is_previewing

    # -- session ------------------------------------------------------------------------------
    def _on_session_change(self) -> None:
        if self.lists.is_previewing:
            self.lists.end_preview()
        if self._tab_shown in ("steps", "path"):
            self._on_tab(refresh=True)  # the lists speak about the board as it is now

    def text(self) -> str:
        """The current rung's text (or the idle invitation)."""
        return self._text_value

    def title_text(self) -> str:
        return str(self._title.cget("text"))

    def rung_text(self) -> str:
        return str(self._rung.cget("text"))

    def legend_text(self) -> str:
        """The legend's labels, in order, one per line."""
        return legend_text(self._legend)

    def help_text(self) -> str:
        """How the hinted technique works ("" when none)."""
        return self._help_value

    def summary_text(self, tab: str) -> str:
        """The summary line above the "steps" or "path" list."""
        return self.lists.summary_text(tab)

    def destroy(self) -> None:
        for job in (self._solve_job, self._scroll_job):
            if job is not None:
                self.after_cancel(job)
        self._solve_job = self._scroll_job = None
        self.lists.destroy()
        self._unsubscribe()
        self._unsubscribe_session()
        self._panel_fonts.unsubscribe(self._on_scale)
        self.ladder.detach()
        super().destroy()
