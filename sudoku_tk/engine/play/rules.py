"""The rules ``recompute`` applies, each on its own, over one working board: Peer Elimination, Naked Single and Hidden
Single (a Full House is either single found in the last empty cell of a unit), and the record of why each fired.

The working board holds values and candidate masks while the moves are replayed, and the
provenance: for every candidate removed, what removed it (a placed digit's cell, the
player's move, or the starting grid), and a ``SingleCause`` for every digit an assist
placed. It also notes what changed since the singles were last looked for: singles are
consequences of changes, so looking only there finds exactly the singles the last move
caused, in the order a full scan would, at a fraction of the cost. The record is plain
and small because recompute runs after every click; ``Position`` turns it into Reasons and
Steps only when asked.

With Peer Elimination on, the board also watches for contradictions as they happen (a
``Contradiction``: an empty cell with no candidate left, a digit with no place left in a
unit, a digit twice in a unit) and the singles stop while one holds, so a wrong move does
not fill the board with its consequences. A cell is seen to die where its last candidate
goes; a digit is seen to lose its last place by the same unit scan that finds hidden
singles (or by a scan of only the units that changed, when hidden singles are off), so
watching costs almost nothing. Without Peer Elimination the candidates are the player's
own notes and an empty one says nothing, so nothing is watched.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from functools import cache
from itertools import compress

from ..board.geometry import Cell, Digit, Geometry, Unit
from ..board.grid import Grid
from ..steps.step import Technique

KEY_STRIDE = 32
"""Candidates are keyed ``cell * KEY_STRIDE + digit``: one int each (digits never exceed 16)."""


@dataclass(frozen=True, slots=True)
class SingleCause:
    """Why an assist placed a digit: the single and the unit it was found in (None: a naked single)."""

    technique: Technique
    unit: Unit | None = None


NAKED_SINGLE = SingleCause(Technique.NAKED_SINGLE)


class ContradictionKind(Enum):
    """How a board breaks a rule where the player can see it."""

    NO_CANDIDATE = "no_candidate"
    """An empty cell with no candidate left."""
    NO_PLACE = "no_place"
    """A digit not placed in a unit, with no cell of the unit left that can take it."""
    DUPLICATE = "duplicate"
    """A digit placed more than once in a unit."""


@dataclass(frozen=True, slots=True)
class Contradiction:
    """One contradiction on the board: its kind, the digit, where, and the move after which it appeared."""

    kind: ContradictionKind
    digit: Digit
    """The digit with no place, or placed twice (0 for a cell with no candidate)."""
    cells: tuple[Cell, ...]
    """The cell with no candidate, or the cells holding the digit twice (board order); () for a digit with no place."""
    unit: Unit | None
    """Where the digit has no place or stands twice; None for a cell with no candidate."""
    move_index: int | None
    """The move after which it appeared (None: the starting position already held it)."""

    def holds(self, geometry: Geometry, values: list[int], candidates: list[int]) -> bool:
        """Does the board still hold it? (A later placement or a restored candidate can put it right.)"""
        if self.kind is ContradictionKind.NO_CANDIDATE:
            return not values[self.cells[0]] and not candidates[self.cells[0]]
        if self.kind is ContradictionKind.DUPLICATE:
            return True  # digits are only ever added while the moves are replayed
        bit, d = 1 << (self.digit - 1), self.digit
        assert self.unit is not None
        return not any(values[c] == d or candidates[c] & bit for c in geometry.units[self.unit])


@cache
def unit_singles(technique: Technique, nunits: int) -> tuple[SingleCause, ...]:
    """The SingleCause of ``technique`` for each unit, built once: shared values, as recompute runs every click."""
    return tuple(SingleCause(technique, u) for u in range(nunits))


_START_CONTRADICTIONS: dict[tuple[object, ...], tuple[Contradiction, ...]] = {}
"""What each starting grid already breaks, by its size, digits and pencilmarks (see WorkingBoard)."""
_START_CACHE_SIZE = 256


class WorkingBoard:
    """Values, candidates and provenance while ``recompute`` replays the moves; changed in place, never shared.

    Each missing candidate of an empty cell is in exactly one of the three removal records:
    during a replay a candidate comes back only when the starting grid alone lacked it, and
    it then leaves ``missing_at_start``.
    """

    __slots__ = (
        "geometry",
        "peers",
        "units",
        "cell_units",
        "values",
        "candidates",
        "placed_by",
        "peer_removals",
        "player_removals",
        "missing_at_start",
        "singles",
        "auto_order",
        "full_house_causes",
        "hidden_single_causes",
        "peers_on",
        "changed_cells",
        "changed_digits",
        "contradictions",
        "held_digits",
    )

    def __init__(self, start: Grid, peers_on: bool) -> None:
        """Set up the starting grid: with Peer Elimination on, its digits leave their peers' candidates."""
        geo = start.geometry
        self.geometry = geo
        # A placed digit leaves its mates: its peers, and on a Killer its cage mates too.
        self.peers, self.units, self.cell_units = geo.mates, geo.units, geo.cell_units
        self.peers_on = peers_on
        values = self.values = list(start.values)
        if start.has_pencilmarks:
            self.candidates = [0 if v else m for v, m in zip(values, start.candidates)]
        else:
            self.candidates = [0 if v else geo.all_digits for v in values]
        self.placed_by: list[int | None] = [None] * geo.ncells
        """Per filled cell, the move that placed its digit or led to it (None: the start)."""
        self.peer_removals: dict[int, Cell] = {}
        """Candidate key -> the cell whose digit removed it (Peer Elimination)."""
        self.player_removals: dict[int, int] = {}
        """Candidate key -> the index of the player's Eliminate move that removed it."""
        self.missing_at_start: set[int] = set()
        """Keys of candidates the starting pencilmarks lack although no placed digit rules them out."""
        self.singles: dict[Cell, SingleCause] = {}
        self.auto_order: list[Cell] = []
        """Cells filled by a single, in the order they were filled."""
        self.full_house_causes = unit_singles(Technique.FULL_HOUSE, len(geo.units))
        self.hidden_single_causes = unit_singles(Technique.HIDDEN_SINGLE, len(geo.units))
        self.changed_cells = 0
        """Cells whose candidates shrank since the naked singles last looked (bit ``c`` for cell ``c``)."""
        self.changed_digits = [0] * len(geo.units)
        """Per unit, the digits that lost a place in it since the hidden singles last looked."""
        self.contradictions: list[Contradiction] = []
        """The contradictions the board holds now, in the order they appeared; no single is placed while there is one.

        Watched only with Peer Elimination on: only then do the candidates follow the placed digits."""
        self.held_digits = [0] * len(geo.units)
        """Like ``changed_digits``, kept for the hidden singles while a contradiction stops them."""
        # The start's own consequences are not changes: singles already in the puzzle wait for the player.
        if peers_on:
            self._remove_start_digits_from_peers()
        if start.has_pencilmarks:
            self._explain_missing_pencilmarks(start)
        if peers_on:
            self._find_start_contradictions(start)

    def _remove_start_digits_from_peers(self) -> None:
        """Peer Elimination for the starting grid's digits (not noted as changes)."""
        cands, removals, peers = self.candidates, self.peer_removals, self.peers
        for cell, v in enumerate(self.values):
            if v:
                bit = 1 << (v - 1)
                keep = ~bit
                for p in peers[cell]:
                    if cands[p] & bit:
                        cands[p] &= keep
                        removals[p * KEY_STRIDE + v] = cell

    def _explain_missing_pencilmarks(self, start: Grid) -> None:
        """Explain every candidate the starting pencilmarks lack: a peer holding its digit, else the start itself."""
        geo, values, removals = self.geometry, self.values, self.peer_removals
        for cell in range(geo.ncells):
            if values[cell]:
                continue
            missing = geo.all_digits & ~start.candidates[cell]
            while missing:
                low = missing & -missing
                missing ^= low
                d = low.bit_length()
                key = cell * KEY_STRIDE + d
                if key not in removals:
                    peer = next((p for p in self.peers[cell] if values[p] == d), None)
                    if peer is None:
                        self.missing_at_start.add(key)
                    else:
                        removals[key] = peer

    def _find_start_contradictions(self, start: Grid) -> None:
        """Record what the starting grid already breaks (move index None): one look at every cell and unit.

        The answer depends on the starting grid alone and a game recomputes from the same one after
        every click, so it is kept, keyed by the grid's digits (and pencilmarks).
        """
        key = (self.geometry, start.values, start.candidates if start.has_pencilmarks else None)
        found = _START_CONTRADICTIONS.get(key)
        if found is not None:
            self.contradictions = list(found)
            return
        values, cands = self.values, self.candidates
        for cell, (v, m) in enumerate(zip(values, cands)):
            if not v and not m:
                self.note_dead(cell, None)
        all_digits = self.geometry.all_digits
        for u, unit in enumerate(self.units):
            placed = twice = places = 0
            for c in unit:
                v = values[c]
                if v:
                    bit = 1 << (v - 1)
                    twice |= placed & bit
                    placed |= bit
                else:
                    places |= cands[c]
            while twice:
                low = twice & -twice
                twice ^= low
                self._note_duplicate(u, low.bit_length(), None)
            lost = all_digits & ~places & ~placed
            if lost:
                self.note_no_place(u, lost, None)
        if len(_START_CONTRADICTIONS) >= _START_CACHE_SIZE:
            _START_CONTRADICTIONS.clear()
        _START_CONTRADICTIONS[key] = tuple(self.contradictions)

    # -- contradictions ---------------------------------------------------------------------------------
    def note_dead(self, cell: Cell, move_index: int | None) -> None:
        """Record that the empty ``cell`` has just lost its last candidate."""
        self.contradictions.append(Contradiction(ContradictionKind.NO_CANDIDATE, 0, (cell,), None, move_index))

    def note_no_place(self, unit: Unit, digits: int, move_index: int | None) -> None:
        """Record that each digit of the mask ``digits`` has no place left in ``unit`` (once each)."""
        known = {(c.unit, c.digit) for c in self.contradictions if c.kind is ContradictionKind.NO_PLACE}
        while digits:
            low = digits & -digits
            digits ^= low
            if (unit, low.bit_length()) not in known:
                self.contradictions.append(
                    Contradiction(ContradictionKind.NO_PLACE, low.bit_length(), (), unit, move_index)
                )

    def _note_duplicate(self, unit: Unit, digit: Digit, move_index: int | None) -> None:
        """Record ``digit`` twice in ``unit`` (its cells are listed when the replay ends: a third may come)."""
        kind = ContradictionKind.DUPLICATE
        if not any(c.kind is kind and c.unit == unit and c.digit == digit for c in self.contradictions):
            self.contradictions.append(Contradiction(kind, digit, (), unit, move_index))

    def _drop_put_right(self) -> None:
        """Forget the contradictions a placement or a restored candidate has put right.

        Once none is left, the hidden singles get back the changes they missed meanwhile.
        """
        geo, values, cands = self.geometry, self.values, self.candidates
        self.contradictions = [c for c in self.contradictions if c.holds(geo, values, cands)]
        if not self.contradictions:
            changed, held = self.changed_digits, self.held_digits
            for u in compress(range(len(held)), held):
                changed[u] |= held[u]
                held[u] = 0

    def final_contradictions(self) -> tuple[Contradiction, ...]:
        """The contradictions the board holds at the end, each duplicate with the cells that hold its digit."""
        values, units = self.values, self.units
        return tuple(
            replace(c, cells=tuple(x for x in units[c.unit] if values[x] == c.digit))
            if c.kind is ContradictionKind.DUPLICATE and c.unit is not None
            else c
            for c in self.contradictions
        )

    def note_all_changed(self) -> None:
        """Treat every cell and every digit of every unit as changed, so the singles look everywhere."""
        self.changed_cells = (1 << self.geometry.ncells) - 1
        self.changed_digits = [self.geometry.all_digits] * len(self.units)

    # -- what a move does -----------------------------------------------------------------------------
    def place(self, cell: Cell, digit: Digit, move_index: int | None) -> None:
        """Write ``digit`` into the empty ``cell`` for ``move_index``, then apply Peer Elimination when it is on."""
        self.values[cell] = digit
        self.placed_by[cell] = move_index
        cands = self.candidates
        former = cands[cell]
        cands[cell] = 0
        changed_digits = self.changed_digits
        for u in self.cell_units[cell]:
            changed_digits[u] |= former
        if self.peers_on:
            if self.contradictions:
                self._drop_put_right()
            peer_elimination(self, cell, digit, move_index)
            if not former >> (digit - 1) & 1:  # not a candidate: a peer may hold the digit already
                values, units = self.values, self.units
                for u in self.cell_units[cell]:
                    if any(values[c] == digit and c != cell for c in units[u]):
                        self._note_duplicate(u, digit, move_index)

    def remove(self, cell: Cell, digit: Digit, move_index: int) -> None:
        """Remove one candidate (if still there) for the player's move ``move_index``, noting the change."""
        bit = 1 << (digit - 1)
        cands = self.candidates
        if cands[cell] & bit:
            cands[cell] &= ~bit
            self.player_removals[cell * KEY_STRIDE + digit] = move_index
            self.changed_cells |= 1 << cell
            changed_digits = self.changed_digits
            for u in self.cell_units[cell]:
                changed_digits[u] |= bit
            if self.peers_on and not cands[cell]:
                self.note_dead(cell, move_index)

    def restore_from_start(self, cell: Cell, digit: Digit) -> None:
        """Bring back a candidate only the starting grid lacked; one a placed digit rules out stays out."""
        key = cell * KEY_STRIDE + digit
        if not self.values[cell] and key in self.missing_at_start:
            self.candidates[cell] |= 1 << (digit - 1)
            self.missing_at_start.discard(key)
            if self.contradictions:
                self._drop_put_right()

    def place_single(self, cell: Cell, digit: Digit, why: SingleCause, move_index: int | None) -> None:
        """Place a digit an assist found as a consequence of ``move_index``, with its cause."""
        self.place(cell, digit, move_index)
        self.singles[cell] = why
        self.auto_order.append(cell)


# -- the rules ----------------------------------------------------------------------------------------------
def peer_elimination(board: WorkingBoard, cell: Cell, digit: Digit, move_index: int | None) -> None:
    """Peer Elimination: the digit just placed in ``cell`` leaves the candidates of every peer; changes are noted.

    A peer left with no candidate is a contradiction, recorded for ``move_index``.
    """
    bit = 1 << (digit - 1)
    keep = ~bit
    cands, removals = board.candidates, board.peer_removals
    cell_units, changed_digits = board.cell_units, board.changed_digits
    changed = 0
    for p in board.peers[cell]:
        m = cands[p]
        if m & bit:
            m &= keep
            cands[p] = m
            removals[p * KEY_STRIDE + digit] = cell
            changed |= 1 << p
            for u in cell_units[p]:
                changed_digits[u] |= bit
            if not m:
                board.note_dead(p, move_index)
    board.changed_cells |= changed


def naked_singles(board: WorkingBoard, move_index: int | None) -> bool:
    """Naked Single: place the last candidate of each changed cell left with one, in board order, pass after pass.

    A naked single in the last empty cell of a unit is recorded as a Full House of the first
    such unit (row, column, box). Stops at a contradiction, keeping the changes not looked at
    yet for when the board is put right. Returns whether anything was placed.
    """
    changed = board.changed_cells
    if not changed:
        return False
    cands, values, units, cell_units = board.candidates, board.values, board.units, board.cell_units
    progress = False
    while changed:
        pos = 0
        while True:
            rest = changed >> pos
            if not rest:
                break
            cell = pos + (rest & -rest).bit_length() - 1
            changed ^= 1 << cell
            pos = cell + 1
            m = cands[cell]
            if m and not m & (m - 1) and not values[cell]:
                why = NAKED_SINGLE
                for u in cell_units[cell]:
                    if all(values[c] or c == cell for c in units[u]):  # the last empty cell of u
                        why = board.full_house_causes[u]
                        break
                board.changed_cells = changed
                board.place_single(cell, m.bit_length(), why, move_index)
                changed = board.changed_cells  # the placement's own changes join this pass
                progress = True
                if board.contradictions:
                    return True
    board.changed_cells = 0
    return progress


def hidden_singles(board: WorkingBoard, move_index: int | None) -> bool:
    """Hidden Single: place each digit left with one place in a unit where it lost a place, from one scan.

    The scan goes through the units (rows, columns, boxes) and digits ascending; a digit whose
    one place is the last empty cell of the unit is recorded as a Full House. The same scan
    sees a digit left with no place (a contradiction, when watched); nothing is placed while
    the board holds one. Returns whether anything was placed.
    """
    cands, values, units, changed_digits = board.candidates, board.values, board.units, board.changed_digits
    watch = board.peers_on
    found = []
    for u in compress(range(len(units)), changed_digits):  # only the units where a digit lost a place
        want = changed_digits[u]
        changed_digits[u] = 0
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
        if watch and want & ~once & ~placed:
            board.note_no_place(u, want & ~once & ~placed, move_index)
        while hidden:
            low = hidden & -hidden
            hidden ^= low
            for cell in unit:
                if cands[cell] & low:
                    found.append((u, cell, low))
                    break
    progress = False
    for i, (u, cell, low) in enumerate(found):
        if board.contradictions:  # the cascade stops; what was found waits until the board is put right
            for u_left, _cell, low_left in found[i:]:
                changed_digits[u_left] |= low_left
            break
        # An earlier placement of this pass may have used the cell or the digit.
        if values[cell] or not cands[cell] & low:
            continue
        unit = units[u]
        d = low.bit_length()
        if any(c != cell and (cands[c] & low or values[c] == d) for c in unit):
            continue
        last_empty = all(values[c] or c == cell for c in unit)
        why = board.full_house_causes[u] if last_empty else board.hidden_single_causes[u]
        board.place_single(cell, d, why, move_index)
        progress = True
    return progress


def lost_places(board: WorkingBoard, move_index: int | None, hold: bool) -> None:
    """Record each digit that lost its last place in a unit where digits lost a place (hidden singles' scan, alone).

    ``hold``: keep the changes looked at for the hidden singles, for when the board is put right.
    """
    cands, values, units, changed_digits = board.candidates, board.values, board.units, board.changed_digits
    held = board.held_digits
    for u in compress(range(len(units)), changed_digits):
        want = changed_digits[u]
        changed_digits[u] = 0
        if hold:
            held[u] |= want
        places = placed = 0
        for cell in units[u]:
            v = values[cell]
            if v:
                placed |= 1 << (v - 1)
            else:
                places |= cands[cell]
        if want & ~places & ~placed:
            board.note_no_place(u, want & ~places & ~placed, move_index)


def apply_singles(board: WorkingBoard, move_index: int | None, naked: bool, hidden: bool) -> None:
    """Apply the switched-on singles until neither places anything (naked singles first, then hidden singles),
    or until the board holds a contradiction; watch for digits that lost their last place meanwhile."""
    if naked or hidden:
        while not board.contradictions:
            progress = naked and naked_singles(board, move_index)
            if hidden and not board.contradictions:
                progress = hidden_singles(board, move_index) or progress
            if not progress:
                break
    if board.peers_on and (board.contradictions or not hidden):
        # The hidden singles' scan has not looked everywhere: look at what changed (kept for them if they are on).
        lost_places(board, move_index, hold=hidden)
