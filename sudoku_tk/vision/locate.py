"""From a picture to its grid laid flat: the first half of reading, shared by the reader and the training script.

The picture is turned upright (EXIF), made grey, and looked at in a copy no bigger than ``DETECT`` pixels:
ink, the grid (grid_finder.py), its line crossings (curved_lattice.py: each line followed as a curve). A
picture that is mostly dark (a dark theme) is flipped first; a greyish one in which no grid shows is tried
flipped as well (on plain light paper the spaces between a grid's lines would make a false grid). The
crossings are scaled back to a copy no bigger than ``DETAIL`` pixels, from which every cell is cut at
``CELL`` pixels (straighten.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageOps

from .curved_lattice import line_darkness, trace_lattice
from .grid_finder import GridCandidate, find_grids, quad_area
from .ink import ink_mask, paper_is_dark
from .straighten import straighten

DETECT = 1024
"""The longer side, in pixels, of the copy the grid is looked for in."""
DETAIL = 1600
"""The longer side, in pixels, of the copy the cells are cut from."""
CELL = 40
"""Pixels per cell of the straightened grid."""
MISSHAPEN = 0.4
"""A cell less than this share as wide (or tall) as a cell beside it in its row (or column) is misshapen."""
AGAIN = 0.1
"""When the grid's traced lines end further than this (in cells) from the corners they were followed from,
they are followed again from where they end."""


class NoGridFound(ValueError):
    """No Sudoku grid shows in the picture."""


@dataclass(frozen=True)
class Located:
    """A grid found in a picture, laid flat."""

    side: int
    corners: tuple[tuple[float, float], ...]
    """The grid's corners in the picture as given (after EXIF turning): top-left, top-right, bottom-right,
    bottom-left."""
    grey: np.ndarray
    """The straightened grid, dark ink on light paper: (side·CELL)² floats 0…255."""
    colour: np.ndarray | None
    """The straightened grid in colour ((side·CELL)²×3), or None for a grey picture."""
    inverted: bool
    """Was the picture light ink on dark paper (flipped before reading)?"""
    lattice: float
    picture_size: tuple[int, int] = (0, 0)
    misshapen: tuple[int, ...] = ()
    """Cells (row by row, as in the picture) whose traced lines make them far narrower or shorter than the cells
    beside them (``misshapen_cells``): on a strongly bent page a line followed onto its neighbour squeezes a cell
    to a sliver, and what such a cell holds can't be trusted."""


def upright(picture: Image.Image) -> Image.Image:
    """The picture turned the way its EXIF orientation says (phones store photos sideways)."""
    try:
        return ImageOps.exif_transpose(picture)
    except (ValueError, OSError, SyntaxError):  # a broken EXIF block: take the pixels as they are
        return picture


def _scaled(picture: Image.Image, longest: int) -> tuple[Image.Image, float]:
    """The picture shrunk to ``longest`` pixels on its longer side (never enlarged), and the factor used."""
    scale = min(1.0, longest / max(picture.size))
    if scale >= 1.0:
        return picture, 1.0
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    return picture.resize(size, Image.Resampling.BILINEAR, reducing_gap=2.0), scale


def _grids(grey: np.ndarray) -> list[GridCandidate]:
    return find_grids(ink_mask(grey, max(3, max(grey.shape) // 50)))


def locate(picture: Image.Image) -> Located:
    """The picture's grid, laid flat.

    Raises:
        NoGridFound: no grid shows (nor in the flipped picture).
    """
    rgb = picture.convert("RGB") if picture.mode not in ("RGB", "L") else picture
    detail, detail_scale = _scaled(rgb, DETAIL)
    small, small_scale = _scaled(detail, DETECT)
    grey = np.asarray(small.convert("L"), np.float32)
    inverted = paper_is_dark(grey)
    found = _grids(255.0 - grey if inverted else grey)
    median = float(np.median(grey))
    if not found and 60.0 <= median <= 190.0:  # neither clearly light nor clearly dark paper: try the other way
        inverted = not inverted
        found = _grids(255.0 - grey if inverted else grey)
    if not found:
        raise NoGridFound("no Sudoku grid found in the picture")
    grid = found[0]
    looked_at = 255.0 - grey if inverted else grey
    points = _crossings(looked_at, grid.corners, grid.side) / small_scale
    detail_grey = detail.convert("L")
    if inverted:
        detail_grey = ImageOps.invert(detail_grey)
    flat_grey = np.asarray(straighten(detail_grey, points, CELL), np.float32)
    flat_colour = None
    if detail.mode == "RGB" and not _is_grey(small):
        flat_colour = np.asarray(straighten(detail, points, CELL), np.float32)
    corners = tuple(
        (float(x / detail_scale), float(y / detail_scale)) for x, y in points[[0, 0, -1, -1], [0, -1, -1, 0]]
    )
    return Located(
        grid.side, corners, flat_grey, flat_colour, inverted, grid.lattice, picture.size, misshapen_cells(points)
    )


def misshapen_cells(points: np.ndarray) -> tuple[int, ...]:
    """The cells of a lattice of crossings (side+1, side+1, 2) that are far narrower than a cell beside them in
    their row or far wider than both (less than MISSHAPEN times, or more than its inverse), the same for heights
    in their column, or turned inside out (their lines cross), and the cells beside them that share the doubtful
    line. A page bends smoothly: neighbouring cells differ little, even where it is squeezed; a cell much
    smaller than its neighbour is a line traced onto the next one, which makes the neighbour on its other side
    much bigger.

    >>> k = np.arange(10.0)
    >>> even = np.stack(np.meshgrid(k * 30, k * 30), axis=-1)
    >>> misshapen_cells(even)
    ()
    >>> squeezed = even.copy()
    >>> squeezed[:, 8, 0] = 8 * 30 - 25  # the line left of the last column traced near the one before it
    >>> [divmod(c, 9) for c in misshapen_cells(squeezed)][:3]  # the sliver, the column grown wide, the one before
    [(0, 6), (0, 7), (0, 8)]
    """
    side = points.shape[0] - 1
    across = np.hypot(*np.diff(points, axis=1).transpose(2, 0, 1))  # (side+1) × side: along each level line
    down = np.hypot(*np.diff(points, axis=0).transpose(2, 0, 1))  # side × (side+1): along each upright line
    widths = (across[:-1] + across[1:]) / 2  # side × side
    heights = (down[:, :-1] + down[:, 1:]) / 2
    odd = np.zeros((side, side), bool)
    for sizes, axis in ((widths, 1), (heights, 0)):
        padded = np.pad(sizes, [(1, 1) if a == axis else (0, 0) for a in range(2)], constant_values=np.nan)
        before = padded[:, :-2] if axis == 1 else padded[:-2]
        after = padded[:, 2:] if axis == 1 else padded[2:]
        # Far smaller than a neighbour (a sliver), or far bigger than both (it took in its neighbour's line).
        larger = np.fmax(before, after)
        bad = (sizes < MISSHAPEN * larger) | (MISSHAPEN * sizes > larger)
        # The misplaced line is also a line of the cell beside it that way: that cell is as doubtful.
        odd |= _spread(bad, axis)
    # Inside out: the cell's corners do not turn the same way round (its lines cross).
    a, b, c, d = points[:-1, :-1], points[:-1, 1:], points[1:, 1:], points[1:, :-1]
    turns = [_cross(q - p, r - q) for p, q, r in ((a, b, c), (b, c, d), (c, d, a), (d, a, b))]
    signs = np.sign(np.stack(turns))
    inside_out = ~((signs > 0).all(axis=0) | (signs < 0).all(axis=0))
    odd |= _spread(_spread(inside_out, 0), 1) if inside_out.any() else inside_out
    return tuple(int(i) for i in np.flatnonzero(odd))


def _spread(mask: np.ndarray, axis: int) -> np.ndarray:
    """``mask`` with each marked cell's two neighbours along ``axis`` (1: in its row, 0: in its column) marked."""
    out = mask.copy()
    if axis == 1:
        out[:, 1:] |= mask[:, :-1]
        out[:, :-1] |= mask[:, 1:]
    else:
        out[1:] |= mask[:-1]
        out[:-1] |= mask[1:]
    return out


def _cross(u: np.ndarray, v: np.ndarray) -> np.ndarray:
    return u[..., 0] * v[..., 1] - u[..., 1] * v[..., 0]


def _crossings(grey: np.ndarray, corners: np.ndarray, side: int) -> np.ndarray:
    """Every crossing of the grid's lines (curved_lattice.py). The lines are followed from the corners found, so
    when they end elsewhere (the corners were a guess for a bent grid), they are followed once more from there."""
    # Only the grid and a margin of two cells around it are looked at.
    cell = float(np.sqrt(quad_area(corners))) / side
    low = np.maximum(np.floor(corners.min(axis=0) - 2 * cell), 0).astype(int)
    high = np.ceil(corners.max(axis=0) + 2 * cell).astype(int)
    near = grey[low[1] : high[1], low[0] : high[0]]
    dark = line_darkness(near, corners - low, side)
    points = trace_lattice(dark, corners - low, side)
    ends = points[[0, 0, -1, -1], [0, -1, -1, 0]]
    if float(np.abs(ends - (corners - low)).max()) > AGAIN * cell:
        points = trace_lattice(dark, ends, side)
    return points + low


def _is_grey(picture: Image.Image) -> bool:
    """Does an RGB picture hold only greys (a scan or a screenshot without colour)?"""
    if picture.mode != "RGB":
        return True
    r, g, b = (np.asarray(band, np.int16) for band in picture.split())
    return int(np.abs(r - g).max()) < 8 and int(np.abs(g - b).max()) < 8
