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
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from typing import Dict, List, Optional, Set, Tuple

from .geometry import Cell, Digit, Unit
from .grid import Grid
from .step import Technique

KEY_STRIDE = 32
"""Candidates are keyed ``cell * KEY_STRIDE + digit``: one int each (digits never exceed 16)."""


@dataclass(frozen=True, slots=True)
class SingleCause:
    """Why an assist placed a digit: the single and the unit it was found in (None: a naked single)."""

    technique: Technique
    unit: Optional[Unit] = None


NAKED_SINGLE = SingleCause(Technique.NAKED_SINGLE)


@lru_cache(maxsize=None)
def unit_singles(technique: Technique, nunits: int) -> Tuple[SingleCause, ...]:
    """The SingleCause of ``technique`` for each unit, built once: shared values, as recompute runs every click."""
    return tuple(SingleCause(technique, u) for u in range(nunits))


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
    )

    def __init__(self, start: Grid, peers_on: bool) -> None:
        """Set up the starting grid: with Peer Elimination on, its digits leave their peers' candidates."""
        geo = start.geometry
        self.geometry = geo
        self.peers, self.units, self.cell_units = geo.peers, geo.units, geo.cell_units
        self.peers_on = peers_on
        values = self.values = list(start.values)
        if start.has_pencilmarks:
            self.candidates = [0 if v else m for v, m in zip(values, start.candidates)]
        else:
            self.candidates = [0 if v else geo.all_digits for v in values]
        self.placed_by: List[Optional[int]] = [None] * geo.ncells
        """Per filled cell, the move that placed its digit or led to it (None: the start)."""
        self.peer_removals: Dict[int, Cell] = {}
        """Candidate key -> the cell whose digit removed it (Peer Elimination)."""
        self.player_removals: Dict[int, int] = {}
        """Candidate key -> the index of the player's Eliminate move that removed it."""
        self.missing_at_start: Set[int] = set()
        """Keys of candidates the starting pencilmarks lack although no placed digit rules them out."""
        self.singles: Dict[Cell, SingleCause] = {}
        self.auto_order: List[Cell] = []
        """Cells filled by a single, in the order they were filled."""
        self.full_house_causes = unit_singles(Technique.FULL_HOUSE, len(geo.units))
        self.hidden_single_causes = unit_singles(Technique.HIDDEN_SINGLE, len(geo.units))
        self.changed_cells = 0
        """Cells whose candidates shrank since the naked singles last looked (bit ``c`` for cell ``c``)."""
        self.changed_digits = [0] * len(geo.units)
        """Per unit, the digits that lost a place in it since the hidden singles last looked."""
        # The start's own consequences are not changes: singles already in the puzzle wait for the player.
        if peers_on:
            self._remove_start_digits_from_peers()
        if start.has_pencilmarks:
            self._explain_missing_pencilmarks(start)

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

    def note_all_changed(self) -> None:
        """Treat every cell and every digit of every unit as changed, so the singles look everywhere."""
        self.changed_cells = (1 << self.geometry.ncells) - 1
        self.changed_digits = [self.geometry.all_digits] * len(self.units)

    # -- what a move does -----------------------------------------------------------------------------
    def place(self, cell: Cell, digit: Digit, move_index: Optional[int]) -> None:
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
            peer_elimination(self, cell, digit)

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

    def restore_from_start(self, cell: Cell, digit: Digit) -> None:
        """Bring back a candidate only the starting grid lacked; one a placed digit rules out stays out."""
        key = cell * KEY_STRIDE + digit
        if not self.values[cell] and key in self.missing_at_start:
            self.candidates[cell] |= 1 << (digit - 1)
            self.missing_at_start.discard(key)

    def place_single(self, cell: Cell, digit: Digit, why: SingleCause, move_index: Optional[int]) -> None:
        """Place a digit an assist found as a consequence of ``move_index``, with its cause."""
        self.place(cell, digit, move_index)
        self.singles[cell] = why
        self.auto_order.append(cell)


# -- the rules ----------------------------------------------------------------------------------------------
def peer_elimination(board: WorkingBoard, cell: Cell, digit: Digit) -> None:
    """Peer Elimination: the digit just placed in ``cell`` leaves the candidates of every peer; changes are noted."""
    bit = 1 << (digit - 1)
    keep = ~bit
    cands, removals = board.candidates, board.peer_removals
    cell_units, changed_digits = board.cell_units, board.changed_digits
    changed = 0
    for p in board.peers[cell]:
        if cands[p] & bit:
            cands[p] &= keep
            removals[p * KEY_STRIDE + digit] = cell
            changed |= 1 << p
            for u in cell_units[p]:
                changed_digits[u] |= bit
    board.changed_cells |= changed


def naked_singles(board: WorkingBoard, move_index: Optional[int]) -> bool:
    """Naked Single: place the last candidate of each changed cell left with one, in board order, pass after pass.

    A naked single in the last empty cell of a unit is recorded as a Full House of the first
    such unit (row, column, box). Returns whether anything was placed.
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
    board.changed_cells = 0
    return progress


def hidden_singles(board: WorkingBoard, move_index: Optional[int]) -> bool:
    """Hidden Single: place each digit left with one place in a unit where it lost a place, from one scan.

    The scan goes through the units (rows, columns, boxes) and digits ascending; a digit whose
    one place is the last empty cell of the unit is recorded as a Full House. Returns whether
    anything was placed.
    """
    cands, values, units, changed_digits = board.candidates, board.values, board.units, board.changed_digits
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
        last_empty = all(values[c] or c == cell for c in unit)
        why = board.full_house_causes[u] if last_empty else board.hidden_single_causes[u]
        board.place_single(cell, d, why, move_index)
        progress = True
    return progress


def apply_singles(board: WorkingBoard, move_index: Optional[int], naked: bool, hidden: bool) -> None:
    """Apply the switched-on singles until neither places anything: naked singles first, then hidden singles."""
    if not (naked or hidden):
        return
    while True:
        progress = naked and naked_singles(board, move_index)
        if hidden:
            progress = hidden_singles(board, move_index) or progress
        if not progress:
            return
