"""Almost Locked Sets (XZ, XY-Wing, XY-Chain, Death Blossom): case file, wording, drawing, edge cases, soundness."""

from __future__ import annotations

from functools import lru_cache

import pytest
from caselib import case_file_tests, check_step_contract, first_case_step, load_cases
from shared_data import read_puzzles
from sweeps import check_case_mirrored, check_finders_sound, check_silent, real_positions

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.solving.logic import solve_logically
from sudoku_tk.engine.steps.step import HighlightRole, Technique
from sudoku_tk.engine.techniques import ORDER, finder_for, implemented
from sudoku_tk.engine.techniques.als import FINDERS, MAX_CHAIN_SETS, als_index_of

CASES = load_cases("als.cases")
GEO = Geometry.of(3)
T = Technique


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(CASES, FINDERS)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case)


def test_explanations() -> None:
    assert first_case_step(CASES, T.ALS_XZ).explanation == (
        "Almost Locked Set XZ-Rule: r2c3,r3c1,r3c2 (digits 1, 2, 4, 7) and r2c7,r4c7,r6c7 (digits 1, 2, 3, 4) "
        "share 1, whose places all see each other, so one of the two sets is locked without 1 and holds 4 — "
        "remove 4 from r3c7."
    )
    assert first_case_step(CASES, T.ALS_XY_WING).explanation == (
        "Almost Locked Set XY-Wing: the pivot r2c9 (4 or 5) shares 5 with r1c7,r3c7 (digits 3, 5, 9) and 4 with "
        "r9c2,r9c9 (digits 3, 4, 5), each link's places all seeing each other; if neither wing held 3, both would "
        "be locked, one holding 5 and the other 4, and the pivot would lose both and be a digit short, so a wing "
        "holds 3 — remove 3 from r9c7."
    )
    assert first_case_step(CASES, T.ALS_XY_CHAIN).explanation == (
        "Almost Locked Set XY-Chain: the sets r1c3 (8 or 9), r6c1,r6c3,r6c5,r6c8 (digits 2, 3, 4, 5, 8), "
        "r4c7,r5c7,r6c7 (digits 1, 3, 5, 7) and r2c7 (5 or 9) are linked in turn by 8, 3 and 5, each link's "
        "places all seeing each other; if the first set held no 9, it would be locked and hold 8, which locks the "
        "second set without 8 so that it holds 3, and so on along the chain until the last set holds 9, so the "
        "first or the last set holds 9 — remove 9 from r1c9."
    )
    assert first_case_step(CASES, T.DEATH_BLOSSOM).explanation == (
        "Death Blossom: the stem r2c1 holds only 2 or 8, and each of them has a petal whose places of that digit "
        "all see r2c1: r1c1,r1c3 (digits 2, 3, 9) for 2 and r7c1,r7c7 (digits 3, 8, 9) for 8; whichever digit "
        "r2c1 takes, its petal is locked without it and holds 9 — remove 9 from r1c7."
    )


def test_doubly_linked_explanation() -> None:
    case = next(c for c in CASES if c.technique is T.ALS_XZ and len(c.expected_elims) > 3)
    step = next(
        s
        for s in finder_for(T.ALS_XZ)(case.grid)  # type: ignore[misc]
        if frozenset((e.cell, e.digit) for e in s.eliminations) == case.expected_elims
    )
    assert step.explanation == (
        "Almost Locked Set XZ-Rule: r5c2,r5c3,r5c4 (digits 4, 5, 6, 8) and r2c1,r4c1,r6c1 (digits 1, 5, 6, 8) "
        "share 6 and 8, each with places that all see each other, so neither can be in both sets and each set is "
        "locked without one of them: 6 and 8 each sit in one of the two sets, and every other digit stays inside "
        "its own set — remove 4 from r5c7 and r5c8, 5 from r5c7, r7c1 and r9c1, and 6 from r4c3."
    )
    assert [lk.from_digit for lk in step.links] == [6, 8]


def _cells(*names: str) -> list[int]:
    return sorted(GEO.parse_cell(n) for n in names)


def test_xz_drawing() -> None:
    step = first_case_step(CASES, T.ALS_XZ)
    roles: dict[HighlightRole, list[tuple[tuple[int, ...], tuple[int, ...]]]] = {}
    for h in step.highlights:
        roles.setdefault(h.role, []).append((h.cells, h.digits))
    assert roles[HighlightRole.COLOR_A] == [(tuple(_cells("r2c3", "r3c1", "r3c2")), (1, 2, 4, 7))]
    assert roles[HighlightRole.COLOR_B] == [(tuple(_cells("r2c7", "r4c7", "r6c7")), (1, 2, 3, 4))]
    # the link digit 1 in both sets, and the one elimination
    [(pattern_cells, pattern_digits)] = roles[HighlightRole.PATTERN]
    assert pattern_digits == (1,) and set(pattern_cells) >= {GEO.parse_cell("r2c3"), GEO.parse_cell("r2c7")}
    assert roles[HighlightRole.ELIMINATION] == [((GEO.parse_cell("r3c7"),), (4,))]
    assert [h.units for h in step.highlights if h.role is HighlightRole.DEFINING_UNIT] == [
        (GEO.cell_units[GEO.parse_cell("r2c7")][1], GEO.cell_units[GEO.parse_cell("r2c3")][2])
    ]
    [link] = step.links
    assert not link.strong and link.from_digit == link.to_digit == 1


def test_chain_and_blossom_drawing() -> None:
    chain = first_case_step(CASES, T.ALS_XY_CHAIN)
    colours = [h.role for h in chain.highlights if h.role.name.startswith("COLOR")]
    assert colours == [HighlightRole.COLOR_A, HighlightRole.COLOR_B, HighlightRole.COLOR_C, HighlightRole.COLOR_D]
    assert [(lk.strong, lk.from_digit) for lk in chain.links] == [(False, 8), (False, 3), (False, 5)]
    blossom = first_case_step(CASES, T.DEATH_BLOSSOM)
    assert [h.cells for h in blossom.highlights if h.role is HighlightRole.PIVOT] == [(GEO.parse_cell("r2c1"),)]
    assert sorted(lk.from_digit for lk in blossom.links) == [2, 8]
    assert all(lk.from_cell == GEO.parse_cell("r2c1") for lk in blossom.links)


# -- boards built by hand: only the named cells are empty (the other cells' digits do not matter here) ------------


def _board(cells: dict[str, str]) -> Grid:
    """A board whose empty cells are exactly ``cells`` (name -> candidates); every other cell is filled."""
    cands = [0] * 81
    placed = [9] * 81
    for name, digits in cells.items():
        c = GEO.parse_cell(name)
        placed[c] = 0
        cands[c] = sum(1 << (int(ch) - 1) for ch in digits)
    return Grid.from_values([0] * 81, placed, cands)


def _elims(technique: Technique, grid: Grid) -> list[list[str]]:
    finder = finder_for(technique)
    assert finder is not None
    out = []
    for step in finder(grid):
        check_step_contract(grid, step)
        out.append(sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in step.eliminations))
    return out


def test_hand_built_xz() -> None:
    # r1c1 {1,2} and r1c5,r5c5 {1,2,3} share 1 in row 1; the 2 is in r1c1 or r5c5, both seen by r5c1
    cells = {"r1c1": "12", "r1c5": "13", "r5c5": "23", "r9c5": "456", "r5c1": "29"}
    assert _elims(T.ALS_XZ, _board(cells)) == [["r5c1<>2"]]
    # a cell seeing the 2 of only one set keeps it
    del cells["r5c1"]
    assert _elims(T.ALS_XZ, _board({**cells, "r6c1": "29"})) == []


def test_hand_built_doubly_linked_xz_is_a_naked_pair_too() -> None:
    # two cells {1,2} seeing each other share both digits: each is locked, so 1 and 2 leave the rest of row 5
    assert _elims(T.ALS_XZ, _board({"r5c1": "12", "r5c5": "12", "r5c2": "123", "r4c1": "34"})) == [
        ["r5c2<>1", "r5c2<>2"],
        ["r4c1<>3"],
    ]


def test_linked_sets_never_share_a_cell() -> None:
    # r1c1,r1c2 {1,2,3} and r1c2,r2c1 {1,2,3} share r1c2; their 1s (r1c1, r2c1) see each other, but overlapping
    # sets are not linked (HoDoKu's default)
    grid = _board({"r1c1": "12", "r1c2": "23", "r2c1": "13", "r1c9": "456", "r5c1": "456"})
    ai = als_index_of(grid)
    assert ai is not None
    index = {s.cells: i for i, s in enumerate(ai.sets)}
    a = index[1 << GEO.parse_cell("r1c1") | 1 << GEO.parse_cell("r1c2")]
    b = index[1 << GEO.parse_cell("r1c2") | 1 << GEO.parse_cell("r2c1")]
    assert b not in dict(ai.rcc[a]) and not ai.linked[a][1] >> b & 1
    # a single cell of them is linked to the other set
    single = index[1 << GEO.parse_cell("r2c1")]
    assert dict(ai.rcc[a])[single] == 0b101  # digits 1 and 3


def test_hand_built_xy_wing() -> None:
    # pivot r5c5 {1,2}: 1 links it to r1c5 {1,3}, 2 to r5c1 {2,3}; one of those holds 3, and r1c1 sees both
    assert _elims(T.ALS_XY_WING, _board({"r5c5": "12", "r1c5": "13", "r5c1": "23", "r1c1": "34"})) == [["r1c1<>3"]]
    # links by the same digit (1 and 1) make no wing
    assert _elims(T.ALS_XY_WING, _board({"r5c5": "12", "r1c5": "13", "r5c1": "13", "r1c1": "34"})) == []


# A path of cells, each seeing the next and no other, and for a chain of n cells a cell seeing its two ends
_PATH = ("r1c1", "r1c4", "r2c5", "r4c5", "r5c6", "r7c6", "r7c2", "r6c2", "r6c3")
_END_PEER = {3: "r2c1", 4: "r4c1", 5: "r5c1", 6: "r7c1", 7: "r3c2", 8: "r6c1"}


def _chain_board(n: int) -> Grid:
    """n bivalue cells along _PATH linked by 1, 2, …, n - 1, the two ends holding 9; the end peer holds {8, 9}."""
    cells = {_PATH[0]: "19", _PATH[n - 1]: f"{n - 1}9", _END_PEER[n]: "89"}
    for k in range(1, n - 1):
        cells[_PATH[k]] = f"{k}{k + 1}"
    return _board(cells)


@pytest.mark.parametrize("n", range(3, 9))
def test_chain_lengths(n: int) -> None:
    grid = _chain_board(n)
    removed = [[f"{_END_PEER[n]}<>9"]]
    assert _elims(T.ALS_XY_WING, grid) == (removed if n == 3 else [])
    assert _elims(T.ALS_XY_CHAIN, grid) == (removed if 4 <= n <= MAX_CHAIN_SETS else [])


def test_chain_link_digits_must_change() -> None:
    # r1c1 {9,1} -1- r1c4 {1,3} -3- r2c5 {3,4} -4- r4c5 {4,9} is a chain; with r1c4 {1,2} and r2c5 {1,4} the only
    # link out of r1c4 would be 1 again, so there is none
    cells = {"r1c1": "19", "r1c4": "13", "r2c5": "34", "r4c5": "49", "r4c1": "89"}
    assert _elims(T.ALS_XY_CHAIN, _board(cells)) == [["r4c1<>9"]]
    assert _elims(T.ALS_XY_CHAIN, _board({**cells, "r1c4": "12", "r2c5": "14"})) == []


def test_hand_built_death_blossom() -> None:
    # stem r5c5 {1,2}: its 1 sees r1c5 {1,3}, its 2 sees r5c1 {2,3}; either way one of them is 3
    assert _elims(T.DEATH_BLOSSOM, _board({"r5c5": "12", "r1c5": "13", "r5c1": "23", "r1c1": "34"})) == [["r1c1<>3"]]
    # a petal whose 1 does not see the stem does not count
    assert _elims(T.DEATH_BLOSSOM, _board({"r5c5": "12", "r1c6": "13", "r5c1": "23", "r1c1": "34"})) == []
    # a stem holding the shared digit itself: the stem might be the 3, so nothing goes
    assert _elims(T.DEATH_BLOSSOM, _board({"r5c5": "123", "r1c5": "13", "r5c1": "23", "r1c1": "34"})) == []


def test_one_petal_may_serve_several_stem_digits() -> None:
    grid = _board({"r5c5": "12", "r5c1": "12", "r5c2": "123", "r4c1": "34"})
    [step] = finder_for(T.DEATH_BLOSSOM)(grid)  # type: ignore[misc]
    assert [(e.cell, e.digit) for e in step.eliminations] == [(GEO.parse_cell("r4c1"), 3)]
    assert "(digits 1, 2, 3) for 1 and 2" in step.explanation


def test_one_index_per_grid_and_other_sizes_yield_nothing() -> None:
    case = CASES[0]
    assert als_index_of(case.grid) is als_index_of(case.grid)
    assert als_index_of(Grid.from_values([0] * 16)) is None
    check_silent(FINDERS, Grid.from_values([0] * 16))


# -- soundness on real positions -----------------------------------------------------------------------------------


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    # every third of the shared positions (after singles and a few more steps): their sets are big and many, and
    # the four finders take some 40 ms a position there, so the whole list would take minutes
    fired = {t: 0 for t, _f in FINDERS}
    for grid, solution in real_positions()[::3]:
        check_finders_sound(grid, solution, FINDERS, fired)
    assert all(n > 0 for n in fired.values()), fired


@lru_cache(maxsize=1)
def _stuck_positions() -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    """Where the techniques before ALS-XZ get stuck: 150 top1465 puzzles and the hardest 150 of the SE-rated set."""
    before = [t for t in implemented() if ORDER.index(t) < ORDER.index(T.ALS_XZ)]
    out = []
    for line in read_puzzles("top1465.txt")[:150] + read_puzzles("sudoku_exchange_se_rated.txt")[-150:]:
        start = parse_grid(line)
        solution = unique_solution(start)
        assert solution is not None
        final = solve_logically(start, enabled=before, unique=True).final
        if not final.is_complete():
            out.append((final, solution))
    return tuple(out)


@pytest.mark.slow
def test_sound_where_the_earlier_techniques_are_stuck() -> None:
    fired = {t: 0 for t, _f in FINDERS}
    positions = _stuck_positions()
    for grid, solution in positions:
        check_finders_sound(grid, solution, FINDERS, fired)
    assert len(positions) > 50 and all(n > 0 for n in fired.values()), fired
