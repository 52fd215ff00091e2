"""Issue 22, item 26: a move that only adds is played on from the last Position (replay.py), and the board stays
exactly the full recomputation from the givens and the moves: checked after every move of random games, with
checkpoints close together so that taking back old moves replays from them, and through a Session's undo/redo."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.game.session import Session
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play import replay
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Pencil, Place, Restore
from sudoku_tk.engine.play.propagation import Assist, Position, recompute

PUZZLES = (
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",  # top95 #1
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",  # easy: singles cascade
    "1..4.4.." + "." * 8,  # 4x4
)


def everything(pos: Position) -> dict[str, Any]:
    """All a Position tells, as plain data: the board, the marks, the moves in force and every reason."""
    geo = pos.geometry
    reasons = {
        (cell, d): pos.reason(cell, d)
        for cell in range(geo.ncells)
        if not pos.values[cell]
        for d in range(1, geo.side + 1)
    }
    return {
        "values": pos.values,
        "candidates": pos.candidates,
        "marks": pos.marks,
        "origins": pos.origins,
        "live": pos.live,
        "places": {c: pos.live_place(c) for c in range(geo.ncells)},
        "rejected": pos.rejected,
        "contradictions": pos.contradictions(),
        "reasons": reasons,
        "auto": [(c, pos.value_move_index(c), pos.value_step(c)) for c in pos.auto_cells()],
    }


@st.composite
def games(draw: st.DrawFn) -> tuple[Grid, list[Move], frozenset[Assist]]:
    """A puzzle, a move list aimed partly at earlier moves (so that Clear and Restore cancel them), and assists."""
    grid = parse_grid(draw(st.sampled_from(PUZZLES)))
    geo = grid.geometry
    cells = list(range(geo.ncells))
    digits = st.integers(1, geo.side)
    moves: list[Move] = []
    for _ in range(draw(st.integers(0, 60))):
        kind = draw(st.sampled_from(("place", "place", "eliminate", "eliminate", "clear", "restore", "pencil")))
        earlier = [m for m in moves if isinstance(m, (Place, Eliminate))]
        if kind in ("clear", "restore") and earlier and draw(st.booleans()):
            target = draw(st.sampled_from(earlier))
            if isinstance(target, Place):
                moves.append(Clear(target.cell) if kind == "clear" else Restore(((target.cell, target.digit),)))
            else:
                moves.append(Restore(target.candidates[:1]) if kind == "restore" else Clear(target.candidates[0][0]))
            continue
        cell = draw(st.sampled_from(cells))
        if kind == "place":
            moves.append(Place(cell, draw(digits)))
        elif kind == "clear":
            moves.append(Clear(cell))
        elif kind == "pencil":
            moves.append(Pencil(((cell, draw(digits)),), draw(st.booleans())))
        else:
            pairs = tuple((draw(st.sampled_from(cells)), draw(digits)) for _ in range(draw(st.integers(1, 3))))
            moves.append(Eliminate(pairs) if kind == "eliminate" else Restore(pairs))
    assists = draw(st.sets(st.sampled_from(list(Assist))).map(frozenset))
    return grid, moves, assists


def check_every_step(grid: Grid, moves: list[Move], assists: frozenset[Assist]) -> None:
    position = recompute(grid, (), assists)
    for n in range(1, len(moves) + 1):
        position = recompute(grid, moves[:n], assists, after=position)
        assert everything(position) == everything(recompute(grid, moves[:n], assists)), f"after move {n}"


@settings(max_examples=80, deadline=None)
@given(games())
def test_playing_on_from_the_last_position_is_the_full_recomputation(game: Any) -> None:
    check_every_step(*game)


@settings(max_examples=80, deadline=None)
@given(games())
def test_taking_back_a_move_replays_from_a_checkpoint_exactly(game: Any) -> None:
    # Checkpoints every 2 moves, the old ones thinned to every 8: cancellations land between and across them.
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(replay, "DENSE", 2)
        mp.setattr(replay, "SPARSE", 8)
        mp.setattr(replay, "RECENT", 8)
        check_every_step(*game)


def test_several_moves_at_once_and_a_different_game_fall_back_exactly() -> None:
    grid = parse_grid(PUZZLES[0])
    moves: list[Move] = [Place(1, 1), Eliminate(((2, 2),)), Pencil(((3, 5),)), Clear(1), Restore(((2, 2),))]
    first = recompute(grid, moves[:1])
    assert everything(recompute(grid, moves, after=first)) == everything(recompute(grid, moves))
    other: list[Move] = [Place(2, 2)]  # does not begin with first's moves: a full recomputation
    assert everything(recompute(grid, other, after=first)) == everything(recompute(grid, other))


ACTIONS = ("place", "place", "eliminate", "restore", "clear", "pencil", "undo", "undo", "redo", "undo_to", "assist")


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PUZZLES[:2]), st.lists(st.tuples(st.sampled_from(ACTIONS), st.integers(0, 10**6)), max_size=60))
def test_a_sessions_board_is_always_the_full_recomputation(puzzle: str, actions: list[tuple[str, int]]) -> None:
    session = Session(parse_grid(puzzle))
    start = session.start
    for action, r in actions:
        pos = session.position
        empty = pos.empty_cells()
        if action in ("place", "eliminate", "pencil") and empty:
            cell = empty[r % len(empty)]
            cands = list(pos.candidate_set(cell)) or [1]
            digit = cands[(r // 81) % len(cands)]
            if action == "place":
                session.place(cell, digit)
            elif action == "eliminate":
                session.eliminate(cell, digit)
            else:
                session.set_candidate_mode(CandidateMode.OWN if r % 5 == 0 else session.candidate_mode)
                session.toggle_candidate(cell, digit)
        elif action == "restore":
            gone = [(c, d) for c in empty for d in range(1, 10) if not pos.has_candidate(c, d)]
            if gone:
                session.restore(*gone[r % len(gone)])
        elif action == "clear":
            placed = [c for c in range(81) if pos.live_place(c) is not None]
            if placed:
                session.clear(placed[r % len(placed)])
        elif action == "undo":
            session.undo()
        elif action == "redo":
            session.redo()
        elif action == "undo_to":
            session.undo_to(r % (len(session.moves) + 1))
        else:
            assist = list(Assist)[r % 3]
            session.set_assist(assist, not session.has_assist(assist))
        now = session.position
        assert everything(now) == everything(recompute(start, session.moves, now.assists)), action
