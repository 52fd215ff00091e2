"""Contradictions: recompute() notices a broken board the moment it breaks, says where and after which move, and the
singles cascade stops there instead of filling the board with consequences of a wrong move.

An oracle checks every recorded contradiction against the final board, worked out from first principles: a dead
cell (empty, no candidate), a digit with no place in a unit, a digit placed twice in a unit.
"""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.play.propagation import (
    ALL_ASSISTS,
    NO_ASSISTS,
    Assist,
    Contradiction,
    ContradictionKind,
    Origin,
    Position,
    recompute,
)
from sudoku_tk.engine.solving.brute_force import unique_solution

# Sudoku Exchange bank, tests/data: one wrong digit here (r8c3=8, the solution has 1) used to let the singles fill
# 54 cells before two cells were left with no candidate.
CASCADE = ".1....2.66.9.8.......3.4.....3..1...4.7...8.1...8..7.....6.3.......7.6.22.4....5."
WRONG = Place(65, 8)
WATCHED = [a for a in (ALL_ASSISTS, {Assist.PEERS}, {Assist.PEERS, Assist.NAKED_SINGLES})]


def row_one_grid() -> Grid:
    """Row 1 holds 1..7 in c3..c9, so r1c1 and r1c2 keep {8, 9}; nothing else is placed."""
    vals = [0, 0, 1, 2, 3, 4, 5, 6, 7] + [0] * 72
    return Grid.from_values(vals)


def five_grid() -> Grid:
    """5 stands in r2c4, r3c7 and r4c3: in row 1 (and box 1) only r1c1 and r1c2 can take 5."""
    vals = [0] * 81
    vals[12], vals[24], vals[29] = 5, 5, 5
    return Grid.from_values(vals)


Key = tuple[ContradictionKind, tuple[int, ...], int | None, int]


def key(c: Contradiction) -> Key:
    return (c.kind, c.cells, c.unit, c.digit)


def oracle(pos: Position) -> set[Key]:
    """Every contradiction the final board holds, from first principles."""
    geo, vals = pos.geometry, pos.values
    out: set[Key] = set()
    for cell in range(geo.ncells):
        if not vals[cell] and not pos.candidate_set(cell):
            out.add((ContradictionKind.NO_CANDIDATE, (cell,), None, 0))
    for u, cells in enumerate(geo.units):
        for d in range(1, geo.side + 1):
            holding = tuple(c for c in cells if vals[c] == d)
            if len(holding) > 1:
                out.add((ContradictionKind.DUPLICATE, holding, u, d))
            if not holding and not any(pos.has_candidate(c, d) for c in cells):
                out.add((ContradictionKind.NO_PLACE, (), u, d))
    return out


# -- a dead cell ------------------------------------------------------------------------------------------------
def test_a_wrong_placement_that_empties_a_cell_stops_the_cascade_there() -> None:
    # r2c1=8 leaves r1c1 and r1c2 with 9 only: the naked single r1c1=9 empties r1c2, and nothing more is placed.
    pos = recompute(row_one_grid(), [Place(9, 8)])
    assert pos.auto_cells() == [0] and pos.values[0] == 9 and pos.values[1] == 0
    assert pos.contradictions() == (
        Contradiction(ContradictionKind.NO_CANDIDATE, 0, (1,), None, 0),
        Contradiction(ContradictionKind.NO_PLACE, 8, (), 0, 0),  # and 8 has no place left in row 1
    )
    assert set(map(key, pos.contradictions())) == oracle(pos)


def test_the_real_cascade_stops_at_the_first_contradiction() -> None:
    grid = parse_grid(CASCADE)
    pos = recompute(grid, [WRONG])
    first = pos.contradictions()[0]
    assert first.move_index == 0
    assert len(pos.auto_cells()) < 10, "the cascade went on after the contradiction"
    assert set(map(key, pos.contradictions())) == oracle(pos)
    # The right digit there still sets off its whole cascade.
    sol = unique_solution(grid)
    assert sol is not None and sol[65] == 1
    right = recompute(grid, [Place(65, 1)])
    assert right.contradictions() == () and all(v in (0, s) for v, s in zip(right.values, sol))


def test_peer_eliminations_go_on_after_the_contradiction() -> None:
    grid = parse_grid(CASCADE)
    broken = recompute(grid, [WRONG])
    later = next(c for c in range(81) if not broken.values[c] and len(broken.candidate_set(c)) > 1)
    digit = next(iter(broken.candidate_set(later)))
    pos = recompute(grid, [WRONG, Place(later, digit)])
    assert pos.values[later] == digit and pos.origins[later] is Origin.PLAYER
    assert pos.auto_cells() == broken.auto_cells()  # no single placed after the contradiction ...
    for p in pos.geometry.peers[later]:  # ... but the new digit still leaves its peers' candidates
        assert not pos.has_candidate(p, digit)


# -- a digit with no place in a unit ---------------------------------------------------------------------------------
@pytest.mark.parametrize("assists", WATCHED + [{Assist.PEERS, Assist.HIDDEN_SINGLES}])
def test_a_digit_with_no_place_left_in_a_unit(assists: frozenset[Assist]) -> None:
    pos = recompute(five_grid(), [Eliminate(((0, 5), (1, 5)))], assists)
    assert pos.dead_cells() == []
    assert pos.contradictions() == (
        Contradiction(ContradictionKind.NO_PLACE, 5, (), 0, 0),
        Contradiction(ContradictionKind.NO_PLACE, 5, (), 18, 0),
    )
    assert set(map(key, pos.contradictions())) == oracle(pos)


@pytest.mark.parametrize("assists", [{Assist.PEERS}, {Assist.PEERS, Assist.NAKED_SINGLES}])
def test_a_digit_that_loses_its_last_place_to_a_placement(assists: frozenset[Assist]) -> None:
    # 5 in r7c1 leaves 5 one place in row 1 (r1c2): a hidden single, not a contradiction ...
    grid = five_grid()
    alone = recompute(grid, [Place(54, 5)])
    assert alone.contradictions() == () and alone.values[1] == 5
    # ... but once the player crossed 5 out of r1c2 (with hidden singles off, or r1c1 would be filled with 5 at
    # once), the 5 in r7c1 leaves 5 no place in row 1, nor in column 2 or box 1.
    pos = recompute(grid, [Eliminate(((1, 5),)), Place(54, 5)], assists)
    assert [(c.kind, c.unit, c.digit, c.move_index) for c in pos.contradictions()] == [
        (ContradictionKind.NO_PLACE, 0, 5, 1),
        (ContradictionKind.NO_PLACE, 10, 5, 1),
        (ContradictionKind.NO_PLACE, 18, 5, 1),
    ]


# -- a digit twice in a unit -----------------------------------------------------------------------------------------
def test_a_clashing_digit_is_a_contradiction_and_stops_the_cascade() -> None:
    grid = row_one_grid()
    pos = recompute(grid, [Place(0, 7)])  # 7 stands in r1c9 already
    dup = pos.contradictions()[0]
    assert (dup.kind, dup.cells, dup.unit, dup.digit, dup.move_index) == (ContradictionKind.DUPLICATE, (0, 8), 0, 7, 0)
    assert pos.auto_cells() == []  # r1c2 is left with {8, 9}; nothing is filled after the clash
    assert set(map(key, pos.contradictions())) == oracle(pos)


def test_the_starting_position_can_hold_a_contradiction() -> None:
    vals = [0] * 81
    vals[0] = vals[5] = 3
    pos = recompute(Grid.from_values(vals), [])
    assert [(c.kind, c.unit, c.move_index) for c in pos.contradictions()] == [(ContradictionKind.DUPLICATE, 0, None)]


# -- only with Peer Elimination on --------------------------------------------------------------------------
def test_without_peer_elimination_the_candidates_are_the_players_notes() -> None:
    assert recompute(five_grid(), [Eliminate(((0, 5), (1, 5)))], NO_ASSISTS).contradictions() == ()
    assert recompute(row_one_grid(), [Place(0, 7)], {Assist.NAKED_SINGLES}).contradictions() == ()


# -- undo and corrections ------------------------------------------------------------------------------------
def test_undo_or_clear_of_the_wrong_move_brings_the_full_cascade_back() -> None:
    grid = parse_grid(CASCADE)
    sol = unique_solution(grid)
    assert sol is not None
    right = Place(40, sol[40])
    full = recompute(grid, [right])
    assert len(full.auto_cells()) > 20  # a correct move sets off a long cascade on this puzzle
    broken = recompute(grid, [WRONG, right])
    assert broken.contradictions() and len(broken.auto_cells()) < len(full.auto_cells())
    # Undo is recomputing without the wrong move; Clear cancels it: either way the cascade is whole again.
    for moves in ([right], [WRONG, Clear(65), right], [WRONG, right, Clear(65)]):
        pos = recompute(grid, moves)
        assert pos.contradictions() == ()
        assert pos.values == full.values


def test_a_contradiction_put_right_by_a_later_move_is_gone() -> None:
    # The player crosses 5 out of both places in row 1, then brings one back: the hidden single is placed again.
    grid = five_grid()
    moves: list[Move] = [Eliminate(((0, 5), (1, 5))), Restore(((1, 5),))]
    pos = recompute(grid, moves)
    assert pos.contradictions() == ()
    assert pos.values[1] == 5 and pos.origins[1] is Origin.AUTO  # the hidden single is placed again
    # A placement that fills the dead cell of a player's elimination puts the board right again.
    pos = recompute(five_grid(), [Eliminate(((0, 5), (1, 5))), Place(1, 5)])
    assert pos.contradictions() == () and pos.values[1] == 5


# -- a correct game never reports one ----------------------------------------------------------------------------
@cache
def solved_pool() -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    lines = read_puzzles("sudoku_exchange_se_rated.txt")
    picks = lines[:3] + lines[1000:1003] + lines[-4:]
    out = []
    for line in picks:
        grid = parse_grid(line)
        sol = unique_solution(grid)
        assert sol is not None
        out.append((grid, sol))
    return tuple(out)


@pytest.mark.parametrize("index", range(10))
def test_playing_the_solution_in_any_order_never_meets_a_contradiction(index: int) -> None:
    grid, sol = solved_pool()[index]
    rng = random.Random(index)
    for assists in (ALL_ASSISTS, frozenset({Assist.PEERS}), frozenset({Assist.PEERS, Assist.HIDDEN_SINGLES})):
        moves: list[Move] = []
        order = [c for c in range(81) if not grid.givens[c]]
        rng.shuffle(order)
        pos = recompute(grid, moves, assists)
        assert pos.contradictions() == ()
        for cell in order:
            if pos.values[cell]:
                continue
            wrong = [d for d in pos.candidate_set(cell) if d != sol[cell]]
            if wrong and rng.random() < 0.3:
                moves.append(Eliminate(((cell, rng.choice(wrong)),)))
            moves.append(Place(cell, sol[cell]))
            pos = recompute(grid, moves, assists)
            assert pos.contradictions() == (), (index, len(moves))
        assert pos.is_solved()


# -- random games against the oracle -------------------------------------------------------------------------
@st.composite
def games(draw: st.DrawFn) -> tuple[Grid, list[Move]]:
    """A puzzle and a move list of right and wrong placements, eliminations, clears and restores."""
    grid, sol = draw(st.sampled_from(solved_pool()))
    empties = [c for c in range(81) if not grid.givens[c]]
    moves: list[Move] = []
    for _ in range(draw(st.integers(0, 30))):
        kind = draw(st.sampled_from(("right", "right", "wrong", "eliminate", "clear", "restore")))
        cell = draw(st.sampled_from(empties))
        if kind == "right":
            moves.append(Place(cell, sol[cell]))
        elif kind == "wrong":
            moves.append(Place(cell, draw(st.integers(1, 9))))
        elif kind == "eliminate":
            moves.append(Eliminate(((cell, draw(st.integers(1, 9))),)))
        elif kind == "clear":
            moves.append(Clear(cell))
        else:
            moves.append(Restore(((cell, draw(st.integers(1, 9))),)))
    return grid, moves


@settings(max_examples=150, deadline=None)
@given(games(), st.sets(st.sampled_from(list(Assist))).map(frozenset))
def test_recorded_contradictions_are_exactly_those_of_the_board(
    game: tuple[Grid, list[Move]], assists: frozenset[Assist]
) -> None:
    grid, moves = game
    pos = recompute(grid, moves, assists)
    found = pos.contradictions()
    if Assist.PEERS not in assists:
        assert found == ()
        return
    assert len(set(map(key, found))) == len(found)
    assert set(map(key, found)) == oracle(pos)
    # Each appeared after a move in force (or at the start), and no single was placed after the first appeared.
    for c in found:
        assert c.move_index is None or pos.live[c.move_index]
    if found:
        first = min(-1 if c.move_index is None else c.move_index for c in found)
        index = pos.value_move_index
        after = [c for c in pos.auto_cells() if (-1 if index(c) is None else index(c)) > first]
        assert after == [], "a single was placed while the board held a contradiction"


@settings(max_examples=60, deadline=None)
@given(games())
def test_the_move_index_is_where_the_contradiction_first_appears(game: tuple[Grid, list[Move]]) -> None:
    grid, moves = game
    # Only placements and eliminations: each prefix is then a replay of the whole (no later move cancels one).
    kept = [m for m in moves if isinstance(m, (Place, Eliminate))]
    seen: set[int] = set()
    moves = [m for m in kept if not isinstance(m, Place) or not (m.cell in seen or seen.add(m.cell))]
    pos = recompute(grid, moves)

    def where(k: Key) -> Key:  # a duplicate is the same one when a third copy of its digit joins it
        return (k[0], () if k[0] is ContradictionKind.DUPLICATE else k[1], k[2], k[3])

    for c in pos.contradictions():
        at = -1 if c.move_index is None else c.move_index
        assert where(key(c)) in set(map(where, oracle(recompute(grid, moves[: at + 1]))))
        if at >= 0:
            assert where(key(c)) not in set(map(where, oracle(recompute(grid, moves[:at]))))


def test_a_candidate_the_start_lacked_brought_back_puts_a_dead_cell_right() -> None:
    # The loaded pencilmarks give r1c1 only {1, 2}; the player's 1 in r1c2 and 2 in r2c1 leave it none
    # (with the singles off: r1c1=2 would otherwise be placed after the first move).
    cands = [0b111111111] * 81
    cands[0] = 0b11
    grid = Grid.from_values([0] * 81, candidates=cands)
    moves: list[Move] = [Place(1, 1), Place(9, 2)]
    dead = recompute(grid, moves, {Assist.PEERS})
    assert [(c.kind, c.cells, c.move_index) for c in dead.contradictions()] == [
        (ContradictionKind.NO_CANDIDATE, (0,), 1)
    ]
    # 3 was only missing from the start: bringing it back gives r1c1 a candidate again.
    back = recompute(grid, moves + [Restore(((0, 3),))], {Assist.PEERS})
    assert back.contradictions() == () and back.has_candidate(0, 3)
