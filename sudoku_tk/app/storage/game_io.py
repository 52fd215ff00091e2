"""Puzzles in and out as text: checking an incoming puzzle, and the copy / export texts of a game.

Incoming text (pasted, typed, or read from a file) becomes an ``IncomingPuzzle``:
the grid when the text parses, every problem the engine finds (conflicting
givens, a cell with no candidate, no solution, several solutions) and one
sentence for the player naming the problem and its cells. Only a puzzle with
several solutions may still be played, after the player confirms. The solutions
are counted for a moment only (solution_check.py): a puzzle whose count takes
longer comes back ``is_pending``, for the window to finish in the background
(``counted``). Text holding several puzzles (a file of one-line puzzles, an
OpenSudoku document with several games) becomes a ``PuzzleCollection`` instead,
for the player to pick one.

Outgoing text reuses the engine's writers (``engine/formats.py``): the puzzle's
givens as one line, the current values as one line, the candidate grid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from pathlib import Path

from sudoku_tk.app.puzzles.solution_check import SolutionCount, count_now
from sudoku_tk.app.storage.file_reading import SaveFileError, decode, read_file
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import loads
from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.board.geometry import Cell
from sudoku_tk.engine.board.grid import Grid, Problem, ProblemKind, solution_count_problems
from sudoku_tk.engine.formats import format_line, format_pencilmarks, parse_collection
from sudoku_tk.engine.formats.puzzle_text import is_variant_text, parse_puzzle, with_variant
from sudoku_tk.engine.play.propagation import Position

MAX_PROBLEMS_SHOWN = 3
MAX_COLLECTION = 10_000
"""A collection lists at most this many puzzles (the rest are counted, not read)."""


@dataclass(frozen=True, slots=True)
class IncomingPuzzle:
    """A puzzle offered to the app, checked: the grid (None if the text did not parse) and what is wrong with it."""

    grid: Grid | None
    problems: tuple[Problem, ...] = ()
    format_error: str = ""
    """Why the text is not a puzzle (the engine's PuzzleFormatError message), or ""."""
    count: SolutionCount | None = None
    """The solutions found (up to two), once counted; None before, and for a puzzle with conflicts."""

    @property
    def is_pending(self) -> bool:
        """Parsed and without conflicts, but its solutions not counted yet (see ``counted``)."""
        return self.grid is not None and not self.problems and not self.format_error and self.count is None

    @property
    def is_proper(self) -> bool:
        """Parsed, no conflicts, exactly one solution: play it at once."""
        return self.grid is not None and not self.problems and not self.format_error and self.count is not None

    @property
    def has_several_solutions(self) -> bool:
        """Playable only after the player confirms (uniqueness-based hints are then off)."""
        return self.grid is not None and [p.kind for p in self.problems] == [ProblemKind.MULTIPLE_SOLUTIONS]

    @property
    def is_playable(self) -> bool:
        """Proper, or with several solutions (which needs the player's confirmation)."""
        return self.is_proper or self.has_several_solutions

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell named by a problem, to mark on the board (in order, no repeats)."""
        out: list[Cell] = []
        for p in self.problems:
            out.extend(c for c in p.cells if c not in out)
        return tuple(out)

    @property
    def message(self) -> str:
        """One or two sentences for the player; "" for a proper puzzle."""
        if self.format_error:
            return f"This is not a puzzle the app can read: {self.format_error}."
        if self.grid is None or not self.problems:
            return ""
        if self.has_several_solutions:
            return (
                "This puzzle has more than one solution. You can still play it, "
                "but hints that rely on a unique solution will be off."
            )
        shown = [_sentence(p.message) for p in self.problems[:MAX_PROBLEMS_SHOWN]]
        more = len(self.problems) - len(shown)
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        return "This puzzle cannot be played: " + "; ".join(shown) + tail + "."


def _sentence(text: str) -> str:
    return text.rstrip(".")


def check_grid(grid: Grid) -> IncomingPuzzle:
    """Check a grid the player built or the app read: conflicts, dead cells, and the solutions when they can be
    counted at once (else the result ``is_pending``)."""
    problems = grid.rule_problems()
    if problems:
        return IncomingPuzzle(grid, tuple(problems))
    found = count_now(grid)
    return IncomingPuzzle(grid) if found is None else counted(grid, found)


def counted(grid: Grid, count: SolutionCount) -> IncomingPuzzle:
    """``grid`` (without conflicts) with its solutions counted: none and several are its problems."""
    return IncomingPuzzle(grid, tuple(solution_count_problems(count.count)), count=count)


def read_puzzle_text(text: str) -> IncomingPuzzle:
    """Parse puzzle text in any format the engine reads and check it; never raises for bad text."""
    if not text or not text.strip():
        return IncomingPuzzle(None, format_error="the text is empty")
    try:
        grid = parse_puzzle(text)
    except PuzzleFormatError as exc:
        return IncomingPuzzle(None, format_error=str(exc))
    return check_grid(grid)


@dataclass(frozen=True, slots=True)
class PuzzleCollection:
    """Several puzzles in one text, each with the line it starts on; none checked yet (the player picks one)."""

    puzzles: tuple[tuple[int, Grid], ...]
    more: bool = False
    """True when the text holds more than MAX_COLLECTION puzzles (only the first ones are listed)."""

    def label(self, index: int) -> str:
        """How the list shows one puzzle: its number, givens, the start of its line and the line it is on."""
        line, grid = self.puzzles[index]
        givens = sum(1 for v in grid.givens if v)
        text = format_line(grid)
        width = len(str(len(self.puzzles)))  # numbers right-aligned, so the columns line up in a fixed font
        start = text[:27] + ("…" if len(text) > 27 else "")
        return f"{index + 1:>{width}}.  {givens:>3} givens  {start}  (line {line})"


def read_incoming(text: str) -> IncomingPuzzle | PuzzleCollection:
    """Pasted or opened text: one checked puzzle, or a collection when it holds several; never raises for bad text."""
    if not text or not text.strip():
        return IncomingPuzzle(None, format_error="the text is empty")
    if is_variant_text(text):
        return read_puzzle_text(text)  # one variant puzzle (a collection of variants is read by the command line)
    puzzles: list[tuple[int, Grid]] = []
    try:
        for entry in parse_collection(text):
            if len(puzzles) == MAX_COLLECTION:
                return PuzzleCollection(tuple(puzzles), more=True)
            puzzles.append(entry)
    except PuzzleFormatError as exc:
        return IncomingPuzzle(None, format_error=str(exc))
    if len(puzzles) > 1:
        return PuzzleCollection(tuple(puzzles))
    return read_puzzle_text(text)


Opened = GameRecord | IncomingPuzzle | PuzzleCollection


def looks_like_game_file(text: str) -> bool:
    """Does the text claim to be a saved game (a JSON object naming our format)?"""
    return text.lstrip().startswith("{") and '"sudoku-tk-game"' in text[:2000]


def open_file(path: Path | str) -> Opened:
    """Read a file for Open…: a saved game becomes a GameRecord, several puzzles a collection, else a checked puzzle.

    Only a regular file is read, without ever blocking on a pipe (see file_reading.py).

    Raises:
        SaveFileError: the file is a damaged game file, too large for either, or not a file at all (a pipe, a
            device, a folder: ``NotAFileError``).
        OSError: the file cannot be read.
    """
    text = decode(read_file(path, "a puzzle or game"))
    if looks_like_game_file(text):
        return loads(text)
    return read_incoming(text)


# -- copy and export --------------------------------------------------------------


class TextKind(Enum):
    """What Copy / Export writes."""

    PUZZLE = "puzzle"
    """The givens as one line, ``.`` for empty cells."""
    VALUES = "values"
    """Every digit now on the board (givens, placed, automatic) as one line."""
    CANDIDATES = "candidates"
    """The candidate grid (HoDoKu style), which the app can read back as a starting position."""

    @property
    def label(self) -> str:
        return {"puzzle": "Puzzle", "values": "Current position", "candidates": "Candidate grid"}[self.value]


def puzzle_line(start: Grid) -> str:
    """The puzzle's givens as one line (81 characters on 9×9); a variant's after its ``variant:`` line (and a
    Jigsaw's region map after them), so the text reads back as the same puzzle."""
    return with_variant(start.geometry, format_line(start))


def values_line(position: Position) -> str:
    """Every digit on the board as one line, ``.`` for empty cells (a variant's as ``puzzle_line`` writes it)."""
    return with_variant(position.geometry, format_line(position.to_grid(), values=True))


def candidate_grid(position: Position, *, marks: bool = True) -> str:
    """The current candidate grid as text (several lines, ends with a newline).

    With ``marks`` the text reads back exactly in this app (placed digits marked
    ``+``); without, it is plain HoDoKu-style text for other programs.
    """
    return format_pencilmarks(position.to_grid(), marks=marks)


def copy_text(kind: TextKind, position: Position) -> str:
    """The text Copy puts on the clipboard (one-line kinds without a newline).

    The candidate grid is plain text without marks: the clipboard is mostly for other programs.
    """
    if kind is TextKind.PUZZLE:
        return puzzle_line(position.start)
    if kind is TextKind.VALUES:
        return values_line(position)
    return candidate_grid(position, marks=False)


def export_text(kind: TextKind, position: Position, name: str = "") -> str:
    """The text of an exported file: a ``#`` comment naming the game, then the text and a newline.

    An exported candidate grid keeps its marks, so opening it here gives back the same position.
    """
    body = candidate_grid(position) if kind is TextKind.CANDIDATES else copy_text(kind, position)
    header = f"# {_one_line(name)} ({kind.label.lower()})\n" if name.strip() else ""
    return header + body.rstrip("\n") + "\n"


def export_filename(kind: TextKind, name: str = "") -> str:
    """A safe file name to suggest: ``the-classic-candidates.txt``."""
    stem = re.sub(r"[^A-Za-z0-9]+", "-", name).strip("-").lower()[:60] or "sudoku"
    return f"{stem}-{kind.value}.txt"


def _one_line(text: str) -> str:
    return " ".join(text.split())


__all__ = [
    "IncomingPuzzle",
    "check_grid",
    "read_puzzle_text",
    "open_file",
    "looks_like_game_file",
    "Opened",
    "TextKind",
    "puzzle_line",
    "values_line",
    "candidate_grid",
    "copy_text",
    "export_text",
    "export_filename",
    "SaveFileError",
]
