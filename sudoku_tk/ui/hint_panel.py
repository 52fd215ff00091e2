"""The hint panel beside the board: the hint ladder's text and buttons, all steps, the solution path, and the
Hint / Step / Solve-to-the-end commands.

``install_hints(app)`` packs a ``HintPanel`` into ``App.side_panel`` and adds its
commands to ``App.commands`` (menu "Hint"; Hint on H and F1, Step on S, Solve to
the end on Shift+S; Hint and Step also on the toolbar). The panel is thin: every
button is one ``HintLadder`` call (``app/hints.py``), and the view that comes back
is shown here and drawn on the board with ``BoardCanvas.show_highlights``.

Three tabs:

- **Hint**: the rung ("Hint 2 of 4: the pattern"), the technique, the rung's text, a
  legend of the shapes on the board, Next / Apply / Close, and a paragraph on how
  the technique works in general.
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
from tkinter import ttk
from typing import TYPE_CHECKING, Callable, Optional, Sequence, Tuple

from sudoku_tk.app.commands import Command, Shortcut
from sudoku_tk.app.hints import HintKind, HintLadder, HintView, PathView, Rung, StepsView
from sudoku_tk.engine.step import Highlight, HighlightRole

from .board_layout import Rect
from .board_canvas import role_shape

if TYPE_CHECKING:
    from .app import App

SOLVE_DELAY_MS = 900
"""How long Solve to the end shows each step before making it (then half that before the next)."""
PANEL_INCHES = 3.1
"""The panel's text width."""
PAGES_MIN_INCHES = 1.8
"""The tabs' pages ask for this much height; they grow to fill the space beside the board."""

_TABS = ("hint", "steps", "path")
_IDLE_TEXT = ("Press H (or F1) for a hint. The first press says where to look, the second draws the pattern, "
              "the third shows the whole step, and the fourth makes the move for you.")


class HintPanel(ttk.Frame):
    """The side panel of hints for one App (see the module docstring)."""

    def __init__(self, master: tk.Misc, app: "App") -> None:
        super().__init__(master)
        self.app = app
        self.ladder = HintLadder(app.session, app.settings.enabled_techniques())
        self.solve_delay_ms = SOLVE_DELAY_MS
        self._solve_job: Optional[str] = None
        self._solving = False
        self._steps: Optional[StepsView] = None
        self._path: Optional[PathView] = None
        self._preview: Optional[int] = None
        self._preview_tag = f"HintPreview{id(self)}"
        self._tab_shown = "hint"
        self._idle_shown = False
        self._scroll_job: Optional[str] = None
        inch = self.winfo_fpixels("1i")
        self._wrap = int(PANEL_INCHES * inch)
        base = tkfont.nametofont("TkDefaultFont", self)
        size = abs(int(base.actual("size"))) or 10
        self._fonts = {
            "title": tkfont.Font(self, family=base.actual("family"), size=-round(size * 1.25 * inch / 72),
                                 weight="bold"),
            "small": tkfont.Font(self, family=base.actual("family"), size=-round((size - 1) * inch / 72)),
            "small_bold": tkfont.Font(self, family=base.actual("family"), size=-round((size - 1) * inch / 72),
                                      weight="bold"),
            "legend": tkfont.Font(self, family=base.actual("family"), size=-round((size - 1) * inch / 72)),
        }
        self._themed = ""
        self._build()
        self._apply_theme()
        self.bind("<<ThemeChanged>>", lambda e: self._apply_theme(), add="+")
        self._unsubscribe = self.ladder.subscribe(self._on_view)
        self._unsubscribe_session = app.session.subscribe(lambda change: self._on_session_change())
        self._install_preview_guard()
        self._on_view(None)

    # -- building ---------------------------------------------------------------------
    def _apply_theme(self) -> None:
        """Give the Tk widgets (text, legend, lists) and the tabs the app's theme; ttk widgets follow by
        themselves. Called on <<ThemeChanged>>, which the app's restyling sends."""
        theme = self.app.theme
        if theme.name == self._themed:
            return
        self._themed = theme.name
        style = ttk.Style(self)
        style.configure("Hint.TNotebook", background=theme.window)
        style.configure("Hint.TNotebook.Tab", background=theme.window, foreground=theme.text)
        style.map("Hint.TNotebook.Tab", background=[("selected", theme.board)],
                  foreground=[("selected", theme.text)])
        self._body.configure(background=theme.window, foreground=theme.text)
        self._legend.configure(background=theme.window)
        for listbox in (self.steps_list, self.path_list):
            listbox.configure(background=theme.board, foreground=theme.text, selectbackground=theme.digit_bg,
                              selectforeground=theme.text)
        view = self.ladder.view
        if view is not None:
            self._draw_legend(view.legend, view.highlights)

    def _build(self) -> None:
        self.notebook = ttk.Notebook(self, style="Hint.TNotebook")
        self.notebook.pack(fill="both", expand=True)
        self._build_hint_tab()
        self._build_list_tabs()
        self.notebook.bind("<<NotebookTabChanged>>", self._on_tab)

    def _build_hint_tab(self) -> None:
        tab = ttk.Frame(self.notebook, padding=(6, 6))
        self.notebook.add(tab, text="Hint")
        self._rung = ttk.Label(tab, font=self._fonts["small"], anchor="w")
        self._rung.pack(fill="x")
        self._title = ttk.Label(tab, font=self._fonts["title"], anchor="w", wraplength=self._wrap)
        self._title.pack(fill="x", pady=(2, 4))
        # Buttons and legend sit above the text, so a long explanation can never push them out of sight.
        buttons = ttk.Frame(tab)
        buttons.pack(fill="x", pady=(0, 4))
        self.next_button = ttk.Button(buttons, text="Hint", takefocus=0, command=self.hint)
        self.apply_button = ttk.Button(buttons, text="Apply", takefocus=0, command=self.apply)
        self.close_button = ttk.Button(buttons, text="Close", takefocus=0, command=self.close_hint)
        for b in (self.next_button, self.apply_button, self.close_button):
            b.pack(side="left", padx=(0, 4))
        self.stop_button = ttk.Button(tab, text="Stop solving", takefocus=0, command=self.stop_solving)
        self._buttons = buttons
        self._legend = tk.Canvas(tab, width=self._wrap, height=1, highlightthickness=0, takefocus=0)
        self._legend.pack(fill="x", pady=(2, 4))
        # The rung's text and how the technique works share one text area that takes the room left and
        # scrolls when it needs more, so the panel never grows past the board (the window would jump).
        frame = ttk.Frame(tab)
        frame.pack(fill="both", expand=True)
        theme = self.app.theme
        self._body = tk.Text(frame, wrap="word", height=4, width=1, borderwidth=0, highlightthickness=0,
                             font="TkDefaultFont", background=theme.window, foreground=theme.text,
                             cursor="arrow", takefocus=0, spacing2=1)
        self._body.tag_configure("heading", font=self._fonts["small_bold"], spacing1=10, spacing3=2)
        self._body.tag_configure("help", font=self._fonts["small"])
        self._body_scroll = ttk.Scrollbar(frame, orient="vertical", command=self._body.yview)
        self._body.configure(yscrollcommand=self._body_scroll.set, state="disabled")
        self._body.pack(side="left", fill="both", expand=True)
        self._text_value = ""
        self._help_value = ""

    def _build_list_tabs(self) -> None:
        self.steps_list, self._steps_summary = self._list_tab("All steps", self._on_step_selected)
        self.path_list, self._path_summary = self._list_tab("Solution path", self._on_path_selected)

    def _list_tab(self, title: str, on_select: Callable[[], None]) -> Tuple[tk.Listbox, ttk.Label]:
        tab = ttk.Frame(self.notebook, padding=(6, 6))
        self.notebook.add(tab, text=title)
        summary = ttk.Label(tab, anchor="w", justify="left", wraplength=self._wrap)
        summary.pack(fill="x", pady=(0, 6))
        box = ttk.Frame(tab)
        box.pack(fill="both", expand=True)
        theme = self.app.theme
        listbox = tk.Listbox(box, height=4, width=1, activestyle="dotbox", exportselection=False,
                             background=theme.board, foreground=theme.text, selectbackground=theme.digit_bg,
                             selectforeground=theme.text, highlightthickness=1, font=self._fonts["small"])
        scroll = ttk.Scrollbar(box, orient="vertical", command=listbox.yview)
        listbox.configure(yscrollcommand=scroll.set)
        scroll.pack(side="right", fill="y")
        listbox.pack(side="left", fill="both", expand=True)
        listbox.bind("<<ListboxSelect>>", lambda e: on_select())
        return listbox, summary

    # -- actions (one ladder call each) ---------------------------------------------------
    def hint(self) -> None:
        """The Hint command: climb one rung (a new hint starts at the nudge)."""
        self._end_preview()
        self.show_tab("hint")
        self.ladder.press()

    def apply(self) -> None:
        """Make the hinted step (or undo back to before a mistake) now."""
        self._end_preview()
        self.ladder.apply()

    def close_hint(self) -> None:
        self.stop_solving()
        self._end_preview()
        self.ladder.close()

    def step(self) -> None:
        """The Step command: apply the next logical step at once."""
        self.stop_solving()
        self._end_preview()
        self.show_tab("hint")
        view = self.ladder.step_once()
        if view.kind is HintKind.STEP:
            self.app.say(f"Step: {view.title}. {view.text}")

    def toggle_solving(self) -> None:
        """Solve to the end: show each step, make it, go on; again (or Stop) to stop."""
        if self._solving:
            self.stop_solving()
            return
        self._end_preview()
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
            self.app.say(reason or "Stopped solving")

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
        if self.app.board.paused:
            self.stop_solving("Stopped solving: the game is paused")
            return
        view = self.ladder.reveal()
        if view.kind is not HintKind.STEP:
            self.stop_solving(f"Solve to the end: {view.text}")
            return
        self._solve_job = self.after(self.solve_delay_ms, self._solve_apply)

    def _solve_apply(self) -> None:
        self._solve_job = None
        if self.app.board.paused:
            self.stop_solving("Stopped solving: the game is paused")
            return
        view = self.ladder.apply()
        if view.rung is not Rung.APPLIED:
            self.stop_solving(f"Solve to the end stopped: {view.text}")
            return
        if self.app.session.is_solved():
            self.stop_solving("Solved to the end")
            return
        self._solve_job = self.after(self.solve_delay_ms // 2, self._solve_next)

    # -- showing a view -----------------------------------------------------------------------
    def _on_view(self, view: Optional[HintView]) -> None:
        if view is None and self._solving and self._solve_job is not None:
            # The board changed under the animation (the player moved): let the player have it.
            self.stop_solving("Stopped solving: the board changed")
        board = self.app.board
        if view is None:
            if self._preview is None:
                board.clear_step()
            if self._idle_shown:
                return  # already showing the invitation: a move costs nothing more here
            self._idle_shown = True
            self._rung.configure(text="")
            self._title.configure(text="Hints")
            self._set_body(_IDLE_TEXT, "", "")
            self.next_button.configure(text="Hint")
            self.apply_button.state(["disabled"])
            self.close_button.state(["disabled"])
            self._draw_legend(())
            return
        self._idle_shown = False
        self._rung.configure(text=view.rung_label)
        self._title.configure(text=view.title)
        technique = view.technique
        self._set_body(view.text, f"How it works: {technique.display_name}" if technique else "", view.description)
        # Through the Step rung the next press goes on up the ladder (the fourth makes the move).
        climbing = view.kind is HintKind.STEP and view.rung in (Rung.NUDGE, Rung.PATTERN, Rung.STEP)
        self.next_button.configure(text="Next" if climbing else "Hint")
        apply_label = "Undo to there" if view.kind in (HintKind.MISTAKE, HintKind.PROBLEM) else "Apply"
        self.apply_button.configure(text=apply_label)
        self.apply_button.state(["!disabled" if view.can_apply else "disabled"])
        self.close_button.state(["!disabled"])
        self._draw_legend(view.legend, view.highlights)
        if view.highlights or view.links:
            board.show_highlights(view.highlights, view.links, numbered=_is_chain(view))
        else:
            board.clear_step()

    def _set_body(self, text: str, heading: str, help_text: str) -> None:
        self._text_value, self._help_value = text, help_text
        body, theme = self._body, self.app.theme
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

    def _update_scrollbar(self) -> None:
        self._scroll_job = None
        if self._body.yview() != (0.0, 1.0):
            self._body_scroll.pack(side="right", fill="y", before=self._body)
        else:
            self._body_scroll.pack_forget()

    def fit_height(self, height: int) -> None:
        """Ask for pages ``height`` pixels tall, whatever they hold (more when the panel is stretched)."""
        self.notebook.configure(height=max(120, height))

    def _draw_legend(self, entries: Sequence[Tuple[str, str]], highlights: Sequence[Highlight] = ()) -> None:
        """A swatch per role on show, drawn as the board draws it (a candidate's shape, or a shaded outlined
        square for whole cells and units), two to a row."""
        canvas, theme = self._legend, self.app.theme
        canvas.delete("all")
        canvas.configure(background=theme.window)
        if not entries:
            canvas.configure(height=1)
            return
        line = self._fonts["legend"].metrics("linespace") + 6
        swatch = line - 6
        col = self._wrap // 2
        # Two to a row when every label fits beside its swatch in half the width; one to a row otherwise.
        widest = max(self._fonts["legend"].measure(label) for _, label in entries)
        per_row = 2 if widest + swatch * 1.6 + 12 <= col else 1
        for i, (key, label) in enumerate(entries):
            x, y = (i % per_row) * col, (i // per_row) * line + 3
            tags = ("legend", f"legend-{key}")
            if key in ("strong", "weak"):
                canvas.create_line(x + 1, y + swatch / 2, x + swatch * 1.6, y + swatch / 2, fill=theme.link,
                                   width=2, dash=() if key == "strong" else (5, 4), arrow="last",
                                   arrowshape=(6, 7, 3), tags=tags)
                label = "strong link" if key == "strong" else "weak link"
            else:
                role = HighlightRole(key)
                style = theme.role(role)
                rect = Rect(x + 1, y, x + 1 + swatch, y + swatch)
                if any(h.role is role and h.digits for h in highlights):
                    role_shape(canvas, rect, style, tags)
                else:
                    canvas.create_rectangle(*rect.coords(), fill=style.fill, outline=style.outline,
                                            width=min(style.width, 2), dash=style.dash or (), tags=tags)
            canvas.create_text(x + swatch * 1.6 + 6, y + swatch / 2, text=label, anchor="w",
                               font=self._fonts["legend"], fill=theme.text, tags=tags)
        canvas.configure(height=((len(entries) + per_row - 1) // per_row) * line + 2)

    # -- lists ---------------------------------------------------------------------------------
    def _on_tab(self, event: Optional[tk.Event] = None, refresh: bool = False) -> None:
        current = _TABS[self.notebook.index("current")]
        if current == self._tab_shown and not refresh:
            return
        self._tab_shown = current
        if current != "path":
            self._end_preview()
        if current == "steps":
            self._fill_steps()
        elif current == "path":
            self._fill_path()
        else:
            self._on_view(self.ladder.view)

    def _fill_steps(self) -> None:
        view = self.ladder.all_steps()
        self._steps = view
        self._steps_summary.configure(text=view.summary)
        self.steps_list.delete(0, "end")
        for label in view.labels:
            self.steps_list.insert("end", label)
        self._show_blocked(view.blocked)

    def _fill_path(self) -> None:
        self._end_preview()
        view = self.ladder.solution_path()
        self._path = view
        self._path_summary.configure(text=view.summary)
        self.path_list.delete(0, "end")
        for entry in view.entries:
            self.path_list.insert("end", entry.label)
        if view.end_label:
            self.path_list.insert("end", view.end_label)
        self._show_blocked(view.blocked)

    def _show_blocked(self, blocked: Optional[HintView]) -> None:
        board = self.app.board
        if blocked is not None and blocked.highlights:
            board.show_highlights(blocked.highlights, blocked.links)
        else:
            board.clear_step()

    def select_step(self, index: int) -> None:
        """Select line ``index`` of All steps (as a click would) and draw it."""
        self.show_tab("steps")
        self._select(self.steps_list, index)
        self._on_step_selected()

    def select_path(self, index: int) -> None:
        """Select line ``index`` of the Solution path (as a click would) and preview it."""
        self.show_tab("path")
        self._select(self.path_list, index)
        self._on_path_selected()

    def _select(self, listbox: tk.Listbox, index: int) -> None:
        listbox.selection_clear(0, "end")
        listbox.selection_set(index)
        listbox.see(index)

    def _on_step_selected(self) -> None:
        picked = self.steps_list.curselection()
        if not picked or self._steps is None or picked[0] >= len(self._steps.steps):
            return
        step = self._steps.steps[picked[0]]
        self.app.board.show_step(step)
        self.app.say(step.explanation)

    def _on_path_selected(self) -> None:
        picked = self.path_list.curselection()
        view = self._path
        if not picked or view is None or not view.grids:
            return
        index = picked[0]
        board = self.app.board
        self._preview = index
        board.render(view.position_at(index))
        if index < len(view.entries):
            board.show_step(view.entries[index].step)
            self.app.say(f"Preview before step {index + 1} (click the board to go back): "
                         f"{view.entries[index].step.explanation}")
        else:
            board.clear_step()
            self.app.say(f"Preview where the path ends (click the board to go back): {view.end_label}")

    @property
    def is_previewing(self) -> bool:
        return self._preview is not None

    def _end_preview(self) -> None:
        if self._preview is None:
            return
        self._preview = None
        self.path_list.selection_clear(0, "end")
        board = self.app.board
        board.render(self.app.session.position)
        view = self.ladder.view
        if view is not None and (view.highlights or view.links):
            board.show_highlights(view.highlights, view.links, numbered=_is_chain(view))
        else:
            board.clear_step()
        self.app.say("Back to your game")

    def _install_preview_guard(self) -> None:
        """While the board shows a preview, a click on it returns to the game instead of making a move."""
        board = self.app.board
        board.bindtags((self._preview_tag,) + tuple(board.bindtags()))
        for sequence in ("<Button-1>", "<Button-2>", "<Button-3>", "<Motion>"):
            board.bind_class(self._preview_tag, sequence, self._guard)

    def _guard(self, event: tk.Event) -> Optional[str]:
        if self._preview is None:
            return None
        if event.type == tk.EventType.Motion:
            return "break"  # the "why?" display would explain the real board, not the preview
        self._end_preview()
        return "break"

    # -- session ------------------------------------------------------------------------------
    def _on_session_change(self) -> None:
        if self._preview is not None:
            self._end_preview()
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
        canvas = self._legend
        return "\n".join(canvas.itemcget(i, "text") for i in canvas.find_all() if canvas.type(i) == "text")

    def help_text(self) -> str:
        """How the hinted technique works ("" when none)."""
        return self._help_value

    def summary_text(self, tab: str) -> str:
        """The summary line above the "steps" or "path" list."""
        label = self._steps_summary if tab == "steps" else self._path_summary
        return str(label.cget("text"))

    def destroy(self) -> None:
        for job in (self._solve_job, self._scroll_job):
            if job is not None:
                self.after_cancel(job)
        self._solve_job = self._scroll_job = None
        self._unsubscribe()
        self._unsubscribe_session()
        self.ladder.detach()
        super().destroy()


def _is_chain(view: HintView) -> bool:
    """Is the hint a chain (or a forcing net's branches), whose nodes the board numbers?"""
    return view.step is not None and bool(view.step.chain)


def install_hints(app: "App") -> HintPanel:
    """Add the hint panel under the number pad and the hint commands to the app's registry; return the panel."""
    panel = HintPanel(app.side_panel, app)
    panel.pack(side="top", fill="both", expand=True, pady=(10, 0))
    # Ask for little height: the side panel is stretched to the board's height anyway and the pages fill
    # it, while a tall request would make the window taller than the board (and jump as texts change).
    panel.fit_height(int(PAGES_MIN_INCHES * app.winfo_fpixels("1i")))
    add, sc = app.commands.add, Shortcut.parse

    def playing() -> bool:
        return not app.board.paused  # a hint would show what the pause hides

    def can_apply() -> bool:
        view = panel.ladder.view
        return playing() and view is not None and view.can_apply

    def unsolved() -> bool:
        return playing() and not app.session.is_solved()

    add(Command("hint", "Hint", panel.hint, playing, shortcuts=(sc("h"), sc("F1")), menu="Hint", group="ladder",
                toolbar=True, help="Where to look, then the pattern, then the whole step, then the move"))
    add(Command("hint-apply", "Apply hint", panel.apply, can_apply, menu="Hint", group="ladder",
                help="Make the hinted step now"))
    add(Command("hint-close", "Close hint", panel.close_hint, lambda: panel.ladder.view is not None, menu="Hint",
                group="ladder"))
    add(Command("step", "Step", panel.step, unsolved, shortcuts=(sc("s"),), menu="Hint", group="solve",
                toolbar=True, help="Apply the next logical step"))
    add(Command("solve-to-end", "Solve to the end", panel.toggle_solving,
                lambda: panel.is_solving or unsolved(), shortcuts=(sc("Shift+S"),), menu="Hint", group="solve",
                toolbar=True, is_checked=lambda: panel.is_solving,
                help="Watch the puzzle solve itself, step by step; again to stop"))
    add(Command("all-steps", "Show all steps", panel.show_all_steps, playing, menu="Hint", group="lists"))
    add(Command("solution-path", "Solution path", panel.show_solution_path, playing, menu="Hint",
                group="lists"))

    def choose_techniques() -> None:
        from .techniques_dialog import TechniquesDialog

        dialog = TechniquesDialog(app.root, app.settings.enabled_techniques())
        if dialog.result is not None:
            app.update_settings(app.settings.with_techniques(dialog.result))

    add(Command("techniques", "Techniques…", choose_techniques, menu="Hint", group="config",
                help="Choose the techniques hints and the solver use"))
    app.rebuild_menus()
    return panel
