"""Session <-> GameRecord, the mistakes counter, reveal / solve, and entering a puzzle's givens."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest

from sudoku_tk.app.game.game import REVEAL_NOTE
from sudoku_tk.app.game.session import Change, ChangeKind, Session
from sudoku_tk.app.puzzles.choice import CLASSIC
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import dumps, loads
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import format_pencilmarks, parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Place
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, NO_ASSISTS, Assist, recompute
from sudoku_tk.engine.solving.brute_force import count_solutions, solve

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARD_GRID = parse_grid(HARD)
HARD_SOLUTION = solve(HARD_GRID)
CLASSIC_GRID = parse_grid(CLASSIC[2])
# The first line of the public multi-solution set (serg_benchmark_multi_solution.txt): several solutions.
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _play(s: Session, solution: tuple[int, ...], n: int) -> None:
    for cell in s.position.empty_cells()[:n]:
        assert s.place(cell, solution[cell])


def test_record_round_trip_keeps_board_moves_redo_clock_and_names() -> None:
    assert HARD_SOLUTION is not None
    clock = FakeClock()
    s = Session(HARD_GRID, "top95 #1", puzzle_id="t1", source="top95", assists={Assist.PEERS}, clock=clock)
    _play(s, HARD_SOLUTION, 6)
    cell = s.position.empty_cells()[0]
    wrong = next(d for d in range(1, 10) if d != HARD_SOLUTION[cell] and s.position.candidates[cell] >> (d - 1) & 1)
    s.eliminate(cell, wrong)
    s.undo()
    s.undo()
    clock.now += 42.5
    saved = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)
    record = s.to_record(saved)
    assert record.moves == s.moves and record.redo == s.redo_moves and len(record.redo) == 2
    assert record.elapsed == pytest.approx(42.5) and record.saved == saved and record.created == s.created
    assert (record.puzzle_name, record.puzzle_id, record.puzzle_source) == ("top95 #1", "t1", "top95")
    # Through the file format and back.
    again = Session.from_record(loads(dumps(record)), clock=clock)
    assert again.moves == s.moves and again.redo_moves == s.redo_moves
    assert again.position.values == s.position.values and again.position.candidates == s.position.candidates
    assert again.assists == frozenset({Assist.PEERS}) and again.elapsed() == pytest.approx(42.5)
    assert (again.name, again.puzzle_id, again.source, again.created) == ("top95 #1", "t1", "top95", s.created)
    assert again.redo() and again.moves == s.moves + (s.redo_moves[0],)


def test_load_record_replaces_the_game_and_tells_listeners() -> None:
    s = Session(CLASSIC_GRID)
    heard: list[Change] = []
    s.subscribe(heard.append)
    record = GameRecord.new(HARD_GRID, name="Saved one").with_progress((Place(1, 1),), elapsed=10.0, mistakes=3)
    assert s.load_record(record).message == "Opened Saved one"
    assert heard[-1].kind is ChangeKind.NEW_GAME
    assert s.start == HARD_GRID and s.moves == (Place(1, 1),) and s.mistakes == 3 and s.name == "Saved one"


def test_a_candidate_grid_start_survives_the_record() -> None:
    # A pencil-mark grid (HoDoKu style) read as the starting position, one candidate removed by hand.
    pos = recompute(HARD_GRID, (Eliminate(((1, 1),)),), NO_ASSISTS)
    start = parse_grid(format_pencilmarks(pos.to_grid(), marks=False))
    assert start.has_pencilmarks and not start.candidates[1] & 1
    s = Session(start, "pencilmarks")
    record = loads(dumps(s.to_record()))
    assert record.start.candidates == start.candidates
    assert Session.from_record(record).position.candidates == s.position.candidates


def test_wrong_digits_count_as_mistakes_and_stay_counted_after_undo() -> None:
    assert HARD_SOLUTION is not None
    s = Session(HARD_GRID, assists=NO_ASSISTS)
    e = s.position.empty_cells()
    s.place(e[0], HARD_SOLUTION[e[0]])
    assert s.mistakes == 0
    s.place(e[1], HARD_SOLUTION[e[1]] % 9 + 1)
    assert s.mistakes == 1 and s.wrong_cells() == (e[1],)
    s.undo()
    assert s.mistakes == 1 and s.wrong_cells() == ()
    s.redo()  # redoing is not a new mistake
    assert s.mistakes == 1
    assert s.to_record().mistakes == 1


def test_missing_candidates_name_the_true_digit() -> None:
    assert HARD_SOLUTION is not None
    s = Session(HARD_GRID, assists=NO_ASSISTS)
    cell = s.position.empty_cells()[0]
    s.eliminate(cell, HARD_SOLUTION[cell])
    assert s.missing_candidates() == ((cell, HARD_SOLUTION[cell]),)


def test_reveal_cell_places_the_solution_digit_as_an_undoable_marked_move() -> None:
    assert HARD_SOLUTION is not None
    s = Session(HARD_GRID)
    heard: list[Change] = []
    s.subscribe(heard.append)
    cell = s.position.empty_cells()[0]
    out = s.reveal_cell(cell)
    assert out and out.message.startswith("Revealed ")
    assert s.moves == (Place(cell, HARD_SOLUTION[cell], REVEAL_NOTE),)
    assert heard[-1].kind is ChangeKind.REVEAL
    assert s.revealed_cells() == (cell,) and s.to_record().revealed == (cell,)
    assert s.mistakes == 0
    assert not s.reveal_cell(cell)
    assert not s.reveal_cell(0)  # a given
    s.undo()
    assert s.revealed_cells() == ()


def test_reveal_refuses_a_wrong_digit_and_a_puzzle_without_unique_solution() -> None:
    assert HARD_SOLUTION is not None
    s = Session(HARD_GRID, assists=NO_ASSISTS)
    cell = s.position.empty_cells()[0]
    s.place(cell, HARD_SOLUTION[cell] % 9 + 1)
    assert "wrong" in s.reveal_cell(cell).message
    several = Session(parse_grid(SEVERAL))
    assert count_solutions(several.start) == 2 and not several.is_unique
    assert "no unique solution" in several.reveal_cell(several.position.empty_cells()[0]).message
    assert not several.solve()


def test_solve_takes_back_mistakes_and_fills_the_board_in_one_change() -> None:
    assert HARD_SOLUTION is not None
    s = Session(HARD_GRID)
    e = s.position.empty_cells()
    s.place(e[0], HARD_SOLUTION[e[0]])
    bad = next(
        c
        for c in s.position.empty_cells()
        if any(d != HARD_SOLUTION[c] and s.position.candidates[c] >> (d - 1) & 1 for d in range(1, 10))
    )
    s.place(bad, next(d for d in range(1, 10) if d != HARD_SOLUTION[bad] and s.position.candidates[bad] >> (d - 1) & 1))
    heard: list[Change] = []
    s.subscribe(heard.append)
    out = s.solve()
    assert out and "1 move from your first mistake on taken back" in out.message
    assert [c.kind for c in heard] == [ChangeKind.REVEAL]
    assert s.is_solved() and s.position.values == HARD_SOLUTION
    assert s.moves[0] == Place(e[0], HARD_SOLUTION[e[0]])
    assert all(isinstance(m, Place) and m.note == REVEAL_NOTE for m in s.moves[1:])
    assert not s.solve()


def test_entering_places_no_singles_counts_no_mistakes_and_gives_the_grid() -> None:
    empty = Grid.from_values([0] * 81)
    s = Session(empty, "New puzzle", entering=True, assists=ALL_ASSISTS)
    assert s.is_entering and s.assists == ALL_ASSISTS
    givens = CLASSIC_GRID.givens
    for cell, digit in enumerate(givens):
        if digit:
            assert s.place(cell, digit)
    # Peers work (candidates narrow), singles do not fill cells the player did not type.
    assert s.position.values == givens
    assert s.mistakes == 0 and s.solution is None
    grid = s.entered_grid()
    assert grid.givens == givens and grid.to_string() == CLASSIC_GRID.to_string()
    s.new_game(grid, "Typed in", source="entered by hand")
    assert not s.is_entering and s.is_unique and s.source == "entered by hand"


def test_new_game_resets_counters_and_created() -> None:
    s = Session(HARD_GRID, mistakes=4, created=datetime(2020, 1, 1, tzinfo=timezone.utc))
    s.new_game(CLASSIC_GRID, "Classic", puzzle_id="classic")
    assert s.mistakes == 0 and s.created.year >= 2024 and not s.redo_moves
