"""A variant's game in the window: pasted, drawn with its houses, hinted on them, saved and opened again."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.variant_examples import JIGSAW_JANKO_108, X_UDACITY
from gui_helpers import clipboard, key, pump, when_dialog_opens

from sudoku_tk.app.storage.settings import load_settings
from sudoku_tk.ui.dialogs.new_game import VARIANT_LABELS, NewGameDialog
from sudoku_tk.ui.hints.panel import HintPanel
from sudoku_tk.ui.window.app import App
from sudoku_tk.ui.window.keys import CONTROL

X_TEXT = "variant: x\n" + X_UDACITY[0]
JIGSAW_TEXT = f"variant: jigsaw\n{JIGSAW_JANKO_108[0]} {JIGSAW_JANKO_108[2]}"


def test_a_pasted_sudoku_x_is_played_on_its_diagonals_and_saved_as_one(
    open_app: Callable[..., App], tmp_path: Path
) -> None:
    app = open_app()
    clipboard(app, X_TEXT)
    key(app, "v", CONTROL)  # a game not begun is replaced without a question
    pump(app)
    session = app.session
    assert session.geometry.variant_name == "x" and session.start.to_string() == X_UDACITY[0]
    board = app.board
    assert board.background_kind(0) == "house" and board.background_kind(8) == "house"
    assert board.background_kind(1) == "plain"
    # r1c1 sees r9c9 on the main diagonal: none of the diagonal's givens is a candidate of r1c1.
    for cell in (10, 20, 30, 40, 50, 60, 70, 80):
        digit = session.position.values[cell]
        if digit:
            assert not board.candidate_visible(0, digit), cell
    # A hint is found on the diagonals' puzzle and every word of it is about this board.
    for _ in range(3):
        key(app, "h")
    pump(app)
    panel = app.hint_panel
    assert isinstance(panel, HintPanel) and panel.text()
    step = panel.ladder.view.step if panel.ladder.view else None
    assert step is not None
    solution = [int(ch) for ch in X_UDACITY[1]]
    assert step.placements or step.eliminations
    for p in step.placements:
        assert solution[p.cell] == p.digit
    for e in step.eliminations:
        assert solution[e.cell] != e.digit
    # Saved and opened again: the same puzzle on the same houses.
    path = tmp_path / "x.sudoku"
    assert app.files.save_to(path)
    app.run_command("new-9")
    pump(app)
    assert app.session.geometry.is_classic
    assert app.files.open_path(path)
    pump(app)
    assert app.session.geometry.variant_name == "x" and app.board.background_kind(0) == "house"


def test_a_pasted_jigsaw_draws_its_regions(open_app: Callable[..., App]) -> None:
    app = open_app()
    clipboard(app, JIGSAW_TEXT)
    key(app, "v", CONTROL)
    pump(app)
    assert app.session.geometry.variant_name == "jigsaw"
    board = app.board
    assert board.find_withtag("region") and not [
        i for i in board.find_withtag("thick") if "region" not in board.gettags(i)
    ]


def test_the_new_game_dialog_offers_each_variant_from_the_built_in_puzzles(
    open_app: Callable[..., App], data_dir: Path
) -> None:
    app = open_app()
    errors: list[BaseException] = []
    seen: dict[str, object] = {}

    def choose_windoku(dialog: NewGameDialog) -> None:
        seen["rules"] = list(dialog.variant_box.cget("values"))
        dialog.variant_var.set(VARIANT_LABELS["windoku"])
        dialog.variant_box.event_generate("<<ComboboxSelected>>")
        dialog.update()
        seen["sizes"] = {s: str(b.cget("state")) for s, b in dialog.size_buttons.items()}
        seen["generated"] = str(dialog.generated_button.cget("state"))
        seen["names"] = [e.name for e in dialog.shown]
        dialog.select_puzzle(dialog.shown[0].id)
        dialog.ok()

    when_dialog_opens(app, NewGameDialog, choose_windoku, errors)
    app.run_command("new")
    pump(app)
    assert not errors, errors
    assert seen["rules"] == [VARIANT_LABELS[v] for v in ("classic", "x", "windoku", "jigsaw", "killer")]
    assert seen["sizes"] == {4: "disabled", 9: "disabled", 16: "disabled"} and seen["generated"] == "normal"
    names = seen["names"]
    assert isinstance(names, list) and len(names) >= 30 and all(n.startswith("Windoku") for n in names)
    assert app.session.geometry.variant_name == "windoku" and app.board.background_kind(10) == "house"
    saved, notes = load_settings(data_dir / "settings.json")
    assert not notes and saved.new_game_variant == "windoku"
