"""An oracle for the brute-force tests that shares nothing with the engine: units from arithmetic, a solution
check, and a tiny reference search.

The reference search is the plainest one there is: fill the first empty cell with each digit its row, column and
box allow (and, for a candidate grid, its candidates allow), depth first, digits in increasing order. Slow, but too
simple to be wrong; the tests give it only grids it finishes quickly.
"""

from __future__ import annotations

from collections.abc import Sequence

DIGITS = "123456789ABCDEFG"


def units(box: int) -> list[list[int]]:
    """Rows, columns and boxes of a board with ``box``×``box`` boxes."""
    n = box * box
    rows = [[r * n + c for c in range(n)] for r in range(n)]
    cols = [[r * n + c for r in range(n)] for c in range(n)]
    boxes = [
        [(br + r) * n + bc + c for r in range(box) for c in range(box)]
        for br in range(0, n, box)
        for bc in range(0, n, box)
    ]
    return rows + cols + boxes


def box_of_cells(ncells: int) -> int:
    return {16: 2, 81: 3, 256: 4}[ncells]


def assert_solves(givens: Sequence[int], solution: Sequence[int] | None) -> None:
    """``solution`` is a full grid where every unit holds each digit once, and it keeps every given."""
    assert solution is not None, "no solution returned"
    box = box_of_cells(len(givens))
    n = box * box
    assert len(solution) == len(givens)
    for unit in units(box):
        assert sorted(solution[c] for c in unit) == list(range(1, n + 1)), f"bad unit {unit}"
    for cell, g in enumerate(givens):
        if g:
            assert solution[cell] == g, f"given changed at cell {cell}"


def digits_of_line(line: str) -> list[int]:
    return [0 if ch in ".0" else DIGITS.index(ch.upper()) + 1 for ch in line]


def pattern_solution(box: int) -> list[int]:
    """A valid solved grid from the shifting pattern (row r starts box*(r%box) + r//box along)."""
    n = box * box
    return [(box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n)]


def reference_solutions(
    values: Sequence[int], candidates: Sequence[int] | None = None, limit: int = 1000
) -> list[tuple[int, ...]]:
    """Every solution (at most ``limit``) in the reference order; ``candidates`` masks limit the empty cells."""
    box = box_of_cells(len(values))
    n = box * box
    cell_units = [[u for u in units(box) if cell in u] for cell in range(len(values))]
    grid = list(values)
    out: list[tuple[int, ...]] = []
    # Givens that clash have no solution.
    for unit in units(box):
        placed = [grid[c] for c in unit if grid[c]]
        if len(placed) != len(set(placed)):
            return out

    def allowed(cell: int) -> list[int]:
        used = {grid[c] for u in cell_units[cell] for c in u}
        digits = [d for d in range(1, n + 1) if d not in used]
        if candidates is not None:
            digits = [d for d in digits if candidates[cell] >> (d - 1) & 1]
        return digits

    def fill(start: int) -> None:
        cell = next((c for c in range(start, len(grid)) if not grid[c]), None)
        if cell is None:
            out.append(tuple(grid))
            return
        for d in allowed(cell):
            grid[cell] = d
            fill(cell + 1)
            grid[cell] = 0
            if len(out) >= limit:
                return

    fill(0)
    return out
