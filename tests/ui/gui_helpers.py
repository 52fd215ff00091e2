"""GUI test helpers: real events on the board, and pumping Tk without mainloop."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sudoku_tk.ui.window.app import App

# top95 #1: the singles do not solve it, so the board stays open with every assist on.
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

MakeApp = Callable[..., App]


def pump(app: App) -> None:
    """Let Tk process every pending event and redraw (never mainloop in tests)."""
    app.update_idletasks()
    app.update()


def click(app: App, cell: int, digit: int | None = None, button: int = 1, state: int = 0) -> None:
    """Press a mouse button over a candidate slot (or the cell's rim when ``digit`` is None)."""
    board = app.board
    if digit is None:
        rect = board.layout.cell_rect(cell)
        x, y = rect.x0 + 1, rect.center[1]
    else:
        x, y = board.candidate_center(cell, digit)
    board.event_generate("<Motion>", x=int(x), y=int(y))
    board.event_generate(f"<Button-{button}>", x=int(x), y=int(y), state=state)
    board.event_generate(f"<ButtonRelease-{button}>", x=int(x), y=int(y))
    pump(app)


def hover(app: App, cell: int, digit: int | None = None) -> None:
    board = app.board
    x, y = board.cell_center(cell) if digit is None else board.candidate_center(cell, digit)
    board.event_generate("<Motion>", x=int(x), y=int(y))
    pump(app)
    pump(app)  # the "why" display waits for an after() call, even at 0 ms


def key(app: App, keysym: str, state: int = 0) -> None:
    """Press a key with the board focused.

    Tk drops a generated key event when another application holds the X focus
    (tests running in parallel share the virtual screen), so the press is repeated
    until the board has seen it; a dropped press has no effect to undo.
    """
    board = app.board
    seen: list[str] = []
    board.bind("<KeyPress>", lambda e: seen.append(e.keysym))  # the board's own tag: sees every key first
    try:
        for _ in range(100):
            board.focus_force()
            pump(app)
            board.event_generate("<KeyPress>", keysym=keysym, state=state)
            if seen:
                break
            time.sleep(0.02)
        board.event_generate("<KeyRelease>", keysym=keysym, state=state)
    finally:
        board.unbind("<KeyPress>")
    assert seen, f"the key {keysym!r} never reached the board"
    pump(app)


def press_card(app: App, label: str) -> None:
    """Click a button of the card shown over the board."""
    x, y = app.board.card_button_center(label)
    app.board.event_generate("<Motion>", x=int(x), y=int(y))
    app.board.event_generate("<Button-1>", x=int(x), y=int(y))
    app.board.event_generate("<ButtonRelease-1>", x=int(x), y=int(y))
    pump(app)
    pump(app)


def when_dialog_opens(app: App, cls: type, action: Callable[[Any], None], errors: list[BaseException]) -> None:
    """Run ``action(dialog)`` once a dialog of ``cls`` is on screen.

    A modal dialog blocks the code that opened it until it closes, so the test
    schedules its answer first. An error in ``action`` cancels the dialog (so the
    test never hangs) and is kept in ``errors`` for the test to raise.
    """
    deadline = time.monotonic() + 10

    def poll() -> None:
        for widget in app.root.winfo_children():
            if isinstance(widget, cls) and widget.winfo_ismapped():
                try:
                    action(widget)
                except BaseException as exc:  # noqa: BLE001 - handed back to the test
                    errors.append(exc)
                    if widget.winfo_exists():
                        widget.cancel()
                return
        if time.monotonic() < deadline:
            app.after(20, poll)

    app.after(20, poll)


def clipboard(app: App, text: str | None) -> None:
    """Put ``text`` on the clipboard (None empties it)."""
    app.root.clipboard_clear()
    if text is not None:
        app.root.clipboard_append(text)
    pump(app)


def choose_new_game(app: App, act: Callable[[Any], None]) -> None:
    """Ctrl+N, then ``act`` on the New game dialog, then Return (Play)."""
    from sudoku_tk.ui.dialogs.new_game import NewGameDialog
    from sudoku_tk.ui.window.keys import CONTROL

    errors: list[BaseException] = []

    def answer(dialog: NewGameDialog) -> None:
        act(dialog)
        dialog.focus_force()
        dialog.update()
        dialog.event_generate("<Return>")

    when_dialog_opens(app, NewGameDialog, answer, errors)
    key(app, "n", CONTROL)
    pump(app)
    assert not errors, errors
