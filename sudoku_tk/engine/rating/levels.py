"""The difficulty levels, HoDoKu's five, easiest first: the one Level type of the package (rating, technique
table, generator, CLI, the built-in library and the window).

>>> [str(level) for level in Level]
['easy', 'medium', 'hard', 'unfair', 'extreme']
>>> Level.parse("Hard") is Level.HARD
True
"""

from __future__ import annotations

from enum import Enum


class Level(Enum):
    """Difficulty levels, easiest first, with HoDoKu's score ceiling."""

    EASY = ("easy", 800)
    """Singles only."""
    MEDIUM = ("medium", 1000)
    """Intersections, pairs and triples."""
    HARD = ("hard", 1600)
    """Quads, basic fish, wings, single-digit patterns, uniqueness, colouring."""
    UNFAIR = ("unfair", 1800)
    """Finned and sashimi swordfish and jellyfish, chains and loops, ALS, Sue de Coq, Franken fish."""
    EXTREME = ("extreme", 1 << 62)
    """Mutant and Kraken fish, forcing chains and nets, brute force; or a stuck path; or very long hard paths."""

    def __init__(self, label: str, ceiling: int) -> None:
        self.label = label
        self.ceiling = ceiling

    def __str__(self) -> str:
        return self.label

    @property
    def display_name(self) -> str:
        """The level as a player reads it: ``Unfair``."""
        return self.label.capitalize()

    @classmethod
    def parse(cls, text: str) -> Level:
        """The level named ``text`` (its label, any case).

        Raises:
            ValueError: no level has that name.
        """
        key = text.strip().lower()
        for level in cls:
            if level.label == key:
                return level
        raise ValueError(f"unknown level {text!r}: one of {', '.join(lv.label for lv in cls)}")


LABELS = tuple(level.label for level in Level)
"""The levels' names, easiest first (the command line's choices)."""
