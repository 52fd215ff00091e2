"""A puzzle's Rating as JSON, for game files and the generated-puzzle cache: ``rating_to_json`` / ``read_rating``.

The object holds the level's word, HoDoKu's score, whether the logic solver finished,
the hardest technique (its member name, or null) and the SE-like estimate::

    {"level": "hard", "score": 1234, "solved": true, "hardest": "X_WING", "se": 4.2}
"""

from __future__ import annotations

from typing import Any

from sudoku_tk.app.storage.save_fields import check_keys, fail, read_flag, read_number, read_text, want
from sudoku_tk.engine.rating.score import Level, Rating
from sudoku_tk.engine.steps.step import Technique

MAX_SCORE = 10**9
MAX_SE = 20.0
_KEYS = frozenset({"level", "score", "solved", "hardest", "se"})
_REQUIRED = ("level", "score", "solved")


def rating_to_json(rating: Rating) -> dict[str, Any]:
    """The rating as a JSON object (see the module docstring)."""
    return {
        "level": rating.level.label,
        "score": rating.score,
        "solved": rating.solved,
        "hardest": rating.hardest.name if rating.hardest is not None else None,
        "se": round(rating.se, 2),
    }


def read_rating(value: Any, where: str = "rating") -> Rating:
    """Read a rating object, checking every field.

    >>> read_rating({"level": "hard", "score": 1234, "solved": True, "hardest": "X_WING", "se": 4.2}).display()
    'Hard · 1,234 · SE ≈ 4.2'

    Raises:
        SaveFileError: a field is missing, unknown or out of range; the message names it.
    """
    obj = want(value, (dict,), where, "a rating object")
    check_keys(obj, _REQUIRED, _KEYS, where)
    label = read_text(obj["level"], f"{where}.level", 20)
    levels = {lvl.label: lvl for lvl in Level}
    if label not in levels:
        raise fail(f"{where}.level", f"unknown level {label!r} (known: {', '.join(levels)})")
    score = want(obj["score"], (int,), f"{where}.score", "a whole number")
    if not 0 <= score <= MAX_SCORE:
        raise fail(f"{where}.score", f"{score!r:.40} is out of range (0 to {MAX_SCORE})")
    hardest = None
    if obj.get("hardest") is not None:
        name = read_text(obj["hardest"], f"{where}.hardest", 60)
        if name not in Technique.__members__:
            raise fail(f"{where}.hardest", f"unknown technique {name!r}")
        hardest = Technique[name]
    se = read_number(obj.get("se", 0.0), f"{where}.se", MAX_SE)
    return Rating(levels[label], int(score), read_flag(obj["solved"], f"{where}.solved"), hardest, float(se))


__all__ = ["rating_to_json", "read_rating"]
