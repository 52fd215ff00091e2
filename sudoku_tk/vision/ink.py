"""Ink in a grey picture: which pixels are darker than the paper around them, whatever the light.

A phone photo is lit unevenly (a shadow across the page, a bright corner), so a single threshold fails;
each pixel is compared with the mean of a square around it instead (an integral image makes any square
size cost the same). A dark picture (a dark theme's screenshot) has light ink on dark paper: ``paper_is_dark``
tells (a light page on a darker table is not: the picture's middle is light), and the reader flips the grey first.
"""

from __future__ import annotations

import numpy as np

DARK = 100.0
"""A picture whose median grey is below this (0 … 255) is dark."""


def box_mean(grey: np.ndarray, radius: int) -> np.ndarray:
    """The mean of each pixel's (2·radius+1)² square, the square cut at the picture's edges."""
    h, w = grey.shape
    ii = np.zeros((h + 1, w + 1), np.float64)
    ii[1:, 1:] = grey.cumsum(0, dtype=np.float64).cumsum(1)
    y0 = np.clip(np.arange(h) - radius, 0, h)
    y1 = np.clip(np.arange(h) + radius + 1, 0, h)
    x0 = np.clip(np.arange(w) - radius, 0, w)
    x1 = np.clip(np.arange(w) + radius + 1, 0, w)
    total = ii[y1][:, x1] - ii[y0][:, x1] - ii[y1][:, x0] + ii[y0][:, x0]
    area = (y1 - y0)[:, None] * (x1 - x0)[None, :]
    return (total / area).astype(np.float32)


def ink_mask(grey: np.ndarray, radius: int, strength: float = 0.3, floor: float = 3.0) -> np.ndarray:
    """Pixels darker than the mean around them by more than ``strength`` of the picture's strong contrasts.

    The strong contrast is the 99th percentile of (local mean - grey): the printed lines and digits. A faint,
    blurred photo gets a low threshold, a sharp one a high threshold that ignores paper texture and the page
    showing through from the back. ``floor`` keeps flat noise out of a picture with hardly any ink.

    >>> g = np.full((20, 20), 200, np.float32); g[10, 3:17] = 40
    >>> bool(ink_mask(g, 4)[10, 5]), bool(ink_mask(g, 4)[5, 5])
    (True, False)
    """
    darker = box_mean(grey, radius) - grey
    strong = float(np.percentile(darker, 99))
    return darker > max(floor, strength * strong)


def paper_is_dark(grey: np.ndarray) -> bool:
    """Is the paper dark (light ink on a dark ground)? Most of the picture must be dark, and most of its middle
    half each way: a light page on a darker table, the table showing all round it, leaves most of the picture
    dark, but not its middle, where the puzzle lies.

    >>> on_table = np.full((100, 100), 60, np.float32); on_table[20:80, 20:80] = 230  # a third of it paper
    >>> dark_theme = np.full((100, 100), 40, np.float32); dark_theme[20:80:10, 20:80] = 220  # light lines
    >>> paper_is_dark(on_table), paper_is_dark(dark_theme)
    (False, True)
    """
    h, w = grey.shape
    middle = grey[h // 4 : h - h // 4, w // 4 : w - w // 4]
    return float(np.median(grey)) < DARK and float(np.median(middle)) < DARK
