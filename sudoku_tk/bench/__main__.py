"""``python -m sudoku_tk.bench``: run the benchmark (see ``cli.py`` for its options)."""

import sys

from .cli import main

sys.exit(main())
