"""Read a puzzle from a picture: the grid laid flat, each cell looked at, each character classified.

``read_picture`` is the whole of it: ``locate`` (the grid, straightened), ``read_cells`` (empty, a character
or pencil marks), the classifier on every character in each of the four quarter turns (a photo taken
sideways, or stored with a wrong EXIF turn, is read in the turn whose characters look most like digits), and
last the cells compared with each other: a character much taller or shorter than the givens, or in another
colour, is not taken as a given (handwriting, or a digit the player placed in an app) but kept as
``left_out`` for the check screen to offer.

Confidence: a character's is the classifier's probability of the class chosen; an empty cell's falls with the
ink found in it (a faint digit the reader missed, a smudge); a cell with pencil marks is empty.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from PIL import Image

from .cells import CellContent, read_cells
from .digit_model import classify
from .locate import CELL, Located, locate
from .read_check import proper_puzzle
from .reading import CellReading, GridReading

EMPTY_SURE = 0.995
"""The confidence of a cell with no ink at all."""
MARKS_SURE = 0.97
"""The confidence that a cell of pencil marks is empty."""
LONE_MARK_SURE = 0.8
"""The confidence that a cell holding one small blob is empty (it may be part of a faded digit), or small blobs
of which some run into the cell's edge (pieces of a character the grid's lines were placed across), or a thin
stroke from one edge to the other (taken for a grid line, it may be a 1)."""
LEFT_OUT_SURE = 0.85
"""A character left out of the givens is never surer than this: the check screen marks it for the player."""
UPRIGHT_SURE = 0.6
"""When every character looks at least this much like a digit upright, the other turns are not tried."""
MISSHAPEN_SURE = 0.6
"""A cell whose traced lines make it far narrower or wider than its neighbours (locate.misshapen_cells) is never
surer than this: the check screen marks it."""
HEIGHT_RANGE = (0.72, 1.38)
"""A character whose height is outside this range (times the givens' median) is not taken as a given."""
TURN_NOTES = {
    1: "The picture lay on its side: it was read turned a quarter to the left.",
    2: "The picture was upside down: it was read turned round.",
    3: "The picture lay on its side: it was read turned a quarter to the right.",
}


def _turned_cells(side: int, turn: int) -> np.ndarray:
    """For a grid turned ``turn`` quarters counter-clockwise: which original cell lands on each cell."""
    return np.rot90(np.arange(side * side).reshape(side, side), turn).flatten()


def _turned_mark(place: tuple[int, int], box: int, turn: int) -> tuple[int, int]:
    row, col = place
    for _ in range(turn):
        row, col = box - 1 - col, row
    return row, col


def empty_confidence(content: CellContent) -> float:
    """How sure a cell read as empty is: less with the ink found in it (a faint digit the reader missed, a smudge),
    never surer than LONE_MARK_SURE where a stroke across the whole cell was taken for a grid line (it may be a 1)."""
    sure = float(np.clip(EMPTY_SURE - 6.0 * content.ink, 0.5, EMPTY_SURE))
    return min(sure, LONE_MARK_SURE) if content.crossed else sure


def _allowed(probs: np.ndarray, side: int) -> np.ndarray:
    """Probabilities of "not a given" and the board's own digits only, summing to 1 (probs: n × classes)."""
    kept = probs[..., : side + 1]
    return kept / np.maximum(kept.sum(axis=-1, keepdims=True), 1e-9)


def _turn_order(probs: np.ndarray, side: int) -> list[int]:
    """The quarter turns tried, those whose characters look most like the board's digits first (probs: turns ×
    characters × classes); upright first among equals."""
    if probs.shape[1] == 0:
        return [0]
    digits = probs[:, :, 1 : side + 1].max(axis=2)
    scores = np.log(digits + 1e-6).mean(axis=1)
    return [int(t) for t in np.argsort(-scores, kind="stable")]


def read_located(found: Located) -> GridReading:
    """Read the cells of a located grid.

    The characters are classified upright, and in the other quarter turns when some of them do not look like
    digits upright; the turn whose characters look most like digits is read. When that reading is no proper
    puzzle (a digit twice in a unit, no solution, several) but another turn tried gives one, that turn is read:
    a strongly bent page can make upright digits look turned, while digits read in a wrong turn are mostly read as
    other digits, not consistently (6 and 9 swap, 7 or 4 turned round look like none), which leaves no puzzle.
    """
    side = found.side
    contents = read_cells(found.grey, side, CELL, found.colour)
    characters = [i for i, c in enumerate(contents) if c.kind == "digit"]
    patches = np.stack([_patch(contents[i]) for i in characters]) if characters else np.zeros((0, 28, 28), np.float32)
    allowed = _allowed(classify(patches), side)[None]
    if characters and float(allowed[0, :, 1 : side + 1].max(axis=1).min()) < UPRIGHT_SURE:
        # Some character does not look like a digit upright: try the picture on its sides and upside down.
        turned = np.concatenate([np.rot90(patches, k, axes=(1, 2)) for k in range(1, 4)])
        allowed = np.concatenate([allowed, _allowed(classify(turned), side).reshape(3, len(characters), -1)])
    turns = _turn_order(allowed, side)
    reading = _in_turn(found, contents, characters, allowed, turns[0])
    if len(turns) > 1 and not proper_puzzle(reading.values):
        for turn in turns[1:]:
            other = _in_turn(found, contents, characters, allowed, turn)
            if proper_puzzle(other.values):
                return other
    return reading


def _in_turn(
    found: Located, contents: Sequence[CellContent], characters: Sequence[int], allowed: np.ndarray, turn: int
) -> GridReading:
    """The reading of a located grid turned ``turn`` quarters (``allowed``: turns × characters × classes)."""
    side = found.side
    box = int(round(side**0.5))
    chosen = {cell: allowed[turn, k] for k, cell in enumerate(characters)}
    order = _turned_cells(side, turn)
    cells: list[CellReading] = []
    for source in order:
        content = contents[source]
        if content.kind == "digit":
            p = chosen[int(source)]
            value = int(np.argmax(p))
            best_digit = int(np.argmax(p[1:])) + 1
            runners_up = tuple(int(v) for v in np.argsort(-p) if v != value)[:3]
            # A character taken for "not a given" (handwriting, a smudge) is always shown to the player.
            confidence = float(p[value]) if value else min(float(p[0]), LEFT_OUT_SURE)
            cells.append(CellReading(value, confidence, left_out=0 if value else best_digit, alternatives=runners_up))
        elif content.kind == "marks":
            places = {_turned_mark(m, box, turn) for m in content.marks}
            marks = frozenset(r * box + c + 1 for r, c in places)
            # One small blob alone may be what is left of a faded digit as well as a lone pencil mark.
            sure = MARKS_SURE if len(content.marks) > 1 and not content.cut else LONE_MARK_SURE
            cells.append(CellReading(0, sure, marks))
        else:
            cells.append(CellReading(0, empty_confidence(content)))
    cells, notes = _compare(cells, [contents[int(s)] for s in order])
    if found.misshapen:
        # What a cell squeezed to a sliver (or stretched over its neighbour) shows is not what it holds.
        odd = set(found.misshapen)
        cells = [
            replace(c, confidence=min(c.confidence, MISSHAPEN_SURE)) if int(source) in odd else c
            for c, source in zip(cells, order)
        ]
        count = len(odd)
        notes.append(
            f"The lines of {count} cell{'s' if count != 1 else ''} could not be followed on the page (a strongly "
            "bent page?): compare them with the picture."
        )
    corners = tuple(found.corners[(m + turn) % 4] for m in range(4))
    if turn:
        notes.append(TURN_NOTES[turn])
    return GridReading(side, tuple(cells), corners, found.picture_size, turn, tuple(notes))


def _off_colour(colours: np.ndarray) -> np.ndarray:
    """Which characters are in another colour than the givens (colours: characters × RGB).

    Givens are printed in black (or white, in a dark theme) far more often than in a colour, and apps show the
    player's digits in colour: when the characters' colourfulness falls in two clear groups, the more colourful
    ones are not givens. A photo's colour cast spreads the colourfulness evenly, without such a gap. When all
    are coloured alike (a newspaper printing its grids in red), those far from the usual colour are not givens.
    """
    chroma = colours.max(axis=1) - colours.min(axis=1)
    ordered = np.sort(chroma)
    gaps = np.diff(ordered).tolist()
    for below, gap in enumerate(gaps, 1):
        if gap >= 50 and below >= 4:  # the first clear gap above at least four givens
            return chroma > ordered[below - 1]
    typical = np.median(colours, axis=0)
    return (np.abs(colours - typical).max(axis=1) > 90) & (np.abs(chroma - np.median(chroma)) > 50)


def _compare(cells: list[CellReading], contents: Sequence[CellContent]) -> tuple[list[CellReading], list[str]]:
    """Leave out characters unlike the givens: in another colour, or much taller or shorter."""
    read = [i for i, c in enumerate(cells) if c.value]
    notes: list[str] = []
    if len(read) < 5:
        return cells, notes
    colours = np.array([contents[i].colour for i in read], np.float64)
    off = _off_colour(colours) if colours.any() else np.zeros(len(read), bool)
    heights = np.array([contents[i].height for i in read])
    median = float(np.median(heights[~off])) if (~off).any() else float(np.median(heights))
    out = list(cells)
    left = 0
    for k, i in enumerate(read):
        ratio = heights[k] / median if median else 1.0
        if off[k] or not HEIGHT_RANGE[0] <= ratio <= HEIGHT_RANGE[1]:
            c = out[i]
            out[i] = CellReading(0, min(c.confidence, LEFT_OUT_SURE), left_out=c.value, alternatives=(c.value,))
            left += 1
    if left:
        notes.append(
            f"{left} digit{'s' if left != 1 else ''} unlike the printed ones (handwritten, or in another colour) "
            "left out."
        )
    return out, notes


def read_picture(picture: Image.Image) -> GridReading:
    """Read the puzzle in a picture (already open; see image_input.open_picture for files).

    Raises:
        NoGridFound: no grid shows in the picture.
    """
    return read_located(locate(picture))


def read_with_picture(picture: Image.Image) -> tuple[GridReading, Image.Image]:
    """Read the puzzle in a picture, and the grid as it was cut out of it (straightened, turned upright).

    Raises:
        NoGridFound: no grid shows in the picture.
    """
    found = locate(picture)
    reading = read_located(found)
    if found.colour is not None:
        flat = Image.fromarray(np.clip(found.colour, 0, 255).astype(np.uint8), "RGB")
    else:
        grey = 255.0 - found.grey if found.inverted else found.grey
        flat = Image.fromarray(np.clip(grey, 0, 255).astype(np.uint8), "L")
    if reading.turned:
        flat = flat.rotate(90 * reading.turned, expand=True)
    return reading, flat


def read_values(picture: Image.Image) -> tuple[int, ...] | None:
    """The digits read from a picture (0 empty), or None when no grid shows: for quick checks and tests."""
    from .locate import NoGridFound

    try:
        return read_picture(picture).values
    except NoGridFound:
        return None


def _patch(content: CellContent) -> np.ndarray:
    """A character cell's patch (every "digit" cell has one)."""
    assert content.patch is not None
    return content.patch
