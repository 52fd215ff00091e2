"""Train the picture reader's character classifier: writes sudoku_tk/vision/digits.npz.

    nice -n 10 .venv/bin/python build_scripts/train_digits.py [--boards 2400] [--epochs 10] [--jobs 2]
    .venv/bin/python build_scripts/train_digits.py --quick --out /tmp/digits.npz   # a small run, for a check

What it learns from, all rebuilt by this script:

1. Boards drawn by ``sudoku_tk.vision.synthetic`` (random styles in the fonts the setup installs: DejaVu, the URW
   base 35, Noto Mono; random digits, letters A–G on 16×16 boards, pencil marks, scribbles and characters on
   their side as things that are not givens), photographed badly (turned, tilted, bent, blurred, shaded,
   noisy, JPEG), then read exactly as the app reads a picture (``locate`` and ``read_cells``): each cell the
   reader cuts out as a character is a sample, labelled with what was drawn there.
2. Where ``../shared/data/photos`` is present: the cells of the training photos (``photo_set``: never the
   held-out ones), labelled with the photo's givens; a character where no given is printed (handwriting) is
   a "not a given" sample. Each photo sample is used four times, shifted by a pixel.

``--leave-out K`` (with ``--folds N``, default 4) measures how well the classifier does on photos it never
learned from, inside the training split alone: the training photos' puzzles (in order of their first photo)
are dealt into N folds, fold K's photos are left out of the training, and at the end they are read by the
whole reader with the new weights (cells right, whole puzzles, wrong cells shown to the player). The held-out
photos are never read. Such a run writes its weights only to ``--out`` (which it requires).

Deterministic: board i is drawn from ``random.Random(f"digits/{i}")``, the network starts from a seeded
generator, batches are shuffled by a seeded generator, and numpy runs on one thread (so sums are added in
one order). The same fonts and photos give the same weights on the same numpy. Prints the accuracy on
boards it did not learn from (drawn from other seeds) and on the training photos.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_var] = "1"  # one thread: sums in one order, the same weights on every run

import argparse  # noqa: E402
import hashlib  # noqa: E402
import io  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zipfile  # noqa: E402
from functools import lru_cache  # noqa: E402
from multiprocessing import Pool  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
from PIL import Image  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sudoku_tk.vision.cells import PATCH, read_cells  # noqa: E402
from sudoku_tk.vision.digit_model import CLASSES, WEIGHTS, conv, im2col, pool, softmax  # noqa: E402
from sudoku_tk.vision.locate import CELL, NoGridFound, locate  # noqa: E402
from sudoku_tk.vision.photo_set import SHARED_PHOTOS, Photo, load_photos, score, split_note  # noqa: E402
from sudoku_tk.vision.synthetic import font_paths, random_board  # noqa: E402

Samples = tuple[np.ndarray, np.ndarray]


# -- samples ----------------------------------------------------------------------------------------------------


def board_samples(index: int, seed_prefix: str = "digits") -> Samples | None:
    """The character cells of synthetic board ``index`` as (patches, labels); None when it was not read well."""
    rng = random.Random(f"{seed_prefix}/{index}")
    side = 16 if index % 6 == 5 else (4 if index % 25 == 24 else 9)
    board = random_board(rng, side, rough=rng.choice([0.0, 0.5, 1.0, 1.0, 1.0]))
    try:
        found = locate(board.picture)
    except NoGridFound:
        return None
    if found.side != side:
        return None
    cells = read_cells(found.grey, side, CELL, found.colour)
    agree = sum((c.kind == "digit") == (v > 0) for c, v in zip(cells, board.values)) / len(cells)
    if agree < 0.95:  # the grid was misread (a cell off): its labels would be wrong
        return None
    patches = [c.patch for c in cells if c.kind == "digit"]
    labels = [v for c, v in zip(cells, board.values) if c.kind == "digit"]
    if not patches:
        return None
    return np.stack(patches).astype(np.float16), np.array(labels, np.int8)


def photo_samples(path: str, givens: tuple[int, ...]) -> Samples | None:
    """The character cells of one training photo, turned to match its givens, labelled with them."""
    with Image.open(path) as picture:
        picture.load()
        try:
            found = locate(picture)
        except NoGridFound:
            return None
    if found.side != 9:
        return None
    best: tuple[float, list] | None = None
    for turn in range(4):
        grey = np.rot90(found.grey, turn).copy()
        colour = None if found.colour is None else np.rot90(found.colour, turn).copy()
        cells = read_cells(grey, 9, CELL, colour)
        agree = sum((c.kind == "digit") == (g > 0) for c, g in zip(cells, givens)) / 81
        if best is None or agree > best[0]:
            best = (agree, cells)
    assert best is not None
    if best[0] < 0.9:
        return None
    cells = best[1]
    patches = [c.patch for c in cells if c.kind == "digit"]
    labels = [g for c, g in zip(cells, givens) if c.kind == "digit"]
    if not patches:
        return None
    return np.stack(patches).astype(np.float16), np.array(labels, np.int8)


def folds_of(photos: list[Photo], folds: int) -> dict[tuple[int, ...], int]:
    """Each training puzzle's fold: the puzzles in order of their first photo, dealt round (never a held-out one)."""
    order: list[tuple[int, ...]] = []
    for photo in photos:
        if not photo.held_out and photo.givens not in order:
            order.append(photo.givens)
    return {givens: i % folds for i, givens in enumerate(order)}


def read_left_out(weights_path: Path, photos: list[Photo]) -> str:
    """Read ``photos`` with the whole reader and the weights at ``weights_path``: one line of figures."""
    from sudoku_tk.vision import digit_model
    from sudoku_tk.vision.image_input import open_picture
    from sudoku_tk.vision.read_check import CheckStatus, check_reading
    from sudoku_tk.vision.reader import read_picture

    shipped = digit_model.load_weights
    digit_model.load_weights = lru_cache(maxsize=1)(lambda: shipped.__wrapped__(weights_path))  # type: ignore[assignment]
    cells = right = exact = wrong = shown = 0
    try:
        for photo in photos:
            cells += 81
            try:
                reading = read_picture(open_picture(photo.path))
            except NoGridFound:
                wrong += 81
                continue
            check = check_reading(
                reading.values, reading.confidences, alternatives=[c.alternatives for c in reading.cells]
            )
            pointed = {f.cell for f in check.fixes}
            if check.status is not CheckStatus.UNIQUE:
                pointed |= set(check.suspects[:3]) | set(check.conflicts)
            if check.whole_grid:
                pointed = set(range(81))
            s = score(reading.values, reading.unsure(), sorted(pointed), photo.givens)
            right += s.right
            exact += s.exact
            wrong += len(s.wrong)
            shown += len(s.flagged)
    finally:
        digit_model.load_weights = shipped
    return (
        f"{exact}/{len(photos)} puzzles exactly right, cells right {right}/{cells} ({right / max(cells, 1):.2%}), "
        f"wrong cells shown to the player {shown}/{wrong}"
    )


def _board_job(args: tuple[int, str]) -> Samples | None:
    return board_samples(*args)


def _photo_job(args: tuple[str, tuple[int, ...]]) -> Samples | None:
    return photo_samples(*args)


def gather(jobs: int, results: list[Samples | None]) -> Samples:
    kept = [r for r in results if r is not None]
    if not kept:
        return np.zeros((0, PATCH, PATCH), np.float16), np.zeros(0, np.int8)
    return np.concatenate([r[0] for r in kept]), np.concatenate([r[1] for r in kept])


def run_jobs(function, items: list, jobs: int) -> list:
    if jobs <= 1:
        return [function(item) for item in items]
    with Pool(jobs) as workers:
        return list(workers.imap(function, items, chunksize=4))


def shifted(patches: np.ndarray) -> np.ndarray:
    """The patches moved one pixel right, left, down and up (four copies)."""
    return np.concatenate([np.roll(patches, s, axis=a) for a, s in ((2, 1), (2, -1), (1, 1), (1, -1))])


# -- the network ---------------------------------------------------------------------------------------------


def init_weights(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)

    def he(shape: tuple[int, int]) -> np.ndarray:
        return (rng.standard_normal(shape) * np.sqrt(2.0 / shape[0])).astype(np.float32)

    return {
        "conv1_w": he((9, 16)),
        "conv1_b": np.zeros(16, np.float32),
        "conv2_w": he((16 * 9, 32)),
        "conv2_b": np.zeros(32, np.float32),
        "dense_w": he((7 * 7 * 32, 128)),
        "dense_b": np.zeros(128, np.float32),
        "out_w": he((128, len(CLASSES))),
        "out_b": np.zeros(len(CLASSES), np.float32),
    }


def _col2im(dcols: np.ndarray, shape: tuple[int, int, int, int]) -> np.ndarray:
    """The gradient of im2col: each 3×3 window's gradient added back to the pixels it came from."""
    b, h, w, c = shape
    windows = dcols.reshape(b, h, w, c, 3, 3)
    padded = np.zeros((b, h + 2, w + 2, c), np.float32)
    for dy in range(3):
        for dx in range(3):
            padded[:, dy : dy + h, dx : dx + w, :] += windows[..., dy, dx]
    return padded[:, 1:-1, 1:-1, :]


def _pool_back(x: np.ndarray, pooled: np.ndarray, grad: np.ndarray) -> np.ndarray:
    b, h, w, c = x.shape
    blocks = x.reshape(b, h // 2, 2, w // 2, 2, c)
    mask = blocks == pooled[:, :, None, :, None, :]
    return (mask * grad[:, :, None, :, None, :]).reshape(b, h, w, c)


def loss_and_grads(weights: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray) -> tuple[float, dict[str, np.ndarray]]:
    """Cross-entropy of the batch and its gradient with respect to every weight (the forward is digit_model's)."""
    x0 = x[..., None]
    a1 = conv(x0, weights["conv1_w"], weights["conv1_b"])
    r1 = np.maximum(a1, 0)
    p1 = pool(r1)
    a2 = conv(p1, weights["conv2_w"], weights["conv2_b"])
    r2 = np.maximum(a2, 0)
    p2 = pool(r2)
    flat = p2.reshape(len(x), -1)
    a3 = flat @ weights["dense_w"] + weights["dense_b"]
    r3 = np.maximum(a3, 0)
    scores = r3 @ weights["out_w"] + weights["out_b"]
    probs = softmax(scores)
    n = len(x)
    loss = float(-np.log(probs[np.arange(n), y] + 1e-9).mean())
    d = probs
    d[np.arange(n), y] -= 1
    d /= n
    g: dict[str, np.ndarray] = {"out_w": r3.T @ d, "out_b": d.sum(0)}
    d = (d @ weights["out_w"].T) * (a3 > 0)
    g["dense_w"], g["dense_b"] = flat.T @ d, d.sum(0)
    d = (d @ weights["dense_w"].T).reshape(p2.shape)
    d = _pool_back(r2, p2, d) * (a2 > 0)
    dflat = d.reshape(-1, d.shape[-1])
    g["conv2_w"], g["conv2_b"] = im2col(p1).T @ dflat, dflat.sum(0)
    d = _col2im(dflat @ weights["conv2_w"].T, p1.shape)
    d = _pool_back(r1, p1, d) * (a1 > 0)
    dflat = d.reshape(-1, d.shape[-1])
    g["conv1_w"], g["conv1_b"] = im2col(x0).T @ dflat, dflat.sum(0)
    return loss, g


def predict(weights: dict[str, np.ndarray], x: np.ndarray) -> np.ndarray:
    from sudoku_tk.vision.digit_model import logits

    return np.concatenate([logits(weights, x[i : i + 512]).argmax(1) for i in range(0, len(x), 512)])


def train(x: np.ndarray, y: np.ndarray, epochs: int, seed: int) -> dict[str, np.ndarray]:
    weights = init_weights(seed)
    moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in weights.items()}
    rng = np.random.default_rng(seed + 1)
    batch, step, base_rate, decay = 128, 0, 2e-3, 1e-4
    total = epochs * ((len(x) + batch - 1) // batch)
    for epoch in range(epochs):
        order = rng.permutation(len(x))
        losses = []
        started = time.time()
        for start in range(0, len(x), batch):
            pick = order[start : start + batch]
            loss, grads = loss_and_grads(weights, x[pick].astype(np.float32), y[pick].astype(np.int64))
            losses.append(loss)
            step += 1
            rate = base_rate * 0.5 * (1 + np.cos(np.pi * step / total))
            for k, g in grads.items():
                if k.endswith("_w"):
                    g = g + decay * weights[k]
                m, v = moments[k]
                m *= 0.9
                m += 0.1 * g
                v *= 0.999
                v += 0.001 * g * g
                weights[k] -= rate * (m / (1 - 0.9**step)) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
        print(f"  epoch {epoch + 1}/{epochs}: loss {np.mean(losses):.4f} ({time.time() - started:.0f} s)", flush=True)
    return weights


def save_weights(path: Path, weights: dict[str, np.ndarray]) -> None:
    """Write the weights as float16 in an .npz whose bytes depend only on the weights (no time stamps)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(weights):
            buffer = io.BytesIO()
            np.lib.format.write_array(buffer, weights[name].astype(np.float16), allow_pickle=False)
            info = zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, buffer.getvalue())


# -- main --------------------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Train the digit classifier of the picture reader.")
    parser.add_argument("--boards", type=int, default=2400, help="synthetic boards to learn from (default 2400)")
    parser.add_argument("--check-boards", type=int, default=200, help="other boards to measure on (default 200)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2, help="processes drawing and reading boards (default 2)")
    parser.add_argument("--no-photos", action="store_true", help="leave out ../shared's training photos")
    parser.add_argument("--quick", action="store_true", help="a small run (40 boards, 1 epoch, no photos)")
    parser.add_argument("--out", type=Path, default=None, help=f"where to write the weights (default {WEIGHTS})")
    parser.add_argument("--leave-out", type=int, default=None, metavar="K", help="leave fold K's training photos out")
    parser.add_argument("--folds", type=int, default=4, help="folds of the training photos for --leave-out")
    ns = parser.parse_args(argv)
    if ns.leave_out is not None and (ns.out is None or not 0 <= ns.leave_out < ns.folds):
        parser.error("--leave-out K needs 0 <= K < --folds and an --out other than the shipped weights")
    ns.out = ns.out or WEIGHTS
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # progress shows in a log as it comes
    if ns.quick:
        ns.boards, ns.check_boards, ns.epochs, ns.no_photos = 40, 10, 1, True
    print(f"fonts: {len(font_paths())} found: {', '.join(Path(p).name for p in font_paths())}")
    started = time.time()
    x, y = gather(ns.jobs, run_jobs(_board_job, [(i, "digits") for i in range(ns.boards)], ns.jobs))
    print(f"boards: {len(x)} character cells from {ns.boards} boards ({time.time() - started:.0f} s)")
    photos_x, photos_y = np.zeros((0, PATCH, PATCH), np.float16), np.zeros(0, np.int8)
    left_out: list[Photo] = []
    if not ns.no_photos and SHARED_PHOTOS.is_dir():
        training = [p for p in load_photos() if not p.held_out]
        if ns.leave_out is not None:
            fold = folds_of(training, ns.folds)
            left_out = [p for p in training if fold[p.givens] == ns.leave_out]
            training = [p for p in training if fold[p.givens] != ns.leave_out]
            print(f"leaving out fold {ns.leave_out} of {ns.folds}: {len(left_out)} training photos")
        photos_x, photos_y = gather(ns.jobs, run_jobs(_photo_job, [(str(p.path), p.givens) for p in training], ns.jobs))
        print(f"photos: {len(photos_x)} character cells from {len(training)} training photos ({split_note()})")
        x = np.concatenate([x, photos_x, shifted(photos_x)])
        y = np.concatenate([y, photos_y, np.tile(photos_y, 4)])
    elif not ns.no_photos:
        print(f"photos: {SHARED_PHOTOS} is not here; learning from drawn boards alone")
    counts = np.bincount(y.astype(np.int64), minlength=len(CLASSES))
    print("samples per class: " + ", ".join(f"{CLASSES[k] or 'none'}={n}" for k, n in enumerate(counts)))
    weights = train(x, y, ns.epochs, seed=23)
    check_x, check_y = gather(ns.jobs, run_jobs(_board_job, [(i, "check") for i in range(ns.check_boards)], ns.jobs))
    if len(check_x):
        right = predict(weights, check_x.astype(np.float32)) == check_y
        print(f"other boards: {right.mean():.2%} of {len(check_x)} characters right")
    if len(photos_x):
        right = predict(weights, photos_x.astype(np.float32)) == photos_y
        print(f"training photos (fitted to, not a measure): {right.mean():.2%} of {len(photos_x)} characters right")
    ns.out.parent.mkdir(parents=True, exist_ok=True)
    save_weights(ns.out, weights)
    digest = hashlib.sha256(ns.out.read_bytes()).hexdigest()[:16]
    print(f"wrote {ns.out} ({ns.out.stat().st_size / 1024:.0f} KB, sha256 {digest}) in {time.time() - started:.0f} s")
    if left_out:
        print(f"left-out training photos (never learned from): {read_left_out(ns.out, left_out)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
