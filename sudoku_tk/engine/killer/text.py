"""The Killer text form: ``[givens81] cagemap81 sums``, read and written.

The cage map gives each cell a cage symbol from ``A–Z a–z 0–9`` (``.`` for a cell outside every cage); ``sums`` is
a comma-separated list ``A=12,B=7,…``; the givens (81 digits, ``.`` or ``0`` for an empty cell) may be left out. A
line ``variant: killer`` may come first and ``#`` starts a comment line. Anything else raises ``KillerError`` with
one sentence; ``format_killer`` writes the form ``parse_killer`` reads back to an equal puzzle.

>>> p = parse_killer("AAB" + "." * 78 + " A=17,B=5")
>>> [(c.cells, c.total) for c in p.cages]
[((0, 1), 17), ((2,), 5)]
>>> format_killer(p)[:5], format_killer(p).split()[-1]
('AAB..', 'A=17,B=5')
"""

from __future__ import annotations

import string

from .cages import GEOMETRY, Cage, KillerError, KillerPuzzle, killer_problems

SYMBOLS = string.ascii_uppercase + string.ascii_lowercase + string.digits
"""The cage symbols, in the order the writer hands them out."""
_GIVEN_CHARS = frozenset("0123456789.")
_VARIANT = "variant:"


def parse_killer(text: str) -> KillerPuzzle:
    """Read a Killer puzzle from its text form.

    Raises:
        KillerError: the text is not a Killer puzzle, or its cages and sums cannot work (one sentence).
    """
    tokens: list[str] = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        if stripped.lower().startswith(_VARIANT):
            name = stripped[len(_VARIANT) :].strip().lower()
            if name != "killer":
                raise KillerError(f"this is a Killer puzzle, so its variant line must say killer, not {name!r}")
            continue
        tokens.extend(stripped.split())
    grids: list[str] = []
    while tokens and len(tokens[0]) == 81 and "=" not in tokens[0] and len(grids) < 2:
        grids.append(tokens.pop(0))
    if not grids:
        first = tokens[0][:20] if tokens else ""
        raise KillerError(f"a Killer puzzle starts with an 81-character cage map, not {first!r}")
    givens_text, cage_map = (None, grids[0]) if len(grids) == 1 else (grids[0], grids[1])
    givens = _read_givens(givens_text) if givens_text is not None else (0,) * 81
    sums = _read_sums("".join(tokens))
    return _build(givens, cage_map, sums)


def _read_givens(text: str) -> tuple[int, ...]:
    for i, ch in enumerate(text):
        if ch not in _GIVEN_CHARS:
            raise KillerError(
                f"the givens hold {ch!r} at {GEOMETRY.cell_name(i)}: only digits 1–9, 0 and . can stand there"
            )
    return tuple(0 if ch == "." else int(ch) for ch in text)


def _read_sums(text: str) -> dict[str, int]:
    if not text:
        raise KillerError("the cage sums are missing: write them after the cage map as A=12,B=7,…")
    sums: dict[str, int] = {}
    for item in text.split(","):
        if not item:
            continue
        symbol, eq, value = item.partition("=")
        if not eq or len(symbol) != 1 or symbol not in SYMBOLS:
            raise KillerError(f"{item[:20]!r} is not a cage sum: write a cage symbol, = and a number, as A=12")
        if not value.isascii() or not value.isdigit() or len(value) > 3:
            raise KillerError(f"the sum of cage {symbol} must be a whole number, not {value[:20]!r}")
        if symbol in sums:
            raise KillerError(f"cage {symbol} is given two sums")
        sums[symbol] = int(value)
    return sums


def _build(givens: tuple[int, ...], cage_map: str, sums: dict[str, int]) -> KillerPuzzle:
    cells: dict[str, list[int]] = {}
    for i, ch in enumerate(cage_map):
        if ch == ".":
            continue
        if ch not in SYMBOLS:
            raise KillerError(
                f"the cage map holds {ch!r} at {GEOMETRY.cell_name(i)}: a cage symbol is one of A–Z, a–z, 0–9 (. for no cage)"
            )
        cells.setdefault(ch, []).append(i)
    for symbol in cells:
        if symbol not in sums:
            raise KillerError(f"cage {symbol} has no sum in the list of sums")
    for symbol in sums:
        if symbol not in cells:
            raise KillerError(f"the sums give {symbol}={sums[symbol]}, but no cell of the cage map is {symbol}")
    order = sorted(cells, key=lambda s: cells[s][0])
    cages = [Cage(tuple(cells[s]), sums[s]) for s in order]
    try:
        puzzle = KillerPuzzle.create(cages, givens)
    except KillerError:
        # Name the cages by their symbols in the sentence: check again with them.
        probe = KillerPuzzle(tuple(cages), givens, _cage_index(cages))
        problems = killer_problems(probe, order)
        if problems:
            raise KillerError(problems[0]) from None
        raise
    return puzzle


def _cage_index(cages: list[Cage]) -> tuple[int, ...]:
    out = [-1] * 81
    for i, cage in enumerate(cages):
        for c in cage.cells:
            out[c] = i
    return tuple(out)


def format_killer(puzzle: KillerPuzzle, variant_line: bool = False) -> str:
    """The text form: givens (only when there are any), cage map and sums, on one line (symbols in cell order)."""
    cage_map = ["."] * 81
    sums = []
    for cage, symbol in zip(puzzle.cages, _symbols(len(puzzle.cages))):
        for c in cage.cells:
            cage_map[c] = symbol
        sums.append(f"{symbol}={cage.total}")
    parts = []
    if any(puzzle.givens):
        parts.append("".join(str(v) if v else "." for v in puzzle.givens))
    parts += ["".join(cage_map), ",".join(sums)]
    line = " ".join(parts)
    return f"variant: killer\n{line}" if variant_line else line


def _symbols(count: int) -> str:
    if count > len(SYMBOLS):
        raise KillerError(f"the text form names at most {len(SYMBOLS)} cages, and this puzzle has {count}")
    return SYMBOLS[:count]


def cage_symbols(puzzle: KillerPuzzle) -> tuple[str, ...]:
    """The symbol ``format_killer`` gives each cage."""
    return tuple(_symbols(len(puzzle.cages)))
