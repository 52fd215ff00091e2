"""Killer Sudoku: cages with sums on the classic 9×9 board (issue 26).

``cages.py`` holds the puzzle (``Cage``, ``KillerPuzzle``) and its validation, ``text.py`` the text form
``[givens81] cagemap81 sums``, ``combinations.py`` the digit sets a cage's size and sum allow, ``solver.py`` the
brute-force search, ``generate.py`` the generator, ``published.py`` a few published puzzles, the technique
modules (``cage_steps.py``, ``innies.py``) the human steps and ``logic.py`` the Killer logic solver.
"""
