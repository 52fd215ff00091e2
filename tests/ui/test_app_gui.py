"""The board on a real Tk window (Xvfb): real mouse and key events, assertions on canvas items, tags and text."""

from __future__ import annotations

import pytest
from gui_helpers import HARD, MakeApp, click, hover, key, press_card, pump

from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import Assist, Origin, recompute
from sudoku_tk.engine.solving.brute_force import solve
from sudoku_tk.ui.window.keys import CONTROL, SHIFT
from sudoku_tk.ui.window.theme import DARK, LIGHT

pytestmark = pytest.mark.gui

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FOUR = "....41....43...."
SIXTEEN_TEXT = parse_grid(
    "2C..D...9.F.1..5..84.F.......G2.3B....CGD......F..FE......C.4AD..4A..6E.5.1...7....95..B.2G..8.A"
    ".....2..4.A89..6..2C4..8E.6..5.31.B..C.7A..4FE..G..7A8.4..9.....E.9..B3.G..78....A...9.F.B3..7G."
    ".513.G......69..C......DF6....51.84.......5.G2..9..6.1.3...2..84"
).to_string()


def _fill(app, item: int) -> str:  # type: ignore[no-untyped-def]
    return str(app.board.itemcget(item, "fill"))


def _shown_candidates(app) -> int:  # type: ignore[no-untyped-def]
    board = app.board
    return sum(1 for i in board.find_withtag("cand") if board.itemcget(i, "state") != "hidden")


def _candidate_count(app) -> int:  # type: ignore[no-untyped-def]
    return sum(bin(m).count("1") for m in app.session.position.candidates)


# -- what the player sees first ----------------------------------------------------------


def test_fresh_board_shows_givens_and_candidates_in_fixed_slots(make_app: MakeApp) -> None:
    app = make_app(HARD, "top95 #1")
    board, pos = app.board, app.session.position
    assert app.root.title() == "Sudoku Tk — top95 #1"
    assert board.digit_text(0) == "4" and board.digit_role(0) == "given"
    assert _fill(app, board.digit_item(0)) == LIGHT.given
    for cell in pos.empty_cells():
        for d in range(1, 10):
            assert board.candidate_visible(cell, d) == pos.has_candidate(cell, d)
    # 1 2 3 / 4 5 6 / 7 8 9: digit 6 sits right of 5 and above 9.
    x5, y5 = board.coords(board.candidate_item(1, 5))
    x6, y6 = board.coords(board.candidate_item(1, 6))
    x9, y9 = board.coords(board.candidate_item(1, 9))
    assert x6 > x5 and y6 == y5 and x9 == x6 and y9 > y6
    assert app.status_text().startswith("top95 #1: click a candidate")
    assert app.banner_text() == ""


def test_board_is_square_and_scales_with_the_window(make_app: MakeApp) -> None:
    app = make_app()
    lay = app.board.layout
    assert lay.size == lay.cell * 9
    before = lay.cell
    app.root.geometry("1100x1000")
    pump(app)
    app.after(100, lambda: None)
    app.update()
    import time

    time.sleep(0.1)
    pump(app)
    assert app.board.layout.cell > before
    # Items were rebuilt at the new size: a candidate's centre still hits its slot.
    x, y = app.board.coords(app.board.candidate_item(1, 2))
    assert app.board.hit_test(x, y).digit == 2  # type: ignore[union-attr]


# -- clicks -------------------------------------------------------------------------------


def test_click_on_a_candidate_places_it_with_the_player_colour(make_app: MakeApp) -> None:
    app = make_app()
    board = app.board
    assert board.candidate_visible(1, 1)
    peers_with_1 = [p for p in app.session.geometry.peers[1] if app.session.position.has_candidate(p, 1)]
    click(app, 1, 1)
    assert board.digit_text(1) == "1" and board.digit_role(1) == "player"
    assert _fill(app, board.digit_item(1)) == LIGHT.player
    assert not board.candidate_visible(1, 1)
    for p in peers_with_1:
        assert not board.candidate_visible(p, 1) or app.session.position.values[p]
    # The hidden singles it triggered appear in the automatic colour, and the status says so.
    assert board.digit_text(2) == "7" and board.digit_role(2) == "auto"
    assert _fill(app, board.digit_item(2)) == LIGHT.auto
    assert app.status_text() == app.session.last_move_summary()
    assert app.status_text().startswith("r1c2=1 → hidden single r1c3=7 → hidden single ")


def test_right_click_removes_a_candidate_and_restores_it(make_app: MakeApp) -> None:
    app = make_app()
    cell = app.session.geometry.parse_cell("r1c4")
    assert app.board.candidate_visible(cell, 3)
    click(app, cell, 3, button=3)
    assert not app.board.candidate_visible(cell, 3)
    assert app.status_text() == "r1c4≠3"
    click(app, cell, 3, button=3)
    assert app.board.candidate_visible(cell, 3)
    assert app.status_text() == "r1c4+3"


def test_right_click_on_a_peer_removal_says_why_it_stays(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 1, 4, button=3)  # r1c1 holds 4
    assert not app.board.candidate_visible(1, 4)
    assert app.status_text() == (
        "Can't bring back 4 in r1c2: r1c1 holds 4, so r1c2 in the same row (row 1) can't be 4."
    )
    assert app.session.moves == ()


def test_undo_and_redo_by_keys_and_toolbar(make_app: MakeApp) -> None:
    app = make_app()
    before = app.session.position
    click(app, 1, 1)
    assert app.board.digit_text(2) == "7"
    key(app, "z", CONTROL)
    assert app.board.digit_text(1) == "" and app.board.digit_text(2) == ""
    assert app.board.candidate_visible(1, 1)
    assert app.status_text() == "Undid r1c2=1"
    assert app.session.position.values == before.values
    key(app, "y", CONTROL)
    assert app.board.digit_text(1) == "1" and app.board.digit_role(2) == "auto"
    key(app, "Z", CONTROL | SHIFT)  # nothing left to redo
    assert app.status_text() == "Redo: not available now"
    app.toolbar_button("undo").invoke()
    assert app.board.digit_text(1) == ""


def test_restart_clears_every_move_and_redo_replays(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 1, 1)
    click(app, app.session.geometry.parse_cell("r1c4"), 3, button=3)
    app.run_command("restart")
    pump(app)
    assert app.session.moves == () and app.board.digit_text(1) == ""
    assert app.status_text() == "Restarted: 2 moves can be redone"
    app.run_command("redo")
    pump(app)
    assert app.board.digit_text(1) == "1"


def test_a_clashing_digit_is_marked_as_a_conflict(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("assist-naked")
    app.run_command("assist-hidden")
    click(app, 1)  # the rim of r1c2: selects without placing
    assert app.board.cursor == 1
    key(app, "4")  # r1c1 holds 4
    board = app.board
    for cell in (0, 1):
        assert "conflict" in board.gettags(board.digit_item(cell))
        assert _fill(app, board.digit_item(cell)) == LIGHT.conflict
        assert board.background_kind(cell) == "conflict"
        assert _fill(app, board.cell_item(cell)) == LIGHT.conflict_bg
    assert "conflict" not in board.gettags(board.digit_item(2))
    key(app, "Delete")
    assert board.digit_text(1) == "" and "conflict" not in board.gettags(board.digit_item(0))
    assert board.background_kind(0) != "conflict"


def test_solved_state_frame_message_and_new_puzzle(make_app: MakeApp) -> None:
    app = make_app(FOUR, "Four")
    # An easy puzzle (the singles solve it) starts with the singles assists off: every digit is a click.
    assert app.session.assists == {Assist.PEERS}
    sol = solve(app.session.start)
    assert sol is not None
    for cell in app.session.position.empty_cells():
        click(app, cell, sol[cell])
    assert app.session.is_solved()
    frame = app.board.find_withtag("frame")[0]
    assert "solved" in app.board.gettags(frame)
    assert app.board.itemcget(frame, "outline") == LIGHT.frame_solved
    assert app.card_text().startswith("Solved!\nTime taken: 0:") and app.card_text().endswith("Well done!")
    assert app.status_text().startswith("Solved! Time taken: 0:")
    # Clicking on the card does not reach the cells below it.
    moves = app.session.moves
    x, y = app.board.layout.bounds.center
    app.board.event_generate("<Button-1>", x=int(x), y=int(y))
    pump(app)
    assert app.session.moves == moves and app.card_text()
    press_card(app, "New puzzle")
    assert app.session.moves == () and app.session.geometry.side == 4 and not app.session.is_solved()
    assert "solved" not in app.board.gettags(app.board.find_withtag("frame")[0])
    assert app.card_text() == "" and not app.board.find_withtag("card")


def test_undo_after_solving_takes_the_card_away_and_close_hides_it(make_app: MakeApp) -> None:
    app = make_app(FOUR, "Four")
    app.run_command("assist-naked")
    app.run_command("assist-hidden")
    sol = solve(app.session.start)
    assert sol is not None
    while not app.session.is_solved():
        cell = app.session.position.empty_cells()[0]
        click(app, cell, sol[cell])
    assert app.card_text().startswith("Solved!")
    key(app, "z", CONTROL)
    assert app.card_text() == "" and "solved" not in app.board.gettags(app.board.find_withtag("frame")[0])
    key(app, "y", CONTROL)
    assert app.card_text().startswith("Solved!")
    press_card(app, "Close")
    assert app.card_text() == "" and "solved" in app.board.gettags(app.board.find_withtag("frame")[0])


def test_solve_a_whole_easy_puzzle_by_clicks_alone(make_app: MakeApp) -> None:
    app = make_app(CLASSIC, "Classic")
    # An easy puzzle starts with the singles assists off (level_assists.py): every digit is a click of the player.
    assert app.session.assists == {Assist.PEERS}
    assert app.card_text() == "" and not app.session.is_solved()
    sol = solve(app.session.start)
    assert sol is not None
    clicks = 0
    while not app.session.is_solved():
        cell = app.session.position.empty_cells()[0]
        assert app.board.candidate_visible(cell, sol[cell])
        click(app, cell, sol[cell])
        clicks += 1
        assert clicks <= 81
    assert clicks == CLASSIC.count(".")
    assert all(app.board.digit_role(c) in ("given", "player") for c in range(81))
    assert app.card_text().startswith("Solved!")


def test_a_complete_grid_opens_as_already_solved(make_app: MakeApp) -> None:
    full = solve(parse_grid(CLASSIC))
    assert full is not None
    app = make_app("".join(map(str, full)), "Full")
    assert app.card_text() == "Already solved\nNothing is left to place in this puzzle."
    press_card(app, "New puzzle")
    assert app.card_text() == "" and app.session.name != "Full"


# -- why? -----------------------------------------------------------------------------------


def test_hovering_a_removed_candidate_shows_why_with_highlights(make_app: MakeApp) -> None:
    app = make_app()
    board = app.board
    click(app, 1, 1)
    message = app.status_text()
    hover(app, 3, 4)  # r1c4 lost 4 to r1c1=4
    assert app.status_text() == "Why? r1c1 holds 4, so r1c4 in the same row (row 1) can't be 4."
    assert board.find_withtag("role-cause") and "step-cell-0" in board.gettags(board.find_withtag("role-cause")[0])
    assert board.find_withtag("role-defining_unit")
    ghosts = [i for i in board.find_withtag("ghost") if "step-cell-3" in board.gettags(i)]
    assert ghosts and board.itemcget(ghosts[0], "text") == "4"
    hover(app, 0)  # r1c1 is a given: nothing to explain
    assert app.status_text() == message and not board.find_withtag("step")


def test_hovering_an_automatic_digit_shows_its_single(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 1, 1)
    hover(app, 2)
    assert app.status_text() == (
        "Why? Hidden Single: r1c3 is the only cell of row 1 that can still hold 7 — "
        "place 7 in r1c3. (after r1c2=1, move 1)"
    )
    placement = app.board.find_withtag("role-placement")
    assert placement and "step-cell-2" in app.board.gettags(placement[0])


def test_clicking_a_removed_candidate_explains_it_too(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 1, 4)
    assert app.status_text().startswith("Why? r1c1 holds 4")
    assert app.session.moves == ()


# -- highlight, keyboard, pad -------------------------------------------------------------------


def test_clicking_a_digit_highlights_it_everywhere_and_escape_clears(make_app: MakeApp) -> None:
    app = make_app()
    board, geo = app.board, app.session.geometry
    pos = app.session.position
    click(app, 0, 5)  # the given 4 in r1c1 (any point in the cell)
    fours = [c for c in range(81) if pos.values[c] == 4]
    assert all(board.background_kind(c) == "digit" for c in fours)
    seen = {p for c in fours for p in geo.peers[c]} - set(fours)
    assert all(board.background_kind(c) == "seen" for c in seen)
    with_4 = [c for c in pos.empty_cells() if pos.candidates[c] & 8]
    assert with_4 and all("hl" in board.gettags(board.candidate_item(c, 4)) for c in with_4)
    assert app.numpad.active == 4
    key(app, "Escape")
    assert board.highlight_digit is None
    assert not board.find_withtag("hl") and all(board.background_kind(c) in ("plain", "cursor") for c in range(81))


def test_number_pad_highlights_and_places(make_app: MakeApp) -> None:
    app = make_app()
    app.numpad.mode_var.set("Highlight")  # the pad starts in "Place" mode (select a cell, then press a digit)
    app.numpad.buttons[7].invoke()
    pump(app)
    assert app.board.highlight_digit == 7
    app.numpad.buttons[7].invoke()
    pump(app)
    assert app.board.highlight_digit is None
    click(app, 1)
    app.numpad.mode_var.set("Place")
    app.numpad.buttons[1].invoke()
    pump(app)
    assert app.board.digit_text(1) == "1"


def test_keyboard_moves_places_toggles_and_clears(make_app: MakeApp) -> None:
    app = make_app()
    board = app.board
    key(app, "5")
    assert app.status_text().startswith("Choose a cell first")
    key(app, "Right")
    assert board.cursor == 0
    key(app, "Right")
    assert board.cursor == 1
    key(app, "End")
    assert board.cursor == 8
    key(app, "Home")
    assert board.cursor == 0
    key(app, "Right", CONTROL)  # next empty cell: r1c2
    assert board.cursor == 1
    key(app, "Down", CONTROL)  # next empty cell down the column: r3c2
    assert board.cursor == 19
    key(app, "Up")
    key(app, "Up")
    assert board.cursor == 1
    key(app, "exclam", SHIFT)  # Shift+1 removes candidate 1
    assert not board.candidate_visible(1, 1)
    key(app, "1", 0x0008)  # Alt+1 brings it back
    assert board.candidate_visible(1, 1)
    key(app, "1")
    assert board.digit_text(1) == "1"
    key(app, "0")
    assert board.digit_text(1) == ""
    key(app, "KP_1", 0x0010)  # keypad 1 with Num Lock (Mod2) on
    assert board.digit_text(1) == "1"
    key(app, "BackSpace")
    assert board.digit_text(1) == ""
    key(app, "Left")
    key(app, "7")
    assert app.status_text() == "r1c1 is a given and can't be changed"


# -- sizes --------------------------------------------------------------------------------------


def test_four_by_four_has_a_two_by_two_mini_grid(make_app: MakeApp) -> None:
    app = make_app(
        FOUR,
        "Four",
    )
    app.run_command("assist-naked")
    app.run_command("assist-hidden")
    board, pos = app.board, app.session.position
    assert _shown_candidates(app) == _candidate_count(app) > 0
    cell = pos.empty_cells()[0]
    (x1, y1), (x2, y2) = board.coords(board.candidate_item(cell, 1)), board.coords(board.candidate_item(cell, 2))
    (x3, y3), (x4, y4) = board.coords(board.candidate_item(cell, 3)), board.coords(board.candidate_item(cell, 4))
    assert y1 == y2 < y3 == y4 and x1 == x3 < x2 == x4
    assert len(app.numpad.buttons) == 4
    assert len(board.find_withtag("thick")) == 2 and len(board.find_withtag("thin")) == 4


def test_sixteen_by_sixteen_uses_letters_and_a_four_by_four_mini_grid(make_app: MakeApp) -> None:
    app = make_app(SIXTEEN_TEXT, "Big")
    board, pos = app.board, app.session.position
    assert _shown_candidates(app) == _candidate_count(app) > 256
    assert board.itemcget(board.candidate_item(0, 16), "text") == "G"
    assert board.itemcget(board.candidate_item(0, 10), "text") == "A"
    xs = {board.coords(board.candidate_item(5, d))[0] for d in range(1, 17)}
    ys = {board.coords(board.candidate_item(5, d))[1] for d in range(1, 17)}
    assert len(xs) == 4 and len(ys) == 4
    given = next(c for c in range(256) if pos.values[c] >= 10)
    assert board.digit_text(given) == "123456789ABCDEFG"[pos.values[given] - 1]
    assert len(app.numpad.buttons) == 16 and app.numpad.buttons[16].cget("text") == "G"
    # Letters type digits above 9: select an empty cell, type its first candidate as a letter if it has one.
    cell = next(c for c in pos.empty_cells() if any(pos.has_candidate(c, d) for d in range(10, 17)))
    d = next(d for d in range(10, 17) if pos.has_candidate(cell, d))
    click(app, cell)
    key(app, "abcdefg"[d - 10])
    assert board.digit_text(cell) == "ABCDEFG"[d - 10]


def test_size_menu_switches_board_size_title_and_pad(make_app: MakeApp) -> None:
    app = make_app()
    app.run_command("new-16")
    pump(app)
    assert app.session.geometry.side == 16 and app.board.geometry.side == 16
    assert _shown_candidates(app) == _candidate_count(app) and len(app.numpad.buttons) == 16
    assert len(app.board.find_withtag("digit")) == 256
    assert app.root.title() == f"Sudoku Tk — {app.session.name}"
    app.run_command("new-4")
    pump(app)
    assert len(app.board.find_withtag("digit")) == 16 and len(app.numpad.buttons) == 4
    fresh = recompute(app.session.start, (), app.session.assists)
    assert [app.board.digit_text(c) for c in range(16)] == [str(v) if v else "" for v in fresh.values]


# -- menus, theme, errors -------------------------------------------------------------------


def test_menus_are_built_from_the_commands(make_app: MakeApp) -> None:
    app = make_app()
    menubar = app.menubar
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    assert labels[:5] == ["Game", "Edit", "Check", "Assist", "View"]
    edit = app.root.nametowidget(menubar.entrycget(labels.index("Edit"), "menu"))
    assert edit.entrycget(0, "label") == "Undo" and edit.entrycget(0, "accelerator") == "Ctrl+Z"
    app.root.tk.eval(edit.cget("postcommand"))  # what opening the menu runs
    assert edit.entrycget(0, "state") == "disabled"
    click(app, 1, 1)
    app.root.tk.eval(edit.cget("postcommand"))  # what opening the menu runs
    assert edit.entrycget(0, "state") == "normal"
    assist = app.root.nametowidget(menubar.entrycget(labels.index("Assist"), "menu"))
    assist.invoke(0)
    pump(app)
    assert Assist.PEERS not in app.session.assists
    assert app.root.getboolean(app.root.getvar(assist.entrycget(0, "variable"))) is False


def test_dark_theme_recolours_the_board(make_app: MakeApp) -> None:
    app = make_app(theme="dark")
    assert _fill(app, app.board.digit_item(0)) == DARK.given
    assert _fill(app, app.board.cell_item(1)) == DARK.board
    app.run_command("theme-dark")
    pump(app)
    assert _fill(app, app.board.digit_item(0)) == LIGHT.given
    assert app.board.digit_text(0) == "4"


@pytest.mark.tk_errors_expected
def test_an_error_in_a_handler_is_shown_plainly_and_the_game_kept(make_app: MakeApp, capsys) -> None:  # type: ignore[no-untyped-def]
    app = make_app()
    click(app, 1, 1)

    def broken() -> None:
        raise RuntimeError("boom")

    app.after(0, broken)
    pump(app)
    pump(app)
    assert isinstance(app.last_error, RuntimeError)
    assert app.banner_text() == "Something went wrong (RuntimeError: boom). Your game is kept."
    assert app.status_text() == "Something went wrong; your game is kept"
    assert app.board.digit_text(1) == "1" and len(app.session.moves) == 1
    assert "RuntimeError: boom" in capsys.readouterr().err
    click(app, 3, 3, button=3)
    assert len(app.session.moves) == 2


def test_origins_shown_match_the_session_after_many_clicks(make_app: MakeApp) -> None:
    app = make_app()
    sol = solve(app.session.start)
    assert sol is not None
    tags = {Origin.GIVEN: "given", Origin.PLAYER: "player", Origin.AUTO: "auto", Origin.EMPTY: "empty"}
    for _ in range(6):
        empty = app.session.position.empty_cells()
        if not empty:
            break
        click(app, empty[-1], sol[empty[-1]])
    pos = app.session.position
    assert [app.board.digit_role(c) for c in range(81)] == [tags[o] for o in pos.origins]


def test_commands_added_later_reach_menus_toolbar_and_keys(make_app: MakeApp) -> None:
    from sudoku_tk.app.game.commands import Command, Shortcut

    app = make_app()
    ran: list[str] = []
    # An id, menu and key no real command uses (the hint panel adds "hint" itself).
    app.commands.add(
        Command(
            "extra-tool",
            "Extra tool",
            lambda: ran.append("extra"),
            shortcuts=(Shortcut.parse("F12"),),
            menu="Tools",
            toolbar=True,
        )
    )
    pump(app)
    menubar = app.menubar
    labels = [menubar.entrycget(i, "label") for i in range(menubar.index("end") + 1)]
    assert labels[-1] == "Tools"
    # The window keeps its width, so an eighth button may turn the toolbar to its short labels.
    expected = "Extra" if app.menus.toolbar_compact else "Extra tool"
    assert app.toolbar_button("extra-tool").cget("text") == expected
    key(app, "F12")
    assert ran == ["extra"]
    app.toolbar_button("extra-tool").invoke()
    assert ran == ["extra", "extra"]


def test_pause_hides_the_board_stops_the_clock_and_ignores_input(make_app: MakeApp) -> None:
    app = make_app()
    click(app, 1, 1)
    board = app.board
    key(app, "p", CONTROL)
    assert board.paused and app.card_text().startswith("Paused")
    assert not app.session.is_clock_running()
    assert all(board.itemcget(i, "state") == "hidden" for i in board.find_withtag("digit"))
    assert all(board.itemcget(i, "state") == "hidden" for i in board.find_withtag("cand"))
    moves = app.session.moves
    x, y = board.candidate_center(3, 3)
    board.event_generate("<Button-3>", x=int(x), y=int(y))  # off the card: still ignored
    key(app, "Right")
    key(app, "5")
    assert app.session.moves == moves
    press_card(app, "Resume")
    assert not board.paused and app.card_text() == "" and app.session.is_clock_running()
    assert board.digit_text(1) == "1" and board.itemcget(board.digit_item(1), "state") == "normal"
    pos = app.session.position
    assert all(board.candidate_visible(c, d) == pos.has_candidate(c, d) for c in range(81) for d in range(1, 10))
