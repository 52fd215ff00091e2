"""build_scripts/train_digits.py: a small run writes weights the reader loads, and the same run writes the same bytes."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import numpy as np

from sudoku_tk.vision.digit_model import CLASSES, WEIGHTS, load_weights

REPO = Path(__file__).resolve().parent.parent
SMALL = ["--boards", "6", "--check-boards", "2", "--epochs", "1", "--no-photos", "--jobs", "1"]


def _train(out: Path) -> str:
    done = subprocess.run(
        [sys.executable, str(REPO / "build_scripts" / "train_digits.py"), *SMALL, "--out", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return hashlib.sha256(out.read_bytes()).hexdigest()


def test_training_is_deterministic_and_writes_loadable_weights(tmp_path: Path) -> None:
    first, second = _train(tmp_path / "a.npz"), _train(tmp_path / "b.npz")
    assert first == second
    weights = load_weights.__wrapped__(tmp_path / "a.npz")  # type: ignore[attr-defined]
    assert weights["out_w"].shape == (128, len(CLASSES))


def test_the_shipped_weights_are_small_and_complete() -> None:
    assert WEIGHTS.stat().st_size < 2 * 1024 * 1024
    weights = load_weights()
    assert set(weights) == {f"{layer}_{part}" for layer in ("conv1", "conv2", "dense", "out") for part in "wb"}
    assert all(np.isfinite(w).all() for w in weights.values())
