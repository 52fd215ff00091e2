"""Session: every change equals recomputing from scratch; refusals say why; undo/redo/restart are exact."""

from __future__ import annotations

import random

import pytest

from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.game.session import Change, ChangeKind, Session
from sudoku_tk.app.puzzles.choice import CLASSIC, FALLBACK_PUZZLES, choose_puzzle
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, NO_ASSISTS, Assist, Origin, ReasonKind, recompute
from sudoku_tk.engine.solving.brute_force import count_solutions, solve
from sudoku_tk.engine.steps.step import Technique

CLASSIC_GRID = parse_grid(CLASSIC[2])
# top95 #1: singles do not solve it, so the board stays open with all assists on.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FOUR = "....41....43...."


def same_board(session: Session, moves: list[Move]) -> bool:
    fresh = recompute(session.start, moves, session.assists)
    pos = session.position
    return (pos.values, pos.candidates, pos.origins) == (fresh.values, fresh.candidates, fresh.origins)


# -- random sequences against a plain model of the move list ---------------------------------


def _random_action(rng: random.Random, s: Session) -> tuple[str, tuple[int, ...]]:
    geo = s.geometry
    kind = rng.choice(
        [
            "place",
            "place",
            "eliminate",
            "eliminate",
            "restore",
            "toggle_candidate",
            "clear",
            "undo",
            "undo",
            "redo",
            "restart",
            "assist",
        ]
    )
    cell = rng.randrange(geo.ncells)
    digit = rng.randint(1, geo.side)
    pos = s.position
    # Bias towards actions that are allowed, so the sequences get somewhere.
    if kind in ("place", "eliminate", "toggle_candidate") and pos.candidates[cell] == 0:
        empties = pos.empty_cells()
        if empties:
            cell = rng.choice(empties)
    if kind in ("place", "eliminate") and pos.candidates[cell]:
        digit = rng.choice([d for d in range(1, geo.side + 1) if pos.candidates[cell] >> (d - 1) & 1])
    if kind == "clear":
        placed = [c for c in range(geo.ncells) if pos.origins[c] is Origin.PLAYER]
        if placed:
            cell = rng.choice(placed)
    if kind == "restore":
        removed = [
            (c, d)
            for c in pos.empty_cells()
            for d in range(1, geo.side + 1)
            if (r := pos.reason(c, d)) is not None and r.kind is ReasonKind.PLAYER
        ]
        if removed:
            cell, digit = rng.choice(removed)
    if kind == "assist":
        return kind, (rng.randrange(len(Assist)), rng.randrange(2))
    return kind, (cell, digit)


@pytest.mark.parametrize("puzzle", [HARD, FOUR])
@pytest.mark.parametrize("seed", range(12))
def test_random_sequences_equal_recomputing_from_scratch(puzzle: str, seed: int) -> None:
    rng = random.Random(seed)
    s = Session(parse_grid(puzzle))
    model: list[Move] = []
    redo: list[Move] = []
    for _ in range(80):
        kind, args = _random_action(rng, s)
        before = s.position
        if kind == "assist":
            assist = list(Assist)[args[0]]
            out = s.set_assist(assist, bool(args[1]))
            assert out.done == ((assist in before.assists) != bool(args[1]))
        elif kind == "undo":
            out = s.undo()
            assert out.done == bool(model)
            if out:
                redo.append(model.pop())
        elif kind == "redo":
            out = s.redo()
            assert out.done == bool(redo)
            if out:
                model.append(redo.pop())
        elif kind == "restart":
            out = s.restart()
            assert out.done == bool(model)
            redo.extend(reversed(model))
            model.clear()
        else:
            cell, digit = args
            out = getattr(s, kind)(cell) if kind == "clear" else getattr(s, kind)(cell, digit)
            if out:
                assert len(s.moves) == len(model) + 1
                model.append(s.moves[-1])
                redo.clear()
            else:
                assert s.position is before, f"a refused {kind} changed the board: {out.message}"
        assert out.message, f"{kind} said nothing"
        assert list(s.moves) == model
        assert list(s.redo_moves) == list(reversed(redo))
        assert same_board(s, model)


def test_accepted_moves_are_the_expected_move_values() -> None:
    s = Session(parse_grid(HARD))
    cell = s.position.empty_cells()[0]
    d1, d2 = [d for d in range(1, 10) if s.position.candidates[cell] >> (d - 1) & 1][:2]
    assert s.eliminate(cell, d1)
    assert s.restore(cell, d1)
    assert s.place(cell, d2)
    assert s.clear(cell)
    assert s.moves == (Eliminate(((cell, d1),)), Restore(((cell, d1),)), Place(cell, d2), Clear(cell))
    assert s.position.values == recompute(s.start).values


# -- refusals -----------------------------------------------------------------------------------


def test_refusals_name_the_problem_and_change_nothing() -> None:
    s = Session(parse_grid(HARD))
    before = s.position
    assert s.place(0, 1).message == "r1c1 is a given and can't be changed"
    assert s.clear(0).message == "r1c1 is a given and can't be changed"
    assert s.clear(1).message == "r1c2 is empty"
    assert s.place(81, 1).message == "no cell 81 on a 9×9 board"
    assert s.place(1, 10).message == "no digit 10 on a 9×9 board"
    assert s.eliminate(1, 4).message == "4 is not a candidate of r1c2"  # r1c1 holds 4
    assert s.eliminate(0, 4).message == "r1c1 is filled (4): it has no candidates"
    assert s.undo().message == "Nothing to undo"
    assert s.redo().message == "Nothing to redo"
    assert s.restart().message == "Already at the start"
    assert s.position is before and s.moves == ()
    assert s.place(1, 1)
    assert s.place(1, 2).message == "r1c2 already holds 1: clear it first"


def test_restore_of_a_peer_elimination_is_refused_with_its_reason() -> None:
    s = Session(parse_grid(HARD))
    out = s.restore(1, 4)
    assert not out
    assert out.message == "Can't bring back 4 in r1c2: r1c1 holds 4, so r1c2 in the same row (row 1) can't be 4."


def test_last_candidate_cannot_be_eliminated() -> None:
    s = Session(parse_grid(FOUR), assists=[Assist.PEERS])
    cell = next(c for c in s.position.empty_cells() if bin(s.position.candidates[c]).count("1") == 1)
    d = s.position.candidates[cell].bit_length()
    assert s.eliminate(cell, d).message.endswith("place it instead")


def test_auto_digit_cannot_be_cleared() -> None:
    s = Session(parse_grid(HARD))
    s.place(1, 1)
    auto = s.position.auto_cells(0)[0]
    out = s.clear(auto)
    assert not out and "filled by an assist" in out.message


def test_placing_a_clashing_digit_is_allowed_and_shows_as_a_conflict() -> None:
    s = Session(parse_grid(HARD), assists=[Assist.PEERS])
    assert s.place(1, 4)  # r1c1 holds 4: the player may be wrong, the board shows it
    assert s.position.conflict_cells() == {0, 1}
    assert not s.is_solved()


# -- summaries and explanations ------------------------------------------------------------------


def test_summary_lists_the_singles_a_move_triggered() -> None:
    s = Session(parse_grid(HARD), assists=[Assist.PEERS, Assist.NAKED_SINGLES])
    out = s.place(s.geometry.parse_cell("r7c3"), 9)
    assert out.message == "r7c3=9 → naked single r7c2=8 → naked single r7c1=2" == s.last_move_summary()
    assert [st.placements[0] for st in s.position.auto_steps(0)] == [
        st.placements[0] for st in s.position.auto_steps() if st.placements[0].cell in (55, 54)
    ]


def test_explain_peer_player_and_auto() -> None:
    s = Session(parse_grid(HARD))
    peer = s.explain(1, 4)
    assert peer is not None and peer.step is not None
    assert peer.step.technique is Technique.PEER_ELIMINATION
    assert peer.text.startswith("r1c1 holds 4")
    cell = s.position.empty_cells()[0]
    d = next(d for d in range(1, 10) if s.position.candidates[cell] >> (d - 1) & 1)
    s.eliminate(cell, d)
    mine = s.explain(cell, d)
    assert mine is not None and mine.step is None and mine.cells == (cell,)
    assert mine.text == f"You removed {d} from {s.geometry.cell_name(cell)} (move 1); right-click to bring it back"
    assert s.explain(cell, next(x for x in range(1, 10) if s.position.candidates[cell] >> (x - 1) & 1)) is None
    assert s.explain(0).text == "r1c1=4 is a given"

    c = Session(parse_grid(HARD))
    c.place(1, 1)
    auto = c.position.auto_cells(0)[0]
    why = c.explain(auto)
    assert why is not None and why.step is not None and why.step.placements[0].cell == auto
    assert why.text == why.step.explanation + " (after r1c2=1, move 1)"
    assert c.why_value(auto) == why.step


def test_explain_player_digit_names_the_move() -> None:
    s = Session(parse_grid(HARD))
    cell = s.position.empty_cells()[3]
    d = s.position.candidate_set(cell).__iter__().__next__()
    s.place(cell, d)
    assert s.explain(cell).text == f"You placed {d} in {s.geometry.cell_name(cell)} (move 1)"


# -- history ---------------------------------------------------------------------------------


def test_undo_takes_the_automatic_consequences_with_the_move() -> None:
    s = Session(parse_grid(HARD))
    start = s.position
    autos = s.place(1, 1).message.count("hidden single")
    assert autos >= 2 and len(s.position.auto_cells(0)) == autos
    s.undo()
    assert s.position.values == start.values and s.position.candidates == start.candidates
    s.redo()
    assert len(s.position.auto_cells(0)) == autos


def test_restart_then_redo_replays_in_order() -> None:
    s = Session(parse_grid(HARD))
    empt = s.position.empty_cells()
    for cell in empt[:3]:
        s.eliminate(cell, next(iter(s.position.candidate_set(cell))))
    moves = s.moves
    assert s.restart().message == "Restarted: 3 moves can be redone"
    assert s.moves == () and s.redo_moves == moves
    for i in range(3):
        assert s.redo()
        assert s.moves == moves[: i + 1]


def test_a_new_move_empties_the_redo_list() -> None:
    s = Session(parse_grid(HARD))
    cell = s.position.empty_cells()[0]
    digits = list(s.position.candidate_set(cell))
    s.eliminate(cell, digits[0])
    s.undo()
    assert s.can_redo()
    s.eliminate(cell, digits[1])
    assert not s.can_redo()


def test_assists_off_keeps_all_candidates() -> None:
    s = Session(parse_grid(HARD), assists=NO_ASSISTS)
    assert all(s.position.candidates[c] == 0x1FF for c in s.position.empty_cells())
    out = s.set_assist(Assist.PEERS, True)
    assert out.message.startswith("Remove candidates seen by placed digits: on. ")
    assert out.message.endswith(" candidates removed.")
    assert s.position.candidates == recompute(s.start, (), [Assist.PEERS]).candidates


# -- listeners, clock, new game --------------------------------------------------------------------


def test_listeners_hear_every_change_and_can_unsubscribe() -> None:
    s = Session(parse_grid(HARD))
    heard: list[Change] = []
    unsubscribe = s.subscribe(heard.append)
    cell = s.position.empty_cells()[0]
    s.eliminate(cell, next(iter(s.position.candidate_set(cell))))
    s.undo()
    s.redo()
    s.restart()
    s.set_assist(Assist.HIDDEN_SINGLES, False)
    s.place(0, 1)  # refused: no change, no call
    s.new_game(parse_grid(FOUR), "Four")
    assert [c.kind for c in heard] == [
        ChangeKind.MOVE,
        ChangeKind.UNDO,
        ChangeKind.REDO,
        ChangeKind.RESTART,
        ChangeKind.ASSISTS,
        ChangeKind.NEW_GAME,
    ]
    assert heard[1].message.startswith("Undid r")
    unsubscribe()
    s.new_game(parse_grid(HARD), "Hard")
    assert len(heard) == 6


def test_a_listener_that_raises_does_not_keep_the_others_from_hearing() -> None:
    s = Session(parse_grid(HARD))
    heard: list[str] = []

    def broken(change: Change) -> None:
        heard.append("broken")
        raise IndexError("a part that drew the old board")

    s.subscribe(broken)
    s.subscribe(lambda change: heard.append(change.view.name if change.view else ""))
    with pytest.raises(IndexError, match="old board"):
        s.new_game(parse_grid(FOUR), "Four")
    assert heard == ["broken", "Four"]
    assert s.name == "Four"  # the game was replaced all the same


def test_each_change_carries_the_view_after_it() -> None:
    s = Session(parse_grid(HARD), name="Hard")
    heard: list[Change] = []
    s.subscribe(heard.append)
    cell = s.position.empty_cells()[0]
    digit = solve(parse_grid(HARD))[cell]
    s.place(cell, digit)
    view = heard[-1].view
    assert view is not None and view.position is s.position
    assert (view.name, view.can_undo, view.can_redo, view.move_count, view.solved) == ("Hard", True, False, 1, False)
    assert view.mistakes == 0 and view.revealed == 0 and not view.entering
    s.undo()
    assert (heard[-1].view.can_undo, heard[-1].view.can_redo, heard[-1].view.move_count) == (False, True, 0)
    s.new_game(parse_grid(FOUR), "Four")
    four = heard[-1].view
    assert four.geometry.side == 4 and four.name == "Four"
    # 4x4: every digit placed four times is complete; the puzzle's givens complete none yet.
    assert four.complete_digits == frozenset()
    s.solve()
    assert heard[-1].view.solved and heard[-1].view.complete_digits == frozenset({1, 2, 3, 4})


def test_new_game_keeps_assists_unless_given() -> None:
    s = Session(parse_grid(HARD), assists=[Assist.PEERS])
    s.new_game(parse_grid(FOUR), "Four", puzzle_id="x")
    assert s.assists == {Assist.PEERS} and s.name == "Four" and s.puzzle_id == "x" and s.geometry.side == 4
    s.new_game(CLASSIC_GRID, "Classic", moves=[Place(2, 4)], assists=ALL_ASSISTS)
    assert s.moves == (Place(2, 4),) and s.assists == ALL_ASSISTS


class FakeClock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_clock_counts_pauses_and_stops_when_solved() -> None:
    clock = FakeClock()
    s = Session(parse_grid(FOUR), assists=[Assist.PEERS], elapsed=5.0, clock=clock)
    clock.now += 10
    assert s.elapsed() == 15.0
    s.pause_clock()
    clock.now += 100
    assert s.elapsed() == 15.0 and not s.is_clock_running()
    s.resume_clock()
    clock.now += 1
    sol = solve(s.start)
    assert sol is not None
    for cell in s.position.empty_cells():
        if not s.position.values[cell]:
            s.place(cell, sol[cell])
    assert s.is_solved()
    clock.now += 50
    assert s.elapsed() == 16.0
    s.undo()
    clock.now += 2
    assert s.elapsed() == 18.0


def test_apply_step_is_one_undoable_move() -> None:
    s = Session(parse_grid(HARD))
    peer = s.explain(1, 4)
    cell = s.position.empty_cells()[0]
    two = list(s.position.candidate_set(cell))[:2]
    from sudoku_tk.engine.steps.step import Elimination, Step

    step = Step(Technique.NAKED_PAIR, eliminations=tuple(Elimination(cell, d) for d in two))
    assert s.apply_step(step)
    assert s.moves == (Eliminate(tuple((cell, d) for d in two), "Naked Pair"),)
    assert s.explain(cell, two[0]).text.endswith("by applying Naked Pair (move 1)")
    assert peer is not None and not s.apply_step(Step(Technique.NAKED_PAIR))


# -- choosing a puzzle --------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 9, 16])
def test_choose_puzzle_gives_a_unique_puzzle_of_the_size(size: int) -> None:
    choice = choose_puzzle(size, rng=random.Random(1))
    grid = choice.grid()
    assert grid.geometry.side == size and choice.name
    assert count_solutions(grid, 2) == 1


def test_first_puzzle_is_the_classic_and_bad_sizes_are_refused() -> None:
    assert choose_puzzle(9, first=True).text == CLASSIC[2]
    with pytest.raises(ValueError, match="not 5"):
        choose_puzzle(5)


def test_fallback_puzzles_are_unique() -> None:
    for size, entries in FALLBACK_PUZZLES.items():
        for _pid, _name, text in entries:
            grid = parse_grid(text)
            assert grid.geometry.side == size and count_solutions(grid, 2) == 1


def test_in_own_marks_mode_the_missing_digits_are_those_the_marks_leave_out() -> None:
    s = Session(parse_grid(HARD), candidate_mode=CandidateMode.OWN)
    solution = s.solution
    assert solution is not None
    r1c2, r1c3 = 1, 2
    wrong = next(d for d in range(1, 10) if d != solution[r1c2])
    assert s.pencil.toggle(r1c2, wrong) and s.pencil.toggle(r1c3, solution[r1c3])
    assert s.missing_shown() == ((r1c2, solution[r1c2]),)  # r1c3's marks hold its digit; unpencilled cells don't count
    assert s.missing_candidates() == ()  # the candidates are whole
    assert s.set_candidate_mode(CandidateMode.AUTOMATIC)
    assert s.missing_shown() == ()
