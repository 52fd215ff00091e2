"""Following the desktop's light or dark mode: each platform's source, read through an injected runner."""

from __future__ import annotations

import subprocess

import pytest

from sudoku_tk.app.storage.settings import Theme, theme_name
from sudoku_tk.system import prefers_dark


def runner(answers: dict[str, str]):  # type: ignore[no-untyped-def]
    """A fake command runner: answers by the command's last word; a missing one fails like a missing key."""
    calls: list[list[str]] = []

    def run(command: list[str]) -> str:
        calls.append(command)
        key = command[-1]
        if key not in answers:
            raise subprocess.CalledProcessError(1, command)
        return answers[key]

    run.calls = calls  # type: ignore[attr-defined]
    return run


@pytest.mark.parametrize(
    ("answers", "expected"),
    [
        ({"color-scheme": "'prefer-dark'\n"}, True),
        ({"color-scheme": "'prefer-light'\n"}, False),
        ({"color-scheme": "'default'\n", "gtk-theme": "'Adwaita-dark'\n"}, True),
        ({"color-scheme": "'default'\n", "gtk-theme": "'Adwaita'\n"}, False),
    ],
)
def test_linux_reads_gnome_settings(answers: dict[str, str], expected: bool) -> None:
    assert prefers_dark("linux", {}, runner(answers)) is expected


def test_linux_gtk_theme_variable_wins_without_running_anything() -> None:
    run = runner({})
    assert prefers_dark("linux", {"GTK_THEME": "Adwaita:dark"}, run) is True
    assert prefers_dark("linux", {"GTK_THEME": "Adwaita"}, run) is False
    assert run.calls == []  # type: ignore[attr-defined]


def test_linux_without_gsettings_cannot_tell() -> None:
    def missing(command: list[str]) -> str:
        raise FileNotFoundError(command[0])

    assert prefers_dark("linux", {}, missing) is None
    assert prefers_dark("linux", {}, runner({})) is None  # no schema: the command fails


def test_mac_reads_the_interface_style() -> None:
    assert prefers_dark("darwin", {}, runner({"AppleInterfaceStyle": "Dark\n"})) is True
    assert prefers_dark("darwin", {}, runner({})) is False  # light mode: the key is absent


def test_theme_name_follows_the_setting() -> None:
    assert theme_name(Theme.LIGHT, lambda: True) == "light"
    assert theme_name(Theme.DARK, lambda: False) == "dark"
    assert theme_name(Theme.SYSTEM, lambda: True) == "dark"
    assert theme_name(Theme.SYSTEM, lambda: False) == "light"
    assert theme_name(Theme.SYSTEM, lambda: None) == "light"
