"""Switching an assist says what it changed on the board: digits placed or taken back, candidates, or nothing.

SE-rated #503 (../shared/data/puzzles): placing its first hint, 1 in r3c8, lets the hidden singles assist
place six digits (r3c1=9, r4c7=1, r1c8=8, r9c8=9, r2c7=9, r5c8=5).
"""

from __future__ import annotations

from shared_data import read_puzzles

from sudoku_tk.app.game.session import Change, ChangeKind, Session
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist, Origin, recompute

PUZZLE = read_puzzles("sudoku_exchange_se_rated.txt")[503]
R3C8 = 2 * 9 + 7
AUTO = {0 * 9 + 7: 8, 1 * 9 + 6: 9, 2 * 9 + 0: 9, 3 * 9 + 6: 1, 4 * 9 + 7: 5, 8 * 9 + 7: 9}


def played() -> Session:
    session = Session(parse_grid(PUZZLE), assists=ALL_ASSISTS)
    assert session.place(R3C8, 1)
    assert {c: session.position.values[c] for c in session.position.auto_cells()} == AUTO
    return session


def test_hidden_singles_off_names_the_digits_that_are_candidates_again() -> None:
    session = played()
    heard: list[Change] = []
    session.subscribe(heard.append)
    out = session.set_assist(Assist.HIDDEN_SINGLES, False)
    assert out.done
    assert out.message == (
        "Place hidden singles: off. 6 digits the assists had placed are candidates again "
        "(r1c8=8, r2c7=9, r3c1=9 and 3 more)."
    )
    assert [(c.kind, c.message) for c in heard] == [(ChangeKind.ASSISTS, out.message)]
    assert all(not session.position.values[c] for c in AUTO)
    assert all(session.position.has_candidate(c, d) for c, d in AUTO.items())


def test_hidden_singles_on_again_names_the_digits_placed() -> None:
    session = played()
    session.set_assist(Assist.HIDDEN_SINGLES, False)
    out = session.set_assist(Assist.HIDDEN_SINGLES, True)
    assert out.message == ("Place hidden singles: on. The assists placed 6 digits (r1c8=8, r2c7=9, r3c1=9 and 3 more).")
    assert {c: session.position.values[c] for c in AUTO} == AUTO
    assert all(session.position.origins[c] is Origin.AUTO for c in AUTO)


def test_peers_off_counts_the_digits_then_the_candidates_as_recomputed() -> None:
    session = played()
    before = session.position
    out = session.set_assist(Assist.PEERS, False)
    after = recompute(session.start, session.moves, ALL_ASSISTS - {Assist.PEERS})
    assert [c for c in range(81) if before.values[c] and not after.values[c]] == sorted(AUTO)
    # The candidates follow from the digits: they are counted only when no digit changed.
    assert out.message == (
        "Remove candidates seen by placed digits: off. 6 digits the assists had placed are candidates again "
        "(r1c8=8, r2c7=9, r3c1=9 and 3 more)."
    )
    fresh = Session(parse_grid(PUZZLE), assists=ALL_ASSISTS)
    start = fresh.position
    out = fresh.set_assist(Assist.PEERS, False)
    back = sum(len(fresh.position.candidate_set(c) - start.candidate_set(c)) for c in start.empty_cells())
    assert back == 287
    assert out.message == "Remove candidates seen by placed digits: off. 287 candidates back."
    out = fresh.set_assist(Assist.PEERS, True)
    assert out.message == "Remove candidates seen by placed digits: on. 287 candidates removed."


def test_a_switch_that_changes_nothing_says_so() -> None:
    session = played()
    out = session.set_assist(Assist.NAKED_SINGLES, False)
    assert out.done and out.message == "Place naked singles: off. Nothing on the board changed."
    out = session.set_assist(Assist.NAKED_SINGLES, True)
    assert out.message == "Place naked singles: on. Nothing on the board changed."


def test_one_digit_is_named_in_the_singular() -> None:
    session = Session(parse_grid(PUZZLE), assists=ALL_ASSISTS)
    assert session.place(2, 5)  # 5 in r1c3: the hidden singles assist places r9c2=5, and nothing else
    assert session.position.auto_cells() == [8 * 9 + 1]
    out = session.set_assist(Assist.HIDDEN_SINGLES, False)
    assert out.message == ("Place hidden singles: off. 1 digit the assists had placed is a candidate again (r9c2=5).")


def test_switching_to_the_same_state_is_refused_and_changes_nothing() -> None:
    session = played()
    out = session.set_assist(Assist.PEERS, True)
    assert not out.done and out.message == "Remove candidates seen by placed digits: already on"
