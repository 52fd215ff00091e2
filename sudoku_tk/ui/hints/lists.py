"""The hint panel's two list tabs: All steps (every step available now) and Solution path (the solver's path).

Selecting a step draws it on the board. Selecting a line of the path shows the board
at that point with its step drawn: a preview, which a click on the board, another tab
or any move ends (``end_preview`` puts the real board and the hint back). Lists are
filled by ``HintLadder`` (``app/hints/ladder.py``); here are only the widgets and the board.

A list is worked out on a thread of its own (the ladder's job reads the board first,
then touches nothing shared), so the window never waits for it: the tab says
"Working…" with a Stop button, and a new board (a move) stops the old job and starts
another. Results are taken in on Tk's thread, by polling.
"""

from __future__ import annotations

import sys
import threading
import time
import tkinter as tk
import tkinter.font as tkfont
from collections.abc import Callable
from tkinter import ttk
from typing import Any

from sudoku_tk.app.hints.ladder import HintLadder, ListJob
from sudoku_tk.app.hints.views import HintView, PathView, StepsView

from ..board.canvas import BoardCanvas
from ..window.ports import HintHost
from ..window.theme import Theme


def show_view_on_board(board: BoardCanvas, view: HintView | None) -> None:
    """Draw a hint view's highlights and links (a chain's nodes numbered, a walk's current node marked), or clear
    the step drawing when it has none."""
    if view is not None and (view.highlights or view.links):
        board.show_highlights(view.highlights, view.links, nodes=view.numbered, current=view.current_node)
    else:
        board.clear_step()


class HintLists:
    """The All steps and Solution path tabs of ``notebook``, and the board preview of a path line."""

    def __init__(
        self, notebook: ttk.Notebook, host: HintHost, ladder: HintLadder, font: tkfont.Font, wrap: int
    ) -> None:
        self._host = host
        self._ladder = ladder
        self._font = font
        self._wrap = wrap
        self._steps: StepsView | None = None
        self._path: PathView | None = None
        self._preview: int | None = None
        self._preview_tag = f"HintPreview{id(self)}"
        self._summaries: list[ttk.Label] = []
        self._stops: dict[str, ttk.Button] = {}
        self._details: dict[str, ttk.Label] = {}
        self._runs: dict[str, _Run] = {}
        self._poll_job: str | None = None
        self.steps_list, self._steps_summary = self._list_tab(notebook, "All steps", self._on_step_selected)
        self.path_list, self._path_summary = self._list_tab(notebook, "Solution path", self._on_path_selected)
        self._install_preview_guard()

    def set_wrap(self, wrap: int) -> None:
        """Wrap the tabs' summaries at ``wrap`` pixels (the panel's text width changed)."""
        self._wrap = wrap
        for summary in self._summaries:
            summary.configure(wraplength=wrap)

    def _list_tab(
        self, notebook: ttk.Notebook, title: str, on_select: Callable[[], None]
    ) -> tuple[tk.Listbox, ttk.Label]:
        tab = ttk.Frame(notebook, padding=(6, 6))
        notebook.add(tab, text=title)
        head = ttk.Frame(tab)
        head.pack(fill="x", pady=(0, 6))
        kind = "steps" if title == "All steps" else "path"
        stop = ttk.Button(head, text="Stop", takefocus=0, command=lambda: self.stop(kind), style="Panel.TButton")
        self._stops[kind] = stop
        summary = ttk.Label(head, anchor="w", justify="left", wraplength=self._wrap, font=self._font, width=1)
        self._summaries.append(summary)
        summary.pack(side="left", fill="x", expand=True)
        box = ttk.Frame(tab)
        box.pack(fill="both", expand=True)
        theme = self._host.theme
        listbox = tk.Listbox(
            box,
            height=4,
            width=1,
            activestyle="dotbox",
            exportselection=False,
            background=theme.board,
            foreground=theme.text,
            selectbackground=theme.digit_bg,
            selectforeground=theme.text,
            highlightthickness=1,
            font=self._font,
        )
        scroll = ttk.Scrollbar(box, orient="vertical", command=listbox.yview)
        across = ttk.Scrollbar(box, orient="horizontal", command=listbox.xview)
        listbox.configure(yscrollcommand=scroll.set, xscrollcommand=across.set)
        across.pack(side="bottom", fill="x")
        scroll.pack(side="right", fill="y")
        listbox.pack(side="left", fill="both", expand=True)
        listbox.bind("<<ListboxSelect>>", lambda e: on_select())
        # A row is cut at the list's width: the selected one is written out in full under the list.
        detail = ttk.Label(tab, anchor="w", justify="left", wraplength=self._wrap, font=self._font, width=1)
        detail.pack(side="bottom", fill="x", pady=(6, 0), before=box)
        self._details[kind] = detail
        self._summaries.append(detail)
        return listbox, summary

    def apply_theme(self, theme: Theme) -> None:
        """Colour the lists (Tk widgets do not follow the ttk style)."""
        for listbox in (self.steps_list, self.path_list):
            listbox.configure(
                background=theme.board,
                foreground=theme.text,
                selectbackground=theme.digit_bg,
                selectforeground=theme.text,
            )

    def summary_text(self, tab: str) -> str:
        """The summary line above the "steps" or "path" list."""
        label = self._steps_summary if tab == "steps" else self._path_summary
        return str(label.cget("text"))

    # -- filling (on a thread of its own) --------------------------------------------------
    def fill_steps(self) -> None:
        """List every step available now (worked out in the background)."""
        self._start("steps", self._ladder.all_steps_job())

    def fill_path(self) -> None:
        """List the solver's path from here, and where it ended (worked out in the background)."""
        self.end_preview()
        self._start("path", self._ladder.solution_path_job())

    @property
    def is_working(self) -> bool:
        """Is a list still being worked out?"""
        return any(not run.stopped for run in self._runs.values())

    def wait(self, timeout: float = 60.0) -> None:
        """Wait for the lists being worked out and show them (for a caller that needs a list now)."""
        deadline = time.monotonic() + timeout
        for run in list(self._runs.values()):
            run.thread.join(max(0.0, deadline - time.monotonic()))
        if self._poll_job is not None:
            self._host.board.after_cancel(self._poll_job)
            self._poll_job = None
        self._poll()

    def stop(self, kind: str) -> None:
        """Stop working out the ``kind`` list ("steps" or "path"); it says it was stopped."""
        run = self._runs.pop(kind, None)
        if run is None:
            return
        run.stopped = True
        self._stops[kind].pack_forget()
        summary = self._steps_summary if kind == "steps" else self._path_summary
        summary.configure(text="Stopped. Show the tab again (or make a move) to work it out anew.")

    def stop_all(self) -> None:
        for kind in list(self._runs):
            self.stop(kind)

    def _start(self, kind: str, job: ListJob[Any]) -> None:
        old = self._runs.pop(kind, None)
        if old is not None:
            old.stopped = True  # its answer is about a board that is gone
        run = _Run(job)
        self._runs[kind] = run
        listbox = self.steps_list if kind == "steps" else self.path_list
        summary = self._steps_summary if kind == "steps" else self._path_summary
        listbox.delete(0, "end")
        self._details[kind].configure(text="")
        summary.configure(text="Working…")
        self._stops[kind].pack(side="right")
        sys.setswitchinterval(SWITCH_INTERVAL_S)
        run.thread.start()
        if self._poll_job is None:
            self._poll_job = self._host.board.after(POLL_MS, self._poll)

    def _poll(self) -> None:
        self._poll_job = None
        for kind, run in list(self._runs.items()):
            if run.thread.is_alive():
                continue
            del self._runs[kind]
            self._stops[kind].pack_forget()
            if run.stopped:
                continue
            if run.error is not None:
                raise run.error  # the window's error boundary reports it
            if kind == "steps":
                self._show_steps(run.result)
            else:
                self._show_path(run.result)
        if self._runs and self._poll_job is None:
            self._poll_job = self._host.board.after(POLL_MS, self._poll)
        if not self._runs:
            sys.setswitchinterval(_DEFAULT_SWITCH)

    def _show_steps(self, view: StepsView) -> None:
        self._steps = view
        self._steps_summary.configure(text=view.summary)
        self.steps_list.delete(0, "end")
        for label in view.labels:
            self.steps_list.insert("end", label)
        self._show_blocked(view.blocked)

    def _show_path(self, view: PathView) -> None:
        self._path = view
        self._path_summary.configure(text=view.summary)
        self.path_list.delete(0, "end")
        for entry in view.entries:
            self.path_list.insert("end", entry.label)
        if view.end_label:
            self.path_list.insert("end", view.end_label)
        self._show_blocked(view.blocked)

    def destroy(self) -> None:
        """Stop every job (the window is closing)."""
        for run in self._runs.values():
            run.stopped = True
        self._runs.clear()
        sys.setswitchinterval(_DEFAULT_SWITCH)
        if self._poll_job is not None:
            self._host.board.after_cancel(self._poll_job)
            self._poll_job = None

    def _show_blocked(self, blocked: HintView | None) -> None:
        board = self._host.board
        if blocked is not None and blocked.highlights:
            board.show_highlights(blocked.highlights, blocked.links)
        else:
            board.clear_step()

    # -- selecting -----------------------------------------------------------------------
    def select_step(self, index: int) -> None:
        """Select line ``index`` of All steps (as a click would) and draw it."""
        self.wait()
        self._select(self.steps_list, index)
        self._on_step_selected()

    def select_path(self, index: int) -> None:
        """Select line ``index`` of the Solution path (as a click would) and preview it."""
        self.wait()
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
        self._host.board.show_step(step)
        self._details["steps"].configure(text=step.explanation)
        self._host.say(step.explanation)

    def _on_path_selected(self) -> None:
        picked = self.path_list.curselection()
        view = self._path
        if not picked or view is None or not view.grids:
            return
        index = picked[0]
        board = self._host.board
        self._preview = index
        board.render(view.position_at(index))
        if index < len(view.entries):
            board.show_step(view.entries[index].step)
            self._details["path"].configure(text=view.entries[index].step.explanation)
            self._host.say(
                f"Preview before step {index + 1} (click the board to go back): {view.entries[index].step.explanation}"
            )
        else:
            board.clear_step()
            self._details["path"].configure(text=view.end_label)
            self._host.say(f"Preview where the path ends (click the board to go back): {view.end_label}")

    # -- the preview ---------------------------------------------------------------------
    @property
    def is_previewing(self) -> bool:
        return self._preview is not None

    def end_preview(self) -> None:
        """Show the real board again (with the hint's drawing, if any)."""
        if self._preview is None:
            return
        self._preview = None
        self.path_list.selection_clear(0, "end")
        board = self._host.board
        board.render(self._host.session.position)
        show_view_on_board(board, self._ladder.view)
        self._host.say("Back to your game")

    def _install_preview_guard(self) -> None:
        """While the board shows a preview, a click on it returns to the game instead of making a move."""
        board = self._host.board
        board.bindtags((self._preview_tag,) + tuple(board.bindtags()))
        for sequence in ("<Button-1>", "<Button-2>", "<Button-3>", "<Motion>"):
            board.bind_class(self._preview_tag, sequence, self._guard)

    def _guard(self, event: tk.Event) -> str | None:
        if self._preview is None:
            return None
        if event.type == tk.EventType.Motion:
            return "break"  # the "why?" display would explain the real board, not the preview
        self.end_preview()
        return "break"


_DEFAULT_SWITCH = sys.getswitchinterval()
POLL_MS = 40
"""How often a list being worked out is looked at."""


class _Run:
    """One list being worked out on its own thread: the job, its answer, and whether it was stopped."""

    def __init__(self, job: ListJob[Any]) -> None:
        self.job = job
        self.stopped = False
        self.result: Any = None
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._work, name="sudoku-tk-hint-list", daemon=True)

    def _work(self) -> None:
        try:
            self.result = self.job(lambda: self.stopped)
        except BaseException as exc:  # noqa: BLE001 - handed to Tk's thread, which reports it
            self.error = exc


SWITCH_INTERVAL_S = 0.001
"""How often Python lets another thread run while a list is worked out (its default is 5 ms): the window's
thread gets its turn sooner, so clicks and redraws never wait behind the list's search."""
