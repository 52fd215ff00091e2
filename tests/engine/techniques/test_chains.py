"""Remote Pair, X-Chain and XY-Chain: case files, wording, chain links and colours, hand-built chains, soundness."""

from __future__ import annotations

import pytest
from caselib import case_file_tests, first_case_step, load_cases
from chainchecks import check_chain_step
from sweeps import check_case_mirrored, check_each_fires_soundly

from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.steps.step import HighlightRole, Step, Technique
from sudoku_tk.engine.techniques.chains import FINDERS, find_remote_pairs

CASES = load_cases("chains.cases")
GEO = Geometry.of(3)


def _chain_cells(step: Step) -> list[int]:
    """The chain in order, read back from the links (one in-cell link per cell)."""
    return [lk.from_cell for lk in step.links if lk.from_cell == lk.to_cell]


def _check_chain(grid: Grid, step: Step) -> None:
    """Links alternate: strong inside a cell, weak to the next cell (which it sees); colours alternate too."""
    chain = _chain_cells(step)
    assert len(chain) >= 4 and len(chain) % 2 == 0 and len(set(chain)) == len(chain)
    pair = grid.candidates[chain[0]]
    assert pair.bit_count() == 2 and all(grid.candidates[c] == pair for c in chain)
    for i, lk in enumerate(step.links):
        assert lk.strong == (i % 2 == 0)
        if not lk.strong:
            assert GEO.sees(lk.from_cell, lk.to_cell) and lk.from_digit == lk.to_digit
    roles: dict[HighlightRole, tuple] = {h.role: h.cells for h in step.highlights}
    assert roles[HighlightRole.COLOR_A] == tuple(chain[0::2])
    assert roles[HighlightRole.COLOR_B] == tuple(chain[1::2])


def _check_any_chain(grid: Grid, step: Step) -> None:
    if step.technique is Technique.REMOTE_PAIR:
        _check_chain(grid, step)
    else:
        check_chain_step(grid, step)
        ends = step.chain[0], step.chain[-1]
        assert not ends[0].on and ends[1].on and ends[0].digit == ends[1].digit
        for e in step.eliminations:  # every removed candidate sees both ends, on their digit
            assert e.digit == ends[0].digit
            assert all(GEO.sees(e.cell, c) for end in ends for c in end.cells)
        if step.technique is Technique.XY_CHAIN:
            for node in step.chain:
                assert grid.candidates[node.cells[0]].bit_count() == 2
        else:
            assert {node.digit for node in step.chain} == {ends[0].digit}


test_case, test_every_technique_has_enough_cases, test_finders_registered = case_file_tests(
    CASES, FINDERS, extra_check=_check_any_chain
)


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.ident)
def test_mirrored_board_gives_mirrored_steps(case) -> None:  # type: ignore[no-untyped-def]
    check_case_mirrored(case)


def test_explanation() -> None:
    step = first_case_step(CASES, Technique.REMOTE_PAIR)
    assert step.explanation == (
        "Remote Pair: r7c7, r7c2, r9c2 and r9c4 all hold only 4 or 6 and each sees the next in that order, so "
        "their digits alternate and r7c7 and r9c4 hold different ones; a cell that sees both can hold neither "
        "— remove 4 and 6 from r9c7 and r9c9."
    )
    assert step.focus == "the 4 and 6 cells r7c7 and r9c4"


# -- chains built by hand: every other cell holds every digit -------------------------


def _pairs(cells: list[str], digits: str = "12") -> Grid:
    cands = [GEO.all_digits] * 81
    for name in cells:
        cands[GEO.parse_cell(name)] = sum(1 << (int(ch) - 1) for ch in digits)
    return Grid.from_values([0] * 81, None, cands)


def _elims(grid: Grid) -> list[list[str]]:
    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in find_remote_pairs(grid)]


def test_hand_built_four_cell_chain() -> None:
    # r1c1 - r1c5 - r5c5 - r5c9: the ends hold different digits; r1c9 and r5c1 see both ends
    grid = _pairs(["r1c1", "r1c5", "r5c5", "r5c9"])
    assert _elims(grid) == [["r1c9<>1", "r1c9<>2", "r5c1<>1", "r5c1<>2"]]


def test_three_cells_are_not_a_remote_pair() -> None:
    assert _elims(_pairs(["r1c1", "r1c5", "r5c5"])) == []


def test_five_cells_give_their_two_four_cell_chains() -> None:
    # like HoDoKu, a chain has an even number of cells, so five cells give two chains of four
    grid = _pairs(["r1c1", "r1c5", "r5c5", "r5c9", "r9c9"])
    assert sorted(_elims(grid)) == [
        ["r1c9<>1", "r1c9<>2", "r5c1<>1", "r5c1<>2"],
        ["r1c9<>1", "r1c9<>2", "r9c5<>1", "r9c5<>2"],
    ]


def test_different_pairs_do_not_chain() -> None:
    grid = _pairs(["r1c1", "r1c5", "r5c5"])
    cands = list(grid.candidates)
    cands[GEO.parse_cell("r5c9")] = 0b101  # {1,3}: not the same pair, so no fourth cell
    assert _elims(Grid.from_values([0] * 81, None, cands)) == []


def test_search_ends_on_a_pathological_grid() -> None:
    # Every cell holding only {1, 2} (a broken grid a player could still type in): the path search is capped
    # (MAX_EXTENSIONS), so it ends. How long it takes is measured by benchmarks/bounded_searches.py.
    grid = Grid.from_values([0] * 81, None, [0b11] * 81)
    first = next(find_remote_pairs(grid))
    assert first.eliminations
    assert sum(1 for _ in find_remote_pairs(grid)) > 0


def test_other_board_sizes_yield_nothing() -> None:
    assert list(find_remote_pairs(Grid.from_values([0] * 16))) == []


@pytest.mark.slow
def test_sound_on_real_positions() -> None:
    check_each_fires_soundly(FINDERS)


def test_x_chain_and_xy_chain_explanations() -> None:
    assert first_case_step(CASES, Technique.X_CHAIN).explanation == (
        "X-Chain: r5c9≠8 → r3c9=8 → r3c1≠8 → r9c1=8 → r8c2≠8 → r8c7=8, so if r5c9 is not 8 then r8c7 is: one of "
        "them is 8, and a cell that sees both can't be — remove 8 from r5c7."
    )
    xy = first_case_step(CASES, Technique.XY_CHAIN)
    assert xy.explanation.startswith("XY-Chain: r6c5≠5 → r6c5=8 → r8c5≠8 → r8c5=1 → ")
    assert xy.explanation.endswith(
        "so if r6c5 is not 5 then r9c3 is: one of them is 5, and a cell that sees both can't be — remove 5 from r6c3."
    )
    assert xy.focus == "digit 5 between r6c5 and r9c3"


def test_chain_drawing_numbers_alternate_true_and_false() -> None:
    step = first_case_step(CASES, Technique.X_CHAIN)
    roles: dict[HighlightRole, set] = {}
    for h in step.highlights:
        roles.setdefault(h.role, set()).update((c, d) for c in h.cells for d in h.digits)
    on = {(n.cells[0], n.digit) for n in step.chain if n.on}
    off = {(n.cells[0], n.digit) for n in step.chain if not n.on}
    assert roles[HighlightRole.COLOR_A] == on and roles[HighlightRole.COLOR_B] == off
    assert [lk.strong for lk in step.links] == [True, False, True, False, True]


# -- X-Chains built by hand: digit 1's places only where stated -----------------------------


def _digit_board(places: list[str], digit: int = 1) -> Grid:
    cands = [GEO.all_digits & ~(1 << (digit - 1))] * 81
    for name in places:
        cands[GEO.parse_cell(name)] = GEO.all_digits
    return Grid.from_values([0] * 81, None, cands)


def _x_elims(grid: Grid) -> list[list[str]]:
    from sudoku_tk.engine.techniques.chains import find_x_chains

    return [sorted(f"{GEO.cell_name(e.cell)}<>{e.digit}" for e in s.eliminations) for s in find_x_chains(grid)]


def test_hand_built_x_chain_of_five_links() -> None:
    # Strong links r1c1=r1c5 (row 1), r4c5=r4c8 (row 4), r8c8=r8c2 (row 8), weak links r1c5-r4c5 and
    # r4c8-r8c8: one of the ends r1c1 and r8c2 holds 1, so r2c2 and r9c1, which see both, lose it.
    grid = _digit_board(
        ["r1c1", "r1c5", "r4c5", "r4c8", "r8c8", "r8c2", "r2c2", "r9c1", "r6c5", "r6c6", "r2c8", "r3c8", "r5c5"]
    )
    from sudoku_tk.engine.techniques.chains import find_x_chains

    steps = list(find_x_chains(grid))
    assert ["r2c2<>1", "r9c1<>1"] in _x_elims(grid)
    for step in steps:
        check_chain_step(grid, step)
    # The chain's strong link in row 4 is gone once row 4 holds 1 a third time: that chain no longer exists.
    broken = _digit_board(
        ["r1c1", "r1c5", "r4c5", "r4c8", "r4c3", "r8c8", "r8c2", "r2c2", "r9c1", "r6c5", "r6c6", "r2c8", "r3c8", "r5c5"]
    )
    row4 = {GEO.parse_cell("r4c5"), GEO.parse_cell("r4c8")}
    for step in find_x_chains(broken):
        check_chain_step(broken, step)
        assert not any(lk.strong and {lk.from_cell, lk.to_cell} == row4 for lk in step.links)


def test_no_x_chain_without_a_chain() -> None:
    # Every unit holds 1 at least three times: no strong link, so no chain.
    assert _x_elims(Grid.from_values([0] * 81)) == []


def test_other_board_sizes_yield_no_x_or_xy_chains() -> None:
    from sudoku_tk.engine.techniques.chains import find_x_chains, find_xy_chains

    four = Grid.from_values([0] * 16)
    assert list(find_x_chains(four)) == [] and list(find_xy_chains(four)) == []
