"""Own pencil marks in game files: the Pencil move and the candidates mode round-trip; old files still load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_tk.app.game.pencil_mode import CandidateMode
from sudoku_tk.app.game.session import Session
from sudoku_tk.app.progress.recent_games import RecentGames
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.save_format import dumps, loads, move_from_json, move_to_json
from sudoku_tk.app.storage.settings import DEFAULTS, Settings, settings_from_json, settings_to_json
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Pencil, Place

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GEO = Geometry.of(3)
R1C2, R1C3, R1C4 = 1, 2, 3


def own_game() -> Session:
    """A game in own-marks mode with marks added, rubbed out, cleared by a placement, and an undone mark."""
    s = Session(parse_grid(HARD), "Marks", candidate_mode=CandidateMode.OWN)
    assert s.pencil.toggle(R1C3, 2)
    assert s.pencil.toggle(R1C3, 6)
    assert s.pencil.toggle(R1C4, 6)
    assert s.pencil.toggle(R1C3, 2)  # rubbed out again
    assert s.place(R1C2, 6)  # 6 leaves the marks of r1c3 and r1c4 (Peer Elimination is on)
    assert s.pencil.toggle(R1C4, 9)
    assert s.undo()  # r1c4+9 waits on the redo list
    return s


def test_pencil_moves_as_json() -> None:
    move = Pencil(((R1C3, 2), (80, 9)), add=False)
    obj = move_to_json(move, GEO)
    assert obj == {"kind": "pencil", "candidates": [["r1c3", "2"], ["r9c9", "9"]], "add": False}
    assert move_from_json(obj, GEO) == move
    assert move_from_json({"kind": "pencil", "candidates": [["r1c3", "2"]]}, GEO) == Pencil(((R1C3, 2),), True)


@pytest.mark.parametrize(
    "obj, problem",
    [
        ({"kind": "pencil", "candidates": [["r1c3", "2"]], "add": 1}, "moves[0].add: expected true or false"),
        ({"kind": "pencil", "candidates": []}, "moves[0].candidates: no candidates listed"),
        ({"kind": "pencil", "candidates": [["r1c3", "2"], ["r1c3", "2"]]}, "candidate listed twice"),
        ({"kind": "pencil", "cell": "r1c3"}, "moves[0]"),
    ],
)
def test_bad_pencil_moves_are_refused_with_the_field(obj: dict, problem: str) -> None:
    with pytest.raises(SaveFileError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        move_from_json(obj, GEO, "moves[0]")


def test_a_game_with_own_marks_round_trips_exactly() -> None:
    s = own_game()
    text = dumps(s.to_record())
    obj = json.loads(text)
    assert obj["candidate_mode"] == "own"
    assert {"kind": "pencil", "candidates": [["r1c3", "2"]], "add": True} in obj["moves"]
    assert obj["redo"] == [{"kind": "pencil", "candidates": [["r1c4", "9"]], "add": True}]
    back = Session.from_record(loads(text))
    assert back.candidate_mode is CandidateMode.OWN and back.own_marks
    assert back.moves == s.moves and back.redo_moves == s.redo_moves
    assert back.position.marks == s.position.marks
    assert list(back.position.mark_set(R1C3)) == [] and list(back.position.mark_set(R1C4)) == []
    assert back.redo().done and list(back.position.mark_set(R1C4)) == [9]


def test_a_fill_in_move_round_trips() -> None:
    s = Session(parse_grid(HARD), candidate_mode=CandidateMode.OWN)
    assert s.pencil.fill()
    move = s.moves[-1]
    assert isinstance(move, Pencil) and move.add
    back = Session.from_record(loads(dumps(s.to_record())))
    assert back.moves == (move,)
    assert back.position.marks == s.position.candidates  # every candidate pencilled, nothing else


def test_an_automatic_game_writes_no_mode_and_old_files_load_as_automatic() -> None:
    s = Session(parse_grid(HARD))
    s.place(R1C2, 1)
    obj = json.loads(dumps(s.to_record()))
    assert "candidate_mode" not in obj
    assert all(m["kind"] != "pencil" for m in obj["moves"])
    back = Session.from_record(loads(json.dumps(obj)))
    assert back.candidate_mode is CandidateMode.AUTOMATIC
    assert all(m == 0 for m in back.position.marks)


def test_an_unknown_mode_is_refused_with_its_name() -> None:
    obj = json.loads(dumps(Session(parse_grid(HARD)).to_record()))
    obj["candidate_mode"] = "telepathy"
    with pytest.raises(SaveFileError, match="candidate_mode: unknown candidates mode 'telepathy'"):
        loads(json.dumps(obj))


def test_own_mode_rests_the_singles_in_a_reloaded_game_too() -> None:
    s = Session(parse_grid(HARD))
    s.place(R1C2, 1)  # the singles place r1c3=7 and more
    assert s.position.values[R1C3] == 7
    s.set_candidate_mode(CandidateMode.OWN)
    assert s.position.values[R1C3] == 0
    record = loads(dumps(s.to_record()))
    assert record.position().values[R1C3] == 0
    back = Session.from_record(record)
    assert back.position.values == s.position.values
    back.set_candidate_mode(CandidateMode.AUTOMATIC)
    assert back.position.values[R1C3] == 7


def test_autosave_and_recent_games_keep_marks_and_mode(tmp_path: Path) -> None:
    s = own_game()
    saver = Autosaver(tmp_path / "auto", durable=False)
    saver.save(s.to_record())
    record, note = saver.load_latest()
    assert note is None and record is not None
    assert record.candidate_mode is CandidateMode.OWN
    assert Session.from_record(record).position.marks == s.position.marks
    recent = RecentGames(tmp_path / "recent")
    assert recent.add(s.to_record())
    (entry,) = recent.entries()
    assert entry.record.candidate_mode is CandidateMode.OWN
    assert entry.record.moves == s.moves


def test_settings_keep_the_mode_for_new_games() -> None:
    chosen = Settings(candidate_mode=CandidateMode.OWN)
    obj = settings_to_json(chosen)
    assert obj["candidate_mode"] == "own"
    assert settings_from_json(obj) == (chosen, [])
    old = {k: v for k, v in settings_to_json(DEFAULTS).items() if k != "candidate_mode"}
    assert settings_from_json(old)[0].candidate_mode is CandidateMode.AUTOMATIC
    bad, notes = settings_from_json({**obj, "candidate_mode": "nope"})
    assert bad.candidate_mode is CandidateMode.AUTOMATIC and len(notes) == 1 and "candidate_mode" in notes[0]


def test_pencil_and_place_moves_keep_their_order_in_the_file() -> None:
    s = own_game()
    kinds = [m["kind"] for m in json.loads(dumps(s.to_record()))["moves"]]
    assert kinds == ["pencil"] * 4 + ["place"]
    assert isinstance(s.moves[4], Place)
