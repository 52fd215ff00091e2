"""The contradiction as the player is told it: the GameView's note, its sentence and what the board marks."""

from __future__ import annotations

from sudoku_tk.app.game.contradictions import describe_contradiction, note_contradictions, when_it_appeared
from sudoku_tk.app.game.session import Change, ChangeKind, Session
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Place
from sudoku_tk.engine.play.propagation import Assist, recompute

# One wrong digit (r8c3=8) on this puzzle used to let the singles fill 54 cells; now r1c4 is left with no candidate.
CASCADE = ".1....2.66.9.8.......3.4.....3..1...4.7...8.1...8..7.....6.3.......7.6.22.4....5."


def test_a_wrong_move_gives_the_view_its_contradiction_and_sentence() -> None:
    s = Session(parse_grid(CASCADE))
    heard: list[Change] = []
    s.subscribe(heard.append)
    assert s.view().contradiction is None
    assert s.place(65, 8)
    note = heard[-1].view.contradiction if heard[-1].view else None
    assert note is not None and note == s.view().contradiction
    assert note.sentence == "Contradiction: r1c4 has no candidate left — after r8c3=8, move 1"
    assert note.dead_cells == (3,) and note.lost_digits == () and note.clash_cells == ()
    filled = sum(1 for v in s.position.values if v)
    assert filled - s.start.given_count() < 10  # the cascade stopped
    # Undo: no contradiction, and a right move gets its whole cascade.
    s.undo()
    assert heard[-1].kind is ChangeKind.UNDO and heard[-1].view and heard[-1].view.contradiction is None
    solution = s.solution
    assert solution is not None
    s.place(40, solution[40])
    assert s.view().contradiction is None and sum(1 for v in s.position.values if v) > filled + 40


def test_clearing_the_wrong_digit_takes_the_contradiction_away() -> None:
    s = Session(parse_grid(CASCADE))
    s.place(65, 8)
    assert s.view().contradiction is not None
    assert s.clear(65)
    assert s.view().contradiction is None


def test_the_sentence_names_every_kind_and_the_move() -> None:
    row_one = Grid.from_values([0, 0, 1, 2, 3, 4, 5, 6, 7] + [0] * 72)
    note = note_contradictions(recompute(row_one, [Place(9, 8)]))
    assert note is not None
    assert note.sentence == (
        "Contradiction: r1c2 has no candidate left — after r2c1=8, move 1 (1 more marked on the board)"
    )
    assert note.dead_cells == (1,) and note.lost_digits == ((0, 8),)
    clash = recompute(row_one, [Place(9, 2), Place(0, 7)])
    note = note_contradictions(clash)
    assert note is not None and note.clash_cells == (0, 8)
    assert note.sentence == "Contradiction: 7 stands twice in row 1 — after r1c1=7, move 2"
    vals = [0] * 81
    vals[12], vals[24], vals[29] = 5, 5, 5
    pos = recompute(Grid.from_values(vals), [Eliminate(((0, 5), (1, 5)))])
    first = pos.contradictions()[0]
    assert describe_contradiction(pos, first) == "5 has no place left in row 1"
    assert when_it_appeared(pos, first) == "after r1c1≠5, r1c2≠5, move 1"
    assert [(u, d) for u, d in note_contradictions(pos).lost_digits] == [(0, 5), (18, 5)]  # type: ignore[union-attr]


def test_a_broken_start_and_three_of_a_digit() -> None:
    vals = [0] * 81
    vals[0] = vals[5] = 3
    pos = recompute(Grid.from_values(vals), [Place(8, 3)], {Assist.PEERS})
    note = note_contradictions(pos)
    assert note is not None
    # Three 3s in row 1 fill all three boxes of the band: 3 has no place left in rows 2 and 3 either.
    assert note.sentence == (
        "Contradiction: 3 stands 3 times in row 1 — in the starting position (2 more marked on the board)"
    )
    assert note.clash_cells == (0, 5, 8) and note.lost_digits == ((1, 3), (2, 3))


def test_a_puzzle_being_entered_is_watched_too() -> None:
    s = Session(Grid.from_values([0] * 81), entering=True)
    for cell, digit in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 7), (72, 8)):
        s.place(cell, digit)
        assert s.view().contradiction is None
    s.place(1, 9)  # r1c1 had only 9 left
    note = s.view().contradiction
    assert note is not None and note.dead_cells == (0,) and note.lost_digits == ((0, 8),)
    assert note.sentence.startswith("Contradiction: r1c1 has no candidate left — after r1c2=9, move 9")
