"""Issue 22, item 26: a long game's autosave appends one journal line per move instead of rewriting the game, and
stays crash-safe: a torn last line is ignored, SIGKILL loses at most the move in progress, a stale journal is never
applied, a damaged one is kept aside and said, and the journal is compacted into a new full save now and then."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest
from autosave_child import LONG, scripted_move
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_tk.app.game.colouring import Colouring
from sudoku_tk.app.storage import autosave_journal
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.autosave_journal import JOURNAL_FROM_MOVES, journal_path
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.app.storage.save_format import load_game
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Eliminate, Move, Place

REPO = Path(__file__).resolve().parents[2]
START = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
T0 = datetime(2024, 6, 7, 10, 0, tzinfo=timezone.utc)


def game(moves: int, redo: int = 0, elapsed: float = 0.0) -> GameRecord:
    script = [scripted_move(i) for i in range(moves + redo)]
    base = GameRecord.new(parse_grid(START), name="journal", now=T0)
    return base.with_progress(script[:moves], tuple(reversed(script[moves:])), elapsed=elapsed or float(moves))


def lines(folder: Path) -> list[str]:
    return journal_path(folder / "autosave.json").read_text().splitlines()


def test_a_long_game_appends_one_line_per_save_and_reads_back(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path, durable=False)
    first = game(JOURNAL_FROM_MOVES)
    saver.save(first)
    snapshot = (tmp_path / "autosave.json").read_bytes()
    for n in range(1, 6):
        saver.save(game(JOURNAL_FROM_MOVES + n))
    assert (tmp_path / "autosave.json").read_bytes() == snapshot  # the full save was not written again
    text = lines(tmp_path)
    assert len(text) == 6 and json.loads(text[0])["format"] == "sudoku-tk-journal"
    assert [json.loads(t)["n"] for t in text[1:]] == [1, 2, 3, 4, 5]
    assert json.loads(text[1])["keep"] == JOURNAL_FROM_MOVES and len(json.loads(text[1])["add"]) == 1
    assert Autosaver(tmp_path).load_latest() == (game(JOURNAL_FROM_MOVES + 5), None)
    assert load_game(tmp_path / "autosave.json") == first  # the full save alone is still a game file


def test_undo_redo_and_other_fields_travel_in_the_lines(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path, durable=False)
    n = JOURNAL_FROM_MOVES + 5
    records = [game(n), game(n - 1, redo=1), game(n - 3, redo=3), game(n - 2, redo=2), game(n)]
    coloured = replace(records[-1], colouring=Colouring().toggle_cell(4, 1), hints=2)
    records.append(coloured)
    records.append(replace(coloured, colouring=Colouring(), hints=0, mistakes=3))  # fields dropped again
    for record in records:
        saver.save(record)
        assert Autosaver(tmp_path).load_latest() == (record, None)


def test_a_torn_last_line_is_ignored_and_cut_before_the_next_line(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path, durable=False)
    saver.save(game(JOURNAL_FROM_MOVES))
    saver.save(game(JOURNAL_FROM_MOVES + 1))
    with open(journal_path(tmp_path / "autosave.json"), "ab") as fh:
        fh.write(b'{"n": 2, "keep": 10, "add": [{"kind": "pla')  # the app was killed while appending
    again = Autosaver(tmp_path, durable=False)
    assert again.load_latest() == (game(JOURNAL_FROM_MOVES + 1), None)
    again.save(game(JOURNAL_FROM_MOVES + 2))
    assert all(json.loads(t) for t in lines(tmp_path))  # the torn bytes are gone
    assert Autosaver(tmp_path).load_latest() == (game(JOURNAL_FROM_MOVES + 2), None)


def test_a_damaged_line_is_said_kept_aside_and_the_next_save_is_whole(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path, durable=False)
    for extra in range(4):
        saver.save(game(JOURNAL_FROM_MOVES + extra))
    path = journal_path(tmp_path / "autosave.json")
    text = lines(tmp_path)
    text[2] = text[2].replace('"keep":', '"keep":9999999,"x":')  # line 3 keeps more moves than there are
    path.write_text("\n".join(text) + "\n")
    again = Autosaver(tmp_path, durable=False)
    record, message = again.load_latest()
    assert record == game(JOURNAL_FROM_MOVES + 1)  # the lines before the damaged one were applied
    assert message is not None and "line 3 of the journal keeps more moves than there are" in message
    assert (tmp_path / "autosave.journal.damaged").exists()
    again.save(game(JOURNAL_FROM_MOVES + 2))
    assert load_game(tmp_path / "autosave.json") == game(JOURNAL_FROM_MOVES + 2)  # written whole
    assert Autosaver(tmp_path).load_latest() == (game(JOURNAL_FROM_MOVES + 2), None)


def test_a_journal_of_another_full_save_is_never_applied(tmp_path: Path) -> None:
    saver = Autosaver(tmp_path, durable=False)
    saver.save(game(JOURNAL_FROM_MOVES))
    saver.save(game(JOURNAL_FROM_MOVES + 1))
    stale = journal_path(tmp_path / "autosave.json").read_bytes()
    other = replace(game(JOURNAL_FROM_MOVES + 7), created=datetime(2025, 1, 1, tzinfo=timezone.utc))
    saver.save(other)  # another game: written whole, and a new journal begins
    journal_path(tmp_path / "autosave.json").write_bytes(stale)  # as if the app stopped before that journal
    assert Autosaver(tmp_path).load_latest() == (other, None)


def test_the_journal_is_compacted_once_it_outgrows_the_full_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(autosave_journal, "COMPACT_MIN_BYTES", 0)
    saver = Autosaver(tmp_path, durable=False)
    saver.save(game(JOURNAL_FROM_MOVES))
    snapshot = (tmp_path / "autosave.json").stat().st_size
    n = JOURNAL_FROM_MOVES
    while len(lines(tmp_path)) > 1 or n == JOURNAL_FROM_MOVES:
        n += 1
        saver.save(game(n))
        assert n < JOURNAL_FROM_MOVES + 10_000, "never compacted"
    assert journal_path(tmp_path / "autosave.json").stat().st_size < snapshot
    assert load_game(tmp_path / "autosave.json") == game(n)  # the new full save holds everything
    assert load_game(tmp_path / "autosave.json.bak") == game(JOURNAL_FROM_MOVES)
    assert Autosaver(tmp_path).load_latest() == (game(n), None)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["move", "move", "move", "undo", "redo", "restart", "clock", "new"]), max_size=40))
def test_any_sequence_of_saves_reads_back_as_the_last(
    tmp_path_factory: pytest.TempPathFactory, actions: list[str]
) -> None:
    folder = tmp_path_factory.mktemp("j")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(autosave_journal, "JOURNAL_FROM_MOVES", 3)
        mp.setattr(autosave_journal, "COMPACT_MIN_BYTES", 2000)
        saver = Autosaver(folder, durable=False)
        moves: list[Move] = [scripted_move(i) for i in range(3)]
        redo: list[Move] = []
        start = GameRecord.new(parse_grid(START), name="j", now=T0)
        clock = 0.0
        for i, action in enumerate(actions):
            if action == "move":
                moves.append(Place(i % 81, i % 9 + 1) if i % 2 else Eliminate(((i % 81, 1 + i % 9),)))
                redo.clear()
            elif action == "undo" and moves:
                redo.append(moves.pop())
            elif action == "redo" and redo:
                moves.append(redo.pop())
            elif action == "restart":
                redo.extend(reversed(moves))
                moves.clear()
            elif action == "clock":
                clock += 1.5
            elif action == "new":
                start = GameRecord.new(parse_grid(START), name=f"new {i}", now=T0)
            record = start.with_progress(moves, tuple(reversed(redo)), elapsed=clock)
            saver.save(record)
            assert Autosaver(folder).load_latest() == (record, None)
            saver = Autosaver(folder, durable=False)  # sometimes a new window goes on from the files
            saver.load_latest()


# -- SIGKILL while a long game is being played -----------------------------------------------------------------
def _kill_child(folder: Path, rng: random.Random, mode: str) -> int:
    child = subprocess.Popen(
        [sys.executable, str(Path(__file__).parent / "autosave_child.py"), str(folder), mode, "long"],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    out: list[str] = []
    assert child.stdout is not None
    reader = threading.Thread(target=lambda: out.extend(child.stdout))  # type: ignore[arg-type]
    reader.start()
    deadline = time.monotonic() + 30
    while not out and time.monotonic() < deadline:
        time.sleep(0.005)
    time.sleep(rng.uniform(0.0, 0.25))
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=20)
    reader.join(timeout=20)
    assert child.returncode == -signal.SIGKILL
    counts = [int(line) for line in out if line.strip().isdigit()]
    assert counts and len(counts) == len(out), out  # no recovery message on resuming
    return counts[-1]


@pytest.mark.skipif(os.name != "posix", reason="SIGKILL is POSIX")
@pytest.mark.parametrize("mode", ["durable", "fast"])
def test_sigkill_on_a_long_game_loses_at_most_the_move_in_progress(tmp_path: Path, mode: str) -> None:
    folder = tmp_path / "autosave"
    rng = random.Random(7)
    reported_before = LONG
    for _round in range(6):
        reported = _kill_child(folder, rng, mode)
        assert reported > reported_before
        record, message = Autosaver(folder).load_latest()
        assert message is None and record is not None
        n = len(record.moves)
        assert reported <= n <= reported + 1
        assert record.moves == tuple(scripted_move(i) for i in range(n))
        assert record.elapsed == float(n)
        assert journal_path(folder / "autosave.json").exists()  # the saves went to the journal
        reported_before = n
    assert not [p for p in folder.iterdir() if p.name.endswith(".tmp")]
