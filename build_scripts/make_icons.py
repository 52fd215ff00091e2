"""Draw the sudoku_tk app icon with Pillow and write every file the app and its builds use.

This script owns the icon's look. It writes, relative to ``--out`` (the repository by default):

- ``icons/sudoku-tk.png``: the 1024 px master;
- ``icons/sudoku-tk.ico``: Windows, 16-256 px;
- ``icons/sudoku-tk.icns``: macOS, 32-1024 px (16 px comes from the 32 px "16@2x" entry);
- ``sudoku_tk/resources/icon-<size>.png``: the window icons the running app loads (16-256 px).

The motif is one Sudoku box: a rounded navy square holding a 3x3 grid, a big digit in the
highlighted centre cell and small candidate digits in the cells around it (none of them the
big digit: its peers have lost that candidate). Small sizes are drawn, not shrunk: below
128 px the candidates become dots and at 32 px and under they go, so the grid and the big
digit stay crisp.

Digits are drawn as strokes (no font), every coordinate is snapped to integers before it
reaches Pillow, and the PNGs carry no metadata, so regenerating gives byte-identical files
on any machine with the same Pillow. ``tests/test_icons.py`` checks that.

Run: ``python build_scripts/make_icons.py [--out DIR]``.
"""

from __future__ import annotations

import argparse
import io
import math
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

REPO = Path(__file__).resolve().parent.parent

MASTER_SIZE = 1024
RUNTIME_SIZES = (16, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# Pillow's .icns writer stores 32 (16@2x), 64 (32@2x), 128, 256, 512 and 1024.
ICNS_SIZES = (32, 64, 128, 256, 512)

MASTER_PATH = Path("icons/sudoku-tk.png")
ICO_PATH = Path("icons/sudoku-tk.ico")
ICNS_PATH = Path("icons/sudoku-tk.icns")
RESOURCES_DIR = Path("sudoku_tk/resources")

FRAME = (36, 71, 122, 255)  # navy: the rounded square and the grid lines
PAPER = (250, 247, 238, 255)
HIGHLIGHT = (255, 201, 77, 255)  # the selected cell
BIG_DIGIT = (27, 47, 82, 255)
CANDIDATE = (70, 118, 190, 255)
CLEAR = (0, 0, 0, 0)

BIG = 5
# Candidates per cell (row-major, the centre cell holds BIG). None of them is BIG.
# Corner cells keep their board-corner spot free, where the rounded corner would crowd it.
CANDIDATES = (
    (2, 4, 9),
    (),
    (1, 6, 8),
    (3, 7),
    None,
    (),
    (2, 3, 8),
    (1, 9),
    (4, 6),
)
# The big digit as pixels for cells too small for strokes: 3x5 and 5x7 ('#' = ink).
PIXEL_BIG = {
    3: ("###", "#..", "###", "..#", "###"),
    5: ("#####", "#....", "####.", "....#", "....#", "#...#", ".###."),
}

Point = tuple[float, float]
Stroke = tuple[Point, ...]


def _arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24) -> Stroke:
    """Points along an ellipse from angle ``start`` to ``end`` (degrees, clockwise on screen)."""
    return tuple(
        (
            cx + rx * math.cos(math.radians(start + (end - start) * i / steps)),
            cy + ry * math.sin(math.radians(start + (end - start) * i / steps)),
        )
        for i in range(steps + 1)
    )


def _rotated(strokes: tuple[Stroke, ...]) -> tuple[Stroke, ...]:
    """The same glyph turned half a circle (a 9 from a 6)."""
    return tuple(tuple((1 - x, 1 - y) for x, y in stroke) for stroke in strokes)


def _glyphs() -> dict[int, tuple[Stroke, ...]]:
    """Digits 1-9 as centre-line strokes in a unit box (x right, y down), for a round pen."""
    nine = (
        _arc(0.5, 0.31, 0.4, 0.31, 0, 360, 40),
        _arc(0.5, 0.31, 0.4, 0.31, 0, 8) + _arc(0.1, 0.31, 0.8, 0.69, 0, 100, 20)[1:],
    )
    return {
        1: (((0.2, 0.2), (0.55, 0.0), (0.55, 1.0)),),
        2: (
            _arc(0.5, 0.28, 0.4, 0.28, 190, 360)
            + _arc(0.5, 0.28, 0.4, 0.28, 0, 40, 6)[1:]
            + ((0.08, 1.0), (0.95, 1.0)),
        ),
        3: (_arc(0.48, 0.25, 0.36, 0.25, 200, 450), _arc(0.48, 0.72, 0.42, 0.28, 270, 520)),
        4: (((0.7, 1.0), (0.7, 0.0), (0.05, 0.7), (0.97, 0.7)),),
        5: (((0.88, 0.0), (0.22, 0.0), (0.16, 0.46)) + _arc(0.5, 0.67, 0.42, 0.33, 222, 505)[1:],),
        6: _rotated(nine),
        7: (((0.08, 0.0), (0.92, 0.0), (0.38, 1.0)),),
        8: (_arc(0.5, 0.245, 0.34, 0.245, 0, 360, 40), _arc(0.5, 0.725, 0.42, 0.275, 0, 360, 40)),
        9: nine,
    }


GLYPHS = _glyphs()
# A digit's box is this much taller than wide.
GLYPH_ASPECT = 1.45


@dataclass(frozen=True, slots=True)
class Layout:
    """Integer pixel geometry of one icon size (all in target pixels)."""

    size: int
    margin: int
    radius: int
    board: tuple[int, int]  # first and last+1 pixel of the board, same on both axes
    lines: tuple[int, ...]  # left/top pixel of each inner grid line
    line_width: int
    detail: str  # "full", "dots" or "plain"

    def cell_box(self, index: int) -> tuple[int, int, int, int]:
        """Pixel box (x0, y0, x1, y1) of cell ``index`` (0-8), inside the grid lines."""
        edges = [self.board[0], *self.lines, self.board[1]]
        row, col = divmod(index, 3)

        def span(i: int) -> tuple[int, int]:
            start = edges[i] + (self.line_width if i else 0)
            return start, edges[i + 1]

        (x0, x1), (y0, y1) = span(col), span(row)
        return x0, y0, x1, y1


def layout(size: int) -> Layout:
    """Snap the design to whole pixels at ``size`` so small icons keep crisp lines."""
    margin = 0 if size <= 64 else round(size * 0.035)
    body = size - 2 * margin
    radius = max(2, round(body * 0.2))
    border = max(1, round(body * 0.075))
    line_width = max(1, round(body * 0.018))
    first, last = margin + border, size - margin - border
    cell, spare = divmod(last - first - 2 * line_width, 3)
    # A spare pixel goes to the centre cell (odd widths centre the pixel digit), two to the sides.
    widths = (cell + spare // 2, cell + spare % 2, cell + spare // 2)
    lines = (first + widths[0], first + widths[0] + line_width + widths[1])
    detail = "full" if size >= 128 else "dots" if size >= 48 else "plain"
    return Layout(size, margin, radius, (first, last), lines, line_width, detail)


def _draw_glyph(
    draw: ImageDraw.ImageDraw,
    digit: int,
    box: tuple[float, float, float, float],
    pen: float,
    colour: tuple[int, int, int, int],
) -> None:
    """Draw ``digit`` with a round pen of width ``pen`` so its strokes fill ``box``."""
    x0, y0, x1, y1 = box
    inner_w, inner_h = x1 - x0 - pen, y1 - y0 - pen
    ox, oy = x0 + pen / 2, y0 + pen / 2
    half = pen / 2
    for stroke in GLYPHS[digit]:
        # Integer points keep the output independent of the platform's last-bit rounding.
        points = [(round(ox + x * inner_w), round(oy + y * inner_h)) for x, y in stroke]
        draw.line(points, fill=colour, width=round(pen), joint="curve")
        for px, py in (points[0], points[-1]):
            draw.ellipse((px - half, py - half, px + half, py + half), fill=colour)


def _glyph_box(cx: float, cy: float, height: float) -> tuple[float, float, float, float]:
    width = height / GLYPH_ASPECT
    return cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2


def _draw_big_digit(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], scale: int) -> None:
    """The big digit: strokes when the cell is roomy, whole pixels when small, none below 5 px."""
    x0, y0, x1, y1 = box
    width = (x1 - x0) // scale
    if width >= 12:
        height = (x1 - x0) * 0.7
        pen = height * (0.16 if width >= 18 else 0.2)
        _draw_glyph(draw, BIG, _glyph_box((x0 + x1) / 2, (y0 + y1) / 2, height), pen, BIG_DIGIT)
        return
    if width < 5:
        return
    rows = PIXEL_BIG[5 if width >= 8 else 3]
    left = x0 // scale + (width - len(rows[0])) // 2
    top = y0 // scale + (width - len(rows)) // 2
    for r, row in enumerate(rows):
        for c, ink in enumerate(row):
            if ink == "#":
                px, py = (left + c) * scale, (top + r) * scale
                draw.rectangle((px, py, px + scale - 1, py + scale - 1), fill=BIG_DIGIT)


def _draw_cell_marks(draw: ImageDraw.ImageDraw, spec: Layout, scale: int) -> None:
    """The big digit in the centre and the candidates (digits, dots or nothing) around it."""
    for index, digits in enumerate(CANDIDATES):
        x0, y0, x1, y1 = (v * scale for v in spec.cell_box(index))
        w = x1 - x0
        if digits is None:
            draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=HIGHLIGHT)
            _draw_big_digit(draw, (x0, y0, x1, y1), scale)
            continue
        if spec.detail == "plain":
            continue
        sub = w / 3
        for digit in digits:
            r, c = divmod(digit - 1, 3)
            cx, cy = x0 + sub * (c + 0.5), y0 + sub * (r + 0.5)
            if spec.detail == "full":
                height = sub * 0.76
                _draw_glyph(draw, digit, _glyph_box(cx, cy, height), height * 0.16, CANDIDATE)
            else:
                dot = sub * 0.26
                draw.ellipse((cx - dot, cy - dot, cx + dot, cy + dot), fill=CANDIDATE)


def render(size: int) -> Image.Image:
    """Draw the icon at ``size`` px (RGBA), supersampled and reduced by an exact box filter."""
    spec = layout(size)
    scale = 4 if size <= 256 else 2
    big = Image.new("RGBA", (size * scale, size * scale), CLEAR)
    draw = ImageDraw.Draw(big)
    m, end = spec.margin * scale, (size - spec.margin) * scale - 1
    draw.rounded_rectangle((m, m, end, end), radius=spec.radius * scale, fill=FRAME)
    first, last = spec.board[0] * scale, spec.board[1] * scale - 1
    paper_radius = max(0, spec.radius - (spec.board[0] - spec.margin)) * scale
    draw.rounded_rectangle((first, first, last, last), radius=paper_radius, fill=PAPER)
    for pos in spec.lines:
        a, b = pos * scale, (pos + spec.line_width) * scale - 1
        draw.rectangle((a, first, b, last), fill=FRAME)
        draw.rectangle((first, a, last, b), fill=FRAME)
    _draw_cell_marks(draw, spec, scale)
    # reduce() averages whole blocks with integer arithmetic: no resampling-filter drift.
    return big.reduce(scale)


def png_bytes(image: Image.Image) -> bytes:
    """PNG bytes with no ancillary chunks (no time, no text), so they depend only on pixels."""
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False, compress_level=9)
    return out.getvalue()


def icon_files(images: dict[int, Image.Image]) -> Iterator[tuple[Path, bytes]]:
    """Every output file (path relative to the repository, bytes) from the rendered sizes."""
    master = images[MASTER_SIZE]
    yield MASTER_PATH, png_bytes(master)
    ico = io.BytesIO()
    images[256].save(
        ico, "ICO", sizes=[(s, s) for s in ICO_SIZES], append_images=[images[s] for s in ICO_SIZES if s != 256]
    )
    yield ICO_PATH, ico.getvalue()
    icns = io.BytesIO()
    master.save(icns, "ICNS", append_images=[images[s] for s in ICNS_SIZES])
    yield ICNS_PATH, icns.getvalue()
    for size in RUNTIME_SIZES:
        yield RESOURCES_DIR / f"icon-{size}.png", png_bytes(images[size])


def all_sizes() -> tuple[int, ...]:
    return tuple(sorted({MASTER_SIZE, *RUNTIME_SIZES, *ICO_SIZES, *ICNS_SIZES}))


def write_icons(out: Path) -> list[Path]:
    """Render every size and write all icon files under ``out``; return the paths written."""
    images = {size: render(size) for size in all_sizes()}
    written = []
    for rel, data in icon_files(images):
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=REPO,
        help="root to write icons/ and sudoku_tk/resources/ under (default: the repository)",
    )
    args = parser.parse_args(argv)
    for path in write_icons(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
