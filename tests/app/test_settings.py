"""Settings: defaults, round trip, and tolerance of every kind of bad file (never a crash)."""

from __future__ import annotations

import json
import os
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hyp_settings
from hypothesis import strategies as st

from sudoku_tk.app.storage.file_reading import MAX_FILE_BYTES
from sudoku_tk.app.storage.settings import (
    DEFAULTS,
    RECENT_LIMIT,
    Settings,
    Theme,
    load_settings,
    save_settings,
    settings_from_json,
    settings_to_json,
)
from sudoku_tk.engine.play.propagation import ALL_ASSISTS, Assist
from sudoku_tk.engine.steps.step import Technique


def test_defaults() -> None:
    s = Settings()
    assert s.assists == ALL_ASSISTS
    assert s.check_mistakes is False and s.show_mistake_count is False
    assert s.theme is Theme.SYSTEM and s.board_zoom == 100
    assert s.recent_ids == () and s.last_directory == ""
    assert (s.new_game_size, s.new_game_level) == (9, "any")
    assert (s.new_game_mode, s.practice_technique) == ("random", Technique.X_WING)


def test_every_field_is_written() -> None:
    obj = settings_to_json(DEFAULTS)
    assert {f.name for f in fields(Settings)} <= set(obj)


def test_round_trip(tmp_path: Path) -> None:
    s = Settings(
        assists=frozenset({Assist.PEERS}),
        check_mistakes=True,
        show_mistake_count=True,
        theme=Theme.DARK,
        board_zoom=150,
        recent_ids=("9x9-hard-001", "classic"),
        last_directory="/home/ann/sudoku",
        new_game_size=16,
        new_game_level="extreme",
        new_game_mode="practice",
        practice_technique=Technique.MUTANT_X_WING,
        practice_from_position=False,
        window_sizes=((4, 700, 500), (9, 1000, 720)),
    )
    path = tmp_path / "deep" / "settings.json"
    save_settings(path, s)
    assert load_settings(path) == (s, [])
    assert json.loads(path.read_text())["theme"] == "dark"


def test_missing_file_gives_defaults_without_a_note(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json") == (DEFAULTS, [])


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"", "not valid JSON"),
        (b'{"theme": ', "not valid JSON"),
        (b"\xff\xfe\x00garbage", "could not be read"),
        (b"[1, 2]", "holds list"),
        (b'"dark"', "holds str"),
        (b'{"format": "sudoku-tk-game"}', "not Sudoku Tk settings"),
        (b"[" * 100_000, "not valid JSON"),
    ],
)
def test_unreadable_file_gives_defaults_and_a_note(tmp_path: Path, content: bytes, needle: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    s, notes = load_settings(path)
    assert s == DEFAULTS
    assert len(notes) == 1 and needle in notes[0], notes


def test_huge_file_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"last_directory": "' + "x" * MAX_FILE_BYTES + '"}')
    s, notes = load_settings(path)
    assert s == DEFAULTS and "too large" in notes[0]


def test_folder_instead_of_file(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    s, notes = load_settings(tmp_path / "settings.json")
    assert s == DEFAULTS and notes


def test_unknown_keys_are_ignored_silently() -> None:
    assert settings_from_json({"theme": "dark", "window_layout": [1, 2], "version": 9}) == (
        Settings(theme=Theme.DARK),
        [],
    )


@pytest.mark.parametrize(
    ("key", "value", "needle"),
    [
        ("theme", "purple", "'purple' is not one of light, dark, system"),
        ("check_mistakes", "yes", "expected true or false"),
        ("show_mistake_count", 1, "expected true or false"),
        ("board_zoom", 1000, "from 50 to 300"),
        ("board_zoom", True, "from 50 to 300"),
        ("board_zoom", 120.5, "from 50 to 300"),
        ("assists", ["peers", "x_wing"], "unknown assist 'x_wing'"),
        ("assists", "peers", "expected a list"),
        ("recent_ids", [1, 2], "expected a list of puzzle ids"),
        ("last_directory", None, "expected a folder name"),
        ("new_game_size", 5, "expected 4, 9 or 16"),
        ("new_game_level", "impossible", "'impossible'"),
        ("new_game_mode", "surprise", "expected one of random, list, generated, practice"),
        ("practice_technique", "X-Wing", "expected a technique name"),
        ("practice_technique", 3, "expected a technique name"),
        ("practice_from_position", "yes", "true or false"),
        ("window_sizes", {"5": [800, 600]}, "expected board sizes"),
        ("window_sizes", {"9": [800]}, "expected board sizes"),
        ("window_sizes", {"9": [800, 10**9]}, "expected board sizes"),
        ("window_sizes", [[9, 800, 600]], "expected board sizes"),
    ],
)
def test_bad_value_becomes_default_with_a_note_naming_it(key: str, value: Any, needle: str) -> None:
    s, notes = settings_from_json({"theme": "dark", key: value} if key != "theme" else {key: value})
    assert getattr(s, key) == getattr(DEFAULTS, key)
    if key != "theme":
        assert s.theme is Theme.DARK  # the good values are kept
    assert len(notes) == 1
    assert notes[0].startswith(f"{key}: ") and needle in notes[0] and "using the default" in notes[0]


def test_level_accepts_display_names() -> None:
    assert settings_from_json({"new_game_level": "Very hard"})[0].new_game_level == "unfair"  # the old level


def test_recent_ids_are_deduplicated_and_capped() -> None:
    ids = [f"p{i}" for i in range(RECENT_LIMIT + 10)]
    s, notes = settings_from_json({"recent_ids": ["a", "a", *ids]})
    assert notes == [] and s.recent_ids[:2] == ("a", "p0") and len(s.recent_ids) == RECENT_LIMIT


def test_with_played_puts_the_id_first_once() -> None:
    s = Settings(recent_ids=("a", "b", "c"))
    assert s.with_played("b").recent_ids == ("b", "a", "c")
    assert s.with_played("").recent_ids == ("a", "b", "c")
    many = Settings()
    for i in range(RECENT_LIMIT + 5):
        many = many.with_played(f"p{i}")
    assert len(many.recent_ids) == RECENT_LIMIT and many.recent_ids[0] == f"p{RECENT_LIMIT + 4}"


def test_save_failure_leaves_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(theme=Theme.DARK))

    def boom(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    # the last step of an atomic write fails: the old file must survive, no temp left behind
    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        save_settings(path, Settings(theme=Theme.LIGHT))
    monkeypatch.undo()
    assert load_settings(path)[0].theme is Theme.DARK
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=20,
)


@hyp_settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(settings_to_json(DEFAULTS))), json_values) | json_values)
def test_any_json_gives_settings_and_never_raises(obj: Any) -> None:
    s, notes = settings_from_json(obj)
    assert isinstance(s, Settings) and all(isinstance(n, str) for n in notes)


@hyp_settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_any_bytes_never_raise(tmp_path_factory: pytest.TempPathFactory, data: bytes) -> None:
    path = tmp_path_factory.mktemp("s") / "settings.json"
    path.write_bytes(data)
    s, notes = load_settings(path)
    assert isinstance(s, Settings)


@pytest.mark.parametrize(
    "text, why",
    [
        ('{"board_zoom": ' + "9" * 5000 + "}", "it holds a number thousands of digits long"),
        ("[" * 100_000, "the JSON is nested too deeply"),
    ],
)
def test_bad_json_is_explained_without_python_internals(tmp_path: Path, text: str, why: str) -> None:
    path = tmp_path / "settings.json"
    path.write_text(text)
    s, notes = load_settings(path)
    assert s == DEFAULTS and notes == [
        f"the settings file settings.json could not be read (it is not valid JSON: {why}); "
        "it was kept as settings.json.damaged and defaults are used"
    ]


def test_a_window_size_is_kept_per_board_size() -> None:
    s = DEFAULTS.with_window_size(9, 900, 640).with_window_size(4, 600, 480).with_window_size(9, 1000, 700)
    assert s.window_size(9) == (1000, 700) and s.window_size(4) == (600, 480) and s.window_size(16) is None
    assert settings_to_json(s)["window_sizes"] == {"4": [600, 480], "9": [1000, 700]}
