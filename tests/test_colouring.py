"""Hand-made colouring (app/game/colouring.py, the Session's colour requests, the save file's "colours" field)."""

from __future__ import annotations

import json

import pytest

from sudoku_tk.app.game.colouring import Colouring, colouring_to_json, partner, read_colouring
from sudoku_tk.app.game.session import ChangeKind, Session
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.save_format import dumps, loads
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.formats import parse_grid

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
GEO = Geometry.of(3)


def test_toggle_gives_and_takes_a_colour() -> None:
    c = Colouring().toggle_cell(10, 0).toggle_candidate(1, 2, 3)
    assert c.cell_colour(10) == 0 and c.candidate_colour(1, 2) == 3
    assert c.cell_colour(11) is None and c.candidate_colour(1, 3) is None
    recoloured = c.toggle_cell(10, 2)
    assert recoloured.cell_colour(10) == 2  # another colour replaces it
    assert not c.toggle_cell(10, 0).toggle_candidate(1, 2, 3)  # the same colour again takes it off
    assert Colouring().toggle_cell(5, 1).toggle_cell(2, 0) == Colouring().toggle_cell(2, 0).toggle_cell(5, 1)
    with pytest.raises(ValueError, match="no colour 4"):
        Colouring().toggle_cell(0, 4)
    assert [partner(k) for k in range(4)] == [1, 0, 3, 2]


def test_json_round_trip_uses_cell_names() -> None:
    c = Colouring().toggle_cell(0, 1).toggle_candidate(80, 9, 2)
    obj = colouring_to_json(c, GEO)
    assert obj == {"cells": [["r1c1", 1]], "candidates": [["r9c9", "9", 2]]}
    assert read_colouring(json.loads(json.dumps(obj)), GEO) == c


@pytest.mark.parametrize(
    "value, message",
    [
        ([], "colours: expected an object"),
        ({"cells": [["r1c1", 4]]}, r"colours.cells\[0\]: a colour is a number from 0 to 3, not 4"),
        ({"cells": [["r1c1", True]]}, "a colour is a number"),
        ({"cells": [["r10c1", 0]]}, r"colours.cells\[0\]: not a cell of a 9×9 board"),
        ({"candidates": [["r1c1", "0", 0]]}, r"colours.candidates\[0\]: not a digit"),
        ({"candidates": [["r1c1", 0]]}, "expected a list of 3 items"),
        ({"paint": []}, "unknown field 'paint'"),
    ],
)
def test_bad_colours_are_refused_with_where(value: object, message: str) -> None:
    with pytest.raises(SaveFileError, match=message):
        read_colouring(value, GEO)


def test_session_colours_are_notes_not_moves() -> None:
    s = Session(parse_grid(HARD), "t")
    heard = []
    s.subscribe(heard.append)
    before = s.position
    out = s.colours.toggle_candidate(1, 2, 0)
    assert out and out.message == "2 in r1c2: colour 1a on"
    assert s.colours.toggle_cell(3, 3).message == "r1c4: colour 2b on"
    assert s.colours.toggle_cell(3, 3).message == "r1c4: colour 2b off"
    assert [c.kind for c in heard] == [ChangeKind.COLOURS] * 3
    assert heard[-1].view is not None and heard[-1].view.colouring == Colouring().toggle_candidate(1, 2, 0)
    # The board, the move list and undo know nothing of colours.
    assert s.position == before and not s.moves and not s.can_undo()
    s.place(1, 1)
    assert s.colouring.candidate_colour(1, 2) == 0  # kept; the board shows it while the candidate is shown
    assert s.colours.clear().message == "Cleared 1 colour"
    refused = s.colours.clear()
    assert not refused and refused.message == "No colours to clear"


def test_colours_are_saved_and_old_files_load_without_them() -> None:
    s = Session(parse_grid(HARD), "t")
    plain = dumps(s.to_record())
    assert '"colours"' not in plain  # written only when there are some
    assert loads(plain).colouring == Colouring()
    s.colours.toggle_cell(40, 2)
    s.colours.toggle_candidate(2, 9, 1)
    text = dumps(s.to_record())
    assert '"colours"' in text
    back = Session.from_record(loads(text))
    assert back.colouring == s.colouring
    assert back.colouring.cell_colour(40) == 2 and back.colouring.candidate_colour(2, 9) == 1


def test_a_new_game_starts_without_colours() -> None:
    s = Session(parse_grid(HARD), "t")
    s.colours.toggle_cell(0, 0)
    s.new_game(parse_grid(HARD), "again")
    assert not s.colouring
