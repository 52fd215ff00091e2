"""Brute-force search on digit bitboards: naked and hidden singles to a fixpoint, then a branch on a cell.

``solve`` finds a solution, ``count_solutions`` counts up to a limit (2 is enough to tell unique from not),
``iter_solutions`` yields them all in a fixed order. Works for 4×4, 9×9 and 16×16 boards.

The search keeps a board as two ints of ``side × cells`` bits, digit-major (bit ``d * cells + cell`` stands for
digit ``d + 1`` in ``cell``): ``free``, the candidates of the empty cells, and ``placed``, the digits decided. One
placement is one AND with a precomputed mask (the digit leaves the cell's peers, the other digits leave the
cell). The singles are found for every unit and cell at once, without a loop over units: shifting the board and
combining the copies with ``|`` and ``&`` counts, per unit and digit, whether it has one place or two and more
(and per cell, one digit or more). A row's start bit sees the row after shifts by 1 … side-1, a column's after
shifts by side, 2·side, …; boxes, rows and columns share the first stage (a box-wide run of cells). So a round
of singles costs a few dozen big-int operations whatever the number of cells, which is what makes the
uniqueness proof of ``sudoku-tk solve`` fast in pure Python. Each board size gets its round compiled once from
a template (the shifts and masks written in as constants).

``propagate_singles`` works on a list of cell masks instead (the callers' form), with the same rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

if TYPE_CHECKING:
    from .geometry import Geometry
    from .grid import Grid

_Board = Tuple[int, int]
"""(free, placed): the candidates of the empty cells and the digits decided, as digit-major bitboards."""


class _Tables:
    """Masks and compiled rounds for one board size (``box`` × ``box`` boxes)."""

    def __init__(self, box: int) -> None:
        side = box * box
        cells = side * side
        self.box, self.side, self.cells = box, side, cells
        self.cell_mask = (1 << cells) - 1
        self.digit_column = sum(1 << (d * cells) for d in range(side))
        """The bits of cell 0 for every digit: shifted by ``cell``, that cell's candidates."""
        rows = [((1 << side) - 1) << (r * side) for r in range(side)]
        cols = [sum(1 << (r * side + c) for r in range(side)) for c in range(side)]
        boxes = [
            sum(1 << ((br + r) * side + bc + c) for r in range(box) for c in range(box))
            for br in range(0, side, box)
            for bc in range(0, side, box)
        ]
        row_of = [rows[cell // side] for cell in range(cells)]
        col_of = [cols[cell % side] for cell in range(cells)]
        box_of = [boxes[(cell // side // box) * box + cell % side // box] for cell in range(cells)]
        everything = (1 << (side * cells)) - 1
        self.kill = [
            everything & ~(((row_of[c] | col_of[c] | box_of[c]) << (d * cells)) | (self.digit_column << c))
            for d in range(side)
            for c in range(cells)
        ]
        """kill[d * cells + c]: AND it in to place digit d+1 in c (the digit leaves the peers, the cell empties)."""
        self.spread = [0] * (1 << side) if side <= 9 else []
        """spread[mask]: a cell-0 candidate mask as bitboard bits (a table for the small sizes only)."""
        for m in range(1, len(self.spread)):
            low = m & -m
            self.spread[m] = self.spread[m ^ low] | 1 << ((low.bit_length() - 1) * cells)
        namespace: Dict[str, object] = {}
        exec(compile(_round_source(box), f"<brute_force rounds {side}x{side}>", "exec"), namespace)
        self.propagate: Callable[[int, int, List[int]], Optional[_Board]] = namespace["propagate"]  # type: ignore[assignment]
        self.bivalue: Callable[[int], int] = namespace["bivalue"]  # type: ignore[assignment]


def _round_source(box: int) -> str:
    """The Python source of ``propagate(free, placed, kill)`` and ``bivalue(free)`` for one board size.

    ``propagate`` places naked singles until there are none, then looks for hidden singles, and repeats until
    neither is left; it returns the new (free, placed), or None on a contradiction (a cell with no digit, a
    digit with no place in a unit, two placements that clash). ``bivalue`` gives the cells with exactly two
    candidates. The shifts and masks are written in as literals: a loop over them costs about a tenth more.
    """
    side = box * box
    cells = side * side

    def lay(mask: int) -> int:
        """``mask`` (one digit's cells) copied to every digit."""
        return sum(mask << (d * cells) for d in range(side))

    # Hex literals: decimal ones of 16×16 masks would pass Python's limit on int-to-str digits.
    row_starts = hex(lay(sum(1 << (r * side) for r in range(side))))
    col_starts = hex(lay((1 << side) - 1))
    box_starts = hex(lay(sum(1 << (br * side + bc) for br in range(0, side, box) for bc in range(0, side, box))))
    row0 = hex((1 << side) - 1)
    col0 = hex(sum(1 << (r * side) for r in range(side)))
    box0 = hex(sum(1 << (r * side + c) for r in range(box) for c in range(box)))
    digit0 = hex(sum(1 << (d * cells) for d in range(side)))
    cell_mask = hex((1 << cells) - 1)
    across = range(1, box)

    def first(src: str, once: str, twice: str, step: int) -> List[str]:
        """once/twice of ``src`` and its copies shifted by step, 2·step, … (box-1)·step."""
        out = [f"x = {src} >> {step}", f"{twice} = {src} & x", f"{once} = {src} | x"]
        for k in across[1:]:
            out += [f"x = {src} >> {k * step}", f"{twice} |= {once} & x", f"{once} |= x"]
        return out

    def then(once: str, twice: str, src_once: str, src_twice: str, step: int) -> List[str]:
        """Combine a first stage's (once, twice) with its copies shifted by step, 2·step, …"""
        out = [f"{once}, {twice} = {src_once}, {src_twice}"]
        for k in across:
            s = k * step
            out += [f"x = {src_once} >> {s}", f"{twice} |= ({src_twice} >> {s}) | ({once} & x)", f"{once} |= x"]
        return out

    naked = first("F", "do", "dt", cells) + then("go", "gt", "do", "dt", box * cells)
    units = (
        first("F", "ho", "ht", 1)
        + then("ro", "rt", "ho", "ht", box)
        + first("F", "vo", "vt", side)
        + then("co", "ct", "vo", "vt", box * side)
        + then("bo", "bt", "vo", "vt", 1)
    )
    lines = ["def propagate(F, P, KILL):", "    while True:"]
    lines += ["        " + ln for ln in naked]
    lines += [
        f"        left = {cells} - P.bit_count()",
        "        if not left:",
        "            return 0, P",
        f"        if (go & {cell_mask}).bit_count() != left:",
        "            return None",
        f"        new = F & ((go & ~gt & {cell_mask}) * {digit0})",
        "        if not new:",
    ]
    lines += ["            " + ln for ln in units]
    lines += [
        f"            if ((ro & {row_starts}).bit_count() != left or (co & {col_starts}).bit_count() != left"
        f" or (bo & {box_starts}).bit_count() != left):",
        "                return None",
        f"            new = F & ((ro & ~rt & {row_starts}) * {row0} | (co & ~ct & {col_starts}) * {col0}"
        f" | (bo & ~bt & {box_starts}) * {box0})",
        "            if not new:",
        "                return F, P",
        "        P |= new",
        "        while new:",
        "            low = new & -new",
        "            new ^= low",
        "            if not F & low:",
        "                return None",
        "            F &= KILL[low.bit_length() - 1]",
        "",
        "def bivalue(F):",
    ]
    # Counts that stop at three (once, twice, thrice) per cell, over the digits: first a box of digits, then all.
    lines += [f"    o = F >> {cells}", "    t = F & o", "    o |= F", "    h = 0"]
    for k in across[1:]:
        lines += [f"    x = F >> {k * cells}", "    h |= t & x", "    t |= o & x", "    o |= x"]
    lines += ["    O, T, H = o, t, h"]
    for k in across:
        s = k * box * cells
        lines += [
            f"    xo = o >> {s}",
            f"    xt = t >> {s}",
            f"    H |= (h >> {s}) | (T & xo) | (O & xt)",
            "    T |= xt | (O & xo)",
            "    O |= xo",
        ]
    lines += [f"    return T & ~H & {cell_mask}", ""]
    return "\n".join(lines)


_TABLES: Dict[int, _Tables] = {}


def _tables(box: int) -> _Tables:
    tables = _TABLES.get(box)
    if tables is None:
        tables = _TABLES[box] = _Tables(box)
    return tables


def _start(values: Sequence[int], candidates: Sequence[int], t: _Tables) -> Optional[_Board]:
    """The board of a grid: every cell's candidates (its digit when filled), then the filled cells placed.

    None when two filled cells clash or an empty cell has no candidate.
    """
    cells = t.cells
    free = 0
    spread = t.spread
    for c, (v, m) in enumerate(zip(values, candidates)):
        if v:
            free |= 1 << ((v - 1) * cells + c)
        elif not m:
            return None
        elif spread:
            free |= spread[m] << c
        else:
            d = 0
            while m:
                if m & 1:
                    free |= 1 << (d * cells + c)
                m >>= 1
                d += 1
    placed = 0
    kill = t.kill
    for c, v in enumerate(values):
        if v:
            pos = (v - 1) * cells + c
            if not free >> pos & 1:
                return None
            free &= kill[pos]
            placed |= 1 << pos
    return free, placed


def _search(board: _Board, t: _Tables) -> Iterator[int]:
    """Yield the ``placed`` bitboard of every solution under ``board``, depth first, lower digits first."""
    propagate, kill = t.propagate, t.kill
    stack = [board]
    pop, push = stack.pop, stack.append
    while stack:
        free, placed = pop()
        done = propagate(free, placed, kill)
        if done is None:
            continue
        free, placed = done
        if not free:
            yield placed
            continue
        options = _branch(free, t)
        # Pushed highest first, so the lowest digit is tried first.
        while options:
            high = 1 << (options.bit_length() - 1)
            options ^= high
            push((free & kill[high.bit_length() - 1], placed | high))


_LOOK = 8
"""How many two-candidate cells ``_branch`` compares: a few give most of the gain, and each costs time."""


def _branch(free: int, t: _Tables) -> int:
    """The candidates (bitboard bits) of the cell to branch on.

    A cell with two candidates when there is one: of the first ``_LOOK``, the one whose two digits have the most
    candidates among its peers, so that either branch removes the most. On hard puzzles that visits about 40% fewer
    nodes than taking the first such cell. Else the first cell with the fewest candidates.
    """
    pairs = t.bivalue(free)
    if not pairs:
        return _fewest(free, t)
    kill, column = t.kill, t.digit_column
    best, best_score = 0, -1
    for _ in range(_LOOK):
        low = pairs & -pairs
        pairs ^= low
        options = free & (column * low)
        first = options & -options
        score = (free & ~(kill[first.bit_length() - 1] & kill[(options ^ first).bit_length() - 1])).bit_count()
        if score > best_score:
            best, best_score = options, score
        if not pairs:
            break
    return best


def _fewest(free: int, t: _Tables) -> int:
    """The candidates (as bitboard bits) of the first empty cell with the fewest of them."""
    cells = 0
    for d in range(t.side):
        cells |= free >> (d * t.cells)
    cells &= t.cell_mask
    best, best_n = 0, 1 << 30
    while cells:
        low = cells & -cells
        cells ^= low
        options = free & (t.digit_column * low)
        n = options.bit_count()
        if n < best_n:
            best, best_n = options, n
    return best


def _digits(placed: int, t: _Tables) -> Tuple[int, ...]:
    """A solved board's digits, cell by cell."""
    cells, column = t.cells, t.digit_column
    return tuple(((placed >> c) & column).bit_length() // cells + 1 for c in range(cells))


def iter_solutions(grid: Grid) -> Iterator[Tuple[int, ...]]:
    """Yield every solution of ``grid`` as a tuple of digits (lazily, in a fixed order)."""
    t = _tables(grid.geometry.box)
    board = _start(grid.values, grid.candidates, t)
    if board is None:
        return
    for placed in _search(board, t):
        yield _digits(placed, t)


def solve(grid: Grid) -> Optional[Tuple[int, ...]]:
    """Return one solution's digits, or None when there is none."""
    for sol in iter_solutions(grid):
        return sol
    return None


def count_solutions(grid: Grid, limit: int = 2) -> int:
    """Count solutions, stopping at ``limit`` (so the answer is at most ``limit``; 0 for a limit below 1)."""
    if limit < 1:
        return 0
    t = _tables(grid.geometry.box)
    board = _start(grid.values, grid.candidates, t)
    if board is None:
        return 0
    n = 0
    for _ in _search(board, t):
        n += 1
        if n >= limit:
            break
    return n


def unique_solution(grid: Grid) -> Optional[Tuple[int, ...]]:
    """The solution when there is exactly one, else None."""
    first = None
    for i, sol in enumerate(iter_solutions(grid)):
        if i == 0:
            first = sol
        else:
            return None
    return first


def solve_values(values: Sequence[int]) -> Optional[Tuple[int, ...]]:
    """Solve from a flat list of digits (0 for empty)."""
    from .grid import Grid

    return solve(Grid.from_values(values))


# -- singles on cell masks (the callers' form) ----------------------------------------------------------------


def _propagate_masks(c: List[int], queue: List[int], geo: Geometry) -> bool:
    """Apply naked and hidden singles to a fixpoint; False on a contradiction."""
    peers = geo.peers
    units = geo.units
    full = geo.all_digits
    while True:
        while queue:
            cell = queue.pop()
            m = c[cell]
            nm = ~m
            for p in peers[cell]:
                pm = c[p]
                if pm & m:
                    pm &= nm
                    if not pm:
                        return False
                    c[p] = pm
                    if not pm & (pm - 1):
                        queue.append(p)
        for unit in units:
            once = twice = 0
            for cell in unit:
                m = c[cell]
                twice |= once & m
                once |= m
            if once != full:
                return False
            singles = once & ~twice
            if singles:
                for cell in unit:
                    m = c[cell]
                    s = m & singles
                    if s and s != m:
                        if s & (s - 1):
                            return False
                        c[cell] = s
                        queue.append(cell)
        if not queue:
            return True


def propagate_singles(masks: List[int], geometry: Geometry) -> bool:
    """Apply naked and hidden singles to ``masks`` (one digit mask per cell, a single bit when decided) in place.

    Returns False when that meets a contradiction: a cell with no digit, a digit with no place in a unit, or
    two cells of a unit decided on the same digit.
    """
    queue = [cell for cell, m in enumerate(masks) if not m & (m - 1)]
    return _propagate_masks(masks, queue, geometry)
