"""Command registry: ids, availability, menus in groups, shortcuts labelled per platform."""

from __future__ import annotations

import pytest

from sudoku_tk.app.game.commands import Command, CommandRegistry, Shortcut
from sudoku_tk.system import Platform


def test_platform_from_sys_platform_names() -> None:
    assert Platform.current("win32") is Platform.WINDOWS
    assert Platform.current("darwin") is Platform.MAC
    assert Platform.current("linux") is Platform.LINUX


@pytest.mark.parametrize(
    "text,shortcut,linux,mac",
    [
        ("Mod+Z", Shortcut("z", mod=True), "Ctrl+Z", "⌘Z"),
        ("Mod+Shift+Z", Shortcut("z", mod=True, shift=True), "Ctrl+Shift+Z", "⇧⌘Z"),
        ("ctrl+y", Shortcut("y", mod=True), "Ctrl+Y", "⌘Y"),
        ("Escape", Shortcut("Escape"), "Esc", "⎋"),
        ("F1", Shortcut("F1"), "F1", "F1"),
        ("Alt+1", Shortcut("1", alt=True), "Alt+1", "⌥1"),
        ("Mod+plus", Shortcut("plus", mod=True), "Ctrl++", "⌘+"),
    ],
)
def test_shortcuts_parse_and_label_per_platform(text: str, shortcut: Shortcut, linux: str, mac: str) -> None:
    parsed = Shortcut.parse(text)
    assert parsed == shortcut
    assert parsed.label(Platform.LINUX) == linux == parsed.label(Platform.WINDOWS)
    assert parsed.label(Platform.MAC) == mac


@pytest.mark.parametrize("text", ["Hyper+Z", "Mod+", ""])
def test_bad_shortcuts_are_refused_with_the_text(text: str) -> None:
    with pytest.raises(ValueError, match="shortcut"):
        Shortcut.parse(text)


def _registry(log: list[str], available: list[bool]) -> CommandRegistry:
    reg = CommandRegistry(menus=("Game", "Edit"))
    reg.add(
        Command(
            "undo",
            "Undo",
            lambda: log.append("undo"),
            lambda: available[0],
            (Shortcut.parse("Mod+Z"),),
            menu="Edit",
            group="history",
            toolbar=True,
        )
    )
    reg.add(Command("new", "New", lambda: log.append("new"), menu="Game", group="game"))
    reg.add(Command("clear", "Clear cell", lambda: log.append("clear"), menu="Edit", group="cell"))
    reg.add(
        Command(
            "redo",
            "Redo",
            lambda: log.append("redo"),
            shortcuts=(Shortcut.parse("Mod+Y"), Shortcut.parse("Mod+Shift+Z")),
            menu="Edit",
            group="history",
            toolbar=True,
        )
    )
    reg.add(Command("dark", "Dark theme", lambda: None, menu="View", is_checked=lambda: True))
    return reg


def test_run_respects_availability() -> None:
    log: list[str] = []
    available = [False]
    reg = _registry(log, available)
    assert reg.run("undo") is False and log == []
    available[0] = True
    assert reg.run("undo") is True and log == ["undo"]
    with pytest.raises(KeyError):
        reg.run("nope")


def test_menus_groups_and_toolbar_keep_registration_order() -> None:
    reg = _registry([], [True])
    assert reg.menus() == ["Game", "Edit", "View"]
    assert [[c.id for c in g] for g in reg.menu_groups("Edit")] == [["undo", "redo"], ["clear"]]
    assert [c.id for c in reg.toolbar()] == ["undo", "redo"]
    assert reg.get("redo").accelerator(Platform.MAC) == "⌘Y"
    assert reg.get("new").accelerator(Platform.LINUX) == ""
    assert reg.find_shortcut(Shortcut("z", mod=True, shift=True)) is reg.get("redo")
    assert "dark" in reg and len(reg) == 5


def test_duplicate_ids_and_shortcuts_are_refused() -> None:
    reg = _registry([], [True])
    with pytest.raises(ValueError, match="'undo' is already registered"):
        reg.add(Command("undo", "Undo again", lambda: None))
    with pytest.raises(ValueError, match="already bound to 'undo'"):
        reg.add(Command("other", "Other", lambda: None, shortcuts=(Shortcut.parse("Mod+Z"),)))


def test_listeners_hear_additions() -> None:
    reg = CommandRegistry()
    heard: list[int] = []
    reg.on_change(lambda: heard.append(len(reg)))
    reg.add(Command("a", "A", lambda: None))
    reg.add(Command("b", "B", lambda: None))
    assert heard == [1, 2]
