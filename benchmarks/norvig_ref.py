"""A first-solution reference solver in the style of Peter Norvig's essay "Solving Every Sudoku Puzzle".

Written here from the published algorithm (not copied): the board is a dict from square name to a string of the
digits still possible there; ``assign`` keeps one digit by eliminating the others; ``eliminate`` removes a digit
and propagates the two rules (a square left with one digit removes it from its peers; a unit with one place left
for a digit puts it there); ``search`` is depth-first on the square with the fewest digits left, and stops at the
first solution. 9×9 only, as in the essay.

Usage: ``python norvig_ref.py FILE`` prints one line per puzzle of FILE: the solution's 81 digits, or
``no solution``.
"""

from __future__ import annotations

import sys

DIGITS = "123456789"
ROWS = "ABCDEFGHI"
COLS = DIGITS


def cross(a: str, b: str) -> list[str]:
    return [x + y for x in a for y in b]


SQUARES = cross(ROWS, COLS)
UNIT_LIST = (
    [cross(ROWS, c) for c in COLS]
    + [cross(r, COLS) for r in ROWS]
    + [cross(rs, cs) for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")]
)
UNITS = {s: [u for u in UNIT_LIST if s in u] for s in SQUARES}
PEERS = {s: set(sum(UNITS[s], [])) - {s} for s in SQUARES}

Values = dict[str, str]


def assign(values: Values, s: str, d: str) -> Values | None:
    """Keep only ``d`` in square ``s`` by eliminating every other digit; None on a contradiction."""
    for other in values[s].replace(d, ""):
        if eliminate(values, s, other) is None:
            return None
    return values


def eliminate(values: Values, s: str, d: str) -> Values | None:
    """Remove ``d`` from square ``s`` and propagate; None on a contradiction."""
    if d not in values[s]:
        return values
    left = values[s].replace(d, "")
    values[s] = left
    if not left:
        return None
    if len(left) == 1:
        d2 = left
        for p in PEERS[s]:
            if eliminate(values, p, d2) is None:
                return None
    for unit in UNITS[s]:
        places = [sq for sq in unit if d in values[sq]]
        if not places:
            return None
        if len(places) == 1 and assign(values, places[0], d) is None:
            return None
    return values


def parse(line: str) -> Values | None:
    """Every square starts with all digits; each given is then assigned. None when the givens contradict."""
    values: Values = {s: DIGITS for s in SQUARES}
    for s, ch in zip(SQUARES, line):
        if ch in DIGITS and assign(values, s, ch) is None:
            return None
    return values


def search(values: Values | None) -> Values | None:
    """Depth-first search, trying each digit of the square with the fewest left; the first solution wins."""
    if values is None:
        return None
    if all(len(values[s]) == 1 for s in SQUARES):
        return values
    _n, s = min((len(values[s]), s) for s in SQUARES if len(values[s]) > 1)
    for d in values[s]:
        found = search(assign(values.copy(), s, d))
        if found is not None:
            return found
    return None


def solve_line(line: str) -> str | None:
    found = search(parse(line))
    return None if found is None else "".join(found[s] for s in SQUARES)


def main(argv: list[str]) -> int:
    with open(argv[1]) as fh:
        lines = [ln.strip() for ln in fh if ln.strip() and not ln.startswith("#")]
    out = []
    for line in lines:
        sol = solve_line(line)
        out.append(sol if sol is not None else "no solution")
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
