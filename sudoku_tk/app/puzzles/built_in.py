"""The built-in puzzle library: puzzles shipped as package data, with a name, a level and a source.

The library is read once from ``sudoku_tk/data/puzzles/*.txt`` (written by
``build_scripts/make_library.py``; ``sudoku_tk/data/README.md`` gives each source
and its licence). Each data line is tab-separated::

    id <TAB> name <TAB> level <TAB> givens (one line) <TAB> rating <TAB> source

A variant's givens field names it first: ``x:<81 givens>``, ``windoku:<81 givens>``,
``jigsaw:<81 givens>:<81 region symbols>`` or ``killer:<81 givens>:<81 cage symbols>:<sums>`` (``variant-*.txt``, written by
``build_scripts/make_variant_library.py``); ``PuzzleEntry.text`` is then its givens line and
``PuzzleEntry.puzzle`` the variant's text form, which ``parse_puzzle`` reads.

``rating`` is the Sudoku Explainer rating as published by the source (``4.2``,
or a bucket such as ``<1.5``), or ``-`` when the source gives none. Levels are
HoDoKu's five, given by the app's own rating for 9×9 puzzles (``classify``); the
engine rates 9×9 only, so 4×4 and 16×16 puzzles are easy when the singles solve
them and medium when they need intersections, pairs or triples too. Every puzzle
is finished by the logic solver without guessing (``hints_finish``), so its hints
never run out.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from sudoku_tk.engine.board.geometry import CLASSIC, JIGSAW, KILLER, VARIANTS
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats.puzzle_text import parse_puzzle, variant_text
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, recompute
from sudoku_tk.engine.rating import score as engine_rating
from sudoku_tk.engine.rating.levels import Level
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.solving.technique_sets import up_to_level
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques

CLASSIC_ID = "classic"
CLASSIC_GIVENS = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
_SIDE_OF_LENGTH = {16: 4, 81: 9, 256: 16}
_DIGIT_CHARS = "123456789ABCDEFG"

GUESSING: frozenset[Technique] = frozenset({Technique.BRUTE_FORCE, Technique.TEMPLATE_SET, Technique.TEMPLATE_DEL})
"""Not hints a player can follow: no built-in puzzle needs them."""


LEGACY_LEVELS = {"very_hard": "unfair"}
"""Level words of earlier versions (data files, settings, history) -> today's value. The old "very hard" (SE 5.0
and up: longer fish, uniqueness, chains) is nearest to unfair; extreme asks forcing chains and nets."""

LEGACY_NAMES = {"very_hard": "Very hard"}
"""How an old level word reads in records kept from earlier versions (game history)."""

LEVEL_ORDER: tuple[Level, ...] = tuple(Level)


def parse_level(text: str) -> Level:
    """Read a level from its label or display name (``unfair`` or ``Unfair``); an old word maps to its nearest.

    >>> [str(parse_level(text)) for text in ("Extreme", "very_hard", "Very hard")]
    ['extreme', 'unfair', 'unfair']

    Raises:
        ValueError: not a level; the message quotes the text.
    """
    key = text.strip().lower().replace(" ", "_")
    try:
        return Level.parse(LEGACY_LEVELS.get(key, key))
    except ValueError:
        raise ValueError(f"not a puzzle level: {text!r}") from None


@dataclass(frozen=True, slots=True)
class PuzzleEntry:
    """One built-in puzzle: stable id, a name for the player, its level and size, its givens and source."""

    id: str
    name: str
    level: Level
    size: int
    """Board side: 4, 9 or 16."""
    text: str
    """The givens as one line, ``.`` for empty cells (digits above 9 as A–G)."""
    source: str
    """Where it comes from, in a few words; the data README has the full reference and licence."""
    rating: str = "-"
    """The source's Sudoku Explainer rating (``4.2``, ``<1.5``), or ``-``; the level is the app's own rating."""
    variant: str = CLASSIC
    """``classic``, ``x``, ``windoku`` or ``jigsaw``."""
    regions: str = ""
    """A Jigsaw's region map (one symbol per cell), a Killer's cage map and sums (``AAB… A=17,B=5,…``); empty for the
    other variants."""

    @property
    def puzzle(self) -> str:
        """The text a game starts from: the givens line, or a variant's text form (``parse_puzzle`` reads both)."""
        return variant_text(self.variant, self.text, self.regions)

    def grid(self) -> Grid:
        """The puzzle as a Grid (givens only), parsed when asked for (the library is read without parsing)."""
        return parse_puzzle(self.puzzle)


class LibraryError(ValueError):
    """The packaged library is damaged (a bad line in a data file); names the file and line."""


# -- classification -----------------------------------------------------------


def no_guessing() -> frozenset[Technique]:
    """The default techniques of hints and the solver without the guessing ones (``GUESSING``)."""
    return frozenset(default_techniques()) - GUESSING


def solves_with_singles(grid: Grid) -> bool:
    """Does propagation with every assist (peers, naked and hidden singles) finish the puzzle alone?"""
    return recompute(grid, (), ALL_ASSISTS, singles_from_start=True).is_solved()


def hints_finish(grid: Grid) -> bool:
    """Does the logic solver finish the puzzle without guessing (so the hints never run out)?"""
    return solve_logically(grid, no_guessing()).solved


def classify(grid: Grid) -> Level:
    """Give a puzzle its level: for 9×9 the app's own rating (``rate_puzzle``), else by the techniques it needs.

    The engine rates 9×9 puzzles only. A 4×4 or 16×16 puzzle is easy when the singles
    solve it, medium when intersections, pairs and triples finish it, and extreme
    (beyond what this library ships) otherwise.
    """
    if grid.geometry.side == 9:
        return engine_rating.rate_puzzle(grid).level
    if solves_with_singles(grid):
        return Level.EASY
    medium = up_to_level(no_guessing(), Level.MEDIUM)
    return Level.MEDIUM if solve_logically(grid, medium, unique=False).solved else Level.EXTREME


def rating_upper_bound(rating: str) -> float | None:
    """Read a published rating label as the highest SE value it allows; None when unknown.

    >>> rating_upper_bound("4.2"), rating_upper_bound("<1.5"), rating_upper_bound("1.5-2.4"), rating_upper_bound("-")
    (4.2, 1.4, 2.4, None)

    Raises:
        ValueError: the label is none of these forms.
    """
    text = rating.strip()
    if text in ("", "-"):
        return None
    try:
        if text.startswith("<"):
            return round(float(text[1:]) - 0.1, 1)
        if "-" in text:
            return float(text.split("-", 1)[1])
        return float(text)
    except ValueError:
        raise ValueError(f"not a rating: {rating!r}") from None


# -- loading ------------------------------------------------------------------


def parse_library_text(text: str, origin: str = "<text>") -> list[PuzzleEntry]:
    """Read one data file's lines into entries (``#`` lines and blank lines are skipped).

    Raises:
        LibraryError: a line has the wrong number of fields, a bad level, size or givens.
    """
    out = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip("\r\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 6:
            raise LibraryError(f"{origin} line {number}: expected 6 tab-separated fields, found {len(fields)}")
        pid, name, level_text, givens, rating, source = (f.strip() for f in fields)
        try:
            level = parse_level(level_text)
            variant, side, text, regions = check_givens_field(givens)
            rating_upper_bound(rating)
        except ValueError as exc:
            raise LibraryError(f"{origin} line {number}: {exc}") from None
        if not pid or not name:
            raise LibraryError(f"{origin} line {number}: empty id or name")
        out.append(PuzzleEntry(pid, name, level, side, text, source, rating, variant, regions))
    return out


def check_givens_field(field: str) -> tuple[str, int, str, str]:
    """A data line's givens field, checked cheaply: its variant, side, givens line and (a Jigsaw's) region map.

    >>> check_givens_field("x:" + "1" + "." * 80)[0]
    'x'

    Raises:
        ValueError: an unknown variant, a region map of the wrong length, or givens ``check_givens_line`` refuses.
    """
    if ":" not in field:
        side, text = check_givens_line(field)
        return CLASSIC, side, text, ""
    variant, _, rest = field.partition(":")
    if variant not in VARIANTS or variant == CLASSIC:
        raise ValueError(f"unknown variant {variant!r} in the givens field")
    givens, _, regions = rest.partition(":")
    side, line = check_givens_line(givens)
    if side != 9:
        raise ValueError("variants are 9×9")
    if variant == KILLER:
        cages, _, sums = regions.partition(":")
        if len(cages) != 81 or not sums or any(ch.isspace() for ch in cages + sums):
            raise ValueError("a Killer's field is killer:<81 givens>:<81 cage symbols>:<sums>")
        return variant, side, line, f"{cages} {sums}"
    if variant == JIGSAW:
        if len(regions) != 81:
            raise ValueError(f"a Jigsaw's region map has 81 symbols, not {len(regions)}")
        return variant, side, line, regions
    if regions:
        raise ValueError(f"only a Jigsaw has a region map, not {variant!r}")
    return variant, side, line, ""


def check_givens_line(line: str) -> tuple[int, str]:
    """Check a library givens line cheaply (length and characters, no full parse): its side and ``.``-form.

    The app reads the whole library at start-up, so each line is only checked
    here; ``PuzzleEntry.grid()`` parses it when the puzzle is played, and the
    library test parses and solves every one.

    >>> check_givens_line("1..." "..2." "0..3" "4...")
    (4, '1.....2....34...')

    Raises:
        ValueError: the length fits no board, or a character is not a digit of the board or ``.``/``0``.
    """
    side = _SIDE_OF_LENGTH.get(len(line))
    if side is None:
        raise ValueError(f"givens have {len(line)} characters; expected 16, 81 or 256")
    allowed = _DIGIT_CHARS[:side]
    for i, ch in enumerate(line):
        if ch not in allowed and ch not in ".0":
            raise ValueError(f"character {i + 1} of the givens is {ch!r}, not a digit of a {side}×{side} board")
    return side, line.replace("0", ".")


@lru_cache(maxsize=1)
def _library() -> tuple[PuzzleEntry, ...]:
    folder = resources.files("sudoku_tk").joinpath("data").joinpath("puzzles")
    entries: list[PuzzleEntry] = []
    for item in sorted(folder.iterdir(), key=lambda t: t.name):
        if item.name.endswith(".txt"):
            entries.extend(parse_library_text(item.read_text(encoding="utf-8"), item.name))
    seen: set[str] = set()
    for e in entries:
        if e.id in seen:
            raise LibraryError(f"puzzle id {e.id!r} appears twice in the library")
        seen.add(e.id)
    rank = {lvl: i for i, lvl in enumerate(LEVEL_ORDER)}
    # The classic comes first among its peers: it is the puzzle every tutorial starts with. Otherwise a level
    # keeps its file's order (the build writes each level easiest first, by the rating's score); sort is stable.
    entries.sort(key=lambda e: (e.size, rank[e.level], e.id != CLASSIC_ID))
    return tuple(entries)


def library() -> list[PuzzleEntry]:
    """Every built-in puzzle, by size, then level, then as its file lists it (easiest first; the classic first).

    Read once, then cached.
    """
    return list(_library())


@lru_cache(maxsize=1)
def _index() -> dict[str, PuzzleEntry]:
    return {e.id: e for e in _library()}


def by_id(puzzle_id: str) -> PuzzleEntry | None:
    """The built-in puzzle with this id, or None (an old save may name a puzzle no longer shipped)."""
    return _index().get(puzzle_id)


def levels(size: int | None = None, variant: str = CLASSIC) -> list[Level]:
    """The levels that have at least one puzzle (of this size, when given, and this variant), easiest first."""
    present = {e.level for e in _library() if (size is None or e.size == size) and e.variant == variant}
    return [lvl for lvl in LEVEL_ORDER if lvl in present]


def sizes() -> list[int]:
    """The board sides the library has classic puzzles for, smallest first."""
    return sorted({e.size for e in _library() if e.variant == CLASSIC})


def variants() -> list[str]:
    """The variants the library has puzzles for, classic first (then as ``VARIANTS`` lists them)."""
    present = {e.variant for e in _library()}
    return [v for v in VARIANTS if v in present]


def puzzles_for(size: int = 9, level: Level | str | None = None, variant: str = CLASSIC) -> list[PuzzleEntry]:
    """The built-in puzzles of one size, one variant and, when given, one level (in library order)."""
    want = None if level is None else (level if isinstance(level, Level) else parse_level(level))
    return [e for e in _library() if e.size == size and e.variant == variant and (want is None or e.level is want)]


def pick(
    size: int = 9,
    level: Level | str | None = None,
    exclude_ids: Sequence[str] | Iterable[str] = (),
    rng: random.Random | None = None,
    variant: str = CLASSIC,
) -> PuzzleEntry:
    """Choose a puzzle of this size, variant and level (None: any level), avoiding recently played ids.

    ``exclude_ids`` lists recently played ids, most recent first. When every
    candidate was played recently, the one played longest ago is returned, so a
    pick always succeeds while the library has the size and level. The choice is
    deterministic for a given ``rng`` state.

    Raises:
        LookupError: the library has no puzzle of this size and level.
    """
    pool = puzzles_for(size, level, variant)
    if not pool:
        raise LookupError(f"no built-in {size}×{size} {variant} puzzle at level {level!r}")
    recent = list(exclude_ids)
    recent_set = set(recent)
    fresh = [e for e in pool if e.id not in recent_set]
    if fresh:
        return (rng or random.Random()).choice(fresh)
    age = {pid: i for i, pid in enumerate(recent)}
    return max(pool, key=lambda e: age[e.id])


def default_puzzle() -> PuzzleEntry:
    """The classic tutorial puzzle, the first game on a fresh start."""
    entry = by_id(CLASSIC_ID)
    if entry is None:
        # The data files are package data; without them the app still has a game.
        return PuzzleEntry(CLASSIC_ID, "Classic", Level.EASY, 9, CLASSIC_GIVENS, "classic tutorial puzzle")
    return entry
