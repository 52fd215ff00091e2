"""Strong and weak links over one position's candidates and groups, built once per grid and shared by every chain.

A *node* is a candidate (a digit in a cell) or a *group*: the places of one digit inside
a box/line intersection, two or three cells, true when the digit sits in one of them.
Node ids are digit-major: candidate ``(cell, d)`` is ``(d - 1) * ncells + cell``, so a
digit's cell mask becomes a node mask by a single shift; groups follow after the
candidates. Every set of nodes is an int bitmask over these ids.

Two kinds of link, in the usual chain vocabulary:

- **weak** (``X - Y``): X and Y can't both be true. Same digit in cells that see each
  other (a group sees what every one of its cells sees), or two digits of one cell.
- **strong** (``X = Y``): X and Y can't both be false. The only two places of a digit in a
  unit (either may be a group), or the two candidates of a bivalue cell.

Each kind is kept in two parts, *unit* links (one digit, through a unit) and *cell*
links (two digits, inside a cell), so a technique can ask for the links it allows:
X-Chains use unit links of one digit, XY-Chains strong cell links and weak unit links,
Nice Loops and AICs everything on candidates, their grouped forms the groups too.

``graph_of(grid)`` keeps the last few graphs, as ``common.index_of`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..board.geometry import Cell, Digit, Geometry, bits, digits_of
from ..board.grid import Grid
from .common import CandidateIndex, index_of, per_grid

Node = int


@dataclass(frozen=True, slots=True)
class Group:
    """The places of ``digit`` inside the intersection of a box and a line: two or three cells."""

    digit: Digit
    cells: tuple[Cell, ...]
    mask: int
    """Cell mask of ``cells``."""
    box: int
    line: int
    """The box's and the line's unit numbers."""


class LinkGraph:
    """Every node and link of one grid (use ``graph_of``); read-only by agreement.

    Attributes:
        ncand: the number of candidate ids (``ncells * side``); group ids start there.
        present: node mask of the candidates the grid holds.
        groups: the groups, ``groups[k]`` being node ``ncand + k``.
        group_nodes: node mask of every group.
        strong_unit, strong_cell, weak_unit, weak_cell: per node, the node mask of its links of that kind.
        bivalue_nodes: node mask of the candidates of bivalue cells.
        node_cell, node_digit0: per candidate id, its cell and its digit less one (tables, for hot loops).
        digit_first: per digit less one, the id of its candidate in cell 0 (the digit's ids follow, cell by cell).
    """

    __slots__ = (
        "grid",
        "geometry",
        "index",
        "ncells",
        "side",
        "ncand",
        "present",
        "groups",
        "group_nodes",
        "strong_unit",
        "strong_cell",
        "weak_unit",
        "weak_cell",
        "bivalue_nodes",
        "node_cell",
        "node_digit0",
        "digit_first",
        "_cache",
        "_links_candidates",
        "_links_all",
    )

    def __init__(self, grid: Grid) -> None:
        idx = index_of(grid)
        geo = grid.geometry
        n, ncells = geo.side, geo.ncells
        self.grid = grid
        self.geometry = geo
        self.index = idx
        self.ncells = ncells
        self.side = n
        self.ncand = ncells * n
        self.node_cell, self.node_digit0, self.digit_first = _id_tables(ncells, n)
        self._cache: dict[str, object] = {}
        self._links_candidates: tuple[list[int], list[int]] | None = None
        self._links_all: tuple[list[int], list[int]] | None = None
        present = 0
        for d in range(1, n + 1):
            present |= idx.digit_cells[d] << ((d - 1) * ncells)
        self.present = present
        self.groups = _find_groups(idx)
        total = self.ncand + len(self.groups)
        self.group_nodes = ((1 << len(self.groups)) - 1) << self.ncand
        self.strong_unit: list[int] = [0] * total
        self.strong_cell: list[int] = [0] * total
        self.weak_unit: list[int] = [0] * total
        self.weak_cell: list[int] = [0] * total
        self._candidate_links(idx)
        self._group_links(idx)
        bivalue = 0
        for cell in bits(idx.bivalue):
            for d in digits_of(idx.candidates[cell]):
                bivalue |= 1 << self.node(cell, d)
        self.bivalue_nodes = bivalue

    # -- ids ------------------------------------------------------------------------------------------------
    def node(self, cell: Cell, digit: Digit) -> Node:
        """The id of candidate ``digit`` in ``cell``."""
        return (digit - 1) * self.ncells + cell

    def cell_nodes(self, cell: Cell, digits: int) -> list[Node]:
        """The ids of ``cell``'s candidates of the digit mask ``digits`` (bit d-1 for digit d), lowest digit first:
        ``node`` for many digits at once, without a call per candidate (forcing nets ask for every cell)."""
        n = self.ncells
        return [k * n + cell for k in bits(digits)]

    def place_nodes(self, digit: Digit, cells: int) -> list[Node]:
        """The ids of candidate ``digit`` in the cells of the cell mask ``cells``, lowest cell first: ``node`` for
        many cells at once, without a call per candidate (forcing nets ask for every unit and digit)."""
        first = (digit - 1) * self.ncells
        return [first + c for c in bits(cells)]

    def is_group(self, node: Node) -> bool:
        return node >= self.ncand

    def digit_of(self, node: Node) -> Digit:
        if node >= self.ncand:
            return self.groups[node - self.ncand].digit
        return node // self.ncells + 1

    def cells_of(self, node: Node) -> tuple[Cell, ...]:
        """The cell of a candidate, or a group's cells."""
        if node >= self.ncand:
            return self.groups[node - self.ncand].cells
        return (node % self.ncells,)

    def cell_mask_of(self, node: Node) -> int:
        if node >= self.ncand:
            return self.groups[node - self.ncand].mask
        return 1 << (node % self.ncells)

    def candidate(self, node: Node) -> tuple[Cell, Digit]:
        """The (cell, digit) of a candidate node."""
        return node % self.ncells, node // self.ncells + 1

    def candidates_in(self, mask: int) -> list[tuple[Cell, Digit]]:
        """(cell, digit) of every candidate the grid holds among the nodes of ``mask``, in node order."""
        nc = self.ncells
        return [(v % nc, v // nc + 1) for v in bits(mask & self.present)]

    def digit_nodes(self, cell_mask: int, digit: Digit) -> int:
        """Node mask of the ids of ``digit`` in the cells of ``cell_mask`` (held or not): one shift."""
        return cell_mask << ((digit - 1) * self.ncells)

    def weak(self, node: Node) -> int:
        """Every weak link of ``node``."""
        return self.weak_unit[node] | self.weak_cell[node]

    def strong(self, node: Node) -> int:
        """Every strong link of ``node``."""
        return self.strong_unit[node] | self.strong_cell[node]

    def excluded_by_both(self, a: Node, z: Node) -> int:
        """Node mask of the held candidates weakly linked to both ``a`` and ``z`` (what the ends of an AIC exclude).

        A node inside the chain can be one of them: it is false all the same (HoDoKu removes it too).
        """
        return self.weak(a) & self.weak(z) & self.present

    def candidate_links(self) -> tuple[list[int], list[int]]:
        """(strong, weak) for every candidate: all its links to other candidates (groups left out); built once."""
        if self._links_candidates is None:
            nc, present = self.ncand, self.present
            strong = [(u | c) & present for u, c in zip(self.strong_unit[:nc], self.strong_cell[:nc])]
            weak = [(u | c) & present for u, c in zip(self.weak_unit[:nc], self.weak_cell[:nc])]
            self._links_candidates = (strong, weak)
        return self._links_candidates

    def all_links(self) -> tuple[list[int], list[int]]:
        """(strong, weak) for every node, groups included; built once."""
        if self._links_all is None:
            self._links_all = (
                [u | c for u, c in zip(self.strong_unit, self.strong_cell)],
                [u | c for u, c in zip(self.weak_unit, self.weak_cell)],
            )
        return self._links_all

    def memo(self, key: str) -> object:
        """A value a technique derived from this graph and stored with ``remember`` (None when absent)."""
        return self._cache.get(key)

    def remember(self, key: str, value: object) -> None:
        self._cache[key] = value

    # -- building -------------------------------------------------------------------------------------------
    def _candidate_links(self, idx: CandidateIndex) -> None:
        geo = self.geometry
        ncells, n = self.ncells, self.side
        peer_masks = geo.peer_masks
        unit_masks = geo.unit_masks
        strong_unit, strong_cell = self.strong_unit, self.strong_cell
        weak_unit, weak_cell = self.weak_unit, self.weak_cell
        cands = idx.candidates
        for d in range(1, n + 1):
            shift = (d - 1) * ncells
            dcells = idx.digit_cells[d]
            for cell in bits(dcells):
                weak_unit[shift + cell] = (dcells & peer_masks[cell]) << shift
            for umask in unit_masks:
                places = dcells & umask
                if places and places & (places - 1) and places.bit_count() == 2:
                    a = (places & -places).bit_length() - 1
                    b = places.bit_length() - 1
                    strong_unit[shift + a] |= 1 << (shift + b)
                    strong_unit[shift + b] |= 1 << (shift + a)
        for cell, m in enumerate(cands):
            if not m:
                continue
            ids = [(d - 1) * ncells + cell for d in digits_of(m)]
            every = 0
            for v in ids:
                every |= 1 << v
            for v in ids:
                weak_cell[v] = every & ~(1 << v)
            if len(ids) == 2:
                strong_cell[ids[0]] = 1 << ids[1]
                strong_cell[ids[1]] = 1 << ids[0]

    def _group_links(self, idx: CandidateIndex) -> None:
        if not self.groups:
            return
        geo = self.geometry
        ncells, ncand = self.ncells, self.ncand
        unit_masks = geo.unit_masks
        by_digit: dict[Digit, list[int]] = {}
        for k, g in enumerate(self.groups):
            by_digit.setdefault(g.digit, []).append(k)
        strong_unit, weak_unit = self.strong_unit, self.weak_unit
        for d, ks in by_digit.items():
            shift = (d - 1) * ncells
            dcells = idx.digit_cells[d]
            for k in ks:
                g = self.groups[k]
                gid = ncand + k
                # A group sees the cells of its box and its line outside itself.
                seen = (unit_masks[g.box] | unit_masks[g.line]) & ~g.mask & dcells
                weak_unit[gid] |= seen << shift
                for cell in bits(seen):
                    weak_unit[shift + cell] |= 1 << gid
                for k2 in ks:
                    if k2 != k:
                        h = self.groups[k2]
                        if not h.mask & g.mask and (h.box == g.box or h.line == g.line):
                            weak_unit[gid] |= 1 << (ncand + k2)
            # Strong links with a group at one end or both: a unit whose places of d split into exactly two
            # nodes, each a single cell or a group of that unit.
            for umask in unit_masks:
                places = dcells & umask
                if places.bit_count() < 3:
                    continue  # two places: a plain conjugate pair, already linked
                parts = [k for k in ks if self.groups[k].mask & umask == self.groups[k].mask]
                for k in parts:
                    rest = places & ~self.groups[k].mask
                    gid = ncand + k
                    if rest.bit_count() == 1:
                        other = shift + rest.bit_length() - 1
                        strong_unit[gid] |= 1 << other
                        strong_unit[other] |= 1 << gid
                    else:
                        for k2 in parts:
                            if k2 > k and self.groups[k2].mask == rest:
                                strong_unit[gid] |= 1 << (ncand + k2)
                                strong_unit[ncand + k2] |= 1 << gid


def _find_groups(idx: CandidateIndex) -> tuple[Group, ...]:
    """Every box/line intersection holding two or more places of a digit, as a group (9×9 and up)."""
    geo = idx.geometry
    n = geo.side
    out: list[Group] = []
    boxes = range(2 * n, 3 * n)
    for d in range(1, n + 1):
        dcells = idx.digit_cells[d]
        for box in boxes:
            in_box = dcells & geo.unit_masks[box]
            if in_box.bit_count() < 2:
                continue
            for line in _lines_through(geo, box):
                m = in_box & geo.unit_masks[line]
                if m.bit_count() >= 2:
                    out.append(Group(d, tuple(bits(m)), m, box, line))
    return tuple(out)


def _lines_through(geo: Geometry, box: int) -> list[int]:
    """The rows, then the columns, that cross ``box`` (a square box or a Jigsaw's region)."""
    if geo.square_boxes:
        n, b = geo.side, geo.box
        i = box - 2 * n
        r0, c0 = (i // b) * b, (i % b) * b
        return [r0 + k for k in range(b)] + [n + c0 + k for k in range(b)]
    cells = geo.units[box]
    return sorted({geo.cell_units[c][0] for c in cells}) + sorted({geo.cell_units[c][1] for c in cells})


@cache
def _id_tables(ncells: int, side: int) -> tuple[tuple[Cell, ...], tuple[int, ...], tuple[Node, ...]]:
    """(per candidate id its cell, per candidate id its digit less one, per digit less one its first id)."""
    ids = range(ncells * side)
    return (
        tuple(i % ncells for i in ids),
        tuple(i // ncells for i in ids),
        tuple(d * ncells for d in range(side)),
    )


@per_grid(4)
def graph_of(grid: Grid) -> LinkGraph:
    """The LinkGraph of ``grid`` (built once per grid: see ``common.per_grid``)."""
    return LinkGraph(grid)
