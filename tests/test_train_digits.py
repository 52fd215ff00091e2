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


def _training_script():  # type: ignore[no-untyped-def]
    import importlib.util

    spec = importlib.util.spec_from_file_location("train_digits", REPO / "build_scripts" / "train_digits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_leave_out_folds_deal_training_puzzles_round_and_never_a_held_out_one() -> None:
    from sudoku_tk.vision.photo_set import Photo

    def photo(name: str, digit: int, held_out: bool = False) -> Photo:
        return Photo(Path(f"{name}.jpg"), (digit,) * 81, "phone", held_out)

    photos = [photo("a", 1), photo("b", 2), photo("c", 3, held_out=True), photo("d", 1), photo("e", 4), photo("f", 5)]
    folds = _training_script().folds_of(photos, 3)
    assert folds == {(1,) * 81: 0, (2,) * 81: 1, (4,) * 81: 2, (5,) * 81: 0}


def test_leaving_a_fold_out_never_writes_the_shipped_weights() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO / "build_scripts" / "train_digits.py"), "--leave-out", "0"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 2
    assert "--leave-out K needs" in done.stderr
