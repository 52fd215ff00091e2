"""Assists by level: the assists a new game starts with, so that no first click ends it.

Levels keep HoDoKu's meaning, so an easy puzzle is one the singles solve: finding
those singles is the whole game. With the singles assists on, such a puzzle would
fill itself in after the first correct digit (the classic did). So a game starts
with the singles assists off when the puzzle is easy (or, whatever its label, when
the singles as the player has them solve it from the start). Every harder puzzle
starts with the player's assists: its first single sets off a cascade that stops
at the first step that needs more than singles, which is the part of the game a
player of that level came for. A first click cannot finish such a game unless it
is the answer to that harder step (found by logic or by a guess: then finishing is
earned). Peer elimination stays as the player chose, the Assist menu switches the
singles on at any time, and the status bar says so when a game starts this way.
Puzzles without a level (pasted, opened, entered) start with the player's assists
unless the singles alone solve them.

Why not levels relative to the assists in force instead: the level would then
name different puzzles under different settings, could not be compared with
HoDoKu's or with the rating shown for the game, and "easy" would be empty for
anyone who keeps the singles assists on.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.engine.board.grid import Grid
from sudoku_tk.engine.play.propagation import Assist, recompute
from sudoku_tk.engine.rating.levels import Level

SINGLES: frozenset[Assist] = frozenset({Assist.NAKED_SINGLES, Assist.HIDDEN_SINGLES})
"""The assists that place digits by themselves."""


@dataclass(frozen=True, slots=True)
class StartingAssists:
    """The assists a new game starts with, and what to tell the player about them ("" when they are the chosen)."""

    assists: frozenset[Assist]
    note: str = ""


def singles_note(level: Level) -> str:
    """What the status bar says when a game starts with the singles assists off.

    >>> singles_note(Level.EASY)
    'Easy puzzle: the singles are yours to find; Assist menu turns the singles assists on'
    """
    return f"{level.display_name} puzzle: the singles are yours to find; Assist menu turns the singles assists on"


def singles_solve(grid: Grid, assists: Iterable[Assist]) -> bool:
    """Do ``assists`` solve the puzzle by themselves, from its start (what one first single would set off)?"""
    return recompute(grid, (), frozenset(assists), singles_from_start=True).is_solved()


def starting_assists(grid: Grid, chosen: Iterable[Assist], level: Level | None = None) -> StartingAssists:
    """The assists a game of ``grid`` (a built-in or generated puzzle of ``level``; None: from elsewhere) starts with.

    >>> from sudoku_tk.engine.play.propagation import ALL_ASSISTS
    >>> from sudoku_tk.engine.formats import parse_grid
    >>> classic = parse_grid(puzzles.CLASSIC_GIVENS)
    >>> sorted(a.value for a in starting_assists(classic, ALL_ASSISTS, Level.EASY).assists)
    ['peers']
    """
    chosen = frozenset(chosen)
    if not chosen & SINGLES:
        return StartingAssists(chosen)
    if level is Level.EASY or singles_solve(grid, chosen):
        return StartingAssists(chosen - SINGLES, singles_note(level or Level.EASY))
    return StartingAssists(chosen)


def level_of(puzzle_id: str) -> Level | None:
    """The level of a built-in puzzle by its id; None for a puzzle from elsewhere or no longer shipped."""
    entry = puzzles.by_id(puzzle_id) if puzzle_id else None
    return entry.level if entry is not None else None
