"""How well and how fast the picture reader reads: phone photos, other apps' boards, this app's own pictures.

    .venv/bin/python benchmarks/read_images.py                # every section that can run here
    .venv/bin/python benchmarks/read_images.py --only photos  # one section (photos, styles, curled, table, app, screens, memory)
    .venv/bin/python benchmarks/read_images.py --list-misreads

Sections:

- photos: ``../shared/data/photos`` (Wicht and Hennebert's Sudoku Dataset, CC-BY-4.0), the held-out photos
  (never trained or tuned on; see ``sudoku_tk/vision/photo_set.py`` for the split) apart from the ones the
  reader was tuned on. Per split: whole puzzles exactly right, cells right, and the wrong cells the player is
  shown (marked unsure, or pointed at by the puzzle check); the median and slowest seconds per photo.
- styles: boards drawn in the named styles of ``vision/synthetic.py`` (thin and thick lines, coloured boxes,
  serif, mono, sans, dark mode, a busy page, red digits), 9×9, and 4×4 / 16×16 in the plain style; cells right.
- curled: boards drawn in the named styles on strongly bent pages (``Camera.curl``: a smooth random bend of
  the page, up to 3, 5 and 8 % of the picture's side) and on squeezed ones (``Camera.squeeze``: a page rising
  towards one edge, its cells there up to 25, 40 and 55 % narrower), rolled along one axis (10 and 20 %) and
  curled at a corner (20 %), photographed a little badly; cells right, and the wrong cells shown to the player.
- table: boards drawn on a page cut close to the grid (a puzzle cut out of the paper; a puzzle at the page's
  edge) lying on a darker table, photographed a little badly; cells right, and the wrong cells shown.
- app: this app's own board pictures (render/, the light theme at 50–200 %), puzzles and positions (the
  player's digits, which the reader leaves out as not givens, and candidates, which read as empty).
- screens: real screenshots of the app's window under a virtual screen (light and dark themes, board zoom
  50–200 %); needs Xvfb (started here when there is no display) and Tk.
- memory: the peak memory (resident set) of a fresh process reading a 24-megapixel photo-sized JPEG.

Prints figures only; nothing here fails on speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from sudoku_tk.engine.formats import parse_grid

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.engine.board.grid import Grid  # noqa: E402
from sudoku_tk.vision.photo_set import SHARED_PHOTOS, Score, load_photos, score, split_note  # noqa: E402
from sudoku_tk.vision.read_check import CheckStatus, check_reading  # noqa: E402
from sudoku_tk.vision.reading import GridReading  # noqa: E402

PUZZLES = (
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..9748...7.........2.1.9.....7...24..64.1.59..98...3.....8.3.2.........6...2759..",
)
FOUR = "....4.1..2.4...."
SIXTEEN_SEED = 5


def shown_cells(reading: GridReading) -> tuple[list[int], list[int]]:
    """The cells the check screen shows the player: (unsure, pointed at by the puzzle check).

    A check that finds no one-cell fix points at the whole grid (every cell to compare with the picture).
    """
    check = check_reading(reading.values, reading.confidences, alternatives=[c.alternatives for c in reading.cells])
    pointed = [f.cell for f in check.fixes]
    if check.status is not CheckStatus.UNIQUE:
        pointed += list(check.suspects[:3]) + list(check.conflicts)
    if check.whole_grid:
        pointed = list(range(len(reading.cells)))
    return reading.unsure(), pointed


def _line(name: str, scores: Sequence[Score], seconds: Sequence[float], failed: int) -> str:
    total = len(scores) + failed
    exact = sum(s.exact for s in scores)
    cells = sum(s.cells for s in scores) + failed * 81
    right = sum(s.right for s in scores)
    wrong = sum(len(s.wrong) for s in scores)
    flagged = sum(len(s.flagged) for s in scores)
    parts = [
        f"{name}: {exact}/{total} puzzles exactly right ({exact / max(total, 1):.1%})",
        f"cells right {right}/{cells} ({right / max(cells, 1):.2%})",
        f"wrong cells shown to the player {flagged}/{wrong}" + (f" ({flagged / wrong:.0%})" if wrong else ""),
    ]
    if failed:
        parts.append(f"no grid found in {failed}")
    if seconds:
        parts.append(f"median {statistics.median(seconds):.2f} s, slowest {max(seconds):.2f} s")
    return "; ".join(parts)


# -- photos ----------------------------------------------------------------------------------------------------


def photos_section(list_misreads: bool, split: str = "both") -> None:
    from sudoku_tk.vision.image_input import open_picture
    from sudoku_tk.vision.locate import NoGridFound
    from sudoku_tk.vision.reader import read_picture

    if not SHARED_PHOTOS.is_dir():
        print(f"photos: {SHARED_PHOTOS} is not here; skipped")
        return
    photos = load_photos()
    print(f"photos: {len(photos)} phone photos of newspaper puzzles, {split_note()}")
    print("  (Sudoku Dataset by B. Wicht and J. Hennebert, CC-BY-4.0; published result: 82.5% of whole puzzles)")
    results: dict[bool, tuple[list[Score], list[float], int]] = {True: ([], [], 0), False: ([], [], 0)}
    misreads: list[str] = []
    for photo in photos:
        if (split == "held-out" and not photo.held_out) or (split == "tuned" and photo.held_out):
            continue
        scores, seconds, failed = results[photo.held_out]
        started = time.perf_counter()
        try:
            reading = read_picture(open_picture(photo.path))
        except NoGridFound:
            results[photo.held_out] = (scores, seconds, failed + 1)
            misreads.append(f"  {photo.name}{' (held out)' * photo.held_out}: no grid found")
            continue
        seconds.append(time.perf_counter() - started)
        unsure, pointed = shown_cells(reading)
        s = score(reading.values, unsure, pointed, photo.givens)
        scores.append(s)
        if s.wrong:
            geo = Grid.from_values(photo.givens).geometry
            cells = ", ".join(
                f"{geo.cell_name(c)} read {reading.values[c] or '.'} is {photo.givens[c] or '.'}"
                f"{' (shown)' if c in s.flagged else ' (SILENT)'}"
                for c in s.wrong
            )
            misreads.append(f"  {photo.name}{' (held out)' * photo.held_out}: {cells}")
    for held_out, label in ((True, "  held out (never seen)"), (False, "  tuned on (not a measure)")):
        scores, seconds, failed = results[held_out]
        if not scores and not failed:
            continue
        print(_line(label, scores, seconds, failed))
    if list_misreads:
        print("\n".join(misreads))


# -- styles and the app's pictures --------------------------------------------------------------------------------


def _read_board(picture, truth: Sequence[int], left_out: Sequence[int] | None = None) -> tuple[Score | None, float]:
    from sudoku_tk.vision.locate import NoGridFound
    from sudoku_tk.vision.reader import read_picture

    started = time.perf_counter()
    try:
        reading = read_picture(picture)
    except NoGridFound:
        return None, time.perf_counter() - started
    took = time.perf_counter() - started
    values = list(reading.values)
    expected = list(truth)
    if left_out is not None:  # the player's digits: right when seen and left out as not givens
        for cell, digit in enumerate(left_out):
            if digit:
                expected[cell] = -digit
                if reading.cells[cell].left_out == digit and not values[cell]:
                    values[cell] = -digit
    unsure, pointed = shown_cells(reading)
    return score(values, unsure, pointed, expected), took


def styles_section() -> None:
    from sudoku_tk.engine.generating.generator import generate
    from sudoku_tk.vision.synthetic import STYLES, styled_board

    print(f"styles: boards drawn in {len(STYLES)} styles (clean pictures, as a screenshot), 9×9 unless named")
    seconds: list[float] = []
    for name in STYLES:
        scores: list[Score] = []
        failed = 0
        for puzzle in PUZZLES:
            values = [int(c) if c != "." else 0 for c in puzzle]
            for cell in (28, 40, 56):
                s, took = _read_board(styled_board(name, values, cell).picture, values)
                seconds.append(took)
                if s is None:
                    failed += 1
                else:
                    scores.append(s)
        print(_line(f"  {name}", scores, [], failed))
    for label, values in (
        ("4×4 plain", [int(c) if c != "." else 0 for c in FOUR]),
        ("16×16 plain", list(generate(random.Random(SIXTEEN_SEED), 4).givens)),
    ):
        s, took = _read_board(styled_board("plain", values, 40).picture, values)
        print(_line(f"  {label}", [s] if s else [], [took], 0 if s else 1))
    print(f"  seconds per picture: median {statistics.median(seconds):.2f}, slowest {max(seconds):.2f}")


def _bent_pictures(label: str, faults: dict[str, float | str]) -> None:
    from dataclasses import replace

    from sudoku_tk.vision.synthetic import STYLES, Camera, draw_board, photograph

    names = [n for n in STYLES if n != "busy-page"]
    scores: list[Score] = []
    failed = 0
    for seed in range(24):
        rng = random.Random(f"bench-{'squeeze' if 'squeeze' in faults else 'curl'}/{seed}")
        values = [int(c) if c != "." else 0 for c in PUZZLES[seed % len(PUZZLES)]]
        style = (
            replace(STYLES[names[seed % len(names)]], thin=1.0, thick=3.0)
            if seed % 2
            else STYLES[names[seed % len(names)]]
        )
        camera = Camera(turn=rng.uniform(-8, 8), tilt=0.03, blur=0.6, noise=4, jpeg=80, **faults)
        s, _ = _read_board(photograph(draw_board(values, style, 44), camera, rng).picture, values)
        if s is None:
            failed += 1
        else:
            scores.append(s)
    print(_line(f"  {label}", scores, [], failed))


def curled_section() -> None:
    print("curled: boards in 8 styles on strongly bent and squeezed pages, 24 pictures each")
    for curl in (0.03, 0.05, 0.08):
        _bent_pictures(f"bent {curl:.0%} of the side", {"curl": curl})
    for squeeze in (0.25, 0.4, 0.55):
        _bent_pictures(f"squeezed: cells {squeeze:.0%} narrower at one edge", {"squeeze": squeeze})
    _bent_pictures("squeezed 40 % and bent 3 %", {"squeeze": 0.4, "curl": 0.03})
    _bent_pictures("rolled (a page bent along one axis) 10 %", {"curl": 0.10, "curl_kind": "cylinder"})
    _bent_pictures("rolled 20 % (a page lifting away at one edge)", {"curl": 0.20, "curl_kind": "cylinder"})
    _bent_pictures("a corner curled 20 %", {"curl": 0.20, "curl_kind": "corner"})


def table_section() -> None:
    from sudoku_tk.vision.synthetic import STYLES, Camera, draw_board, on_table, photograph

    print("table: pages cut close to the grid, lying on a darker table, 24 pictures each (8 styles, light paper)")
    names = [n for n in STYLES if n not in ("busy-page", "dark-mode")]
    for label, near in (
        ("a puzzle cut out, 0.3 to 1.5 cells of paper around it", None),
        ("the page's edge 0.2 to 0.8 cells beside the grid", (0.2, 0.8)),
    ):
        scores: list[Score] = []
        failed = 0
        for seed in range(24):
            rng = random.Random(f"bench-table/{label}/{seed}")
            values = [int(c) if c != "." else 0 for c in PUZZLES[seed % len(PUZZLES)]]
            if near is None:
                gaps: list[float | None] = [rng.uniform(0.3, 1.5) for _ in range(4)]
            else:
                gaps = [None] * 4
                gaps[rng.randrange(4)] = rng.uniform(*near)
            style = STYLES[names[seed % len(names)]]
            shade = rng.randint(40, 150)
            # The table shows two cells round the page; where the page is not cut, the picture ends with the drawing.
            shown = [gap + 2.0 if gap is not None else style.margin * 9 for gap in gaps]
            page = on_table(draw_board(values, style, 44), gaps, shown, (shade, shade * 19 // 20, shade * 17 // 20))
            camera = Camera(turn=rng.uniform(-8, 8), tilt=0.04, blur=0.8, noise=4, jpeg=80)
            s, _ = _read_board(photograph(page, camera, rng).picture, values)
            if s is None:
                failed += 1
            else:
                scores.append(s)
        print(_line(f"  {label}", scores, [], failed))


def app_section() -> None:
    from sudoku_tk.engine.play.moves import Place
    from sudoku_tk.engine.play.propagation import recompute
    from sudoku_tk.engine.solving.brute_force import solve
    from sudoku_tk.render.board_picture import picture
    from sudoku_tk.render.content import PictureKind

    print("app: this app's board pictures (render/, light theme), 50–200 %")
    seconds: list[float] = []
    puzzle_scores: list[Score] = []
    position_scores: list[Score] = []
    failed = 0
    for text in PUZZLES + (FOUR,):
        grid = parse_grid(text)
        solution = solve(grid)
        assert solution is not None
        empties = [c for c, v in enumerate(grid.givens) if not v]
        placed = {c: solution[c] for c in random.Random(text).sample(empties, min(6, len(empties)))}
        position = recompute(grid, tuple(Place(c, d) for c, d in placed.items()))
        plain = recompute(grid, ())
        player = [placed.get(c, 0) for c in range(len(grid.givens))]
        for scale in (0.5, 0.75, 1.0, 1.5, 2.0):
            for kind, state, scores, left_out in (
                (PictureKind.PUZZLE, plain, puzzle_scores, None),
                (PictureKind.POSITION, position, position_scores, player),
            ):
                s, took = _read_board(picture(state, kind, scale=scale), grid.givens, left_out)
                seconds.append(took)
                if s is None:
                    failed += 1
                else:
                    scores.append(s)
    print(_line("  puzzle pictures", puzzle_scores, [], 0))
    print(_line("  positions (player's digits left out, candidates empty)", position_scores, [], 0))
    if failed:
        print(f"  no grid found in {failed} pictures")
    print(f"  seconds per picture: median {statistics.median(seconds):.2f}, slowest {max(seconds):.2f}")


# -- screenshots of the window ---------------------------------------------------------------------------------


def screens_section() -> None:
    started_xvfb = None
    if not os.environ.get("DISPLAY"):
        started_xvfb = subprocess.Popen(
            ["Xvfb", ":93", "-screen", "0", "1600x1200x24", "-nolisten", "tcp"], stderr=subprocess.DEVNULL
        )
        os.environ["DISPLAY"] = ":93"
        time.sleep(1.0)
    try:
        _screens()
    finally:
        if started_xvfb is not None:
            started_xvfb.terminate()
            started_xvfb.wait(5)


def grab_board(app: App) -> Image.Image:  # type: ignore[name-defined]  # noqa: F821
    """The whole board as the screen shows it: one grab when it fits, else grabs of the scrolled board, stitched
    (a zoomed board is bigger than its window: this is what scrolling through it shows)."""
    from PIL import Image, ImageGrab

    view = app.board_view
    port = view.port
    width, height = port.winfo_width(), port.winfo_height()
    total = view.board_size
    x, y = port.winfo_rootx(), port.winfo_rooty()
    if total <= min(width, height):
        return ImageGrab.grab(bbox=(x, y, x + width, y + height))
    whole = Image.new("RGB", (total, total))
    steps = lambda span: sorted({*range(0, max(1, total - span), span), max(0, total - span)})  # noqa: E731
    for top in steps(height):
        for left in steps(width):
            sx, sy = view.scrolled
            view.scroll_by(left - sx, top - sy)
            for _ in range(2):
                app.root.update()
            sx, sy = view.scrolled
            whole.paste(ImageGrab.grab(bbox=(x, y, x + width, y + height)), (sx, sy))
    return whole


def _screens() -> None:
    import tkinter as tk

    from sudoku_tk.app.puzzles.choice import PuzzleChoice
    from sudoku_tk.ui.window.app import App

    print("screens: screenshots of the app's window, light and dark, board zoom 50–200 % (a board bigger than")
    print("  its window is grabbed as scrolled through, stitched)")
    seconds: list[float] = []
    for theme in ("light", "dark"):
        scores: list[Score] = []
        failed = 0
        for text in PUZZLES:
            grid = parse_grid(text)
            for zoom in (50, 75, 100, 150, 200):
                root = tk.Tk()
                app = App(root, puzzle=PuzzleChoice("", "Bench", text), theme=theme)
                app.board_view.set_zoom(zoom, tell=False)
                for _ in range(3):
                    root.update()
                    time.sleep(0.05)
                shot = grab_board(app)
                app.close()
                root.destroy()
                s, took = _read_board(shot.convert("RGB"), grid.givens)
                seconds.append(took)
                if s is None:
                    failed += 1
                else:
                    scores.append(s)
        print(_line(f"  {theme}", scores, [], failed))
    print(f"  seconds per screenshot: median {statistics.median(seconds):.2f}, slowest {max(seconds):.2f}")


# -- memory ---------------------------------------------------------------------------------------------------------

_MAKE_PICTURE = """
import ast, random, sys
from sudoku_tk.vision.synthetic import random_board
board = random_board(random.Random(7), 9, rough=0.6).picture
board.resize((int(sys.argv[2]), int(sys.argv[3]))).save(sys.argv[1], **ast.literal_eval(sys.argv[4]))
"""
_MEMORY_CHILD = """
import resource, sys, time
from sudoku_tk.vision.image_input import open_picture
from sudoku_tk.vision.reader import read_picture
started = time.perf_counter()
reading = read_picture(open_picture(sys.argv[1]))
print(time.perf_counter() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def memory_section() -> None:
    """A fresh process per picture: its peak resident memory includes Python, numpy and Pillow themselves."""
    try:
        import resource  # noqa: F401  (Unix only)
    except ImportError:
        print("memory: needs the resource module (Unix); skipped")
        return
    import tempfile

    print("memory: peak resident memory of a fresh process reading one big picture (Python, numpy, Pillow included)")
    with tempfile.TemporaryDirectory() as folder:
        for name, size, options in (
            ("phone photo, JPEG", (4000, 3000), {"quality": 90}),
            ("48-megapixel JPEG", (8000, 6000), {"quality": 92}),
            ("49-megapixel PNG", (7000, 7000), {"compress_level": 1}),
        ):
            path = Path(folder) / ("big.png" if "PNG" in name else "big.jpg")
            # Drawn in a process of its own: on Linux a child starts out as big as its parent is.
            subprocess.run(
                [sys.executable, "-c", _MAKE_PICTURE, str(path), str(size[0]), str(size[1]), repr(options)],
                check=True,
                cwd=Path(__file__).resolve().parent.parent,
            )
            out = subprocess.run(
                [sys.executable, "-c", _MEMORY_CHILD, str(path)],
                capture_output=True,
                text=True,
                cwd=Path(__file__).resolve().parent.parent,
            )
            if out.returncode != 0:
                print(f"  {name}: the reader failed: " + (out.stderr.strip().splitlines() or ["?"])[-1])
                continue
            took, peak = out.stdout.split()
            megabytes = path.stat().st_size / 2**20
            print(
                f"  {name} ({size[0]}×{size[1]}, {megabytes:.1f} MB): {float(took):.2f} s, peak {int(peak) / 1024:.0f} MB"
            )


SECTIONS = {
    "photos": None,
    "styles": styles_section,
    "curled": curled_section,
    "table": table_section,
    "app": app_section,
    "screens": screens_section,
    "memory": memory_section,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Measure the picture reader.")
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS), help="run only these sections")
    parser.add_argument("--list-misreads", action="store_true", help="list every photo cell read wrong")
    parser.add_argument(
        "--split", choices=("both", "tuned", "held-out"), default="both", help="which photos to read (default both)"
    )
    ns = parser.parse_args(argv)
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f}")
    for name in ns.only or list(SECTIONS):
        if name == "photos":
            photos_section(ns.list_misreads, ns.split)
        else:
            SECTIONS[name]()  # type: ignore[misc]
    return 0


if __name__ == "__main__":
    sys.exit(main())
