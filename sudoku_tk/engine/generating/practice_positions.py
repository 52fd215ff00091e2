"""Practice positions: a puzzle and the moves that lead to where a chosen technique is the next step a player needs.

A practice *position* for a technique T is a puzzle plus moves (package data ``data/practice/positions.txt``,
mined from real solving paths by ``build_scripts/mine_positions.py``) such that, once the moves are played and
every single that is then open is placed (``play``), the first step of the solving order with T enabled
(``enabled_for``: the default techniques plus T; or the position's technique set, below) is a T step
(``first_non_single``). For a single itself
(Full House, Naked or Hidden Single) and for Peer Elimination no singles are placed: the first step there is T.
``serve_position`` shows a stored position as a random isomorph (``isomorph.py``) and checks it again before
handing it out; ``next_to_learn`` suggests the technique to practise next.

Some techniques are never the first step of the default order: every Simple Colors Wrap is also a Simple
Colors Trap here (each of the clashing cells sees both colours), every Multi Colors 2 also a Multi Colors 1;
on every board mined, easier techniques came before the Franken and Mutant fish (a single-digit pattern that
Locked Candidates, a colouring, an X-Chain or a grouped nice loop also finds in another form); Template Set,
Template Delete and Brute Force come after the forcing chains and nets, which find a step almost wherever
everything else is stuck. Their positions carry a *technique set* (``techniques``): the default set with the
techniques that come first on that board switched off (as few as the miner could keep; ``SWITCHED_OFF`` says
why, per technique), and such a position is checked, served and hinted with that set. One technique has no
position, the Mutant X-Wing: no board has one (``NO_POSITION`` says why).

File format: UTF-8 text, ``#`` lines are comments, one position a line, four or five tab-separated fields::

    technique    givens    moves    source    [techniques]

``technique`` is the ``Technique`` member's name, ``givens`` 81 characters (``.`` for an empty cell), ``source``
where the puzzle came from (a generator seed such as ``pool/123``, or a public set and line). ``techniques``
(optional; a line of four fields is the default set plus the technique) is a ``--techniques`` list of ``+``/``-``
items adjusting the default set (``technique_sets.parse_selection``), e.g. ``-simple-colors-trap,+simple-colors-wrap``.
``moves`` is a space-separated list of moves (empty when the puzzle itself is the position), cells numbered
00–80 row by row:

- ``=CCd`` place digit d in cell CC (the digit leaves its peers' candidates, as a placed digit does);
- ``!CCd`` place digit d in cell CC leaving the peers' candidates as they were (only Peer Elimination needs it);
- ``-CCdCCd…`` remove candidate d from cell CC, for every three characters after the ``-``.

The stored moves are the non-single steps of the solving path (the singles between them are placed by ``play``
again), so a position is a short line.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

from sudoku_tk.engine.formats import parse_grid

from ..board.grid import Grid
from ..play.moves import Eliminate, Move, Place
from ..solving.logic import apply_step
from ..solving.technique_sets import parse_selection
from ..solving.technique_table import ORDER
from ..steps.step import Elimination, Family, Placement, Step, Technique
from ..techniques import default_techniques, find_hint, implemented
from .isomorph import Isomorph, identity, random_isomorph

POSITIONS_RESOURCE = ("data", "practice", "positions.txt")
"""Where the positions are, inside the ``sudoku_tk`` package."""

SINGLES: frozenset[Technique] = frozenset(t for t in Technique if t.family is Family.SINGLES)
"""The steps ``play`` takes on its own and ``first_non_single`` passes over."""

PLAIN_STEP_LIMIT = 200
"""More single steps than a 9×9 board has cells: ``play`` and ``first_non_single`` stop there whatever happens."""


# -- moves -------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PositionMove:
    """One stored move: placements (``keep_peers``: without removing the digit from the peers) or eliminations."""

    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    keep_peers: bool = False

    def encode(self) -> str:
        if self.placements:
            ((cell, digit),) = self.placements
            return f"{'!' if self.keep_peers else '='}{cell:02d}{digit}"
        return "-" + "".join(f"{c:02d}{d}" for c, d in self.eliminations)

    def mapped(self, iso: Isomorph) -> PositionMove:
        """The move on the isomorph ``iso`` of the board."""

        def image(pairs: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
            return tuple(sorted((iso.image_cell(c), iso.digits[d]) for c, d in pairs))

        return PositionMove(image(self.placements), image(self.eliminations), self.keep_peers)


def decode_move(token: str) -> PositionMove:
    """A move token (see the module doc).

    >>> decode_move("=405").placements, decode_move("-001013").eliminations
    (((40, 5),), ((0, 1), (1, 3)))

    Raises:
        ValueError: not a move token, or a cell or digit out of range.
    """
    kind, body = token[:1], token[1:]
    if kind not in "=!-" or not kind or not body or len(body) % 3:
        raise ValueError(f"not a move: {token!r}")
    pairs = []
    for i in range(0, len(body), 3):
        cell, digit = int(body[i : i + 2]), int(body[i + 2])
        if not 0 <= cell < 81 or not 1 <= digit <= 9:
            raise ValueError(f"cell or digit out of range in {token!r}")
        pairs.append((cell, digit))
    if kind == "-":
        return PositionMove(eliminations=tuple(pairs))
    if len(pairs) != 1:
        raise ValueError(f"a placement is one cell and digit: {token!r}")
    return PositionMove(placements=tuple(pairs), keep_peers=kind == "!")


def step_moves(step: Step) -> list[PositionMove]:
    """The stored moves that do what ``step`` does (its placements, then its eliminations)."""
    out = [PositionMove(placements=((p.cell, p.digit),)) for p in step.placements]
    if step.eliminations:
        out.append(PositionMove(eliminations=tuple(sorted((e.cell, e.digit) for e in step.eliminations))))
    return out


def apply_move(grid: Grid, move: PositionMove) -> Grid:
    """``grid`` after ``move``."""
    if move.keep_peers:
        values = list(grid.values)
        cands = list(grid.candidates)
        for cell, digit in move.placements:
            values[cell] = digit
            cands[cell] = 0
        return Grid(grid.geometry, grid.givens, tuple(values), tuple(cands), True)
    step = Step(
        Technique.PEER_ELIMINATION,
        tuple(Placement(c, d) for c, d in move.placements),
        tuple(Elimination(c, d) for c, d in move.eliminations),
    )
    return apply_step(grid, step)


# -- what is the next step ---------------------------------------------------------------------------------------


@cache
def enabled_for(technique: Technique) -> frozenset[Technique]:
    """The techniques a position for ``technique`` is checked with: the default set, plus ``technique`` when it
    is off by default (the solving order stays the default one)."""
    return frozenset(default_techniques()) | {technique}


@lru_cache(maxsize=64)
def position_enabled(technique: Technique, techniques: str = "") -> frozenset[Technique]:
    """The techniques a position for ``technique`` with the technique set ``techniques`` (the optional fifth
    field, see the module doc) is checked and hinted with: that set plus ``technique``; ``enabled_for`` when
    there is none.

    Raises:
        ValueError: ``techniques`` is not a ``--techniques`` list.
    """
    if not techniques:
        return enabled_for(technique)
    return parse_selection(techniques) | {technique}


_FIRST_HERE = (
    "easier techniques came first on every board it was mined from (a small Franken or Mutant fish is often "
    "Locked Candidates, an Empty Rectangle or a grouped chain in another form); those that come first on this "
    "board are switched off"
)
_SAME_ELIMINATIONS = (
    "on every board mined, easier techniques removed the same candidates first: a Franken or Mutant fish works on "
    "one digit, and Locked Candidates, a basic, finned or smaller Franken fish, a grouped nice loop or an ALS "
    "chain reaches its eliminations in another form; those that come first on this board are switched off (with, "
    "now and then, easier steps on another digit that the miner could not play away first)"
)
_LAST_RESORTS = (
    "the techniques switched off come before it in the solving order and find a step on this board (the forcing "
    "chains and nets find one almost wherever everything else is stuck)"
)
SWITCHED_OFF: dict[Technique, str] = {
    Technique.SIMPLE_COLORS_WRAP: (
        "in this solver every wrap is also a trap, since each of the two clashing cells sees both colours, and "
        "the trap comes first; on every board mined, shorter patterns on the wrap's digit (a Skyscraper, a Turbot "
        "Fish, an Empty Rectangle, a finned or Sashimi fish) came first as well, most of them removing some of its "
        "candidates"
    ),
    Technique.MULTI_COLORS_2: (
        "every cell a Multi Colors 2 removes also sees its own opposite group, so Multi Colors 1 removes it "
        "first; and on these boards a Simple Colors Trap comes first too"
    ),
    Technique.FRANKEN_X_WING: _FIRST_HERE,
    Technique.FRANKEN_SWORDFISH: _FIRST_HERE,
    Technique.FRANKEN_JELLYFISH: _SAME_ELIMINATIONS,
    Technique.FINNED_FRANKEN_X_WING: (
        "an Empty Rectangle is itself a Finned Franken X-Wing with one box, and the chains switched off find "
        "its eliminations first"
    ),
    Technique.MUTANT_SWORDFISH: _SAME_ELIMINATIONS,
    Technique.MUTANT_JELLYFISH: _SAME_ELIMINATIONS,
    Technique.FINNED_MUTANT_X_WING: _FIRST_HERE,
    Technique.TEMPLATE_SET: _LAST_RESORTS,
    Technique.TEMPLATE_DEL: _LAST_RESORTS,
    Technique.BRUTE_FORCE: _LAST_RESORTS,
}
"""Why the positions of a technique are served with techniques switched off (their technique set): the
techniques of the default set that would otherwise always be the first step there."""


NO_POSITION: dict[Technique, str] = {
    Technique.MUTANT_X_WING: (
        "no board has one, whatever is switched off: without fins each of its two base units must meet both cover "
        "units (a base unit inside one cover unit is a smaller fish, Locked Candidates, left to that technique), and "
        "a Mutant kind needs a row and a column on one side, or lines of one direction on both; two parallel lines "
        "never meet, and a row and a column meet a common third unit only in the box where they cross, one box for "
        "two units"
    ),
}
"""Techniques with no practice position, and why (said by ``generate --position``; the test over all 80 keeps
this list equal to the techniques without a stored position)."""


def needs_enabling(technique: Technique) -> bool:
    """Whether ``technique`` must be switched on (it is off by default) for a hint to name it."""
    return technique not in default_techniques()


def _singles_first(technique: Technique) -> bool:
    return technique not in SINGLES and technique is not Technique.PEER_ELIMINATION


@dataclass(frozen=True, slots=True)
class Played:
    """A position played out: the board, and every move from the puzzle to it (singles included), in order."""

    grid: Grid
    moves: tuple[Move, ...]


def play(puzzle: Grid, moves: Sequence[PositionMove], technique: Technique) -> Played:
    """Play ``moves`` on ``puzzle``, placing the open singles before each move and after the last (not for a
    single or Peer Elimination, whose position is exactly the moves)."""
    grid = puzzle
    out: list[Move] = []
    singles = _singles_first(technique)
    for move in moves:
        if singles:
            grid = _place_singles(grid, out)
        grid = apply_move(grid, move)
        out += _game_moves(move, technique)
    if singles:
        grid = _place_singles(grid, out)
    return Played(grid, tuple(out))


def _game_moves(move: PositionMove, technique: Technique) -> list[Move]:
    if move.placements:
        return [Place(c, d) for c, d in move.placements]
    return [Eliminate(move.eliminations)]


def _place_singles(grid: Grid, out: list[Move]) -> Grid:
    for _ in range(PLAIN_STEP_LIMIT):
        step = find_hint(grid, SINGLES, True)
        if step is None:
            break
        grid = apply_step(grid, step)
        out += [Place(p.cell, p.digit, step.technique.display_name) for p in step.placements]
    return grid


def first_non_single(grid: Grid, enabled: Iterable[Technique] | None = None) -> Step | None:
    """The first step in solving order that is not a single, singles placed before it as the solver would."""
    for _ in range(PLAIN_STEP_LIMIT):
        step = find_hint(grid, enabled, True)
        if step is None or step.technique not in SINGLES:
            return step
        grid = apply_step(grid, step)
    return None


def next_step(grid: Grid, technique: Technique, enabled: frozenset[Technique] | None = None) -> Step | None:
    """The step a position for ``technique`` must offer first: the first non-single step with ``enabled``
    (default: ``enabled_for(technique)``, the default set with ``technique``) (the first step at all for a
    single or Peer Elimination)."""
    if enabled is None:
        enabled = enabled_for(technique)
    if _singles_first(technique):
        return first_non_single(grid, enabled)
    return find_hint(grid, enabled, True)


def is_position(grid: Grid, technique: Technique, enabled: frozenset[Technique] | None = None) -> bool:
    """Whether ``grid`` (played out by ``play``) is a practice position for ``technique`` (with ``enabled``, as
    ``next_step``)."""
    step = next_step(grid, technique, enabled)
    return step is not None and step.technique is technique


# -- the stored positions ----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    technique: Technique
    givens: str
    moves: tuple[PositionMove, ...]
    source: str
    techniques: str = ""
    """Its technique set (a ``--techniques`` list adjusting the default set; "": the default set plus
    ``technique``), see the module doc."""

    def line(self) -> str:
        fields = [self.technique.name, self.givens, " ".join(m.encode() for m in self.moves), self.source]
        return "\t".join(fields + ([self.techniques] if self.techniques else []))

    @property
    def enabled(self) -> frozenset[Technique]:
        """The techniques it is checked and hinted with."""
        return position_enabled(self.technique, self.techniques)


@dataclass(slots=True)
class Positions:
    """The stored positions per technique, in file order, and how many puzzles each source offered."""

    entries: dict[Technique, list[Position]] = field(default_factory=dict)
    searched: dict[str, int] = field(default_factory=dict)
    """How many puzzles of each source (``# searched`` comments) were looked at."""

    def add(self, position: Position) -> None:
        self.entries.setdefault(position.technique, []).append(position)

    def of(self, technique: Technique) -> tuple[Position, ...]:
        return tuple(self.entries.get(technique, ()))


def parse_positions(lines: Iterable[str]) -> Positions:
    """Read the positions format (see the module doc).

    >>> p = parse_positions(["# searched\\tpool\\t7", "X_WING\\t" + "." * 81 + "\\t-001 =405\\tpool/4"])
    >>> p.searched, [m.encode() for m in p.of(Technique.X_WING)[0].moves]
    ({'pool': 7}, ['-001', '=405'])
    >>> parse_positions(["BRUTE_FORCE\\t" + "." * 81 + "\\t\\tx/1\\t-nested-forcing-net"]).of(Technique.BRUTE_FORCE)[0].techniques
    '-nested-forcing-net'

    Raises:
        ValueError: a line that is not in the format (the message names the line).
    """
    out = Positions()
    for number, raw in enumerate(lines, 1):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        try:
            if line.startswith("#"):
                parts = line[1:].strip().split("\t")
                if parts[0] == "searched":
                    out.searched[parts[1]] = int(parts[2])
                continue
            fields = line.split("\t")
            if len(fields) not in (4, 5):
                raise ValueError(f"{len(fields)} tab-separated fields, not 4 or 5")
            name, givens, moves, source = fields[:4]
            techniques = fields[4] if len(fields) == 5 else ""
            if len(givens) != 81:
                raise ValueError(f"{len(givens)} cells, not 81")
            technique = Technique[name]
            position_enabled(technique, techniques)  # a bad technique list is refused here, not when served
            out.add(Position(technique, givens, tuple(decode_move(t) for t in moves.split()), source, techniques))
        except (KeyError, IndexError, ValueError) as exc:
            raise ValueError(f"practice positions line {number}: {exc!r}: {line[:60]}") from exc
    return out


def format_positions(positions: Positions, header: Iterable[str] = ()) -> str:
    """The positions as text, ``header`` lines first (as comments), techniques in solving order."""
    out = [f"# {h}" if h else "#" for h in header]
    out += [f"# searched\t{k}\t{v}" for k, v in sorted(positions.searched.items())]
    for t in ORDER:
        out += [p.line() for p in positions.entries.get(t, ())]
    return "\n".join(out) + "\n"


@lru_cache(maxsize=1)
def load_positions() -> Positions:
    """The positions shipped with the package (none when the file is missing)."""
    path = resources.files("sudoku_tk")
    for part in POSITIONS_RESOURCE:
        path = path.joinpath(part)
    if not path.is_file():
        return Positions()
    return parse_positions(path.read_text(encoding="utf-8").splitlines())


# -- serving -----------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ServedPosition:
    """A practice position as handed out: the puzzle, the moves that lead to the position, the board there and
    the step the player is to find."""

    technique: Technique
    puzzle: Grid
    moves: tuple[Move, ...]
    grid: Grid
    step: Step
    source: str
    """The stored position it is an isomorph of (its source and technique)."""
    techniques: str = ""
    """The stored position's technique set ("": the default set plus the technique)."""

    @property
    def enabled(self) -> frozenset[Technique]:
        """The techniques the step is the first non-single of."""
        return position_enabled(self.technique, self.techniques)

    @property
    def switched_off(self) -> tuple[Technique, ...]:
        """The techniques of the default set switched off here, in solving order (see ``SWITCHED_OFF``)."""
        default = default_techniques()
        return tuple(t for t in ORDER if t in default and t not in self.enabled)

    @property
    def needs_enabling(self) -> bool:
        """Whether a hint names the technique only with a ``--techniques`` list (``hint_option``)."""
        return bool(self.hint_option)

    @property
    def hint_option(self) -> str:
        """The ``--techniques`` list a hint needs to name the technique here ("" : none): the position's
        technique set, else ``+name`` for a technique off by default."""
        if self.techniques:
            return self.techniques
        if needs_enabling(self.technique):
            return "+" + self.technique.name.lower().replace("_", "-")
        return ""


def practice_position_techniques() -> tuple[Technique, ...]:
    """Every implemented technique, in solving order: those a position may be asked for."""
    return implemented()


def served(position: Position, iso: Isomorph) -> ServedPosition | None:
    """``position`` shown as the isomorph ``iso``, when the check still finds its technique first there."""
    try:
        puzzle = Grid.from_values(iso.values(parse_grid(position.givens).givens))
        played = play(puzzle, [m.mapped(iso) for m in position.moves], position.technique)
    except ValueError:  # a damaged line (a placement on a filled cell, givens that are no puzzle): not served
        return None
    step = next_step(played.grid, position.technique, position.enabled)
    if step is None or step.technique is not position.technique:
        return None
    return ServedPosition(
        position.technique, puzzle, played.moves, played.grid, step, position.source, position.techniques
    )


def serve_position(
    seed: int | str | random.Random, technique: Technique, positions: Positions | None = None
) -> ServedPosition | None:
    """A stored position for ``technique`` (chosen by ``seed``) as a random isomorph (chosen by ``seed``), checked
    again (``is_position``); the next stored one when the check fails (the solver's order among steps of one
    rank follows the board, so an isomorph may offer another step of the same rank first), the identity last.
    None when no stored position passes."""
    rng = seed if isinstance(seed, random.Random) else random.Random(str(seed))
    entries = (positions or load_positions()).of(technique)
    if not entries:
        return None
    first = rng.randrange(len(entries))
    for iso in _isomorphs(rng):
        for k in range(len(entries)):
            got = served(entries[(first + k) % len(entries)], iso)
            if got is not None:
                return got
    return None


def _isomorphs(rng: random.Random) -> Iterator[Isomorph]:
    yield random_isomorph(rng)
    yield identity()


# -- what to learn next ------------------------------------------------------------------------------------------

STATUS_ALONE = "alone"
"""The player has found the technique on their own."""
STATUS_HINT = "hint"
"""The player has met the technique, with a hint."""
STATUS_UNMET = "unmet"
"""Not yet met."""


def learnable_techniques() -> tuple[Technique, ...]:
    """The techniques "Next to learn" may suggest, in solving order: those with a stored position, less Peer
    Elimination (the assists do it; no game's path names it, so it would stay first for ever) and Brute Force
    (guessing, not a technique to learn)."""
    stored = load_positions()
    skip = (Technique.PEER_ELIMINATION, Technique.BRUTE_FORCE)
    return tuple(t for t in practice_position_techniques() if t not in skip and stored.of(t))


def next_to_learn(status: Mapping[Technique, str]) -> Technique | None:
    """The first technique in solving order (of ``learnable_techniques``) whose status is not ``"alone"`` (a
    technique missing from ``status`` is unmet); None when the player found them all alone.

    >>> next_to_learn({}).name
    'FULL_HOUSE'
    >>> next_to_learn({Technique.FULL_HOUSE: "alone", Technique.NAKED_SINGLE: "hint"}).name
    'NAKED_SINGLE'
    """
    for t in learnable_techniques():
        if status.get(t, STATUS_UNMET) != STATUS_ALONE:
            return t
    return None


__all__ = [
    "learnable_techniques",
    "POSITIONS_RESOURCE",
    "NO_POSITION",
    "SWITCHED_OFF",
    "Played",
    "Position",
    "PositionMove",
    "Positions",
    "STATUS_ALONE",
    "STATUS_HINT",
    "STATUS_UNMET",
    "ServedPosition",
    "apply_move",
    "decode_move",
    "enabled_for",
    "first_non_single",
    "format_positions",
    "is_position",
    "load_positions",
    "needs_enabling",
    "next_step",
    "next_to_learn",
    "parse_positions",
    "play",
    "position_enabled",
    "practice_position_techniques",
    "serve_position",
    "served",
    "step_moves",
]
