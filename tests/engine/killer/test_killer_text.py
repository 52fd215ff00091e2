"""Killer's model and text form: what reads, what each wrong text is told, and round trips (hypothesis)."""

from __future__ import annotations

import doctest
import importlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sudoku_tk.engine.killer.cages import Cage, KillerError, KillerPuzzle, sum_range
from sudoku_tk.engine.killer.text import SYMBOLS, format_killer, parse_killer

EMPTY_MAP = "." * 81
SOLUTION = "632798154478165392195324786724639815813452679569817243346571928981243567257986431"


def test_module_examples_run() -> None:
    for name in ("cages", "text", "combinations", "solver"):
        module = importlib.import_module(f"sudoku_tk.engine.killer.{name}")
        result = doctest.testmod(module)
        assert result.attempted >= 1 and result.failed == 0, name


def test_reads_map_and_sums_without_givens() -> None:
    p = parse_killer("AAB" + "." * 78 + "  A=17, B=5")
    assert [(c.cells, c.total) for c in p.cages] == [((0, 1), 17), ((2,), 5)]
    assert p.givens == (0,) * 81
    assert p.cage_of[:4] == (0, 0, 1, -1)


def test_reads_givens_variant_line_and_comments() -> None:
    text = "variant: killer\n# a comment\n" + "8" + "." * 80 + "\n" + "AA" + "." * 79 + "\nA=17\n"
    p = parse_killer(text)
    assert p.givens[0] == 8 and p.cages == (Cage((0, 1), 17),)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AAB" + "." * 78 + " A=17", "cage B has no sum in the list of sums"),
        ("AA" + "." * 79 + " A=17,C=4", "the sums give C=4, but no cell of the cage map is C"),
        ("AA" + "." * 79 + " A=18", "cage A has 2 cells, so its sum must be 3 to 17, not 18"),
        ("AA" + "." * 79 + " A=2", "cage A has 2 cells, so its sum must be 3 to 17, not 2"),
        ("A" * 10 + "." * 71 + " A=50", "cage A has 10 cells; a cage holds at most 9, since no digit repeats in it"),
        ("A" * 81 + " A=405", "cage A has 81 cells; a cage holds at most 9, since no digit repeats in it"),
        (
            "A" * 9 + "B" * 72 + " A=45,B=300",
            "cage B has 72 cells; a cage holds at most 9, since no digit repeats in it",
        ),
        ("55" + "." * 79 + " AA" + "." * 79 + " A=10", "5 is given twice in cage A: r1c1 and r1c2"),
        ("98" + "." * 79 + " AA" + "." * 79 + " A=16", "the givens of cage A add up to 17 (9 + 8), not its sum 16"),
        (
            "9" + "." * 80 + " AAA" + "." * 78 + " A=10",
            "the givens of cage A (9) leave 1 for its other 2 cells, which can make only 3 to 15",
        ),
        ("AA" + "." * 79 + " A=1x", "the sum of cage A must be a whole number, not '1x'"),
        ("AA" + "." * 79 + " A=17,A=16", "cage A is given two sums"),
        ("AA" + "." * 79 + " 17", "'17' is not a cage sum: write a cage symbol, = and a number, as A=12"),
        ("AA" + "." * 79, "the cage sums are missing: write them after the cage map as A=12,B=7,…"),
        (
            "A!" + "." * 79 + " A=3",
            "the cage map holds '!' at r1c2: a cage symbol is one of A–Z, a–z, 0–9 (. for no cage)",
        ),
        (
            "x" * 81 + " " + "AA" + "." * 79 + " A=3",
            "the givens hold 'x' at r1c1: only digits 1–9, 0 and . can stand there",
        ),
        (
            "variant: jigsaw\n" + "AA" + "." * 79 + " A=3",
            "this is a Killer puzzle, so its variant line must say killer, not 'jigsaw'",
        ),
        ("hello", "a Killer puzzle starts with an 81-character cage map, not 'hello'"),
    ],
)
def test_each_wrong_text_gets_its_sentence(text: str, message: str) -> None:
    with pytest.raises(KillerError) as err:
        parse_killer(text)
    assert str(err.value) == message


def test_fully_caged_sums_must_make_405() -> None:
    # Each row: an 8-cell cage of 40 and a 1-cell cage of 5.
    cage_map = "".join(SYMBOLS[2 * r] * 8 + SYMBOLS[2 * r + 1] for r in range(9))
    sums = ",".join(f"{SYMBOLS[2 * r]}=40,{SYMBOLS[2 * r + 1]}=5" for r in range(9))
    assert len(parse_killer(f"{cage_map} {sums}").cages) == 18
    with pytest.raises(KillerError) as err:
        parse_killer(f"{cage_map} {sums[:-1]}4")
    assert str(err.value) == "every cell is in a cage, so the sums must add up to 405 (9 × 45), not 404"


def test_create_rejects_a_cell_in_two_cages() -> None:
    with pytest.raises(KillerError, match="r1c2 is in two cages"):
        KillerPuzzle.create([Cage((0, 1), 3), Cage((1, 2), 3)])


def test_sum_range() -> None:
    assert [sum_range(k) for k in (1, 2, 3, 8, 9)] == [(1, 9), (3, 17), (6, 24), (36, 44), (45, 45)]


# -- round trips ---------------------------------------------------------------------------------------------


@st.composite
def puzzles(draw: st.DrawFn) -> KillerPuzzle:
    """Cages as runs along the rows of a solved grid (so no digit repeats), some cells left out, some givens."""
    perm = draw(st.permutations(range(1, 10)))
    solution = [perm[int(ch) - 1] for ch in SOLUTION]
    cages = []
    for r in range(9):
        c = 0
        while c < 9:
            length = draw(st.integers(1, 9 - c))
            cells = tuple(r * 9 + c + i for i in range(length))
            if draw(st.booleans()) or draw(st.booleans()):
                cages.append(Cage(cells, sum(solution[x] for x in cells)))
            c += length
    if not cages:
        cages.append(Cage((0,), solution[0]))
    shown = draw(st.sets(st.integers(0, 80), max_size=20))
    givens = [solution[c] if c in shown else 0 for c in range(81)]
    return KillerPuzzle.create(cages, givens)


@given(puzzles(), st.booleans())
def test_round_trip_through_the_writer(puzzle: KillerPuzzle, variant_line: bool) -> None:
    text = format_killer(puzzle, variant_line)
    again = parse_killer(text)
    assert again == puzzle
    assert format_killer(again, variant_line) == text


_JUNK_ALPHABET = st.sampled_from(list("AaBb0189.=, \n#:-xvariantkiller") + ["é", "\x00"])


@given(st.text(_JUNK_ALPHABET, max_size=300) | st.text(max_size=200))
def test_junk_raises_only_killer_error(text: str) -> None:
    try:
        parse_killer(text)
    except KillerError:
        pass


@given(puzzles(), st.integers(0, 200), st.text(_JUNK_ALPHABET, min_size=1, max_size=3))
def test_a_damaged_text_reads_or_raises_killer_error(puzzle: KillerPuzzle, at: int, junk: str) -> None:
    text = format_killer(puzzle)
    at = min(at, len(text))
    try:
        parse_killer(text[:at] + junk + text[at + 1 :])
    except KillerError:
        pass
