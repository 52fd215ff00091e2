"""The per-user data folder: each platform's rule, the override, and the files inside it."""

from __future__ import annotations

from pathlib import Path, PurePosixPath, PureWindowsPath

import pytest

from sudoku_tk.system import ENV_OVERRIDE, autosave_dir, data_dir_for, settings_path, user_data_dir


def test_linux_default_is_xdg_local_share() -> None:
    assert data_dir_for("linux", {}, "/home/ann") == PurePosixPath("/home/ann/.local/share/sudoku-tk")


def test_linux_honours_an_absolute_xdg_data_home() -> None:
    assert data_dir_for("linux", {"XDG_DATA_HOME": "/data/ann"}, "/home/ann") == PurePosixPath("/data/ann/sudoku-tk")


@pytest.mark.parametrize("value", ["", "  ", "relative/dir"])
def test_linux_ignores_an_empty_or_relative_xdg_data_home(value: str) -> None:
    assert data_dir_for("linux", {"XDG_DATA_HOME": value}, "/home/ann") == PurePosixPath(
        "/home/ann/.local/share/sudoku-tk"
    )


def test_other_unixes_follow_xdg() -> None:
    assert data_dir_for("freebsd13", {}, "/home/ann") == PurePosixPath("/home/ann/.local/share/sudoku-tk")


def test_macos_uses_application_support() -> None:
    got = data_dir_for("darwin", {"XDG_DATA_HOME": "/x"}, "/Users/ann")
    assert got == PurePosixPath("/Users/ann/Library/Application Support/sudoku-tk")


def test_windows_uses_appdata() -> None:
    got = data_dir_for("win32", {"APPDATA": r"C:\Users\ann\AppData\Roaming"}, r"C:\Users\ann")
    assert got == PureWindowsPath(r"C:\Users\ann\AppData\Roaming\sudoku-tk")


def test_windows_without_appdata_falls_back_to_the_profile() -> None:
    got = data_dir_for("win32", {}, r"C:\Users\ann")
    assert got == PureWindowsPath(r"C:\Users\ann\AppData\Roaming\sudoku-tk")


@pytest.mark.parametrize("platform", ["linux", "darwin", "win32"])
def test_override_wins_everywhere(platform: str) -> None:
    assert (
        str(data_dir_for(platform, {ENV_OVERRIDE: "/tmp/st", "APPDATA": "C:\\x"}, "/home/ann")).replace("\\", "/")
        == "/tmp/st"
    )


def test_user_data_dir_reads_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_OVERRIDE, str(tmp_path / "data"))
    assert user_data_dir() == tmp_path / "data"
    assert settings_path() == tmp_path / "data" / "settings.json"
    assert autosave_dir() == tmp_path / "data" / "autosave"
    assert not (tmp_path / "data").exists()  # nothing is created by asking


def test_user_data_dir_without_override_is_under_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV_OVERRIDE, raising=False)
    got = user_data_dir()
    assert got.name == "sudoku-tk" and got.is_absolute()


def test_explicit_base_folder(tmp_path: Path) -> None:
    assert settings_path(tmp_path) == tmp_path / "settings.json"
    assert autosave_dir(tmp_path) == tmp_path / "autosave"
