"""The ``saving`` section: click-to-saved on long games, the cost a move must not grow with (issue 22, item 26).

A game of N moves (1,000, 20,000, 100,000) is loaded into a Session with an Autosaver set
up as the window sets it up (no fsync but every 10th save). Each timed "click" is what the
window does for one move, without drawing: the Session request (the move and the board's
recompute) and the autosave of the game (the record and its write). The clicks are a
player's: remove a candidate, put it back, place a digit, clear it. Figures are the median
and the 95th percentile, wall clock and this thread's CPU time (see registry.py), per N.
``benchmarks/click_to_saved.py`` runs the same clicks on a real window.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime, timezone
from functools import partial
from pathlib import Path

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore
from sudoku_tk.engine.play.propagation import recompute

from .registry import BenchConfig, ms, percentile, section, timed_both

LENGTHS = (1_000, 20_000, 100_000)
CLICKS = 40
TARGET_MS = 20.0
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
"""top95 #1: the singles leave it open, so every click below keeps the game going."""


def long_game(length: int, puzzle: str = HARD) -> GameRecord:
    """A game of ``length`` moves a player could have made: candidates removed and put back, digits placed and
    cleared again, spread over the board (the board ends as it started)."""
    grid = parse_grid(puzzle)
    position = recompute(grid)
    pairs = [(c, d) for c in position.empty_cells() for d in position.candidate_set(c)]
    moves: list[Move] = []
    i = 0
    while len(moves) < length:
        cell, digit = pairs[(i * 37) % len(pairs)]
        if i % 2:
            moves += [Eliminate(((cell, digit),)), Restore(((cell, digit),))]
        else:
            moves += [Place(cell, digit), Clear(cell)]
        i += 1
    return GameRecord.new(grid, name=f"{length} moves", now=datetime(2024, 6, 7, tzinfo=timezone.utc)).with_progress(
        moves[:length]
    )


def clicks(session: Session, count: int) -> Iterator[Callable[[], object]]:
    """``count`` clicks on ``session``: remove a candidate, put it back (or undo), place a digit, clear it, round
    again."""
    for i in range(count):
        position = session.position
        empty = position.empty_cells()
        cell = empty[(i * 7) % len(empty)]
        digit = next(iter(position.candidate_set(cell)))
        step = i % 4
        if step == 0:
            yield partial(session.eliminate, cell, digit)
        elif step == 1:
            last = session.moves[-1]
            assert isinstance(last, Eliminate)
            ((c, d),) = last.candidates
            # Put it back; when the removal let the singles fill that very cell, the player undoes instead.
            yield partial(session.restore, c, d) if not position.values[c] else session.undo
        elif step == 2:
            yield partial(session.place, cell, digit)
        else:
            last = session.moves[-1]
            assert isinstance(last, Place)
            yield partial(session.clear, last.cell)


def click_to_saved(length: int, count: int = CLICKS) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of ``count`` clicks, each up to its autosave written, on a game of ``length`` moves."""
    folder = Path(tempfile.mkdtemp(prefix="sudoku-tk-bench-"))
    try:
        saver = Autosaver(folder, durable=False, durable_every=10)
        session = Session.from_record(long_game(length))
        saver.save(session.to_record(_now()))
        walls: list[float] = []
        cpus: list[float] = []
        for click in clicks(session, count):

            def click_and_save(click: Callable[[], object] = click) -> None:
                outcome = click()
                assert outcome, outcome
                saver.save(session.to_record(_now()))

            wall, cpu, _ = timed_both(click_and_save)
            walls.append(wall)
            cpus.append(cpu)
        reloaded, _message = Autosaver(folder).load_latest()
        assert reloaded is not None and reloaded.moves == session.moves, "the autosave lost a move"
        return walls, cpus
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


def report(length: int, walls: Sequence[float], cpus: Sequence[float]) -> str:
    """One line of figures for one game length."""
    w, c = sorted(walls), sorted(cpus)
    median = percentile(w, 50)
    return (
        f"  {length:>7,} moves: median {ms(median):>8} (CPU {ms(percentile(c, 50))}), "
        f"p95 {ms(percentile(w, 95)):>8} (CPU {ms(percentile(c, 95))}), max {ms(w[-1])}   "
        f"target median <= {TARGET_MS:.0f} ms: {'OK' if median * 1000 <= TARGET_MS else 'MISSED'}"
    )


@section("saving", "click-to-saved: one move and its autosave on games of 1k / 20k / 100k moves (no drawing)")
def bench_saving(cfg: BenchConfig) -> None:
    for length in LENGTHS if not cfg.quick else LENGTHS[:1]:
        t0 = time.perf_counter()
        walls, cpus = click_to_saved(length, cfg.sample(CLICKS, 8))
        print(report(length, walls, cpus) + f"   ({time.perf_counter() - t0:.1f} s with set-up)", flush=True)
