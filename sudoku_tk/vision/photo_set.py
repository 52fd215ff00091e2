"""The phone photos the reader is trained and measured on, and the fixed split between the two.

The photos are the training part of Wicht and Hennebert's Sudoku Dataset (CC-BY-4.0), kept outside the
repository in ``../shared/data/photos`` (see the README there): ``imageN.jpg`` with ``imageN.dat`` (the phone,
the image format, then nine lines of the givens, 0 for empty). Several photos often show one puzzle (the same
newspaper page taken with other phones), so the split is by puzzle: the puzzles in order of their first
photo's number, every fourth from the third on (index 2, 6, 10, …) is held out with all its photos. The
held-out photos are never used to train or tune the reader; only the benchmark reads them. Nothing here
depends on what the reader makes of any photo: the split was fixed before the reader was tuned.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SHARED_PHOTOS = Path(__file__).resolve().parents[3] / "shared" / "data" / "photos"
"""Where the photos are beside a clone of the repository (may be absent)."""
HELD_OUT_EVERY = 4
HELD_OUT_INDEX = 2


@dataclass(frozen=True)
class Photo:
    """One photo: its file, the givens printed in it (81 digits, 0 empty) and whether it is held out."""

    path: Path
    givens: tuple[int, ...]
    phone: str
    held_out: bool

    @property
    def name(self) -> str:
        return self.path.stem


def read_dat(path: Path) -> tuple[str, tuple[int, ...]]:
    """The phone and the 81 givens of a ``.dat`` file.

    Raises:
        ValueError: the file does not hold nine lines of nine digits after its two header lines.
    """
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    digits = [int(d) for line in lines[2:11] for d in line.split()]
    if len(digits) != 81 or not all(0 <= d <= 9 for d in digits):
        raise ValueError(f"{path.name}: expected 9 lines of 9 digits, got {len(digits)} values")
    return lines[0].strip(), tuple(digits)


def _number(path: Path) -> int:
    found = re.findall(r"\d+", path.stem)
    return int(found[-1]) if found else 0


def load_photos(folder: Path = SHARED_PHOTOS) -> list[Photo]:
    """Every photo with its givens, in the order of their numbers, each marked held out or not."""
    dats = sorted(folder.glob("image*.dat"), key=_number)
    read = [(dat, *read_dat(dat)) for dat in dats if dat.with_suffix(".jpg").exists()]
    first_photo: dict[tuple[int, ...], int] = {}
    for dat, _, givens in read:
        first_photo.setdefault(givens, _number(dat))
    order = sorted(first_photo, key=first_photo.__getitem__)
    held = {givens for i, givens in enumerate(order) if i % HELD_OUT_EVERY == HELD_OUT_INDEX}
    return [Photo(dat.with_suffix(".jpg"), givens, phone, givens in held) for dat, phone, givens in read]


def split_note() -> str:
    """One sentence that states the split, for the benchmark and the training script."""
    return (
        f"split by puzzle: puzzles in order of their first photo, every {HELD_OUT_EVERY}th from index "
        f"{HELD_OUT_INDEX} held out with all its photos (never trained or tuned on)"
    )


@dataclass(frozen=True)
class Score:
    """A reading against the truth: how many cells right, which wrong, and whether each wrong one was flagged."""

    cells: int
    right: int
    wrong: tuple[int, ...]
    flagged: tuple[int, ...]
    """The wrong cells the player is shown: marked unsure, or pointed at by the puzzle check."""

    @property
    def exact(self) -> bool:
        return not self.wrong

    @property
    def silent(self) -> tuple[int, ...]:
        """Wrong cells nobody points at: the misreads the issue forbids."""
        return tuple(c for c in self.wrong if c not in self.flagged)


def score(values: Sequence[int], unsure: Sequence[int], pointed: Sequence[int], truth: Sequence[int]) -> Score:
    """Compare read ``values`` with ``truth`` (0 empty); ``unsure`` and ``pointed`` are the cells shown to check.

    >>> s = score([1, 2, 0, 4], [1], [], [1, 3, 0, 5])
    >>> s.right, s.wrong, s.silent
    (2, (1, 3), (3,))
    """
    wrong = tuple(i for i, (v, t) in enumerate(zip(values, truth)) if v != t)
    shown = set(unsure) | set(pointed)
    return Score(len(truth), len(truth) - len(wrong), wrong, tuple(c for c in wrong if c in shown))
