"""A game's rating is kept with the game and its file: optional, read back exactly, older files still open."""

from __future__ import annotations

import json

import pytest

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import dumps, loads
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.rating.score import Level, Rating
from sudoku_tk.engine.steps.step import Technique

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
RATING = Rating(Level.HARD, 1234, True, Technique.X_WING, 4.2)


def test_the_rating_goes_into_the_file_and_comes_back() -> None:
    record = GameRecord.new(parse_grid(CLASSIC), name="Generated · Hard")
    text = dumps(GameRecord(record.start, puzzle_name=record.puzzle_name, rating=RATING))
    assert json.loads(text)["rating"] == {
        "level": "hard",
        "score": 1234,
        "solved": True,
        "hardest": "X_WING",
        "se": 4.2,
    }
    assert loads(text).rating == RATING


def test_a_file_without_a_rating_opens_unrated() -> None:
    text = dumps(GameRecord.new(parse_grid(CLASSIC)))
    assert "rating" not in json.loads(text)
    assert loads(text).rating is None


def test_a_bad_rating_is_refused_with_its_field() -> None:
    obj = json.loads(dumps(GameRecord.new(parse_grid(CLASSIC))))
    obj["rating"] = {"level": "impossible", "score": 1, "solved": True}
    with pytest.raises(SaveFileError, match=r"^rating.level: unknown level 'impossible'"):
        loads(json.dumps(obj))


def test_the_session_keeps_the_rating_until_another_puzzle_replaces_it() -> None:
    session = Session(parse_grid(CLASSIC), "Classic")
    assert session.rating is None
    session.set_rating(RATING)
    session.place(2, 4)
    record = session.to_record()
    assert record.rating == RATING
    assert Session.from_record(loads(dumps(record))).rating == RATING
    session.new_game(parse_grid(CLASSIC), "Again")
    assert session.rating is None
    session.load_record(record)
    assert session.rating == RATING
