"""recompute(): determinism, provenance, undo and cancellation, correctness against the solution, wording.

Random games are drawn by hypothesis on real puzzles: a move list of Place, Clear,
Eliminate and Restore (some moves aimed at earlier ones, so that cancellations
happen) and a random subset of the assists.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_data import read_puzzles

from sudoku_tk.engine.board.grid import Grid, ProblemKind
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.play.propagation import (
    ALL_ASSISTS,
    NO_ASSISTS,
    Assist,
    Conflict,
    Origin,
    Position,
    ReasonKind,
    recompute,
)
from sudoku_tk.engine.solving.brute_force import unique_solution
from sudoku_tk.engine.steps.step import Elimination, Highlight, HighlightRole, Placement, Technique

SINGLES = (Technique.FULL_HOUSE, Technique.NAKED_SINGLE, Technique.HIDDEN_SINGLE)


def digits_of_line(line: str) -> list[int]:
    return [0 if ch in ".0" else int(ch) for ch in line]


@cache
def pool() -> tuple[tuple[Grid, tuple[int, ...]], ...]:
    """Real puzzles (hard and easy) with their unique solutions."""
    lines = read_puzzles("top95.txt", 12) + read_puzzles("hardest.txt", 4) + read_puzzles("easy50.txt", 8)
    out = []
    for line in lines:
        grid = Grid.from_values(digits_of_line(line))
        sol = unique_solution(grid)
        assert sol is not None
        out.append((grid, sol))
    return tuple(out)


def snapshot(pos: Position, index_map: Any = None) -> dict[str, Any]:
    """Everything a Position tells, as plain data (move indexes passed through ``index_map`` if given)."""
    mi = (lambda i: i) if index_map is None else (lambda i: None if i is None else index_map(i))
    reasons = {}
    for cell in range(pos.geometry.ncells):
        if pos.values[cell]:
            continue
        for d in range(1, pos.geometry.side + 1):
            r = pos.reason(cell, d)
            if r is not None:
                reasons[cell, d] = (r.kind, mi(r.move_index), r.cause, r.step, r.note)
    return {
        "values": pos.values,
        "candidates": pos.candidates,
        "origins": pos.origins,
        "rejected": [(mi(r.move_index), r.message) for r in pos.rejected],
        "reasons": reasons,
        "auto": [(c, mi(pos.value_move_index(c)), pos.value_step(c)) for c in pos.auto_cells()],
        "conflicts": pos.conflicts(),
    }


# -- strategies ------------------------------------------------------------------------
@st.composite
def games(draw: st.DrawFn, correct_only: bool = False) -> tuple[Grid, tuple[int, ...], list[Move]]:
    """A puzzle, its solution and a move list; with ``correct_only`` every Place and Eliminate agrees with the solution."""
    grid, sol = draw(st.sampled_from(pool()))
    empties = [c for c in range(81) if not grid.givens[c]]
    cells = empties if correct_only else list(range(81))
    moves: list[Move] = []
    placed: list[int] = []
    removed: list[tuple[int, int]] = []
    for _ in range(draw(st.integers(0, 45))):
        kind = draw(st.sampled_from(("place", "place", "eliminate", "eliminate", "clear", "restore")))
        if kind == "place":
            cell = draw(st.sampled_from(cells))
            digit = sol[cell] if correct_only else draw(st.integers(1, 9))
            moves.append(Place(cell, digit))
            placed.append(cell)
        elif kind == "clear":
            cell = draw(st.sampled_from(placed)) if placed and draw(st.booleans()) else draw(st.sampled_from(cells))
            moves.append(Clear(cell))
        elif kind == "eliminate":
            cands = []
            for _ in range(draw(st.integers(1, 3))):
                cell = draw(st.sampled_from(cells))
                wrong = [d for d in range(1, 10) if d != sol[cell]] if correct_only else list(range(1, 10))
                cands.append((cell, draw(st.sampled_from(wrong))))
            moves.append(Eliminate(tuple(cands)))
            removed += cands
        else:
            if removed and draw(st.booleans()):
                cands = draw(st.lists(st.sampled_from(removed), min_size=1, max_size=3))
            else:
                cands = [(draw(st.sampled_from(cells)), draw(st.integers(1, 9)))]
            moves.append(Restore(tuple(cands)))
    return grid, sol, moves


assist_sets = st.sets(st.sampled_from(list(Assist))).map(frozenset)


# -- determinism ------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(games(), assist_sets)
def test_same_inputs_same_position(game: Any, assists: frozenset[Assist]) -> None:
    grid, _sol, moves = game
    first = recompute(grid, moves, assists)
    again = recompute(Grid.from_values(grid.givens), tuple(moves), list(reversed(sorted(assists, key=str))))
    assert snapshot(first) == snapshot(again)
    assert first.live == again.live


# -- provenance --------------------------------------------------------------------------
def check_provenance(pos: Position) -> None:
    """Every missing candidate of every empty cell has a Reason that holds; every automatic digit has its Step."""
    geo = pos.geometry
    start = pos.start
    for cell in range(geo.ncells):
        if pos.values[cell]:
            for d in range(1, geo.side + 1):
                assert pos.reason(cell, d) is None
            continue
        for d in range(1, geo.side + 1):
            r = pos.reason(cell, d)
            if pos.candidates[cell] >> (d - 1) & 1:
                assert r is None
                continue
            assert r is not None, f"no reason for {geo.cell_name(cell)}<>{d}"
            assert (r.cell, r.digit) == (cell, d)
            if r.kind is ReasonKind.PEER:
                cause = r.cause
                assert cause is not None and geo.sees(cause, cell) and pos.values[cause] == d
                assert Assist.PEERS in pos.assists or start.has_pencilmarks
                assert r.step is not None and r.step.technique is Technique.PEER_ELIMINATION
                assert r.step.eliminations == (Elimination(cell, d),)
                text = r.step.explanation
                assert text.startswith(f"{geo.cell_name(cause)} holds {geo.digit_char(d)}, so {geo.cell_name(cell)} ")
                if r.move_index is None:
                    assert (
                        pos.origins[cause] is Origin.GIVEN
                        or start.values[cause] == d
                        or (pos.origins[cause] is Origin.AUTO and pos.value_move_index(cause) is None)
                    )
                elif pos.origins[cause] is Origin.PLAYER:
                    move = pos.moves[r.move_index]
                    assert isinstance(move, Place) and (move.cell, move.digit) == (cause, d)
                    assert pos.live[r.move_index]
                else:
                    assert pos.origins[cause] is Origin.AUTO
                    assert pos.value_move_index(cause) == r.move_index
            elif r.kind is ReasonKind.PLAYER:
                assert r.move_index is not None and r.step is None and r.cause is None
                move = pos.moves[r.move_index]
                assert isinstance(move, Eliminate) and (cell, d) in move.candidates
                assert pos.live[r.move_index]
            else:
                assert r.kind is ReasonKind.START and r.move_index is None
                assert start.has_pencilmarks and not start.candidates[cell] >> (d - 1) & 1
    for cell in range(geo.ncells):
        step = pos.value_step(cell)
        if pos.origins[cell] is Origin.AUTO:
            assert step is not None and step.technique in SINGLES
            assert step.placements == (Placement(cell, pos.values[cell]),)
            assert geo.cell_name(cell) in step.explanation and geo.digit_char(pos.values[cell]) in step.explanation
        else:
            assert step is None


@settings(max_examples=150, deadline=None)
@given(games(), assist_sets)
def test_every_missing_candidate_has_a_reason(game: Any, assists: frozenset[Assist]) -> None:
    grid, _sol, moves = game
    check_provenance(recompute(grid, moves, assists))


@settings(max_examples=60, deadline=None)
@given(games(), assist_sets, st.randoms(use_true_random=False))
def test_pencilmark_starts_have_reasons_too(game: Any, assists: frozenset[Assist], rnd: random.Random) -> None:
    grid, _sol, moves = game
    # A candidate grid as a file would hold it: some digits crossed out by hand, some peers' digits left in.
    cands = [m & ~(1 << rnd.randrange(9)) if rnd.random() < 0.3 else m for m in grid.candidates]
    cands = [m | (1 << rnd.randrange(9)) if rnd.random() < 0.1 else m for m in cands]
    start = Grid.from_values(grid.givens, candidates=cands)
    check_provenance(recompute(start, moves, assists))


def test_pencilmark_start_reasons() -> None:
    grid, _sol = pool()[0]
    cell = next(c for c in range(81) if not grid.values[c] and bin(grid.candidates[c]).count("1") > 2)
    kept = grid.candidates[cell]
    crossed = (kept & -kept).bit_length()  # the lowest candidate, crossed out by hand
    cands = list(grid.candidates)
    cands[cell] = kept & ~(1 << (crossed - 1))
    start = Grid.from_values(grid.givens, candidates=cands)
    for assists in (ALL_ASSISTS, NO_ASSISTS):
        pos = recompute(start, [], assists)
        r = pos.reason(cell, crossed)
        assert r is not None and r.kind is ReasonKind.START and r.move_index is None and r.step is None
        seen = next(d for d in range(1, 10) if not kept >> (d - 1) & 1)
        r = pos.reason(cell, seen)
        assert r is not None and r.kind is ReasonKind.PEER
        assert r.cause is not None and grid.givens[r.cause] == seen


# -- undo and cancelled moves ----------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(games(), assist_sets)
def test_undo_by_recomputation(game: Any, assists: frozenset[Assist]) -> None:
    grid, _sol, moves = game
    # Play forward, keeping every position; then undo one move at a time by recomputing the shorter list.
    history = [snapshot(recompute(grid, moves[:k], assists)) for k in range(len(moves) + 1)]
    for k in range(len(moves), 0, -1):
        assert snapshot(recompute(grid, moves[: k - 1], assists)) == history[k - 1]


def _untouched_cells(grid: Grid, moves: Sequence[Move]) -> list[int]:
    used = {m.cell for m in moves if isinstance(m, (Place, Clear))}
    return [c for c in range(81) if not grid.givens[c] and c not in used]


def _untouched_candidates(moves: Sequence[Move]) -> list[tuple[int, int]]:
    used = {cd for m in moves if isinstance(m, (Eliminate, Restore)) for cd in m.candidates}
    return [(c, d) for c in range(81) for d in range(1, 10) if (c, d) not in used]


def _index_map(i: int, j: int):  # type: ignore[no-untyped-def]
    """Map move indexes of the list with moves inserted at i and j (i < j) back to the original list."""

    def back(k: int) -> int:
        assert k not in (i, j), "a cancelled move left a trace"
        return k if k < i else (k - 1 if k < j else k - 2)

    return back


@settings(max_examples=80, deadline=None)
@given(games(), assist_sets, st.data())
def test_a_cleared_placement_leaves_no_trace(game: Any, assists: frozenset[Assist], data: st.DataObject) -> None:
    grid, _sol, moves = game
    free = _untouched_cells(grid, moves)
    cell = data.draw(st.sampled_from(free))
    digit = data.draw(st.integers(1, 9))
    i = data.draw(st.integers(0, len(moves)))
    j = data.draw(st.integers(i + 1, len(moves) + 1))
    played = moves[:i] + [Place(cell, digit)] + moves[i : j - 1] + [Clear(cell)] + moves[j - 1 :]
    assert played[i] == Place(cell, digit) and played[j] == Clear(cell)
    pos = recompute(grid, played, assists)
    assert not pos.live[i] and not pos.live[j]
    assert snapshot(pos, _index_map(i, j)) == snapshot(recompute(grid, moves, assists))


@settings(max_examples=80, deadline=None)
@given(games(), assist_sets, st.data())
def test_a_restored_elimination_leaves_no_trace(game: Any, assists: frozenset[Assist], data: st.DataObject) -> None:
    grid, _sol, moves = game
    cands = tuple(
        data.draw(st.lists(st.sampled_from(_untouched_candidates(moves)), min_size=1, max_size=3, unique=True))
    )
    i = data.draw(st.integers(0, len(moves)))
    j = data.draw(st.integers(i + 1, len(moves) + 1))
    played = moves[:i] + [Eliminate(cands)] + moves[i : j - 1] + [Restore(cands)] + moves[j - 1 :]
    pos = recompute(grid, played, assists)
    assert not pos.live[i] and not pos.live[j]
    assert snapshot(pos, _index_map(i, j)) == snapshot(recompute(grid, moves, assists))


def test_restore_brings_back_a_candidate_removed_twice() -> None:
    grid, _sol = pool()[0]
    cell = next(c for c in range(81) if not grid.values[c])
    d = grid.candidate_set(cell).__iter__().__next__()
    twice = [Eliminate(((cell, d),)), Eliminate(((cell, d),)), Restore(((cell, d),))]
    pos = recompute(grid, twice, NO_ASSISTS)
    assert d in pos.candidate_set(cell)
    assert pos.reason(cell, d) is None
    assert pos.live == (False, False, False)
    # A removal made after the Restore is in force again.
    pos = recompute(grid, twice + [Eliminate(((cell, d),), note="Naked Pair")], NO_ASSISTS)
    r = pos.reason(cell, d)
    assert r is not None and r.kind is ReasonKind.PLAYER and r.move_index == 3 and r.note == "Naked Pair"


def test_partial_restore_keeps_the_rest_of_an_elimination() -> None:
    grid, _sol = pool()[0]
    cell = next(c for c in range(81) if not grid.values[c] and len(grid.candidate_set(c)) >= 2)
    a, b = list(grid.candidate_set(cell))[:2]
    pos = recompute(grid, [Eliminate(((cell, a), (cell, b))), Restore(((cell, a),))], NO_ASSISTS)
    assert a in pos.candidate_set(cell) and b not in pos.candidate_set(cell)
    assert pos.live == (True, False)
    r = pos.reason(cell, b)
    assert r is not None and r.kind is ReasonKind.PLAYER and r.move_index == 0


def test_clear_then_place_again() -> None:
    grid, sol = pool()[0]
    cell = next(c for c in range(81) if not grid.values[c])
    wrong = sol[cell] % 9 + 1
    pos = recompute(grid, [Place(cell, wrong), Clear(cell), Place(cell, sol[cell])], NO_ASSISTS)
    assert pos.values[cell] == sol[cell] and pos.live == (False, False, True)
    pos = recompute(grid, [Place(cell, wrong), Place(cell, sol[cell])], NO_ASSISTS)
    assert pos.values[cell] == sol[cell] and pos.live == (False, True)
    pos = recompute(grid, [Place(cell, wrong), Place(cell, sol[cell]), Clear(cell)], NO_ASSISTS)
    assert pos.values[cell] == 0 and pos.origins[cell] is Origin.EMPTY


# -- the key invariant: correct moves never lead propagation astray ----------------------------
def check_agrees_with_solution(pos: Position, sol: Sequence[int]) -> None:
    for cell in range(81):
        if pos.values[cell]:
            assert pos.values[cell] == sol[cell], f"wrong digit at cell {cell} ({pos.origins[cell]})"
        else:
            assert pos.candidates[cell] >> (sol[cell] - 1) & 1, f"true candidate removed at cell {cell}"
    assert not pos.conflicts() and not pos.dead_cells() and not pos.rejected


@settings(max_examples=150, deadline=None)
@given(games(correct_only=True), assist_sets)
def test_correct_moves_keep_the_solution(game: Any, assists: frozenset[Assist]) -> None:
    grid, sol, moves = game
    check_agrees_with_solution(recompute(grid, moves, assists), sol)


@settings(max_examples=60, deadline=None)
@given(games(correct_only=True))
def test_correct_moves_keep_the_solution_with_all_assists(game: Any) -> None:
    grid, sol, moves = game
    for k in range(len(moves) + 1):
        check_agrees_with_solution(recompute(grid, moves[:k], ALL_ASSISTS), sol)


@pytest.mark.parametrize("name", ["top95.txt", "hardest.txt"])
def test_solving_whole_sets_with_all_assists(name: str) -> None:
    # Place the solution's digits in a random order, crossing out some wrong candidates on the way.
    rng = random.Random(name)
    for line in read_puzzles(name):
        grid = Grid.from_values(digits_of_line(line))
        sol = unique_solution(grid)
        assert sol is not None
        moves: list[Move] = []
        pos = recompute(grid, moves)
        check_agrees_with_solution(pos, sol)
        order = [c for c in range(81) if not grid.givens[c]]
        rng.shuffle(order)
        for cell in order:
            if pos.values[cell]:
                continue
            if rng.random() < 0.3:
                wrong = [d for d in range(1, 10) if pos.candidates[cell] >> (d - 1) & 1 and d != sol[cell]]
                if wrong:
                    moves.append(Eliminate(((cell, rng.choice(wrong)),)))
            moves.append(Place(cell, sol[cell]))
            pos = recompute(grid, moves)
            check_agrees_with_solution(pos, sol)
        assert pos.is_solved() and pos.values == sol


# -- conflicts and rejected moves -------------------------------------------------------------
def test_a_clashing_placement_is_reported_not_rejected() -> None:
    grid, _sol = pool()[0]
    given_cell = next(c for c in range(9) if grid.givens[c])  # a given in row 1
    d = grid.givens[given_cell]
    cell = next(c for c in range(9) if not grid.givens[c])
    for assists in (ALL_ASSISTS, NO_ASSISTS):
        pos = recompute(grid, [Place(cell, d)], assists)
        assert pos.values[cell] == d and pos.origins[cell] is Origin.PLAYER
        assert not pos.rejected and pos.live == (True,)
        row_conflict = Conflict(d, tuple(sorted((given_cell, cell))), 0)
        assert row_conflict in pos.conflicts()
        assert {given_cell, cell} <= pos.conflict_cells()
        probs = [p for p in pos.problems() if p.kind is ProblemKind.DUPLICATE]
        assert any(p.cells == row_conflict.cells and "row 1" in p.message for p in probs)
        assert not pos.is_solved()


def test_two_player_digits_can_clash() -> None:
    grid = Grid.from_values([0] * 81)
    pos = recompute(grid, [Place(0, 4), Place(80, 4), Place(40, 4)], NO_ASSISTS)
    assert pos.conflicts() == ()  # the main diagonal shares no unit
    pos = recompute(grid, [Place(0, 4), Place(4, 4), Place(8, 4)], NO_ASSISTS)
    assert pos.conflicts() == (Conflict(4, (0, 4, 8), 0),)
    pos = recompute(grid, [Place(0, 4), Place(10, 4)])
    assert pos.conflicts() == (Conflict(4, (0, 10), 18),)


def test_placing_on_a_given_is_rejected() -> None:
    grid, _sol = pool()[0]
    given_cell = next(c for c in range(81) if grid.givens[c])
    other = grid.givens[given_cell] % 9 + 1
    pos = recompute(grid, [Place(given_cell, other)])
    assert pos.values[given_cell] == grid.givens[given_cell]
    assert pos.origins[given_cell] is Origin.GIVEN
    assert len(pos.rejected) == 1 and pos.rejected[0].move_index == 0
    name = pos.geometry.cell_name(given_cell)
    assert pos.rejected[0].message == f"{name} is a given and can't be changed"
    assert snapshot(pos)["values"] == snapshot(recompute(grid, []))["values"]


def test_nonsense_moves_are_rejected_not_raised() -> None:
    grid, _sol = pool()[0]
    empty = [c for c in range(81) if not grid.givens[c]]
    moves: list[Move] = [
        Place(81, 1),
        Place(-1, 1),
        Place(empty[0], 0),
        Place(empty[1], 10),
        Eliminate(((90, 1), (3, 0))),
    ]
    pos = recompute(grid, moves)
    assert [r.move_index for r in pos.rejected] == [0, 1, 2, 3, 4, 4]
    assert pos.values == recompute(grid, []).values
    # A later placement in the same cell replaces an earlier one even when it is itself rejected.
    pos = recompute(grid, [Place(empty[0], 5), Place(empty[0], 10)], NO_ASSISTS)
    assert pos.values[empty[0]] == 0 and pos.live == (False, True) and len(pos.rejected) == 1


# -- assists off ------------------------------------------------------------------------------
@settings(max_examples=100, deadline=None)
@given(games())
def test_assists_off_shows_exactly_what_the_player_did(game: Any) -> None:
    grid, _sol, moves = game
    # An independent replay: the last placement per cell unless cleared; removals unless restored.
    placed: dict[int, int] = {}
    removed: set[tuple[int, int]] = set()
    for m in moves:
        if isinstance(m, Place):
            placed[m.cell] = m.digit
        elif isinstance(m, Clear):
            placed.pop(m.cell, None)
        elif isinstance(m, Eliminate):
            removed |= set(m.candidates)
        elif isinstance(m, Restore):
            removed -= set(m.candidates)
    values = [g or placed.get(c, 0) for c, g in enumerate(grid.givens)]
    cands = [0 if v else 0b111111111 & ~sum(1 << (d - 1) for c2, d in removed if c2 == c) for c, v in enumerate(values)]
    pos = recompute(grid, moves, NO_ASSISTS)
    assert list(pos.values) == values
    assert list(pos.candidates) == cands
    assert Origin.AUTO not in pos.origins and pos.auto_cells() == [] and pos.auto_steps() == []
    assert all(
        pos.reason(c, d).kind is ReasonKind.PLAYER
        for c in range(81)
        for d in range(1, 10)  # type: ignore[union-attr]
        if not values[c] and not cands[c] >> (d - 1) & 1
    )


def test_only_peers_removes_but_never_places() -> None:
    grid, _sol = pool()[0]
    pos = recompute(grid, [], {Assist.PEERS})
    assert pos.values == grid.values
    assert pos.candidates == grid.candidates


# -- wording -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cell,sentence,unit",
    [
        (1, "r1c1 holds 5, so r1c2 in the same row (row 1) can't be 5.", 0),
        (36, "r1c1 holds 5, so r5c1 in the same column (column 1) can't be 5.", 9),
        (20, "r1c1 holds 5, so r3c3 in the same box (box 1) can't be 5.", 18),
    ],
)
def test_peer_elimination_sentences(cell: int, sentence: str, unit: int) -> None:
    vals = [0] * 81
    vals[0] = 5
    r = recompute(Grid.from_values(vals), []).reason(cell, 5)
    assert r is not None and r.kind is ReasonKind.PEER and r.cause == 0 and r.move_index is None
    assert r.step is not None
    assert r.step.explanation == sentence
    assert r.step.highlights == (
        Highlight(HighlightRole.CAUSE, (0,)),
        Highlight(HighlightRole.DEFINING_UNIT, units=(unit,)),
        Highlight(HighlightRole.ELIMINATION, (cell,), (5,)),
    )


def test_peer_elimination_by_a_player_move_names_the_move() -> None:
    pos = recompute(Grid.from_values([0] * 81), [Eliminate(((3, 2),)), Place(80, 7)])
    r = pos.reason(8, 7)
    assert r is not None and r.cause == 80 and r.move_index == 1
    assert (
        r.step is not None and r.step.explanation == "r9c9 holds 7, so r1c9 in the same column (column 9) can't be 7."
    )


def test_full_house_sentence_and_auto_steps_per_move() -> None:
    vals = [1, 2, 3, 4, 5, 6, 7, 0, 0] + [0] * 72
    grid = Grid.from_values(vals)
    pos = recompute(grid, [Place(7, 8)])
    assert pos.values[8] == 9 and pos.origins[8] is Origin.AUTO
    step = pos.value_step(8)
    assert step is not None and step.technique is Technique.FULL_HOUSE
    assert step.explanation == (
        "Full House: r1c9 is the only empty cell left in row 1, so it takes the one missing digit — place 9 in r1c9."
    )
    assert step.placements == (Placement(8, 9),)
    assert pos.auto_steps(0) == [step] and pos.auto_cells(0) == [8]
    assert pos.auto_steps(-1) == [] and pos.value_move_index(8) == 0
    assert recompute(grid, []).values[8] == 0


def test_naked_single_sentence() -> None:
    # r5c5 sees 1, 2, 3 in its row, 4, 5, 6 in its column and 7 in its box; the player's 8 in r6c6 leaves it 9.
    vals = [0] * 81
    for cell, d in ((36, 1), (37, 2), (38, 3), (4, 4), (13, 5), (22, 6), (30, 7)):
        vals[cell] = d
    grid = Grid.from_values(vals)
    assert recompute(grid, []).values[40] == 0
    pos = recompute(grid, [Place(50, 8)])
    step = pos.value_step(40)
    assert pos.values[40] == 9 and step is not None
    assert step.technique is Technique.NAKED_SINGLE
    assert step.explanation == "Naked Single: every digit but 9 is ruled out in r5c5 — place 9 in r5c5."
    assert step.highlights == (Highlight(HighlightRole.PLACEMENT, (40,), (9,)),)
    assert pos.value_move_index(40) == 0 and 40 in pos.auto_cells(0)
    assert recompute(grid, [Place(50, 8)], {Assist.PEERS, Assist.HIDDEN_SINGLES}).value_step(40) is None


def test_hidden_single_sentence() -> None:
    # Box 1 holds 2, 3, 4, 6, 7; the player's 1 in r3c8 leaves r1c1 the only place for 1 in box 1,
    # while row 1 and column 1 keep other places for it.
    vals = [0] * 81
    for cell, d in ((1, 6), (2, 7), (9, 2), (10, 3), (11, 4)):
        vals[cell] = d
    grid = Grid.from_values(vals)
    move = [Place(25, 1)]
    assert recompute(grid, []).values[0] == 0
    pos = recompute(grid, move, {Assist.PEERS, Assist.HIDDEN_SINGLES})
    step = pos.value_step(0)
    assert pos.values[0] == 1 and step is not None
    assert step.technique is Technique.HIDDEN_SINGLE
    assert step.explanation == "Hidden Single: r1c1 is the only cell of box 1 that can still hold 1 — place 1 in r1c1."
    assert Highlight(HighlightRole.DEFINING_UNIT, units=(18,)) in step.highlights
    assert pos.auto_steps(0) == [step]
    assert recompute(grid, move, {Assist.PEERS, Assist.NAKED_SINGLES}).values[0] == 0


@settings(max_examples=60, deadline=None)
@given(games(correct_only=True))
def test_auto_steps_list_what_each_move_triggered(game: Any) -> None:
    grid, _sol, moves = game
    # No cancellations (no Clear, Restore or second Place in a cell): then each prefix is a replay of the whole.
    seen: set[int] = set()
    kept: list[Move] = []
    for m in moves:
        if isinstance(m, Eliminate) or (isinstance(m, Place) and m.cell not in seen):
            kept.append(m)
            seen.add(getattr(m, "cell", -1))
    moves = kept
    pos = recompute(grid, moves)
    before = recompute(grid, [])
    assert set(pos.auto_cells(-1)) == {c for c in range(81) if before.values[c] and not grid.givens[c]}
    assert sorted(c for i in range(-1, len(moves)) for c in pos.auto_cells(i)) == sorted(pos.auto_cells())
    for i, move in enumerate(moves):
        after = recompute(grid, moves[: i + 1])
        new = {c for c in range(81) if after.values[c] and not before.values[c]}
        if isinstance(move, Place) and pos.origins[move.cell] is Origin.PLAYER:
            new.discard(move.cell)
        assert set(pos.auto_cells(i)) == new
        assert [s.placements[0].cell for s in pos.auto_steps(i)] == pos.auto_cells(i)
        assert all(s.placements[0].digit == pos.values[s.placements[0].cell] for s in pos.auto_steps(i))
        before = after


@settings(max_examples=40, deadline=None)
@given(games(), assist_sets)
def test_to_grid_is_a_fixpoint(game: Any, assists: frozenset[Assist]) -> None:
    grid, _sol, moves = game
    pos = recompute(grid, moves, assists)
    again = recompute(pos.to_grid(), [], assists)
    if not pos.conflicts():
        assert again.values == pos.values and again.candidates == pos.candidates


# -- other sizes ---------------------------------------------------------------------------------------
def pattern_solution(box: int) -> list[int]:
    n = box * box
    return [(box * (r % box) + r // box + c) % n + 1 for r in range(n) for c in range(n)]


@pytest.mark.parametrize("box", [2, 4])
def test_other_sizes_follow_the_solution(box: int) -> None:
    n = box * box
    sol = pattern_solution(box)
    rng = random.Random(box)
    givens = [v if rng.random() < 0.45 else 0 for v in sol]
    grid = Grid.from_values(givens)
    empties = [c for c in range(n * n) if not givens[c]]
    rng.shuffle(empties)
    moves: list[Move] = []
    for cell in empties:
        pos = recompute(grid, moves)
        if not pos.values[cell]:
            moves.append(Place(cell, sol[cell]))
        for c in range(n * n):
            assert pos.values[c] in (0, sol[c])
            assert pos.values[c] or pos.candidates[c] >> (sol[c] - 1) & 1
        check_provenance(pos)
    assert recompute(grid, moves).values == tuple(sol)


def test_16x16_sentences_use_letters() -> None:
    vals = [0] * 256
    vals[0] = 16
    pos = recompute(Grid.from_values(vals), [Place(255, 10)])
    r = pos.reason(1, 16)
    assert r is not None and r.step is not None
    assert r.step.explanation == "r1c1 holds G, so r1c2 in the same row (row 1) can't be G."
    r = pos.reason(15, 10)
    assert r is not None and r.step is not None and r.move_index == 0
    assert r.step.explanation == "r16c16 holds A, so r1c16 in the same column (column 16) can't be A."


# -- singles already in the starting grid ---------------------------------------------------------------------
def test_singles_of_the_start_wait_for_the_player_unless_asked() -> None:
    for grid, sol in pool():
        pos = recompute(grid, [])
        assert pos.values == grid.values and pos.auto_cells() == []
        whole = recompute(grid, [], singles_from_start=True)
        check_agrees_with_solution(whole, sol)
        check_provenance(whole)
        assert all(whole.value_move_index(c) is None for c in whole.auto_cells())


def naive_singles(values: list[int]) -> list[int]:
    """Fill naked and hidden singles until none is left, from first principles (rows, columns, boxes by arithmetic)."""
    vals = values[:]
    units = [[r * 9 + c for c in range(9)] for r in range(9)] + [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]

    def cands(cell: int) -> set[int]:
        seen = {vals[o] for u in units if cell in u for o in u}
        return set() if vals[cell] else set(range(1, 10)) - seen

    changed = True
    while changed:
        changed = False
        for cell in range(81):
            cs = cands(cell)
            if len(cs) == 1:
                vals[cell] = cs.pop()
                changed = True
        for u in units:
            for d in range(1, 10):
                places = [c for c in u if d in cands(c)]
                if len(places) == 1 and d not in {vals[c] for c in u}:
                    vals[places[0]] = d
                    changed = True
    return vals


def test_singles_from_start_reach_the_same_fixpoint_as_a_naive_filler() -> None:
    # Naked and hidden singles on a consistent puzzle reach one fixpoint whatever the order.
    lines = read_puzzles("easy50.txt", 12) + read_puzzles("top95.txt", 6) + read_puzzles("hardest.txt", 4)
    solved = 0
    for line in lines:
        givens = digits_of_line(line)
        pos = recompute(Grid.from_values(givens), [], singles_from_start=True)
        assert list(pos.values) == naive_singles(givens), line
        solved += pos.is_solved()
    assert 0 < solved < len(lines)  # some fall to singles alone, some do not


def test_a_move_triggers_only_its_own_consequences() -> None:
    # 1 stands in r1c2, r4c3, r7c5 and r8c8, so r9c1 is the only place for 1 in row 9 from the start (and the
    # grid breaks no rule: singles wait while a board holds a contradiction).
    vals = [0] * 81
    for cell in (1, 29, 58, 70):
        vals[cell] = 1
    grid = Grid.from_values(vals)
    start = recompute(grid, [])
    assert [c for c in range(72, 81) if start.candidates[c] & 1] == [72]
    assert start.values[72] == 0
    # A move that changes nothing about 1 in row 9 leaves that single for the player ...
    far = recompute(grid, [Place(4, 7)])
    assert far.values[72] == 0 and 72 not in far.auto_cells()
    # ... and the whole-board fixpoint fills it only when asked for.
    assert recompute(grid, [], singles_from_start=True).values[72] == 1


def test_restore_brings_back_a_candidate_the_starting_grid_lacked() -> None:
    cands = list(Grid.from_values([0] * 81).candidates)
    cands[0] &= ~(1 << 4)  # the loaded grid lacks 5 in r1c1
    vals = [0] * 81
    vals[80] = 9
    grid = Grid.from_values(vals, candidates=[0 if v else m for v, m in zip(vals, cands)])
    pos = recompute(grid, [])
    r = pos.reason(0, 5)
    assert r is not None and r.kind is ReasonKind.START
    back = recompute(grid, [Restore(((0, 5),))])
    assert back.candidates[0] >> 4 & 1 and back.reason(0, 5) is None
    # A candidate a placed digit rules out (9 in r1c9 is seen by r9c9=9) does not come back.
    assert recompute(grid, [Restore(((8, 9),))]).candidates[8] >> 8 & 1 == 0
    # Undo of the Restore is recomputing without it.
    assert recompute(grid, []).candidates == pos.candidates


def test_position_queries_for_candidates_and_complete_digits() -> None:
    full = recompute(parse_grid("1234341221434321"), (), ALL_ASSISTS)
    assert full.is_solved() and full.complete_digits() == frozenset({1, 2, 3, 4})
    assert not any(full.has_candidate(0, d) for d in range(1, 5))  # a filled cell has no candidates
    # Three 1s and four 4s placed: only 4 is complete.
    part = recompute(parse_grid("1..4.41..14.4..."), (), frozenset())
    assert part.complete_digits() == frozenset({4})
    cell = part.empty_cells()[0]
    assert [d for d in range(1, 5) if part.has_candidate(cell, d)] == list(part.candidate_set(cell))
