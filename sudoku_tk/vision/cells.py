"""What each cell of a straightened grid holds: nothing, one big character, or a mini-grid of small ones.

The straightened grid (every cell ``cell`` pixels square) is turned into darkness (how much darker than the
paper around it each pixel is, as a share of the grid's strongest ink), then each cell is looked at without
its edges, where the grid's lines run. The blobs of ink left are sorted out:

- none, or only specks: an empty cell;
- one tall blob (with the pieces of the same character near it): a digit or letter, cut out and scaled into
  the classifier's 28×28 square, with its height and colour kept so the reader can compare it with the
  others;
- several small blobs: pencil marks, each read by its place in the cell's mini-grid (as this app, HoDoKu and
  most apps draw candidates).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from PIL import Image

from .components import Blobs, find_blobs
from .ink import box_mean

PATCH = 28
"""The classifier's input: a PATCH×PATCH square."""
INNER = 20
"""The character's longer side inside the patch."""
EDGE = 0.11
"""The share of a cell at each edge left out (the grid's lines run there)."""
INK = 0.3
"""Darkness (a share of the grid's strong ink) that counts as ink."""
FAINT = 0.5
"""Ink fainter than this share of INK still joins a blob that holds clear ink (a thin stroke that fades)."""
MIN_DIGIT = 0.3
"""The least height (a share of the cell) of a character that fills a cell; smaller ones are pencil marks."""
TRAIL = 0.45
"""Ink fainter than this share of a character's strokes, hanging on it, is not part of it (a crease)."""
TRAIL_EXTENT = 0.8
"""A faint trail is cut off a character only when without it the character is less than this share as tall or
as wide."""
SPECK_SHARE = 0.1
"""Pieces of a character smaller than this share of its biggest piece are specks (what is left of a crease)."""
MIN_SPECK = 0.07
"""Blobs lower and narrower than this (a share of the cell) are dust."""
PAPER_DARKNESS = 0.1
"""A cell's pixels darker than this (a share of the strong ink) are not its paper, for the paper's colour."""
LIGHT_PAPER = 100.0
"""Paper this light (mean of RGB) has ink colours judged against it (a dark screen's colours are its own)."""


@dataclass
class CellContent:
    """One cell: ``kind`` is "empty", "digit" or "marks"; a digit has its patch for the classifier."""

    kind: str
    patch: np.ndarray | None = None
    """PATCH×PATCH darkness (0 paper … 1 ink) of the character, centred; None unless a digit."""
    height: float = 0.0
    """The character's height as a share of the cell."""
    stroke: float = 0.0
    """The mean darkness of the character's ink."""
    colour: tuple[float, float, float] = (0.0, 0.0, 0.0)
    """The character's mean ink colour (RGB 0…255), when the picture has colour; on light paper as if the paper
    were white (the ink's colour divided by the paper's)."""
    ink: float = 0.0
    """How much ink the cell holds outside its edges (a share of its area), for the empty cells' confidence."""
    marks: list[tuple[int, int]] = field(default_factory=list)
    """Pencil marks: each mark's place in the cell's mini-grid (row, column)."""
    cut: bool = False
    """Some of the marks run into the cell's edge: they may be pieces of a character cut by a misplaced line."""
    crossed: bool = False
    """A thin stroke runs from one edge of the cell to the other: taken for a grid line that ran into the cell (a
    bent page), it may also be a tall 1 between lines placed a little off."""


def darkness(grey: np.ndarray, cell: int) -> np.ndarray:
    """How much darker than the paper around it each pixel is, as a share of the cells' strong ink (≥ 0).

    The strong ink is measured inside the cells, away from the lines (which are often darker than the digits).
    """
    dark = np.maximum(box_mean(grey, cell // 2) - grey, 0.0)
    edge = max(1, int(round(EDGE * cell)))
    inside = np.zeros(cell, bool)
    inside[edge : cell - edge] = True
    rows = np.tile(inside, dark.shape[0] // cell)
    cols = np.tile(inside, dark.shape[1] // cell)
    strong = float(np.percentile(dark[np.ix_(rows, cols)], 99.5))
    return dark / max(strong, 12.0)


def to_patch(dark: np.ndarray) -> np.ndarray:
    """A character's darkness (cut to its box) scaled so its longer side is INNER, centred in PATCH×PATCH."""
    h, w = dark.shape
    scale = INNER / max(h, w)
    nh, nw = max(1, int(round(h * scale))), max(1, int(round(w * scale)))
    small = np.asarray(Image.fromarray(dark.astype(np.float32), "F").resize((nw, nh), Image.Resampling.BILINEAR))
    patch = np.zeros((PATCH, PATCH), np.float32)
    top, left = (PATCH - nh) // 2, (PATCH - nw) // 2
    patch[top : top + nh, left : left + nw] = np.clip(small, 0.0, 1.5)
    peak = float(patch.max())
    return patch / peak if peak > 0 else patch


def read_cell(dark: np.ndarray, box: int, colour: np.ndarray | None = None) -> CellContent:
    """What one cell's darkness (cell×cell, lines at its edges) holds; ``box`` is the board's box side.

    ``colour`` is the cell's RGB picture (cell×cell×3), or None for a grey one.
    """
    size = dark.shape[0]
    edge = max(1, int(round(EDGE * size)))
    inner = dark[edge : size - edge, edge : size - edge]
    ink = inner > INK
    content = CellContent("empty", ink=float(ink.mean()))
    if content.ink == 0.0:
        return content
    # Blobs of faint ink that hold some clear ink: a thin stroke that fades in the middle stays one piece.
    blobs = find_blobs(inner > INK * FAINT)
    n = inner.shape[0]
    heights, widths = blobs.height() / size, blobs.width() / size
    clear = np.bincount(blobs.labels, weights=_clear_per_run(blobs, ink), minlength=blobs.count) > 0
    real = clear & ((heights >= MIN_SPECK) | (widths >= MIN_SPECK))
    # A long thin blob along the cut edge is what is left of a grid line, not a character.
    along = ((blobs.top <= 0) | (blobs.bottom >= n - 1)) & (heights < 0.12) & (widths > 0.4)
    across = ((blobs.left <= 0) | (blobs.right >= n - 1)) & (widths < 0.12) & (heights > 0.4)
    # A thin blob from one cut edge to the other is a grid line that ran into the cell (a bent page).
    spans = ((blobs.top <= 0) & (blobs.bottom >= n - 1) & (widths < 0.25)) | (
        (blobs.left <= 0) & (blobs.right >= n - 1) & (heights < 0.25)
    )
    content.crossed = bool((real & spans).any())
    real &= ~(along | across | spans)
    if not real.any():
        return content
    tall = real & (heights >= MIN_DIGIT)
    if tall.any():
        return _digit(dark, edge, blobs, tall, real, colour, content)
    content.kind = "marks"
    touching = (blobs.top <= 0) | (blobs.bottom >= n - 1) | (blobs.left <= 0) | (blobs.right >= n - 1)
    content.cut = bool((real & touching).any())
    for b in np.nonzero(real)[0]:
        cy = (blobs.top[b] + blobs.bottom[b]) / 2 + edge
        cx = (blobs.left[b] + blobs.right[b]) / 2 + edge
        content.marks.append((min(box - 1, int(cy * box / size)), min(box - 1, int(cx * box / size))))
    return content


def _clear_per_run(blobs: Blobs, ink: np.ndarray) -> np.ndarray:
    """How many clear-ink pixels each run of the blobs holds."""
    if len(blobs.rows) == 0:
        return np.zeros(0)
    cumulative = np.concatenate([np.zeros((ink.shape[0], 1), np.int64), np.cumsum(ink, axis=1)], axis=1)
    return (cumulative[blobs.rows, blobs.ends] - cumulative[blobs.rows, blobs.starts]).astype(np.float64)


def _digit(
    dark: np.ndarray,
    edge: int,
    blobs: Blobs,
    tall: np.ndarray,
    real: np.ndarray,
    colour: np.ndarray | None,
    content: CellContent,
) -> CellContent:
    size = dark.shape[0]
    centre = (size - 2 * edge) / 2
    # The tall blob nearest the centre is the character; pieces of it (a broken stroke) lie inside its box.
    candidates = np.nonzero(tall)[0]
    cy = (blobs.top[candidates] + blobs.bottom[candidates]) / 2
    cx = (blobs.left[candidates] + blobs.right[candidates]) / 2
    main = candidates[int(np.argmin((cy - centre) ** 2 + (cx - centre) ** 2))]
    pad = 0.12 * size
    top, bottom = blobs.top[main] - pad, blobs.bottom[main] + pad
    left, right = blobs.left[main] - pad, blobs.right[main] + pad
    parts = real & (blobs.bottom >= top) & (blobs.top <= bottom) & (blobs.right >= left) & (blobs.left <= right)
    mask = _without_faint_trails(
        dark[edge : size - edge, edge : size - edge], blobs.mask_of(np.isin(blobs.labels, np.nonzero(parts)[0]))
    )
    ys, xs = np.nonzero(mask)
    y0, y1 = int(ys.min()) + edge, int(ys.max()) + edge + 1
    x0, x1 = int(xs.min()) + edge, int(xs.max()) + edge + 1
    region = dark[y0:y1, x0:x1] * _grown(mask[y0 - edge : y1 - edge, x0 - edge : x1 - edge])
    content.kind = "digit"
    content.patch = to_patch(region)
    content.height = (y1 - y0) / size
    inked = region > INK
    content.stroke = float(region[inked].mean()) if inked.any() else 0.0
    if colour is not None and inked.any():
        ink_colour = colour[y0:y1, x0:x1][inked].mean(axis=0)
        # On light paper the ink's colour is judged against the paper's: a shadow or a colour cast darkens or tints
        # paper and ink alike, so a red digit in the shade stays as red as one in the light.
        blank = colour[dark < PAPER_DARKNESS]
        paper = np.median(blank, axis=0) if len(blank) >= 0.1 * dark.size else None
        if paper is not None and float(paper.mean()) >= LIGHT_PAPER:
            ink_colour = np.minimum(ink_colour / np.maximum(paper, 1.0), 1.0) * 255.0
        content.colour = tuple(float(v) for v in ink_colour)  # type: ignore[assignment]
    return content


def _without_faint_trails(inner: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """A character's mask without the faint ink that only hangs on it: a fold or crease of the paper, or a faint
    line, running through the character joins its blob, and would make it wider and look like a scribble.

    What is kept, when the faint ink runs on to the cell's edge: the pieces of the mask at least TRAIL times as
    dark as the character's strokes (the mask's 90th percentile) that are not specks beside its biggest piece; the faint pixels between them are dropped (``_grown`` gives a
    stroke its soft edge back)."""
    if not mask.any():
        return mask
    # The character's own strokes are its darkest ink (a crease through a thin "1" may cover more pixels).
    strong = mask & (inner >= TRAIL * float(np.percentile(inner[mask], 90)))
    pieces = find_blobs(strong)
    if pieces.count == 0:
        return mask
    big = pieces.area >= SPECK_SHARE * pieces.area.max()
    kept = pieces.mask_of(big[pieces.labels])
    # Only a trail that runs on to the cell's edge (a crease crosses the cell) and widens or lengthens the
    # character a good deal is cut off: a blurred character's soft edges and a faded stroke are not.
    trail = mask & ~kept
    crosses = bool(trail[0].any() or trail[-1].any() or trail[:, 0].any() or trail[:, -1].any())
    if not crosses or (_extent(kept) >= TRAIL_EXTENT * _extent(mask)).all():
        return mask
    return kept


def _extent(mask: np.ndarray) -> np.ndarray:
    """The height and width of a mask's bounding box."""
    ys, xs = np.nonzero(mask)
    return np.array([ys.max() - ys.min() + 1, xs.max() - xs.min() + 1])


def _grown(mask: np.ndarray) -> np.ndarray:
    """The mask grown by one pixel each way (the soft edge of a stroke belongs to it)."""
    grown = mask.copy()
    grown[1:, :] |= mask[:-1, :]
    grown[:-1, :] |= mask[1:, :]
    grown[:, 1:] |= grown[:, :-1].copy()
    grown[:, :-1] |= grown[:, 1:].copy()
    return grown.astype(np.float32)


def read_cells(grey: np.ndarray, side: int, cell: int, colour: np.ndarray | None = None) -> list[CellContent]:
    """Every cell of a straightened grid (side×side cells of ``cell`` pixels), row by row."""
    dark = darkness(grey, cell)
    box = int(round(side**0.5))
    out = []
    for i in range(side):
        for j in range(side):
            ys, xs = slice(i * cell, (i + 1) * cell), slice(j * cell, (j + 1) * cell)
            out.append(read_cell(dark[ys, xs], box, None if colour is None else colour[ys, xs]))
    return out
