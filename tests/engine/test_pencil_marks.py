"""The player's own pencil marks: exact marks after given move lists; they never change the board's logic."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Pencil, Place, Restore, describe_move, live_moves
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, NO_ASSISTS, Assist, Position, recompute

# top95 #1: the singles do not solve it, so the board stays open with every assist on.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
START = parse_grid(HARD)
R1C2, R1C3, R1C4, R3C2, R9C9 = 1, 2, 3, 19, 80
PEERS_ONLY = frozenset({Assist.PEERS})


def marks(pos: Position, cell: int) -> list[int]:
    return list(pos.mark_set(cell))


def test_marks_start_empty_and_follow_pencil_moves() -> None:
    pos = recompute(START, [])
    assert all(m == 0 for m in pos.marks)
    pos = recompute(START, [Pencil(((R1C2, 1), (R1C2, 9), (R9C9, 2))), Pencil(((R1C2, 9),), add=False)])
    assert marks(pos, R1C2) == [1]
    assert marks(pos, R9C9) == [2]
    assert pos.has_mark(R1C2, 1) and not pos.has_mark(R1C2, 9)
    assert sum(1 for m in pos.marks if m) == 2


def test_a_mark_need_not_be_a_candidate() -> None:
    # r1c2 sees the given 4 in r1c1: 4 is not a candidate there, yet the player may pencil it.
    pos = recompute(START, [Pencil(((R1C2, 4),))])
    assert not pos.has_candidate(R1C2, 4)
    assert pos.has_mark(R1C2, 4)


def test_removing_an_absent_mark_and_adding_twice_are_harmless() -> None:
    pos = recompute(START, [Pencil(((R1C2, 3),), add=False), Pencil(((R1C2, 3),)), Pencil(((R1C2, 3),))])
    assert marks(pos, R1C2) == [3]


@pytest.mark.parametrize("assists", [ALL_ASSISTS, NO_ASSISTS])
def test_a_placement_clears_its_cells_marks(assists: frozenset) -> None:
    pos = recompute(START, [Pencil(((R1C2, 1), (R1C2, 2))), Place(R1C2, 1)], assists)
    assert pos.values[R1C2] == 1
    assert pos.marks[R1C2] == 0 and marks(pos, R1C2) == []


def test_a_placement_removes_its_digit_from_peer_marks_only_with_peer_elimination() -> None:
    moves: list[Move] = [Pencil(((R1C3, 1), (R1C3, 2), (R3C2, 1), (R9C9, 1))), Place(R1C2, 1)]
    with_peers = recompute(START, moves, PEERS_ONLY)
    assert marks(with_peers, R1C3) == [2]  # same row and box
    assert marks(with_peers, R3C2) == []  # same column and box
    assert marks(with_peers, R9C9) == [1]  # not a peer
    without = recompute(START, moves, NO_ASSISTS)
    assert marks(without, R1C3) == [1, 2]
    assert marks(without, R3C2) == [1]


def test_a_mark_pencilled_after_the_placement_stays() -> None:
    pos = recompute(START, [Place(R1C2, 1), Pencil(((R1C3, 1),))], PEERS_ONLY)
    assert marks(pos, R1C3) == [1]


def test_an_assists_single_clears_marks_like_a_placement() -> None:
    # r1c2=1 makes 7 a hidden single in r1c3 (the Session's doctest); marks there and 7s in its peers go.
    moves: list[Move] = [Pencil(((R1C3, 7), (R1C3, 9), (R1C4, 7), (R1C4, 2))), Place(R1C2, 1)]
    pos = recompute(START, moves, ALL_ASSISTS)
    assert pos.values[R1C3] == 7
    assert marks(pos, R1C3) == []
    assert marks(pos, R1C4) == [2]


def test_clearing_a_digit_brings_back_the_marks_its_placement_cleared() -> None:
    moves: list[Move] = [Pencil(((R1C2, 1), (R1C2, 2), (R1C3, 1))), Place(R1C2, 1), Clear(R1C2)]
    pos = recompute(START, moves, PEERS_ONLY)
    assert pos.values[R1C2] == 0
    assert marks(pos, R1C2) == [1, 2]
    assert marks(pos, R1C3) == [1]


def test_an_elimination_in_force_takes_its_digits_out_of_the_marks() -> None:
    """An applied hint's removals (an Eliminate) show in own-marks mode; taking the move back returns the marks."""
    pencil = Pencil(((R1C2, 1), (R1C2, 6), (R1C3, 2), (R9C9, 1)))
    hint = Eliminate(((R1C2, 1), (R1C3, 2), (R1C3, 7)), "X-Wing")
    pos = recompute(START, [pencil, hint], NO_ASSISTS)
    assert marks(pos, R1C2) == [6] and marks(pos, R1C3) == [] and marks(pos, R9C9) == [1]
    assert not pos.has_candidate(R1C2, 1)
    # Without the move (Undo) the marks are back.
    assert marks(recompute(START, [pencil], NO_ASSISTS), R1C2) == [1, 6]
    # A Restore that cancels one of its removals leaves that mark as the player wrote it.
    pos = recompute(START, [pencil, hint, Restore(((R1C2, 1),))], NO_ASSISTS)
    assert marks(pos, R1C2) == [1, 6] and marks(pos, R1C3) == []
    # A mark pencilled after the removal stays: the player has the last word on their marks.
    pos = recompute(START, [pencil, hint, Pencil(((R1C2, 1),))], NO_ASSISTS)
    assert marks(pos, R1C2) == [1, 6]


def test_a_mark_on_a_filled_cell_is_not_kept() -> None:
    pos = recompute(START, [Place(R1C2, 1), Pencil(((R1C2, 5), (0, 3)))], PEERS_ONLY)  # r1c1 is a given
    assert pos.marks[R1C2] == 0 and pos.marks[0] == 0


def test_a_pencil_move_off_the_board_is_rejected() -> None:
    pos = recompute(START, [Pencil(((81, 1),)), Pencil(((R1C2, 10),))])
    assert [r.move_index for r in pos.rejected] == [0, 1]
    assert all(m == 0 for m in pos.marks)


def test_describe_pencil_moves() -> None:
    geo = START.geometry
    assert describe_move(Pencil(((R1C2, 5),)), geo) == "r1c2+5"
    assert describe_move(Pencil(((R1C2, 5), (R9C9, 1)), add=False), geo) == "r1c2-5, r9c9-1"
    many = tuple((R1C2, d) for d in range(1, 10))
    assert describe_move(Pencil(many), geo) == "9 pencil marks added"


# -- marks never change the board's logic -------------------------------------------------------------------


def _without_pencil(moves: Sequence[Move]) -> tuple[list[Move], list[int]]:
    """The moves without Pencil moves, and for each kept move its index in the full list."""
    kept = [(i, m) for i, m in enumerate(moves) if not isinstance(m, Pencil)]
    return [m for _, m in kept], [i for i, _ in kept]


def _logic(pos: Position, index_of: Sequence[int]) -> tuple:
    """Everything the board's logic decides, with move indices mapped to the full move list."""

    def full(i: int | None) -> int | None:
        return None if i is None else index_of[i]

    contradictions = tuple((k.kind, k.digit, k.cells, k.unit, full(k.move_index)) for k in pos.contradictions())
    auto = tuple((s.technique, s.placements) for s in pos.auto_steps())
    reasons = tuple(
        (r.kind, r.cause, full(r.move_index))
        for c in pos.empty_cells()
        for d in range(1, 10)
        if (r := pos.reason(c, d)) is not None
    )
    placed_by = tuple(full(pos.value_move_index(c)) for c in range(81))
    return (pos.values, pos.candidates, pos.origins, contradictions, auto, reasons, placed_by)


EMPTY_CELLS = [c for c, v in enumerate(START.values) if not v]
cells = st.sampled_from(EMPTY_CELLS)
digits = st.integers(1, 9)
candidate_lists = st.lists(st.tuples(cells, digits), min_size=1, max_size=4).map(tuple)
plain_moves = st.one_of(
    st.builds(Place, cells, digits),
    st.builds(Clear, cells),
    st.builds(Eliminate, candidate_lists),
    st.builds(Restore, candidate_lists),
)
any_moves = st.one_of(plain_moves, st.builds(Pencil, candidate_lists, st.booleans()))


@settings(max_examples=150, deadline=None)
@given(st.lists(any_moves, max_size=14), st.sets(st.sampled_from(list(Assist))))
def test_pencil_moves_never_change_the_board(moves: list[Move], assists: set) -> None:
    with_marks = recompute(START, moves, assists)
    plain, index_of = _without_pencil(moves)
    without = recompute(START, plain, assists)
    assert _logic(with_marks, list(range(len(moves)))) == _logic(without, index_of)
    assert [(index_of[r.move_index], r.message) for r in without.rejected] == [
        (r.move_index, r.message) for r in with_marks.rejected
    ]


@settings(max_examples=100, deadline=None)
@given(st.lists(any_moves, max_size=14), st.booleans())
def test_marks_only_in_empty_cells_and_only_pencilled_digits(moves: list[Move], peers: bool) -> None:
    pos = recompute(START, moves, PEERS_ONLY if peers else NO_ASSISTS)
    pencilled = {cd for m in moves if isinstance(m, Pencil) and m.add for cd in m.candidates}
    for cell in range(81):
        if pos.values[cell]:
            assert pos.marks[cell] == 0
        for d in pos.mark_set(cell):
            assert (cell, d) in pencilled
    # The last move touching a (cell, digit) mark, when it is an Eliminate whose removal of it is in force,
    # leaves no mark.
    _, elim_left, _ = live_moves(moves)
    last_touch = {}
    for i, m in enumerate(moves):
        if isinstance(m, (Pencil, Eliminate)):
            for cd in m.candidates:
                last_touch[cd] = i
    for (cell, d), i in last_touch.items():
        move = moves[i]
        if isinstance(move, Eliminate) and (cell, d) in elim_left[i]:
            assert not pos.has_mark(cell, d)
