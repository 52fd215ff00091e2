"""The character classifier: a small convolutional network, run with numpy, whose weights ship with the app.

Input: 28×28 patches of darkness (0 paper … 1 ink), a character centred in each (cells.py cuts them).
Output: for each patch, the probability of each class in ``CLASSES``: "" (not a printed given: handwriting,
a smudge, a character on its side), the digits 1–9 and the letters A–G of a 16×16 board.

Two 3×3 convolutions (16 and 32 channels, each followed by ReLU and 2×2 max pooling), a dense layer of 128 and
the output layer. ``build_scripts/train_digits.py`` trains it from digits that Pillow renders in the fonts the
setup installs, plus the training photos when ``../shared`` is present, and writes ``data/vision/digits.npz``; the
forward pass below is the one the training uses.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

CLASSES: tuple[str, ...] = ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F", "G")
"""Class 0 is "not a given"; class k (1…16) is the digit k of the app's alphabet (10 = A … 16 = G)."""
WEIGHTS = Path(__file__).resolve().parent.parent / "data" / "vision" / "digits.npz"
"""The trained weights (package data beside the built-in puzzles, so every build and install carries them)."""
LAYERS = ("conv1", "conv2", "dense", "out")
Weights = dict[str, np.ndarray]


def im2col(x: np.ndarray) -> np.ndarray:
    """Every 3×3 neighbourhood (zero padded) of x (batch, height, width, channels) as rows of channels·9."""
    b, h, w, c = x.shape
    padded = np.pad(x, ((0, 0), (1, 1), (1, 1), (0, 0)))
    windows = np.lib.stride_tricks.sliding_window_view(padded, (3, 3), axis=(1, 2))  # b, h, w, c, 3, 3
    return windows.reshape(b * h * w, c * 9)


def conv(x: np.ndarray, kernel: np.ndarray, bias: np.ndarray) -> np.ndarray:
    """A 3×3 convolution, same size: kernel (channels·9, out), x (batch, height, width, channels)."""
    b, h, w, _ = x.shape
    return (im2col(x) @ kernel + bias).reshape(b, h, w, -1)


def pool(x: np.ndarray) -> np.ndarray:
    """2×2 max pooling."""
    b, h, w, c = x.shape
    return x.reshape(b, h // 2, 2, w // 2, 2, c).max(axis=(2, 4))


def logits(weights: Weights, patches: np.ndarray) -> np.ndarray:
    """The network's raw scores for patches (n, 28, 28): an array (n, len(CLASSES))."""
    x = patches.astype(np.float32)[..., None]
    x = pool(np.maximum(conv(x, weights["conv1_w"], weights["conv1_b"]), 0))
    x = pool(np.maximum(conv(x, weights["conv2_w"], weights["conv2_b"]), 0))
    x = np.maximum(x.reshape(len(x), -1) @ weights["dense_w"] + weights["dense_b"], 0)
    return x @ weights["out_w"] + weights["out_b"]


def softmax(scores: np.ndarray) -> np.ndarray:
    shifted = np.exp(scores - scores.max(axis=1, keepdims=True))
    return shifted / shifted.sum(axis=1, keepdims=True)


@lru_cache(maxsize=1)
def load_weights(path: Path = WEIGHTS) -> Weights:
    """The trained weights (as float32), read once.

    Raises:
        OSError: the weights file is missing or unreadable (a broken install).
    """
    with np.load(path) as data:
        return {name: data[name].astype(np.float32) for name in data.files}


def classify(patches: np.ndarray) -> np.ndarray:
    """The probability of each class for each patch (n, 28, 28): an array (n, len(CLASSES))."""
    if len(patches) == 0:
        return np.zeros((0, len(CLASSES)), np.float32)
    return softmax(logits(load_weights(), patches))
