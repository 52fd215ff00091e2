"""Honest credit: hint steps and revealed digits are counted, saved and named on the solved card; the clock
starts with the first move and goes back to zero on Restart."""

from __future__ import annotations

import json

import pytest

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.hints.ladder import HintLadder
from sudoku_tk.app.progress.credit import help_taken, solved_status, solved_title_and_detail
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import dumps, loads
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.play.propagation import Assist
from sudoku_tk.engine.solving.brute_force import solve

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_GRID = parse_grid(CLASSIC)
SOLUTION = solve(CLASSIC_GRID)
assert SOLUTION is not None
PEERS_ONLY = [Assist.PEERS]  # no single is placed for the player: every cell is a move


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _finish(s: Session) -> None:
    """Place the solution's digit in every empty cell, as the player would."""
    assert SOLUTION is not None
    for cell in s.position.empty_cells():
        if not s.position.values[cell]:
            assert s.place(cell, SOLUTION[cell])
    assert s.is_solved()


# -- the counts ------------------------------------------------------------------------------------


def test_a_game_solved_alone_says_well_done() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    _finish(s)
    view = s.view()
    assert (view.hints, view.reveals) == (0, 0)
    title, detail = solved_title_and_detail(view)
    assert title == "Solved!" and detail.startswith("Time taken: ") and detail.endswith("Well done!")


def test_an_applied_hint_is_counted_and_named_on_the_card() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    ladder = HintLadder(s)
    for _ in range(4):  # nudge, pattern, step, apply
        ladder.press()
    assert len(s.moves) == 1 and s.hints == 1
    _finish(s)
    title, detail = solved_title_and_detail(s.view())
    assert title == "Solved, with help" and detail.startswith("Solved with 1 hint. Time: ")
    assert "Well done" not in title + detail


def test_step_and_reveal_count_and_undo_does_not_take_them_back() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    ladder = HintLadder(s)
    ladder.step_once()
    ladder.step_once()
    cell = s.position.empty_cells()[0]
    assert s.reveal_cell(cell)
    assert (s.hints, s.reveals) == (2, 1)
    s.undo()
    s.undo()
    assert (s.hints, s.reveals) == (2, 1)
    _finish(s)
    assert solved_title_and_detail(s.view())[1].startswith("Solved with 2 hints and 1 revealed cell. ")


def test_the_solving_change_carries_its_own_help() -> None:
    """The card is drawn from the change that solves the puzzle: its view must count the last hint already."""
    assert SOLUTION is not None
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    empty = s.position.empty_cells()
    for cell in empty[:-1]:
        s.place(cell, SOLUTION[cell])
    seen = []
    s.subscribe(lambda change: seen.append(change.view))
    HintLadder(s).step_once()
    assert s.is_solved() and seen[-1] is not None and seen[-1].solved and seen[-1].hints == 1


def test_solve_counts_every_revealed_cell() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    s.place(s.position.empty_cells()[0], SOLUTION[s.position.empty_cells()[0]])
    empty = len(s.position.empty_cells())
    assert s.solve()
    assert s.reveals == empty
    assert solved_title_and_detail(s.view())[1].startswith(f"Solved with {empty} revealed cells. ")


def test_a_refused_hint_or_reveal_counts_nothing() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    given = 0  # r1c1 holds a given
    assert not s.reveal_cell(given)
    assert (s.hints, s.reveals) == (0, 0)


def test_help_taken_words() -> None:
    assert help_taken(3, 1) == "3 hints and 1 revealed cell"
    assert help_taken(0, 0) == ""


def test_an_already_solved_puzzle_gets_no_credit() -> None:
    assert SOLUTION is not None
    s = Session(Grid.from_values(SOLUTION))
    assert solved_title_and_detail(s.view())[0] == "Already solved"


# -- saved with the game ---------------------------------------------------------------------------


def test_the_counts_are_saved_and_read_back() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    HintLadder(s).step_once()
    s.reveal_cell(s.position.empty_cells()[0])
    text = dumps(s.to_record())
    data = json.loads(text)
    assert (data["hints"], data["reveals"]) == (1, 1)
    again = Session.from_record(loads(text))
    assert (again.hints, again.reveals) == (1, 1)


def test_a_game_without_help_writes_no_new_field_and_old_files_read_as_no_help() -> None:
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    s.place(2, SOLUTION[2])
    data = json.loads(dumps(s.to_record()))
    assert "hints" not in data and "reveals" not in data  # older versions still read it
    record = loads(json.dumps(data))
    assert (record.hints, record.reveals) == (0, 0)


def test_an_old_file_with_revealed_cells_counts_them() -> None:
    record = GameRecord.new(CLASSIC_GRID).with_progress([Place(2, SOLUTION[2], "revealed")], revealed=[2])
    data = json.loads(dumps(record))
    data.pop("reveals", None)
    again = Session.from_record(loads(json.dumps(data)))
    assert again.reveals == 1


@pytest.mark.parametrize("bad", [-1, "2", 1.5, True])
def test_a_bad_count_in_a_file_is_refused_by_name(bad: object) -> None:
    data = json.loads(dumps(GameRecord.new(CLASSIC_GRID)))
    data["hints"] = bad
    from sudoku_tk.app.storage.file_reading import SaveFileError

    with pytest.raises(SaveFileError, match="hints"):
        loads(json.dumps(data))


# -- the clock -------------------------------------------------------------------------------------


def test_the_clock_waits_for_the_first_move() -> None:
    clock = FakeClock()
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY, clock=clock)
    clock.now += 30  # looking at the new puzzle
    assert s.elapsed() == 0 and not s.is_clock_running()
    s.resume_clock()  # the window comes back: still waiting
    assert not s.is_clock_running()
    s.place(2, SOLUTION[2])
    clock.now += 5
    assert s.elapsed() == 5 and s.is_clock_running()


def test_restart_sets_the_clock_back_to_zero_until_the_next_move() -> None:
    clock = FakeClock()
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY, clock=clock)
    s.place(2, SOLUTION[2])
    clock.now += 40
    s.restart()
    clock.now += 10
    assert s.elapsed() == 0 and not s.is_clock_running()
    s.redo()
    clock.now += 3
    assert s.elapsed() == 3


def test_undoing_every_move_keeps_the_clock_running() -> None:
    clock = FakeClock()
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY, clock=clock)
    s.place(2, SOLUTION[2])
    clock.now += 4
    s.undo()
    clock.now += 6
    assert s.elapsed() == 10 and s.is_clock_running()


def test_a_new_game_waits_and_a_resumed_game_runs() -> None:
    clock = FakeClock()
    s = Session(CLASSIC_GRID, assists=PEERS_ONLY, clock=clock)
    s.place(2, SOLUTION[2])
    record = s.to_record()
    s.new_game(CLASSIC_GRID, "Again")
    assert not s.is_clock_running()
    s.load_record(record)
    assert s.is_clock_running()


def test_the_status_sentence_says_the_help_once() -> None:
    helped = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    helped.reveal_cell(helped.position.empty_cells()[0])
    _finish(helped)
    assert solved_status(helped.view()).startswith("Solved with 1 revealed cell. Time: ")
    alone = Session(CLASSIC_GRID, assists=PEERS_ONLY)
    _finish(alone)
    assert solved_status(alone.view()).startswith("Solved! Time taken: ")
    assert solved_status(alone.view()).endswith("Well done!")
