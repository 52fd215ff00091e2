"""Session.undo_to and Session.first_mistake_index: going back to a move count as one action, and finding
the first move that led away from the solution."""

from __future__ import annotations

from sudoku_tk.app.game.session import Change, ChangeKind, Session
from sudoku_tk.app.puzzles.choice import CLASSIC
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Place
from sudoku_tk.engine.play.propagation import NO_ASSISTS, recompute
from sudoku_tk.engine.solving.brute_force import solve

CLASSIC_GRID = parse_grid(CLASSIC[2])
SOLUTION = solve(CLASSIC_GRID)
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
assert SOLUTION is not None


def _empties(session: Session) -> list[int]:
    return session.position.empty_cells()


def _wrong_digit(cell: int) -> int:
    return SOLUTION[cell] % 9 + 1


def test_undo_to_moves_the_tail_to_redo_in_one_change() -> None:
    s = Session(CLASSIC_GRID, assists=NO_ASSISTS)
    cells = _empties(s)[:5]
    for c in cells:
        assert s.place(c, SOLUTION[c])
    heard: list[Change] = []
    s.subscribe(heard.append)
    out = s.undo_to(2)
    assert out and out.message == "Undid 3 moves"
    assert [k.kind for k in heard] == [ChangeKind.UNDO]
    assert s.moves == tuple(Place(c, SOLUTION[c]) for c in cells[:2])
    assert s.redo_moves == tuple(Place(c, SOLUTION[c]) for c in cells[2:])
    fresh = recompute(s.start, s.moves, s.assists)
    assert s.position.values == fresh.values and s.position.candidates == fresh.candidates
    assert s.redo() and s.moves[-1] == Place(cells[2], SOLUTION[cells[2]])


def test_undo_to_refuses_nonsense_and_changes_nothing() -> None:
    s = Session(CLASSIC_GRID, assists=NO_ASSISTS)
    c = _empties(s)[0]
    s.place(c, SOLUTION[c])
    for bad in (-1, 2, "1"):
        out = s.undo_to(bad)  # type: ignore[arg-type]
        assert not out and repr(bad) in out.message
    assert not s.undo_to(1) and s.undo_to(1).message == "Nothing to undo"
    assert len(s.moves) == 1 and not s.redo_moves


def test_first_mistake_is_the_wrong_digit_move() -> None:
    s = Session(CLASSIC_GRID, assists=NO_ASSISTS)
    e = _empties(s)
    s.place(e[0], SOLUTION[e[0]])
    s.place(e[1], SOLUTION[e[1]])
    s.place(e[2], _wrong_digit(e[2]))  # move 2: the mistake
    s.place(e[3], SOLUTION[e[3]])
    assert s.first_mistake_index(SOLUTION) == 2
    assert s.undo_to(2)
    assert s.first_mistake_index(SOLUTION) is None
    assert len(s.redo_moves) == 2


def test_first_mistake_counts_a_removed_true_candidate() -> None:
    s = Session(CLASSIC_GRID, assists=NO_ASSISTS)
    e = _empties(s)
    other = next(d for d in range(1, 10) if d != SOLUTION[e[1]] and s.position.candidates[e[1]] >> (d - 1) & 1)
    s.eliminate(e[1], other)  # harmless
    s.eliminate(e[1], SOLUTION[e[1]])  # the true candidate
    assert s.first_mistake_index(SOLUTION) == 1


def test_a_mistake_taken_back_later_still_counts_from_where_it_was_made() -> None:
    s = Session(CLASSIC_GRID, assists=NO_ASSISTS)
    e = _empties(s)
    s.place(e[0], SOLUTION[e[0]])
    s.place(e[1], _wrong_digit(e[1]))
    s.place(e[2], SOLUTION[e[2]])
    s.clear(e[1])
    # The board is right again, so there is nothing to roll back to.
    assert s.moves[-1] == Clear(e[1])
    assert s.first_mistake_index(SOLUTION) == 1
    s.place(e[3], _wrong_digit(e[3]))
    assert s.first_mistake_index(SOLUTION) == 1


def test_no_mistake_and_a_start_that_already_contradicts() -> None:
    s = Session(CLASSIC_GRID)
    e = _empties(s)
    s.place(e[0], SOLUTION[e[0]])
    assert s.first_mistake_index(SOLUTION) is None
    placed = [0] * 81
    placed[e[0]] = _wrong_digit(e[0])
    wrong = Grid.from_values(CLASSIC_GRID.givens, placed=placed)
    s2 = Session(wrong, assists=NO_ASSISTS)
    s2.place(e[1], SOLUTION[e[1]])
    assert s2.first_mistake_index(SOLUTION) is None


def test_assist_consequences_of_a_wrong_move_are_that_move() -> None:
    # top95 #1 stays open with all assists on; a wrong digit then removes true candidates from its peers.
    hard = parse_grid(HARD)
    solution = solve(hard)
    assert solution is not None
    s = Session(hard)
    e = _empties(s)
    s.place(e[0], solution[e[0]])
    c = next(c for c in _empties(s) if bin(s.position.candidates[c]).count("1") > 2)
    s.eliminate(c, next(d for d in range(1, 10) if d != solution[c] and s.position.candidates[c] >> (d - 1) & 1))
    c, d = next(
        (c, d)
        for c in _empties(s)
        for d in range(1, 10)
        if d != solution[c] and s.position.candidates[c] >> (d - 1) & 1
    )
    assert s.place(c, d)
    assert s.first_mistake_index(solution) == 2
    assert isinstance(s.moves[1], Eliminate)
