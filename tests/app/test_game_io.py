"""Incoming puzzles are checked with a message naming the problem; copy/export texts read back exactly."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tk.app.puzzles.built_in import puzzles_for
from sudoku_tk.app.storage.file_reading import MAX_FILE_BYTES, SaveFileError
from sudoku_tk.app.storage.game_io import (
    IncomingPuzzle,
    TextKind,
    candidate_grid,
    check_grid,
    copy_text,
    export_filename,
    export_text,
    looks_like_game_file,
    open_file,
    puzzle_line,
    read_puzzle_text,
    values_line,
)
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import save_game
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Place
from sudoku_tk.engine.play.propagation import NO_ASSISTS, Assist, recompute
from sudoku_tk.engine.solving.brute_force import solve

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def test_a_proper_puzzle_is_proper() -> None:
    got = read_puzzle_text(CLASSIC)
    assert got.is_proper and got.is_playable and not got.has_several_solutions
    assert got.message == "" and got.cells == ()
    assert got.grid is not None and got.grid.to_string() == CLASSIC


def test_grid_text_with_borders_is_read() -> None:
    rows = [CLASSIC[r * 9 : (r + 1) * 9] for r in range(9)]
    text = "\n".join(" ".join(row[0:3]) + " | " + " ".join(row[3:6]) + " | " + " ".join(row[6:9]) for row in rows)
    assert read_puzzle_text(text).is_proper


def test_conflicting_givens_name_the_cells() -> None:
    bad = "55" + CLASSIC[2:]
    got = read_puzzle_text(bad)
    assert not got.is_playable
    assert got.cells[:2] == (0, 1)
    assert "cannot be played" in got.message and "r1c1" in got.message and "r1c2" in got.message


def test_no_solution_is_named() -> None:
    # r1c3 = 1 is legal by the rules but leaves no solution
    got = read_puzzle_text(CLASSIC[:2] + "1" + CLASSIC[3:])
    assert not got.is_playable and "no solution" in got.message


def test_several_solutions_are_playable_after_confirming() -> None:
    open_puzzle = CLASSIC_SOLUTION[:-20] + "." * 20
    got = read_puzzle_text(open_puzzle)
    assert got.has_several_solutions and got.is_playable and not got.is_proper
    assert "more than one solution" in got.message


def test_unreadable_text_says_why() -> None:
    got = read_puzzle_text("hello world")
    assert got.grid is None and not got.is_playable
    assert got.message.startswith("This is not a puzzle the app can read:")
    assert read_puzzle_text("   ").format_error == "the text is empty"


def test_many_problems_are_summarised() -> None:
    bad = "555555555" + CLASSIC[9:]
    got = read_puzzle_text(bad)
    assert len(got.problems) > 3
    assert got.message.endswith(f"(and {len(got.problems) - 3} more problems).")
    assert got.message.count(";") == 2


def test_check_grid_of_an_entered_puzzle() -> None:
    got = check_grid(parse_grid(CLASSIC))
    assert (got.grid, got.problems, got.format_error) == (parse_grid(CLASSIC), (), "")
    assert got.is_proper and not got.is_pending
    assert got.count is not None and got.count.solution == solve(parse_grid(CLASSIC))


# -- open ---------------------------------------------------------------------------


def test_open_file_tells_games_from_puzzles(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    record = GameRecord.new(parse_grid(CLASSIC), name="c").with_progress([Place(2, 4)])
    save_game(game, record)
    assert open_file(game) == record
    puzzle = tmp_path / "p.sdk"
    puzzle.write_text("[Puzzle]\n" + "\n".join(CLASSIC[r * 9 : (r + 1) * 9] for r in range(9)) + "\n")
    opened = open_file(puzzle)
    assert isinstance(opened, IncomingPuzzle) and opened.is_proper


def test_open_file_with_a_damaged_game_raises(tmp_path: Path) -> None:
    game = tmp_path / "g.json"
    game.write_text('{"format": "sudoku-tk-game", "version": 1, "size": 9}')
    assert looks_like_game_file(game.read_text())
    with pytest.raises(SaveFileError, match="missing field 'givens'"):
        open_file(game)


def test_open_file_refuses_a_huge_file(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text(CLASSIC + "\n" + "#" * MAX_FILE_BYTES)
    with pytest.raises(SaveFileError, match="too large"):
        open_file(big)


# -- copy and export -----------------------------------------------------------------


def _position():  # type: ignore[no-untyped-def]
    start = parse_grid(CLASSIC)
    return recompute(start, [Place(2, 4), Eliminate(((3, 6),))], NO_ASSISTS)


def test_puzzle_line_is_the_givens() -> None:
    assert puzzle_line(parse_grid(CLASSIC)) == CLASSIC
    assert copy_text(TextKind.PUZZLE, _position()) == CLASSIC


def test_values_line_holds_placed_digits() -> None:
    line = values_line(_position())
    assert len(line) == 81 and line[2] == "4" and line[:2] == "53" and line[3] == "."
    assert copy_text(TextKind.VALUES, _position()) == line


def test_candidate_grid_reads_back_as_the_same_position() -> None:
    pos = _position()
    text = candidate_grid(pos)
    back = parse_grid(text)
    assert back.values == pos.values and back.candidates == pos.candidates and back.givens == pos.start.givens
    assert not back.candidates[3] >> 5 & 1  # the player's elimination r1c4<>6 survives the trip


@pytest.mark.parametrize("kind", list(TextKind))
def test_exported_files_read_back(tmp_path: Path, kind: TextKind) -> None:
    pos = _position()
    text = export_text(kind, pos, "The classic")
    assert text.startswith("# The classic (") and text.endswith("\n")
    path = tmp_path / export_filename(kind, "The classic")
    path.write_text(text)
    back = open_file(path)
    assert isinstance(back, IncomingPuzzle) and back.grid is not None
    if kind is TextKind.PUZZLE:
        assert back.grid.givens == pos.start.givens
    else:
        assert back.grid.values == pos.values


def test_sixteen_by_sixteen_copies() -> None:
    start = puzzles_for(16)[0].grid()
    pos = recompute(start)
    assert len(copy_text(TextKind.PUZZLE, pos)) == 256
    assert parse_grid(copy_text(TextKind.CANDIDATES, pos)).candidates == pos.candidates


def test_export_filename_is_safe() -> None:
    assert export_filename(TextKind.CANDIDATES, "The classic") == "the-classic-candidates.txt"
    assert export_filename(TextKind.PUZZLE, "../../etc/passwd") == "etc-passwd-puzzle.txt"
    assert export_filename(TextKind.VALUES, "") == "sudoku-values.txt"


def test_copied_candidate_grid_is_plain_text_for_other_programs() -> None:
    # With peers removed (as the app plays by default) plain text is unambiguous; without, a lone
    # digit reads as a candidate (HoDoKu's rule), which is why exports keep the marks.
    pos = recompute(parse_grid(CLASSIC), [Place(2, 4), Eliminate(((3, 6),))], frozenset({Assist.PEERS}))
    text = copy_text(TextKind.CANDIDATES, pos)
    assert text == candidate_grid(pos, marks=False) != candidate_grid(pos)
    back = parse_grid(text)
    # Plain text can't tell given from placed, but the board reads back the same.
    assert back.values == pos.values and back.candidates == pos.candidates


# -- collections: several puzzles in one file or paste ------------------------------------------------

TWO_LINES = (
    "# two puzzles\n"
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
    "\n"
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... hardest\n"
)


def test_a_file_of_one_line_puzzles_is_a_collection_with_its_lines(tmp_path: Path) -> None:
    from sudoku_tk.app.storage.game_io import PuzzleCollection

    path = tmp_path / "two.txt"
    path.write_text(TWO_LINES)
    opened = open_file(path)
    assert isinstance(opened, PuzzleCollection) and not opened.more
    assert [line for line, _ in opened.puzzles] == [2, 4]
    assert opened.puzzles[1][1].to_string().startswith("4.....8.5")
    assert opened.label(0) == "1.   30 givens  53..7....6..195....98....6.…  (line 2)"


def test_a_single_line_is_still_one_checked_puzzle() -> None:
    from sudoku_tk.app.storage.game_io import read_incoming

    incoming = read_incoming(TWO_LINES.splitlines()[1])
    assert isinstance(incoming, IncomingPuzzle) and incoming.is_proper


def test_a_bad_line_in_a_collection_is_named_and_nothing_is_listed() -> None:
    from sudoku_tk.app.storage.game_io import read_incoming

    text = TWO_LINES + "12345\n"
    incoming = read_incoming(text)
    assert isinstance(incoming, IncomingPuzzle) and incoming.grid is None
    assert "line 5" in incoming.message and "parse_collection" not in incoming.message


def test_a_huge_collection_lists_the_first_puzzles_and_says_there_are_more(monkeypatch: pytest.MonkeyPatch) -> None:
    from sudoku_tk.app.storage import game_io

    monkeypatch.setattr(game_io, "MAX_COLLECTION", 3)
    line = TWO_LINES.splitlines()[1]
    incoming = game_io.read_incoming("\n".join([line] * 5))
    assert isinstance(incoming, game_io.PuzzleCollection)
    assert len(incoming.puzzles) == 3 and incoming.more
    many = game_io.PuzzleCollection(tuple((n + 1, incoming.puzzles[0][1]) for n in range(12)))
    assert many.label(0).startswith(" 1.   30 givens  53..7....6") and many.label(11).endswith("…  (line 12)")
