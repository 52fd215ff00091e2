"""Plain, slow re-statements of the technique definitions, used as an oracle for the fast finders.

Each function returns the set of elimination sets (one frozenset of (cell, digit) per instance of the
technique) found by trying every combination the definition allows, with Python sets and no pruning.
The finders must find exactly these instances: none missed, none invented.
"""

from __future__ import annotations

from itertools import combinations

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import Technique

Effects = frozenset[tuple[int, int]]
T = Technique


def _has(g: Grid, cell: int, d: int) -> bool:
    return bool(g.candidates[cell] >> (d - 1) & 1)


def _units_holding(g: Grid, cells: set[int]) -> list[int]:
    return [u for u, unit in enumerate(g.geometry.units) if cells <= set(unit)]


def locked_candidates(g: Grid, pointing: bool) -> set[Effects]:
    """A digit whose places in a base unit (a box when pointing, else a line) all lie in a second unit."""
    geo = g.geometry
    n = geo.side
    out: set[Effects] = set()
    bases = range(2 * n, 3 * n) if pointing else range(2 * n)
    for u in bases:
        for d in range(1, n + 1):
            cells = {c for c in geo.units[u] if _has(g, c, d)}
            if len(cells) < 2:
                continue
            for v in _units_holding(g, cells):
                if v == u or (v >= 2 * n) == pointing:
                    continue
                el = frozenset((c, d) for c in geo.units[v] if c not in geo.units[u] and _has(g, c, d))
                if el:
                    out.add(el)
    return out


def naked_subsets(g: Grid, size: int, locked: bool) -> set[Effects]:
    """k empty cells of a unit holding k digits between them; locked: in a box-line intersection, clearing both."""
    geo = g.geometry
    n = geo.side
    out: set[Effects] = set()
    for u in range(3 * n):
        empty = [c for c in geo.units[u] if not g.values[c]]
        for combo in combinations(empty, size):
            digits = {d for c in combo for d in range(1, n + 1) if _has(g, c, d)}
            if len(digits) != size:
                continue
            shared = _units_holding(g, set(combo))
            boxes = [x for x in shared if x >= 2 * n]
            el: set[tuple[int, int]] = set()
            in_box = in_line_outside = False
            for x in shared:
                for c in geo.units[x]:
                    if c in combo:
                        continue
                    for d in digits:
                        if _has(g, c, d):
                            el.add((c, d))
                            if x >= 2 * n:
                                in_box = True
                            elif not boxes or c not in geo.units[boxes[0]]:
                                in_line_outside = True
            is_locked = size < 4 and bool(boxes) and len(shared) == 2 and in_box and in_line_outside
            if el and is_locked == locked:
                out.add(frozenset(el))
    return out


def hidden_subsets(g: Grid, size: int) -> set[Effects]:
    """k digits that fit in only k cells of a unit with more than k empty cells."""
    geo = g.geometry
    n = geo.side
    out: set[Effects] = set()
    for u in range(3 * n):
        empty = [c for c in geo.units[u] if not g.values[c]]
        if len(empty) <= size:
            continue
        present = [d for d in range(1, n + 1) if any(_has(g, c, d) for c in empty)]
        for combo in combinations(present, size):
            cells = {c for c in empty for d in combo if _has(g, c, d)}
            if len(cells) != size:
                continue
            el = frozenset((c, d) for c in cells for d in range(1, n + 1) if d not in combo and _has(g, c, d))
            if el:
                out.add(el)
    return out


def fish(g: Grid, size: int, kind: str) -> set[Effects]:
    """Row/column fish of ``size``: kind 'basic', 'finned' or 'sashimi' (HoDoKu's rule: a base line keeps at
    most one candidate inside the cover lines); base lines hold the digit at least twice."""
    geo = g.geometry
    n, b = geo.side, geo.box
    out: set[Effects] = set()
    for by_rows in (True, False):

        def cell(line: int, pos: int, by_rows: bool = by_rows) -> int:
            return line * n + pos if by_rows else pos * n + line

        for d in range(1, n + 1):
            pos = {line: {p for p in range(n) if _has(g, cell(line, p), d)} for line in range(n)}
            # A base line holding the digit once is a hidden single, never a fish's base.
            for base in combinations([line for line in range(n) if len(pos[line]) >= 2], size):
                union = set().union(*(pos[line] for line in base))
                for cover_t in combinations(sorted(union), size):
                    cover = set(cover_t)
                    if any(not pos[line] & cover for line in base):
                        continue
                    fins = [(line, p) for line in base for p in pos[line] - cover]
                    if kind == "basic":
                        if fins:
                            continue
                        el = frozenset(
                            (cell(line, p), d) for line in range(n) if line not in base for p in pos[line] & cover
                        )
                    else:
                        boxes = {(line // b, p // b) for line, p in fins}
                        if len(boxes) != 1:
                            continue
                        sashimi = any(len(pos[line] & cover) <= 1 for line in base)
                        if sashimi != (kind == "sashimi"):
                            continue
                        ((lb, pb),) = boxes
                        el = frozenset(
                            (cell(line, p), d)
                            for line in range(n)
                            if line not in base and line // b == lb
                            for p in pos[line] & cover
                            if p // b == pb
                        )
                    if el:
                        out.add(el)
    return out


REFERENCE = {
    T.LOCKED_CANDIDATES_1: lambda g: locked_candidates(g, True),
    T.LOCKED_CANDIDATES_2: lambda g: locked_candidates(g, False),
    T.LOCKED_PAIR: lambda g: naked_subsets(g, 2, True),
    T.LOCKED_TRIPLE: lambda g: naked_subsets(g, 3, True),
    T.NAKED_PAIR: lambda g: naked_subsets(g, 2, False),
    T.NAKED_TRIPLE: lambda g: naked_subsets(g, 3, False),
    T.NAKED_QUADRUPLE: lambda g: naked_subsets(g, 4, False),
    T.HIDDEN_PAIR: lambda g: hidden_subsets(g, 2),
    T.HIDDEN_TRIPLE: lambda g: hidden_subsets(g, 3),
    T.HIDDEN_QUADRUPLE: lambda g: hidden_subsets(g, 4),
    T.X_WING: lambda g: fish(g, 2, "basic"),
    T.SWORDFISH: lambda g: fish(g, 3, "basic"),
    T.JELLYFISH: lambda g: fish(g, 4, "basic"),
    T.FINNED_X_WING: lambda g: fish(g, 2, "finned"),
    T.SASHIMI_X_WING: lambda g: fish(g, 2, "sashimi"),
    T.FINNED_SWORDFISH: lambda g: fish(g, 3, "finned"),
    T.SASHIMI_SWORDFISH: lambda g: fish(g, 3, "sashimi"),
    T.FINNED_JELLYFISH: lambda g: fish(g, 4, "finned"),
    T.SASHIMI_JELLYFISH: lambda g: fish(g, 4, "sashimi"),
}
"""The reference for every intersection, subset and fish technique."""
