"""Entry point: ``sudoku-tk`` opens the app; ``sudoku-tk SUBCOMMAND`` runs the command line (see cli.py)."""

from __future__ import annotations

import multiprocessing
import sys
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line when a subcommand or flag is given, the GUI otherwise."""
    # First of all: in a frozen (PyInstaller) build, a worker process of the background worker or of
    # `generate --jobs` starts this same program, and freeze_support runs it as that worker instead.
    multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["--self-test"]:
        # A frozen, windowed build has no stdout: the self-test reports through its exit code.
        from .bench.selftest import main as self_test

        return self_test(args[1:])
    from .cli import commands as cli

    if args and (args[0] in cli.SUBCOMMANDS or args[0] in ("-h", "--help", "--version")):
        return cli.main(args)
    try:
        from .ui.window.launch import run_gui
    except ImportError as exc:  # tkinter missing from this Python
        print(f"sudoku-tk: the window can't open: {exc}", file=sys.stderr)
        return 2
    return run_gui(args)


if __name__ == "__main__":
    sys.exit(main())
