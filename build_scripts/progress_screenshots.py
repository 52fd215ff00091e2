"""Screenshots of Game > Progress… with 30 recorded games, at 800×600 and 1366×768, light and dark (issue 25).

    .venv/bin/python build_scripts/progress_screenshots.py [--out shots/progress] [--games 30] [--seed 25]

Records ``--games`` games into a throwaway history (a temporary data folder; the player's is never touched):
built-in 9×9 puzzles of every level played over the last weeks, their times shrinking as a player learns, some
with hints, a few abandoned, the last days' daily puzzles solved (a streak); each record holds the techniques
its puzzle's default path really needs (``progress.path_techniques``). Then, for each screen size, it starts a
virtual screen of that size (Xvfb) and, for each theme, opens the app on that data folder, opens the Progress
window and saves one picture per tab (Times, Techniques, Games) with ImageMagick's ``import``. Needs Xvfb and
ImageMagick (``make test`` installs both).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from datetime import date, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.app.progress.history import FinishedGame, GameHistory, history_path  # noqa: E402
from sudoku_tk.app.progress.summaries import path_techniques  # noqa: E402
from sudoku_tk.app.puzzles import built_in as puzzles  # noqa: E402

SIZES = ((800, 600), (1366, 768))
THEMES = ("light", "dark")
TABS = ("times", "techniques", "games")
MINUTES = {"easy": 7.0, "medium": 12.0, "hard": 24.0, "unfair": 40.0, "extreme": 55.0}
"""A first game's minutes per level; later ones get faster."""


def record_games(data_dir: Path, count: int, seed: int, today: date) -> list[FinishedGame]:
    """Record ``count`` games of the built-in 9×9 puzzles into ``data_dir``'s history (see the module docstring)."""
    rng = random.Random(seed)
    levels = ["easy", "medium", "hard", "easy", "medium", "unfair", "hard", "medium", "easy", "extreme"]
    history = GameHistory(history_path(data_dir))
    games = []
    for i in range(count):
        level = levels[i % len(levels)]
        entry = rng.choice(puzzles.puzzles_for(9, level))
        when = datetime.combine(today, datetime.min.time()) - timedelta(days=count - 1 - i, hours=-20 + rng.random())
        learned = i / max(1, count - 1)
        seconds = MINUTES[level] * 60 * (1.15 - 0.5 * learned) * rng.uniform(0.85, 1.15)
        hints = (
            rng.choice([1, 2]) if level in ("unfair", "extreme") else rng.choice([0, 0, 0, 1]) if level == "hard" else 0
        )
        rungs = (hints + 1, hints, hints // 2) if hints else (0, 0, 0)
        abandoned = i % 9 == 4
        needed = tuple(t.name for t in path_techniques(entry.text))
        alone = needed if not hints and not abandoned else needed[: len(needed) // 2]
        daily = when.date().isoformat() if i >= count - 5 else ""
        game = FinishedGame(
            key=f"{when.isoformat()} {entry.name}",
            finished=when.strftime("%Y-%m-%d %H:%M"),
            name=entry.name,
            size=9,
            level=level,
            seconds=round(seconds * (0.4 if abandoned else 1.0), 1),
            hints=hints,
            puzzle=entry.text,
            score=0,
            moves=rng.randint(40, 140),
            mistakes=rng.choice([0, 0, 1, 2]),
            hint_rungs=rungs,
            techniques=needed,
            found_alone=alone,
            abandoned=abandoned,
            daily=daily,
        )
        if daily:
            game = replace(game, name=f"Daily · {level.capitalize()} · {daily}")
        history.record(game)
        games.append(game)
    return games


def shoot(data_dir: Path, theme: str, out: Path, size: tuple[int, int]) -> list[Path]:
    """In this process (on $DISPLAY): open the app and its Progress window, save a picture of each tab."""
    from sudoku_tk.app.puzzles.choice import PuzzleChoice
    from sudoku_tk.ui.window.app import App
    from sudoku_tk.ui.window.setup import make_root

    root = make_root()
    entry = puzzles.puzzles_for(9, "medium")[0]
    app = App(root, puzzle=PuzzleChoice(entry.id, entry.name, entry.text), theme=theme, data_dir=data_dir)
    root.geometry(f"{size[0]}x{size[1]}+0+0")
    root.update()
    window = app.stats.show()  # placed over the middle of the main window, within the screen
    saved = []
    for index, tab in enumerate(TABS):
        window.tabs.select(index)
        for _ in range(20):
            root.update()
            time.sleep(0.05)
        path = out / f"progress-{size[0]}x{size[1]}-{theme}-{tab}.png"
        subprocess.run(["import", "-window", "root", str(path)], check=True)
        saved.append(path)
    app.close()
    root.destroy()
    return saved


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=Path("shots/progress"))
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=25)
    parser.add_argument("--child", nargs=4, metavar=("DATA", "THEME", "WIDTH", "HEIGHT"), help=argparse.SUPPRESS)
    ns = parser.parse_args()
    ns.out.mkdir(parents=True, exist_ok=True)
    if ns.child:
        data, theme, width, height = ns.child
        for path in shoot(Path(data), theme, ns.out, (int(width), int(height))):
            print(path)
        return 0
    with tempfile.TemporaryDirectory(prefix="sudoku-tk-progress-") as folder:
        data_dir = Path(folder)
        started = time.perf_counter()
        games = record_games(data_dir, ns.games, ns.seed, date.today())
        print(f"recorded {len(games)} games in {time.perf_counter() - started:.1f} s into {data_dir}")
        for number, (width, height) in enumerate(SIZES, start=91):
            screen = subprocess.Popen(
                ["Xvfb", f":{number}", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            try:
                time.sleep(1.0)
                env = dict(os.environ, DISPLAY=f":{number}")
                for theme in THEMES:
                    child = [sys.executable, __file__, "--out", str(ns.out), "--child", folder, theme]
                    subprocess.run([*child, str(width), str(height)], env=env, check=True)
            finally:
                screen.terminate()
                screen.wait(10)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
