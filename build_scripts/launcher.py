"""Entry script PyInstaller freezes: the installed app's `sudoku-tk` command, nothing more."""

import sys

from sudoku_tk.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
