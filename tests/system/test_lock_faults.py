"""Issue 22, item 27: a full disk at start leaves no empty lock file and no window without its lock; a file where a
folder belongs is named in words, not as "(file exists)"."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from sudoku_tk.app.storage.atomic_files import ensure_folder
from sudoku_tk.app.storage.file_reading import NotAFileError
from sudoku_tk.system import LOCK_NAME, InstanceLock, NotAFolderError

REPO = Path(__file__).resolve().parents[2]


def test_a_lock_whose_holder_cannot_be_written_is_held_all_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real_write = os.write

    def full_disk(fd: int, data: Any) -> int:
        if os.fstat(fd).st_size == 0 and b'"pid"' in bytes(data):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", full_disk)
    lock = InstanceLock(tmp_path)
    assert lock.acquire() and lock.is_held
    assert "could not be written (No space left on device)" in lock.note
    monkeypatch.undo()
    # Another process is kept out by the system's lock, although the file holds no pid.
    probe = subprocess.run(
        [
            sys.executable,
            "-c",
            f"from sudoku_tk.system import InstanceLock; print(InstanceLock({str(tmp_path)!r}).acquire())",
        ],
        env=dict(os.environ, PYTHONPATH=str(REPO)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert probe.stdout.strip() == "False", probe.stderr
    lock.release()
    assert not (tmp_path / LOCK_NAME).exists()  # no empty lock file left behind


def test_a_lock_file_that_cannot_be_written_at_all_is_not_left_behind_empty(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*args: Any, **kwargs: Any) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "open", refused)
    with pytest.raises(OSError, match="No space"):
        InstanceLock(tmp_path).acquire()
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_a_pipe_where_the_lock_file_belongs_is_set_aside(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("named pipes exist only on POSIX")
    fcntl = pytest.importorskip("fcntl")
    os.mkfifo(tmp_path / LOCK_NAME)
    lock = InstanceLock(tmp_path)
    assert lock.acquire()
    assert (tmp_path / LOCK_NAME).is_file() and (tmp_path / f"{LOCK_NAME}.damaged").exists()
    with open(tmp_path / LOCK_NAME, "rb") as fh:  # the system lock is on the new, regular file
        with pytest.raises(OSError):
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    lock.release()


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_text("x"), "autosave in {parent} is a file, not a folder, so nothing can be saved in it"),
        (lambda p: os.symlink("/tmp", p), "autosave in {parent} is a symbolic link (to /tmp), not a folder"),
    ],
)
def test_something_else_where_a_folder_belongs_is_named_in_words(tmp_path: Path, make: Any, words: str) -> None:
    folder = tmp_path / "autosave"
    make(folder)
    with pytest.raises(NotAFileError) as info:
        ensure_folder(folder)
    assert str(info.value).startswith(words.format(parent=tmp_path))
    assert "exists" not in str(info.value) and "Errno" not in str(info.value)
    # The system layer raises an OSError of its own (NotAFolderError) in the same words: it can't raise the app's
    # NotAFileError (a SaveFileError); the windows that take the lock catch OSError and SaveFileError alike.
    with pytest.raises(NotAFolderError) as refused:
        InstanceLock(folder).acquire()
    assert str(refused.value) == str(info.value)
