"""Measurements and self-checks of the running app: the benchmarks and the self-test of a build.

``python -m sudoku_tk.bench`` times the engine (``cli``: the command line;
``registry``: sections and figures; ``sections``, ``logic``, ``chains``: what is
timed); ``--gui`` hands over to ``gui``, which times clicks and start-up on a real
window. ``selftest`` is ``sudoku-tk --self-test``. Only ``gui`` and ``selftest``
import tkinter.

Importing this package loads nothing else: the self-test and the GUI benchmark's
start-up probe live here, and their start-up is what they measure. The command
line's names (``main``, ``section``, ``percentile``, ...) are ``cli``'s: import them
from there (the package never imports its modules, so no module circles back to it).
"""
