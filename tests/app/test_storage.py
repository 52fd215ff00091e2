"""Saved games: round trips, the damaged-file corpus, garbage never crashing the loader, atomic writes, autosave."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from autosave_child import scripted_move
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_tk.app.puzzles.built_in import puzzles_for
from sudoku_tk.app.storage.atomic_files import atomic_write_text
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.file_reading import MAX_FILE_BYTES, SaveFileError, decode
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import (
    FORMAT_VERSION,
    dumps,
    load_game,
    loads,
    record_from_json,
    record_to_json,
    save_game,
)
from sudoku_tk.engine.board.geometry import Geometry
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist, recompute

REPO = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"
DAMAGED = DATA / "damaged"
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
# One 4×4 and one 16×16 puzzle from the built-in library (their own tests prove them proper puzzles).
FOUR = puzzles_for(4)[0].text
SIXTEEN = puzzles_for(16)[0].text
T0 = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)


def every_kind(geo: Geometry) -> list[Move]:
    """One move of every kind, with notes, on the given board size (top digit included)."""
    n, last = geo.side, geo.ncells - 1
    return [
        Place(2, n, note="Hidden Single"),
        Eliminate(((3, 1), (last, n)), note="X-Wing"),
        Restore(((3, 1),)),
        Clear(2),
        Place(last - 1, 1),
        Eliminate(((5, 2),)),
    ]


def full_record(text: str) -> GameRecord:
    start = parse_grid(text)
    geo = start.geometry
    return GameRecord.new(
        start,
        name=f"{geo.side}×{geo.side} test",
        puzzle_id=f"t{geo.side}",
        source="tests",
        assists={Assist.PEERS},
        now=T0,
    ).with_progress(
        every_kind(geo),
        [Place(7, 1), Clear(7)],
        elapsed=95.25,
        mistakes=3,
        revealed=[geo.ncells - 1, 0],
        saved=T0 + timedelta(minutes=5),
    )


# -- round trips ----------------------------------------------------------------


@pytest.mark.parametrize("text", [FOUR, CLASSIC, SIXTEEN], ids=["4x4", "9x9", "16x16"])
def test_save_then_load_gives_the_same_record(tmp_path: Path, text: str) -> None:
    record = full_record(text)
    path = tmp_path / "game.sudoku.json"
    save_game(path, record)
    loaded = load_game(path)
    assert loaded == record
    assert loaded.start.geometry.side == record.start.geometry.side
    assert loaded.position().values == record.position().values


def test_round_trip_of_a_candidate_grid_start_with_placed_digits(tmp_path: Path) -> None:
    base = parse_grid(CLASSIC)
    placed = [0] * 81
    placed[2] = 4
    # A pencilmark start: the player's own candidates, narrower than the basic ones.
    cands = [m & ~0b1 for m in base.candidates]
    start = Grid.from_values(base.givens, placed, cands)
    record = GameRecord.new(start, name="pencilmarks").with_progress([Place(3, 6)])
    save_game(tmp_path / "g.json", record)
    loaded = load_game(tmp_path / "g.json")
    assert loaded == record
    assert loaded.start.has_pencilmarks and loaded.start.placed()[2] == 4
    assert loaded.start.candidates == start.candidates


def test_file_is_readable_json_with_documented_fields() -> None:
    text = dumps(full_record(CLASSIC))
    obj = json.loads(text)
    assert obj["format"] == "sudoku-tk-game" and obj["version"] == FORMAT_VERSION
    assert obj["givens"] == CLASSIC and obj["size"] == 9
    assert obj["moves"][0] == {"kind": "place", "cell": "r1c3", "digit": "9", "note": "Hidden Single"}
    assert obj["moves"][1] == {"kind": "eliminate", "candidates": [["r1c4", "1"], ["r9c9", "9"]], "note": "X-Wing"}
    assert obj["moves"][3] == {"kind": "clear", "cell": "r1c3"}
    assert obj["assists"] == ["peers"]
    assert obj["revealed"] == ["r9c9", "r1c1"]
    assert obj["created"] == "2024-06-07T10:00:00+00:00"
    # one move per line, so a person (or a diff) can read the game
    assert '    {"kind": "restore", "candidates": [["r1c4", "1"]]},\n' in text


def test_sixteen_by_sixteen_digits_are_letters() -> None:
    obj = record_to_json(full_record(SIXTEEN))
    assert obj["moves"][0]["digit"] == "G"


def test_defaults_for_optional_fields() -> None:
    minimal = {"format": "sudoku-tk-game", "version": 1, "size": 4, "givens": FOUR}
    record = record_from_json(minimal)
    assert record == GameRecord(parse_grid(FOUR), app_version="")
    assert record.assists == ALL_ASSISTS


def test_record_helpers() -> None:
    record = GameRecord.new(parse_grid(CLASSIC), name="c", puzzle_id="classic", now=T0)
    assert record.moves == () and record.elapsed == 0 and record.created == T0
    later = record.with_progress([Place(2, 4)], elapsed=3, mistakes=1)
    assert later.moves == (Place(2, 4),) and later.elapsed == 3.0 and later.mistakes == 1
    assert later.puzzle_id == "classic" and later.created == T0
    assert later.position().values == recompute(parse_grid(CLASSIC), [Place(2, 4)]).values


# hypothesis: any record built from engine values survives a round trip


@st.composite
def records(draw: st.DrawFn) -> GameRecord:
    text = draw(st.sampled_from([FOUR, CLASSIC, SIXTEEN]))
    start = parse_grid(text)
    geo = start.geometry
    cells = st.integers(0, geo.ncells - 1)
    digits = st.integers(1, geo.side)
    cand_lists = st.lists(st.tuples(cells, digits), min_size=1, max_size=5, unique=True).map(tuple)
    notes = st.text(max_size=20)
    move = st.one_of(
        st.builds(Place, cells, digits, notes),
        st.builds(Clear, cells),
        st.builds(Eliminate, cand_lists, notes),
        st.builds(Restore, cand_lists),
    )
    moves = draw(st.lists(move, max_size=30))
    redo = draw(st.lists(move, max_size=5))
    return GameRecord.new(
        start,
        name=draw(notes),
        puzzle_id=draw(notes),
        source=draw(notes),
        assists=draw(st.frozensets(st.sampled_from(list(Assist)))),
        now=draw(st.none() | st.just(T0)),
    ).with_progress(
        moves,
        redo,
        elapsed=draw(st.floats(0, 1e6, allow_nan=False)),
        mistakes=draw(st.integers(0, 1000)),
        revealed=draw(st.lists(cells, unique=True, max_size=5)),
    )


@settings(max_examples=150, deadline=None)
@given(records())
def test_any_record_round_trips_through_text(record: GameRecord) -> None:
    assert loads(dumps(record)) == record


# -- the damaged-file corpus ----------------------------------------------------

EXPECTED: dict[str, str] = {
    "empty.json": "empty",
    "whitespace.json": "empty",
    "truncated.json": "not valid JSON",
    "truncated_end.json": "not valid JSON",
    "binary_garbage.bin": "not a text file",
    "nul_bytes.json": "NUL",
    "utf16.json": "not a text file",
    "foreign_package.json": "not a Sudoku Tk game file (no 'format' field",
    "foreign_array.json": "not a Sudoku Tk game file (it holds a list",
    "foreign_string.json": "not a Sudoku Tk game file (it holds text",
    "wrong_format.json": "format is 'hodoku-library'",
    "unknown_version.json": "newer version of Sudoku Tk (file format version 7",
    "version_as_text.json": "version: expected a whole number",
    "version_zero.json": "version: 0",
    "missing_givens.json": "missing field 'givens'",
    "size_as_text.json": "size: expected a whole number, found text",
    "size_wrong.json": "size: a board is 4, 9 or 16 cells wide, not 5",
    "size_mismatch.json": "givens: expected 256 characters",
    "givens_short.json": "givens: expected 81 characters for a 9×9 board, found 78",
    "givens_bad_char.json": "givens: character 1 (r1c1) is 'x'",
    "givens_conflict.json": "givens: 5 stands twice in row 1: r1c1 and r1c2",
    "placed_on_given.json": "placed: r1c1 holds a given and a placed digit",
    "candidates_wrong_length.json": "candidates: expected 81 entries, found 80",
    "candidates_on_filled_cell.json": "candidates[r1c1]: a filled cell has no candidates",
    "moves_not_a_list.json": "moves: expected a list of moves, found an object",
    "move_not_an_object.json": "moves[0]: expected a move object, found text",
    "move_unknown_kind.json": "moves[0].kind: unknown move kind 'swap'",
    "move_missing_kind.json": "moves[0]: missing field 'kind'",
    "move_bad_cell.json": "moves[0].cell: not a cell of a 9×9 board: 'r10c1'",
    "move_bad_cell_name.json": "moves[0].cell: not a cell of a 9×9 board: 'A1'",
    "move_bad_digit.json": "moves[0].digit: not a digit of a 9×9 board: '0'",
    "move_digit_as_number.json": "moves[0].digit: expected text, found a number",
    "move_digit_letter_on_9x9.json": "moves[0].digit: not a digit of a 9×9 board: 'A'",
    "move_extra_field.json": "moves[0]: unknown field 'colour'",
    "eliminate_empty.json": "moves[1].candidates: no candidates listed",
    "eliminate_bad_pair.json": "moves[1].candidates[0]: expected a [cell, digit] pair",
    "redo_bad_move.json": "redo[0]: missing field 'digit'",
    "assists_unknown.json": "assists[1]: unknown assist 'x_wings'",
    "elapsed_negative.json": "elapsed_seconds: -5 is out of range",
    "elapsed_as_text.json": "elapsed_seconds: expected a number, found text",
    "elapsed_nan.json": "NaN is not a number",
    "elapsed_huge.json": "elapsed_seconds: 1000",
    "mistakes_bool.json": "mistakes: expected a whole number, found true/false",
    "revealed_duplicate.json": "revealed[1]: r5c5 listed twice",
    "created_bad_date.json": "created: not a date and time: 'yesterday'",
    "puzzle_name_number.json": "puzzle.name: expected text, found a number",
    "unknown_field.json": "unknown field 'colour'",
    "duplicate_key.json": "field 'mistakes' appears twice",
}


def test_corpus_and_expectations_match() -> None:
    assert sorted(p.name for p in DAMAGED.iterdir()) == sorted(EXPECTED)


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.fixture()
def autosaved(tmp_path: Path) -> Autosaver:
    """An autosave folder holding a good game (and its backup)."""
    saver = Autosaver(tmp_path / "autosave")
    saver.save(full_record(CLASSIC).with_progress([Place(2, 4)]))
    saver.save(full_record(CLASSIC))
    return saver


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_damaged_file_gives_save_file_error_and_changes_nothing(name: str, autosaved: Autosaver) -> None:
    path = DAMAGED / name
    before_file = path.read_bytes()
    before_folder = _snapshot(autosaved.folder)
    with pytest.raises(SaveFileError) as info:
        load_game(path)
    assert EXPECTED[name] in str(info.value)
    assert path.read_bytes() == before_file
    assert _snapshot(autosaved.folder) == before_folder
    assert autosaved.load_latest() == (full_record(CLASSIC), None)


def test_good_corpus_file_loads() -> None:
    record = load_game(DATA / "good_classic.json")
    assert record.puzzle_id == "classic" and len(record.moves) == 4 and record.mistakes == 1


def test_huge_file_is_refused_before_parsing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.json"
    good = (DATA / "good_classic.json").read_text()
    # valid JSON all the way: only the size is wrong
    path.write_text(good.replace('"source": "classic tutorial puzzle"', '"source": "' + "x" * MAX_FILE_BYTES + '"'))

    def must_not_parse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the loader parsed a file over the size limit")

    monkeypatch.setattr(json, "loads", must_not_parse)
    with pytest.raises(SaveFileError, match="too large"):
        load_game(path)
    with pytest.raises(SaveFileError, match="too large"):
        loads("x" * (MAX_FILE_BYTES + 1))


@pytest.mark.parametrize("field", ["version", "size", "mistakes"])
def test_a_number_thousands_of_digits_long_is_refused_without_python_internals(field: str) -> None:
    text = '{"format": "sudoku-tk-game", "' + field + '": ' + "9" * 5000 + "}"
    with pytest.raises(SaveFileError) as info:
        loads(text)
    assert str(info.value) == "not a game file: it holds a number thousands of digits long"


def test_deeply_nested_json_is_a_save_file_error() -> None:
    with pytest.raises(SaveFileError, match="nested too deeply"):
        loads("[" * 200_000 + "]" * 200_000)


def test_missing_file_is_an_os_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        load_game(tmp_path / "nope.json")


# -- garbage never crashes the loader --------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


def _loads_or_save_file_error(text: str) -> None:
    try:
        record = loads(text)
    except SaveFileError as exc:
        assert str(exc)
    else:
        assert isinstance(record, GameRecord)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_garbage_text_only_raises_save_file_error(text: str) -> None:
    _loads_or_save_file_error(text)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_garbage_json_only_raises_save_file_error(value: Any) -> None:
    _loads_or_save_file_error(json.dumps(value))


GOOD = record_to_json(full_record(CLASSIC))
FIELDS = sorted(GOOD) + ["moves.0", "moves.1", "moves.1.candidates", "moves.1.candidates.0", "puzzle.name"]


def _set(obj: Any, dotted: str, value: Any) -> None:
    *parents, last = dotted.split(".")
    for key in parents:
        obj = obj[int(key)] if isinstance(obj, list) else obj[key]
    if isinstance(obj, list):
        obj[int(last)] = value
    else:
        obj[last] = value


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(FIELDS), json_values)
def test_a_good_file_with_one_field_replaced_only_raises_save_file_error(field: str, value: Any) -> None:
    obj = json.loads(json.dumps(GOOD))
    _set(obj, field, value)
    _loads_or_save_file_error(json.dumps(obj))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 40), st.binary(max_size=40))
def test_a_good_file_with_bytes_overwritten_only_raises_save_file_error(at: int, length: int, junk: bytes) -> None:
    data = bytearray((DATA / "good_classic.json").read_bytes())
    at %= len(data)
    data[at : at + length] = junk
    try:
        text = decode(bytes(data))
    except SaveFileError:
        return
    _loads_or_save_file_error(text)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_binary_garbage_files_only_raise_save_file_error(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("bin") / "g.json"
    path.write_bytes(data)
    with pytest.raises(SaveFileError):
        load_game(path)


# -- atomic writes ----------------------------------------------------------------


def test_second_save_keeps_the_first_as_backup(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    first, second = full_record(CLASSIC), full_record(CLASSIC).with_progress([Place(2, 4)])
    save_game(path, first)
    assert not (tmp_path / "g.json.bak").exists()
    save_game(path, second)
    assert load_game(path) == second
    assert load_game(tmp_path / "g.json.bak") == first
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json", "g.json.bak"]


@pytest.mark.parametrize("failing", ["fsync", "replace", "write"])
def test_failure_during_write_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "g.json"
    atomic_write_text(path, "old content\n")
    original_replace = os.replace

    def boom(*args: Any, **kwargs: Any) -> Any:
        raise OSError(28, "No space left on device")

    if failing == "fsync":
        monkeypatch.setattr(os, "fsync", boom)
    elif failing == "write":
        real_fdopen = os.fdopen

        class Broken:
            def __init__(self, fh: Any) -> None:
                self.fh = fh

            def __enter__(self) -> Broken:
                return self

            def __exit__(self, *exc: Any) -> None:
                self.fh.close()

            def write(self, data: bytes) -> int:
                self.fh.write(data[: len(data) // 2])  # half the bytes reach the temp file, then the disk is full
                raise OSError(28, "No space left on device")

        monkeypatch.setattr(os, "fdopen", lambda fd, mode: Broken(real_fdopen(fd, mode)))
    else:

        def replace_only_backup(src: Any, dst: Any) -> None:
            if Path(dst) == path:
                boom()
            original_replace(src, dst)

        monkeypatch.setattr(os, "replace", replace_only_backup)
    with pytest.raises(OSError, match="No space"):
        atomic_write_text(path, "new content that never lands\n")
    assert path.read_text() == "old content\n"
    leftovers = [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_write_to_a_missing_folder_raises_and_creates_nothing(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        save_game(tmp_path / "no" / "such" / "g.json", full_record(FOUR))
    assert list(tmp_path.iterdir()) == []


# -- autosave ---------------------------------------------------------------------


def test_fast_autosave_skips_fsync_but_round_trips(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: calls.append(fd) or real_fsync(fd))
    fast = Autosaver(tmp_path / "fast", durable=False)
    fast.save(full_record(FOUR))
    fast.save(full_record(CLASSIC))
    assert calls == []
    assert fast.load_latest() == (full_record(CLASSIC), None)
    assert load_game(fast.backup_path) == full_record(FOUR)
    Autosaver(tmp_path / "durable").save(full_record(FOUR))
    assert len(calls) >= 1


def test_autosave_with_nothing_saved(tmp_path: Path) -> None:
    assert Autosaver(tmp_path / "none").load_latest() == (None, None)


def test_autosave_round_trip_and_backup(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "a")
    one, two = full_record(CLASSIC), full_record(CLASSIC).with_progress([Place(2, 4), Place(3, 6)])
    saver.save(one)
    saver.save(two)
    assert saver.load_latest() == (two, None)
    assert load_game(saver.backup_path) == one


@pytest.mark.parametrize("damage", ["truncate", "garbage", "empty", "delete"])
def test_unreadable_autosave_falls_back_to_backup_with_a_message(tmp_path: Path, damage: str) -> None:
    saver = Autosaver(tmp_path / "a")
    one, two = full_record(CLASSIC), full_record(CLASSIC).with_progress([Place(2, 4)])
    saver.save(one)
    saver.save(two)
    text = saver.path.read_text()
    if damage == "truncate":
        saver.path.write_text(text[:100])
    elif damage == "garbage":
        saver.path.write_bytes(os.urandom(300))
    elif damage == "empty":
        saver.path.write_text("")
    else:
        saver.path.unlink()
    record, message = saver.load_latest()
    assert record == one
    assert message is not None and "backup" in message
    if damage != "delete":
        assert "could not be read" in message
        # set aside, so the next save cannot push the damaged file over the good backup
        assert (saver.folder / "autosave.json.damaged").exists()
    saver.save(one.with_progress([Place(3, 6)]))
    assert load_game(saver.backup_path) == one or damage == "delete"


def test_both_autosaves_unreadable_gives_no_record_and_a_message(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "a")
    saver.save(full_record(FOUR))
    saver.save(full_record(FOUR))
    saver.path.write_text("{")
    saver.backup_path.write_text("[]")
    record, message = saver.load_latest()
    assert record is None
    assert message is not None and "new game" in message and "not valid JSON" in message


def test_autosave_in_an_unreadable_place_never_raises(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "a")
    saver.folder.mkdir()
    saver.path.mkdir()  # a folder where the file should be
    record, message = saver.load_latest()
    assert record is None and message


def test_stale_temp_files_are_removed_on_start(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path / "a")
    saver.save(full_record(FOUR))
    stale = saver.folder / ".autosave.json.abc123.tmp"
    stale.write_text("half a game")
    an_hour_ago = time.time() - 3600  # a fresh one may be another running app's write (see test_storage_nothing_lost)
    os.utime(stale, (an_hour_ago, an_hour_ago))
    assert saver.load_latest() == (full_record(FOUR), None)
    assert not stale.exists()


# -- crash test with a real process -------------------------------------------------


def _run_child_until_killed(folder: Path, rng: random.Random, mode: str = "durable") -> tuple[int, list[str]]:
    """Start the child, let it play for a random moment, SIGKILL it; return the last reported count."""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "autosave_child.py"), str(folder), mode],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: list[str] = []
    assert child.stdout is not None
    reader = threading.Thread(target=lambda: lines.extend(child.stdout))  # type: ignore[arg-type]
    reader.start()
    deadline = time.monotonic() + 20
    while not lines and time.monotonic() < deadline:  # wait until it has saved at least once
        time.sleep(0.005)
    time.sleep(rng.uniform(0.0, 0.25))
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=20)
    reader.join(timeout=20)
    assert child.returncode == -signal.SIGKILL
    counts = [int(ln) for ln in lines if ln.strip().isdigit()]
    assert counts, f"the child never reported a save: {lines!r}"
    return counts[-1], [ln for ln in lines if not ln.strip().isdigit()]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("mode", ["durable", "fast"])
def test_sigkill_at_random_moments_loses_at_most_the_move_in_progress(tmp_path: Path, mode: str) -> None:
    folder = tmp_path / "autosave"
    rng = random.Random(4)
    reported_total = 0
    for _round in range(8):
        reported, other = _run_child_until_killed(folder, rng, mode)
        assert other == [], other  # the child resumed without a recovery message
        assert reported > reported_total
        record, message = Autosaver(folder).load_latest()
        assert message is None
        assert record is not None
        n = len(record.moves)
        assert reported <= n <= reported + 1
        assert record.moves == tuple(scripted_move(i) for i in range(n))
        assert record.elapsed == float(n)
        # killed between "backup the old file" and "replace it", the backup equals the autosave
        backup = load_game(folder / "autosave.json.bak")
        assert n - 1 <= len(backup.moves) <= n
        assert backup.moves == record.moves[: len(backup.moves)]
        reported_total = n
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
