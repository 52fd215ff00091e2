"""``sudoku-tk --self-test``: prove that an installed or frozen app works, end to end, by exit status.

This module owns the self-test a build runs on its own result (build_scripts/build.py). It
opens the real window, loads the default built-in puzzle, places a digit through the session,
checks that every peer of the cell lost that candidate (in the session's position and on the
canvas, which must match the position everywhere), checks the menus' shortcuts the platform's way
(shown as its menus read them, bound with its modifier: Command on macOS) and presses Undo's
(Ctrl+Z, ⌘Z) to take the move back, checks that Help > About names this version and finds the
libraries it names, then closes the window. It needs no stdout (a windowed
Windows app has none): the exit status says what failed (``Status``), and when the environment
variable ``SUDOKU_TK_SELFTEST_LOG`` names a file, timestamped marks (``start``, ``window_shown``,
``done``) and any failure detail are appended to it so the builder can time the start-up.

The self-test never touches the player's saved games or settings.
"""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Sequence
from enum import IntEnum
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import tkinter as tk

    from sudoku_tk.app.game.session import Session
    from sudoku_tk.app.puzzles.built_in import PuzzleEntry
    from sudoku_tk.engine.board.grid import Grid
    from sudoku_tk.engine.play.propagation import Position
    from sudoku_tk.ui.window.app import App

LOG_ENV = "SUDOKU_TK_SELFTEST_LOG"
ICON_SIZES = (16, 32, 48, 64, 128, 256)


class Status(IntEnum):
    """Exit status of the self-test: 0 passed, one code per kind of failure; ``meaning`` says which."""

    meaning: str

    def __new__(cls, code: int, meaning: str) -> Status:
        member = int.__new__(cls, code)
        member._value_ = code
        member.meaning = meaning
        return member

    PASSED = 0, "the window opened, the move was played and the board shows the right candidates"
    NO_WINDOW = 10, "tkinter or the display is missing, or the main window could not be built"
    NO_PUZZLE = 11, "the built-in puzzle could not be loaded (package data missing from the build?)"
    NO_ICON = 12, "the window-icon images are missing from the package data or Tk can't read them"
    MOVE_REFUSED = 13, "the session refused a legal placement"
    WRONG_CANDIDATES = 14, "after the placement the session's candidates are not what the rules say"
    CANVAS_MISMATCH = 15, "the canvas does not show what the session says (a digit or a candidate)"
    CLOSE_FAILED = 16, "the window did not close cleanly"
    CRASHED = 17, "an unexpected exception (the log and stderr have the traceback)"
    TIMEOUT = 18, "the app did not finish in time (reported by the builder, which had to stop it)"
    MENU_KEYS = 19, "a menu shortcut is not shown or bound the platform's way, or Undo's key did not undo"
    ABOUT = 20, "Help > About does not name this version, or a library it names is missing from the build"

    def describe(self) -> str:
        """Name, code and meaning, for the builder's message."""
        return f"{self.name.lower().replace('_', ' ')} (exit status {self.value}): {self.meaning}"


class SelfTestFailure(Exception):
    """One check failed: ``status`` is the exit code, the message says what was seen."""

    def __init__(self, status: Status, detail: str) -> None:
        super().__init__(detail)
        self.status = status


# -- the log the builder reads -------------------------------------------------------


def mark(name: str, detail: str = "") -> None:
    """Append ``name <unix time>[ detail]`` to the log named by SUDOKU_TK_SELFTEST_LOG, if any."""
    path = os.environ.get(LOG_ENV)
    if not path:
        return
    line = f"{name} {time.time():.6f}" + (f" {detail}" if detail else "")
    with open(path, "a", encoding="utf-8") as log:
        log.write(line.replace("\n", " | ") + "\n")


def read_marks(path: Path) -> dict[str, float]:
    """The marks in a self-test log, name -> unix time (the last one wins); {} if there is none.

    >>> import tempfile, pathlib
    >>> log = pathlib.Path(tempfile.mkdtemp()) / "log"
    >>> _ = log.write_text("start 10.5\\nwindow_shown 11.25\\nfailed 12.0 no window | more\\n")
    >>> read_marks(log)
    {'start': 10.5, 'window_shown': 11.25, 'failed': 12.0}
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return {}
    marks = {}
    for line in text.splitlines():
        parts = line.split(" ", 2)
        if len(parts) >= 2:
            try:
                marks[parts[0]] = float(parts[1])
            except ValueError:
                continue
    return marks


def _report(message: str) -> None:
    """Say what went wrong on stderr when there is one (a windowed Windows app has none)."""
    if sys.stderr is not None:
        print(f"sudoku-tk --self-test: {message}", file=sys.stderr)


# -- the checks that need no window ------------------------------------------------


def choose_move(position: Position, solution: Sequence[int]) -> tuple[int, int]:
    """The first empty cell (row-major) whose solution digit is still a candidate of an empty peer.

    Placing the right digit keeps the puzzle solvable; a peer that still has the digit makes
    the candidate check mean something.
    """
    geometry = position.geometry
    for cell in range(geometry.ncells):
        if position.values[cell]:
            continue
        digit = solution[cell]
        if any(position.has_candidate(peer, digit) for peer in geometry.peers[cell]):
            return cell, digit
    raise SelfTestFailure(Status.NO_PUZZLE, "the loaded puzzle has no empty cell with a live candidate")


def expected_candidates(before: Position, cell: int, digit: int) -> tuple[int, ...]:
    """Candidate masks after placing ``digit`` in ``cell`` with only the peer assist on."""
    bit = 1 << (digit - 1)
    peers = set(before.geometry.peers[cell])
    return tuple(0 if c == cell else mask & ~bit if c in peers else mask for c, mask in enumerate(before.candidates))


def check_position(before: Position, after: Position, cell: int, digit: int) -> None:
    """Raise WRONG_CANDIDATES unless ``after`` is ``before`` with the digit placed and peers updated."""
    geometry = after.geometry
    if after.values[cell] != digit:
        raise SelfTestFailure(
            Status.WRONG_CANDIDATES, f"{geometry.cell_name(cell)} holds {after.values[cell]} after placing {digit}"
        )
    expected = expected_candidates(before, cell, digit)
    wrong = [geometry.cell_name(c) for c, mask in enumerate(after.candidates) if mask != expected[c]]
    if wrong:
        raise SelfTestFailure(Status.WRONG_CANDIDATES, f"candidates wrong after the placement in {wrong[:9]}")


# -- the canvas, read through its documented item tags (see ui/board/canvas.py) -----------


def canvas_candidate_shown(canvas: tk.Canvas, cell: int, digit: int, char: str) -> bool:
    """Whether the canvas shows ``digit`` as a candidate of ``cell`` (its item visible, with text)."""
    items = canvas.find_withtag(f"cand-{cell}-{digit}")
    return any(canvas.itemcget(i, "state") != "hidden" and canvas.itemcget(i, "text") == char for i in items)


def canvas_digit(canvas: tk.Canvas, cell: int) -> tuple[str, tuple[str, ...]]:
    """The text and tags of the digit item of ``cell`` ("" and () when there is none)."""
    items = canvas.find_withtag(f"digit-{cell}")
    if not items:
        return "", ()
    return str(canvas.itemcget(items[0], "text")), tuple(canvas.gettags(items[0]))


def check_canvas(canvas: tk.Canvas, position: Position) -> None:
    """Raise CANVAS_MISMATCH unless every digit and candidate on the canvas matches ``position``."""
    geometry = position.geometry
    for cell in range(geometry.ncells):
        value = position.values[cell]
        text, _ = canvas_digit(canvas, cell)
        if text != (geometry.digit_char(value) if value else ""):
            raise SelfTestFailure(
                Status.CANVAS_MISMATCH, f"{geometry.cell_name(cell)} shows {text!r}, the session says {value}"
            )
        for digit in range(1, geometry.side + 1):
            wanted = position.has_candidate(cell, digit)
            if canvas_candidate_shown(canvas, cell, digit, geometry.digit_char(digit)) != wanted:
                state = "shows" if not wanted else "hides"
                raise SelfTestFailure(
                    Status.CANVAS_MISMATCH, f"{geometry.cell_name(cell)} {state} candidate {digit} against the session"
                )


# -- the run -------------------------------------------------------------------------

WINDOW_WAIT_SECONDS = 10.0


def _load_puzzle() -> tuple[Grid, PuzzleEntry]:
    from sudoku_tk.app.puzzles import built_in as puzzles

    if not puzzles.library():
        raise SelfTestFailure(Status.NO_PUZZLE, "the built-in puzzle library is empty")
    entry = puzzles.default_puzzle()
    if puzzles.by_id(entry.id) is None:
        raise SelfTestFailure(Status.NO_PUZZLE, f"the default puzzle {entry.id!r} is not in the library")
    return entry.grid(), entry


def _check_icons(root: tk.Tk) -> None:
    import tkinter as tk
    from importlib import resources

    folder = resources.files("sudoku_tk").joinpath("resources")
    for size in ICON_SIZES:
        try:
            image = tk.PhotoImage(master=root, data=folder.joinpath(f"icon-{size}.png").read_bytes())
        except (OSError, tk.TclError) as exc:
            raise SelfTestFailure(Status.NO_ICON, f"icon-{size}.png: {exc}") from None
        if (image.width(), image.height()) != (size, size):
            raise SelfTestFailure(Status.NO_ICON, f"icon-{size}.png is {image.width()}x{image.height()}")


def _open_window(session: Session) -> App:
    try:
        import tkinter as tk

        from sudoku_tk.ui.window.app import App
    except ImportError as exc:
        raise SelfTestFailure(Status.NO_WINDOW, f"the window can't open: {exc}") from None
    try:
        app = App(session=session)
        deadline = time.monotonic() + WINDOW_WAIT_SECONDS
        app.root.update()
        while not app.root.winfo_viewable():
            if time.monotonic() > deadline:
                raise SelfTestFailure(Status.NO_WINDOW, f"the window was not shown within {WINDOW_WAIT_SECONDS} s")
            time.sleep(0.01)
            app.root.update()
    except tk.TclError as exc:
        raise SelfTestFailure(Status.NO_WINDOW, f"the window can't open: {exc}") from None
    mark("window_shown")
    return app


def _play_and_check(app: App) -> None:
    """Place a digit through the session; check the session's candidates and the canvas."""
    from sudoku_tk.engine.solving.brute_force import solve

    session = app.session
    before = session.position
    check_canvas(app.board, before)
    solution = solve(session.start)
    if solution is None:
        raise SelfTestFailure(Status.NO_PUZZLE, "the default puzzle has no solution")
    cell, digit = choose_move(before, solution)
    outcome = session.place(cell, digit)
    if not outcome:
        raise SelfTestFailure(
            Status.MOVE_REFUSED, f"placing {digit} in {session.geometry.cell_name(cell)}: {outcome.message}"
        )
    app.root.update()
    after = session.position
    check_position(before, after, cell, digit)
    text, tags = canvas_digit(app.board, cell)
    if text != session.geometry.digit_char(digit) or "player" not in tags:
        raise SelfTestFailure(Status.CANVAS_MISMATCH, f"the placed digit shows as {text!r} with tags {tags}")
    check_canvas(app.board, after)
    _check_menus_and_keys(app, cell, before)


def _entries(menu: tk.Menu) -> range:
    end = menu.index("end")
    return range(end + 1 if end is not None else 0)


def _check_menus_and_keys(app: App, cell: int, before: Position) -> None:
    """Each menu entry shows its command's first shortcut as the platform's menus read it (Tk's macOS menus draw
    ``Command-Z`` as ⌘Z), every shortcut is bound on the window with the platform's modifier, and pressing
    Undo's first shortcut takes the placement in ``cell`` back."""
    from sudoku_tk.ui.window.keys import menu_accelerator, tk_sequences

    root, platform, menubar = app.root, app.platform, app.menus.menubar
    if menubar is None:
        raise SelfTestFailure(Status.MENU_KEYS, "the window has no menu bar")
    menus = {
        str(menubar.entrycget(i, "label")): menubar.nametowidget(menubar.entrycget(i, "menu"))
        for i in _entries(menubar)
        if menubar.type(i) == "cascade"
    }
    for command in app.commands:
        if not command.shortcuts:
            continue
        unbound = [seq for s in command.shortcuts for seq in tk_sequences(s, platform) if not root.bind(seq)]
        if unbound:
            raise SelfTestFailure(Status.MENU_KEYS, f"{command.label}: {unbound} not bound on the window")
        menu = menus.get(command.menu)
        if menu is None:
            continue
        for i in _entries(menu):
            if menu.type(i) != "separator" and menu.entrycget(i, "label") == command.label:
                shown = str(menu.entrycget(i, "accelerator"))
                if shown != menu_accelerator(command.shortcuts[0], platform):
                    raise SelfTestFailure(Status.MENU_KEYS, f"{command.menu} > {command.label} shows {shown!r}")
    undo = app.commands.get("undo").shortcuts[0]
    # Tk hands a key event to the window that has the keyboard focus, and drops it when its app has none (a build
    # started by CI may not be the active app): take the focus first, as a click on the window would.
    root.focus_force()
    root.update()
    root.event_generate(tk_sequences(undo, platform)[0])
    root.update()
    if app.session.position.values[cell]:
        raise SelfTestFailure(Status.MENU_KEYS, f"{undo.label(platform)} did not take the move back")
    check_canvas(app.board, before)


def _check_about(app: App) -> None:
    """Help > About's text names this version and the version of every library it names."""
    from sudoku_tk import APP_NAME, __version__
    from sudoku_tk.ui.messages.help_windows import about_lines

    lines = [line.text for line in about_lines(app.root)]
    if lines[0] != f"{APP_NAME} {__version__}":
        raise SelfTestFailure(Status.ABOUT, f"About's first line is {lines[0]!r}")
    missing = [line for line in lines if "not installed" in line]
    if missing:
        raise SelfTestFailure(Status.ABOUT, f"About says {missing[0]!r}")


def _close(app: App) -> None:
    import tkinter as tk

    root = app.root
    try:
        app.close()
        root.update()
    except tk.TclError:
        pass  # a destroyed root refuses update(): that is the point
    try:
        still_open = bool(root.winfo_exists())
    except tk.TclError:
        still_open = False
    if still_open:
        raise SelfTestFailure(Status.CLOSE_FAILED, "the window still exists after close()")


def run() -> None:
    """The whole self-test; raises SelfTestFailure on the first failed check."""
    from sudoku_tk.app.game.session import Session
    from sudoku_tk.engine.play.propagation import Assist

    grid, entry = _load_puzzle()
    # Peers only: the singles assists would solve the default puzzle on their own, and an exact
    # check of the candidates needs one rule at work.
    session = Session(grid, entry.name, puzzle_id=entry.id, assists=(Assist.PEERS,))
    app = _open_window(session)
    try:
        _check_icons(app.root)
        _play_and_check(app)
        _check_about(app)
    finally:
        _close(app)


def main(args: Sequence[str] = ()) -> int:
    """Run the self-test; return a ``Status`` value (0 passed). ``args`` is accepted and unused."""
    mark("start")
    try:
        run()
    except SelfTestFailure as failure:
        status, detail = failure.status, str(failure)
    except Exception:  # the boundary of the self-test: any crash becomes an exit status
        status, detail = Status.CRASHED, traceback.format_exc()
    else:
        mark("done")
        return int(Status.PASSED)
    mark("failed", f"{status.name}: {detail}")
    _report(f"{status.name}: {detail}")
    return int(status)
