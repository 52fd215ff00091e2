"""ProgressWindow: Game > Progress…: how the player grows, from the recorded games (not modal; one at a time).

Three tabs under one line of totals (games, solved, abandoned, the daily streak):

- **Times**: per board size and level, the games solved and abandoned, the best time (solved alone) and the
  median; under it the chart of solve times per level over time (ui/progress/chart.py).
- **Techniques**: every technique by family, each marked found alone (✔), met with a hint (◐) or not met
  yet (○), in words as well as marks, with "Practise this" beside it (a practice game through New game's
  practice path; offered for the techniques practice can make).
- **Games**: every record, newest first (day and time; the year is in the CSV): when, the puzzle, level, time, moves, mistakes, the help it had (hints
  asked for, steps made, digits revealed) and how it ended.

Export CSV… writes every record (app/progress/summaries.py); Clear history… asks first, then forgets every game for
every window (app/progress/history.py). The figures come from the app layer; this module only lays them out.
"""

from __future__ import annotations

import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from datetime import date
from functools import partial
from pathlib import Path
from tkinter import filedialog, messagebox, ttk

from sudoku_tk.app.game.clock import format_duration
from sudoku_tk.app.progress.history import ALONE, HINT, FinishedGame, GameHistory, level_name, technique_status
from sudoku_tk.app.progress.summaries import daily_streak, finished_at, history_csv, level_summaries, solve_times
from sudoku_tk.app.storage.atomic_files import atomic_write_text
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.engine.solving.technique_table import ORDER
from sudoku_tk.engine.steps.step import Family, Technique

from ..messages.text_window import SCROLL_STYLE
from ..window.modal_clock import modal
from ..window.theme import Theme
from .chart import SolveTimeChart

STATUS_WORDS = {ALONE: ("✔", "found alone"), HINT: ("◐", "met, with help"), "unmet": ("○", "not met yet")}
"""How each technique status is shown: a mark and the words (the mark alone would lean on shape only)."""
LISTED = tuple(t for t in ORDER if t not in (Technique.PEER_ELIMINATION, Technique.BRUTE_FORCE))
"""The techniques the Techniques tab lists: every one a player can learn (not the automatic peer removal or the
labelled guess)."""


def _kind(size: int, level: str) -> str:
    name = level_name(level)
    return f"{name} {size}×{size}" if name else f"{size}×{size}, no level"


def _time(seconds: float | None) -> str:
    return format_duration(seconds) if seconds is not None else "–"


def how_it_ended(game: FinishedGame) -> str:
    """A game's end in a few words: "solved alone", "solved with help", "given up"."""
    if game.abandoned:
        return "given up"
    return "solved alone" if game.alone and not any(game.hint_rungs) else "solved with help"


def help_taken(game: FinishedGame) -> str:
    """The help a game had: "none", or the hints only shown, the steps made for the player, the digits revealed.

    A step made for the player (Apply, Step) was shown whole too, so ``hint_rungs`` counts it among the hints
    (``GameView.hint_rungs``): the hints said here are the ones shown and not made.

    >>> help_taken(FinishedGame("k", "", "", 9, "", 1.0, hints=1, reveals=2, hint_rungs=(3, 2, 1)))
    '2 hints, 1 step made, 2 revealed'
    """
    parts = [
        f"{n} {what}{'s' * (n != 1 and what != 'revealed')}{tail}"
        for n, what, tail in (
            (max(0, game.hint_rungs[0] - game.hints), "hint", ""),
            (game.hints, "step", " made"),
            (game.reveals, "revealed", ""),
        )
        if n
    ]
    return ", ".join(parts) if parts else "none"


def totals_line(games: list[FinishedGame], today: date) -> str:
    """The line over the tabs: games, solved, given up and the daily streak."""
    solved = sum(1 for g in games if g.solved)
    streak = daily_streak(games, today)
    days = f"{streak} day{'s' * (streak != 1)}"
    return (
        f"{len(games)} game{'s' * (len(games) != 1)}: {solved} solved, {len(games) - solved} given up"
        f"  ·  Daily streak: {days}"
    )


class ProgressWindow(tk.Toplevel):
    """The Progress window over ``master`` for ``history``; ``practise`` starts a practice game for a technique."""

    def __init__(
        self,
        master: tk.Misc,
        history: GameHistory,
        theme: Theme,
        practise: Callable[[Technique], None],
        say: Callable[..., None],
        *,
        practisable: frozenset[Technique] | None = None,
        today: Callable[[], date] = date.today,
    ) -> None:
        super().__init__(master)
        self.title("Progress")
        self.transient(master.winfo_toplevel())
        self._history = history
        self._theme = theme
        self._practise = practise
        self._say = say
        self._today = today
        if practisable is None:
            from sudoku_tk.engine.generating.level_search import offered_practice_techniques
            from sudoku_tk.engine.generating.practice_positions import load_positions

            stored = load_positions()
            practisable = frozenset(offered_practice_techniques()) | {t for t in Technique if stored.of(t)}
        self._practisable = practisable
        self.confirm: Callable[[str], bool] = lambda text: self._ask_yes_no(text)
        """Asks before the history is cleared (tests replace it)."""
        self.ask_csv_path: Callable[[], Path | None] = self._ask_csv_path
        """Asks where to export (tests replace it)."""
        self._build()
        self.set_theme(theme)
        self.show_history(history)
        self.bind("<Escape>", lambda _e: self.destroy())
        self.close_button.focus_set()

    # -- layout ---------------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.geometry(self._placed())
        self.minsize(420, 320)
        self.totals = ttk.Label(self, padding=(10, 8, 10, 4), font="TkHeadingFont")
        self.totals.pack(side="top", fill="x")
        buttons = ttk.Frame(self, padding=(8, 4, 8, 8))
        buttons.pack(side="bottom", fill="x")
        self.export_button = ttk.Button(buttons, text="Export CSV…", command=self.export_csv)
        self.export_button.pack(side="left")
        self.clear_button = ttk.Button(buttons, text="Clear history…", command=self.clear_history)
        self.clear_button.pack(side="left", padx=(6, 0))
        self.close_button = ttk.Button(buttons, text="Close", command=self.destroy)
        self.close_button.pack(side="right")
        self.tabs = ttk.Notebook(self, style="Progress.TNotebook")
        self.tabs.pack(side="top", fill="both", expand=True, padx=8)
        self._build_times()
        self._build_techniques()
        self._build_games()

    def _placed(self) -> str:
        """The window's size and place: 860×600 at most, within the screen, over the middle of the main window."""
        screen_w, screen_h = self.winfo_screenwidth(), self.winfo_screenheight()
        width, height = min(860, screen_w - 40), min(600, screen_h - 80)
        parent = self.master.winfo_toplevel() if self.master else None
        if parent is None or not parent.winfo_viewable():
            return f"{width}x{height}"
        x = parent.winfo_rootx() + (parent.winfo_width() - width) // 2
        y = parent.winfo_rooty() + (parent.winfo_height() - height) // 3
        x = max(0, min(x, screen_w - width))
        y = max(0, min(y, screen_h - height - 40))
        return f"{width}x{height}+{x}+{y}"

    def _build_times(self) -> None:
        tab = ttk.Frame(self.tabs, padding=6)
        self.tabs.add(tab, text="Times")
        columns = ("level", "solved", "abandoned", "best", "median")
        self.levels = ttk.Treeview(
            tab, columns=columns, show="headings", height=5, selectmode="none", style="Progress.Treeview"
        )
        for column, heading in zip(columns, ("Level", "Solved", "Given up", "Best alone", "Median"), strict=True):
            self.levels.heading(column, text=heading)
            width = max(self._text_width(heading) + 24, 120 if column == "level" else 60)
            self.levels.column(column, width=width, anchor="w" if column == "level" else "e", stretch=column == "level")
        self.levels.pack(side="top", fill="x")
        ttk.Label(tab, text="Solve times per level (9×9), oldest game on the left", padding=(0, 8, 0, 2)).pack(
            side="top", anchor="w"
        )
        self.chart = SolveTimeChart(tab, self._theme)
        self.chart.pack(side="top", fill="both", expand=True)

    def _build_techniques(self) -> None:
        tab = ttk.Frame(self.tabs, padding=6)
        self.tabs.add(tab, text="Techniques")
        self.technique_totals = ttk.Label(tab, padding=(0, 0, 0, 4))
        self.technique_totals.pack(side="top", fill="x")
        holder = ttk.Frame(tab)
        holder.pack(side="top", fill="both", expand=True)
        self._list_canvas = tk.Canvas(holder, highlightthickness=0, borderwidth=0)
        bar = ttk.Scrollbar(holder, orient="vertical", command=self._list_canvas.yview, style=SCROLL_STYLE)
        self._list_canvas.configure(yscrollcommand=bar.set)
        bar.pack(side="right", fill="y")
        self._list_canvas.pack(side="left", fill="both", expand=True)
        self._list = ttk.Frame(self._list_canvas)
        window = self._list_canvas.create_window(0, 0, window=self._list, anchor="nw")
        self._list.bind(
            "<Configure>", lambda _e: self._list_canvas.configure(scrollregion=self._list_canvas.bbox("all"))
        )
        self._list_canvas.bind("<Configure>", lambda e: self._list_canvas.itemconfigure(window, width=e.width))
        for widget in (self._list_canvas, self._list):
            widget.bind("<MouseWheel>", self._wheel, add="+")
            widget.bind("<Button-4>", self._wheel, add="+")
            widget.bind("<Button-5>", self._wheel, add="+")
        self.technique_labels: dict[Technique, ttk.Label] = {}
        self.practise_buttons: dict[Technique, ttk.Button] = {}
        row = 0
        self._list.columnconfigure(1, weight=1)
        for family in Family:
            members = [t for t in LISTED if t.family is family]
            if not members:
                continue
            heading = ttk.Label(self._list, text=family.value, font="TkHeadingFont", padding=(0, 6, 0, 2))
            heading.grid(row=row, column=0, columnspan=3, sticky="w")
            row += 1
            for technique in members:
                ttk.Label(self._list, text=technique.display_name, padding=(12, 1, 8, 1)).grid(
                    row=row, column=0, sticky="w"
                )
                status = ttk.Label(self._list, padding=(0, 1, 8, 1))
                status.grid(row=row, column=1, sticky="w")
                self.technique_labels[technique] = status
                if technique in self._practisable:
                    button = ttk.Button(
                        self._list, text="Practise this", command=partial(self._practise_now, technique)
                    )
                    button.grid(row=row, column=2, sticky="e", pady=1, padx=(0, 4))
                    self.practise_buttons[technique] = button
                row += 1
        for child in self._list.winfo_children():
            child.bind("<MouseWheel>", self._wheel, add="+")
            child.bind("<Button-4>", self._wheel, add="+")
            child.bind("<Button-5>", self._wheel, add="+")

    def _fit_columns(self, event: tk.Event) -> None:
        """Share the table's width among its columns: each gives a little on a small screen, and the puzzle and
        help columns take what is left on a large one."""
        total = sum(self._widths.values())
        room = max(event.width - 4, 100)
        scale = min(1.0, room / total)
        widths = {c: int(w * scale) for c, w in self._widths.items()}
        spare = room - sum(widths.values())
        if spare > 0:
            widths["name"] += spare * 2 // 3
            widths["help"] += spare - spare * 2 // 3
        for column, width in widths.items():
            self.games.column(column, width=width)

    def _text_width(self, text: str) -> int:
        return int(tkfont.nametofont("TkDefaultFont", self).measure(text))

    def _wheel(self, event: tk.Event) -> str:
        delta = -1 if getattr(event, "num", 0) == 4 or getattr(event, "delta", 0) > 0 else 1
        self._list_canvas.yview_scroll(delta * 2, "units")
        return "break"

    def _build_games(self) -> None:
        tab = ttk.Frame(self.tabs, padding=6)
        self.tabs.add(tab, text="Games")
        tab.rowconfigure(0, weight=1)
        tab.columnconfigure(0, weight=1)
        columns = ("finished", "name", "level", "time", "moves", "mistakes", "help", "end")
        headings = ("When", "Puzzle", "Level", "Time", "Moves", "Mistakes", "Help", "Result")
        samples = ("30 Nov 10:00", "Medium 10", "Extreme", "1:02:03", "000", "00", "2 hints", "solved with help")
        self.games = ttk.Treeview(tab, columns=columns, show="headings", selectmode="browse", style="Progress.Treeview")
        self._widths: dict[str, int] = {}
        for column, heading, sample in zip(columns, headings, samples, strict=True):
            self.games.heading(column, text=heading)
            numeric = column in ("time", "moves", "mistakes")
            self._widths[column] = max(self._text_width(heading), self._text_width(sample)) + 20
            self.games.column(column, width=self._widths[column], anchor="e" if numeric else "w", stretch=False)
        self.games.bind("<Configure>", self._fit_columns, add="+")
        down = ttk.Scrollbar(tab, orient="vertical", command=self.games.yview, style=SCROLL_STYLE)
        self.games.configure(yscrollcommand=down.set)
        self.games.grid(row=0, column=0, sticky="nsew")
        down.grid(row=0, column=1, sticky="ns")

    # -- content --------------------------------------------------------------------------------------------
    def show_history(self, history: GameHistory) -> None:
        """Show ``history``'s games (again, after a game was recorded or the history read anew)."""
        self._history = history
        games = history.games
        self.totals.configure(text=totals_line(games, self._today()))
        self.levels.delete(*self.levels.get_children())
        for s in level_summaries(games):
            self.levels.insert(
                "", "end", values=(_kind(s.size, s.level), s.solved, s.abandoned, _time(s.best), _time(s.median))
            )
        if not games:
            self.levels.insert("", "end", values=("No games yet", "", "", "", ""))
        self.chart.show(solve_times(games))
        status = technique_status(games)
        for technique, label in self.technique_labels.items():
            mark, words = STATUS_WORDS[status[technique]]
            label.configure(text=f"{mark} {words}", style=f"{status[technique].capitalize()}.Progress.TLabel")
        counts = [sum(1 for t in LISTED if status[t] == key) for key in (ALONE, HINT, "unmet")]
        self.technique_totals.configure(
            text=f"Found alone: {counts[0]}  ·  Met, with help: {counts[1]}  ·  Not met yet: {counts[2]}"
            f"  (of {len(LISTED)})"
        )
        self.games.delete(*self.games.get_children())
        for g in games:
            when = finished_at(g)
            row = (
                f"{when:%d %b %H:%M}" if when is not None else g.finished,
                g.name,
                level_name(g.level) or "–",
                format_duration(g.seconds),
                g.moves,
                g.mistakes,
                help_taken(g),
                how_it_ended(g),
            )
            self.games.insert("", "end", values=row)

    def technique_text(self, technique: Technique) -> str:
        """What the Techniques tab says of ``technique`` (its mark and words)."""
        return str(self.technique_labels[technique].cget("text"))

    def level_rows(self) -> list[tuple[str, ...]]:
        """The rows of the Times table, as shown."""
        return [tuple(str(v) for v in self.levels.item(i, "values")) for i in self.levels.get_children()]

    def game_rows(self) -> list[tuple[str, ...]]:
        """The rows of the Games table, as shown."""
        return [tuple(str(v) for v in self.games.item(i, "values")) for i in self.games.get_children()]

    # -- actions --------------------------------------------------------------------------------------------
    def _practise_now(self, technique: Technique) -> None:
        self._practise(technique)

    def export_csv(self) -> None:
        """Ask where, then write every game as CSV."""
        path = self.ask_csv_path()
        if path is None:
            return
        games = self._history.games
        try:
            atomic_write_text(path, history_csv(games), backup=False)
        except (OSError, SaveFileError) as exc:
            self._say(f"Can't export the history to {path.name}: {exc}", error=True)
            return
        self._say(f"Exported {len(games)} game{'s' * (len(games) != 1)} to {path}")

    def _ask_csv_path(self) -> Path | None:
        with modal(self):
            answer = filedialog.asksaveasfilename(
                parent=self,
                title="Export the game history",
                initialfile="sudoku-tk-history.csv",
                defaultextension=".csv",
                filetypes=[("CSV files", "*.csv"), ("All files", "*")],
            )
        if not isinstance(answer, str) or not answer:
            return None
        path = Path(answer)
        return path if path.suffix else path.with_name(path.name + ".csv")

    def clear_history(self) -> None:
        """Ask, then forget every game (in every window's history)."""
        count = len(self._history.games)
        if not count:
            self._say("The history is empty already")
            return
        if not self.confirm(f"Forget all {count} recorded games? This can't be undone (Export CSV… keeps a copy)."):
            return
        try:
            self._history.clear()
        except OSError as exc:
            self._say(f"The game history could not be cleared ({exc}).", error=True)
        else:
            self._say("The game history was cleared")
        self.show_history(self._history)

    def _ask_yes_no(self, text: str) -> bool:
        with modal(self):
            return bool(messagebox.askyesno("Clear history", text, parent=self, icon="warning", default="no"))

    def set_theme(self, theme: Theme) -> None:
        """Colour the window, its list and its chart with ``theme``."""
        self._theme = theme
        background = ttk.Style(self).lookup("TFrame", "background") or theme.window
        self.configure(background=background)
        self._list_canvas.configure(background=background)
        style = ttk.Style(self)
        dark = theme.name == "dark"
        style.configure("Alone.Progress.TLabel", foreground="#81c784" if dark else "#2e7d32")
        style.configure("Hint.Progress.TLabel", foreground="#ffb74d" if dark else "#a35200")
        style.configure("Unmet.Progress.TLabel", foreground=theme.text)
        # The window's own styles for what the main window never shows (tables and tabs), in the theme's colours.
        style.configure(
            "Progress.Treeview",
            background=theme.board,
            fieldbackground=theme.board,
            foreground=theme.text,
            bordercolor=theme.thin_line,
        )
        style.map("Progress.Treeview", background=[("selected", theme.digit_bg)], foreground=[("selected", theme.text)])
        style.configure("Progress.Treeview.Heading", background=background, foreground=theme.text)
        style.map("Progress.Treeview.Heading", background=[("active", theme.seen_bg)])
        style.configure("Progress.TNotebook", background=background, bordercolor=theme.thin_line)
        style.configure("Progress.TNotebook.Tab", background=background, foreground=theme.text, padding=(10, 3))
        style.map(
            "Progress.TNotebook.Tab",
            background=[("selected", theme.board), ("active", theme.seen_bg)],
            foreground=[("selected", theme.text)],
        )
        self.chart.set_theme(theme)


__all__ = ["LISTED", "ProgressWindow", "help_taken", "how_it_ended", "totals_line"]
