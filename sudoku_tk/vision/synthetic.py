"""Boards drawn in many styles, then photographed badly: what the classifier trains on and the tests read.

``draw_board`` draws a grid of any side (4, 9, 16) in a ``Style``: fonts, line weights, colours, shaded
boxes, dark mode, text around it, pencil marks in some cells, and things that are not givens (handwriting-like
scribbles, a character on its side) where asked. ``photograph`` then does what a phone does: turns it,
tilts it (perspective), bends the page a little, blurs, shades, adds noise and JPEG's blocks. Everything is
drawn from a ``random.Random``, so a seed gives the same picture on every run with the same fonts.

The fonts are looked for by file name in the usual folders (the ones the setup installs: DejaVu, the URW
base 35, Noto Mono); a missing one is left out, and with none at all Pillow's own face is used.
"""

from __future__ import annotations

import io
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

RGB = tuple[int, int, int]
Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
FONT_DIRS = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".fonts",
    Path("/Library/Fonts"),
    Path("/System/Library/Fonts"),
    Path("C:/Windows/Fonts"),
)
FONT_FILES = (
    "DejaVuSans.ttf",
    "DejaVuSans-Bold.ttf",
    "DejaVuSans-Oblique.ttf",
    "DejaVuSansCondensed.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSerif-Bold.ttf",
    "DejaVuSansMono.ttf",
    "DejaVuSansMono-Bold.ttf",
    "NimbusSans-Regular.otf",
    "NimbusSans-Bold.otf",
    "NimbusSansNarrow-Regular.otf",
    "NimbusSansNarrow-Bold.otf",
    "NimbusRoman-Regular.otf",
    "NimbusRoman-Bold.otf",
    "NimbusMonoPS-Regular.otf",
    "NimbusMonoPS-Bold.otf",
    "URWGothic-Book.otf",
    "URWGothic-Demi.otf",
    "URWBookman-Light.otf",
    "URWBookman-Demi.otf",
    "C059-Roman.otf",
    "C059-Bold.otf",
    "P052-Roman.otf",
    "P052-Bold.otf",
    "NotoMono-Regular.ttf",
    "NotoSansMono-Bold.ttf",
)
"""Font files the training draws digits in (those found), in a fixed order."""
ALPHABET = "123456789ABCDEFG"


@lru_cache(maxsize=1)
def font_paths() -> tuple[str, ...]:
    """The files of FONT_FILES found on this machine, in FONT_FILES' order."""
    found: dict[str, str] = {}
    for folder in FONT_DIRS:
        if folder.is_dir():
            for path in sorted(folder.rglob("*")):
                if path.name in FONT_FILES and path.name not in found:
                    found[path.name] = str(path)
    return tuple(found[name] for name in FONT_FILES if name in found)


@lru_cache(maxsize=512)
def _font(path: str, size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if not path:
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(path, size)


def find_font(name: str) -> str:
    """The path of a font file by name ("" when it is not installed: Pillow's own face)."""
    return next((p for p in font_paths() if Path(p).name == name), "")


@dataclass(frozen=True)
class Style:
    """How a board is drawn."""

    name: str = "plain"
    font: str = "DejaVuSans.ttf"
    """A file name from FONT_FILES (or "" for Pillow's own face)."""
    digit_height: float = 0.55
    """The digits' height as a share of the cell."""
    paper: RGB = (255, 255, 255)
    ink: RGB = (0, 0, 0)
    line: RGB = (0, 0, 0)
    thin: float = 1.0
    """Thin line width in pixels at a 48-pixel cell (0: no thin lines)."""
    thick: float = 3.0
    """Box line width in pixels at a 48-pixel cell."""
    shade: RGB | None = None
    """The fill of every other box (None: all boxes plain)."""
    margin: float = 0.08
    """The paper around the board, as a share of its side."""
    busy: bool = False
    """Text, rules and a second small grid around the board."""


STYLES: dict[str, Style] = {
    "plain": Style(),
    "thin-lines": Style("thin-lines", "NimbusSans-Regular.otf", 0.5, thin=0.6, thick=1.4),
    "thick-lines": Style("thick-lines", "DejaVuSans-Bold.ttf", 0.6, thin=2.5, thick=6.0),
    "coloured-boxes": Style(
        "coloured-boxes", "URWGothic-Demi.otf", 0.55, ink=(20, 40, 120), line=(60, 60, 90), shade=(214, 228, 250)
    ),
    "serif": Style("serif", "NimbusRoman-Regular.otf", 0.6, paper=(250, 247, 238), thin=1.0, thick=2.5),
    "mono": Style("mono", "DejaVuSansMono.ttf", 0.5, line=(90, 90, 90), thin=1.0, thick=2.0),
    "dark-mode": Style(
        "dark-mode",
        "DejaVuSans.ttf",
        0.55,
        paper=(30, 32, 36),
        ink=(225, 225, 225),
        line=(150, 150, 160),
        shade=(44, 47, 54),
    ),
    "busy-page": Style("busy-page", "C059-Bold.otf", 0.55, paper=(245, 244, 240), margin=0.45, busy=True),
    "red-digits": Style("red-digits", "NimbusSans-Bold.otf", 0.55, ink=(200, 30, 30), line=(40, 40, 40)),
}
"""Named styles for the tests and the benchmark (besides this app's own pictures)."""


@dataclass
class Board:
    """A drawn board and what a reader should make of it."""

    side: int
    values: tuple[int, ...]
    """The digit printed in each cell (0: none, or only something that is not a given)."""
    picture: Image.Image
    corners: tuple[tuple[float, float], ...]
    """The grid's corners in the picture: top-left, top-right, bottom-right, bottom-left."""
    marks: dict[int, frozenset[int]] = field(default_factory=dict)
    """Cells drawn with pencil marks: their digits."""
    others: frozenset[int] = frozenset()
    """Cells holding something that is not a given (a scribble, a character on its side)."""
    crossings: tuple[tuple[float, float], ...] = ()
    """Every crossing of the grid's lines in the picture, row by row ((side+1)² points; the drawn lines' middles)."""

    def crossing_array(self) -> np.ndarray:
        """The crossings as an array (side+1, side+1, 2) of (x, y)."""
        return np.array(self.crossings, np.float64).reshape(self.side + 1, self.side + 1, 2)


def random_values(rng: random.Random, side: int, fill: float) -> tuple[int, ...]:
    """Random digits in about ``fill`` of the cells (not a puzzle: the classifier only needs characters)."""
    return tuple(rng.randint(1, side) if rng.random() < fill else 0 for _ in range(side * side))


def draw_board(
    values: Sequence[int],
    style: Style = Style(),
    cell: int = 48,
    marks: dict[int, frozenset[int]] | None = None,
    others: dict[int, str] | None = None,
    rng: random.Random | None = None,
) -> Board:
    """The board of ``values`` (side² digits, 0 empty) drawn in ``style`` with ``cell``-pixel cells.

    ``marks``: cells to draw pencil marks in; ``others``: cells to draw something that is not a given in
    ("scribble" or "turned"); ``rng`` jitters the digits' places a little (none when None).
    """
    side = math.isqrt(len(values))
    box = math.isqrt(side)
    marks = marks or {}
    others = others or {}
    size = side * cell
    pad = int(round(style.margin * size))
    picture = Image.new("RGB", (size + 2 * pad, size + 2 * pad), style.paper)
    draw = ImageDraw.Draw(picture)
    if style.busy:
        _busy_page(draw, picture.size, pad, size, style, rng or random.Random(0))
    if style.shade is not None:
        for bi in range(box):
            for bj in range(box):
                if (bi + bj) % 2:
                    x0, y0 = pad + bj * box * cell, pad + bi * box * cell
                    draw.rectangle([x0, y0, x0 + box * cell, y0 + box * cell], fill=style.shade)
    scale = cell / 48
    middle = [float(pad + k * cell) for k in range(side + 1)]
    for k in range(side + 1):
        width = style.thick if k % box == 0 else style.thin
        if width <= 0:
            continue
        w = max(1, int(round(width * scale)))
        at = pad + k * cell
        lo, hi = at - w // 2, at - w // 2 + w - 1
        middle[k] = (lo + hi) / 2  # the line's middle pixel (between two for an even width)
        draw.rectangle([lo, pad - style.thick * scale / 2, hi, pad + size + style.thick * scale / 2], fill=style.line)
        draw.rectangle([pad - style.thick * scale / 2, lo, pad + size + style.thick * scale / 2, hi], fill=style.line)
    font_path = find_font(style.font) if style.font else ""
    font = _font(font_path, max(6, int(round(style.digit_height * cell / 0.72))))
    jitter = rng if rng is not None else None
    for index, value in enumerate(values):
        row, col = divmod(index, side)
        cx, cy = pad + (col + 0.5) * cell, pad + (row + 0.5) * cell
        if jitter is not None:
            cx += jitter.uniform(-0.06, 0.06) * cell
            cy += jitter.uniform(-0.06, 0.06) * cell
        if value:
            _centred_text(draw, (cx, cy), ALPHABET[value - 1], font, style.ink)
        elif index in marks:
            small = _font(font_path, max(5, int(round(cell / box * 0.62))))
            for d in sorted(marks[index]):
                mr, mc = divmod(d - 1, box)
                mx = pad + col * cell + (mc + 0.5) * cell / box
                my = pad + row * cell + (mr + 0.5) * cell / box
                _centred_text(draw, (mx, my), ALPHABET[d - 1], small, style.ink)
        elif index in others:
            _not_a_given(picture, draw, others[index], (cx, cy), cell, font, style, rng or random.Random(index))
    corners = ((pad, pad), (pad + size, pad), (pad + size, pad + size), (pad, pad + size))
    drawn_values = tuple(v for v in values)
    crossings = tuple((x, y) for y in middle for x in middle)
    return Board(
        side,
        drawn_values,
        picture,
        tuple((float(x), float(y)) for x, y in corners),
        dict(marks),
        frozenset(others),
        crossings,
    )


def _centred_text(
    draw: ImageDraw.ImageDraw, centre: tuple[float, float], text: str, font: Font, fill: RGB | int
) -> None:
    left, top, right, bottom = draw.textbbox((0, 0), text, font=font)
    draw.text((centre[0] - (left + right) / 2, centre[1] - (top + bottom) / 2), text, font=font, fill=fill)


def _not_a_given(
    picture: Image.Image,
    draw: ImageDraw.ImageDraw,
    kind: str,
    centre: tuple[float, float],
    cell: int,
    font: Font,
    style: Style,
    rng: random.Random,
) -> None:
    """Something in a cell that is not a given: a scribble (like handwriting) or a character on its side."""
    cx, cy = centre
    if kind == "turned":
        glyph = Image.new("L", (cell, cell), 0)
        _centred_text(ImageDraw.Draw(glyph), (cell / 2, cell / 2), rng.choice("23457ACEFG"), font, 255)
        glyph = glyph.rotate(rng.choice((90, 180, 270)))
        picture.paste(Image.new("RGB", glyph.size, style.ink), (int(cx - cell / 2), int(cy - cell / 2)), glyph)
        return
    colour = rng.choice([(30, 40, 140), (60, 60, 60), style.ink, (20, 20, 90)])
    width = max(1, int(round(cell * rng.uniform(0.03, 0.07))))
    points = []
    x, y = cx + rng.uniform(-0.2, 0.2) * cell, cy + rng.uniform(-0.25, 0.25) * cell
    for _ in range(rng.randint(3, 7)):
        points.append((x, y))
        x = min(cx + 0.3 * cell, max(cx - 0.3 * cell, x + rng.uniform(-0.3, 0.3) * cell))
        y = min(cy + 0.32 * cell, max(cy - 0.32 * cell, y + rng.uniform(-0.35, 0.35) * cell))
    draw.line(points, fill=colour, width=width, joint="curve")


def _busy_page(
    draw: ImageDraw.ImageDraw, size: tuple[int, int], pad: int, board: int, style: Style, rng: random.Random
) -> None:
    """Columns of text, rules and a small second grid around the board, as on a newspaper page."""
    font = _font(find_font("DejaVuSerif.ttf"), max(8, board // 30))
    words = [
        "sudoku",
        "puzzle",
        "grille",
        "chiffres",
        "ligne",
        "colonne",
        "Rätsel",
        "Zahlen",
        "jeden",
        "Tag",
        "solution",
        "hier",
        "demain",
    ]
    y = 4
    while y < size[1] - 10:
        x = 4
        while x < size[0] - 40:
            word = rng.choice(words)
            gap = board / 30
            width = font.getlength(word) if hasattr(font, "getlength") else 40
            inside = pad - gap - width < x < pad + board + gap and pad - gap - board / 22 < y < pad + board + gap
            if not inside and rng.random() < 0.85:
                draw.text((x, y), word, font=font, fill=style.ink)
            x += int(font.getlength(word + " ")) if hasattr(font, "getlength") else 40
        y += int(board / 22)
    draw.rectangle([pad // 3, pad // 2, pad // 3 + 2, size[1] - pad // 2], fill=style.line)
    small = max(6, pad // 12)
    x0, y0 = size[0] - pad + pad // 4, size[1] - pad + pad // 4
    for k in range(10):
        draw.line([(x0 + k * small, y0), (x0 + k * small, y0 + 9 * small)], fill=style.line, width=1)
        draw.line([(x0, y0 + k * small), (x0 + 9 * small, y0 + k * small)], fill=style.line, width=1)


@dataclass(frozen=True)
class Camera:
    """How badly a board is photographed."""

    turn: float = 0.0
    """Degrees, counter-clockwise."""
    tilt: float = 0.0
    """Perspective: how far (a share of the side) each corner may move."""
    bend: float = 0.0
    """A page's curl: the largest sideways shift, as a share of the side."""
    blur: float = 0.0
    """Gaussian blur radius in pixels."""
    noise: float = 0.0
    """Standard deviation of grey noise."""
    shadow: float = 0.0
    """How much darker one side is than the other (0 … 1)."""
    jpeg: int = 0
    """JPEG quality (0: no JPEG)."""
    scale: float = 1.0
    """The picture's size after all (a share of the drawn size)."""
    curl: float = 0.0
    """A strongly bent page: the largest shift of any point of the page along a smooth random field (a share
    of the picture's longer side); 0.05 moves the middle of a grid filling the picture by about half a cell."""
    curl_kind: str = ""
    """How the page curls (see ``curl_field``): "cylinder", "wave", "corner", or "" for any."""
    squeeze: float = 0.0
    """A page rising towards one edge (over a book's spine, a fold, a rolled newspaper): the cells narrow towards
    that edge, the last ones by this share of their width, and the lines across the fold bow."""


def on_table(board: Board, paper: Sequence[float | None], shown: Sequence[float], table: RGB = (80, 74, 66)) -> Board:
    """The board's page cut ``paper`` cells beyond the grid's frame (top, right, bottom, left; None: the page goes
    on out of the picture), lying on a ``table`` of that colour; the picture shows ``shown`` cells beyond the
    frame on each side (a puzzle cut out of the paper, a page ending close to the grid, a tight crop)."""
    (x0, y0), _, (x1, y1), _ = board.corners
    cell = (x1 - x0) / board.side
    top, right, bottom, left = shown
    view = np.round([x0 - left * cell, y0 - top * cell, x1 + right * cell, y1 + bottom * cell]).astype(int)
    picture = Image.new("RGB", (int(view[2] - view[0]), int(view[3] - view[1])), board.picture.getpixel((0, 0)))
    picture.paste(board.picture, (int(-view[0]), int(-view[1])))  # the paper goes on where the drawing ends
    cut_top, cut_right, cut_bottom, cut_left = paper
    page = np.round(
        [
            x0 - cut_left * cell - view[0] if cut_left is not None else 0,
            y0 - cut_top * cell - view[1] if cut_top is not None else 0,
            x1 + cut_right * cell - view[0] if cut_right is not None else picture.width,
            y1 + cut_bottom * cell - view[1] if cut_bottom is not None else picture.height,
        ]
    ).astype(int)
    pixels = np.asarray(picture).copy()
    lying = np.ones(pixels.shape[:2], bool)
    lying[max(0, page[1]) : page[3], max(0, page[0]) : page[2]] = False
    pixels[lying] = table
    dx, dy = float(-view[0]), float(-view[1])
    return replace(
        board,
        picture=Image.fromarray(pixels),
        corners=tuple((x + dx, y + dy) for x, y in board.corners),
        crossings=tuple((x + dx, y + dy) for x, y in board.crossings),
    )


def random_camera(rng: random.Random, rough: float = 1.0) -> Camera:
    """A random phone photo (``rough`` 0: a clean screenshot … 1: a bad photo)."""
    return Camera(
        turn=rng.uniform(-15, 15) * rough,
        tilt=rng.uniform(0, 0.08) * rough,
        bend=rng.uniform(0, 0.025) * rough if rng.random() < 0.5 else 0.0,
        blur=rng.uniform(0, 1.6) * rough,
        noise=rng.uniform(0, 10) * rough,
        shadow=rng.uniform(0, 0.5) * rough,
        jpeg=rng.choice([0, 40, 60, 75, 90]) if rough > 0 else 0,
        scale=rng.uniform(0.45, 1.0) if rough > 0 else 1.0,
    )


def photograph(board: Board, camera: Camera, rng: random.Random) -> Board:
    """The board as ``camera`` sees it (the corners follow the picture)."""
    picture = board.picture
    w, h = picture.size
    corners = np.array(list(board.corners) + list(board.crossings), np.float64)
    # Perspective and turn: where each corner of the picture goes.
    frame = np.array([(0, 0), (w, 0), (w, h), (0, h)], np.float64)
    moved = frame + np.array([(rng.uniform(-1, 1), rng.uniform(-1, 1)) for _ in range(4)]) * camera.tilt * max(w, h)
    angle = math.radians(camera.turn)
    centre = np.array([w / 2, h / 2])
    rot = np.array([[math.cos(angle), math.sin(angle)], [-math.sin(angle), math.cos(angle)]])
    moved = (moved - centre) @ rot.T + centre
    lo = moved.min(axis=0)
    moved -= lo
    top = moved.max(axis=0)
    out_size = (int(math.ceil(top[0])), int(math.ceil(top[1])))
    from .homography import Homography

    to_source = Homography.from_points([tuple(p) for p in moved], [tuple(p) for p in frame])
    fill = picture.getpixel((1, 1))
    photo = picture.transform(
        out_size, Image.Transform.PERSPECTIVE, to_source.pillow_coefficients(), Image.Resampling.BICUBIC, fillcolor=fill
    )
    new_corners = to_source.inverse().apply(corners)
    if camera.bend > 0:
        photo = _bend(photo, camera.bend, fill)
        # Each row was taken from ``shift`` further right: a point of the page moved that much left.
        shift = camera.bend * photo.width * np.sin(np.pi * new_corners[:, 1] / photo.height)
        new_corners = new_corners - np.stack([shift, np.zeros_like(shift)], axis=1)
    if camera.curl > 0:
        field_ = curl_field(photo.size, camera.curl, rng, camera.curl_kind)
        photo = displace(photo, field_, fill)
        new_corners = _undisplaced(field_, new_corners)
    if camera.squeeze > 0:
        field_ = squeeze_field(photo.size, camera.squeeze, rng)
        photo = displace(photo, field_, fill)
        new_corners = _undisplaced(field_, new_corners)
    if camera.blur > 0:
        photo = photo.filter(ImageFilter.GaussianBlur(camera.blur))
    array = np.asarray(photo, np.float32)
    if camera.shadow > 0:
        ramp = np.linspace(1.0, 1.0 - camera.shadow, array.shape[1], dtype=np.float32)
        if rng.random() < 0.5:
            ramp = ramp[::-1]
        array = array * ramp[None, :, None]
    if camera.noise > 0:
        noise = np.random.default_rng(rng.randrange(2**32)).normal(0, camera.noise, array.shape[:2])
        array = array + noise[..., None].astype(np.float32)
    photo = Image.fromarray(np.clip(array, 0, 255).astype(np.uint8))
    if camera.scale != 1.0:
        size = (max(8, int(photo.width * camera.scale)), max(8, int(photo.height * camera.scale)))
        new_corners = new_corners * (size[0] / photo.width)
        photo = photo.resize(size, Image.Resampling.BILINEAR)
    if camera.jpeg:
        buffer = io.BytesIO()
        photo.save(buffer, "JPEG", quality=camera.jpeg)
        photo = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    moved_points = tuple((float(x), float(y)) for x, y in new_corners)
    return replace(board, picture=photo, corners=moved_points[:4], crossings=moved_points[4:])


def _bend(photo: Image.Image, amount: float, fill: float | tuple[int, ...] | None) -> Image.Image:
    """A page's curl: rows shifted sideways along a smooth curve (a mesh of strips)."""
    w, h = photo.size
    strips = 16
    mesh = []
    for k in range(strips):
        y0, y1 = h * k // strips, h * (k + 1) // strips
        s0 = amount * w * math.sin(math.pi * y0 / h)
        s1 = amount * w * math.sin(math.pi * y1 / h)
        mesh.append(((0, y0, w, y1), (s0, y0, s1, y1, w + s1, y1, w + s0, y0)))
    return photo.transform((w, h), Image.Transform.MESH, mesh, Image.Resampling.BILINEAR, fillcolor=fill)


Field = Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
"""A displacement field: for points (x, y) of the photo, the shift (dx, dy) to where they were on the page."""


def curl_field(size: tuple[int, int], amount: float, rng: random.Random, kind: str = "") -> Field:
    """A smooth random displacement of a page, its largest shift ``amount`` times the picture's longer side.

    Three kinds, as pages bend: a page curling along one axis (lines across the fold bow, cells squeeze towards
    the raised edge), a sheet with a soft wave, and a page sagging at one corner. Each is a sum of smooth
    terms with random strengths, scaled so the largest shift over the picture is ``amount``. ``kind`` chooses
    one ("cylinder", "wave" or "corner"; "" at random).
    """
    w, h = size
    picked = rng.choice(["cylinder", "wave", "corner"])
    kind = kind or picked
    across = rng.random() < 0.5  # which way the fold runs
    t0 = rng.uniform(-0.2, 0.6)
    bow, squeeze = rng.choice([-1, 1]) * rng.uniform(0.6, 1.0), rng.uniform(0.0, 0.6)
    waves = [
        (
            rng.uniform(0.3, 1.2),
            rng.uniform(-0.8, 0.8),
            rng.uniform(0, 2 * math.pi),
            rng.uniform(-1, 1),
            rng.uniform(-1, 1),
        )
        for _ in range(3)
    ]
    corner = (rng.choice([0.0, 1.0]), rng.choice([0.0, 1.0]))
    tilt = rng.uniform(-1, 1), rng.uniform(-1, 1)

    def raw(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        u, v = x / w, y / h
        if kind == "cylinder":
            a, b = (u, v) if across else (v, u)
            lift = np.maximum(a - t0, 0.0)
            along = bow * lift**2 * (0.6 + 0.8 * b)
            squeezed = -squeeze * lift**3
            return (squeezed, along) if across else (along, squeezed)
        if kind == "wave":
            dx, dy = np.zeros_like(u), np.zeros_like(u)
            for f, g, phase, ax, ay in waves:
                dx = dx + ax * np.sin(2 * math.pi * (f * u + g * v) + phase)
                dy = dy + ay * np.sin(2 * math.pi * (g * u + f * v) + phase)
            return dx, dy
        reach = np.clip(1.0 - np.hypot(u - corner[0], v - corner[1]) / 1.2, 0.0, None) ** 2
        return tilt[0] * reach, tilt[1] * reach

    gx, gy = np.meshgrid(np.linspace(0, w, 33), np.linspace(0, h, 33))
    sx, sy = raw(gx, gy)
    peak = max(float(np.hypot(sx, sy).max()), 1e-9)
    gain = amount * max(w, h) / peak

    def field(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        dx, dy = raw(np.asarray(x, np.float64), np.asarray(y, np.float64))
        return dx * gain, dy * gain

    return field


def squeeze_field(size: tuple[int, int], squeeze: float, rng: random.Random) -> Field:
    """A page rising towards one of its edges, seen from above: from a random place on, each strip of the page
    shows narrower, the last by ``squeeze`` of its width (foreshortened), and the lines across bow (the raised
    part is nearer the camera)."""
    w, h = size
    edge = rng.choice(["left", "right", "top", "bottom"])
    start = rng.uniform(0.0, 0.5)
    bow = rng.choice([-1, 1]) * rng.uniform(0.02, 0.06)

    def field(x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        u, v = np.asarray(x, np.float64) / w, np.asarray(y, np.float64) / h
        a, b, length, breadth = (u, v, w, h) if edge in ("left", "right") else (v, u, h, w)
        if edge in ("left", "top"):
            a = 1.0 - a
        lift = np.clip((a - start) / (1.0 - start), 0.0, None)
        # The photo's strip at lift shows page narrowed by squeeze·lift: the page point is further out.
        out = squeeze * (1.0 - start) * lift**2 / 2 * length
        across = bow * lift**2 * (b - 0.5) * 2 * breadth
        if edge in ("left", "top"):
            out = -out
        return (out, across) if edge in ("left", "right") else (across, out)

    return field


def displace(photo: Image.Image, field: Field, fill: float | tuple[int, ...] | None, quads: int = 32) -> Image.Image:
    """The photo with each point taken from where ``field`` says it was (a mesh of small quads)."""
    w, h = photo.size
    xs = np.linspace(0, w, quads + 1)
    ys = np.linspace(0, h, quads + 1)
    gx, gy = np.meshgrid(xs, ys)
    dx, dy = field(gx, gy)
    sx, sy = gx + dx, gy + dy
    mesh = []
    for i in range(quads):
        for j in range(quads):
            box = (int(xs[j]), int(ys[i]), int(xs[j + 1]), int(ys[i + 1]))
            quad = (
                sx[i, j],
                sy[i, j],
                sx[i + 1, j],
                sy[i + 1, j],
                sx[i + 1, j + 1],
                sy[i + 1, j + 1],
                sx[i, j + 1],
                sy[i, j + 1],
            )
            mesh.append((box, tuple(float(v) for v in quad)))
    return photo.transform((w, h), Image.Transform.MESH, mesh, Image.Resampling.BICUBIC, fillcolor=fill)


def _undisplaced(field: Field, points: np.ndarray) -> np.ndarray:
    """Where points (n, 2) of the page land in the displaced photo (the field inverted by fixed-point steps)."""
    p = np.asarray(points, np.float64).reshape(-1, 2)
    q = p.copy()
    for _ in range(30):
        dx, dy = field(q[:, 0], q[:, 1])
        q = p - np.stack([dx, dy], axis=1)
    return q


def random_style(rng: random.Random) -> Style:
    """A random board style: font, digit size, line weights, colours, shading, paper."""
    fonts = [Path(p).name for p in font_paths()] or [""]
    paper_level = rng.randint(170, 255)
    paper = (paper_level, paper_level - rng.randint(0, 12), paper_level - rng.randint(0, 25))
    ink_level = rng.randint(0, 90)
    ink = rng.choice([(ink_level,) * 3] * 6 + [(200, 30, 30), (20, 40, 140), (ink_level, ink_level, ink_level + 40)])
    line = rng.choice([ink, (ink_level + 30,) * 3, (60, 60, 60)])
    thin = rng.choice([0.6, 1.0, 1.0, 1.5, 2.0, 3.0])
    thick = max(thin, rng.choice([thin, 2.0, 3.0, 4.0, 6.0]))
    shade = None
    if rng.random() < 0.15:
        tint = rng.randint(15, 45)
        shade = (paper[0] - tint, paper[1] - tint // 2, paper[2] - rng.randint(0, tint))
    return Style(
        "random",
        rng.choice(fonts),
        rng.uniform(0.4, 0.75),
        paper,
        ink,
        line,
        thin,
        thick,
        shade,
        rng.uniform(0.03, 0.5),
        rng.random() < 0.2,
    )


def random_board(rng: random.Random, side: int = 9, rough: float = 1.0) -> Board:
    """A random board in a random style, photographed with a random camera: what the classifier learns from."""
    values = list(random_values(rng, side, rng.uniform(0.25, 0.6)))
    marks: dict[int, frozenset[int]] = {}
    others: dict[int, str] = {}
    for cell, value in enumerate(values):
        if value == 0 and rng.random() < 0.06:
            others[cell] = rng.choice(["scribble", "scribble", "turned"])
        elif value == 0 and rng.random() < 0.05:
            marks[cell] = frozenset(rng.sample(range(1, side + 1), rng.randint(1, min(side, 6))))
    style = random_style(rng)
    cell = rng.randint(24, 64) if side < 16 else rng.randint(28, 48)
    board = draw_board(values, style, cell, marks, others, rng)
    return photograph(board, random_camera(rng, rough), rng)


def styled_board(
    name: str, values: Sequence[int], cell: int = 48, marks: dict[int, frozenset[int]] | None = None
) -> Board:
    """A board in one of the named STYLES (for tests and the benchmark)."""
    return draw_board(values, STYLES[name], cell, marks, None, random.Random(name))


__all__: list[str] = [
    "ALPHABET",
    "Board",
    "Camera",
    "STYLES",
    "Style",
    "curl_field",
    "displace",
    "draw_board",
    "font_paths",
    "on_table",
    "photograph",
    "random_board",
    "random_camera",
    "random_style",
    "squeeze_field",
    "styled_board",
]
