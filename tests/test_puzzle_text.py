"""One puzzle of any kind in and out of text (engine/formats/puzzle_text.py): classic, Sudoku X, Windoku, Jigsaw,
and f-puzzles links; a variant's game saved and read back on the same houses (app/storage/save_format.py)."""

from __future__ import annotations

import json

import pytest
from engine.variant_examples import JIGSAW_JANKO_108, WINDOKU_EXAMPLE, X_UDACITY
from fpuzzles_links import grid as fp_grid
from fpuzzles_links import link

from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_io import TextKind, copy_text, read_incoming
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import dumps, loads, record_to_json
from sudoku_tk.engine.board.errors import PuzzleFormatError
from sudoku_tk.engine.formats.puzzle_text import is_variant_text, parse_puzzle, puzzle_text
from sudoku_tk.engine.killer.published import PUBLISHED
from sudoku_tk.engine.play.moves import Place
from sudoku_tk.engine.play.propagation import recompute

CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def test_a_classic_puzzle_is_its_givens_line() -> None:
    grid = parse_puzzle(CLASSIC)
    assert grid.geometry.is_classic and puzzle_text(grid) == CLASSIC
    assert not is_variant_text(CLASSIC)


@pytest.mark.parametrize(
    "text, name, extra_units",
    [
        ("variant: x\n" + X_UDACITY[0], "x", 2),
        ("variant: windoku\n" + WINDOKU_EXAMPLE[0], "windoku", 4),
        (f"variant: jigsaw\n{JIGSAW_JANKO_108[0]} {JIGSAW_JANKO_108[2]}", "jigsaw", 0),
    ],
)
def test_a_variant_reads_back_on_the_same_houses(text: str, name: str, extra_units: int) -> None:
    grid = parse_puzzle(text)
    assert grid.geometry.variant_name == name and len(grid.geometry.extra_houses) == extra_units
    again = parse_puzzle(puzzle_text(grid))
    assert again.geometry is grid.geometry and again.givens == grid.givens
    assert is_variant_text(puzzle_text(grid))


def test_a_pasted_variant_is_one_puzzle_not_a_collection() -> None:
    text = f"variant: jigsaw\n{JIGSAW_JANKO_108[0]} {JIGSAW_JANKO_108[2]}"
    incoming = read_incoming(text)
    assert incoming.grid is not None and incoming.grid.geometry.variant_name == "jigsaw"  # type: ignore[union-attr]
    assert not incoming.problems  # type: ignore[union-attr]


def test_an_f_puzzles_link_opens_as_its_variant() -> None:
    grid = parse_puzzle(link({"size": 9, "grid": fp_grid(X_UDACITY[0]), "diagonal+": True, "diagonal-": True}))
    assert grid.geometry.variant_name == "x" and grid.to_string() == X_UDACITY[0]


def test_a_killer_that_cannot_work_is_refused_with_the_killers_sentence() -> None:
    with pytest.raises(PuzzleFormatError, match="at most 9"):
        parse_puzzle("variant: killer\n" + "A" * 81 + " A=405")


def test_copying_a_variant_puzzle_gives_text_that_reads_back() -> None:
    position = recompute(parse_puzzle("variant: x\n" + X_UDACITY[0]), ())
    text = copy_text(TextKind.PUZZLE, position)
    assert text == "variant: x\n" + X_UDACITY[0]
    assert parse_puzzle(copy_text(TextKind.VALUES, position)).geometry.variant_name == "x"


@pytest.mark.parametrize(
    "text",
    [
        "variant: x\n" + X_UDACITY[0],
        "variant: windoku\n" + WINDOKU_EXAMPLE[0],
        f"variant: jigsaw\n{JIGSAW_JANKO_108[0]} {JIGSAW_JANKO_108[2]}",
        "variant: killer\n" + PUBLISHED[0].text,
    ],
)
def test_a_variant_game_is_saved_as_version_2_and_read_back_on_its_houses(text: str) -> None:
    start = parse_puzzle(text)
    first_empty = start.givens.index(0)
    killer = ("", PUBLISHED[0].solution)
    solution = {"x": X_UDACITY, "windoku": WINDOKU_EXAMPLE, "jigsaw": JIGSAW_JANKO_108, "killer": killer}[
        start.geometry.variant_name
    ]
    move = Place(first_empty, int(solution[1][first_empty]))
    record = GameRecord(start=start, moves=(move,))
    obj = record_to_json(record)
    assert obj["version"] == 2 and obj["variant"]["name"] == start.geometry.variant_name
    back = loads(dumps(record))
    assert back.start.geometry is start.geometry and back.moves == (move,)


def test_a_classic_game_stays_version_1_without_a_variant_field() -> None:
    obj = record_to_json(GameRecord(start=parse_puzzle(CLASSIC)))
    assert obj["version"] == 1 and "variant" not in obj


@pytest.mark.parametrize(
    "variant, words",
    [
        ({"name": "hexagon"}, "unknown variant"),
        ({"name": "jigsaw"}, "region map"),
        ({"name": "jigsaw", "regions": "1" * 81}, "region 1 has 81 cells"),
        ({"name": "x", "colour": "red"}, "unknown field"),
        ({"name": "killer"}, "cages"),
        ({"name": "killer", "cages": "A" * 81, "sums": "A=405"}, "at most 9"),
        ({"name": "killer", "cages": "AB" * 40 + "C", "sums": "A=20,B=20"}, "cage C has no sum"),
        ({"name": "x", "cages": "A" * 81, "sums": "A=405"}, "only a Killer has cages"),
        ("x", "not a variant"),
    ],
)
def test_a_damaged_variant_field_is_named(variant: object, words: str) -> None:
    obj = record_to_json(GameRecord(start=parse_puzzle("variant: x\n" + X_UDACITY[0])))
    obj["variant"] = variant
    with pytest.raises(SaveFileError, match=words):
        loads(json.dumps(obj))


def test_an_f_puzzles_killer_link_opens_as_a_killer_board() -> None:
    cages = [{"cells": ["R1C1", "R1C2"], "value": "17"}, {"cells": ["R1C3"], "value": "5"}]
    grid = parse_puzzle(link({"size": 9, "grid": fp_grid("." * 81), "killercage": cages}))
    assert grid.geometry.variant_name == "killer"
    assert grid.geometry.cages == ((0, 1), (2,)) and grid.geometry.cage_sums == (17, 5)
    assert grid.candidates[2] == 0b111111111  # a cage's sum narrows nothing by itself: that is the hints' work
