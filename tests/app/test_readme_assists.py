"""README says what a new game's assists are (issue 22.8): on by default, but an Easy puzzle starts with the singles
off, in the words the status bar uses, checked against what ``starting_assists`` does."""

from __future__ import annotations

import re
from pathlib import Path

from sudoku_tk.app.game.level_assists import SINGLES, singles_note, starting_assists
from sudoku_tk.app.puzzles import built_in as puzzles
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.propagation import ALL_ASSISTS
from sudoku_tk.engine.rating.levels import Level

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_tells_that_an_easy_puzzle_starts_with_the_singles_off() -> None:
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert not re.search(r"all on by default\)", text), "README claims the assists are always on"
    easy = starting_assists(parse_grid(puzzles.CLASSIC_GIVENS), ALL_ASSISTS, Level.EASY)
    assert easy.assists == ALL_ASSISTS - SINGLES  # what the sentence below describes
    said = singles_note(Level.EASY).split(";")[0]  # "Easy puzzle: the singles are yours to find"
    assert said in text
    assert "starts with the two singles assists off" in text and "Assist menu turns them back on" in text
