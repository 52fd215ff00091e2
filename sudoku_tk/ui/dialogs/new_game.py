"""The New game dialog: a built-in puzzle (random or listed), a new generated one at a level, or practice.

For 9×9 the player chooses a level (Easy … Extreme) and either a built-in puzzle or a new
generated one, or "Practice a technique" with a technique from the list
(``offered_practice_techniques``). 4×4 and 16×16 offer built-in puzzles only. ``result`` is a
``PuzzleEntry`` (built-in) or a ``PuzzleKey`` (generated: new_games.py takes it from the
cache or has it made). Validation is in the pure ``*_ok()`` functions, as in ui/dialogs/puzzle_and_preferences.py.
"""

from __future__ import annotations

import random
import tkinter as tk
from collections.abc import Sequence
from tkinter import ttk

from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.puzzles.built_in import PuzzleEntry, parse_level
from sudoku_tk.app.puzzles.cache import PuzzleKey
from sudoku_tk.app.storage.settings import ANY_LEVEL, DEFAULTS, NEW_GAME_MODES
from sudoku_tk.engine.generating.level_search import offered_practice_techniques, practice_techniques
from sudoku_tk.engine.rating import score as rating
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.steps.step import Technique

from ..messages.tooltip import Tooltip
from .puzzle_and_preferences import _Dialog

ANY_LEVEL_LABEL = "Any level"
GENERATED_SIZE = 9
"""Generated and practice puzzles are 9×9 (the sizes the rating knows)."""
DEFAULT_TECHNIQUE = DEFAULTS.practice_technique
RARE_WHY = "the solver always finds an easier step first, so no puzzle needs it"
"""Why a practice technique is not offered (``offered_practice_techniques``)."""

Mode = str
RANDOM, LISTED, GENERATED, PRACTICE = NEW_GAME_MODES
"""What the dialog offers: a random built-in puzzle, a listed one, a generated one at a level, practice."""

NewGameResult = PuzzleEntry | PuzzleKey

# -- pure validation ----------------------------------------------------------------


def level_ok(text: str) -> tuple[Level | str | None, str]:
    """Read a level choice: a level's name or "Any level" / "any" (returned as ``ANY_LEVEL``)."""
    if text.strip().lower() in (ANY_LEVEL, ANY_LEVEL_LABEL.lower(), ""):
        return ANY_LEVEL, ""
    try:
        return parse_level(text), ""
    except ValueError:
        names = ", ".join(lvl.display_name for lvl in Level)
        return None, f"Choose a level ({names}) or {ANY_LEVEL_LABEL!r}, not {text!r}."


def new_game_ok(
    size: int | str,
    level_text: str = ANY_LEVEL,
    puzzle_id: str = "",
    recent_ids: Sequence[str] = (),
    rng: random.Random | None = None,
) -> tuple[PuzzleEntry | None, str]:
    """Turn the New game choices into a puzzle: the one named by ``puzzle_id``, else a random
    one of that size and level that was not played recently."""
    try:
        side = int(size)
    except (TypeError, ValueError):
        side = 0
    if side not in puzzles.sizes():
        return None, f"Choose a board size: {', '.join(f'{s}×{s}' for s in puzzles.sizes())}."
    if puzzle_id:
        entry = puzzles.by_id(puzzle_id)
        if entry is None:
            return None, f"There is no built-in puzzle {puzzle_id!r}."
        if entry.size != side:
            return None, f"{entry.name} is a {entry.size}×{entry.size} puzzle, not {side}×{side}."
        return entry, ""
    level, message = level_ok(level_text)
    if level is None:
        return None, message
    try:
        entry = puzzles.pick(side, None if level == ANY_LEVEL else level, recent_ids, rng)
    except LookupError:
        shown = level.display_name if isinstance(level, Level) else "any level"
        return None, f"There is no built-in {side}×{side} puzzle at level {shown}."
    return entry, ""


def rating_level_labels() -> list[str]:
    """The levels a generated puzzle can be asked for: "Easy" … "Extreme"."""
    return [lvl.label.capitalize() for lvl in rating.Level]


def technique_labels() -> list[str]:
    """The techniques practice puzzles are offered for, in solving order (their display names)."""
    return [t.display_name for t in offered_practice_techniques()]


def technique_tip() -> str:
    """The technique list's tooltip: which practice techniques are left out, and why."""
    rare = [t.display_name for t in practice_techniques() if t not in offered_practice_techniques()]
    if not rare:
        return "A puzzle whose solving path needs this technique"
    return f"A puzzle whose solving path needs this technique. Not offered: {', '.join(rare)} ({RARE_WHY})."


def generated_ok(size: int | str, mode: Mode, level_text: str, technique_text: str) -> tuple[PuzzleKey | None, str]:
    """Turn the choices for a generated puzzle (``mode`` GENERATED or PRACTICE) into what to make.

    >>> generated_ok(9, GENERATED, "Unfair", "")
    (PuzzleKey(level=<Level.UNFAIR: ('unfair', 1800)>, technique=None), '')
    >>> generated_ok(9, PRACTICE, "", "X-Wing")[0].technique.display_name
    'X-Wing'
    >>> generated_ok(4, GENERATED, "Easy", "")
    (None, 'Generated puzzles are 9×9: choose 9×9, or a built-in puzzle.')
    """
    if str(size) != str(GENERATED_SIZE):
        return None, "Generated puzzles are 9×9: choose 9×9, or a built-in puzzle."
    if mode == PRACTICE:
        try:
            technique = Technique.from_name(technique_text)
        except ValueError:
            technique = None
        if technique is None or technique not in practice_techniques():
            return None, f"Choose a technique to practise from the list, not {technique_text!r}."
        if technique not in offered_practice_techniques():
            return None, f"{technique.display_name} is too rare to practise: {RARE_WHY}"
        return PuzzleKey.practice(technique), ""
    for level in rating.Level:
        if level.label == level_text.strip().lower():
            return PuzzleKey.at(level), ""
    return None, f"Choose a level for the generated puzzle ({', '.join(rating_level_labels())})."


# -- the dialog ------------------------------------------------------------------------


class NewGameDialog(_Dialog):
    """Choose a size and a level, then a built-in puzzle (random or listed), a generated one, or practice.

    ``result``: a PuzzleEntry or a PuzzleKey. ``chosen_size``, ``chosen_level``, ``chosen_mode`` and
    ``chosen_technique`` hold what to offer first next time.
    """

    ok_label = "Play"

    def __init__(
        self,
        parent: tk.Misc,
        *,
        size: int = 9,
        level: str = ANY_LEVEL,
        recent_ids: Sequence[str] = (),
        rng: random.Random | None = None,
        mode: Mode = RANDOM,
        technique: Technique = DEFAULT_TECHNIQUE,
        show: bool = True,
    ) -> None:
        self._recent = tuple(recent_ids)
        self._rng = rng
        self._initial = (size if size in puzzles.sizes() else 9, level)
        self.chosen_size = self._initial[0]
        """The size and level last chosen (what the next New game offers first)."""
        self.chosen_level = level
        self.chosen_mode: Mode = mode if mode in (RANDOM, LISTED, GENERATED, PRACTICE) else RANDOM
        self.chosen_technique = technique if technique in offered_practice_techniques() else DEFAULT_TECHNIQUE
        super().__init__(parent, "New game", show=show)

    def _build(self, body: ttk.Frame) -> None:
        size, level = self._initial
        self.size_var = tk.IntVar(self, size)
        self.level_var = tk.StringVar(self, self._level_label(level))
        self.mode_var = tk.StringVar(self, self.chosen_mode)
        self.technique_var = tk.StringVar(self, self.chosen_technique.display_name)
        ttk.Label(body, text="Board size").grid(row=0, column=0, sticky="w")
        sizes = ttk.Frame(body)
        sizes.grid(row=0, column=1, sticky="w", pady=2)
        self.size_buttons = {}
        for i, s in enumerate(puzzles.sizes()):
            b = ttk.Radiobutton(sizes, text=f"{s}×{s}", value=s, variable=self.size_var, command=self._refresh)
            b.grid(row=0, column=i, padx=(0, 8))
            self.size_buttons[s] = b
        ttk.Label(body, text="Level").grid(row=1, column=0, sticky="w")
        self.level_box = ttk.Combobox(body, textvariable=self.level_var, state="readonly", width=16)
        self.level_box.grid(row=1, column=1, sticky="w", pady=2)
        self.level_box.bind("<<ComboboxSelected>>", lambda _e: self._refresh())
        self.random_button = self._mode_button(body, "A built-in puzzle I haven't played recently", RANDOM)
        self.random_button.grid(row=2, column=0, columnspan=2, sticky="w", pady=(8, 0))
        self.generated_button = self._mode_button(body, "A new generated puzzle at this level", GENERATED)
        self.generated_button.grid(row=3, column=0, columnspan=2, sticky="w")
        practice = ttk.Frame(body)
        practice.grid(row=4, column=0, columnspan=2, sticky="w")
        self.practice_button = self._mode_button(practice, "Practice a technique:", PRACTICE)
        self.practice_button.grid(row=0, column=0, sticky="w")
        self.technique_box = ttk.Combobox(
            practice, textvariable=self.technique_var, values=technique_labels(), state="readonly", width=30
        )
        self.technique_box.grid(row=0, column=1, sticky="w", padx=(6, 0), pady=2)
        self.technique_box.bind("<<ComboboxSelected>>", lambda _e: self._choose_mode(PRACTICE))
        Tooltip(self.technique_box, technique_tip())
        self.pick_button = self._mode_button(body, "This built-in puzzle:", LISTED)
        self.pick_button.grid(row=5, column=0, columnspan=2, sticky="w")
        frame = ttk.Frame(body)
        frame.grid(row=6, column=0, columnspan=2, sticky="nsew")
        body.columnconfigure(1, weight=1)
        self.puzzle_list = tk.Listbox(frame, height=8, width=36, exportselection=False)
        scroll = ttk.Scrollbar(frame, orient="vertical", command=self.puzzle_list.yview)
        self.puzzle_list.configure(yscrollcommand=scroll.set)
        self.puzzle_list.grid(row=0, column=0, sticky="nsew")
        scroll.grid(row=0, column=1, sticky="ns")
        frame.columnconfigure(0, weight=1)
        self.puzzle_list.bind("<<ListboxSelect>>", lambda _e: self._choose_mode(LISTED))
        self.puzzle_list.bind("<Double-Button-1>", lambda _e: self.ok())
        self.shown: list[PuzzleEntry] = []
        self.first_focus = self.level_box
        self._refresh()

    def _mode_button(self, parent: tk.Misc, text: str, mode: Mode) -> ttk.Radiobutton:
        return ttk.Radiobutton(parent, text=text, value=mode, variable=self.mode_var, command=self._refresh)

    def _choose_mode(self, mode: Mode) -> None:
        self.mode_var.set(mode)
        self._refresh()

    @staticmethod
    def _level_label(level: str) -> str:
        value, _ = level_ok(level)
        return value.display_name if isinstance(value, Level) else ANY_LEVEL_LABEL

    def _refresh(self) -> None:
        """Offer what the chosen size allows: its levels and puzzles; for 9×9 also generated and practice."""
        size = self.size_var.get()
        generating = size == GENERATED_SIZE
        for button in (self.generated_button, self.practice_button):
            button.configure(state="normal" if generating else "disabled")
        self.technique_box.configure(state="readonly" if generating else "disabled")
        mode = self.mode_var.get()
        if not generating and mode in (GENERATED, PRACTICE):
            mode = RANDOM
            self.mode_var.set(mode)
        if mode == GENERATED:
            labels = rating_level_labels()
            if self.level_var.get() not in labels:
                self.level_var.set(rating.Level.MEDIUM.label.capitalize())
        else:
            labels = [ANY_LEVEL_LABEL] + [lvl.display_name for lvl in puzzles.levels(size)]
            if self.level_var.get() not in labels:
                self.level_var.set(ANY_LEVEL_LABEL)
        self.level_box.configure(values=labels, state="disabled" if mode == PRACTICE else "readonly")
        level, _ = level_ok(self.level_var.get())
        self.shown = puzzles.puzzles_for(size, level if isinstance(level, Level) else None)
        self.puzzle_list.delete(0, "end")
        for e in self.shown:
            self.puzzle_list.insert("end", e.name)

    def select_puzzle(self, puzzle_id: str) -> None:
        """Select a listed puzzle by id (what a click on the list does)."""
        for i, e in enumerate(self.shown):
            if e.id == puzzle_id:
                self.puzzle_list.selection_clear(0, "end")
                self.puzzle_list.selection_set(i)
                self.puzzle_list.see(i)
                self.mode_var.set(LISTED)
                return
        raise KeyError(puzzle_id)

    def _validate(self) -> tuple[NewGameResult | None, str]:
        mode = self.mode_var.get()
        self.chosen_size = self.size_var.get()
        self.chosen_mode = mode
        level, _ = level_ok(self.level_var.get())
        if isinstance(level, Level) or mode != GENERATED:  # a generated level the library lacks is not remembered
            self.chosen_level = level.label if isinstance(level, Level) else ANY_LEVEL
        if mode in (GENERATED, PRACTICE):
            key, message = generated_ok(self.chosen_size, mode, self.level_var.get(), self.technique_var.get())
            if key is not None and key.technique is not None:
                self.chosen_technique = key.technique
            return key, message
        puzzle_id = ""
        if mode == LISTED:
            sel = self.puzzle_list.curselection()
            if not sel:
                return None, "Choose a puzzle from the list, or pick a random one."
            puzzle_id = self.shown[sel[0]].id
        return new_game_ok(self.chosen_size, self.level_var.get(), puzzle_id, self._recent, self._rng)


__all__ = [
    "ANY_LEVEL_LABEL",
    "GENERATED",
    "LISTED",
    "PRACTICE",
    "RANDOM",
    "NewGameDialog",
    "generated_ok",
    "level_ok",
    "new_game_ok",
    "rating_level_labels",
    "technique_labels",
]
