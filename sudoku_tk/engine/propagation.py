"""recompute(start, moves, assists) -> Position: the board, rebuilt from scratch, with a reason for everything.

The player's board is never edited in place. It is the result of replaying the
moves that are still in force on top of the starting grid, running the switched-on
assists to a fixpoint after each: candidates seen by placed digits are removed,
then naked singles are placed, then hidden singles (rows, then columns, then
boxes; digits ascending), and round again until nothing changes.

A move stops being in force when a later move takes it back: ``Clear`` cancels the
last placement in its cell, ``Restore`` cancels the player's earlier removal of
those candidates. Replaying only the moves in force makes "correct an early
mistake" exact: consequences of a cancelled move disappear with it.

Every missing candidate of an empty cell has a ``Reason``; every automatically
placed digit has its Step. Reasons are stored compactly and turned into Steps only
when asked for, because this runs after every click.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from .digitset import DigitSet
from .geometry import Cell, Digit, Geometry
from .grid import Grid, Problem, ProblemKind, duplicate_message
from .moves import Clear, Eliminate, Move, Place, Restore
from .step import Elimination, Highlight, HighlightRole, Placement, Step, Technique


class Assist(Enum):
    """The automatic help a player can switch on or off."""

    PEERS = "peers"
    """Remove candidates seen by placed digits."""
    NAKED_SINGLES = "naked_singles"
    """Place a digit in a cell with one candidate left."""
    HIDDEN_SINGLES = "hidden_singles"
    """Place a digit with one place left in a unit."""


ALL_ASSISTS: FrozenSet[Assist] = frozenset(Assist)
NO_ASSISTS: FrozenSet[Assist] = frozenset()


class Origin(Enum):
    """Where a cell's digit came from."""

    EMPTY = "empty"
    GIVEN = "given"
    PLAYER = "player"
    """Placed by the player (or present as a placed digit in the starting grid)."""
    AUTO = "auto"
    """Placed by an assist (naked or hidden single)."""


class ReasonKind(Enum):
    """Why a candidate is missing."""

    PEER = "peer"
    """A placed digit in the same unit."""
    PLAYER = "player"
    """The player removed it (by hand or by applying a hint)."""
    START = "start"
    """It was not in the starting candidate grid."""


# Compact reason tuples: (kind, cause cell or -1, move index or -1)
_PEER, _PLAYER, _START = 0, 1, 2
_KINDS = (ReasonKind.PEER, ReasonKind.PLAYER, ReasonKind.START)
# Compact single kinds
_FULL_HOUSE, _NAKED, _HIDDEN = 0, 1, 2
_SINGLE_TECH = (Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one candidate is gone: the kind, the move that caused it (None: the start) and, for a peer, the Step."""

    kind: ReasonKind
    cell: Cell
    digit: Digit
    move_index: Optional[int]
    cause: Optional[Cell]
    """The placed digit's cell for a peer elimination."""
    step: Optional[Step]
    """The deduction as a Step (peer eliminations); None when the player removed it."""
    note: str = ""
    """The technique name when the player removed it by applying a hint."""


@dataclass(frozen=True, slots=True)
class Conflict:
    """A digit standing more than once in a unit."""

    digit: Digit
    cells: Tuple[Cell, ...]
    unit: int


@dataclass(frozen=True, slots=True)
class Rejected:
    """A move that could not be carried out (e.g. writing over a given), with the reason."""

    move_index: int
    message: str


class Position:
    """The player's board as recomputed: values, candidates, origins and the reason for each.

    Build it with ``recompute``; it is never changed afterwards.
    """

    __slots__ = (
        "geometry",
        "start",
        "moves",
        "assists",
        "values",
        "candidates",
        "origins",
        "live",
        "rejected",
        "_reasons",
        "_singles",
        "_auto_order",
        "_notes",
        "_conflicts",
    )

    geometry: Geometry
    start: Grid
    moves: Tuple[Move, ...]
    assists: FrozenSet[Assist]
    values: Tuple[int, ...]
    candidates: Tuple[int, ...]
    origins: Tuple[Origin, ...]
    live: Tuple[bool, ...]
    rejected: Tuple[Rejected, ...]
    # Compact provenance, turned into Reasons and Steps only when asked for (see recompute).
    _reasons: Dict[int, Tuple[int, int, int]]
    _singles: Dict[int, Tuple[int, int, int, int]]
    _auto_order: Tuple[int, ...]
    _notes: Dict[int, str]
    _conflicts: Optional[Tuple[Conflict, ...]]

    def __init__(self, **kw: object) -> None:
        for k, v in kw.items():
            object.__setattr__(self, k, v)
        object.__setattr__(self, "_conflicts", None)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable")

    # -- plain questions ----------------------------------------------------
    @property
    def givens(self) -> Tuple[int, ...]:
        return self.start.givens

    def candidate_set(self, cell: Cell) -> DigitSet:
        return DigitSet(self.candidates[cell])

    def is_complete(self) -> bool:
        return all(self.values)

    def is_solved(self) -> bool:
        """Is every cell filled with no digit twice in a unit?"""
        return self.is_complete() and not self.conflicts()

    def has_candidate(self, cell: Cell, digit: Digit) -> bool:
        """Is ``digit`` still a candidate of ``cell`` (always False for a filled cell)?"""
        return bool(self.candidates[cell] >> (digit - 1) & 1)

    def complete_digits(self) -> FrozenSet[Digit]:
        """Digits placed in every unit already (each appears ``side`` times on the board)."""
        side = self.geometry.side
        counts = [0] * (side + 1)
        for v in self.values:
            counts[v] += 1
        return frozenset(d for d in range(1, side + 1) if counts[d] >= side)

    def empty_cells(self) -> List[Cell]:
        return [c for c, v in enumerate(self.values) if not v]

    def dead_cells(self) -> List[Cell]:
        """Empty cells with no candidate left: the position is broken there."""
        return [c for c, v in enumerate(self.values) if not v and not self.candidates[c]]

    def conflicts(self) -> Tuple[Conflict, ...]:
        """Every digit that stands twice in a unit (cells listed in board order)."""
        cached = self._conflicts
        if cached is not None:
            return cached
        out = []
        vals = self.values
        for u, cells in enumerate(self.geometry.units):
            seen: Dict[int, List[Cell]] = {}
            for c in cells:
                v = vals[c]
                if v:
                    seen.setdefault(v, []).append(c)
            for d, cs in seen.items():
                if len(cs) > 1:
                    out.append(Conflict(d, tuple(cs), u))
        result = tuple(out)
        object.__setattr__(self, "_conflicts", result)
        return result

    def conflict_cells(self) -> FrozenSet[Cell]:
        return frozenset(c for k in self.conflicts() for c in k.cells)

    def problems(self) -> List[Problem]:
        """Duplicates and dead cells as Problems (no solver call: this is the live board)."""
        geo = self.geometry
        out = [
            Problem(ProblemKind.DUPLICATE, duplicate_message(geo, k.digit, k.unit, k.cells), k.cells, k.digit)
            for k in self.conflicts()
        ]
        out += [
            Problem(ProblemKind.NO_CANDIDATES, f"{geo.cell_name(c)} has no candidate left", (c,))
            for c in self.dead_cells()
        ]
        return out

    def to_grid(self) -> Grid:
        """This position as a candidate grid (givens, values and the current candidates)."""
        return Grid(self.geometry, self.start.givens, self.values, self.candidates, True)

    # -- provenance ---------------------------------------------------------
    def reason(self, cell: Cell, digit: Digit) -> Optional[Reason]:
        """Why ``digit`` is not a candidate of ``cell`` (None if it still is, or the cell is filled)."""
        if self.values[cell] or self.candidates[cell] >> (digit - 1) & 1:
            return None
        r = self._reasons.get(cell * 32 + digit)
        if r is None:
            return None
        kind, cause, mi = r
        step = self._peer_step(cause, cell, digit) if kind == _PEER else None
        note = self._notes.get(mi, "") if kind == _PLAYER else ""
        return Reason(_KINDS[kind], cell, digit, None if mi < 0 else mi,
                      None if cause < 0 else cause, step, note)

    def value_step(self, cell: Cell) -> Optional[Step]:
        """The single that placed the digit of ``cell``, if an assist placed it."""
        info = self._singles.get(cell)
        if info is None:
            return None
        return self._single_step(cell, info)

    def value_move_index(self, cell: Cell) -> Optional[int]:
        """Index of the move that led to an automatic digit (None: it follows from the start)."""
        info = self._singles.get(cell)
        if info is None:
            return None
        return None if info[2] < 0 else info[2]

    def auto_steps(self, move_index: Optional[int] = None) -> List[Step]:
        """The singles placed automatically, in order; only those triggered by one move if given (-1: by the start)."""
        out = []
        for cell in self._auto_order:
            info = self._singles[cell]
            if move_index is None or info[2] == move_index:
                out.append(self._single_step(cell, info))
        return out

    def auto_cells(self, move_index: Optional[int] = None) -> List[Cell]:
        """Cells filled by an assist, in the order they were filled."""
        if move_index is None:
            return list(self._auto_order)
        return [c for c in self._auto_order if self._singles[c][2] == move_index]

    # -- step builders (lazy) -----------------------------------------------
    def _peer_step(self, cause: Cell, cell: Cell, digit: Digit) -> Step:
        geo = self.geometry
        shared = [u for u in geo.cell_units[cause] if u in geo.cell_units[cell]]
        unit = geo.unit_name(shared[0]) if shared else "the same unit"
        d = geo.digit_char(digit)
        text = (
            f"{geo.cell_name(cause)} holds {d}, so {geo.cell_name(cell)} in the same "
            f"{unit.split()[0]} ({unit}) can't be {d}."
        )
        return Step(
            Technique.PEER_ELIMINATION,
            eliminations=(Elimination(cell, digit),),
            explanation=text,
            highlights=(
                Highlight(HighlightRole.CAUSE, (cause,)),
                Highlight(HighlightRole.DEFINING_UNIT, units=tuple(shared[:1])),
                Highlight(HighlightRole.ELIMINATION, (cell,), (digit,)),
            ),
            focus=unit,
        )

    def _single_step(self, cell: Cell, info: Tuple[int, int, int, int]) -> Step:
        geo = self.geometry
        kind, unit, _mi, digit = info
        d = geo.digit_char(digit)
        name = geo.cell_name(cell)
        tech = _SINGLE_TECH[kind]
        hl: Tuple[Highlight, ...]
        if kind == _FULL_HOUSE:
            text = f"{name} is the last empty cell of {geo.unit_name(unit)}, so it must be {d}."
            focus = geo.unit_name(unit)
            hl = (Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),)
        elif kind == _NAKED:
            text = f"{d} is the only candidate left in {name}, so {name} is {d}."
            focus = name
            hl = ()
        else:
            text = f"{geo.unit_name(unit).capitalize()} has only one place left for {d}: {name}."
            focus = geo.unit_name(unit)
            hl = (Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),)
        return Step(
            tech,
            placements=(Placement(cell, digit),),
            explanation=f"{tech.display_name}: {text}",
            highlights=hl + (Highlight(HighlightRole.PLACEMENT, (cell,), (digit,)),),
            focus=focus,
        )

    def __repr__(self) -> str:
        return f"<Position {sum(1 for v in self.values if v)}/{self.geometry.ncells} filled, {len(self.moves)} moves>"


def live_moves(
    moves: Sequence[Move],
) -> Tuple[Tuple[bool, ...], Dict[int, Tuple[Tuple[int, int], ...]], Dict[int, Tuple[Tuple[int, int], ...]]]:
    """Which moves are still in force, and for each Eliminate the candidates it still removes.

    A ``Clear`` cancels the placement in force in its cell; a ``Restore`` cancels every
    earlier removal of its candidates (a candidate crossed out twice comes back at once).
    Clear and Restore themselves are never in force: they only cancel. A Restore of a
    candidate no move removed is returned too (third value): it brings back a candidate
    that was missing from a starting candidate grid.
    """
    n = len(moves)
    live = [True] * n
    last_place: Dict[int, int] = {}
    # Candidate -> the Eliminate moves whose removal of it is still in force.
    owners: Dict[Tuple[int, int], List[int]] = {}
    cancelled: set[Tuple[int, Tuple[int, int]]] = set()
    unowned: Dict[int, Tuple[Tuple[int, int], ...]] = {}
    for i, m in enumerate(moves):
        if isinstance(m, Place):
            prev = last_place.get(m.cell)
            if prev is not None:
                live[prev] = False
            last_place[m.cell] = i
        elif isinstance(m, Clear):
            prev = last_place.pop(m.cell, None)
            if prev is not None:
                live[prev] = False
            live[i] = False
        elif isinstance(m, Eliminate):
            for cd in m.candidates:
                owners.setdefault(cd, []).append(i)
        elif isinstance(m, Restore):
            live[i] = False
            free = []
            for cd in m.candidates:
                found = owners.pop(cd, ())
                for owner in found:
                    cancelled.add((owner, cd))
                if not found:
                    free.append(cd)
            if free:
                unowned[i] = tuple(free)
    elim_left: Dict[int, Tuple[Tuple[int, int], ...]] = {}
    for i, m in enumerate(moves):
        if isinstance(m, Eliminate):
            left = tuple(cd for cd in m.candidates if (i, cd) not in cancelled)
            elim_left[i] = left
            if not left:
                live[i] = False
    return tuple(live), elim_left, unowned


def recompute(
    start: Grid,
    moves: Sequence[Move] = (),
    assists: Iterable[Assist] = ALL_ASSISTS,
    *,
    singles_from_start: bool = False,
) -> Position:
    """Rebuild the board from the starting grid and the moves, with the assists switched on.

    Naked and hidden singles are applied as consequences of the moves: a single is
    placed automatically when a move (or an automatic placement it caused) made it so.
    The puzzle itself is left for the player: singles already present in the starting
    grid are not filled in, unless ``singles_from_start`` asks for that (used to test
    whether singles alone solve a puzzle). The same inputs always give the same Position.
    """
    assists = frozenset(assists)
    geo = start.geometry
    side = geo.side
    ncells = geo.ncells
    peers = geo.peers
    units = geo.units
    cell_units = geo.cell_units
    use_peers = Assist.PEERS in assists
    use_naked = Assist.NAKED_SINGLES in assists
    use_hidden = Assist.HIDDEN_SINGLES in assists
    full = geo.all_digits

    values = list(start.values)
    origins = [Origin.GIVEN if g else (Origin.PLAYER if v else Origin.EMPTY)
               for g, v in zip(start.givens, start.values)]
    reasons: Dict[int, Tuple[int, int, int]] = {}
    singles: Dict[int, Tuple[int, int, int, int]] = {}
    auto_order: List[int] = []
    notes: Dict[int, str] = {}
    rejected: List[Rejected] = []

    # Starting candidates: all digits (or the grid's pencilmarks), then the peers of the start's values.
    if start.has_pencilmarks:
        cands = [0 if v else m for v, m in zip(values, start.candidates)]
    else:
        cands = [0 if v else full for v in values]
    if use_peers:
        for cell in range(ncells):
            v = values[cell]
            if v:
                bit = 1 << (v - 1)
                nb = ~bit
                for p in peers[cell]:
                    if cands[p] & bit:
                        cands[p] &= nb
                        reasons[p * 32 + v] = (_PEER, cell, -1)
    if start.has_pencilmarks:
        # Whatever the pencilmarks lack beyond the peers' digits was removed before the start.
        for cell in range(ncells):
            if not values[cell]:
                missing = full & ~start.candidates[cell]
                while missing:
                    low = missing & -missing
                    missing ^= low
                    d = low.bit_length()
                    key = cell * 32 + d
                    if key not in reasons:
                        peer = _peer_holding(values, peers[cell], d)
                        reasons[key] = (_PEER, peer, -1) if peer >= 0 else (_START, -1, -1)

    # What changed since the assists last looked: cells whose candidates shrank (bit c) and,
    # per unit, the digits that lost a place in it. Singles are consequences of changes: a
    # naked single needs its cell to have shrunk, a hidden single needs its digit to have lost
    # a place in that unit. Scanning only these finds exactly the singles the last move caused,
    # in the same order as a full scan, at a fraction of the cost (this runs after every move).
    nunits = len(units)
    if singles_from_start:
        dirty_cells = (1 << ncells) - 1
        dirty_ud = [full] * nunits
    else:
        dirty_cells = 0
        dirty_ud = [0] * nunits

    def place(cell: int, digit: int, mi: int) -> None:
        nonlocal dirty_cells
        values[cell] = digit
        former = cands[cell]
        cands[cell] = 0
        for u in cell_units[cell]:
            dirty_ud[u] |= former
        if use_peers:
            bit = 1 << (digit - 1)
            nb = ~bit
            for p in peers[cell]:
                if cands[p] & bit:
                    cands[p] &= nb
                    reasons[p * 32 + digit] = (_PEER, cell, mi)
                    dirty_cells |= 1 << p
                    for u in cell_units[p]:
                        dirty_ud[u] |= bit

    def place_single(cell: int, digit: int, kind: int, unit: int, mi: int) -> None:
        place(cell, digit, mi)
        origins[cell] = Origin.AUTO
        singles[cell] = (kind, unit, mi, digit)
        auto_order.append(cell)

    def naked_singles(mi: int) -> bool:
        """Place naked singles, passing over the board in cell order until a pass places none."""
        nonlocal dirty_cells
        progress = False
        while dirty_cells:
            pos = 0
            while True:
                rest = dirty_cells >> pos
                if not rest:
                    break
                cell = pos + (rest & -rest).bit_length() - 1
                dirty_cells ^= 1 << cell
                pos = cell + 1
                m = cands[cell]
                if m and not m & (m - 1) and not values[cell]:
                    kind, unit = _NAKED, -1
                    for u in cell_units[cell]:
                        if all(values[c] or c == cell for c in units[u]):
                            kind, unit = _FULL_HOUSE, u
                            break
                    place_single(cell, m.bit_length(), kind, unit, mi)
                    progress = True
        return progress

    def hidden_singles(mi: int) -> bool:
        """Place hidden singles found in one scan of the units (rows, columns, boxes; digits ascending)."""
        found = []
        for u in range(nunits):
            want = dirty_ud[u]
            if not want:
                continue
            dirty_ud[u] = 0
            unit = units[u]
            once = twice = placed = 0
            for cell in unit:
                v = values[cell]
                if v:
                    placed |= 1 << (v - 1)
                else:
                    m = cands[cell]
                    twice |= once & m
                    once |= m
            hidden = once & ~twice & ~placed & want
            while hidden:
                low = hidden & -hidden
                hidden ^= low
                for cell in unit:
                    if cands[cell] & low:
                        found.append((u, cell, low))
                        break
        progress = False
        for u, cell, low in found:
            # An earlier placement of this pass may have used the cell or the digit.
            if values[cell] or not cands[cell] & low:
                continue
            unit = units[u]
            d = low.bit_length()
            if any(c != cell and (cands[c] & low or values[c] == d) for c in unit):
                continue
            kind = _FULL_HOUSE if all(values[c] or c == cell for c in unit) else _HIDDEN
            place_single(cell, d, kind, u, mi)
            progress = True
        return progress

    def run_assists(mi: int) -> None:
        if not (use_naked or use_hidden):
            return
        while True:
            progress = use_naked and naked_singles(mi)
            if use_hidden:
                progress = hidden_singles(mi) or progress
            if not progress:
                return

    if singles_from_start:
        run_assists(-1)

    live, elim_left, restore_start = live_moves(moves)
    for i, move in enumerate(moves):
        if i in restore_start:
            # Only a candidate the starting grid lacked comes back; one a placed digit rules out stays out.
            for cell, d in restore_start[i]:
                key = cell * 32 + d
                if 0 <= cell < ncells and 1 <= d <= side and not values[cell] and reasons.get(key, (-1,))[0] == _START:
                    cands[cell] |= 1 << (d - 1)
                    del reasons[key]
            continue
        if not live[i]:
            continue
        if isinstance(move, Place):
            cell, d = move.cell, move.digit
            if not 0 <= cell < ncells or not 1 <= d <= side:
                rejected.append(Rejected(i, f"no such cell or digit: {move!r}"))
                continue
            if start.givens[cell]:
                rejected.append(Rejected(i, f"{geo.cell_name(cell)} is a given and can't be changed"))
                continue
            if values[cell]:
                if values[cell] != d:
                    rejected.append(
                        Rejected(i, f"{geo.cell_name(cell)} already holds {geo.digit_char(values[cell])}")
                    )
                continue
            if move.note:
                notes[i] = move.note
            place(cell, d, i)
            origins[cell] = Origin.PLAYER
        elif isinstance(move, Eliminate):
            if move.note:
                notes[i] = move.note
            for cell, d in elim_left.get(i, ()):
                if not 0 <= cell < ncells or not 1 <= d <= side:
                    rejected.append(Rejected(i, f"no such candidate: cell {cell}, digit {d}"))
                    continue
                bit = 1 << (d - 1)
                if cands[cell] & bit:
                    cands[cell] &= ~bit
                    reasons[cell * 32 + d] = (_PLAYER, -1, i)
                    dirty_cells |= 1 << cell
                    for u in cell_units[cell]:
                        dirty_ud[u] |= bit
        run_assists(i)

    return Position(
        geometry=geo,
        start=start,
        moves=tuple(moves),
        assists=assists,
        values=tuple(values),
        candidates=tuple(cands),
        origins=tuple(origins),
        live=live,
        rejected=tuple(rejected),
        _reasons=reasons,
        _singles=singles,
        _auto_order=tuple(auto_order),
        _notes=notes,
    )


def _peer_holding(values: Sequence[int], peers: Sequence[int], digit: int) -> int:
    for p in peers:
        if values[p] == digit:
            return p
    return -1
