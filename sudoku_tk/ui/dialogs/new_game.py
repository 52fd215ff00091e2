"""The New game dialog: a built-in puzzle (random or listed), a new generated one at a level, or practice.

For 9×9 the player chooses a level (Easy … Extreme) and either a built-in puzzle or a new
generated one, or "Practice a technique" with any of the 80 techniques from the list (each shown with its
family and level), from a position where it is the next step (``PositionRequest``: engine/generating/practice_positions.py)
or, for the techniques a whole puzzle can need (``offered_practice_techniques``), in a new puzzle. A "Next to
learn" line suggests the first technique in solving order the player has not yet found alone
(``practice_positions.next_to_learn`` of the ``status`` the caller passes). 4×4 and 16×16 offer built-in
puzzles only; the variants (Sudoku X, Windoku, Jigsaw, Killer: 9×9, ``VARIANT_LABELS``) offer built-in puzzles and
generated ones at a level, not practice. ``result`` is a ``PuzzleEntry`` (built-in), a ``PuzzleKey`` (generated: new_games.py takes it
from the cache or has it made) or a ``PositionRequest``. Validation is in the pure ``*_ok()`` functions, as in
ui/dialogs/puzzle_and_preferences.py.
"""

from __future__ import annotations

import random
import tkinter as tk
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from tkinter import ttk

from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.app.puzzles.built_in import PuzzleEntry, parse_level
from sudoku_tk.app.puzzles.cache import VARIANT_NAMES, PuzzleKey
from sudoku_tk.app.storage.settings import ANY_LEVEL, DEFAULTS, NEW_GAME_MODES
from sudoku_tk.engine.board.geometry import CLASSIC
from sudoku_tk.engine.generating.level_search import offered_practice_techniques, practice_techniques
from sudoku_tk.engine.generating.practice_positions import (
    NO_POSITION,
    load_positions,
    next_to_learn,
    practice_position_techniques,
)
from sudoku_tk.engine.rating import score as rating
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.solving.technique_table import record
from sudoku_tk.engine.steps.step import Technique

from ..messages.tooltip import Tooltip
from .puzzle_and_preferences import _Dialog

ANY_LEVEL_LABEL = "Any level"
GENERATED_SIZE = 9
"""Generated and practice puzzles are 9×9 (the sizes the rating knows)."""
DEFAULT_TECHNIQUE = DEFAULTS.practice_technique
RARE_WHY = "the solver always finds an easier step first, so no puzzle needs it"
"""Why a technique is not offered in a whole practice puzzle (``offered_practice_techniques``)."""
LABEL_GAP = " · "
"""Between a technique's name, family and level in the list."""


@dataclass(frozen=True, slots=True)
class PositionRequest:
    """Practise ``technique`` from a stored position where it is the next step (new_games.py serves one)."""

    technique: Technique


Mode = str
RANDOM, LISTED, GENERATED, PRACTICE = NEW_GAME_MODES
"""What the dialog offers: a random built-in puzzle, a listed one, a generated one at a level, practice."""

NewGameResult = PuzzleEntry | PuzzleKey | PositionRequest

VARIANT_LABELS = {
    CLASSIC: "Classic",
    "x": "Sudoku X (both diagonals are houses too)",
    "windoku": "Windoku (four more boxes, the windows)",
    "jigsaw": "Jigsaw (irregular regions instead of boxes)",
    "killer": "Killer (cages with sums, no repeated digit)",
}
"""How the dialog names each variant, with its rule in a few words."""

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
    variant: str = CLASSIC,
) -> tuple[PuzzleEntry | None, str]:
    """Turn the New game choices into a puzzle: the one named by ``puzzle_id``, else a random
    one of that size, variant and level that was not played recently."""
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
        entry = puzzles.pick(side, None if level == ANY_LEVEL else level, recent_ids, rng, variant)
    except LookupError:
        shown = level.display_name if isinstance(level, Level) else "any level"
        kind = "" if variant == CLASSIC else VARIANT_LABELS.get(variant, variant).split(" (")[0] + " "
        return None, f"There is no built-in {side}×{side} {kind}puzzle at level {shown}."
    return entry, ""


def rating_level_labels() -> list[str]:
    """The levels a generated puzzle can be asked for: "Easy" … "Extreme"."""
    return [lvl.label.capitalize() for lvl in rating.Level]


def technique_label(technique: Technique) -> str:
    """A technique as the practice list shows it: name, family and level.

    >>> technique_label(Technique.X_WING)
    'X-Wing · Fish · Hard'
    """
    level = record(technique).level.label.capitalize()
    return LABEL_GAP.join((technique.display_name, technique.family.value, level))


def technique_labels() -> list[str]:
    """Every technique practice is offered for (all of them), in solving order, with its family and level."""
    return [technique_label(t) for t in practice_position_techniques()]


def technique_of(text: str) -> Technique | None:
    """The technique a list entry (or a bare technique name) names; None for anything else.

    >>> technique_of("X-Wing · Fish · Hard").name, technique_of("x-wing").name, technique_of("Tea")
    ('X_WING', 'X_WING', None)
    """
    try:
        return Technique.from_name(text.split(LABEL_GAP)[0].strip())
    except (KeyError, ValueError):
        return None


def technique_tip() -> str:
    """The technique list's tooltip: what a position is, and which techniques only a position offers."""
    rare = [t.display_name for t in practice_techniques() if t not in offered_practice_techniques()]
    tip = (
        "Every technique, with its family and level. A position is a real game stopped where this technique "
        "is the next step (singles aside); its moves are in the move list."
    )
    if rare:
        tip += f" Not in a whole new puzzle: {', '.join(rare)} ({RARE_WHY})."
    return tip


def generated_ok(
    size: int | str,
    mode: Mode,
    level_text: str,
    technique_text: str,
    from_position: bool = False,
    variant: str = CLASSIC,
) -> tuple[PuzzleKey | PositionRequest | None, str]:
    """Turn the choices for a generated puzzle (a level, of the classic or a variant) or practice (a technique, on
    the classic board) into what to start.

    >>> generated_ok(9, GENERATED, "Unfair", "") == (PuzzleKey.at(Level.UNFAIR), "")
    True
    >>> generated_ok(9, GENERATED, "Easy", "", variant="x") == (PuzzleKey.at(Level.EASY, "x"), "")
    True
    >>> generated_ok(9, PRACTICE, "", "X-Wing")[0].technique.display_name
    'X-Wing'
    >>> generated_ok(9, PRACTICE, "", "X-Wing · Fish · Hard", from_position=True)[0] == PositionRequest(Technique.X_WING)
    True
    >>> generated_ok(4, GENERATED, "Easy", "")
    (None, 'Generated puzzles are 9×9: choose 9×9, or a built-in puzzle.')
    """
    if str(size) != str(GENERATED_SIZE):
        return None, "Generated puzzles are 9×9: choose 9×9, or a built-in puzzle."
    if variant != CLASSIC and (mode == PRACTICE or variant not in VARIANT_NAMES):
        kind = "Practice" if mode == PRACTICE else "Generated"
        return None, f"{kind} puzzles aren't made for these rules: choose a built-in puzzle."
    if mode == PRACTICE:
        technique = technique_of(technique_text)
        if technique is None or technique not in practice_position_techniques():
            return None, f"Choose a technique to practise from the list, not {technique_text!r}."
        if from_position:
            if not load_positions().of(technique):
                why = NO_POSITION.get(technique, "").split(":")[0] or "none was found when mining"
                return None, f"No practice position for {technique.display_name}: {why}."
            return PositionRequest(technique), ""
        if technique not in offered_practice_techniques():
            return (
                None,
                f"{technique.display_name} is too rare for a whole puzzle ({RARE_WHY}): practise it from a position.",
            )
        return PuzzleKey.practice(technique), ""
    for level in rating.Level:
        if level.label == level_text.strip().lower():
            return PuzzleKey.at(level, variant), ""
    return None, f"Choose a level for the generated puzzle ({', '.join(rating_level_labels())})."


# -- the dialog ------------------------------------------------------------------------


class NewGameDialog(_Dialog):
    """Choose a size and a level, then a built-in puzzle (random or listed), a generated one, or practice.

    ``result``: a PuzzleEntry, a PuzzleKey or a PositionRequest. ``chosen_size``, ``chosen_level``,
    ``chosen_mode`` and ``chosen_technique`` hold what to offer first next time. ``status`` is the player's
    status per technique ("alone", "hint", "unmet"; a missing one is unmet) that "Next to learn" reads.
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
        from_position: bool = True,
        status: Mapping[Technique, str] | None = None,
        show: bool = True,
        variant: str = CLASSIC,
    ) -> None:
        self._recent = tuple(recent_ids)
        self._rng = rng
        self._initial = (size if size in puzzles.sizes() else 9, level)
        self.chosen_size = self._initial[0]
        """The size and level last chosen (what the next New game offers first)."""
        self.chosen_level = level
        self.chosen_mode: Mode = mode if mode in (RANDOM, LISTED, GENERATED, PRACTICE) else RANDOM
        self.chosen_technique = technique if technique in practice_position_techniques() else DEFAULT_TECHNIQUE
        self.chosen_variant = variant if variant in puzzles.variants() else CLASSIC
        """The variant last chosen (classic, x, windoku, jigsaw)."""
        self.chosen_from_position = from_position
        """Practice from a position (False: in a whole new puzzle)."""
        self.next_technique = next_to_learn(status or {})
        """The "Next to learn" suggestion (None: every technique found alone)."""
        super().__init__(parent, "New game", show=show)

    def _build(self, body: ttk.Frame) -> None:
        size, level = self._initial
        self.size_var = tk.IntVar(self, size)
        self.level_var = tk.StringVar(self, self._level_label(level))
        self.mode_var = tk.StringVar(self, self.chosen_mode)
        self.technique_var = tk.StringVar(self, technique_label(self.chosen_technique))
        self.position_var = tk.BooleanVar(self, self.chosen_from_position)
        self.variant_var = tk.StringVar(self, VARIANT_LABELS[self.chosen_variant])
        ttk.Label(body, text="Rules").grid(row=0, column=0, sticky="w")
        self.variant_box = ttk.Combobox(
            body,
            textvariable=self.variant_var,
            values=[VARIANT_LABELS[v] for v in puzzles.variants()],
            state="readonly",
            width=44,
        )
        self.variant_box.grid(row=0, column=1, sticky="w", pady=2)
        self.variant_box.bind("<<ComboboxSelected>>", lambda _e: self._refresh())
        ttk.Label(body, text="Board size").grid(row=1, column=0, sticky="w")
        sizes = ttk.Frame(body)
        sizes.grid(row=1, column=1, sticky="w", pady=2)
        self.size_buttons = {}
        for i, s in enumerate(puzzles.sizes()):
            b = ttk.Radiobutton(sizes, text=f"{s}×{s}", value=s, variable=self.size_var, command=self._refresh)
            b.grid(row=0, column=i, padx=(0, 8))
            self.size_buttons[s] = b
        ttk.Label(body, text="Level").grid(row=2, column=0, sticky="w")
        self.level_box = ttk.Combobox(body, textvariable=self.level_var, state="readonly", width=16)
        self.level_box.grid(row=2, column=1, sticky="w", pady=2)
        self.level_box.bind("<<ComboboxSelected>>", lambda _e: self._refresh())
        self.random_button = self._mode_button(body, "A built-in puzzle I haven't played recently", RANDOM)
        self.random_button.grid(row=3, column=0, columnspan=2, sticky="w", pady=(8, 0))
        self.generated_button = self._mode_button(body, "A new generated puzzle at this level", GENERATED)
        self.generated_button.grid(row=4, column=0, columnspan=2, sticky="w")
        practice = ttk.Frame(body)
        practice.grid(row=5, column=0, columnspan=2, sticky="w")
        self.practice_button = self._mode_button(practice, "Practice a technique:", PRACTICE)
        self.practice_button.grid(row=0, column=0, sticky="w")
        self.technique_box = ttk.Combobox(
            practice,
            textvariable=self.technique_var,
            values=technique_labels(),
            state="readonly",
            width=44,
            height=20,
        )
        self.technique_box.grid(row=0, column=1, sticky="w", padx=(6, 0), pady=2)
        self.technique_box.bind("<<ComboboxSelected>>", lambda _e: self._choose_mode(PRACTICE))
        Tooltip(self.technique_box, technique_tip())
        self.position_check = ttk.Checkbutton(
            practice,
            text="From a position where it is the next step (moves in the move list)",
            variable=self.position_var,
            command=lambda: self._choose_mode(PRACTICE),
        )
        self.position_check.grid(row=1, column=1, sticky="w", padx=(6, 0))
        suggestion = ttk.Frame(practice)
        suggestion.grid(row=2, column=1, sticky="w", padx=(6, 0), pady=(2, 0))
        nxt = self.next_technique
        self.next_label = ttk.Label(
            suggestion,
            text=f"Next to learn: {technique_label(nxt)}" if nxt else "Next to learn: nothing, you found them all",
        )
        self.next_label.grid(row=0, column=0, sticky="w")
        self.next_button = ttk.Button(suggestion, text="Practise it", command=self.practise_next)
        self.next_button.grid(row=0, column=1, sticky="w", padx=(6, 0))
        if nxt is None:
            self.next_button.configure(state="disabled")
        self.pick_button = self._mode_button(body, "This built-in puzzle:", LISTED)
        self.pick_button.grid(row=6, column=0, columnspan=2, sticky="w")
        frame = ttk.Frame(body)
        frame.grid(row=7, column=0, columnspan=2, sticky="nsew")
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

    def practise_next(self) -> None:
        """ "Practise it": choose the suggested technique, from a position."""
        if self.next_technique is not None:
            self.technique_var.set(technique_label(self.next_technique))
            self.position_var.set(True)
            self._choose_mode(PRACTICE)

    def _mode_button(self, parent: tk.Misc, text: str, mode: Mode) -> ttk.Radiobutton:
        return ttk.Radiobutton(parent, text=text, value=mode, variable=self.mode_var, command=self._refresh)

    def _choose_mode(self, mode: Mode) -> None:
        self.mode_var.set(mode)
        self._refresh()

    @staticmethod
    def _level_label(level: str) -> str:
        value, _ = level_ok(level)
        return value.display_name if isinstance(value, Level) else ANY_LEVEL_LABEL

    @property
    def variant(self) -> str:
        """The variant chosen in the Rules box."""
        label = self.variant_var.get()
        return next((v for v, text in VARIANT_LABELS.items() if text == label), CLASSIC)

    def _refresh(self) -> None:
        """Offer what the chosen rules and size allow: their levels and puzzles; for 9×9 also generated puzzles, and
        for classic 9×9 practice (a variant is 9×9)."""
        variant = self.variant
        classic = variant == CLASSIC
        if not classic:
            self.size_var.set(GENERATED_SIZE)
        for size_button in self.size_buttons.values():
            size_button.configure(state="normal" if classic else "disabled")
        size = self.size_var.get()
        generating = size == GENERATED_SIZE and (classic or variant in VARIANT_NAMES)
        practising = size == GENERATED_SIZE and classic
        self.generated_button.configure(state="normal" if generating else "disabled")
        for button in (self.practice_button, self.position_check):
            button.configure(state="normal" if practising else "disabled")
        self.technique_box.configure(state="readonly" if practising else "disabled")
        self.next_button.configure(state="normal" if practising and self.next_technique else "disabled")
        mode = self.mode_var.get()
        if (mode == GENERATED and not generating) or (mode == PRACTICE and not practising):
            mode = RANDOM
            self.mode_var.set(mode)
        if mode == GENERATED:
            labels = rating_level_labels()
            if self.level_var.get() not in labels:
                self.level_var.set(rating.Level.MEDIUM.label.capitalize())
        else:
            labels = [ANY_LEVEL_LABEL] + [lvl.display_name for lvl in puzzles.levels(size, variant)]
            if self.level_var.get() not in labels:
                self.level_var.set(ANY_LEVEL_LABEL)
        self.level_box.configure(values=labels, state="disabled" if mode == PRACTICE else "readonly")
        level, _ = level_ok(self.level_var.get())
        self.shown = puzzles.puzzles_for(size, level if isinstance(level, Level) else None, variant)
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
        self.chosen_variant = self.variant
        self.chosen_mode = mode
        level, _ = level_ok(self.level_var.get())
        if isinstance(level, Level) or mode != GENERATED:  # a generated level the library lacks is not remembered
            self.chosen_level = level.label if isinstance(level, Level) else ANY_LEVEL
        if mode in (GENERATED, PRACTICE):
            key, message = generated_ok(
                self.chosen_size,
                mode,
                self.level_var.get(),
                self.technique_var.get(),
                self.position_var.get(),
                self.chosen_variant,
            )
            if key is not None and key.technique is not None:
                self.chosen_technique = key.technique
                self.chosen_from_position = isinstance(key, PositionRequest)
            return key, message
        puzzle_id = ""
        if mode == LISTED:
            sel = self.puzzle_list.curselection()
            if not sel:
                return None, "Choose a puzzle from the list, or pick a random one."
            puzzle_id = self.shown[sel[0]].id
        return new_game_ok(
            self.chosen_size, self.level_var.get(), puzzle_id, self._recent, self._rng, self.chosen_variant
        )


__all__ = [
    "ANY_LEVEL_LABEL",
    "GENERATED",
    "LISTED",
    "PRACTICE",
    "RANDOM",
    "VARIANT_LABELS",
    "NewGameDialog",
    "PositionRequest",
    "generated_ok",
    "level_ok",
    "new_game_ok",
    "rating_level_labels",
    "technique_label",
    "technique_labels",
    "technique_of",
]
