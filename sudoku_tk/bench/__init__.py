"""Measurements and self-checks of the running app: the benchmarks and the self-test of a build.

``python -m sudoku_tk.bench`` times the engine (``cli``: the command line;
``registry``: sections and figures; ``sections``, ``logic``, ``chains``: what is
timed); ``--gui`` hands over to ``gui``, which times clicks and start-up on a real
window. ``selftest`` is ``sudoku-tk --self-test``. Only ``gui`` and ``selftest``
import tkinter.

Importing this package loads nothing else: the self-test and the GUI benchmark's
start-up probe live here, and their start-up is what they measure. The command
line's names (``main``, ``section``, ``percentile``, ...) are loaded from ``cli``
on first use.
"""

from __future__ import annotations

_CLI_NAMES = frozenset(
    {"main", "build_parser", "load_plugins", "run_gui_bench", "section", "SECTIONS", "percentile", "BenchConfig"}
)


def __getattr__(name: str) -> object:
    """Load ``cli`` (and the engine benchmark with it) only when one of its names is asked for."""
    if name in _CLI_NAMES:
        from . import cli

        return getattr(cli, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
