"""Connected blobs of ink in a binary picture, found run by run with numpy (no OpenCV, no SciPy).

A row's ink comes in runs (first column, end column). Runs in neighbouring rows that touch (8-connected)
belong to one blob; the blobs are found by hooking and shortcutting labels over all those touching pairs at
once, which takes a handful of numpy rounds even for a grid's long lines. ``Blobs`` answers what the
reader asks of them: the pixels each holds, its bounding box, one blob's own mask.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Blobs:
    """The 8-connected blobs of a mask: every run of ink with its blob, and each blob's size and box."""

    shape: tuple[int, int]
    rows: np.ndarray
    """Per run: its row."""
    starts: np.ndarray
    """Per run: its first column."""
    ends: np.ndarray
    """Per run: one past its last column."""
    labels: np.ndarray
    """Per run: its blob (0 … count-1)."""
    count: int
    area: np.ndarray
    """Per blob: how many pixels."""
    top: np.ndarray
    bottom: np.ndarray
    """Per blob: its last row (inclusive)."""
    left: np.ndarray
    right: np.ndarray
    """Per blob: its last column (inclusive)."""

    def height(self) -> np.ndarray:
        return self.bottom - self.top + 1

    def width(self) -> np.ndarray:
        return self.right - self.left + 1

    def mask(self, blob: int) -> np.ndarray:
        """A boolean picture of the one blob."""
        return self.mask_of(self.labels == blob)

    def mask_of(self, runs: np.ndarray) -> np.ndarray:
        """A boolean picture of the chosen runs (a boolean per run)."""
        h, w = self.shape
        diff = np.zeros((h, w + 1), np.int32)
        np.add.at(diff, (self.rows[runs], self.starts[runs]), 1)
        np.add.at(diff, (self.rows[runs], self.ends[runs]), -1)
        return np.cumsum(diff, axis=1)[:, :w] > 0


def find_blobs(mask: np.ndarray) -> Blobs:
    """The 8-connected blobs of a boolean picture.

    >>> m = np.array([[1, 1, 0, 0], [0, 0, 0, 1], [1, 0, 1, 1]], bool)
    >>> b = find_blobs(m)
    >>> b.count, sorted(b.area.tolist())
    (3, [1, 2, 3])
    """
    h, w = mask.shape
    padded = np.zeros((h, w + 2), np.int8)
    padded[:, 1:-1] = mask
    step = np.diff(padded, axis=1)
    rows, starts = np.nonzero(step == 1)
    _, ends = np.nonzero(step == -1)
    n = len(rows)
    if n == 0:
        empty = np.zeros(0, np.int64)
        return Blobs((h, w), empty, empty, empty, empty, 0, empty, empty, empty, empty, empty)
    key = w + 2
    start_keys = rows.astype(np.int64) * key + starts
    end_keys = rows.astype(np.int64) * key + ends
    # Runs of the next row that touch run i (8-connected) form one contiguous range [lo, hi).
    below = (rows.astype(np.int64) + 1) * key
    lo = np.searchsorted(end_keys, below + starts, side="left")
    hi = np.searchsorted(start_keys, below + ends, side="right")
    counts = np.maximum(hi - lo, 0)
    a = np.repeat(np.arange(n), counts)
    offsets = np.arange(counts.sum()) - np.repeat(np.cumsum(counts) - counts, counts)
    b = np.repeat(lo, counts) + offsets
    labels = _join(n, a, b)
    uniq, labels = np.unique(labels, return_inverse=True)
    count = len(uniq)
    lengths = ends - starts
    area = np.bincount(labels, weights=lengths, minlength=count).astype(np.int64)
    top = np.full(count, h, np.int64)
    bottom = np.full(count, -1, np.int64)
    left = np.full(count, w, np.int64)
    right = np.full(count, -1, np.int64)
    np.minimum.at(top, labels, rows)
    np.maximum.at(bottom, labels, rows)
    np.minimum.at(left, labels, starts)
    np.maximum.at(right, labels, ends - 1)
    return Blobs((h, w), rows, starts, ends, labels, count, area, top, bottom, left, right)


def _join(n: int, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Label every node by the smallest node it is joined to through the pairs (a[i], b[i])."""
    parent = np.arange(n)
    while True:
        pa, pb = parent[a], parent[b]
        low = np.minimum(pa, pb)
        before = parent.copy()
        np.minimum.at(parent, pa, low)
        np.minimum.at(parent, pb, low)
        while True:  # shortcut: every node points at its root
            jumped = parent[parent]
            if np.array_equal(jumped, parent):
                break
            parent = jumped
        if np.array_equal(parent, before):
            return parent
