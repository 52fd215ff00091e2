"""The error log in the data folder: USER lines for problems the player saw, INTERNAL entries with tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tk.system import LOG_NAME, ErrorLog, error_log


def _raise_inside() -> None:
    raise KeyError("r9c9")


def test_user_problems_are_one_line_without_a_traceback(tmp_path: Path) -> None:
    log = ErrorLog(tmp_path / "data")  # the folder is created on the first write
    log.user("Can't open game.json:\n  the file is too large")
    lines = (tmp_path / "data" / LOG_NAME).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1
    stamp, kind, text = lines[0].split(" ", 2)
    assert kind == "USER" and text == "Can't open game.json: the file is too large"
    assert stamp[:2] == "20" and "T" in stamp


def test_internal_errors_carry_their_traceback_and_are_told_apart(tmp_path: Path) -> None:
    log = ErrorLog(tmp_path)
    log.user("a file could not be read")
    try:
        _raise_inside()
    except KeyError as exc:
        log.internal(exc, where="in a window handler")
    text = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    first, second = text.split("\n", 1)
    assert " USER a file could not be read" in first
    assert " INTERNAL in a window handler: KeyError: 'r9c9'" in second
    assert "Traceback (most recent call last)" in second and "_raise_inside" in second


def test_the_log_is_rotated_past_its_cap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(error_log, "MAX_LOG_BYTES", 200)
    log = ErrorLog(tmp_path)
    for n in range(20):
        log.user(f"problem number {n:02d} with some words to fill the line")
    current = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    older = (tmp_path / (LOG_NAME + ".1")).read_text(encoding="utf-8")
    assert "problem number 19" in current and "problem number 00" not in current + older
    assert len(current.encode()) <= 200 + 120 and len(older.encode()) <= 200 + 120
    assert sorted(p.name for p in tmp_path.iterdir()) == [LOG_NAME, LOG_NAME + ".1"]


def test_a_log_that_cannot_be_written_never_raises(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    log = ErrorLog(blocker)
    log.user("nowhere to go")
    log.internal(RuntimeError("still nowhere"))
    assert blocker.read_text() == "a file where the folder should be"


# -- issue 24: the log is written through logging's RotatingFileHandler --------------------------------------------


def test_two_windows_sharing_the_log_never_write_into_a_rotated_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(error_log, "MAX_LOG_BYTES", 300)
    first, second = ErrorLog(tmp_path), ErrorLog(tmp_path)
    first.user("the first window's opening entry")
    for n in range(8):  # the second window fills the log past its cap: it is rotated
        second.user(f"the second window's entry {n} with enough words to fill the file")
    first.user("the first window's later entry")
    current = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    older = (tmp_path / (LOG_NAME + ".1")).read_text(encoding="utf-8")
    assert current.endswith("USER the first window's later entry\n")  # not lost in the rotated file
    assert "the first window's later entry" not in older


def test_the_entries_reach_no_other_logger(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    import logging

    with caplog.at_level(logging.DEBUG):
        ErrorLog(tmp_path).user("only in sudoku-tk.log")
        ErrorLog(tmp_path).internal(RuntimeError("also only there"))
    assert caplog.records == []
    text = (tmp_path / LOG_NAME).read_text(encoding="utf-8")
    assert " USER only in sudoku-tk.log\n" in text and " INTERNAL RuntimeError: also only there\n" in text
