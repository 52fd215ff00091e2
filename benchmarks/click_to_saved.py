"""Click-to-saved on long games (issue 22, item 26): how long one move takes until its autosave is written.

    python benchmarks/click_to_saved.py            # a real window (a virtual screen is started when needed)
    python benchmarks/click_to_saved.py --no-window   # the same clicks without drawing (= bench section "saving")
    python benchmarks/click_to_saved.py --lengths 1000 20000 --clicks 20

A game of N moves (1,000, 20,000, 100,000 by default; see sudoku_tk/bench/saving.py for the game)
is opened in a real window with a data folder, so every move is autosaved as the player's
are. Each click is a real event on the board (right-click removes a candidate, right-click
again puts it back, left-click places a digit, then Undo), and the time runs from the event
until the autosave of that move has been written (the window draws first, then saves).
Prints the median, the 95th percentile and the maximum per N, and the machine's load.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sudoku_tk.bench.saving import CLICKS, LENGTHS, TARGET_MS, click_to_saved, long_game, report  # noqa: E402


def _ensure_display() -> subprocess.Popen[bytes] | None:
    if os.environ.get("DISPLAY"):
        return None
    exe = shutil.which("Xvfb")
    if exe is None:
        raise SystemExit("no display and no Xvfb: run with --no-window")
    server = subprocess.Popen(
        [exe, "-displayfd", "1", "-screen", "0", "1366x768x24", "-nolisten", "tcp"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert server.stdout is not None
    os.environ["DISPLAY"] = ":" + server.stdout.readline().decode().strip()
    return server


def window_clicks(length: int, count: int) -> tuple[list[float], list[float]]:
    """Seconds from each click event to its autosave written, on a real window holding a game of ``length`` moves:
    wall clock, and this thread's CPU time (what the app itself spent, without waiting for a core)."""
    import tkinter as tk

    from sudoku_tk.app.game.session import Session
    from sudoku_tk.engine.play.moves import Eliminate
    from sudoku_tk.ui.window.app import App

    data = Path(tempfile.mkdtemp(prefix="sudoku-tk-bench-"))
    root = tk.Tk()
    try:
        app = App(root, session=Session.from_record(long_game(length)), data_dir=data, why_delay_ms=10_000)
        saver = app.files.autosaver
        assert saver is not None
        saved: list[tuple[float, float]] = []
        real_save = saver.save

        def timed_save(record, *, durable: bool = False) -> None:  # type: ignore[no-untyped-def]
            real_save(record, durable=durable)
            saved.append((time.perf_counter(), time.thread_time()))

        saver.save = timed_save  # type: ignore[method-assign]
        for _ in range(20):
            app.update()
        board = app.board
        times: list[float] = []
        cpus: list[float] = []
        for i in range(count):
            position = app.session.position
            empty = position.empty_cells()
            step = i % 4
            before = len(saved)
            t0, c0 = time.perf_counter(), time.thread_time()
            last = app.session.moves[-1] if app.session.moves else None
            restore = last.candidates if step == 1 and isinstance(last, Eliminate) else ()
            if step == 3 or (step == 1 and (not restore or position.values[restore[0][0]])):
                app.run_command("undo")  # (or the removal let the singles fill that very cell: the player undoes)
            else:
                if restore:
                    ((cell, digit),) = restore
                else:
                    cell = empty[(i * 7) % len(empty)]
                    digit = next(iter(position.candidate_set(cell)))
                x, y = board.candidate_center(cell, digit)
                button = 1 if step == 2 else 3
                board.event_generate("<Motion>", x=int(x), y=int(y))
                board.event_generate(f"<Button-{button}>", x=int(x), y=int(y))
                board.event_generate(f"<ButtonRelease-{button}>", x=int(x), y=int(y))
            deadline = t0 + 60
            while len(saved) == before and time.perf_counter() < deadline:
                app.update()
            if len(saved) == before:
                raise RuntimeError(f"click {i} was never saved")
            times.append(saved[-1][0] - t0)
            cpus.append(saved[-1][1] - c0)
        app.close()
        return times, cpus
    finally:
        try:
            root.destroy()
        except tk.TclError:
            pass
        shutil.rmtree(data, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-window", action="store_true", help="time the clicks without a window (no drawing)")
    parser.add_argument("--lengths", type=int, nargs="+", default=list(LENGTHS), help="game lengths in moves")
    parser.add_argument("--clicks", type=int, default=CLICKS, help="clicks timed per length")
    args = parser.parse_args(argv)
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    print(f"machine: {os.cpu_count()} cores; load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}" if load else "")
    server = None if args.no_window else _ensure_display()
    try:
        for length in args.lengths:
            if args.no_window:
                walls, cpus = click_to_saved(length, args.clicks)
                print(report(length, walls, cpus), flush=True)
                continue
            walls, cpus = window_clicks(length, args.clicks)
            times, cpu = sorted(walls), sorted(cpus)
            median = statistics.median(times) * 1000
            p95 = times[max(0, int(round(0.95 * len(times))) - 1)] * 1000
            cpu_p95 = cpu[max(0, int(round(0.95 * len(cpu))) - 1)] * 1000
            verdict = "OK" if median <= TARGET_MS else "MISSED"
            print(
                f"  {length:>7,} moves, window: median {median:.1f} ms (CPU {statistics.median(cpu) * 1000:.1f}), "
                f"p95 {p95:.1f} ms (CPU {cpu_p95:.1f}), max {times[-1] * 1000:.1f} ms"
                f"   target median <= {TARGET_MS:.0f} ms: {verdict}",
                flush=True,
            )
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=5)
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load:
        print(f"load average after: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
