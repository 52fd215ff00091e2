"""Child process for the SIGKILL crash test: resume the autosave, then "make a move, autosave, report" forever.

Run as ``python autosave_child.py FOLDER [fast] [long]`` (``fast``: no fsync, ``durable=False``; ``long``: a new game
starts with LONG moves of the script already made, so every save goes to the autosave's journal). After each save
completes it prints the number of moves saved (flushed), so the parent knows what was on disk.
The moves follow a fixed script (``scripted_move``) so the parent can check that
a resumed record is exactly a prefix of it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.engine.formats import parse_grid
from sudoku_tk.engine.play.moves import Clear, Eliminate, Move, Place, Restore

START = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def scripted_move(i: int) -> Move:
    """The i-th move of the script: every kind, cells and digits spread over the board."""
    cell = (i * 7) % 81
    digit = i % 9 + 1
    kind = i % 4
    if kind == 0:
        return Place(cell, digit, note=f"move {i}")
    if kind == 1:
        return Eliminate(((cell, digit), ((cell + 1) % 81, digit)), note="scripted")
    if kind == 2:
        return Restore(((cell, digit),))
    return Clear(cell)


LONG = 1500
"""Moves a ``long`` game starts with: past JOURNAL_FROM_MOVES, so each save appends a line to the journal."""


def main(folder: str, mode: str = "durable", length: str = "short") -> None:
    saver = Autosaver(Path(folder), durable=mode != "fast")
    record, message = saver.load_latest()
    if message:
        print(f"message: {message}", flush=True)
    if record is None:
        record = GameRecord.new(parse_grid(START), name="crash test")
        if length == "long":
            record = record.with_progress([scripted_move(i) for i in range(LONG)], elapsed=float(LONG))
    moves = list(record.moves)
    while True:
        moves.append(scripted_move(len(moves)))
        record = record.with_progress(moves, elapsed=float(len(moves)))
        saver.save(record)
        print(len(moves), flush=True)


if __name__ == "__main__":
    main(*sys.argv[1:4])
