"""Find it yourself (issue 25) on real Sessions, no Tk: "Let me try" at rung 1 or 2, the player's own moves judged
after each change (a mistake at once, found when the step is carried out, soundly, by the moves and their assists),
"Show me" ending the try at rung 3; the game's found_alone and hint_rungs, through Undo, save and load and autosave.

The X-Wing position is SE-rated #367 of the public Sudoku Exchange set (held here so the test runs in a plain
clone): one Step (a Locked Triple) in, with the singles switched off in Hint > Techniques, the hint is an X-Wing on
2 in rows 1 and 9 that removes 2 from r2c3, r2c8 and r7c3 (cells 11, 16, 56). The eliminations, the solution's
digits and the assists' consequences asserted below were found by running the engine and agree with the puzzle's
unique solution.
"""

from __future__ import annotations

import doctest
import json
from dataclasses import replace
from pathlib import Path

import pytest

from sudoku_tk.app.game.session import GameView, Session
from sudoku_tk.app.hints import find_it
from sudoku_tk.app.hints.find_it import SO_FAR_SO_GOOD, TRY_GOES_ON, carried_out
from sudoku_tk.app.hints.ladder import HintLadder
from sudoku_tk.app.hints.views import HintKind, Rung
from sudoku_tk.app.storage import save_format
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.steps.step import Technique
from sudoku_tk.engine.techniques import default_techniques

X_WING_PUZZLE = "6..7.4..5.........9..268..1.2.....9...4.3.2....7...6...6..4..5.....2....3..9.6..4"
X_WING_REMOVES = (11, 16, 56)  # 2 goes from r2c3, r2c8 and r7c3
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""top95 #1: its first hint is a Hidden Single in box 4, r6c2=4 (cell 46)."""
BEYOND_SINGLES = frozenset(default_techniques()) - {
    Technique.FULL_HOUSE,
    Technique.NAKED_SINGLE,
    Technique.HIDDEN_SINGLE,
}


def x_wing_game() -> tuple[Session, HintLadder]:
    """The X-Wing position, its hint at rung 1."""
    session = Session(parse_grid(X_WING_PUZZLE), "SE #367")
    ladder = HintLadder(session, BEYOND_SINGLES)
    assert ladder.step_once().title == "Locked Triple"
    view = ladder.press()
    assert (view.title, view.rung, view.text) == (
        "X-Wing",
        Rung.NUDGE,
        "Look for an X-Wing on digit 2 in rows 1 and 9.",
    )
    assert [(e.cell, e.digit) for e in view.step.eliminations] == [(c, 2) for c in X_WING_REMOVES]  # type: ignore[union-attr]
    return session, ladder


def test_doctests() -> None:
    assert doctest.testmod(find_it).failed == 0


def test_the_players_eliminations_one_by_one_find_the_x_wing() -> None:
    session, ladder = x_wing_game()
    assert ladder.can_try
    view = ladder.try_it()
    assert view is not None and view.trying and ladder.trying
    assert view.rung_label == "Your try (after hint 1 of 4)"
    assert view.text.startswith("Look for an X-Wing on digit 2 in rows 1 and 9.\n\nYour turn: make this step yourself.")
    assert "Remove the candidates it removes" in view.text and "Place the digit" not in view.text
    assert {h.role.value for h in view.highlights} == {"defining_unit"}  # no more than rung 1 drew
    assert not view.can_apply and not view.can_try
    for cell in X_WING_REMOVES[:2]:
        assert session.eliminate(cell, 2)
        view = ladder.view
        assert view is not None and view.trying and view.text.endswith(SO_FAR_SO_GOOD)
        assert session.view().found_alone == frozenset()
    assert session.eliminate(X_WING_REMOVES[2], 2)
    view = ladder.view
    assert view is not None and view.kind is HintKind.FOUND and not ladder.trying
    assert view.text.startswith("You found it: X-Wing on digit 2 in rows 1 and 9.\n\n")
    assert "remove 2 from r2c3, r2c8 and r7c3" in view.text
    assert view.rung_label == "Found by yourself"
    assert session.view().found_alone == frozenset({Technique.X_WING})
    # The Locked Triple was made for the player (rungs 1-3), the X-Wing reached rung 1 only.
    assert session.view().hint_rungs == (2, 1, 1)
    assert session.view().hints == 1


def test_more_than_the_step_counts_when_sound_placing_the_true_digits_in_its_cells() -> None:
    session, ladder = x_wing_game()
    ladder.press()  # rung 2: the pattern
    view = ladder.try_it()
    assert view is not None and view.rung_label == "Your try (after hint 2 of 4)"
    assert {h.role.value for h in view.highlights} == {"defining_unit", "cover_unit", "pattern"}
    solution = session.solution
    assert solution is not None
    for cell in X_WING_REMOVES:
        if not session.position.values[cell]:
            assert session.place(cell, solution[cell])
    view = ladder.view
    assert view is not None and view.kind is HintKind.FOUND
    assert session.view().found_alone == frozenset({Technique.X_WING})
    assert session.view().hint_rungs == (2, 2, 1)


def test_a_true_candidate_removed_during_a_try_gets_the_diagnosis_at_once_and_the_try_goes_on() -> None:
    session, ladder = x_wing_game()
    ladder.try_it()
    solution = session.solution
    assert solution is not None
    # r2c3 (cell 11) needs 1: removing it is the mistake.
    assert solution[11] == 1 and session.position.has_candidate(11, 1)
    assert session.eliminate(11, 1)
    view = ladder.view
    assert view is not None and view.kind is HintKind.MISTAKE and ladder.trying
    # With 1 gone, the naked single assist filled r2c3 with 2: the diagnosis names the wrong digit and its cause.
    assert view.text.startswith(
        "r2c3 holds 2, but that is not the digit that belongs there. An assist placed it, as a consequence of an "
        "earlier move. It goes back to move 2 (r2c3≠1)."
    )
    assert "Press Hint again to undo back to before that move" in view.text
    assert view.text.endswith(TRY_GOES_ON)
    # Hint (as the panel's "Undo to there") takes the mistake back; the try goes on.
    view = ladder.press()
    assert view.trying and ladder.trying and "Your turn" in view.text
    assert session.position.has_candidate(11, 1) and len(session.moves) == 1
    for cell in X_WING_REMOVES:
        if session.position.has_candidate(cell, 2):
            session.eliminate(cell, 2)
    assert ladder.view is not None and ladder.view.kind is HintKind.FOUND
    assert session.view().found_alone == frozenset({Technique.X_WING})


def test_a_wrong_digit_during_a_try_gets_the_diagnosis_and_undo_by_hand_resumes_the_try() -> None:
    session, ladder = x_wing_game()
    ladder.try_it()
    mistakes = session.mistakes
    assert session.place(11, 2)  # r2c3 is 1
    view = ladder.view
    assert view is not None and view.kind is HintKind.MISTAKE and ladder.trying
    assert view.text.startswith("r2c3 holds 2, but that is not the digit that belongs there.")
    assert session.mistakes == mistakes + 1
    session.undo()  # Ctrl+Z instead of the panel
    view = ladder.view
    assert view is not None and view.trying
    assert "Your turn" in view.text  # no move of the try left in force
    assert session.view().found_alone == frozenset()


def test_show_me_ends_the_try_at_rung_3_and_nothing_is_found_alone() -> None:
    session, ladder = x_wing_game()
    ladder.try_it()
    session.eliminate(X_WING_REMOVES[0], 2)
    view = ladder.press()  # H while trying is Show me
    assert view.rung is Rung.STEP and not view.trying and not ladder.trying
    assert view.text.endswith("— remove 2 from r2c3, r2c8 and r7c3.")
    for cell in X_WING_REMOVES[1:]:
        if session.position.has_candidate(cell, 2):
            session.eliminate(cell, 2)
    assert session.view().found_alone == frozenset()
    assert session.view().hint_rungs == (2, 2, 2)


def test_show_me_from_the_mistake_and_the_try_ending_with_close_new_game_or_reveal() -> None:
    session, ladder = x_wing_game()
    ladder.try_it()
    session.eliminate(11, 1)
    assert ladder.view is not None and ladder.view.kind is HintKind.MISTAKE
    view = ladder.show_me()
    assert view is not None and view.rung is Rung.STEP and not ladder.trying
    assert ladder.show_me() is None  # no try on
    session.undo()
    ladder.press()
    ladder.try_it()
    ladder.close()
    assert not ladder.trying and ladder.view is None
    ladder.press()
    ladder.try_it()
    assert session.reveal_cell(0 if not session.position.values[0] else session.position.empty_cells()[0])
    assert not ladder.trying and ladder.view is None
    ladder.press()
    ladder.try_it()
    session.new_game(parse_grid(HARD))
    assert not ladder.trying and ladder.view is None


def test_a_single_is_found_by_placing_it() -> None:
    session = Session(parse_grid(HARD))
    ladder = HintLadder(session)
    view = ladder.press()
    assert view.title == "Hidden Single"
    view = ladder.try_it()  # type: ignore[assignment]
    assert view is not None and "Place the digit it places." in view.text
    assert session.place(46, 4)
    view = ladder.view  # type: ignore[assignment]
    assert view is not None and view.kind is HintKind.FOUND
    assert view.text.startswith("You found it: Hidden Single in box 4.")
    assert session.view().found_alone == frozenset({Technique.HIDDEN_SINGLE})


def test_no_try_at_rung_3_nor_without_a_unique_solution_nor_with_own_marks() -> None:
    session, ladder = x_wing_game()
    ladder.press()
    ladder.press()
    assert ladder.view is not None and ladder.view.rung is Rung.STEP
    assert not ladder.can_try and ladder.try_it() is None
    several = Session(parse_grid("." * 81))
    open_ladder = HintLadder(several)
    open_ladder.press()
    assert not open_ladder.can_try
    session, ladder = x_wing_game()
    from sudoku_tk.app.game.pencil_mode import CandidateMode

    session.set_candidate_mode(CandidateMode.OWN)
    ladder.press()
    assert not ladder.can_try


def test_undo_does_not_un_find_and_the_counts_survive_save_and_load(tmp_path: Path) -> None:
    session, ladder = x_wing_game()
    ladder.try_it()
    for cell in X_WING_REMOVES:
        session.eliminate(cell, 2)
    assert session.view().found_alone == frozenset({Technique.X_WING})
    session.undo()
    session.undo()
    assert session.view().found_alone == frozenset({Technique.X_WING})
    record = session.to_record()
    assert (record.found_alone, record.hint_rungs) == (frozenset({Technique.X_WING}), (2, 1, 1))
    text = save_format.dumps(record)
    obj = json.loads(text)
    assert obj["found_alone"] == ["X_WING"] and obj["hint_rungs"] == [2, 1, 1]
    back = save_format.record_from_json(obj)
    assert (back.found_alone, back.hint_rungs) == (record.found_alone, record.hint_rungs)
    again = Session.from_record(back)
    view: GameView = again.view()
    assert (view.found_alone, view.hint_rungs) == (frozenset({Technique.X_WING}), (2, 1, 1))
    # The autosave keeps them too.
    saver = Autosaver(tmp_path / "autosave")
    saver.save(record)
    loaded, problem = saver.load_latest()
    assert problem is None and loaded is not None
    assert (loaded.found_alone, loaded.hint_rungs) == (frozenset({Technique.X_WING}), (2, 1, 1))


def test_an_older_file_without_the_fields_loads_and_bad_fields_are_refused() -> None:
    record = GameRecord(parse_grid(HARD))
    obj = save_format.record_to_json(record)
    assert "found_alone" not in obj and "hint_rungs" not in obj  # nothing learned: the file is as before
    back = save_format.record_from_json(obj)
    assert (back.found_alone, back.hint_rungs) == (frozenset(), (0, 0, 0))
    for key, value, words in (
        ("found_alone", ["NO_SUCH_WING"], "unknown technique 'NO_SUCH_WING'"),
        ("found_alone", "X_WING", "found_alone"),
        ("hint_rungs", [1, 2], "holds 2 counts, not 3"),
        ("hint_rungs", [1, -1, 0], "hint_rungs[1]"),
    ):
        with pytest.raises(SaveFileError, match=words.replace("[", r"\[").replace("]", r"\]")):
            save_format.record_from_json({**obj, key: value})


def test_hint_rungs_count_each_step_once_per_rung() -> None:
    session = Session(parse_grid(HARD))
    ladder = HintLadder(session)
    ladder.press()
    ladder.close()
    ladder.press()  # the same step again: nothing new
    assert session.view().hint_rungs == (1, 0, 0)
    ladder.press()
    ladder.press()
    assert session.view().hint_rungs == (1, 1, 1)
    ladder.press()  # applied: still one step
    assert session.view().hint_rungs == (1, 1, 1)
    ladder.step_once()  # the next step, made outright: shown whole
    assert session.view().hint_rungs == (2, 2, 2)
    session.undo()
    assert session.view().hint_rungs == (2, 2, 2)


def test_carried_out_needs_every_effect() -> None:
    session, ladder = x_wing_game()
    step = ladder.view.step  # type: ignore[union-attr]
    assert step is not None and not carried_out(step, session.position)
    session.eliminate(11, 2)
    assert not carried_out(step, session.position)


def test_a_long_games_journal_line_carries_what_was_found(tmp_path: Path) -> None:
    """A game of JOURNAL_FROM_MOVES moves autosaves by appending lines: one that finds a technique loads back whole."""
    from autosave_child import scripted_move

    from sudoku_tk.app.storage.autosave_journal import JOURNAL_FROM_MOVES, journal_path
    from sudoku_tk.engine.formats import parse_grid

    start = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    script = [scripted_move(i) for i in range(JOURNAL_FROM_MOVES + 1)]
    base = GameRecord.new(parse_grid(start), name="journal")
    saver = Autosaver(tmp_path, durable=False)
    saver.save(base.with_progress(script[:JOURNAL_FROM_MOVES]))
    found = replace(base.with_progress(script), found_alone=frozenset({Technique.X_WING}), hint_rungs=(3, 2, 1))
    saver.save(found)
    line = json.loads(journal_path(tmp_path / "autosave.json").read_text().splitlines()[-1])
    assert line["set"]["found_alone"] == ["X_WING"] and line["set"]["hint_rungs"] == [3, 2, 1]
    assert Autosaver(tmp_path).load_latest() == (found, None)
