"""Issue 22, item 25: the settings file gets the saves' care. A newer version's file keeps its version and the
fields this version doesn't know; a file that can't be read is kept as ``settings.json.damaged``, never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_tk.app.storage.settings import DEFAULTS, SETTINGS_VERSION, Settings, Theme, load_settings, save_settings

NEWER = {
    "format": "sudoku-tk-settings",
    "version": SETTINGS_VERSION + 2,
    "theme": "dark",
    "board_zoom": 140,
    "window_layout": {"panel": "left", "width": 300},
    "sync_account": "ann@example.org",
}


def test_a_newer_versions_settings_keep_their_version_and_unknown_fields(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(NEWER))
    settings, notes = load_settings(path)
    assert settings == Settings(theme=Theme.DARK, board_zoom=140) and notes == []
    save_settings(path, Settings(theme=Theme.LIGHT, board_zoom=140))
    written = json.loads(path.read_text())
    assert written["version"] == SETTINGS_VERSION + 2  # never downgraded
    assert written["window_layout"] == NEWER["window_layout"] and written["sync_account"] == NEWER["sync_account"]
    assert written["theme"] == "light" and written["board_zoom"] == 140
    assert load_settings(path) == (Settings(theme=Theme.LIGHT, board_zoom=140), [])


def test_unknown_fields_of_this_version_are_kept_too(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"format": "sudoku-tk-settings", "version": 1, "experiment": [1, 2, 3]}))
    save_settings(path, DEFAULTS)
    written = json.loads(path.read_text())
    assert written["experiment"] == [1, 2, 3] and written["version"] == SETTINGS_VERSION


@pytest.mark.parametrize(
    "content",
    [b"", b'{"theme": ', b"\xff\xfe\x00garbage", b"[1, 2]", b'{"format": "sudoku-tk-game"}', b"[" * 100_000],
)
def test_settings_that_cannot_be_read_are_kept_as_damaged_and_never_overwritten(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    settings, notes = load_settings(path)
    assert settings == DEFAULTS
    assert len(notes) == 1 and "it was kept as settings.json.damaged and defaults are used" in notes[0]
    assert (tmp_path / "settings.json.damaged").read_bytes() == content
    save_settings(path, Settings(theme=Theme.DARK))
    assert load_settings(path) == (Settings(theme=Theme.DARK), [])
    assert (tmp_path / "settings.json.damaged").read_bytes() == content


def test_settings_damaged_after_start_up_are_set_aside_before_a_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(theme=Theme.DARK))
    path.write_text('{"theme": "da')  # another program cut it short meanwhile
    notes = save_settings(path, Settings(theme=Theme.LIGHT))
    assert notes and "kept as settings.json.damaged" in notes[0]
    assert (tmp_path / "settings.json.damaged").read_text() == '{"theme": "da'
    assert load_settings(path)[0].theme is Theme.LIGHT


def test_a_bad_value_is_only_a_note_and_the_file_is_not_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"theme": "purple", "board_zoom": 120}))
    settings, notes = load_settings(path)
    assert settings == Settings(board_zoom=120) and len(notes) == 1 and "theme" in notes[0]
    assert not (tmp_path / "settings.json.damaged").exists()
