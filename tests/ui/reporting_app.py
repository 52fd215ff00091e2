"""The real app, reporting to a test that drives it from outside (test_app_kill.py).

``python tests/ui/reporting_app.py ARGS`` runs ``sudoku-tk ARGS`` as ``python -m sudoku_tk`` does, and
prints one JSON line on standard output:

- ``{"ready": true, "board": [x, y, width, height], "box", "moves", "name", "elapsed", "notice"}`` once the
  window is on screen (where the board is, in screen pixels, and the game it shows);
- ``{"saved": <moves>}`` after each autosave written.

The reports hook into the app's public classes in this process only; the app itself knows nothing of them.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from sudoku_tk.__main__ import main
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.ui.window.app import App


def report(**data: object) -> None:
    print(json.dumps(data), flush=True)


_save = Autosaver.save
_mainloop = App.mainloop


def _save_and_report(self: Autosaver, record: GameRecord, *, durable: bool = False) -> None:
    _save(self, record, durable=durable)  # a failed save raises: nothing is reported
    report(saved=len(record.moves))


def _report_when_shown(app: App) -> None:
    if not app.root.winfo_viewable() or app.board.winfo_width() < 50:
        app.after(20, _report_when_shown, app)
        return
    app.update_idletasks()
    b = app.board
    report(
        ready=True,
        board=[b.winfo_rootx(), b.winfo_rooty(), b.winfo_width(), b.winfo_height()],
        box=app.session.geometry.box,
        moves=len(app.session.moves),
        name=app.session.name,
        elapsed=app.session.elapsed(),
        notice=app.banner_text(),
    )


def _mainloop_and_report(self: App, n: int = 0) -> Any:
    self.after(50, _report_when_shown, self)
    return _mainloop(self, n)


if __name__ == "__main__":
    Autosaver.save = _save_and_report  # type: ignore[method-assign]
    App.mainloop = _mainloop_and_report  # type: ignore[method-assign, assignment]
    sys.exit(main(sys.argv[1:]))
